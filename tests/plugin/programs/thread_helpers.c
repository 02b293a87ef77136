/* thread_helpers.c — per-thread task structs, as the pthread_create(3)
 * example and most C code keep them: main fills task[i] and starts a
 * thread on it in one loop, the handle in the task itself
 * (`pthread_create (&ts[i].tid, 0, run, &ts[i])`), and joins them all
 * through a helper (`wait_all (ts, NT)`); each thread reads its range,
 * sums it and reports through its own task, which main reads after the
 * join.  No thread touches another's task and main touches a task only
 * before its thread starts and after the helper joined them all: no
 * fence on any target (private.cc, region.cc).
 *   -DHEAP   the tasks in a calloc'd array;
 *   -DWRAP   the handles in their own array and the threads started and
 *            joined through error-checking wrappers (`xcreate (&tid[i],
 *            run, &ts[i])`, `xjoin (tid[i])`), as CS:APP's Pthread_create;
 *   -DSPAWN  the threads started through a helper given the task
 *            (`spawn (&ts[i])` calling `pthread_create (&t->tid, 0, run,
 *            t)`).
 * Racy variants (message passing through the task: the thread writes its
 * sum, then `done`; main reads `done`, then the sum) that keep its fences:
 *   -DSHORT  wait_all joins all but the last thread;
 *   -DLATE   main writes the task's range after starting its thread;
 *   -DKEEP   (with WRAP) the wrapper also keeps the argument in a global
 *            (it is no pure wrapper: the task may be any thread's).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c thread_helpers.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 4
#define N 4096

struct task {
#ifndef WRAP
  pthread_t tid;
#endif
  const int *v;
  int lo, hi;
  long sum;
  int done;
};

static int values[N];
#ifdef KEEP
void *last_arg;
#endif

static void *
run (void *arg)
{
  struct task *t = arg;
  long s = 0;
  for (int i = t->lo; i < t->hi; i++)
    s += t->v[i];
  t->sum = s;
  t->done = 1;
  return NULL;
}

#ifdef WRAP
static void
xcreate (pthread_t *t, void *(*fn) (void *), void *arg)
{
#ifdef KEEP
  last_arg = arg;
#endif
  if (pthread_create (t, NULL, fn, arg))
    {
      perror ("pthread_create");
      exit (1);
    }
}

static void
xjoin (pthread_t t)
{
  if (pthread_join (t, NULL))
    {
      perror ("pthread_join");
      exit (1);
    }
}
#else
#ifdef SPAWN
static int
spawn (struct task *t)
{
  return pthread_create (&t->tid, NULL, run, t);
}
#endif

static void
wait_all (struct task *ts, int n)
{
  for (int i = 0; i < n; i++)
    pthread_join (ts[i].tid, NULL);
}
#endif

int
main (void)
{
  for (int i = 0; i < N; i++)
    values[i] = i;
#ifdef HEAP
  struct task *ts = calloc (NT, sizeof *ts);
  if (!ts)
    return 1;
#else
  struct task ts[NT];
#endif
#ifdef WRAP
  pthread_t tid[NT];
#endif
  for (int i = 0; i < NT; i++)
    {
      ts[i].v = values;
      ts[i].sum = 0;
      ts[i].done = 0;
#ifndef LATE
      ts[i].hi = N * (i + 1) / NT;
      ts[i].lo = N * i / NT;
#endif
#ifdef WRAP
      xcreate (&tid[i], run, &ts[i]);
#elif defined SPAWN
      if (spawn (&ts[i]))
        return 1;
#else
      pthread_create (&ts[i].tid, NULL, run, &ts[i]);
#endif
#ifdef LATE
      ts[i].hi = N * (i + 1) / NT;
      ts[i].lo = N * i / NT;
#endif
    }
#ifdef WRAP
  for (int i = 0; i < NT; i++)
    xjoin (tid[i]);
#elif defined SHORT
  wait_all (ts, NT - 1);
#else
  wait_all (ts, NT);
#endif
  long total = 0;
  for (int i = 0; i < NT; i++)
    if (ts[i].done)
      total += ts[i].sum;
  printf ("%ld\n", total);
#ifdef HEAP
  free (ts);
#endif
  return 0;
}
