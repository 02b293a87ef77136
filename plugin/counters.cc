/* counters.cc — statistics counters that running code only adds to:
 * `atomic_fetch_add_explicit (&hits, 1, memory_order_relaxed)` in the
 * threads, `atomic_load (&hits)` after the joins.
 *
 * A blind counter is a static (or a global of a unit that no other unit's
 * code runs beside: omp.cc, wmm_foreign_code_may_run) whose address
 * appears in the unit's bodies and initialisers only as the first
 * argument of atomic additions and subtractions and of atomic loads
 * (directly, or through a pointer temporary that only such calls use:
 * <stdatomic.h>'s macros), and that running code (the IR: what main does
 * before its first create or after its last join is not in it) touches
 * only by additions and subtractions whose result nothing uses.  Those
 * commute, and no running code reads a value between them, so the order
 * in which they reach memory is never seen: an execution whose other
 * accesses are sequentially consistent has the outcome of one that also
 * puts the additions in one total order (their sum, which code after the
 * joins reads, is the same either way).  A critical cycle through them
 * is then no behaviour of the program: their accesses are taken out of
 * the analysis like private data (the instructions stay: on x86 a locked
 * addition still orders what is around it, and the fences a weak
 * target's mapping puts around a seq_cst one stay where they are).
 *
 * Example:  worker: if (data[i] & 1) atomic_fetch_add_explicit (&hits, 1,
 *   memory_order_relaxed); else ... (&misses, 1, ...);   main after the
 *   joins: return atomic_load (&hits) + atomic_load (&misses);
 *   -> no fence (Power had an lwsync for the two counters' 2+2W).
 */
#include "plugin.h"

namespace {

/* What an atomic builtin call does to the variable its first argument
 * points to. */
enum counter_op { C_NONE, C_ADD, C_LOAD };

#define SIZES(X) case X##_1: case X##_2: case X##_4: case X##_8: case X##_16

/* The operation of call s, an atomic builtin: an addition or subtraction
 * (whatever the value and order), a load, or none of them. */
counter_op
builtin_op (gimple *s)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
      || gimple_call_num_args (s) < 1)
    return C_NONE;
  switch (DECL_FUNCTION_CODE (fn))
    {
    SIZES (BUILT_IN_ATOMIC_FETCH_ADD): SIZES (BUILT_IN_ATOMIC_ADD_FETCH):
    SIZES (BUILT_IN_ATOMIC_FETCH_SUB): SIZES (BUILT_IN_ATOMIC_SUB_FETCH):
    SIZES (BUILT_IN_SYNC_FETCH_AND_ADD): SIZES (BUILT_IN_SYNC_ADD_AND_FETCH):
    SIZES (BUILT_IN_SYNC_FETCH_AND_SUB): SIZES (BUILT_IN_SYNC_SUB_AND_FETCH):
      return C_ADD;
    SIZES (BUILT_IN_ATOMIC_LOAD):
      return C_LOAD;
    default:
      return C_NONE;
    }
}

/* The variable whose address, or the address of a member or element of
 * which (`&stats.hits`, `&per_kind[k]`), a pointer operand holds: `&v`,
 * or a temporary `p = &v`; else NULL.  (A variable's counters are its
 * parts: every one is a counter when all of them are; not through a
 * union, whose members overlap.) */
tree
pointed_var (tree ptr)
{
  if (TREE_CODE (ptr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (ptr)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (ptr)))
    ptr = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (ptr));
  if (TREE_CODE (ptr) != ADDR_EXPR)
    return NULL_TREE;
  tree t = TREE_OPERAND (ptr, 0);
  for (; TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == ARRAY_REF;
       t = TREE_OPERAND (t, 0))
    if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == UNION_TYPE
        || TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == QUAL_UNION_TYPE)
      return NULL_TREE;
  return VAR_P (t) ? t : NULL_TREE;
}

/* The atomic builtin call of fndecl, a function of the unit that hands
 * its first parameter to that one builtin only, as the variable (`_3 =
 * &this->_M_i; _4 = __atomic_fetch_add_8 (_3, __i, __m); return _4;`:
 * libstdc++'s std::atomic members), and returns its result or nothing
 * of it; else NULL. */
gimple *
wrapped_builtin (tree fndecl)
{
  cgraph_node *node = fndecl ? cgraph_node::get (fndecl) : NULL;
  function *fn = node ? wmm_analysable_body (node) : NULL;
  tree parm = fn ? DECL_ARGUMENTS (fndecl) : NULL_TREE;
  tree def = parm ? ssa_default_def (fn, parm) : NULL_TREE;
  if (!def)
    return NULL;
  gimple *found = NULL;
  unsigned uses = 0;
  auto builtin_use = [&] (gimple *u, tree ptr) {
    if (builtin_op (u) == C_NONE || gimple_call_arg (u, 0) != ptr)
      return false;
    for (unsigned i = 1; i < gimple_call_num_args (u); i++)
      if (gimple_call_arg (u, i) == ptr)
        return false;
    tree lhs = gimple_call_lhs (u);
    found = u;
    uses++;
    return !lhs || wmm_only_returned (lhs);
  };
  bool ok = wmm_each_use (def, [&] (gimple *u) {
    if (builtin_use (u, def))
      return true;
    /* _3 = &this->_M_i, used only by the builtin */
    tree rhs = gimple_assign_single_p (u) ? gimple_assign_rhs1 (u) : NULL;
    tree t = rhs && TREE_CODE (rhs) == ADDR_EXPR ? TREE_OPERAND (rhs, 0)
                                                  : NULL_TREE;
    while (t && TREE_CODE (t) == COMPONENT_REF)
      t = TREE_OPERAND (t, 0);
    if (!t || TREE_CODE (t) != MEM_REF || TREE_OPERAND (t, 0) != def
        || !integer_zerop (TREE_OPERAND (t, 1))
        || TREE_CODE (gimple_assign_lhs (u)) != SSA_NAME)
      return false;
    tree p = gimple_assign_lhs (u);
    return wmm_each_use (p, [&] (gimple *v) { return builtin_use (v, p); });
  });
  return ok && uses == 1 ? found : NULL;
}

/* The variable call s adds to or loads (*op), or NULL: an atomic
 * builtin's, or a wrapper's (wrapped_builtin) given its address. */
tree
counter_of (gimple *s, counter_op *op)
{
  *op = builtin_op (s);
  if (*op == C_NONE && is_gimple_call (s) && gimple_call_num_args (s) >= 1)
    if (gimple *b = wrapped_builtin (gimple_call_fndecl (s)))
      *op = builtin_op (b);
  return *op == C_NONE ? NULL_TREE : pointed_var (gimple_call_arg (s, 0));
}

/* Is s `p = &v` with p used only as the first argument of additions and
 * loads (the pointer temporary of <stdatomic.h>)? */
bool
temporary_for_counter (gimple *s)
{
  return wmm_address_temporary (s, [] (gimple *u) {
    counter_op op;
    return counter_of (u, &op) != NULL_TREE;
  });
}

/* The candidates: variables some call adds to, whose address goes
 * nowhere else (no pointer but the calls' reaches them), and that code of
 * other units cannot name. */
void
candidates (hash_set<tree> *out)
{
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        counter_op op;
        tree v = counter_of (s, &op);
        if (v && op == C_ADD && is_global_var (v) && !DECL_THREAD_LOCAL_P (v))
          out->add (v);
      });
  });
  if (out->is_empty ())
    return;
  hash_set<tree> bad;
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        counter_op op;
        bool known = counter_of (s, &op) != NULL_TREE;
        if (temporary_for_counter (s))
          return;
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          {
            tree o = gimple_op (s, i);
            if (o && !(known && is_gimple_call (s) && o == gimple_call_arg (s, 0)))
              walk_tree_without_duplicates (&o, wmm_addr_of, &bad);
          }
      });
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          {
            tree a = gimple_phi_arg_def (phi, i);
            walk_tree_without_duplicates (&a, wmm_addr_of, &bad);
          }
      });
  });
  int foreign = -1;   /* (asked once, when a candidate is exported) */
  for (tree v : *out)
    {
      bool seen_by_others = TREE_PUBLIC (v) || DECL_EXTERNAL (v);
      if (seen_by_others && foreign < 0)
        foreign = wmm_foreign_code_may_run ();
      if ((seen_by_others && foreign) || wmm_initializers_mention (v, v)
          || lookup_attribute ("used", DECL_ATTRIBUTES (v)))
        bad.add (v);
    }
  for (tree v : bad)
    out->remove (v);
}

/* The counter access i of unit touches (running code), or NULL; *blind:
 * whether it is an addition whose result nothing uses. */
tree
running_access (const wmm_unit &unit, int i, bool *blind)
{
  *blind = false;
  if (i >= (int) unit.sites.length ())
    return NULL_TREE;
  const wmm_site &site = unit.sites[i];
  if (!site.stmt || site.summary)
    return NULL_TREE;
  counter_op op;
  /* (a wrapper collected for the unit's call: that call's variable and
     result) */
  gimple *s = site.stmt;
  if (site.fn && site.call && site.call_depth == 1
      && wrapped_builtin (site.fn->decl) == site.stmt)
    s = site.call;
  if (tree v = counter_of (s, &op))
    {
      tree lhs = gimple_call_lhs (s);
      *blind = op == C_ADD
               && (!lhs || (TREE_CODE (lhs) == SSA_NAME && has_zero_uses (lhs)));
      return v;
    }
  return wmm_site_object (site);
}

} // anon namespace

bool
wmm_only_returned (tree name, int depth)
{
  if (depth > 4 || TREE_CODE (name) != SSA_NAME)
    return false;
  return wmm_each_use (name, [&] (gimple *u) {
    if (gimple_code (u) == GIMPLE_RETURN)
      return true;
    return (gimple_assign_single_p (u) || gimple_assign_cast_p (u))
           && gimple_assign_rhs1 (u) == name
           && wmm_only_returned (gimple_assign_lhs (u), depth + 1);
  });
}

int
wmm_publish_blind_counters (wmm_unitinfo *u)
{
  hash_set<tree> blind;
  candidates (&blind);
  if (blind.is_empty ())
    return 0;
  wmm_program *p = u->prog;
  hash_set<tree> unseen_wrappers;
  auto_vec<bool> called;   /* code units some code calls */
  called.safe_grow_cleared (p->nthreads);
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      if (p->threads[t].code[i].op == WMM_OP_CALL
          && p->threads[t].code[i].target >= 0
          && p->threads[t].code[i].target < p->nthreads)
        called[p->threads[t].code[i].target] = true;
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        {
          bool ok;
          tree v = wmm_instr_is_access (&t->code[i])
                   ? running_access (unit, i, &ok) : NULL_TREE;
          if (v && !ok)
            blind.remove (v);
          /* a wrapper's own code (called, not collected at its calls):
             which variable it touches there is not known */
          if (!v && (unit.entry || called[unit.thread])
              && wmm_instr_is_access (&t->code[i])
              && i < (int) unit.sites.length () && !unit.sites[i].fn
              && unit.sites[i].stmt
              && wrapped_builtin (unit.decl) == unit.sites[i].stmt)
            unseen_wrappers.add (unit.decl);
        }
    }
  /* ... so every variable given to it anywhere is no blind counter */
  if (!unseen_wrappers.is_empty ())
    wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
        if (callee && unseen_wrappers.contains (callee)
            && gimple_call_num_args (s) >= 1)
          if (tree v = pointed_var (gimple_call_arg (s, 0)))
            blind.remove (v);
      });
    });
  if (blind.is_empty ())
    return 0;
  int fresh = -1;
  int made = wmm_move_to_private (u, &fresh, "(blind counter)",
                                  [&] (const wmm_unit &unit, int i) {
                                    bool ok;
                                    tree v = running_access (unit, i, &ok);
                                    return v && ok && blind.contains (v);
                                  },
                                  [] (int, int, int) {});
  if (made)
    wmm_note (u, "%d additions to %d counters that running code never "
              "reads (their results unused, read after the joins) race "
              "with nothing that can be seen: private", made,
              (int) blind.elements ());
  return made;
}
