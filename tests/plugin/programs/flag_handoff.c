/* flag_handoff.c — message passing through a flag, as C code writes it
 * with the __atomic builtins: the producer fills a message, then stores
 * the flag with release; the consumer waits for the flag with acquire and
 * reads the message.  The consumer reads the message only after its load
 * of the flag returned 1, which only the producer's store writes, after
 * the message: no fence on any target (analysis/placement/syncread.c).
 * Variants that need fences on the weak targets:
 *   -DRELAXED_STORE  the flag stored relaxed: nothing orders the message
 *                    before it
 *   -DRELAXED_LOAD   the flag loaded relaxed: nothing orders the reads
 *                    after it
 *   -DNOWAIT         the consumer reads the message before it waits too
 *   -DTWO            two producers (the second one's message may come
 *                    after the first one's flag)
 *   -DOTHER          main also stores 1 to the flag
 *   -DSTARTS_SET     the flag a member of a struct whose initializer sets
 *                    it: the consumer need not wait (the initial value of
 *                    a member, memloc.cc initial_value; taken for 0 until
 *                    2026-12-07, which dropped both threads' fences)
 *   -DASSERT         the consumer asserts what it read (for the BMC)
 * (tests/plugin/flag_handoff.sh)
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifdef RELAXED_STORE
#define STORE_ORDER __ATOMIC_RELAXED
#else
#define STORE_ORDER __ATOMIC_RELEASE
#endif
#ifdef RELAXED_LOAD
#define LOAD_ORDER __ATOMIC_RELAXED
#else
#define LOAD_ORDER __ATOMIC_ACQUIRE
#endif

struct message { int id; int size; };
struct message msg;
#ifdef STARTS_SET
struct { int pad; int ready; } state = { 0, 1 };
#define ready state.ready
#else
int ready;
#endif

static void *producer (void *arg)
{
  msg.id = 7;
  msg.size = 64;
  __atomic_store_n (&ready, 1, STORE_ORDER);
  return arg;
}

static void *consumer (void *arg)
{
#ifdef NOWAIT
  printf ("%d %d\n", msg.size, msg.id);
#endif
  while (!__atomic_load_n (&ready, LOAD_ORDER))
    ;
#ifdef ASSERT
  int size = msg.size, id = msg.id;
  assert (size == 64 && id == 7);
#else
  printf ("%d %d\n", msg.size, msg.id);
#endif
  return arg;
}

int main (void)
{
  pthread_t p, q, c;
  pthread_create (&c, 0, consumer, 0);
  pthread_create (&p, 0, producer, 0);
#ifdef TWO
  pthread_create (&q, 0, producer, 0);
  pthread_join (q, 0);
#endif
#ifdef OTHER
  __atomic_store_n (&ready, 1, __ATOMIC_RELEASE);
#endif
  pthread_join (p, 0);
  pthread_join (c, 0);
  (void) q;
  return 0;
}
