/* instr_x86.c — X86 instructions of herd7 litmus tests (Intel operand
 * order: destination first).
 *
 * Examples: MOV [x],$1 (store, base = the address of x) / MOV [x],EAX /
 * MOV EAX,[x] / MOV EAX,$1 / MFENCE / SFENCE / MOVNTI [x],EAX (a streaming
 * store) / XCHG [x],EAX (an atomic exchange) /
 * LOCK XADD [x],EAX / LOCK INC [x] / LOCK ADD [x],$2 / CMP EAX,$1 / JNE L0.
 */
#include "internal.h"

#include <string.h>

typedef struct x86_opnd {
  int mem;            /* [..] */
  wmm_operand v;      /* register or immediate (not memory) */
  wmm_addr addr;      /* memory */
  int wide;           /* an R.. register */
} x86_opnd;

/* [x] / [EAX] / $1 / EAX. */
static int x86_operand(lit_ins *ic, x86_opnd *o)
{
  memset(o, 0, sizeof *o);
  o->addr.loc_hint = -1;
  o->addr.alias = -1;
  lit_tok t = lit_peek(&ic->lx);
  int rc;
  if (lit_is(&t, "[")) {
    lit_next(&ic->lx);
    lit_tok n = lit_next(&ic->lx);
    if (n.kind != LIT_IDENT)
      return lit_ins_fail(ic, "expected a location or register in '[...]'");
    if (n.len > LIT_MAX_NAME)
      return lit_ins_fail(ic, "name too long (limit %d characters)",
                          LIT_MAX_NAME);
    char name[LIT_MAX_NAME + 2];
    lit_tok_str(&n, name, sizeof name);
    o->mem = 1;
    if (lit_x86_reg_ok(name)) {
      int r = lit_thread_reg(ic->c, ic->ti, name, ic->line);
      if (r < 0)
        return r;
      o->addr.base = lit_opnd_reg(r);
    } else {
      int l = lit_loc(ic->c, name, ic->line);
      if (l < 0)
        return l;
      o->addr.base = lit_opnd_imm(wmm_loc_addr(l));
      o->addr.loc_hint = l;
    }
    return lit_ins_expect(ic, "]");
  }
  if (lit_is(&t, "$")) {
    wmm_val v;
    if ((rc = lit_ins_imm(ic, &v, 1)) < 0)
      return rc;
    o->v = lit_opnd_imm(v);
    return 0;
  }
  if (t.kind == LIT_IDENT) {
    int r = lit_ins_reg(ic);
    if (r < 0)
      return r;
    o->v = lit_opnd_reg(r);
    o->wide = t.s[0] == 'R';
    return 0;
  }
  return lit_ins_fail(ic, "expected an operand ([x], $1 or a register)");
}

static int two_operands(lit_ins *ic, x86_opnd *a, x86_opnd *b)
{
  int rc;
  if ((rc = x86_operand(ic, a)) < 0 || (rc = lit_ins_expect(ic, ",")) < 0 ||
      (rc = x86_operand(ic, b)) < 0)
    return rc;
  return 0;
}

static const struct {
  const char *name;
  wmm_alu alu;
} x86_alu[] = {{"ADD", WMM_ALU_ADD}, {"SUB", WMM_ALU_SUB},
               {"XOR", WMM_ALU_XOR}, {"AND", WMM_ALU_AND},
               {"OR", WMM_ALU_OR}, {NULL, 0}};

static const struct {
  const char *name;
  wmm_cond cond;
} x86_jumps[] = {{"JE", WMM_COND_EQ}, {"JZ", WMM_COND_EQ},
                 {"JNE", WMM_COND_NE}, {"JNZ", WMM_COND_NE},
                 {"JL", WMM_COND_LT}, {"JGE", WMM_COND_GE},
                 {"JG", WMM_COND_GT}, {"JLE", WMM_COND_LE},
                 {"JMP", WMM_COND_ALWAYS}, {NULL, 0}};

/* LOCK-prefixed read-modify-writes. */
static int x86_locked(lit_ins *ic, wmm_instr *in)
{
  lit_tok m = lit_next(&ic->lx);
  x86_opnd a, b;
  int rc;
  in->op = WMM_OP_RMW;
  in->flags = WMM_ACC_ATOMIC;
  if (lit_is_ci(&m, "INC") || lit_is_ci(&m, "DEC")) {
    if ((rc = x86_operand(ic, &a)) < 0)
      return rc;
    if (!a.mem)
      return lit_ins_fail(ic, "LOCK needs a memory operand");
    in->addr = a.addr;
    in->alu = WMM_ALU_ADD;
    in->a = lit_opnd_imm(lit_is_ci(&m, "INC") ? 1 : -1);
    return 0;
  }
  int xadd = lit_is_ci(&m, "XADD"), xchg = lit_is_ci(&m, "XCHG");
  int alu = -1;
  for (int i = 0; x86_alu[i].name; i++)
    if (lit_is_ci(&m, x86_alu[i].name))
      alu = (int)x86_alu[i].alu;
  if (!xadd && !xchg && alu < 0)
    return lit_ins_fail(ic, "unsupported LOCK instruction");
  if ((rc = two_operands(ic, &a, &b)) < 0)
    return rc;
  if (xchg && !a.mem && b.mem) {
    x86_opnd t = a;
    a = b;
    b = t;
  }
  if (!a.mem || b.mem)
    return lit_ins_fail(ic, "LOCK needs a memory destination");
  in->addr = a.addr;
  in->a = b.v;
  in->width = b.wide ? 8 : 4;
  if (xadd || xchg) {
    if (b.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "expected a register source");
    in->dst = b.v.reg;
    in->alu = xadd ? WMM_ALU_ADD : WMM_ALU_SECOND;
  } else
    in->alu = (wmm_alu)alu;
  return 0;
}

int lit_x86_instr(lit_ins *ic)
{
  int rc = lit_ins_label(ic);
  if (rc < 0 || (rc == 1 && ic->textlen == 0))
    return rc < 0 ? rc : 0;
  lit_tok m = lit_next(&ic->lx);
  wmm_instr in = wmm_instr_init(WMM_OP_NOP);
  x86_opnd a, b;
  if (lit_is_ci(&m, "MOV")) {
    if ((rc = two_operands(ic, &a, &b)) < 0)
      return rc;
    if (a.mem && b.mem)
      return lit_ins_fail(ic, "two memory operands");
    if (a.mem) {
      in.op = WMM_OP_STORE;
      in.addr = a.addr;
      in.a = b.v;
      in.width = b.wide ? 8 : 4;
    } else if (a.v.kind != WMM_OPND_REG) {
      return lit_ins_fail(ic, "cannot move into an immediate");
    } else if (b.mem) {
      in.op = WMM_OP_LOAD;
      in.dst = a.v.reg;
      in.addr = b.addr;
      in.width = a.wide ? 8 : 4;
    } else {
      in.op = WMM_OP_MOV;
      in.dst = a.v.reg;
      in.a = b.v;
    }
  } else if (lit_is_ci(&m, "MOVNTI")) {
    /* a streaming store: ordered with other stores by fences only */
    if ((rc = two_operands(ic, &a, &b)) < 0)
      return rc;
    if (!a.mem || b.mem || b.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "MOVNTI needs a memory destination and a register");
    in.op = WMM_OP_STORE;
    in.flags = WMM_ACC_STREAM;
    in.addr = a.addr;
    in.a = b.v;
    in.width = b.wide ? 8 : 4;
  } else if (lit_is_ci(&m, "MFENCE")) {
    in.op = WMM_OP_FENCE;
    in.fence = WMM_FENCE_MFENCE;
  } else if (lit_is_ci(&m, "SFENCE")) {
    in.op = WMM_OP_FENCE;
    in.fence = WMM_FENCE_SFENCE;
  } else if (lit_is_ci(&m, "XCHG")) {
    if ((rc = two_operands(ic, &a, &b)) < 0)
      return rc;
    if (!a.mem && b.mem) {
      x86_opnd t = a;
      a = b;
      b = t;
    }
    if (!a.mem || b.mem || b.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "XCHG needs a memory operand and a register");
    in.op = WMM_OP_RMW;
    in.flags = WMM_ACC_ATOMIC;
    in.alu = WMM_ALU_SECOND;
    in.addr = a.addr;
    in.a = b.v;
    in.dst = b.v.reg;
    in.width = b.wide ? 8 : 4;
  } else if (lit_is_ci(&m, "LOCK")) {
    if ((rc = x86_locked(ic, &in)) < 0)
      return rc;
  } else if (lit_is_ci(&m, "CMP")) {
    if ((rc = two_operands(ic, &a, &b)) < 0)
      return rc;
    if (a.mem || b.mem || a.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "CMP with memory operands is not supported");
    in.op = WMM_OP_CMP;
    in.a = a.v;
    in.b = b.v;
  } else if (lit_is_ci(&m, "INC") || lit_is_ci(&m, "DEC")) {
    if ((rc = x86_operand(ic, &a)) < 0)
      return rc;
    if (a.mem || a.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "INC/DEC on memory needs LOCK");
    in.op = WMM_OP_ALU;
    in.alu = WMM_ALU_ADD;
    in.dst = a.v.reg;
    in.a = a.v;
    in.b = lit_opnd_imm(lit_is_ci(&m, "INC") ? 1 : -1);
  } else {
    for (int i = 0; x86_jumps[i].name; i++)
      if (lit_is_ci(&m, x86_jumps[i].name)) {
        in.op = x86_jumps[i].cond == WMM_COND_ALWAYS ? WMM_OP_JUMP
                                                     : WMM_OP_BRANCH;
        in.cond = x86_jumps[i].cond;
        rc = lit_ins_branch(ic, &in);
        return rc < 0 ? rc : 0;
      }
    int alu = -1;
    for (int i = 0; x86_alu[i].name; i++)
      if (lit_is_ci(&m, x86_alu[i].name))
        alu = (int)x86_alu[i].alu;
    if (alu < 0) {
      char name[40];
      lit_tok_str(&m, name, sizeof name);
      return lit_ins_fail(ic, "unknown X86 instruction '%s'", name);
    }
    if ((rc = two_operands(ic, &a, &b)) < 0)
      return rc;
    if (a.mem || b.mem || a.v.kind != WMM_OPND_REG)
      return lit_ins_fail(ic, "arithmetic on memory needs LOCK");
    in.op = WMM_OP_ALU;
    in.alu = (wmm_alu)alu;
    in.dst = a.v.reg;
    in.a = a.v;
    in.b = b.v;
  }
  if ((rc = lit_ins_end(ic)) < 0)
    return rc;
  rc = lit_ins_emit(ic, &in);
  return rc < 0 ? rc : 0;
}
