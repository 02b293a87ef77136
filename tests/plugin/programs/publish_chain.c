/* publish_chain.c — producers build a list of fresh nodes of their own
 * (head and tail locals, `tail->next = n` linking each new node to the
 * last) and link the whole chain into a shared list under a mutex; a
 * consumer walks the shared list under the mutex and sums the values.
 * Every node is reachable from the producer alone until the chain is
 * published, so the producer's writes of `value` and `next` before that
 * race with nothing: no fence on any target (private.cc: a store that
 * links one object of the web to another, no publication reaching it, is
 * no publication; a name set to null merges no other object).
 *   -DEACH  each node is published as soon as it is made (the first one
 *           through the shared head) and the next is linked to it outside
 *           the lock: a race with the consumer's walk, fenced
 *   -DPEEK  the consumer walks the list without the lock: fenced
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S publish_chain.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };
static struct node *results;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *
producer (void *arg)
{
  int base = (int) (long) arg;
  struct node *head = NULL, *tail = NULL;
  for (int i = 0; i < 100; i++)
    {
      struct node *n = malloc (sizeof *n);
      if (!n)
        abort ();
      n->value = base + i;
      n->next = NULL;
      if (tail)
        tail->next = n;
      else
        head = n;
      tail = n;
#ifdef EACH
      pthread_mutex_lock (&mu);
      if (head == n)
        {
          n->next = results;
          results = n;
        }
      pthread_mutex_unlock (&mu);
#endif
    }
#ifndef EACH
  if (head)
    {
      pthread_mutex_lock (&mu);
      tail->next = results;
      results = head;
      pthread_mutex_unlock (&mu);
    }
#endif
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  long s = 0;
#ifndef PEEK
  pthread_mutex_lock (&mu);
#endif
  for (struct node *n = results; n; n = n->next)
    s += n->value;
#ifndef PEEK
  pthread_mutex_unlock (&mu);
#endif
  total = s;
  return NULL;
}

int
main (void)
{
  pthread_t th[4];
  for (long i = 0; i < 3; i++)
    pthread_create (&th[i], NULL, producer, (void *) (i * 100));
  pthread_create (&th[3], NULL, consumer, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (th[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
