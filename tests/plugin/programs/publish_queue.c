/* publish_queue.c — jobs handed over through a FIFO queue (head and tail
 * in a struct with its mutex and a condition variable): the producer makes
 * a job (inline, or with -DCTOR through a static constructor that returns
 * it), links it in with put(), the consumer takes it with get() and reads
 * it after unlocking.  The job's fields are written before it is linked:
 * no fence.
 * -DEXPORTED: the constructor is exported (code of another unit may
 * publish what it returns without the lock): its writes keep their fences.
 * -DMONITOR: a third thread reads the queue's head without the lock. */
#include <pthread.h>
#include <stdlib.h>

struct job { struct job *next; int seq; int len; };

static struct {
  pthread_mutex_t lock;
  pthread_cond_t more;
  struct job *head, *tail;
} q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 };
int bad;

#ifndef EXPORTED
static
#endif
struct job *new_job(int i)
{
  struct job *j = malloc(sizeof *j);
  if (!j)
    abort();
  j->seq = i;
  j->len = 2 * i;
  j->next = 0;
  return j;
}

static void put(struct job *j)
{
  pthread_mutex_lock(&q.lock);
  if (q.tail)
    q.tail->next = j;
  else
    q.head = j;
  q.tail = j;
  pthread_cond_signal(&q.more);
  pthread_mutex_unlock(&q.lock);
}

static struct job *get(void)
{
  pthread_mutex_lock(&q.lock);
  while (!q.head)
    pthread_cond_wait(&q.more, &q.lock);
  struct job *j = q.head;
  q.head = j->next;
  if (!q.head)
    q.tail = 0;
  pthread_mutex_unlock(&q.lock);
  return j;
}

void *producer(void *arg)
{
  (void) arg;
  for (int i = 1; i <= 1000; i++) {
#ifdef CTOR
    struct job *j = new_job(i);
#else
    struct job *j = malloc(sizeof *j);
    if (!j)
      abort();
    j->seq = i;
    j->len = 2 * i;
    j->next = 0;
#endif
    put(j);
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000; n++) {
    struct job *j = get();
    int len = j->len;
    int seq = j->seq;
    if (len != 2 * seq)
      bad = 1;
    free(j);
  }
  return 0;
}

#ifdef MONITOR
void *monitor(void *arg)
{
  (void) arg;
  for (int n = 0; n < 1000; n++) {
    struct job *j = q.head;
    if (j && j->len != 2 * j->seq)
      bad = 1;
  }
  return 0;
}
#endif

int main(void)
{
  pthread_t t1, t2;
  pthread_create(&t1, 0, producer, 0);
  pthread_create(&t2, 0, consumer, 0);
#ifdef MONITOR
  pthread_t t3;
  pthread_create(&t3, 0, monitor, 0);
  pthread_join(t3, 0);
#endif
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return bad;
}
