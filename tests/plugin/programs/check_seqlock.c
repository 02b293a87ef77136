/* check_seqlock.c — a sequence lock: the writer makes the count odd,
 * writes both words, makes it even; a reader that saw the same even count
 * before and after must have read a consistent pair (tests/plugin/check.sh).
 * -DRETRY: the reader reads again until it sees one (a retry loop, whose
 * iterations but the last the placement leaves out: docs/placement.md). */
#include <assert.h>
#include <pthread.h>
int seq, d1, d2;
void *writer(void *a)
{
  seq = 1;
  d1 = 1;
  d2 = 1;
  seq = 2;
  return 0;
}
void *reader(void *a)
{
#ifdef RETRY
  int s1, s2, x, y;
  do {
    s1 = seq;
    x = d1;
    y = d2;
    s2 = seq;
  } while ((s1 & 1) || s1 != s2);
  assert(x == y);
#else
  int s1 = seq;
  if (s1 & 1)
    return 0;
  int x = d1;
  int y = d2;
  int s2 = seq;
  if (s1 == s2)
    assert(x == y);
#endif
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
