/* collect_atomics.c — atomics, fences, locks and asm as the plugin sees
 * them (tests/plugin/collect.sh, per model). */
#include <pthread.h>

int x, y, f;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *T(void *arg)
{
  (void) arg;
  __atomic_store_n(&x, 1, __ATOMIC_RELEASE);
  int r = __atomic_load_n(&f, __ATOMIC_ACQUIRE);
  __atomic_fetch_add(&y, 1, __ATOMIC_SEQ_CST);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __sync_synchronize();
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  __atomic_exchange_n(&x, 2, __ATOMIC_RELAXED);
  __atomic_store_n(&y, 3, __ATOMIC_SEQ_CST);
  pthread_mutex_lock(&m);
  x = r;
  pthread_mutex_unlock(&m);
  asm volatile("" ::: "memory");
  return 0;
}

int main(void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, T, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return x;
}
