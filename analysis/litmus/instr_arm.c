/* instr_arm.c — ARM (ARMv7) instructions of herd7 litmus tests.
 *
 * Examples: MOV R0,#1 / MOV R1,R2 / LDR R0,[R1] / LDR R0,[R4,R1] /
 * STR R0,[%x0] / EOR R1,R0,R0 / ADD R1,R1,#1 / CMP R0,R1 / BNE LC00 /
 * DMB / DMB ST / DSB / DSB ST / ISB / LDREX R0,[R1] / STREX R2,R0,[R1].
 * Old tests also write `mov R1,1` and `ldr R1,R7` (no '#', no brackets).
 */
#include "internal.h"

#include <string.h>

typedef enum arm_form {
  ARM_MOV, ARM_LOAD, ARM_STORE, ARM_LDREX, ARM_STREX, ARM_ALU, ARM_CMP,
  ARM_BRANCH, ARM_JUMP, ARM_DMB, ARM_DSB, ARM_ISB, ARM_NOP
} arm_form;

typedef struct arm_op {
  const char *name;
  arm_form form;
  int arg;
} arm_op;

static const arm_op arm_ops[] = {
  {"MOV", ARM_MOV, 0},
  {"LDR", ARM_LOAD, 4}, {"LDRB", ARM_LOAD, 1}, {"LDRH", ARM_LOAD, 2},
  {"STR", ARM_STORE, 4}, {"STRB", ARM_STORE, 1}, {"STRH", ARM_STORE, 2},
  {"LDREX", ARM_LDREX, 4}, {"STREX", ARM_STREX, 4},
  {"EOR", ARM_ALU, WMM_ALU_XOR}, {"ADD", ARM_ALU, WMM_ALU_ADD},
  {"AND", ARM_ALU, WMM_ALU_AND}, {"ORR", ARM_ALU, WMM_ALU_OR},
  {"SUB", ARM_ALU, WMM_ALU_SUB},
  {"CMP", ARM_CMP, 0},
  {"BEQ", ARM_BRANCH, WMM_COND_EQ}, {"BNE", ARM_BRANCH, WMM_COND_NE},
  {"BLT", ARM_BRANCH, WMM_COND_LT}, {"BGE", ARM_BRANCH, WMM_COND_GE},
  {"BGT", ARM_BRANCH, WMM_COND_GT}, {"BLE", ARM_BRANCH, WMM_COND_LE},
  {"B", ARM_JUMP, 0},
  {"DMB", ARM_DMB, 0}, {"DSB", ARM_DSB, 0}, {"ISB", ARM_ISB, 0},
  {"NOP", ARM_NOP, 0},
  {NULL, 0, 0}
};

/* A register or an immediate (with or without '#'). */
static int reg_or_imm(lit_ins *ic, wmm_operand *o)
{
  lit_tok t = lit_peek(&ic->lx);
  if (t.kind == LIT_IDENT) {
    int r = lit_ins_reg(ic);
    if (r < 0)
      return r;
    *o = lit_opnd_reg(r);
    return 0;
  }
  wmm_val v;
  int rc = lit_ins_imm(ic, &v, 0);
  if (rc < 0)
    return rc;
  *o = lit_opnd_imm(v);
  return 0;
}

/* [Rn] / [Rn,Rm] / [Rn,#imm] / Rn. */
static int arm_addr(lit_ins *ic, wmm_addr *a)
{
  int rc;
  if (!lit_ins_accept(ic, "[")) {
    int r = lit_ins_reg(ic);
    if (r < 0)
      return r;
    a->base = lit_opnd_reg(r);
    return 0;
  }
  int r = lit_ins_reg(ic);
  if (r < 0)
    return r;
  a->base = lit_opnd_reg(r);
  if (lit_ins_accept(ic, ",")) {
    wmm_operand o;
    if ((rc = reg_or_imm(ic, &o)) < 0)
      return rc;
    if (o.kind == WMM_OPND_REG)
      a->index = o;
    else
      a->offset = o.imm;
  }
  return lit_ins_expect(ic, "]");
}

/* Optional DMB/DSB option: SY, ST, ISH, ISHST, ... ; *st = store-only. */
static int barrier_option(lit_ins *ic, int *st)
{
  static const char *const full[] = {"SY", "ISH", "OSH", "NSH", NULL};
  static const char *const stores[] = {"ST", "ISHST", "OSHST", "NSHST", NULL};
  lit_tok t = lit_peek(&ic->lx);
  *st = 0;
  if (t.kind == LIT_EOF)
    return 0;
  for (int i = 0; full[i]; i++)
    if (lit_is_ci(&t, full[i])) {
      lit_next(&ic->lx);
      return 0;
    }
  for (int i = 0; stores[i]; i++)
    if (lit_is_ci(&t, stores[i])) {
      lit_next(&ic->lx);
      *st = 1;
      return 0;
    }
  return lit_ins_fail(ic, "unknown barrier option");
}

int lit_arm_instr(lit_ins *ic)
{
  const void *found;
  int rc = lit_ins_start(ic, arm_ops, sizeof arm_ops[0], "ARM", &found);
  if (rc <= 0)
    return rc;
  const arm_op *op = found;
  wmm_instr in = wmm_instr_init(WMM_OP_NOP);
  int st;
  switch (op->form) {
  case ARM_MOV:
    in.op = WMM_OP_MOV;
    if ((rc = lit_ins_operands(ic, "d,", &in)) < 0 || (rc = reg_or_imm(ic, &in.a)) < 0)
      return rc;
    break;
  case ARM_LOAD:
  case ARM_LDREX:
  case ARM_STORE:
  case ARM_STREX:
    in.op = op->form == ARM_LDREX   ? WMM_OP_LOAD_EX
            : op->form == ARM_LOAD  ? WMM_OP_LOAD
            : op->form == ARM_STORE ? WMM_OP_STORE
                                    : WMM_OP_STORE_EX;
    if (op->form != ARM_STREX)
      in.width = op->arg;
    rc = lit_ins_operands(ic, op->form == ARM_STORE ? "a,"
                              : op->form == ARM_STREX ? "d,a," : "d,", &in);
    if (rc < 0 || (rc = arm_addr(ic, &in.addr)) < 0)
      return rc;
    break;
  case ARM_ALU:
  case ARM_CMP:
    in.op = op->form == ARM_ALU ? WMM_OP_ALU : WMM_OP_CMP;
    if (op->form == ARM_ALU)
      in.alu = (wmm_alu)op->arg;
    rc = lit_ins_operands(ic, op->form == ARM_ALU ? "d,a," : "a,", &in);
    if (rc < 0 || (rc = reg_or_imm(ic, &in.b)) < 0)
      return rc;
    break;
  case ARM_BRANCH:
  case ARM_JUMP:
    in.op = op->form == ARM_JUMP ? WMM_OP_JUMP : WMM_OP_BRANCH;
    in.cond = op->form == ARM_JUMP ? WMM_COND_ALWAYS : (wmm_cond)op->arg;
    rc = lit_ins_branch(ic, &in);
    return rc < 0 ? rc : 0;
  case ARM_DMB:
  case ARM_DSB:
    in.op = WMM_OP_FENCE;
    if ((rc = barrier_option(ic, &st)) < 0)
      return rc;
    if (op->form == ARM_DMB)
      in.fence = st ? WMM_FENCE_DMB_ST : WMM_FENCE_DMB;
    else
      in.fence = st ? WMM_FENCE_DSB_ST : WMM_FENCE_DSB;
    break;
  case ARM_ISB:
    in.op = WMM_OP_FENCE;
    in.fence = WMM_FENCE_ISB;   /* SY: lit_ins_finish */
    break;
  case ARM_NOP:
    break;
  }
  return lit_ins_finish(ic, &in);
}
