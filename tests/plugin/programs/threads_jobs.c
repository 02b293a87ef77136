/* threads_jobs.c — IRIW whose four threads a loop starts through a helper
 * that takes the start routine as a parameter and returns a fresh job
 * holding the handle (`jobs[i] = launch (worker, i)`), and another loop
 * joins through a helper (`finish (jobs[i])`); main writes x and y after
 * the joins.  Each job is a new object, so each element's handle is its
 * own thread's, and the join loop covers every element created: main is
 * not concurrent after it.  Minimum: 0 fences on x86 (IRIW is forbidden
 * there), 2 syncs on Power.
 * Variants where a thread may still run after the join loop (x86 fences
 * main's writes):
 *   -DSHORT   the join loop stops one element short;
 *   -DSHARED  launch hands out one static job (no new object per call);
 *   -DTWICE   a second launch loop fills the array again;
 *   -DSWAP    main overwrites an element between the loops. */
#include <pthread.h>
#include "iriw_roles.h"
#include <stdlib.h>

struct job { int id; pthread_t tid; };

static struct job *launch (void *(*fn) (void *), void *arg)
{
#ifdef SHARED
  static struct job one;
  struct job *job = &one;
#else
  struct job *job = malloc (sizeof *job);
  if (!job)
    abort ();
#endif
  job->id = (int) (long) arg;
  pthread_create (&job->tid, 0, fn, arg);
  return job;
}

static void finish (struct job *job)
{
  pthread_join (job->tid, 0);
#ifndef SHARED
  free (job);
#endif
}

static void *worker (void *a)
{
  iriw_role (a);
  return 0;
}

int main (void)
{
  struct job *jobs[4];
  for (int i = 0; i < 4; i++)
    jobs[i] = launch (worker, (void *) (long) i);
#ifdef TWICE
  for (int i = 0; i < 4; i++)
    jobs[i] = launch (worker, (void *) (long) i);
#endif
#ifdef SWAP
  jobs[1] = jobs[0];
#endif
#ifdef SHORT
  for (int i = 0; i < 3; i++)
#else
  for (int i = 0; i < 4; i++)
#endif
    finish (jobs[i]);
  iriw_report ();
  return 0;
}
