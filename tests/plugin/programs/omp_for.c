/* omp_for.c — OpenMP loops the way numeric code writes them: a parallel
 * for that fills an array, another that reads it and fills a second one,
 * a third that sums the result (a reduction: each thread's atomic
 * combination on main's data block).  With GCC's static schedule each thread of a
 * team runs its own block of indices, so the team's `a[i]` never meet in
 * one element: no fence (minimum).  -DPUBLIC: the arrays are exported;
 * the unit has main and calls no code it cannot see, so no other unit's
 * code runs beside a team: no fence either.  -DDYNAMIC: the loops are
 * shared out in chunks (dynamic, guided and runtime schedules: each
 * thread asks libgomp for its next chunk [istart, iend), and the chunks
 * of a loop are disjoint): no fence either.  -DPHASES: one region runs
 * two loops over a, the second after the first's barrier: no fence.
 * Variants that must keep the fences of the team's writes (2+2W between
 * two threads of the team, on the weak targets):
 *   -DHAND    the first loop's blocks are written by hand and overlap
 *             (`for (i = t; i < t + 8; i++)` with t the thread number);
 *   -DNOWAIT  one region shares out two loops of other bounds over a
 *             without a barrier between them (nowait);
 *   -DSHIFT   the first loop also writes a[i + 1], another thread's;
 *   -DPUBLIC -DFOREIGN  main also calls a function of another unit, which
 *             may have started a thread that writes the exported a;
 *   -DORPHAN  after a nowait loop over a, the region calls a function
 *             whose own (orphaned) loop writes a in other blocks. */
#include <omp.h>
#include <stdio.h>

#ifdef DYNAMIC
# define FOR1 _Pragma ("omp parallel for schedule(dynamic, 16)")
# define FOR2 _Pragma ("omp parallel for schedule(guided)")
# define FOR3 _Pragma ("omp parallel for schedule(runtime) reduction(+:s)")
#else
# define FOR1 _Pragma ("omp parallel for")
# define FOR2 FOR1
# define FOR3 _Pragma ("omp parallel for reduction(+:s)")
#endif

#define N 1000
#ifdef PUBLIC
double a[N + 8], b[N];
#else
static double a[N + 8], b[N];
#endif
#ifdef FOREIGN
extern void start_logging (void);
#endif

#ifdef ORPHAN
/* an orphaned loop: its blocks are not the caller's nowait loop's */
__attribute__ ((noinline)) static void
half (void)
{
  #pragma omp for
  for (int i = 0; i < N / 2; i++)
    a[i] = 1.0;
}
#endif

int main (void)
{
#ifdef FOREIGN
  start_logging ();
#endif
#if defined HAND
  #pragma omp parallel
  {
    int t = omp_get_thread_num ();
    for (int i = t; i < t + 8; i++)
      a[i] = i * 0.5;
  }
#elif defined NOWAIT
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 0.5;
    #pragma omp for nowait
    for (int i = 0; i < N / 2; i++)
      a[i] = 1.0;
  }
#elif defined ORPHAN
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 0.5;
    half ();
  }
#elif defined PHASES
  #pragma omp parallel
  {
    #pragma omp for schedule(dynamic, 8)
    for (int i = 0; i < N; i++)
      a[i] = i * 0.5;
    #pragma omp for
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
#else
  FOR1
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 0.5;
# ifdef SHIFT
      a[i + 1] = 0;
# endif
    }
#endif
  FOR2
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2;
  double s = 0;
  FOR3
  for (int i = 0; i < N; i++)
    s += b[i];
  printf ("%f\n", s);
  return 0;
}
