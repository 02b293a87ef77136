/* psormo.c — PSO and RMO as tests/corpus/README.md defines them
 * (herdtools has no cat file for either):
 *   PSO: acyclic(mfence | implied | po & (R*M) | rfe | fr | co)
 *   RMO: acyclic(mfence | implied | addr | data | rfe | fr | co)
 * implied = po pairs with a locked (atomic) access on either side.
 *
 * Example: MP (x=1; y=1 || r1=y; r2=x) is forbidden under TSO, allowed
 * under PSO (W->W relaxed) and RMO.
 */
#include "model.h"

/* The part both share: mfence | implied | rfe | fr | co. */
static void common(const wmm_exec *x, wmm_rel *g)
{
  for (int i = 0; i < x->n; i++) {
    wmm_set b = wmm_set_bit(i), po = x->po.row[i];
    wmm_set r = (x->AT & b) ? po : (po & x->AT);        /* implied */
    r |= x->fence[WMM_FC_FULL].row[i];
    r |= x->rf.row[i] & ~x->thr[i];
    r |= x->fr.row[i] | x->co.row[i];
    g->row[i] = r;
  }
}

int wmm_model_pso(const wmm_exec *x, const char **why)
{
  wmm_rel g;
  common(x, &g);
  for (int i = 0; i < x->n; i++)
    if (x->R & wmm_set_bit(i))
      g.row[i] |= x->po.row[i];
  if (!wmm_rel_acyclic(&g, x->n)) {
    *why = "pso";
    return 0;
  }
  return 1;
}

int wmm_model_rmo(const wmm_exec *x, const char **why)
{
  wmm_rel g;
  common(x, &g);
  for (int i = 0; i < x->n; i++)
    g.row[i] |= x->addr.row[i] | x->data.row[i];
  if (!wmm_rel_acyclic(&g, x->n)) {
    *why = "rmo";
    return 0;
  }
  return 1;
}
