/* pool_heap.c — a thread pool as C code writes it: pool_create (n)
 * callocs the pool and its handle array (p->threads = calloc (n, ...)),
 * starts n workers that take tasks from a list under p->lock (waiting on
 * p->cond), pool_submit_under (p, p, arg) links a task in under the lock,
 * pool_destroy (p) sets p->shutdown under the lock, joins every worker
 * and frees the array and the pool; main sums the results after it.
 * Nothing races: no fence on any target.  main's code after the joins
 * and pool_destroy's after its join loop run alone (region.cc, handles.cc
 * `via`, join tails); the pool is the object of pool_create's calloc,
 * which runs once (main calls pool_create once), so the workers'
 * `&p->lock` and pool_submit_under's and pool_destroy's are one lock
 * (heaponce.cc, locks.cc) and a task is published under it.
 *   -DSHORT  pool_destroy joins one worker short: main's reads and
 *            pool_destroy's frees may run next to it.
 *   -DTWO    main makes a second pool q (pool_create runs twice: two
 *            objects) and links p's tasks in under q's lock: a race
 *            with p's workers.
 *   -DGLOBAL the workers find the pool in a static pointer pool_create
 *            sets (the only store to it): the same object.
 *   -DGLOBAL -DTWO  the static then holds one of two pools.
 * (pool_submit_under and pool_destroy are not inlined, so that the
 * assembly shows their fences in their own functions.)
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c pool_heap.c */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

struct task { long arg; struct task *next; };
typedef struct {
  pthread_t *threads;
  int nthreads;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct task *head, *tail;
  int shutdown;
} pool_t;

static int results[64];
static void square (long i) { results[i] = (int) (i * i); }

#ifdef GLOBAL
static pool_t *the_pool;
#endif

static void *worker (void *a)
{
#ifdef GLOBAL
  pool_t *p = the_pool;
  (void) a;
#else
  pool_t *p = a;
#endif
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      while (!p->head && !p->shutdown)
        pthread_cond_wait (&p->cond, &p->lock);
      if (!p->head)
        {
          pthread_mutex_unlock (&p->lock);
          break;
        }
      struct task *t = p->head;
      p->head = t->next;
      if (!p->head)
        p->tail = NULL;
      pthread_mutex_unlock (&p->lock);
      square (t->arg);
      free (t);
    }
  return NULL;
}

static pool_t *pool_create (int n)
{
  pool_t *p = calloc (1, sizeof *p);
  if (!p)
    return NULL;
  p->threads = calloc (n, sizeof (pthread_t));
  p->nthreads = n;
  pthread_mutex_init (&p->lock, NULL);
  pthread_cond_init (&p->cond, NULL);
#ifdef GLOBAL
  the_pool = p;
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], NULL, worker, NULL);
#else
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], NULL, worker, p);
#endif
  return p;
}

/* links a task into p's list under q's lock: pool_submit (p, arg) is
   pool_submit_under (p, p, arg); with q another pool it races with p's
   workers */
static __attribute__ ((noinline)) void pool_submit_under (pool_t *p, pool_t *q,
                                                        long arg)
{
  struct task *t = malloc (sizeof *t);

  t->arg = arg;
  t->next = NULL;
  pthread_mutex_lock (&q->lock);
  if (p->tail)
    p->tail->next = t;
  else
    p->head = t;
  p->tail = t;
  pthread_cond_signal (&p->cond);
  pthread_mutex_unlock (&q->lock);
}

static __attribute__ ((noinline)) void pool_destroy (pool_t *p)
{
  pthread_mutex_lock (&p->lock);
  p->shutdown = 1;
  pthread_cond_broadcast (&p->cond);
  pthread_mutex_unlock (&p->lock);
#ifdef SHORT
  for (int i = 0; i < p->nthreads - 1; i++)
#else
  for (int i = 0; i < p->nthreads; i++)
#endif
    pthread_join (p->threads[i], NULL);
  free (p->threads);
  free (p);
}


int main (void)
{
  pool_t *p = pool_create (4);
#ifdef TWO
  pool_t *q = pool_create (1);
  for (long i = 0; i < 64; i++)
    pool_submit_under (p, q, i);
  pool_destroy (q);
#else
  for (long i = 0; i < 64; i++)
    pool_submit_under (p, p, i);
#endif
  pool_destroy (p);
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += results[i];
  printf ("%ld\n", s);
  return 0;
}
