/* bmc.h — the bounded model checker: is the final condition of a program
 * reachable under a memory model?  The threads are unwound to a bound and
 * executed symbolically (guarded events, SSA values as 64-bit bit-vectors);
 * the executions the model allows are encoded as partial orders over
 * integer clocks (seed 001) and handed to Z3.  Verdicts mean exactly what
 * wmm_check's mean (analysis/models/check.h: Allowed / Forbidden, loop unwinding,
 * C11 mappings), and for power, armv7 and armv8 they decide what herd7's
 * ppc.cat, arm.cat and aarch64.cat decide (docs/bmc.md).
 *
 * Example:
 *   wmm_bmc_opts o = wmm_bmc_opts_default(WMM_MODEL_POWER);
 *   o.witness = 1;
 *   wmm_bmc_result r;
 *   if (wmm_bmc(prog, &o, &r, &err) == 0) {
 *     puts(r.allowed ? "Allowed" : "Forbidden");  // in a driver
 *     wmm_bmc_result_free(&r, prog);
 *   }
 */
#ifndef WMMFENCE_BMC_H
#define WMMFENCE_BMC_H

#include "models/check.h"
#include "ir.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_bmc_opts {
  wmm_model model;
  int unwind;           /* loop bound, as wmm_check_opts.unwind (default 2) */
  int witness;          /* fill wmm_bmc_result.witness when Allowed */
  double timeout;       /* solver time limit in seconds (0 = none); when it
                           is reached wmm_bmc fails with WMM_ERR_LIMIT */
  int robustness;       /* the goal is an execution SC forbids (a cycle in
                           po | rf | co | fr), not the final condition */
  int bound_query;      /* the goal is a path that takes some backward
                           branch once more than `unwind` (Allowed: the
                           bound is not complete), not the condition */
} wmm_bmc_opts;

wmm_bmc_opts wmm_bmc_opts_default(wmm_model m);

/* The relations the constraints are counted under (seed 001, Table 1). */
typedef enum wmm_bmc_rel {
  WMM_BMC_REL_SSA = 0,  /* path conditions, address validity, condition */
  WMM_BMC_REL_RF,       /* rf-some, rf-val */
  WMM_BMC_REL_CO,       /* write serialisation */
  WMM_BMC_REL_UNIPROC,  /* coherence per location */
  WMM_BMC_REL_ATOMIC,   /* rmw & (fre;coe) empty */
  WMM_BMC_REL_PPO,      /* preserved program order (the Power fixpoint) */
  WMM_BMC_REL_GHB,      /* the model's main acyclicity (ghb, hb, ob) */
  WMM_BMC_REL_PROP,     /* Power/ARMv7 propagation */
  WMM_BMC_REL_OBS,      /* Power/ARMv7 observation */
  WMM_BMC_REL_SCXX,     /* Power/ARMv7 exclusives */
  WMM_BMC_REL_COUNT
} wmm_bmc_rel;

const char *wmm_bmc_rel_name(wmm_bmc_rel r);

/* Formula statistics. */
typedef struct wmm_bmc_stats {
  int threads;          /* thread instances */
  int events;           /* memory events and fences, after unwinding */
  int reads, writes, fences;
  int addresses;        /* locations some event may access */
  int max_per_addr;     /* most events that may access one location */
  int ssa;              /* instructions executed symbolically (SSA size) */
  long rf_pairs;        /* candidate read-from pairs */
  long clocks;          /* integer clock variables */
  long bools;           /* Boolean relation variables */
  long constraints;     /* all constraints asserted */
  long refinements;     /* solver calls after the first (lazy axioms) */
  long per_rel[WMM_BMC_REL_COUNT];
  double encode_s, solve_s;
} wmm_bmc_stats;

typedef struct wmm_bmc_result {
  int allowed;          /* 1 Allowed, 0 Forbidden */
  int has_witness;
  wmm_witness witness;  /* the execution found, if asked and Allowed */
  wmm_bmc_stats stats;
} wmm_bmc_result;

int wmm_bmc(const wmm_program *p, const wmm_bmc_opts *o, wmm_bmc_result *r,
            wmm_error *err);
void wmm_bmc_result_free(wmm_bmc_result *r, const wmm_program *p);

/* The entries of p as flat threads: every call to a code unit inlined up
 * to `depth` nested calls (deeper calls cut the path like the loop bound;
 * '$'-named registers are shared between caller and callee; a branch to
 * a unit's length + 1 halts the thread).  *out is a
 * new program (free it with wmm_program_free).  See inline.c. */
int wmm_bmc_inline(const wmm_program *p, int depth, wmm_program **out,
                   wmm_error *err);

/* ------------------------------------------------ checking compiled code */

typedef enum wmm_verdict {
  WMM_VERDICT_SAFE = 0,    /* no execution within the bounds reaches it */
  WMM_VERDICT_UNSAFE,      /* a counterexample (the witness) */
  WMM_VERDICT_UNKNOWN      /* no verdict: limit, time or unsupported code */
} wmm_verdict;

const char *wmm_verdict_name(wmm_verdict v);   /* "safe", "unsafe", ... */

/* What the explicit checker (wmm_replay_witness) says of a counterexample. */
typedef enum wmm_replay {
  WMM_REPLAY_NONE = 0,     /* no counterexample, or replay not asked */
  WMM_REPLAY_CONFIRMED,    /* a valid execution under the model that fails
                              the property (robustness: and SC rejects it) */
  WMM_REPLAY_REJECTED,     /* the explicit checker disagrees (replay_why) */
  WMM_REPLAY_SKIPPED       /* beyond the explicit checker (replay_why) */
} wmm_replay;

const char *wmm_replay_name(wmm_replay r);   /* "confirmed", ... */

typedef struct wmm_verify_opts {
  wmm_bmc_opts bmc;     /* model, unwind, timeout; robustness when the
                           program has no condition */
  int depth;            /* inlining depth (default 8) */
  int no_replay;        /* 1: do not replay the counterexample */
} wmm_verify_opts;

wmm_verify_opts wmm_verify_opts_default(wmm_model m);

typedef struct wmm_verify_result {
  wmm_verdict verdict;
  int robustness;       /* the property was robustness (p had no condition) */
  int complete;         /* safe, and no path was cut by the loop bound or
                           the inlining depth: the verdict is unbounded */
  wmm_program *flat;    /* the program checked (the witness indexes it) */
  int has_witness;
  wmm_witness witness;  /* unsafe: the counterexample */
  wmm_replay replay;    /* unsafe: the explicit checker's replay of it */
  char replay_why[256]; /* rejected / skipped: why */
  char reason[512];     /* unknown: why */
  wmm_bmc_stats stats;  /* of the property query */
  double seconds;       /* both queries */
} wmm_verify_result;

/* Check p: its condition (`exists` = the error is reachable) or, without
 * one, robustness against SC; the threads are p's entries with their
 * instances, calls inlined (wmm_bmc_inline).  When the answer is
 * "unreachable", a second query asks whether the bounds cut any path
 * (complete = 0 when they do).  A counterexample is replayed by the
 * explicit checker (r->replay), which follows its path, values read and
 * inputs.  A limit, a timeout or an unsupported
 * construct gives WMM_VERDICT_UNKNOWN with the reason, never a guess;
 * only bad arguments and lack of memory are errors. */
int wmm_bmc_verify(const wmm_program *p, const wmm_verify_opts *o,
                   wmm_verify_result *r, wmm_error *err);
void wmm_verify_result_free(wmm_verify_result *r);

/* Readable statistics (one `key value` line each, the costliest relation
 * last). */
void wmm_bmc_stats_format(const wmm_bmc_stats *s, wmm_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_BMC_H */
