/* pool_cond.c — the thread pool C programs write: pool_init (&pool)
 * initialises a mutex, a condition variable and an empty task list in the
 * pool on main's stack and starts four workers into pool->th[i];
 * pool_submit queues tasks (a function pointer and its argument) under the
 * mutex; pool_destroy takes the mutex, sets stop, broadcasts, unlocks and
 * joins pool->th[0..3].  Each task writes its own results[i]; main sums
 * them after pool_destroy.  The join loop joins every worker although the
 * same function locks the mutex inside the pool and stores its stop
 * member (region.cc, handles.cc: a lock library call or a store outside
 * the handles' array leaves them alone): main runs alone after it, and
 * no target needs a fence.  Variants where a worker may outlive
 * pool_destroy keep message passing's fences in main and the task:
 *   SHORT    pool_destroy joins three of the four workers
 *   CLOBBER  pool_destroy copies one handle over another before joining
 * threads_arrays.sh */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct task {
  void (*fn) (void *);
  void *arg;
  struct task *next;
} task_t;

typedef struct {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  task_t *head, *tail;
  int stop;
  pthread_t th[4];
} pool_t;

static void *
worker (void *arg)
{
  pool_t *pool = arg;
  for (;;)
    {
      pthread_mutex_lock (&pool->mu);
      while (!pool->head && !pool->stop)
        pthread_cond_wait (&pool->cv, &pool->mu);
      task_t *t = pool->head;
      if (!t)
        {
          pthread_mutex_unlock (&pool->mu);
          return NULL;
        }
      pool->head = t->next;
      if (!pool->head)
        pool->tail = NULL;
      pthread_mutex_unlock (&pool->mu);
      t->fn (t->arg);
      free (t);
    }
}

static void
pool_init (pool_t *p)
{
  pthread_mutex_init (&p->mu, NULL);
  pthread_cond_init (&p->cv, NULL);
  p->head = p->tail = NULL;
  p->stop = 0;
  for (int i = 0; i < 4; i++)
    pthread_create (&p->th[i], NULL, worker, p);
}

static void
pool_submit (pool_t *p, void (*fn) (void *), void *arg)
{
  task_t *t = malloc (sizeof *t);
  if (!t)
    abort ();
  t->fn = fn;
  t->arg = arg;
  t->next = NULL;
  pthread_mutex_lock (&p->mu);
  if (p->tail)
    p->tail->next = t;
  else
    p->head = t;
  p->tail = t;
  pthread_cond_signal (&p->cv);
  pthread_mutex_unlock (&p->mu);
}

static void
pool_destroy (pool_t *p)
{
  pthread_mutex_lock (&p->mu);
  p->stop = 1;
  pthread_cond_broadcast (&p->cv);
  pthread_mutex_unlock (&p->mu);
#ifdef CLOBBER
  p->th[1] = p->th[0];
#endif
#ifdef SHORT
  for (int i = 0; i < 3; i++)
#else
  for (int i = 0; i < 4; i++)
#endif
    pthread_join (p->th[i], NULL);
}

static long results[100];

static void
square (void *a)
{
  long i = (long) a;
  results[i] = i * i;
}

int
main (void)
{
  pool_t pool;
  pool_init (&pool);
  for (long i = 0; i < 100; i++)
    pool_submit (&pool, square, (void *) i);
  pool_destroy (&pool);
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += results[99 - i];
  printf ("%ld\n", s);
  return 0;
}
