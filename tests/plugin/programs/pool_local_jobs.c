/* pool_local_jobs.c — a thread pool whose jobs are main's local array:
 * main fills `jobs[i]` (the function to run and its input) and links
 * `&jobs[i]` into the pool's list under the lock; a worker unlinks a job
 * under the lock and runs `j->fn (j)`, the function writing its result
 * into the job; main reads the results after joining the workers.  The
 * call through the member runs only the functions the unit stores there
 * (entries.cc), each touching the job it is given and keeping no copy of
 * its address (private.cc callee_stores, param_accesses), so main's
 * stores before each submit are before the job's publication (publish.cc,
 * pubelems.cc): no fence on any target.  (Before: 8 fences on Power,
 * ARMv8 and ARMv7, in main's filling loop and in the stored functions.)
 * Variants the rule must not prune (main's stores stay shared):
 *   -DLEAK      one stored function keeps the job's address in a global
 *               that main reads while the workers run;
 *   -DNEIGHBOUR one stored function reads the next element of the array
 *               (`j[1].in`), which main may be filling right then: a real
 *               race, whose fences stay on the weak targets.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c pool_local_jobs.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NJOBS 16

struct job
{
  struct job *next;
  void (*fn) (struct job *);
  int in;
  long out;
};

static struct
{
  pthread_mutex_t m;
  pthread_cond_t more;
  struct job *head;
  int quit;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0 };

static void
square (struct job *j)
{
  j->out = (long) j->in * j->in;
}

#ifdef LEAK
static struct job *last;
static void
remember (struct job *j)
{
  j->out = j->in;
  last = j;
}
#define OTHER remember
#elif defined NEIGHBOUR
static void
peek (struct job *j)
{
  j->out = j[1].in;
}
#define OTHER peek
#else
static void
cube (struct job *j)
{
  j->out = (long) j->in * j->in * j->in;
}
#define OTHER cube
#endif

static void *
worker (void *unused)
{
  (void) unused;
  for (;;)
    {
      pthread_mutex_lock (&pool.m);
      while (!pool.head && !pool.quit)
        pthread_cond_wait (&pool.more, &pool.m);
      struct job *j = pool.head;
      if (j)
        pool.head = j->next;
      pthread_mutex_unlock (&pool.m);
      if (!j)
        return NULL;
      j->fn (j);
    }
}

static void
submit (struct job *j)
{
  pthread_mutex_lock (&pool.m);
  j->next = pool.head;
  pool.head = j;
  pthread_cond_signal (&pool.more);
  pthread_mutex_unlock (&pool.m);
}

int
main (void)
{
  pthread_t t[3];
  struct job jobs[NJOBS + 1];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < NJOBS; i++)
    {
      jobs[i].fn = i % 2 ? OTHER : square;
      jobs[i].in = i;
      submit (&jobs[i]);
#ifdef LEAK
      if (last)
        printf ("%d\n", last->in);
#endif
    }
  pthread_mutex_lock (&pool.m);
  pool.quit = 1;
  pthread_cond_broadcast (&pool.more);
  pthread_mutex_unlock (&pool.m);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  long s = 0;
  for (int i = 0; i < NJOBS; i++)
    s += jobs[i].out;
  printf ("%ld\n", s);
  return 0;
}
