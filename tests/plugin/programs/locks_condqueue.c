/* locks_condqueue.c — a bounded buffer as textbooks write it: a struct
 * with its mutex, two condition variables, an array and indices; put and
 * get wait in while loops (GCC reads `q->count == 0 && !q->done` as one
 * 8-byte load of *q) and index the array member through the parameter
 * (`q->buf[q->tail]`): every access runs under the lock of its object, no
 * fence (tests/plugin/idioms.sh).  -DOUTSIDE: main and a consumer also
 * do store buffering on an element of the array and another member
 * without the lock: fenced. */
#include <pthread.h>
#include <stdio.h>
#define N 16
struct queue { pthread_mutex_t m; pthread_cond_t nonempty, nonfull; int buf[N]; int head, tail, count; int done; int extra; };
static void q_put(struct queue *q, int v) {
  pthread_mutex_lock(&q->m);
  while (q->count == N) pthread_cond_wait(&q->nonfull, &q->m);
  q->buf[q->tail] = v; q->tail = (q->tail + 1) % N; q->count++;
  pthread_cond_signal(&q->nonempty);
  pthread_mutex_unlock(&q->m);
}
static int q_get(struct queue *q, int *v) {
  pthread_mutex_lock(&q->m);
  while (q->count == 0 && !q->done) pthread_cond_wait(&q->nonempty, &q->m);
  if (q->count == 0) { pthread_mutex_unlock(&q->m); return 0; }
  *v = q->buf[q->head]; q->head = (q->head + 1) % N; q->count--;
  pthread_cond_signal(&q->nonfull);
  pthread_mutex_unlock(&q->m);
  return 1;
}
struct worker { pthread_t tid; struct queue *q; long sum; };
static void *consume(void *arg) {
  struct worker *w = arg; int v;
  while (q_get(w->q, &v)) w->sum += v;
#ifdef OUTSIDE
  w->q->extra = 1;
  if (w->q->buf[w->q->head]) puts("peek");
#endif
  return NULL;
}
int main(void) {
  static struct queue q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };
  struct worker ws[4];
  for (int i = 0; i < 4; i++) { ws[i].q = &q; ws[i].sum = 0; pthread_create(&ws[i].tid, NULL, consume, &ws[i]); }
  for (int i = 0; i < 1000; i++) q_put(&q, i);
#ifdef OUTSIDE
  q.buf[3] = 7;
  if (q.extra) puts("extra");
#endif
  pthread_mutex_lock(&q.m); q.done = 1; pthread_cond_broadcast(&q.nonempty); pthread_mutex_unlock(&q.m);
  long total = 0;
  for (int i = 0; i < 4; i++) { pthread_join(ws[i].tid, NULL); total += ws[i].sum; }
  printf("%ld\n", total);
  return total != 499500;
}
