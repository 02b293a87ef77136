/* omp_stencil.c — a Jacobi stencil in one OpenMP parallel region: each
 * time step, a worksharing loop computes nxt from cur's neighbours, and a
 * second copies nxt back into cur; the end of each loop is a team barrier
 * (libgomp's GOMP_barrier).  Every thread of the team passes each barrier
 * before any goes on, so the reads of cur (rounds 0 mod 2) and the writes
 * of cur (rounds 1 mod 2) never meet (barriers.cc, find_team), and the
 * barriers are full fences as pthread_barrier_wait is (locks=full).  The
 * copy loop's writes `cur[i]` are each thread's own block (omp.cc: one
 * writer per element), so no two threads' writes meet: no fence on any
 * target.  NOWAIT drops the barrier after the first loop: a thread then
 * reads neighbours' elements while they are copied, and message passing's
 * fences stay; SMEAR also writes the element after a thread's block, which
 * its neighbour writes too: the copy loop's fence stays on Power and ARM.
 * barriers.sh */
#include <stdio.h>

#define N 64
static double cur[N], nxt[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    cur[i] = i;
#pragma omp parallel
  {
    for (int it = 0; it < 10; it++)
      {
#ifdef NOWAIT
#pragma omp for nowait
#else
#pragma omp for
#endif
        for (int i = 1; i < N - 1; i++)
          nxt[i] = (cur[i - 1] + cur[i] + cur[i + 1]) / 3;
#pragma omp for
        for (int i = 1; i < N - 1; i++)
          {
            cur[i] = nxt[i];
#ifdef SMEAR
            cur[i + 1] = nxt[i];
#endif
          }
      }
  }
  printf ("%f\n", cur[N / 2]);
  return 0;
}
