/* cond.c — the end of a litmus test: `locations [...]` and the final
 * condition (exists / ~exists / forall / the old `final ... with ...`).
 *
 * Grammar (loosest first):  p := q '=>' p | q;   q := r ('\/' r)*;
 *   r := u ('/\' u)*;   u := 'not' u | '~' u | '(' p ')' | true | false | atom;
 *   atom := 0:r1=1 | P1:r1=x | x=1 | [x]=2   (a value is an integer or a
 *   location name, meaning its address).
 * Example: exists (0:r1=1 /\ (1:r2=0 \/ [x]=2))
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIT_MAX_PROP 10000   /* nodes of a condition */

typedef struct cond_parser {
  lit_ctx *c;
  lit_lexer *lx;
  int depth;
  int nodes;
} cond_parser;

static void describe(const lit_tok *t, char *buf, size_t size)
{
  if (t->kind == LIT_EOF)
    strcpy(buf, "end of file");
  else if (t->kind == LIT_BAD)
    strcpy(buf, t->msg ? t->msg : "bad token");
  else {
    char s[40];
    lit_tok_str(t, s, sizeof s);
    snprintf(buf, size, "'%s'", s);
  }
}

static int syntax(cond_parser *cp, const lit_tok *t, const char *what)
{
  char got[80];
  describe(t, got, sizeof got);
  return lit_fail(cp->c, WMM_ERR_SYNTAX, t->line,
                  "bad condition: expected %s, found %s", what, got);
}

static wmm_prop *node(cond_parser *cp, wmm_prop_kind k, int line, int *rc)
{
  if (++cp->nodes > LIT_MAX_PROP) {
    *rc = lit_fail(cp->c, WMM_ERR_LIMIT, line,
                   "condition too large (limit %d terms)", LIT_MAX_PROP);
    return NULL;
  }
  wmm_prop *p = wmm_prop_new(k);
  if (!p)
    *rc = lit_fail(cp->c, WMM_ERR_NOMEM, line, "out of memory");
  return p;
}

/* Is t a thread prefix ("1" or "P1") followed by ':'? */
static int thread_prefix(const lit_tok *t, const lit_lexer *lx)
{
  lit_tok nx = lit_peek(lx);
  if (!lit_is(&nx, ":"))
    return 0;
  if (t->kind == LIT_NUM)
    return 1;
  if (t->kind != LIT_IDENT || t->len < 2 || t->s[0] != 'P')
    return 0;
  for (int i = 1; i < t->len; i++)
    if (!isdigit((unsigned char)t->s[i]))
      return 0;
  return 1;
}

/* Thread number of t (a thread_prefix); must name an existing thread. */
static int thread_of(lit_ctx *c, const lit_tok *t)
{
  long n = 0;
  if (t->kind == LIT_NUM)
    n = t->num > 1000000 ? 1000000 : (long)t->num;
  else
    for (int i = 1; i < t->len && n < 1000000; i++)
      n = n * 10 + (t->s[i] - '0');
  if (n >= c->p->nthreads)
    return lit_fail(c, WMM_ERR_SYNTAX, t->line,
                    "thread %ld does not exist (the test has %d threads)", n,
                    c->p->nthreads);
  return (int)n;
}

/* "T:reg" after the thread token: register index in *reg. */
static int reg_ref(lit_ctx *c, lit_lexer *lx, const lit_tok *t, int *thread,
                   int *reg)
{
  int th = thread_of(c, t);
  if (th < 0)
    return th;
  lit_next(lx); /* ':' */
  lit_tok r = lit_next(lx);
  if (r.kind != LIT_IDENT)
    return lit_fail(c, WMM_ERR_SYNTAX, r.line, "expected a register after "
                    "'%d:'", th);
  if (r.len > LIT_MAX_NAME)
    return lit_fail(c, WMM_ERR_LIMIT, r.line,
                    "name too long (limit %d characters)", LIT_MAX_NAME);
  char name[LIT_MAX_NAME + 2];
  lit_tok_str(&r, name, sizeof name);
  int k = lit_thread_reg(c, th, name, r.line);
  if (k < 0)
    return k;
  if (c->p->arch == WMM_ARCH_AARCH64) {
    int rc = lit_aarch64_rename(c, th, k, name, r.line);
    if (rc < 0)
      return rc;
  }
  *thread = th;
  *reg = k;
  return 0;
}

/* A location name token (possibly in brackets); index in *loc. */
static int loc_ref(lit_ctx *c, lit_lexer *lx, lit_tok t, int *loc)
{
  int bracket = 0;
  if (lit_is(&t, "[")) {
    bracket = 1;
    t = lit_next(lx);
  }
  if (t.kind != LIT_IDENT || t.s[0] == '%')
    return 1;  /* not a location */
  if (t.len > LIT_MAX_NAME)
    return lit_fail(c, WMM_ERR_LIMIT, t.line,
                    "name too long (limit %d characters)", LIT_MAX_NAME);
  char name[LIT_MAX_NAME + 2];
  lit_tok_str(&t, name, sizeof name);
  if (bracket) {
    lit_tok rb = lit_next(lx);
    if (!lit_is(&rb, "]"))
      return lit_fail(c, WMM_ERR_SYNTAX, rb.line, "expected ']' after '[%s'",
                      name);
  }
  int l = lit_loc(c, name, t.line);
  if (l < 0)
    return l;
  *loc = l;
  return 0;
}

static wmm_prop *parse_implies(cond_parser *cp, int *rc);

static wmm_prop *parse_atom(cond_parser *cp, lit_tok t, int *rc)
{
  lit_ctx *c = cp->c;
  wmm_prop *p;
  if (thread_prefix(&t, cp->lx)) {
    int th, reg;
    if ((*rc = reg_ref(c, cp->lx, &t, &th, &reg)) < 0)
      return NULL;
    if (!(p = node(cp, WMM_PROP_REG_EQ, t.line, rc)))
      return NULL;
    p->thread = th;
    p->reg = reg;
  } else {
    int loc = -1;
    int r = loc_ref(c, cp->lx, t, &loc);
    if (r < 0) {
      *rc = r;
      return NULL;
    }
    if (r > 0) {
      *rc = syntax(cp, &t, "a condition");
      return NULL;
    }
    if (!(p = node(cp, WMM_PROP_LOC_EQ, t.line, rc)))
      return NULL;
    p->loc = loc;
  }
  lit_tok eq = lit_next(cp->lx);
  if (!lit_is(&eq, "=")) {
    *rc = syntax(cp, &eq, "'='");
    wmm_prop_free(p);
    return NULL;
  }
  if ((*rc = lit_parse_value(c, cp->lx, &p->val)) < 0) {
    wmm_prop_free(p);
    return NULL;
  }
  return p;
}

static wmm_prop *parse_unary(cond_parser *cp, int *rc)
{
  lit_tok t = lit_next(cp->lx);
  if (t.kind == LIT_BAD) {
    *rc = lit_fail(cp->c, WMM_ERR_SYNTAX, t.line, "%s", t.msg);
    return NULL;
  }
  if (++cp->depth > LIT_MAX_DEPTH) {
    *rc = lit_fail(cp->c, WMM_ERR_LIMIT, t.line,
                   "condition nested too deeply (limit %d)", LIT_MAX_DEPTH);
    return NULL;
  }
  wmm_prop *p = NULL;
  if (lit_is(&t, "not") || lit_is(&t, "~")) {
    wmm_prop *q = parse_unary(cp, rc);
    if (q && !(p = node(cp, WMM_PROP_NOT, t.line, rc)))
      wmm_prop_free(q);
    else if (p)
      p->l = q;
  } else if (lit_is(&t, "(")) {
    p = parse_implies(cp, rc);
    if (p) {
      lit_tok r = lit_next(cp->lx);
      if (!lit_is(&r, ")")) {
        *rc = syntax(cp, &r, "')'");
        wmm_prop_free(p);
        p = NULL;
      }
    }
  } else if (lit_is(&t, "true")) {
    p = node(cp, WMM_PROP_TRUE, t.line, rc);
  } else if (lit_is(&t, "false")) {
    p = node(cp, WMM_PROP_FALSE, t.line, rc);
  } else {
    p = parse_atom(cp, t, rc);
  }
  cp->depth--;
  return p;
}

/* Left-associative chain of `sub` joined by operator op. */
static wmm_prop *parse_chain(cond_parser *cp, int *rc, const char *op,
                             wmm_prop_kind kind,
                             wmm_prop *(*sub)(cond_parser *, int *))
{
  wmm_prop *l = sub(cp, rc);
  while (l) {
    lit_tok t = lit_peek(cp->lx);
    if (!lit_is(&t, op))
      break;
    lit_next(cp->lx);
    wmm_prop *r = sub(cp, rc);
    wmm_prop *n = r ? node(cp, kind, t.line, rc) : NULL;
    if (!n) {
      wmm_prop_free(l);
      wmm_prop_free(r);
      return NULL;
    }
    n->l = l;
    n->r = r;
    l = n;
  }
  return l;
}

static wmm_prop *parse_and(cond_parser *cp, int *rc)
{
  return parse_chain(cp, rc, "/\\", WMM_PROP_AND, parse_unary);
}

static wmm_prop *parse_or(cond_parser *cp, int *rc)
{
  return parse_chain(cp, rc, "\\/", WMM_PROP_OR, parse_and);
}

static wmm_prop *parse_implies(cond_parser *cp, int *rc)
{
  if (++cp->depth > LIT_MAX_DEPTH) {
    *rc = lit_fail(cp->c, WMM_ERR_LIMIT, cp->lx->line,
                   "condition nested too deeply (limit %d)", LIT_MAX_DEPTH);
    return NULL;
  }
  wmm_prop *l = parse_or(cp, rc);
  if (l) {
    lit_tok t = lit_peek(cp->lx);
    if (lit_is(&t, "=>")) {
      lit_next(cp->lx);
      wmm_prop *r = parse_implies(cp, rc);
      wmm_prop *n = r ? node(cp, WMM_PROP_IMPLIES, t.line, rc) : NULL;
      if (!n) {
        wmm_prop_free(l);
        wmm_prop_free(r);
        l = NULL;
      } else {
        n->l = l;
        n->r = r;
        l = n;
      }
    }
  }
  cp->depth--;
  return l;
}

/* locations [x; 1:r1; y*;] */
static int parse_locations(lit_ctx *c, lit_lexer *lx)
{
  wmm_program *p = c->p;
  lit_tok t = lit_next(lx);
  if (!lit_is(&t, "["))
    return lit_fail(c, WMM_ERR_SYNTAX, t.line, "expected '[' after locations");
  for (;;) {
    t = lit_next(lx);
    if (lit_is(&t, "]"))
      return 0;
    if (lit_is(&t, ";"))
      continue;
    if (t.kind == LIT_EOF || t.kind == LIT_BAD)
      return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                      "unterminated locations list (missing ']')");
    if (p->nobserved + p->nobserved_regs >= LIT_MAX_OBSERVED)
      return lit_fail(c, WMM_ERR_LIMIT, t.line,
                      "too many locations listed (limit %d)",
                      LIT_MAX_OBSERVED);
    if (thread_prefix(&t, lx)) {
      int th, reg, rc;
      if ((rc = reg_ref(c, lx, &t, &th, &reg)) < 0)
        return rc;
      int *q = realloc(p->observed_regs,
                       (size_t)(2 * p->nobserved_regs + 2) * sizeof *q);
      if (!q)
        return lit_fail(c, WMM_ERR_NOMEM, t.line, "out of memory");
      p->observed_regs = q;
      q[2 * p->nobserved_regs] = th;
      q[2 * p->nobserved_regs + 1] = reg;
      p->nobserved_regs++;
    } else {
      int loc = -1, rc = loc_ref(c, lx, t, &loc);
      if (rc < 0)
        return rc;
      if (rc > 0) {
        char got[40];
        lit_tok_str(&t, got, sizeof got);
        return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                        "expected a location or register in locations, "
                        "found '%s'", got);
      }
      int *q = realloc(p->observed, (size_t)(p->nobserved + 1) * sizeof *q);
      if (!q)
        return lit_fail(c, WMM_ERR_NOMEM, t.line, "out of memory");
      p->observed = q;
      q[p->nobserved++] = loc;
    }
    /* herd's "print as an address" mark. */
    lit_tok star = lit_peek(lx);
    if (lit_is(&star, "*"))
      lit_next(lx);
  }
}

int lit_parse_tail(lit_ctx *c, lit_lexer *lx)
{
  wmm_program *p = c->p;
  int have_cond = 0;
  for (;;) {
    lit_tok t = lit_next(lx);
    if (t.kind == LIT_EOF)
      break;
    if (t.kind == LIT_BAD)
      return lit_fail(c, WMM_ERR_SYNTAX, t.line, "%s", t.msg);
    if (lit_is(&t, ";"))
      continue;
    if (have_cond && (lit_is(&t, "with") || lit_is(&t, "<<") ||
                      lit_is(&t, "<")))
      break;   /* herd's old `with` clauses and `<< ... >>` blocks */
    if (lit_is(&t, "locations") && !have_cond) {
      int rc = parse_locations(c, lx);
      if (rc < 0)
        return rc;
      continue;
    }
    if (have_cond) {
      char got[40];
      describe(&t, got, sizeof got);
      return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                      "unexpected %s after the condition", got);
    }
    if (lit_is(&t, "exists") || lit_is(&t, "final"))
      p->quant = WMM_QUANT_EXISTS;
    else if (lit_is(&t, "forall"))
      p->quant = WMM_QUANT_FORALL;
    else if (lit_is(&t, "~")) {
      lit_tok e = lit_next(lx);
      if (!lit_is(&e, "exists"))
        return lit_fail(c, WMM_ERR_SYNTAX, e.line,
                        "bad condition: expected 'exists' after '~'");
      p->quant = WMM_QUANT_NOT_EXISTS;
    } else if (lit_is(&t, "filter")) {
      return lit_fail(c, WMM_ERR_UNSUPPORTED, t.line,
                      "'filter' conditions are not supported");
    } else {
      char got[40];
      describe(&t, got, sizeof got);
      return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                      "expected the condition (exists, ~exists, forall), "
                      "found %s", got);
    }
    cond_parser cp = {c, lx, 0, 0};
    int rc = 0;
    wmm_prop *q = parse_implies(&cp, &rc);
    if (!q)
      return rc < 0 ? rc : lit_fail(c, WMM_ERR_SYNTAX, t.line,
                                    "bad condition");
    p->cond = q;
    have_cond = 1;
  }
  /* At the end of a file that ends with a newline, name its last line. */
  int last = lx->line;
  if (lx->p == lx->end && last > 1 && lx->end[-1] == '\n')
    last--;
  if (!have_cond)
    return lit_fail(c, WMM_ERR_SYNTAX, last,
                    "missing final condition (exists, ~exists or forall)");
  return 0;
}
