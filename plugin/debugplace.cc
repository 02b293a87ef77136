/* debugplace.cc — a debugging aid: a placement written by hand on the command
 * line instead of the analysis, to test fence emission and volatile marking
 * on their own.
 *
 * Example:
 *   -fplugin-arg-wmmfence-dump-ir=ir.txt            (see the indices)
 *   -fplugin-arg-wmmfence-debug-fence=P0:1:lwsync   (lwsync before P0's 1)
 *   -fplugin-arg-wmmfence-debug-volatile=P1:0       (P1's access 0 volatile)
 * FUNCTION is the code unit name of the dump, INDEX an instruction index
 * (the unit's length = its end), KIND a fence name (sync, lwsync, dmb_ish,
 * dmb_ishld, dmb_ishst, mfence, eieio, isync, ...).  When any mark is given
 * the analysis does not run.
 */
#include "plugin.h"

bool
wmm_debug_placement (wmm_unitinfo *u, wmm_placement *pl, char ***volp)
{
  wmm_plugin_options *o = u->opts;
  memset (pl, 0, sizeof *pl);
  char **vol = XCNEWVEC (char *, u->prog->nthreads);
  for (int t = 0; t < u->prog->nthreads; t++)
    vol[t] = XCNEWVEC (char, u->prog->threads[t].ncode + 1);
  *volp = vol;
  pl->fences = XCNEWVEC (wmm_placed_fence, o->nmarks + 1);
  bool ok = true;
  for (int m = 0; m < o->nmarks; m++)
    {
      const wmm_debug_mark *mk = &o->marks[m];
      int t = -1;
      for (int k = 0; k < u->prog->nthreads; k++)
        if (!strcmp (u->prog->threads[k].name, mk->func))
          t = k;
      if (t < 0)
        {
          error ("wmmfence: debug mark %s:%d: no code unit %qs (see "
                 "%<-fplugin-arg-wmmfence-dump-ir%>)", mk->func, mk->index,
                 mk->func);
          ok = false;
          continue;
        }
      int n = u->prog->threads[t].ncode;
      if (mk->index > n || (mk->kind == WMM_FENCE_NONE && mk->index >= n))
        {
          error ("wmmfence: debug mark %s:%d: %qs has %d instructions",
                 mk->func, mk->index, mk->func, n);
          ok = false;
          continue;
        }
      if (mk->kind == WMM_FENCE_NONE)
        {
          vol[t][mk->index] = 1;
          continue;
        }
      wmm_placed_fence *f = &pl->fences[pl->nfences++];
      f->thread = t;
      f->index = mk->index;
      f->kind = mk->kind;
      f->cost = wmm_fence_cost (u->model, mk->kind);
      pl->total_cost += f->cost;
    }
  /* Sorted by (thread, index, kind), like the core's placements. */
  qsort (pl->fences, pl->nfences, sizeof *pl->fences,
         [] (const void *a, const void *b) {
           const wmm_placed_fence *x = (const wmm_placed_fence *) a;
           const wmm_placed_fence *y = (const wmm_placed_fence *) b;
           if (x->thread != y->thread)
             return x->thread < y->thread ? -1 : 1;
           if (x->index != y->index)
             return x->index < y->index ? -1 : 1;
           return (int) x->kind - (int) y->kind;
         });
  snprintf (pl->note, sizeof pl->note, "placement given by debug marks");
  return ok;
}
