/* strbuf.c — growable string buffer (see strbuf.h).
 * Example: wmm_strbuf b = WMM_STRBUF_INIT; wmm_strbuf_puts(&b, "x"); */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Make room for n more bytes plus the NUL; 0 on success. */
static int reserve(wmm_strbuf *b, size_t n)
{
  if (b->failed)
    return -1;
  if (b->len + n + 1 <= b->cap)
    return 0;
  size_t ncap = b->cap ? b->cap : 64;
  while (ncap < b->len + n + 1)
    ncap *= 2;
  char *d = realloc(b->data, ncap);
  if (!d) {
    b->failed = 1;
    return -1;
  }
  b->data = d;
  b->cap = ncap;
  return 0;
}

void wmm_strbuf_append(wmm_strbuf *b, const char *s, size_t n)
{
  if (reserve(b, n))
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void wmm_strbuf_puts(wmm_strbuf *b, const char *s)
{
  wmm_strbuf_append(b, s, strlen(s));
}

void wmm_strbuf_printf(wmm_strbuf *b, const char *fmt, ...)
{
  /* Format once into the room there is (most texts are short); only a
   * longer one is formatted again into room made for it. */
  if (reserve(b, 128))
    return;
  va_list ap;
  va_start(ap, fmt);
  size_t room = b->cap - b->len;
  int n = vsnprintf(b->data + b->len, room, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->data[b->len] = '\0';
    return;
  }
  if ((size_t)n >= room) {
    if (reserve(b, (size_t)n)) {
      b->data[b->len] = '\0';
      return;
    }
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  b->len += (size_t)n;
}

void wmm_strbuf_json_string(wmm_strbuf *b, const char *s)
{
  wmm_strbuf_append(b, "\"", 1);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    /* (a run of characters that need no escape, at once) */
    size_t run = 0;
    while (p[run] >= 0x20 && p[run] != '"' && p[run] != '\\')
      run++;
    if (run) {
      wmm_strbuf_append(b, (const char *)p, run);
      p += run - 1;
      continue;
    }
    switch (*p) {
    case '"': wmm_strbuf_puts(b, "\\\""); break;
    case '\\': wmm_strbuf_puts(b, "\\\\"); break;
    case '\n': wmm_strbuf_puts(b, "\\n"); break;
    case '\t': wmm_strbuf_puts(b, "\\t"); break;
    case '\r': wmm_strbuf_puts(b, "\\r"); break;
    default:
      if (*p < 0x20)
        wmm_strbuf_printf(b, "\\u%04x", *p);
      else
        wmm_strbuf_append(b, (const char *)p, 1);
    }
  }
  wmm_strbuf_append(b, "\"", 1);
}

void wmm_strbuf_reset(wmm_strbuf *b)
{
  b->len = 0;
  if (b->data)
    b->data[0] = '\0';
}

void wmm_strbuf_free(wmm_strbuf *b)
{
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
  b->failed = 0;
}

const char *wmm_strbuf_str(const wmm_strbuf *b)
{
  return b->data ? b->data : "";
}
