/* publish_slot.c — a mailbox: the producer fills a fresh message, then
 * publishes it into a slot under a mutex; the consumer takes it out under
 * the mutex and reads it after unlocking.  The fields are written before
 * the publication and read after a lock that saw it: no fence is needed.
 * -DLEAK: the producer also keeps the message in a global (a second way
 * to reach it): message passing between the fields needs its fences.
 * -DLATE: the producer writes both fields again after publishing the
 * message (a race with the consumer's reads): fences again.
 * -DRESTORE: the consumer re-publishes the message into a global without
 * the lock: fences again. */
#include <pthread.h>
#include <stdlib.h>

struct msg { int a; int b; };

static struct msg *slot;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#if defined LEAK || defined RESTORE
struct msg *last;
#endif
int bad;

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= 1000; i++) {
    struct msg *p = malloc(sizeof *p);
    if (!p)
      abort();
    p->a = i;
    p->b = 2 * i;
#ifdef LEAK
    last = p;
#endif
    pthread_mutex_lock(&m);
    while (slot) {
      pthread_mutex_unlock(&m);
      pthread_mutex_lock(&m);
    }
    slot = p;
    pthread_mutex_unlock(&m);
#ifdef LATE
    p->a = i;
    p->b = 2 * i;
#endif
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000;) {
    pthread_mutex_lock(&m);
    struct msg *q = slot;
    slot = 0;
    pthread_mutex_unlock(&m);
    if (!q)
      continue;
    n++;
    int b = q->b;
    int a = q->a;
    if (b != 2 * a)
      bad = 1;
#ifdef RESTORE
    last = q;
#else
    free(q);
#endif
  }
  return 0;
}

int main(void)
{
  pthread_t t1, t2;
  pthread_create(&t1, 0, producer, 0);
  pthread_create(&t2, 0, consumer, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return bad;
}
