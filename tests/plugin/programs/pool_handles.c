/* pool_handles.c — a worker pool as C programmers write it: main
 * allocates each job, keeps it in a local array of handles (`jobs[i] =
 * malloc (...)`, every use through jobs[i]), fills it and queues it under
 * the queue's mutex; a worker takes it under the mutex, computes outside
 * it, and reports it done under the mutex; main reads the results after
 * the joins.  Data-race free: no fence on any target.
 * Variants that keep their fences:
 *   -DLATE  main writes a job again after queueing it and reads its done
 *           flag unlocked; the worker reads the input again after setting
 *           the flag (store buffering: a full fence in main)
 *   -DLEAK  main also puts each job in a global (read back from its
 *           handle) that a monitor thread reads without the lock (message
 *           passing on the weak targets: fences in main and the monitor)
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -S pool_handles.c */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
  struct job *next;
  int in;
  long out;
  int done;
};

static struct {
  pthread_mutex_t mu;
  pthread_cond_t more, finished_one;
  struct job *head, *tail;
  int stop, finished;
} q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
        PTHREAD_COND_INITIALIZER, NULL, NULL, 0, 0 };

#ifdef LEAK
struct job *last;
long seen;
#endif
long again;

static void
push (struct job *j)
{
  pthread_mutex_lock (&q.mu);
  j->next = NULL;
  if (q.tail)
    q.tail->next = j;
  else
    q.head = j;
  q.tail = j;
  pthread_cond_signal (&q.more);
  pthread_mutex_unlock (&q.mu);
}

static struct job *
pop (void)
{
  pthread_mutex_lock (&q.mu);
  while (!q.head && !q.stop)
    pthread_cond_wait (&q.more, &q.mu);
  struct job *j = q.head;
  if (j)
    {
      q.head = j->next;
      if (!q.head)
        q.tail = NULL;
    }
  pthread_mutex_unlock (&q.mu);
  return j;
}

static void *
worker (void *arg)
{
  (void) arg;
  struct job *j;
  while ((j = pop ()))
    {
      long s = 0;
      for (int i = 0; i < j->in; i++)
        s += i;
      j->out = s;
      pthread_mutex_lock (&q.mu);
      j->done = 1;
      q.finished++;
      pthread_cond_signal (&q.finished_one);
      pthread_mutex_unlock (&q.mu);
#ifdef LATE
      again += j->in;
#endif
    }
  return NULL;
}

#ifdef LEAK
static void *
monitor (void *arg)
{
  (void) arg;
  struct job *l = last;
  if (l && l->done == 0)
    seen = l->in;
  return NULL;
}
#endif

int
main (void)
{
  enum { N = 4, J = 16 };
  pthread_t t[N];
  struct job *jobs[J];
  for (int i = 0; i < N; i++)
    if (pthread_create (&t[i], NULL, worker, NULL))
      return 1;
#ifdef LEAK
  pthread_t m;
  if (pthread_create (&m, NULL, monitor, NULL))
    return 1;
#endif
  for (int i = 0; i < J; i++)
    {
      jobs[i] = malloc (sizeof *jobs[i]);
      if (!jobs[i])
        return 1;
#ifdef LEAK
      last = jobs[i];
#endif
      jobs[i]->in = i * 1000;
      jobs[i]->done = 0;
      push (jobs[i]);
#ifdef LATE
      jobs[i]->in += 1;
      again += jobs[i]->done;
#endif
    }
  pthread_mutex_lock (&q.mu);
  while (q.finished < J)
    pthread_cond_wait (&q.finished_one, &q.mu);
  q.stop = 1;
  pthread_cond_broadcast (&q.more);
  pthread_mutex_unlock (&q.mu);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
#ifdef LEAK
  pthread_join (m, NULL);
#endif
  long total = 0;
  for (int i = 0; i < J; i++)
    {
      total += jobs[i]->out;
      free (jobs[i]);
    }
  printf ("%ld\n", total);
  return 0;
}
