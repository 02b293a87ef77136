/* ompsingle.cc — an OpenMP `single` region runs in one thread of its
 * team: two of the team's threads never both run its body at once.
 *
 * GCC expands `#pragma omp single` inside an outlined team function as
 *   _1 = GOMP_single_start ();  if (_1 != 0) { body }  GOMP_barrier ();
 * and libgomp lets exactly one thread of the team take the body each time
 * the team reaches the construct.  When the team function has one such
 * start and no path runs it twice, each run of the team (one
 * GOMP_parallel call; teams run one after another, omp.cc) takes the body
 * once, in one thread: the body's accesses in two instances of the team
 * function are never made by two threads during one run.  They are marked
 * WMM_ACC_FRESH (ir.h), so the placement has no communication edge
 * between two of them in different threads; every other edge stays (the
 * team's other threads reading what the body wrote still need what the
 * barrier after it gives them).  A fresh access of another kind (an
 * object a thread allocated and has not published) is never one the body
 * touches, so the flag's other meaning holds as well.
 *
 * Example:  #pragma omp parallel { #pragma omp single { for (i ...) x[i]
 *   = i; }  #pragma omp for ... y[i] = 2 * x[i]; }
 *   -> the single's writes of x in two instances form no 2+2W cycle (Power:
 *   an lwsync before).
 */
#include "plugin.h"

namespace {

/* Is s a call of GOMP_single_start? */
bool
single_start (gimple *s)
{
  const char *n = is_gimple_call (s) ? wmm_callee_name (s) : NULL;
  if (n && !strncmp (n, "__builtin_", 10))
    n += 10;
  return n && !strcmp (n, "GOMP_single_start");
}

/* The edge into the body of the single region whose start is s: where
 * s's result, tested right after the call, is not zero; or NULL. */
edge
body_edge (gimple *s)
{
  tree r = gimple_call_lhs (s);
  gcond *c = r && TREE_CODE (r) == SSA_NAME
             ? dyn_cast<gcond *> (last_stmt (gimple_bb (s))) : NULL;
  if (!c || gimple_cond_lhs (c) != r
      || TREE_CODE (gimple_cond_rhs (c)) != INTEGER_CST)
    return NULL;
  bool zero = integer_zerop (gimple_cond_rhs (c));
  enum tree_code code = gimple_cond_code (c);
  if (code != EQ_EXPR && code != NE_EXPR)
    return NULL;
  edge t, f;
  extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
  /* `!= 0` and `== 1` (the result is a truth value) enter on true */
  bool on_true = code == NE_EXPR ? zero : !zero;
  edge e = on_true ? t : f;
  return single_pred_p (e->dest) ? e : NULL;
}

} // namespace

int
wmm_omp_single_bodies (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  if (!p)
    return 0;
  int made = 0;
  for (wmm_unit &unit : u->units)
    {
      int nteams;
      cgraph_node *node = unit.decl ? cgraph_node::get (unit.decl) : NULL;
      if (!unit.fn || !node || node->callers || unit.thread < 0
          || wmm_omp_team_of (unit.decl, &nteams) < 0)
        continue;
      gimple *start = NULL;
      int starts = 0;
      wmm_each_stmt (unit.fn, [&] (gimple *s) {
        if (single_start (s))
          start = s, starts++;
      });
      if (starts != 1 || wmm_reaches_avoiding (start, start, NULL))
        continue;
      edge body = body_edge (start);
      if (!body)
        continue;
      wmm_thread *t = &p->threads[unit.thread];
      wmm_with_dominators (unit.fn, [&] () {
        for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
          {
            const wmm_site &s = unit.sites[i];
            if (!wmm_instr_is_access (&t->code[i]) || s.summary || s.fn
                || !s.stmt || !gimple_bb (s.stmt)
                || !dominated_by_p (CDI_DOMINATORS, gimple_bb (s.stmt),
                                    body->dest))
              continue;
            t->code[i].flags |= WMM_ACC_FRESH;
            made++;
          }
        return true;
      });
    }
  if (made)
    wmm_note (u, "%d accesses in OpenMP single regions run by one thread of "
              "their team: no two of the team's threads make them at once",
              made);
  return made;
}
