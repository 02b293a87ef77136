/* omp_locks.c — the maximum of an array and its index, updated by every
 * thread of an OpenMP team under an OpenMP lock (omp_lock_t, main's local,
 * omp_init_lock / omp_set_lock / omp_unset_lock / omp_destroy_lock): the
 * two variables are only touched under it, so no fence is needed
 * (locks.cc: OpenMP's lock routines are locks).
 *   -DNEST    a nestable lock, taken twice and given back twice: none
 *   -DTEST    taken by spinning on omp_test_lock (held where it returned
 *             non-zero): none
 *   -DTWO     odd and even elements under two different locks: no common
 *             lock, message passing and 2+2W on best / at
 *   -DOUTSIDE no lock: the same races
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=power -c omp_locks.c
 */
#include <omp.h>
#include <stdio.h>

#define N 4096
static double x[N];
static double best = -1;
static int at = -1;

static void
consider (int i)
{
  if (x[i] > best)
    {
      best = x[i];
      at = i;
    }
}

int
main (void)
{
#ifdef NEST
  omp_nest_lock_t lock;
  omp_init_nest_lock (&lock);
#else
  omp_lock_t lock, other;
  omp_init_lock (&lock);
  omp_init_lock (&other);
#endif
  for (int i = 0; i < N; i++)
    x[i] = (i * 7919) % N;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    {
#if defined NEST
      omp_set_nest_lock (&lock);
      omp_set_nest_lock (&lock);
      consider (i);
      omp_unset_nest_lock (&lock);
      omp_unset_nest_lock (&lock);
#elif defined TEST
      while (!omp_test_lock (&lock))
        ;
      consider (i);
      omp_unset_lock (&lock);
#elif defined TWO
      omp_lock_t *l = i & 1 ? &lock : &other;
      omp_set_lock (l);
      consider (i);
      omp_unset_lock (l);
#elif defined OUTSIDE
      consider (i);
#else
      omp_set_lock (&lock);
      consider (i);
      omp_unset_lock (&lock);
#endif
    }
#ifdef NEST
  omp_destroy_nest_lock (&lock);
#else
  omp_destroy_lock (&lock);
  omp_destroy_lock (&other);
#endif
  printf ("%g at %d\n", best, at);
  return at < 0;
}
