/* claims.c — threads share out work through an atomic counter, the way
 * hand-written pools and benchmarks do: each takes the next index with
 * __atomic_fetch_add and writes out[i] from in[i] (plugin/claims.cc).  No
 * two threads get one index, so out[] and in[] race with nothing: no
 * fence.  Variants that keep their fences (on the weak targets):
 *   -DNEXT   a thread also writes out[i + 1], another thread's element;
 *   -DRESET  a thread sets the counter back (it no longer only grows);
 *   -DTWO    half the threads take indices from a second counter;
 *   -DPEEK   main reads out[] while the threads run (out is then shared,
 *            but each element still has one writer: no fence either).
 * -DC11: the counter is a C11 atomic_int with atomic_fetch_add: no fence.
 * The create loop counts with a long, the join loop with an int: the
 * joins still end every thread, so main's sum runs after them. */
#include <pthread.h>
#ifdef C11
#include <stdatomic.h>
static atomic_int next;
#define TAKE(c) atomic_fetch_add (&c, 1)
#else
static int next;
#define TAKE(c) __atomic_fetch_add (&c, 1, __ATOMIC_RELAXED)
#endif
#define N 1000
#define T 4
static double in[N + 1], out[N + 1];
#ifdef TWO
static int next2;
#endif
double peek;

static void *worker (void *arg)
{
  int i;
#ifdef TWO
  if ((long) arg & 1)
    {
      while ((i = __atomic_fetch_add (&next2, 1, __ATOMIC_RELAXED)) < N)
        out[i] = in[i] + 1;
      return 0;
    }
#endif
  while ((i = TAKE (next)) < N)
    {
      out[i] = in[i] * 2;
#ifdef NEXT
      out[i + 1] = 0;
#endif
#ifdef RESET
      if (i == N - 1)
        next = 0;
#endif
    }
  return 0;
}

int main (void)
{
  pthread_t t[T];
  for (int i = 0; i < N; i++)
    in[i] = i;
  for (long i = 0; i < T; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
#ifdef PEEK
  peek = out[N / 2];
#endif
  for (int i = 0; i < T; i++)
    pthread_join (t[i], 0);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  return s > 0;
}
