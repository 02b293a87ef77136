/* atomics_mp.c — message passing with a release store and an acquire load
 * (tests/plugin/atomics.sh): GCC's lwsync and ld;cmp;bne;isync on Power
 * are enough, the plugin adds no fence.  -DSPIN: P1 spins on the acquire
 * load until it sees the flag (each instance's isync orders what follows
 * it, also across the loop's later instances): no fence either;
 * -DSPIN -DRELAXED: a relaxed spin needs P1's fence. */
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
#if defined SPIN && defined RELAXED
  while (!(r0 = __atomic_load_n(&flag, __ATOMIC_RELAXED)))
    ;
#elif defined SPIN
  while (!(r0 = __atomic_load_n(&flag, __ATOMIC_ACQUIRE)))
    ;
#else
  r0 = __atomic_load_n(&flag, __ATOMIC_ACQUIRE);
#endif
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
