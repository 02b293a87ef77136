/* ses.c — symbolic event structures: every thread instance is unwound and
 * executed symbolically.  A node of the unwinding is (instruction, how many
 * times each backward branch was taken); nodes are visited in an order that
 * every path follows (fewer backward branches first, then instruction
 * index), so the events of one path appear in program order and the states
 * that reach one node are merged (guard = disjunction of the path
 * conditions, registers = if-then-else of the incoming values).
 *
 * Every register value carries the reads it was computed from, each with
 * the path condition under which the dependency holds; this gives herd7's
 * addr, data and ctrl dependencies (and ctrl;[isync];po, addr;po) exactly
 * as the explicit checker computes them on each path (analysis/models/exec_trace.c
 * is the reference for the semantics of each instruction).
 *
 * Example: P1 of MP+lwsync+addr (r1 = [y]; r3 = r1 ^ r1; r4 = [r3 + x])
 * gives R y (value v0) and R x with an addr dependency on R y; the address
 * of the second read is the constant x (r1 ^ r1 folds to 0) but the
 * dependency stays, as in herd7.
 */
#include "bmc_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sx_resv {
  int ev;
  Z3_ast addr, cond;
} sx_resv;

typedef struct sx_state {
  Z3_ast g;
  bmc_val **regs;
  bmc_val *cmp_a, *cmp_b;
  bmc_deps cmp_deps;
  bmc_deps ctrl, ctrlcf, addrcf, addrsrc, lastread;
  sx_resv *resv;
  int nresv;
} sx_state;

/* A node waiting to be executed and the states that reach it. */
typedef struct sx_node {
  int pc;
  int sum;
  int *back;              /* per backward branch: times taken */
  sx_state **in;
  int nin, capin;
} sx_node;

typedef struct sx {
  bmc_ctx *c;
  const wmm_program *p;
  const wmm_thread *t;
  int rt;                 /* run thread index */
  int nback;              /* backward branch instructions */
  int *backidx;           /* instruction -> index among them, or -1 */
  sx_node **pend;
  int npend, cappend;
  sx_state **endst;       /* states that ran off the end */
  int nend, capend;
  int track_po;           /* record addrsrc / ctrlcf / addrcf */
  int *mark;              /* scratch per event, -1 when unused */
  int capmark;
  Z3_ast cut;             /* bound query: this thread stops at the bound */
} sx;

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

/* ------------------------------------------------------------ values */

static bmc_val *val_new(bmc_ctx *c)
{
  return bmc_alloc(&c->ar, sizeof(bmc_val));
}

static bmc_val *val_const(bmc_ctx *c, wmm_val v)
{
  bmc_val *x = val_new(c);
  if (!x)
    return NULL;
  x->z = bmc_bvconst(c, v);
  x->ncs = 1;
  x->cs[0] = v;
  return x;
}

/* Union of two dependency lists (conditions or-ed). */
static int deps_union(bmc_ctx *c, const bmc_deps *a, const bmc_deps *b,
                      bmc_deps *out)
{
  if (b->n == 0) {
    *out = *a;
    return 0;
  }
  if (a->n == 0) {
    *out = *b;
    return 0;
  }
  bmc_dep *d = bmc_alloc(&c->ar, (size_t)(a->n + b->n) * sizeof *d);
  if (!d)
    return nomem(c);
  int n = 0;
  for (int i = 0; i < a->n; i++)
    d[n++] = a->d[i];
  for (int j = 0; j < b->n; j++) {
    int k;
    for (k = 0; k < a->n; k++)
      if (d[k].ev == b->d[j].ev)
        break;
    if (k < a->n) {
      if (d[k].cond && b->d[j].cond)
        d[k].cond = bmc_or(c, d[k].cond, b->d[j].cond);
      else
        d[k].cond = NULL;
    } else {
      d[n++] = b->d[j];
    }
  }
  out->d = d;
  out->n = n;
  return 0;
}

static int deps_single(bmc_ctx *c, int ev, bmc_deps *out)
{
  bmc_dep *d = bmc_alloc(&c->ar, sizeof *d);
  if (!d)
    return nomem(c);
  d->ev = ev;
  d->cond = NULL;
  out->d = d;
  out->n = 1;
  return 0;
}

static int val_alu(bmc_ctx *c, wmm_alu op, const bmc_val *a,
                   const bmc_val *b, bmc_val **out)
{
  bmc_val *x = val_new(c);
  if (!x)
    return nomem(c);
  Z3_context z = c->z;
  switch (op) {
  case WMM_ALU_ADD: x->z = Z3_mk_bvadd(z, a->z, b->z); break;
  case WMM_ALU_SUB: x->z = Z3_mk_bvsub(z, a->z, b->z); break;
  case WMM_ALU_XOR: x->z = Z3_mk_bvxor(z, a->z, b->z); break;
  case WMM_ALU_AND: x->z = Z3_mk_bvand(z, a->z, b->z); break;
  case WMM_ALU_OR: x->z = Z3_mk_bvor(z, a->z, b->z); break;
  case WMM_ALU_SECOND: x->z = b->z; break;
  case WMM_ALU_MUL: x->z = Z3_mk_bvmul(z, a->z, b->z); break;
  case WMM_ALU_UDIV: x->z = Z3_mk_bvudiv(z, a->z, b->z); break;
  case WMM_ALU_SDIV: x->z = Z3_mk_bvsdiv(z, a->z, b->z); break;
  case WMM_ALU_UREM: x->z = Z3_mk_bvurem(z, a->z, b->z); break;
  case WMM_ALU_SREM: x->z = Z3_mk_bvsrem(z, a->z, b->z); break;
  case WMM_ALU_SHL: x->z = Z3_mk_bvshl(z, a->z, b->z); break;
  case WMM_ALU_LSHR: x->z = Z3_mk_bvlshr(z, a->z, b->z); break;
  case WMM_ALU_ASHR: x->z = Z3_mk_bvashr(z, a->z, b->z); break;
  }
  /* Possible constants. */
  x->ncs = -1;
  int same = a == b || a->z == b->z;
  if (same && (op == WMM_ALU_XOR || op == WMM_ALU_SUB)) {
    x->ncs = 1;        /* r ^ r = r - r = 0, whatever r holds */
    x->cs[0] = 0;
  } else if (same && (op == WMM_ALU_AND || op == WMM_ALU_OR)) {
    x->ncs = a->ncs;
    memcpy(x->cs, a->cs, sizeof a->cs);
  } else if (op == WMM_ALU_SECOND) {
    x->ncs = b->ncs;
    memcpy(x->cs, b->cs, sizeof b->cs);
  } else if (a->ncs >= 0 && b->ncs >= 0) {
    int n = 0;
    for (int i = 0; i < a->ncs && n >= 0; i++)
      for (int j = 0; j < b->ncs && n >= 0; j++) {
        wmm_val v = wmm_alu_eval(op, a->cs[i], b->cs[j]);
        int k;
        for (k = 0; k < n; k++)
          if (x->cs[k] == v)
            break;
        if (k == n) {
          if (n == BMC_CS_MAX)
            n = -1;
          else
            x->cs[n++] = v;
        }
      }
    x->ncs = n;
  }
  if (x->ncs == 1)
    x->z = bmc_bvconst(c, x->cs[0]);
  int rc = deps_union(c, &a->deps, &b->deps, &x->deps);
  *out = x;
  return rc;
}

/* ------------------------------------------------------------ states */

static void state_free(sx_state *s)
{
  if (!s)
    return;
  free(s->regs);
  free(s->resv);
  free(s);
}

static sx_state *state_copy(const sx *x, const sx_state *s)
{
  sx_state *n = malloc(sizeof *n);
  if (!n)
    return NULL;
  *n = *s;
  size_t nr = (size_t)x->t->nregs + 1;
  n->regs = malloc(nr * sizeof *n->regs);
  n->resv = s->nresv ? malloc((size_t)s->nresv * sizeof *n->resv) : NULL;
  if (!n->regs || (s->nresv && !n->resv)) {
    free(n->regs);
    free(n->resv);
    free(n);
    return NULL;
  }
  memcpy(n->regs, s->regs, nr * sizeof *n->regs);
  if (s->nresv)
    memcpy(n->resv, s->resv, (size_t)s->nresv * sizeof *n->resv);
  return n;
}

static int ensure_mark(sx *x)
{
  int need = x->c->nev + 1;
  if (need <= x->capmark)
    return 0;
  int nc = need * 2;
  int *m = realloc(x->mark, (size_t)nc * sizeof *m);
  if (!m)
    return nomem(x->c);
  for (int i = x->capmark; i < nc; i++)
    m[i] = -1;
  x->mark = m;
  x->capmark = nc;
  return 0;
}

/* Merge the dependency lists of k incoming states (guards g[i]). */
static int merge_deps(sx *x, int k, bmc_deps *const *in, Z3_ast const *g,
                      bmc_deps *out)
{
  bmc_ctx *c = x->c;
  int same = 1;
  for (int i = 1; i < k && same; i++)
    if (in[i]->d != in[0]->d || in[i]->n != in[0]->n)
      same = 0;
  if (same) {
    *out = *in[0];
    return 0;
  }
  int total = 0;
  for (int i = 0; i < k; i++)
    total += in[i]->n;
  out->n = 0;
  out->d = NULL;
  if (total == 0)
    return 0;
  bmc_dep *d = bmc_alloc(&c->ar, (size_t)total * sizeof *d);
  int *cnt = malloc((size_t)total * sizeof *cnt);
  if (!d || !cnt) {
    free(cnt);
    return nomem(c);
  }
  int rc = ensure_mark(x);
  if (rc < 0) {
    free(cnt);
    return rc;
  }
  int n = 0;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < in[i]->n; j++) {
      const bmc_dep *e = &in[i]->d[j];
      Z3_ast cond = bmc_and(c, g[i], e->cond);
      int slot = x->mark[e->ev];
      if (slot < 0) {
        slot = n++;
        x->mark[e->ev] = slot;
        d[slot].ev = e->ev;
        d[slot].cond = cond;
        cnt[slot] = e->cond ? 0 : 1;
      } else {
        d[slot].cond = bmc_or(c, d[slot].cond, cond);
        cnt[slot] += e->cond ? 0 : 1;
      }
    }
  for (int s = 0; s < n; s++) {
    if (cnt[s] == k)
      d[s].cond = NULL;    /* unconditional on every incoming path */
    x->mark[d[s].ev] = -1;
  }
  free(cnt);
  out->d = d;
  out->n = n;
  return 0;
}

/* If a and b are (G & c) and (G & ~c), G; else NULL. */
static Z3_ast split_of(bmc_ctx *c, Z3_ast a, Z3_ast b)
{
  Z3_context z = c->z;
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST || Z3_get_ast_kind(z, b) != Z3_APP_AST)
    return NULL;
  Z3_app x = Z3_to_app(z, a), y = Z3_to_app(z, b);
  Z3_decl_kind kx = Z3_get_decl_kind(z, Z3_get_app_decl(z, x));
  Z3_decl_kind ky = Z3_get_decl_kind(z, Z3_get_app_decl(z, y));
  /* a bare c and ~c split the guard true */
  if (ky == Z3_OP_NOT && Z3_get_app_arg(z, y, 0) == a)
    return c->t;
  if (kx == Z3_OP_NOT && Z3_get_app_arg(z, x, 0) == b)
    return c->t;
  if (kx != Z3_OP_AND || ky != Z3_OP_AND || Z3_get_app_num_args(z, x) != 2 ||
      Z3_get_app_num_args(z, y) != 2 ||
      Z3_get_app_arg(z, x, 0) != Z3_get_app_arg(z, y, 0))
    return NULL;
  Z3_ast ca = Z3_get_app_arg(z, x, 1), cb = Z3_get_app_arg(z, y, 1);
  if (Z3_get_ast_kind(z, cb) == Z3_APP_AST) {
    Z3_app ab = Z3_to_app(z, cb);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, ab)) == Z3_OP_NOT &&
        Z3_get_app_arg(z, ab, 0) == ca)
      return Z3_get_app_arg(z, x, 0);
  }
  if (Z3_get_ast_kind(z, ca) == Z3_APP_AST) {
    Z3_app aa = Z3_to_app(z, ca);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, aa)) == Z3_OP_NOT &&
        Z3_get_app_arg(z, aa, 0) == cb)
      return Z3_get_app_arg(z, x, 0);
  }
  return NULL;
}

/* The disjunction of k guards, rejoining branch splits first. */
static Z3_ast join_guards(bmc_ctx *c, int k, Z3_ast const *g)
{
  Z3_ast *v = malloc((size_t)k * sizeof *v);
  if (!v) {
    Z3_ast d = c->f;
    for (int i = 0; i < k; i++)
      d = bmc_or(c, d, g[i]);
    return d;
  }
  int n = k;
  memcpy(v, g, (size_t)k * sizeof *v);
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < n && !changed; i++)
      for (int j = i + 1; j < n && !changed; j++) {
        Z3_ast m = v[i] == v[j] ? v[i] : split_of(c, v[i], v[j]);
        if (m) {
          v[i] = m;
          v[j] = v[--n];
          changed = 1;
        }
      }
  }
  Z3_ast d = c->f;
  for (int i = 0; i < n; i++)
    d = bmc_or(c, d, v[i]);
  free(v);
  return d;
}

/* Merge the incoming states of a node into one (consumes them). */
static int merge_states(sx *x, sx_node *nd, sx_state **out)
{
  bmc_ctx *c = x->c;
  int k = nd->nin;
  sx_state *s = nd->in[0];
  if (k == 1) {
    *out = s;
    nd->in[0] = NULL;
    return 0;
  }
  Z3_ast *g = calloc((size_t)k, sizeof *g);
  bmc_deps **dl = calloc((size_t)k, sizeof *dl);
  if (!g || !dl) {
    free(g);
    free(dl);
    return nomem(c);
  }
  for (int i = 0; i < k; i++)
    g[i] = nd->in[i]->g;
  int rc = 0;
  /* Guard: the disjunction, with the two sides of a branch joined back
   * into the guard before it (so that code after an if keeps its guard). */
  Z3_ast guard = join_guards(c, k, g);
  /* Registers. */
  for (int r = 0; r < x->t->nregs && rc == 0; r++) {
    int same = 1;
    for (int i = 1; i < k; i++)
      if (nd->in[i]->regs[r] != s->regs[r] &&
          nd->in[i]->regs[r]->z != s->regs[r]->z) {
        same = 0;
        break;
      }
    if (same) {
      int sd = 1;
      for (int i = 1; i < k; i++)
        if (nd->in[i]->regs[r] != s->regs[r])
          sd = 0;
      if (sd)
        continue;
    }
    bmc_val *v = val_new(c);
    if (!v) {
      rc = nomem(c);
      break;
    }
    v->z = nd->in[k - 1]->regs[r]->z;
    for (int i = k - 2; i >= 0; i--)
      if (nd->in[i]->regs[r]->z != v->z)
        v->z = Z3_mk_ite(c->z, g[i], nd->in[i]->regs[r]->z, v->z);
    v->ncs = 0;
    for (int i = 0; i < k && v->ncs >= 0; i++) {
      const bmc_val *a = nd->in[i]->regs[r];
      if (a->ncs < 0) {
        v->ncs = -1;
        break;
      }
      for (int j = 0; j < a->ncs; j++) {
        int q;
        for (q = 0; q < v->ncs; q++)
          if (v->cs[q] == a->cs[j])
            break;
        if (q == v->ncs) {
          if (v->ncs == BMC_CS_MAX) {
            v->ncs = -1;
            break;
          }
          v->cs[v->ncs++] = a->cs[j];
        }
      }
    }
    for (int i = 0; i < k; i++)
      dl[i] = &nd->in[i]->regs[r]->deps;
    rc = merge_deps(x, k, dl, g, &v->deps);
    s->regs[r] = v;
  }
  /* Flags and dependency sets. */
#define MERGE_SET(field)                                         \
  if (rc == 0) {                                                 \
    for (int i = 0; i < k; i++)                                  \
      dl[i] = &nd->in[i]->field;                                 \
    rc = merge_deps(x, k, dl, g, &s->field);                     \
  }
  MERGE_SET(cmp_deps)
  MERGE_SET(ctrl)
  MERGE_SET(ctrlcf)
  MERGE_SET(addrcf)
  MERGE_SET(addrsrc)
  MERGE_SET(lastread)
#undef MERGE_SET
  if (rc == 0) {
    for (int side = 0; side < 2; side++) {
      int same = 1;
      for (int i = 1; i < k; i++) {
        bmc_val *a = side ? nd->in[i]->cmp_b : nd->in[i]->cmp_a;
        bmc_val *b0 = side ? s->cmp_b : s->cmp_a;
        if (a != b0)
          same = 0;
      }
      if (same)
        continue;
      bmc_val *v = val_new(c);
      if (!v) {
        rc = nomem(c);
        break;
      }
      v->z = (side ? nd->in[k - 1]->cmp_b : nd->in[k - 1]->cmp_a)->z;
      for (int i = k - 2; i >= 0; i--)
        v->z = Z3_mk_ite(c->z, g[i],
                         (side ? nd->in[i]->cmp_b : nd->in[i]->cmp_a)->z, v->z);
      v->ncs = -1;
      if (side)
        s->cmp_b = v;
      else
        s->cmp_a = v;
    }
  }
  /* Reservations. */
  if (rc == 0) {
    int total = 0;
    for (int i = 0; i < k; i++)
      total += nd->in[i]->nresv;
    sx_resv *rv = total ? malloc((size_t)total * sizeof *rv) : NULL;
    if (total && !rv) {
      rc = nomem(c);
    } else {
      int n = 0;
      for (int i = 0; i < k; i++)
        for (int j = 0; j < nd->in[i]->nresv; j++) {
          sx_resv e = nd->in[i]->resv[j];
          e.cond = bmc_and(c, g[i], e.cond);
          int q;
          for (q = 0; q < n; q++)
            if (rv[q].ev == e.ev)
              break;
          if (q < n)
            rv[q].cond = bmc_or(c, rv[q].cond, e.cond);
          else
            rv[n++] = e;
        }
      free(s->resv);
      s->resv = rv;
      s->nresv = n;
    }
  }
  s->g = guard;
  free(g);
  free(dl);
  for (int i = 1; i < k; i++) {
    state_free(nd->in[i]);
    nd->in[i] = NULL;
  }
  nd->in[0] = NULL;
  *out = s;
  return rc;
}

/* ------------------------------------------------------------- nodes */

static int key_cmp(const sx *x, int pc1, int sum1, const int *b1, int pc2,
                   int sum2, const int *b2)
{
  if (sum1 != sum2)
    return sum1 < sum2 ? -1 : 1;
  if (pc1 != pc2)
    return pc1 < pc2 ? -1 : 1;
  for (int i = 0; i < x->nback; i++)
    if (b1[i] != b2[i])
      return b1[i] < b2[i] ? -1 : 1;
  return 0;
}

/* Append s to the array *arr (n used, cap allocated); on failure s is
 * freed and the error reported. */
static int append_state(sx *x, sx_state ***arr, int *n, int *cap, sx_state *s)
{
  if (*n == *cap) {
    int nc = *cap ? 2 * *cap : 4;
    sx_state **q = realloc(*arr, (size_t)nc * sizeof *q);
    if (!q) {
      state_free(s);
      return nomem(x->c);
    }
    *arr = q;
    *cap = nc;
  }
  (*arr)[(*n)++] = s;
  return 0;
}

/* Send state s (owned) to node (pc, back). */
static int push_state(sx *x, int pc, const int *back, sx_state *s)
{
  if (s->g == x->c->f) {
    state_free(s);
    return 0;
  }
  if (pc >= x->t->ncode) {
    return append_state(x, &x->endst, &x->nend, &x->capend, s);
  }
  int sum = 0;
  for (int i = 0; i < x->nback; i++)
    sum += back[i];
  sx_node *nd = NULL;
  for (int i = 0; i < x->npend; i++)
    if (key_cmp(x, pc, sum, back, x->pend[i]->pc, x->pend[i]->sum,
                x->pend[i]->back) == 0) {
      nd = x->pend[i];
      break;
    }
  if (!nd) {
    if (x->npend == x->cappend) {
      int nc = x->cappend ? 2 * x->cappend : 8;
      sx_node **q = realloc(x->pend, (size_t)nc * sizeof *q);
      if (!q) {
        state_free(s);
        return nomem(x->c);
      }
      x->pend = q;
      x->cappend = nc;
    }
    nd = calloc(1, sizeof *nd);
    int *b = x->nback ? malloc((size_t)x->nback * sizeof *b) : NULL;
    if (!nd || (x->nback && !b)) {
      free(nd);
      free(b);
      state_free(s);
      return nomem(x->c);
    }
    if (x->nback)
      memcpy(b, back, (size_t)x->nback * sizeof *b);
    nd->pc = pc;
    nd->sum = sum;
    nd->back = b;
    x->pend[x->npend++] = nd;
  }
  return append_state(x, &nd->in, &nd->nin, &nd->capin, s);
}

static void node_free(sx_node *nd)
{
  if (!nd)
    return;
  for (int i = 0; i < nd->nin; i++)
    state_free(nd->in[i]);
  free(nd->in);
  free(nd->back);
  free(nd);
}

/* ------------------------------------------------------------ events */

static int add_event(bmc_ctx *c, bmc_event **out)
{
  if (c->nev == c->cap) {
    int nc = c->cap ? 2 * c->cap : 64;
    bmc_event *q = realloc(c->ev, (size_t)nc * sizeof *q);
    if (!q)
      return nomem(c);
    c->ev = q;
    c->cap = nc;
  }
  bmc_event *e = &c->ev[c->nev];
  memset(e, 0, sizeof *e);
  *out = e;
  return c->nev++;
}

static int rt_push(bmc_ctx *c, bmc_rthread *t, int ev)
{
  if (t->nev == t->cap) {
    int nc = t->cap ? 2 * t->cap : 16;
    int *q = realloc(t->ev, (size_t)nc * sizeof *q);
    if (!q)
      return nomem(c);
    t->ev = q;
    t->cap = nc;
  }
  t->ev[t->nev++] = ev;
  return 0;
}

static bmc_val *opval(sx *x, sx_state *s, const wmm_operand *o)
{
  if (o->kind == WMM_OPND_REG && o->reg >= 0 && o->reg < x->t->nregs)
    return s->regs[o->reg];
  return val_const(x->c, o->kind == WMM_OPND_IMM ? o->imm : 0);
}

static void setreg(sx *x, sx_state *s, int dst, bmc_val *v)
{
  if (dst >= 0 && dst < x->t->nregs)
    s->regs[dst] = v;
}

/* The address of a memory instruction: value, possible locations, and the
 * assumption that it names a location (else the path is discarded, as in
 * the explicit checker). */
static int eval_addr(sx *x, sx_state *s, const wmm_instr *in, bmc_val **out,
                     int **locs, int *nloc)
{
  bmc_ctx *c = x->c;
  bmc_val *b = opval(x, s, &in->addr.base);
  bmc_val *i = opval(x, s, &in->addr.index);
  bmc_val *sum;
  int rc = val_alu(c, WMM_ALU_ADD, b, i, &sum);
  if (rc < 0)
    return rc;
  if (in->addr.offset) {
    bmc_val *off = val_const(c, in->addr.offset);
    if (!off)
      return nomem(c);
    rc = val_alu(c, WMM_ALU_ADD, sum, off, &sum);
    if (rc < 0)
      return rc;
  }
  /* Dependencies of the address are those of base and index only. */
  int nl = x->p->nlocs;
  int *l = bmc_alloc(&c->ar, (size_t)(nl ? nl : 1) * sizeof *l);
  if (!l)
    return nomem(c);
  int n = 0;
  Z3_ast valid = c->f;
  if (sum->ncs >= 0) {
    for (int k = 0; k < sum->ncs; k++) {
      int loc = wmm_addr_loc(x->p, sum->cs[k]);
      if (loc < 0)
        continue;
      valid = bmc_or(c, valid, bmc_eq(c, sum->z, bmc_bvconst(c, sum->cs[k])));
      int q;
      for (q = 0; q < n; q++)
        if (l[q] == loc)
          break;
      if (q == n)
        l[n++] = loc;
    }
    if (n == sum->ncs)
      valid = c->t;
  } else {
    Z3_ast hi = Z3_mk_extract(c->z, 63, 32, sum->z);
    Z3_sort s32 = Z3_mk_bv_sort(c->z, 32);
    valid = Z3_mk_and(c->z, 2, (Z3_ast[]){
        Z3_mk_bvuge(c->z, hi, Z3_mk_int(c->z, 1, s32)),
        Z3_mk_bvule(c->z, hi, Z3_mk_int(c->z, nl, s32))});
    for (int k = 0; k < nl; k++)
      l[n++] = k;
  }
  /* sort the locations */
  for (int a = 1; a < n; a++)
    for (int q = a; q > 0 && l[q - 1] > l[q]; q--) {
      int tmp = l[q];
      l[q] = l[q - 1];
      l[q - 1] = tmp;
    }
  c->cur_rel = WMM_BMC_REL_SSA;
  bmc_assert(c, bmc_implies(c, s->g, valid));
  if (n == 0)
    s->g = c->f;
  bmc_val *addr = val_new(c);
  if (!addr)
    return nomem(c);
  *addr = *sum;
  rc = deps_union(c, &b->deps, &i->deps, &addr->deps);
  *out = addr;
  *locs = l;
  *nloc = n;
  return rc;
}

/* A new event of the current thread at the current state. */
static int new_event(sx *x, sx_state *s, const wmm_instr *in, int pc,
                     int kind, Z3_ast g, bmc_event **out)
{
  bmc_ctx *c = x->c;
  bmc_event *e;
  int id = add_event(c, &e);
  if (id < 0)
    return id;
  bmc_rthread *t = &c->rt[x->rt];
  e->kind = kind;
  e->rt = x->rt;
  e->thread = t->thread;
  e->instr = pc;
  e->seq = t->nev;
  e->g = g;
  e->flags = in ? in->flags : 0;
  e->excl = in && (in->op == WMM_OP_LOAD_EX || in->op == WMM_OP_STORE_EX);
  e->amo = in && in->op == WMM_OP_RMW;
  e->d_ctrl = s->ctrl;
  e->d_ctrlcf = s->ctrlcf;
  e->d_addrcf = s->addrcf;
  e->d_addrpo = s->addrsrc;
  e->nloc = 0;
  int rc = rt_push(c, t, id);
  if (rc < 0)
    return rc;
  *out = e;
  return id;
}

static int mem_event(sx *x, sx_state *s, const wmm_instr *in, int pc,
                     int kind, Z3_ast g, bmc_val *addr, int *locs, int nloc,
                     int *id_out)
{
  bmc_ctx *c = x->c;
  bmc_event *e;
  int id = new_event(x, s, in, pc, kind, g, &e);
  if (id < 0)
    return id;
  bmc_deps ad = addr->deps;
  int rc = 0;
  if ((in->flags & WMM_ACC_DEP_ADDR) && s->lastread.n)
    rc = deps_union(c, &ad, &s->lastread, &ad);
  if (rc < 0)
    return rc;
  e = &c->ev[id];
  e->addr = addr->z;
  e->locs = locs;
  e->nloc = nloc;
  e->d_addr = ad;
  if (x->track_po && ad.n) {
    rc = deps_union(c, &s->addrsrc, &ad, &s->addrsrc);
    if (rc < 0)
      return rc;
  }
  *id_out = id;
  return 0;
}

/* A fence event of class cls (nothing when the model ignores it). */
static int add_fence(sx *x, sx_state *s, const wmm_instr *in, int pc,
                     int cls, Z3_ast g)
{
  bmc_ctx *c = x->c;
  if (cls == WMM_FC_NONE)
    return 0;
  if (cls == WMM_FC_CTRL && x->track_po) {
    int rc = deps_union(c, &s->ctrlcf, &s->ctrl, &s->ctrlcf);
    if (rc == 0)
      rc = deps_union(c, &s->addrcf, &s->addrsrc, &s->addrcf);
    if (rc < 0)
      return rc;
  }
  bmc_event *e;
  int id = new_event(x, s, in, pc, WMM_EV_FENCE, g, &e);
  if (id < 0)
    return id;
  c->ev[id].fclass = cls;
  c->ev[id].flags = 0;
  c->ev[id].excl = 0;
  c->ev[id].amo = 0;
  return 0;
}

/* Does p carry C11 annotations (C and GIMPLE programs; assembly has its
 * fences written out and ATOMIC marks locked instructions there)? */
static int is_c11(const wmm_program *p)
{
  return p->arch == WMM_ARCH_C || p->arch == WMM_ARCH_GIMPLE;
}

/* C11 strength of an annotated access (exec_trace.c's c11_strength). */
static int c11_strength(const wmm_program *p, const wmm_instr *in,
                        unsigned want)
{
  if (!is_c11(p))
    return 0;
  if (in->flags & WMM_ACC_ATOMIC)
    return in->op == WMM_OP_LOAD || in->op == WMM_OP_STORE ||
           in->op == WMM_OP_RMW ? 2 : 0;
  return (in->flags & want) ? 1 : 0;
}

/* Fences GCC 12 puts before an annotated access on power and armv7. */
static int fences_before(sx *x, sx_state *s, const wmm_instr *in, int pc,
                         Z3_ast g)
{
  int rd = wmm_instr_reads(in), wr = wmm_instr_writes(in);
  int srel = wr ? c11_strength(x->c->p, in, WMM_ACC_RELEASE) : 0;
  int sacq = rd ? c11_strength(x->c->p, in, WMM_ACC_ACQUIRE) : 0;
  wmm_model m = x->c->o.model;
  if (m == WMM_MODEL_POWER) {
    if (srel == 2 || sacq == 2)
      return add_fence(x, s, NULL, pc, WMM_FC_FULL, g);
    if (srel == 1)
      return add_fence(x, s, NULL, pc, WMM_FC_LIGHT, g);
  } else if (m == WMM_MODEL_ARMV7) {
    if (srel)
      return add_fence(x, s, NULL, pc, WMM_FC_FULL, g);
  }
  return 0;
}

/* Fences after: power ctrl+isync after an acquire read, armv7 dmb. */
static int fences_after(sx *x, sx_state *s, const wmm_instr *in, int pc,
                        int rev, Z3_ast g)
{
  int rd = wmm_instr_reads(in), wr = wmm_instr_writes(in);
  int sacq = rd ? c11_strength(x->c->p, in, WMM_ACC_ACQUIRE) : 0;
  int srel = wr ? c11_strength(x->c->p, in, WMM_ACC_RELEASE) : 0;
  wmm_model m = x->c->o.model;
  if (m == WMM_MODEL_POWER && sacq && rev >= 0) {
    bmc_deps one;
    int rc = deps_single(x->c, rev, &one);
    if (rc == 0)
      rc = deps_union(x->c, &s->ctrl, &one, &s->ctrl);
    if (rc < 0)
      return rc;
    return add_fence(x, s, NULL, pc, WMM_FC_CTRL, g);
  }
  if (m == WMM_MODEL_ARMV7 && (sacq || srel == 2))
    return add_fence(x, s, NULL, pc, WMM_FC_FULL, g);
  return 0;
}

/* Branch condition: a Boolean term and the reads it depends on. */
static int eval_cond(sx *x, sx_state *s, const wmm_instr *in, Z3_ast *cond,
                     bmc_deps *deps)
{
  bmc_ctx *c = x->c;
  Z3_context z = c->z;
  const bmc_val *a = s->cmp_a, *b = s->cmp_b;
  deps->n = 0;
  deps->d = NULL;
  if (in->op == WMM_OP_JUMP || in->cond == WMM_COND_ALWAYS) {
    *cond = c->t;
    return 0;
  }
  if (in->cond == WMM_COND_ANY) {
    *cond = bmc_bool(c, "any");
    return 0;
  }
  int onop = in->cond == WMM_COND_ZERO || in->cond == WMM_COND_NONZERO;
  bmc_val *zero = NULL;
  if (onop) {
    a = opval(x, s, &in->a);
    zero = val_const(c, 0);
    if (!zero)
      return nomem(c);
    b = zero;
    *deps = a->deps;
  } else {
    *deps = s->cmp_deps;
  }
  /* Fold when every combination of possible constants agrees. */
  if (a->ncs > 0 && b->ncs > 0) {
    int any_t = 0, any_f = 0;
    for (int i = 0; i < a->ncs; i++)
      for (int j = 0; j < b->ncs; j++) {
        wmm_val u = a->cs[i], v = b->cs[j];
        int r = 0;
        switch (in->cond) {
        case WMM_COND_EQ: case WMM_COND_ZERO: r = u == v; break;
        case WMM_COND_NE: case WMM_COND_NONZERO: r = u != v; break;
        case WMM_COND_LT: r = u < v; break;
        case WMM_COND_GE: r = u >= v; break;
        case WMM_COND_GT: r = u > v; break;
        case WMM_COND_LE: r = u <= v; break;
        default: break;
        }
        if (r)
          any_t = 1;
        else
          any_f = 1;
      }
    if (!(any_t && any_f)) {
      *cond = any_t ? c->t : c->f;
      return 0;
    }
  }
  switch (in->cond) {
  case WMM_COND_EQ: case WMM_COND_ZERO: *cond = Z3_mk_eq(z, a->z, b->z); break;
  case WMM_COND_NE: case WMM_COND_NONZERO:
    *cond = Z3_mk_not(z, Z3_mk_eq(z, a->z, b->z));
    break;
  case WMM_COND_LT: *cond = Z3_mk_bvslt(z, a->z, b->z); break;
  case WMM_COND_GE: *cond = Z3_mk_bvsge(z, a->z, b->z); break;
  case WMM_COND_GT: *cond = Z3_mk_bvsgt(z, a->z, b->z); break;
  case WMM_COND_LE: *cond = Z3_mk_bvsle(z, a->z, b->z); break;
  default:
    return wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, in->pos.line,
                    "thread %s: bad branch condition %d", x->t->name,
                    (int)in->cond);
  }
  return 0;
}

static bmc_val *fresh_val(bmc_ctx *c, const char *prefix)
{
  bmc_val *v = val_new(c);
  if (!v)
    return NULL;
  char name[48];
  snprintf(name, sizeof name, "%s!%d", prefix, c->fresh++);
  v->z = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), c->bv);
  v->ncs = -1;
  return v;
}

/* Record an input for the witness (bmc_input). */
static int add_input(bmc_ctx *c, int rt, Z3_ast g, Z3_ast v)
{
  if (c->ninputs == c->capinputs) {
    int nc = c->capinputs ? 2 * c->capinputs : 16;
    bmc_input *q = realloc(c->inputs, (size_t)nc * sizeof *q);
    if (!q)
      return -1;
    c->inputs = q;
    c->capinputs = nc;
  }
  c->inputs[c->ninputs].rt = rt;
  c->inputs[c->ninputs].g = g;
  c->inputs[c->ninputs].v = v;
  c->ninputs++;
  return 0;
}

/* Execute the instruction at node nd on state s (owned). */
static int step(sx *x, sx_node *nd, sx_state *s)
{
  bmc_ctx *c = x->c;
  const wmm_instr *in = &x->t->code[nd->pc];
  int pc = nd->pc, next = pc + 1, rc = 0;
  bmc_val *addr, *v;
  int *locs, nloc, id;
  c->st->ssa++;
  switch (in->op) {
  case WMM_OP_NOP:
    break;
  case WMM_OP_MOV:
    setreg(x, s, in->dst, opval(x, s, &in->a));
    break;
  case WMM_OP_ALU:
    rc = val_alu(c, in->alu, opval(x, s, &in->a), opval(x, s, &in->b), &v);
    if (rc == 0)
      setreg(x, s, in->dst, v);
    break;
  case WMM_OP_LOAD:
  case WMM_OP_LOAD_EX: {
    if ((rc = eval_addr(x, s, in, &addr, &locs, &nloc)) < 0)
      break;
    if (s->g == c->f)
      break;
    if ((rc = fences_before(x, s, in, pc, s->g)) < 0)
      break;
    if ((rc = mem_event(x, s, in, pc, WMM_EV_READ, s->g, addr, locs, nloc,
                        &id)) < 0)
      break;
    if (!(v = fresh_val(c, "v"))) {
      rc = nomem(c);
      break;
    }
    c->ev[id].val = v->z;
    if ((rc = deps_single(c, id, &v->deps)) < 0)
      break;
    setreg(x, s, in->dst, v);
    s->lastread = v->deps;
    if (in->op == WMM_OP_LOAD_EX) {
      free(s->resv);
      s->resv = malloc(sizeof *s->resv);
      if (!s->resv) {
        s->nresv = 0;
        rc = nomem(c);
        break;
      }
      s->resv[0].ev = id;
      s->resv[0].addr = addr->z;
      s->resv[0].cond = NULL;
      s->nresv = 1;
    }
    rc = fences_after(x, s, in, pc, id, s->g);
    break;
  }
  case WMM_OP_STORE: {
    if ((rc = eval_addr(x, s, in, &addr, &locs, &nloc)) < 0)
      break;
    if (s->g == c->f)
      break;
    if ((rc = fences_before(x, s, in, pc, s->g)) < 0)
      break;
    if ((rc = mem_event(x, s, in, pc, WMM_EV_WRITE, s->g, addr, locs, nloc,
                        &id)) < 0)
      break;
    bmc_val *a = opval(x, s, &in->a);
    c->ev[id].val = a->z;
    bmc_deps dd = a->deps;
    if ((in->flags & WMM_ACC_DEP_DATA) && s->lastread.n &&
        (rc = deps_union(c, &dd, &s->lastread, &dd)) < 0)
      break;
    c->ev[id].d_data = dd;
    rc = fences_after(x, s, in, pc, -1, s->g);
    break;
  }
  case WMM_OP_RMW: {
    if ((rc = eval_addr(x, s, in, &addr, &locs, &nloc)) < 0)
      break;
    if (s->g == c->f)
      break;
    if ((rc = fences_before(x, s, in, pc, s->g)) < 0)
      break;
    int er, ew;
    if ((rc = mem_event(x, s, in, pc, WMM_EV_READ, s->g, addr, locs, nloc,
                        &er)) < 0)
      break;
    if (!(v = fresh_val(c, "v"))) {
      rc = nomem(c);
      break;
    }
    c->ev[er].val = v->z;
    if ((rc = deps_single(c, er, &v->deps)) < 0)
      break;
    bmc_val *a = opval(x, s, &in->a);
    bmc_val old = *v;
    old.deps.n = 0;
    old.deps.d = NULL;
    bmc_val *res;
    if ((rc = val_alu(c, in->alu, &old, a, &res)) < 0)
      break;
    if ((rc = mem_event(x, s, in, pc, WMM_EV_WRITE, s->g, addr, locs, nloc,
                        &ew)) < 0)
      break;
    c->ev[ew].val = res->z;
    c->ev[ew].d_data = a->deps;
    if (c->nrmw == c->caprmw) {
      int ncap = c->caprmw ? 2 * c->caprmw : 8;
      bmc_rmw *q = realloc(c->rmw, (size_t)ncap * sizeof *q);
      if (!q) {
        rc = nomem(c);
        break;
      }
      c->rmw = q;
      c->caprmw = ncap;
    }
    c->rmw[c->nrmw].r = er;
    c->rmw[c->nrmw].w = ew;
    c->rmw[c->nrmw].cond = NULL;
    c->nrmw++;
    setreg(x, s, in->dst, v);
    s->lastread = v->deps;
    rc = fences_after(x, s, in, pc, er, s->g);
    break;
  }
  case WMM_OP_STORE_EX: {
    if ((rc = eval_addr(x, s, in, &addr, &locs, &nloc)) < 0)
      break;
    Z3_ast ok = c->f;
    for (int i = 0; i < s->nresv; i++)
      ok = bmc_or(c, ok, bmc_and(c, s->resv[i].cond,
                                 bmc_eq(c, s->resv[i].addr, addr->z)));
    Z3_ast succ = c->f;
    if (ok != c->f && s->g != c->f) {
      succ = bmc_bool(c, "succ");
      c->cur_rel = WMM_BMC_REL_SSA;
      bmc_assert(c, bmc_implies(c, succ, bmc_and(c, s->g, ok)));
    }
    if (succ != c->f) {
      if ((rc = fences_before(x, s, in, pc, succ)) < 0)
        break;
      if ((rc = mem_event(x, s, in, pc, WMM_EV_WRITE, succ, addr, locs, nloc,
                          &id)) < 0)
        break;
      bmc_val *a = opval(x, s, &in->a);
      c->ev[id].val = a->z;
      c->ev[id].d_data = a->deps;
      for (int i = 0; i < s->nresv; i++) {
        Z3_ast rc_cond = bmc_and3(c, succ, s->resv[i].cond,
                                  bmc_eq(c, s->resv[i].addr, addr->z));
        if (rc_cond == c->f)
          continue;
        if (c->nrmw == c->caprmw) {
          int ncap = c->caprmw ? 2 * c->caprmw : 8;
          bmc_rmw *q = realloc(c->rmw, (size_t)ncap * sizeof *q);
          if (!q) {
            rc = nomem(c);
            break;
          }
          c->rmw = q;
          c->caprmw = ncap;
        }
        c->rmw[c->nrmw].r = s->resv[i].ev;
        c->rmw[c->nrmw].w = id;
        c->rmw[c->nrmw].cond = rc_cond;
        c->nrmw++;
      }
      if (rc < 0)
        break;
      if ((rc = fences_after(x, s, in, pc, -1, succ)) < 0)
        break;
    }
    bmc_val *flag = val_new(c);
    if (!flag) {
      rc = nomem(c);
      break;
    }
    flag->z = succ == c->f ? bmc_bvconst(c, 1)
                           : Z3_mk_ite(c->z, succ, bmc_bvconst(c, 0),
                                       bmc_bvconst(c, 1));
    flag->ncs = succ == c->f ? 1 : 2;
    flag->cs[0] = 1;
    flag->cs[1] = 0;
    setreg(x, s, in->dst, flag);
    s->cmp_a = flag;
    s->cmp_b = val_const(c, 0);
    s->cmp_deps.n = 0;
    s->cmp_deps.d = NULL;
    free(s->resv);
    s->resv = NULL;
    s->nresv = 0;
    break;
  }
  case WMM_OP_FENCE:
    rc = add_fence(x, s, in, pc, wmm_fence_class(c->o.model, in->fence),
                   s->g);
    break;
  case WMM_OP_CMP: {
    bmc_val *a = opval(x, s, &in->a), *b = opval(x, s, &in->b);
    s->cmp_a = a;
    s->cmp_b = b;
    rc = deps_union(c, &a->deps, &b->deps, &s->cmp_deps);
    break;
  }
  case WMM_OP_BRANCH:
  case WMM_OP_JUMP: {
    Z3_ast cond = NULL;
    bmc_deps deps;
    if ((rc = eval_cond(x, s, in, &cond, &deps)) < 0)
      break;
    if (deps.n && (rc = deps_union(c, &s->ctrl, &deps, &s->ctrl)) < 0)
      break;
    if (in->target < 0 || in->target > x->t->ncode) {
      rc = wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, in->pos.line,
                    "thread %s: branch to instruction %d out of range",
                    x->t->name, in->target);
      break;
    }
    if (cond == c->f)
      break;       /* never taken: fall through */
    Z3_ast gt = bmc_and(c, s->g, cond);
    Z3_ast gn = bmc_and(c, s->g, bmc_not(c, cond));
    int bi = in->target <= pc ? x->backidx[pc] : -1;
    if (bi >= 0 && nd->back[bi] + 1 > c->o.unwind) {
      /* Taking the branch exceeds the bound: that path is discarded (the
       * unwinding assumption), or, for the bound query, it is the goal. */
      c->cur_rel = WMM_BMC_REL_SSA;
      if (c->o.bound_query) {
        c->cut = bmc_or(c, c->cut ? c->cut : c->f, gt);
        x->cut = bmc_or(c, x->cut ? x->cut : c->f, gt);
      } else
        bmc_assert(c, bmc_not(c, gt));
    } else if (gt != c->f) {
      sx_state *t = state_copy(x, s);
      if (!t) {
        rc = nomem(c);
        break;
      }
      t->g = gt;
      if (bi >= 0) {
        int *nb = malloc((size_t)x->nback * sizeof *nb);
        if (!nb) {
          state_free(t);
          rc = nomem(c);
          break;
        }
        memcpy(nb, nd->back, (size_t)x->nback * sizeof *nb);
        nb[bi]++;
        rc = push_state(x, in->target, nb, t);
        free(nb);
      } else {
        rc = push_state(x, in->target, nd->back, t);
      }
      if (rc < 0)
        break;
    }
    if (cond == c->t) {
      state_free(s);
      return 0;
    }
    s->g = gn;
    break;
  }
  case WMM_OP_NONDET:
    if (!(v = fresh_val(c, "nd")) || add_input(c, x->rt, s->g, v->z) < 0) {
      rc = nomem(c);
      break;
    }
    setreg(x, s, in->dst, v);
    break;
  case WMM_OP_CALL:
    if (in->target >= 0)
      rc = wmm_fail(c->err, WMM_ERR_UNSUPPORTED, c->p->source, in->pos.line,
                    "thread %s: calls to other code units are not "
                    "supported by the model checker (inline them first: "
                    "wmm_bmc_inline)", x->t->name);
    break;   /* unknown external code: a compiler barrier only */
  default:
    rc = wmm_fail(c->err, WMM_ERR_INVALID, c->p->source, in->pos.line,
                  "thread %s: bad instruction kind %d", x->t->name,
                  (int)in->op);
  }
  if (rc < 0) {
    state_free(s);
    return rc;
  }
  return push_state(x, next, nd->back, s);
}

/* Unwind and execute thread instance rt. */
static int run_thread(bmc_ctx *c, int rt)
{
  sx x;
  memset(&x, 0, sizeof x);
  x.c = c;
  x.p = c->p;
  x.rt = rt;
  x.t = &c->p->threads[c->rt[rt].thread];
  x.track_po = c->o.model == WMM_MODEL_POWER ||
               c->o.model == WMM_MODEL_ARMV7 ||
               c->o.model == WMM_MODEL_ARMV8;
  const wmm_thread *t = x.t;
  int rc = 0;
  x.backidx = malloc(((size_t)t->ncode + 1) * sizeof *x.backidx);
  if (!x.backidx)
    return nomem(c);
  for (int i = 0; i < t->ncode; i++) {
    const wmm_instr *in = &t->code[i];
    int back = (in->op == WMM_OP_BRANCH || in->op == WMM_OP_JUMP) &&
               in->target >= 0 && in->target <= i;
    x.backidx[i] = back ? x.nback++ : -1;
  }
  sx_state *s0 = calloc(1, sizeof *s0);
  int *b0 = calloc((size_t)x.nback + 1, sizeof *b0);
  if (!s0 || !b0) {
    free(s0);
    free(b0);
    free(x.backidx);
    return nomem(c);
  }
  s0->regs = malloc(((size_t)t->nregs + 1) * sizeof *s0->regs);
  if (!s0->regs) {
    rc = nomem(c);
    free(s0);
    goto out;
  }
  for (int i = 0; i < t->nregs && rc == 0; i++)
    if (!(s0->regs[i] = val_const(c, t->regs[i].init)))
      rc = nomem(c);
  s0->g = c->t;
  s0->cmp_a = val_const(c, 0);
  s0->cmp_b = s0->cmp_a;
  if (rc == 0 && !s0->cmp_a)
    rc = nomem(c);
  if (rc < 0) {
    state_free(s0);
    goto out;
  }
  if (t->ncode == 0) {
    rc = push_state(&x, 0, b0, s0);
  } else {
    rc = push_state(&x, 0, b0, s0);
    while (rc == 0 && x.npend > 0) {
      int best = 0;
      for (int i = 1; i < x.npend; i++)
        if (key_cmp(&x, x.pend[i]->pc, x.pend[i]->sum, x.pend[i]->back,
                    x.pend[best]->pc, x.pend[best]->sum,
                    x.pend[best]->back) < 0)
          best = i;
      sx_node *nd = x.pend[best];
      x.pend[best] = x.pend[--x.npend];
      sx_state *s;
      rc = merge_states(&x, nd, &s);
      if (rc == 0) {
        if (s->g == c->f)
          state_free(s);
        else
          rc = step(&x, nd, s);
      }
      node_free(nd);
    }
  }
  if (rc < 0)
    goto out;
  if ((rc = bmc_zcheck(c, "unwinding")) < 0)
    goto out;
  /* Final registers: merge of the states that reached the end. */
  bmc_rthread *r = &c->rt[rt];
  c->cur_rel = WMM_BMC_REL_SSA;
  if (x.nend == 0) {
    /* No path of this thread is within the bound (for the bound query:
     * unless it stops at the bound). */
    bmc_assert(c, x.cut ? x.cut : c->f);
    r->regs = bmc_alloc(&c->ar, ((size_t)t->nregs + 1) * sizeof *r->regs);
    if (!r->regs) {
      rc = nomem(c);
      goto out;
    }
    for (int i = 0; i < t->nregs; i++)
      if (!(r->regs[i] = val_const(c, t->regs[i].init))) {
        rc = nomem(c);
        goto out;
      }
  } else {
    sx_node end;
    memset(&end, 0, sizeof end);
    end.in = x.endst;
    end.nin = x.nend;
    end.back = b0;
    sx_state *s;
    Z3_ast any = c->f;
    for (int i = 0; i < x.nend; i++)
      any = bmc_or(c, any, x.endst[i]->g);
    if (x.cut)
      any = bmc_or(c, any, x.cut);
    bmc_assert(c, any);
    rc = merge_states(&x, &end, &s);
    x.nend = 0;
    if (rc < 0)
      goto out;
    r->regs = bmc_alloc(&c->ar, ((size_t)t->nregs + 1) * sizeof *r->regs);
    if (!r->regs) {
      state_free(s);
      rc = nomem(c);
      goto out;
    }
    memcpy(r->regs, s->regs, (size_t)t->nregs * sizeof *r->regs);
    state_free(s);
  }
out:
  for (int i = 0; i < x.npend; i++)
    node_free(x.pend[i]);
  free(x.pend);
  for (int i = 0; i < x.nend; i++)
    state_free(x.endst[i]);
  free(x.endst);
  free(x.backidx);
  free(x.mark);
  free(b0);
  return rc;
}

int bmc_may_alias(const bmc_event *a, const bmc_event *b)
{
  int i = 0, j = 0;
  while (i < a->nloc && j < b->nloc) {
    if (a->locs[i] == b->locs[j])
      return 1;
    if (a->locs[i] < b->locs[j])
      i++;
    else
      j++;
  }
  return 0;
}

static Z3_ast hi32(bmc_ctx *c, Z3_ast a)
{
  return Z3_mk_extract(c->z, 63, 32, a);
}

Z3_ast bmc_same_loc(bmc_ctx *c, const bmc_event *a, const bmc_event *b)
{
  if (!bmc_may_alias(a, b))
    return c->f;
  if (a->nloc == 1 && b->nloc == 1)
    return c->t;
  return Z3_mk_eq(c->z, hi32(c, a->addr), hi32(c, b->addr));
}

Z3_ast bmc_at_loc(bmc_ctx *c, const bmc_event *e, int loc)
{
  int in = 0;
  for (int i = 0; i < e->nloc; i++)
    if (e->locs[i] == loc)
      in = 1;
  if (!in)
    return c->f;
  if (e->nloc == 1)
    return c->t;
  return Z3_mk_eq(c->z, hi32(c, e->addr),
                  Z3_mk_int(c->z, loc + 1, Z3_mk_bv_sort(c->z, 32)));
}

Z3_ast bmc_dep_cond(bmc_ctx *c, const bmc_deps *d, int src, int *found)
{
  (void)c;
  for (int i = 0; i < d->n; i++)
    if (d->d[i].ev == src) {
      *found = 1;
      return d->d[i].cond;
    }
  *found = 0;
  return NULL;
}

/* Model sets of the events (exec_enum.c's classification). */
static void classify(bmc_ctx *c)
{
  wmm_model m = c->o.model;
  int x86 = m == WMM_MODEL_SC || m == WMM_MODEL_TSO || m == WMM_MODEL_PSO ||
            m == WMM_MODEL_RMO;
  /* ATOMIC is seq_cst only in C / GIMPLE programs (exec_enum.c's
   * model_sets); in assembly its explicit flags order it. */
  unsigned acq = WMM_ACC_ACQUIRE | (is_c11(c->p) ? WMM_ACC_ATOMIC : 0);
  unsigned rel = WMM_ACC_RELEASE | (is_c11(c->p) ? WMM_ACC_ATOMIC : 0);
  for (int i = 0; i < c->nev; i++) {
    bmc_event *e = &c->ev[i];
    e->AT = NULL;
    e->A = e->Q = e->L = 0;
    if (e->kind == WMM_EV_READ) {
      e->A = (e->flags & acq) != 0;
      e->Q = (e->flags & WMM_ACC_ACQPC) != 0;
    } else if (e->kind == WMM_EV_WRITE) {
      e->L = (e->flags & rel) != 0;
      if (e->flags & WMM_ACC_ATOMIC)
        e->AT = c->t;
    }
    if (m != WMM_MODEL_ARMV8)
      e->A = e->Q = e->L = 0;
  }
  if (x86)
    for (int k = 0; k < c->nrmw; k++) {
      bmc_rmw *r = &c->rmw[k];
      Z3_ast cond = r->cond ? r->cond : c->t;
      c->ev[r->r].AT = c->ev[r->r].AT ? bmc_or(c, c->ev[r->r].AT, cond) : cond;
      c->ev[r->w].AT = c->ev[r->w].AT ? bmc_or(c, c->ev[r->w].AT, cond) : cond;
    }
  else
    for (int i = 0; i < c->nev; i++)
      c->ev[i].AT = NULL;
}

int bmc_ses_build(bmc_ctx *c)
{
  const wmm_program *p = c->p;
  int n = 0;
  for (int t = 0; t < p->nthreads; t++)
    if (p->threads[t].entry)
      n += p->threads[t].instances > 1 ? p->threads[t].instances : 1;
  c->rt = calloc((size_t)n + 1, sizeof *c->rt);
  c->init_ev = malloc(((size_t)p->nlocs + 1) * sizeof *c->init_ev);
  if (!c->rt || !c->init_ev)
    return nomem(c);
  for (int t = 0; t < p->nthreads; t++) {
    if (!p->threads[t].entry)
      continue;
    int ni = p->threads[t].instances > 1 ? p->threads[t].instances : 1;
    for (int i = 0; i < ni; i++) {
      c->rt[c->nrt].thread = t;
      c->rt[c->nrt].first = i == 0;
      c->nrt++;
    }
  }
  c->st->threads = c->nrt;
  /* Initial writes first (one per location), then the threads. */
  for (int l = 0; l < p->nlocs; l++) {
    bmc_event *e;
    int id = add_event(c, &e);
    if (id < 0)
      return id;
    e->kind = WMM_EV_INIT;
    e->rt = -1;
    e->thread = -1;
    e->instr = -1;
    e->seq = l;
    e->g = c->t;
    e->addr = bmc_bvconst(c, wmm_loc_addr(l));
    e->val = bmc_bvconst(c, p->locs[l].init);
    e->locs = bmc_alloc(&c->ar, sizeof(int));
    if (!e->locs)
      return nomem(c);
    e->locs[0] = l;
    e->nloc = 1;
    c->init_ev[l] = id;
  }
  for (int r = 0; r < c->nrt; r++) {
    int rc = run_thread(c, r);
    if (rc < 0)
      return rc;
  }
  classify(c);
  return bmc_zcheck(c, "building the symbolic events");
}
