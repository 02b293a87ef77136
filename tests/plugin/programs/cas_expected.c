/* cas_expected.c — a compare-exchange reads the expected value from
 * memory and, when it fails, writes the value it found back there:
 * `__atomic_compare_exchange_n (&top, &seen, 5, ...)` with `seen` a
 * global another thread reads.  Store buffering through that write: p0's
 * exchange fails (top is 1, seen 0) and writes seen, then p0 reads y; p1
 * writes y, then reads seen: a full fence in each thread (the write back
 * is a plain store after the exchange, even after x86's locked one).
 * -DLOCAL: the expected value in a local of p0's: nothing shared, no
 * fence.  -DTREIBER: a stack's push, `n->next = top; while (!CAS (&top,
 * &n->next, n))`, whose failure write goes to the node it has not
 * published yet, popped by main: on x86-TSO no fence (publish.cc).
 * c11objects.sh */
#include <pthread.h>
#include <stdlib.h>

long top = 1, seen, y, r0, r1, got;
struct node { struct node *next; int value; };
struct node *stack;

static void *
p0 (void *a)
{
#ifdef LOCAL
  long local = 0;
  __atomic_compare_exchange_n (&top, &local, 5, 0, __ATOMIC_RELAXED,
                               __ATOMIC_RELAXED);
  got = local;
#else
  __atomic_compare_exchange_n (&top, &seen, 5, 0, __ATOMIC_RELAXED,
                               __ATOMIC_RELAXED);
#endif
  r0 = __atomic_load_n (&y, __ATOMIC_RELAXED);
  return a;
}

static void *
p1 (void *a)
{
  __atomic_store_n (&y, 1, __ATOMIC_RELAXED);
  r1 = __atomic_load_n (&seen, __ATOMIC_RELAXED);
  return a;
}

#ifdef TREIBER
struct node *last;

static int
push_cas (struct node **top, struct node **expected, struct node *n)
{
#ifdef LEAKY
  __atomic_store_n (&last, n, __ATOMIC_RELAXED);
#endif
  return __atomic_compare_exchange_n (top, expected, n, 1,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

static void *
pusher (void *a)
{
  for (int i = 0; i < 100; i++)
    {
      struct node *n = malloc (sizeof *n);
      n->value = i;
      n->next = __atomic_load_n (&stack, __ATOMIC_RELAXED);
      while (!push_cas (&stack, &n->next, n))
        ;
#ifdef LEAKY
      r1 += __atomic_load_n (&y, __ATOMIC_RELAXED);
#endif
    }
  return a;
}

#ifdef LEAKY
static void *
watcher (void *a)
{
  __atomic_store_n (&y, 1, __ATOMIC_RELAXED);
  struct node *n = __atomic_load_n (&last, __ATOMIC_RELAXED);
  if (n)
    r0 = (long) __atomic_load_n (&n->next, __ATOMIC_RELAXED);
  return a;
}
#endif
#endif

int
main (void)
{
  pthread_t a, b;
#ifdef TREIBER
  pthread_create (&a, 0, pusher, 0);
#ifdef LEAKY
  pthread_create (&b, 0, watcher, 0);
#else
  pthread_create (&b, 0, pusher, 0);
#endif
  long sum = 0;
  for (int k = 0; k < 100; k++)
    for (struct node *n = __atomic_exchange_n (&stack, NULL, __ATOMIC_ACQUIRE);
         n; )
      {
        struct node *next = n->next;
        sum += n->value;
        free (n);
        n = next;
      }
  r0 = sum;
#else
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
#endif
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
