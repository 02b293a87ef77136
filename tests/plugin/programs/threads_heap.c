/* threads_heap.c — worker threads whose count comes from the command line:
 * handles and arguments in arrays the creator allocates, one element per
 * thread, read back after each thread is joined (the way a program with
 * `-j N` writes it).  Each worker touches only its own element, main only
 * before the create and after the join: no fence (minimum).
 *   default    struct worker { pthread_t tid; ... } in one calloc'd array,
 *              pthread_create (&ws[i].tid, 0, run, &ws[i]);
 *   -DSEPARATE the handles in one malloc'd array, the arguments in another.
 *   -DDATA     each worker also reads an input array main filled, through a
 *              pointer member of its element (its `int` reads may touch any
 *              `int` by type, the elements' ids too: main's writes of the
 *              next elements while the first threads run are its own).
 * Variants that race (the workers fenced):
 *   -DNEIGHBOUR a worker also adds to the next element;
 *   -DEARLY     main reads an element's count before joining its thread;
 *   -DOTHER     the join loop reads element i + 1 after joining thread i;
 *   -DSELF      a worker reads its own handle member (written by the
 *               create while it may run);
 *   -DPARTIAL   the join loop skips the last thread, then main reads every
 *               element.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c threads_heap.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker
{
  pthread_t tid;
  int id;
  long count;
  double sum;
#ifdef DATA
  const int *data;
#endif
};

static void *
run (void *arg)
{
  struct worker *w = arg;
  for (int i = 0; i < 1000; i++)
    {
      w->count++;
      w->sum += i * w->id;
#ifdef DATA
      w->sum += w->data[i];
#endif
#ifdef NEIGHBOUR
      w[1].count++;
#endif
#ifdef SELF
      if (w->tid == 0)
        w->sum = 0;
#endif
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1)
    return 1;
  struct worker *ws = calloc (n + 1, sizeof *ws);
#ifdef SEPARATE
  pthread_t *ts = malloc (n * sizeof *ts);
#endif
  if (!ws)
    return 1;
  long total = 0;
  double s = 0;
#ifdef DATA
  int *in = malloc (1000 * sizeof *in);
  if (!in)
    return 1;
  for (int i = 0; i < 1000; i++)
    in[i] = i;
#endif
  for (int i = 0; i < n; i++)
    {
      ws[i].id = i;
#ifdef DATA
      ws[i].data = in;
#endif
#ifdef SEPARATE
      pthread_create (&ts[i], NULL, run, &ws[i]);
#else
      pthread_create (&ws[i].tid, NULL, run, &ws[i]);
#endif
#ifdef EARLY
      total += ws[i].count;
#endif
    }
#ifdef PARTIAL
  for (int i = 0; i < n - 1; i++)
    pthread_join (ws[i].tid, NULL);
  for (int i = 0; i < n; i++)
    {
      total += ws[i].count;
      s += ws[i].sum;
    }
#else
  for (int i = 0; i < n; i++)
    {
# ifdef SEPARATE
      pthread_join (ts[i], NULL);
# else
      pthread_join (ws[i].tid, NULL);
# endif
# ifdef OTHER
      total += ws[i + 1].count;
# else
      total += ws[i].count;
# endif
      s += ws[i].sum;
    }
#endif
  printf ("%ld %f\n", total, s);
#ifdef SEPARATE
  free (ts);
#endif
  free (ws);
  return 0;
}
