/* atomics_wrapper.c — C wrappers that pass the memory order on
 * (tests/plugin/atomics.sh): every call site gives a constant seq_cst, through
 * one or two wrappers and a mask, so the builtins are seq_cst and store
 * buffering needs no fence beyond GCC's own. */
#include <pthread.h>

int x, y, r0, r1;

static inline void st(int *p, int v, int mo)
{
  __atomic_store_n(p, v, mo & 0xffff);
}

static inline int ld(int *p, int mo)
{
  return __atomic_load_n(p, mo);
}

static inline void st_outer(int *p, int v, int mo)
{
  st(p, v, mo);
}

void *P0(void *a)
{
  (void) a;
  st_outer(&x, 1, __ATOMIC_SEQ_CST);
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
