/* views.h — a view of some locations per class of accesses: the
 * locations the view accesses may touch get two copies (every location
 * when one may touch any), each view access touches its own, every other
 * access both (swapviews.cc's double buffers, rowviews.cc's rows of one
 * array).
 *
 * Example:
 *   int n = wmm_split_views (u, [&] (const wmm_unit &unit, int i)
 *                            -> unsigned { return view_of (unit, i); },
 *                            NULL);
 */
#ifndef WMMFENCE_VIEWS_H
#define WMMFENCE_VIEWS_H

#include "plugin.h"

/* Split the locations view accesses may touch in two: `view (unit, i)`
 * says of instruction i of a unit's thread 1 or 2 (a view access: it
 * touches only that view), 3 (both: any other), or 0 (refused: then
 * nothing changes).  The words of `own` (the pointers' own statics, may
 * be NULL) are never split.  How many accesses took a view. */
template <typename V>
int
wmm_split_views (wmm_unitinfo *u, V view, const tree *own)
{
  wmm_program *p = u->prog;
  auto_vec<vec<unsigned> > masks;
  masks.safe_grow_cleared (p->nthreads);
  auto_vec<bool> objs;
  objs.safe_grow_cleared (p->nlocs);
  int viewed = 0;
  bool refused = false, any = false;
  for (const wmm_unit &unit : u->units)
    {
      if (unit.thread < 0 || unit.thread >= p->nthreads)
        continue;
      const wmm_thread *t = &p->threads[unit.thread];
      masks[unit.thread].safe_grow_cleared (t->ncode);
      for (int i = 0; i < t->ncode; i++)
        {
          unsigned mask = wmm_instr_is_access (&t->code[i])
                          ? view (unit, i) : 3;
          refused |= mask == 0;
          if (mask == 1 || mask == 2)
            {
              viewed++;
              any |= !wmm_each_loc (p, &t->code[i], [&] (int l) {
                objs[l] = true;
                return true;
              });
            }
          masks[unit.thread][i] = mask ? mask : 3;
        }
    }
  /* (never the pair's own words: no access through them touches those) */
  for (int l = 0; own && l < p->nlocs; l++)
    {
      tree d = wmm_location_decl (l);
      if (d == own[0] || d == own[1])
        objs[l] = false;
    }
  /* (a view access that may touch any location, through a pointer points-to
     does not follow: every location gets its copies, and it touches its
     view's) */
  int split = viewed && !refused
              ? wmm_split_locations (p, 2, masks, "view", any ? NULL : &objs, any)
              : 0;
  for (vec<unsigned> &v : masks)
    v.release ();
  return split ? viewed : 0;
}

/* Is argument k of two-argument PHI `phi` its own result plus one, and
 * the other argument a constant (wmm_constant_of, in *init)?  A counter
 * from a constant: `s = PHI <c, s + 1>` (a step's parity flips). */
inline bool
wmm_counter_from_constant (gphi *phi, unsigned k, tree *init)
{
  if (gimple_phi_num_args (phi) != 2 || k > 1)
    return false;
  tree next = gimple_phi_arg_def (phi, k);
  gassign *d = TREE_CODE (next) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (next)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (next)) : NULL;
  *init = wmm_constant_of (gimple_phi_arg_def (phi, 1 - k));
  return *init && d && gimple_assign_rhs_code (d) == PLUS_EXPR
         && gimple_assign_rhs1 (d) == gimple_phi_result (phi)
         && integer_onep (gimple_assign_rhs2 (d));
}

#endif
