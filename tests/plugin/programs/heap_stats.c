/* heap_stats.c — statistics in a heap object every worker is given:
 * workers scan their own slice of the input and count matches and
 * misses, add up the bytes and mark the kinds of record they met, with
 * relaxed atomic additions and ors (`__atomic_fetch_add (&st->hits, 1,
 * __ATOMIC_RELAXED)`, `__atomic_fetch_or (&st->kinds, ...)`) whose old
 * values they never use; main prints the figures after the joins.  The
 * order of the updates cannot be seen: no fence orders them.
 *   -DPEEK   main prints the misses and the hits so far while the
 *            workers run: fenced on the weak targets
 *   -DLIMIT  a worker stops at the thousandth hit, the value its
 *            addition returns: fenced on the weak targets
 * Usage: heap_stats
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 4
#define N 4096

struct stats { long hits, misses, bytes; unsigned kinds; };
struct slice { const unsigned char *data; int len; struct stats *st; };

static void *scan(void *arg)
{
  struct slice *s = arg;
  for (int i = 0; i < s->len; i++) {
    unsigned char c = s->data[i];
    if (c % 7 == 0) {
#ifdef LIMIT
      if (__atomic_add_fetch(&s->st->hits, 1, __ATOMIC_RELAXED) >= 1000)
        break;
#else
      __atomic_fetch_add(&s->st->hits, 1, __ATOMIC_RELAXED);
#endif
    } else
      __atomic_fetch_add(&s->st->misses, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&s->st->bytes, c, __ATOMIC_RELAXED);
    __atomic_fetch_or(&s->st->kinds, 1u << (c & 31), __ATOMIC_RELAXED);
  }
  return 0;
}

int main(void)
{
  unsigned char *data = malloc(N);
  struct stats *st = calloc(1, sizeof *st);
  struct slice sl[NT];
  pthread_t t[NT];
  if (!data || !st)
    return 2;
  for (int i = 0; i < N; i++)
    data[i] = (unsigned char) (i * 31 + 7);
  for (int k = 0; k < NT; k++) {
    sl[k] = (struct slice) { data + k * (N / NT), N / NT, st };
    if (pthread_create(&t[k], 0, scan, &sl[k]) != 0)
      return 2;
  }
#ifdef PEEK
  long m = __atomic_load_n(&st->misses, __ATOMIC_RELAXED);
  long h = __atomic_load_n(&st->hits, __ATOMIC_RELAXED);
  fprintf(stderr, "so far %ld hits, %ld misses\n", h, m);
#endif
  for (int k = 0; k < NT; k++)
    pthread_join(t[k], 0);
  printf("hits %ld misses %ld bytes %ld kinds %x\n", st->hits, st->misses,
         st->bytes, st->kinds);
  int bad = st->hits + st->misses != N;
  free(st);
  free(data);
  return bad;
}
