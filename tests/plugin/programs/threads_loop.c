/* threads_loop.c — IRIW by one worker started in a loop into an array of
 * handles (the index picks the role) and joined in a loop with the same
 * bounds; main writes x and reads y after the joins.  main is not
 * concurrent there: no fence in main (the worker's several instances need
 * their own).  Variants that must keep main concurrent (-D): JOIN_BOUND=3
 * (one thread not joined), BREAK (the join loop may leave early), TWICE
 * (a second create loop overwrites the handles of running threads).
 * GLOBAL_N: both loops read their bound from a global nothing writes
 * (the unit calls no code of another unit): main is not concurrent after
 * the join loop either. */
#include <pthread.h>
#include <stdio.h>

#ifndef JOIN_BOUND
#define JOIN_BOUND 4
#endif

int x, y, r[4], before, after, n = 4;

static void *worker (void *a)
{
  int id = *(int *) a;
  if (id == 0)
    x = 1;
  else if (id == 2)
    y = 1;
  else if (id == 1)
    {
      r[0] = x;
      r[1] = y;
    }
  else
    {
      r[2] = y;
      r[3] = x;
    }
  return 0;
}

int main (int argc, char **argv)
{
  pthread_t t[4];
  int ids[4];
  (void) argv;
  before = 1;
#ifdef GLOBAL_N
  for (int i = 0; i < n; i++)
#else
  for (int i = 0; i < 4; i++)
#endif
    {
      ids[i] = i;
      pthread_create (&t[i], 0, worker, &ids[i]);
    }
#ifdef TWICE
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], 0, worker, &ids[i]);
#endif
#ifdef GLOBAL_N
  for (int i = 0; i < n; i++)
#else
  for (int i = 0; i < JOIN_BOUND; i++)
#endif
    {
#ifdef BREAK
      if (argc > 5)
        break;
#endif
      pthread_join (t[i], 0);
    }
  x = 2;
  after = y;
  printf ("%d %d %d %d %d\n", r[0], r[1], r[2], r[3], after);
  return 0;
}
