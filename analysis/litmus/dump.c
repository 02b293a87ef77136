/* dump.c — a readable dump of the program IR, for debugging and for
 * tests that check what the parser built.
 *
 * Example (PPC MP+lwsync+addr, thread 1):
 *   thread 1 P1
 *     reg 0 r1 = 0
 *     reg 1 r2 = &y
 *     0 @13 r1 = load4 [r2] hint y                 ; lwz r1,0(r2)
 *     1 @14 r3 = xor r1, r1                        ; xor r3,r1,r1
 *     2 @15 r4 = load4 [r3 + r5] hint x            ; lwzx r4,r3,r5
 * An unknown address that may touch only some locations (wmm_addr.alias)
 * shows them: `hint ? may {x y}`.
 */
#include "internal.h"

#include <string.h>

static void value(const wmm_program *p, wmm_val v, wmm_strbuf *out)
{
  int l = wmm_addr_loc(p, v);
  if (l >= 0 && v == wmm_loc_addr(l))
    wmm_strbuf_printf(out, "&%s", p->locs[l].name);
  else if (l >= 0)
    wmm_strbuf_printf(out, "&%s+%lld", p->locs[l].name,
                      (long long)(v - wmm_loc_addr(l)));
  else
    wmm_strbuf_printf(out, "%lld", (long long)v);
}

static void operand(const wmm_program *p, const wmm_thread *t,
                    const wmm_operand *o, wmm_strbuf *out)
{
  switch (o->kind) {
  case WMM_OPND_NONE: wmm_strbuf_puts(out, "_"); break;
  case WMM_OPND_REG:
    if (o->reg >= 0 && o->reg < t->nregs)
      wmm_strbuf_puts(out, t->regs[o->reg].name);
    else
      wmm_strbuf_printf(out, "?r%d", o->reg);
    break;
  case WMM_OPND_IMM: value(p, o->imm, out); break;
  }
}

static void reg(const wmm_thread *t, int r, wmm_strbuf *out)
{
  if (r >= 0 && r < t->nregs)
    wmm_strbuf_puts(out, t->regs[r].name);
  else
    wmm_strbuf_printf(out, "?r%d", r);
}

static void address(const wmm_program *p, const wmm_thread *t,
                    const wmm_instr *in, wmm_strbuf *out)
{
  wmm_strbuf_puts(out, "[");
  operand(p, t, &in->addr.base, out);
  if (in->addr.index.kind != WMM_OPND_NONE) {
    wmm_strbuf_puts(out, " + ");
    operand(p, t, &in->addr.index, out);
  }
  if (in->addr.offset)
    wmm_strbuf_printf(out, " + %lld", (long long)in->addr.offset);
  wmm_strbuf_puts(out, "]");
  if (in->addr.loc_hint >= 0 && in->addr.loc_hint < p->nlocs)
    wmm_strbuf_printf(out, " hint %s", p->locs[in->addr.loc_hint].name);
  else
    wmm_strbuf_puts(out, " hint ?");
  if (in->addr.loc_hint < 0 && in->addr.alias >= 0 &&
      in->addr.alias < p->naliases) {
    const wmm_locset *a = &p->aliases[in->addr.alias];
    wmm_strbuf_puts(out, " may {");
    for (int k = 0; k < a->n; k++)
      wmm_strbuf_printf(out, "%s%s", k ? " " : "", p->locs[a->locs[k]].name);
    wmm_strbuf_puts(out, "}");
  }
}

static const char *const alu_names[] = {"add", "sub", "xor", "and", "or",
                                        "second", "mul", "udiv", "sdiv",
                                        "urem", "srem", "shl", "lshr",
                                        "ashr"};
static const char *const cond_names[] = {"always", "eq", "ne", "lt", "ge",
                                         "gt", "le", "zero", "nonzero", "any"};

static void instr(const wmm_program *p, const wmm_thread *t,
                  const wmm_instr *in, wmm_strbuf *out)
{
  const char *alu = (unsigned)in->alu <= WMM_ALU_ASHR ? alu_names[in->alu]
                                                      : "?";
  if (in->dst >= 0 && in->op != WMM_OP_STORE_EX) {
    reg(t, in->dst, out);
    wmm_strbuf_puts(out, " = ");
  }
  switch (in->op) {
  case WMM_OP_NOP: wmm_strbuf_puts(out, "nop"); break;
  case WMM_OP_MOV: operand(p, t, &in->a, out); break;
  case WMM_OP_ALU:
    wmm_strbuf_printf(out, "%s ", alu);
    operand(p, t, &in->a, out);
    wmm_strbuf_puts(out, ", ");
    operand(p, t, &in->b, out);
    break;
  case WMM_OP_LOAD:
  case WMM_OP_LOAD_EX:
    wmm_strbuf_printf(out, "%s%d ", in->op == WMM_OP_LOAD ? "load" : "load_ex",
                      in->width);
    address(p, t, in, out);
    break;
  case WMM_OP_STORE:
  case WMM_OP_STORE_EX:
    wmm_strbuf_printf(out, "%s%d ", in->op == WMM_OP_STORE ? "store"
                                                           : "store_ex",
                      in->width);
    address(p, t, in, out);
    wmm_strbuf_puts(out, " <- ");
    operand(p, t, &in->a, out);
    if (in->op == WMM_OP_STORE_EX && in->dst >= 0) {
      wmm_strbuf_puts(out, " status ");
      reg(t, in->dst, out);
    }
    break;
  case WMM_OP_RMW:
    wmm_strbuf_printf(out, "rmw%d.%s ", in->width, alu);
    address(p, t, in, out);
    wmm_strbuf_puts(out, ", ");
    operand(p, t, &in->a, out);
    break;
  case WMM_OP_FENCE:
    /* "fence sync", "fence seq_cst" (the C names already say fence). */
    wmm_strbuf_printf(out, "%s%s",
                      strncmp(wmm_fence_name(in->fence), "fence", 5) == 0
                          ? "" : "fence ", wmm_fence_name(in->fence));
    break;
  case WMM_OP_CMP:
    wmm_strbuf_puts(out, "cmp ");
    operand(p, t, &in->a, out);
    wmm_strbuf_puts(out, ", ");
    operand(p, t, &in->b, out);
    break;
  case WMM_OP_BRANCH:
    wmm_strbuf_printf(out, "branch %s ", (unsigned)in->cond <= WMM_COND_ANY
                                             ? cond_names[in->cond] : "?");
    if (in->cond == WMM_COND_ZERO || in->cond == WMM_COND_NONZERO) {
      operand(p, t, &in->a, out);
      wmm_strbuf_puts(out, " ");
    }
    wmm_strbuf_printf(out, "-> %d", in->target);
    break;
  case WMM_OP_JUMP: wmm_strbuf_printf(out, "jump -> %d", in->target); break;
  case WMM_OP_CALL: wmm_strbuf_printf(out, "call %d", in->target); break;
  case WMM_OP_NONDET: wmm_strbuf_printf(out, "r%d = nondet", in->dst); break;
  default: wmm_strbuf_printf(out, "op%d", (int)in->op); break;
  }
  static const char *const flag_names[] = {"acq", "rel", "acqpc", "atomic",
                                           "dep_addr", "dep_data", "dep_ctrl",
                                           NULL, "section", "section_lw",
                                           "seqcst", "order_fence"};
  for (int f = 0; f < 12; f++)
    if (flag_names[f] && (in->flags & (1u << f)))
      wmm_strbuf_printf(out, " %s", flag_names[f]);
  if (in->freq != 1.0)
    wmm_strbuf_printf(out, " freq %g", in->freq);
}

void wmm_litmus_dump(const wmm_program *p, int flags, wmm_strbuf *out)
{
  wmm_strbuf_printf(out, "program %s arch %s\n", p->name ? p->name : "",
                    wmm_arch_name(p->arch));
  if (p->doc)
    wmm_strbuf_printf(out, "doc \"%s\"\n", p->doc);
  for (int i = 0; i < p->nmeta; i++)
    wmm_strbuf_printf(out, "meta %s\n", p->meta[i]);
  for (int l = 0; l < p->nlocs; l++) {
    const wmm_location *loc = &p->locs[l];
    wmm_strbuf_printf(out, "loc %d %s = ", l, loc->name);
    value(p, loc->init, out);
    if (loc->width != 4)
      wmm_strbuf_printf(out, " width %d", loc->width);
    if (loc->is_private)
      wmm_strbuf_puts(out, " private");
    if (loc->one_writer)
      wmm_strbuf_puts(out, " one-writer");
    wmm_strbuf_puts(out, "\n");
  }
  for (int ti = 0; ti < p->nthreads; ti++) {
    const wmm_thread *t = &p->threads[ti];
    wmm_strbuf_printf(out, "thread %d %s", ti, t->name);
    if (t->instances != 1 || t->entry != 1)
      wmm_strbuf_printf(out, " instances %d entry %d", t->instances,
                        t->entry);
    wmm_strbuf_puts(out, "\n");
    for (int r = 0; r < t->nregs; r++) {
      wmm_strbuf_printf(out, "  reg %d %s = ", r, t->regs[r].name);
      value(p, t->regs[r].init, out);
      wmm_strbuf_puts(out, "\n");
    }
    for (int l = 0; l < t->nlabels; l++)
      wmm_strbuf_printf(out, "  label %s -> %d\n", t->labels[l].name,
                        t->labels[l].index);
    for (int i = 0; i < t->ncode; i++) {
      const wmm_instr *in = &t->code[i];
      size_t start = out->len;
      wmm_strbuf_printf(out, "  %d ", i);
      if (!(flags & WMM_DUMP_NO_POS))
        wmm_strbuf_printf(out, "@%d ", in->pos.line);
      instr(p, t, in, out);
      if (in->text) {
        size_t col = out->len - start;
        wmm_strbuf_printf(out, "%*s; %s", col < 48 ? (int)(48 - col) : 1, "",
                          in->text);
      }
      wmm_strbuf_puts(out, "\n");
    }
  }
  static const char *const quant[] = {"exists", "~exists", "forall"};
  wmm_strbuf_printf(out, "cond %s ", (unsigned)p->quant <= WMM_QUANT_FORALL
                                         ? quant[p->quant] : "?");
  if (p->cond)
    lit_print_prop(p, p->cond, 4, out);
  else
    wmm_strbuf_puts(out, "none");
  wmm_strbuf_puts(out, "\n");
  if (p->nobserved || p->nobserved_regs) {
    wmm_strbuf_puts(out, "observed");
    for (int i = 0; i < p->nobserved; i++)
      if (p->observed[i] >= 0 && p->observed[i] < p->nlocs)
        wmm_strbuf_printf(out, " %s", p->locs[p->observed[i]].name);
    for (int i = 0; i < p->nobserved_regs; i++) {
      int t = p->observed_regs[2 * i], r = p->observed_regs[2 * i + 1];
      wmm_strbuf_printf(out, " %d:", t);
      if (t >= 0 && t < p->nthreads)
        reg(&p->threads[t], r, out);
    }
    wmm_strbuf_puts(out, "\n");
  }
}
