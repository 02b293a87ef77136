/* locks_pool.c — a thread pool: the pool object is main's local, its lock
 * inside it; workers take tasks from the list under `p->lock` (p a copy of
 * the thread argument), wait on a condition variable, and stop when main
 * sets `p.stop` under `p.lock`.  Every member of the pool is touched under
 * its own lock, the tasks are handed over through the list: no fence.
 *   -DOTHERLOCK main sets `draining` and `stop` under another mutex:
 *               message passing with the workers' reads (fenced on the
 *               weak targets).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c locks_pool.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task
{
  long arg;
  struct task *next;
};

struct pool
{
  pthread_mutex_t lock;
  pthread_cond_t cv;
  struct task *head;
  int stop, draining;
  pthread_t threads[4];
};

static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
static long sums[64];

static void
job (long i)
{
  long s = 0;
  for (long k = 0; k < i; k++)
    s += k;
  sums[i] = s;
}

static void *
worker (void *arg)
{
  struct pool *p = arg;
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      while (!p->head && !p->stop)
        pthread_cond_wait (&p->cv, &p->lock);
      if (!p->head && p->draining)
        {
          pthread_mutex_unlock (&p->lock);
          break;
        }
      struct task *t = p->head;
      if (t)
        p->head = t->next;
      pthread_mutex_unlock (&p->lock);
      if (t)
        {
          job (t->arg);
          free (t);
        }
    }
  return NULL;
}

static void
submit (struct pool *p, long arg)
{
  struct task *t = malloc (sizeof *t);
  if (!t)
    abort ();
  t->arg = arg;
  pthread_mutex_lock (&p->lock);
  t->next = p->head;
  p->head = t;
  pthread_cond_signal (&p->cv);
  pthread_mutex_unlock (&p->lock);
}

int
main (void)
{
  struct pool p = { .lock = PTHREAD_MUTEX_INITIALIZER,
                    .cv = PTHREAD_COND_INITIALIZER };
  for (int i = 0; i < 4; i++)
    pthread_create (&p.threads[i], NULL, worker, &p);
  for (long i = 0; i < 64; i++)
    submit (&p, i);
#ifdef OTHERLOCK
  pthread_mutex_lock (&other);
#else
  pthread_mutex_lock (&p.lock);
#endif
  p.draining = 1;
  p.stop = 1;
#ifdef OTHERLOCK
  pthread_mutex_unlock (&other);
#else
  pthread_mutex_unlock (&p.lock);
#endif
  pthread_cond_broadcast (&p.cv);
  for (int i = 0; i < 4; i++)
    pthread_join (p.threads[i], NULL);
  long total = 0;
  for (int i = 0; i < 64; i++)
    total += sums[i];
  printf ("%ld\n", total);
  return 0;
}
