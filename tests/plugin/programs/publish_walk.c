/* publish_walk.c — a sorted-by-arrival list under a mutex, as lookup
 * tables are written: the producer fills a fresh node and links it in
 * under the lock; the consumer walks the list under the lock (n = n->next)
 * and reads the fields of the node it finds.  The fields written before
 * the link are private to the producer: no fence (publish.sh).
 * -DUNLOCKED: the consumer walks the list without the lock: a real race,
 * message passing between a node's fields and its link keeps its fences.
 * -DKEEP: the producer also keeps each node in a global that the consumer
 * reads without the lock: the node is published there too, and message
 * passing between its fields and that global keeps its fences. */
#include <pthread.h>
#include <stdlib.h>

struct node { struct node *next; int key; int val; };
static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int found;
#ifdef KEEP
struct node *last;
#endif

void *producer(void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      abort();
    n->key = i;
    n->val = 2 * i;
#ifdef KEEP
    last = n;
#endif
    pthread_mutex_lock(&lock);
    n->next = head;
    head = n;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int k = 0; k < 100; k++) {
#ifndef UNLOCKED
    pthread_mutex_lock(&lock);
#endif
    for (struct node *n = head; n; n = n->next)
      if (n->key == k) {
        found += n->val;
        break;
      }
#ifndef UNLOCKED
    pthread_mutex_unlock(&lock);
#endif
#ifdef KEEP
    struct node *l = last;
    if (l)
      found += l->key;
#endif
  }
  return 0;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return found;
}
