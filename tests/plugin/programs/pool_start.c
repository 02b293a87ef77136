/* pool_start.c — a C thread pool as it is usually written: the pool is a
 * local of main, pool_start (&pool) fills it in and starts the workers
 * with the pool as their argument, every job and the stop flag go
 * through the pool's mutex, pool_stop (&pool) sets stop under the lock
 * and joins the workers.  No fence is needed: the only sharing is under
 * the lock (the helper's parameter always points to main's pool, so the
 * workers' `p->mu` is pool.mu and their `p->head` is pool.head).
 *   -DSTATIC  the pool is a static object instead
 *   -DRACY    store buffering outside the lock: the worker sets p->seen
 *             and reads p->ready, main sets pool.ready and reads
 *             pool.seen (fences needed in both)
 *   -DLATE    the same race, but pool_start sets p->ready and reads
 *             p->seen after its creates: its code after the first
 *             create runs next to the workers (fences in pool_start)
 * Usage: pool_start   prints the sum of the jobs (28)
 */
#include <pthread.h>
#include <stdio.h>

struct pool {
  pthread_mutex_t mu;
  int stop, head, tail, jobs[16];
  long sum;
  int seen, ready, misses;
  pthread_t th[4];
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
#if defined RACY || defined LATE
  p->seen = 1;
  if (!p->ready)
    p->misses++;
#endif
  for (;;)
    {
      pthread_mutex_lock (&p->mu);
      if (p->stop && p->head == p->tail)
        {
          pthread_mutex_unlock (&p->mu);
          return 0;
        }
      if (p->head != p->tail)
        {
          p->sum += p->jobs[p->head % 16];
          p->head++;
        }
      pthread_mutex_unlock (&p->mu);
    }
}

static void
pool_start (struct pool *p)
{
  p->stop = 0;
  p->head = p->tail = 0;
  p->sum = 0;
  pthread_mutex_init (&p->mu, 0);
  for (int i = 0; i < 4; i++)
    pthread_create (&p->th[i], 0, worker, p);
#ifdef LATE
  p->ready = 1;
  if (!p->seen)
    p->misses++;
#endif
}

static void
pool_stop (struct pool *p)
{
  pthread_mutex_lock (&p->mu);
  p->stop = 1;
  pthread_mutex_unlock (&p->mu);
  for (int i = 0; i < 4; i++)
    pthread_join (p->th[i], 0);
}

int
main (void)
{
#ifdef STATIC
  static struct pool pool;
#else
  struct pool pool;
#endif
  pool_start (&pool);
#ifdef RACY
  pool.ready = 1;
  if (!pool.seen)
    pool.misses++;
#endif
  for (int i = 0; i < 8; i++)
    {
      pthread_mutex_lock (&pool.mu);
      if (pool.tail - pool.head < 16)
        pool.jobs[pool.tail++ % 16] = i;
      pthread_mutex_unlock (&pool.mu);
    }
  pool_stop (&pool);
  printf ("%ld\n", pool.sum);
  return 0;
}
