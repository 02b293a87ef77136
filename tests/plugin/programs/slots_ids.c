/* slots_ids.c — the way thread tutorials number their threads: an array
 * of ints, ids[i] = i, pthread_create (&t[i], 0, worker, &ids[i]), and
 * `int id = *(int *) arg` in the worker, which adds into partial[id];
 * main sums slot i right after joining thread i: no fence
 * (plugin/claims.cc); -DCONST (every id is 0): no fence either, each run
 * of a worker touching one slot.  Variants that keep their fences (every
 * target):
 *   -DLATE       the id is stored after the create;
 *   -DWRITE      a worker changes its own id;
 *   -DSHARED     two threads get one id (&ids[i / 2]);
 *   -DMAINWRITE  main changes an id while the threads run;
 *   -DNEIGHBOUR  a worker also adds into the next thread's slot.
 * -DEXPORTED (the worker not static, as tutorials write it: no other
 * unit's code runs, none can call it) keeps no fence; -DEXPORTED
 * -DFOREIGN (main also calls another unit's report (), which may call
 * the worker with any argument) keeps the worker's.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c slots_ids.c
 */
#include <pthread.h>
#define T 4
#define N 4000
static long partial[T + 1];
static int data[N];

#ifdef EXPORTED
void *worker (void *arg);
#else
static
#endif
void *
worker (void *arg)
{
  int id = *(int *) arg;
  for (int k = id * (N / T); k < (id + 1) * (N / T); k++)
    {
      partial[id] += data[k];
#ifdef NEIGHBOUR
      partial[(id + 1) % T] += 1;
#endif
    }
#ifdef WRITE
  *(int *) arg = (id + 1) % T;
  partial[*(int *) arg] += 1;
#endif
  return 0;
}

int
main (void)
{
  pthread_t t[T];
  int ids[T];
  long s = 0;
  for (int i = 0; i < N; i++)
    data[i] = i;
  for (int i = 0; i < T; i++)
    {
#if defined CONST
      ids[i] = 0;
#elif !defined LATE
      ids[i] = i;
#endif
#ifdef SHARED
      pthread_create (&t[i], 0, worker, &ids[i / 2]);
#else
      pthread_create (&t[i], 0, worker, &ids[i]);
#endif
#ifdef LATE
      ids[i] = i;
#endif
    }
#ifdef MAINWRITE
  ids[0] = 1;
#endif
#ifdef FOREIGN
  extern void report (void);
  report ();
#endif
  for (int i = 0; i < T; i++)
    {
      pthread_join (t[i], 0);
      s += partial[i];
    }
  return s == 0;
}
