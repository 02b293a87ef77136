/* gen_programs.c — random concurrent programs in the IR (gen_programs.h).
 * Each thread is a sequence of items; an item is a store, a load, a fence,
 * a branch over the next items, a loop around the next items, an RMW or a
 * load/store-exclusive pair.  Values written are small constants so that
 * conditions over them are often satisfiable; dependencies use herd's
 * `t = r ^ r` idiom, whose value is 0 but which carries the dependency.
 *
 * Example: with seed 7, a PPC program could be
 *   P0: [x] = 1; lwsync; [y] = 2
 *   P1: r0 = [y]; cmp r0, 2; beq +1; r1 = [x + (r0 ^ r0)]
 *   exists (1:r0 = 2 /\ 1:r1 = 0)
 */
#include "gen_programs.h"

#include <stdio.h>
#include <string.h>

enum { NLOADREG = 5, R_TMP = 5, R_CNT = 6, R_ST = 7, NREGS = 8 };

wmm_gen_opts wmm_gen_opts_default(wmm_arch a)
{
  wmm_gen_opts o;
  memset(&o, 0, sizeof o);
  o.arch = a;
  o.branches = o.loops = o.deps = o.fences = o.atomics = 1;
  return o;
}

unsigned wmm_gen_rand(uint64_t *rng, unsigned n)
{
  uint64_t x = *rng ? *rng : 0x9e3779b97f4a7c15ULL;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *rng = x;
  return n ? (unsigned)((x * 0x2545f4914f6cdd1dULL) >> 33) % n : 0;
}

typedef struct gen {
  const wmm_gen_opts *o;
  uint64_t *rng;
  wmm_program *p;
  int nlocs;
  int loaded[NLOADREG];    /* per thread: register holds a loaded value */
  int loadloc[NLOADREG];
  int nextreg;
  int fail;
} gen;

static unsigned R(gen *g, unsigned n)
{
  return wmm_gen_rand(g->rng, n);
}

static wmm_operand reg(int r)
{
  wmm_operand o = {WMM_OPND_REG, r, 0};
  return o;
}

static wmm_operand imm(wmm_val v)
{
  wmm_operand o = {WMM_OPND_IMM, 0, v};
  return o;
}

static int emit(gen *g, wmm_thread *t, wmm_instr *in)
{
  int k = wmm_thread_append(t, in);
  if (k < 0)
    g->fail = 1;
  return k;
}

/* A register that holds a loaded value, or -1. */
static int some_loaded(gen *g)
{
  int cand[NLOADREG], n = 0;
  for (int r = 0; r < NLOADREG; r++)
    if (g->loaded[r])
      cand[n++] = r;
  return n ? cand[R(g, (unsigned)n)] : -1;
}

static wmm_fence random_fence(gen *g)
{
  static const wmm_fence x86[] = {WMM_FENCE_MFENCE};
  static const wmm_fence ppc[] = {WMM_FENCE_SYNC, WMM_FENCE_LWSYNC,
                                  WMM_FENCE_LWSYNC, WMM_FENCE_EIEIO,
                                  WMM_FENCE_ISYNC};
  static const wmm_fence arm[] = {WMM_FENCE_DMB, WMM_FENCE_DMB_ST,
                                  WMM_FENCE_DSB, WMM_FENCE_ISB};
  static const wmm_fence a64[] = {WMM_FENCE_DMB_ISH, WMM_FENCE_DMB_ISHLD,
                                  WMM_FENCE_DMB_ISHST, WMM_FENCE_ISB};
  static const wmm_fence c11[] = {WMM_FENCE_C_SEQ_CST, WMM_FENCE_C_ACQ_REL,
                                  WMM_FENCE_C_ACQUIRE, WMM_FENCE_C_RELEASE};
  if (g->o->c11 && R(g, 3) == 0)
    return c11[R(g, 4)];
  switch (g->o->arch) {
  case WMM_ARCH_PPC: return ppc[R(g, 5)];
  case WMM_ARCH_ARM: return arm[R(g, 4)];
  case WMM_ARCH_AARCH64: return a64[R(g, 4)];
  default: return x86[0];
  }
}

static unsigned c11_flags(gen *g, int is_load)
{
  if (!g->o->c11 || R(g, 3))
    return 0;
  switch (R(g, 3)) {
  case 0: return WMM_ACC_ATOMIC;
  case 1:
    if (is_load && g->o->arch == WMM_ARCH_AARCH64 && R(g, 2))
      return WMM_ACC_ACQPC;
    return is_load ? WMM_ACC_ACQUIRE : WMM_ACC_RELEASE;
  default: return is_load ? WMM_ACC_ACQUIRE : WMM_ACC_RELEASE;
  }
}

/* Address of location l, with an address dependency sometimes. */
static wmm_addr address(gen *g, wmm_thread *t, int l)
{
  wmm_addr a;
  memset(&a, 0, sizeof a);
  a.loc_hint = l;
  a.alias = -1;
  int dep = g->o->deps && R(g, 3) == 0 ? some_loaded(g) : -1;
  if (dep >= 0) {
    wmm_instr x = wmm_instr_init(WMM_OP_ALU);
    x.dst = R_TMP;
    x.alu = WMM_ALU_XOR;
    x.a = reg(dep);
    x.b = reg(dep);
    emit(g, t, &x);
    a.base = reg(R_TMP);
    a.offset = wmm_loc_addr(l);
  } else {
    a.base = imm(wmm_loc_addr(l));
  }
  return a;
}

/* Is l the location opts.silent or opts.blind keeps for its own kind of
 * update? */
static int kept_loc(const gen *g, int l)
{
  return (g->o->silent || g->o->blind || g->o->handoff) && g->nlocs > 1 &&
         l == g->nlocs - 1;
}

/* A location for a load or an RMW: any but the kept one (kept_loc). */
static int read_loc(gen *g)
{
  return (int)R(g, (unsigned)(kept_loc(g, g->nlocs - 1) ? g->nlocs - 1 : g->nlocs));
}

/* The kept location's update: a plain store of 1 (opts.silent) or an
 * addition of v whose old value goes nowhere (opts.blind). */
static void kept_update(gen *g, wmm_thread *t, int l, wmm_val v)
{
  wmm_instr in = wmm_instr_init(g->o->silent ? WMM_OP_STORE : WMM_OP_RMW);
  in.a = imm(g->o->silent ? 1 : v);
  in.addr = address(g, t, l);
  if (!g->o->silent) {
    in.dst = -1;
    in.alu = WMM_ALU_ADD;
    in.flags = WMM_ACC_BLIND | (g->o->arch == WMM_ARCH_X86 ? WMM_ACC_ATOMIC : 0);
  }
  emit(g, t, &in);
}

static void item_store(gen *g, wmm_thread *t)
{
  int l = (int)R(g, (unsigned)g->nlocs);
  wmm_val v = 1 + R(g, 3);
  if (kept_loc(g, l) && g->o->handoff)
    l = (int)R(g, (unsigned)g->nlocs - 1);   /* only P0's end writes it */
  else if (kept_loc(g, l)) {
    kept_update(g, t, l, v);
    return;
  }
  wmm_instr in = wmm_instr_init(WMM_OP_STORE);
  int dep = g->o->deps && R(g, 3) == 0 ? some_loaded(g) : -1;
  if (dep >= 0) {
    wmm_instr x = wmm_instr_init(WMM_OP_ALU);
    x.dst = R_TMP;
    x.alu = WMM_ALU_XOR;
    x.a = reg(dep);
    x.b = reg(dep);
    emit(g, t, &x);
    x.alu = WMM_ALU_ADD;
    x.a = reg(R_TMP);
    x.b = imm(v);
    emit(g, t, &x);
    in.a = reg(R_TMP);
  } else {
    in.a = imm(v);
  }
  in.addr = address(g, t, l);
  in.flags = c11_flags(g, 0);
  emit(g, t, &in);
}

static void item_load(gen *g, wmm_thread *t)
{
  int l = read_loc(g);
  int r = g->nextreg;
  if (r >= NLOADREG)
    r = (int)R(g, NLOADREG);
  else
    g->nextreg++;
  wmm_instr in = wmm_instr_init(WMM_OP_LOAD);
  in.addr = address(g, t, l);
  in.dst = r;
  in.flags = c11_flags(g, 1);
  emit(g, t, &in);
  g->loaded[r] = 1;
  g->loadloc[r] = l;
}

static void item_fence(gen *g, wmm_thread *t)
{
  wmm_instr in = wmm_instr_init(WMM_OP_FENCE);
  in.fence = random_fence(g);
  emit(g, t, &in);
}

static void item_atomic(gen *g, wmm_thread *t)
{
  int l = read_loc(g);
  int r = g->nextreg < NLOADREG ? g->nextreg++ : (int)R(g, NLOADREG);
  wmm_val v = 1 + R(g, 3);
  int excl = (g->o->arch == WMM_ARCH_PPC || g->o->arch == WMM_ARCH_ARM ||
              g->o->arch == WMM_ARCH_AARCH64) && R(g, 2);
  if (!excl) {
    wmm_instr in = wmm_instr_init(WMM_OP_RMW);
    in.dst = r;
    in.alu = R(g, 2) ? WMM_ALU_SECOND : WMM_ALU_ADD;
    in.a = imm(v);
    in.addr = address(g, t, l);
    in.flags = g->o->arch == WMM_ARCH_X86 ? WMM_ACC_ATOMIC
             : g->o->arch == WMM_ARCH_AARCH64
                 ? (R(g, 2) ? WMM_ACC_ACQUIRE | WMM_ACC_RELEASE : 0)
                 : 0;
    emit(g, t, &in);
  } else {
    wmm_instr ld = wmm_instr_init(WMM_OP_LOAD_EX);
    ld.dst = r;
    ld.addr.base = imm(wmm_loc_addr(l));
    ld.addr.loc_hint = l;
    emit(g, t, &ld);
    wmm_instr st = wmm_instr_init(WMM_OP_STORE_EX);
    st.dst = R_ST;
    st.a = imm(v);
    /* Sometimes another location: the store cannot succeed. */
    int l2 = R(g, 5) == 0 ? read_loc(g) : l;
    st.addr.base = imm(wmm_loc_addr(l2));
    st.addr.loc_hint = l2;
    emit(g, t, &st);
  }
  g->loaded[r] = 1;
  g->loadloc[r] = l;
}

static void items(gen *g, wmm_thread *t, int n, int depth);

/* opts.handoff: the flag's store of 1 (P0's last instruction), and the
 * wait for it (P1's first: `do r = flag; while (r == 0);`, the branch a
 * value guard on the load). */
static void handoff_store(gen *g, wmm_thread *t)
{
  wmm_instr st = wmm_instr_init(WMM_OP_STORE);
  st.a = imm(1);
  st.addr = address(g, t, g->nlocs - 1);
  emit(g, t, &st);
}

static void handoff_wait(gen *g, wmm_thread *t)
{
  int head = t->ncode, r = g->nextreg++;
  wmm_instr ld = wmm_instr_init(WMM_OP_LOAD);
  ld.addr = address(g, t, g->nlocs - 1);
  ld.dst = r;
  int k = emit(g, t, &ld);
  wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
  cmp.a = reg(r);
  cmp.b = imm(0);
  emit(g, t, &cmp);
  wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
  br.cond = WMM_COND_EQ;
  br.target = head;
  br.guard_load = k + 1;
  br.guard_cond = WMM_COND_EQ;
  br.guard_imm = 0;
  emit(g, t, &br);
  g->loaded[r] = 1;
  g->loadloc[r] = g->nlocs - 1;
}

/* if (r == v) skip the next items */
static void item_branch(gen *g, wmm_thread *t, int depth)
{
  int r = some_loaded(g);
  wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
  cmp.a = r >= 0 ? reg(r) : imm(0);
  cmp.b = imm(R(g, 3));
  emit(g, t, &cmp);
  wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
  static const wmm_cond conds[] = {WMM_COND_EQ, WMM_COND_NE, WMM_COND_LT,
                                   WMM_COND_GE};
  br.cond = conds[R(g, 4)];
  int k = emit(g, t, &br);
  /* herd's ctrl idiom: a branch to the next instruction, then maybe isync */
  int skip = R(g, 3) == 0 ? 0 : 1 + (int)R(g, 2);
  if (skip > 0)
    items(g, t, skip, depth + 1);
  if (k >= 0)
    t->code[k].target = t->ncode;
}

/* A counted loop around the next items, or a spin loop on a location. */
static void item_loop(gen *g, wmm_thread *t, int depth)
{
  if (R(g, 2)) {
    wmm_instr init = wmm_instr_init(WMM_OP_MOV);
    init.dst = R_CNT;
    init.a = imm(0);
    emit(g, t, &init);
    int head = t->ncode;
    items(g, t, 1 + (int)R(g, 2), depth + 1);
    wmm_instr inc = wmm_instr_init(WMM_OP_ALU);
    inc.dst = R_CNT;
    inc.alu = WMM_ALU_ADD;
    inc.a = reg(R_CNT);
    inc.b = imm(1);
    emit(g, t, &inc);
    wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
    cmp.a = reg(R_CNT);
    cmp.b = imm(1 + R(g, 3));
    emit(g, t, &cmp);
    wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
    br.cond = WMM_COND_LT;
    br.target = head;
    emit(g, t, &br);
  } else {
    int head = t->ncode;
    item_load(g, t);
    int r = -1;
    for (int k = 0; k < NLOADREG; k++)
      if (g->loaded[k])
        r = k;
    int last = t->ncode - 1;
    if (last >= 0 && t->code[last].op == WMM_OP_LOAD)
      r = t->code[last].dst;
    wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
    cmp.a = reg(r < 0 ? 0 : r);
    cmp.b = imm(0);
    emit(g, t, &cmp);
    wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
    br.cond = WMM_COND_EQ;
    br.target = head;
    emit(g, t, &br);
  }
}

static void items(gen *g, wmm_thread *t, int n, int depth)
{
  for (int i = 0; i < n && !g->fail; i++) {
    unsigned k = R(g, 20);
    if (k < 6)
      item_store(g, t);
    else if (k < 12)
      item_load(g, t);
    else if (k < 14 && g->o->fences)
      item_fence(g, t);
    else if (k < 16 && g->o->branches && depth < 2)
      item_branch(g, t, depth);
    else if (k < 17 && g->o->loops && depth < 1)
      item_loop(g, t, depth);
    else if (k < 18 && g->o->atomics)
      item_atomic(g, t);
    else if (k & 1)
      item_store(g, t);
    else
      item_load(g, t);
  }
}

static wmm_prop *atom_reg(gen *g, int th, int r)
{
  wmm_prop *a = wmm_prop_new(WMM_PROP_REG_EQ);
  if (!a) {
    g->fail = 1;
    return NULL;
  }
  a->thread = th;
  a->reg = r;
  a->val = R(g, 4);
  return a;
}

static wmm_prop *join_cond(gen *g, wmm_prop *a, wmm_prop *b)
{
  if (!a)
    return b;
  if (!b)
    return a;
  wmm_prop *c = wmm_prop_new(R(g, 6) ? WMM_PROP_AND : WMM_PROP_OR);
  if (!c) {
    g->fail = 1;
    wmm_prop_free(a);
    wmm_prop_free(b);
    return NULL;
  }
  c->l = a;
  c->r = b;
  return c;
}

wmm_program *wmm_gen_program(const wmm_gen_opts *o, uint64_t *rng,
                             const char *name)
{
  gen g;
  memset(&g, 0, sizeof g);
  g.o = o;
  g.rng = rng;
  g.p = wmm_program_new(name, o->arch);
  if (!g.p)
    return NULL;
  g.nlocs = o->nlocs > 0 ? o->nlocs : 2 + (int)R(&g, 2);
  static const char *lnames[] = {"x", "y", "z", "w", "v", "u", "s", "t"};
  for (int l = 0; l < g.nlocs; l++) {
    char nm[16];
    if (l < 8)
      snprintf(nm, sizeof nm, "%s", lnames[l]);
    else
      snprintf(nm, sizeof nm, "m%d", l);
    if (wmm_program_loc(g.p, nm) < 0)
      g.fail = 1;
  }
  int nt = o->threads > 0 ? o->threads : 2 + (int)R(&g, 3);
  wmm_prop *cond = NULL;
  int natoms = 0;
  for (int th = 0; th < nt && !g.fail; th++) {
    char nm[16];
    snprintf(nm, sizeof nm, "P%d", th);
    int ti = wmm_program_thread(g.p, nm);
    if (ti < 0) {
      g.fail = 1;
      break;
    }
    wmm_thread *t = &g.p->threads[ti];
    for (int r = 0; r < NREGS; r++) {
      char rn[8];
      snprintf(rn, sizeof rn, "r%d", r);
      if (wmm_thread_reg(t, rn) < 0)
        g.fail = 1;
    }
    memset(g.loaded, 0, sizeof g.loaded);
    g.nextreg = 0;
    int len = o->len > 0 ? o->len : 2 + (int)R(&g, 4);
    int flag = o->handoff && g.nlocs > 1;
    if (flag && th == 1)
      handoff_wait(&g, t);
    items(&g, t, len, 0);
    if (flag && th == 0)
      handoff_store(&g, t);
    for (int r = 0; r < NLOADREG && natoms < 3; r++)
      if (g.loaded[r] && R(&g, 3)) {
        cond = join_cond(&g, cond, atom_reg(&g, ti, r));
        natoms++;
      }
  }
  if (R(&g, 3) == 0 || !cond) {
    wmm_prop *m = wmm_prop_new(WMM_PROP_LOC_EQ);
    if (m) {
      m->loc = (int)R(&g, (unsigned)g.nlocs);
      m->val = R(&g, 4);
      cond = join_cond(&g, cond, m);
    } else {
      g.fail = 1;
    }
  }
  g.p->cond = cond;
  unsigned q = R(&g, 10);
  g.p->quant = q == 0 ? WMM_QUANT_FORALL : q == 1 ? WMM_QUANT_NOT_EXISTS
                                                  : WMM_QUANT_EXISTS;
  if (g.fail) {
    wmm_program_free(g.p);
    return NULL;
  }
  return g.p;
}
