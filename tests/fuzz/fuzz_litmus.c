/* fuzz_litmus.c — libFuzzer harness for the litmus front end: parse any
 * input; a parse failure must carry a message (and a line for syntax
 * errors); a parsed test must print, the printed text must parse to a test
 * that prints to the same bytes, and the IR dump must not crash.
 * Build and run: see tests/fuzz/README.md (make fuzz).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "litmus/litmus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  wmm_program *p = NULL, *q = NULL;
  wmm_error e;
  memset(&e, 0, sizeof e);
  if (wmm_litmus_parse((const char *)data, size, "fuzz", &p, &e) < 0) {
    if (!e.msg[0] || (e.status == WMM_ERR_SYNTAX && e.line <= 0))
      abort();   /* every syntax error names its line */
    if (p)
      abort();
    return 0;
  }
  wmm_strbuf a = WMM_STRBUF_INIT, b = WMM_STRBUF_INIT, d = WMM_STRBUF_INIT;
  wmm_litmus_dump(p, 0, &d);
  if (wmm_litmus_print(p, &a, &e) == 0) {
    if (wmm_litmus_parse(wmm_strbuf_str(&a), a.len, "printed", &q, &e) < 0)
      abort();   /* what we print must parse */
    if (wmm_litmus_print(q, &b, &e) < 0 || a.len != b.len ||
        memcmp(wmm_strbuf_str(&a), wmm_strbuf_str(&b), a.len) != 0)
      abort();   /* and print to the same bytes */
  }
  wmm_program_free(q);
  wmm_program_free(p);
  wmm_strbuf_free(&a);
  wmm_strbuf_free(&b);
  wmm_strbuf_free(&d);
  return 0;
}
