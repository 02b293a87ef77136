/* strbuf.h — a growable string buffer, how the core "prints": it formats
 * into memory and the drivers write the result out.
 * Example:
 *   wmm_strbuf b = WMM_STRBUF_INIT;
 *   wmm_strbuf_printf(&b, "%s Allowed\n", name);
 *   fputs(b.data, stdout);   // in a driver
 *   wmm_strbuf_free(&b);
 * After an allocation failure the buffer keeps what it had and `failed` is
 * set; every later append is a no-op, so callers check once at the end.
 */
#ifndef WMMFENCE_STRBUF_H
#define WMMFENCE_STRBUF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_strbuf {
  char *data;     /* NUL-terminated once anything was appended */
  size_t len, cap;
  int failed;
} wmm_strbuf;

#define WMM_STRBUF_INIT {NULL, 0, 0, 0}

void wmm_strbuf_printf(wmm_strbuf *b, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void wmm_strbuf_append(wmm_strbuf *b, const char *s, size_t n);
void wmm_strbuf_puts(wmm_strbuf *b, const char *s);
/* Append s as a JSON string literal (with the quotes). */
void wmm_strbuf_json_string(wmm_strbuf *b, const char *s);
void wmm_strbuf_reset(wmm_strbuf *b);   /* len = 0, keep the memory */
void wmm_strbuf_free(wmm_strbuf *b);
/* The contents ("" if empty); never NULL. */
const char *wmm_strbuf_str(const wmm_strbuf *b);

#ifdef __cplusplus
}
#endif
#endif
