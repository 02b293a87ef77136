/* instr_c.c — the C syntax of herd7 litmus tests: one function per thread,
 * whose pointer parameters name the shared locations.
 *
 * Example:
 *   P0 (volatile int* y, volatile int* x) {
 *     *x = 2;                                   // store
 *     int r0 = *x;                              // load
 *     r1 = atomic_load_explicit(y, memory_order_acquire);
 *     atomic_store_explicit(y, 1, memory_order_release);
 *     int r2 = atomic_exchange_explicit(x, 3, memory_order_seq_cst);
 *     atomic_thread_fence(memory_order_seq_cst);  // or smp_mb();
 *     r3 = r0 ^ r0;
 *   }
 * Each statement is one instruction whose text is the statement (blanks
 * collapsed); a declaration without a value is a NOP that keeps its text.
 * Locations are addressed directly (base = the location's address), as in
 * X86.  Control flow (if, loops) is not supported.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct c_parser {
  lit_ctx *c;
  lit_lexer *lx;
  int ti;
  char **params;       /* parameter names of the current thread */
  int nparams;
} c_parser;

static int c_fail(c_parser *cp, int line, const char *fmt, const lit_tok *t)
{
  char got[48];
  if (!t || t->kind == LIT_EOF)
    strcpy(got, "end of file");
  else if (t->kind == LIT_BAD)
    snprintf(got, sizeof got, "%s", t->msg);
  else {
    char s[40];
    lit_tok_str(t, s, sizeof s);
    snprintf(got, sizeof got, "'%s'", s);
  }
  return lit_fail(cp->c, WMM_ERR_SYNTAX, line, fmt, got);
}

static int expect(c_parser *cp, const char *s)
{
  lit_tok t = lit_next(cp->lx);
  if (lit_is(&t, s))
    return 0;
  char fmt[64];
  snprintf(fmt, sizeof fmt, "expected '%s', found %%s", s);
  return c_fail(cp, t.line, fmt, &t);
}

static int is_type_word(const lit_tok *t)
{
  static const char *const words[] = {"int", "long", "char", "short",
    "unsigned", "signed", "volatile", "const", "_Atomic", "atomic_int",
    "atomic_long", "atomic_uint", "int8_t", "uint8_t", "int16_t", "uint16_t",
    "int32_t", "uint32_t", "int64_t", "uint64_t", "intptr_t", "uintptr_t",
    "bool", NULL};
  for (int i = 0; words[i]; i++)
    if (lit_is(t, words[i]))
      return 1;
  return 0;
}

static int is_param(const c_parser *cp, const lit_tok *t)
{
  for (int i = 0; i < cp->nparams; i++)
    if ((size_t)t->len == strlen(cp->params[i]) &&
        memcmp(t->s, cp->params[i], (size_t)t->len) == 0)
      return 1;
  return 0;
}

static int tok_name(c_parser *cp, const lit_tok *t, char *buf)
{
  if (t->kind != LIT_IDENT || t->s[0] == '%' || memchr(t->s, '.', (size_t)t->len))
    return c_fail(cp, t->line, "expected a name, found %s", t);
  if (t->len > LIT_MAX_NAME)
    return lit_fail(cp->c, WMM_ERR_LIMIT, t->line,
                    "name too long (limit %d characters)", LIT_MAX_NAME);
  lit_tok_str(t, buf, LIT_MAX_NAME + 2);
  return 0;
}

/* Register of the current thread named by t. */
static int c_reg(c_parser *cp, const lit_tok *t)
{
  char name[LIT_MAX_NAME + 2];
  int rc = tok_name(cp, t, name);
  if (rc < 0)
    return rc;
  return lit_thread_reg(cp->c, cp->ti, name, t->line);
}

/* The address named by a pointer expression: a parameter (location) or a
 * register holding a pointer.  Accepts `x`, `*x` is handled by callers. */
static int c_pointer(c_parser *cp, wmm_addr *a)
{
  lit_tok t = lit_next(cp->lx);
  int paren = 0;
  if (lit_is(&t, "(")) {
    paren = 1;
    t = lit_next(cp->lx);
  }
  if (lit_is(&t, "&")) {
    t = lit_next(cp->lx);
    char name[LIT_MAX_NAME + 2];
    int rc = tok_name(cp, &t, name);
    if (rc < 0)
      return rc;
    int l = lit_loc(cp->c, name, t.line);
    if (l < 0)
      return l;
    a->base = lit_opnd_imm(wmm_loc_addr(l));
  } else if (t.kind == LIT_IDENT && is_param(cp, &t)) {
    char name[LIT_MAX_NAME + 2];
    lit_tok_str(&t, name, sizeof name);
    int l = lit_loc(cp->c, name, t.line);
    if (l < 0)
      return l;
    a->base = lit_opnd_imm(wmm_loc_addr(l));
  } else {
    int r = c_reg(cp, &t);
    if (r < 0)
      return r;
    a->base = lit_opnd_reg(r);
  }
  if (paren)
    return expect(cp, ")");
  return 0;
}

/* A simple operand: register, parameter (its address) or integer. */
static int c_operand(c_parser *cp, wmm_operand *o)
{
  lit_tok t = lit_next(cp->lx);
  int neg = 0;
  if (lit_is(&t, "(")) {
    int rc = c_operand(cp, o);
    return rc < 0 ? rc : expect(cp, ")");
  }
  if (lit_is(&t, "-")) {
    neg = 1;
    t = lit_next(cp->lx);
  }
  if (t.kind == LIT_NUM) {
    *o = lit_opnd_imm(neg ? -t.num : t.num);
    return 0;
  }
  if (t.kind == LIT_BAD)
    return c_fail(cp, t.line, "%s", &t);
  if (neg || t.kind != LIT_IDENT)
    return c_fail(cp, t.line, "expected a register or a number, found %s",
                  &t);
  if (is_param(cp, &t)) {
    char name[LIT_MAX_NAME + 2];
    lit_tok_str(&t, name, sizeof name);
    int l = lit_loc(cp->c, name, t.line);
    if (l < 0)
      return l;
    *o = lit_opnd_imm(wmm_loc_addr(l));
    return 0;
  }
  int r = c_reg(cp, &t);
  if (r < 0)
    return r;
  *o = lit_opnd_reg(r);
  return 0;
}

/* memory_order_X -> access flags (*fence: the fence kind, NONE for
 * relaxed). */
static int memory_order(c_parser *cp, int is_load, int is_store,
                        unsigned *flags, wmm_fence *fence)
{
  lit_tok t = lit_next(cp->lx);
  unsigned acq = is_load ? WMM_ACC_ACQUIRE : 0;
  unsigned rel = is_store ? WMM_ACC_RELEASE : 0;
  if (lit_is(&t, "memory_order_relaxed")) {
    *flags = 0;
    *fence = WMM_FENCE_NONE;
  } else if (lit_is(&t, "memory_order_acquire") ||
             lit_is(&t, "memory_order_consume")) {
    *flags = acq;
    *fence = WMM_FENCE_C_ACQUIRE;
  } else if (lit_is(&t, "memory_order_release")) {
    *flags = rel;
    *fence = WMM_FENCE_C_RELEASE;
  } else if (lit_is(&t, "memory_order_acq_rel")) {
    *flags = acq | rel;
    *fence = WMM_FENCE_C_ACQ_REL;
  } else if (lit_is(&t, "memory_order_seq_cst")) {
    *flags = acq | rel | WMM_ACC_ATOMIC;
    *fence = WMM_FENCE_C_SEQ_CST;
  } else
    return c_fail(cp, t.line, "expected a memory order, found %s", &t);
  return 0;
}

typedef enum c_call {
  CC_NONE, CC_LOAD, CC_STORE, CC_XCHG, CC_FETCH_ADD, CC_FENCE, CC_MB
} c_call;

static const struct {
  const char *name;
  c_call kind;
  int explicit_order;   /* takes a memory_order argument */
  unsigned flags;       /* flags of the implicit order */
} c_calls[] = {
  {"atomic_load_explicit", CC_LOAD, 1, 0},
  {"atomic_load", CC_LOAD, 0, WMM_ACC_ACQUIRE | WMM_ACC_ATOMIC},
  {"READ_ONCE", CC_LOAD, 0, 0},
  {"smp_load_acquire", CC_LOAD, 0, WMM_ACC_ACQUIRE},
  {"atomic_store_explicit", CC_STORE, 1, 0},
  {"atomic_store", CC_STORE, 0, WMM_ACC_RELEASE | WMM_ACC_ATOMIC},
  {"WRITE_ONCE", CC_STORE, 0, 0},
  {"smp_store_release", CC_STORE, 0, WMM_ACC_RELEASE},
  {"atomic_exchange_explicit", CC_XCHG, 1, 0},
  {"atomic_exchange", CC_XCHG, 0,
   WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ATOMIC},
  {"xchg", CC_XCHG, 0, WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ATOMIC},
  {"atomic_fetch_add_explicit", CC_FETCH_ADD, 1, 0},
  {"atomic_fetch_add", CC_FETCH_ADD, 0,
   WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ATOMIC},
  {"atomic_thread_fence", CC_FENCE, 1, 0},
  {"smp_mb", CC_MB, 0, 0},
  {NULL, CC_NONE, 0, 0}
};

static int find_call(const lit_tok *t)
{
  for (int i = 0; c_calls[i].name; i++)
    if (lit_is(t, c_calls[i].name))
      return i;
  return -1;
}

/* The pointer argument of a call: `x` or, for READ_ONCE/WRITE_ONCE, `*x`. */
static int call_pointer(c_parser *cp, wmm_addr *a)
{
  lit_tok t = lit_peek(cp->lx);
  if (lit_is(&t, "*"))
    lit_next(cp->lx);
  return c_pointer(cp, a);
}

/* A call (name already read, index k) into *in; dst is set by callers. */
static int c_call_instr(c_parser *cp, int k, wmm_instr *in)
{
  int rc;
  unsigned flags = c_calls[k].flags;
  wmm_fence fence = WMM_FENCE_NONE;
  c_call kind = c_calls[k].kind;
  if ((rc = expect(cp, "(")) < 0)
    return rc;
  switch (kind) {
  case CC_FENCE:
    if ((rc = memory_order(cp, 1, 1, &flags, &fence)) < 0)
      return rc;
    in->op = fence == WMM_FENCE_NONE ? WMM_OP_NOP : WMM_OP_FENCE;
    in->fence = fence;
    flags = 0;
    break;
  case CC_MB:
    in->op = WMM_OP_FENCE;
    in->fence = WMM_FENCE_C_SEQ_CST;
    break;
  case CC_LOAD:
    in->op = WMM_OP_LOAD;
    if ((rc = call_pointer(cp, &in->addr)) < 0)
      return rc;
    if (c_calls[k].explicit_order &&
        ((rc = expect(cp, ",")) < 0 ||
         (rc = memory_order(cp, 1, 0, &flags, &fence)) < 0))
      return rc;
    break;
  case CC_STORE:
  case CC_XCHG:
  case CC_FETCH_ADD:
    in->op = kind == CC_STORE ? WMM_OP_STORE : WMM_OP_RMW;
    in->alu = kind == CC_XCHG ? WMM_ALU_SECOND : WMM_ALU_ADD;
    if ((rc = call_pointer(cp, &in->addr)) < 0 ||
        (rc = expect(cp, ",")) < 0 || (rc = c_operand(cp, &in->a)) < 0)
      return rc;
    if (c_calls[k].explicit_order &&
        ((rc = expect(cp, ",")) < 0 ||
         (rc = memory_order(cp, kind != CC_STORE, 1, &flags, &fence)) < 0))
      return rc;
    break;
  default:
    break;
  }
  in->flags = flags;
  return expect(cp, ")");
}

/* Right-hand side of `r = ...`: a load, a call, or `a [op b]`. */
static int c_rhs(c_parser *cp, wmm_instr *in)
{
  lit_tok t = lit_peek(cp->lx);
  int rc;
  if (lit_is(&t, "*")) {
    lit_next(cp->lx);
    in->op = WMM_OP_LOAD;
    return c_pointer(cp, &in->addr);
  }
  int k = t.kind == LIT_IDENT ? find_call(&t) : -1;
  if (k >= 0) {
    lit_next(cp->lx);
    if (c_calls[k].kind == CC_STORE || c_calls[k].kind == CC_FENCE ||
        c_calls[k].kind == CC_MB)
      return c_fail(cp, t.line, "%s has no value", &t);
    return c_call_instr(cp, k, in);
  }
  if ((rc = c_operand(cp, &in->a)) < 0)
    return rc;
  lit_tok op = lit_peek(cp->lx);
  static const struct {
    const char *s;
    wmm_alu alu;
  } ops[] = {{"+", WMM_ALU_ADD}, {"-", WMM_ALU_SUB}, {"^", WMM_ALU_XOR},
             {"&", WMM_ALU_AND}, {"|", WMM_ALU_OR}, {NULL, 0}};
  for (int i = 0; ops[i].s; i++)
    if (lit_is(&op, ops[i].s)) {
      lit_next(cp->lx);
      in->op = WMM_OP_ALU;
      in->alu = ops[i].alu;
      return c_operand(cp, &in->b);
    }
  in->op = WMM_OP_MOV;
  return 0;
}

/* Emit the statement [start, end of lexer position) as one instruction. */
static int c_emit(c_parser *cp, wmm_instr *in, const char *start, int line)
{
  const char *end = cp->lx->p;
  char *text = malloc((size_t)(end - start) + 1);
  if (!text)
    return lit_fail(cp->c, WMM_ERR_NOMEM, line, "out of memory");
  size_t n = 0;
  int space = 0;
  for (const char *q = start; q < end; q++) {
    if (isspace((unsigned char)*q)) {
      space = 1;
      continue;
    }
    if (space && n > 0)
      text[n++] = ' ';
    space = 0;
    text[n++] = *q;
  }
  text[n] = 0;
  lit_ins ic;
  memset(&ic, 0, sizeof ic);
  ic.c = cp->c;
  ic.ti = cp->ti;
  ic.line = line;
  ic.text = text;
  ic.textlen = n;
  int rc = lit_ins_emit(&ic, in);
  free(text);
  return rc < 0 ? rc : 0;
}

static int c_statement(c_parser *cp)
{
  lit_tok t = lit_next(cp->lx);
  const char *start = t.s;
  int line = t.line, rc;
  wmm_instr in = wmm_instr_init(WMM_OP_NOP);
  if (t.kind == LIT_BAD)
    return c_fail(cp, t.line, "%s", &t);
  if (lit_is(&t, ";"))
    return 0;
  if (lit_is(&t, "if") || lit_is(&t, "while") || lit_is(&t, "for") ||
      lit_is(&t, "do") || lit_is(&t, "goto") || lit_is(&t, "{"))
    return lit_fail(cp->c, WMM_ERR_UNSUPPORTED, t.line,
                    "control flow in C tests is not supported");
  if (is_type_word(&t)) {
    /* Declaration: type words, stars, name, optional value. */
    while (is_type_word(&t) || lit_is(&t, "*"))
      t = lit_next(cp->lx);
    int r = c_reg(cp, &t);
    if (r < 0)
      return r;
    lit_tok nx = lit_next(cp->lx);
    if (lit_is(&nx, ";"))
      return c_emit(cp, &in, start, line);
    if (!lit_is(&nx, "="))
      return c_fail(cp, nx.line, "expected '=' or ';', found %s", &nx);
    if ((rc = c_rhs(cp, &in)) < 0)
      return rc;
    in.dst = r;
  } else if (lit_is(&t, "*")) {
    in.op = WMM_OP_STORE;
    if ((rc = c_pointer(cp, &in.addr)) < 0 || (rc = expect(cp, "=")) < 0 ||
        (rc = c_operand(cp, &in.a)) < 0)
      return rc;
  } else if (t.kind == LIT_IDENT && find_call(&t) >= 0) {
    if ((rc = c_call_instr(cp, find_call(&t), &in)) < 0)
      return rc;
  } else if (t.kind == LIT_IDENT) {
    int r = c_reg(cp, &t);
    if (r < 0)
      return r;
    if ((rc = expect(cp, "=")) < 0 || (rc = c_rhs(cp, &in)) < 0)
      return rc;
    in.dst = r;
  } else
    return c_fail(cp, t.line, "expected a C statement, found %s", &t);
  if ((rc = expect(cp, ";")) < 0)
    return rc;
  /* An access to a location has the location's width. */
  if (wmm_instr_is_access(&in) && in.addr.base.kind == WMM_OPND_IMM) {
    int l = wmm_addr_loc(cp->c->p, in.addr.base.imm);
    if (l >= 0)
      in.width = cp->c->p->locs[l].width;
  }
  return c_emit(cp, &in, start, line);
}

/* P0 (volatile int* y, volatile int* x) { ... } */
static int c_thread(c_parser *cp, const lit_tok *name)
{
  lit_ctx *c = cp->c;
  char buf[32];
  snprintf(buf, sizeof buf, "P%d", c->p->nthreads);
  if ((size_t)name->len != strlen(buf) || memcmp(name->s, buf, strlen(buf)))
    return lit_fail(c, WMM_ERR_SYNTAX, name->line,
                    "expected thread %s", buf);
  if (c->p->nthreads >= LIT_MAX_THREADS)
    return lit_fail(c, WMM_ERR_LIMIT, name->line,
                    "too many threads (limit %d)", LIT_MAX_THREADS);
  cp->ti = wmm_program_thread(c->p, buf);
  if (cp->ti < 0)
    return lit_fail(c, WMM_ERR_NOMEM, name->line, "out of memory");
  int rc = expect(cp, "(");
  if (rc < 0)
    return rc;
  lit_tok t = lit_next(cp->lx);
  while (!lit_is(&t, ")")) {
    while (is_type_word(&t) || lit_is(&t, "*"))
      t = lit_next(cp->lx);
    char pname[LIT_MAX_NAME + 2];
    if ((rc = tok_name(cp, &t, pname)) < 0)
      return rc;
    if (cp->nparams >= LIT_MAX_LOCS)
      return lit_fail(c, WMM_ERR_LIMIT, t.line,
                      "too many parameters (limit %d)", LIT_MAX_LOCS);
    char **q = realloc(cp->params, (size_t)(cp->nparams + 1) * sizeof *q);
    if (!q)
      return lit_fail(c, WMM_ERR_NOMEM, t.line, "out of memory");
    cp->params = q;
    if (!(q[cp->nparams] = malloc(strlen(pname) + 1)))
      return lit_fail(c, WMM_ERR_NOMEM, t.line, "out of memory");
    strcpy(q[cp->nparams++], pname);
    if ((rc = lit_loc(c, pname, t.line)) < 0)
      return rc;
    t = lit_next(cp->lx);
    if (lit_is(&t, ","))
      t = lit_next(cp->lx);
    else if (!lit_is(&t, ")"))
      return c_fail(cp, t.line, "expected ',' or ')', found %s", &t);
  }
  if ((rc = expect(cp, "{")) < 0)
    return rc;
  cp->lx->ml_comments = 0;
  for (;;) {
    lit_tok nx = lit_peek(cp->lx);
    if (lit_is(&nx, "}")) {
      lit_next(cp->lx);
      break;
    }
    if (nx.kind == LIT_EOF)
      return lit_fail(c, WMM_ERR_SYNTAX, nx.line,
                      "unterminated thread %s (missing '}')", buf);
    if ((rc = c_statement(cp)) < 0)
      return rc;
  }
  cp->lx->ml_comments = 1;
  return 0;
}

static void free_params(c_parser *cp)
{
  for (int i = 0; i < cp->nparams; i++)
    free(cp->params[i]);
  free(cp->params);
  cp->params = NULL;
  cp->nparams = 0;
}

int lit_c_threads(lit_ctx *c, lit_lexer *lx)
{
  c_parser cp;
  memset(&cp, 0, sizeof cp);
  cp.c = c;
  cp.lx = lx;
  for (;;) {
    lit_tok t = lit_peek(lx);
    if (t.kind != LIT_IDENT || t.s[0] != 'P' || t.len < 2 ||
        !isdigit((unsigned char)t.s[1]))
      break;
    lit_next(lx);
    int rc = c_thread(&cp, &t);
    free_params(&cp);
    if (rc < 0)
      return rc;
  }
  if (c->p->nthreads == 0) {
    lit_tok t = lit_peek(lx);
    return c_fail(&cp, t.line, "expected thread P0, found %s", &t);
  }
  return 0;
}
