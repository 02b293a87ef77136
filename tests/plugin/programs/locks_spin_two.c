/* locks_spin_two.c — two spin locks taken one after the other by both
 * threads, in opposite orders of use (never nested): store buffering
 * under each.  The sections exclude each other; the words' own accesses
 * (the exchanges, the test-and-test-and-set loads, the releases) carry no
 * data and make no cycle of their own (locks.cc, lock internals): no
 * fence.  -DFLAG: P0 writes msg before its first section and P1, after
 * its section under b, waits for lock a's word to be 0 with relaxed loads
 * and then reads msg outside any section: the word is used as a flag
 * (message passing through it), not only by the lock's operations, and
 * msg is touched outside the sections: the words stay in the analysis, and
 * P1 keeps a fence between the wait and the read of msg on Power and ARMv8.
 */
#include <pthread.h>
#include <stdatomic.h>
int x, y, u, v, r0, r1, r2, r3, msg, got;
static atomic_int a, b;

static void take (atomic_int *l)
{
  while (atomic_exchange_explicit (l, 1, memory_order_acquire))
    while (atomic_load_explicit (l, memory_order_relaxed))
      ;
}

static void drop (atomic_int *l)
{
  atomic_store_explicit (l, 0, memory_order_release);
}

void *P0 (void *arg)
{
  (void) arg;
#ifdef FLAG
  msg = 1;
#endif
  take (&a);
  x = 1;
  r0 = y;
  drop (&a);
  take (&b);
  u = 1;
  r2 = v;
  drop (&b);
  return 0;
}

void *P1 (void *arg)
{
  (void) arg;
  take (&b);
  v = 1;
  r3 = u;
  drop (&b);
#ifdef FLAG
  while (atomic_load_explicit (&a, memory_order_relaxed))
    ;
  got = msg;
#endif
  take (&a);
  y = 1;
  r1 = x;
  drop (&a);
  return 0;
}

int main (void)
{
  pthread_t h[2];
  pthread_create (&h[0], 0, P0, 0);
  pthread_create (&h[1], 0, P1, 0);
  pthread_join (h[0], 0);
  pthread_join (h[1], 0);
  return r0 + r1 + r2 + r3;
}
