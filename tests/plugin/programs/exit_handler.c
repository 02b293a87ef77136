/* exit_handler.c — an exit handler beside a detached worker: main
 * registers `bye` with atexit, starts a worker it never joins and returns;
 * exit runs bye in main's thread while the worker still runs, so store
 * buffering between them needs a full fence on each side
 * (tests/plugin/exit_handlers.sh).  Before, functions given to atexit
 * were assumed to run when nothing else does: no fence.  -DQUICK: the
 * handler is registered with at_quick_exit and a worker's error path
 * calls quick_exit.  -DSIGNAL: the other side is a SIGTERM handler
 * installed with signal (), which runs in whichever thread takes the
 * signal.  -DDTOR: the handler is a destructor function
 * (`__attribute__ ((destructor))`), run by exit like an atexit handler.
 * -DLIBRARY: a library unit (no main) registers the handler; its
 * exported lib_step may run in any thread of the program, so the handler
 * runs beside it (fenced as with a worker).
 * -DNOTHREAD: no worker (main stores and loads itself): the
 * handler runs alone, no fence.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

int x, y, r0, r1, failed;

#ifdef DTOR
__attribute__ ((destructor))
#endif
static void
bye (void)
{
  y = 1;
  r1 = x;
}

#ifdef SIGNAL
static void
on_signal (int sig)
{
  (void) sig;
  y = 1;
  r1 = x;
}
#endif

static void *
worker (void *arg)
{
  for (;;)
    {
      x = 1;
      r0 = y;
#ifdef QUICK
      if (failed)
        quick_exit (1);
#endif
    }
  return arg;
}

#ifdef LIBRARY
void
lib_init (void)
{
  atexit (bye);
}

void
lib_step (void)
{
  x = 1;
  r0 = y;
}
#else
int
main (void)
{
#if defined SIGNAL
  signal (SIGTERM, on_signal);
#elif defined QUICK
  at_quick_exit (bye);
#elif defined DTOR
#else
  atexit (bye);
#endif
#ifdef NOTHREAD
  x = 1;
  r0 = y;
#else
  pthread_t t;
  pthread_create (&t, 0, worker, 0);
  pthread_detach (t);
#endif
  return 0;
}
#endif
