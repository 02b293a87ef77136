/* prefix_scan.c — a blocked prefix sum as tutorials write it: each of 4
 * threads scans its block of `a` in place (`a[i] += a[i - 1]` from lo + 1,
 * its number narrowed from the argument, `int id = (int) (long) arg`),
 * publishes the block's last sum in `blocksum[id]`, waits at a barrier,
 * adds up the sums of the blocks before its own, waits again and adds
 * that offset to its block.  Each thread touches only its own block
 * (claims.cc: an index j + C over [lo + D, hi) inside [id * K, id * K +
 * K)) and the block sums are written and read in different rounds of the
 * barrier (barriers.cc: the modulus that keeps three rounds apart).
 * Minimum: no fence.
 *   -DNO_BARRIER1  the sums read in the round they are written: fenced
 *   -DNEXT_BLOCK   a thread also touches the first cell of the next
 *                  block: fenced
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c prefix_scan.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 1024
#define T 4

static int a[N], blocksum[T];
static pthread_barrier_t bar;

static void *
scan (void *arg)
{
  int id = (int) (long) arg;
  int lo = id * (N / T), hi = (id + 1) * (N / T);
  for (int i = lo + 1; i < hi; i++)
    a[i] += a[i - 1];
  blocksum[id] = a[hi - 1];
#ifndef NO_BARRIER1
  pthread_barrier_wait (&bar);
#endif
  int off = 0;
  for (int k = 0; k < id; k++)
    off += blocksum[k];
  pthread_barrier_wait (&bar);
#ifdef NEXT_BLOCK
  if (id < T - 1)
    a[hi] += 0;
#endif
  for (int i = lo; i < hi; i++)
    a[i] += off;
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  for (int i = 0; i < N; i++)
    a[i] = 1;
  pthread_barrier_init (&bar, NULL, T);
  for (long i = 0; i < T; i++)
    pthread_create (&th[i], NULL, scan, (void *) i);
  for (int i = 0; i < T; i++)
    pthread_join (th[i], NULL);
  printf ("%d\n", a[N - 1]);
  return a[N - 1] != N;
}
