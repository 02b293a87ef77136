/* omp_swap.c — double buffering with OpenMP as tutorials write it: a
 * `parallel for` per step reads the current grid through `cur` and writes
 * the next through `nxt`; the serial code between the loops swaps the two
 * static pointers (plugin/swapviews.cc): the reads through cur and the
 * writes through nxt name different grids in every team: no fence on
 * x86-64 (1 mfence before, the reads and writes of two threads taken for
 * store buffering); the weak targets keep one fence for the writes of
 * two threads' blocks through nxt (2+2W: the blocks are not told apart
 * through a pointer), Power 3 fences cost 60 -> 1 lwsync cost 10.
 *   -DWRITE_CUR  the loop also clears the cells of the current grid it
 *                reads the neighbours of: an mfence on x86-64 again
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -c omp_swap.c
 */
#include <stdio.h>

#define N 1024
static double a[N], b[N];
static double *cur = a, *nxt = b;

int
main (void)
{
  a[0] = b[0] = 1.0;
  for (int it = 0; it < 100; it++)
    {
#pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        {
          nxt[i] = (cur[i - 1] + cur[i + 1]) / 2.0;
#ifdef WRITE_CUR
          cur[i] = 0.0;
#endif
        }
      double *t = cur;
      cur = nxt;
      nxt = t;
    }
  printf ("%f\n", cur[N / 2]);
  return 0;
}
