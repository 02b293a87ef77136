/* locks_yarn.c — a work queue in the style of a small thread library: a
 * lock object (mutex, condition, value) taken and handed over through
 * exported wrappers with a pointer parameter (possess / twist / release),
 * jobs allocated by the producer and linked into a list under the lock, a
 * consumer waiting for work on the condition.  Every shared access is
 * under the lock: no fence on any model (locks.sh). */
#include <pthread.h>
#include <stdlib.h>
typedef struct lock { pthread_mutex_t mutex; pthread_cond_t cond; long value; } lock;
struct job { long seq; long len; struct job *next; };
static lock have = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
static struct job *head, **tail = &head;
static long total;
void possess (lock *bolt) { pthread_mutex_lock (&bolt->mutex); }
void release (lock *bolt) { pthread_mutex_unlock (&bolt->mutex); }
void twist (lock *bolt, long val)
{
  bolt->value += val;
  pthread_cond_broadcast (&bolt->cond);
  pthread_mutex_unlock (&bolt->mutex);
}
void wait_for (lock *bolt)
{
  while (bolt->value == 0)
    pthread_cond_wait (&bolt->cond, &bolt->mutex);
}
static void *consume (void *arg)
{
  (void) arg;
  for (;;)
    {
      possess (&have);
      wait_for (&have);
      struct job *j = head;
      head = j->next;
      if (head == NULL)
        tail = &head;
      total += j->len;
      long seq = j->seq;
      twist (&have, -1);
      free (j);
      if (seq < 0)
        return 0;
    }
}
int main (void)
{
  pthread_t t;
  pthread_create (&t, 0, consume, 0);
  for (long i = 0; i < 100; i++)
    {
      struct job *j = malloc (sizeof *j);
      if (!j)
        abort ();
      j->seq = i == 99 ? -1 : i;
      j->len = i;
      j->next = NULL;
      possess (&have);
      *tail = j;
      tail = &j->next;
      twist (&have, 1);
    }
  pthread_join (t, 0);
  return total != 4950;
}
