/* twolock.c — Michael and Scott's two-lock queue (PODC 1996): a linked
 * list with a dummy head node, one lock for the head (dequeuers) and one
 * for the tail (enqueuers), so an enqueue and a dequeue run at the same
 * time.  The locks are test-and-set spin locks (a relaxed exchange, a
 * locked instruction on x86).  Expert fences: acquire after taking a lock,
 * release before freeing it, and a write barrier before linking a new node
 * (the dequeuer does not hold the tail lock; it reads the node through the
 * pointer it loaded, relying on the address dependency as rcu_dereference
 * does — C does not promise that dependency).
 * Two producers enqueue 1..ROUNDS tagged with their number; two consumers
 * check that each producer's values reach them in order and initialised.
 * Usage: twolock [ROUNDS]   exit 1 when a value is lost, uninitialised or
 * out of order
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

struct node { struct node *next; int value; };

struct node *qhead, *qtail;
int head_lock, tail_lock;
int rounds = 200000, errors, received[2];

static void spin_lock(int *l)
{
  while (__atomic_exchange_n(l, 1, __ATOMIC_RELAXED))
    while (READ_ONCE(*l))
      ;
  acq_barrier();
}

static void spin_unlock(int *l)
{
  rel_barrier();
  WRITE_ONCE(*l, 0);
}

static void enqueue(int value)
{
  struct node *n = malloc(sizeof *n);
  n->value = value;
  n->next = 0;
  spin_lock(&tail_lock);
  smp_wmb();
  WRITE_ONCE(qtail->next, n);
  qtail = n;
  spin_unlock(&tail_lock);
}

/* 1 and the value in *value, or 0 when the queue is empty. */
static int dequeue(int *value)
{
  spin_lock(&head_lock);
  struct node *dummy = qhead;
  struct node *first = READ_ONCE(dummy->next);
  if (!first) {
    spin_unlock(&head_lock);
    return 0;
  }
  *value = first->value;
  qhead = first;
  spin_unlock(&head_lock);
  free(dummy);
  return 1;
}

void *producer(void *arg)
{
  int tag = (int) (long) arg;
  for (int i = 1; i <= rounds; i++)
    enqueue(tag << 24 | i);
  return 0;
}

void *consumer(void *arg)
{
  int *got = arg, last[2] = { 0, 0 }, value;
  while (READ_ONCE(received[0]) + READ_ONCE(received[1]) < 2 * rounds) {
    if (!dequeue(&value))
      continue;
    int tag = value >> 24, seq = value & 0xffffff;
    if ((tag != 1 && tag != 2) || seq <= last[tag - 1])
      errors++;
    else
      last[tag - 1] = seq;
    __atomic_fetch_add(got, 1, __ATOMIC_RELAXED);
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t p1, p2, c1, c2;
  if (argc > 1)
    rounds = atoi(argv[1]);
  qhead = qtail = calloc(1, sizeof *qhead);
  pthread_create(&c1, 0, consumer, &received[0]);
  pthread_create(&c2, 0, consumer, &received[1]);
  pthread_create(&p1, 0, producer, (void *) 1L);
  pthread_create(&p2, 0, producer, (void *) 2L);
  pthread_join(p1, 0);
  pthread_join(p2, 0);
  pthread_join(c1, 0);
  pthread_join(c2, 0);
  int ok = !errors && received[0] + received[1] == 2 * rounds;
  printf("twolock: %s\n", ok ? "ok" : "lost, uninitialised or reordered value");
  return !ok;
}
