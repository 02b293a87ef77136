/* pure_fence.c — a fence inside a function declared pure.  Message
 * passing: t0 writes z then y; t1 reads y then z through `both`, a
 * function with `__attribute__ ((pure))` that t1 calls in a loop.  On
 * Power and Arm the two reads need a fence, placed inside `both`: the
 * function then writes memory as far as GCC is concerned (a fence is a
 * side effect), so it is no longer pure, and its callers' calls, which
 * GCC had given no virtual definition, get one (plugin/emit.cc,
 * update_call).  Until 2026-12-01 the calls kept their old operands and
 * GCC ran out of memory compiling this file ("virtual memory
 * exhausted"); under -flto the link step stopped with an internal
 * compiler error in a later pass.  Expected: it compiles, a fence in
 * `both` on Power, ARMv8 and ARMv7 (tests/plugin/pure_fence.sh), and the
 * program exits 0. */
#include <pthread.h>

int y, z, r0;

__attribute__ ((pure, noinline)) static int
both (void)
{
  int a = y;
  int b = z;
  return a > b;
}

static void *
t0 (void *a)
{
  z = 1;
  y = 1;
  return a;
}

static void *
t1 (void *a)
{
  int v = 0;
  for (int i = 0; i < 3; i++)
    v += both ();
  r0 = v + both ();
  return a;
}

int
main (void)
{
  pthread_t a, b;
  if (pthread_create (&a, 0, t0, 0) || pthread_create (&b, 0, t1, 0))
    return 2;
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 > 4;   /* y read as 1 with z 0: never under sc */
}
