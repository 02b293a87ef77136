/* heap_once_index.c — an array main allocates once, written by index in a
 * loop while a worker given the array reads two of its elements at known
 * offsets: message passing through the array (main writes element 14 and
 * then 15, the worker reads 15 and then 14).  The worker's accesses are
 * words of the object allocated once (heaponce.cc: named locations at
 * known offsets), main's computed index may touch them: both sides need
 * their fence on the weak targets.
 *
 * -DHELPER fills it through a helper given the array: fenced as well.
 * -DBEFORE fills the array before the create: no race, no fence.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

struct task { int in, out; };

static void *worker (void *arg)
{
  struct task *all = arg;
  int a = all[N - 1].in;
  int b = all[N - 2].in;
  printf ("%d %d\n", a, b);
  return NULL;
}

static void fill (struct task *tasks)
{
  for (int j = 0; j < N; j++)
    tasks[j].in = j + 1;
}

int main (void)
{
  pthread_t w;
  struct task *tasks = calloc (N, sizeof *tasks);
  if (!tasks)
    return 1;
#ifdef BEFORE
  for (int j = 0; j < N; j++)
    tasks[j].in = j + 1;
#endif
  pthread_create (&w, NULL, worker, tasks);
#if defined HELPER
  fill (tasks);
#elif !defined BEFORE
  for (int j = 0; j < N; j++)
    tasks[j].in = j + 1;
#endif
  pthread_join (w, NULL);
  free (tasks);
  return 0;
}
