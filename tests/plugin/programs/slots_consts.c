/* slots_consts.c — threads numbered the way small programs number them:
 * one pthread_create per thread, each passing its own constant,
 * `pthread_create (&a, 0, worker, (void *) 0); pthread_create (&b, 0,
 * worker, (void *) 1)`, and `long id = (long) arg` in the worker, which
 * adds into partial[id] and then reads the stop word: no fence
 * (claims.cc: the creates are in main, on no loop, each number its own).
 * Variants that keep their fences (every target):
 *   -DSAME       both threads get number 0;
 *   -DLOOPED     the first create sits in a loop (it may run twice);
 *   -DPEEK       main reads a slot while the threads run;
 *   -DNEIGHBOUR  a worker also adds into the other thread's slot.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c slots_consts.c
 */
#include <pthread.h>
#define N 4000
static long partial[2];
static int data[N];
static int stop;

static void *
worker (void *arg)
{
  long id = (long) arg;
  for (int k = 0; k < N; k++)
    {
      partial[id] += data[k];
#ifdef NEIGHBOUR
      partial[1 - id] += 1;
#endif
      if (__atomic_load_n (&stop, __ATOMIC_ACQUIRE))
        break;
    }
  __atomic_fetch_add (&stop, 0, __ATOMIC_SEQ_CST);
  return 0;
}

int
main (int argc, char **argv)
{
  pthread_t a, b;
  long s = 0;
  (void) argv;
  for (int i = 0; i < N; i++)
    data[i] = i;
#ifdef LOOPED
  for (int i = 0; i < argc; i++)
#endif
  pthread_create (&a, 0, worker, (void *) 0);
#ifdef SAME
  pthread_create (&b, 0, worker, (void *) 0);
#else
  pthread_create (&b, 0, worker, (void *) 1);
#endif
  __atomic_store_n (&stop, 1, __ATOMIC_SEQ_CST);
#ifdef PEEK
  s = partial[0];
#endif
  pthread_join (a, 0);
  pthread_join (b, 0);
  return s + partial[0] + partial[1] == 0;
}
