/* pool_fnptr.c — a thread pool whose tasks carry a function pointer: the
 * workers take tasks from a list under the pool's lock and call
 * `t->fn (t->arg)`; the unit stores only `job` there (through
 * pool_submit's parameter), so the call is a call of job (entries.cc,
 * field hooks), the tasks are filled before they are linked in under the
 * lock (publish.cc; the pool is main's local, its address only given to
 * the unit's code), and every member of the pool is touched under its
 * lock: no fence on any target.
 * A variant whose call stays unknown code (it may touch anything: the
 * workers and main keep fences on the weak targets):
 *   -DEXTERNAL  a task is shown to a function of another unit, which may
 *               store into it;
 * (-DEXPORTED: pool_submit is exported, and -DHEADER: struct task comes
 * from the program's header pool_fnptr.h, but main's unit calls no code
 * of other units, so none calls it or stores into `fn` (entries.cc
 * closed_member_calls, program_record): no fence either.)
 * -DSELF: the workers call `t->fn (t)`, handing the task itself to the
 * function stored in it (a call through the member passes its objects to
 * the member's own targets only): no fence either, with -DHEADER too;
 * with -DEXTERNAL the call stays unknown code.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c pool_fnptr.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef HEADER
# include "pool_fnptr.h"
#else
struct task
{
  void (*fn) (void *);
  void *arg;
  struct task *next;
};
#endif

struct pool
{
  pthread_mutex_t lock;
  pthread_cond_t cv;
  struct task *head;
  int stop;
  pthread_t threads[4];
};

#ifdef EXTERNAL
extern void trace_task (struct task *);
#endif

static void *
pool_worker (void *arg)
{
  struct pool *p = arg;
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      while (!p->head && !p->stop)
        pthread_cond_wait (&p->cv, &p->lock);
      if (!p->head)
        {
          pthread_mutex_unlock (&p->lock);
          break;
        }
      struct task *t = p->head;
      p->head = t->next;
      pthread_mutex_unlock (&p->lock);
#ifdef SELF
      t->fn (t);
#else
      t->fn (t->arg);
#endif
      free (t);
    }
  return NULL;
}

#ifndef EXPORTED
static
#endif
void
pool_submit (struct pool *p, void (*fn) (void *), void *arg)
{
  struct task *t = malloc (sizeof *t);
  if (!t)
    abort ();
  t->fn = fn;
  t->arg = arg;
#ifdef EXTERNAL
  trace_task (t);
#endif
  pthread_mutex_lock (&p->lock);
  t->next = p->head;
  p->head = t;
  pthread_cond_signal (&p->cv);
  pthread_mutex_unlock (&p->lock);
}

static long sums[64];

static void
job (void *arg)
{
#ifdef SELF
  long i = (long) ((struct task *) arg)->arg, s = 0;
#else
  long i = (long) arg, s = 0;
#endif
  for (long k = 0; k < i; k++)
    s += k;
  sums[i] = s;
}

int
main (void)
{
  struct pool p = { .lock = PTHREAD_MUTEX_INITIALIZER,
                    .cv = PTHREAD_COND_INITIALIZER };
  for (int i = 0; i < 4; i++)
    pthread_create (&p.threads[i], NULL, pool_worker, &p);
  for (long i = 0; i < 64; i++)
    pool_submit (&p, job, (void *) i);
  pthread_mutex_lock (&p.lock);
  p.stop = 1;
  pthread_cond_broadcast (&p.cv);
  pthread_mutex_unlock (&p.lock);
  for (int i = 0; i < 4; i++)
    pthread_join (p.threads[i], NULL);
  long total = 0;
  for (int i = 0; i < 64; i++)
    total += sums[i];
  printf ("%ld\n", total);
  return 0;
}
