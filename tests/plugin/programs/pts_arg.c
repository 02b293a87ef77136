/* pts_arg.c — a worker fills the array its argument names, `c->out[i] =
 * 1`, then reads y; another thread writes y, then reads x, a global whose
 * address is published (`gx = &x`).  Store buffering would need c->out to
 * point at x: by points-to (threadlocal.cc: pthread_create binds the
 * start routine's parameter to the argument; every target of c->out is
 * known) it only points into `a`, so there is no cycle and no fence.
 * Variants:
 *   -DX     main may make c->out point at x (`argc > 5 ? &x : a`): store
 *           buffering, a full fence in each thread;
 *   -DLIB   the pointer comes back from a library call (`getenv`):
 *           memory of code outside the unit, not known, so it may be x:
 *           fenced as -DX;
 *   -DFIND  it comes from `memchr` on the array: a pointer into its
 *           first argument (or null), so into `a`: no fence.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c pts_arg.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct ctx { int *out; long n; };
static int a[4], x, y, r1, r2;
int *gx;

static void *
fill (void *p)
{
  struct ctx *c = p;
  for (long i = 0; i < c->n; i++)
    c->out[i] = 1;
  r1 = y;
  return 0;
}

static void *
other (void *p)
{
  y = 1;
  r2 = x;
  return p;
}

int
main (int argc, char **argv)
{
  pthread_t p, q;
  struct ctx *c = malloc (sizeof *c);
#if defined X
  c->out = argc > 5 ? &x : a;
#elif defined LIB
  c->out = (int *) (void *) getenv (argv[0]);
#elif defined FIND
  c->out = memchr (a, argc, sizeof a);
#else
  c->out = a;
#endif
  c->n = argc & 3;
  gx = &x;
  pthread_create (&p, 0, fill, c);
  pthread_create (&q, 0, other, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r1 + r2 + a[1] + (argv != 0);
}
