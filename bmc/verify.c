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

const char *wmm_verdict_name(wmm_verdict v)
{
  switch (v) {
  case WMM_VERDICT_SAFE: return "safe";
  case WMM_VERDICT_UNSAFE: return "unsafe";
  default: return "unknown";
  }
}

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
