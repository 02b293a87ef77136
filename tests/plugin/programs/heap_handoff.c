/* heap_handoff.c — a node allocated and filled by the producer, pushed on a
 * list under a mutex, popped under the mutex and read by the consumer:
 * the node's members and the list head are ordered by the lock and the
 * hand-off, no fence is needed (tests/plugin/heap.sh).
 * -DRACY: the consumer reads the head without the mutex, so the node is
 * published by a plain store: message passing through the heap, which
 * keeps its fences. */
#include <pthread.h>
#include <stdlib.h>
struct item { int a; struct item *next; };
static struct item *head;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long sum;
static void *producer(void *arg) {
  struct item *it = malloc(sizeof *it);
  it->a = 1;
  pthread_mutex_lock(&m);
  it->next = head; head = it;
  pthread_mutex_unlock(&m);
  return 0;
}
static void *consumer(void *arg) {
#ifdef RACY
  struct item *it = head;
#else
  pthread_mutex_lock(&m);
  struct item *it = head;
  if (it) head = it->next;
  pthread_mutex_unlock(&m);
#endif
  if (it) sum = it->a;
  return 0;
}
int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0); pthread_join(c, 0);
  return 0;
}
