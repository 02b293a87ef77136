/* slices_unsigned.c — blocks of a run-time size in unsigned arithmetic,
 * as C code with size_t writes them: main stores each thread's block
 * `[(size_t) N * t / nthreads, (size_t) N * (t + 1) / nthreads)` into the
 * thread's struct (t an unsigned counter, nthreads an unsigned static set
 * from the command line), the worker runs `for (size_t i = b->lo; i <
 * b->hi; i++)`.  The products cannot wrap (t holds 32 bits, N < 2^32),
 * the worker's size_t counter never wraps below its bound: distinct t
 * give distinct elements, no fence (claims.cc product_fits,
 * wmm_counted_loop; captures.sh) where size_t has 64 bits (on armhf, 32:
 * the products may wrap, fenced).  -DINT: int counters and thread count
 * (`(size_t) t` sign-extends a counter from 0, which is never negative:
 * 31 bits); -DLOCAL: the count copied into a local of main first (one
 * value before the create loop).  Twins that keep the worker's fence on
 * the weak targets: -DWIDE (blocks to t + 2), -DNARROW (the product in
 * 32-bit unsigned arithmetic, which may wrap), -DWIDENED (an unsigned
 * counter tested widened, `(size_t) i < b->hi`: it may wrap first).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 65536
#define T 16
static double out[N + 1];
#ifdef INT
typedef int count_t;
#else
typedef unsigned count_t;
#endif
static count_t nthreads = 4;

struct block { size_t lo, hi; };

static void *
work (void *arg)
{
  const struct block *b = arg;
#ifdef WIDENED
  for (unsigned i = b->lo; (size_t) i < b->hi; i++)
#else
  for (size_t i = b->lo; i < b->hi; i++)
#endif
    out[i] = i * 0.5;
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    nthreads = (count_t) atoi (argv[1]);
  if (nthreads < 1 || nthreads > T)
    nthreads = T;
  pthread_t th[T];
  struct block b[T];
#ifdef LOCAL
  count_t n = nthreads;
#define nthreads n
#endif
  for (count_t t = 0; t < nthreads; t++)
    {
#ifdef NARROW
      b[t].lo = N * t / nthreads;
      b[t].hi = N * (t + 1) / nthreads;
#else
      b[t].lo = (size_t) N * t / nthreads;
#ifdef WIDE
      b[t].hi = (size_t) N * (t + 2) / nthreads;
#else
      b[t].hi = (size_t) N * (t + 1) / nthreads;
#endif
#endif
      pthread_create (&th[t], NULL, work, &b[t]);
    }
  for (count_t t = 0; t < nthreads; t++)
    pthread_join (th[t], NULL);
  double s = 0;
  for (size_t i = 0; i < N; i++)
    s += out[i];
  printf ("%f\n", s);
  return 0;
}
