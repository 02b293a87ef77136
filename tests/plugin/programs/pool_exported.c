/* pool_exported.c — a thread pool written the usual way in one file with
 * exported functions: pool_create starts the workers, pool_submit queues
 * a task (a function pointer and its argument) under the pool's mutex,
 * each worker calls `t->fn (t->arg)` outside the lock, pool_destroy joins.
 * The unit calls no code of other units but through the task's member,
 * which only the unit's own pool_submit calls fill with the unit's own
 * functions (entries.cc, closed_member_calls): the call runs those
 * functions in the workers, not unknown code.
 *   -DSB        the two task functions do store buffering on x and y: each
 *               is fenced, in the workers that run them
 *   -DEXTERNAL  one task is a function of another unit: unknown code in
 *               the workers, as before
 *   -DOUTSIDE   main calls a function of another unit: other units' code
 *               may call pool_submit, as before
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -S */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct task { void (*fn) (void *); void *arg; struct task *next; };
struct pool {
  pthread_mutex_t lock;
  pthread_cond_t cv;
  struct task *head, *tail;
  int shutdown, nthreads;
  pthread_t *threads;
};

static void *pool_worker (void *arg)
{
  struct pool *p = arg;
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      while (!p->head && !p->shutdown)
        pthread_cond_wait (&p->cv, &p->lock);
      if (!p->head && p->shutdown)
        {
          pthread_mutex_unlock (&p->lock);
          break;
        }
      struct task *t = p->head;
      p->head = t->next;
      if (!p->head)
        p->tail = NULL;
      pthread_mutex_unlock (&p->lock);
      t->fn (t->arg);
      free (t);
    }
  return NULL;
}

struct pool *pool_create (int n)
{
  struct pool *p = calloc (1, sizeof *p);
  pthread_mutex_init (&p->lock, NULL);
  pthread_cond_init (&p->cv, NULL);
  p->nthreads = n;
  p->threads = malloc (n * sizeof *p->threads);
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], NULL, pool_worker, p);
  return p;
}

void pool_submit (struct pool *p, void (*fn) (void *), void *arg)
{
  struct task *t = malloc (sizeof *t);
  t->fn = fn;
  t->arg = arg;
  t->next = NULL;
  pthread_mutex_lock (&p->lock);
  if (p->tail)
    p->tail->next = t;
  else
    p->head = t;
  p->tail = t;
  pthread_cond_signal (&p->cv);
  pthread_mutex_unlock (&p->lock);
}

void pool_destroy (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->shutdown = 1;
  pthread_cond_broadcast (&p->cv);
  pthread_mutex_unlock (&p->lock);
  for (int i = 0; i < p->nthreads; i++)
    pthread_join (p->threads[i], NULL);
  free (p->threads);
  free (p);
}

static long squares[64];
int x, y, r0, r1;

static void square (void *arg)
{
  long i = (long) arg;
  squares[i] = i * i;
#ifdef SB
  x = 1;
  r0 = y;
#endif
}

static void cube (void *arg)
{
  long i = (long) arg;
  squares[i] = i * i * i;
#ifdef SB
  y = 1;
  r1 = x;
#endif
}

#ifdef EXTERNAL
extern void report (void *);
#endif
#ifdef OUTSIDE
extern void setup (struct pool *);
#endif

int main (void)
{
  struct pool *p = pool_create (4);
#ifdef OUTSIDE
  setup (p);
#endif
  for (long i = 0; i < 64; i++)
    pool_submit (p, i % 2 ? cube : square, (void *) i);
#ifdef EXTERNAL
  pool_submit (p, report, NULL);
#endif
  pool_destroy (p);
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += squares[i];
  printf ("%ld\n", s);
  return 0;
}
