/* block_offsets.c — blocks of a global array a thread touches at an
 * offset from its loop's counter, or at a fixed point of its block: 4
 * threads, `lo = id * (N / T)`, `hi = lo + N / T`, each scanning its
 * block in place with `a[i] += a[i - 1]` for i from lo + 1 and keeping
 * `a[hi - 1]` (claims.cc's slice_index: the index j + C, j over [lo + D,
 * hi + E), within [id * K, id * K + K) when D + C >= 0 and E + C <= 0;
 * a point x * K + OFF with OFF in [0, K)).  Minimum: no fence.
 *   -DPLUS1_OK     a[i + 1] for i up to hi - 1: inside, no fence
 *   -DAT_LO        also a[lo]: inside, no fence
 *   -DMINUS2       a[i - 2] from lo + 1: reaches the previous block
 *   -DPLUS1        a[i + 1] up to hi: reaches the next block
 *   -DAT_HI        a[hi]: the next block's first cell
 *   -DFROM_BELOW   a[i + 1] += a[i] for i from lo - 1: reads a[lo - 1],
 *                  the previous block's last cell
 * (the last four race between neighbours: fenced)
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c block_offsets.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 1024
#define T 4

static long a[N], last[T];

static void *
scan (void *arg)
{
  long id = (long) arg, lo = id * (N / T), hi = lo + N / T;
#if defined MINUS2
  for (long i = lo + 1; i < hi; i++)
    a[i] += a[i - 2];
#elif defined PLUS1
  for (long i = lo; i < hi; i++)
    a[i] += a[i + 1];
#elif defined PLUS1_OK
  for (long i = lo; i < hi - 1; i++)
    a[i] += a[i + 1];
#elif defined FROM_BELOW
  for (long i = lo - 1; i < hi - 1; i++)
    a[i + 1] += a[i];
#else
  for (long i = lo + 1; i < hi; i++)
    a[i] += a[i - 1];
#endif
#if defined AT_HI
  last[id] = a[hi];
#elif defined AT_LO
  last[id] = a[lo] + a[hi - 1];
#else
  last[id] = a[hi - 1];
#endif
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  for (int i = 0; i < N; i++)
    a[i] = 1;
  for (long i = 0; i < T; i++)
    pthread_create (&th[i], NULL, scan, (void *) i);
  for (int i = 0; i < T; i++)
    pthread_join (th[i], NULL);
  printf ("%ld %ld\n", a[N - 1], last[1]);
  return 0;
}
