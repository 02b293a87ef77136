/* flag_pub.c — message passing through a release/acquire flag, as C11 and
 * GCC code writes it: the producer fills a message and sets `ready` with
 * a release store; the consumer spins on an acquire load, then reads.
 * The message's fields race with nothing: no fence beyond the flag's own
 * orders (plugin/flagpub.cc).  Variants that race keep message passing's
 * fences:
 *   -DEARLY    the consumer reads a field before it sees the flag set
 *   -DLATE     the producer writes a field again after the release
 *   -DRELAXED  the consumer's load is relaxed (no acquire)
 *   -DRESET    the consumer stores 0 into the flag after its reads (no
 *              race after all: its reads follow the only store of 1;
 *              none with the builtins, the fences through <stdatomic.h>)
 *   -DTWICE    the producer runs in two threads
 *   -DIF       the consumer tests the flag once (`if`), no spin: still none
 * -DSTDATOMIC: the same through <stdatomic.h> (`atomic_int ready`,
 * atomic_store_explicit / atomic_load_explicit, which go through pointer
 * and value temporaries), with every variant above; -DSTDATOMIC -DBOOL:
 * `atomic_bool ready`, whose values pass through VIEW_CONVERT_EXPRs
 * (the same bits as unsigned char). */
#include <pthread.h>

struct msg { int a, b; };
static struct msg m;
static int ra, rb;

#ifdef STDATOMIC
# include <stdatomic.h>
# ifdef BOOL
static atomic_bool ready;
# else
static atomic_int ready;
# endif
# define STORE(v) atomic_store_explicit (&ready, v, memory_order_release)
# ifdef RELAXED
#  define LOAD() atomic_load_explicit (&ready, memory_order_relaxed)
# else
#  define LOAD() atomic_load_explicit (&ready, memory_order_acquire)
# endif
#else
static int ready;
# define STORE(v) __atomic_store_n (&ready, v, __ATOMIC_RELEASE)
# ifdef RELAXED
#  define LOAD() __atomic_load_n (&ready, __ATOMIC_RELAXED)
# else
#  define LOAD() __atomic_load_n (&ready, __ATOMIC_ACQUIRE)
# endif
#endif

static void *producer (void *x)
{
  m.a = 1;
  m.b = 2;
  STORE (1);
#ifdef LATE
  m.a = 3;
#endif
  return x;
}

static void *consumer (void *x)
{
#ifdef EARLY
  ra = m.a;
#endif
#ifdef IF
  if (LOAD ())
    {
      rb = m.b;
      ra += m.a;
    }
#else
  while (!LOAD ())
    ;
  rb = m.b;
  ra += m.a;
#endif
#ifdef RESET
  STORE (0);
#endif
  return x;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, 0, producer, 0);
#ifdef TWICE
  pthread_t p2;
  pthread_create (&p2, 0, producer, 0);
#endif
  pthread_create (&c, 0, consumer, 0);
  pthread_join (p, 0);
#ifdef TWICE
  pthread_join (p2, 0);
#endif
  pthread_join (c, 0);
  return ra + rb;
}
