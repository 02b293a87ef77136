/* swap_buffers.c — double buffering as tutorials write it: each round,
 * main starts T threads that read the current buffer through `cur` and
 * write the next through `nxt` (one cell per thread: cell i from cells
 * i - 1 and i + 1 of the current one), joins them, and swaps the two
 * static pointers (plugin/swapviews.cc): reads through cur and writes
 * through nxt name different buffers in every round: no fence on any
 * target.
 *   -DWRITE_CUR  each thread also clears its cell of the current buffer:
 *                the neighbours' reads race with it (fenced, weak targets)
 *   -DSAME       nxt starts on the same buffer as cur: fenced
 *   -DLATE_SWAP  main swaps before joining the round's threads: fenced
 *   -DBROKEN     the "swap" loads cur once before and once after storing
 *                it, and stores the second load into nxt: both pointers
 *                end on one buffer (fenced)
 *   -DPEEK       main reads cell 1 through nxt and writes cell 2 through
 *                cur while the threads run: load buffering with the
 *                thread of cell 1 (main's accesses meet both buffers):
 *                fenced on the weak targets
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c swap_buffers.c
 */
#include <pthread.h>
#include <stdio.h>

#define T 4
static double buf_a[T + 2], buf_b[T + 2];
static double *cur = buf_a;
#ifdef SAME
static double *nxt = buf_a;
#else
static double *nxt = buf_b;
#endif

static void *
relax (void *arg)
{
  long i = (long) arg + 1;
  double left = cur[i - 1], right = cur[i + 1];
  nxt[i] = (left + right) / 2.0;
#ifdef WRITE_CUR
  cur[i] = 0.0;
#endif
  return NULL;
}

int
main (void)
{
  buf_a[0] = buf_b[0] = 1.0;
  for (int round = 0; round < 100; round++)
    {
      pthread_t th[T];
      for (long t = 0; t < T; t++)
        pthread_create (&th[t], NULL, relax, (void *) t);
#ifdef PEEK
      double seen = nxt[1];
      cur[2] = seen;
#endif
#ifdef LATE_SWAP
      double *tmp = cur;
      cur = nxt;
      nxt = tmp;
#endif
      for (int t = 0; t < T; t++)
        pthread_join (th[t], NULL);
#if defined BROKEN
      double *old = cur, *other = nxt;
      cur = other;
      double *now = cur;
      nxt = now;
      (void) old;
#elif !defined LATE_SWAP
      double *tmp = cur;
      cur = nxt;
      nxt = tmp;
#endif
    }
  printf ("%f\n", cur[T / 2]);
  return 0;
}
