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
 *   -DPLAIN          a plain (volatile) flag and a message of three
 *                    words, as code written for x86 has it: the flag's own
 *                    message-passing cycle needs one fence in each thread,
 *                    and once it has them the message's cycles (R c ->
 *                    R a -fr-> W a -> W c) need nothing more (placement.c
 *                    handoff_needs): one fence per thread, where there
 *                    were three
 *   -DPOINTER        with -DPLAIN: the flag is a pointer to the message,
 *                    published with `box = &msg` and waited for with
 *                    `while (!(m = box)) ;` (a store the front end finds
 *                    non-null, syncread.c): one fence per thread too
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

struct message { int id; int size; int kind; };
struct message msg;
#if defined PLAIN && defined POINTER
struct message *volatile box;
#define STORE_FLAG(v) (box = &msg)
#elif defined PLAIN
volatile int ready;
#define STORE_FLAG(v) (ready = (v))
#define LOAD_FLAG() ready
#elif defined STARTS_SET
struct { int pad; int ready; } state = { 0, 1 };
#define ready state.ready
#else
int ready;
#endif
#ifndef STORE_FLAG
#define STORE_FLAG(v) __atomic_store_n (&ready, (v), STORE_ORDER)
#define LOAD_FLAG() __atomic_load_n (&ready, LOAD_ORDER)
#endif

static void *producer (void *arg)
{
  msg.id = 7;
  msg.size = 64;
#ifdef PLAIN
  msg.kind = 3;
#endif
  STORE_FLAG (1);
  return arg;
}

#if defined PLAIN && defined POINTER
static void *consumer (void *arg)
{
  struct message *m;
  while (!(m = box))
    ;
  printf ("%d %d %d\n", m->kind, m->size, m->id);
  return arg;
}
#else
static void *consumer (void *arg)
{
#ifdef NOWAIT
  printf ("%d %d\n", msg.size, msg.id);
#endif
  while (!LOAD_FLAG ())
    ;
#if defined ASSERT && defined PLAIN
  int kind = msg.kind, size = msg.size, id = msg.id;
  assert (kind == 3 && size == 64 && id == 7);
#elif defined ASSERT
  int size = msg.size, id = msg.id;
  assert (size == 64 && id == 7);
#elif defined PLAIN
  printf ("%d %d %d\n", msg.kind, msg.size, msg.id);
#else
  printf ("%d %d\n", msg.size, msg.id);
#endif
  return arg;
}
#endif

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
