/* atomics_wrapper2.c — a wrapper called with two different orders
 * (tests/plugin/atomics.sh): P0 stores relaxed, P1 seq_cst through the same
 * st(); the store in st() is relaxed (the weakest), so P0's store buffering
 * needs a full fence. */
#include <pthread.h>

int x, y, r0, r1;

static inline void st(int *p, int v, int mo)
{
  __atomic_store_n(p, v, mo);
}

static inline int ld(int *p, int mo)
{
  return __atomic_load_n(p, mo);
}

void *P0(void *a)
{
  (void) a;
  st(&x, 1, __ATOMIC_RELAXED);
  r0 = ld(&y, __ATOMIC_SEQ_CST);
  return 0;
}

void *P1(void *a)
{
  (void) a;
  st(&y, 1, __ATOMIC_SEQ_CST);
  r1 = ld(&x, __ATOMIC_SEQ_CST);
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
