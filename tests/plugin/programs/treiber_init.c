/* treiber_init.c — a Treiber stack whose nodes are filled by a helper
 * (`node_init (n, v)`) and pushed with a compare-exchange loop that
 * links the node anew after each failure (`do n->next = old; while
 * (!cas (&top, &old, n))`), as C code commonly has it; the consumer pops
 * with an acquire compare-exchange and reads the node.  On x86-TSO the
 * node's stores before the successful exchange are visible before it
 * (publish.cc "Fresh objects on x86-TSO": the helper's stores through
 * its parameter count as the creator's, private.cc wmm_fresh_escapes'
 * callee segments; the exchange publishes only when it succeeds,
 * success_reaches): no mfence (before: one in node_init).
 * -DLATE: the producer writes the node again after pushing it and then
 * reads a flag the consumer sets before popping (store buffering through
 * the node): a full fence in each on x86.
 * -DLEAK: the helper also keeps the node in a global the consumer reads:
 * the helper's stores are no longer before every publication.
 * On Power, ARMv8 and ARMv7 the exchange's release publishes the node
 * (publish.cc "Fresh objects published under a lock", release /
 * acquire slots): the head is written by read-modify-writes only, so its
 * modification order is one release sequence after each push, and the
 * pusher's relaxed load of it, kept in the node and compared but never
 * dereferenced, needs no acquire; the pop's exchange stores a node read
 * from the stack, published before, and needs no release.  No fence
 * (before: 7 on Power and ARMv8, 6 on ARMv7).  -DRELAXED (the push's
 * exchange relaxed) and -DLATE keep message passing's fences; -DRESET
 * (the consumer also stores a null head: not read-modify-writes only)
 * takes no node for published, nor does -DSPARE (popped nodes handed on
 * through a second slot: a pointer taken from one slot and put into the
 * other could reach a reader that synchronises with neither publication,
 * so the head's release sequence is trusted only when it is the one
 * slot).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c treiber_init.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct node
{
  int v;
  struct node *next;
};

static _Atomic (struct node *) top;
static int flag, seen;
#ifdef LEAK
static struct node *_Atomic last;
#endif
#ifdef SPARE
static struct node *_Atomic spare;
#endif
#ifdef RELAXED
# define PUSH_ORDER memory_order_relaxed
#else
# define PUSH_ORDER memory_order_release
#endif

static void
node_init (struct node *n, int v)
{
  n->v = v;
#ifdef LEAK
  atomic_store_explicit (&last, n, memory_order_relaxed);
#endif
  n->next = NULL;
}

static void
push (int v)
{
  struct node *n = malloc (sizeof *n);
  if (!n)
    abort ();
  node_init (n, v);
  struct node *old = atomic_load_explicit (&top, memory_order_relaxed);
  do
    n->next = old;
  while (!atomic_compare_exchange_weak_explicit (&top, &old, n,
                                                 PUSH_ORDER,
                                                 memory_order_relaxed));
#ifdef LATE
  n->v = -v;
  seen = flag;
#endif
}

static int
pop (int *v)
{
#ifdef LATE
  flag = 1;
#endif
  struct node *n = atomic_load_explicit (&top, memory_order_acquire);
  while (n && !atomic_compare_exchange_weak_explicit (&top, &n, n->next,
                                                      memory_order_acquire,
                                                      memory_order_acquire))
    ;
  if (!n)
    return 0;
  *v = n->v;
#ifdef SPARE
  atomic_store_explicit (&spare, n, memory_order_release);
#endif
  return 1;
}

static void *
producer (void *arg)
{
  for (int i = 1; i <= 1000; i++)
    {
#ifdef SPARE
      struct node *s = atomic_load_explicit (&spare, memory_order_acquire);
      if (s)
        seen += s->v;
#endif
      push (i);
    }
  return arg;
}

static void *
consumer (void *arg)
{
  long sum = 0;
  int v;
  for (int i = 0; i < 1000; i++)
    if (pop (&v))
      sum += v;
#ifdef RESET
  atomic_store_explicit (&top, NULL, memory_order_release);
#endif
#ifdef LEAK
  struct node *l = atomic_load_explicit (&last, memory_order_relaxed);
  if (l)
    sum += l->v;
#endif
  printf ("%ld\n", sum);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%d\n", seen);
  return 0;
}
