/* param_same.c — a start routine updating its own struct through its
 * parameter (`me->hits++; me->seen = me->hits;`) while main sets another
 * member of the same structs: the structs are shared, and the routine's
 * accesses through `me` go to an address the analysis cannot tell.
 * Accesses through one parameter (or a copy of it) at one offset touch
 * one address in one run of the routine (ir.h, addr_key): a read and a
 * write of `me->hits` are never two locations, so no cycle goes through
 * them as if they were (load buffering between two workers' hits:
 * Power and ARM fences before, none now).
 * -DSB: two routines given the same struct, `me->hits = 1; r = me->seen`
 * and `me->seen = 1; r = me->hits`: store buffering through two members
 * (two offsets, two keys): fenced on every target. */
#include <pthread.h>

struct worker { long hits, seen; int go; };
struct worker w[2];
long ra, rb;

#ifdef SB
static void *run_a (void *arg)
{
  struct worker *me = arg;
  me->hits = 1;
  ra = me->seen;
  return 0;
}

static void *run_b (void *arg)
{
  struct worker *me = arg;
  me->seen = 1;
  rb = me->hits;
  return 0;
}
#else
static void *run (void *arg)
{
  struct worker *me = arg;
  me->hits++;
  me->seen = me->hits;
  return 0;
}
#endif

int main (void)
{
  pthread_t t0, t1;
#ifdef SB
  pthread_create (&t0, 0, run_a, &w[0]);
  pthread_create (&t1, 0, run_b, &w[0]);
#else
  pthread_create (&t0, 0, run, &w[0]);
  pthread_create (&t1, 0, run, &w[1]);
#endif
  w[0].go = 1;
  w[1].go = 1;
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return w[0].seen + w[1].seen == 0;
}
