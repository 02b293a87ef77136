/* check_caslock.c — a spin lock on __sync_bool_compare_and_swap with an
 * __atomic release store: two instances of one thread own the critical
 * section in turn, each with an id from a counter; -DNOLOCK drops the
 * lock; -DARG_ID takes the id from the create's argument, a value the
 * check does not follow (tests/plugin/check.sh). */
#include <assert.h>
#include <pthread.h>
int lock, owner, ids;
void acquire(void)
{
#ifndef NOLOCK
  while (!__sync_bool_compare_and_swap(&lock, 0, 1))
    ;
#endif
}
void release(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }
void *worker(void *a)
{
#ifdef ARG_ID
  int me = (int)(long)a + 1;
#else
  int me = __atomic_add_fetch(&ids, 1, __ATOMIC_SEQ_CST);
#endif
  acquire();
  owner = me;
  assert(owner == me);
  owner = 0;
  release();
  return 0;
}
int main(void)
{
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)2);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
