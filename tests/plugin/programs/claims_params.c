/* claims_params.c — per-thread parameters in arrays indexed by the
 * thread's number, as pthread tutorials write them: main fills lo[k] and
 * hi[k] in the create loop just before starting thread k with (void *) k,
 * each thread reads its own range and writes its own sum, main adds the
 * sums up after each join.  Main touches element k before thread k
 * starts, thread k only element k: the arrays race with nothing, no
 * fence on any target (Power, ARM one lwsync / dmb before: main's writes
 * of the next thread's range while the first threads run were taken to
 * meet their reads; plugin/claims.cc, private.cc wmm_before_own_create).
 *   -DSTRUCT    the ranges as an array of structs (r[k].lo, r[k].hi)
 * Variants that keep their fences (on the weak targets):
 *   -DLATE      main writes thread k's range after starting it;
 *   -DNEIGHBOUR a thread also reads the next thread's range. */
#include <pthread.h>
#include <stdio.h>

#define T 4
#ifdef STRUCT
static struct { int lo, hi; } r[T];
# define LO(k) r[k].lo
# define HI(k) r[k].hi
#else
static int lo[T + 1], hi[T + 1];
# define LO(k) lo[k]
# define HI(k) hi[k]
#endif
static double sum[T];

static void *work (void *arg)
{
  long id = (long) arg;
  double s = 0;
  for (int i = LO (id); i < HI (id); i++)
    s += i * 0.5;
#ifdef NEIGHBOUR
  s += LO (id + 1);
#endif
  sum[id] = s;
  return 0;
}

int main (void)
{
  pthread_t t[T];
  for (long k = 0; k < T; k++)
    {
#ifndef LATE
      LO (k) = k * 100;
      HI (k) = (k + 1) * 100;
#endif
      pthread_create (&t[k], 0, work, (void *) k);
#ifdef LATE
      LO (k) = k * 100;
      HI (k) = (k + 1) * 100;
#endif
    }
  double s = 0;
  for (int k = 0; k < T; k++)
    {
      pthread_join (t[k], 0);
      s += sum[k];
    }
  printf ("%f\n", s);
  return 0;
}
