/* state.h — the per-thread state of worker.c, built by cache.c's helpers
 * (tests/plugin/lto.sh, part 9): a local struct pointing at shared
 * options and at heap memory the helpers allocate.
 * Example: gcc -O2 -flto -fplugin=wmmfence.so -c worker.c cache.c
 */
#include <stddef.h>

struct options { int verbose; int rounds; size_t block; };
struct cache { unsigned short *length; unsigned *dist; size_t size; };
struct state {
  const struct options *options;
  struct cache *lmc;
  size_t start, end;
};

void init_state (const struct options *o, size_t start, size_t end,
                 struct state *s);
void clean_state (struct state *s);
