/* armv7.c — ARMv7 as herd7's arm.cat states it: Power's shape
 * (power.c) with
 *   ci0 = ctrl;isb;po | detour   ii0 = dd | rfi | rdw
 *   cc0 = dd | ctrl | addr;po    (po-loc is not in cc0)   ic0 = 0
 *   strong = dmb | dsb | (dmb.st | dsb.st) & W*W;  light = 0
 *
 * Example: MP+dmb.st+addr is forbidden (dmb.st orders the two writes and is
 * cumulative); MP+dmb.st+po is allowed.
 */
#include "model.h"

int wmm_model_armv7(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel poloc, rdw, detour, ci0, ii0, cc0, ic0, ppo, strong, light;
  wmm_exec_poloc(x, &poloc);
  wmm_model_rdw_detour(x, &poloc, &rdw, &detour);
  for (int i = 0; i < n; i++) {
    wmm_set dd = x->addr.row[i] | x->data.row[i];
    wmm_set addrpo = wmm_rel_image(&x->po, x->addr.row[i]);
    ci0.row[i] = x->ctrlcf.row[i] | detour.row[i];
    ii0.row[i] = dd | (x->rf.row[i] & x->thr[i]) | rdw.row[i];
    cc0.row[i] = dd | x->ctrl.row[i] | addrpo;
    ic0.row[i] = 0;
  }
  wmm_model_ppo_fixpoint(x, &ci0, &ii0, &cc0, &ic0, &ppo);
  for (int i = 0; i < n; i++) {
    wmm_set st = (x->W & wmm_set_bit(i)) ? (x->fence[WMM_FC_WW].row[i] & x->W) : 0;
    strong.row[i] = x->fence[WMM_FC_FULL].row[i] | st;
    light.row[i] = 0;
  }
  return wmm_model_ppc_checks(x, &ppo, &strong, &light, why);
}
