/* locks_spin_broken.c — spin "locks" that are not locks keep their
 * fences: P0/P1 leave the loop when the exchange read the locked value
 * (wrong polarity); P2/P3 take l2 properly but P3 frees it with an
 * exchange of 0, which is no lock operation, so the word is no lock at
 * all (a store of 0 would be made release: reflocks.cc).
 * Each pair is a store buffering: a fence in every thread (locks.sh). */
#include <pthread.h>
int x, y, u, v, r0, r1, r2, r3;
static int l1, l2;
void *P0 (void *a) { (void) a; while (!__atomic_exchange_n (&l1, 1, __ATOMIC_ACQUIRE)) ; x = 1; r0 = y; __atomic_store_n (&l1, 0, __ATOMIC_RELEASE); return 0; }
void *P1 (void *a) { (void) a; while (!__atomic_exchange_n (&l1, 1, __ATOMIC_ACQUIRE)) ; y = 1; r1 = x; __atomic_store_n (&l1, 0, __ATOMIC_RELEASE); return 0; }
void *P2 (void *a) { (void) a; while (__atomic_exchange_n (&l2, 1, __ATOMIC_ACQUIRE)) ; u = 1; r2 = v; __atomic_store_n (&l2, 0, __ATOMIC_RELEASE); return 0; }
void *P3 (void *a) { (void) a; while (__atomic_exchange_n (&l2, 1, __ATOMIC_ACQUIRE)) ; v = 1; r3 = u; __atomic_exchange_n (&l2, 0, __ATOMIC_RELEASE); return 0; }
int main (void)
{
  pthread_t h[4];
  pthread_create (&h[0], 0, P0, 0); pthread_create (&h[1], 0, P1, 0); pthread_create (&h[2], 0, P2, 0); pthread_create (&h[3], 0, P3, 0);
  pthread_join (h[0], 0); pthread_join (h[1], 0); pthread_join (h[2], 0); pthread_join (h[3], 0);
  return r0 + r1 + r2 + r3;
}
