/* private_tsd_getter.c — thread-specific data behind a getter, as
 * libraries write it: state () creates the key once (pthread_once),
 * gets the calling thread's state and allocates and sets it on first use,
 * then returns it; two workers do store buffering on their own state's
 * fields.  Every pthread_setspecific of the key stores a fresh object,
 * and what state () returns only goes to callers that dereference it
 * (private.cc callers_keep_no_copy, returns_private): no fence
 * (minimum).  Variants that keep the fences:
 *   -DSHARED  the getter gives a global object when the allocation fails
 *             (shared by all threads that get it);
 *   -DLEAK    a worker also stores its state's address into a global.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c private_tsd_getter.c */
#include <pthread.h>
#include <stdlib.h>

struct st { int a, b, ra, rb; };
static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
struct st common, *leak;

static void make_key (void)
{
  pthread_key_create (&key, free);
}

static struct st *state (void)
{
  pthread_once (&once, make_key);
  struct st *s = pthread_getspecific (key);
  if (!s)
    {
      s = calloc (1, sizeof *s);
      if (!s)
#ifdef SHARED
        return &common;
#else
        return NULL;
#endif
      pthread_setspecific (key, s);
    }
  return s;
}

static void *P0 (void *arg)
{
  struct st *s = state ();
  if (!s)
    return arg;
  s->a = 1;
  s->ra = s->b;
  return arg;
}

static void *P1 (void *arg)
{
  struct st *s = state ();
  if (!s)
    return arg;
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
  pthread_create (&t0, 0, P0, 0);
  pthread_create (&t1, 0, P1, 0);
  pthread_join (t0, 0);
  pthread_join (t1, 0);
  return 0;
}
