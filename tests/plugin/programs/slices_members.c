/* slices_members.c — each thread adds two vectors over the block of
 * indices its argument struct names, the way tutorials hand out work:
 * `args[t].lo = t * N / T; args[t].hi = (t + 1) * N / T;` before
 * `pthread_create (&th[t], 0, add, &args[t])`, and the worker runs `for
 * (i = r->lo; i < r->hi; i++) c[i] = a[i] + b[i]` (claims.cc's
 * member_blocks); main sums c after the joins: no fence.
 *   -DPLUS      hi = lo + CHUNK, lo a local: no fence either;
 * Variants that keep the workers' fences (2+2W between two threads' blocks
 * of c, on the weak targets):
 *   -DOVERLAP   hi = (t + 2) * CHUNK (a block reaches into the next);
 *   -DSHARED    every thread gets &args[0];
 *   -DLATER     main moves a block's end after the create;
 *   -DNEIGHBOUR a worker also writes c[r->hi] (the next block's first).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c slices_members.c
 */
#include <pthread.h>
#include <stdio.h>

#define T 4
#define CHUNK 1000
#define N (T * CHUNK)
static double a[N], b[N], c[N + 1];
struct range { int lo, hi; };

static void *
add (void *arg)
{
  const struct range *r = arg;
  for (int i = r->lo; i < r->hi; i++)
    c[i] = a[i] + b[i];
#ifdef NEIGHBOUR
  c[r->hi] = 0;
#endif
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  struct range args[T];
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 2 * i;
    }
  for (int t = 0; t < T; t++)
    {
#if defined PLUS
      int lo = t * CHUNK;
      args[t].lo = lo;
      args[t].hi = lo + CHUNK;
#elif defined OVERLAP
      args[t].lo = t * N / T;
      args[t].hi = (t + 2) * N / T;
#else
      args[t].lo = t * N / T;
      args[t].hi = (t + 1) * N / T;
#endif
#ifdef SHARED
      pthread_create (&th[t], NULL, add, &args[0]);
#else
      pthread_create (&th[t], NULL, add, &args[t]);
#endif
#ifdef LATER
      args[t].hi = N;
#endif
    }
  for (int t = 0; t < T; t++)
    pthread_join (th[t], NULL);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  printf ("%f\n", s);
  return 0;
}
