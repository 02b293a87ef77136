/* rwlock.c — a reader-writer lock built from atomics: `lock` is -1 while
 * the writer holds it, else the number of readers; both take it with a
 * compare-and-swap, the writer releases it with a plain store.  The
 * reader asserts that it saw both halves of one write
 * (tests/plugin/check_goal.sh).  The plain release lets the data stores
 * pass it on power and armv8 (unsafe unfenced there); TSO keeps W->W. */
#include <assert.h>
#include <pthread.h>
int lock, lo, hi;
void *writer(void *a)
{
  while (!__sync_bool_compare_and_swap(&lock, 0, -1)) ;
  lo = 1;
  hi = 1;
  lock = 0;
  return 0;
}
void *reader(void *a)
{
  int v = lock;
  if (v >= 0 && __sync_bool_compare_and_swap(&lock, v, v + 1)) {
    int l = lo, h = hi;
    assert(l == h);
    __sync_fetch_and_sub(&lock, 1);
  }
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
