/* locks_noreturn.c — lock wrappers that call a fatal-error function when
 * pthread_mutex_lock fails (a lock library's possess/fail): the error
 * function prints (GCC turns the fprintf of a plain string into
 * __builtin_fwrite), calls the program's abort hook (unknown code, which
 * may release any lock it can name, m included) and exits.  It never
 * returns, so the hook cannot run between the lock and the data: the
 * wrapper holds m at every return, and store buffering under it needs no
 * fence (locks.sh).  -DRETURNS: the error function may return (it exits
 * only when a flag says so), and SB keeps its fences. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
int verbose;
void (*abort_hook) (int);
static void
fail (int err, const char *what)
{
  fprintf (stderr, "lock error\n");
  fprintf (stderr, "%s: %d\n", what, err);
  if (abort_hook)
    abort_hook (err);
#ifdef RETURNS
  if (verbose)
#endif
    exit (err);
}
static void
die (int err)
{
  fail (err, "fatal");
}
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void
possess (pthread_mutex_t *l)
{
  int r = pthread_mutex_lock (l);
  if (r)
    die (r);
}
void
release (pthread_mutex_t *l)
{
  int r = pthread_mutex_unlock (l);
  if (r)
    fail (r, "unlock");
}
static int x, y;
static int r0, r1;
void *P0 (void *a) { possess (&m); x = 1; r0 = y; release (&m); return a; }
void *P1 (void *a) { possess (&m); y = 1; r1 = x; release (&m); return a; }
int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, P0, 0);
  pthread_create (&b, 0, P1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
