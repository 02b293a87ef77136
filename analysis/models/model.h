/* model.h — the memory models as predicates over a candidate execution
 * (exec.h): herd7 7.57's sc, x86tso.cat, ppc.cat, arm.cat and aarch64.cat,
 * and PSO / RMO as tests/corpus/README.md defines them.  One file per
 * family: sc.c, tso.c, psormo.c, power.c (also the
 * ppo fixpoint and ppc-checks that arm.cat shares), armv7.c,
 * armv8.c.  docs/models.md maps each cat definition to the C code.
 *
 * Example:
 *   const char *why;
 *   if (!wmm_model_check(WMM_MODEL_POWER, x, 0, &why))
 *     ... forbidden by the axiom named `why` ("propagation", ...) ...
 */
#ifndef WMMFENCE_MODEL_H
#define WMMFENCE_MODEL_H

#include "exec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of wmm_model_check. */
enum {
  WMM_MODEL_SKIP_UNIPROC = 1   /* the caller built co to be coherent */
};

/* 1 when x is valid under m, else 0 with *why = the failing axiom. */
int wmm_model_check(wmm_model m, const wmm_exec *x, int flags,
                    const char **why);

/* Shared axioms. */
int wmm_model_uniproc(const wmm_exec *x);  /* acyclic(po-loc|rf|co|fr) */
int wmm_model_atomic(const wmm_exec *x);   /* empty(rmw & (fre;coe)) */

/* Per family (the uniproc and atomic checks are done by the caller). */
int wmm_model_sc(const wmm_exec *x, const char **why);
int wmm_model_tso(const wmm_exec *x, const char **why);
int wmm_model_pso(const wmm_exec *x, const char **why);
int wmm_model_rmo(const wmm_exec *x, const char **why);
int wmm_model_power(const wmm_exec *x, const char **why);
int wmm_model_armv7(const wmm_exec *x, const char **why);
int wmm_model_armv8(const wmm_exec *x, const char **why);

/* The Power/ARMv7 shape (power.c).  ppo_fixpoint computes ppo from
 * the four initial relations (ppo.cat); ppc_checks runs ppc-checks.cat's
 * axioms (thinair, propagation, observation, scXX) for given ppo, strong
 * and light fences. */
void wmm_model_ppo_fixpoint(const wmm_exec *x, const wmm_rel *ci0,
                            const wmm_rel *ii0, const wmm_rel *cc0,
                            const wmm_rel *ic0, wmm_rel *ppo);
int wmm_model_ppc_checks(const wmm_exec *x, const wmm_rel *ppo,
                         const wmm_rel *strong, const wmm_rel *light,
                         const char **why);
/* rdw = po-loc & (fre;rfe), detour = po-loc & (coe;rfe). */
void wmm_model_rdw_detour(const wmm_exec *x, const wmm_rel *poloc,
                          wmm_rel *rdw, wmm_rel *detour);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_MODEL_H */
