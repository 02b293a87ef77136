/* omp_buckets.c — a histogram filled by an OpenMP loop: each bucket
 * count and the mask of the buckets seen are updated with `#pragma omp
 * atomic` (GCC: __atomic_fetch_add / __atomic_fetch_or, relaxed, whose
 * old value nothing uses) and read after the loop.  The order of the
 * updates cannot be seen: no fence orders them.
 *   -DPEEK     the loop also reads two buckets (stops counting past a
 *              limit): fenced on the weak targets
 *   -DCAPTURE  `#pragma omp atomic capture` keeps each old count (the
 *              value is used): fenced on the weak targets
 * Usage: omp_buckets [N]
 */
#include <stdio.h>
#include <stdlib.h>

#define NB 16

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  long hist[NB] = { 0 };
  unsigned seen = 0;
  long last = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int b = (int) ((i * 2654435761u) >> 28) % NB;
#ifdef PEEK
    long h0, h1;
#pragma omp atomic read
    h0 = hist[0];
#pragma omp atomic read
    h1 = hist[1];
    if (h0 + h1 > n)
      continue;
#endif
#ifdef CAPTURE
    long old;
#pragma omp atomic capture
    old = hist[b]++;
    if (old == 0) {
#pragma omp atomic write
      last = b;
    }
#else
#pragma omp atomic
    hist[b]++;
#endif
#pragma omp atomic
    seen |= 1u << b;
  }
  long total = 0;
  for (int b = 0; b < NB; b++)
    total += hist[b];
  printf("%ld in %d buckets (mask %x, last %ld)\n", total, __builtin_popcount(seen), seen, last);
  return total != n;
}
