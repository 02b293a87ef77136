/* instr_aarch64.c — AArch64 instructions of herd7 litmus tests.
 *
 * Examples: MOV W0,#1 / MOV X2,X1 / LDR W0,[X1] / LDR W2,[X3,W1,SXTW] /
 * STR W0,[X1,X2] / EOR W1,W0,W0 / ADD X4,X3,W1,SXTW / CMP W0,#1 /
 * CBNZ W0,LC00 / B.EQ LC00 / DMB ISHLD / ISB / LDAR W0,[X1] / STLR W0,[X1] /
 * LDXR W0,[X1] / STXR W2,W0,[X1] / SWP W0,W1,[X2].
 * W<n> and X<n> name one register (instr.c); WZR/XZR read as 0.
 * Access width: 8 for an X data register, 4 for W.
 */
#include "internal.h"

#include <string.h>

typedef enum a64_form {
  A64_MOV, A64_LOAD, A64_STORE, A64_STX, A64_RMW, A64_ALU, A64_CMP, A64_CBZ,
  A64_BRANCH, A64_JUMP, A64_DMB, A64_DSB, A64_ISB, A64_NOP
} a64_form;

typedef struct a64_op {
  const char *name;
  a64_form form;
  int arg;          /* wmm_alu, wmm_cond, access flags */
  int ex;           /* exclusive (load/store-ex) */
  int width;        /* 0 = from the register, else bytes */
} a64_op;

static const a64_op a64_ops[] = {
  {"MOV", A64_MOV, 0, 0, 0},
  {"LDR", A64_LOAD, 0, 0, 0}, {"LDRB", A64_LOAD, 0, 0, 1},
  {"LDRH", A64_LOAD, 0, 0, 2},
  {"LDAR", A64_LOAD, WMM_ACC_ACQUIRE, 0, 0},
  {"LDAPR", A64_LOAD, WMM_ACC_ACQPC, 0, 0},
  {"LDXR", A64_LOAD, 0, 1, 0}, {"LDAXR", A64_LOAD, WMM_ACC_ACQUIRE, 1, 0},
  {"STR", A64_STORE, 0, 0, 0}, {"STRB", A64_STORE, 0, 0, 1},
  {"STRH", A64_STORE, 0, 0, 2},
  {"STLR", A64_STORE, WMM_ACC_RELEASE, 0, 0},
  {"STXR", A64_STX, 0, 1, 0}, {"STLXR", A64_STX, WMM_ACC_RELEASE, 1, 0},
  {"SWP", A64_RMW, 0, WMM_ALU_SECOND, 0},
  {"SWPA", A64_RMW, WMM_ACC_ACQUIRE, WMM_ALU_SECOND, 0},
  {"SWPL", A64_RMW, WMM_ACC_RELEASE, WMM_ALU_SECOND, 0},
  {"SWPAL", A64_RMW, WMM_ACC_ACQUIRE | WMM_ACC_RELEASE, WMM_ALU_SECOND, 0},
  {"LDADD", A64_RMW, 0, WMM_ALU_ADD, 0},
  {"LDADDA", A64_RMW, WMM_ACC_ACQUIRE, WMM_ALU_ADD, 0},
  {"LDADDL", A64_RMW, WMM_ACC_RELEASE, WMM_ALU_ADD, 0},
  {"LDADDAL", A64_RMW, WMM_ACC_ACQUIRE | WMM_ACC_RELEASE, WMM_ALU_ADD, 0},
  {"EOR", A64_ALU, WMM_ALU_XOR, 0, 0}, {"ADD", A64_ALU, WMM_ALU_ADD, 0, 0},
  {"AND", A64_ALU, WMM_ALU_AND, 0, 0}, {"ORR", A64_ALU, WMM_ALU_OR, 0, 0},
  {"SUB", A64_ALU, WMM_ALU_SUB, 0, 0},
  {"CMP", A64_CMP, 0, 0, 0},
  {"CBZ", A64_CBZ, WMM_COND_ZERO, 0, 0},
  {"CBNZ", A64_CBZ, WMM_COND_NONZERO, 0, 0},
  {"B.EQ", A64_BRANCH, WMM_COND_EQ, 0, 0},
  {"B.NE", A64_BRANCH, WMM_COND_NE, 0, 0},
  {"B.LT", A64_BRANCH, WMM_COND_LT, 0, 0},
  {"B.GE", A64_BRANCH, WMM_COND_GE, 0, 0},
  {"B.GT", A64_BRANCH, WMM_COND_GT, 0, 0},
  {"B.LE", A64_BRANCH, WMM_COND_LE, 0, 0},
  {"B", A64_JUMP, 0, 0, 0},
  {"DMB", A64_DMB, 0, 0, 0}, {"DSB", A64_DSB, 0, 0, 0},
  {"ISB", A64_ISB, 0, 0, 0}, {"NOP", A64_NOP, 0, 0, 0},
  {NULL, 0, 0, 0, 0}
};

static int is_zero_reg(const lit_tok *t)
{
  return lit_is(t, "WZR") || lit_is(t, "XZR");
}

/* A register, WZR/XZR included (*zero = 1, register 0); *wide = an X
 * register.  Returns the index or a negative status. */
static int any_reg(lit_ins *ic, int *zero, int *wide)
{
  lit_tok t = lit_peek(&ic->lx);
  if (wide)
    *wide = t.kind == LIT_IDENT && (t.s[0] == 'X' || t.s[0] == '%');
  *zero = is_zero_reg(&t);
  if (*zero) {
    lit_next(&ic->lx);
    return 0;
  }
  return lit_ins_reg(ic);
}

/* A source register (WZR/XZR = immediate 0); *wide = an X register. */
static int src_reg(lit_ins *ic, wmm_operand *o, int *wide)
{
  int zero, r = any_reg(ic, &zero, wide);
  if (r < 0)
    return r;
  *o = zero ? lit_opnd_imm(0) : lit_opnd_reg(r);
  return 0;
}

/* A destination register (-1 for WZR/XZR) or a negative status. */
static int dst_reg(lit_ins *ic, int *dst, int *wide)
{
  int zero, r = any_reg(ic, &zero, wide);
  if (r < 0)
    return r;
  *dst = zero ? -1 : r;
  return 0;
}

/* A register or #imm; *wide as in src_reg. */
static int reg_or_imm(lit_ins *ic, wmm_operand *o)
{
  lit_tok t = lit_peek(&ic->lx);
  if (t.kind == LIT_IDENT)
    return src_reg(ic, o, NULL);
  wmm_val v;
  int rc = lit_ins_imm(ic, &v, 0);
  if (rc < 0)
    return rc;
  *o = lit_opnd_imm(v);
  return 0;
}

/* Optional ",SXTW" / ",UXTW" / ",LSL #0" extension (value-preserving for
 * the small values of litmus tests). */
static int extension(lit_ins *ic)
{
  lit_lexer save = ic->lx;
  if (!lit_ins_accept(ic, ","))
    return 0;
  lit_tok t = lit_next(&ic->lx);
  if (lit_is_ci(&t, "SXTW") || lit_is_ci(&t, "UXTW") ||
      lit_is_ci(&t, "SXTX") || lit_is_ci(&t, "UXTX"))
    return 1;
  if (lit_is_ci(&t, "LSL")) {
    wmm_val v;
    int rc = lit_ins_imm(ic, &v, 0);
    if (rc < 0)
      return rc;
    if (v != 0)
      return lit_ins_fail(ic, "shifted operands are not supported");
    return 1;
  }
  ic->lx = save;
  return 0;
}

/* [Xn] / [Xn,#imm] / [Xn,Rm] / [Xn,Wm,SXTW]. */
static int a64_addr(lit_ins *ic, wmm_addr *a)
{
  int rc;
  if ((rc = lit_ins_expect(ic, "[")) < 0)
    return rc;
  if ((rc = src_reg(ic, &a->base, NULL)) < 0)
    return rc;
  if (lit_ins_accept(ic, ",")) {
    wmm_operand o;
    if ((rc = reg_or_imm(ic, &o)) < 0)
      return rc;
    if (o.kind == WMM_OPND_REG) {
      a->index = o;
      if ((rc = extension(ic)) < 0)
        return rc;
    } else
      a->offset += o.imm;
  }
  return lit_ins_expect(ic, "]");
}

/* DMB/DSB option: *kind = 0 full, 1 loads, 2 stores. */
static int barrier_option(lit_ins *ic, int *kind)
{
  static const char *const opts[] = {"SY", "ISH", "OSH", "NSH", "LD", "ISHLD",
    "OSHLD", "NSHLD", "ST", "ISHST", "OSHST", "NSHST", NULL};
  lit_tok t = lit_next(&ic->lx);
  for (int i = 0; opts[i]; i++)
    if (lit_is_ci(&t, opts[i])) {
      *kind = i / 4;
      return 0;
    }
  return lit_ins_fail(ic, "expected a barrier option (SY, ISH, ISHLD, "
                          "ISHST, LD, ST, ...)");
}

int lit_aarch64_instr(lit_ins *ic)
{
  const void *found;
  int rc = lit_ins_start(ic, a64_ops, sizeof a64_ops[0], "AArch64", &found);
  if (rc <= 0)
    return rc;
  const a64_op *op = found;
  wmm_instr in = wmm_instr_init(WMM_OP_NOP);
  int wide = 0, kind;
  switch (op->form) {
  case A64_MOV:
    in.op = WMM_OP_MOV;
    if ((rc = dst_reg(ic, &in.dst, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 || (rc = reg_or_imm(ic, &in.a)) < 0)
      return rc;
    break;
  case A64_LOAD:
    in.op = op->ex ? WMM_OP_LOAD_EX : WMM_OP_LOAD;
    in.flags = (unsigned)op->arg;
    if ((rc = dst_reg(ic, &in.dst, &wide)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = a64_addr(ic, &in.addr)) < 0)
      return rc;
    in.width = op->width ? op->width : wide ? 8 : 4;
    break;
  case A64_STORE:
    in.op = WMM_OP_STORE;
    in.flags = (unsigned)op->arg;
    if ((rc = src_reg(ic, &in.a, &wide)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = a64_addr(ic, &in.addr)) < 0)
      return rc;
    in.width = op->width ? op->width : wide ? 8 : 4;
    break;
  case A64_STX:
    in.op = WMM_OP_STORE_EX;
    in.flags = (unsigned)op->arg;
    if ((rc = dst_reg(ic, &in.dst, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = src_reg(ic, &in.a, &wide)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = a64_addr(ic, &in.addr)) < 0)
      return rc;
    in.width = wide ? 8 : 4;
    break;
  case A64_RMW:
    /* SWP Ws,Wt,[Xn]: Wt = old value, memory = Ws (or old + Ws). */
    in.op = WMM_OP_RMW;
    in.flags = (unsigned)op->arg | WMM_ACC_ATOMIC;
    in.alu = (wmm_alu)op->ex;
    if ((rc = src_reg(ic, &in.a, &wide)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = dst_reg(ic, &in.dst, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = a64_addr(ic, &in.addr)) < 0)
      return rc;
    in.width = wide ? 8 : 4;
    break;
  case A64_ALU:
    in.op = WMM_OP_ALU;
    in.alu = (wmm_alu)op->arg;
    if ((rc = dst_reg(ic, &in.dst, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = src_reg(ic, &in.a, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 ||
        (rc = reg_or_imm(ic, &in.b)) < 0 || (rc = extension(ic)) < 0)
      return rc;
    break;
  case A64_CMP:
    in.op = WMM_OP_CMP;
    if ((rc = src_reg(ic, &in.a, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0 || (rc = reg_or_imm(ic, &in.b)) < 0)
      return rc;
    break;
  case A64_CBZ:
    in.op = WMM_OP_BRANCH;
    in.cond = (wmm_cond)op->arg;
    if ((rc = src_reg(ic, &in.a, NULL)) < 0 ||
        (rc = lit_ins_expect(ic, ",")) < 0)
      return rc;
    rc = lit_ins_branch(ic, &in);
    return rc < 0 ? rc : 0;
  case A64_BRANCH:
  case A64_JUMP:
    in.op = op->form == A64_JUMP ? WMM_OP_JUMP : WMM_OP_BRANCH;
    in.cond = op->form == A64_JUMP ? WMM_COND_ALWAYS : (wmm_cond)op->arg;
    rc = lit_ins_branch(ic, &in);
    return rc < 0 ? rc : 0;
  case A64_DMB:
    in.op = WMM_OP_FENCE;
    if ((rc = barrier_option(ic, &kind)) < 0)
      return rc;
    in.fence = kind == 0 ? WMM_FENCE_DMB_ISH
               : kind == 1 ? WMM_FENCE_DMB_ISHLD : WMM_FENCE_DMB_ISHST;
    break;
  case A64_DSB:
    in.op = WMM_OP_FENCE;
    if ((rc = barrier_option(ic, &kind)) < 0)
      return rc;
    in.fence = kind == 2 ? WMM_FENCE_DSB_ST : WMM_FENCE_DSB;
    break;
  case A64_ISB:
    in.op = WMM_OP_FENCE;
    in.fence = WMM_FENCE_ISB;   /* SY: lit_ins_finish */
    break;
  case A64_NOP:
    break;
  }
  return lit_ins_finish(ic, &in);
}
