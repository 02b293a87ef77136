/* die_helper.c — a worker that reports an error and ends the process
 * through a helper (tests/plugin/halts.sh).  main stores ret, then reads
 * outd; the worker's error path stores ret and calls fail_now, which
 * resets outd and exits.  Nothing the worker does after fail_now's call
 * runs, so its store of outd comes after its stores of ret and the
 * "R" shape has no cycle: no fence.
 *   -DNESTED     fail_now reached through die (), which only calls it
 *   -DABORT      abort () instead of _exit ()
 *   -DLONGJMP    fail_now longjmps back into the worker, which goes on and
 *                stores ret again: main's pair fenced
 *   -DSOMETIMES  fail_now exits only when outd is 0: it may return
 *   -DTHREAD_END pthread_exit (): the thread's cleanup handlers would run
 *                in its frames; taken to come back (fenced)
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <unistd.h>

int ret, outd;
static jmp_buf again;

static void
fail_now (int code)
{
  if (outd != -1)
    outd = -1;
#if defined LONGJMP
  longjmp (again, code);
#elif defined SOMETIMES
  if (outd == 0)
    _exit (code);
#elif defined ABORT
  abort ();
#elif defined THREAD_END
  pthread_exit (0);
#else
  _exit (code);
#endif
}

#ifdef NESTED
static void die (int code) { fail_now (code); }
#else
#define die fail_now
#endif

static void
complain (void)
{
  ret = 1;
}

static void *
worker (void *arg)
{
#ifdef LONGJMP
  if (setjmp (again))
    arg = 0;
#endif
  if (arg)
    {
      complain ();
      die (2);
    }
  complain ();
  return 0;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, 0, worker, &t);
  ret = 2;
  int o = outd;
  pthread_join (t, 0);
  return o + ret;
}
