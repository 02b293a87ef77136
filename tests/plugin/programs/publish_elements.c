/* publish_elements.c — a pool's tasks are the elements of one calloc'd
 * array: main fills task j and submits &tasks[j] through a queue under a
 * mutex, workers take tasks and read their input after the unlock, main
 * reads the results after the joins.  Filling task j happens before its
 * own submission; the earlier submissions published other elements
 * (plugin/pubelems.cc).  No fence is needed.
 *
 * -DCURSOR fills and submits the tasks through a pointer that steps
 * through the array (`t++`), -DUNSIGNED counts with an unsigned int,
 * -DSTACK keeps the tasks in an array of main's frame, -DSTATIC in a
 * static array only main names: no fence either (-DSTATIC -DPEEK: the
 * workers name it too, reading the last two tasks: fenced).
 *
 * Variants that race (fences stay):
 *   -DAFTER      main writes task j again after submitting it
 *   -DPREV       main writes task j - 1, already submitted
 *   -DNEIGHBOUR  a worker reads the next task's input through its pointer
 *   -DROUNDS     the fill-and-submit loop runs twice over the same tasks
 *                (also with -DCURSOR, as -DAFTER is; each also with -DSTACK
 *                and -DSTATIC)
 *   -DSHARE      the workers also get the whole array as their argument
 *                and read the last two tasks through it
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NTASK 16
#define NW 4

struct task { int in, out; struct task *next; };

#ifdef UNSIGNED
typedef unsigned idx_t;   /* kept below NTASK by the loop's test */
#else
typedef int idx_t;
#endif

#ifdef STATIC
static struct task tasks[NTASK];
#endif

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static struct task *qhead;
static int closing;

static void submit (struct task *t)
{
  pthread_mutex_lock (&qlock);
  t->next = qhead;
  qhead = t;
  pthread_cond_signal (&qcond);
  pthread_mutex_unlock (&qlock);
}

static struct task *take (void)
{
  pthread_mutex_lock (&qlock);
  while (!qhead && !closing)
    pthread_cond_wait (&qcond, &qlock);
  struct task *t = qhead;
  if (t)
    qhead = t->next;
  pthread_mutex_unlock (&qlock);
  return t;
}

static void *worker (void *arg)
{
#ifdef SHARE
  struct task *all = arg;
#else
  (void) arg;
#endif
  struct task *t;
  while ((t = take ()))
    {
#ifdef SHARE
      t->out = all[NTASK - 1].in - all[NTASK - 2].in;
      continue;
#endif
#if defined STATIC && defined PEEK
      t->out = tasks[NTASK - 1].in - tasks[NTASK - 2].in;
      continue;
#endif
#ifdef NEIGHBOUR
      t->out = t->in < NTASK - 1 ? t[1].in : t->in;
#else
      t->out = t->in * t->in;
#endif
    }
  return NULL;
}

int main (void)
{
  pthread_t w[NW];
#if defined STACK
  struct task tasks[NTASK];
#elif !defined STATIC

  struct task *tasks = calloc (NTASK, sizeof *tasks);
  if (!tasks)
    return 1;
#endif
  for (int i = 0; i < NW; i++)
#ifdef SHARE
    pthread_create (&w[i], NULL, worker, tasks);
#else
    pthread_create (&w[i], NULL, worker, NULL);
#endif
#ifdef ROUNDS
  for (int r = 0; r < 2; r++)
#endif
#ifdef CURSOR
  for (struct task *t = tasks; t < tasks + NTASK; t++)
    {
      t->in = (int) (t - tasks);
      submit (t);
#ifdef AFTER
      t->in = 0;
#endif
    }
#else
  for (idx_t j = 0; j < NTASK; j++)
    {
      tasks[j].in = j;
      submit (&tasks[j]);
#ifdef AFTER
      tasks[j].in = -j;
#endif
#ifdef PREV
      if (j > 0)
        tasks[j - 1].in = 0;
#endif
    }
#endif
  pthread_mutex_lock (&qlock);
  closing = 1;
  pthread_cond_broadcast (&qcond);
  pthread_mutex_unlock (&qlock);
  for (int i = 0; i < NW; i++)
    pthread_join (w[i], NULL);
  long s = 0;
  for (int j = 0; j < NTASK; j++)
    s += tasks[j].out;
  printf ("%ld\n", s);
#if !defined STACK && !defined STATIC
  free (tasks);
#endif
  return 0;
}
