/* atomics_members.c — store buffering through C11 atomic members of a
 * shared struct reached by a pointer (`&sh->a`, `&sh->b`: the address
 * is an SSA name the atomic builtin gets).  The members are told apart
 * by their place in *sh (type-based alias analysis of the address the
 * name holds), and the cycle through them stays: a full fence on each
 * side on every target.  -DCHAR: char members (`sh->c[0]`, `sh->c[1]`
 * with plain accesses): the same cycle through two char words of *sh.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c atomics_members.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct shared
{
  atomic_int a, b;
  char c[2];
};

struct shared *sh;
int r0, r1;

void *
P0 (void *arg)
{
  (void) arg;
#ifdef CHAR
  sh->c[0] = 1;
  r0 = sh->c[1];
#else
  atomic_store_explicit (&sh->a, 1, memory_order_relaxed);
  r0 = atomic_load_explicit (&sh->b, memory_order_relaxed);
#endif
  return NULL;
}

void *
P1 (void *arg)
{
  (void) arg;
#ifdef CHAR
  sh->c[1] = 1;
  r1 = sh->c[0];
#else
  atomic_store_explicit (&sh->b, 1, memory_order_relaxed);
  r1 = atomic_load_explicit (&sh->a, memory_order_relaxed);
#endif
  return NULL;
}

int
main (void)
{
  pthread_t t0, t1;
  sh = calloc (1, sizeof *sh);
  if (!sh)
    return 1;
  pthread_create (&t0, NULL, P0, NULL);
  pthread_create (&t1, NULL, P1, NULL);
  pthread_join (t0, NULL);
  pthread_join (t1, NULL);
  printf ("r0=%d r1=%d\n", r0, r1);
  return 0;
}
