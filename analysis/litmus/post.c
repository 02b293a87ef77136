/* post.c — what follows the parse of a litmus test: apply the init
 * block to the registers (threads exist only after the code), resolve branch
 * labels, and compute each access's loc_hint by constant propagation.
 *
 * Locations are put in name order (their addresses follow), so the IR does
 * not depend on the order a test happens to mention them in.
 *
 * Example: with {0:r2=x;} and `xor r3,r1,r1 ; lwzx r4,r3,r2` the load's
 * address is 0 + &x whatever r1 holds, so its loc_hint is x.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static int opnd_is(const wmm_operand *o, int r)
{
  return o->kind == WMM_OPND_REG && o->reg == r;
}

int lit_code_uses_reg(const wmm_thread *t, int r)
{
  for (int i = 0; i < t->ncode; i++) {
    const wmm_instr *in = &t->code[i];
    if (in->dst == r || opnd_is(&in->a, r) || opnd_is(&in->b, r) ||
        opnd_is(&in->addr.base, r) || opnd_is(&in->addr.index, r))
      return 1;
  }
  return 0;
}

static int apply_inits(lit_ctx *c)
{
  wmm_program *p = c->p;
  for (int i = 0; i < c->ninit; i++) {
    lit_init *in = &c->init[i];
    if (in->thread >= 0) {
      if (in->thread >= p->nthreads)
        return lit_fail(c, WMM_ERR_SYNTAX, in->line,
                        "initial value for thread %d, but the test has %d "
                        "threads", in->thread, p->nthreads);
      int r = lit_thread_reg(c, in->thread, in->reg, in->line);
      if (r < 0)
        return r;
      p->threads[in->thread].regs[r].init = in->val;
      continue;
    }
    /* A symbolic register: every thread whose code names it (none: the
     * entry has no effect). */
    for (int t = 0; t < p->nthreads; t++) {
      int r = wmm_thread_find_reg(&p->threads[t], in->reg);
      if (r >= 0 && lit_code_uses_reg(&p->threads[t], r))
        p->threads[t].regs[r].init = in->val;
    }
  }
  return 0;
}

static int resolve_labels(lit_ctx *c)
{
  for (int i = 0; i < c->nfix; i++) {
    lit_fixup *f = &c->fix[i];
    wmm_thread *t = &c->p->threads[f->thread];
    int l = wmm_thread_find_label(t, f->label);
    if (l < 0)
      return lit_fail(c, WMM_ERR_SYNTAX, f->line, "undefined label '%s'",
                      f->label);
    t->code[f->instr].target = t->labels[l].index;
  }
  return 0;
}

/* ------------------------------------------------ canonical location order */

static const wmm_program *sort_prog;

static int by_name(const void *a, const void *b)
{
  return strcmp(sort_prog->locs[*(const int *)a].name,
                sort_prog->locs[*(const int *)b].name);
}

static wmm_val remap_val(const wmm_program *p, const int *perm, wmm_val v)
{
  int l = wmm_addr_loc(p, v);
  if (l < 0)
    return v;
  return (wmm_val)((uint64_t)v - (uint64_t)wmm_loc_addr(l) +
                   (uint64_t)wmm_loc_addr(perm[l]));
}

static void remap_opnd(const wmm_program *p, const int *perm, wmm_operand *o)
{
  if (o->kind == WMM_OPND_IMM)
    o->imm = remap_val(p, perm, o->imm);
}

static void remap_prop(const wmm_program *p, const int *perm, wmm_prop *c)
{
  for (; c; c = c->r) {
    if (c->kind == WMM_PROP_LOC_EQ && c->loc >= 0 && c->loc < p->nlocs)
      c->loc = perm[c->loc];
    if (c->kind == WMM_PROP_LOC_EQ || c->kind == WMM_PROP_REG_EQ)
      c->val = remap_val(p, perm, c->val);
    remap_prop(p, perm, c->l);
  }
}

/* Sort the locations by name so that a printed test, whatever order it
 * mentions them in, parses to the same IR; every address is renumbered. */
static int sort_locations(lit_ctx *c)
{
  wmm_program *p = c->p;
  int n = p->nlocs;
  if (n < 2)
    return 0;
  int *order = malloc((size_t)n * sizeof *order);
  int *perm = malloc((size_t)n * sizeof *perm);
  wmm_location *locs = malloc((size_t)n * sizeof *locs);
  if (!order || !perm || !locs) {
    free(order);
    free(perm);
    free(locs);
    return lit_fail(c, WMM_ERR_NOMEM, 0, "out of memory");
  }
  for (int i = 0; i < n; i++)
    order[i] = i;
  sort_prog = p;
  qsort(order, (size_t)n, sizeof *order, by_name);
  for (int i = 0; i < n; i++)
    perm[order[i]] = i;
  for (int i = 0; i < n; i++) {
    locs[perm[i]] = p->locs[i];
    locs[perm[i]].init = remap_val(p, perm, p->locs[i].init);
  }
  for (int t = 0; t < p->nthreads; t++) {
    wmm_thread *th = &p->threads[t];
    for (int r = 0; r < th->nregs; r++)
      th->regs[r].init = remap_val(p, perm, th->regs[r].init);
    for (int i = 0; i < th->ncode; i++) {
      wmm_instr *in = &th->code[i];
      remap_opnd(p, perm, &in->a);
      remap_opnd(p, perm, &in->b);
      remap_opnd(p, perm, &in->addr.base);
      remap_opnd(p, perm, &in->addr.index);
      if (in->addr.loc_hint >= 0 && in->addr.loc_hint < n)
        in->addr.loc_hint = perm[in->addr.loc_hint];
    }
  }
  remap_prop(p, perm, p->cond);
  for (int i = 0; i < p->nobserved; i++)
    if (p->observed[i] >= 0 && p->observed[i] < n)
      p->observed[i] = perm[p->observed[i]];
  memcpy(p->locs, locs, (size_t)n * sizeof *locs);
  free(order);
  free(perm);
  free(locs);
  return 0;
}

typedef struct cval {
  int known;
  wmm_val v;
} cval;

static cval opnd_val(const wmm_operand *o, const cval *st)
{
  cval r = {0, 0};
  if (o->kind == WMM_OPND_NONE)
    r.known = 1;
  else if (o->kind == WMM_OPND_IMM) {
    r.known = 1;
    r.v = o->imm;
  } else
    r = st[o->reg];
  return r;
}

static void join(cval *dst, const cval *src, int n)
{
  for (int r = 0; r < n; r++)
    if (!dst[r].known || !src[r].known || dst[r].v != src[r].v)
      dst[r].known = 0;
}

static void transfer(const wmm_instr *in, cval *st)
{
  if (in->dst < 0)
    return;
  cval a = opnd_val(&in->a, st), b = opnd_val(&in->b, st), r = {0, 0};
  switch (in->op) {
  case WMM_OP_MOV:
    r = a;
    break;
  case WMM_OP_ALU:
    if (in->alu == WMM_ALU_XOR && in->a.kind == WMM_OPND_REG &&
        in->b.kind == WMM_OPND_REG && in->a.reg == in->b.reg)
      r.known = 1, r.v = 0;
    else if (in->alu == WMM_ALU_AND && ((a.known && a.v == 0) ||
                                        (b.known && b.v == 0)))
      r.known = 1, r.v = 0;
    else if (a.known && b.known)
      r.known = 1, r.v = wmm_alu_eval(in->alu, a.v, b.v);
    break;
  default:
    break;   /* loads and store-conditionals: unknown */
  }
  st[in->dst] = r;
}

static int hint_of(const wmm_program *p, const wmm_instr *in, const cval *st)
{
  cval b = opnd_val(&in->addr.base, st), x = opnd_val(&in->addr.index, st);
  if (!b.known || !x.known)
    return -1;
  wmm_val v = (wmm_val)((uint64_t)b.v + (uint64_t)x.v + (uint64_t)in->addr.offset);
  int l = wmm_addr_loc(p, v);
  return l >= 0 && v == wmm_loc_addr(l) ? l : -1;
}

/* One pass in index order; forward branches carry their state to the
 * target; at the target of a backward branch (a loop head) every register
 * the thread writes becomes unknown. */
static void hints_thread(const wmm_program *p, wmm_thread *t)
{
  int n = t->ncode, R = t->nregs;
  for (int i = 0; i < n; i++)
    t->code[i].addr.loc_hint = -1;
  if (n == 0)
    return;
  int *slot = malloc((size_t)(n + 1) * sizeof *slot);
  int *loop_end = malloc((size_t)(n + 1) * sizeof *loop_end);
  if (!slot || !loop_end)
    goto out_slot;
  int nslots = 0;
  for (int i = 0; i <= n; i++)
    slot[i] = -1, loop_end[i] = -1;
  for (int i = 0; i < n; i++) {
    const wmm_instr *in = &t->code[i];
    if ((in->op != WMM_OP_BRANCH && in->op != WMM_OP_JUMP) || in->target < 0 ||
        in->target > n)
      continue;
    if (in->target > i) {
      if (slot[in->target] < 0)
        slot[in->target] = nslots++;
    } else if (loop_end[in->target] < i)
      loop_end[in->target] = i;
  }
  if ((size_t)(nslots + 1) * (size_t)(R + 1) > (1u << 22))
    goto out_slot;   /* absurd sizes: leave every hint unknown */
  cval *cur = calloc((size_t)R + 1, sizeof *cur);
  cval *pend = calloc((size_t)(nslots + 1) * ((size_t)R + 1), sizeof *pend);
  char *has = calloc((size_t)nslots + 1, 1);
  if (!cur || !pend || !has)
    goto out;
  for (int r = 0; r < R; r++)
    cur[r].known = 1, cur[r].v = t->regs[r].init;
  int reachable = 1;
  for (int i = 0; i < n; i++) {
    wmm_instr *in = &t->code[i];
    if (slot[i] >= 0 && has[slot[i]]) {
      cval *ps = pend + (size_t)slot[i] * (size_t)R;
      if (reachable)
        join(cur, ps, R);
      else
        memcpy(cur, ps, (size_t)R * sizeof *cur);
      reachable = 1;
    }
    if (loop_end[i] >= 0) {
      /* A loop head: forget every register the thread writes. */
      for (int j = 0; j < n; j++)
        if (t->code[j].dst >= 0 && t->code[j].dst < R)
          cur[t->code[j].dst].known = 0;
      reachable = 1;
    }
    if (reachable && wmm_instr_is_access(in))
      in->addr.loc_hint = hint_of(p, in, cur);
    transfer(in, cur);
    if ((in->op == WMM_OP_BRANCH || in->op == WMM_OP_JUMP) &&
        in->target > i && in->target <= n && reachable) {
      int s = slot[in->target];
      cval *ps = pend + (size_t)s * (size_t)R;
      if (has[s])
        join(ps, cur, R);
      else
        memcpy(ps, cur, (size_t)R * sizeof *cur);
      has[s] = 1;
    }
    if (in->op == WMM_OP_JUMP)
      reachable = 0;
  }
out:
  free(cur);
  free(pend);
  free(has);
out_slot:
  free(slot);
  free(loop_end);
}

void lit_compute_hints(wmm_program *p)
{
  for (int t = 0; t < p->nthreads; t++)
    hints_thread(p, &p->threads[t]);
}

int lit_finish(lit_ctx *c)
{
  int rc = apply_inits(c);
  if (rc < 0)
    return rc;
  if ((rc = resolve_labels(c)) < 0)
    return rc;
  if ((rc = sort_locations(c)) < 0)
    return rc;
  lit_compute_hints(c->p);
  return 0;
}
