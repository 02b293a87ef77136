/* locks_inbox.c — a mailbox per worker in a global array: main posts a
 * fresh job into `workers[k].inbox` under `workers[k].lock` (the lock in
 * element k, named by the index), each worker takes it under `w->lock`
 * (w its start argument) and adds to `w->sum` outside the lock (a read
 * and a write through its parameter: one address, ir.h addr_key).  No
 * fence on any target (Power 7 syncs, cost 320, before). */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#define NW 4
struct job { int in, out; };
struct worker { pthread_mutex_t lock; pthread_cond_t cv; struct job *inbox; int done; long sum; };
static struct worker workers[NW];
static void *run (void *arg)
{
  struct worker *w = arg;
  for (;;) {
    pthread_mutex_lock (&w->lock);
    while (!w->inbox && !w->done)
      pthread_cond_wait (&w->cv, &w->lock);
    struct job *j = w->inbox;
    w->inbox = 0;
    int stop = w->done && !j;
    pthread_mutex_unlock (&w->lock);
    if (stop) break;
    if (j) { w->sum += j->in * 2; free (j); }
  }
  return 0;
}
int main (void)
{
  pthread_t t[NW];
  for (int k = 0; k < NW; k++) {
    pthread_mutex_init (&workers[k].lock, 0);
    pthread_cond_init (&workers[k].cv, 0);
    pthread_create (&t[k], 0, run, &workers[k]);
  }
  for (int i = 0; i < 100; i++) {
    int k = i % NW;
    struct job *j = malloc (sizeof *j);
    j->in = i;
    pthread_mutex_lock (&workers[k].lock);
    while (workers[k].inbox) {
      pthread_mutex_unlock (&workers[k].lock);
      pthread_mutex_lock (&workers[k].lock);
    }
    workers[k].inbox = j;
    pthread_cond_signal (&workers[k].cv);
    pthread_mutex_unlock (&workers[k].lock);
  }
  for (int k = 0; k < NW; k++) {
    pthread_mutex_lock (&workers[k].lock);
    workers[k].done = 1;
    pthread_cond_signal (&workers[k].cv);
    pthread_mutex_unlock (&workers[k].lock);
  }
  long s = 0;
  for (int k = 0; k < NW; k++) { pthread_join (t[k], 0); s += workers[k].sum; }
  printf ("%ld\n", s);
  return 0;
}
