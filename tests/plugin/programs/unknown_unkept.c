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
 *   -DPUBLIC  g is exported;
 *   -DOTHER   another unit's function keeps &g.t (it may step back to
 *             the container: container_of);
 *   -DFIRST   stdio keeps g.buf (setvbuf), g's first member, which stands
 *             for all of g (C11 6.7.2.1p15);
 *   -DCB_G    a function that writes g.b is given to unknown code, which
 *             may call it back from inside ext ().
 * Variants without fences:
 *   -DMEMBER  stdio keeps g.buf: a library reaches the member it is given
 *             (pointer arithmetic stays inside it, C11 6.5.6p8), g.a and
 *             g.b stay out of reach (hidden.cc, member_range);
 *   -DCB      a function given to unknown code touches only another
 *             static: the stand-in touches what it does, not everything
 *             (tbaa.cc, callback_locations).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c unknown_unkept.c
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

extern void ext (void);
extern void ext_keep (int *);
extern void ext_keep_time (time_t *);
extern void ext_register (void (*) (void));
struct state {
#ifdef FIRST
  char buf[64];
#endif
  int first, a, b;
#ifndef FIRST
  char buf[64];
#endif
  time_t t;
};
#ifdef PUBLIC
struct state g;
#else
static struct state g;
#endif
int *exported;
static int r1, r2, other;

static void
cb (void)
{
#ifdef CB_G
  g.b = 2;
#else
  other++;
#endif
}

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
#if defined MEMBER || defined FIRST
  setvbuf (stdout, g.buf, _IOFBF, sizeof g.buf);
#endif
#ifdef OTHER
  ext_keep_time (&g.t);
#endif
#if defined CB || defined CB_G
  ext_register (cb);
#endif
#ifdef STORED
  exported = &g.b;
#endif
  pthread_create (&t, 0, worker, 0);
  g.a = 1;
  r1 = g.b;
  pthread_join (t, 0);
  return r1 + r2;
}
