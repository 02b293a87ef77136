/* reduce.c — the classic reductions of a set-cover problem, applied before
 * GLPK sees a pure cover (every need with one alternative: the fallback's
 * thousands of pairs).  Each keeps the optimum:
 *   - a row with one var left forces that var, and every row it is in holds;
 *   - a var whose rows another var, no dearer, also covers is not needed
 *     (order: cost, then more rows, then lower index, so no two vars drop
 *     each other);
 *   - a row containing all the vars of another row is implied by it.
 * Rounds repeat until nothing changes.  What is left is a smaller cover
 * whose optimum, with the forced vars, is an optimum of the original.
 *
 * Example (pigz.c's fallback on ARMv8): 7,851 vars and 52,873 rows become
 * 1,916 forced vars and a cover of about 1,100 vars and 7,000 rows.
 *   unsigned char *forced = calloc(s->nvars, 1);
 *   wmm_cover *red; int *map;
 *   if (wmm_cover_reduce(s, forced, &red, &map) == 1) ... solve red; var
 *     v of red is var map[v] of s ...
 */
#include "ilp.h"

#include <stdlib.h>
#include <string.h>

typedef struct reducer {
  const wmm_cover *c;
  int *vstart, *vrows;         /* CSR: the rows of each var */
  unsigned char *var_dead, *row_dead;
  int *row_live;               /* live vars per live row */
  int *var_live;               /* live rows per live var */
  int *stamp;                  /* per row, or per var: scratch marks */
} reducer;

/* Is var v in row r (its sorted list)? */
static int row_has(const wmm_cover *c, int r, int v)
{
  const int *a = c->rows[r].items;
  int lo = 0, hi = c->rows[r].n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] == v)
      return 1;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return 0;
}

static void kill_row(reducer *x, int r)
{
  x->row_dead[r] = 1;
  const wmm_cover_list *l = &x->c->rows[r];
  for (int i = 0; i < l->n; i++)
    x->var_live[l->items[i]]--;
}

static void kill_var(reducer *x, int v)
{
  x->var_dead[v] = 1;
  for (int k = x->vstart[v]; k < x->vstart[v + 1]; k++)
    if (!x->row_dead[x->vrows[k]])
      x->row_live[x->vrows[k]]--;
}

/* Rows down to one live var force it; returns how many were forced, or -1
 * when a row has no live var left (the cover cannot hold). */
static int force_singletons(reducer *x, unsigned char *forced)
{
  const wmm_cover *c = x->c;
  int n = 0;
  for (int r = 0; r < c->nrows; r++) {
    if (x->row_dead[r])
      continue;
    if (x->row_live[r] == 0)
      return -1;
    if (x->row_live[r] > 1)
      continue;
    int v = -1;
    for (int i = 0; i < c->rows[r].n && v < 0; i++)
      if (!x->var_dead[c->rows[r].items[i]])
        v = c->rows[r].items[i];
    forced[v] = 1;
    n++;
    for (int k = x->vstart[v]; k < x->vstart[v + 1]; k++)
      if (!x->row_dead[x->vrows[k]])
        kill_row(x, x->vrows[k]);
    kill_var(x, v);
  }
  return n;
}

/* Does w come before u in the order of dominance (cost, more live rows,
 * lower index)? */
static int precedes(const reducer *x, int w, int u)
{
  const double *cost = x->c->cost;
  if (cost[w] != cost[u])
    return cost[w] < cost[u];
  if (x->var_live[w] != x->var_live[u])
    return x->var_live[w] > x->var_live[u];
  return w < u;
}

/* Drop vars another live var covers at no more cost; returns how many. */
static int drop_dominated_vars(reducer *x)
{
  const wmm_cover *c = x->c;
  int n = 0;
  for (int u = 0; u < c->nvars; u++) {
    if (x->var_dead[u])
      continue;
    if (x->var_live[u] == 0) {   /* covers nothing still open */
      kill_var(x, u);
      n++;
      continue;
    }
    int rare = -1;
    for (int k = x->vstart[u]; k < x->vstart[u + 1]; k++) {
      int r = x->vrows[k];
      if (!x->row_dead[r] && (rare < 0 || x->row_live[r] < x->row_live[rare]))
        rare = r;
    }
    int dominated = 0;
    for (int i = 0; i < c->rows[rare].n && !dominated; i++) {
      int w = c->rows[rare].items[i];
      if (w == u || x->var_dead[w] || !precedes(x, w, u) ||
          x->var_live[w] < x->var_live[u])
        continue;
      dominated = 1;
      for (int k = x->vstart[u]; k < x->vstart[u + 1] && dominated; k++) {
        int r = x->vrows[k];
        if (!x->row_dead[r] && !row_has(c, r, w))
          dominated = 0;
      }
    }
    if (dominated) {
      kill_var(x, u);
      n++;
    }
  }
  return n;
}

/* Drop rows whose live vars include all live vars of another live row
 * (equal rows: the higher index goes).  Each row is filed under its live
 * var in the fewest live rows; a row meets as candidates the rows filed
 * under its own vars.  Returns how many, or -1 (out of memory). */
static int drop_implied_rows(reducer *x)
{
  const wmm_cover *c = x->c;
  int nv = c->nvars, nr = c->nrows, dropped = 0;
  int *key = malloc((size_t)(nr ? nr : 1) * sizeof *key);
  int *off = calloc((size_t)nv + 1, sizeof *off);
  int *lst = malloc((size_t)(nr ? nr : 1) * sizeof *lst);
  if (!key || !off || !lst) {
    free(key), free(off), free(lst);
    return -1;
  }
  for (int r = 0; r < nr; r++) {
    key[r] = -1;
    if (x->row_dead[r])
      continue;
    for (int i = 0; i < c->rows[r].n; i++) {
      int v = c->rows[r].items[i];
      if (!x->var_dead[v] && (key[r] < 0 || x->var_live[v] < x->var_live[key[r]]))
        key[r] = v;
    }
    if (key[r] >= 0)
      off[key[r] + 1]++;
  }
  for (int v = 0; v < nv; v++)
    off[v + 1] += off[v];
  for (int v = 0; v < nv; v++)
    x->stamp[v] = off[v];   /* fill cursor */
  for (int r = 0; r < nr; r++)
    if (key[r] >= 0)
      lst[x->stamp[key[r]]++] = r;
  for (int v = 0; v < nv; v++)
    x->stamp[v] = -1;
  for (int r = 0; r < nr; r++) {
    if (x->row_dead[r])
      continue;
    const wmm_cover_list *big = &c->rows[r];
    for (int i = 0; i < big->n; i++)
      x->stamp[big->items[i]] = r;
    int implied = 0;
    for (int i = 0; i < big->n && !implied; i++) {
      int v = big->items[i];
      if (x->var_dead[v])
        continue;
      for (int k = off[v]; k < off[v + 1] && !implied; k++) {
        int q = lst[k];
        if (q == r || x->row_dead[q] || x->row_live[q] > x->row_live[r] ||
            (x->row_live[q] == x->row_live[r] && q > r))
          continue;
        int in = 0;
        for (int j = 0; j < c->rows[q].n; j++) {
          int w = c->rows[q].items[j];
          in += !x->var_dead[w] && x->stamp[w] == r;
        }
        implied = in == x->row_live[q];
      }
    }
    if (implied) {
      kill_row(x, r);
      dropped++;
    }
  }
  free(key), free(off), free(lst);
  return dropped;
}

/* The live part as a cover of its own: one need, one alternative, the live
 * rows over the live vars; map[new var] = old var. */
static int build_reduced(const reducer *x, wmm_cover **out, int **map_out)
{
  const wmm_cover *c = x->c;
  wmm_cover *s = wmm_cover_new();
  int *local = malloc((size_t)(c->nvars ? c->nvars : 1) * sizeof *local);
  int *map = malloc((size_t)(c->nvars ? c->nvars : 1) * sizeof *map);
  int *buf = malloc((size_t)(c->nvars ? c->nvars : 1) * sizeof *buf);
  int *rows = malloc((size_t)(c->nrows ? c->nrows : 1) * sizeof *rows);
  int nrows = 0, rc = -WMM_ERR_NOMEM;
  if (!s || !local || !map || !buf || !rows)
    goto out;
  for (int v = 0; v < c->nvars; v++) {
    local[v] = -1;
    if (!x->var_dead[v] && x->var_live[v] > 0) {
      local[v] = wmm_cover_var(s, c->cost[v]);
      if (local[v] < 0)
        goto out;
      map[local[v]] = v;
    }
  }
  for (int r = 0; r < c->nrows; r++) {
    if (x->row_dead[r])
      continue;
    int n = 0;
    for (int i = 0; i < c->rows[r].n; i++)
      if (local[c->rows[r].items[i]] >= 0)
        buf[n++] = local[c->rows[r].items[i]];
    int k = wmm_cover_row(s, buf, n);
    if (k < 0)
      goto out;
    rows[nrows++] = k;
  }
  if (nrows > 0) {
    int a = wmm_cover_alt(s, rows, nrows);
    if (a < 0 || wmm_cover_need(s, &a, 1) < 0)
      goto out;
  }
  *out = s, s = NULL;
  *map_out = map, map = NULL;
  rc = 0;
out:
  wmm_cover_free(s);
  free(local), free(map), free(buf), free(rows);
  return rc;
}

int wmm_cover_is_pure(const wmm_cover *c)
{
  for (int k = 0; k < c->nneeds; k++)
    if (c->needs[k].n != 1)
      return 0;
  return 1;
}

int wmm_cover_reduce(const wmm_cover *c, unsigned char *forced,
                     wmm_cover **out, int **map)
{
  int nv = c->nvars, nr = c->nrows, rc = -WMM_ERR_NOMEM;
  reducer x = {.c = c};
  unsigned char *required = calloc((size_t)(nr ? nr : 1), 1);
  x.vstart = calloc((size_t)nv + 1, sizeof *x.vstart);
  x.var_dead = calloc((size_t)(nv ? nv : 1), 1);
  x.row_dead = calloc((size_t)(nr ? nr : 1), 1);
  x.row_live = calloc((size_t)(nr ? nr : 1), sizeof *x.row_live);
  x.var_live = calloc((size_t)(nv ? nv : 1), sizeof *x.var_live);
  x.stamp = malloc((size_t)(nv ? nv : 1) * sizeof *x.stamp);
  *out = NULL;
  *map = NULL;
  if (!required || !x.vstart || !x.var_dead || !x.row_dead || !x.row_live ||
      !x.var_live || !x.stamp)
    goto out;
  /* only the rows some need requires take part (a pure cover: all of
     its needs' rows) */
  wmm_cover_forced_rows(c, required, NULL);
  long nnz = 0;
  for (int r = 0; r < nr; r++) {
    x.row_dead[r] = !required[r];
    if (x.row_dead[r])
      continue;
    x.row_live[r] = c->rows[r].n;
    nnz += c->rows[r].n;
    for (int i = 0; i < c->rows[r].n; i++)
      x.vstart[c->rows[r].items[i] + 1]++, x.var_live[c->rows[r].items[i]]++;
  }
  for (int v = 0; v < nv; v++)
    x.vstart[v + 1] += x.vstart[v];
  x.vrows = malloc((size_t)(nnz ? nnz : 1) * sizeof *x.vrows);
  if (!x.vrows)
    goto out;
  for (int v = 0; v < nv; v++)
    x.stamp[v] = x.vstart[v];
  for (int r = 0; r < nr; r++)
    if (!x.row_dead[r])
      for (int i = 0; i < c->rows[r].n; i++)
        x.vrows[x.stamp[c->rows[r].items[i]]++] = r;
  int changed = 1, any = 0;
  while (changed) {
    int f = force_singletons(&x, forced);
    if (f < 0) {   /* an empty row: leave the problem to the solvers */
      memset(forced, 0, (size_t)nv);
      rc = 0;
      goto out;
    }
    int d = drop_dominated_vars(&x);
    int i = drop_implied_rows(&x);
    if (i < 0)
      goto out;
    changed = f + d + i > 0;
    any |= changed;
  }
  if (!any) {
    rc = 0;
    goto out;
  }
  rc = build_reduced(&x, out, map);
  if (rc == 0)
    rc = 1;
out:
  free(required), free(x.vstart), free(x.vrows), free(x.var_dead);
  free(x.row_dead), free(x.row_live), free(x.var_live), free(x.stamp);
  return rc;
}
