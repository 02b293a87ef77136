/* private_helper_seed.c — a Monte Carlo estimate of pi with the program's
 * own generator: each thread gets its own task (an element of main's
 * array, or with -DHEAP a struct it allocates for each thread), steps the
 * task's seed through a helper given `&t->seed`, counts hits into the
 * task, and main sums the counts after each join.  The helper's accesses
 * through its parameter stay inside the seed (private.cc: the unit's
 * callees are followed like rand_r); with -DHEAP the routine returns its
 * task to the joiner, which reads the count through the join's result
 * and frees it.  Every access stays the thread's own: no fence.
 *   -DSHARED     every thread gets the first task: seed and count race
 *   -DNEIGHBOUR  the helper also stirs the next element's seed (s[3]):
 *                past the thread's own element
 *   -DLEAK       (with -DHEAP) the routine also leaves its task in a
 *                global that main reads while the threads run
 *   -DLATE       main clears the count after the create: the thread may
 *                be counting already
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=x86 -S
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NTHREADS 4
#define SAMPLES 100000

struct task { int id; unsigned long seed; long hits; };
#ifdef LEAK
struct task *last;
#endif

static unsigned long next_rand(unsigned long *s)
{
  *s = *s * 6364136223846793005UL + 1442695040888963407UL;
#ifdef NEIGHBOUR
  s[3] ^= *s;
#endif
  return *s >> 33;
}

static void *estimate(void *arg)
{
  struct task *t = arg;
  for (int i = 0; i < SAMPLES; i++) {
    unsigned long x = next_rand(&t->seed) % 1000;
    unsigned long y = next_rand(&t->seed) % 1000;
    if (x * x + y * y < 1000000)
      t->hits++;
  }
#ifdef LEAK
  last = t;
#endif
#ifdef HEAP
  return t;
#else
  return NULL;
#endif
}

int main(void)
{
  pthread_t threads[NTHREADS];
#ifndef HEAP
  struct task tasks[NTHREADS];
#endif
  for (int i = 0; i < NTHREADS; i++) {
#ifdef HEAP
    struct task *t = malloc(sizeof *t);
    if (!t)
      return 1;
#elif defined SHARED
    struct task *t = &tasks[0];
#else
    struct task *t = &tasks[i];
#endif
    t->id = i;
    t->seed = 1234 + i;
#ifndef LATE
    t->hits = 0;
#endif
    pthread_create(&threads[i], NULL, estimate, t);
#ifdef LATE
    t->hits = 0;
#endif
  }
  long total = 0;
  for (int i = 0; i < NTHREADS; i++) {
#ifdef HEAP
    void *res;
#ifdef LEAK
    if (last)
      total += last->hits;
#endif
    pthread_join(threads[i], &res);
    total += ((struct task *) res)->hits;
    free(res);
#else
    pthread_join(threads[i], NULL);
    total += tasks[i].hits;
#endif
  }
  printf("pi ~ %f\n", 4.0 * total / ((double) SAMPLES * NTHREADS));
  return 0;
}
