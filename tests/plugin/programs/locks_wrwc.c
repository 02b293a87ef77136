/* locks_wrwc.c — three threads, a cycle through two critical sections:
 * P0 writes x, then a under the lock; P1 writes a under the lock, then
 * reads y; P2 writes y, then reads x.  If P1's section follows P0's, P0's
 * write of x happens before P1's read of y; with lock and unlock taken as
 * full fences (locks=full) that write is also visible to P2 first, and
 * only P2 needs a full fence.  glibc's lock and unlock on Power are
 * lwsync / isync acquire and release, which do not make P0's write
 * visible to P2 (W+RWC with lwsync is allowed there): with locks=acqrel
 * the cycle keeps a full fence in P0 or P1 besides P2's.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -fwmm-locks=acqrel -c locks_wrwc.c
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int a;
int x, y, r1, r2;

void *
P0 (void *arg)
{
  (void) arg;
  x = 1;
  pthread_mutex_lock (&m);
  a = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

void *
P1 (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  a = 2;
  pthread_mutex_unlock (&m);
  r1 = y;
  return NULL;
}

void *
P2 (void *arg)
{
  (void) arg;
  y = 1;
  r2 = x;
  return NULL;
}

int
main (void)
{
  pthread_t t0, t1, t2;
  pthread_create (&t0, NULL, P0, NULL);
  pthread_create (&t1, NULL, P1, NULL);
  pthread_create (&t2, NULL, P2, NULL);
  pthread_join (t0, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  printf ("r1=%d r2=%d\n", r1, r2);
  return 0;
}
