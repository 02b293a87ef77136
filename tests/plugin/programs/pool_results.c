/* pool_results.c — a worker pool as C programs write it: tasks on a list
 * under a mutex and a condition variable, each carrying its function,
 * called as `t->fn (t)` after the task is taken off the list; the function
 * writes its result into the task, and the worker adds it to the pool's
 * total under the mutex.  The call through the member passes the task to
 * the functions stored there only (entries.cc's field hooks), the tasks
 * are filled before they are linked in (publish.cc), the total is
 * protected and reading it orders what follows in its section
 * (protect.cc): no fence on any target (9 syncs on Power before).
 * -DUNLOCKED: the workers add to the total without the lock: it races
 * between them, and its cycles with the results keep their fences (one
 * mfence on x86, three full fences on the weak targets).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c pool_results.c
 */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
struct task { struct task *next; int in; long out; void (*fn)(struct task *); };
struct pool { pthread_mutex_t mu; pthread_cond_t cv; struct task *head; int stop; long done; };
static void square(struct task *t) { t->out = (long)t->in * t->in; }
static void *worker(void *arg)
{
  struct pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->mu);
    while (!p->head && !p->stop)
      pthread_cond_wait(&p->cv, &p->mu);
    struct task *t = p->head;
    if (!t) { pthread_mutex_unlock(&p->mu); break; }
    p->head = t->next;
    pthread_mutex_unlock(&p->mu);
    t->fn(t);
#ifdef UNLOCKED
    p->done += t->out;
#else
    pthread_mutex_lock(&p->mu);
    p->done += t->out;
    pthread_mutex_unlock(&p->mu);
#endif
    free(t);
  }
  return NULL;
}
static void submit(struct pool *p, int v)
{
  struct task *t = malloc(sizeof *t);
  t->in = v; t->fn = square; t->out = 0;
  pthread_mutex_lock(&p->mu);
  t->next = p->head; p->head = t;
  pthread_cond_signal(&p->cv);
  pthread_mutex_unlock(&p->mu);
}
int main(void)
{
  static struct pool p = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0 };
  pthread_t th[4];
  for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, worker, &p);
  for (int i = 0; i < 100; i++) submit(&p, i);
  pthread_mutex_lock(&p.mu); p.stop = 1; pthread_cond_broadcast(&p.cv); pthread_mutex_unlock(&p.mu);
  for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
  printf("%ld\n", p.done);
  return 0;
}
