/* locks_after.c — store buffering where only one location is under a
 * lock: P0 writes x in a critical section and reads y after it, P1
 * writes y and reads x in a critical section.  If P1's read of x misses
 * P0's write, P1's section ran first, and P1's write of y, before it,
 * happens before everything P0 does after taking the lock: r0 = r1 = 0
 * cannot happen, no fence is needed on any target (a communication edge
 * into or out of a protected access joins another section of the same
 * lock).  -DNOLOCK: P1 reads x without the lock: x is no longer
 * protected, store buffering needs a full fence in P1 (P0's unlock is
 * taken as one: libfns.cc's sync functions; docs/plugin.md, "What is
 * sound where", on glibc's Power and ARMv8 locks).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c locks_after.c
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y, r0, r1;

void *
P0 (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  x = 1;
  pthread_mutex_unlock (&m);
  r0 = y;
  return NULL;
}

void *
P1 (void *arg)
{
  (void) arg;
  y = 1;
#ifdef NOLOCK
  r1 = x;
#else
  pthread_mutex_lock (&m);
  r1 = x;
  pthread_mutex_unlock (&m);
#endif
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
