/* private_arg_heap.c — thread-argument structs on the heap: main gives
 * each worker a freshly allocated job, fills it before the create and
 * reads it after the join; the workers do store buffering on their own
 * job's two fields.  No other thread reaches a job: no fence (minimum).
 * Variants that share a job, and must keep store buffering's fences:
 *   -DSAME     one job given to both workers (the fields really race);
 *   -DPUBLISH  the jobs' addresses also stored into globals, and P1
 *              works on P0's job, read from the global;
 *   -DLATE     main does store buffering with P0's job while P0 runs;
 *   -DLOOPSAME one job allocated before a create loop (every worker gets
 *              it; P0 then does store buffering with its other instances:
 *              one writes a and reads b, another writes b and reads a).
 * -DLOOP creates P0 in a loop with an allocation per iteration (private
 * again: no fence). */
#include <pthread.h>
#include <stdlib.h>

struct job { int a, b, ra, rb; };
struct job *pub0, *pub1;

static void *P0 (void *arg)
{
  struct job *j = arg;
  j->a = 1;
  j->ra = j->b;
#ifdef LOOPSAME
  j->b = 1;
  j->rb = j->a;
#endif
  return 0;
}

static void *P1 (void *arg)
{
#ifdef PUBLISH
  struct job *j = pub0;   /* P0's job, where main published it */
  (void) arg;
#else
  struct job *j = arg;
#endif
  j->b = 1;
  j->rb = j->a;
  return 0;
}

int main (void)
{
  pthread_t t[2];
  int sum = 0;
#if defined LOOP || defined LOOPSAME
# ifdef LOOPSAME
  struct job *one = calloc (1, sizeof *one);
# endif
  for (int i = 0; i < 2; i++)
    {
# ifdef LOOPSAME
      struct job *j = one;
# else
      struct job *j = calloc (1, sizeof *j);
# endif
      pthread_create (&t[i], 0, P0, j);
    }
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
#else
  struct job *j0 = malloc (sizeof *j0);
# ifdef SAME
  struct job *j1 = j0;
# else
  struct job *j1 = malloc (sizeof *j1);
# endif
  if (!j0 || !j1)
    return 1;
  j0->a = j0->b = 0;
  j1->a = j1->b = 0;
# ifdef PUBLISH
  pub0 = j0;
  pub1 = j1;
# endif
  pthread_create (&t[0], 0, P0, j0);
  pthread_create (&t[1], 0, P1, j1);
# ifdef LATE
  j0->b = 2;
  sum = j0->a;
# endif
  pthread_join (t[0], 0);
  pthread_join (t[1], 0);
  sum += j0->ra + j1->rb;
  free (j0);
# ifndef SAME
  free (j1);
# endif
#endif
  return sum;
}
