/* launch_keep.c — message passing between two threads started through a
 * helper that keeps the routine in the job it returns (j->fn = fn), as
 * thread-pool wrappers do, and joined through another (finish): where no
 * code of the unit calls through memory and every library call is one
 * that calls back nothing it finds there, the kept pointer runs nowhere
 * else, so each routine is one thread: message passing's minimum (Power:
 * an lwsync per thread; entries.sh).  Variants where the kept routine may
 * run again, as a thread of several instances (Power: a sync per thread):
 *   -DCALL    main calls j->fn (j->arg) itself (an indirect call);
 *   -DEXTERN  the job goes to a function of another unit. */
#include <pthread.h>
#include <stdlib.h>

struct job { pthread_t tid; void *(*fn) (void *); void *arg; };
#ifdef EXTERN
extern void register_job (struct job *);
#endif

static struct job *launch (void *(*fn) (void *), void *arg)
{
  struct job *j = malloc (sizeof *j);
  if (!j)
    abort ();
  j->fn = fn;
  j->arg = arg;
  pthread_create (&j->tid, NULL, fn, arg);
#ifdef EXTERN
  register_job (j);
#endif
  return j;
}

static void finish (struct job *j)
{
  pthread_join (j->tid, NULL);
#ifdef CALL
  j->fn (j->arg);
#endif
  free (j);
}

int data, ready, seen;
static void *writer (void *a) { data = 7; ready = 1; return a; }
static void *reader (void *a) { if (ready) seen = data; return a; }

int main (void)
{
  struct job *w = launch (writer, NULL), *r = launch (reader, NULL);
  finish (w);
  finish (r);
  return seen;
}
