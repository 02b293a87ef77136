/* locks_c11_threads.c — C11 threads as a tutorial writes them: four
 * thrd_create'd workers, their iteration count read through the argument
 * (a pointer to main's local), adding to a shared total under a C11
 * atomic_flag spin lock and counting into a relaxed atomic.  thrd_create
 * hands its argument to the routine as pthread_create does
 * (threadlocal.cc thread_start): `*arg` is main's n, not the total, so
 * the total is protected by the lock.  No fence (Power 3 syncs before).
 *   -DRACY   a second total added outside the lock: fenced
 */
#include <stdatomic.h>
#include <stdio.h>
#include <threads.h>

atomic_flag lk = ATOMIC_FLAG_INIT;
atomic_int hits;
int shared_total;
#ifdef RACY
int unlocked_total;
#endif

int
run (void *arg)
{
  int n = *(int *) arg;
  for (int i = 0; i < n; i++)
    {
      while (atomic_flag_test_and_set_explicit (&lk, memory_order_acquire))
        ;
      shared_total += 2;
      atomic_flag_clear_explicit (&lk, memory_order_release);
#ifdef RACY
      unlocked_total += shared_total & 1;
#endif
      atomic_fetch_add_explicit (&hits, 1, memory_order_relaxed);
    }
  return 0;
}

int
main (void)
{
  thrd_t t[4];
  int n = 10000;
  for (int i = 0; i < 4; i++)
    thrd_create (&t[i], run, &n);
  for (int i = 0; i < 4; i++)
    thrd_join (t[i], NULL);
  printf ("%d %d\n", shared_total, atomic_load (&hits));
  return 0;
}
