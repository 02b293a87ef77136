/* ctor_thread.c — a thread started by a static constructor
 * (`__attribute__ ((constructor))`, run before main) races with main:
 * store buffering between the worker (x = 1; r1 = y) and main (y = 1;
 * r2 = x) needs a full fence in each on every target.  Main runs beside
 * the constructor's thread from its first statement (entries.cc,
 * constructor_entries).
 *   -DMAIN_STARTS  main starts the worker itself after its two accesses,
 *                  which then run alone: no fence at all.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c ctor_thread.c */
#include <pthread.h>

int x, y, r1, r2;
static pthread_t t;

static void *worker (void *a)
{
  x = 1;
  r1 = y;
  return a;
}

#ifndef MAIN_STARTS
__attribute__ ((constructor)) static void start (void)
{
  pthread_create (&t, 0, worker, 0);
}
#endif

int main (void)
{
  y = 1;
  r2 = x;
#ifdef MAIN_STARTS
  pthread_create (&t, 0, worker, 0);
#endif
  pthread_join (t, 0);
  return r1 + r2 == 0;
}
