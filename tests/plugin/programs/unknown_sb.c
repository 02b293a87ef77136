/* unknown_sb.c — store buffering where p0's store is made by a function
 * of another unit (set_x, not linked here): after the call, p0's load of
 * y must wait for a full fence, as the callee's store may still be in the
 * store buffer.  BEFORE: the store is p0's own, and the callee comes
 * between it and the load.  unknown_calls.sh */
#include <pthread.h>

extern void set_x (void);
int x, y, r0, r1;

static void *
p0 (void *a)
{
#ifdef BEFORE
  x = 1;
#endif
  set_x ();
  r0 = y;
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
  r1 = x;
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
