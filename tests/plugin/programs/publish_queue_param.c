/* publish_queue_param.c — a thread-safe queue written the usual way:
 * exported queue_init / enqueue / dequeue that take the queue as a
 * pointer, a node malloc'd and filled (value, next = NULL) inside
 * enqueue before it is linked in under the queue's mutex, taken out
 * under the mutex by dequeue, whose caller reads the value after the
 * unlock; the queue is an exported global of main's unit.  Main's unit
 * calls no code of another unit, so the helpers' only callers are the
 * unit's own and the queue is one only the unit names: no fence.
 * -DPEEK: a monitor reads the head node's value without the lock (a
 *   race: message passing's fences stay).
 * -DFOREIGN: main calls a function of another unit, which may call the
 *   exported helpers with queues of its own: the fences stay. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node { int value; struct node *next; } node_t;
typedef struct {
  node_t *head, *tail;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} queue_t;

queue_t q;
#ifdef PEEK
int peeked;
#endif
#ifdef FOREIGN
extern void register_queue (queue_t *);
#endif

void queue_init (queue_t *qu)
{
  qu->head = qu->tail = NULL;
  pthread_mutex_init (&qu->mu, NULL);
  pthread_cond_init (&qu->cv, NULL);
}

void enqueue (queue_t *qu, int v)
{
  node_t *n = malloc (sizeof *n);
  if (!n)
    abort ();
  n->value = v;
  n->next = NULL;
  pthread_mutex_lock (&qu->mu);
  if (qu->tail)
    qu->tail->next = n;
  else
    qu->head = n;
  qu->tail = n;
  pthread_cond_signal (&qu->cv);
  pthread_mutex_unlock (&qu->mu);
}

int dequeue (queue_t *qu)
{
  pthread_mutex_lock (&qu->mu);
  while (qu->head == NULL)
    pthread_cond_wait (&qu->cv, &qu->mu);
  node_t *n = qu->head;
  qu->head = n->next;
  if (qu->head == NULL)
    qu->tail = NULL;
  pthread_mutex_unlock (&qu->mu);
  int v = n->value;
  free (n);
  return v;
}

void *producer (void *arg)
{
  (void) arg;
  for (int i = 1; i <= 100; i++)
    enqueue (&q, i);
  enqueue (&q, -1);
  return NULL;
}

void *consumer (void *arg)
{
  long s = 0;
  int v;
  (void) arg;
  while ((v = dequeue (&q)) != -1)
    s += v;
  printf ("%ld\n", s);
  return NULL;
}

#ifdef PEEK
void *monitor (void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++)
    {
      node_t *n = q.head;
      if (n)
        peeked += n->value;
    }
  return NULL;
}
#endif

int main (void)
{
  pthread_t a, b;
  queue_init (&q);
#ifdef FOREIGN
  register_queue (&q);
#endif
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, consumer, NULL);
#ifdef PEEK
  pthread_t c;
  pthread_create (&c, NULL, monitor, NULL);
  pthread_join (c, NULL);
#endif
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
