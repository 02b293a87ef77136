/* threads_results.c — each worker allocates its result, fills it in,
 * leaves it in its own task (`t->out = r`) and returns it; main reads
 * both after joining that worker (the join's value and tasks[i].out).
 * Until the join only the worker reaches the result: no fence on any
 * target (tests/plugin/idioms.sh).  Store buffering on the result's
 * `flag` and `stop` between main and the worker keeps a full fence in
 * main and a fence in the worker when main reaches the result while the
 * worker runs: -DPEEK (main reads tasks[0].out before the join), -DSHARE
 * (the worker also stores it into a global main reads).  -DEXIT: the
 * worker ends with pthread_exit (r) instead of returning r (the same:
 * the value goes to the joiner). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct result { long sum; int count; double avg; int flag, stop; };
struct task { int id; int n; struct result *out; };
#ifdef SHARE
static struct result *last;
#endif
static void *run(void *arg) {
  struct task *t = arg;
  struct result *r = malloc(sizeof *r);
  if (!r) return NULL;
  r->sum = 0; r->count = 0; r->flag = r->stop = 0;
  for (int i = 0; i < t->n; i++) { r->sum += i * t->id; r->count++; }
  r->avg = r->count ? (double)r->sum / r->count : 0;
  t->out = r;
#ifdef SHARE
  last = r;
#endif
#if defined PEEK || defined SHARE
  r->flag = 1;
  if (r->stop) r->sum = 0;
#endif
#ifdef EXIT
  pthread_exit (r);
#else
  return r;
#endif
}
int main(void) {
  enum { NT = 4 };
  pthread_t th[NT];
  struct task tasks[NT];
  for (int i = 0; i < NT; i++) {
    tasks[i].id = i; tasks[i].n = 100; tasks[i].out = NULL;
    pthread_create(&th[i], NULL, run, &tasks[i]);
  }
#if defined PEEK || defined SHARE
# ifdef PEEK
  struct result *p = tasks[0].out;
# else
  struct result *p = last;
# endif
  if (p) { p->stop = 1; if (p->flag) puts("flag"); }
#endif
  double tot = 0;
  for (int i = 0; i < NT; i++) {
    void *ret;
    pthread_join(th[i], &ret);
    struct result *r = ret;
    if (r) { tot += r->avg + tasks[i].out->count; free(r); }
  }
  printf("%f\n", tot);
  return 0;
}
