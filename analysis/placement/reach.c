/* reach.c — the cycle search's pruning table, per class or per fact
 * (reach.h).
 *
 * Example: for SB (P0: Wx Ry, P1: Wy Rx) and a start on x that writes,
 * P1's Rx is good (it reads x), so y is a start fact (P1's Wy is
 * po-before it), so P0's Ry is good too.
 */
#include "reach.h"

#include <stdlib.h>
#include <string.h>

/* Fact matrices over more facts than this are not built (4 of them, each
 * nf * nf bits: 8 MiB at the limit). */
#define FACTS_MAX 8192

struct wmm_reach {
  const wmm_aeg *g;
  const int *scc;
  int comp;
  int *lc;             /* per location: its index among the SCC's, -1 */
  int nl, nf, fw;      /* SCC locations, facts (2 * nl), words per fact set */
  uint64_t *all;       /* per fact: the union over threads */
  uint64_t *multi;     /* bits that two or more threads set */
  uint64_t *one;       /* one thread's matrix (rows listed in rows[]) */
  uint64_t *excl_m;    /* the union over every thread but excl_t */
  int excl_t;          /* -2: excl_m not computed */
  int *rows, nrows;    /* rows of `one` that are set */
  int *zf;             /* scratch: a thread's classes' facts, -1 outside */
  int *fbeg, *byfact;  /* scratch: a thread's classes bucketed by fact */
  uint64_t *uni;       /* scratch: the union of a bucket's po rows, and
                          the last one read (2 x the widest thread) */
  uint64_t *ufacts;    /* scratch: the facts of the last union read */
  int one_t;           /* the thread whose matrix `one` holds, or -1 */
  unsigned char *any, *wr;  /* start facts per SCC location */
  uint64_t *gf;        /* the good facts */
};

static int fact_of(const wmm_reach *r, int c)
{
  const wmm_aeg_class *z = &r->g->cls[c];
  return 2 * r->lc[z->loc] + (z->writes != 0);
}

/* Fill r->one with thread t's matrix: row f holds the facts of the
 * classes at or po-after a class of fact f (classes of the SCC only).
 * The classes of one fact are taken together: the union of their po rows
 * first, a word at a time, then its classes' facts once. */
static void thread_matrix(wmm_reach *r, int t)
{
  const wmm_aeg *g = r->g;
  const wmm_aeg_thread *th = &g->threads[t];
  r->nrows = 0;
  r->one_t = t;
  memset(r->fbeg, 0, ((size_t)r->nf + 1) * sizeof *r->fbeg);
  for (int k = 0; k < th->ncls; k++) {
    r->zf[k] = r->scc[th->cls[k]] == r->comp ? fact_of(r, th->cls[k]) : -1;
    if (r->zf[k] >= 0)
      r->fbeg[r->zf[k] + 1]++;
  }
  for (int f = 0; f < r->nf; f++)
    r->fbeg[f + 1] += r->fbeg[f];
  for (int k = 0; k < th->ncls; k++)
    if (r->zf[k] >= 0)
      r->byfact[r->fbeg[r->zf[k]]++] = k;
  /* fbeg[f] is now the end of fact f's classes, the start of f + 1's;
     uni[0 .. words) is the union being built, uni[words .. 2 words) the
     last one whose facts were read (often the same: a loop's accesses),
     ufacts those facts */
  uint64_t *uni = r->uni, *last = r->uni + th->words;
  int have_last = 0;
  for (int f = 0, from = 0; f < r->nf; from = r->fbeg[f++]) {
    if (from == r->fbeg[f])
      continue;
    memset(uni, 0, (size_t)th->words * sizeof *uni);
    for (int i = from; i < r->fbeg[f]; i++) {
      const uint64_t *po = &th->po[(size_t)r->byfact[i] * th->words];
      for (int w = 0; w < th->words; w++)
        uni[w] |= po[w];
    }
    if (!have_last || memcmp(uni, last, (size_t)th->words * sizeof *uni)) {
      memset(r->ufacts, 0, (size_t)r->fw * sizeof *r->ufacts);
      for (int w = 0; w < th->words; w++)
        for (uint64_t bits = uni[w]; bits; bits &= bits - 1) {
          int fz = r->zf[w * 64 + __builtin_ctzll(bits)];
          if (fz >= 0)
            r->ufacts[fz / 64] |= 1ull << (fz % 64);
        }
      memcpy(last, uni, (size_t)th->words * sizeof *uni);
      have_last = 1;
    }
    uint64_t *row = &r->one[(size_t)f * r->fw];
    memcpy(row, r->ufacts, (size_t)r->fw * sizeof *row);
    r->rows[r->nrows++] = f;
    row[f / 64] |= 1ull << (f % 64);
  }
}

/* Would thread t's matrix be the one `one` holds?  (Another instance of
 * the same code: the same po matrix and the same facts class by class, so
 * the same rows; then it is not built again.) */
static int same_matrix(const wmm_reach *r, int t)
{
  if (r->one_t < 0)
    return 0;
  const wmm_aeg *g = r->g;
  const wmm_aeg_thread *a = &g->threads[r->one_t], *b = &g->threads[t];
  if (a->unit != b->unit || a->ncls != b->ncls || a->words != b->words ||
      memcmp(a->po, b->po, (size_t)a->ncls * (size_t)a->words * sizeof *a->po))
    return 0;
  for (int k = 0; k < b->ncls; k++)
    if (r->zf[k] != (r->scc[b->cls[k]] == r->comp ? fact_of(r, b->cls[k]) : -1))
      return 0;
  return 1;
}

void wmm_reach_free(wmm_reach *r)
{
  if (!r)
    return;
  free(r->lc), free(r->all), free(r->multi), free(r->one), free(r->excl_m);
  free(r->rows), free(r->zf), free(r->any), free(r->wr);
  free(r->fbeg), free(r->byfact), free(r->uni), free(r->ufacts);
  free(r->gf);
  free(r);
}

wmm_reach *wmm_reach_new(const wmm_aeg *g, const int *scc, int comp)
{
  wmm_reach *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->g = g, r->scc = scc, r->comp = comp, r->excl_t = -2;
  r->lc = malloc(((size_t)g->p->nlocs + 1) * sizeof *r->lc);
  if (!r->lc)
    goto fail;
  for (int l = 0; l <= g->p->nlocs; l++)
    r->lc[l] = -1;
  for (int c = 0; c < g->ncls; c++)
    if (scc[c] == comp && r->lc[g->cls[c].loc] < 0)
      r->lc[g->cls[c].loc] = r->nl++;
  r->nf = 2 * r->nl;
  if (r->nf > FACTS_MAX)
    goto fail;
  r->fw = (r->nf + 63) / 64;
  size_t words = (size_t)r->nf * (size_t)r->fw + 1;
  int maxc = 1, maxw = 1;
  for (int t = 0; t < g->nthreads; t++) {
    if (g->threads[t].ncls > maxc)
      maxc = g->threads[t].ncls;
    if (g->threads[t].words > maxw)
      maxw = g->threads[t].words;
  }
  r->all = calloc(words, sizeof *r->all);
  r->multi = calloc(words, sizeof *r->multi);
  r->one = malloc(words * sizeof *r->one);
  r->excl_m = malloc(words * sizeof *r->excl_m);
  r->rows = malloc(((size_t)r->nf + 1) * sizeof *r->rows);
  r->zf = malloc((size_t)maxc * sizeof *r->zf);
  r->fbeg = malloc(((size_t)r->nf + 1) * sizeof *r->fbeg);
  r->byfact = malloc((size_t)maxc * sizeof *r->byfact);
  r->uni = malloc(2 * (size_t)maxw * sizeof *r->uni);
  r->ufacts = malloc(((size_t)r->fw + 1) * sizeof *r->ufacts);
  r->any = malloc((size_t)r->nl + 1);
  r->wr = malloc((size_t)r->nl + 1);
  r->gf = malloc(((size_t)r->fw + 1) * sizeof *r->gf);
  if (!r->all || !r->multi || !r->one || !r->excl_m || !r->rows ||
      !r->zf || !r->any || !r->wr || !r->gf || !r->fbeg ||
      !r->byfact || !r->uni || !r->ufacts)
    goto fail;
  r->one_t = -1;
  for (int t = 0; t < g->nthreads; t++) {
    if (!same_matrix(r, t))
      thread_matrix(r, t);
    for (int i = 0; i < r->nrows; i++) {
      size_t base = (size_t)r->rows[i] * r->fw;
      for (int w = 0; w < r->fw; w++) {
        r->multi[base + w] |= r->all[base + w] & r->one[base + w];
        r->all[base + w] |= r->one[base + w];
      }
    }
  }
  return r;
fail:
  wmm_reach_free(r);
  return NULL;
}

/* Facts of SCC location m that are good given the start facts. */
static void set_good(wmm_reach *r, int m, int lc0, int w0)
{
  int fr = 2 * m, fw = 2 * m + 1;
  if ((m == lc0 && w0) || r->wr[m])
    r->gf[fr / 64] |= 1ull << (fr % 64);
  if (m == lc0 || r->wr[m] || r->any[m])
    r->gf[fw / 64] |= 1ull << (fw % 64);
}

const uint64_t *wmm_reach_facts(wmm_reach *r, int l0, int w0, int excl)
{
  const wmm_aeg *g = r->g;
  const uint64_t *m = r->all;
  if (excl >= 0) {
    if (r->excl_t != excl) {
      /* every thread's union minus the bits only excl sets */
      if (r->one_t != excl && !same_matrix(r, excl))
        thread_matrix(r, excl);
      memcpy(r->excl_m, r->all, (size_t)r->nf * r->fw * sizeof *r->excl_m);
      for (int i = 0; i < r->nrows; i++) {
        size_t base = (size_t)r->rows[i] * r->fw;
        for (int w = 0; w < r->fw; w++)
          r->excl_m[base + w] &= ~r->one[base + w] | r->multi[base + w];
      }
      r->excl_t = excl;
    }
    m = r->excl_m;
  }
  int lc0 = l0 >= 0 && l0 <= g->p->nlocs ? r->lc[l0] : -1;
  memset(r->any, 0, (size_t)r->nl + 1);
  memset(r->wr, 0, (size_t)r->nl + 1);
  memset(r->gf, 0, ((size_t)r->fw + 1) * sizeof *r->gf);
  if (lc0 >= 0)
    set_good(r, lc0, lc0, w0);
  for (int changed = 1; changed;) {
    changed = 0;
    for (int f = 0; f < r->nf; f++) {
      int l = f / 2, wy = f & 1;
      if (r->any[l] && (r->wr[l] || !wy))
        continue;
      const uint64_t *row = &m[(size_t)f * r->fw];
      int hit = 0;
      for (int w = 0; w < r->fw && !hit; w++)
        hit = (row[w] & r->gf[w]) != 0;
      if (!hit)
        continue;
      r->any[l] = 1;
      if (wy)
        r->wr[l] = 1;
      set_good(r, l, lc0, w0);
      changed = 1;
    }
  }
  return r->gf;
}

int wmm_reach_words(const wmm_reach *r)
{
  return r->fw;
}

void wmm_reach_fill(const wmm_reach *r, const uint64_t *facts, unsigned char *good)
{
  const wmm_aeg *g = r->g;
  for (int c = 0; c < g->ncls; c++) {
    int f = r->scc[c] == r->comp ? fact_of(r, c) : -1;
    good[c] = f >= 0 && ((facts[f / 64] >> (f % 64)) & 1);
  }
}

static void *xcalloc(size_t n, size_t sz)
{
  return calloc(n ? n : 1, sz);
}

int wmm_reach_classes(const wmm_aeg *g, const int *scc, int comp, int l0,
                      int w0, int excl, unsigned char *good)
{
  int nlocs = g->p->nlocs;
  unsigned char *start_any = xcalloc((size_t)nlocs + 1, 1);
  unsigned char *start_w = xcalloc((size_t)nlocs + 1, 1);
  int maxw = 1;
  for (int t = 0; t < g->nthreads; t++)
    if (g->threads[t].words > maxw)
      maxw = g->threads[t].words;
  uint64_t *bits = xcalloc((size_t)maxw, sizeof *bits);
  if (!start_any || !start_w || !bits) {
    free(start_any), free(start_w), free(bits);
    return -1;
  }
  memset(good, 0, (size_t)g->ncls);
  for (int changed = 1; changed;) {
    changed = 0;
    for (int c = 0; c < g->ncls; c++) {
      const wmm_aeg_class *z = &g->cls[c];
      if (good[c] || scc[c] != comp)
        continue;   /* (excl's classes too: the start pair ends there) */
      int l = z->loc;
      if ((l == l0 && (z->writes || w0)) || start_w[l] || (z->writes && start_any[l]))
        good[c] = 1;
    }
    for (int t = 0; t < g->nthreads; t++) {
      const wmm_aeg_thread *th = &g->threads[t];
      if (t == excl)
        continue;
      memset(bits, 0, (size_t)th->words * sizeof *bits);
      for (int k = 0; k < th->ncls; k++)
        if (good[th->cls[k]])
          bits[k / 64] |= 1ull << (k % 64);
      for (int k = 0; k < th->ncls; k++) {
        int y = th->cls[k], l = g->cls[y].loc;
        if (scc[y] != comp || (start_any[l] && (start_w[l] || !g->cls[y].writes)))
          continue;
        int st = good[y];
        const uint64_t *row = &th->po[(size_t)k * th->words];
        for (int w = 0; w < th->words && !st; w++)
          st = (row[w] & bits[w]) != 0;
        if (!st)
          continue;
        if (!start_any[l])
          start_any[l] = 1, changed = 1;
        if (g->cls[y].writes && !start_w[l])
          start_w[l] = 1, changed = 1;
      }
    }
  }
  free(start_any), free(start_w), free(bits);
  return 0;
}
