/* enc_common.c — the part of the encoding every model shares (seed 001,
 * §4.2): read-from candidates with rf-some and rf-val, write serialisation
 * as an integer clock per write (co), from-read derived from the clock of
 * the write a read reads from, coherence per location, atomicity of rmw
 * pairs, and the final condition.
 *
 * Clocks: every write w has k(w) (initial writes 0, others > 0, distinct
 * per location among the writes that happen); every read r has rk(r) =
 * k(source).  Then co(a,b) = k(a) < k(b) and fr(r,w) = rk(r) < k(w), both
 * exact.  Coherence (acyclic po-loc | rf | co | fr) is the four coherence
 * shapes on po-loc pairs: cp(a) <= cp(b), strictly when b is a write
 * (cp = k for writes, rk for reads).
 *
 * Example (SB, x = y = 0): R y of P0 has candidates Init y and W y of P1:
 *   s0 | s1;  s0 => v = 0 & rk = 0;  s1 => v = 1 & rk = k(Wy)
 */
#include "bmc_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

Z3_ast bmc_co(bmc_ctx *c, int a, int b)
{
  const bmc_event *x = &c->ev[a], *y = &c->ev[b];
  if (a == b || y->kind == WMM_EV_INIT || !bmc_may_alias(x, y))
    return c->f;
  Z3_ast sl = bmc_same_loc(c, x, y);
  if (x->kind == WMM_EV_INIT)
    return bmc_and(c, y->g, sl);
  return bmc_and(c, bmc_and3(c, x->g, y->g, sl), bmc_lt(c, x->k, y->k));
}

Z3_ast bmc_fr(bmc_ctx *c, int r, int w)
{
  const bmc_event *x = &c->ev[r], *y = &c->ev[w];
  if (y->kind == WMM_EV_INIT || !bmc_may_alias(x, y))
    return c->f;
  return bmc_and(c, bmc_and3(c, x->g, y->g, bmc_same_loc(c, x, y)),
                 bmc_lt(c, x->k, y->k));
}

/* Writes that may access each location. */
typedef struct loc_writes {
  int **w;
  int *n, *cap;
} loc_writes;

static int lw_build(bmc_ctx *c, loc_writes *lw)
{
  int nl = c->p->nlocs;
  lw->w = calloc((size_t)nl + 1, sizeof *lw->w);
  lw->n = calloc((size_t)nl + 1, sizeof *lw->n);
  lw->cap = calloc((size_t)nl + 1, sizeof *lw->cap);
  if (!lw->w || !lw->n || !lw->cap)
    return nomem(c);
  for (int i = 0; i < c->nev; i++) {
    const bmc_event *e = &c->ev[i];
    if (!bmc_is_write(e))
      continue;
    for (int k = 0; k < e->nloc; k++) {
      int l = e->locs[k];
      if (lw->n[l] == lw->cap[l]) {
        int nc = lw->cap[l] ? 2 * lw->cap[l] : 8;
        int *q = realloc(lw->w[l], (size_t)nc * sizeof *q);
        if (!q)
          return nomem(c);
        lw->w[l] = q;
        lw->cap[l] = nc;
      }
      lw->w[l][lw->n[l]++] = i;
    }
  }
  return 0;
}

/* The smallest location both may access (pairs are encoded once). */
static int first_common(const bmc_event *a, const bmc_event *b)
{
  int i = 0, j = 0;
  while (i < a->nloc && j < b->nloc) {
    if (a->locs[i] == b->locs[j])
      return a->locs[i];
    if (a->locs[i] < b->locs[j])
      i++;
    else
      j++;
  }
  return -1;
}

static int add_rf(bmc_ctx *c, int w, int r)
{
  if (c->nrf == c->caprf) {
    int nc = c->caprf ? 2 * c->caprf : 64;
    bmc_rf *q = realloc(c->rf, (size_t)nc * sizeof *q);
    if (!q)
      return nomem(c);
    c->rf = q;
    c->caprf = nc;
  }
  bmc_rf *f = &c->rf[c->nrf];
  f->w = w;
  f->r = r;
  f->s = bmc_bool(c, "rf");
  c->rf_next[c->nrf] = c->rf_first[r];
  c->rf_first[r] = c->nrf;
  c->nrf++;
  return 0;
}

static int enc_rf(bmc_ctx *c, const loc_writes *lw)
{
  c->rf_first = malloc(((size_t)c->nev + 1) * sizeof *c->rf_first);
  if (!c->rf_first)
    return nomem(c);
  for (int i = 0; i < c->nev; i++)
    c->rf_first[i] = -1;
  /* rf_next grows with rf: allocate for the worst case lazily. */
  long maxrf = 0;
  for (int r = 0; r < c->nev; r++) {
    const bmc_event *e = &c->ev[r];
    if (e->kind != WMM_EV_READ)
      continue;
    for (int k = 0; k < e->nloc; k++)
      maxrf += lw->n[e->locs[k]];
  }
  c->rf_next = malloc(((size_t)maxrf + 1) * sizeof *c->rf_next);
  if (!c->rf_next)
    return nomem(c);
  c->cur_rel = WMM_BMC_REL_RF;
  for (int r = 0; r < c->nev; r++) {
    const bmc_event *e = &c->ev[r];
    if (e->kind != WMM_EV_READ)
      continue;
    for (int k = 0; k < e->nloc; k++) {
      int l = e->locs[k];
      for (int j = 0; j < lw->n[l]; j++) {
        int w = lw->w[l][j];
        const bmc_event *we = &c->ev[w];
        if (first_common(we, e) != l)
          continue;        /* counted under another location */
        if (we->rt == e->rt && we->seq > e->seq)
          continue;        /* po-after the read: never its source */
        int rc = add_rf(c, w, r);
        if (rc < 0)
          return rc;
      }
    }
    Z3_ast some = c->f;
    for (int q = c->rf_first[r]; q >= 0; q = c->rf_next[q]) {
      const bmc_rf *f = &c->rf[q];
      const bmc_event *we = &c->ev[f->w];
      Z3_ast body = bmc_and3(c, we->g, e->g, bmc_same_loc(c, we, e));
      body = bmc_and3(c, body, bmc_eq(c, we->val, e->val),
                      Z3_mk_eq(c->z, e->k, we->k));
      bmc_assert(c, bmc_implies(c, f->s, body));
      some = bmc_or(c, some, f->s);
    }
    bmc_assert(c, bmc_implies(c, e->g, some));
  }
  c->st->rf_pairs = c->nrf;
  return 0;
}

static int enc_co(bmc_ctx *c, const loc_writes *lw)
{
  Z3_ast zero = Z3_mk_int(c->z, 0, c->isort);
  c->cur_rel = WMM_BMC_REL_CO;
  for (int i = 0; i < c->nev; i++) {
    bmc_event *e = &c->ev[i];
    if (e->kind == WMM_EV_WRITE)
      bmc_assert(c, bmc_lt(c, zero, e->k));
    else if (e->kind == WMM_EV_READ)
      bmc_assert(c, bmc_le(c, zero, e->k));
  }
  for (int l = 0; l < c->p->nlocs; l++)
    for (int a = 0; a < lw->n[l]; a++) {
      const bmc_event *x = &c->ev[lw->w[l][a]];
      if (x->kind == WMM_EV_INIT)
        continue;
      for (int b = a + 1; b < lw->n[l]; b++) {
        const bmc_event *y = &c->ev[lw->w[l][b]];
        if (y->kind == WMM_EV_INIT || first_common(x, y) != l)
          continue;
        Z3_ast both = bmc_and3(c, x->g, y->g, bmc_same_loc(c, x, y));
        if (both == c->f)
          continue;
        /* k(x) != k(y) through an order variable: difference logic */
        Z3_ast o = bmc_bool(c, "co");
        bmc_assert(c, bmc_implies(c, bmc_and(c, both, o),
                                  bmc_lt(c, x->k, y->k)));
        bmc_assert(c, bmc_implies(c, bmc_and(c, both, bmc_not(c, o)),
                                  bmc_lt(c, y->k, x->k)));
      }
    }
  return 0;
}

/* Coherence on po-loc pairs of each thread instance. */
static int enc_coherence(bmc_ctx *c)
{
  c->cur_rel = WMM_BMC_REL_UNIPROC;
  for (int t = 0; t < c->nrt; t++) {
    const bmc_rthread *rt = &c->rt[t];
    for (int j = 0; j < rt->nev; j++) {
      const bmc_event *b = &c->ev[rt->ev[j]];
      if (!bmc_is_mem(b))
        continue;
      int blocked = 0;      /* an event at b's location always with b */
      for (int i = j - 1; i >= 0; i--) {
        const bmc_event *a = &c->ev[rt->ev[i]];
        if (!bmc_is_mem(a) || !bmc_may_alias(a, b))
          continue;
        int single = a->nloc == 1 && b->nloc == 1;
        if (single && blocked)
          continue;
        Z3_ast lit = bmc_and3(c, a->g, b->g, bmc_same_loc(c, a, b));
        if (lit != c->f) {
          Z3_ast ord = bmc_is_write(b) ? bmc_lt(c, a->k, b->k)
                                       : bmc_le(c, a->k, b->k);
          bmc_assert(c, bmc_implies(c, lit, ord));
        }
        if (single && (a->g == b->g))
          blocked = 1;
      }
    }
  }
  return 0;
}

/* rmw & (fre;coe) is empty. */
static int enc_atomic(bmc_ctx *c, const loc_writes *lw)
{
  c->cur_rel = WMM_BMC_REL_ATOMIC;
  for (int k = 0; k < c->nrmw; k++) {
    const bmc_rmw *m = &c->rmw[k];
    const bmc_event *r = &c->ev[m->r], *w = &c->ev[m->w];
    Z3_ast base = bmc_and3(c, m->cond, r->g, w->g);
    for (int q = 0; q < r->nloc; q++) {
      int l = r->locs[q];
      for (int j = 0; j < lw->n[l]; j++) {
        const bmc_event *x = &c->ev[lw->w[l][j]];
        if (x->kind == WMM_EV_INIT || x->rt == r->rt ||
            first_common(x, r) != l)
          continue;
        Z3_ast bad = bmc_and3(c, base, x->g, bmc_same_loc(c, r, x));
        bad = bmc_and3(c, bad, bmc_lt(c, r->k, x->k), bmc_lt(c, x->k, w->k));
        bmc_assert(c, bmc_not(c, bad));
      }
    }
  }
  return 0;
}

/* Final value of location l: the co-last write's value. */
static int final_mem(bmc_ctx *c, const loc_writes *lw, int l, Z3_ast *out)
{
  char name[32];
  snprintf(name, sizeof name, "mem%d", l);
  Z3_ast fm = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), c->bv);
  for (int a = 0; a < lw->n[l]; a++) {
    const bmc_event *x = &c->ev[lw->w[l][a]];
    Z3_ast last = bmc_and(c, x->g, bmc_at_loc(c, x, l));
    for (int b = 0; b < lw->n[l] && last != c->f; b++) {
      if (b == a)
        continue;
      const bmc_event *y = &c->ev[lw->w[l][b]];
      if (y->kind == WMM_EV_INIT)
        continue;
      Z3_ast later = bmc_and3(c, y->g, bmc_at_loc(c, y, l),
                              x->kind == WMM_EV_INIT ? c->t
                                                     : bmc_lt(c, x->k, y->k));
      last = bmc_and(c, last, bmc_not(c, later));
    }
    bmc_assert(c, bmc_implies(c, last, Z3_mk_eq(c->z, fm, x->val)));
  }
  *out = fm;
  return 0;
}

static int enc_prop(bmc_ctx *c, const loc_writes *lw, const wmm_prop *q,
                    Z3_ast *memv, Z3_ast *out)
{
  Z3_ast a, b;
  int rc;
  switch (q->kind) {
  case WMM_PROP_TRUE:
    *out = c->t;
    return 0;
  case WMM_PROP_FALSE:
    *out = c->f;
    return 0;
  case WMM_PROP_AND:
  case WMM_PROP_OR:
  case WMM_PROP_IMPLIES:
    if ((rc = enc_prop(c, lw, q->l, memv, &a)) < 0 ||
        (rc = enc_prop(c, lw, q->r, memv, &b)) < 0)
      return rc;
    *out = q->kind == WMM_PROP_AND ? bmc_and(c, a, b)
         : q->kind == WMM_PROP_OR ? bmc_or(c, a, b)
                                  : bmc_implies(c, a, b);
    return 0;
  case WMM_PROP_NOT:
    if ((rc = enc_prop(c, lw, q->l, memv, &a)) < 0)
      return rc;
    *out = bmc_not(c, a);
    return 0;
  case WMM_PROP_REG_EQ: {
    int th = q->thread;
    if (th < 0 || th >= c->p->nthreads)
      return wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, 0,
                      "condition names thread %d, which does not exist", th);
    const wmm_thread *t = &c->p->threads[th];
    if (q->reg < 0 || q->reg >= t->nregs)
      return wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, 0,
                      "condition names register %d of thread %s, which "
                      "does not exist", q->reg, t->name);
    Z3_ast v = NULL;
    for (int r = 0; r < c->nrt; r++)
      if (c->rt[r].thread == th && c->rt[r].first)
        v = c->rt[r].regs[q->reg]->z;
    if (!v)
      v = bmc_bvconst(c, t->regs[q->reg].init);
    *out = bmc_eq(c, v, bmc_bvconst(c, q->val));
    return 0;
  }
  case WMM_PROP_LOC_EQ:
    if (q->loc < 0 || q->loc >= c->p->nlocs)
      return wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, 0,
                      "condition names location %d, which does not exist",
                      q->loc);
    if (!memv[q->loc] && (rc = final_mem(c, lw, q->loc, &memv[q->loc])) < 0)
      return rc;
    *out = bmc_eq(c, memv[q->loc], bmc_bvconst(c, q->val));
    return 0;
  }
  return wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, 0,
                  "bad condition node %d", (int)q->kind);
}

int bmc_enc_common(bmc_ctx *c)
{
  /* Clocks. */
  Z3_ast zero = Z3_mk_int(c->z, 0, c->isort);
  for (int i = 0; i < c->nev; i++) {
    bmc_event *e = &c->ev[i];
    if (e->kind == WMM_EV_INIT)
      e->k = zero;
    else if (e->kind == WMM_EV_WRITE)
      e->k = bmc_clock(c, "k");
    else if (e->kind == WMM_EV_READ)
      e->k = bmc_clock(c, "rk");
  }
  loc_writes lw;
  memset(&lw, 0, sizeof lw);
  int rc = lw_build(c, &lw);
  if (rc == 0)
    rc = enc_rf(c, &lw);
  if (rc == 0)
    rc = enc_co(c, &lw);
  if (rc == 0)
    rc = enc_coherence(c);
  if (rc == 0)
    rc = enc_atomic(c, &lw);
  if (rc == 0) {
    Z3_ast *memv = calloc((size_t)c->p->nlocs + 1, sizeof *memv);
    Z3_ast goal = c->t;
    if (!memv)
      rc = nomem(c);
    c->cur_rel = WMM_BMC_REL_SSA;
    if (c->o.bound_query)
      goal = c->cut ? c->cut : c->f;
    else if (rc == 0 && c->o.robustness)
      rc = bmc_enc_robust(c, &goal);
    else if (rc == 0 && c->p->cond)
      rc = enc_prop(c, &lw, c->p->cond, memv, &goal);
    if (rc == 0) {
      if (!c->o.bound_query && !c->o.robustness &&
          c->p->quant == WMM_QUANT_FORALL)
        goal = bmc_not(c, goal);
      bmc_assert(c, goal);     /* queued even when false (bmc_solver) */
    }
    free(memv);
  }
  /* Statistics about addresses. */
  if (rc == 0) {
    int nl = c->p->nlocs;
    for (int l = 0; l < nl; l++) {
      int cnt = 0;
      for (int i = 0; i < c->nev; i++) {
        const bmc_event *e = &c->ev[i];
        if (e->kind != WMM_EV_READ && e->kind != WMM_EV_WRITE)
          continue;
        for (int k = 0; k < e->nloc; k++)
          if (e->locs[k] == l) {
            cnt++;
            break;
          }
      }
      if (cnt) {
        c->st->addresses++;
        if (cnt > c->st->max_per_addr)
          c->st->max_per_addr = cnt;
      }
    }
  }
  /* The models need the per-location writes too: the context keeps them. */
  c->locw = lw.w;
  c->nlocw = lw.n;
  free(lw.cap);
  if (rc == 0)
    rc = bmc_zcheck(c, "encoding read-from and coherence");
  return rc;
}
