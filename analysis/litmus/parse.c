/* parse.c — the common skeleton of a herd7 litmus test: header line,
 * quoted doc line, Key=Value meta lines, the `{ ... }` init block and the
 * thread table (cells split on `|`, rows on `;`); the per-syntax parsers do
 * the instructions, cond.c the condition, post.c the rest.
 *
 * Example input:
 *   PPC MP
 *   "PodWW Rfe PodRR Fre"
 *   Cycle=...
 *   { 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }
 *    P0           | P1           ;
 *    li r1,1      | lwz r1,0(r2) ;
 *    stw r1,0(r2) | lwz r3,0(r4) ;
 *   exists (1:r1=1 /\ 1:r3=0)
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lit_fail(lit_ctx *c, int status, int line, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return wmm_fail(c->err, status, c->file, line, "%s", msg);
}

/* A line of the buffer: [s, e) without the newline. */
typedef struct span {
  const char *s, *e;
} span;

static span trim(span l)
{
  while (l.s < l.e && isspace((unsigned char)*l.s))
    l.s++;
  while (l.e > l.s && isspace((unsigned char)l.e[-1]))
    l.e--;
  return l;
}

/* The line starting at p (p itself if at the end). */
static span line_at(const char *p, const char *end)
{
  span l = {p, p};
  while (l.e < end && *l.e != '\n')
    l.e++;
  if (l.e > l.s && l.e[-1] == '\r')
    l.e--;
  return l;
}

static const char *next_line(const char *p, const char *end)
{
  while (p < end && *p != '\n')
    p++;
  return p < end ? p + 1 : end;
}

static char *span_dup(span l)
{
  size_t n = (size_t)(l.e - l.s);
  char *d = malloc(n + 1);
  if (d) {
    memcpy(d, l.s, n);
    d[n] = 0;
  }
  return d;
}

static const struct {
  const char *name;
  wmm_arch arch;
} arch_words[] = {{"X86", WMM_ARCH_X86}, {"PPC", WMM_ARCH_PPC},
                  {"ARM", WMM_ARCH_ARM}, {"AArch64", WMM_ARCH_AARCH64},
                  {"C", WMM_ARCH_C}, {NULL, 0}};

/* Header "ARCH NAME [(alias)]": creates the program. */
static int parse_header(lit_ctx *c, span l, int line)
{
  span w = l;
  w.e = w.s;
  while (w.e < l.e && !isspace((unsigned char)*w.e))
    w.e++;
  int arch = -1;
  for (int i = 0; arch_words[i].name; i++)
    if ((size_t)(w.e - w.s) == strlen(arch_words[i].name) &&
        memcmp(w.s, arch_words[i].name, (size_t)(w.e - w.s)) == 0)
      arch = (int)arch_words[i].arch;
  if (arch < 0) {
    char word[64];
    size_t n = (size_t)(w.e - w.s) < sizeof word - 1 ? (size_t)(w.e - w.s)
                                                      : sizeof word - 1;
    memcpy(word, w.s, n);
    word[n] = 0;
    for (size_t i = 0; i < n; i++)
      if (!isprint((unsigned char)word[i]))
        word[i] = '?';
    return lit_fail(c, WMM_ERR_UNSUPPORTED, line,
                    "unsupported architecture '%s' (expected X86, PPC, ARM, "
                    "AArch64 or C)", word);
  }
  span n = {w.e, l.e};
  n = trim(n);
  n.e = n.s;
  while (n.e < l.e && !isspace((unsigned char)*n.e))
    n.e++;
  if (n.e == n.s)
    return lit_fail(c, WMM_ERR_SYNTAX, line, "missing test name after '%s'",
                    arch_words[0].name ? wmm_arch_name((wmm_arch)arch) : "");
  if (n.e - n.s > 1024)
    return lit_fail(c, WMM_ERR_LIMIT, line,
                    "test name too long (limit 1024 characters)");
  for (const char *q = n.s; q < n.e; q++)
    if (!isprint((unsigned char)*q))
      return lit_fail(c, WMM_ERR_SYNTAX, line,
                      "non-printable character in the test name");
  char *name = span_dup(n);
  if (!name)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  c->p = wmm_program_new(name, (wmm_arch)arch);
  free(name);
  if (!c->p)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  return 0;
}

/* Doc and Key=Value lines between the header and the init block. */
static int parse_preamble_line(lit_ctx *c, span l, int line)
{
  if (*l.s == '"') {
    /* Up to the last quote; old tests may leave the string open. */
    const char *q = l.e;
    if (l.e - l.s >= 2 && l.e[-1] == '"')
      q = l.e - 1;
    if (c->p->doc)
      return lit_fail(c, WMM_ERR_SYNTAX, line,
                      "a second quoted description line");
    if (!(c->p->doc = span_dup((span){l.s + 1, q})))
      return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
    return 0;
  }
  const char *q = l.s;
  while (q < l.e && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' ||
                     *q == '.'))
    q++;
  while (q < l.e && (*q == ' ' || *q == '\t'))
    q++;
  if (q == l.s || q >= l.e || *q != '=')
    return lit_fail(c, WMM_ERR_SYNTAX, line,
                    "expected a 'Key=Value' line or the initial state '{'");
  for (q = l.s; q < l.e; q++)
    if (!isprint((unsigned char)*q) && *q != '\t')
      return lit_fail(c, WMM_ERR_SYNTAX, line,
                      "non-printable character in a header line");
  if (c->p->nmeta >= LIT_MAX_META)
    return lit_fail(c, WMM_ERR_LIMIT, line,
                    "too many header lines (limit %d)", LIT_MAX_META);
  char *s = span_dup(l);
  if (!s || wmm_program_meta(c->p, s) < 0) {
    free(s);
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  }
  free(s);
  return 0;
}

#define LOC_HASH_SIZE (4 * LIT_MAX_LOCS)   /* a power of two */

static unsigned hash_name(const char *s)
{
  unsigned h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

int lit_loc(lit_ctx *c, const char *name, int line)
{
  if (!c->loc_hash &&
      !(c->loc_hash = calloc(LOC_HASH_SIZE, sizeof *c->loc_hash)))
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  unsigned h = hash_name(name) & (LOC_HASH_SIZE - 1);
  while (c->loc_hash[h]) {
    int k = c->loc_hash[h] - 1;
    if (strcmp(c->p->locs[k].name, name) == 0)
      return k;
    h = (h + 1) & (LOC_HASH_SIZE - 1);
  }
  int i;
  if (c->p->nlocs >= LIT_MAX_LOCS)
    return lit_fail(c, WMM_ERR_LIMIT, line,
                    "too many locations (limit %d)", LIT_MAX_LOCS);
  if (strlen(name) > LIT_MAX_NAME)
    return lit_fail(c, WMM_ERR_LIMIT, line,
                    "location name too long (limit %d characters)",
                    LIT_MAX_NAME);
  i = wmm_program_loc(c->p, name);
  if (i < 0)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  c->loc_hash[h] = i + 1;
  return i;
}

int lit_parse_value(lit_ctx *c, lit_lexer *lx, wmm_val *v)
{
  lit_tok t = lit_next(lx);
  int neg = 0;
  if (lit_is(&t, "-")) {
    neg = 1;
    t = lit_next(lx);
  } else if (lit_is(&t, "&")) {
    t = lit_next(lx);
    if (t.kind != LIT_IDENT)
      return lit_fail(c, WMM_ERR_SYNTAX, t.line, "expected a location after '&'");
  }
  if (t.kind == LIT_BAD)
    return lit_fail(c, WMM_ERR_SYNTAX, t.line, "%s", t.msg);
  if (t.kind == LIT_NUM) {
    *v = neg ? -t.num : t.num;
    return 0;
  }
  if (t.kind == LIT_IDENT && !neg && t.s[0] != '%') {
    char name[LIT_MAX_NAME + 2];
    if (t.len > LIT_MAX_NAME)
      return lit_fail(c, WMM_ERR_LIMIT, t.line,
                      "name too long (limit %d characters)", LIT_MAX_NAME);
    lit_tok_str(&t, name, sizeof name);
    int l = lit_loc(c, name, t.line);
    if (l < 0)
      return l;
    *v = wmm_loc_addr(l);
    return 0;
  }
  char got[40];
  lit_tok_str(&t, got, sizeof got);
  return lit_fail(c, WMM_ERR_SYNTAX, t.line, "expected a value, found '%s'",
                  t.kind == LIT_EOF ? "end of input" : got);
}

static int is_type_word(const lit_tok *t, int *wide)
{
  static const char *const narrow[] = {"int", "char", "short", "unsigned",
    "signed", "volatile", "const", "_Atomic", "atomic_int", "int8_t",
    "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "atomic_uint",
    "bool", NULL};
  static const char *const wide_words[] = {"long", "int64_t", "uint64_t",
    "intptr_t", "uintptr_t", "atomic_long", "int128_t", "uint128_t", NULL};
  for (int i = 0; narrow[i]; i++)
    if (lit_is(t, narrow[i]))
      return 1;
  for (int i = 0; wide_words[i]; i++)
    if (lit_is(t, wide_words[i])) {
      *wide = 1;
      return 1;
    }
  return 0;
}

static int push_init(lit_ctx *c, int thread, const char *reg, wmm_val v,
                     int line)
{
  if (c->ninit >= c->capinit) {
    int ncap = c->capinit ? 2 * c->capinit : 16;
    if (ncap > 1 << 20)
      return lit_fail(c, WMM_ERR_LIMIT, line, "too many initial values");
    lit_init *q = realloc(c->init, (size_t)ncap * sizeof *q);
    if (!q)
      return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
    c->init = q;
    c->capinit = ncap;
  }
  size_t n = strlen(reg) + 1;
  char *d = malloc(n);
  if (!d)
    return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
  memcpy(d, reg, n);
  c->init[c->ninit++] = (lit_init){thread, d, v, line};
  return 0;
}

/* Thread number of "3" or "P3" (tokens already read), or a negative status. */
static int thread_number(lit_ctx *c, const lit_tok *t)
{
  wmm_val n;
  if (t->kind == LIT_NUM)
    n = t->num;
  else if (t->kind == LIT_IDENT && t->len >= 2 && t->s[0] == 'P' &&
           isdigit((unsigned char)t->s[1])) {
    n = 0;
    for (int i = 1; i < t->len; i++) {
      if (!isdigit((unsigned char)t->s[i]))
        return lit_fail(c, WMM_ERR_SYNTAX, t->line, "bad thread name");
      n = n * 10 + (t->s[i] - '0');
      if (n > 1000000)
        break;
    }
  } else
    return lit_fail(c, WMM_ERR_SYNTAX, t->line, "expected a thread number");
  if (n >= LIT_MAX_THREADS)
    return lit_fail(c, WMM_ERR_LIMIT, t->line,
                    "thread %lld beyond the limit of %d threads",
                    (long long)n, LIT_MAX_THREADS);
  return (int)n;
}

/* One entry of the init block: [type] lhs = value. */
static int parse_init_item(lit_ctx *c, lit_lexer *lx)
{
  int wide = 0, typed = 0;
  lit_tok t = lit_next(lx);
  for (;;) {
    lit_tok nx = lit_peek(lx);
    if (t.kind == LIT_IDENT && is_type_word(&t, &wide) &&
        (nx.kind == LIT_IDENT || nx.kind == LIT_NUM || lit_is(&nx, "*") ||
         lit_is(&nx, "["))) {
      typed = 1;
      t = lit_next(lx);
      continue;
    }
    if (typed && lit_is(&t, "*")) {
      wide = 1;
      t = lit_next(lx);
      continue;
    }
    break;
  }
  if (t.kind == LIT_BAD)
    return lit_fail(c, WMM_ERR_SYNTAX, t.line, "%s", t.msg);
  int line = t.line;
  lit_tok nx = lit_peek(lx);
  char name[LIT_MAX_NAME + 2];
  if ((t.kind == LIT_NUM || t.kind == LIT_IDENT) && lit_is(&nx, ":")) {
    int th = thread_number(c, &t);
    if (th < 0)
      return th;
    lit_next(lx);
    lit_tok r = lit_next(lx);
    if (r.kind != LIT_IDENT)
      return lit_fail(c, WMM_ERR_SYNTAX, r.line,
                      "expected a register after '%d:'", th);
    if (r.len > LIT_MAX_NAME)
      return lit_fail(c, WMM_ERR_LIMIT, r.line,
                      "name too long (limit %d characters)", LIT_MAX_NAME);
    lit_tok_str(&r, name, sizeof name);
    lit_tok eq = lit_next(lx);
    if (!lit_is(&eq, "="))
      return lit_fail(c, WMM_ERR_SYNTAX, eq.line, "expected '=' after %d:%s",
                      th, name);
    wmm_val v;
    int rc = lit_parse_value(c, lx, &v);
    if (rc < 0)
      return rc;
    return push_init(c, th, name, v, line);
  }
  int bracket = 0;
  if (lit_is(&t, "[")) {
    bracket = 1;
    t = lit_next(lx);
  }
  if (t.kind != LIT_IDENT) {
    char got[40];
    lit_tok_str(&t, got, sizeof got);
    return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                    "expected an initial value ('x=1;' or '0:r1=x;'), "
                    "found '%s'", t.kind == LIT_EOF ? "end of input" : got);
  }
  if (t.len > LIT_MAX_NAME)
    return lit_fail(c, WMM_ERR_LIMIT, t.line,
                    "name too long (limit %d characters)", LIT_MAX_NAME);
  lit_tok_str(&t, name, sizeof name);
  if (bracket) {
    lit_tok rb = lit_next(lx);
    if (!lit_is(&rb, "]"))
      return lit_fail(c, WMM_ERR_SYNTAX, rb.line, "expected ']'");
  }
  lit_tok eq = lit_next(lx);
  if (!lit_is(&eq, "="))
    return lit_fail(c, WMM_ERR_SYNTAX, eq.line, "expected '=' after '%s'",
                    name);
  if (name[0] == '%' && !bracket) {
    wmm_val v;
    int rc = lit_parse_value(c, lx, &v);
    if (rc < 0)
      return rc;
    return push_init(c, -1, name, v, line);
  }
  int l = lit_loc(c, name, line);
  if (l < 0)
    return l;
  wmm_val v;
  int rc = lit_parse_value(c, lx, &v);
  if (rc < 0)
    return rc;
  c->p->locs[l].init = v;
  if (wide)
    c->p->locs[l].width = 8;
  return 0;
}

/* The init block, lx positioned on its '{'. */
static int parse_init(lit_ctx *c, lit_lexer *lx)
{
  lit_tok t = lit_next(lx);   /* '{' */
  for (;;) {
    t = lit_peek(lx);
    if (lit_is(&t, "}")) {
      lit_next(lx);
      return 0;
    }
    if (lit_is(&t, ";")) {
      lit_next(lx);
      continue;
    }
    if (t.kind == LIT_EOF)
      return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                      "unterminated initial state (missing '}')");
    int rc = parse_init_item(c, lx);
    if (rc < 0)
      return rc;
    t = lit_peek(lx);
    if (!lit_is(&t, ";") && !lit_is(&t, "}")) {
      char got[40];
      lit_tok_str(&t, got, sizeof got);
      return lit_fail(c, WMM_ERR_SYNTAX, t.line,
                      "expected ';' or '}' in the initial state, found '%s'",
                      t.kind == LIT_EOF ? "end of input" : got);
    }
  }
}

/* Does the line start the part after the code (condition, locations)? */
static int is_tail_line(span l)
{
  static const char *const words[] = {"exists", "forall", "final",
                                      "locations", "filter", "~", NULL};
  l = trim(l);
  for (int i = 0; words[i]; i++) {
    size_t n = strlen(words[i]);
    if ((size_t)(l.e - l.s) >= n && memcmp(l.s, words[i], n) == 0 &&
        (n == 1 || (size_t)(l.e - l.s) == n ||
         !(isalnum((unsigned char)l.s[n]) || l.s[n] == '_')))
      return 1;
  }
  return 0;
}

static lit_instr_fn arch_instr(wmm_arch a)
{
  switch (a) {
  case WMM_ARCH_PPC: return lit_ppc_instr;
  case WMM_ARCH_ARM: return lit_arm_instr;
  case WMM_ARCH_AARCH64: return lit_aarch64_instr;
  case WMM_ARCH_X86: return lit_x86_instr;
  default: return NULL;
  }
}

/* "P0 | P1 | P2 ;" */
static int parse_thread_header(lit_ctx *c, span l, int line)
{
  const char *q = l.s;
  int n = 0;
  l = trim(l);
  if (l.e > l.s && l.e[-1] == ';')
    l.e--;
  q = l.s;
  for (;;) {
    const char *bar = q;
    while (bar < l.e && *bar != '|')
      bar++;
    span cell = trim((span){q, bar});
    char name[32];
    size_t len = (size_t)(cell.e - cell.s);
    int ok = len >= 2 && len < 8 && cell.s[0] == 'P';
    for (size_t i = 1; ok && i < len; i++)
      ok = isdigit((unsigned char)cell.s[i]) != 0;
    snprintf(name, sizeof name, "P%d", n);
    if (!ok || strlen(name) != len || memcmp(name, cell.s, len) != 0)
      return lit_fail(c, WMM_ERR_SYNTAX, line,
                      "expected thread name %s in the thread header", name);
    if (n >= LIT_MAX_THREADS)
      return lit_fail(c, WMM_ERR_LIMIT, line, "too many threads (limit %d)",
                      LIT_MAX_THREADS);
    if (wmm_program_thread(c->p, name) < 0)
      return lit_fail(c, WMM_ERR_NOMEM, line, "out of memory");
    n++;
    if (bar >= l.e)
      break;
    q = bar + 1;
  }
  return 0;
}

/* One row "cell | cell | cell" of the thread table. */
static int parse_row(lit_ctx *c, span row, const char *line_start, int line,
                     lit_instr_fn fn)
{
  const char *q = row.s;
  int col = 0, ncols = 1;
  for (const char *b = row.s; b < row.e; b++)
    ncols += *b == '|';
  if (ncols > c->p->nthreads)
    return lit_fail(c, WMM_ERR_SYNTAX, line,
                    "row has %d columns but the test has %d thread%s", ncols,
                    c->p->nthreads, c->p->nthreads == 1 ? "" : "s");
  for (;;) {
    const char *bar = q;
    while (bar < row.e && *bar != '|')
      bar++;
    span cell = trim((span){q, bar});
    if (cell.s < cell.e) {
      lit_ins ic;
      memset(&ic, 0, sizeof ic);
      ic.c = c;
      ic.ti = col;
      ic.line = line;
      ic.col = (int)(cell.s - line_start) + 1;
      ic.text = cell.s;
      ic.textlen = (size_t)(cell.e - cell.s);
      lit_lex_init(&ic.lx, cell.s, cell.e, line);
      int rc = fn(&ic);
      if (rc < 0)
        return rc;
    }
    col++;
    if (bar >= row.e)
      break;
    q = bar + 1;
  }
  return 0;
}

/* The thread table from p; returns where the tail starts in *tail. */
static int parse_table(lit_ctx *c, const char *p, const char *end, int *line,
                       const char **tail)
{
  lit_instr_fn fn = arch_instr(c->p->arch);
  /* Thread header. */
  for (;;) {
    if (p >= end)
      return lit_fail(c, WMM_ERR_SYNTAX, *line, "missing thread table");
    span l = trim(line_at(p, end));
    if (l.s != l.e)
      break;
    p = next_line(p, end);
    (*line)++;
  }
  span hl = line_at(p, end);
  if (is_tail_line(hl))
    return lit_fail(c, WMM_ERR_SYNTAX, *line, "missing thread table");
  int rc = parse_thread_header(c, hl, *line);
  if (rc < 0)
    return rc;
  p = next_line(p, end);
  (*line)++;
  while (p < end) {
    span l = line_at(p, end);
    if (is_tail_line(l))
      break;
    const char *q = l.s;
    while (q < l.e) {
      const char *semi = q;
      while (semi < l.e && *semi != ';')
        semi++;
      span row = {q, semi};
      if (trim(row).s != trim(row).e) {
        rc = parse_row(c, row, l.s, *line, fn);
        if (rc < 0)
          return rc;
      }
      q = semi < l.e ? semi + 1 : l.e;
    }
    p = next_line(p, end);
    (*line)++;
  }
  *tail = p;
  return 0;
}

static void ctx_free(lit_ctx *c)
{
  for (int i = 0; i < c->nfix; i++)
    free(c->fix[i].label);
  for (int i = 0; i < c->ninit; i++)
    free(c->init[i].reg);
  free(c->fix);
  free(c->init);
  free(c->loc_hash);
}

static int parse_buffer(lit_ctx *c, char *buf, size_t len)
{
  const char *end = buf + len;
  const char *p = buf;
  int line = 1;
  /* Header: the first non-blank line. */
  for (;;) {
    if (p >= end)
      return lit_fail(c, WMM_ERR_SYNTAX, line, "empty file");
    span l = trim(line_at(p, end));
    if (l.s != l.e)
      break;
    p = next_line(p, end);
    line++;
  }
  int rc = parse_header(c, trim(line_at(p, end)), line);
  if (rc < 0)
    return rc;
  p = next_line(p, end);
  line++;
  /* Comments: everywhere outside C code; in a C test only up to the
   * initial state (the token lexer skips the ones after). */
  size_t stop = 0;
  int bad = lit_strip_comments((char *)p, (size_t)(end - p),
                               c->p->arch == WMM_ARCH_C ? &stop : NULL);
  if (bad)
    return lit_fail(c, WMM_ERR_SYNTAX, line + bad - 1, "unterminated comment");
  /* Preamble up to the '{' that starts a line. */
  for (;;) {
    if (p >= end)
      return lit_fail(c, WMM_ERR_SYNTAX, line > 1 ? line - 1 : 1,
                      "missing initial state '{ ... }'");
    span l = trim(line_at(p, end));
    if (l.s != l.e && *l.s == '{') {
      p = l.s;
      break;
    }
    if (l.s != l.e) {
      rc = parse_preamble_line(c, l, line);
      if (rc < 0)
        return rc;
    }
    p = next_line(p, end);
    line++;
  }
  lit_lexer lx;
  lit_lex_init(&lx, p, end, line);
  rc = parse_init(c, &lx);
  if (rc < 0)
    return rc;
  if (c->p->arch == WMM_ARCH_C) {
    rc = lit_c_threads(c, &lx);
    if (rc < 0)
      return rc;
  } else {
    /* The rest of the init block's last line must be empty (an old
     * style puts a ';' after the '}'). */
    span rest = trim(line_at(lx.p, end));
    if (rest.s < rest.e && *rest.s == ';')
      rest = trim((span){rest.s + 1, rest.e});
    if (rest.s != rest.e)
      return lit_fail(c, WMM_ERR_SYNTAX, lx.line,
                      "unexpected text after the initial state");
    p = next_line(lx.p, end);
    line = lx.line + 1;
    const char *tail = end;
    rc = parse_table(c, p, end, &line, &tail);
    if (rc < 0)
      return rc;
    lit_lex_init(&lx, tail, end, line);
  }
  rc = lit_parse_tail(c, &lx);
  if (rc < 0)
    return rc;
  return lit_finish(c);
}

int wmm_litmus_parse(const char *text, size_t len, const char *filename,
                     wmm_program **out, wmm_error *err)
{
  lit_ctx c;
  memset(&c, 0, sizeof c);
  c.file = filename ? filename : "<input>";
  c.err = err;
  *out = NULL;
  if (!text)
    text = "", len = 0;
  if (len > LIT_MAX_INPUT)
    return lit_fail(&c, WMM_ERR_LIMIT, 1, "file too large (limit %d MiB)",
                    LIT_MAX_INPUT >> 20);
  const char *nul = memchr(text, 0, len);
  if (nul) {
    int line = 1;
    for (const char *q = text; q < nul; q++)
      line += *q == '\n';
    return lit_fail(&c, WMM_ERR_SYNTAX, line, "NUL character in the input");
  }
  char *buf = malloc(len + 1);
  if (!buf)
    return lit_fail(&c, WMM_ERR_NOMEM, 0, "out of memory");
  memcpy(buf, text, len);
  buf[len] = 0;
  int rc = parse_buffer(&c, buf, len);
  free(buf);
  ctx_free(&c);
  if (rc < 0) {
    wmm_program_free(c.p);
    return rc;
  }
  if (filename) {
    c.p->source = malloc(strlen(filename) + 1);
    if (c.p->source)
      strcpy(c.p->source, filename);
  }
  if (filename && !c.p->source) {
    wmm_program_free(c.p);
    return lit_fail(&c, WMM_ERR_NOMEM, 0, "out of memory");
  }
  *out = c.p;
  return 0;
}

int wmm_litmus_parse_file(const char *path, wmm_program **out, wmm_error *err)
{
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f)
    return wmm_fail(err, WMM_ERR_IO, path, 0, "cannot open: %s",
                    strerror(errno));
  wmm_strbuf b = WMM_STRBUF_INIT;
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    wmm_strbuf_append(&b, chunk, n);
    if (b.len > LIT_MAX_INPUT)
      break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    wmm_strbuf_free(&b);
    return wmm_fail(err, WMM_ERR_IO, path, 0, "read error");
  }
  if (b.failed) {
    wmm_strbuf_free(&b);
    return wmm_fail(err, WMM_ERR_NOMEM, path, 0, "out of memory");
  }
  int rc = wmm_litmus_parse(b.data ? b.data : "", b.len, path, out, err);
  wmm_strbuf_free(&b);
  return rc;
}
