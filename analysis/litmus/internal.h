/* internal.h — shared pieces of the litmus front end (private to
 * the files of analysis/litmus/): the tokenizer, the parse context, the per-syntax
 * instruction parsers and the limits against absurd inputs.
 *
 * Example (inside an instruction parser):
 *   lit_lexer lx; lit_lex_init(&lx, text, text + len, line);
 *   lit_tok t = lit_next(&lx);          // "lwz"
 *   int r = lit_reg(ic, &t);            // register index, or a negative status
 */
#ifndef WMMFENCE_LITMUS_INTERNAL_H
#define WMMFENCE_LITMUS_INTERNAL_H

#include <stddef.h>

#include "ir.h"
#include "litmus.h"
#include "strbuf.h"

/* Limits: each is named in the message of the error that enforces it. */
#define LIT_MAX_INPUT (16 << 20)     /* bytes of one file */
#define LIT_MAX_THREADS 64
#define LIT_MAX_CODE 4096            /* instructions per thread */
#define LIT_MAX_LOCS 4096
#define LIT_MAX_REGS 256             /* registers per thread */
#define LIT_MAX_DEPTH 200            /* nesting of conditions / C blocks */
#define LIT_MAX_NAME 128             /* characters of a name */
#define LIT_MAX_META 1024            /* header lines */
#define LIT_MAX_OBSERVED 4096        /* entries of `locations [...]` */

/* ------------------------------------------------------------ tokenizer */

typedef enum lit_tok_kind {
  LIT_EOF = 0,
  LIT_IDENT,   /* [A-Za-z_%][A-Za-z0-9_.]* */
  LIT_NUM,     /* decimal or 0x hexadecimal, no sign */
  LIT_PUNCT,   /* one of , ( ) [ ] # $ * = + - & ; { } : ! < > ^ | ~ . ? or
                  the pairs / \ (/\), \ / (\/), =>, ==, !=, &&, ||, <=, >= */
  LIT_BAD      /* a character or number we cannot read; msg says which */
} lit_tok_kind;

typedef struct lit_tok {
  lit_tok_kind kind;
  const char *s;      /* start in the source */
  int len;
  int line;
  wmm_val num;        /* LIT_NUM */
  const char *msg;    /* LIT_BAD */
} lit_tok;

typedef struct lit_lexer {
  const char *p, *end;
  int line;
  int ml_comments;    /* skip (* ... *) comments (1 unless in C code) */
} lit_lexer;

void lit_lex_init(lit_lexer *lx, const char *p, const char *end, int line);
lit_tok lit_next(lit_lexer *lx);
lit_tok lit_peek(const lit_lexer *lx);
/* Is t the punctuation (or keyword, for identifiers) s? */
int lit_is(const lit_tok *t, const char *s);
/* Case-insensitive identifier comparison. */
int lit_is_ci(const lit_tok *t, const char *s);
/* Copy a token (or any span) into buf as a NUL-terminated string. */
void lit_tok_str(const lit_tok *t, char *buf, size_t size);

/* Remove `(* ... *)` comments (nesting) by overwriting them with spaces,
 * keeping newlines and quoted strings.  With stop non-NULL, stops at the
 * first '{' that starts a line outside comments and stores its offset
 * (len if none).  Returns 0, or the line (counted from 1 at text) where an
 * unterminated comment starts. */
int lit_strip_comments(char *text, size_t len, size_t *stop);

/* -------------------------------------------------------- parse context */

typedef struct lit_fixup {   /* a branch waiting for its label */
  int thread, instr, line;
  char *label;
} lit_fixup;

typedef struct lit_init {    /* an init entry applied once threads exist */
  int thread;                /* -1: a symbolic %register of any thread */
  char *reg;
  wmm_val val;
  int line;
} lit_init;

typedef struct lit_ctx {
  const char *file;
  wmm_error *err;
  wmm_program *p;
  lit_fixup *fix;
  int nfix, capfix;
  lit_init *init;
  int ninit, capinit;
  int *loc_hash;             /* open addressing: location index + 1, 0 free */
} lit_ctx;

/* Record an error at a line of the file being parsed; returns -status. */
int lit_fail(lit_ctx *c, int status, int line, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The state of one instruction being parsed. */
typedef struct lit_ins {
  lit_ctx *c;
  int ti;                 /* thread index */
  int line;
  int col;                /* 1-based column of the cell, 0 if unknown */
  const char *text;       /* the instruction's text (trimmed) */
  size_t textlen;
  lit_lexer lx;
} lit_ins;

/* A syntax: parse one instruction (or label) of thread ti, found at line. */
typedef int (*lit_instr_fn)(lit_ins *ic);

int lit_ppc_instr(lit_ins *ic);
int lit_arm_instr(lit_ins *ic);
int lit_aarch64_instr(lit_ins *ic);
int lit_x86_instr(lit_ins *ic);

/* Register validity per syntax (full name, e.g. "r3", "R3", "W3", "EAX";
 * "%name" symbolic registers are valid everywhere but X86). */
int lit_ppc_reg_ok(const char *name);
int lit_arm_reg_ok(const char *name);
int lit_aarch64_reg_ok(const char *name);
int lit_x86_reg_ok(const char *name);
int lit_c_reg_ok(const char *name);
int lit_reg_ok(wmm_arch a, const char *name);

/* Find or add register `name` of thread ti (AArch64 W<n>/X<n> share one
 * register); fails with a message on a bad name or too many registers. */
int lit_thread_reg(lit_ctx *c, int ti, const char *name, int line);
/* AArch64: give register r of thread ti the spelling the condition uses. */
int lit_aarch64_rename(lit_ctx *c, int ti, int r, const char *name, int line);

/* C syntax: parse the thread functions from lx, leaving lx where the
 * condition part starts. */
int lit_c_threads(lit_ctx *c, lit_lexer *lx);

/* Condition and locations list, starting at lx (after the code). */
int lit_parse_tail(lit_ctx *c, lit_lexer *lx);
/* A value: integer (signed) or location name (its address). */
int lit_parse_value(lit_ctx *c, lit_lexer *lx, wmm_val *v);

/* Instruction helpers (instr.c). */
int lit_ins_fail(lit_ins *ic, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Parse a register token; returns its index or a negative status. */
int lit_ins_reg(lit_ins *ic);
/* Parse an immediate: optional '#'/'$', optional '-', number. */
int lit_ins_imm(lit_ins *ic, wmm_val *v, int need_prefix);
/* Expect punctuation s. */
int lit_ins_expect(lit_ins *ic, const char *s);
/* Does the next token equal punctuation s?  Consume it if so. */
int lit_ins_accept(lit_ins *ic, const char *s);
/* Expect the end of the instruction. */
int lit_ins_end(lit_ins *ic);
/* A branch to label (fixed up when the thread is complete). */
int lit_ins_branch(lit_ins *ic, wmm_instr *in);
/* Append the instruction (position, text, limit); returns its index. */
int lit_ins_emit(lit_ins *ic, wmm_instr *in);
/* Is the cell a label "NAME:"?  Records it and returns 1. */
int lit_ins_label(lit_ins *ic);
/* The start of every assembly cell: an optional label, then the mnemonic
 * looked up (case-insensitively) in a table whose entries begin with
 * `const char *name` (stride: the entry's size; a NULL name ends it).
 * Returns 1 with *op set, 0 for an empty or label-only cell, or a negative
 * status ("unknown ARCH instruction 'NAME'"). */
int lit_ins_start(lit_ins *ic, const void *table, size_t stride,
                  const char *arch, const void **op);
/* Register and immediate operands by shape, commas between them:
 * 'd' a register into in->dst, 'a'/'b' a register into in->a/in->b,
 * 'A'/'B' an immediate (no prefix needed) into in->a/in->b, ',' a comma.
 * Example: PPC "addi r1,r2,4" is lit_ins_operands(ic, "d,a,B", &in). */
int lit_ins_operands(lit_ins *ic, const char *shape, wmm_instr *in);
/* The end of an ARM/AArch64 cell: ISB's optional SY option, then the end
 * of the instruction, then the instruction appended.  0 or a status. */
int lit_ins_finish(lit_ins *ic, wmm_instr *in);
/* Location address operand for name (adds the location). */
int lit_loc(lit_ctx *c, const char *name, int line);

static inline wmm_operand lit_opnd_reg(int r)
{
  wmm_operand o = {WMM_OPND_REG, r, 0};
  return o;
}

static inline wmm_operand lit_opnd_imm(wmm_val v)
{
  wmm_operand o = {WMM_OPND_IMM, 0, v};
  return o;
}

/* Post-processing (post.c): resolve branches, apply inits, compute
 * loc_hint by constant propagation. */
int lit_finish(lit_ctx *c);
/* Does an instruction of t read or write register r? */
int lit_code_uses_reg(const wmm_thread *t, int r);
void lit_compute_hints(wmm_program *p);

/* Printing helpers shared by the printers (litmus_print*.c). */
const char *lit_fence_text(wmm_arch a, wmm_fence f);
void lit_print_value(const wmm_program *p, wmm_val v, wmm_strbuf *out);
void lit_print_prop(const wmm_program *p, const wmm_prop *c, int prec,
                    wmm_strbuf *out);

#endif
