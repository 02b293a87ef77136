/* hook_sb.c — store buffering where p0's store is made by a function it
 * calls through a hook: `log_hook`, a static function pointer that only
 * set_logger assigns (note_x, which stores x, or quiet).  The call is
 * resolved to those two functions, run in p0's thread: a full fence after
 * the store (in note_x), one in p1, and no function becomes a thread
 * entry of its own (before, every address-taken function was one).
 * hooks.sh */
#include <pthread.h>

typedef void (*log_fn) (int);
static log_fn log_hook;
int x, y, r0, r1;

static void note_x (int v) { x = v; }
static void quiet (int v) { (void) v; }
void set_logger (int verbose) { log_hook = verbose ? note_x : quiet; }

static void *
p0 (void *a)
{
  if (log_hook)
    log_hook (1);
  r0 = y;
  return a;
}

static void *
p1 (void *a)
{
  y = 1;
  r1 = x;
  return a;
}

int
main (int argc, char **argv)
{
  pthread_t a, b;
  (void) argv;
  set_logger (argc > 1);
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
