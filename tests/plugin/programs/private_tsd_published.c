/* private_tsd_published.c — a thread's context kept as thread-specific
 * data (pthread_setspecific / pthread_getspecific of a static key) and
 * also published in a global registry: the worker counts into its
 * context and reads main's flag, main sets the flag and reads the
 * registered context's count.  The points-to analysis takes a getter's
 * result from the key's values (threadlocal.cc specific_call), not from
 * what code outside reaches, and the registry makes the context shared:
 * store buffering through the count and the flag, a full fence in main
 * and in the worker on every target.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c private_tsd_published.c
 */
#include <pthread.h>
#include <stdlib.h>

struct ctx {
  int hits;
};

static pthread_key_t key;
struct ctx *volatile registry;
int flag, r0, r1;

static struct ctx *
my_ctx (void)
{
  struct ctx *c = pthread_getspecific (key);
  if (!c)
    {
      c = calloc (1, sizeof *c);
      pthread_setspecific (key, c);
      registry = c;
    }
  return c;
}

static void *
worker (void *arg)
{
  (void) arg;
  struct ctx *c = my_ctx ();
  c->hits = 1;
  r0 = flag;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_key_create (&key, free);
  pthread_create (&t, NULL, worker, NULL);
  flag = 1;
  struct ctx *c = registry;
  r1 = c ? c->hits : 0;
  pthread_join (t, NULL);
  return r0 + r1;
}
