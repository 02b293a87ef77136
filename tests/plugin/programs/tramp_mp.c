/* tramp_mp.c — message passing between two bodies started through a
 * trampoline: spawn() packs body and argument into a fresh task, run()
 * unpacks and calls it; main reads both locations after joining.
 * Minimum: x86 0 fences, Power 2 lwsync (one per body).  trampoline.sh */
#include <pthread.h>
#include <stdlib.h>

struct task { void (*body) (void *); void *arg; };
int data, flag, r_flag, r_data, s_data, s_flag;

static void *
run (void *p)
{
  struct task *t = p;
  t->body (t->arg);
  free (t);
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

static void producer (void *a) { (void) a; data = 1; flag = 1; }
static void consumer (void *a) { (void) a; r_flag = flag; r_data = data; }

int
main (void)
{
  pthread_t a = spawn (producer, 0), b = spawn (consumer, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  s_data = data;
  s_flag = flag;
  return r_flag + r_data + s_data + s_flag;
}
