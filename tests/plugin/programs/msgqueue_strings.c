/* msgqueue_strings.c — messages with a text member, filled by main with
 * snprintf, queued under a mutex and consumed by two threads that read
 * the text with strlen and strcmp: the string functions touch the
 * member they are given, no other word of the message, and main's
 * writes come before the message's publication under the lock.
 * -DFLAG: a status message main writes with strcpy while the consumers
 * run, behind a plain flag they test before reading it (message passing
 * through the text member: fenced on the weak targets); -DFMT with it:
 * the status written with snprintf. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
  struct msg *next;
  int id;
  char text[32];
};

static struct msg *head, *tail;
static int closed;
static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
#ifdef FLAG
static struct msg *status;
static int status_ready;
#endif

static void put(struct msg *m)
{
  pthread_mutex_lock(&qlock);
  m->next = NULL;
  if (tail)
    tail->next = m;
  else
    head = m;
  tail = m;
  pthread_cond_signal(&qcond);
  pthread_mutex_unlock(&qlock);
}

static struct msg *get(void)
{
  pthread_mutex_lock(&qlock);
  while (!head && !closed)
    pthread_cond_wait(&qcond, &qlock);
  struct msg *m = head;
  if (m) {
    head = m->next;
    if (!head)
      tail = NULL;
  }
  pthread_mutex_unlock(&qlock);
  return m;
}

static void *consumer(void *arg)
{
  long *sum = arg;
  struct msg *m;
  while ((m = get()) != NULL) {
    *sum += m->id + (long)strlen(m->text);
    if (strcmp(m->text, "message 7") == 0)
      *sum += 1000;
#ifdef FLAG
    if (status_ready)
      *sum += (long)strlen(status->text);
#endif
    free(m);
  }
  return NULL;
}

int main(void)
{
  pthread_t t[2];
  long sums[2] = {0, 0};
#ifdef FLAG
  status = calloc(1, sizeof *status);
#endif
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, consumer, &sums[i]);
  for (int i = 0; i < 1000; i++) {
    struct msg *m = malloc(sizeof *m);
    m->id = i;
    snprintf(m->text, sizeof m->text, "message %d", i);
    put(m);
#ifdef FLAG
    if (i == 500) {
#ifdef FMT
      snprintf(status->text, sizeof status->text, "%d done", i);
#else
      strcpy(status->text, "half way");
#endif
      status_ready = 1;
    }
#endif
  }
  pthread_mutex_lock(&qlock);
  closed = 1;
  pthread_cond_broadcast(&qcond);
  pthread_mutex_unlock(&qlock);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", sums[0] + sums[1]);
  return 0;
}
