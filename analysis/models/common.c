/* common.c — what every model shares: the dispatcher, uniproc
 * (sc-per-location) and the atomicity of read-modify-writes.
 *
 * Example: wmm_model_check(WMM_MODEL_TSO, x, 0, &why) runs uniproc,
 * atomic, then x86tso's ghb axiom.
 */
#include "model.h"

int wmm_model_uniproc(const wmm_exec *x)
{
  int n = x->n;
  wmm_rel u;
  wmm_exec_poloc(x, &u);
  for (int i = 0; i < n; i++)
    u.row[i] |= x->rf.row[i] | x->co.row[i] | x->fr.row[i];
  return wmm_rel_acyclic(&u, n);
}

int wmm_model_atomic(const wmm_exec *x)
{
  int n = x->n;
  if (wmm_rel_empty(&x->rmw, n))
    return 1;
  wmm_rel fre, coe;
  wmm_exec_ext(x, &x->fr, &fre);
  wmm_exec_ext(x, &x->co, &coe);
  for (int i = 0; i < n; i++) {
    if (!x->rmw.row[i])
      continue;
    if (wmm_rel_image(&coe, fre.row[i]) & x->rmw.row[i])
      return 0;
  }
  return 1;
}

int wmm_model_check(wmm_model m, const wmm_exec *x, int flags,
                    const char **why)
{
  const char *dummy;
  if (!why)
    why = &dummy;
  *why = NULL;
  if (!(flags & WMM_MODEL_SKIP_UNIPROC) && !wmm_model_uniproc(x)) {
    *why = m == WMM_MODEL_ARMV8 ? "internal" : "uniproc";
    return 0;
  }
  if (!wmm_model_atomic(x)) {
    *why = "atomic";
    return 0;
  }
  switch (m) {
  case WMM_MODEL_SC: return wmm_model_sc(x, why);
  case WMM_MODEL_TSO: return wmm_model_tso(x, why);
  case WMM_MODEL_PSO: return wmm_model_pso(x, why);
  case WMM_MODEL_RMO: return wmm_model_rmo(x, why);
  case WMM_MODEL_POWER: return wmm_model_power(x, why);
  case WMM_MODEL_ARMV7: return wmm_model_armv7(x, why);
  case WMM_MODEL_ARMV8: return wmm_model_armv8(x, why);
  default:
    *why = "unknown model";
    return 0;
  }
}
