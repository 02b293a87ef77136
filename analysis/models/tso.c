/* tso.c — x86-TSO as herd7's x86tso.cat states it:
 *   ghb = mfence | implied | po & (W*W | R*M) | rfe | fr | co, acyclic,
 * where implied = the W->R po pairs with a locked (atomic) access on either
 * side.  Uniproc and atomicity are checked by common.c.
 *
 * Streaming stores (x->ST: movnti and the _mm_stream_* builtins, which
 * herd7 does not know) leave po & W*W, the one exception Intel's SDM (vol.
 * 3A 8.2.2) makes to stores kept in order: a pair of stores with one of
 * them is kept by mfence, by sfence, or by a locked access on either side
 * (SDM 8.2.2, AMD APM vol. 2 7.4.2: reads and writes are not reordered
 * with locked instructions, streaming stores included).  A read and a
 * later streaming store stay in order (writes are not reordered with older
 * reads, with no exception).
 *
 * Example: SB is allowed (W->R is the one relaxed pair), SB+mfences is not;
 * MP whose data store is streaming is allowed, with an sfence before the
 * flag's store it is not.
 */
#include "model.h"

int wmm_model_tso(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel g;
  for (int i = 0; i < n; i++) {
    wmm_set b = wmm_set_bit(i), po = x->po.row[i], r = 0;
    if (x->W & b) {
      /* WW(po), without the pairs of a streaming store and a store that
         is not locked */
      wmm_set ww = po & x->W;
      if (!(x->AT & b))
        ww &= (x->ST & b) ? x->AT : ~x->ST;
      r |= ww;
      r |= po & x->R & ((x->AT & b) ? x->M : x->AT);    /* implied */
    } else if (x->R & b) {
      r |= po;                                          /* RM(po) */
    }
    if (x->W & b)
      r |= x->fence[WMM_FC_WW].row[i] & x->W;           /* sfence */
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
