/* tramp_sb.c — store buffering between two bodies started through a
 * trampoline; variants (-D) that the plugin must not resolve, where every
 * address-taken function stays a thread entry:
 *   KEEP_TASK   spawn also keeps the task in a global (it escapes);
 *   CLEAR_BODY  the trampoline writes the field it calls through (no
 *               trampoline; the member holds only what the unit stores:
 *               the bodies are callees of run, entries.cc's field hooks);
 *   EXPORTED    spawn is exported (no trampoline; main's unit calls no
 *               code of other units, so only its own calls fill the
 *               member: the bodies are callees of run);
 *   PASS_TASK   the trampoline gives the whole task to the body (as
 *               CLEAR_BODY: the bodies are callees of run).
 * Minimum: one full fence per body on every target.  trampoline.sh */
#include <pthread.h>
#include <stdlib.h>

struct task { void (*body) (void *); void *arg; };
int x, y, r0, r1;
#ifdef KEEP_TASK
struct task *last_task;
#endif
#ifdef EXPORTED
#define SPAWN_LINKAGE
#else
#define SPAWN_LINKAGE static
#endif

static void *
run (void *p)
{
  struct task *t = p;
#ifdef PASS_TASK
  t->body (t);
#else
  t->body (t->arg);
#endif
#ifdef CLEAR_BODY
  t->body = 0;
#endif
  free (t);
  return 0;
}

SPAWN_LINKAGE pthread_t
spawn (void (*body) (void *), void *arg)
{
  struct task *t = malloc (sizeof *t);
  pthread_t id;
  t->body = body;
  t->arg = arg;
#ifdef KEEP_TASK
  last_task = t;
#endif
  pthread_create (&id, 0, run, t);
  return id;
}

static void p0 (void *a) { (void) a; x = 1; r0 = y; }
static void p1 (void *a) { (void) a; y = 1; r1 = x; }

int
main (void)
{
  pthread_t a = spawn (p0, 0), b = spawn (p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
