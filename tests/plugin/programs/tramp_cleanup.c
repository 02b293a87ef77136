/* tramp_cleanup.c — a trampoline written as yarn's: spawn() allocates
 * the task through an allocation hook, run() registers a cleanup routine
 * with pthread_cleanup_push, calls the body, and the cleanup (also run on
 * cancellation) counts the thread as finished under a mutex and frees
 * the task through a hook.  The call is resolved to the two bodies,
 * which run in run's thread (run does more than call them); message
 * passing between them: x86 no fence, the weak targets a fence in each
 * body.  Before, the cleanup routine (kept in a local by the macro) and
 * every address-taken function were entries of their own.  hooks.sh */
#include <pthread.h>
#include <stdlib.h>

typedef void *(*alloc_fn) (size_t);
typedef void (*free_fn) (void *);
static alloc_fn my_alloc = malloc;
static free_fn my_free = free;

struct task { void (*body) (void *); void *arg; };
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static int finished;
int data, flag, r_flag, r_data;

static void
finish (void *p)
{
  struct task *t = p;
  pthread_mutex_lock (&count_lock);
  finished++;
  pthread_mutex_unlock (&count_lock);
  my_free (t);
}

static void *
run (void *p)
{
  struct task *t = p;
  pthread_cleanup_push (finish, p);
  t->body (t->arg);
  pthread_cleanup_pop (1);
  return 0;
}

static pthread_t
spawn (void (*body) (void *), void *arg)
{
  struct task *t = my_alloc (sizeof *t);
  pthread_t id;
  if (!t)
    abort ();
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
  return r_flag + r_data + finished;
}
