/* private_helpers.c — per-thread state built and used through small
 * helpers with pointer parameters, the way a compressor keeps its match
 * cache (zopfli's block state and longest-match cache): a local state
 * struct whose members point at shared, read-only options and at heap
 * memory the helpers allocate, sizes loaded from a shared object stored
 * beside them.  Each of two workers does store buffering between its
 * cache and a shared flag; the cache is reached only through the
 * worker's local: no fence (threadlocal.cc).
 *   -DLEAK    the cache is also stored in a global and the worker uses
 *             whichever cache the global holds: store buffering between
 *             the two workers, fenced
 *   -DCOOKIE  the same through an integer (uintptr_t) global
 *   -DINSIDE  the same through a member of a static struct
 *   -DKEEP    a helper stores the state's address in a global, the
 *             worker reads the cache through it
 *   -DMEMCPY  the cache pointer is copied into a global with memcpy
 *   -DWRAPPER every allocation through xmalloc (malloc or abort), which
 *             also makes main's registry entry: still no fence (one
 *             object per call of the wrapper); with -DLEAK fenced
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=tso -c private_helpers.c
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct options { int verbose; int rounds; size_t block; };
struct cache { unsigned short *length; unsigned *dist; size_t size; };
struct state {
  const struct options *options;
  struct cache *lmc;
  size_t start, end;
};
struct registry { int users; struct cache *cache; };

static struct options opts = { 0, 15, 64 };
static struct registry registry;
int flag;
long result[2];
#ifdef LEAK
struct cache *last;
#endif
#ifdef COOKIE
uintptr_t cookie;
#endif
#ifdef KEEP
struct state *seen;
#endif
#ifdef MEMCPY
unsigned char saved[sizeof (struct cache *)];
#endif

#ifdef WRAPPER
static void *
xmalloc (size_t n)
{
  void *p = malloc (n);
  if (!p)
    abort ();
  return p;
}
#define malloc xmalloc
#endif

static void
init_cache (size_t n, struct cache *c)
{
  c->length = malloc (n * sizeof *c->length);
  c->dist = malloc (n * sizeof *c->dist);
  c->size = n;
}

static void
init_state (const struct options *o, size_t start, size_t end,
            struct state *s)
{
  s->options = o;
  s->start = start;
  s->end = end;
  s->lmc = malloc (sizeof *s->lmc);
  init_cache (end - start, s->lmc);
#ifdef KEEP
  seen = s;
#endif
}

static void
clean_state (struct state *s)
{
  free (s->lmc->length);
  free (s->lmc->dist);
  free (s->lmc);
}

/* The cache the worker uses. */
static struct cache *
cache_of (struct state *s)
{
#if defined LEAK
  last = s->lmc;
  return last;
#elif defined COOKIE
  cookie = (uintptr_t) s->lmc;
  return (struct cache *) cookie;
#elif defined INSIDE
  registry.cache = s->lmc;
  return registry.cache;
#elif defined KEEP
  return seen->lmc;
#elif defined MEMCPY
  struct cache *c;
  memcpy (saved, &s->lmc, sizeof s->lmc);
  memcpy (&c, saved, sizeof c);
  return c;
#else
  return s->lmc;
#endif
}

static void *
worker (void *arg)
{
  long id = (long) arg;
  struct state s;
  size_t block = opts.block;
  init_state (&opts, (size_t) id * block, (size_t) (id + 1) * block, &s);
  struct cache *c = cache_of (&s);
  long r = 0;
  c->dist[0] = 1;
  r += flag;
  flag = 1;
  r += c->dist[0];
  r += s.options->rounds;
  result[id] = r;
  clean_state (&s);
  return 0;
}

int
main (void)
{
  pthread_t t[2];
  registry.users = 2;
#ifdef WRAPPER
  registry.cache = malloc (sizeof *registry.cache);   /* shared */
  registry.cache->dist = malloc (sizeof *registry.cache->dist);
#endif
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  return (int) (result[0] + result[1]);
}
