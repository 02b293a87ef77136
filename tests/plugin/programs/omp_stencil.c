/* omp_stencil.c — a Jacobi stencil in one OpenMP parallel region: each
 * time step, a worksharing loop computes nxt from cur's neighbours, and a
 * second copies nxt back into cur; the end of each loop is a team barrier
 * (libgomp's GOMP_barrier).  Every thread of the team passes each barrier
 * before any goes on, so the reads of cur (rounds 0 mod 2) and the writes
 * of cur (rounds 1 mod 2) never meet (barriers.cc, find_team), and the
 * barriers are full fences as pthread_barrier_wait is (locks=full): x86
 * needs no fence, Power / ARM only the one that orders two writes of the
 * copy loop (two threads writing the same two elements).  NOWAIT drops the
 * barrier after the first loop: a thread then reads neighbours' elements
 * while they are copied, and message passing's fences stay.
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
          cur[i] = nxt[i];
      }
  }
  printf ("%f\n", cur[N / 2]);
  return 0;
}
