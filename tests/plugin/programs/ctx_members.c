/* ctx_members.c — small accessors with pointer parameters used on members
 * of a heap object the way C code wraps them (`set (&s->a, 1)`): every
 * call passes the address of a member of a `struct shared`, so `*p` in
 * set and get is one of those members (tbaa.cc, wmm_tbaa_param_args),
 * never the plain int globals x and y.  P0 writes s->a through set and
 * then reads y; P1 writes y and reads x: no cycle (s->a is not x), no
 * fence.  Before, `*p` could be any int: store buffering between `*p`
 * and y.  -DSETX: P0 also calls set (&x, 1), so `*p` may be x: store
 * buffering, one full fence per thread (P0's in set, after the store).
 * -DSB: P1 reads s->a through get instead of x: store buffering through
 * the member, fenced. */
#include <pthread.h>
#include <stdlib.h>

struct shared { int a, b; long pad[4]; };
static struct shared *s;
int x, y, r0, r1;

static void set (int *p, int v) { *p = v; }
static int get (const int *p) { return *p; }

static void *P0 (void *arg)
{
  set (&s->a, 1);
#ifdef SETX
  set (&x, 1);
#endif
  r0 = y;
  return arg;
}

static void *P1 (void *arg)
{
  y = 1;
#ifdef SB
  r1 = get (&s->a);
#else
  r1 = x + get (&s->b);
#endif
  return arg;
}

int main (void)
{
  pthread_t t0, t1;
  s = calloc (1, sizeof *s);
  if (!s)
    return 1;
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return r0 + r1;
}
