/* req_program.c — the program that stands for a cycle shape
 * (wmm_req_program in requirement.h): one thread per segment, a condition
 * that pins the cycle's communications.
 *
 * Abstract segments are rebuilt from their accesses: fresh locations, the
 * credited fences, and dependencies in herd7's idioms (`r ^ r` feeding an
 * address or a stored value, `cmp r,r; beq next` with isync / isb after it).
 * A sliced segment is the program's own code from the first access to the
 * second (straight, forward branches only), copied as it is: intermediate
 * accesses, address computations and fences keep whatever ordering they
 * give (addr;po, rfi, detour idioms).  Only the two cycle accesses change:
 * their addresses become the cycle's locations (keeping a `r ^ r`
 * dependency on every register the second access's address used), their
 * stored values become the chain's values unless computed in the slice,
 * and each read copies its value into a fresh register for the condition.
 * Shapes with a slice keep the program's own locations (and values from
 * 100 up, away from the program's own constants).
 *
 * Values: along each location's chain (the exit of a two-access segment,
 * the one-access segments after it, the entry of the next two-access
 * segment) writes take increasing values; a read is pinned to the value of
 * the write before it in the chain (0 if none); a chain with two writes
 * pins the location's final value to the last one.  A write whose value is
 * unknown (computed from a read in a slice) pins nothing.
 *
 * Example: MP (W x; W y | R y; R x) becomes
 *   P0: [x0] = 1; [x1] = 1      P1: r0 = [x1]; r1 = [x0]
 *   exists (1:r0 = 1 /\ 1:r1 = 0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "requirement.h"

typedef struct acc_info {
  int loc;          /* location in the cycle program */
  int fixed;        /* 0: takes the chain's value; 1: value `val` given by
                       its slice; 2: value unknown */
  wmm_val val;      /* value written (writes) */
  int pinned;       /* reads: pin holds */
  wmm_val pin;      /* value read */
} acc_info;

static int acc_writes(const wmm_req_acc *a)
{
  return a->op == WMM_OP_STORE || a->op == WMM_OP_STORE_EX || a->op == WMM_OP_RMW;
}

static int acc_reads(const wmm_req_acc *a)
{
  return a->op == WMM_OP_LOAD || a->op == WMM_OP_LOAD_EX || a->op == WMM_OP_RMW;
}

static const wmm_program *shape_prog(const wmm_req_shape *s)
{
  for (int i = 0; i < s->nseg; i++)
    if (s->seg[i].prog)
      return s->seg[i].prog;
  return NULL;
}

static wmm_operand imm(wmm_val v)
{
  wmm_operand o = {WMM_OPND_IMM, 0, v};
  return o;
}

static wmm_operand reg(int r)
{
  wmm_operand o = {WMM_OPND_REG, r, 0};
  return o;
}

/* ----------------------------------------------------------- slices */

static int writes_reg(const wmm_instr *in, int r)
{
  return in->dst == r && in->op != WMM_OP_STORE && in->op != WMM_OP_FENCE &&
         in->op != WMM_OP_CMP && in->op != WMM_OP_BRANCH &&
         in->op != WMM_OP_JUMP && in->op != WMM_OP_NOP && in->op != WMM_OP_CALL;
}

/* Constant value of register r just before instruction `to` of unit u,
 * following the code from `from` (forward branches only; registers start
 * unknown; `x ^ x` is 0; loads are unknown).  1 known (*v), 0 unknown. */
static int slice_reg_value(const wmm_thread *t, int from, int to, int r,
                           wmm_val *v)
{
  int nr = t->nregs, len = to - from + 1;
  if (r < 0 || r >= nr)
    return 0;
  /* per instruction index: in-state (reached, known[], val[]) */
  unsigned char *reached = calloc((size_t)len, 1);
  unsigned char *known = calloc((size_t)len * (size_t)nr, 1);
  wmm_val *val = calloc((size_t)len * (size_t)nr, sizeof *val);
  unsigned char *kout = calloc((size_t)nr, 1);
  wmm_val *vout = calloc((size_t)nr, sizeof *vout);
  int res = 0;
  if (!reached || !known || !val || !kout || !vout)
    goto out;
  reached[0] = 1;
  for (int i = 0; i < len - 1; i++) {
    if (!reached[i])
      continue;
    const wmm_instr *in = &t->code[from + i];
    memcpy(kout, &known[(size_t)i * nr], (size_t)nr);
    memcpy(vout, &val[(size_t)i * nr], (size_t)nr * sizeof *vout);
    if (in->dst >= 0 && in->dst < nr) {
      const unsigned char *ki = &known[(size_t)i * nr];
      const wmm_val *vi = &val[(size_t)i * nr];
      int ka = in->a.kind != WMM_OPND_REG || (in->a.reg >= 0 && in->a.reg < nr && ki[in->a.reg]);
      int kb = in->b.kind != WMM_OPND_REG || (in->b.reg >= 0 && in->b.reg < nr && ki[in->b.reg]);
      wmm_val va = in->a.kind == WMM_OPND_IMM ? in->a.imm
                   : in->a.kind == WMM_OPND_REG && ka ? vi[in->a.reg] : 0;
      wmm_val vb = in->b.kind == WMM_OPND_IMM ? in->b.imm
                   : in->b.kind == WMM_OPND_REG && kb ? vi[in->b.reg] : 0;
      if (in->op == WMM_OP_MOV) {
        kout[in->dst] = (unsigned char)ka;
        vout[in->dst] = va;
      } else if (in->op == WMM_OP_ALU) {
        int same = in->a.kind == WMM_OPND_REG && in->b.kind == WMM_OPND_REG &&
                   in->a.reg == in->b.reg &&
                   (in->alu == WMM_ALU_XOR || in->alu == WMM_ALU_SUB);
        kout[in->dst] = (unsigned char)(same || (ka && kb));
        vout[in->dst] = same ? 0 : wmm_alu_eval(in->alu, va, vb);
      } else if (writes_reg(in, in->dst)) {
        kout[in->dst] = 0;
      }
    }
    int succ[2], ns = 0;
    if (in->op == WMM_OP_JUMP) {
      succ[ns++] = in->target - from;
    } else {
      succ[ns++] = i + 1;
      if (in->op == WMM_OP_BRANCH)
        succ[ns++] = in->target - from;
    }
    for (int k = 0; k < ns; k++) {
      int j = succ[k];
      if (j <= i || j >= len)
        continue;
      unsigned char *kj = &known[(size_t)j * nr];
      wmm_val *vj = &val[(size_t)j * nr];
      if (!reached[j]) {
        reached[j] = 1;
        memcpy(kj, kout, (size_t)nr);
        memcpy(vj, vout, (size_t)nr * sizeof *vj);
      } else {
        for (int q = 0; q < nr; q++)
          if (kj[q] && (!kout[q] || vj[q] != vout[q]))
            kj[q] = 0;
      }
    }
  }
  if (reached[len - 1] && known[(size_t)(len - 1) * nr + r]) {
    *v = val[(size_t)(len - 1) * nr + r];
    res = 1;
  }
out:
  free(reached), free(known), free(val), free(kout), free(vout);
  return res;
}

int wmm_req_slice_value(const wmm_program *p, int unit, int from, int to,
                        wmm_val *v)
{
  const wmm_thread *t = &p->threads[unit];
  const wmm_instr *b = &t->code[to];
  if (!wmm_instr_writes(b) || b->a.kind != WMM_OPND_REG)
    return 0;
  int r = b->a.reg, writers = 0;
  for (int i = from; i < to; i++)
    writers += writes_reg(&t->code[i], r);
  if (writers == 0)
    return 0;
  return slice_reg_value(t, from, to, r, v) ? 1 : 2;
}

/* Value the second access of a sliced segment stores: 0 rewrite it (its
 * register is not computed in the slice), 1 known (*v), 2 unknown. */
static int slice_store_value(const wmm_req_seg *sg, wmm_val *v)
{
  return wmm_req_slice_value(sg->prog, sg->unit, sg->from, sg->to, v);
}

/* Append instruction in to t; returns its index or -1. */
static int put(wmm_thread *t, const wmm_instr *in)
{
  wmm_instr c = *in;
  c.text = NULL;
  return wmm_thread_append(t, &c);
}

static int new_reg(wmm_thread *t)
{
  char name[16];
  snprintf(name, sizeof name, "_r%d", t->nregs);
  return wmm_thread_reg(t, name);
}

/* The sliced segment sg as thread t; pin registers of its reads in pin[]. */
static int emit_slice(wmm_thread *t, const wmm_req_seg *sg, const acc_info *ai,
                      wmm_fence slot, int pin[2])
{
  const wmm_thread *o = &sg->prog->threads[sg->unit];
  int len = sg->to - sg->from + 1;
  int *map = calloc((size_t)len + 1, sizeof *map);
  if (!map)
    return -1;
  for (int r = 0; r < o->nregs; r++) {
    int k = wmm_thread_reg(t, o->regs[r].name);
    if (k != r) {
      free(map);
      return -1;
    }
    t->regs[k].init = o->regs[r].init;
  }
  pin[0] = pin[1] = -1;
  for (int i = sg->from; i <= sg->to; i++) {
    wmm_instr in = o->code[i];
    int k = i == sg->from ? 0 : i == sg->to ? 1 : -1;
    map[i - sg->from] = t->ncode;
    if (k >= 0) {
      /* the cycle access: its location and (for writes) value */
      int zero = -1;
      if (k == 1) {
        const wmm_operand *ops[2] = {&in.addr.base, &in.addr.index};
        for (int j = 0; j < 2; j++) {
          if (ops[j]->kind != WMM_OPND_REG)
            continue;
          int z = new_reg(t);
          wmm_instr x = wmm_instr_init(WMM_OP_ALU);
          x.dst = z;
          x.a = x.b = *ops[j];
          x.alu = WMM_ALU_XOR;
          if (z < 0 || put(t, &x) < 0) {
            free(map);
            return -1;
          }
          if (zero >= 0) {
            wmm_instr add = wmm_instr_init(WMM_OP_ALU);
            add.dst = z;
            add.a = reg(z);
            add.b = reg(zero);
            add.alu = WMM_ALU_ADD;
            if (put(t, &add) < 0) {
              free(map);
              return -1;
            }
          }
          zero = z;
        }
      }
      /* a read the program keeps in no register gets one for the pin */
      if (wmm_instr_reads(&in) && in.dst < 0 && (in.dst = new_reg(t)) < 0) {
        free(map);
        return -1;
      }
      in.addr.base = imm(wmm_loc_addr(ai[k].loc));
      in.addr.index = zero >= 0 ? reg(zero) : (wmm_operand){WMM_OPND_NONE, 0, 0};
      in.addr.offset = 0;
      in.addr.loc_hint = ai[k].loc;
      if (wmm_instr_writes(&in) && ai[k].fixed == 0) {
        in.a = imm(ai[k].val);
        if (in.op == WMM_OP_RMW)
          in.alu = WMM_ALU_SECOND;
      }
    }
    if (put(t, &in) < 0) {
      free(map);
      return -1;
    }
    if (k >= 0 && wmm_instr_reads(&in) && in.dst >= 0) {
      int r = new_reg(t);
      wmm_instr mv = wmm_instr_init(WMM_OP_MOV);
      mv.dst = r;
      mv.a = reg(in.dst);
      if (r < 0 || put(t, &mv) < 0) {
        free(map);
        return -1;
      }
      pin[k] = r;
    }
    if (k == 0 && slot != WMM_FENCE_NONE) {
      wmm_instr f = wmm_instr_init(WMM_OP_FENCE);
      f.fence = slot;
      if (put(t, &f) < 0) {
        free(map);
        return -1;
      }
    }
  }
  map[len] = t->ncode;
  /* branch targets: old index j lands where j's copy (or what precedes it
   * in the copy, for the second access) begins */
  for (int i = 0; i < t->ncode; i++) {
    wmm_instr *in = &t->code[i];
    in->guard_load = 0;   /* (indices of the original thread) */
    in->addr_key = 0;     /* (one activation of the original unit) */
    if ((in->op == WMM_OP_BRANCH || in->op == WMM_OP_JUMP) && in->target >= 0) {
      int j = in->target - sg->from;
      in->target = j >= 0 && j <= len ? map[j] : t->ncode;
    }
  }
  free(map);
  return 0;
}

/* ----------------------------------------------------------- chains */

/* Values and pins along each location's chain.  Abstract shapes renumber
 * locations from 0; shapes with a slice keep the program's.  Returns the
 * number of locations, or -1 for a malformed shape. */
static int chains(const wmm_req_shape *s, const wmm_program *orig,
                  acc_info (*info)[2], int *final_loc, wmm_val *final_val,
                  int *nfinal)
{
  int n = s->nseg, nlocs = 0;
  int map_from[2 * 64], map_to[2 * 64], nmap = 0;
  if (n < 2 || n > 64)
    return -1;
  for (int i = 0; i < n; i++) {
    const wmm_req_seg *sg = &s->seg[i];
    if (sg->nacc < 1 || sg->nacc > 2 || (sg->prog && sg->nacc != 2))
      return -1;
    for (int k = 0; k < sg->nacc; k++) {
      int l = sg->acc[k].loc, found = -1;
      if (orig) {
        if (l < 0 || l >= orig->nlocs)
          return -1;
        found = l;
      } else {
        for (int m = 0; m < nmap; m++)
          if (map_from[m] == l)
            found = map_to[m];
        if (found < 0) {
          map_from[nmap] = l;
          map_to[nmap++] = found = nlocs++;
        }
      }
      acc_info *ai = &info[i][k];
      ai->loc = found;
      ai->val = 0;
      ai->pinned = 0;
      ai->fixed = 0;
      if (sg->prog && k == 1 && acc_writes(&sg->acc[1]))
        ai->fixed = slice_store_value(sg, &ai->val);
    }
  }
  if (orig)
    nlocs = orig->nlocs;
  wmm_val base = orig ? 100 : 0;
  *nfinal = 0;
  for (int i = 0; i < n; i++) {
    if (s->seg[i].nacc != 2)
      continue;
    /* a chain starts at the exit of a two-access segment */
    int j = i, k = 1, nwrites = 0, last_known = 1;
    wmm_val last = orig ? orig->locs[info[i][1].loc].init : 0;
    for (int steps = 0;; steps++) {
      const wmm_req_acc *a = &s->seg[j].acc[k];
      acc_info *ai = &info[j][k];
      if (acc_reads(a) && last_known) {
        ai->pinned = 1;
        ai->pin = last;
      }
      if (acc_writes(a)) {
        nwrites++;
        if (ai->fixed == 0)
          ai->val = base + nwrites;
        last = ai->val;
        last_known = ai->fixed != 2;
      }
      if (k == 0 && s->seg[j].nacc == 2)
        break;           /* the chain ends at an entry of a pair */
      j = (j + 1) % n;
      k = 0;
      if (steps > n)
        return -1;
      if (info[j][0].loc != ai->loc)
        return -1;       /* com edges join accesses to one location */
    }
    if (nwrites >= 2 && last_known) {
      final_loc[*nfinal] = info[j][k].loc;
      final_val[*nfinal] = last;
      (*nfinal)++;
    }
  }
  return nlocs;
}

/* ------------------------------------------------- abstract segments */

static wmm_prop *atom_and(wmm_prop *acc, wmm_prop *atom)
{
  if (!atom) {
    wmm_prop_free(acc);
    return NULL;
  }
  if (!acc)
    return atom;
  wmm_prop *c = wmm_prop_new(WMM_PROP_AND);
  if (!c) {
    wmm_prop_free(acc);
    wmm_prop_free(atom);
    return NULL;
  }
  c->l = acc;
  c->r = atom;
  return c;
}

/* Append access a; addr_reg / data_reg: registers holding a zero computed
 * from the previous read (-1 none) for addr / data dependencies. */
static int emit_access(wmm_thread *t, const wmm_req_acc *a, const acc_info *ai,
                       int addr_reg, int data_reg, int *dst_out)
{
  wmm_opkind op = a->op == WMM_OP_LOAD_EX ? WMM_OP_LOAD
                  : a->op == WMM_OP_STORE_EX ? WMM_OP_STORE : a->op;
  wmm_instr in = wmm_instr_init(op);
  in.flags = a->flags;
  in.addr.base = imm(wmm_loc_addr(ai->loc));
  in.addr.loc_hint = ai->loc;
  if (addr_reg >= 0)
    in.addr.index = reg(addr_reg);
  *dst_out = -1;
  if (op == WMM_OP_LOAD || op == WMM_OP_RMW) {
    int r = new_reg(t);
    if (r < 0)
      return -1;
    in.dst = r;
    *dst_out = r;
  }
  if (op == WMM_OP_STORE || op == WMM_OP_RMW) {
    in.a = data_reg >= 0 ? reg(data_reg) : imm(ai->val);
    in.alu = WMM_ALU_SECOND;
  }
  return wmm_thread_append(t, &in) < 0 ? -1 : 0;
}

static int emit_fence(wmm_thread *t, wmm_fence f)
{
  wmm_instr in = wmm_instr_init(WMM_OP_FENCE);
  in.fence = f;
  return wmm_thread_append(t, &in) < 0 ? -1 : 0;
}

/* Register dst = src ^ src (a zero that depends on src). */
static int emit_zero_of(wmm_thread *t, int src)
{
  int r = new_reg(t);
  if (r < 0)
    return -1;
  wmm_instr in = wmm_instr_init(WMM_OP_ALU);
  in.dst = r;
  in.a = reg(src);
  in.b = reg(src);
  in.alu = WMM_ALU_XOR;
  return wmm_thread_append(t, &in) < 0 ? -1 : r;
}

static wmm_fence isync_kind(wmm_arch arch)
{
  return arch == WMM_ARCH_PPC ? WMM_FENCE_ISYNC : WMM_FENCE_ISB;
}

/* The abstract segment sg as thread t; pin registers in pin[]. */
static int emit_abstract(wmm_thread *t, const wmm_req_seg *sg, const acc_info *ai,
                         wmm_fence slot, wmm_arch arch, int pin[2])
{
  int dst0 = -1, dst1 = -1;
  if (emit_access(t, &sg->acc[0], &ai[0], -1, -1, &dst0))
    return -1;
  if (sg->nacc == 2) {
    for (int k = 1; k < WMM_FENCE_COUNT; k++)
      if (((sg->fences >> k) & 1u) && emit_fence(t, (wmm_fence)k))
        return -1;
    if (slot != WMM_FENCE_NONE && emit_fence(t, slot))
      return -1;
    if ((sg->deps & (WMM_DEP_CTRL | WMM_DEP_CTRLISYNC)) && dst0 >= 0) {
      wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
      cmp.a = reg(dst0);
      cmp.b = reg(dst0);
      wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
      br.cond = WMM_COND_EQ;
      br.target = t->ncode + 2;
      if (wmm_thread_append(t, &cmp) < 0 || wmm_thread_append(t, &br) < 0)
        return -1;
      if ((sg->deps & WMM_DEP_CTRLISYNC) && emit_fence(t, isync_kind(arch)))
        return -1;
    }
    int addr_reg = -1, data_reg = -1;
    if (dst0 >= 0 && (sg->deps & WMM_DEP_ADDR) && (addr_reg = emit_zero_of(t, dst0)) < 0)
      return -1;
    if (dst0 >= 0 && (sg->deps & WMM_DEP_DATA) && acc_writes(&sg->acc[1])) {
      int z = emit_zero_of(t, dst0);
      data_reg = z >= 0 ? new_reg(t) : -1;
      if (data_reg < 0)
        return -1;
      wmm_instr add = wmm_instr_init(WMM_OP_ALU);
      add.dst = data_reg;
      add.a = reg(z);
      add.b = imm(ai[1].val);
      add.alu = WMM_ALU_ADD;
      if (wmm_thread_append(t, &add) < 0)
        return -1;
    }
    if (emit_access(t, &sg->acc[1], &ai[1], addr_reg, data_reg, &dst1))
      return -1;
  }
  pin[0] = dst0;
  pin[1] = dst1;
  return 0;
}

/* ------------------------------------------------------------ driver */

wmm_program *wmm_req_program(const wmm_req_shape *s, wmm_arch arch,
                             const wmm_fence *f)
{
  const wmm_program *orig = shape_prog(s);
  acc_info (*info)[2] = calloc((size_t)(s->nseg > 0 ? s->nseg : 1), sizeof *info);
  int final_loc[64], nfinal = 0;
  wmm_val final_val[64];
  if (!info)
    return NULL;
  int nlocs = chains(s, orig, info, final_loc, final_val, &nfinal);
  wmm_program *p = nlocs > 0 ? wmm_program_new("cycle", arch) : NULL;
  wmm_prop *cond = NULL;
  int ok = p != NULL, slot = 0;
  for (int l = 0; ok && l < nlocs; l++) {
    char name[16];
    if (orig) {
      ok = wmm_program_loc(p, orig->locs[l].name) == l;
      if (ok) {
        p->locs[l].init = orig->locs[l].init;
        p->locs[l].width = orig->locs[l].width;
      }
    } else {
      snprintf(name, sizeof name, "x%d", l);
      ok = wmm_program_loc(p, name) == l;
    }
  }
  for (int i = 0; ok && i < s->nseg; i++) {
    const wmm_req_seg *sg = &s->seg[i];
    char name[16];
    snprintf(name, sizeof name, "P%d", i);
    int ti = wmm_program_thread(p, name);
    if (ti < 0) {
      ok = 0;
      break;
    }
    wmm_fence sf = WMM_FENCE_NONE;
    if (sg->nacc == 2)
      sf = f ? f[slot++] : WMM_FENCE_NONE;
    int pin[2];
    if (sg->prog)
      ok = emit_slice(&p->threads[ti], sg, info[i], sf, pin) == 0;
    else
      ok = emit_abstract(&p->threads[ti], sg, info[i], sf, arch, pin) == 0;
    for (int k = 0; ok && k < sg->nacc; k++) {
      if (pin[k] < 0 || !info[i][k].pinned)
        continue;
      wmm_prop *a = wmm_prop_new(WMM_PROP_REG_EQ);
      if (a) {
        a->thread = ti;
        a->reg = pin[k];
        a->val = info[i][k].pin;
      }
      cond = atom_and(cond, a);
      ok = cond != NULL;
    }
  }
  for (int k = 0; ok && k < nfinal; k++) {
    wmm_prop *a = wmm_prop_new(WMM_PROP_LOC_EQ);
    if (a) {
      a->loc = final_loc[k];
      a->val = final_val[k];
    }
    cond = atom_and(cond, a);
    ok = cond != NULL;
  }
  free(info);
  if (ok && !cond)
    ok = (cond = wmm_prop_new(WMM_PROP_TRUE)) != NULL;
  if (!ok) {
    wmm_prop_free(cond);
    wmm_program_free(p);
    return NULL;
  }
  p->quant = WMM_QUANT_EXISTS;
  p->cond = cond;
  return p;
}
