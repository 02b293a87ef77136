/* private_arg_stack.c — thread-argument structs in the creator's frame:
 * an array element per thread, indexed by the create loop's counter
 * (filled before the create in the same iteration, read after the join
 * loop), or two local structs given to two routines.  Each worker does
 * store buffering on its own struct's fields: no fence (minimum).
 * Variants that must keep the fences:
 *   -DONE        every iteration gives &jobs[0] (one struct, two workers);
 *   -DGLOBAL     &jobs[1] is also stored into a global;
 *   -DTOUCH      main writes jobs[0] inside the create loop, after the
 *                create (while the first worker runs);
 *   -DNEIGHBOUR  the worker reads the next element through its pointer
 *                (j[1].b: pointer arithmetic reaches another thread's);
 *   -DTWO_SAME   (with -DTWO) both routines get &a.
 * -DTWO: locals a and b given to P0 and P1 (private: no fence).
 * -DSTATIC: the same objects as file-scope statics only main names (main
 * runs once, so it hands each out once): the same answers for every
 * variant above, and two more that keep the fences:
 *   -DNAMED      P0 also reads jobs[1].b by name (another function names
 *                the static);
 *   -DHELPER     a helper called twice runs the create loop (each element
 *                goes to two workers). */
#include <pthread.h>

struct job { int a, b, ra, rb; };
struct job *pub;
#ifdef STATIC
static struct job jobs[3], a, b;
#endif

static void *P0 (void *arg)
{
  struct job *j = arg;
  j->a = 1;
#ifdef NEIGHBOUR
  j->ra = j[1].b;
#elif defined NAMED
  j->ra = j->b + jobs[1].b;
#else
  j->ra = j->b;
#endif
  return 0;
}

#ifdef TWO
static void *P1 (void *arg)
{
  struct job *j = arg;
  j->b = 1;
  j->rb = j->a;
  return 0;
}
#endif

#ifdef HELPER
static void start (pthread_t *t)
{
  for (int i = 0; i < 2; i++)
    {
      jobs[i].a = jobs[i].b = 0;
      pthread_create (&t[i], 0, P0, &jobs[i]);
    }
}
#endif

int main (void)
{
#ifdef HELPER
  pthread_t t[4];
  int sum = 0;
  start (t);
  start (t + 2);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], 0);
  return sum + jobs[0].ra + jobs[1].ra;
#else
  pthread_t t[2];
  int sum = 0;
#endif
#ifdef TWO
# ifndef STATIC
  struct job a = { 0, 0, 0, 0 }, b = { 0, 0, 0, 0 };
# endif
  pthread_create (&t[0], 0, P0, &a);
# ifdef TWO_SAME
  pthread_create (&t[1], 0, P1, &a);
# else
  pthread_create (&t[1], 0, P1, &b);
# endif
  pthread_join (t[0], 0);
  pthread_join (t[1], 0);
  sum = a.ra + b.rb;
#else
# ifndef STATIC
  struct job jobs[3];
# endif
  jobs[2].b = 0;
# ifdef GLOBAL
  pub = &jobs[1];
# endif
  for (int i = 0; i < 2; i++)
    {
      jobs[i].a = jobs[i].b = 0;
# ifdef ONE
      pthread_create (&t[i], 0, P0, &jobs[0]);
# else
      pthread_create (&t[i], 0, P0, &jobs[i]);
# endif
# ifdef TOUCH
      jobs[0].b = 2;
# endif
    }
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  for (int i = 0; i < 2; i++)
    sum += jobs[i].ra;
#endif
  return sum;
}
