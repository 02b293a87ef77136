/* heap_once_alias.c — store buffering on an object main allocates once
 * (heaponce.cc: its members are locations of their own), where one
 * thread is given the object and the other reads it through a global
 * pointer (an unknown address, which TBAA must still let touch the
 * object's members): t1 writes c->x and reads c->y, t2 writes c->y and
 * reads c->x.  Each thread needs a full fence on every target.
 *   -DSAME  both threads are given the object (both resolve to it).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c heap_once_alias.c */
#include <pthread.h>
#include <stdlib.h>

struct ctx { int x; int y; };
struct ctx *shared;
int r1, r2;

static void *t1 (void *a)
{
  struct ctx *c = a;
  c->x = 1;
  r1 = c->y;
  return 0;
}

static void *t2 (void *a)
{
#ifdef SAME
  struct ctx *c = a;
#else
  struct ctx *c = shared;
#endif
  c->y = 1;
  r2 = c->x;
  return 0;
}

int main (void)
{
  pthread_t a, b;
  struct ctx *c = calloc (1, sizeof *c);
  if (!c)
    return 1;
  shared = c;
  pthread_create (&a, 0, t1, c);
  pthread_create (&b, 0, t2, c);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r1 + r2 == 0;
}
