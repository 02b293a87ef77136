/* retry_seqcopy.c — a sequence lock whose reader copies the shared record
 * into a local struct, `do { s1 = seq; copy = shared; s2 = seq; } while
 * (s1 != s2 || (s1 & 1));`, as user-space seqlocks are written: the copy
 * is overwritten by every iteration before anything reads it and before
 * the loop leaves, so an iteration that goes round again changes nothing
 * and only the last one's reads count (retry.cc).  -DEARLY: the loop may
 * leave before copying (the copy of an earlier iteration is then the one
 * used); -DPARTIAL: the copy is made member by member: neither is a
 * retry loop.
 * Usage: retry_seqcopy   (prints the pair read; equal values)
 */
#include <pthread.h>
#include <stdio.h>

struct pos { int x, y; };
struct pos shared;
unsigned seq;
int out_x, out_y;

#define READ_SEQ() (*(volatile unsigned *) &seq)

static void *writer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= 3; i++) {
    seq = 2 * i - 1;
    shared.x = i;
    shared.y = i;
    seq = 2 * i;
  }
  return 0;
}

static void *reader(void *arg)
{
  struct pos copy = { 0, 0 };
  unsigned s1, s2;
  (void) arg;
  do {
    s1 = READ_SEQ();
#ifdef EARLY
    if (s1 == 99)
      break;
#endif
#ifdef PARTIAL
    copy.x = shared.x;
    copy.y = shared.y;
#else
    copy = shared;
#endif
    s2 = READ_SEQ();
  } while (s1 != s2 || (s1 & 1));
  out_x = copy.x, out_y = copy.y;
  return 0;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%d %d\n", out_x, out_y);
  return out_x != out_y;
}
