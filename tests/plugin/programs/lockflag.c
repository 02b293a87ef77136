/* lockflag.c — a result handed over through a flag kept under a lock:
 * the worker fills `res.text` and `res.len`, then sets `res.ready = 1`
 * while holding `mu` and signals; main waits under `mu` until it sees the
 * flag set, unlocks, and reads the result outside the lock.  Main's
 * critical section that saw the flag follows the worker's that set it, so
 * the worker's unlock (a release) and main's lock (an acquire) order
 * everything before the store before everything after the read: no
 * fence (flagpub.cc, find_lock_flags).  Variants that keep message
 * passing's fences on the weak targets (in the worker and in main):
 *   AFTER    the worker writes the result after setting the flag
 *   OUTSIDE  main reads the flag without the lock
 * lockflag.sh */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct result {
  int ready;
  char text[32];
  int len;
};
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static struct result res;

static void *
worker (void *arg)
{
  const char *in = arg;
  char tmp[32];
  int n = snprintf (tmp, sizeof tmp, "done:%s", in);
#ifndef AFTER
  memcpy (res.text, tmp, sizeof tmp);
  res.len = n;
#endif
  pthread_mutex_lock (&mu);
  res.ready = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&mu);
#ifdef AFTER
  memcpy (res.text, tmp, sizeof tmp);
  res.len = n;
#endif
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, argc > 1 ? argv[1] : "x");
#ifdef OUTSIDE
  while (!__atomic_load_n (&res.ready, __ATOMIC_RELAXED))
    ;
#else
  pthread_mutex_lock (&mu);
  while (!res.ready)
    pthread_cond_wait (&cv, &mu);
  pthread_mutex_unlock (&mu);
#endif
  printf ("%.*s\n", res.len, res.text);
  pthread_join (t, NULL);
  return 0;
}
