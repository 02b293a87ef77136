/* locks_ticket.c — store buffering under a ticket lock written with C11
 * atomics the way the textbook writes it: `me = atomic_fetch_add
 * (&next_ticket, 1, relaxed)`, wait while `atomic_load (&now_serving,
 * acquire) != me`, free by `atomic_store (&now_serving, now_serving + 1,
 * release)`.  Tickets are unique and only the holder moves now_serving on:
 * the sections exclude each other, and the lock's own accesses are no
 * data.  No fence (locks.sh).  Variants that make it no lock (store
 * buffering's fences come back on every target).  -DX86: the lock as code
 * written for x86 has it, a relaxed addition for the ticket, a volatile
 * load in the wait and a volatile store of now_serving + 1 to free it:
 * under the reference model (sc, tso) a lock, made one on the target
 * (reflocks.cc: an acquire load, a release store; the report's
 * lock_orders); no fence either.  Variants that make it no lock (store
 * buffering's fences come back on every target):
 *   -DRELAXED  the wait's load is relaxed (no acquire);
 *   -DRESET    P1 sets now_serving back to 0 after its section;
 *   -DUNHELD   P1 frees the lock a second time, without holding it.
 */
#include <pthread.h>
#include <stdatomic.h>
int x, y, r0, r1;
static atomic_uint next_ticket, now_serving;

#ifdef RELAXED
#define WAIT memory_order_relaxed
#else
#define WAIT memory_order_acquire
#endif

#ifdef X86
static unsigned next_ticket_x86, now_serving_x86;
#define SERVING (*(volatile unsigned *) &now_serving_x86)

static void lock (void)
{
  unsigned me = __atomic_fetch_add (&next_ticket_x86, 1, __ATOMIC_RELAXED);
  while (SERVING != me)
    ;
}

static void unlock (void)
{
  SERVING = SERVING + 1;
}
#else
static void lock (void)
{
  unsigned me = atomic_fetch_add_explicit (&next_ticket, 1, memory_order_relaxed);
  while (atomic_load_explicit (&now_serving, WAIT) != me)
    ;
}

static void unlock (void)
{
  unsigned next = atomic_load_explicit (&now_serving, memory_order_relaxed) + 1;
  atomic_store_explicit (&now_serving, next, memory_order_release);
}
#endif

void *P0 (void *a)
{
  (void) a;
  lock ();
  x = 1;
  r0 = y;
  unlock ();
  return 0;
}

void *P1 (void *a)
{
  (void) a;
  lock ();
  y = 1;
  r1 = x;
  unlock ();
#if defined RESET && defined X86
  SERVING = 0;
#elif defined RESET
  atomic_store_explicit (&now_serving, 0, memory_order_relaxed);
#endif
#ifdef UNHELD
  unlock ();
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
