/* ir.h — the program IR: the contract between the front ends (litmus parser,
 * GCC plugin) and the core (models, placement, model checker).
 *
 * A program is a set of threads over a set of named memory locations.  Each
 * thread is a flat array of instructions over its own registers; control flow
 * is explicit (WMM_OP_BRANCH / WMM_OP_JUMP name an instruction index, every
 * other instruction falls through), so the array *is* the control-flow graph.
 * A final condition (exists / ~exists / forall) ranges over the final values
 * of registers and memory.
 *
 * Example: the PPC test MP+lwsync+addr becomes
 *
 *     locations: x = 0, y = 0
 *     P0: r1 = 1; [x] = r1; fence lwsync; r3 = 1; [y] = r3
 *     P1: r1 = [y]; r3 = r1 ^ r1; r4 = [r3 + x]
 *     exists (1:r1 = 1 /\ 1:r4 = 0)
 *
 * Values are 64-bit integers.  The address of location i is the value
 * wmm_loc_addr(i) = (i + 1) << 32, so address arithmetic (base + index,
 * x ^ x + y) works on plain integers and a value can be mapped back to a
 * location name for printing (wmm_addr_loc).
 *
 * Dependencies are not stored: they follow from the register data flow
 * (an address computed from a loaded value is an address dependency, a
 * stored value computed from one is a data dependency, a branch on one is a
 * control dependency for everything after it).  A front end that cannot
 * express the data flow may set WMM_ACC_DEP_* flags on an access instead
 * (a dependency on the thread's previous load).  The GCC plugin's
 * deps=addr gives a loaded pointer a register and makes it the address
 * base of the accesses through it (their location stays unknown), so the
 * dependency names its source load.
 *
 * Ownership: everything reachable from a wmm_program is owned by it and freed
 * by wmm_program_free().  Strings are copied in.  The core never prints,
 * exits or aborts: functions return 0 on success and a negative
 * wmm_status on failure, with the message in a wmm_error.
 */
#ifndef WMMFENCE_IR_H
#define WMMFENCE_IR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t wmm_val;

/* Status codes returned by core functions (negated). */
typedef enum wmm_status {
  WMM_OK = 0,
  WMM_ERR_NOMEM = 1,   /* allocation failed */
  WMM_ERR_SYNTAX = 2,  /* malformed input (file:line in the wmm_error) */
  WMM_ERR_UNSUPPORTED = 3, /* well-formed but beyond what we handle */
  WMM_ERR_LIMIT = 4,   /* a size or time limit was reached */
  WMM_ERR_IO = 5,      /* a file could not be read or written */
  WMM_ERR_INVALID = 6, /* bad argument */
  WMM_ERR_SOLVER = 7   /* an external solver (GLPK, Z3) failed */
} wmm_status;

/* An error with its source position (file may be NULL, line 0 = unknown). */
typedef struct wmm_error {
  int status;          /* a wmm_status */
  char file[256];
  int line;
  char msg[512];
} wmm_error;

/* Record an error; returns -status so callers can `return wmm_fail(...)`. */
int wmm_fail(wmm_error *err, int status, const char *file, int line,
             const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* ---------------------------------------------------------------- models */

/* The memory models the core knows.  Order is part of the ABI (tables). */
typedef enum wmm_model {
  WMM_MODEL_SC = 0,
  WMM_MODEL_TSO,      /* x86-TSO, herd7 x86tso.cat */
  WMM_MODEL_PSO,
  WMM_MODEL_RMO,
  WMM_MODEL_POWER,    /* herd7 ppc.cat */
  WMM_MODEL_ARMV7,    /* herd7 arm.cat */
  WMM_MODEL_ARMV8,    /* herd7 aarch64.cat */
  WMM_MODEL_COUNT
} wmm_model;

/* Name <-> model ("sc", "tso" (also "x86"), "pso", "rmo", "power",
 * "armv7", "armv8").  wmm_model_parse returns -1 on an unknown name. */
const char *wmm_model_name(wmm_model m);
int wmm_model_parse(const char *name);

/* Source syntax of a program (decides register names and printing). */
typedef enum wmm_arch {
  WMM_ARCH_X86 = 0,
  WMM_ARCH_PPC,
  WMM_ARCH_ARM,       /* ARMv7 */
  WMM_ARCH_AARCH64,
  WMM_ARCH_C,         /* herd7's C litmus syntax */
  WMM_ARCH_GIMPLE,    /* filled in by the GCC plugin */
  WMM_ARCH_COUNT
} wmm_arch;

const char *wmm_arch_name(wmm_arch a);   /* "X86", "PPC", "ARM", "AArch64", "C" */
wmm_model wmm_arch_default_model(wmm_arch a);
/* The arch whose instructions model m's programs use (x86 for sc, tso,
 * pso and rmo). */
wmm_arch wmm_model_arch(wmm_model m);

/* ---------------------------------------------------------------- fences */

typedef enum wmm_fence {
  WMM_FENCE_NONE = 0,
  WMM_FENCE_MFENCE,     /* x86 mfence / lock-or; full fence of sc/tso/pso/rmo */
  WMM_FENCE_SYNC,       /* Power sync (hwsync) */
  WMM_FENCE_LWSYNC,     /* Power lwsync */
  WMM_FENCE_ISYNC,      /* Power isync (only useful after ctrl) */
  WMM_FENCE_EIEIO,      /* Power eieio (W->W) */
  WMM_FENCE_DMB,        /* ARMv7 dmb (sy) */
  WMM_FENCE_DMB_ST,     /* ARMv7 dmb st (W->W) */
  WMM_FENCE_DSB,        /* ARMv7 dsb */
  WMM_FENCE_DSB_ST,     /* ARMv7 dsb st */
  WMM_FENCE_ISB,        /* ARMv7/ARMv8 isb (only useful after ctrl) */
  WMM_FENCE_DMB_ISH,    /* ARMv8 dmb ish / dmb sy: full */
  WMM_FENCE_DMB_ISHLD,  /* ARMv8 dmb ishld / dmb ld: R->R, R->W */
  WMM_FENCE_DMB_ISHST,  /* ARMv8 dmb ishst / dmb st: W->W */
  WMM_FENCE_COMPILER,   /* compiler barrier only: orders nothing in hardware */
  /* C11 fences (C litmus syntax, GIMPLE): the models map them to the
   * instruction GCC emits on the model's architecture (DESIGN.md's table:
   * seq_cst -> the full fence; acq_rel/release -> lwsync on power, dmb ish
   * on armv7/armv8; acquire -> lwsync on power, dmb ishld on armv8; weaker
   * than seq_cst -> nothing on sc/tso/pso/rmo... see analysis/models/check.h). */
  WMM_FENCE_C_SEQ_CST,
  WMM_FENCE_C_ACQ_REL,
  WMM_FENCE_C_ACQUIRE,
  WMM_FENCE_C_RELEASE,
  WMM_FENCE_SFENCE,     /* x86 sfence: orders stores with stores; under
                           x86-TSO only streaming stores need it
                           (WMM_ACC_STREAM); orders nothing on the other
                           models.  Never placed, only collected */
  WMM_FENCE_COUNT
} wmm_fence;

const char *wmm_fence_name(wmm_fence f);  /* "sync", "dmb ishld", ... */

/* ---------------------------------------------------------- instructions */

typedef enum wmm_opkind {
  WMM_OP_NOP = 0,
  WMM_OP_MOV,       /* reg[dst] = a */
  WMM_OP_ALU,       /* reg[dst] = a <alu> b */
  WMM_OP_LOAD,      /* reg[dst] = mem[addr] */
  WMM_OP_STORE,     /* mem[addr] = a */
  WMM_OP_RMW,       /* atomically: reg[dst] = mem[addr]; mem[addr] = old <alu> a
                       (alu = WMM_ALU_SECOND for an exchange) */
  WMM_OP_LOAD_EX,   /* load-reserve (lwarx, ldrex, ldxr): reg[dst] = mem[addr] */
  WMM_OP_STORE_EX,  /* store-conditional (stwcx., strex, stxr): mem[addr] = a
                       if the reservation holds; reg[dst] (if >= 0) = 0 on
                       success, 1 on failure; flags EQ on success (Power) */
  WMM_OP_FENCE,     /* fence of kind `fence` */
  WMM_OP_CMP,       /* flags = compare(a, b) */
  WMM_OP_BRANCH,    /* if cond(flags, or a for CBZ/CBNZ) goto target */
  WMM_OP_JUMP,      /* goto target */
  WMM_OP_CALL,      /* call code unit `target` (a wmm_thread index with
                       entry == 0 or 1), -1 = unknown external function;
                       a call to unknown code is a compiler barrier and may
                       access any escaped memory (front ends decide how to
                       summarise it; see the plugin docs) */
  WMM_OP_NONDET,    /* reg[dst] = any value (a nondeterministic input such
                       as __VERIFIER_nondet_int(); only the BMC takes it) */
  WMM_OP_COUNT
} wmm_opkind;

typedef enum wmm_alu {
  WMM_ALU_ADD = 0, WMM_ALU_SUB, WMM_ALU_XOR, WMM_ALU_AND, WMM_ALU_OR,
  WMM_ALU_SECOND,   /* result = b (exchange) */
  /* 64-bit arithmetic as SMT-LIB's bit-vectors define it (a front end
   * fits the result to its C type): division by 0 gives all ones (udiv),
   * a (urem), -1 or 1 (sdiv, by a's sign), a (srem); shifts by 64 or
   * more give 0, or a's sign (ashr). */
  WMM_ALU_MUL, WMM_ALU_UDIV, WMM_ALU_SDIV, WMM_ALU_UREM, WMM_ALU_SREM,
  WMM_ALU_SHL, WMM_ALU_LSHR, WMM_ALU_ASHR
} wmm_alu;

typedef enum wmm_cond {
  WMM_COND_ALWAYS = 0,
  WMM_COND_EQ, WMM_COND_NE,   /* on the flags of the last CMP */
  WMM_COND_LT, WMM_COND_GE, WMM_COND_GT, WMM_COND_LE,
  WMM_COND_ZERO, WMM_COND_NONZERO, /* on operand a (AArch64 cbz/cbnz) */
  WMM_COND_ANY     /* nondeterministic (abstracted program) */
} wmm_cond;

typedef enum wmm_operand_kind {
  WMM_OPND_NONE = 0,
  WMM_OPND_REG,     /* value of register `reg` */
  WMM_OPND_IMM      /* constant `imm` (addresses are constants too) */
} wmm_operand_kind;

typedef struct wmm_operand {
  wmm_operand_kind kind;
  int reg;          /* register index in the thread */
  wmm_val imm;
} wmm_operand;

/* Memory address: base + index + offset.  A location known statically is
 * base = IMM wmm_loc_addr(i).  loc_hint is the location the front end
 * believes is accessed (-1 = unknown: may alias every location, or only
 * those of the alias set `alias` when that is >= 0: an index into
 * wmm_program.aliases, e.g. the locations whose type an `int` read through
 * a pointer may touch under C's aliasing rules). */
typedef struct wmm_addr {
  wmm_operand base;
  wmm_operand index;
  wmm_val offset;
  int loc_hint;
  int alias;          /* -1 = every location (the default) */
} wmm_addr;

/* Access flags. */
enum {
  WMM_ACC_ACQUIRE = 1 << 0,   /* ARMv8 LDAR / C11 acquire */
  WMM_ACC_RELEASE = 1 << 1,   /* ARMv8 STLR / C11 release */
  WMM_ACC_ACQPC = 1 << 2,     /* ARMv8.3 LDAPR */
  WMM_ACC_ATOMIC = 1 << 3,    /* locked / seq_cst atomic (x86 LOCK, xchg) */
  WMM_ACC_DEP_ADDR = 1 << 4,  /* front-end asserted address dependency on
                                 the previous load of the thread */
  WMM_ACC_DEP_DATA = 1 << 5,
  WMM_ACC_DEP_CTRL = 1 << 6,
  WMM_ACC_ABSTRACT = 1 << 7,  /* WMM_OP_NONDET standing for a value the
                                 front end does not model (an unmodelled
                                 operation, memory it cannot name): a
                                 counterexample whose path depends on it
                                 may be spurious */
  WMM_ACC_SECTION = 1 << 8,   /* placement only: an access of a location
                                 every access of which runs in a critical
                                 section of one lock, held here.  A cycle
                                 through it enters and leaves it from other
                                 sections of that lock, which run wholly
                                 before or after this one: every pair of
                                 its thread it belongs to counts as ordered
                                 by the model's full fence (the lock's
                                 acquire / release order it at least that
                                 strongly on multi-copy-atomic models and
                                 where the lock code has full barriers);
                                 pairs around it stay unordered */
  WMM_ACC_SECTION_LW = 1 << 9,/* the same where the lock's acquire /
                                 release are as strong as lwsync only
                                 (Power): its pairs count as ordered by
                                 lwsync */
  WMM_ACC_SEQCST = 1 << 10,   /* front end: an atomic access of C11
                                 order seq_cst */
  WMM_ACC_ORDER_FENCE = 1 << 11,/* on a WMM_OP_FENCE: added by the front
                                 end for a C11 order weaker than seq_cst
                                 (the target's mapping of acquire or
                                 release, e.g. ARMv7's dmb); a reference
                                 model's mapping of that order (x86: a
                                 plain mov) has no fence there */
  WMM_ACC_FRESH = 1 << 13,    /* placement only: the access touches an
                                 object its thread allocated in this
                                 activation, before any use of the address
                                 that may let it out, and no object of that
                                 allocation is ever freed (its storage is
                                 no other object's): two such accesses of
                                 different threads, or of two instances of
                                 one, never touch the same memory (aeg.h:
                                 no com edge between them) */
  WMM_ACC_NONZERO = 1 << 14,  /* placement only: on a WMM_OP_STORE of a
                                 register, the front end found the value
                                 never zero (a pointer the thread has
                                 dereferenced or tested non-null before
                                 the store): a value guard comparing a
                                 load that reads it with 0 knows the
                                 outcome (guards.h) */
  WMM_ACC_STREAM = 1 << 15,   /* on a WMM_OP_STORE: an x86 streaming
                                 (non-temporal) store, movnti and the
                                 _mm_stream_* builtins.  x86-TSO keeps it in
                                 order with no other access of its thread
                                 (Intel SDM vol. 3A 8.2.2: stores are kept
                                 in order except streaming ones; their
                                 write-combining protocol is weakly
                                 ordered): only a full fence, a locked
                                 instruction and, between two stores,
                                 sfence order it.  The other models ignore
                                 the flag */
  WMM_ACC_BLIND = 1 << 16,    /* on a WMM_OP_RMW whose alu is ADD, SUB,
                                 XOR, AND or OR: the front end found that
                                 the old value it reads is used nowhere (a
                                 statement `__atomic_fetch_add (&n, 1,
                                 ...)` or `#pragma omp atomic` `n++`).  A
                                 location only such updates touch while
                                 the threads run gives no events (aeg.h,
                                 "Blind updates") */
  WMM_ACC_CALLEE = 1 << 17,   /* placement only: on a WMM_OP_STORE right
                                 after a WMM_OP_LOAD, the two standing for
                                 what a call of code the front end cannot
                                 see reads and writes: their order is the
                                 callee's, which no fence of the caller
                                 can change (one there would be outside
                                 the call), so the pair is no delay; the
                                 pairs with every other access stay (a
                                 store of one call before a load of the
                                 next is W->R) */
  WMM_ACC_RETRY = 1 << 12     /* on a WMM_OP_BRANCH / WMM_OP_JUMP back to
                                 a loop's head: the front end found that
                                 no iteration of the loop but the last
                                 changes anything (it only reads memory,
                                 and no value of one iteration reaches the
                                 next: a spin wait, a seqlock reader's
                                 retry).  The placement takes the jump
                                 back for no edge when the loop has no
                                 write and no call (aeg.h) */
};

/* Source position of an instruction.  file is an index into
 * wmm_program.files (-1 = the program's own file). */
typedef struct wmm_pos {
  int file;
  int line;
  int col;
} wmm_pos;

typedef struct wmm_instr {
  wmm_opkind op;
  int dst;            /* destination register, -1 if none */
  wmm_operand a, b;
  wmm_alu alu;
  wmm_cond cond;
  int target;         /* branch/jump target instruction index */
  wmm_addr addr;      /* for memory operations */
  int width;          /* access width in bytes (4 by default) */
  unsigned flags;     /* WMM_ACC_* */
  wmm_fence fence;    /* for WMM_OP_FENCE */
  wmm_pos pos;
  double freq;        /* estimated execution frequency (1.0 if unknown) */
  char *text;         /* original text of the instruction (may be NULL) */
  int place;          /* 0, or the place in the compiled code "before this
                         instruction" stands for: instructions with the
                         same place share it, so one fence there is before
                         all of them (the plugin: a callee's code collected
                         for each call site) */
  /* A value guard (the plugin; placement only, every other reader takes
   * the branch as it is): a WMM_OP_BRANCH is taken only when the value
   * the LOAD at instruction guard_load - 1 of this thread last read is
   * guard_cond (WMM_COND_EQ or WMM_COND_NE) guard_imm, and falls through
   * only when it is not.  guard_load 0: no guard.  Example: `while
   * (!done) ...` gives the branch into the loop's body guard EQ 0 on the
   * load of done, so a cycle whose read of done reads a store of 1 cannot
   * go on into the body (cycles.h). */
  int guard_load;
  wmm_cond guard_cond;
  wmm_val guard_imm;
  /* An address key (the plugin; placement only): 0, or a number shared
   * by the accesses to an unknown address of one code unit that touch one
   * address during one activation of the unit (a pointer parameter at
   * one offset: `w->sum` read and written by a start routine).  Two of
   * them in one thread that is one activation of their unit never touch
   * two locations. */
  int addr_key;
} wmm_instr;

/* A register: its name in the source and its initial value. */
typedef struct wmm_reg {
  char *name;
  wmm_val init;
} wmm_reg;

/* A label in a thread's code: name -> instruction index. */
typedef struct wmm_label {
  char *name;
  int index;
} wmm_label;

typedef struct wmm_thread {
  char *name;          /* "P0", or the function name */
  wmm_reg *regs;
  int nregs, cap_regs;
  wmm_instr *code;
  int ncode, cap_code;
  wmm_label *labels;
  int nlabels, cap_labels;
  int instances;       /* 1, or 2 = may run in several instances at once */
  int entry;           /* 1 = runs as a thread (litmus threads, thread entry
                          functions); 0 = a function only reached by
                          WMM_OP_CALL from other code units */
} wmm_thread;

/* A set of locations (ascending, no duplicates): what an access to an
 * unknown address may touch (wmm_addr.alias). */
typedef struct wmm_locset {
  int *locs;
  int n;
} wmm_locset;

typedef struct wmm_location {
  char *name;
  wmm_val init;        /* initial value (may be another location's address) */
  int width;           /* bytes; 4 unless the test says otherwise */
  int is_private;      /* not shared (plugin: escapes no thread) */
  int one_writer;      /* no two threads write the same byte of it (plugin:
                          each element of an array is written by the one
                          thread that claims it): no coherence edge between
                          two threads' writes of it */
  int once_group;      /* 0, or k > 0 (with one_writer): in every execution
                          one thread makes every write of every location of
                          group k (plugin: the block of a double-checked
                          initialisation, which runs at most once) */
} wmm_location;

/* Final condition: a propositional formula over atoms. */
typedef enum wmm_cond_kind {
  WMM_PROP_TRUE = 0, WMM_PROP_FALSE,
  WMM_PROP_AND, WMM_PROP_OR, WMM_PROP_NOT, WMM_PROP_IMPLIES,
  WMM_PROP_REG_EQ,     /* thread:reg = val */
  WMM_PROP_LOC_EQ      /* [loc] = val */
} wmm_prop_kind;

typedef struct wmm_prop {
  wmm_prop_kind kind;
  struct wmm_prop *l, *r;   /* operands of AND/OR/IMPLIES; l for NOT */
  int thread, reg;          /* REG_EQ */
  int loc;                  /* LOC_EQ */
  wmm_val val;
} wmm_prop;

typedef enum wmm_quant {
  WMM_QUANT_EXISTS = 0,   /* exists P: Allowed if some execution satisfies P */
  WMM_QUANT_NOT_EXISTS,   /* ~exists P */
  WMM_QUANT_FORALL        /* forall P */
} wmm_quant;

typedef struct wmm_program {
  char *name;           /* test name */
  char *source;         /* file it was read from (may be NULL) */
  wmm_arch arch;
  char *doc;            /* the quoted description line, may be NULL */
  char **meta;          /* "Key=Value" header lines kept for printing */
  int nmeta, cap_meta;
  char **files;         /* source files referenced by wmm_pos.file */
  int nfiles, cap_files;
  wmm_location *locs;
  int nlocs, cap_locs;
  wmm_thread *threads;
  int nthreads, cap_threads;
  wmm_quant quant;
  wmm_prop *cond;       /* NULL = no condition (treated as exists true) */
  int *observed;        /* `locations [...]` list: location indices */
  int nobserved;
  int *observed_regs;   /* `locations [...]` registers: (thread, reg) pairs,
                           2 * nobserved_regs ints */
  int nobserved_regs;
  wmm_locset *aliases;  /* alias sets of unknown addresses (deduplicated;
                           wmm_program_alias adds one) */
  int naliases, cap_aliases;
} wmm_program;

/* ------------------------------------------------------------- addresses */

static inline wmm_val wmm_loc_addr(int loc) { return ((wmm_val)loc + 1) << 32; }
/* Location whose address is v (offset ignored if below 2^32), or -1. */
static inline int wmm_addr_loc(const wmm_program *p, wmm_val v)
{
  wmm_val i = (v >> 32) - 1;
  return (v > 0 && i >= 0 && i < p->nlocs) ? (int)i : -1;
}

/* -------------------------------------------------------------- building */

wmm_program *wmm_program_new(const char *name, wmm_arch arch);
void wmm_program_free(wmm_program *p);

/* Find or add; return the index, or -1 when out of memory. */
int wmm_program_loc(wmm_program *p, const char *name);
int wmm_program_find_loc(const wmm_program *p, const char *name); /* -1 if none */
int wmm_program_thread(wmm_program *p, const char *name);
int wmm_program_file(wmm_program *p, const char *path);
int wmm_program_meta(wmm_program *p, const char *line);
int wmm_thread_reg(wmm_thread *t, const char *name);
int wmm_thread_find_reg(const wmm_thread *t, const char *name);   /* -1 if none */
int wmm_thread_label(wmm_thread *t, const char *name, int index);
int wmm_thread_find_label(const wmm_thread *t, const char *name); /* -1 if none */

/* The index of the alias set holding locs[0..n-1] (any order, duplicates
 * ignored), added when new; a negative wmm_status when a location is out of
 * range (WMM_ERR_INVALID) or memory runs out. */
int wmm_program_alias(wmm_program *p, const int *locs, int n);
/* May an access to an unknown address with alias set `alias` (-1 = every
 * location) touch location loc?  An index out of range counts as -1. */
int wmm_alias_contains(const wmm_program *p, int alias, int loc);

/* Append an instruction (copied; text is copied); returns its index or -1. */
int wmm_thread_append(wmm_thread *t, const wmm_instr *in);
/* A zeroed instruction: dst -1, no operands, width 4, freq 1, loc_hint -1,
 * alias -1. */
wmm_instr wmm_instr_init(wmm_opkind op);

wmm_prop *wmm_prop_new(wmm_prop_kind kind);
void wmm_prop_free(wmm_prop *c);

/* Deep copy; NULL when out of memory. */
wmm_program *wmm_program_clone(const wmm_program *p);

/* Insert a fence before instruction `index` of thread `t`, fixing branch
 * targets and labels (a branch to `index` then reaches the fence first).
 * Returns the index of the new instruction or a negative wmm_status. */
int wmm_thread_insert_fence(wmm_program *p, int t, int index, wmm_fence f);

/* Is the instruction a memory access (load, store, RMW, load/store-ex)? */
int wmm_instr_is_access(const wmm_instr *in);
int wmm_instr_reads(const wmm_instr *in);
int wmm_instr_writes(const wmm_instr *in);

/* Evaluate an ALU operation. */
wmm_val wmm_alu_eval(wmm_alu op, wmm_val a, wmm_val b);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_IR_H */
