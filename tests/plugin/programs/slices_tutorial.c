/* slices_tutorial.c — each thread writes its own block of c, written the
 * three ways tutorials hand out blocks (claims.cc's slices):
 *   (default)   the number in the thread's argument struct (`args[t].id =
 *               t`), read twice by the worker: start = a->id * CHUNK, end
 *               = a->id == T - 1 ? N : start + CHUNK (the last takes the
 *               rest);
 *   -DCLAMP     the number as `(long) arg`, the block clamped inward
 *               (`if (lo == 0) lo = 1; if (hi == N) hi = N - 1;`, a
 *               stencil c[i] = a[i - 1] + a[i + 1]);
 *   -DHEAP      a fresh range per thread (`r = malloc (...); r->lo = t *
 *               N / T; r->hi = (t + 1) * N / T;`), freed by the worker.
 * Main sums c after the joins: no fence.
 * Variants that keep the workers' fences (2+2W between two threads'
 * blocks of c, on the weak targets):
 *   -DFIRST_REST   the first thread takes the rest (a->id == 0);
 *   -DCLAMP_WIDE   a block moved outward (`if (lo == CHUNK) lo = 0`);
 *   -DHEAP_ONCE    one range allocated before the loop, rewritten for
 *                  every thread;
 *   -DHEAP_OVERLAP r->hi = (t + 2) * N / T.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c slices_tutorial.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define T 4
#define CHUNK 1000
#define N (T * CHUNK)
static double a[N], c[N];

#if defined HEAP || defined HEAP_ONCE || defined HEAP_OVERLAP
struct range { int lo, hi; };

static void *
work (void *arg)
{
  struct range *r = arg;
  for (int i = r->lo; i < r->hi; i++)
    c[i] = 2 * a[i];
#ifndef HEAP_ONCE
  free (r);
#endif
  return NULL;
}
#elif defined CLAMP || defined CLAMP_WIDE
static void *
work (void *arg)
{
  long id = (long) arg;
  long lo = id * CHUNK, hi = lo + CHUNK;
#ifdef CLAMP_WIDE
  if (lo == CHUNK)
    lo = 0;
#endif
  if (lo == 0)
    lo = 1;
  if (hi == N)
    hi = N - 1;
  for (long i = lo; i < hi; i++)
    c[i] = (a[i - 1] + a[i + 1]) / 2;
  return NULL;
}
#else
struct arg { int id; };

static void *
work (void *p)
{
  struct arg *a_ = p;
  int start = a_->id * CHUNK;
#ifdef FIRST_REST
  int end = (a_->id == 0) ? N : start + CHUNK;
#else
  int end = (a_->id == T - 1) ? N : start + CHUNK;
#endif
  for (int i = start; i < end; i++)
    c[i] = a[i] * a[i];
  return NULL;
}
#endif

int
main (void)
{
  pthread_t th[T];
  for (int i = 0; i < N; i++)
    a[i] = i;
#if defined HEAP || defined HEAP_ONCE || defined HEAP_OVERLAP
#ifdef HEAP_ONCE
  struct range *r = malloc (sizeof *r);
  if (!r)
    return 1;
#endif
  for (int t = 0; t < T; t++)
    {
#ifndef HEAP_ONCE
      struct range *r = malloc (sizeof *r);
      if (!r)
        return 1;
#endif
      r->lo = t * N / T;
#ifdef HEAP_OVERLAP
      r->hi = (t + 2) * N / T;
#else
      r->hi = (t + 1) * N / T;
#endif
      pthread_create (&th[t], NULL, work, r);
    }
#elif defined CLAMP || defined CLAMP_WIDE
  for (long t = 0; t < T; t++)
    pthread_create (&th[t], NULL, work, (void *) t);
#else
  struct arg args[T];
  for (int t = 0; t < T; t++)
    {
      args[t].id = t;
      pthread_create (&th[t], NULL, work, &args[t]);
    }
#endif
  for (int t = 0; t < T; t++)
    pthread_join (th[t], NULL);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  printf ("%f\n", s);
  return 0;
}
