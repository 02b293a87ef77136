/* robust.c — the robustness goal: the execution has a cycle in
 * po ∪ rf ∪ co ∪ fr, i.e. sequential consistency forbids it (the model's
 * own axioms are encoded as usual, so a satisfying execution is one the
 * model allows and SC does not).
 *
 * A finite graph has a cycle iff some non-empty set S of its nodes has,
 * for each node of S, an edge to a node of S: following those edges must
 * revisit a node.  So each memory event e gets a Boolean s(e) with
 *   s(e) => g(e)   and   s(e) => OR over edges e->f of (lit(e,f) & s(f))
 * and the goal is OR s(e).  Initial writes have no incoming edge and stay
 * out of S.  Size: po pairs per thread instance, rf candidates, co and fr
 * pairs per location (bmc_co, bmc_fr are exact).
 *
 * Example: SB under TSO: s = {W x, R y, W y, R x} with po, fr, po, fr.
 */
#include "bmc_int.h"

#include <stdlib.h>

int bmc_enc_robust(bmc_ctx *c, Z3_ast *goal)
{
  int n = c->nev;
  Z3_ast *s = calloc((size_t)n + 1, sizeof *s);
  Z3_ast *succ = calloc((size_t)n + 1, sizeof *succ);
  if (!s || !succ) {
    free(s);
    free(succ);
    return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  }
  for (int i = 0; i < n; i++) {
    const bmc_event *e = &c->ev[i];
    if (e->kind == WMM_EV_READ || e->kind == WMM_EV_WRITE) {
      s[i] = bmc_bool(c, "cyc");
      succ[i] = c->f;
    }
  }
  /* po: any later memory event of the same thread instance. */
  for (int r = 0; r < c->nrt; r++) {
    const bmc_rthread *t = &c->rt[r];
    for (int a = 0; a < t->nev; a++) {
      int ea = t->ev[a];
      if (!s[ea])
        continue;
      for (int b = a + 1; b < t->nev; b++) {
        int eb = t->ev[b];
        if (s[eb])
          succ[ea] = bmc_or(c, succ[ea], s[eb]);
      }
    }
  }
  /* rf */
  for (int k = 0; k < c->nrf; k++) {
    int w = c->rf[k].w, r = c->rf[k].r;
    if (s[w] && s[r])
      succ[w] = bmc_or(c, succ[w], bmc_and(c, c->rf[k].s, s[r]));
  }
  /* co and fr */
  for (int a = 0; a < n; a++) {
    if (!s[a])
      continue;
    for (int b = 0; b < n; b++) {
      if (a == b || !s[b] || c->ev[b].kind != WMM_EV_WRITE ||
          !bmc_may_alias(&c->ev[a], &c->ev[b]))
        continue;
      Z3_ast lit = c->ev[a].kind == WMM_EV_WRITE ? bmc_co(c, a, b)
                                                 : bmc_fr(c, a, b);
      if (lit != c->f)
        succ[a] = bmc_or(c, succ[a], bmc_and(c, lit, s[b]));
    }
  }
  Z3_ast any = c->f;
  for (int i = 0; i < n; i++) {
    if (!s[i])
      continue;
    bmc_assert(c, bmc_implies(c, s[i], bmc_and(c, c->ev[i].g, succ[i])));
    any = bmc_or(c, any, s[i]);
  }
  free(s);
  free(succ);
  *goal = any;
  return bmc_zcheck(c, "encoding the robustness goal");
}
