/* private_tls.c — thread-local variables: store buffering on __thread x
 * and y touches each thread's own copies: no fence (minimum), also when
 * a thread takes x's address only to write through it (-DLOCAL_ADDR).
 * -DESCAPE: P0 stores &x into the global gp (after a full fence), then
 * does store buffering with P1, which reads *gp: x is shared, P0 needs a
 * fence between x = 1 and r0 = y (two with the one it wrote) and P1 one
 * between y = 1 and its loads.  -DESCAPE_CALL gives &x to a function of
 * another unit (it may keep it): shared too. */
#include <pthread.h>

__thread int x, y;
int *gp;
int r0, r1, g;
extern void keep (int *);

void *P0 (void *a)
{
  (void) a;
#if defined ESCAPE
  gp = &x;
  __sync_synchronize ();
  x = 1;
  r0 = g;
#elif defined ESCAPE_CALL
  keep (&x);
  __sync_synchronize ();
  x = 1;
  r0 = g;
#elif defined LOCAL_ADDR
  int *p = &x;
  *p = 1;
  r0 = y;
#else
  x = 1;
  r0 = y;
#endif
  return 0;
}

void *P1 (void *a)
{
  (void) a;
#if defined ESCAPE || defined ESCAPE_CALL
  g = 1;
  int *p = gp;
  r1 = p ? *p : 0;
#else
  y = 1;
  r1 = x;
#endif
  return 0;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
