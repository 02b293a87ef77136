/* threads_helper.c — message passing whose threads are started by
 * helpers that take the start routine as a parameter: launch (fn, arg)
 * returns the handle, start (&t, fn) stores it through an out-parameter;
 * finish (t) joins it.  producer and consumer are entries with one
 * instance each (one call site, outside loops), and main's accesses after
 * the joins are not concurrent.  Minimum: 0 fences on x86, 2 on Power.
 * -DFIRE: a helper that starts a thread and keeps no handle, and
 * -DMAYBE: a finish that joins only on one path: main stays concurrent;
 * -DAGAIN: producer launched from a second site: two instances. */
#include <pthread.h>
#include <stdio.h>

int data, flag, r0, r1, before, after, verbose;

static pthread_t launch (void *(*fn) (void *), void *arg)
{
  pthread_t t;
  pthread_create (&t, 0, fn, arg);
  return t;
}

static void start (pthread_t *t, void *(*fn) (void *))
{
  pthread_create (t, 0, fn, 0);
}

static void finish (pthread_t t)
{
#ifdef MAYBE
  if (verbose)
#endif
    pthread_join (t, 0);
}

#ifdef FIRE
static void *idle (void *a) { return a; }
static void fire (void *(*fn) (void *))
{
  pthread_t t;
  pthread_create (&t, 0, fn, 0);
}
#endif

static void *producer (void *a) { (void) a; data = 42; flag = 1; return 0; }
static void *consumer (void *a) { (void) a; r0 = flag; r1 = data; return 0; }

int main (void)
{
  pthread_t c;
  before = 1;
  pthread_t p = launch (producer, 0);
  start (&c, consumer);
#ifdef FIRE
  fire (idle);
#endif
#ifdef AGAIN
  finish (launch (producer, 0));
#endif
  finish (p);
  finish (c);
  flag = 2;
  after = data;
  printf ("%d %d %d\n", r0, r1, after);
  return 0;
}
