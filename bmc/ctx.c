/* ctx.c — the BMC's context: an arena, the Z3 context and solver (with an
 * error handler that records instead of aborting), and small term helpers
 * that fold true/false and count every asserted constraint under the
 * relation being encoded (for --stats).
 *
 * Example:
 *   bmc_ctx c;
 *   if (bmc_ctx_init(&c, p, &o, &stats, err) == 0) {
 *     c.cur_rel = WMM_BMC_REL_RF;
 *     bmc_assert(&c, bmc_implies(&c, s, g));
 *     bmc_ctx_free(&c);
 *   }
 */
#include "bmc_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bmc_arena_blk {
  struct bmc_arena_blk *next;
  size_t used, cap;
};

#define BLK_HDR ((sizeof(struct bmc_arena_blk) + 15) & ~(size_t)15)
#define BLK_MIN ((size_t)1 << 16)

void *bmc_alloc(bmc_arena *a, size_t n)
{
  n = (n + 15) & ~(size_t)15;
  struct bmc_arena_blk *b = a->head;
  if (!b || b->cap - b->used < n) {
    size_t cap = n > BLK_MIN ? n : BLK_MIN;
    b = malloc(BLK_HDR + cap);
    if (!b)
      return NULL;
    b->next = a->head;
    b->used = 0;
    b->cap = cap;
    a->head = b;
  }
  void *m = (char *)b + BLK_HDR + b->used;
  b->used += n;
  memset(m, 0, n);
  return m;
}

void bmc_arena_free(bmc_arena *a)
{
  struct bmc_arena_blk *b = a->head;
  while (b) {
    struct bmc_arena_blk *n = b->next;
    free(b);
    b = n;
  }
  a->head = NULL;
}

/* Z3 calls the handler on any API error; we record it and check later.
 * The context is found through a small registry (handlers get no user
 * pointer). */
#define MAX_LIVE 8
static struct {
  Z3_context z;
  bmc_ctx *c;
} live[MAX_LIVE];

static void on_z3_error(Z3_context z, Z3_error_code e)
{
  for (int i = 0; i < MAX_LIVE; i++)
    if (live[i].z == z && live[i].c) {
      if (!live[i].c->zfail) {
        live[i].c->zfail = 1;
        live[i].c->zcode = (int)e;
      }
      return;
    }
}

int bmc_zcheck(bmc_ctx *c, const char *where)
{
  if (!c->zfail)
    return 0;
  return wmm_fail(c->err, WMM_ERR_SOLVER, c->p->source, 0,
                  "Z3 failed while %s: %s", where,
                  Z3_get_error_msg(c->z, (Z3_error_code)c->zcode));
}

int bmc_ctx_init(bmc_ctx *c, const wmm_program *p, const wmm_bmc_opts *o,
                 wmm_bmc_stats *st, wmm_error *err)
{
  memset(c, 0, sizeof *c);
  c->p = p;
  c->o = *o;
  c->err = err;
  c->st = st;
  Z3_config cfg = Z3_mk_config();
  if (!cfg)
    return wmm_fail(err, WMM_ERR_SOLVER, NULL, 0, "cannot configure Z3");
  Z3_set_param_value(cfg, "model", "true");
  c->z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  if (!c->z)
    return wmm_fail(err, WMM_ERR_SOLVER, NULL, 0, "cannot start Z3");
  int slot = -1;
  for (int i = 0; i < MAX_LIVE; i++)
    if (!live[i].z) {
      slot = i;
      break;
    }
  if (slot < 0) {
    Z3_del_context(c->z);
    c->z = NULL;
    return wmm_fail(err, WMM_ERR_LIMIT, NULL, 0, "too many Z3 contexts");
  }
  live[slot].z = c->z;
  live[slot].c = c;
  Z3_set_error_handler(c->z, on_z3_error);
  c->bv = Z3_mk_bv_sort(c->z, 64);
  c->isort = Z3_mk_int_sort(c->z);
  c->t = Z3_mk_true(c->z);
  c->f = Z3_mk_false(c->z);
  return bmc_zcheck(c, "starting");
}

/* The solver for the formula built so far: small formulas go straight to
 * the SMT core with the dense difference-logic solver (no preprocessing:
 * its set-up costs more than solving a litmus test); large ones get Z3's
 * default solver, whose simplifications pay off there. */
int bmc_solver(bmc_ctx *c)
{
  int big = c->nasserts > BMC_BIG_FORMULA;
  c->s = big ? Z3_mk_solver(c->z) : Z3_mk_simple_solver(c->z);
  Z3_solver_inc_ref(c->z, c->s);
  Z3_params prm = Z3_mk_params(c->z);
  Z3_params_inc_ref(c->z, prm);
  if (!big && c->st->clocks <= BMC_DENSE_CLOCKS)
    Z3_params_set_uint(c->z, prm, Z3_mk_string_symbol(c->z, "arith.solver"),
                       3);
  if (c->o.timeout > 0) {
    double ms = c->o.timeout * 1000.0;
    unsigned ums = ms > 4e9 ? 4000000000u : (unsigned)(ms < 1 ? 1 : ms);
    Z3_params_set_uint(c->z, prm, Z3_mk_string_symbol(c->z, "timeout"), ums);
  }
  Z3_solver_set_params(c->z, c->s, prm);
  Z3_params_dec_ref(c->z, prm);
  for (long i = 0; i < c->nasserts; i++)
    Z3_solver_assert(c->z, c->s, c->asserts[i]);
  free(c->asserts);
  c->asserts = NULL;
  c->nasserts = c->capasserts = 0;
  return bmc_zcheck(c, "starting the solver");
}

void bmc_ctx_free(bmc_ctx *c)
{
  free(c->asserts);
  bmc_lazy_free(c->lazy);
  c->lazy = NULL;
  if (c->z) {
    if (c->s)
      Z3_solver_dec_ref(c->z, c->s);
    for (int i = 0; i < MAX_LIVE; i++)
      if (live[i].z == c->z) {
        live[i].z = NULL;
        live[i].c = NULL;
      }
    Z3_del_context(c->z);
  }
  for (int i = 0; i < c->nrt; i++)
    free(c->rt[i].ev);
  free(c->rt);
  free(c->ev);
  free(c->rf);
  free(c->rf_first);
  free(c->rf_next);
  free(c->rmw);
  free(c->inputs);
  free(c->init_ev);
  if (c->locw)
    for (int l = 0; l <= c->p->nlocs; l++)
      free(c->locw[l]);
  free(c->locw);
  free(c->nlocw);
  bmc_arena_free(&c->ar);
  c->z = NULL;
}

Z3_ast bmc_and(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (!a || a == c->t)
    return b ? b : c->t;
  if (!b || b == c->t)
    return a;
  if (a == c->f || b == c->f)
    return c->f;
  if (a == b)
    return a;
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(c->z, 2, v);
}

Z3_ast bmc_and3(bmc_ctx *c, Z3_ast a, Z3_ast b, Z3_ast d)
{
  return bmc_and(c, bmc_and(c, a, b), d);
}

Z3_ast bmc_or(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (!a || !b || a == c->t || b == c->t)
    return c->t;
  if (a == c->f)
    return b;
  if (b == c->f)
    return a;
  if (a == b)
    return a;
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(c->z, 2, v);
}

Z3_ast bmc_not(bmc_ctx *c, Z3_ast a)
{
  if (!a || a == c->t)
    return c->f;
  if (a == c->f)
    return c->t;
  return Z3_mk_not(c->z, a);
}

Z3_ast bmc_implies(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (!a || a == c->t)
    return b;
  if (a == c->f || b == c->t)
    return c->t;
  if (b == c->f)
    return bmc_not(c, a);
  return Z3_mk_implies(c->z, a, b);
}

Z3_ast bmc_eq(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (a == b)
    return c->t;
  if (Z3_is_numeral_ast(c->z, a) && Z3_is_numeral_ast(c->z, b))
    return c->f;    /* numerals are hash-consed: different means unequal */
  return Z3_mk_eq(c->z, a, b);
}

Z3_ast bmc_lt(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (a == b)
    return c->f;
  return Z3_mk_lt(c->z, a, b);
}

Z3_ast bmc_le(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  if (a == b)
    return c->t;
  return Z3_mk_le(c->z, a, b);
}

Z3_ast bmc_bool(bmc_ctx *c, const char *prefix)
{
  char name[64];
  snprintf(name, sizeof name, "%s!%d", prefix, c->fresh++);
  c->st->bools++;
  return Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name),
                     Z3_mk_bool_sort(c->z));
}

Z3_ast bmc_clock(bmc_ctx *c, const char *prefix)
{
  char name[64];
  snprintf(name, sizeof name, "%s!%d", prefix, c->fresh++);
  c->st->clocks++;
  return Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), c->isort);
}

Z3_ast bmc_bvconst(bmc_ctx *c, wmm_val v)
{
  return Z3_mk_int64(c->z, (int64_t)v, c->bv);
}

void bmc_assert(bmc_ctx *c, Z3_ast a)
{
  if (!a || a == c->t)
    return;
  if (c->nasserts == c->capasserts) {
    long nc = c->capasserts ? 2 * c->capasserts : 1024;
    Z3_ast *q = realloc(c->asserts, (size_t)nc * sizeof *q);
    if (!q) {
      c->oom = 1;
      return;
    }
    c->asserts = q;
    c->capasserts = nc;
  }
  c->asserts[c->nasserts++] = a;
  c->st->constraints++;
  c->st->per_rel[c->cur_rel]++;
}

void bmc_assert_before(bmc_ctx *c, Z3_ast lit, Z3_ast a, Z3_ast b)
{
  if (lit == c->f)
    return;
  bmc_assert(c, bmc_implies(c, lit, bmc_lt(c, a, b)));
}

int bmc_model_holds(bmc_ctx *c, Z3_model m, Z3_ast a)
{
  if (!a || a == c->t)
    return 1;
  if (a == c->f)
    return 0;
  Z3_ast v;
  if (!Z3_model_eval(c->z, m, a, true, &v))
    return 0;
  return Z3_get_bool_value(c->z, v) == Z3_L_TRUE;
}
