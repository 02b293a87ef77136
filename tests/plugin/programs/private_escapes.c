/* private_escapes.c — fresh memory whose pointer reaches another thread
 * in ways a points-to analysis must follow (threadlocal.cc): P0 makes a
 * cell and hands its address to P1, then both do store buffering between
 * the cell and a flag.  Every variant needs a fence in each thread (the
 * default: P0 stores the pointer into a global itself).
 *   -DPIPE     the pointer written to a pipe (from a copy in another
 *              local), read back by P1
 *   -DUNION    stored as a long in a union, read back as the pointer
 *   -DBOXCOPY  an integer member of a local struct, the struct assigned
 *              to a global
 *   -DBOXMEMCPY  the same local struct copied out with memcpy
 *   -DTWICE    a helper given the cell and a global's address stores one
 *              into the other
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -DPIPE -c private_escapes.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cell { int x; };
struct box { long v; int tag; };

int flag, r0, r1;
int fds[2];
union slot { long l; struct cell *p; } gslot;
struct box gbox;
struct cell *gcell;

static void
put (struct cell **where, struct cell *c)
{
  *where = c;
}

static struct cell *
receive (void)
{
#if defined PIPE
  struct cell *d;
  if (read (fds[0], &d, sizeof d) != sizeof d)
    abort ();
  return d;
#elif defined UNION
  return gslot.p;
#elif defined BOXCOPY || defined BOXMEMCPY
  return (struct cell *) gbox.v;
#else
  return gcell;
#endif
}

static void *
P0 (void *arg)
{
  struct cell *c = malloc (sizeof *c);
  (void) arg;
#if defined PIPE
  struct cell *msg = c;
  if (write (fds[1], &msg, sizeof msg) != sizeof msg)
    abort ();
#elif defined UNION
  gslot.l = (long) c;
#elif defined BOXCOPY
  struct box b = { (long) c, 1 };
  gbox = b;
#elif defined BOXMEMCPY
  struct box b = { (long) c, 1 };
  memcpy (&gbox, &b, sizeof b);
#elif defined TWICE
  put (&gcell, c);
#else
  gcell = c;
#endif
  c->x = 1;
  r0 = flag;
  return 0;
}

static void *
P1 (void *arg)
{
  (void) arg;
  struct cell *d = receive ();
  flag = 1;
  if (d)
    r1 = d->x;
  return 0;
}

int
main (void)
{
  pthread_t t0, t1;
  if (pipe (fds))
    return 1;
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return r0 + r1;
}
