/* locks_logger.c — a logger thread: messages are filled in before the
 * lock, pushed at the head of a list under the logger's own mutex, taken
 * off under it and printed (fputs) after the unlock.  The mutex and the
 * condition variable live in the struct beside the list: the threads
 * library keeps only its own state in them, so a pointer loaded from the
 * struct reaches only what the program stored there, and the messages
 * are fresh until their publication under the lock: no fence on any
 * target (tests/plugin/idioms.sh).  -DSB: main and the logger do store
 * buffering on two members of the struct without the lock: fenced. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct msg { struct msg *next; char text[64]; };
struct logger { pthread_mutex_t mu; pthread_cond_t cv; struct msg *head; int stop; unsigned long count; int a, b; };
static void log_push(struct logger *l, const char *text) {
  struct msg *m = malloc(sizeof *m);
  if (!m) return;
  strncpy(m->text, text, sizeof m->text - 1);
  m->text[sizeof m->text - 1] = 0;
  pthread_mutex_lock(&l->mu);
  m->next = l->head; l->head = m; l->count++;
  pthread_cond_signal(&l->cv);
  pthread_mutex_unlock(&l->mu);
}
static void *log_main(void *arg) {
  struct logger *l = arg;
#ifdef SB
  l->b = 1;
  if (l->a) puts("a");
#endif
  for (;;) {
    pthread_mutex_lock(&l->mu);
    while (!l->head && !l->stop) pthread_cond_wait(&l->cv, &l->mu);
    struct msg *m = l->head;
    if (m) l->head = m->next;
    int stop = l->stop;
    pthread_mutex_unlock(&l->mu);
    if (m) { fputs(m->text, stdout); free(m); } else if (stop) break;
  }
  return NULL;
}
int main(void) {
  static struct logger lg = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER };
  pthread_t t;
  if (pthread_create(&t, NULL, log_main, &lg)) return 1;
#ifdef SB
  lg.a = 1;
  if (lg.b) puts("b");
#endif
  for (int i = 0; i < 10; i++) log_push(&lg, "hello\n");
  pthread_mutex_lock(&lg.mu); lg.stop = 1; pthread_cond_signal(&lg.cv); pthread_mutex_unlock(&lg.mu);
  pthread_join(t, NULL);
  printf("%lu\n", lg.count);
  return 0;
}
