/* ilp_glpk.c — solves the cover problem of ilp.h as a 0/1 MIP with GLPK.
 *
 * Columns: x_v per var (cost), y_r per row, z_a per alternative (cost 0).
 * Constraints: sum(x in r) - y_r >= 0; y_r - z_a >= 0 for each r in a;
 * sum(z in need) >= 1 (a need with one alternative fixes its z to 1).
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

/* Count the matrix entries of the MIP. */
static long count_nonzeros(const wmm_cover *c)
{
  long nz = 0;
  for (int r = 0; r < c->nrows; r++)
    nz += c->rows[r].n + 1;
  for (int a = 0; a < c->nalts; a++)
    nz += 2L * c->alts[a].n;
  for (int k = 0; k < c->nneeds; k++)
    nz += c->needs[k].n;
  return nz;
}

/* Build the MIP in ctx->lp; returns 0 or -1 (out of memory). */
static int build(glpk_ctx *ctx, const wmm_cover *c)
{
  glp_prob *lp = ctx->lp;
  int nx = c->nvars, ny = c->nrows, nz = c->nalts;
  glp_set_obj_dir(lp, GLP_MIN);
  if (nx + ny + nz > 0)
    glp_add_cols(lp, nx + ny + nz);
  for (int v = 0; v < nx; v++) {
    glp_set_col_kind(lp, v + 1, GLP_BV);
    glp_set_obj_coef(lp, v + 1, c->cost[v]);
  }
  for (int j = nx + 1; j <= nx + ny + nz; j++)
    glp_set_col_kind(lp, j, GLP_BV);
  /* Alternatives of single-alternative needs must hold. */
  for (int k = 0; k < c->nneeds; k++)
    if (c->needs[k].n == 1)
      glp_set_col_bnds(lp, nx + ny + c->needs[k].items[0] + 1, GLP_FX, 1, 1);

  long nnz = count_nonzeros(c);
  if (nnz > INT_MAX - 1)
    return -1;
  ctx->ia = malloc((size_t)(nnz + 1) * sizeof *ctx->ia);
  ctx->ja = malloc((size_t)(nnz + 1) * sizeof *ctx->ja);
  ctx->ar = malloc((size_t)(nnz + 1) * sizeof *ctx->ar);
  if (!ctx->ia || !ctx->ja || !ctx->ar)
    return -1;
  int k = 0, row = 0;
  int nrows_mip = ny;
  for (int a = 0; a < nz; a++)
    nrows_mip += c->alts[a].n;
  for (int n = 0; n < c->nneeds; n++)
    if (c->needs[n].n > 1)
      nrows_mip++;
  if (nrows_mip > 0)
    glp_add_rows(lp, nrows_mip);
  /* sum(x in r) - y_r >= 0 */
  for (int r = 0; r < ny; r++) {
    row++;
    glp_set_row_bnds(lp, row, GLP_LO, 0, 0);
    for (int i = 0; i < c->rows[r].n; i++) {
      k++;
      ctx->ia[k] = row, ctx->ja[k] = c->rows[r].items[i] + 1, ctx->ar[k] = 1;
    }
    k++;
    ctx->ia[k] = row, ctx->ja[k] = nx + r + 1, ctx->ar[k] = -1;
  }
  /* y_r - z_a >= 0 */
  for (int a = 0; a < nz; a++)
    for (int i = 0; i < c->alts[a].n; i++) {
      row++;
      glp_set_row_bnds(lp, row, GLP_LO, 0, 0);
      k++;
      ctx->ia[k] = row, ctx->ja[k] = nx + c->alts[a].items[i] + 1, ctx->ar[k] = 1;
      k++;
      ctx->ia[k] = row, ctx->ja[k] = nx + ny + a + 1, ctx->ar[k] = -1;
    }
  /* sum(z in need) >= 1 */
  for (int n = 0; n < c->nneeds; n++) {
    if (c->needs[n].n <= 1)
      continue;
    row++;
    glp_set_row_bnds(lp, row, GLP_LO, 1, 0);
    for (int i = 0; i < c->needs[n].n; i++) {
      k++;
      ctx->ia[k] = row, ctx->ja[k] = nx + ny + c->needs[n].items[i] + 1;
      ctx->ar[k] = 1;
    }
  }
  if (k > 0)
    glp_load_matrix(lp, k, ctx->ia, ctx->ja, ctx->ar);
  return 0;
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

int wmm_ilp_solve(const wmm_cover *c, const wmm_ilp_opts *o,
                  wmm_ilp_result *res, wmm_error *err)
{
  wmm_ilp_opts dflt = {0};
  if (!o)
    o = &dflt;
  char why[200] = "";
  if (!o->force_greedy) {
    memset(res, 0, sizeof *res);
    res->chosen = calloc((size_t)(c->nvars ? c->nvars : 1), 1);
    if (!res->chosen)
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (ILP)");
    if (run_glpk(c, o, res, why, sizeof why) == 0) {
      if (res->status == WMM_ILP_FEASIBLE)
        wmm_ilp_prune(c, res);
      res->objective = 0;
      for (int v = 0; v < c->nvars; v++)
        if (res->chosen[v])
          res->objective += c->cost[v];
      return 0;
    }
    wmm_ilp_result_free(res);
  }
  int rc = wmm_ilp_greedy(c, res, err);
  if (rc < 0)
    return rc;
  if (o->force_greedy)
    snprintf(res->note, sizeof res->note, "greedy cover requested (no ILP)");
  else
    snprintf(res->note, sizeof res->note, "%s; greedy cover used", why);
  return 0;
}
