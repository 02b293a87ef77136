/* locks_spin_c11.c — store buffering under a spin lock written with C11's
 * <stdatomic.h> the way C code writes one: an atomic_int taken by
 * atomic_exchange_explicit (&l, 1, memory_order_acquire) in a loop and
 * freed by atomic_store_explicit (&l, 0, memory_order_release) (the
 * macros pass the value and the order through temporaries); -DFLAG: an
 * atomic_flag with atomic_flag_test_and_set_explicit / _clear_explicit.
 * Every access is protected: no fence (locks.sh).  Variants that make it
 * no lock (the fences of store buffering come back):
 *   -DRELAXED  the exchange is relaxed;
 *   -DTWO      P1 frees the word by storing 2.
 */
#include <pthread.h>
#include <stdatomic.h>
int x, y, r0, r1;
#ifdef FLAG
static atomic_flag l = ATOMIC_FLAG_INIT;
#define TAKE() while (atomic_flag_test_and_set_explicit (&l, memory_order_acquire))
#define FREE(v) atomic_flag_clear_explicit (&l, memory_order_release)
#else
static atomic_int l;
#ifdef RELAXED
#define TAKE() while (atomic_exchange_explicit (&l, 1, memory_order_relaxed))
#else
#define TAKE() while (atomic_exchange_explicit (&l, 1, memory_order_acquire))
#endif
#define FREE(v) atomic_store_explicit (&l, v, memory_order_release)
#endif

void *P0 (void *a)
{
  (void) a;
  TAKE ();
  x = 1;
  r0 = y;
  FREE (0);
  return 0;
}

void *P1 (void *a)
{
  (void) a;
  TAKE ();
  y = 1;
  r1 = x;
#ifdef TWO
  FREE (2);
#else
  FREE (0);
#endif
  return 0;
}

int main (void)
{
  pthread_t h[2];
  pthread_create (&h[0], 0, P0, 0);
  pthread_create (&h[1], 0, P1, 0);
  pthread_join (h[0], 0);
  pthread_join (h[1], 0);
  return r0 + r1;
}
