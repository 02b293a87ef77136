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

#include <stdlib.h>
#include <string.h>

int place_fbpairs_build(place_fbpairs *f, const wmm_aeg *g, const wmm_cycles *cy)
{
  memset(f, 0, sizeof *f);
  f->cy = cy;
  if (cy->nfallback == 0)
    return 0;
  int rc = -1;
  unsigned char *seen = calloc((size_t)g->ncls + 1, 1);
  f->node_off = calloc((size_t)g->nnodes + 1, sizeof *f->node_off);
  f->run = malloc(((size_t)g->ncls + 1) * sizeof *f->run);
  if (!seen || !f->node_off || !f->run)
    goto fail;
  /* the runs (cycles.c add_fallback: one per class a, b ascending); a
     search that broke that order would lose pairs: an error, not a miss */
  for (int c = 0; c <= g->ncls; c++)
    f->run[c] = -1;
  for (int i = 0; i < cy->nfallback; i++) {
    const wmm_cpair *p = &cy->fallback[i];
    seen[p->a] = seen[p->b] = 1;
    if (i > 0 && p->a == cy->fallback[i - 1].a) {
      if (p->b <= cy->fallback[i - 1].b) {
        rc = -2;
        goto fail;
      }
    } else if (f->run[p->a] >= 0) {
      rc = -2;
      goto fail;
    } else
      f->run[p->a] = i;
  }
  /* the classes of each event (CSR), those of fallback pairs only */
  for (int pass = 0; pass < 2; pass++) {
    int *fill = pass ? calloc((size_t)g->nnodes + 1, sizeof *fill) : NULL;
    if (pass && !fill)
      goto fail;
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
        goto fail;
    }
    free(fill);
  }
  free(seen);
  return 0;
fail:
  free(seen);
  place_fbpairs_free(f);
  return rc;
}

/* The fallback pair of classes (a, b), or -1: a gallop and a bisection
 * in a's run. */
static int lookup(const place_fbpairs *f, int a, int b)
{
  int lo = f->run[a], n = f->cy->nfallback;
  if (lo < 0)
    return -1;
  const wmm_cpair *p = f->cy->fallback;
  int hi = lo;
  for (int step = 1; hi < n && p[hi].a == a && p[hi].b < b; step *= 2)
    lo = hi, hi += step;
  if (hi > n)
    hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (p[mid].a == a && p[mid].b < b)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && p[lo].a == a && p[lo].b == b ? lo : -1;
}

int place_fbpairs_find(const place_fbpairs *f, const wmm_aeg *g, int t,
                       int na, int nb)
{
  if (!f->run)
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
  free(f->run), free(f->node_off), free(f->node_cls);
  memset(f, 0, sizeof *f);
}
