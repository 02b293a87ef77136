/* instr_ppc.c — PPC instructions of herd7 litmus tests.
 *
 * Examples: li r1,1 / lwz r1,0(r2) / lwzx r4,r3,r2 / stw r1,0(r2) /
 * xor r3,r1,r1 / cmpw r1,r2 / beq LC00 / LC00: / lwsync / lwarx r1,0,r2 /
 * stwcx. r1,0,r2.  Addresses: lwz r1,8(r2) = base r2 + offset 8;
 * lwzx r1,r3,r2 = base r3 + index r2 (RA = 0 means no base).
 */
#include "internal.h"

#include <string.h>

typedef enum ppc_form {
  PPC_LI, PPC_MR, PPC_LOAD, PPC_LOADX, PPC_STORE, PPC_STOREX, PPC_ALU,
  PPC_ALUI, PPC_CMP, PPC_CMPI, PPC_BRANCH, PPC_JUMP, PPC_FENCE, PPC_LARX,
  PPC_STCX, PPC_NOP
} ppc_form;

typedef struct ppc_op {
  const char *name;
  ppc_form form;
  int arg;        /* width, wmm_alu, wmm_cond or wmm_fence */
} ppc_op;

static const ppc_op ppc_ops[] = {
  {"li", PPC_LI, 0}, {"mr", PPC_MR, 0},
  {"lwz", PPC_LOAD, 4}, {"ld", PPC_LOAD, 8}, {"lbz", PPC_LOAD, 1},
  {"lhz", PPC_LOAD, 2}, {"lwa", PPC_LOAD, 4},
  {"lwzx", PPC_LOADX, 4}, {"ldx", PPC_LOADX, 8}, {"lbzx", PPC_LOADX, 1},
  {"lhzx", PPC_LOADX, 2},
  {"stw", PPC_STORE, 4}, {"std", PPC_STORE, 8}, {"stb", PPC_STORE, 1},
  {"sth", PPC_STORE, 2},
  {"stwx", PPC_STOREX, 4}, {"stdx", PPC_STOREX, 8}, {"stbx", PPC_STOREX, 1},
  {"sthx", PPC_STOREX, 2},
  {"xor", PPC_ALU, WMM_ALU_XOR}, {"add", PPC_ALU, WMM_ALU_ADD},
  {"and", PPC_ALU, WMM_ALU_AND}, {"or", PPC_ALU, WMM_ALU_OR},
  {"sub", PPC_ALU, WMM_ALU_SUB},
  {"addi", PPC_ALUI, WMM_ALU_ADD}, {"xori", PPC_ALUI, WMM_ALU_XOR},
  {"ori", PPC_ALUI, WMM_ALU_OR}, {"andi.", PPC_ALUI, WMM_ALU_AND},
  {"subi", PPC_ALUI, WMM_ALU_SUB},
  {"cmpw", PPC_CMP, 0}, {"cmpd", PPC_CMP, 0}, {"cmplw", PPC_CMP, 0},
  {"cmpwi", PPC_CMPI, 0}, {"cmpdi", PPC_CMPI, 0}, {"cmplwi", PPC_CMPI, 0},
  {"beq", PPC_BRANCH, WMM_COND_EQ}, {"bne", PPC_BRANCH, WMM_COND_NE},
  {"blt", PPC_BRANCH, WMM_COND_LT}, {"bge", PPC_BRANCH, WMM_COND_GE},
  {"bgt", PPC_BRANCH, WMM_COND_GT}, {"ble", PPC_BRANCH, WMM_COND_LE},
  {"b", PPC_JUMP, 0},
  {"sync", PPC_FENCE, WMM_FENCE_SYNC}, {"hwsync", PPC_FENCE, WMM_FENCE_SYNC},
  {"lwsync", PPC_FENCE, WMM_FENCE_LWSYNC},
  {"isync", PPC_FENCE, WMM_FENCE_ISYNC}, {"eieio", PPC_FENCE, WMM_FENCE_EIEIO},
  {"lwarx", PPC_LARX, 4}, {"ldarx", PPC_LARX, 8},
  {"stwcx.", PPC_STCX, 4}, {"stdcx.", PPC_STCX, 8},
  {"nop", PPC_NOP, 0},
  {NULL, 0, 0}
};

/* d(rA) or d,rA after the first operand. */
static int dform_addr(lit_ins *ic, wmm_addr *a)
{
  wmm_val d;
  int rc = lit_ins_imm(ic, &d, 0);
  if (rc < 0)
    return rc;
  int paren = lit_ins_accept(ic, "(");
  if (!paren && (rc = lit_ins_expect(ic, ",")) < 0)
    return rc;
  int r = lit_ins_reg(ic);
  if (r < 0)
    return r;
  if (paren && (rc = lit_ins_expect(ic, ")")) < 0)
    return rc;
  a->base = lit_opnd_reg(r);
  a->offset = d;
  return 0;
}

/* rA,rB with rA = 0 meaning no base. */
static int xform_addr(lit_ins *ic, wmm_addr *a)
{
  lit_tok t = lit_peek(&ic->lx);
  int ra = -1, rc;
  if (t.kind == LIT_NUM) {
    if (t.num != 0)
      return lit_ins_fail(ic, "expected a register or 0");
    lit_next(&ic->lx);
  } else if ((ra = lit_ins_reg(ic)) < 0)
    return ra;
  if ((rc = lit_ins_expect(ic, ",")) < 0)
    return rc;
  int rb = lit_ins_reg(ic);
  if (rb < 0)
    return rb;
  if (ra >= 0) {
    a->base = lit_opnd_reg(ra);
    a->index = lit_opnd_reg(rb);
  } else
    a->base = lit_opnd_reg(rb);
  return 0;
}

int lit_ppc_instr(lit_ins *ic)
{
  const void *found;
  int rc = lit_ins_start(ic, ppc_ops, sizeof ppc_ops[0], "PPC", &found);
  if (rc <= 0)
    return rc;
  const ppc_op *op = found;
  wmm_instr in = wmm_instr_init(WMM_OP_NOP);
  switch (op->form) {
  case PPC_LI:
  case PPC_MR:
    in.op = WMM_OP_MOV;
    rc = lit_ins_operands(ic, op->form == PPC_LI ? "d,A" : "d,a", &in);
    break;
  case PPC_LOAD:
  case PPC_LOADX:
  case PPC_LARX:
    in.op = op->form == PPC_LARX ? WMM_OP_LOAD_EX : WMM_OP_LOAD;
    in.width = op->arg;
    if ((rc = lit_ins_operands(ic, "d,", &in)) < 0)
      return rc;
    rc = op->form == PPC_LOAD ? dform_addr(ic, &in.addr)
                              : xform_addr(ic, &in.addr);
    break;
  case PPC_STORE:
  case PPC_STOREX:
  case PPC_STCX:
    in.op = op->form == PPC_STCX ? WMM_OP_STORE_EX : WMM_OP_STORE;
    in.width = op->arg;
    if ((rc = lit_ins_operands(ic, "a,", &in)) < 0)
      return rc;
    rc = op->form == PPC_STORE ? dform_addr(ic, &in.addr)
                               : xform_addr(ic, &in.addr);
    break;
  case PPC_ALU:
  case PPC_ALUI:
    in.op = WMM_OP_ALU;
    in.alu = (wmm_alu)op->arg;
    rc = lit_ins_operands(ic, op->form == PPC_ALU ? "d,a,b" : "d,a,B", &in);
    break;
  case PPC_CMP:
  case PPC_CMPI:
    in.op = WMM_OP_CMP;
    rc = lit_ins_operands(ic, op->form == PPC_CMP ? "a,b" : "a,B", &in);
    break;
  case PPC_BRANCH:
  case PPC_JUMP:
    in.op = op->form == PPC_JUMP ? WMM_OP_JUMP : WMM_OP_BRANCH;
    in.cond = op->form == PPC_JUMP ? WMM_COND_ALWAYS : (wmm_cond)op->arg;
    return lit_ins_branch(ic, &in);
  case PPC_FENCE:
    in.op = WMM_OP_FENCE;
    in.fence = (wmm_fence)op->arg;
    break;
  case PPC_NOP:
    break;
  }
  if (rc < 0 || (rc = lit_ins_end(ic)) < 0)
    return rc;
  rc = lit_ins_emit(ic, &in);
  return rc < 0 ? rc : 0;
}
