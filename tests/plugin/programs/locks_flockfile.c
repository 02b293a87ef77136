/* locks_flockfile.c — a log shared by threads, serialised with stdio's
 * own FILE lock: flockfile (log); fprintf (log, ...); lines++;
 * funlockfile (log).  The stream is a static set by main before the
 * threads start, so the lock it points to is one object while they run
 * (locks.cc, a lock loaded from a slot): `lines` is protected, no fence
 * on any target (x86 3 mfences, Power 3 syncs before: the FILE lock
 * calls were unknown code).
 *   -DRESET  a worker points the log at another stream while the threads
 *            run: no one lock object, fenced.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c locks_flockfile.c
 */
#include <pthread.h>
#include <stdio.h>

static FILE *log_stream;
static int lines;

static void
log_line (const char *msg, int v)
{
  flockfile (log_stream);
  fprintf (log_stream, "%s %d\n", msg, v);
  lines++;
  funlockfile (log_stream);
}

static void *
worker (void *arg)
{
#ifdef RESET
  if (arg)
    log_stream = stdout;
#endif
  for (int i = 0; i < 3; i++)
    log_line (arg ? "b" : "a", i);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  log_stream = stderr;
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", lines);
  return lines != 6;
}
