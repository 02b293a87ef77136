/* partial_args.c — per-thread partial sums written the way pthread
 * tutorials write them: each worker gets a struct of main's local array
 * holding a pointer to main's sums and its own index, and adds into
 * `a->partial[a->id]`; main adds the sums up after the joins.  One
 * activation touches one word of the sums, however often its loop runs:
 * no fence on any target (tests/plugin/keyed_members.sh).
 *   -DMOVE_ID  the worker writes its own index: its words may move
 *   -DLATE     main changes a worker's index while the worker runs
 *   -DFLAG     the worker raises a flag main polls before the join
 *              (message passing: fenced on the weak targets)
 *   -DSB       two workers raise flags and read each other's (store
 *              buffering: fenced everywhere) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg {
  long *partial;
  const int *data;
  int id, n, len;
  int *done;
};

static void *
sum (void *p)
{
  struct arg *a = p;
  for (int i = a->id; i < a->len; i += a->n)
    {
      a->partial[a->id] += a->data[i];
#ifdef MOVE_ID
      a->id ^= 0;
#endif
    }
#ifdef FLAG
  a->done[a->id] = 1;
#endif
#ifdef SB
  a->done[a->id] = 1;
  if (a->done[a->id ^ 1] == 0)
    a->partial[a->id] = -1;
#endif
  return NULL;
}

int
main (void)
{
  enum { T = 4, LEN = 1000 };
  int *data = malloc (LEN * sizeof *data);
  long partial[T] = { 0 };
  int done[T] = { 0 };
  struct arg args[T];
  pthread_t th[T];
  if (!data)
    return 1;
  for (int i = 0; i < LEN; i++)
    data[i] = 1;
  for (int t = 0; t < T; t++)
    {
      args[t] = (struct arg) { partial, data, t, T, LEN, done };
      pthread_create (&th[t], NULL, sum, &args[t]);
#ifdef LATE
      args[t].id = T - 1 - t;
#endif
    }
  long s = 0;
#ifdef FLAG
  for (int t = 0; t < T; t++)
    {
      while (!((volatile int *) done)[t])
        ;
      s += partial[t];
    }
#endif
  for (int t = 0; t < T; t++)
    {
      pthread_join (th[t], NULL);
      s += partial[t];
    }
  printf ("%ld\n", s);
  free (data);
  return 0;
}
