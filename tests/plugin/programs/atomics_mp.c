/* atomics_mp.c — message passing with a release store and an acquire load
 * (tests/plugin/atomics.sh): GCC's lwsync and ld;cmp;bne;isync on Power
 * are enough, the plugin adds no fence. */
#include <pthread.h>

int data, flag, r0, r1;

void *P0(void *a)
{
  (void) a;
  __atomic_store_n(&data, 1, __ATOMIC_RELAXED);
  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  return 0;
}

void *P1(void *a)
{
  (void) a;
  r0 = __atomic_load_n(&flag, __ATOMIC_ACQUIRE);
  r1 = __atomic_load_n(&data, __ATOMIC_RELAXED);
  return 0;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, P0, 0);
  pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return r0 + r1;
}
