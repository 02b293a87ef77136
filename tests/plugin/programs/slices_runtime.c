/* slices_runtime.c — blocks of a run-time size, as tutorials write them
 * when the thread count comes from the command line: `for (i = id * N /
 * nthreads; i < (id + 1) * N / nthreads; i++)`, nthreads a static set by
 * main before the creates.  Each thread's block is [f (id), f (id + 1))
 * for one monotone f, so distinct numbers touch distinct elements: no
 * fence (claims.cc runtime_block; captures.sh).  -DCHUNK: `chunk = N /
 * nthreads; [id * chunk, id * chunk + chunk)`; -DHEAP: the output a
 * malloc'd array held by a static pointer; -DMEMBERS: main computes each
 * block and stores it into the thread's element of an array of structs,
 * `b[t].lo = t * N / nthreads`, `b[t].hi = (t + 1) * N / nthreads`, and
 * the worker runs over [b->lo, b->hi).  Twins that keep the worker's
 * fence on the weak targets: -DWIDE (to (id + 2) * N / nthreads), -DMORE
 * (one element past the chunk), -DCHANGE (a worker changes nthreads),
 * -DLATE (main changes it after the creates).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define T 4
static double a[N + 1];
#ifdef HEAP
static double *c;
#else
static double c[N + 1];
#endif
static long nthreads;

#ifdef MEMBERS
struct block { long lo, hi; };

static void *
work (void *arg)
{
  const struct block *b = arg;
#ifdef CHANGE
  if (b->lo > N)
    nthreads = 2;
#endif
#ifdef MORE
  for (long i = b->lo; i < b->hi + 1; i++)
#else
  for (long i = b->lo; i < b->hi; i++)
#endif
    c[i] = a[i] * a[i];
  return NULL;
}
#else
static void *
work (void *arg)
{
  long id = (long) arg;
#ifdef CHANGE
  if (id == T)
    nthreads = 2;
#endif
#if defined CHUNK || defined MORE
  long chunk = N / nthreads;
#ifdef MORE
  for (long i = id * chunk; i < id * chunk + chunk + 1; i++)
#else
  for (long i = id * chunk; i < id * chunk + chunk; i++)
#endif
#elif defined WIDE
  for (long i = id * N / nthreads; i < (id + 2) * N / nthreads; i++)
#else
  for (long i = id * N / nthreads; i < (id + 1) * N / nthreads; i++)
#endif
    c[i] = a[i] * a[i];
  return NULL;
}
#endif

int
main (int argc, char **argv)
{
  nthreads = argc > 1 ? atol (argv[1]) : T;
  if (nthreads < 1 || nthreads > T)
    nthreads = T;
#ifdef HEAP
  c = malloc ((N + 1) * sizeof *c);
  if (!c)
    return 1;
#endif
  pthread_t th[T];
  for (int i = 0; i < N; i++)
    a[i] = i;
#ifdef MEMBERS
  struct block b[T];
  for (long t = 0; t < nthreads; t++)
    {
      b[t].lo = t * N / nthreads;
#ifdef WIDE
      b[t].hi = (t + 2) * N / nthreads;
#else
      b[t].hi = (t + 1) * N / nthreads;
#endif
      pthread_create (&th[t], NULL, work, &b[t]);
    }
#else
  for (long t = 0; t < nthreads; t++)
    pthread_create (&th[t], NULL, work, (void *) t);
#endif
#ifdef LATE
  nthreads = T;
#endif
  for (long t = 0; t < nthreads; t++)
    pthread_join (th[t], NULL);
  printf ("%f\n", c[N - 1]);
  return 0;
}
