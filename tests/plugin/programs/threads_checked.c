/* threads_checked.c — per-thread parts of a local array, the create's
 * result checked with an early return (`if (pthread_create (...)) return
 * 2;`): main's end of life of the array on that path is no touch, so each
 * part stays its thread's and nothing needs a fence (tests/plugin/
 * idioms.sh).  -DRACE: main and worker 0 do store buffering on part 0's
 * flags while the worker runs: fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define NT 4
struct part { const int *data; size_t lo, hi; long sum; int stop, seen; };
static void *sum_part(void *p) {
  struct part *pt = p;
  long s = 0;
  for (size_t i = pt->lo; i < pt->hi; i++) s += pt->data[i];
  pt->sum = s;
#ifdef RACE
  pt->seen = 1;
  if (pt->stop) pt->sum = 0;
#endif
  return NULL;
}
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  int *data = malloc(n * sizeof *data);
  if (!data) return 1;
  for (size_t i = 0; i < n; i++) data[i] = (int)(i % 7);
  pthread_t th[NT];
  struct part parts[NT];
  for (int t = 0; t < NT; t++) {
    parts[t].data = data; parts[t].lo = n * t / NT; parts[t].hi = n * (t + 1) / NT;
    parts[t].stop = parts[t].seen = 0;
    if (pthread_create(&th[t], NULL, sum_part, &parts[t])) return 2;
  }
#ifdef RACE
  parts[0].stop = 1;
  if (parts[0].seen) puts("seen");
#endif
  long total = 0;
  for (int t = 0; t < NT; t++) { pthread_join(th[t], NULL); total += parts[t].sum; }
  printf("%ld\n", total);
  free(data);
  return 0;
}
