/* fbpairs.c — the fallback pairs of an overflowed cycle search (cycles.h),
 * found again from the events a fallback term orders: which class pair of
 * the search does the event pair (a, b) belong to?  placement.c uses it to
 * keep a fallback term to the pairs that may lie on a cycle, and to give
 * each of their delays a witness cycle.
 *
 * Example:
 *   place_fbpairs fb;
 *   if (place_fbpairs_build(&fb, g, &cy) == 0) {
 *     int i = place_fbpairs_find(&fb, g, -1, node_a, node_b);
 *     if (i >= 0) ... cy.fallback[i].a, cy.fallback[i].b ...
 *     place_fbpairs_free(&fb);
 *   }
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A mix of both classes into every bit (the table takes the low bits;
 * multiplying alone leaves those depending only on the low bits of a and
 * b, and the runs of a thread's consecutive classes clustered). */
static unsigned long pair_hash(int a, int b)
{
  uint64_t x = ((uint64_t)(unsigned)a << 32) | (unsigned)b;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return (unsigned long)x;
}

int place_fbpairs_build(place_fbpairs *f, const wmm_aeg *g, const wmm_cycles *cy)
{
  memset(f, 0, sizeof *f);
  f->cy = cy;
  if (cy->nfallback == 0)
    return 0;
  unsigned char *seen = calloc((size_t)g->ncls + 1, 1);
  f->node_off = calloc((size_t)g->nnodes + 1, sizeof *f->node_off);
  f->run = malloc(((size_t)g->ncls + 1) * sizeof *f->run);
  if (!seen || !f->node_off || !f->run)
    goto nomem;
  /* runs: each a's pairs contiguous, b strictly ascending (cheap to check,
     and a table of 16 million pairs is a cache miss per pair) */
  for (int c = 0; c <= g->ncls; c++)
    f->run[c] = -1;
  for (int i = 0; i < cy->nfallback && f->run; i++) {
    const wmm_cpair *p = &cy->fallback[i];
    seen[p->a] = seen[p->b] = 1;
    if (i > 0 && p->a == cy->fallback[i - 1].a) {
      if (p->b <= cy->fallback[i - 1].b)
        free(f->run), f->run = NULL;
    } else if (f->run[p->a] >= 0)
      free(f->run), f->run = NULL;
    else
      f->run[p->a] = i;
  }
  if (!f->run) {
    f->size = 64;
    while (f->size < 2 * cy->nfallback + 2)
      f->size *= 2;
    f->slot = calloc((size_t)f->size, sizeof *f->slot);
    if (!f->slot)
      goto nomem;
    for (int i = 0; i < cy->nfallback; i++) {
      const wmm_cpair *p = &cy->fallback[i];
      int s = (int)(pair_hash(p->a, p->b) & (unsigned long)(f->size - 1));
      while (f->slot[s])
        s = (s + 1) & (f->size - 1);
      f->slot[s] = i + 1;
    }
  }
  /* the classes of each event (CSR), those of fallback pairs only */
  for (int pass = 0; pass < 2; pass++) {
    int *fill = pass ? calloc((size_t)g->nnodes + 1, sizeof *fill) : NULL;
    if (pass && !fill)
      goto nomem;
    for (int c = 0; c < g->ncls; c++) {
      if (!seen[c])
        continue;
      for (int k = 0; k < g->cls[c].nacc; k++) {
        int n = g->acc[g->cls[c].acc[k]].node;
        if (!pass)
          f->node_off[n + 1]++;
        else
          f->node_cls[f->node_off[n] + fill[n]++] = c;
      }
    }
    if (!pass) {
      for (int n = 0; n < g->nnodes; n++)
        f->node_off[n + 1] += f->node_off[n];
      f->node_cls = malloc((size_t)(f->node_off[g->nnodes] + 1) * sizeof *f->node_cls);
      if (!f->node_cls)
        goto nomem;
    }
    free(fill);
  }
  free(seen);
  return 0;
nomem:
  free(seen);
  place_fbpairs_free(f);
  return -1;
}

/* The fallback pair of classes (a, b), or -1. */
static int lookup(const place_fbpairs *f, int a, int b)
{
  if (f->run) {
    int lo = f->run[a];
    if (lo < 0)
      return -1;
    const wmm_cpair *p = f->cy->fallback;
    int hi = lo;   /* one past the run: gallop, then bisect */
    for (int step = 1; hi < f->cy->nfallback && p[hi].a == a && p[hi].b < b;
         step *= 2)
      lo = hi, hi += step;
    if (hi > f->cy->nfallback)
      hi = f->cy->nfallback;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (p[mid].a == a && p[mid].b < b)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < f->cy->nfallback && p[lo].a == a && p[lo].b == b ? lo : -1;
  }
  int s = (int)(pair_hash(a, b) & (unsigned long)(f->size - 1));
  while (f->slot[s]) {
    const wmm_cpair *p = &f->cy->fallback[f->slot[s] - 1];
    if (p->a == a && p->b == b)
      return f->slot[s] - 1;
    s = (s + 1) & (f->size - 1);
  }
  return -1;
}

int place_fbpairs_find(const place_fbpairs *f, const wmm_aeg *g, int t,
                       int na, int nb)
{
  if (!f->slot && !f->run)
    return -1;
  for (int i = f->node_off[na]; i < f->node_off[na + 1]; i++) {
    int ca = f->node_cls[i];
    if (t >= 0 && g->cls[ca].thread != t)
      continue;
    for (int j = f->node_off[nb]; j < f->node_off[nb + 1]; j++) {
      int cb = f->node_cls[j];
      if (g->cls[cb].thread != g->cls[ca].thread)
        continue;
      int k = lookup(f, ca, cb);
      if (k >= 0)
        return k;
    }
  }
  return -1;
}

void place_fbpairs_free(place_fbpairs *f)
{
  free(f->slot), free(f->run), free(f->node_off), free(f->node_cls);
  memset(f, 0, sizeof *f);
}
