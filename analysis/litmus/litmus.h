/* litmus.h — herd7 litmus tests <-> program IR.
 * Reads the X86, PPC, ARM, AArch64 and C syntaxes of herd7 7.57 and prints a
 * program back in the syntax of its arch, so that herd7 reads the output
 * unchanged (fenced tests are written this way).
 *
 * Folder analysis/litmus/ (the front end): lex.c and parse.c read the test's
 * frame (name, init, threads, condition), instr.c the shared instruction
 * layer and instr_{ppc,arm,aarch64,x86,c}.c each dialect's instructions,
 * cond.c the final condition, post.c the checks after parsing, print.c and
 * dump.c the way back.  Entry points: wmm_litmus_parse_file,
 * wmm_litmus_parse, wmm_litmus_print, wmm_litmus_dump (below).
 *
 * Example:
 *   wmm_program *p; wmm_error e;
 *   if (wmm_litmus_parse_file("MP.litmus", &p, &e) < 0)
 *     fprintf(stderr, "%s:%d: %s\n", e.file, e.line, e.msg);   // in a driver
 *   wmm_strbuf out = WMM_STRBUF_INIT;
 *   wmm_litmus_print(p, &out);
 */
#ifndef WMMFENCE_LITMUS_H
#define WMMFENCE_LITMUS_H

#include <stddef.h>

#include "ir.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parse a litmus test held in memory (text need not be NUL-terminated);
 * filename is used in error messages and stored as p->source. */
int wmm_litmus_parse(const char *text, size_t len, const char *filename,
                     wmm_program **out, wmm_error *err);
int wmm_litmus_parse_file(const char *path, wmm_program **out, wmm_error *err);

/* Print p in the litmus syntax of p->arch (X86, PPC, ARM, AArch64, C). */
int wmm_litmus_print(const wmm_program *p, wmm_strbuf *out, wmm_error *err);

/* A readable dump of the IR (debugging, tests): locations, registers,
 * labels, every instruction with its operands, flags, loc_hint and source
 * line, the condition.  WMM_DUMP_NO_POS leaves out source positions (to
 * compare a program with its printed-and-reparsed copy). */
enum { WMM_DUMP_NO_POS = 1 };
void wmm_litmus_dump(const wmm_program *p, int flags, wmm_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_LITMUS_H */
