/* fbpairs.c — the fallback pairs of an overflowed cycle search (cycles.h),
 * found again from the events a fallback term orders: which class pair of
 * the search does the event pair (a, b) belong to?  placement.c uses it to
 * keep a fallback term to the pairs that may lie on a cycle, and to give
 * each of their delays a witness cycle.
 *
 * Example:
 *   place_fbpairs fb;
 *   if (place_fbpairs_build(&fb, g, &cy) == 0) {
 *     int ca, cb;
 *     if (place_fbpairs_find(&fb, g, -1, node_a, node_b, &ca, &cb))
 *       ... wmm_cycles_fb_index(g, &cy, ca, cb) ...
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
  unsigned char *seen = calloc((size_t)g->ncls + 1, 1);
  f->node_off = calloc((size_t)g->nnodes + 1, sizeof *f->node_off);
  if (!seen || !f->node_off)
    goto fail;
  /* the classes of some pair: the rows' and their set bits' */
  for (int r = 0; r < cy->nfb_cls; r++) {
    int a = cy->fb_cls[r];
    const wmm_aeg_thread *th = &g->threads[g->cls[a].thread];
    const uint64_t *row = cy->fb_bits + cy->fb_row[a];
    seen[a] = 1;
    for (int w = 0; w < th->words; w++)
      for (uint64_t bits = row[w]; bits; bits &= bits - 1)
        seen[th->cls[w * 64 + __builtin_ctzll(bits)]] = 1;
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
  return -1;
}

int place_fbpairs_find(const place_fbpairs *f, const wmm_aeg *g, int t,
                       int na, int nb, int *ca_out, int *cb_out)
{
  if (!f->node_off)
    return 0;
  for (int i = f->node_off[na]; i < f->node_off[na + 1]; i++) {
    int ca = f->node_cls[i];
    if (t >= 0 && g->cls[ca].thread != t)
      continue;
    for (int j = f->node_off[nb]; j < f->node_off[nb + 1]; j++) {
      int cb = f->node_cls[j];
      if (wmm_cycles_fb_has(g, f->cy, ca, cb)) {
        if (ca_out)
          *ca_out = ca, *cb_out = cb;
        return 1;
      }
    }
  }
  return 0;
}

void place_fbpairs_free(place_fbpairs *f)
{
  free(f->node_off), free(f->node_cls);
  memset(f, 0, sizeof *f);
}
