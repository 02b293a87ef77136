/* power.c — IBM Power as herd7's ppc.cat states it, plus the parts
 * arm.cat reuses: the preserved-program-order fixpoint (ppo.cat) and the
 * axioms of ppc-checks.cat.
 *
 *   dd = addr | data; rdw = po-loc & (fre;rfe); detour = po-loc & (coe;rfe)
 *   ci0 = ctrl;isync;po | detour     ii0 = dd | rfi | rdw
 *   cc0 = dd | po-loc | ctrl | addr;po   ic0 = 0
 *   least fixpoint: ci = ci0 | ci;ii | cc;ci      ii = ii0 | ci | ic;ci | ii;ii
 *                   cc = cc0 | ci | ci;ic | cc;cc  ic = ic0 | ii | cc | ic;cc | ii;ic
 *   ppo = ii & R*R | ic & R*W
 *   strong = sync; light = lwsync \ W*R | eieio & W*W
 *   then ppc-checks (wmm_model_ppc_checks below).
 *
 * Example: MP+lwsync+addr is forbidden: lwsync (W->W) and addr (R->R)
 * make hb;fre cyclic through "observation".
 */
#include "model.h"

void wmm_model_rdw_detour(const wmm_exec *x, const wmm_rel *poloc,
                          wmm_rel *rdw, wmm_rel *detour)
{
  int n = x->n;
  for (int i = 0; i < n; i++) {
    wmm_set pl = poloc->row[i];
    rdw->row[i] = 0;
    detour->row[i] = 0;
    if (!pl)
      continue;
    wmm_set ext = ~x->thr[i];
    /* fre ; rfe from i, and coe ; rfe from i */
    wmm_set f = x->fr.row[i] & ext, c = x->co.row[i] & ext;
    wmm_set viaf = 0, viac = 0;
    for (wmm_set s = f | c; s;) {
      int j = __builtin_ctzll(s);
      s &= s - 1;
      wmm_set rfe = x->rf.row[j] & ~x->thr[j];
      if ((f >> j) & 1)
        viaf |= rfe;
      if ((c >> j) & 1)
        viac |= rfe;
    }
    rdw->row[i] = pl & viaf;
    detour->row[i] = pl & viac;
  }
}

/* t = a ; b | c ; d  (helper for the fixpoint). */
static void seq2(wmm_rel *t, const wmm_rel *a, const wmm_rel *b,
                 const wmm_rel *c, const wmm_rel *d, int n)
{
  for (int i = 0; i < n; i++) {
    uint64_t acc = 0;
    for (uint64_t s = a->row[i]; s; s &= s - 1)
      acc |= b->row[__builtin_ctzll(s)];
    for (uint64_t s = c->row[i]; s; s &= s - 1)
      acc |= d->row[__builtin_ctzll(s)];
    t->row[i] = acc;
  }
}

void wmm_model_ppo_fixpoint(const wmm_exec *x, const wmm_rel *ci0,
                            const wmm_rel *ii0, const wmm_rel *cc0,
                            const wmm_rel *ic0, wmm_rel *ppo)
{
  int n = x->n;
  wmm_rel ci, ii, cc, ic, t;
  wmm_rel_copy(&ci, ci0, n);
  wmm_rel_copy(&ii, ii0, n);
  wmm_rel_copy(&cc, cc0, n);
  wmm_rel_copy(&ic, ic0, n);
  /* Every term is monotone, so updating in place (Gauss-Seidel) reaches
   * the same least fixpoint as the simultaneous iteration. */
  for (int changed = 1; changed;) {
    changed = 0;
    seq2(&t, &ci, &ii, &cc, &ci, n);
    for (int i = 0; i < n; i++) {
      uint64_t v = ci0->row[i] | t.row[i];
      if (v & ~ci.row[i]) { ci.row[i] |= v; changed = 1; }
    }
    seq2(&t, &ic, &ci, &ii, &ii, n);
    for (int i = 0; i < n; i++) {
      uint64_t v = ii0->row[i] | ci.row[i] | t.row[i];
      if (v & ~ii.row[i]) { ii.row[i] |= v; changed = 1; }
    }
    seq2(&t, &ci, &ic, &cc, &cc, n);
    for (int i = 0; i < n; i++) {
      uint64_t v = cc0->row[i] | ci.row[i] | t.row[i];
      if (v & ~cc.row[i]) { cc.row[i] |= v; changed = 1; }
    }
    seq2(&t, &ic, &cc, &ii, &ic, n);
    for (int i = 0; i < n; i++) {
      uint64_t v = ic0->row[i] | ii.row[i] | cc.row[i] | t.row[i];
      if (v & ~ic.row[i]) { ic.row[i] |= v; changed = 1; }
    }
  }
  for (int i = 0; i < n; i++) {
    if (x->R & wmm_set_bit(i))
      ppo->row[i] = (ii.row[i] & x->R) | (ic.row[i] & x->W);
    else
      ppo->row[i] = 0;
  }
}

int wmm_model_ppc_checks(const wmm_exec *x, const wmm_rel *ppo,
                         const wmm_rel *strong, const wmm_rel *light,
                         const char **why)
{
  int n = x->n;
  wmm_rel fence, rfe, fre, coe, hb, hbstar, t, propbase, pbstar, prop, u;
  wmm_rel_union(&fence, strong, light, n);
  wmm_exec_ext(x, &x->rf, &rfe);
  wmm_exec_ext(x, &x->fr, &fre);
  wmm_exec_ext(x, &x->co, &coe);
  for (int i = 0; i < n; i++)
    hb.row[i] = ppo->row[i] | fence.row[i] | rfe.row[i];
  if (!wmm_rel_acyclic(&hb, n)) {
    *why = "thinair";
    return 0;
  }
  wmm_rel_rtclosure(&hbstar, &hb, n);
  /* propbase = (fence | rfe;fence) ; hb* */
  wmm_rel_compose(&t, &rfe, &fence, n);
  wmm_rel_or(&t, &fence, n);
  wmm_rel_compose(&propbase, &t, &hbstar, n);
  /* chapo? = id | rfe | fre | coe | fre;rfe | coe;rfe */
  wmm_rel chapo;
  for (int i = 0; i < n; i++) {
    wmm_set f = fre.row[i] | coe.row[i];
    chapo.row[i] = wmm_set_bit(i) | rfe.row[i] | f | wmm_rel_image(&rfe, f);
  }
  /* prop = propbase & W*W | chapo? ; propbase* ; strong ; hb* */
  wmm_rel_rtclosure(&pbstar, &propbase, n);
  wmm_rel_compose(&t, strong, &hbstar, n);       /* strong ; hb* */
  wmm_rel_compose(&u, &pbstar, &t, n);           /* propbase* ; ... */
  wmm_rel_compose(&prop, &chapo, &u, n);         /* chapo? ; ... */
  for (int i = 0; i < n; i++)
    if (x->W & wmm_set_bit(i))
      prop.row[i] |= propbase.row[i] & x->W;
  for (int i = 0; i < n; i++)
    u.row[i] = x->co.row[i] | prop.row[i];
  if (!wmm_rel_acyclic(&u, n)) {
    *why = "propagation";
    return 0;
  }
  /* irreflexive fre ; prop ; hb* */
  for (int i = 0; i < n; i++) {
    if (!fre.row[i])
      continue;
    wmm_set s = wmm_rel_image(&prop, fre.row[i]);
    if (wmm_rel_image(&hbstar, s) & wmm_set_bit(i)) {
      *why = "observation";
      return 0;
    }
  }
  /* scXX: acyclic co | po & (X*X) */
  if (x->X) {
    for (int i = 0; i < n; i++)
      u.row[i] = x->co.row[i] |
                 (((x->X >> i) & 1) ? (x->po.row[i] & x->X) : 0);
    if (!wmm_rel_acyclic(&u, n)) {
      *why = "scXX";
      return 0;
    }
  }
  return 1;
}

int wmm_model_power(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel poloc, rdw, detour, ci0, ii0, cc0, ic0, ppo, light;
  wmm_exec_poloc(x, &poloc);
  wmm_model_rdw_detour(x, &poloc, &rdw, &detour);
  for (int i = 0; i < n; i++) {
    wmm_set dd = x->addr.row[i] | x->data.row[i];
    wmm_set addrpo = wmm_rel_image(&x->po, x->addr.row[i]);
    ci0.row[i] = x->ctrlcf.row[i] | detour.row[i];
    ii0.row[i] = dd | (x->rf.row[i] & x->thr[i]) | rdw.row[i];
    cc0.row[i] = dd | poloc.row[i] | x->ctrl.row[i] | addrpo;
    ic0.row[i] = 0;
  }
  wmm_model_ppo_fixpoint(x, &ci0, &ii0, &cc0, &ic0, &ppo);
  for (int i = 0; i < n; i++) {
    wmm_set b = wmm_set_bit(i);
    wmm_set lw = x->fence[WMM_FC_LIGHT].row[i];
    if (x->W & b)
      lw &= ~x->R;                                  /* lwsync \ W*R */
    wmm_set ee = (x->W & b) ? (x->fence[WMM_FC_WW].row[i] & x->W) : 0;
    light.row[i] = lw | ee;
  }
  return wmm_model_ppc_checks(x, &ppo, &x->fence[WMM_FC_FULL], &light, why);
}
