/* pool_hdr.c — a thread pool whose workers call `j->run (j->arg)`, the
 * job type declared in the program's header pool_job.h (not the main
 * file).  The unit calls no other unit's code, so only its own stores
 * write `run` (square, log_it): the call is resolved to them
 * (entries.cc field_hook_scan, program_record) and they run in the
 * workers, not as threads of their own; the workers need no fence.
 * -DFOREIGN: main also calls a function of another unit, which could
 * reach a job through the header: the call stays unresolved (every
 * address-taken function a thread entry with several instances).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c pool_hdr.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "pool_job.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static struct job *head;
static int stop;
static pthread_t th[4];
static int nth;

static void *
worker (void *a)
{
  (void) a;
  for (;;)
    {
      pthread_mutex_lock (&m);
      while (!head && !stop)
        pthread_cond_wait (&cv, &m);
      struct job *j = head;
      if (j)
        head = j->next;
      pthread_mutex_unlock (&m);
      if (!j)
        return 0;
      j->run (j->arg);
      free (j);
    }
}

void
pool_start (int n)
{
  nth = n;
  for (int i = 0; i < n; i++)
    pthread_create (&th[i], 0, worker, 0);
}

void
pool_submit (struct job *j)
{
  pthread_mutex_lock (&m);
  j->next = head;
  head = j;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
}

void
pool_finish (void)
{
  pthread_mutex_lock (&m);
  stop = 1;
  pthread_cond_broadcast (&cv);
  pthread_mutex_unlock (&m);
  for (int i = 0; i < nth; i++)
    pthread_join (th[i], 0);
}

#ifdef FOREIGN
extern void other_unit (void);
#endif

static long sums[16];
static int ready, seen;
static pthread_mutex_t sl = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void
square (void *a)
{
  long k = (long) a;
  sums[k] = k * k;
  pthread_mutex_lock (&sl);
  total += sums[k];
  pthread_mutex_unlock (&sl);
}

static void
log_it (void *a)
{
  (void) a;
  if (ready)
    seen = 1;
}

int
main (void)
{
  pool_start (4);
  ready = 1;
  for (long k = 0; k < 16; k++)
    {
      struct job *j = malloc (sizeof *j);
      j->run = k % 4 ? square : log_it;
      j->arg = (void *) k;
      pool_submit (j);
    }
  pool_finish ();
#ifdef FOREIGN
  other_unit ();
#endif
  printf ("%ld %d\n", total, seen);
  return 0;
}
