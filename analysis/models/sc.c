/* sc.c — sequential consistency: acyclic(po | rf | co | fr).
 *
 * Example: SB (x=1; r1=y || y=1; r2=x; exists r1=0 /\ r2=0) has the cycle
 * po; fr; po; fr, so no SC execution reaches the condition.
 */
#include "model.h"

int wmm_model_sc(const wmm_exec *x, const char **why)
{
  int n = x->n;
  wmm_rel g;
  for (int i = 0; i < n; i++)
    g.row[i] = x->po.row[i] | x->rf.row[i] | x->co.row[i] | x->fr.row[i];
  if (!wmm_rel_acyclic(&g, n)) {
    *why = "sc";
    return 0;
  }
  return 1;
}
