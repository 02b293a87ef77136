/* tso.c — x86-TSO as herd7's x86tso.cat states it:
 *   ghb = mfence | implied | po & (W*W | R*M) | rfe | fr | co, acyclic,
 * where implied = the W->R po pairs with a locked (atomic) access on either
 * side.  Uniproc and atomicity are checked by common.c.
 *
 * Example: SB is allowed (W->R is the one relaxed pair), SB+mfences is not.
 */
#include "model.h"

int wmm_model_tso(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel g;
  for (int i = 0; i < n; i++) {
    wmm_set b = wmm_set_bit(i), po = x->po.row[i], r = 0;
    if (x->W & b) {
      r |= po & x->W;                                   /* WW(po) */
      r |= po & x->R & ((x->AT & b) ? x->M : x->AT);    /* implied */
    } else if (x->R & b) {
      r |= po;                                          /* RM(po) */
    }
    r |= x->fence[WMM_FC_FULL].row[i];
    r |= x->rf.row[i] & ~x->thr[i];                     /* rfe */
    r |= x->fr.row[i] | x->co.row[i];
    g.row[i] = r;
  }
  if (!wmm_rel_acyclic(&g, n)) {
    *why = "tso";
    return 0;
  }
  return 1;
}
