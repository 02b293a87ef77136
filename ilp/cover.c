/* cover.c — building the weighted cover problem of ilp.h: vars, rows (OR of
 * vars), alternatives (AND of rows) and needs (OR of alternatives), each
 * list sorted and deduplicated through a hash table so that thousands of
 * cycles sharing the same pairs add each row once.
 *
 * Example:
 *   int r = wmm_cover_row(c, (int[]){3, 1, 3}, 3);   // the row {1, 3}
 *   assert(wmm_cover_row(c, (int[]){1, 3}, 2) == r);
 */
#include "ilp.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

wmm_cover *wmm_cover_new(void)
{
  return calloc(1, sizeof(wmm_cover));
}

static void free_lists(wmm_cover_list *l, int n)
{
  for (int i = 0; i < n; i++)
    free(l[i].items);
  free(l);
}

void wmm_cover_free(wmm_cover *c)
{
  if (!c)
    return;
  free(c->cost);
  free_lists(c->rows, c->nrows);
  free_lists(c->alts, c->nalts);
  free_lists(c->needs, c->nneeds);
  free(c->row_tab);
  free(c->alt_tab);
  free(c->need_tab);
  free(c);
}

/* Make room for n+1 elements of size sz in *arr. */
static int grow(void **arr, int *cap, int n, size_t sz)
{
  if (n < *cap)
    return 0;
  int ncap = *cap ? *cap * 2 : 16;
  void *q = realloc(*arr, (size_t)ncap * sz);
  if (!q)
    return -1;
  *arr = q;
  *cap = ncap;
  return 0;
}

int wmm_cover_var(wmm_cover *c, double cost)
{
  if (grow((void **)&c->cost, &c->cap_vars, c->nvars, sizeof *c->cost))
    return -WMM_ERR_NOMEM;
  c->cost[c->nvars] = cost;
  return c->nvars++;
}

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static uint64_t hash_list(const int *v, int n)
{
  uint64_t h = 1469598103934665603ull ^ (uint64_t)n;
  for (int i = 0; i < n; i++) {
    h ^= (uint64_t)(unsigned)v[i];
    h *= 1099511628211ull;
    h ^= h >> 29;
  }
  return h;
}

static int same_list(const wmm_cover_list *l, const int *v, int n)
{
  return l->n == n && (n == 0 || memcmp(l->items, v, (size_t)n * sizeof *v) == 0);
}

/* Rebuild an open-addressing table (entries: list index + 1, 0 = empty). */
static int rehash(int **tab, int *size, const wmm_cover_list *lists, int n)
{
  int nsize = *size ? *size * 2 : 64;
  int *t = calloc((size_t)nsize, sizeof *t);
  if (!t)
    return -1;
  for (int i = 0; i < n; i++) {
    uint64_t h = hash_list(lists[i].items, lists[i].n);
    int j = (int)(h & (uint64_t)(nsize - 1));
    while (t[j])
      j = (j + 1) & (nsize - 1);
    t[j] = i + 1;
  }
  free(*tab);
  *tab = t;
  *size = nsize;
  return 0;
}

/* Intern the list v[0..n) (sorted, deduplicated in place) in lists. */
static int intern(wmm_cover_list **lists, int *nlists, int *cap, int **tab,
                  int *tab_size, int *v, int n)
{
  if (n > 32)
    qsort(v, (size_t)n, sizeof *v, cmp_int);
  else   /* (short lists, the usual: without qsort's calls) */
    for (int i = 1; i < n; i++) {
      int x = v[i], j = i;
      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
  int m = 0;
  for (int i = 0; i < n; i++)
    if (m == 0 || v[m - 1] != v[i])
      v[m++] = v[i];
  n = m;
  if ((*nlists + 1) * 2 > *tab_size &&
      rehash(tab, tab_size, *lists, *nlists))
    return -WMM_ERR_NOMEM;
  uint64_t h = hash_list(v, n);
  int j = (int)(h & (uint64_t)(*tab_size - 1));
  while ((*tab)[j]) {
    int k = (*tab)[j] - 1;
    if (same_list(&(*lists)[k], v, n))
      return k;
    j = (j + 1) & (*tab_size - 1);
  }
  if (grow((void **)lists, cap, *nlists, sizeof **lists))
    return -WMM_ERR_NOMEM;
  wmm_cover_list *l = &(*lists)[*nlists];
  l->n = n;
  l->items = malloc((size_t)(n ? n : 1) * sizeof *l->items);
  if (!l->items)
    return -WMM_ERR_NOMEM;
  if (n)
    memcpy(l->items, v, (size_t)n * sizeof *v);
  (*tab)[j] = *nlists + 1;
  return (*nlists)++;
}

/* Copy v so that intern() may sort it. */
static int intern_copy(wmm_cover_list **lists, int *nlists, int *cap,
                       int **tab, int *tab_size, const int *v, int n)
{
  int stackbuf[64];
  int *tmp = n <= 64 ? stackbuf : malloc((size_t)n * sizeof *tmp);
  if (!tmp)
    return -WMM_ERR_NOMEM;
  if (n)
    memcpy(tmp, v, (size_t)n * sizeof *v);
  int r = intern(lists, nlists, cap, tab, tab_size, tmp, n);
  if (tmp != stackbuf)
    free(tmp);
  return r;
}

int wmm_cover_row(wmm_cover *c, const int *vars, int n)
{
  for (int i = 0; i < n; i++)
    if (vars[i] < 0 || vars[i] >= c->nvars)
      return -WMM_ERR_INVALID;
  return intern_copy(&c->rows, &c->nrows, &c->cap_rows, &c->row_tab,
                     &c->row_tab_size, vars, n);
}

int wmm_cover_alt(wmm_cover *c, const int *rows, int n)
{
  for (int i = 0; i < n; i++)
    if (rows[i] < 0 || rows[i] >= c->nrows)
      return -WMM_ERR_INVALID;
  return intern_copy(&c->alts, &c->nalts, &c->cap_alts, &c->alt_tab,
                     &c->alt_tab_size, rows, n);
}

int wmm_cover_need(wmm_cover *c, const int *alts, int n)
{
  for (int i = 0; i < n; i++)
    if (alts[i] < 0 || alts[i] >= c->nalts)
      return -WMM_ERR_INVALID;
  return intern_copy(&c->needs, &c->nneeds, &c->cap_needs, &c->need_tab,
                     &c->need_tab_size, alts, n);
}

static int row_holds(const wmm_cover *c, int r, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->rows[r];
  for (int i = 0; i < l->n; i++)
    if (chosen[l->items[i]])
      return 1;
  return 0;
}

static int alt_holds(const wmm_cover *c, int a, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->alts[a];
  for (int i = 0; i < l->n; i++)
    if (!row_holds(c, l->items[i], chosen))
      return 0;
  return 1;
}

void wmm_cover_forced_rows(const wmm_cover *c, unsigned char *forced,
                           unsigned char *fixed)
{
  for (int k = 0; k < c->nneeds; k++)
    if (c->needs[k].n == 1) {
      int a = c->needs[k].items[0];
      if (fixed)
        fixed[a] = 1;
      for (int i = 0; i < c->alts[a].n; i++)
        forced[c->alts[a].items[i]] = 1;
    }
}

int wmm_cover_need_holds(const wmm_cover *c, int k, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->needs[k];
  for (int i = 0; i < l->n; i++)
    if (alt_holds(c, l->items[i], chosen))
      return 1;
  return 0;
}

void wmm_ilp_result_free(wmm_ilp_result *res)
{
  if (!res)
    return;
  free(res->chosen);
  res->chosen = NULL;
}

typedef struct var_cost {
  double cost;
  int var;
} var_cost;

/* Decreasing cost, then decreasing index (deterministic). */
static int cmp_var_desc(const void *a, const void *b)
{
  const var_cost *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost < y->cost ? 1 : -1;
  return (x->var < y->var) - (x->var > y->var);
}

/* Inverse index: for each element of `from` lists, the lists holding it. */
static int invert(const wmm_cover_list *lists, int nlists, int nitems,
                  int **off_out, int **idx_out)
{
  int *off = calloc((size_t)nitems + 1, sizeof *off);
  if (!off)
    return -1;
  for (int i = 0; i < nlists; i++)
    for (int j = 0; j < lists[i].n; j++)
      off[lists[i].items[j] + 1]++;
  for (int i = 0; i < nitems; i++)
    off[i + 1] += off[i];
  int *idx = malloc((size_t)(off[nitems] ? off[nitems] : 1) * sizeof *idx);
  int *fill = malloc((size_t)(nitems ? nitems : 1) * sizeof *fill);
  if (!idx || !fill) {
    free(off), free(idx), free(fill);
    return -1;
  }
  memcpy(fill, off, (size_t)nitems * sizeof *fill);
  for (int i = 0; i < nlists; i++)
    for (int j = 0; j < lists[i].n; j++)
      idx[fill[lists[i].items[j]]++] = i;
  free(fill);
  *off_out = off;
  *idx_out = idx;
  return 0;
}

void wmm_ilp_prune(const wmm_cover *c, wmm_ilp_result *res)
{
  int n = 0;
  var_cost *order = malloc((size_t)(c->nvars ? c->nvars : 1) * sizeof *order);
  int *roff = NULL, *ridx = NULL, *aoff = NULL, *aidx = NULL, *noff = NULL,
      *nidx = NULL;
  int *stamp = calloc((size_t)(c->nneeds ? c->nneeds : 1), sizeof *stamp);
  /* Pruning is an optimisation: on allocation failure the cover stays. */
  if (!order || !stamp || invert(c->rows, c->nrows, c->nvars, &roff, &ridx) ||
      invert(c->alts, c->nalts, c->nrows, &aoff, &aidx) ||
      invert(c->needs, c->nneeds, c->nalts, &noff, &nidx))
    goto out;
  for (int v = 0; v < c->nvars; v++)
    if (res->chosen[v])
      order[n++] = (var_cost){c->cost[v], v};
  qsort(order, (size_t)n, sizeof *order, cmp_var_desc);
  for (int i = 0; i < n; i++) {
    int v = order[i].var, ok = 1;
    res->chosen[v] = 0;
    /* Only the needs that mention v through a row and an alt can break. */
    for (int a = roff[v]; a < roff[v + 1] && ok; a++) {
      int r = ridx[a];
      for (int b = aoff[r]; b < aoff[r + 1] && ok; b++) {
        int alt = aidx[b];
        for (int d = noff[alt]; d < noff[alt + 1] && ok; d++) {
          int k = nidx[d];
          if (stamp[k] == i + 1)
            continue;
          stamp[k] = i + 1;
          ok = wmm_cover_need_holds(c, k, res->chosen);
        }
      }
    }
    if (!ok)
      res->chosen[v] = 1;
  }
  res->objective = 0;
  for (int v = 0; v < c->nvars; v++)
    if (res->chosen[v])
      res->objective += c->cost[v];
out:
  free(order), free(stamp);
  free(roff), free(ridx), free(aoff), free(aidx), free(noff), free(nidx);
}
