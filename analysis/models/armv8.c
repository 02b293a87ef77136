/* armv8.c — ARMv8 (AArch64) as herd7 7.57's aarch64.cat states it
 * for ordinary memory accesses (no MTE, no translation, no ifetch):
 *
 *   obs = rfe | fre | coe
 *   lrs = [W]; (po-loc \ (po-loc;[W];po-loc)); [R]   (local read successor)
 *   lws = po-loc; [W]                                (local write successor)
 *   dob = addr | data | ctrl;[W] | (ctrl | addr;po);[ISB];po
 *       | addr;po;[W] | (addr | data);lrs
 *   aob = rmw | [range(rmw)];lrs;[A | Q]
 *   bob = po;[dmb.full];po | [range([A];amo;[L])];po | [L];po;[A]
 *       | [R];po;[dmb.ld];po | [A | Q];po | [W];po;[dmb.st];po;[W] | po;[L]
 *   lob = (lws | dob | aob | bob)+      ob = (obs | lob)+
 *   internal: acyclic(po-loc | ca | rf) (common.c's uniproc)
 *   external: irreflexive(ob), i.e. acyclic(obs | lws | dob | aob | bob)
 *   atomic:   empty(rmw & (fre; coe))
 *
 * Example: MP+dmb.st+addr is forbidden; IRIW+addrs is forbidden (ARMv8 is
 * other-multi-copy-atomic), while it is allowed on Power.
 */
#include "model.h"

int wmm_model_armv8(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel poloc, g;
  wmm_exec_poloc(x, &poloc);
  wmm_set rmwr = wmm_rel_range(&x->rmw, n);
  for (int i = 0; i < n; i++) {
    wmm_set b = wmm_set_bit(i), po = x->po.row[i], r;
    wmm_set ext = ~x->thr[i];
    r = (x->rf.row[i] | x->fr.row[i] | x->co.row[i]) & ext;     /* obs */
    r |= poloc.row[i] & x->W;                                   /* lws */
    /* dob */
    wmm_set ad = x->addr.row[i] | x->data.row[i];
    r |= ad;
    r |= x->ctrl.row[i] & x->W;
    r |= x->ctrlcf.row[i] | x->addrcf.row[i];
    r |= wmm_rel_image(&x->po, x->addr.row[i]) & x->W;
    wmm_set lrs_img = 0;   /* (addr|data);lrs */
    for (wmm_set s = ad & x->W; s; s &= s - 1) {
      int w = __builtin_ctzll(s);
      wmm_set pl = poloc.row[w];
      /* reads po-loc after w with no write of the location in between */
      wmm_set ws = pl & x->W;
      wmm_set cut = ws ? wmm_set_all(__builtin_ctzll(ws)) : ~(wmm_set)0;
      lrs_img |= pl & x->R & cut;
    }
    r |= lrs_img;
    /* aob */
    r |= x->rmw.row[i];
    if (rmwr & b) {
      wmm_set pl = poloc.row[i];
      wmm_set ws = pl & x->W;
      wmm_set cut = ws ? wmm_set_all(__builtin_ctzll(ws)) : ~(wmm_set)0;
      r |= pl & x->R & cut & (x->A | x->Q);
    }
    /* bob */
    r |= x->fence[WMM_FC_FULL].row[i];
    if (x->L & b)
      r |= po & x->A;
    if (x->R & b)
      r |= x->fence[WMM_FC_LD].row[i];
    if ((x->A | x->Q) & b)
      r |= po;
    if (x->W & b)
      r |= x->fence[WMM_FC_WW].row[i] & x->W;
    r |= po & x->L;
    if ((x->L & rmwr & b) && !(x->X & b))   /* write of an A-L amo */
      for (int j = 0; j < n; j++)
        if (((x->rmw.row[j] >> i) & 1) && ((x->A >> j) & 1))
          r |= po;
    g.row[i] = r;
  }
  if (!wmm_rel_acyclic(&g, n)) {
    *why = "external";
    return 0;
  }
  return 1;
}
