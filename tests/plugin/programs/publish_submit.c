/* publish_submit.c — a thread pool's task queue as people write it: main
 * allocates a task, fills it and hands it to submit(), which clears the
 * task's link and appends it through the queue's pointer to its last
 * link under the queue's mutex; workers take tasks with take() and run
 * them through a function pointer, then free them.  The task's fields,
 * its link included, are written before it is linked in: no fence.
 * -DLATE: submit writes the task's argument again after linking it (a
 * race with the worker's read): message passing keeps its fences.
 * -DTWICE: main submits the same task a second time after changing it.
 * -DRESUBMIT: a worker puts a task it took back on the queue through
 * submit (the task is no longer fresh at every call of submit). */
#include <pthread.h>
#include <stdlib.h>

struct task { void (*fn) (struct task *); int arg; long result; struct task *next; };
struct queue {
  pthread_mutex_t lock;
  pthread_cond_t ready;
  struct task *first, **last;
  int closed;
};
static struct queue q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                          NULL, &q.first, 0 };
static long results;
static pthread_mutex_t results_lock = PTHREAD_MUTEX_INITIALIZER;

static void square (struct task *t) { t->result = (long) t->arg * t->arg; }

static void submit (struct queue *qu, struct task *t)
{
  t->next = NULL;
  pthread_mutex_lock (&qu->lock);
  *qu->last = t;
  qu->last = &t->next;
  pthread_cond_signal (&qu->ready);
  pthread_mutex_unlock (&qu->lock);
#ifdef LATE
  t->arg = t->arg + 0;
#endif
}

static struct task *take (struct queue *qu)
{
  pthread_mutex_lock (&qu->lock);
  while (!qu->first && !qu->closed)
    pthread_cond_wait (&qu->ready, &qu->lock);
  struct task *t = qu->first;
  if (t)
    {
      qu->first = t->next;
      if (!qu->first)
        qu->last = &qu->first;
    }
  pthread_mutex_unlock (&qu->lock);
  return t;
}

static void *worker (void *unused)
{
  struct task *t;
  while ((t = take (&q)) != NULL)
    {
      t->fn (t);
#ifdef RESUBMIT
      if (t->result < 10)
        {
          t->arg = t->arg + 10;
          submit (&q, t);
          continue;
        }
#endif
      pthread_mutex_lock (&results_lock);
      results += t->result;
      pthread_mutex_unlock (&results_lock);
      free (t);
    }
  return unused;
}

int main (void)
{
  pthread_t w[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&w[i], NULL, worker, NULL);
  for (int i = 0; i < 100; i++)
    {
      struct task *t = malloc (sizeof *t);
      if (!t)
        return 1;
      t->fn = square;
      t->arg = i;
      t->result = 0;
      submit (&q, t);
#ifdef TWICE
      t->arg = i + 1;
      submit (&q, t);
#endif
    }
  pthread_mutex_lock (&q.lock);
  q.closed = 1;
  pthread_cond_broadcast (&q.ready);
  pthread_mutex_unlock (&q.lock);
  for (int i = 0; i < 3; i++)
    pthread_join (w[i], NULL);
  return results == 328350 ? 0 : 1;
}
