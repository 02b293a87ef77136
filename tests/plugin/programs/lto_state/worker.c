/* worker.c — two workers, each with its own state built by cache.c's
 * helpers, doing store buffering between its cache and a shared flag
 * (tests/plugin/lto.sh, part 9).  Under -flto the cache is reached only
 * through the worker's local: no fence.  Per unit the helpers are code
 * of another unit that may keep the state's address.
 *   -DLEAK  the cache is also stored in a global and the worker uses
 *           whichever cache the global holds: fenced under -flto too
 * Example: gcc -O2 -flto -fplugin=wmmfence.so -c worker.c cache.c
 */
#include <pthread.h>
#include "state.h"

static struct options opts = { 0, 15, 64 };
int flag;
long result[2];
#ifdef LEAK
struct cache *last;
#endif

static void *
worker (void *arg)
{
  long id = (long) arg;
  struct state s;
  init_state (&opts, (size_t) id * opts.block, (size_t) (id + 1) * opts.block,
              &s);
#ifdef LEAK
  last = s.lmc;
  struct cache *c = last;
#else
  struct cache *c = s.lmc;
#endif
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
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], 0, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  return (int) (result[0] + result[1]);
}
