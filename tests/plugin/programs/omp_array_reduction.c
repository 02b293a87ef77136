/* omp_array_reduction.c — a histogram by an OpenMP array reduction
 * (`reduction (+:hist[:BINS])`, OpenMP 4.5): each thread counts into its
 * own copy of the array, which GCC clears and later adds into the shared
 * one by walking it with a pointer (`p = &copy; ...; p += 8`); the walk
 * stays inside the thread's local copy.  No fence (before: x86 1
 * mfence, Power 4 syncs).
 * Variant that must keep fences (store buffering between two threads of
 * the team, on every target):
 *   -DSHARED  no reduction clause: every thread increments the shared
 *             histogram directly. */
#include <stdio.h>
#include <stdlib.h>

#define BINS 16

int
main (void)
{
  int n = 100000;
  int *d = malloc (n * sizeof *d);
  long hist[BINS] = { 0 };
  if (!d)
    return 1;
  for (int i = 0; i < n; i++)
    d[i] = (i * 7) % BINS;
#ifdef SHARED
#pragma omp parallel for
#else
#pragma omp parallel for reduction(+:hist[:BINS])
#endif
  for (int i = 0; i < n; i++)
    hist[d[i]]++;
  long total = 0;
  for (int b = 0; b < BINS; b++)
    total += hist[b];
  printf ("%ld %ld\n", total, hist[3]);
  free (d);
  return 0;
}
