/* lex.c — the tokenizer of the litmus front end and the removal of
 * `(* ... *)` comments.
 *
 * Example: "lwz r1,0(r2)" gives IDENT lwz, IDENT r1, PUNCT ",", NUM 0,
 * PUNCT "(", IDENT r2, PUNCT ")", EOF.
 */
#include "internal.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

void lit_lex_init(lit_lexer *lx, const char *p, const char *end, int line)
{
  lx->p = p;
  lx->end = end;
  lx->line = line;
  lx->ml_comments = 1;
}

static int ident_start(int ch)
{
  return isalpha(ch) || ch == '_' || ch == '%';
}

static int ident_char(int ch)
{
  return isalnum(ch) || ch == '_' || ch == '.';
}

static const char *const pairs[] = {"/\\", "\\/", "=>", "==", "!=", "&&",
                                    "||", "<=", ">=", "->", NULL};

/* Read a decimal or hexadecimal number at lx->p into t. */
static void read_number(lit_lexer *lx, lit_tok *t)
{
  const char *p = lx->p;
  uint64_t v = 0;
  int over = 0;
  if (p + 1 < lx->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    p += 2;
    const char *digits = p;
    while (p < lx->end && isxdigit((unsigned char)*p)) {
      int d = isdigit((unsigned char)*p) ? *p - '0'
                                         : tolower((unsigned char)*p) - 'a' + 10;
      if (v > (UINT64_MAX >> 4))
        over = 1;
      v = (v << 4) | (uint64_t)d;
      p++;
    }
    if (p == digits) {
      t->kind = LIT_BAD;
      t->msg = "hexadecimal number without digits";
    }
  } else {
    while (p < lx->end && isdigit((unsigned char)*p)) {
      int d = *p - '0';
      if (v > (UINT64_MAX - (uint64_t)d) / 10)
        over = 1;
      v = v * 10 + (uint64_t)d;
      p++;
    }
  }
  if (t->kind != LIT_BAD && p < lx->end && (isalpha((unsigned char)*p) ||
                                           *p == '_')) {
    t->kind = LIT_BAD;
    t->msg = "malformed number";
    while (p < lx->end && ident_char((unsigned char)*p))
      p++;
  }
  if (t->kind != LIT_BAD && (over || v > (uint64_t)INT64_MAX)) {
    t->kind = LIT_BAD;
    t->msg = "number too large (the limit is 2^63-1)";
  }
  t->num = (wmm_val)v;
  t->len = (int)(p - lx->p);
  lx->p = p;
}

lit_tok lit_next(lit_lexer *lx)
{
  lit_tok t;
  memset(&t, 0, sizeof t);
  for (;;) {
    while (lx->p < lx->end && isspace((unsigned char)*lx->p)) {
      if (*lx->p == '\n')
        lx->line++;
      lx->p++;
    }
    /* (* ... *) comments (nesting), unless turned off (C code). */
    if (lx->ml_comments && lx->p + 1 < lx->end && lx->p[0] == '(' &&
        lx->p[1] == '*') {
      const char *q = lx->p + 2;
      int line = lx->line, depth = 1;
      while (q + 1 < lx->end && depth > 0) {
        if (q[0] == '(' && q[1] == '*') {
          depth++;
          q += 2;
        } else if (q[0] == '*' && q[1] == ')') {
          depth--;
          q += 2;
        } else {
          if (*q == '\n')
            line++;
          q++;
        }
      }
      if (depth > 0) {
        t.kind = LIT_BAD;
        t.msg = "unterminated comment";
        t.s = lx->p;
        t.line = lx->line;
        t.len = 2;
        lx->p = lx->end;
        return t;
      }
      lx->line = line;
      lx->p = q;
      continue;
    }
    /* C comments. */
    if (lx->p + 1 < lx->end && lx->p[0] == '/' && lx->p[1] == '/') {
      while (lx->p < lx->end && *lx->p != '\n')
        lx->p++;
      continue;
    }
    if (lx->p + 1 < lx->end && lx->p[0] == '/' && lx->p[1] == '*') {
      const char *q = lx->p + 2;
      int line = lx->line;
      while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/')) {
        if (*q == '\n')
          line++;
        q++;
      }
      if (q + 1 >= lx->end) {
        t.kind = LIT_BAD;
        t.msg = "unterminated comment";
        t.s = lx->p;
        t.line = lx->line;
        t.len = 2;
        lx->p = lx->end;
        return t;
      }
      lx->line = line;
      lx->p = q + 2;
      continue;
    }
    break;
  }
  t.s = lx->p;
  t.line = lx->line;
  if (lx->p >= lx->end) {
    t.kind = LIT_EOF;
    return t;
  }
  unsigned char ch = (unsigned char)*lx->p;
  if (ident_start(ch)) {
    const char *p = lx->p + 1;
    while (p < lx->end && ident_char((unsigned char)*p))
      p++;
    t.kind = LIT_IDENT;
    t.len = (int)(p - lx->p);
    lx->p = p;
    return t;
  }
  if (isdigit(ch)) {
    t.kind = LIT_NUM;
    read_number(lx, &t);
    return t;
  }
  for (int i = 0; pairs[i]; i++)
    if (lx->p + 1 < lx->end && lx->p[0] == pairs[i][0] &&
        lx->p[1] == pairs[i][1]) {
      t.kind = LIT_PUNCT;
      t.len = 2;
      lx->p += 2;
      return t;
    }
  if (strchr(",()[]#$*=+-&;{}:!<>^|~.?/\\\"'@", ch) && ch != 0) {
    t.kind = LIT_PUNCT;
    t.len = 1;
    lx->p++;
    return t;
  }
  t.kind = LIT_BAD;
  t.msg = "unexpected character";
  t.len = 1;
  lx->p++;
  return t;
}

lit_tok lit_peek(const lit_lexer *lx)
{
  lit_lexer copy = *lx;
  return lit_next(&copy);
}

int lit_is(const lit_tok *t, const char *s)
{
  if (t->kind != LIT_PUNCT && t->kind != LIT_IDENT)
    return 0;
  size_t n = strlen(s);
  return (size_t)t->len == n && memcmp(t->s, s, n) == 0;
}

int lit_is_ci(const lit_tok *t, const char *s)
{
  if (t->kind != LIT_IDENT)
    return 0;
  size_t n = strlen(s);
  if ((size_t)t->len != n)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)t->s[i]) != tolower((unsigned char)s[i]))
      return 0;
  return 1;
}

void lit_tok_str(const lit_tok *t, char *buf, size_t size)
{
  size_t n = t->len > 0 ? (size_t)t->len : 0;
  if (n >= size)
    n = size - 1;
  memcpy(buf, t->s, n);
  buf[n] = 0;
  /* A display form for the characters a message cannot show. */
  for (size_t i = 0; i < n; i++)
    if (!isprint((unsigned char)buf[i]))
      buf[i] = '?';
}

int lit_strip_comments(char *text, size_t len, size_t *stop)
{
  int line = 1, depth = 0, start = 0;
  int in_string = 0, line_start = 1;
  if (stop)
    *stop = len;
  for (size_t i = 0; i < len; i++) {
    char ch = text[i];
    if (ch == '\n') {
      line++;
      in_string = 0;   /* strings never span lines */
      line_start = 1;
      continue;
    }
    if (depth == 0) {
      if (stop && line_start && ch == '{') {
        *stop = i;
        return 0;
      }
      if (!isspace((unsigned char)ch))
        line_start = 0;
      if (ch == '"')
        in_string = !in_string;
      else if (!in_string && ch == '(' && i + 1 < len && text[i + 1] == '*') {
        depth = 1;
        start = line;
        text[i] = text[i + 1] = ' ';
        i++;
      }
      continue;
    }
    if (ch == '(' && i + 1 < len && text[i + 1] == '*') {
      depth++;
      text[i] = text[i + 1] = ' ';
      i++;
    } else if (ch == '*' && i + 1 < len && text[i + 1] == ')') {
      depth--;
      text[i] = text[i + 1] = ' ';
      i++;
    } else {
      text[i] = ' ';
    }
  }
  return depth ? start : 0;
}
