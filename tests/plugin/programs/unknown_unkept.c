/* unknown_unkept.c — store buffering on a static struct `g` between main
 * (by name) and a worker that calls code the unit cannot see, `ext ()`,
 * before its read.  g's address is taken, but only for `time (&g.t)`, a
 * library function that keeps no copy: no pointer code outside the unit
 * holds reaches g, so the call's stand-in (a read and a write of any
 * memory unknown code can reach) cannot touch it, and the worker's read
 * races with main's write alone: no fence (tbaa.cc, unknown_code_set,
 * with threadlocal.cc's points-to: no pointer unknown code holds reaches
 * g).  Variants that keep store buffering's fences (the stand-in may
 * write g.b):
 *   -DGIVEN   the worker gives &g.b to unknown code (`ext_keep (&g.b)`);
 *   -DSTORED  main stores &g.b in an exported pointer;
 *   -DPUBLIC  g is exported.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c unknown_unkept.c
 */
#include <pthread.h>
#include <time.h>

extern void ext (void);
extern void ext_keep (int *);
#ifdef PUBLIC
struct state { int a, b; time_t t; } g;
#else
static struct state { int a, b; time_t t; } g;
#endif
int *exported;
static int r1, r2;

static void *
worker (void *x)
{
#ifdef GIVEN
  ext_keep (&g.b);
#endif
  ext ();
  r2 = g.a;
  return x;
}

int
main (void)
{
  pthread_t t;
  time (&g.t);
#ifdef STORED
  exported = &g.b;
#endif
  pthread_create (&t, 0, worker, 0);
  g.a = 1;
  r1 = g.b;
  pthread_join (t, 0);
  return r1 + r2;
}
