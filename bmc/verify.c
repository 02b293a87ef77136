/* verify.c — wmm_bmc_verify: the check of compiled code.  The program's
 * entries are flattened (calls inlined), the property (the condition, or
 * robustness against SC) is asked of the BMC under the unwinding
 * assumption, and when it is unreachable the same bounds are asked whether
 * they cut any path, which says whether "safe" is complete.
 *
 * Example:
 *   wmm_verify_opts o = wmm_verify_opts_default(WMM_MODEL_TSO);
 *   o.bmc.unwind = 3;
 *   wmm_verify_result r;
 *   if (wmm_bmc_verify(prog, &o, &r, &err) == 0) {
 *     ... r.verdict, r.complete, r.witness over r.flat ...
 *     wmm_verify_result_free(&r);
 *   }
 */
#include "bmc.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

wmm_verify_opts wmm_verify_opts_default(wmm_model m)
{
  wmm_verify_opts o;
  memset(&o, 0, sizeof o);
  o.bmc = wmm_bmc_opts_default(m);
  o.depth = 8;
  return o;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A failure that is an answer ("unknown, because ...") rather than an
 * error: limits, timeouts, unsupported constructs. */
static int as_unknown(wmm_verify_result *r, int rc, wmm_error *err)
{
  if (rc != -WMM_ERR_LIMIT && rc != -WMM_ERR_UNSUPPORTED)
    return rc;
  r->verdict = WMM_VERDICT_UNKNOWN;
  snprintf(r->reason, sizeof r->reason, "%s", err->msg);
  memset(err, 0, sizeof *err);
  return 0;
}

/* Does p take inputs that stand for values its front end does not model? */
static int has_abstract_inputs(const wmm_program *p)
{
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      if (p->threads[t].code[i].op == WMM_OP_NONDET &&
          (p->threads[t].code[i].flags & WMM_ACC_ABSTRACT))
        return 1;
  return 0;
}

/* The counterexample r->witness replayed under m by the explicit checker:
 * a valid execution of r->flat that reaches the error (assertions), or
 * that SC rejects (robustness).  A counterexample whose path depends on an
 * abstract input, or that cannot be replayed when the program has such
 * inputs, is no evidence: the verdict becomes unknown.  Only lack of
 * memory is an error. */
static int replay(wmm_verify_result *r, wmm_model m)
{
  wmm_strbuf why = WMM_STRBUF_INIT;
  wmm_error e;
  memset(&e, 0, sizeof e);
  wmm_replay_info ri;
  int rc = wmm_replay_witness(r->flat, m, &r->witness, &ri, &why, &e);
  int confirmed = rc == 0 && ri.found && ri.valid && ri.satisfies;
  int abs_inst = ri.abstract_inst, abs_at = ri.abstract_at;
  if (confirmed && r->robustness) {
    wmm_strbuf_reset(&why);
    rc = wmm_replay_witness(r->flat, WMM_MODEL_SC, &r->witness, &ri, &why,
                            &e);
    confirmed = rc == 0 && ri.found && !ri.valid;
    if (rc == 0 && ri.found && ri.valid) {
      wmm_strbuf_reset(&why);
      wmm_strbuf_puts(&why, "SC allows the execution: it is no evidence "
                            "of non-robustness");
    }
  }
  if (rc == -WMM_ERR_NOMEM) {
    wmm_strbuf_free(&why);
    return rc;
  }
  if (rc < 0) {
    r->replay = WMM_REPLAY_SKIPPED;
    snprintf(r->replay_why, sizeof r->replay_why, "%.255s", e.msg);
  } else if (confirmed)
    r->replay = WMM_REPLAY_CONFIRMED;
  else {
    r->replay = WMM_REPLAY_REJECTED;
    snprintf(r->replay_why, sizeof r->replay_why, "%s",
             wmm_strbuf_str(&why));
  }
  wmm_strbuf_free(&why);
  if (r->replay == WMM_REPLAY_CONFIRMED && abs_at >= 0) {
    int t = -1;
    for (int k = 0, i = 0; i < r->flat->nthreads && t < 0; i++)
      if (r->flat->threads[i].entry) {
        k += r->flat->threads[i].instances > 1 ? r->flat->threads[i].instances
                                                : 1;
        if (abs_inst < k)
          t = i;
      }
    const wmm_thread *th = t >= 0 ? &r->flat->threads[t] : NULL;
    r->verdict = WMM_VERDICT_UNKNOWN;
    snprintf(r->reason, sizeof r->reason,
             "the counterexample depends on a value the check does not "
             "model (thread %s, line %d): it may be spurious",
             th ? th->name : "?",
             th && abs_at < th->ncode ? th->code[abs_at].pos.line : 0);
  } else if (r->replay == WMM_REPLAY_SKIPPED &&
             has_abstract_inputs(r->flat)) {
    r->verdict = WMM_VERDICT_UNKNOWN;
    snprintf(r->reason, sizeof r->reason,
             "the counterexample could not be replayed (%.200s) and the "
             "program has values the check does not model: it may be "
             "spurious", r->replay_why);
  }
  return 0;
}

int wmm_bmc_verify(const wmm_program *p, const wmm_verify_opts *o,
                   wmm_verify_result *r, wmm_error *err)
{
  memset(r, 0, sizeof *r);
  r->verdict = WMM_VERDICT_UNKNOWN;
  if (!p || !o)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "no program or options");
  double t0 = now();
  int rc = wmm_bmc_inline(p, o->depth, &r->flat, err);
  if (rc < 0)
    return as_unknown(r, rc, err);
  wmm_bmc_opts q = o->bmc;
  q.robustness = p->cond == NULL;
  q.bound_query = 0;
  q.witness = 1;
  r->robustness = q.robustness;
  wmm_bmc_result br;
  rc = wmm_bmc(r->flat, &q, &br, err);
  if (rc < 0) {
    r->seconds = now() - t0;
    return as_unknown(r, rc, err);
  }
  r->stats = br.stats;
  if (br.allowed) {
    r->verdict = WMM_VERDICT_UNSAFE;
    if (br.has_witness) {
      r->witness = br.witness;
      r->has_witness = 1;
      if (!o->no_replay && (rc = replay(r, o->bmc.model)) < 0)
        return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
    }
    r->seconds = now() - t0;
    return 0;
  }
  wmm_bmc_result_free(&br, r->flat);
  r->verdict = WMM_VERDICT_SAFE;
  /* Completeness: can any execution get past the bounds? */
  q.robustness = 0;
  q.bound_query = 1;
  q.witness = 0;
  wmm_bmc_result bq;
  rc = wmm_bmc(r->flat, &q, &bq, err);
  r->seconds = now() - t0;
  if (rc < 0) {
    if (rc != -WMM_ERR_LIMIT)
      return rc;
    memset(err, 0, sizeof *err);   /* safe, completeness unknown */
    return 0;
  }
  r->complete = !bq.allowed;
  wmm_bmc_result_free(&bq, r->flat);
  return 0;
}

void wmm_verify_result_free(wmm_verify_result *r)
{
  if (r->has_witness)
    wmm_witness_free(&r->witness, r->flat);
  r->has_witness = 0;
  wmm_program_free(r->flat);
  r->flat = NULL;
}
