/* publish_tailq.c — a job list with a pointer to its last link, as
 * compressors and thread pools write it: the producer fills a fresh job,
 * links it with `*tail = job; tail = &job->next` under the mutex and
 * signals; the consumer unlinks the head (`tail = &head` when the list
 * empties) and checks the job after unlocking.  No fence.
 * -DLATE: the producer writes the job's check fields again after linking
 * it (a race with the consumer's reads): message passing keeps its fences.
 * -DPEEK: the consumer tests the list's head before taking the lock. */
#include <pthread.h>
#include <stdlib.h>

struct job { long seq; int len; int crc; struct job *next; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;
static struct job *head, **tail = &head;
int bad;

void *producer(void *arg)
{
  (void) arg;
  for (long i = 1; i <= 1000; i++) {
    struct job *job = malloc(sizeof *job);
    if (!job)
      abort();
    job->seq = i;
    job->len = 2 * i;
    job->crc = 3 * i;
    job->next = NULL;
    pthread_mutex_lock(&lock);
    *tail = job;
    tail = &job->next;
    pthread_cond_signal(&more);
    pthread_mutex_unlock(&lock);
#ifdef LATE
    job->len = 2 * i;
    job->crc = 3 * i;
#endif
  }
  return 0;
}

void *consumer(void *arg)
{
  (void) arg;
  for (long n = 0; n < 1000; n++) {
#ifdef PEEK
    while (head == NULL)
      ;
#endif
    pthread_mutex_lock(&lock);
    while (head == NULL)
      pthread_cond_wait(&more, &lock);
    struct job *job = head;
    head = job->next;
    if (head == NULL)
      tail = &head;
    pthread_mutex_unlock(&lock);
    if (job->len != 2 * job->seq || job->crc != 3 * job->seq)
      bad = 1;
    free(job);
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
