/* slots_member.c — each thread adds into its own slot of a global array,
 * the slot named by a member of its argument struct that main set to the
 * create loop's counter (plugin/claims.cc): args[i].id = i;
 * pthread_create (&t[i], 0, worker, &args[i]), partial[a->id] in the
 * worker, main sums slot i right after joining thread i: no fence.
 * -DCONST (every thread's id is 0): no fence either, each run of a worker
 * touching one slot.  Variants that keep their fences (on every target):
 *   -DLATE       the id is stored after the create;
 *   -DWRITE      a worker changes its own id;
 *   -DSHARED     two threads get one struct (&args[i / 2]);
 *   -DMAINWRITE  main changes an id while the threads run;
 *   -DNEIGHBOUR  a worker also adds into the next thread's slot.
 */
#include <pthread.h>
#define T 4
#define N 4000
struct task { int id; int first, last; };
static long partial[T + 1];
static int data[N];

static void *worker (void *arg)
{
  struct task *a = arg;
  for (int i = a->first; i < a->last; i++)
    {
      partial[a->id] += data[i];
#ifdef NEIGHBOUR
      partial[(a->id + 1) % T] += 1;
#endif
    }
#ifdef WRITE
  a->id = (a->id + 1) % T;
  partial[a->id] += 1;
#endif
  return 0;
}

int main (void)
{
  pthread_t t[T];
  struct task args[T];
  long s = 0;
  for (int i = 0; i < N; i++)
    data[i] = i;
  for (int i = 0; i < T; i++)
    {
#if defined CONST
      args[i].id = 0;
#elif !defined LATE
      args[i].id = i;
#endif
      args[i].first = i * (N / T);
      args[i].last = (i + 1) * (N / T);
#ifdef SHARED
      pthread_create (&t[i], 0, worker, &args[i / 2]);
#else
      pthread_create (&t[i], 0, worker, &args[i]);
#endif
#ifdef LATE
      args[i].id = i;
#endif
    }
#ifdef MAINWRITE
  args[0].id = 1;
#endif
  for (int i = 0; i < T; i++)
    {
      pthread_join (t[i], 0);
      s += partial[i];
    }
  return s == 0;
}
