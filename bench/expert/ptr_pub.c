/* ptr_pub.c — pointer publication, RCU style: the producer initialises a
 * node and publishes its address; the consumer loads the pointer and reads
 * the node through it.  Expert fences: release before the publication
 * (rcu_assign_pointer); none on the consumer, which relies on the address
 * dependency (rcu_dereference) — C does not promise that dependency.
 * Usage: ptr_pub [NODES]   exit 1 when a node is seen uninitialised
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "barriers.h"

struct node { int a, b; };

#define NODES 4096
struct node pool[NODES];
struct node *gp;
int nodes = NODES, errors, done;

void *producer(void *arg)
{
  (void) arg;
  for (int i = 0; i < nodes; i++) {
    struct node *n = &pool[i % NODES];
    n->a = i + 1;
    n->b = i + 1;
    rel_barrier();
    WRITE_ONCE(gp, n);
  }
  WRITE_ONCE(done, 1);
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  while (!READ_ONCE(done)) {
    struct node *p = READ_ONCE(gp);
    if (p && (p->a == 0 || p->a != p->b))
      errors++;
  }
  return 0;
}

int main(int argc, char **argv)
{
  pthread_t p, c;
  if (argc > 1 && atoi(argv[1]) <= NODES)
    nodes = atoi(argv[1]);
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  printf("ptr_pub: %s\n", errors ? "uninitialised node" : "ok");
  return errors != 0;
}
