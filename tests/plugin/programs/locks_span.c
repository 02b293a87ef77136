/* locks_span.c — store buffering through x and y, P0's side inside a
 * critical section that also reads the protected a between its store and
 * its load.  The protected read orders the pairs it belongs to (a cycle
 * through it joins two sections of m), not the store of x with the load
 * of y around it: P0 needs its own full fence, as P1 does, on every
 * target (before 2026-11-28 the plugin took the pair as ordered and left
 * P0 unfenced; r0 = r1 = 0 then happens on x86 too).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c locks_span.c
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int a;
int x, y, r0, r1, r2;

void *
P0 (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  x = 1;
  r2 = a;
  r0 = y;
  pthread_mutex_unlock (&m);
  return NULL;
}

void *
P1 (void *arg)
{
  (void) arg;
  y = 1;
  r1 = x;
  pthread_mutex_lock (&m);
  a = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t0, t1;
  pthread_create (&t0, NULL, P0, NULL);
  pthread_create (&t1, NULL, P1, NULL);
  pthread_join (t0, NULL);
  pthread_join (t1, NULL);
  printf ("r0=%d r1=%d\n", r0, r1);
  return 0;
}
