/* heap_rows.c — a matrix product over malloc'd matrices held by static
 * pointers, each thread writing its block of rows of c: the accesses
 * through c are claimed as a declared array's are (claims.cc
 * heap_offset, heap_claim_ok): c never changes while the threads run,
 * its memory comes from one malloc, escapes nowhere, is freed only after
 * the joins, and nothing but `c[...]` reaches it.  No fence
 * (captures.sh).  Twins that keep the worker's fence on the weak
 * targets: -DALIAS (a second pointer to the same memory, written by the
 * worker), -DMOVE (a worker sets c while the others run), -DFREE_EARLY
 * (a worker frees c), -DESCAPE (the memory given to another unit's
 * function), -DPASS (the worker writes through a helper's pointer
 * parameter), -DNEXT (row i + 1).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define T 4
#define N 64
static double *a, *c;
#ifdef ALIAS
static double *c2;
#endif
#ifdef ESCAPE
extern void keep (double *);
#endif
#ifdef PASS
static void __attribute__ ((noinline)) put (double *p, int k, double v) { p[k] = v; }
#endif

static void *
mul (void *arg)
{
  long id = (long) arg;
#ifdef MOVE
  if (id == T)
    c = a;
#endif
  for (int i = id * N / T; i < (id + 1) * N / T; i++)
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < N; k++)
          s += a[i * N + k] * a[k * N + j];
#if defined NEXT
        c[(i + 1) * N + j] = s;
#elif defined PASS
        put (c, i * N + j, s);
#else
        c[i * N + j] = s;
#endif
#ifdef ALIAS
        c2[j] = s;
#endif
      }
#ifdef FREE_EARLY
  if (id == 0)
    free (c);
#endif
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  a = malloc (N * N * sizeof *a);
  c = malloc (N * (N + 1) * sizeof *c);
  if (!a || !c)
    return 1;
#ifdef ALIAS
  c2 = c;
#endif
#ifdef ESCAPE
  keep (c);
#endif
  for (int i = 0; i < N * N; i++)
    a[i] = i % 7;
  for (long t = 0; t < T; t++)
    pthread_create (&th[t], NULL, mul, (void *) t);
  for (int t = 0; t < T; t++)
    pthread_join (th[t], NULL);
#ifndef FREE_EARLY
  printf ("%f\n", c[N * N - 1]);
  free (c);
#endif
  free (a);
  return 0;
}
