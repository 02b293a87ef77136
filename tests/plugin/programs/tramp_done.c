/* tramp_done.c — the trampoline does more than call the body: it sets
 * `done` after the body returns, and the consumer reads `done` then the
 * body's data.  The bodies then run inside the trampoline's thread: the
 * order from the producer's store to the trampoline's store of `done`
 * must be kept (message passing through the call).  trampoline.sh */
#include <pthread.h>
#include <stdlib.h>

struct task { void (*body) (void *); void *arg; };
int done, data, r_done, r_data;

static void *
run (void *p)
{
  struct task *t = p;
  t->body (t->arg);
  free (t);
  done = 1;
  return 0;
}

static pthread_t
spawn (void (*body) (void *), void *arg)
{
  struct task *t = malloc (sizeof *t);
  pthread_t id;
  t->body = body;
  t->arg = arg;
  pthread_create (&id, 0, run, t);
  return id;
}

static void producer (void *a) { (void) a; data = 1; }
static void consumer (void *a) { (void) a; r_done = done; r_data = data; }

int
main (void)
{
  pthread_t a = spawn (producer, 0), b = spawn (consumer, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r_done + r_data;
}
