/* exec_trace.c — the paths of one thread: run its code with every guess of
 * the value each load returns (from the location's value domain), follow
 * branches on those values, and record events, dependencies and fences.
 *
 * The runner is an odometer over choice points: a run takes choice 0 at
 * every new choice point and records how many options it had; the next run
 * replays the prefix and advances the last choice that has options left.
 * Re-running from the start costs O(path length) per trace and needs no
 * state copies.
 *
 * Dependencies follow herd7: every register carries the set of reads its
 * value was computed from; an access whose address uses such a register has
 * an addr dependency on those reads, a store whose value uses one a data
 * dependency, and every event after a branch whose condition uses one a ctrl
 * dependency.  isync/isb after such a branch give ctrl;[isync];po.
 *
 * Example: P1 of MP+lwsync+addr under power with x, y in {0, 1} gives two
 * traces: R y=0; R x=? ... each with addr from the first read to the second.
 */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CHOICES 512
#define MAX_FENCES 256

/* C11 accesses and fence kinds per model (GCC 12's code generation). */
wmm_fclass wmm_fence_class(wmm_model m, wmm_fence f)
{
  if (f == WMM_FENCE_NONE || f == WMM_FENCE_COMPILER)
    return WMM_FC_NONE;
  if (f == WMM_FENCE_SFENCE)   /* x86 only: what it orders is W->W */
    return m == WMM_MODEL_TSO ? WMM_FC_WW : WMM_FC_NONE;
  int full = f == WMM_FENCE_MFENCE || f == WMM_FENCE_SYNC ||
             f == WMM_FENCE_DMB || f == WMM_FENCE_DSB ||
             f == WMM_FENCE_DMB_ISH || f == WMM_FENCE_C_SEQ_CST;
  int ww = f == WMM_FENCE_EIEIO || f == WMM_FENCE_DMB_ST ||
           f == WMM_FENCE_DSB_ST || f == WMM_FENCE_DMB_ISHST;
  int cf = f == WMM_FENCE_ISYNC || f == WMM_FENCE_ISB;
  switch (m) {
  case WMM_MODEL_SC:
    return WMM_FC_NONE;           /* po is kept whole anyway */
  case WMM_MODEL_TSO:
  case WMM_MODEL_PSO:
  case WMM_MODEL_RMO:
    return full ? WMM_FC_FULL : WMM_FC_NONE;
  case WMM_MODEL_POWER:
    if (full)
      return WMM_FC_FULL;
    if (ww)
      return WMM_FC_WW;
    if (cf)
      return WMM_FC_CTRL;
    return WMM_FC_LIGHT;          /* lwsync, dmb ishld, C11 acq/rel */
  case WMM_MODEL_ARMV7:
    if (ww)
      return WMM_FC_WW;
    if (cf)
      return WMM_FC_CTRL;
    return WMM_FC_FULL;           /* dmb for every other kind */
  case WMM_MODEL_ARMV8:
    if (ww)
      return WMM_FC_WW;
    if (cf)
      return WMM_FC_CTRL;
    if (f == WMM_FENCE_DMB_ISHLD || f == WMM_FENCE_C_ACQUIRE)
      return WMM_FC_LD;
    return WMM_FC_FULL;
  default:
    return WMM_FC_NONE;
  }
}

typedef struct pending_fence {
  int pos;            /* number of events before the fence */
  int cls;            /* wmm_fclass */
  uint64_t ctrl;      /* CTRL fences: reads a past branch depended on */
  uint64_t addr;      /* CTRL fences: reads that fed an address before */
} pending_fence;

typedef struct runner {
  const wmm_program *p;
  const wmm_thread *t;
  wmm_model m;
  int unwind;
  const wmm_valdom *dom;
  int thread, inst;
  /* odometer */
  int nch, pos;
  int ch[MAX_CHOICES], nopt[MAX_CHOICES];
  /* one run */
  wmm_val *regs;
  uint64_t *rdeps;
  int *back;
  int nev;
  wmm_event ev[WMM_REL_MAX];
  uint64_t rows[WMM_TR_COUNT][WMM_REL_MAX];
  int nf;
  pending_fence f[MAX_FENCES];
  wmm_val cmp_a, cmp_b;
  uint64_t cmp_deps;
  uint64_t ctrl;      /* reads that a branch taken so far depended on */
  uint64_t addrsrc;   /* reads that fed an address so far */
  int resv;           /* event of the open reservation, -1 if none */
  wmm_val resv_addr;
  int last_read;
  /* replay (wmm_check_opts.guide): this instance's events and inputs */
  const wmm_witness *guide;
  const wmm_wit_event **gev;
  int ngev;
  const wmm_val *ginput;
  int nginput, ginp;
  unsigned char *taint;   /* per register: derived from an abstract input */
  int cmp_taint;
  int abstract_at;        /* first use of a tainted value (-1: none) */
  wmm_error *err;
} runner;

enum { RUN_DONE = 0, RUN_DISCARD = 1 };

/* Next choice among nopt options (replayed, or 0 at a new choice point). */
static int choose(runner *r, int nopt, int *out)
{
  if (r->pos < r->nch) {
    *out = r->ch[r->pos++];
    return 0;
  }
  if (r->nch == MAX_CHOICES)
    return wmm_fail(r->err, WMM_ERR_LIMIT, r->p->source, 0,
                    "thread %s: more than %d choice points on one path",
                    r->t->name, MAX_CHOICES);
  r->ch[r->nch] = 0;
  r->nopt[r->nch] = nopt;
  r->nch++;
  r->pos++;
  *out = 0;
  return 0;
}

static wmm_val opval(const runner *r, const wmm_operand *o)
{
  if (o->kind == WMM_OPND_IMM)
    return o->imm;
  if (o->kind == WMM_OPND_REG && o->reg >= 0 && o->reg < r->t->nregs)
    return r->regs[o->reg];
  return 0;
}

static uint64_t opdeps(const runner *r, const wmm_operand *o)
{
  if (o->kind == WMM_OPND_REG && o->reg >= 0 && o->reg < r->t->nregs)
    return r->rdeps[o->reg];
  return 0;
}

/* Replays track which registers derive from an abstract input. */
static int optaint(const runner *r, const wmm_operand *o)
{
  return r->taint && o->kind == WMM_OPND_REG && o->reg >= 0 &&
         o->reg < r->t->nregs && r->taint[o->reg];
}

/* After instruction pc ran: propagate taint (ta, tb, taddr: of its
 * operands before it ran) and note the first branch, address or stored
 * value that depends on an abstract input. */
static void track_taint(runner *r, const wmm_instr *in, int pc, int ta,
                        int tb, int taddr)
{
  int used = 0, dst = in->dst >= 0 && in->dst < r->t->nregs ? in->dst : -1;
  switch (in->op) {
  case WMM_OP_MOV: if (dst >= 0) r->taint[dst] = (unsigned char)ta; break;
  case WMM_OP_ALU: if (dst >= 0) r->taint[dst] = (unsigned char)(ta | tb); break;
  case WMM_OP_NONDET:
    if (dst >= 0)
      r->taint[dst] = (in->flags & WMM_ACC_ABSTRACT) != 0;
    break;
  case WMM_OP_LOAD: case WMM_OP_LOAD_EX:
    used = taddr;
    if (dst >= 0) r->taint[dst] = 0;
    break;
  case WMM_OP_RMW:
    used = taddr | ta;
    if (dst >= 0) r->taint[dst] = 0;
    break;
  case WMM_OP_STORE: used = taddr | ta; break;
  case WMM_OP_STORE_EX:
    used = taddr | ta;
    if (dst >= 0) r->taint[dst] = 0;
    break;
  case WMM_OP_CMP: r->cmp_taint = ta | tb; break;
  case WMM_OP_BRANCH:
    if (in->cond == WMM_COND_ZERO || in->cond == WMM_COND_NONZERO)
      used = ta;
    else if (in->cond != WMM_COND_ALWAYS)
      used = r->cmp_taint;
    break;
  default:
    break;
  }
  if (used && r->abstract_at < 0)
    r->abstract_at = pc;
}

static void setreg(runner *r, int dst, wmm_val v, uint64_t deps)
{
  if (dst >= 0 && dst < r->t->nregs) {
    r->regs[dst] = v;
    r->rdeps[dst] = deps;
  }
}

static int add_fence(runner *r, int cls)
{
  if (cls == WMM_FC_NONE)
    return 0;
  if (r->nf == MAX_FENCES)
    return wmm_fail(r->err, WMM_ERR_LIMIT, r->p->source, 0,
                    "thread %s: more than %d fences on one path",
                    r->t->name, MAX_FENCES);
  pending_fence *f = &r->f[r->nf++];
  f->pos = r->nev;
  f->cls = cls;
  f->ctrl = r->ctrl;
  f->addr = r->addrsrc;
  return 0;
}

/* Append an event; addr/ctrl dependencies are added here. */
static int new_event(runner *r, const wmm_instr *in, int idx, int kind,
                     int loc, wmm_val v, uint64_t adeps)
{
  if (r->nev == WMM_REL_MAX)
    return wmm_fail(r->err, WMM_ERR_LIMIT, r->p->source, in->pos.line,
                    "thread %s: more than %d memory events on one path",
                    r->t->name, WMM_REL_MAX);
  int e = r->nev++;
  wmm_event *ev = &r->ev[e];
  ev->kind = (uint8_t)kind;
  ev->excl = in->op == WMM_OP_LOAD_EX || in->op == WMM_OP_STORE_EX;
  ev->thread = (int16_t)r->thread;
  ev->inst = (int16_t)r->inst;
  ev->instr = idx;
  ev->loc = loc;
  ev->flags = in->flags;
  ev->val = v;
  for (int k = 0; k < WMM_TR_COUNT; k++)
    r->rows[k][e] = 0;
  uint64_t b = wmm_set_bit(e);
  if ((in->flags & WMM_ACC_DEP_ADDR) && r->last_read >= 0)
    adeps |= wmm_set_bit(r->last_read);
  for (uint64_t s = adeps; s;) {
    int j = __builtin_ctzll(s);
    s &= s - 1;
    r->rows[WMM_TR_ADDR][j] |= b;
  }
  r->addrsrc |= adeps;
  for (uint64_t s = r->ctrl; s;) {
    int j = __builtin_ctzll(s);
    s &= s - 1;
    r->rows[WMM_TR_CTRL][j] |= b;
  }
  return e;
}

static void add_data(runner *r, const wmm_instr *in, int e, uint64_t deps)
{
  if ((in->flags & WMM_ACC_DEP_DATA) && r->last_read >= 0)
    deps |= wmm_set_bit(r->last_read);
  uint64_t b = wmm_set_bit(e);
  for (uint64_t s = deps; s;) {
    int j = __builtin_ctzll(s);
    s &= s - 1;
    r->rows[WMM_TR_DATA][j] |= b;
  }
}

/* Strength of a C11-annotated access: 0 none, 1 acquire/release, 2 seq_cst
 * (C and GIMPLE programs only: assembly has its fences written out). */
static int c11_strength(const runner *r, const wmm_instr *in, unsigned want)
{
  if (r->p->arch != WMM_ARCH_C && r->p->arch != WMM_ARCH_GIMPLE)
    return 0;
  if (in->flags & WMM_ACC_ATOMIC)
    return in->op == WMM_OP_LOAD || in->op == WMM_OP_STORE ||
           in->op == WMM_OP_RMW ? 2 : 0;
  return (in->flags & want) ? 1 : 0;
}

/* Fences GCC 12 puts before an annotated access on power and armv7. */
static int fences_before(runner *r, const wmm_instr *in)
{
  int rd = wmm_instr_reads(in), wr = wmm_instr_writes(in);
  int srel = wr ? c11_strength(r, in, WMM_ACC_RELEASE) : 0;
  int sacq = rd ? c11_strength(r, in, WMM_ACC_ACQUIRE) : 0;
  if (r->m == WMM_MODEL_POWER) {
    if (srel == 2 || sacq == 2)
      return add_fence(r, WMM_FC_FULL);
    if (srel == 1)
      return add_fence(r, WMM_FC_LIGHT);
  } else if (r->m == WMM_MODEL_ARMV7) {
    if (srel)
      return add_fence(r, WMM_FC_FULL);
  }
  return 0;
}

/* Fences after: power ctrl+isync after an acquire read, armv7 dmb. */
static int fences_after(runner *r, const wmm_instr *in, int rev)
{
  int rd = wmm_instr_reads(in), wr = wmm_instr_writes(in);
  int sacq = rd ? c11_strength(r, in, WMM_ACC_ACQUIRE) : 0;
  int srel = wr ? c11_strength(r, in, WMM_ACC_RELEASE) : 0;
  if (r->m == WMM_MODEL_POWER && sacq && rev >= 0) {
    r->ctrl |= wmm_set_bit(rev);
    return add_fence(r, WMM_FC_CTRL);
  }
  if (r->m == WMM_MODEL_ARMV7 && (sacq || srel == 2))
    return add_fence(r, WMM_FC_FULL);
  return 0;
}

static int eval_cond(const runner *r, const wmm_instr *in, int *taken,
                     uint64_t *deps)
{
  wmm_val a = r->cmp_a, b = r->cmp_b;
  *deps = r->cmp_deps;
  switch (in->cond) {
  case WMM_COND_ALWAYS: *taken = 1; *deps = 0; break;
  case WMM_COND_EQ: *taken = a == b; break;
  case WMM_COND_NE: *taken = a != b; break;
  case WMM_COND_LT: *taken = a < b; break;
  case WMM_COND_GE: *taken = a >= b; break;
  case WMM_COND_GT: *taken = a > b; break;
  case WMM_COND_LE: *taken = a <= b; break;
  case WMM_COND_ZERO:
    *taken = opval(r, &in->a) == 0;
    *deps = opdeps(r, &in->a);
    break;
  case WMM_COND_NONZERO:
    *taken = opval(r, &in->a) != 0;
    *deps = opdeps(r, &in->a);
    break;
  default:
    return -1;   /* WMM_COND_ANY: a choice */
  }
  return 0;
}

/* Address of a memory instruction; loc -1 if it names no location. */
static wmm_val eval_addr(const runner *r, const wmm_instr *in, int *loc,
                         uint64_t *deps)
{
  wmm_val a = (wmm_val)((uint64_t)opval(r, &in->addr.base) +
                        (uint64_t)opval(r, &in->addr.index) +
                        (uint64_t)in->addr.offset);
  *deps = opdeps(r, &in->addr.base) | opdeps(r, &in->addr.index);
  *loc = wmm_addr_loc(r->p, a);
  return a;
}

/* Guess the value a read of loc returns (0, RUN_DISCARD or < 0).  A
 * replay takes the witness's value, and leaves when the path's next event
 * is not the witness's next read of loc. */
static int guess(runner *r, int loc, wmm_val *v)
{
  if (r->guide) {
    if (r->nev >= r->ngev || r->gev[r->nev]->kind != WMM_EV_READ ||
        r->gev[r->nev]->loc != loc)
      return RUN_DISCARD;
    *v = r->gev[r->nev]->val;
    return 0;
  }
  int c = 0, rc = choose(r, r->dom->n[loc], &c);
  if (rc < 0)
    return rc;
  *v = r->dom->v[loc][c];
  return 0;
}

/* One run along the current choices: RUN_DONE, RUN_DISCARD or < 0. */
static int run_once(runner *r)
{
  const wmm_thread *t = r->t;
  for (int i = 0; i < t->nregs; i++) {
    r->regs[i] = t->regs[i].init;
    r->rdeps[i] = 0;
  }
  memset(r->back, 0, (size_t)(t->ncode + 1) * sizeof *r->back);
  r->nev = r->nf = 0;
  r->cmp_a = r->cmp_b = 0;
  r->cmp_deps = r->ctrl = r->addrsrc = 0;
  r->resv = -1;
  r->resv_addr = 0;
  r->last_read = -1;
  r->ginp = 0;
  r->cmp_taint = 0;
  r->abstract_at = -1;
  if (r->taint)
    memset(r->taint, 0, (size_t)t->nregs + 1);
  r->pos = 0;
  int pc = 0, rc;
  while (pc >= 0 && pc < t->ncode) {
    const wmm_instr *in = &t->code[pc];
    int next = pc + 1, loc, e;
    uint64_t ad;
    wmm_val addr, v;
    int ta = 0, tb = 0, taddr = 0;
    if (r->taint) {
      ta = optaint(r, &in->a);
      tb = optaint(r, &in->b);
      taddr = optaint(r, &in->addr.base) | optaint(r, &in->addr.index);
    }
    switch (in->op) {
    case WMM_OP_NOP:
      break;
    case WMM_OP_MOV:
      setreg(r, in->dst, opval(r, &in->a), opdeps(r, &in->a));
      break;
    case WMM_OP_ALU:
      setreg(r, in->dst, wmm_alu_eval(in->alu, opval(r, &in->a), opval(r, &in->b)),
             opdeps(r, &in->a) | opdeps(r, &in->b));
      break;
    case WMM_OP_LOAD:
    case WMM_OP_LOAD_EX:
      addr = eval_addr(r, in, &loc, &ad);
      if (loc < 0)
        return RUN_DISCARD;
      if ((rc = fences_before(r, in)) < 0 || (rc = guess(r, loc, &v)) != 0)
        return rc;
      if ((e = new_event(r, in, pc, WMM_EV_READ, loc, v, ad)) < 0)
        return e;
      setreg(r, in->dst, v, wmm_set_bit(e));
      r->last_read = e;
      if (in->op == WMM_OP_LOAD_EX) {
        r->resv = e;
        r->resv_addr = addr;
      }
      if ((rc = fences_after(r, in, e)) < 0)
        return rc;
      break;
    case WMM_OP_STORE:
      addr = eval_addr(r, in, &loc, &ad);
      if (loc < 0)
        return RUN_DISCARD;
      if ((rc = fences_before(r, in)) < 0)
        return rc;
      if ((e = new_event(r, in, pc, WMM_EV_WRITE, loc, opval(r, &in->a), ad)) < 0)
        return e;
      add_data(r, in, e, opdeps(r, &in->a));
      if ((rc = fences_after(r, in, -1)) < 0)
        return rc;
      break;
    case WMM_OP_RMW: {
      addr = eval_addr(r, in, &loc, &ad);
      if (loc < 0)
        return RUN_DISCARD;
      if ((rc = fences_before(r, in)) < 0 || (rc = guess(r, loc, &v)) != 0)
        return rc;
      int er = new_event(r, in, pc, WMM_EV_READ, loc, v, ad);
      if (er < 0)
        return er;
      wmm_val nv = wmm_alu_eval(in->alu, v, opval(r, &in->a));
      int ew = new_event(r, in, pc, WMM_EV_WRITE, loc, nv, ad);
      if (ew < 0)
        return ew;
      add_data(r, in, ew, opdeps(r, &in->a));
      r->rows[WMM_TR_RMW][er] |= wmm_set_bit(ew);
      setreg(r, in->dst, v, wmm_set_bit(er));
      r->last_read = er;
      if ((rc = fences_after(r, in, er)) < 0)
        return rc;
      break;
    }
    case WMM_OP_STORE_EX: {
      addr = eval_addr(r, in, &loc, &ad);
      if (loc < 0)
        return RUN_DISCARD;
      int ok = 0;
      if (r->resv >= 0 && r->resv_addr == addr) {
        int c = 0;
        if ((rc = choose(r, 2, &c)) < 0)
          return rc;
        ok = c == 0;
      }
      if (ok) {
        if ((rc = fences_before(r, in)) < 0)
          return rc;
        if ((e = new_event(r, in, pc, WMM_EV_WRITE, loc, opval(r, &in->a), ad)) < 0)
          return e;
        add_data(r, in, e, opdeps(r, &in->a));
        r->rows[WMM_TR_RMW][r->resv] |= wmm_set_bit(e);
        if ((rc = fences_after(r, in, -1)) < 0)
          return rc;
      }
      setreg(r, in->dst, ok ? 0 : 1, 0);
      r->cmp_a = ok ? 0 : 1;
      r->cmp_b = 0;
      r->cmp_deps = 0;
      r->resv = -1;
      break;
    }
    case WMM_OP_FENCE:
      if ((rc = add_fence(r, wmm_fence_class(r->m, in->fence))) < 0)
        return rc;
      break;
    case WMM_OP_CMP:
      r->cmp_a = opval(r, &in->a);
      r->cmp_b = opval(r, &in->b);
      r->cmp_deps = opdeps(r, &in->a) | opdeps(r, &in->b);
      break;
    case WMM_OP_BRANCH:
    case WMM_OP_JUMP: {
      int taken = 1;
      uint64_t deps = 0;
      if (in->op == WMM_OP_BRANCH && eval_cond(r, in, &taken, &deps) < 0) {
        int c = 0;
        if ((rc = choose(r, 2, &c)) < 0)
          return rc;
        taken = c == 0;
      }
      r->ctrl |= deps;
      if (taken) {
        if (in->target < 0 || in->target > t->ncode)
          return wmm_fail(r->err, WMM_ERR_INVALID, r->p->source, in->pos.line,
                          "thread %s: branch to instruction %d out of range",
                          t->name, in->target);
        if (in->target <= pc && ++r->back[pc] > r->unwind)
          return RUN_DISCARD;
        next = in->target;
      }
      break;
    }
    case WMM_OP_CALL:
      if (in->target >= 0)
        return wmm_fail(r->err, WMM_ERR_UNSUPPORTED, r->p->source,
                        in->pos.line, "thread %s: calls to other code units "
                        "are not supported by the explicit checker", t->name);
      break;   /* unknown external code: a compiler barrier only */
    case WMM_OP_NONDET:
      /* only a replay knows the value: the witness's next input */
      if (!r->guide)
        return wmm_fail(r->err, WMM_ERR_UNSUPPORTED, r->p->source,
                        in->pos.line, "thread %s: nondeterministic inputs "
                        "are only replayed by the explicit checker, not "
                        "searched", t->name);
      if (r->ginp >= r->nginput)
        return RUN_DISCARD;
      setreg(r, in->dst, r->ginput[r->ginp++], 0);
      break;
    default:
      return wmm_fail(r->err, WMM_ERR_INVALID, r->p->source, in->pos.line,
                      "thread %s: bad instruction kind %d", t->name, (int)in->op);
    }
    if (r->taint)
      track_taint(r, in, pc, ta, tb, taddr);
    pc = next;
  }
  return RUN_DONE;
}

/* Turn the recorded fences into fence relations over the path's events. */
static void finish_fences(runner *r)
{
  wmm_set all = wmm_set_all(r->nev);
  for (int k = 0; k < r->nf; k++) {
    const pending_fence *f = &r->f[k];
    wmm_set after = all & ~wmm_set_all(f->pos);
    if (!after)
      continue;
    if (f->cls == WMM_FC_CTRL) {
      for (uint64_t s = f->ctrl; s;) {
        int j = __builtin_ctzll(s);
        s &= s - 1;
        r->rows[WMM_TR_CTRLCF][j] |= after;
      }
      for (uint64_t s = f->addr; s;) {
        int j = __builtin_ctzll(s);
        s &= s - 1;
        r->rows[WMM_TR_ADDRCF][j] |= after;
      }
    } else {
      for (int i = 0; i < f->pos; i++)
        r->rows[WMM_TR_FENCE + f->cls][i] |= after;
    }
  }
}

/* Does the finished run have exactly the guide's events of its instance? */
static int follows_guide(const runner *r)
{
  if (r->nev != r->ngev || r->ginp != r->nginput)
    return 0;
  for (int i = 0; i < r->nev; i++) {
    const wmm_wit_event *g = r->gev[i];
    const wmm_event *e = &r->ev[i];
    if ((int)g->kind != (int)e->kind || g->index != e->instr ||
        g->loc != e->loc || g->val != e->val)
      return 0;
  }
  return 1;
}

/* The guide's events of instance rt->inst, in order (*out, *n). */
static int guide_events(runner *r, const wmm_runthread *rt)
{
  const wmm_witness *w = r->guide;
  r->gev = malloc((size_t)(w->nev ? w->nev : 1) * sizeof *r->gev);
  if (!r->gev)
    return wmm_fail(r->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  r->ngev = 0;
  for (int i = 0; i < w->nev; i++)
    if (w->ev[i].kind != WMM_EV_INIT && w->ev[i].inst == rt->inst)
      r->gev[r->ngev++] = &w->ev[i];
  if (rt->inst < w->ninst && w->ninput) {
    r->ginput = w->input[rt->inst];
    r->nginput = w->ninput[rt->inst];
  }
  return 0;
}

int wmm_thread_traces(const wmm_program *p, wmm_model m, int unwind,
                      const wmm_runthread *rt, const wmm_valdom *dom,
                      const wmm_witness *guide, wmm_trace_fn emit, void *arg,
                      wmm_error *err)
{
  const wmm_thread *t = &p->threads[rt->thread];
  runner *r = malloc(sizeof *r);
  if (!r)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  memset(r, 0, offsetof(runner, ev));
  r->p = p;
  r->t = t;
  r->m = m;
  r->unwind = unwind;
  r->dom = dom;
  r->thread = rt->thread;
  r->inst = rt->inst;
  r->err = err;
  r->guide = guide;
  r->gev = NULL;
  r->ngev = r->nginput = r->ginp = 0;
  r->ginput = NULL;
  r->taint = NULL;
  if (guide && !(r->taint = calloc((size_t)t->nregs + 1, 1))) {
    free(r);
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  }
  if (guide && guide_events(r, rt) < 0) {
    free(r->taint);
    free(r);
    return -WMM_ERR_NOMEM;
  }
  size_t nr = (size_t)t->nregs + 1;
  r->regs = malloc(nr * sizeof *r->regs);
  r->rdeps = malloc(nr * sizeof *r->rdeps);
  r->back = malloc(((size_t)t->ncode + 1) * sizeof *r->back);
  int rc = 0;
  if (!r->regs || !r->rdeps || !r->back) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
    goto out;
  }
  r->nch = 0;
  for (;;) {
    rc = run_once(r);
    if (rc < 0)
      goto out;
    /* Choice points beyond the replayed prefix that this run did not reach
     * (it was discarded early) are dropped. */
    r->nch = r->pos;
    /* A path cut short still shows its writes so far: they happen in the
     * longer executions the bound leaves out, and the value domain needs
     * them (a loop that exits only on a value written before it). */
    if (rc == RUN_DONE)
      finish_fences(r);
    wmm_trace tr;
    tr.next = NULL;
    tr.nev = r->nev;
    tr.ev = r->ev;
    for (int k = 0; k < WMM_TR_COUNT; k++)
      tr.rows[k] = r->rows[k];
    tr.regs = r->regs;
    tr.partial = rc != RUN_DONE || (r->guide && !follows_guide(r));
    tr.abstract_at = r->abstract_at;
    if ((rc = emit(arg, &tr)) < 0)
      goto out;
    while (r->nch > 0 && r->ch[r->nch - 1] + 1 >= r->nopt[r->nch - 1])
      r->nch--;
    if (r->nch == 0)
      break;
    r->ch[r->nch - 1]++;
  }
  rc = 0;
out:
  free(r->regs);
  free(r->rdeps);
  free(r->back);
  free(r->gev);
  free(r->taint);
  free(r);
  return rc;
}

wmm_trace *wmm_trace_copy(wmm_search *s, const wmm_trace *t, int nregs)
{
  size_t n = (size_t)t->nev;
  size_t sz = sizeof(wmm_trace) + n * sizeof(wmm_event) +
              (size_t)WMM_TR_COUNT * n * sizeof(uint64_t) +
              (size_t)(nregs + 1) * sizeof(wmm_val);
  char *m = wmm_arena_alloc(s, sz);
  if (!m)
    return NULL;
  wmm_trace *c = (wmm_trace *)m;
  m += sizeof(wmm_trace);
  c->next = NULL;
  c->nev = t->nev;
  c->partial = t->partial;
  c->abstract_at = t->abstract_at;
  uint64_t *rows = (uint64_t *)m;      /* 8-byte data first for alignment */
  for (int k = 0; k < WMM_TR_COUNT; k++) {
    c->rows[k] = rows + (size_t)k * n;
    memcpy(c->rows[k], t->rows[k], n * sizeof(uint64_t));
  }
  m += (size_t)WMM_TR_COUNT * n * sizeof(uint64_t);
  c->regs = (wmm_val *)m;
  memcpy(c->regs, t->regs, (size_t)nregs * sizeof(wmm_val));
  m += (size_t)(nregs + 1) * sizeof(wmm_val);
  c->ev = (wmm_event *)m;
  memcpy(c->ev, t->ev, n * sizeof(wmm_event));
  return c;
}
