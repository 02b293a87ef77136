/* helper_paths.c — a statistics helper called on two paths of one
 * thread: the worker either produces (counts, then writes `x`) or
 * consumes (reads `y`, then counts), never both; `other` reads `x` and
 * writes `y`.  The helper returns to the caller that called it, so the
 * worker never reads y before writing x: no load buffering, no fence.
 * -DBOTH: the worker consumes, then produces: load buffering with `other`
 * (Power and Arm need an order in each thread; x86 keeps it).
 */
#include <pthread.h>

int x, y, r1, r2;
long counted;

static void __attribute__ ((noinline)) count (void)
{
  __atomic_fetch_add (&counted, 1, __ATOMIC_RELAXED);
}

static void __attribute__ ((noinline)) produce (int v)
{
  count ();
  x = v;
}

static void __attribute__ ((noinline)) consume (void)
{
  r1 = y;
  count ();
}

static void *worker (void *arg)
{
#ifdef BOTH
  consume ();
  produce (arg != 0);
#else
  if (arg)
    produce (2);
  else
    consume ();
#endif
  return 0;
}

static void *other (void *arg)
{
  r2 = x;
  y = arg != 0;
  return 0;
}

int main (int argc, char **argv)
{
  pthread_t a, b;
  (void) argv;
  pthread_create (&a, 0, worker, argc > 1 ? &a : 0);
  pthread_create (&b, 0, other, argc > 2 ? &b : 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r1 + r2 + (int) counted;
}
