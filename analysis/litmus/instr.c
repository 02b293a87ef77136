/* instr.c — helpers shared by the per-syntax instruction parsers:
 * registers (names valid per syntax, AArch64 W/X aliasing), immediates,
 * punctuation, labels, branches and appending the parsed instruction.
 *
 * Example (PPC "li r1,1"):
 *   int r = lit_ins_reg(ic); lit_ins_expect(ic, ","); lit_ins_imm(ic, &v, 0);
 *   wmm_instr in = wmm_instr_init(WMM_OP_MOV); in.dst = r; ...
 *   lit_ins_emit(ic, &in);
 */
#include "internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "<prefix><n>" with lo <= n <= hi and no leading zeros. */
static int numbered(const char *name, const char *prefix, int hi)
{
  size_t n = strlen(prefix);
  if (strncmp(name, prefix, n) != 0)
    return 0;
  const char *d = name + n;
  if (!*d || strlen(d) > 2 || (d[0] == '0' && d[1]))
    return 0;
  for (const char *q = d; *q; q++)
    if (!isdigit((unsigned char)*q))
      return 0;
  return atoi(d) <= hi;
}

static int symbolic(const char *name)
{
  if (name[0] != '%' || !name[1])
    return 0;
  for (const char *q = name + 1; *q; q++)
    if (!isalnum((unsigned char)*q) && *q != '_')
      return 0;
  return 1;
}

int lit_ppc_reg_ok(const char *name)
{
  return numbered(name, "r", 31) || symbolic(name);
}

int lit_arm_reg_ok(const char *name)
{
  return numbered(name, "R", 15) || !strcmp(name, "SP") ||
         !strcmp(name, "LR") || symbolic(name);
}

int lit_aarch64_reg_ok(const char *name)
{
  return numbered(name, "W", 30) || numbered(name, "X", 30) ||
         symbolic(name);
}

int lit_x86_reg_ok(const char *name)
{
  static const char *const regs[] = {
    "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP",
    "RAX", "RBX", "RCX", "RDX", "RSI", "RDI", "RBP", "RSP",
    "R8D", "R9D", "R10D", "R11D", "R12D", "R13D", "R14D", "R15D",
    "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15", NULL};
  for (int i = 0; regs[i]; i++)
    if (!strcmp(name, regs[i]))
      return 1;
  return 0;
}

int lit_c_reg_ok(const char *name)
{
  if (!(isalpha((unsigned char)name[0]) || name[0] == '_'))
    return 0;
  for (const char *q = name; *q; q++)
    if (!isalnum((unsigned char)*q) && *q != '_')
      return 0;
  return 1;
}

int lit_reg_ok(wmm_arch a, const char *name)
{
  switch (a) {
  case WMM_ARCH_PPC: return lit_ppc_reg_ok(name);
  case WMM_ARCH_ARM: return lit_arm_reg_ok(name);
  case WMM_ARCH_AARCH64: return lit_aarch64_reg_ok(name);
  case WMM_ARCH_X86: return lit_x86_reg_ok(name);
  case WMM_ARCH_C: return lit_c_reg_ok(name);
  default: return 0;
  }
}

/* AArch64: the other spelling of W<n>/X<n> ("" when none). */
static void aarch64_alias(const char *name, char *alias, size_t size)
{
  alias[0] = 0;
  if ((name[0] == 'W' || name[0] == 'X') && isdigit((unsigned char)name[1]))
    snprintf(alias, size, "%c%s", name[0] == 'W' ? 'X' : 'W', name + 1);
}

int lit_thread_reg(lit_ctx *c, int ti, const char *name, int line)
{
  wmm_thread *t = &c->p->threads[ti];
  if (!lit_reg_ok(c->p->arch, name))
    return lit_fail(c, WMM_ERR_SYNTAX, line, "bad register '%s' for %s",
                    name, wmm_arch_name(c->p->arch));
  int r = wmm_thread_find_reg(t, name);
  if (r >= 0)
    return r;
  if (c->p->arch == WMM_ARCH_AARCH64) {
    char alias[16];
    aarch64_alias(name, alias, sizeof alias);
    if (alias[0] && (r = wmm_thread_find_reg(t, alias)) >= 0)
      return r;
  }
  if (t->nregs >= LIT_MAX_REGS)
    return lit_fail(c, WMM_ERR_LIMIT, line,
                    "too many registers in %s (limit %d)", t->name,
                    LIT_MAX_REGS);
  r = wmm_thread_reg(t, name);
  if (r < 0)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  return r;
}

int lit_aarch64_rename(lit_ctx *c, int ti, int r, const char *name, int line)
{
  wmm_thread *t = &c->p->threads[ti];
  if (!strcmp(t->regs[r].name, name))
    return 0;
  size_t n = strlen(name) + 1;
  char *d = malloc(n);
  if (!d)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  memcpy(d, name, n);
  free(t->regs[r].name);
  t->regs[r].name = d;
  return 0;
}

int lit_ins_fail(lit_ins *ic, const char *fmt, ...)
{
  char msg[400], text[80];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t n = ic->textlen < sizeof text - 1 ? ic->textlen : sizeof text - 1;
  memcpy(text, ic->text, n);
  text[n] = 0;
  for (size_t i = 0; i < n; i++)
    if (!isprint((unsigned char)text[i]))
      text[i] = '?';
  return lit_fail(ic->c, WMM_ERR_SYNTAX, ic->line, "%s in '%s'", msg, text);
}

/* Describe token t for a message. */
static void describe(const lit_tok *t, char *buf, size_t size)
{
  if (t->kind == LIT_EOF)
    snprintf(buf, size, "end of instruction");
  else {
    char s[40];
    lit_tok_str(t, s, sizeof s);
    snprintf(buf, size, "'%s'", s);
  }
}

int lit_ins_reg(lit_ins *ic)
{
  lit_tok t = lit_next(&ic->lx);
  char name[LIT_MAX_NAME + 2], what[64];
  if (t.kind != LIT_IDENT) {
    describe(&t, what, sizeof what);
    return lit_ins_fail(ic, "expected a register, found %s", what);
  }
  if (t.len > LIT_MAX_NAME)
    return lit_ins_fail(ic, "register name too long (limit %d characters)",
                        LIT_MAX_NAME);
  lit_tok_str(&t, name, sizeof name);
  if (!lit_reg_ok(ic->c->p->arch, name))
    return lit_ins_fail(ic, "bad register '%s'", name);
  return lit_thread_reg(ic->c, ic->ti, name, ic->line);
}

int lit_ins_imm(lit_ins *ic, wmm_val *v, int need_prefix)
{
  lit_tok t = lit_next(&ic->lx);
  char what[64];
  int had = 0;
  if (lit_is(&t, "#") || lit_is(&t, "$")) {
    had = 1;
    t = lit_next(&ic->lx);
  }
  if (need_prefix && !had) {
    describe(&t, what, sizeof what);
    return lit_ins_fail(ic, "expected an immediate, found %s", what);
  }
  int neg = 0;
  if (lit_is(&t, "-")) {
    neg = 1;
    t = lit_next(&ic->lx);
  }
  if (t.kind == LIT_BAD)
    return lit_ins_fail(ic, "%s", t.msg);
  if (t.kind != LIT_NUM) {
    describe(&t, what, sizeof what);
    return lit_ins_fail(ic, "expected a number, found %s", what);
  }
  *v = neg ? -t.num : t.num;
  return 0;
}

int lit_ins_accept(lit_ins *ic, const char *s)
{
  lit_tok t = lit_peek(&ic->lx);
  if (lit_is(&t, s)) {
    lit_next(&ic->lx);
    return 1;
  }
  return 0;
}

int lit_ins_expect(lit_ins *ic, const char *s)
{
  lit_tok t = lit_next(&ic->lx);
  if (lit_is(&t, s))
    return 0;
  char what[64];
  describe(&t, what, sizeof what);
  return lit_ins_fail(ic, "expected '%s', found %s", s, what);
}

int lit_ins_end(lit_ins *ic)
{
  lit_tok t = lit_next(&ic->lx);
  if (t.kind == LIT_EOF)
    return 0;
  char what[64];
  describe(&t, what, sizeof what);
  return lit_ins_fail(ic, "unexpected %s", what);
}

int lit_ins_emit(lit_ins *ic, wmm_instr *in)
{
  lit_ctx *c = ic->c;
  wmm_thread *t = &c->p->threads[ic->ti];
  if (t->ncode >= LIT_MAX_CODE)
    return lit_fail(c, WMM_ERR_LIMIT, ic->line,
                    "too many instructions in %s (limit %d)", t->name,
                    LIT_MAX_CODE);
  char *text = malloc(ic->textlen + 1);
  if (!text)
    return lit_fail(c, WMM_ERR_NOMEM, ic->line, "out of memory");
  memcpy(text, ic->text, ic->textlen);
  text[ic->textlen] = 0;
  in->pos.file = -1;
  in->pos.line = ic->line;
  in->pos.col = ic->col;
  in->text = text;
  int k = wmm_thread_append(t, in);
  free(text);
  in->text = NULL;
  if (k < 0)
    return lit_fail(c, WMM_ERR_NOMEM, ic->line, "out of memory");
  return k;
}

int lit_ins_branch(lit_ins *ic, wmm_instr *in)
{
  lit_tok t = lit_next(&ic->lx);
  if (t.kind != LIT_IDENT || t.s[0] == '%') {
    char what[64];
    describe(&t, what, sizeof what);
    return lit_ins_fail(ic, "expected a label, found %s", what);
  }
  if (t.len > LIT_MAX_NAME)
    return lit_ins_fail(ic, "label too long (limit %d characters)",
                        LIT_MAX_NAME);
  char name[LIT_MAX_NAME + 2];
  lit_tok_str(&t, name, sizeof name);
  int rc = lit_ins_end(ic);
  if (rc < 0)
    return rc;
  lit_ctx *c = ic->c;
  int k = lit_ins_emit(ic, in);
  if (k < 0)
    return k;
  if (c->nfix >= c->capfix) {
    int ncap = c->capfix ? 2 * c->capfix : 16;
    lit_fixup *q = realloc(c->fix, (size_t)ncap * sizeof *q);
    if (!q)
      return lit_fail(c, WMM_ERR_NOMEM, ic->line, "out of memory");
    c->fix = q;
    c->capfix = ncap;
  }
  char *d = malloc(strlen(name) + 1);
  if (!d)
    return lit_fail(c, WMM_ERR_NOMEM, ic->line, "out of memory");
  strcpy(d, name);
  c->fix[c->nfix++] = (lit_fixup){ic->ti, k, ic->line, d};
  return k;
}

int lit_ins_label(lit_ins *ic)
{
  lit_lexer save = ic->lx;
  lit_tok t = lit_next(&ic->lx);
  lit_tok colon = lit_next(&ic->lx);
  if (t.kind != LIT_IDENT || !lit_is(&colon, ":") || t.s[0] == '%') {
    ic->lx = save;
    return 0;
  }
  if (t.len > LIT_MAX_NAME)
    return lit_ins_fail(ic, "label too long (limit %d characters)",
                        LIT_MAX_NAME);
  char name[LIT_MAX_NAME + 2];
  lit_tok_str(&t, name, sizeof name);
  wmm_thread *th = &ic->c->p->threads[ic->ti];
  int l = wmm_thread_find_label(th, name);
  if (l >= 0 && th->labels[l].index >= 0)
    return lit_ins_fail(ic, "label '%s' defined twice", name);
  if (th->nlabels >= LIT_MAX_CODE)
    return lit_fail(ic->c, WMM_ERR_LIMIT, ic->line,
                    "too many labels in %s (limit %d)", th->name,
                    LIT_MAX_CODE);
  if (wmm_thread_label(th, name, th->ncode) < 0)
    return lit_fail(ic->c, WMM_ERR_NOMEM, ic->line, "out of memory");
  /* The rest of the cell, if any, is an instruction. */
  const char *rest = ic->lx.p;
  while (rest < ic->text + ic->textlen && isspace((unsigned char)*rest))
    rest++;
  size_t consumed = (size_t)(rest - ic->text);
  ic->textlen -= consumed;
  ic->text = rest;
  return 1;
}

int lit_ins_start(lit_ins *ic, const void *table, size_t stride,
                  const char *arch, const void **op)
{
  int rc = lit_ins_label(ic);
  if (rc < 0 || (rc == 1 && ic->textlen == 0))
    return rc < 0 ? rc : 0;
  lit_tok m = lit_next(&ic->lx);
  for (const char *e = table; *(const char *const *)e; e += stride)
    if (lit_is_ci(&m, *(const char *const *)e)) {
      *op = e;
      return 1;
    }
  char name[40];
  lit_tok_str(&m, name, sizeof name);
  return lit_ins_fail(ic, "unknown %s instruction '%s'", arch, name);
}

int lit_ins_operands(lit_ins *ic, const char *shape, wmm_instr *in)
{
  for (const char *k = shape; *k; k++) {
    int r = 0;
    wmm_val v;
    wmm_operand *o = (*k == 'a' || *k == 'A') ? &in->a : &in->b;
    switch (*k) {
    case ',':
      r = lit_ins_expect(ic, ",");
      break;
    case 'd':
      if ((r = lit_ins_reg(ic)) >= 0)
        in->dst = r;
      break;
    case 'a':
    case 'b':
      if ((r = lit_ins_reg(ic)) >= 0)
        *o = lit_opnd_reg(r);
      break;
    default: /* 'A', 'B' */
      if ((r = lit_ins_imm(ic, &v, 0)) >= 0)
        *o = lit_opnd_imm(v);
      break;
    }
    if (r < 0)
      return r;
  }
  return 0;
}

int lit_ins_finish(lit_ins *ic, wmm_instr *in)
{
  int rc;
  if (in->op == WMM_OP_FENCE && in->fence == WMM_FENCE_ISB &&
      lit_peek(&ic->lx).kind == LIT_IDENT) {
    lit_tok t = lit_next(&ic->lx);
    if (!lit_is_ci(&t, "SY"))
      return lit_ins_fail(ic, "unknown barrier option");
  }
  if ((rc = lit_ins_end(ic)) < 0)
    return rc;
  rc = lit_ins_emit(ic, in);
  return rc < 0 ? rc : 0;
}
