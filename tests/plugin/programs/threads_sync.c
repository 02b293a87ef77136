/* threads_sync.c — pthread_once, a barrier and a condition variable start
 * no thread: init (run by pthread_once) is an entry with one instance
 * (one call with a global once-control), P0 and P1 one instance each, and
 * main's accesses after the joins are not concurrent.  The barrier is a
 * full fence (POSIX: it synchronises memory), so the store buffering
 * across it needs no fence of its own. */
#include <pthread.h>

int x, y, r0, r1, ready, before, after, cfg;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_barrier_t bar;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void init (void) { cfg = 1; }

static void *P0 (void *a)
{
  pthread_once (&once, init);
  x = 1;
  pthread_barrier_wait (&bar);
  r0 = y;
  return a;
}

static void *P1 (void *a)
{
  y = 1;
  pthread_barrier_wait (&bar);
  r1 = x;
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
  return a;
}

int main (void)
{
  pthread_t t0, t1;
  before = 1;
  pthread_barrier_init (&bar, 0, 2);
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&cv, &m);
  pthread_mutex_unlock (&m);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  x = 2;
  after = y;
  return r0 + r1 + after + cfg;
}
