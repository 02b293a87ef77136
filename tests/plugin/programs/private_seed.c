/* private_seed.c — a Monte Carlo estimate of pi the way tutorials write
 * it: each thread gets its own element of main's task array, draws with
 * rand_r on the element's seed, counts hits into the element, and main
 * sums the counts after each join.  rand_r touches only the seed it is
 * given (libfns.cc wmm_lib_pointee_bytes), so every access stays inside
 * the thread's element: no fence.
 *   -DSHARED     every thread gets tasks[0]: the seed and the count race
 *                (store buffering between them across loop iterations)
 *   -DNEIGHBOUR  a thread draws from the next element's seed as well:
 *                past its own element
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=x86 -S
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NTHREADS 4
#define SAMPLES 100000

struct task { int id; unsigned seed; long hits; };

static void *estimate(void *arg)
{
  struct task *t = arg;
  for (int i = 0; i < SAMPLES; i++) {
#ifdef NEIGHBOUR
    unsigned *s = t->id + 1 < NTHREADS ? &t[1].seed : &t->seed;
    double x = rand_r(s) / (double) RAND_MAX;
#else
    double x = rand_r(&t->seed) / (double) RAND_MAX;
#endif
    double y = rand_r(&t->seed) / (double) RAND_MAX;
    if (x * x + y * y <= 1.0)
      t->hits++;
  }
  return NULL;
}

int main(void)
{
  pthread_t threads[NTHREADS];
  struct task tasks[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) {
    tasks[i].id = i;
    tasks[i].seed = 1234 + i;
    tasks[i].hits = 0;
#ifdef SHARED
    pthread_create(&threads[i], NULL, estimate, &tasks[0]);
#else
    pthread_create(&threads[i], NULL, estimate, &tasks[i]);
#endif
  }
  long total = 0;
  for (int i = 0; i < NTHREADS; i++) {
    pthread_join(threads[i], NULL);
    total += tasks[i].hits;
  }
  printf("pi ~ %f\n", 4.0 * total / ((double) SAMPLES * NTHREADS));
  return 0;
}
