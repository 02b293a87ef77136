/* ilp_glpk.c — solves the cover problem of ilp.h as a 0/1 MIP with GLPK.
 *
 * Columns: x_v per var (cost), y_r per row, z_a per alternative (cost 0).
 * Constraints: sum(x in r) - y_r >= 0; y_r - z_a >= 0 for each r in a;
 * sum(z in need) >= 1.  The alternative of a need with one alternative
 * holds outright: its rows are sum(x in r) >= 1, with no y_r or z_a.
 * Arrays are 1-based, the matrix is given sparse, the MIP presolver is on.
 *
 * GLPK must never abort or print: a terminal hook swallows its output, and
 * an error hook frees GLPK's environment and longjmps back here, after which
 * the greedy cover answers.  glp_intopt's return code and glp_mip_status are
 * both checked: a proven optimum is OPTIMAL, an integer solution found before
 * the time limit is FEASIBLE, anything else falls back to GREEDY, and the
 * result's note says why.
 *
 * Example:
 *   wmm_ilp_opts o = {.time_limit = 10};
 *   wmm_ilp_solve(cover, &o, &res, &err);   // res.status, res.note
 */
#include "ilp.h"

#include <glpk.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* State shared with the error hook; on the heap so that longjmp leaves it
 * intact (no automatic variable is modified between setjmp and longjmp). */
typedef struct glpk_ctx {
  jmp_buf jb;
  glp_prob *lp;
  int *ia, *ja;
  double *ar;
} glpk_ctx;

static int quiet_term(void *info, const char *s)
{
  (void)info;
  (void)s;
  return 1;   /* non-zero: GLPK writes nothing */
}

static void on_glpk_error(void *info)
{
  glpk_ctx *ctx = info;
  /* The environment (and every problem in it) is unusable now; free it
   * and return to wmm_ilp_solve. */
  ctx->lp = NULL;
  glp_free_env();
  longjmp(ctx->jb, 1);
}

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Does a fixed alternative satisfy need k? */
static int need_satisfied(const wmm_cover *c, int k, const unsigned char *fixed)
{
  for (int i = 0; i < c->needs[k].n; i++)
    if (fixed[c->needs[k].items[i]])
      return 1;
  return 0;
}

/* Build the MIP in ctx->lp; returns 0 or -1 (out of memory).  A forced row
 * is the constraint sum(x in r) >= 1 itself, with no y_r and no z of its
 * alternative: on a pure cover (the fallback's thousands of pairs) that
 * halves the rows and columns GLPK's simplex works on. */
static int build(glpk_ctx *ctx, const wmm_cover *c)
{
  glp_prob *lp = ctx->lp;
  int nx = c->nvars, ny = c->nrows, nz = c->nalts;
  unsigned char *forced = calloc((size_t)(ny ? ny : 1), 1);
  unsigned char *fixed = calloc((size_t)(nz ? nz : 1), 1);
  int *ycol = malloc((size_t)(ny ? ny : 1) * sizeof *ycol);
  int *zcol = malloc((size_t)(nz ? nz : 1) * sizeof *zcol);
  int rc = -1;
  if (!forced || !fixed || !ycol || !zcol)
    goto out;
  wmm_cover_forced_rows(c, forced, fixed);
  int ncols = nx;
  for (int r = 0; r < ny; r++)
    ycol[r] = forced[r] ? 0 : ++ncols;
  for (int a = 0; a < nz; a++)
    zcol[a] = fixed[a] ? 0 : ++ncols;
  glp_set_obj_dir(lp, GLP_MIN);
  if (ncols > 0)
    glp_add_cols(lp, ncols);
  for (int v = 0; v < nx; v++)
    glp_set_obj_coef(lp, v + 1, c->cost[v]);
  for (int j = 1; j <= ncols; j++)
    glp_set_col_kind(lp, j, GLP_BV);

  long nnz = 0, nrows_mip = 0;
  for (int r = 0; r < ny; r++)
    nnz += c->rows[r].n + !forced[r], nrows_mip++;
  for (int a = 0; a < nz; a++)
    for (int i = 0; i < c->alts[a].n && !fixed[a]; i++)
      if (!forced[c->alts[a].items[i]])
        nnz += 2, nrows_mip++;
  for (int k = 0; k < c->nneeds; k++)
    if (!need_satisfied(c, k, fixed))
      nnz += c->needs[k].n, nrows_mip++;
  if (nnz > INT_MAX - 1 || nrows_mip > INT_MAX)
    goto out;
  ctx->ia = malloc((size_t)(nnz + 1) * sizeof *ctx->ia);
  ctx->ja = malloc((size_t)(nnz + 1) * sizeof *ctx->ja);
  ctx->ar = malloc((size_t)(nnz + 1) * sizeof *ctx->ar);
  if (!ctx->ia || !ctx->ja || !ctx->ar)
    goto out;
  int k = 0, row = 0;
  if (nrows_mip > 0)
    glp_add_rows(lp, (int)nrows_mip);
  /* sum(x in r) >= 1 (forced) or sum(x in r) - y_r >= 0 */
  for (int r = 0; r < ny; r++) {
    row++;
    glp_set_row_bnds(lp, row, GLP_LO, forced[r] ? 1 : 0, 0);
    for (int i = 0; i < c->rows[r].n; i++) {
      k++;
      ctx->ia[k] = row, ctx->ja[k] = c->rows[r].items[i] + 1, ctx->ar[k] = 1;
    }
    if (!forced[r]) {
      k++;
      ctx->ia[k] = row, ctx->ja[k] = ycol[r], ctx->ar[k] = -1;
    }
  }
  /* y_r - z_a >= 0 for the rows no single alternative forces */
  for (int a = 0; a < nz; a++)
    for (int i = 0; i < c->alts[a].n && !fixed[a]; i++) {
      int r = c->alts[a].items[i];
      if (forced[r])
        continue;
      row++;
      glp_set_row_bnds(lp, row, GLP_LO, 0, 0);
      k++;
      ctx->ia[k] = row, ctx->ja[k] = ycol[r], ctx->ar[k] = 1;
      k++;
      ctx->ia[k] = row, ctx->ja[k] = zcol[a], ctx->ar[k] = -1;
    }
  /* sum(z in need) >= 1, unless one of its alternatives is fixed */
  for (int n = 0; n < c->nneeds; n++) {
    if (need_satisfied(c, n, fixed))
      continue;
    row++;
    glp_set_row_bnds(lp, row, GLP_LO, 1, 0);
    for (int i = 0; i < c->needs[n].n; i++) {
      k++;
      ctx->ia[k] = row, ctx->ja[k] = zcol[c->needs[n].items[i]], ctx->ar[k] = 1;
    }
  }
  if (k > 0)
    glp_load_matrix(lp, k, ctx->ia, ctx->ja, ctx->ar);
  rc = 0;
out:
  free(forced), free(fixed), free(ycol), free(zcol);
  return rc;
}

static const char *intopt_error_name(int ret)
{
  switch (ret) {
  case GLP_EBOUND: return "invalid bounds";
  case GLP_EROOT: return "no optimal basis for the root LP";
  case GLP_ENOPFS: return "no primal feasible solution";
  case GLP_ENODFS: return "no dual feasible solution";
  case GLP_EFAIL: return "solver failure";
  case GLP_EMIPGAP: return "MIP gap tolerance reached";
  case GLP_ETMLIM: return "time limit reached";
  case GLP_ESTOP: return "stopped";
  default: return "unknown error";
  }
}

/* Run GLPK; on success fill res (status OPTIMAL or FEASIBLE) and return 0,
 * otherwise return 1 with why in note. */
static int run_glpk(const wmm_cover *c, const wmm_ilp_opts *o,
                    wmm_ilp_result *res, char *note, size_t notesz)
{
  glpk_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) {
    snprintf(note, notesz, "out of memory before GLPK");
    return 1;
  }
  volatile int outcome = 1;
  glp_term_hook(quiet_term, NULL);
  glp_error_hook(on_glpk_error, ctx);
  if (setjmp(ctx->jb)) {
    snprintf(note, notesz, "GLPK reported an internal error");
    goto out;
  }
  ctx->lp = glp_create_prob();
  if (build(ctx, c)) {
    snprintf(note, notesz, "out of memory while building the MIP");
    goto out;
  }
  if (o->inject_fault)   /* a genuine GLPK error: column out of range */
    glp_set_col_bnds(ctx->lp, glp_get_num_cols(ctx->lp) + 1, GLP_FX, 0, 0);
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  if (o->time_limit > 0) {
    double ms = o->time_limit * 1000.0;
    parm.tm_lim = ms < 1 ? 1 : ms > INT_MAX ? INT_MAX : (int)ms;
  }
  int ret = glp_intopt(ctx->lp, &parm);
  int st = glp_mip_status(ctx->lp);
  if (st != GLP_OPT && st != GLP_FEAS) {
    snprintf(note, notesz, "GLPK found no integer solution (%s)",
             ret ? intopt_error_name(ret) : "no feasible point");
    goto out;
  }
  for (int v = 0; v < c->nvars; v++)
    res->chosen[v] = glp_mip_col_val(ctx->lp, v + 1) > 0.5;
  for (int k = 0; k < c->nneeds; k++)
    if (!wmm_cover_need_holds(c, k, res->chosen)) {
      snprintf(note, notesz, "GLPK's solution misses a constraint");
      goto out;
    }
  if (ret == 0 && st == GLP_OPT) {
    res->status = WMM_ILP_OPTIMAL;
  } else {
    res->status = WMM_ILP_FEASIBLE;
    snprintf(res->note, sizeof res->note,
             "GLPK stopped before proving optimality (%s); best solution used",
             ret ? intopt_error_name(ret) : "not proven optimal");
  }
  outcome = 0;
out:
  if (ctx->lp)
    glp_delete_prob(ctx->lp);
  glp_error_hook(NULL, NULL);
  glp_term_hook(NULL, NULL);
  glp_free_env();
  free(ctx->ia);
  free(ctx->ja);
  free(ctx->ar);
  free(ctx);
  return outcome;
}

/* ----------------------------------------------------- decomposition */

static int uf_find(int *parent, int x)
{
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static void uf_union(int *parent, int a, int b)
{
  a = uf_find(parent, a);
  b = uf_find(parent, b);
  if (a != b)
    parent[a < b ? b : a] = a < b ? a : b;
}

/* The sub-problem of the needs listed in needs[0..n): local copies of their
 * alternatives, rows and vars; varmap[local var] = global var. */
static wmm_cover *extract(const wmm_cover *c, const int *needs, int n,
                          const unsigned char *drop, int *var_local,
                          int *row_local, int *alt_local, int **varmap_out)
{
  wmm_cover *s = wmm_cover_new();
  int *varmap = NULL, cap = 0;
  int *buf = NULL, bufcap = 0;
  if (!s)
    return NULL;
  for (int i = 0; i < n; i++) {
    const wmm_cover_list *nl = &c->needs[needs[i]];
    int *alts = malloc((size_t)(nl->n ? nl->n : 1) * sizeof *alts);
    if (!alts)
      goto fail;
    for (int a = 0; a < nl->n; a++) {
      int ga = nl->items[a];
      if (alt_local[ga] < 0) {
        const wmm_cover_list *al = &c->alts[ga];
        int *rows = malloc((size_t)(al->n ? al->n : 1) * sizeof *rows);
        if (!rows) {
          free(alts);
          goto fail;
        }
        int nrows = 0;
        for (int r = 0; r < al->n; r++) {
          int gr = al->items[r];
          if (drop[gr])
            continue;   /* implied by a forced row */
          if (row_local[gr] < 0) {
            const wmm_cover_list *rl = &c->rows[gr];
            if (rl->n > bufcap) {
              bufcap = rl->n * 2;
              int *nb = realloc(buf, (size_t)bufcap * sizeof *nb);
              if (!nb) {
                free(rows), free(alts);
                goto fail;
              }
              buf = nb;
            }
            for (int v = 0; v < rl->n; v++) {
              int gv = rl->items[v];
              if (var_local[gv] < 0) {
                int lv = wmm_cover_var(s, c->cost[gv]);
                if (lv < 0 || lv >= cap) {
                  cap = cap ? cap * 2 : 16;
                  int *nm = lv < 0 ? NULL : realloc(varmap, (size_t)cap * sizeof *nm);
                  if (!nm) {
                    free(rows), free(alts);
                    goto fail;
                  }
                  varmap = nm;
                }
                varmap[lv] = gv;
                var_local[gv] = lv;
              }
              buf[v] = var_local[gv];
            }
            row_local[gr] = wmm_cover_row(s, buf, rl->n);
            if (row_local[gr] < 0) {
              free(rows), free(alts);
              goto fail;
            }
          }
          rows[nrows++] = row_local[gr];
        }
        alt_local[ga] = wmm_cover_alt(s, rows, nrows);
        free(rows);
        if (alt_local[ga] < 0) {
          free(alts);
          goto fail;
        }
      }
      alts[a] = alt_local[ga];
    }
    int k = wmm_cover_need(s, alts, nl->n);
    free(alts);
    if (k < 0)
      goto fail;
  }
  free(buf);
  *varmap_out = varmap;
  return s;
fail:
  free(buf);
  free(varmap);
  wmm_cover_free(s);
  return NULL;
}


/* Solve one component: GLPK, else the greedy cover.  *worst gets the
 * worst status so far; why the first reason for falling back. */
static int solve_component(const wmm_cover *s, const wmm_ilp_opts *o,
                           double time_left, int fault, unsigned char *chosen,
                           wmm_ilp_status *st, char *why, size_t whysz,
                           wmm_error *err)
{
  wmm_ilp_result r;
  memset(&r, 0, sizeof r);
  char note[256] = "";
  if (!o->force_greedy) {
    r.chosen = calloc((size_t)(s->nvars ? s->nvars : 1), 1);
    if (!r.chosen)
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
    wmm_ilp_opts so = *o;
    so.time_limit = o->time_limit > 0 ? (time_left > 0.001 ? time_left : 0.001) : 0;
    so.inject_fault = fault;
    if (run_glpk(s, &so, &r, note, sizeof note) == 0) {
      if (r.status == WMM_ILP_FEASIBLE) {
        wmm_ilp_prune(s, &r);
        if (!why[0])
          snprintf(why, whysz, "%s", r.note);
      }
      memcpy(chosen, r.chosen, (size_t)s->nvars);
      *st = r.status;
      wmm_ilp_result_free(&r);
      return 0;
    }
    wmm_ilp_result_free(&r);
    if (!why[0])
      snprintf(why, whysz, "%s", note);
  }
  int rc = wmm_ilp_greedy(s, &r, err);
  if (rc < 0)
    return rc;
  memcpy(chosen, r.chosen, (size_t)s->nvars);
  *st = WMM_ILP_GREEDY;
  wmm_ilp_result_free(&r);
  return 0;
}

/* Solve one component, a pure cover reduced first (reduce.c) and what is
 * left solved as a problem of its own (it may fall apart into parts). */
static int solve_reduced(const wmm_cover *s, const wmm_ilp_opts *o,
                         double deadline, int fault, unsigned char *chosen,
                         wmm_ilp_status *st, char *why, size_t whysz,
                         wmm_error *err)
{
  wmm_cover *red = NULL;
  int *map = NULL;
  /* a fault to inject is for GLPK: the component goes to it whole */
  int rr = o->force_greedy || fault || !wmm_cover_is_pure(s) ? 0
           : wmm_cover_reduce(s, chosen, &red, &map);
  if (rr < 0)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
  if (rr == 0)
    return solve_component(s, o, deadline - now_s(), fault, chosen, st, why,
                           whysz, err);
  wmm_ilp_opts so = *o;
  double left = deadline - now_s();
  so.time_limit = o->time_limit > 0 ? (left > 0.001 ? left : 0.001) : 0;
  so.inject_fault = fault;
  wmm_ilp_result r;
  int rc = wmm_ilp_solve(red, &so, &r, err);
  if (rc == 0) {
    for (int v = 0; v < red->nvars; v++)
      if (r.chosen[v])
        chosen[map[v]] = 1;
    *st = r.status;
    if (r.status != WMM_ILP_OPTIMAL && !why[0])
      snprintf(why, whysz, "%s", r.note);
    wmm_ilp_result_free(&r);
  }
  wmm_cover_free(red);
  free(map);
  return rc;
}

/* Rows implied by forced rows: a row that must hold (in a need with one
 * alternative) holds every row whose vars include all of its vars.  Marks
 * those rows in drop[] so that the MIP leaves them out.  Each forced row is
 * filed under its rarest var (the one fewest forced rows contain), so a
 * row meets as candidates only the forced rows filed under one of its vars,
 * and each candidate is tested against the row's vars marked in an array.
 * Returns 0 or -1. */
static int implied_rows(const wmm_cover *c, unsigned char *drop)
{
  int nv = c->nvars, nr = c->nrows;
  unsigned char *forced = calloc((size_t)(nr ? nr : 1), 1);
  int *freq = calloc((size_t)nv + 1, sizeof *freq);
  int *off = calloc((size_t)nv + 1, sizeof *off);
  int *key = malloc((size_t)(nr ? nr : 1) * sizeof *key);
  int *mark = malloc((size_t)(nv ? nv : 1) * sizeof *mark);
  int *lst = NULL, *fill = NULL;
  int rc = -1;
  if (!forced || !freq || !off || !key || !mark)
    goto out;
  wmm_cover_forced_rows(c, forced, NULL);
  for (int r = 0; r < nr; r++)
    if (forced[r])
      for (int i = 0; i < c->rows[r].n; i++)
        freq[c->rows[r].items[i]]++;
  for (int r = 0; r < nr; r++) {
    key[r] = -1;
    if (!forced[r])
      continue;
    for (int i = 0; i < c->rows[r].n; i++) {
      int v = c->rows[r].items[i];
      if (key[r] < 0 || freq[v] < freq[key[r]])
        key[r] = v;
    }
    if (key[r] >= 0)
      off[key[r] + 1]++;
  }
  for (int v = 0; v < nv; v++)
    off[v + 1] += off[v];
  lst = malloc((size_t)(off[nv] ? off[nv] : 1) * sizeof *lst);
  fill = calloc((size_t)nv + 1, sizeof *fill);
  if (!lst || !fill)
    goto out;
  for (int r = 0; r < nr; r++)
    if (key[r] >= 0)
      lst[off[key[r]] + fill[key[r]]++] = r;
  for (int v = 0; v < nv; v++)
    mark[v] = -1;
  for (int r = 0; r < nr; r++) {
    const wmm_cover_list *big = &c->rows[r];
    for (int i = 0; i < big->n; i++)
      mark[big->items[i]] = r;
    for (int i = 0; i < big->n && !drop[r]; i++) {
      int v = big->items[i];
      for (int k = off[v]; k < off[v + 1] && !drop[r]; k++) {
        int q = lst[k];
        const wmm_cover_list *small = &c->rows[q];
        if (q == r || drop[q] || small->n > big->n)
          continue;
        int a = 0;
        while (a < small->n && mark[small->items[a]] == r)
          a++;
        if (a == small->n)
          drop[r] = 1;
      }
    }
  }
  rc = 0;
out:
  free(forced), free(freq), free(off), free(key), free(mark), free(lst), free(fill);
  return rc;
}

int wmm_ilp_solve(const wmm_cover *c, const wmm_ilp_opts *o,
                  wmm_ilp_result *res, wmm_error *err)
{
  wmm_ilp_opts dflt = {0};
  if (!o)
    o = &dflt;
  memset(res, 0, sizeof *res);
  double deadline = now_s() + o->time_limit;
  int nv = c->nvars, nr = c->nrows, na = c->nalts, nn = c->nneeds;
  int total = nv + nr + na + nn;
  int *parent = malloc((size_t)(total ? total : 1) * sizeof *parent);
  int *var_local = malloc((size_t)(nv ? nv : 1) * sizeof *var_local);
  int *row_local = malloc((size_t)(nr ? nr : 1) * sizeof *row_local);
  int *alt_local = malloc((size_t)(na ? na : 1) * sizeof *alt_local);
  int *order = malloc((size_t)(nn ? nn : 1) * sizeof *order);
  int *comp_of = malloc((size_t)(nn ? nn : 1) * sizeof *comp_of);
  res->chosen = calloc((size_t)(nv ? nv : 1), 1);
  unsigned char *sub_chosen = NULL;
  unsigned char *drop = calloc((size_t)(nr ? nr : 1), 1);
  int rc = 0;
  if (!parent || !var_local || !row_local || !alt_local || !order || !comp_of ||
      !res->chosen || !drop || implied_rows(c, drop)) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
    goto out;
  }
  /* components: needs joined through shared alternatives, rows and vars */
  for (int i = 0; i < total; i++)
    parent[i] = i;
  for (int r = 0; r < nr; r++)
    for (int k = 0; k < c->rows[r].n; k++)
      uf_union(parent, nv + r, c->rows[r].items[k]);
  for (int a = 0; a < na; a++)
    for (int k = 0; k < c->alts[a].n; k++)
      uf_union(parent, nv + nr + a, nv + c->alts[a].items[k]);
  for (int n = 0; n < nn; n++)
    for (int k = 0; k < c->needs[n].n; k++)
      uf_union(parent, nv + nr + na + n, nv + nr + c->needs[n].items[k]);
  /* needs grouped by component, components in order of their first need */
  for (int n = 0; n < nn; n++)
    comp_of[n] = uf_find(parent, nv + nr + na + n);
  {
    int *first = malloc((size_t)(total ? total : 1) * sizeof *first);
    int *cnt = calloc((size_t)(total ? total : 1) + 1, sizeof *cnt);
    if (!first || !cnt) {
      free(first), free(cnt);
      rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
      goto out;
    }
    for (int i = 0; i < total; i++)
      first[i] = -1;
    int ncomp = 0;
    for (int n = 0; n < nn; n++)
      if (first[comp_of[n]] < 0)
        first[comp_of[n]] = ncomp++;
    for (int n = 0; n < nn; n++) {
      comp_of[n] = first[comp_of[n]];
      cnt[comp_of[n] + 1]++;
    }
    for (int k = 0; k < ncomp; k++)
      cnt[k + 1] += cnt[k];
    for (int n = 0; n < nn; n++)
      order[cnt[comp_of[n]]++] = n;   /* stable within a component */
    /* cnt[k] is now the end of component k */
    for (int i = 0; i < nv; i++)
      var_local[i] = -1;
    for (int i = 0; i < nr; i++)
      row_local[i] = -1;
    for (int i = 0; i < na; i++)
      alt_local[i] = -1;
    int worst = WMM_ILP_OPTIMAL, ngreedy = 0, nfeas = 0;
    char why[256] = "";
    for (int k = 0, begin = 0; k < ncomp; begin = cnt[k], k++) {
      int *varmap = NULL;
      wmm_cover *s = extract(c, &order[begin], cnt[k] - begin, drop, var_local,
                             row_local, alt_local, &varmap);
      if (!s) {
        free(first), free(cnt);
        rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
        goto out;
      }
      free(sub_chosen);
      sub_chosen = calloc((size_t)(s->nvars ? s->nvars : 1), 1);
      wmm_ilp_status st = WMM_ILP_GREEDY;
      rc = sub_chosen ? solve_reduced(s, o, deadline, o->inject_fault && k == 0,
                                      sub_chosen, &st, why, sizeof why, err)
                      : wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
      if (rc == 0)
        for (int v = 0; v < s->nvars; v++)
          if (sub_chosen[v])
            res->chosen[varmap[v]] = 1;
      wmm_cover_free(s);
      free(varmap);
      if (rc < 0) {
        free(first), free(cnt);
        goto out;
      }
      if ((int)st > worst)
        worst = st;
      ngreedy += st == WMM_ILP_GREEDY;
      nfeas += st == WMM_ILP_FEASIBLE;
    }
    free(first), free(cnt);
    res->status = (wmm_ilp_status)worst;
    if (o->force_greedy)
      snprintf(res->note, sizeof res->note, "greedy cover requested (no ILP)");
    else if (worst != WMM_ILP_OPTIMAL)
      snprintf(res->note, sizeof res->note,
               "%s; %d of %d independent parts not proven optimal (%d greedy, "
               "%d best found)", why, ngreedy + nfeas, ncomp, ngreedy, nfeas);
  }
  res->objective = 0;
  for (int v = 0; v < nv; v++)
    if (res->chosen[v])
      res->objective += c->cost[v];
out:
  free(parent), free(var_local), free(row_local), free(alt_local);
  free(order), free(comp_of), free(sub_chosen), free(drop);
  if (rc < 0)
    wmm_ilp_result_free(res);
  return rc;
}
