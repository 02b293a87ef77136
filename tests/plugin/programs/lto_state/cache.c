/* cache.c — helpers with pointer parameters that build and free a
 * worker's state (tests/plugin/lto.sh, part 9).  Per unit they are
 * exported functions any code may call with any pointer; under -flto
 * the analysis sees that only worker.c calls them, on its local.
 * Example: gcc -O2 -flto -fplugin=wmmfence.so -c cache.c
 */
#include <stdlib.h>
#include "state.h"

static void
init_cache (size_t n, struct cache *c)
{
  c->length = malloc (n * sizeof *c->length);
  c->dist = malloc (n * sizeof *c->dist);
  c->size = n;
}

void
init_state (const struct options *o, size_t start, size_t end,
            struct state *s)
{
  s->options = o;
  s->start = start;
  s->end = end;
  s->lmc = malloc (sizeof *s->lmc);
  init_cache (end - start, s->lmc);
}

void
clean_state (struct state *s)
{
  free (s->lmc->length);
  free (s->lmc->dist);
  free (s->lmc);
}
