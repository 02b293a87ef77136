/* worker.c — lto_tsd/: two workers, each with a context of its own kept
 * by key.c's key (allocated and set on first use), do store buffering on
 * their context's fields: the contexts are private, no fence under
 * -flto; -DLEAK: a worker also stores its context in a global, fenced. */
#include <stdlib.h>
#include "tsd.h"

struct ctx *leak;

static struct ctx *
mine (void)
{
  struct ctx *c = pthread_getspecific (ctx_key);
  if (!c)
    {
      c = calloc (1, sizeof *c);
      if (!c)
        abort ();
      pthread_setspecific (ctx_key, c);
#ifdef LEAK
      leak = c;
#endif
    }
  return c;
}

static void *
worker (void *arg)
{
  struct ctx *c = mine ();
#ifdef LEAK
  if (arg && leak)
    c = leak;
#endif
  if (arg)
    {
      c->a = 1;
      c->ra = c->b;
    }
  else
    {
      c->b = 1;
      c->rb = c->a;
    }
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  ctx_init ();
  pthread_create (&t1, NULL, worker, (void *) 1);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
