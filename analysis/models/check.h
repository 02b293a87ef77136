/* check.h — the explicit checker: is the final condition of a program
 * reachable under a memory model?  It enumerates the candidate executions
 * (per-thread traces given the values read, read-from and coherence choices)
 * and keeps those the model (herd7's cat models, written in C over bit
 * matrices; PSO and RMO as in tests/corpus/README.md) accepts.
 *
 * Folder analysis/models/ (the memory models and their checker): rel.c the
 * relation algebra on bit matrices, exec_trace.c / exec_enum.c /
 * exec_util.c the candidate executions, model.h with common.c and one file
 * per model (sc.c, tso.c, psormo.c, power.c, armv7.c, armv8.c), check.c
 * the driver.  Entry points: wmm_check (here), wmm_model_check (model.h).
 *
 * Example:
 *   wmm_check_opts o = wmm_check_opts_default(WMM_MODEL_POWER);
 *   o.witness = 1;
 *   wmm_check_result r;
 *   if (wmm_check(prog, &o, &r, &err) == 0) {
 *     puts(r.allowed ? "Allowed" : "Forbidden");
 *     wmm_check_result_free(&r);
 *   }
 *
 * Semantics shared with the bounded model checker (bmc/):
 *  - Allowed = some execution valid under the model satisfies the condition
 *    of `exists P` / `~exists P` (the quantifier does not change the
 *    verdict's meaning), or violates P for `forall P`.
 *  - Loops: a path may take each backward branch/jump at most `unwind` times;
 *    longer paths are discarded (an assumption, as in bounded model checking).
 *  - C11 fence kinds (WMM_FENCE_C_*) and acquire/release accesses are mapped
 *    to what GCC 12 emits on the model's architecture (DESIGN.md's table).
 */
#ifndef WMMFENCE_CHECK_H
#define WMMFENCE_CHECK_H

#include "ir.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_check_opts {
  wmm_model model;
  int witness;          /* fill wmm_check_result.witness when Allowed */
  int unwind;           /* loop bound (default 2) */
  long max_candidates;  /* give up with WMM_ERR_LIMIT beyond this (0 = none) */
  const struct wmm_witness *guide;  /* replay: only the paths whose events,
                           values read and inputs are this execution's
                           (wmm_check_witness sets it; NULL: every path) */
} wmm_check_opts;

wmm_check_opts wmm_check_opts_default(wmm_model m);

/* One event of an execution. */
typedef enum wmm_event_kind {
  WMM_EV_INIT = 0,   /* initial write of a location */
  WMM_EV_READ,
  WMM_EV_WRITE,
  WMM_EV_FENCE
} wmm_event_kind;

typedef struct wmm_wit_event {
  wmm_event_kind kind;   /* an RMW gives a READ and a WRITE at one index */
  int thread, index;     /* instruction (thread -1 for INIT) */
  int inst;              /* thread instance, numbered as the threads run
                            (entries in program order, each instance in
                            turn); -1 for INIT */
  int loc;               /* location (-1 for fences) */
  wmm_val val;           /* value read or written */
  int rf;                /* READ: index in ev[] of the write it reads from */
  int co;                /* writes: position in the location's coherence
                            order (INIT = 0) */
} wmm_wit_event;

/* An execution: its events, and the final state it reaches. */
typedef struct wmm_witness {
  wmm_wit_event *ev;
  int nev;
  wmm_val **regs;        /* regs[thread][reg]: final register values */
  wmm_val *mem;          /* mem[loc]: final memory (co-last write) */
  int ninst;             /* instances with inputs below (0: none known) */
  int *ninput;           /* ninput[inst]: nondeterministic values taken */
  wmm_val **input;       /* input[inst][k]: the k-th such value (WMM_OP_NONDET
                            in path order) */
} wmm_witness;

typedef struct wmm_check_result {
  int allowed;           /* 1 Allowed, 0 Forbidden */
  long candidates;       /* candidate executions examined */
  long valid;            /* of which valid under the model */
  long satisfying;       /* valid ones that satisfy the condition */
  int has_witness;
  wmm_witness witness;   /* one valid satisfying execution, if asked */
} wmm_check_result;

int wmm_check(const wmm_program *p, const wmm_check_opts *o,
              wmm_check_result *r, wmm_error *err);
void wmm_check_result_free(wmm_check_result *r);

/* Is the given execution (e.g. a witness from the BMC) a valid execution of
 * p under model m that satisfies p's condition?  *ok = 1 when it is; when it
 * is not, *ok = 0 and why says which check failed.  The search follows the
 * witness (its values read and its inputs), so it is linear in the
 * execution's length, not in the program's paths. */
int wmm_check_witness(const wmm_program *p, wmm_model m,
                      const wmm_witness *w, int *ok, wmm_strbuf *why,
                      wmm_error *err);

/* The same replay, with its answers apart. */
typedef struct wmm_replay_info {
  int found;             /* the events, rf and co are an execution of p */
  int valid;             /* the model accepts it */
  int satisfies;         /* its final state meets p's condition (1 when p
                            has none) */
  int abstract_inst;     /* an instance whose path depends on an input
                            marked WMM_ACC_ABSTRACT (-1: none) */
  int abstract_at;       /* ... at this instruction of its thread */
} wmm_replay_info;

int wmm_replay_witness(const wmm_program *p, wmm_model m,
                       const wmm_witness *w, wmm_replay_info *out,
                       wmm_strbuf *why, wmm_error *err);

/* Readable form of an execution (rf, co, values, final state). */
void wmm_witness_format(const wmm_program *p, const wmm_witness *w,
                        wmm_strbuf *out);
void wmm_witness_free(wmm_witness *w, const wmm_program *p);
void wmm_witness_free_inputs(wmm_witness *w);   /* only ninst/ninput/input */

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_CHECK_H */
