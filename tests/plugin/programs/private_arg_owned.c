/* private_arg_owned.c — workers that own arrays, as people write them:
 * main allocates each worker's struct and the arrays it points to
 * (`j->a = calloc (...)`) in the create loop, keeps the struct in a
 * handle array of its own frame and reads the results back after joining
 * that worker.  A worker writes a[k] and reads a[1 - k] (store buffering
 * between two workers, were the array shared) and leaves its result in
 * its `out` array: each array is reached through its own worker's struct
 * only, and main touches it before that worker's create and after its
 * join: no fence.
 * -DLATE: main keeps the array's pointer and does store buffering with
 * the worker on it right after the create: fenced (main and worker).
 * -DGLOBAL: the first worker's array also goes to a global a monitor
 * thread does store buffering on: fenced (monitor and worker).
 * -DCOPY: main copies the first worker's struct into a global one with
 * memcpy, from which the monitor reads the pointer: fenced (monitor and
 * worker).
 * -DONCE: one array, allocated before the loop, for every worker:
 * fenced (worker).
 * -DSTACK: the structs are the elements of an array in main's frame,
 * filled in place (`jobs[k].a = a`, the array filled through the member
 * in a loop) and given as `&jobs[k]`: the same, with each variant.
 * -DHEAPARR: the same elements in a calloc'd array.
 * -DRESULT: each worker allocates its `out` array itself and leaves it in
 * its struct (`j->out = res`), main reads it after the join: no fence;
 * with -DLEAK the worker also puts it into a global a monitor does store
 * buffering on: fenced (monitor and worker). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKERS 2

struct job { int k; int *a; long *out; };
#if defined GLOBAL || defined COPY
int *volatile mon_a;
struct job shadow;
#endif
#ifdef LEAK
long *volatile leak;
#endif

static void *work (void *arg)
{
  struct job *j = arg;
  j->a[j->k] = 1;
#ifdef RESULT
  long *res = malloc (2 * sizeof (long));
  if (!res)
    return 0;
  res[0] = 0;
# ifdef LEAK
  leak = res;
# endif
  j->out = res;
  res[1] = j->a[1 - j->k];
  j->k = (int) res[0];
#else
  j->out[0] = j->a[1 - j->k];
#endif
  return 0;
}

#if defined GLOBAL || defined COPY || defined LEAK
static long mon_got;
static void *monitor (void *arg)
{
  (void) arg;
#ifdef LEAK
  long *r;
  while (!(r = leak))
    ;
  r[0] = 2;
  mon_got = r[1];
#else
# ifdef COPY
  int *a = shadow.a;
# else
  int *a = mon_a;
# endif
  a[1] = 2;
  mon_got = a[0];
#endif
  return 0;
}
#endif

int main (void)
{
  pthread_t t[WORKERS];
#if defined HEAPARR
  struct job *jobs = calloc (WORKERS, sizeof *jobs);
  if (!jobs)
    return 1;
# define STACK 1
# define JOB(k) (&jobs[k])
#elif defined STACK
  struct job jobs[WORKERS];
# define JOB(k) (&jobs[k])
#else
  struct job *jobs[WORKERS];
# define JOB(k) jobs[k]
#endif
#ifdef ONCE
  int *common = calloc (2, sizeof (int));
#endif
  for (int k = 0; k < WORKERS; k++)
    {
#ifndef STACK
      struct job *j = malloc (sizeof *j);
      if (!j)
        return 1;
#endif
#ifdef ONCE
      int *a = common;
#else
      int *a = calloc (2, sizeof (int));
#endif
#ifdef RESULT
      long *out = 0;
#else
      long *out = malloc (sizeof (long));
      out[0] = -1;
#endif
#ifdef STACK
      jobs[k].k = k;
      jobs[k].a = a;
      jobs[k].out = out;
      for (int i = 0; i < 2; i++)
        jobs[k].a[i] += i;
#else
      j->k = k;
      j->a = a;
      j->out = out;
#endif
#ifdef GLOBAL
      if (k == 0)
        mon_a = a;
#endif
#ifdef COPY
      if (k == 0)
#ifdef STACK
        memcpy (&shadow, &jobs[k], sizeof shadow);
#else
        memcpy (&shadow, j, sizeof shadow);
#endif
#endif
#ifdef STACK
      pthread_create (&t[k], 0, work, &jobs[k]);
#else
      jobs[k] = j;
      pthread_create (&t[k], 0, work, j);
#endif
#ifdef LATE
      a[1] = 2;
      printf ("%d\n", a[0]);
#endif
    }
#if defined GLOBAL || defined COPY || defined LEAK
  pthread_t m;
  pthread_create (&m, 0, monitor, 0);
  pthread_join (m, 0);
#endif
  long sum = 0;
  for (int k = 0; k < WORKERS; k++)
    {
      pthread_join (t[k], 0);
      sum += JOB (k)->out[0] + JOB (k)->a[k];
      free (JOB (k)->out);
#ifndef STACK
      free (jobs[k]);
#endif
    }
  printf ("%ld\n", sum);
  return 0;
}
