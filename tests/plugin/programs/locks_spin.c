/* locks_spin.c — store buffering under spin locks written with atomics,
 * in the forms people write them: an exchange loop (P0), a
 * test-and-test-and-set with a boolean CAS (P1), atomic_flag (P2, P3 on
 * their own pair).  Every access is protected: no fence (locks.sh). */
#include <pthread.h>
#include <stdatomic.h>
int x, y, u, v, r0, r1, r2, r3;
static int l;
static atomic_flag f = ATOMIC_FLAG_INIT;
void *P0 (void *a)
{
  (void) a;
  while (__atomic_exchange_n (&l, 1, __ATOMIC_ACQUIRE))
    ;
  x = 1;
  r0 = y;
  __atomic_store_n (&l, 0, __ATOMIC_RELEASE);
  return 0;
}
void *P1 (void *a)
{
  (void) a;
  for (;;)
    {
      while (__atomic_load_n (&l, __ATOMIC_RELAXED))
        ;
      if (__sync_bool_compare_and_swap (&l, 0, 1))
        break;
    }
  y = 1;
  r1 = x;
  __sync_lock_release (&l);
  return 0;
}
void *P2 (void *a) { (void) a; while (atomic_flag_test_and_set (&f)) ; u = 1; r2 = v; atomic_flag_clear (&f); return 0; }
void *P3 (void *a) { (void) a; while (atomic_flag_test_and_set_explicit (&f, memory_order_acquire)) ; v = 1; r3 = u; atomic_flag_clear_explicit (&f, memory_order_release); return 0; }
int main (void)
{
  pthread_t h[4];
  pthread_create (&h[0], 0, P0, 0); pthread_create (&h[1], 0, P1, 0); pthread_create (&h[2], 0, P2, 0); pthread_create (&h[3], 0, P3, 0);
  pthread_join (h[0], 0); pthread_join (h[1], 0); pthread_join (h[2], 0); pthread_join (h[3], 0);
  return r0 + r1 + r2 + r3;
}
