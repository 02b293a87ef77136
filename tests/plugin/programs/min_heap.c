/* min_heap.c — publishing a freshly allocated node: the producer fills it,
 * publishes it with a release store and raises a flag; the consumer spins
 * on the flag, loads the pointer and reads the node.  The node's fields
 * are no declared object (they cannot alias head or ready), so Power needs
 * one lwsync in the producer (head before ready; the release store orders
 * the fields) and one in the consumer, after its wait: it reads head and
 * the field only after it saw the flag, which the producer sets after
 * both (a dependency in C is not trusted; until 2026-12-07 a second one
 * ordered head before the field). */
#include <pthread.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct node *head;
int ready, seen;
void *prod(void *a)
{
  struct node *n = malloc(sizeof *n);
  if (!n)
    return 0;
  n->val = 7;
  n->next = 0;
  __atomic_store_n(&head, n, __ATOMIC_RELEASE);
  ready = 1;
  return a;
}
void *cons(void *a)
{
  while (!ready)
    ;
  struct node *n = head;
  if (n)
    seen = n->val;
  return a;
}
int main(void)
{
  pthread_t t[2];
  pthread_create(&t[0], 0, prod, 0);
  pthread_create(&t[1], 0, cons, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return seen != 7;
}
