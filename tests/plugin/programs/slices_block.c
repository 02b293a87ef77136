/* slices_block.c — each thread adds two vectors over its own block of
 * indices, the way pthread tutorials split the work: lo = id * CHUNK,
 * hi = lo + CHUNK, c[i] = a[i] + b[i] for lo <= i < hi (claims.c's
 * slices); main sums c after the joins: no fence.
 *   -DEND       hi = (id + 1) * CHUNK: no fence either;
 *   -DREST      the last thread takes the rest: hi = id == T - 1 ? N :
 *               lo + CHUNK (its block starts above every other): none;
 *   -DINTDIV    an int counter from id * N / T while it is below
 *               (id + 1) * N / T (GCC: the start a narrowed unsigned
 *               product, the test on the counter widened): none;
 * Variants that keep the workers' fences (2+2W between two threads' blocks
 * of c, on the weak targets):
 *   -DOVERLAP   hi = lo + CHUNK + 1 (a block reaches into the next);
 *   -DSAME      every thread gets number 0;
 *   -DNEIGHBOUR a worker also writes c[hi] (the next block's first);
 *   -DSTEP      the counter grows by 2 from lo to hi + CHUNK;
 *   -DREST_EARLY thread T - 2 takes the rest (it runs into the last's);
 *   -DREST_NE   every thread but the last runs to the end;
 *   -DINTDIV_WIDE  as -DINTDIV up to (id + 2) * N / T (two blocks).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c slices_block.c
 */
#include <pthread.h>
#include <stdio.h>

#define T 4
#define CHUNK 1000
#define N (T * CHUNK)
static double a[N], b[N], c[N + 1];

static void *
add (void *arg)
{
#ifdef SAME
  long id = 0 * (long) arg;
#else
  long id = (long) arg;
#endif
  long lo = id * CHUNK;
#if defined END
  long hi = (id + 1) * CHUNK;
#elif defined REST
  long hi = id == T - 1 ? N : lo + CHUNK;
#elif defined REST_EARLY
  long hi = id == T - 2 ? N : lo + CHUNK;
#elif defined REST_NE
  long hi = id != T - 1 ? N : lo + CHUNK;
#elif defined OVERLAP
  long hi = lo + CHUNK + 1;
#elif defined STEP
  long hi = lo + 2 * CHUNK;
#else
  long hi = lo + CHUNK;
#endif
#if defined INTDIV
  for (int i = id * N / T; i < (id + 1) * N / T; i++)
#elif defined INTDIV_WIDE
  for (int i = id * N / T; i < (id + 2) * N / T; i++)
#elif defined STEP
  for (long i = lo; i < hi; i += 2)
#else
  for (long i = lo; i < hi; i++)
#endif
    c[i] = a[i] + b[i];
#ifdef NEIGHBOUR
  c[hi] = 0;
#endif
  return NULL;
}

int
main (void)
{
  pthread_t t[T];
  for (long i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 2 * i;
    }
  for (long i = 0; i < T; i++)
    pthread_create (&t[i], NULL, add, (void *) i);
  for (int i = 0; i < T; i++)
    pthread_join (t[i], NULL);
  double s = 0;
  for (long i = 0; i < N; i++)
    s += c[i];
  printf ("%f\n", s);
  return 0;
}
