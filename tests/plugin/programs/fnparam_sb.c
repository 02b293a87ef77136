/* fnparam_sb.c — store buffering where each thread's store is made by a
 * function given to a helper through a pointer parameter: `each (wx)` in
 * p0, `each (wy)` in p1, `static void each (void (*f) (void)) { f (); }`.
 * The helper's indirect call calls wx or wy, in the caller's thread: the
 * store inside it and the caller's load after the call are a pair that
 * needs a full fence on every target.  BODY: the whole side (store and
 * load) is in the function given (the fence is then inside it).
 * fnparams.sh */
#include <pthread.h>

int x, y, r0, r1;

#ifdef BODY
static void s0 (void) { x = 1; r0 = y; }
static void s1 (void) { y = 1; r1 = x; }
#else
static void s0 (void) { x = 1; }
static void s1 (void) { y = 1; }
#endif

static void
each (void (*f) (void))
{
  f ();
}

static void *
p0 (void *a)
{
  each (s0);
#ifndef BODY
  r0 = y;
#endif
  return a;
}

static void *
p1 (void *a)
{
  each (s1);
#ifndef BODY
  r1 = x;
#endif
  return a;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
