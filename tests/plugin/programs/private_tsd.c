/* private_tsd.c — thread-specific data: each worker gets its own state
 * from pthread_getspecific, allocating and setting it on first use; the
 * workers do store buffering on their state's fields.  Every
 * pthread_setspecific of the (static) key stores a fresh object that is
 * not published, so what pthread_getspecific returns is the calling
 * thread's own: no fence (minimum).  Variants that keep the fences:
 *   -DSHARED  one thread sets the key to a global object (shared by all
 *             threads that do the same);
 *   -DLEAK    a worker also stores its state's address into a global. */
#include <pthread.h>
#include <stdlib.h>

struct st { int a, b, ra, rb; };
static pthread_key_t key;
struct st common, *leak;

static void *P0 (void *arg)
{
  struct st *s = pthread_getspecific (key);
  if (!s)
    {
#ifdef SHARED
      s = &common;
#else
      s = calloc (1, sizeof *s);
      if (!s)
        return arg;
#endif
      pthread_setspecific (key, s);
    }
  s->a = 1;
  s->ra = s->b;
  return arg;
}

static void *P1 (void *arg)
{
  struct st *s = pthread_getspecific (key);
  if (!s)
    {
      s = calloc (1, sizeof *s);
      if (!s)
        return arg;
      pthread_setspecific (key, s);
    }
#ifdef LEAK
  leak = s;
#endif
  s->b = 1;
  s->rb = s->a;
  return arg;
}

int main (void)
{
  pthread_t t0, t1;
  if (pthread_key_create (&key, free))
    return 1;
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return 0;
}
