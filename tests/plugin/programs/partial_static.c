/* partial_static.c — per-thread partial sums through a static pointer
 * main sets to its local sums before the creates: `out[a->id] +=` in
 * the worker.  The load of `out` reads one known location that no
 * access running beside the threads writes (a pinned location,
 * addrkey.cc), and the index is a member of the worker's private
 * argument: one address per run of a worker, no fence on any target
 * (tests/plugin/keyed_members.sh).
 *   -DMOVE  main moves `out` while the workers run: fenced */
#include <pthread.h>
#include <stdio.h>

#define T 4

static long *out;
static int data[1000];

struct arg
{
  int id;
};

static void *
sum (void *p)
{
  struct arg *a = p;
  for (int i = a->id; i < 1000; i += T)
    out[a->id] += data[i];
  return NULL;
}

int
main (void)
{
  long partial[T] = { 0 };
  struct arg args[T];
  pthread_t th[T];
  for (int i = 0; i < 1000; i++)
    data[i] = 1;
  out = partial;
  for (int t = 0; t < T; t++)
    {
      args[t].id = t;
      pthread_create (&th[t], NULL, sum, &args[t]);
    }
#ifdef MOVE
  out = partial + 1;
#endif
  long s = 0;
  for (int t = 0; t < T; t++)
    {
      pthread_join (th[t], NULL);
      s += partial[t];
    }
  printf ("%ld\n", s);
  return 0;
}
