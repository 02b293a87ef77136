/* claims.cc — elements each thread claims for itself: threads that share
 * out work by `i = __atomic_fetch_add (&next, 1, ...)` and then touch
 * `out[i]`, or that were created with distinct numbers and touch
 * `partial[(long) arg]`, each touch elements no other thread touches.
 *
 * A counter is a global that the running code writes only by atomic
 * additions of a positive constant (__atomic_fetch_add / add_fetch,
 * __sync_fetch_and_add / add_and_fetch, C11 atomic_fetch_add): while
 * threads run it only grows, so every such addition returns a value no
 * other addition on it returns (whatever the memory order).  Its address goes to those atomic
 * calls only.  An array a is claimed through counter c when every access
 * of running code to a is `a[v]` (a whole element or a member of one),
 * the index being the value an addition on c returned in the same
 * function (through widening conversions), a is a static or a global of
 * a unit with main whose address is taken nowhere, and nothing else may
 * touch it (unknown addresses cannot: no pointer reaches it).  Code main
 * runs before its first create or after its last join is not running
 * code (region.cc), so it may fill and read the array.  Then two threads'
 * accesses to a never meet in one element: a takes part in no critical
 * cycle, and its accesses are taken out of the analysis like private
 * data (docs/plugin.md, "Elements claimed through a counter").
 *
 * A thread number is the first parameter of a start routine, as an
 * integer (`(long) arg`), when the routine's address is taken once, as
 * the routine of one create in main inside a loop nested in no other,
 * whose thread argument is the loop's counter (growing by a positive
 * constant): each thread gets its own number.  Its claims are `a[id]`;
 * main may also touch a[j] right after joining thread j in a join loop
 * over the handles the create loop filled (private.cc's
 * wmm_after_own_join).  A member of the thread's argument struct is a
 * thread number too, `a->id` with a the routine's first parameter, when
 * the create passes `&A[i]` (A local to main, its address going nowhere
 * else, i the loop's counter), `A[i].id = i` is stored before it in the
 * same iteration and nothing else stores to member id, and the routine
 * only reads through its parameter; so is `*(int *) arg` when the
 * create passes `&ids[i]` and `ids[i] = i` is the only store to ids, and
 * `a->id` or `*(int *) arg` when the create passes an object malloc'd in
 * its iteration that holds the counter (fresh_member_ids).
 *
 * The array may be heap memory, keyed by what holds its address: a
 * global pointer that no running code writes (heap_claim_ok), or a
 * pointer member of one declared object, such as a std::vector's start
 * read by `operator[]` (member_pointer, element_call: main's vector a
 * lambda captured by reference), whose word no access writes.
 *
 * Example:  while ((i = __atomic_fetch_add (&next, 1, __ATOMIC_RELAXED))
 *   < N) out[i] = in[i] * 2;   in four threads -> out and in private.
 *   for (i ...) pthread_create (&t[i], 0, w, (void *) i);  w: partial[(long)
 *   arg] += ...;  for (i ...) { pthread_join (t[i], 0); s += partial[i]; }
 *   -> partial private.
 *   for (i ...) { args[i].id = i; pthread_create (&t[i], 0, w, &args[i]); }
 *   w: partial[a->id] += ... -> partial private.
 */
#include "plugin.h"
#include "handles.h"

namespace {

/* Is call s an atomic addition of a positive constant to the object its
 * first argument points to, returning the old or the new value?  *obj:
 * that object's declaration. */
bool
counter_add (gimple *s, tree *obj)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
      || gimple_call_num_args (s) < 2)
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_ATOMIC_FETCH_ADD_1: case BUILT_IN_ATOMIC_FETCH_ADD_2:
    case BUILT_IN_ATOMIC_FETCH_ADD_4: case BUILT_IN_ATOMIC_FETCH_ADD_8:
    case BUILT_IN_ATOMIC_ADD_FETCH_1: case BUILT_IN_ATOMIC_ADD_FETCH_2:
    case BUILT_IN_ATOMIC_ADD_FETCH_4: case BUILT_IN_ATOMIC_ADD_FETCH_8:
    case BUILT_IN_SYNC_FETCH_AND_ADD_1: case BUILT_IN_SYNC_FETCH_AND_ADD_2:
    case BUILT_IN_SYNC_FETCH_AND_ADD_4: case BUILT_IN_SYNC_FETCH_AND_ADD_8:
    case BUILT_IN_SYNC_ADD_AND_FETCH_1: case BUILT_IN_SYNC_ADD_AND_FETCH_2:
    case BUILT_IN_SYNC_ADD_AND_FETCH_4: case BUILT_IN_SYNC_ADD_AND_FETCH_8:
      break;
    default:
      return false;
    }
  tree a = gimple_call_arg (s, 0), k = gimple_call_arg (s, 1);
  if (TREE_CODE (a) != ADDR_EXPR || TREE_CODE (k) != INTEGER_CST
      || tree_int_cst_sgn (k) <= 0)
    return false;
  tree base = get_base_address (TREE_OPERAND (a, 0));
  if (!base || !VAR_P (base) || !is_global_var (base))
    return false;
  *obj = base;
  return true;
}

/* Does only the unit's code call node, directly (its address taken
 * nowhere, no other unit's code calling it by name)? */
bool
only_called_directly (cgraph_node *node)
{
  return node && node->callers && !node->address_taken
         && !wmm_called_back_by_name (node) && !wmm_address_given_away (node);
}

/* f (a) for the argument a each call of p's function passes for parameter
 * p; false as soon as f says false or a call passes none. */
template<typename F>
bool
each_call_argument (tree p, F f)
{
  tree fn = DECL_CONTEXT (p);
  int k = wmm_param_index (fn, p);
  if (k < 0)
    return false;
  for (cgraph_edge *e = cgraph_node::get (fn)->callers; e; e = e->next_caller)
    if (!e->call_stmt || (unsigned) k >= gimple_call_num_args (e->call_stmt)
        || !f (gimple_call_arg (e->call_stmt, k)))
      return false;
  return true;
}

/* Is node a member of a class type called only by std::thread's own code
 * (its state's _M_run through std::__invoke: a lambda's or functor's
 * operator () run as a thread, `this` the state's copy of the object)? */
bool
thread_closure_call (cgraph_node *node)
{
  tree ctx = DECL_CONTEXT (node->decl);
  if (!ctx || !RECORD_OR_UNION_TYPE_P (ctx) || !node->callers
      || node->address_taken || !wmm_calls_all_seen (node))
    return false;
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    ok = ok && wmm_thread_lib_fn (e->caller->decl);
  });
  return ok;
}

/* The parameter of the same value as pointer parameter p, through the
 * unit's helpers: p itself when it is its function's first parameter and
 * the function is not called only directly (a start routine: valid_claim
 * checks its creates); when only the unit's code calls p's function,
 * directly, the one such parameter every call passes for p (through
 * copies and conversions, four helpers deep: `bump (w)` in the worker,
 * `static void bump (struct arg *w) { counts[w->id]++; }`); else NULL. */
tree
routine_param (tree p, int depth)
{
  tree fn = DECL_CONTEXT (p);
  cgraph_node *node = fn && TREE_CODE (fn) == FUNCTION_DECL
                      ? cgraph_node::get (fn) : NULL;
  if (!node)
    return NULL_TREE;
  if (!node->callers || node->address_taken || thread_closure_call (node))
    return DECL_ARGUMENTS (fn) == p ? p : NULL_TREE;
  tree found = NULL_TREE;
  bool same = depth < 4 && only_called_directly (node)
              && each_call_argument (p, [&] (tree a) {
                a = wmm_widened_from (a);
                tree q = TREE_CODE (a) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (a)
                         ? SSA_NAME_VAR (a) : NULL_TREE;
                q = q && TREE_CODE (q) == PARM_DECL
                    ? routine_param (q, depth + 1) : NULL_TREE;
                if (!q || (found && q != found))
                  return false;
                found = q;
                return true;
              });
  return same ? found : NULL_TREE;
}

/* The member F of `param->F` that load d reads, with param (*parm) the
 * first parameter of its function (or of the start routine whose
 * parameter a helper's stands for: routine_param), through pointer copies and
 * conversions; NULL when d is no such load.  A load of the whole integer
 * the parameter points to (`*(int *) arg`, an element of `int ids[N]`)
 * gives the integer type as its key instead. */
tree
argument_member (gimple *d, tree *parm)
{
  if (!d || !gimple_assign_load_p (d))
    return NULL_TREE;
  tree ref = gimple_assign_rhs1 (d), key, mem;
  if (TREE_CODE (ref) == MEM_REF && INTEGRAL_TYPE_P (TREE_TYPE (ref)))
    {
      key = TYPE_MAIN_VARIANT (TREE_TYPE (ref));
      mem = ref;
    }
  else if (TREE_CODE (ref) != COMPONENT_REF
           || TREE_CODE (TREE_OPERAND (ref, 1)) != FIELD_DECL
           || DECL_BIT_FIELD (TREE_OPERAND (ref, 1)))
    return NULL_TREE;
  else
    {
      key = TREE_OPERAND (ref, 1);
      mem = TREE_OPERAND (ref, 0);
    }
  if (TREE_CODE (mem) != MEM_REF || !integer_zerop (TREE_OPERAND (mem, 1))
      || TREE_CODE (TREE_OPERAND (mem, 0)) != SSA_NAME)
    return NULL_TREE;
  tree base = wmm_widened_from (TREE_OPERAND (mem, 0));
  tree p = TREE_CODE (base) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (base)
           ? SSA_NAME_VAR (base) : NULL_TREE;
  p = p && TREE_CODE (p) == PARM_DECL ? routine_param (p, 0) : NULL_TREE;
  if (!p)
    return NULL_TREE;
  *parm = p;
  return key;
}

/* The claim SSA index v is (through conversions): the counter whose
 * addition returned it, the pointer parameter it converts (a start
 * routine's `(long) arg`), or the member F of a load `arg->F` (*parm:
 * arg's parameter); NULL when it is none of them.  *room: as for
 * wmm_widened_from (a narrowed number is a claim only when every thread's
 * number fits). */
tree claiming_counter (tree v, tree *parm, HOST_WIDE_INT *room,
                       int depth = 0);

/* The claim integer parameter p of a helper stands for: the one claim
 * every call passes for it (`static void bump (int id) { counts[id]++; }`
 * called as `bump ((long) arg)` from a start routine), when only the
 * unit's code calls the helper, directly; NULL otherwise.  *parm and
 * *room as for claiming_counter (the narrowest room of the calls). */
tree
param_claim (tree p, tree *parm, HOST_WIDE_INT *room, int depth)
{
  tree fn = DECL_CONTEXT (p);
  cgraph_node *node = fn && TREE_CODE (fn) == FUNCTION_DECL
                      ? cgraph_node::get (fn) : NULL;
  tree claim = NULL_TREE, claim_parm = NULL_TREE;
  bool same = depth < 4 && only_called_directly (node)
              && each_call_argument (p, [&] (tree a) {
                tree cp;
                HOST_WIDE_INT r = -1;
                tree c = claiming_counter (a, &cp, &r, depth + 1);
                if (!c || (claim && (c != claim || cp != claim_parm)))
                  return false;
                claim = c;
                claim_parm = cp;
                if (r >= 0)
                  *room = *room < 0 ? r : MIN (*room, r);
                return true;
              });
  if (!same)
    return NULL_TREE;
  *parm = claim_parm;
  return claim;
}

tree
claiming_counter (tree v, tree *parm, HOST_WIDE_INT *room, int depth)
{
  *parm = NULL_TREE;
  v = wmm_widened_from (v, room);
  if (TREE_CODE (v) != SSA_NAME)
    return NULL_TREE;
  tree c;
  if (!SSA_NAME_IS_DEFAULT_DEF (v))
    {
      gimple *d = SSA_NAME_DEF_STMT (v);
      return counter_add (d, &c) ? c : argument_member (d, parm);
    }
  /* id = (long) arg: the parameter's value as an integer */
  tree p = SSA_NAME_VAR (v);
  if (!p || TREE_CODE (p) != PARM_DECL)
    return NULL_TREE;
  if (POINTER_TYPE_P (TREE_TYPE (v)))
    return p;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return NULL_TREE;
  /* a std::thread's routine given its number (`worker (int id)`):
     nothing calls it, valid_claim checks its starts */
  cgraph_node *node = cgraph_node::get (DECL_CONTEXT (p));
  if (node && !node->callers && DECL_ARGUMENTS (DECL_CONTEXT (p)) == p)
    return p;
  return param_claim (p, parm, room, depth);
}

/* v = x * C (through widening conversions), C a positive constant: *x
 * and *c.  In signed arithmetic no product wraps; in unsigned (GCC folds
 * `(int) (id * 256)` so) *limit is the largest product that keeps its
 * value as a signed number of the type's precision, else it is left. */
bool
times_const (tree v, tree *x, HOST_WIDE_INT *c, HOST_WIDE_INT *limit)
{
  v = wmm_widened_from (v);
  gassign *g = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
               ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  if (!g || gimple_assign_rhs_code (g) != MULT_EXPR
      || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return false;
  if (!TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (v)))
    {
      unsigned prec = TYPE_PRECISION (TREE_TYPE (v));
      if (prec < 2 || prec > 63)
        return false;
      HOST_WIDE_INT most = (HOST_WIDE_INT_1 << (prec - 1)) - 1;
      *limit = *limit < 0 ? most : MIN (*limit, most);
    }
  tree a = gimple_assign_rhs1 (g), b = wmm_constant_of (gimple_assign_rhs2 (g));
  if (!b)
    {
      b = wmm_constant_of (a);
      a = gimple_assign_rhs2 (g);
    }
  if (!b || tree_to_shwi (b) <= 0 || TREE_CODE (a) != SSA_NAME)
    return false;
  /* x may be narrowed first (`(unsigned) id * 250`, id a long): it keeps
     its value while x <= room, that is while the product is at most
     room * C */
  HOST_WIDE_INT room = -1;
  *x = wmm_widened_from (a, &room);
  *c = tree_to_shwi (b);
  if (room >= 0)
    {
      HOST_WIDE_INT most = room > HOST_WIDE_INT_MAX / *c ? HOST_WIDE_INT_MAX
                           : room * *c;
      *limit = *limit < 0 ? most : MIN (*limit, most);
    }
  return true;
}

/* v = x + C (through widening conversions), signed (or, with
 * `wrapping`, unsigned too: the caller takes a wrapped sum as it comes):
 * *x and *c. */
bool
plus_const (tree v, tree *x, HOST_WIDE_INT *c, bool wrapping = false)
{
  v = wmm_widened_from (v);
  gassign *g = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
               ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  tree k = g ? wmm_constant_of (gimple_assign_rhs2 (g)) : NULL_TREE;
  if (!g || gimple_assign_rhs_code (g) != PLUS_EXPR
      || !(TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (v))
           || (wrapping && TYPE_UNSIGNED (TREE_TYPE (v))))
      || !k || !tree_fits_shwi_p (k)
      || TREE_CODE (gimple_assign_rhs1 (g)) != SSA_NAME)
    return false;
  *x = wmm_widened_from (gimple_assign_rhs1 (g));
  *c = tree_to_shwi (k);
  return true;
}

/* Do a and b (through widening conversions) hold one thread number: one
 * name, or two loads of one member of the start routine's argument (the
 * thread only reads it and main stores it once, before the create: the
 * claim's checks, distinct_member_ids), `a->id * C` and `a->id == K`
 * loaded twice? */
bool
same_number (tree a, tree b)
{
  a = wmm_widened_from (a);
  b = wmm_widened_from (b);
  if (a == b)
    return true;
  if (TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (a) || SSA_NAME_IS_DEFAULT_DEF (b))
    return false;
  tree pa = NULL_TREE, pb = NULL_TREE;
  tree ka = argument_member (SSA_NAME_DEF_STMT (a), &pa);
  return ka && ka == argument_member (SSA_NAME_DEF_STMT (b), &pb) && pa == pb;
}

/* Is edge e taken only when number id (through widening conversions)
 * equals a constant K (wmm_edge_if_equal: `if (id == K)` or `!=`)?  K,
 * or -1. */
HOST_WIDE_INT
last_number (edge e, tree id)
{
  tree a, b;
  if (!wmm_edge_if_equal (e, &a, &b))
    return -1;
  tree k = wmm_constant_of (b);
  return k && same_number (a, id) && tree_to_shwi (k) >= 0
         ? tree_to_shwi (k) : -1;
}

/* The bound a loop bound v was moved inward from, or v: v = PHI <w, K>
 * whose constant K comes in only when w == K0 (wmm_edge_if_equal), with
 * K >= K0 for a lower bound (`if (lo == 0) lo = 1`) or K <= K0 for an
 * upper one (`if (hi == N) hi = N - 1`); or MAX_EXPR <w, K> for a lower
 * bound, MIN_EXPR <w, K> for an upper one.  [v, ...) lies in [w, ...)
 * (and [..., v) in [..., w)): a block of w's bounds them. */
tree
inward_from (tree v, bool lower)
{
  for (int steps = 0; steps < 4; steps++)
    {
      tree w = wmm_widened_from (v), other;
      if (TREE_CODE (w) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (w))
        return v;
      gimple *d = SSA_NAME_DEF_STMT (w);
      if (gassign *g = dyn_cast<gassign *> (d))
        {
          if (gimple_assign_rhs_code (g) != (lower ? MAX_EXPR : MIN_EXPR))
            return v;
          other = gimple_assign_rhs1 (g);
          if (!wmm_constant_of (gimple_assign_rhs2 (g)))
            other = wmm_constant_of (other) ? gimple_assign_rhs2 (g)
                                            : NULL_TREE;
          if (!other || TREE_CODE (other) != SSA_NAME)
            return v;
          v = other;
          continue;
        }
      gphi *phi = dyn_cast<gphi *> (d);
      if (!phi || gimple_phi_num_args (phi) != 2)
        return v;
      int kc = wmm_constant_of (gimple_phi_arg_def (phi, 0)) ? 0
               : wmm_constant_of (gimple_phi_arg_def (phi, 1)) ? 1 : -1;
      tree a, b;
      if (kc < 0
          || !wmm_edge_if_equal (gimple_phi_arg_edge (phi, kc), &a, &b))
        return v;
      tree k = wmm_constant_of (gimple_phi_arg_def (phi, kc));
      other = gimple_phi_arg_def (phi, 1 - kc);
      tree k0 = wmm_constant_of (b);
      if (!k0 || TREE_CODE (other) != SSA_NAME
          || wmm_widened_from (a) != wmm_widened_from (other)
          || (lower ? tree_to_shwi (k) < tree_to_shwi (k0)
                    : tree_to_shwi (k) > tree_to_shwi (k0)))
        return v;
      v = other;
    }
  return v;
}

/* Is hi the end of the block that starts at lo = x * k: lo + m (0 < m <=
 * k) or (x + 1) * k (*limit as for times_const)? */
bool
block_bounds (tree lo, tree hi, tree x, HOST_WIDE_INT k, HOST_WIDE_INT *limit)
{
  tree y;
  HOST_WIDE_INT m;
  return (plus_const (hi, &y, &m) && y == wmm_widened_from (lo)
          && m > 0 && m <= k)
         || (times_const (hi, &y, &m, limit) && m == k
             && plus_const (y, &y, &m) && m == 1 && y == x);
}

/* v = x * K + OFF (through widening conversions and signed additions of
 * constants; (x + M) * K counts M * K into OFF), K a positive constant:
 * *x, *k, *off (*limit as for times_const). */
bool
block_offset (tree v, tree *x, HOST_WIDE_INT *k, HOST_WIDE_INT *off,
              HOST_WIDE_INT *limit)
{
  *off = 0;
  for (int steps = 0; steps < 4; steps++)
    {
      tree y, z;
      HOST_WIDE_INT m;
      if (times_const (v, &y, k, limit))
        {
          if (plus_const (y, &z, &m) && m > 0 && m <= 4)
            {
              /* (a narrowed number, as times_const's: it keeps its
                 value while the product is at most room * K) */
              HOST_WIDE_INT room = -1;
              z = wmm_widened_from (z, &room);
              if (room >= 0)
                {
                  HOST_WIDE_INT most = room > HOST_WIDE_INT_MAX / *k
                                       ? HOST_WIDE_INT_MAX : room * *k;
                  *limit = *limit < 0 ? most : MIN (*limit, most);
                }
              *off += m * *k;
              y = z;
            }
          *x = y;
          return true;
        }
      if (!plus_const (v, &y, &m) || m < -(HOST_WIDE_INT_1 << 30)
          || m > (HOST_WIDE_INT_1 << 30))
        return false;
      *off += m;
      v = y;
    }
  return false;
}

/* Is global decl d a number the running code never changes: an integer
 * variable of the unit, not volatile, its address taken nowhere, no
 * running access writing it (exported: only when no other unit's code
 * runs)? */
bool
stable_number (wmm_unitinfo *u, tree d)
{
  if (!VAR_P (d) || !is_global_var (d) || !INTEGRAL_TYPE_P (TREE_TYPE (d))
      || TREE_THIS_VOLATILE (d) || TREE_ADDRESSABLE (d) || DECL_EXTERNAL (d)
      || (TREE_PUBLIC (d) && wmm_foreign_code_may_run ()))
    return false;
  for (const wmm_unit &unit : u->units)
    for (const wmm_site &site : unit.sites)
      if (site.operand == 0 && wmm_site_object (site) == d)
        return false;
  return true;
}

/* Do a and b (through widening conversions) hold one value, the same in
 * every thread: equal constants, or one computation (the same codes of
 * + - * / and conversions) over loads of stable numbers (stable_number)
 * and constants, or, with `create` (main's stores of blocks,
 * stored_block), one name main set where no path from the create leads
 * back (before its loop: `unsigned nt = std::thread::hardware_concurrency
 * ()`)?  *form: a hash of the computation. */
bool
same_invariant (wmm_unitinfo *u, tree a, tree b, unsigned HOST_WIDE_INT *form,
                int depth, gimple *create = NULL)
{
  a = wmm_widened_from (a);
  b = wmm_widened_from (b);
  if (create && a == b && TREE_CODE (a) == SSA_NAME
      && INTEGRAL_TYPE_P (TREE_TYPE (a))
      && (SSA_NAME_IS_DEFAULT_DEF (a)
          || !wmm_reaches_avoiding (create, SSA_NAME_DEF_STMT (a), NULL)))
    {
      *form = *form * 31 + SSA_NAME_VERSION (a);
      return true;
    }
  tree ka = wmm_constant_of (a), kb = wmm_constant_of (b);
  if (ka || kb)
    {
      if (!ka || !kb || !tree_int_cst_equal (ka, kb)
          || !tree_fits_shwi_p (ka))
        return false;
      *form = *form * 31 + (unsigned HOST_WIDE_INT) tree_to_shwi (ka);
      return true;
    }
  if (depth > 6 || TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (a) || SSA_NAME_IS_DEFAULT_DEF (b))
    return false;
  gassign *ga = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (a));
  gassign *gb = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (b));
  if (!ga || !gb || gimple_assign_rhs_code (ga) != gimple_assign_rhs_code (gb))
    return false;
  tree_code code = gimple_assign_rhs_code (ga);
  *form = *form * 31 + code;
  if (gimple_assign_single_p (ga))
    {
      tree d = gimple_assign_rhs1 (ga);
      if (TREE_CODE (d) == SSA_NAME)   /* a copy */
        return same_invariant (u, d, gimple_assign_rhs1 (gb), form,
                               depth + 1, create);
      if (!VAR_P (d) || d != gimple_assign_rhs1 (gb))
        return false;
      *form = *form * 31 + DECL_UID (d);
      return stable_number (u, d);
    }
  if (code != PLUS_EXPR && code != MINUS_EXPR && code != MULT_EXPR
      && code != TRUNC_DIV_EXPR && !CONVERT_EXPR_CODE_P (code))
    return false;
  for (unsigned k = 1; k < gimple_num_ops (ga); k++)
    if (!same_invariant (u, gimple_op (ga, k), gimple_op (gb, k), form,
                         depth + 1, create))
      return false;
  return true;
}

/* The PHI of a signed counter `j = PHI <0, j + 1>` (overflow
 * undefined: never negative), or NULL. */
gphi *
counter_from_zero (tree j)
{
  gphi *phi = TREE_CODE (j) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (j)
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (j)) : NULL;
  if (!phi || gimple_phi_num_args (phi) != 2
      || !TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (j)))
    return NULL;
  bool inc = false, zero = false;
  for (unsigned a = 0; a < 2; a++)
    {
      tree v = gimple_phi_arg_def (phi, a);
      gassign *g = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
                   ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
      tree c;
      if (!inc && g && gimple_assign_rhs_code (g) == PLUS_EXPR
          && gimple_assign_rhs1 (g) == j
          && integer_onep (gimple_assign_rhs2 (g)))
        inc = true;
      else if ((c = wmm_constant_of (v)) && integer_zerop (c))
        zero = true;
    }
  return inc && zero ? phi : NULL;
}

/* Is v such a counter, or one plus a non-negative constant? */
bool
counts_up_from_zero (tree v)
{
  tree x;
  HOST_WIDE_INT c;
  if (plus_const (v, &x, &c) && c >= 0)
    v = x;
  return counter_from_zero (v) != NULL;
}

/* How many low bits can hold value v of an unsigned type: the narrowest
 * unsigned type it was zero-extended from (`(size_t) t` of an unsigned
 * t: 32; of an int counter from 0: 31), else its own precision. */
unsigned
zero_extended_bits (tree v)
{
  unsigned bits = TYPE_PRECISION (TREE_TYPE (v));
  for (int steps = 0; steps < 4 && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); steps++)
    {
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
      if (!g || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
        break;
      tree from = gimple_assign_rhs1 (g);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (from))
          || TYPE_PRECISION (TREE_TYPE (from)) > TYPE_PRECISION (TREE_TYPE (v)))
        break;
      /* (a signed counter from 0 never goes negative: `(size_t) t` of an
         int t sign-extends a value below 2^31) */
      if (!TYPE_UNSIGNED (TREE_TYPE (from)))
        {
          if (counts_up_from_zero (from))
            bits = MIN (bits, TYPE_PRECISION (TREE_TYPE (from)) - 1u);
          break;
        }
      bits = MIN (bits, TYPE_PRECISION (TREE_TYPE (from)));
      v = from;
    }
  return bits;
}

/* Does product g (y * V) never wrap: signed arithmetic (overflow is
 * undefined), or an unsigned one by a constant V < 2^(P - p), y held in p
 * low bits (zero_extended_bits) of the P-bit type, so that y * V and (y +
 * 1) * V fit? */
bool
product_fits (gassign *g)
{
  tree type = TREE_TYPE (gimple_assign_lhs (g));
  if (TYPE_OVERFLOW_UNDEFINED (type))
    return true;
  if (!TYPE_UNSIGNED (type) || gimple_assign_rhs_code (g) != MULT_EXPR)
    return false;
  for (int side = 0; side < 2; side++)
    {
      tree k = gimple_op (g, 1 + side), y = gimple_op (g, 2 - side);
      unsigned prec = TYPE_PRECISION (type);
      if (TREE_CODE (k) != INTEGER_CST || TREE_CODE (y) != SSA_NAME
          || prec > HOST_BITS_PER_WIDE_INT || !tree_fits_uhwi_p (k))
        continue;
      unsigned p = zero_extended_bits (y);
      unsigned HOST_WIDE_INT c = tree_to_uhwi (k);
      if (p < prec && c > 0 && wi::ltu_p (wi::uhwi (c, prec),
                                         wi::lshift (wi::one (prec), prec - p)))
        return true;
    }
  return false;
}

/* Is v (through widening conversions) f (y) = y * V or (y * V) / W,
 * computed without wrapping (product_fits), V and W the same in every
 * thread?  *y, and the operands V, W (W NULL for a product). */
bool
scaled_by (tree v, tree *y, tree *vv, tree *ww)
{
  v = wmm_widened_from (v);
  gassign *g = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  if (!g || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return false;
  *ww = NULL_TREE;
  if (gimple_assign_rhs_code (g) == TRUNC_DIV_EXPR)
    {
      *ww = gimple_assign_rhs2 (g);
      v = wmm_widened_from (gimple_assign_rhs1 (g));
      g = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
          ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
      if (!g)
        return false;
    }
  if (gimple_assign_rhs_code (g) != MULT_EXPR || !product_fits (g))
    return false;
  *y = gimple_assign_rhs1 (g);
  *vv = gimple_assign_rhs2 (g);
  return true;
}

/* A block of a run-time size: lo = f (x), hi = f (x + 1) or, for a
 * product, lo + V, with f (y) = y * V or (y * V) / W (scaled_by), V and W
 * values no running code changes (same_invariant: loads of globals main
 * set before the threads, `nthreads = atoi (argv[1])`; with `create`,
 * main's stores read by stored_block, also main's values from before
 * the create loop).  f is monotone (arithmetic without wrapping:
 * product_fits; truncating division), so the blocks of distinct numbers
 * x are disjoint (a decreasing f gives empty ones).  *x, and *form: a
 * negative number naming f (chunks of other blocks are positive,
 * strides' small negatives). */
bool
runtime_block (wmm_unitinfo *u, tree lo, tree hi, tree *x,
               HOST_WIDE_INT *form, gimple *create = NULL)
{
  tree y1, v1, w1, y2, v2, w2;
  unsigned HOST_WIDE_INT h = 0;
  if (!scaled_by (lo, &y1, &v1, &w1))
    return false;
  y1 = wmm_widened_from (y1);
  /* the factor may come first (`n * id`) */
  if (!same_invariant (u, v1, v1, &h, 0, create))
    {
      std::swap (y1, v1);
      y1 = wmm_widened_from (y1);
      h = 0;
      if (!same_invariant (u, v1, v1, &h, 0, create))
        return false;
    }
  if (TREE_CODE (y1) != SSA_NAME)
    return false;
  bool ok = false;
  if (scaled_by (hi, &y2, &v2, &w2) && !w1 == !w2)
    {
      tree z;
      for (int order = 0; order < 2 && !ok; order++)
        {
          if (order)
            std::swap (y2, v2);
          unsigned HOST_WIDE_INT h2 = 0;
          HOST_WIDE_INT k;
          /* (an unsigned y + 1 that wraps gives hi = f (0) = 0: an
             empty block, `i < hi` never holds) */
          ok = plus_const (y2, &z, &k, true) && k == 1 && same_number (z, y1)
               && same_invariant (u, v1, v2, &h2, 0, create)
               && (!w1 || same_invariant (u, w1, w2, &h2, 0, create));
        }
    }
  else if (!w1)
    {
      /* hi = lo + V: lo's product again (or the same name) plus V */
      hi = wmm_widened_from (hi);
      gassign *g = TREE_CODE (hi) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (hi)
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (hi)) : NULL;
      unsigned HOST_WIDE_INT h2 = 0;
      tree y3, v3, w3;
      for (int side = 0; g && !ok && side < 2
           && gimple_assign_rhs_code (g) == PLUS_EXPR
           && TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (hi)); side++)
        {
          tree base = gimple_op (g, 1 + side), step = gimple_op (g, 2 - side);
          ok = same_invariant (u, v1, step, &h2, 0, create)
               && (wmm_widened_from (base) == wmm_widened_from (lo)
                   || (scaled_by (base, &y3, &v3, &w3) && !w3
                       && ((same_number (y3, y1)
                            && same_invariant (u, v3, v1, &h2, 0, create))
                           || (same_number (v3, y1)
                               && same_invariant (u, y3, v1, &h2, 0, create)))));
        }
    }
  if (!ok)
    return false;
  if (w1 && !same_invariant (u, w1, w1, &h, 0, create))
    return false;
  *x = y1;
  *form = -(HOST_WIDE_INT) (((unsigned HOST_WIDE_INT) 1 << 40)
                            + ((h * 2 + (w1 != NULL_TREE)) & 0x3fffffff));
  return true;
}

/* A slice: counter i of a loop `for (i = lo; i < hi; i++)` (signed, one
 * step at a time) with lo = id * C and hi = lo + C' (0 < C' <= C) or
 * (id + 1) * C, read at `stmt` where the test held: i lies in [id * C,
 * id * C + C), so threads with distinct numbers touch disjoint elements.
 * i is a PHI of lo and i + 1; the block ending with the test `i < hi`
 * holds it; stmt is dominated by the test's true successor, whose only
 * predecessor is that block (so the last test before stmt held).  *id
 * (through widening conversions) and *chunk (C); fn: the function of
 * stmt; *limit (-1: none) the largest (id + 1) * C that computes lo and
 * hi without wrapping (unsigned arithmetic); *last (-1: none) the number
 * K of a last thread whose block runs to any end (`hi = id == K ? N :
 * lo + C`): its block starts above every other's, when K is the
 * largest number.  With member_block_p: lo and hi may instead be loads
 * `a->F` and `a->G` of two members of the start routine's argument
 * (*member_block_p: the pair (F . G), *id: the parameter, *chunk 0;
 * member_blocks checks what main stores there).  With u: lo and hi may
 * be f (id) and f (id + 1) for f a product and quotient by values the
 * running code never changes (runtime_block; *chunk: a negative number
 * naming f's shape). */
bool
slice_index (tree idx, gimple *stmt, function *fn, tree *id,
             HOST_WIDE_INT *chunk, HOST_WIDE_INT *limit, HOST_WIDE_INT *last,
             tree *member_block_p, wmm_unitinfo *u)
{
  *limit = -1;
  *last = -1;
  if (member_block_p)
    *member_block_p = NULL_TREE;
  idx = wmm_widened_from (idx);
  tree lo, hi, x;
  edge t;
  HOST_WIDE_INT k, c = 0, off_lo, off_hi;
  if (!fn || !stmt || !gimple_bb (stmt))
    return false;
  if (!wmm_counted_loop (idx, &lo, &hi, NULL, &t))
    {
      /* a neighbour of the counter (a[i - 1], i from lo + 1) */
      tree j;
      if (!plus_const (idx, &j, &c) || !c || c < -(HOST_WIDE_INT_1 << 30)
          || c > (HOST_WIDE_INT_1 << 30)
          || !wmm_counted_loop (j, &lo, &hi, NULL, &t))
        {
          /* a point of the block (a[lo], a[hi - 1]): x * K + OFF, OFF
             in [0, K) */
          HOST_WIDE_INT off;
          if (!block_offset (idx, &x, &k, &off, limit) || off < 0 || off >= k)
            return false;
          *id = x;
          *chunk = k;
          return true;
        }
    }
  lo = inward_from (lo, true);
  hi = inward_from (hi, false);
  bool held = wmm_with_dominators (fn, [&] () {
    return (bool) dominated_by_p (CDI_DOMINATORS, gimple_bb (stmt), t->dest); });
  if (!held)
    return false;
  /* lo and hi x * K plus constants (`for (i = lo + 1; i < hi; i++)`): the
     index j + C, j in [lo, hi), lies in [x * K, x * K + K) */
  tree x2;
  HOST_WIDE_INT k2;
  if (block_offset (lo, &x, &k, &off_lo, limit)
      && block_offset (hi, &x2, &k2, &off_hi, limit) && k2 == k
      && same_number (x, x2) && off_lo + c >= 0 && off_hi + c <= k)
    {
      *id = x;
      *chunk = k;
      return true;
    }
  *limit = -1;
  if (c)
    return false;
  /* a block of the thread's argument: lo = a->F, hi = a->G */
  tree flo, fhi, parm_lo = NULL_TREE, parm_hi = NULL_TREE;
  if (member_block_p && TREE_CODE (lo) == SSA_NAME && TREE_CODE (hi) == SSA_NAME
      && (flo = argument_member (SSA_NAME_DEF_STMT (lo), &parm_lo))
      && (fhi = argument_member (SSA_NAME_DEF_STMT (hi), &parm_hi))
      && TREE_CODE (flo) == FIELD_DECL && TREE_CODE (fhi) == FIELD_DECL
      && flo != fhi && parm_lo == parm_hi)
    {
      *member_block_p = tree_cons (flo, fhi, NULL_TREE);
      *id = parm_lo;
      *chunk = 0;
      return true;
    }
  if (!times_const (lo, &x, &k, limit))
    {
      /* a block of a run-time size: [f (x), f (x + 1)) */
      HOST_WIDE_INT form;
      *limit = -1;
      if (!u || !runtime_block (u, lo, hi, &x, &form))
        return false;
      *id = x;
      *chunk = form;
      return true;
    }
  auto block_end = [&] (tree hi) { return block_bounds (lo, hi, x, k, limit); };
  *last = -1;
  if (!block_end (hi))
    {
      /* the last thread takes the rest: hi = id == K ? N : lo + C, where
         K must be the largest number (checked by the caller) */
      tree v = wmm_widened_from (hi);
      gphi *join = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
                   ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (v)) : NULL;
      if (!join || gimple_phi_num_args (join) != 2)
        return false;
      int end = block_end (gimple_phi_arg_def (join, 0)) ? 0
                : block_end (gimple_phi_arg_def (join, 1)) ? 1 : -1;
      if (end < 0)
        return false;
      *last = last_number (gimple_phi_arg_edge (join, 1 - end), x);
      if (*last < 0)
        return false;
    }
  *id = x;
  *chunk = k;
  return true;
}

/* Is j the counter of a loop `for (j = 0; j < K; j++)` (or `j <= K - 1`,
 * as GCC writes it), K a positive constant?  *k: K; *body: the edge the
 * test takes into the loop. */
bool
counted_from_zero (tree j, HOST_WIDE_INT *k, edge *body)
{
  gphi *phi = counter_from_zero (j);
  if (!phi)
    return false;
  basic_block h = gimple_bb (phi);
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (h));
  tree bound = c ? wmm_constant_of (gimple_cond_rhs (c)) : NULL_TREE;
  if (!c || !bound || gimple_cond_lhs (c) != j
      || EDGE_COUNT (h->succs) != 2
      || (gimple_cond_code (c) != LT_EXPR && gimple_cond_code (c) != LE_EXPR))
    return false;
  *k = tree_to_shwi (bound) + (gimple_cond_code (c) == LE_EXPR);
  edge f;
  extract_true_false_edges_from_block (h, body, &f);
  return *k > 0 && single_pred_p ((*body)->dest);
}

/* A row of a matrix: idx (through widening conversions) is `x * S + j`
 * computed with undefined overflow, S a positive constant and j the
 * counter of a loop `for (j = 0; j < K; j++)` (K <= S) whose test held
 * at stmt: element idx lies in row x, [x * S, x * S + S), so rows that no
 * two threads share give elements no two threads share.  *row: x, *s: S. */
bool
row_index (tree idx, gimple *stmt, function *fn, tree *row, HOST_WIDE_INT *s)
{
  idx = wmm_widened_from (idx);
  gassign *g = TREE_CODE (idx) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (idx)
               ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (idx)) : NULL;
  if (!g || gimple_assign_rhs_code (g) != PLUS_EXPR
      || !INTEGRAL_TYPE_P (TREE_TYPE (idx))
      || !TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (idx)) || !fn || !stmt
      || !gimple_bb (stmt))
    return false;
  for (int side = 0; side < 2; side++)
    {
      tree prod = gimple_op (g, 1 + side), j = gimple_op (g, 2 - side);
      HOST_WIDE_INT limit = -1, k;
      edge t;
      if (TREE_CODE (j) != SSA_NAME || !times_const (prod, row, s, &limit)
          || limit >= 0 || !counted_from_zero (j, &k, &t) || k > *s)
        continue;
      if (wmm_with_dominators (fn, [&] () {
            return (bool) dominated_by_p (CDI_DOMINATORS, gimple_bb (stmt),
                                          t->dest); }))
        return true;
    }
  return false;
}

/* A stride: idx (through widening conversions) is the counter of a
 * loop `for (i = id; ...; i += S)`, a PHI of id and i + S with S a
 * positive constant, in signed arithmetic (no wrap): every value is id + k
 * * S (k >= 0), so threads whose numbers differ and lie in 0 .. S - 1
 * touch disjoint elements (the caller checks the numbers).  *id (through
 * widening conversions) and *stride. */
bool
stride_index (tree idx, tree *id, HOST_WIDE_INT *stride)
{
  idx = wmm_widened_from (idx);
  gphi *phi = TREE_CODE (idx) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (idx)
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (idx)) : NULL;
  if (!phi || gimple_phi_num_args (phi) != 2
      || !TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (idx)))
    return false;
  tree init = NULL_TREE;
  HOST_WIDE_INT step = 0;
  for (unsigned k = 0; k < 2; k++)
    {
      tree a = gimple_phi_arg_def (phi, k);
      gassign *g = TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
                   ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (a)) : NULL;
      tree s = g && gimple_assign_rhs_code (g) == PLUS_EXPR
               && gimple_assign_rhs1 (g) == idx
               ? wmm_constant_of (gimple_assign_rhs2 (g)) : NULL_TREE;
      if (!step && s && tree_to_shwi (s) > 0)
        step = tree_to_shwi (s);
      else
        init = a;
    }
  if (!step || !init || TREE_CODE (init) != SSA_NAME)
    return false;
  *id = wmm_widened_from (init);
  *stride = step;
  return true;
}

/* The global array a reference `a[v]` indexes (the element, a member of
 * it, or an element of it: `grid[v][k]`), and v, its first index; NULL
 * when it is no such reference. */
tree
indexed_array (tree ref, tree *idx)
{
  while ((TREE_CODE (ref) == COMPONENT_REF || TREE_CODE (ref) == ARRAY_REF)
         && !(TREE_CODE (ref) == ARRAY_REF && VAR_P (TREE_OPERAND (ref, 0))))
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) != ARRAY_REF || TREE_OPERAND (ref, 2)
      || TREE_OPERAND (ref, 3))
    return NULL_TREE;
  *idx = TREE_OPERAND (ref, 1);
  tree base = TREE_OPERAND (ref, 0);
  return is_global_var (base) ? base : NULL_TREE;
}

/* Does every use of element pointer r (an SSA name, through copies and
 * conversions) dereference it inside the element, `bits` bits from its
 * start: the base of a load's or store's MEM_REF at a constant offset,
 * never a value stored, passed, compared or merged by a PHI?  Then the
 * address reaches nothing but the element. */
bool
element_web (tree r, HOST_WIDE_INT bits)
{
  auto_vec<tree, 8> work;
  work.safe_push (r);
  for (unsigned n = 0; !work.is_empty (); n++)
    {
      if (n > 32)
        return false;
      tree v = work.pop ();
      imm_use_iterator it;
      gimple *st;
      FOR_EACH_IMM_USE_STMT (st, it, v)
        {
          if (is_gimple_debug (st))
            continue;
          if ((gimple_assign_cast_p (st) || gimple_assign_ssa_name_copy_p (st))
              && gimple_assign_rhs1 (st) == v
              && TREE_CODE (gimple_assign_lhs (st)) == SSA_NAME)
            {
              work.safe_push (gimple_assign_lhs (st));
              continue;
            }
          if (!gimple_assign_single_p (st))
            return false;
          for (unsigned k = 0; k < 2; k++)
            {
              tree op = gimple_op (st, k);
              if (!wmm_mentions (op, v))
                continue;
              tree base = get_base_address (op);
              poly_int64 off, size, max;
              bool reverse;
              HOST_WIDE_INT o, m;
              /* (the extent of a reference through a pointer leaves out
                 the MEM_REF's own offset; its size is the largest a
                 variable index allows, unknown for a trailing array) */
              if (!base || TREE_CODE (base) != MEM_REF
                  || TREE_OPERAND (base, 0) != v
                  || !tree_fits_shwi_p (TREE_OPERAND (base, 1))
                  || get_ref_base_and_extent (op, &off, &size, &max,
                                              &reverse) != base
                  || !off.is_constant (&o) || !max.is_constant (&m)
                  || !known_size_p (max))
                return false;
              o += tree_to_shwi (TREE_OPERAND (base, 1)) * BITS_PER_UNIT;
              if (o < 0 || m <= 0 || o + m > bits)
                return false;
              /* (an index inside the reference that is v itself) */
              for (tree t = op; handled_component_p (t);
                   t = TREE_OPERAND (t, 0))
                for (int i = 1; i < TREE_OPERAND_LENGTH (t); i++)
                  if (TREE_OPERAND (t, i) && wmm_mentions (TREE_OPERAND (t, i), v))
                    return false;
            }
        }
    }
  return true;
}

/* Is g `p = base + v * size` (through conversions of v), every use of p
 * staying inside the element (element_web)?  *idx = v. */
bool
scaled_element (gassign *g, HOST_WIDE_INT size, tree *idx)
{
  tree v = wmm_widened_from (gimple_assign_rhs2 (g));
  if (size != 1)
    {
      gassign *m = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
      if (!m || gimple_assign_rhs_code (m) != MULT_EXPR)
        return false;
      tree k = wmm_constant_of (gimple_assign_rhs2 (m));
      v = gimple_assign_rhs1 (m);
      if (!k)
        {
          k = wmm_constant_of (gimple_assign_rhs1 (m));
          v = gimple_assign_rhs2 (m);
        }
      if (!k || tree_to_shwi (k) != size || TREE_CODE (v) != SSA_NAME)
        return false;
    }
  if (size <= 0 || !element_web (gimple_assign_lhs (g), size * BITS_PER_UNIT))
    return false;
  *idx = v;
  return true;
}

/* The keys of pointer members of declared objects (member_pointer):
 * TREE_LIST (decl, bit position), one per pair, made and forgotten
 * within one wmm_publish_claims (GC memory no root holds). */
vec<tree> member_keys;

/* Is key a member_pointer key?  Its object in *decl, the member's bit
 * position in *pos. */
bool
member_key_parts (tree key, tree *decl, HOST_WIDE_INT *pos)
{
  if (!key || TREE_CODE (key) != TREE_LIST)
    return false;
  *decl = TREE_PURPOSE (key);
  *pos = tree_to_shwi (TREE_VALUE (key));
  return true;
}

tree member_key (tree b, HOST_WIDE_INT pos);

/* What the pointer member load r reads from: r a non-volatile load of a
 * pointer at constant bit position *pos of a variable (returned) or of
 * the object pointer P points to (P returned); NULL otherwise. */
tree
member_load_base (tree r, HOST_WIDE_INT *pos)
{
  if (!POINTER_TYPE_P (TREE_TYPE (r)) || TREE_THIS_VOLATILE (r)
      || !handled_component_p (r))
    return NULL_TREE;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (r, &bitsize, &bitpos, &offset);
  if (!b || offset || !bitpos.is_constant (pos))
    return NULL_TREE;
  if (TREE_CODE (b) != MEM_REF)
    return VAR_P (b) ? b : NULL_TREE;
  if (!tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    return NULL_TREE;
  *pos += tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
  return TREE_OPERAND (b, 0);
}

/* The key of the pointer member that load r reads (`out._M_impl._M_start`
 * of a global vector, or of main's vector through a pointer that only
 * ever holds its address: the reference a lambda captured), when its
 * object is one object for the whole run (a global or static, a local of
 * main) at a constant position; NULL otherwise.  Its pointer type in
 * *ptype. */
tree
member_pointer (tree r, tree *ptype)
{
  HOST_WIDE_INT pos;
  tree b = member_load_base (r, &pos);
  if (b && TREE_CODE (b) == SSA_NAME)
    {
      tree one = wmm_one_address (b);
      b = one ? TREE_OPERAND (one, 0) : NULL_TREE;
    }
  *ptype = TREE_TYPE (r);
  return b ? member_key (b, pos) : NULL_TREE;
}

/* The key of the pointer member at bit pos of declared object b, when b
 * is one object for the whole run; NULL otherwise. */
tree
member_key (tree b, HOST_WIDE_INT pos)
{
  if (!VAR_P (b) || TREE_THIS_VOLATILE (b) || !wmm_one_object_var (b)
      || pos < 0)
    return NULL_TREE;
  for (tree k : member_keys)
    if (TREE_PURPOSE (k) == b && tree_to_shwi (TREE_VALUE (k)) == pos)
      return k;
  tree k = build_tree_list (b, build_int_cst (bitsizetype, pos));
  member_keys.safe_push (k);
  return k;
}

/* The global pointer G whose value q holds, loaded from it through copies
 * and conversions (`q = C`, C a `double *` of the unit): G, or the key
 * of a pointer member of a declared object (member_pointer), or NULL.
 * The pointer's type in *ptype. */
tree
loaded_pointer (tree q, tree *ptype)
{
  for (int steps = 0; steps < 8; steps++)
    {
      if (TREE_CODE (q) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (q))
        return NULL_TREE;
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (q));
      if (!g)
        return NULL_TREE;
      tree r = gimple_assign_rhs1 (g);
      if (gimple_assign_cast_p (g) || gimple_assign_ssa_name_copy_p (g))
        q = r;
      else if (!gimple_assign_single_p (g))
        return NULL_TREE;
      else if (VAR_P (r))
        {
          *ptype = TREE_TYPE (r);
          return is_global_var (r) && POINTER_TYPE_P (TREE_TYPE (r))
                 && !TREE_THIS_VOLATILE (r) ? r : NULL_TREE;
        }
      else
        return member_pointer (r, ptype);
    }
  return NULL_TREE;
}

/* The heap array a global pointer G points to, when statement g is `p =
 * q + v * S` with q loaded from G and S the size of *G (`C[i]`, C a
 * `double *`), every use of p inside the element: G, *idx = v; the same
 * for a pointer member of a declared object (`out[i]` of a std::vector,
 * its key); NULL otherwise (heap_claim_ok checks what else may touch the
 * array). */
tree
heap_offset (gassign *g, tree *idx)
{
  tree ptype = NULL_TREE;
  tree a = loaded_pointer (gimple_assign_rhs1 (g), &ptype);
  tree t = a ? TYPE_SIZE_UNIT (TREE_TYPE (ptype)) : NULL_TREE;
  if (!t || !tree_fits_shwi_p (t)
      || TREE_CODE (gimple_assign_rhs2 (g)) != SSA_NAME)
    return NULL_TREE;
  return scaled_element (g, tree_to_shwi (t), idx) ? a : NULL_TREE;
}

/* The global array a when statement g is `p = &a + v * S` (`a + v` in
 * C: S the element's size, through conversions of v) and every use of p
 * stays inside the element (element_web); *idx = v.  NULL otherwise. */
tree
element_offset (gassign *g, tree *idx)
{
  tree base = gimple_assign_rhs1 (g), off = gimple_assign_rhs2 (g);
  if (TREE_CODE (base) != ADDR_EXPR || TREE_CODE (off) != SSA_NAME)
    return NULL_TREE;
  tree a = TREE_OPERAND (base, 0);
  if (TREE_CODE (a) == ARRAY_REF && integer_zerop (TREE_OPERAND (a, 1))
      && !TREE_OPERAND (a, 2) && !TREE_OPERAND (a, 3))
    a = TREE_OPERAND (a, 0);
  if (!VAR_P (a) || !is_global_var (a) || TREE_CODE (TREE_TYPE (a)) != ARRAY_TYPE
      || !tree_fits_shwi_p (TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (a)))))
    return NULL_TREE;
  HOST_WIDE_INT size = tree_to_shwi (TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (a))));
  return scaled_element (g, size, idx) ? a : NULL_TREE;
}

/* The global array a when statement g is `p = &a[v]` (the whole
 * element, any index v) or `p = a + v` (element_offset), or the global
 * pointer of a heap array (`p = C + v`: heap_offset), and every use of p
 * stays inside the element (element_web); *idx = v.  NULL otherwise. */
tree
element_def (gimple *g, tree *idx)
{
  gassign *as = safe_dyn_cast<gassign *> (g);
  if (as && gimple_assign_rhs_code (as) == POINTER_PLUS_EXPR
      && TREE_CODE (gimple_assign_lhs (as)) == SSA_NAME)
    {
      tree a = element_offset (as, idx);
      return a ? a : heap_offset (as, idx);
    }
  if (!as || gimple_assign_rhs_code (as) != ADDR_EXPR
      || TREE_CODE (gimple_assign_lhs (as)) != SSA_NAME)
    return NULL_TREE;
  tree elt = TREE_OPERAND (gimple_assign_rhs1 (as), 0);
  if (TREE_CODE (elt) != ARRAY_REF || TREE_OPERAND (elt, 2)
      || TREE_OPERAND (elt, 3) || !VAR_P (TREE_OPERAND (elt, 0))
      || !is_global_var (TREE_OPERAND (elt, 0))
      || !TYPE_SIZE (TREE_TYPE (elt))
      || !tree_fits_shwi_p (TYPE_SIZE (TREE_TYPE (elt)))
      || !element_web (gimple_assign_lhs (as),
                       tree_to_shwi (TYPE_SIZE (TREE_TYPE (elt)))))
    return NULL_TREE;
  *idx = TREE_OPERAND (elt, 1);
  return TREE_OPERAND (elt, 0);
}

/* Is value v, returned by an element accessor whose parameters' entry
 * values are self and n, `self->M + n * S` (M a `T *` member of *self,
 * S = sizeof (T))?  M's bit position in *pos, S in *size. */
bool
accessor_return (tree v, tree self, tree n, HOST_WIDE_INT *pos,
                 HOST_WIDE_INT *size)
{
  v = v ? wmm_pointer_root (v) : NULL_TREE;
  gassign *plus = v && !SSA_NAME_IS_DEFAULT_DEF (v)
                  ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  if (!plus || gimple_assign_rhs_code (plus) != POINTER_PLUS_EXPR)
    return false;
  /* the member: `_1 = self->M` */
  tree q = wmm_pointer_root (gimple_assign_rhs1 (plus));
  gassign *ld = q && !SSA_NAME_IS_DEFAULT_DEF (q)
                ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (q)) : NULL;
  tree ref = ld && gimple_assign_single_p (ld) ? gimple_assign_rhs1 (ld)
                                               : NULL_TREE;
  if (!ref || member_load_base (ref, pos) != self)
    return false;
  /* the offset: `n * S` */
  tree t = TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (ref)));
  tree off = wmm_widened_from (gimple_assign_rhs2 (plus));
  gassign *m = TREE_CODE (off) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (off)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off)) : NULL;
  tree k = m && gimple_assign_rhs_code (m) == MULT_EXPR
           ? wmm_constant_of (gimple_assign_rhs2 (m)) : NULL_TREE;
  if (!t || !tree_fits_shwi_p (t) || !k
      || wmm_widened_from (gimple_assign_rhs1 (m)) != n
      || tree_to_shwi (k) != tree_to_shwi (t))
    return false;
  *size = tree_to_shwi (t);
  return true;
}

/* The heap array of a call of an element accessor (`std::vector<T>::
 * operator[] (this, n)`, a function of the unit whose every return
 * gives `this->M + n * sizeof (T)`: accessor_return): the key of member
 * M of the object the call's first argument points to (member_key: a
 * global vector, or main's through the reference a lambda captured),
 * with *idx the call's second argument, when every use of the result
 * stays inside the element (element_web); NULL otherwise. */
tree
element_call (gcall *call, tree *idx)
{
  tree callee = gimple_call_fndecl (call);
  tree lhs = gimple_call_lhs (call);
  cgraph_node *node = callee ? cgraph_node::get (callee) : NULL;
  function *body = node ? wmm_binding_body (node) : NULL;
  if (!body || !body->gimple_df || !body->cfg || !lhs
      || TREE_CODE (lhs) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (lhs))
      || gimple_call_num_args (call) != 2 || !DECL_ARGUMENTS (callee)
      || !DECL_CHAIN (DECL_ARGUMENTS (callee)))
    return NULL_TREE;
  tree self = ssa_default_def (body, DECL_ARGUMENTS (callee));
  tree n = ssa_default_def (body, DECL_CHAIN (DECL_ARGUMENTS (callee)));
  HOST_WIDE_INT pos = -1, size = -1;
  if (!self || !n
      || !wmm_each_return (body, [&] (tree v) {
            HOST_WIDE_INT p, z;
            if (!accessor_return (v, self, n, &p, &z)
                || (pos >= 0 && (p != pos || z != size)))
              return false;
            pos = p;
            size = z;
            return true;
          })
      || pos < 0)
    return NULL_TREE;
  /* the caller's object: `*this` is the whole object the first argument
     points to */
  tree a = gimple_call_arg (call, 0);
  tree one = TREE_CODE (a) == ADDR_EXPR ? a
             : TREE_CODE (a) == SSA_NAME ? wmm_one_address (a) : NULL_TREE;
  tree key = one ? member_key (TREE_OPERAND (one, 0), pos) : NULL_TREE;
  if (!key || !element_web (lhs, size * BITS_PER_UNIT))
    return NULL_TREE;
  *idx = gimple_call_arg (call, 1);
  return key;
}

/* The global array a of an access through an element pointer: ref is
 * `MEM[p + k]...` with p, through copies and conversions, defined by an
 * element_def `&a[v]` or `a + v`: a, with *idx = v; NULL otherwise.  `struct slot
 * *s = &slots[id]; s->hits++` touches slots[id] as `slots[id].hits++`
 * does. */
tree
element_access (tree ref, tree *idx)
{
  tree base = get_base_address (ref);
  if (!base || TREE_CODE (base) != MEM_REF)
    return NULL_TREE;
  tree p = TREE_OPERAND (base, 0);
  /* (more steps than element_web follows names: every dereference of a
     web it accepts is found) */
  for (int steps = 0; steps < 64; steps++)
    {
      if (TREE_CODE (p) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (p))
        return NULL_TREE;
      if (gcall *c = dyn_cast<gcall *> (SSA_NAME_DEF_STMT (p)))
        return element_call (c, idx);
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (p));
      if (!g)
        return NULL_TREE;
      if (gimple_assign_rhs_code (g) == ADDR_EXPR
          || gimple_assign_rhs_code (g) == POINTER_PLUS_EXPR)
        return element_def (g, idx);
      if (!(gimple_assign_cast_p (g) || gimple_assign_ssa_name_copy_p (g)))
        return NULL_TREE;
      p = gimple_assign_rhs1 (g);
    }
  return NULL_TREE;
}

/* The array a site touches as `a[v]` (indexed_array) or through an
 * element pointer (element_access), and v; NULL when neither. */
tree
site_array (const wmm_site &site, tree *idx)
{
  tree base = wmm_site_object (site);
  if (!base)
    return NULL_TREE;
  tree op = site.operand == 0 ? gimple_assign_lhs (site.stmt)
                              : gimple_assign_rhs1 (site.stmt);
  if (VAR_P (base) && is_global_var (base))
    {
      tree a = indexed_array (op, idx);
      return a == base ? a : NULL_TREE;
    }
  return element_access (op, idx);
}

/* Is every address of array a that the unit takes an element pointer
 * (element_def: its uses stay inside the element, and those in running
 * code are sites that site_array names), unused, or given to a call in
 * quiet that keeps no copy? */
bool
only_element_pointers (tree a, hash_set<gimple *> &quiet)
{
  if (wmm_initializers_mention (a))
    return false;
  bool ok = true;
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        if (!ok)
          return;
        hash_set<tree> bases;
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          if (tree op = gimple_op (s, i))
            walk_tree_without_duplicates (&op, wmm_addr_of, &bases);
        if (!bases.contains (a))
          return;
        tree idx;
        bool unused = is_gimple_assign (s)
                      && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME
                      && has_zero_uses (gimple_assign_lhs (s));
        if (!unused && element_def (s, &idx) != a
            && !(quiet.contains (s) && is_gimple_call (s)
                 && !wmm_address_escapes (s, a)))
          ok = false;
      });
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          {
            hash_set<tree> bases;
            tree arg = gimple_phi_arg_def (phi, i);
            wmm_addr_of (&arg, NULL, &bases);
            if (bases.contains (a))
              ok = false;
          }
      });
  });
  return ok;
}

/* The counters of the unit: globals whose address appears in a body or
 * initialiser only as the first argument of atomic additions of a
 * positive constant, and that running code (the IR) writes by nothing
 * else; reads may be anything. */
void
find_counters (wmm_unitinfo *u, hash_set<tree> *counters)
{
  hash_set<tree> bad;
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree c;
        if (counter_add (s, &c))
          counters->add (c);
      });
  });
  if (counters->is_empty ())
    return;   /* (the common case: no address walk) */
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree c;
        bool add = counter_add (s, &c);
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          {
            tree op = gimple_op (s, i);
            if (op && !(add && op == gimple_call_arg (s, 0)))
              walk_tree_without_duplicates (&op, wmm_addr_of, &bad);
          }
      });
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          {
            tree a = gimple_phi_arg_def (phi, i);
            wmm_addr_of (&a, NULL, &bad);
          }
      });
  });
  for (tree c : *counters)
    if (wmm_initializers_mention (c, c))
      bad.add (c);
  /* running code's writes: the additions only */
  for (const wmm_unit &unit : u->units)
    for (unsigned i = 0; i < unit.sites.length (); i++)
      {
        const wmm_site &site = unit.sites[i];
        const wmm_instr *in = &u->prog->threads[unit.thread].code[i];
        tree c;
        if (!wmm_instr_is_access (in) || !wmm_instr_writes (in) || !site.stmt
            || site.summary || counter_add (site.stmt, &c)
            || !gimple_assign_single_p (site.stmt))
          continue;
        if (tree b = get_base_address (gimple_assign_lhs (site.stmt)))
          bad.add (b);
      }
  for (tree c : bad)
    counters->remove (c);
}

/* Where a start routine's thread numbers come from. */
struct id_source {
  gimple *create;       /* the one create of the routine, in main */
  tree counter;         /* its loop's counter (the number of each thread) */
  wmm_unit *unit;       /* main's code unit */
  tree parm;            /* a member's key: the parameter it is read through */
  HOST_WIDE_INT max_id; /* every number lies in 0 .. max_id (-1: unknown) */
};

/* The creates of start routine fn, all in main, when fn's address is
 * taken there only (as the routine of those creates) and nothing calls
 * fn: *sites, main's body *site_fn.  An exported fn counts when no code
 * of another unit runs (a unit with main that calls none:
 * wmm_foreign_code_may_run), so none can call it. */
bool
creates_of (tree fn, auto_vec<gimple *> *sites, function **site_fn)
{
  cgraph_node *cn = cgraph_node::get (fn);
  if (!cn || cn->callers || (TREE_PUBLIC (fn) && wmm_foreign_code_may_run ()))
    return false;
  int mentions = 0;
  bool elsewhere = false;
  wmm_each_body ([&] (cgraph_node *node, function *body) {
      bool in_main = DECL_NAME (node->decl) && MAIN_NAME_P (DECL_NAME (node->decl));
      wmm_each_stmt (body, [&] (gimple *st) {
        for (unsigned i = 0; i < gimple_num_ops (st); i++)
          if (wmm_mentions (gimple_op (st, i), fn)
              && !(is_gimple_call (st) && gimple_op (st, i) == gimple_call_fn (st)))
            mentions++;
        tree f;
        if (is_gimple_call (st) && wmm_is_thread_create (st, &f) && f == fn)
          {
            if (in_main)
              sites->safe_push (st), *site_fn = body;
            else
              elsewhere = true;
          }
      });
      wmm_each_phi (body, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          elsewhere |= wmm_mentions (gimple_phi_arg_def (phi, i), fn);
      });
  });
  return !elsewhere && !sites->is_empty ()
         && mentions == (int) sites->length ()
         && !wmm_initializers_mention (fn);
}

/* The thread argument of create `site` of routine fn: the argument after
 * the routine's address. */
tree
thread_argument (gimple *site, tree fn)
{
  for (unsigned i = 0; i + 1 < gimple_call_num_args (site); i++)
    {
      tree a = gimple_call_arg (site, i);
      if (TREE_CODE (a) == ADDR_EXPR && TREE_OPERAND (a, 0) == fn)
        return gimple_call_arg (site, i + 1);
    }
  return NULL_TREE;
}

/* The one create of start routine fn, in main, when fn's address is
 * taken there only and nothing calls fn: *site, its function *site_fn
 * and its thread argument *arg. */
bool
only_create (tree fn, gimple **site, function **site_fn, tree *arg)
{
  auto_vec<gimple *> sites;
  if (!creates_of (fn, &sites, site_fn) || sites.length () != 1)
    return false;
  *site = sites[0];
  *arg = thread_argument (*site, fn);
  return *arg != NULL_TREE;
}

/* Is v the counter of the loop around site (in site_fn), a loop nested
 * in no other, growing by a positive constant from its latch? */
bool
loop_counter_p (function *site_fn, gimple *site, tree v)
{
  if (!loops_for_fn (site_fn)
      || loops_state_satisfies_p (site_fn, LOOPS_NEED_FIXUP))
    return false;
  class loop *loop = gimple_bb (site)->loop_father;
  gphi *phi = v && TREE_CODE (v) == SSA_NAME
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (v)) : NULL;
  if (!phi || !loop || loop_depth (loop) != 1
      || gimple_bb (phi) != loop->header || !loop->latch)
    return false;
  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
    {
      if (gimple_phi_arg_edge (phi, k)->src != loop->latch)
        continue;
      tree next = gimple_phi_arg_def (phi, k);
      gassign *g = TREE_CODE (next) == SSA_NAME
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (next)) : NULL;
      if (!g || gimple_assign_rhs_code (g) != PLUS_EXPR
          || gimple_assign_rhs1 (g) != v
          || TREE_CODE (gimple_assign_rhs2 (g)) != INTEGER_CST
          || tree_int_cst_sgn (gimple_assign_rhs2 (g)) <= 0)
        return false;
    }
  return true;
}

/* Fill *src for the create site of function site_fn, numbered by
 * counter. */
void
set_source (wmm_unitinfo *u, id_source *src, gimple *site, function *site_fn,
            tree counter)
{
  src->create = site;
  src->counter = counter;
  src->unit = NULL;
  src->max_id = -1;
  for (wmm_unit &unit : u->units)
    if (unit.fn == site_fn)
      src->unit = &unit;
}

/* The largest index of array element reference elt, `A[i]` with i the
 * counter (through widening conversions) and A's domain 0 .. N - 1 with N
 * constant: N - 1 (every create's i lies in 0 .. N - 1, as indexing
 * outside A is undefined); else -1. */
HOST_WIDE_INT
indexed_bound (tree elt, tree counter)
{
  if (!elt || TREE_CODE (elt) != ARRAY_REF
      || wmm_widened_from (TREE_OPERAND (elt, 1)) != counter)
    return -1;
  tree type = TREE_TYPE (TREE_OPERAND (elt, 0));
  tree dom = TREE_CODE (type) == ARRAY_TYPE ? TYPE_DOMAIN (type) : NULL_TREE;
  if (!dom || !TYPE_MIN_VALUE (dom) || !TYPE_MAX_VALUE (dom)
      || !integer_zerop (TYPE_MIN_VALUE (dom))
      || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom)))
    return -1;
  return tree_to_shwi (TYPE_MAX_VALUE (dom));
}

/* The largest number a create at `site` in its loop over `counter` can
 * pass: from its handle argument `&t[i]` (t an array with a constant
 * domain); -1 when unknown. */
HOST_WIDE_INT
handle_bound (gimple *site, tree counter)
{
  wmm_handle h;
  if (!gimple_call_num_args (site)
      || !wmm_handle_of_addr (gimple_call_arg (site, 0), &h) || !h.ref)
    return -1;
  return indexed_bound (h.ref, counter);
}

/* Does every thread of start routine fn get its own constant number?
 * Its creates (sites, in main's body site_fn: creates_of), main running
 * once, are none on a cycle of the CFG, each passing a non-negative
 * integer constant no other passes:
 * `pthread_create (&a, 0, w, (void *) 0); pthread_create (&b, 0, w,
 * (void *) 1)`.  *src: the first create, no counter (main's accesses
 * after a join are not matched to its thread), the largest number. */
bool
constant_ids (wmm_unitinfo *u, tree fn, const vec<gimple *> &sites,
              function *site_fn, id_source *src)
{
  hash_set<int_hash<HOST_WIDE_INT, -1, -2> > seen;
  HOST_WIDE_INT max_id = 0;
  for (gimple *site : sites)
    {
      tree arg = thread_argument (site, fn);
      if (!arg || TREE_CODE (arg) != INTEGER_CST || !tree_fits_shwi_p (arg)
          || tree_int_cst_sgn (arg) < 0
          || wmm_bb_on_cycle (gimple_bb (site), NULL))
        return false;
      HOST_WIDE_INT id = tree_to_shwi (arg);
      if (id > 0x10000000 || seen.add (id))
        return false;
      max_id = MAX (max_id, id);
    }
  set_source (u, src, sites[0], site_fn, NULL_TREE);
  src->max_id = max_id;
  return true;
}

/* Is call st a start of a std::thread (or std::jthread): its
 * constructor, or std::vector<std::thread>'s emplace_back, whose
 * argument k is the callable? */
bool
std_thread_start_call (gimple *st, unsigned k)
{
  tree callee = is_gimple_call (st) ? gimple_call_fndecl (st) : NULL_TREE;
  if (!callee || !DECL_ASSEMBLER_NAME_SET_P (callee)
      || k >= gimple_call_num_args (st))
    return false;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (callee));
  return (k == 1 && (startswith (a, "_ZNSt6threadC") || startswith (a, "_ZNSt7jthreadC")))
         || (k == 1 && (startswith (a, "_ZNSt6vectorISt6threadSaIS0_EE12emplace_back")
                        || startswith (a, "_ZNSt6vectorISt7jthreadSaIS0_EE12emplace_back")));
}

/* Does statement a come before b in b's block? */
bool
same_block_before (gimple *a, gimple *b)
{
  if (gimple_bb (a) != gimple_bb (b))
    return false;
  for (gimple_stmt_iterator gsi = gsi_for_stmt (a); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == b)
      return true;
  return false;
}

/* f (st) for every statement st of fn but `site` (and debug statements)
 * that names local v; false as soon as f says false. */
template<typename F>
bool
each_other_use (function *fn, gimple *site, tree v, F f)
{
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *st) {
    if (!ok || st == site || is_gimple_debug (st))
      return;
    bool mentions = false;
    for (unsigned i = 0; i < gimple_num_ops (st) && !mentions; i++)
      mentions = gimple_op (st, i) && wmm_mentions (gimple_op (st, i), v);
    if (mentions)
      ok = f (st);
  });
  return ok;
}

/* Is local t of site_fn the counter of the loop around `site` (a loop
 * nested in no other, with one latch), kept in memory because the
 * create takes its address: every store to it inside the loop is the
 * one `t = t + C` (C > 0, t loaded in the same block) on every way
 * round the loop (its block dominates the latch), every other use of it
 * a load or that create?
 * Then the create reads a value of t no other run of it reads. */
bool
memory_counter_p (function *site_fn, gimple *site, tree t)
{
  if (!loops_for_fn (site_fn)
      || loops_state_satisfies_p (site_fn, LOOPS_NEED_FIXUP))
    return false;
  class loop *loop = gimple_bb (site)->loop_father;
  if (!loop || loop_depth (loop) != 1 || !loop->latch)
    return false;
  basic_block inc = NULL;
  bool ok = each_other_use (site_fn, site, t, [&] (gimple *st) {
    gassign *g = dyn_cast<gassign *> (st);
    if (!g || !gimple_assign_single_p (g))
      return false;
    if (gimple_assign_rhs1 (g) == t && TREE_CODE (gimple_assign_lhs (g)) == SSA_NAME)
      return true;   /* a load */
    if (gimple_assign_lhs (g) != t)
      return false;
    class loop *lf = gimple_bb (g)->loop_father;
    if (!lf || (lf != loop && !flow_loop_nested_p (loop, lf)))
      return true;   /* set before or after the loop */
    /* t = x + C, x loaded from t */
    tree v = gimple_assign_rhs1 (g);
    gassign *add = TREE_CODE (v) == SSA_NAME
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
    tree x = add && gimple_assign_rhs_code (add) == PLUS_EXPR
             ? gimple_assign_rhs1 (add) : NULL_TREE;
    gassign *load = x && TREE_CODE (x) == SSA_NAME
                    ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (x)) : NULL;
    if (inc || !load || !gimple_assign_single_p (load)
        || gimple_assign_rhs1 (load) != t
        || gimple_bb (load) != gimple_bb (g)
        || TREE_CODE (gimple_assign_rhs2 (add)) != INTEGER_CST
        || tree_int_cst_sgn (gimple_assign_rhs2 (add)) <= 0
        || gimple_bb (g)->loop_father != loop)
      return false;
    inc = gimple_bb (g);
    return true;
  });
  if (!ok || !inc || gimple_bb (site)->loop_father != loop)
    return false;
  return wmm_with_dominators (site_fn, [&] () {
    return (bool) dominated_by_p (CDI_DOMINATORS, loop->latch, inc); });
}

/* The one std::thread start, in main, of a local `cl` of the closure (or
 * functor) type C = *parm's type, parm the `this` of C's operator (),
 * which std::thread's code alone runs (thread_closure_call,
 * routine_param): *site in main's *site_fn, *cl.  The state the start
 * builds copies cl before the call returns. */
bool
closure_site (tree parm, gimple **site, function **site_fn, tree *cl)
{
  tree fn = DECL_CONTEXT (parm);
  tree type = POINTER_TYPE_P (TREE_TYPE (parm))
              ? TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (parm))) : NULL_TREE;
  cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
  if (!type || DECL_ARGUMENTS (fn) != parm || !node
      || !thread_closure_call (node))
    return false;
  *site = NULL;
  *site_fn = NULL;
  *cl = NULL_TREE;
  bool ok = true;
  /* the start, in main, of a local of the type */
  wmm_each_body ([&] (cgraph_node *n, function *body) {
    if (!DECL_NAME (n->decl) || !MAIN_NAME_P (DECL_NAME (n->decl)))
      return;
    wmm_each_stmt (body, [&] (gimple *st) {
      tree a = is_gimple_call (st) && gimple_call_num_args (st) > 1
               ? gimple_call_arg (st, 1) : NULL_TREE;
      tree o = a && TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0)
                                               : NULL_TREE;
      if (o && VAR_P (o) && TYPE_MAIN_VARIANT (TREE_TYPE (o)) == type
          && std_thread_start_call (st, 1))
        {
          ok &= !*site;
          *site = st;
          *site_fn = body;
          *cl = o;
        }
    });
  });
  return ok && *site && !is_global_var (*cl)
         && DECL_CONTEXT (*cl) == (*site_fn)->decl;
}

/* cl's uses in site_fn but the start `site`: its clobber and stores to
 * its members, each of which f (st, member) must accept; no PHI names
 * it. */
template <typename F>
bool
closure_stores (function *site_fn, gimple *site, tree cl, F f)
{
  bool ok = each_other_use (site_fn, site, cl, [&] (gimple *st) {
    if (gimple_clobber_p (st) && gimple_assign_lhs (st) == cl)
      return true;
    tree lhs = gimple_assign_single_p (st) ? gimple_assign_lhs (st) : NULL_TREE;
    if (!lhs || TREE_CODE (lhs) != COMPONENT_REF || TREE_OPERAND (lhs, 0) != cl
        || wmm_mentions (gimple_assign_rhs1 (st), cl))
      return false;
    return (bool) f (st, TREE_OPERAND (lhs, 1));
  });
  wmm_each_phi (site_fn, [&] (gphi *phi) {
    for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
      ok &= !wmm_mentions (gimple_phi_arg_def (phi, i), cl);
  });
  return ok;
}

/* Does every thread that runs the operator () of closure (or functor)
 * type C = *parm's type get a value of member `field` no other gets?
 * Its one object in main, a local `cl` of type C, is the callable of one
 * std::thread start (closure_site), cl named only there, by stores to
 * its members and by its clobber, and `cl.field = v` stored once, in the
 * start's block before it, v the start's loop counter (in a register or
 * in memory: loop_counter_p, memory_counter_p): `for (int t = 0; t < T;
 * t++) ts.emplace_back ([t] { partial[t] += ...; })`. */
bool
closure_member_ids (wmm_unitinfo *u, tree parm, tree field, id_source *src)
{
  gimple *site, *init = NULL;
  function *site_fn;
  tree cl;
  if (TYPE_P (field) || !INTEGRAL_TYPE_P (TREE_TYPE (field))
      || !closure_site (parm, &site, &site_fn, &cl)
      || DECL_CONTEXT (field) != TYPE_MAIN_VARIANT (TREE_TYPE (cl)))
    return false;
  /* one store to field */
  bool ok = closure_stores (site_fn, site, cl, [&] (gimple *st, tree f) {
    if (f != field)
      return true;
    bool first = !init;
    init = st;
    return first;
  });
  if (!ok || !init || !same_block_before (init, site))
    return false;
  /* the loop's counter, in a register or loaded from memory */
  tree v = wmm_widened_from (gimple_assign_rhs1 (init));
  gassign *load = TREE_CODE (v) == SSA_NAME
                  ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  tree t = load && gimple_assign_single_p (load)
           && VAR_P (gimple_assign_rhs1 (load))
           ? gimple_assign_rhs1 (load) : NULL_TREE;
  if (TYPE_PRECISION (TREE_TYPE (field)) < TYPE_PRECISION (TREE_TYPE (v)))
    return false;
  if (!loop_counter_p (site_fn, site, v)
      && !(t && !is_global_var (t) && DECL_CONTEXT (t) == site_fn->decl
           && INTEGRAL_TYPE_P (TREE_TYPE (t)) && !TREE_THIS_VOLATILE (t)
           && gimple_bb (load) == gimple_bb (init)
           && memory_counter_p (site_fn, site, t)))
    return false;
  set_source (u, src, site, site_fn, NULL_TREE);
  return true;
}

/* Note store st, of member f, as init[0] (f is F_LO) or init[1] (F_HI):
 * false when it is the second store of that member or stores no SSA
 * value; other members pass. */
bool
block_store (gimple *init[2], gimple *st, tree f, tree flo, tree fhi)
{
  int which = f == flo ? 0 : f == fhi ? 1 : -1;
  if (which < 0)
    return true;
  if (init[which] || TREE_CODE (gimple_assign_rhs1 (st)) != SSA_NAME)
    return false;
  init[which] = st;
  return true;
}

bool stored_block (wmm_unitinfo *u, gimple *const init[2], gimple *site,
                   function *site_fn, tree flo, tree fhi, tree *x,
                   HOST_WIDE_INT *k, HOST_WIDE_INT *limit);

/* Does every thread that runs the operator () of closure type C =
 * *parm's type get its own block [lo, hi) in members F_LO and F_HI?  The
 * closure's one object in main is the callable of one std::thread start
 * (closure_site), named only by stores to its members and its clobber,
 * one store to each of F_LO and F_HI before the start in the same
 * iteration of its loop, lo and hi a block of the loop's counter
 * (stored_block: `size_t lo = N * t / nt, hi = N * (t + 1) / nt;
 * ts.emplace_back ([&out, lo, hi] { for (i = lo; i < hi; ++i) out[i] =
 * ...; })`). */
bool
closure_blocks (wmm_unitinfo *u, tree parm, tree flo, tree fhi,
                id_source *src)
{
  gimple *site, *init[2] = { NULL, NULL };
  function *site_fn;
  tree cl;
  if (!closure_site (parm, &site, &site_fn, &cl)
      || DECL_CONTEXT (flo) != TYPE_MAIN_VARIANT (TREE_TYPE (cl))
      || DECL_CONTEXT (fhi) != TYPE_MAIN_VARIANT (TREE_TYPE (cl)))
    return false;
  bool ok = closure_stores (site_fn, site, cl, [&] (gimple *st, tree f) {
    return block_store (init, st, f, flo, fhi); });
  tree x;
  HOST_WIDE_INT k, limit;
  if (!ok || !init[0] || !init[1]
      || !stored_block (u, init, site, site_fn, flo, fhi, &x, &k, &limit)
      || !loop_counter_p (site_fn, site, x))
    return false;
  set_source (u, src, site, site_fn, x);
  return limit < 0;
}

/* The constant local t of site_fn holds when `site` reads it: t's only
 * store is `t = K` (K a non-negative integer constant) in site's block
 * before it, its other uses the site and its clobbers
 * (`std::thread a (worker, 0)` passes `&D.1 = 0`); -1 when it is not. */
HOST_WIDE_INT
constant_local (function *site_fn, gimple *site, tree t)
{
  HOST_WIDE_INT value = -1;
  bool ok = each_other_use (site_fn, site, t, [&] (gimple *st) {
    if (gimple_clobber_p (st) && gimple_assign_lhs (st) == t)
      return true;
    tree k = gimple_assign_single_p (st) && gimple_assign_lhs (st) == t
             ? gimple_assign_rhs1 (st) : NULL_TREE;
    if (value >= 0 || !k || TREE_CODE (k) != INTEGER_CST
        || !tree_fits_shwi_p (k) || tree_int_cst_sgn (k) < 0
        || !same_block_before (st, site))
      return false;
    value = tree_to_shwi (k);
    return true;
  });
  return ok ? value : -1;
}

/* Does every thread that std::thread (or std::jthread) starts with
 * routine fn get a value of its first parameter no other gets?  fn is
 * named only in main, as the callable of such starts whose next
 * argument is `&t` (the constructor and emplace_back take their
 * arguments by reference; the thread's copy is made before the call
 * returns), nothing calls fn directly, and either one start's t is a
 * local of main counting the start's loop in memory (memory_counter_p),
 * or each start, on no cycle of the CFG, reads its own constant
 * (constant_local: `std::thread a (worker, 0), b (worker, 1)`).  *src:
 * the first start (no counter: main's accesses after a join are not
 * matched to its thread). */
bool
std_thread_ids (wmm_unitinfo *u, tree fn, id_source *src)
{
  cgraph_node *cn = cgraph_node::get (fn);
  if (!cn || cn->callers || (TREE_PUBLIC (fn) && wmm_foreign_code_may_run ())
      || wmm_initializers_mention (fn) || !DECL_ARGUMENTS (fn)
      || !INTEGRAL_TYPE_P (TREE_TYPE (DECL_ARGUMENTS (fn))))
    return false;
  int mentions = 0;
  auto_vec<std::pair<gimple *, tree> > sites;
  function *site_fn = NULL;
  bool ok = true;
  wmm_each_body ([&] (cgraph_node *node, function *body) {
    bool in_main = DECL_NAME (node->decl) && MAIN_NAME_P (DECL_NAME (node->decl));
    wmm_each_stmt (body, [&] (gimple *st) {
      for (unsigned i = 0; i < gimple_num_ops (st); i++)
        if (gimple_op (st, i) && wmm_mentions (gimple_op (st, i), fn))
          mentions++;
      if (!in_main || !is_gimple_call (st))
        return;
      for (unsigned k = 0; k < gimple_call_num_args (st); k++)
        {
          tree a = gimple_call_arg (st, k);
          if (TREE_CODE (a) == ADDR_EXPR && TREE_OPERAND (a, 0) == fn
              && k + 1 < gimple_call_num_args (st)
              && std_thread_start_call (st, k))
            {
              tree next = gimple_call_arg (st, k + 1);
              tree t = TREE_CODE (next) == ADDR_EXPR ? TREE_OPERAND (next, 0)
                                                     : NULL_TREE;
              ok &= t && VAR_P (t) && !is_global_var (t)
                    && !TREE_THIS_VOLATILE (t)
                    && INTEGRAL_TYPE_P (TREE_TYPE (t))
                    && DECL_CONTEXT (t) == body->decl;
              sites.safe_push (std::make_pair (st, t));
              site_fn = body;
            }
        }
    });
    wmm_each_phi (body, [&] (gphi *phi) {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
        mentions += wmm_mentions (gimple_phi_arg_def (phi, i), fn);
    });
  });
  if (!ok || sites.is_empty () || mentions != (int) sites.length ())
    return false;
  /* (the thread's copy converted to the parameter's type: a narrower
     one could give two threads one number) */
  tree ptype = TREE_TYPE (DECL_ARGUMENTS (fn));
  if (sites.length () == 1
      && TYPE_PRECISION (ptype) >= TYPE_PRECISION (TREE_TYPE (sites[0].second))
      && memory_counter_p (site_fn, sites[0].first, sites[0].second))
    {
      set_source (u, src, sites[0].first, site_fn, NULL_TREE);
      return true;
    }
  /* constant numbers, each its own */
  hash_set<int_hash<HOST_WIDE_INT, -1, -2> > seen;
  HOST_WIDE_INT max_id = 0;
  for (const std::pair<gimple *, tree> &s : sites)
    {
      HOST_WIDE_INT id = constant_local (site_fn, s.first, s.second);
      if (id < 0 || id > 0x10000000
          || !int_fits_type_p (build_int_cst (integer_type_node, id), ptype)
          || seen.add (id)
          || wmm_bb_on_cycle (gimple_bb (s.first), NULL))
        return false;
      max_id = MAX (max_id, id);
    }
  set_source (u, src, sites[0].first, site_fn, NULL_TREE);
  src->max_id = max_id;
  return true;
}

/* Does every thread that runs start routine fn get a value of its first
 * parameter no other thread gets?  fn's address is taken once, as the
 * routine of one create in main, inside a loop nested in no other whose
 * counter (through conversions) is the create's thread argument, growing
 * by a positive constant; nothing calls fn.  *src: that create. */
bool
distinct_ids (wmm_unitinfo *u, tree fn, id_source *src)
{
  auto_vec<gimple *> sites;
  function *site_fn = NULL;
  if (!creates_of (fn, &sites, &site_fn))
    return std_thread_ids (u, fn, src);
  if (sites.length () > 1)
    return constant_ids (u, fn, sites, site_fn, src);
  gimple *site = sites[0];
  tree arg = thread_argument (site, fn);
  if (!arg)
    return false;
  arg = wmm_widened_from (arg);
  if (!loop_counter_p (site_fn, site, arg))
    return false;
  set_source (u, src, site, site_fn, arg);
  src->max_id = handle_bound (site, arg);
  return true;
}

bool helper_reads_only (gimple *st, tree v, int depth);

/* Are the uses of parameter parm of fn (through copies and conversions)
 * only the bases of loads, arguments of helpers that only read through
 * them (helper_reads_only), or the argument of free?  Then the thread
 * reads its argument and neither writes it nor hands it on. */
bool
read_only_argument (tree fn, tree parm, int depth = 0)
{
  function *body = DECL_STRUCT_FUNCTION (fn);
  tree def = body && body->gimple_df ? ssa_default_def (body, parm) : NULL_TREE;
  if (!def)
    return true;   /* never used */
  auto_vec<tree> work;
  work.safe_push (def);
  for (unsigned n = 0; !work.is_empty () && n < 64; n++)
    {
      tree v = work.pop ();
      imm_use_iterator it;
      gimple *st;
      FOR_EACH_IMM_USE_STMT (st, it, v)
        {
          if (is_gimple_debug (st))
            continue;
          if (gimple_assign_load_p (st) && !wmm_mentions (gimple_assign_lhs (st), v))
            {
              tree r = gimple_assign_rhs1 (st);
              if (gimple_num_ops (st) == 2 && TREE_CODE (r) != SSA_NAME)
                continue;   /* v is the base of the load's address */
            }
          if ((gimple_assign_cast_p (st) || gimple_assign_ssa_name_copy_p (st))
              && gimple_assign_rhs1 (st) == v)
            {
              work.safe_push (gimple_assign_lhs (st));
              continue;
            }
          if (helper_reads_only (st, v, depth))
            continue;
          /* free (arg) ends the thread's use of it: a read after would
             be undefined */
          if (gimple_call_builtin_p (st, BUILT_IN_FREE)
              && gimple_call_arg (st, 0) == v)
            continue;
          return false;
        }
    }
  return work.is_empty ();
}

/* Is call st to a helper of the unit whose arguments v is only (as
 * routine_param follows it: only the unit's code calls the helper,
 * directly), the helper reading through its parameter and neither writing
 * through it nor handing it on but to such helpers (read_only_argument,
 * four deep)? */
bool
helper_reads_only (gimple *st, tree v, int depth)
{
  tree callee = is_gimple_call (st) ? gimple_call_fndecl (st) : NULL_TREE;
  if (!callee || depth >= 4 || !DECL_STRUCT_FUNCTION (callee)
      || !only_called_directly (cgraph_node::get (callee))
      || (gimple_call_lhs (st) && wmm_mentions (gimple_call_lhs (st), v)))
    return false;
  unsigned i = 0;
  for (tree a = DECL_ARGUMENTS (callee); a; a = DECL_CHAIN (a), i++)
    if (i < gimple_call_num_args (st) && gimple_call_arg (st, i) == v
        && !read_only_argument (callee, a, depth + 1))
      return false;
  for (unsigned k = i; k < gimple_call_num_args (st); k++)
    if (gimple_call_arg (st, k) == v)
      return false;   /* (a variadic argument) */
  return true;
}

/* Is every use of SSA name v, through copies and conversions with one
 * use each, the call site? */
bool
used_only_by (tree v, gimple *site)
{
  for (int steps = 0; steps < 4; steps++)
    {
      use_operand_p use;
      gimple *st;
      if (TREE_CODE (v) != SSA_NAME || !single_imm_use (v, &use, &st))
        return false;
      if (st == site)
        return true;
      if (!(gimple_assign_cast_p (st) || gimple_assign_ssa_name_copy_p (st)))
        return false;
      v = gimple_assign_lhs (st);
    }
  return false;
}

/* The element of main's local array a start routine's threads are
 * given: the routine of parm has one create, in main, passing &A[i]
 * (the address used by that create only), A a local of main, i the
 * counter of the loop around the create, and the routine only reads
 * through parm. */
struct arg_element {
  gimple *site;         /* the create */
  function *site_fn;    /* main */
  gassign *addr;        /* the statement taking &A[i] */
  tree elt, arr, counter;
};

bool
argument_element (tree parm, arg_element *e)
{
  tree fn = DECL_CONTEXT (parm), arg;
  if (!only_create (fn, &e->site, &e->site_fn, &arg)
      || !read_only_argument (fn, parm))
    return false;
  tree addr = wmm_widened_from (arg);
  e->addr = TREE_CODE (addr) == SSA_NAME
            ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (addr)) : NULL;
  if (!e->addr || gimple_assign_rhs_code (e->addr) != ADDR_EXPR
      || !used_only_by (addr, e->site))
    return false;
  e->elt = TREE_OPERAND (gimple_assign_rhs1 (e->addr), 0);
  if (TREE_CODE (e->elt) != ARRAY_REF || !VAR_P (TREE_OPERAND (e->elt, 0)))
    return false;
  e->arr = TREE_OPERAND (e->elt, 0);
  e->counter = wmm_widened_from (TREE_OPERAND (e->elt, 1));
  return !is_global_var (e->arr) && DECL_CONTEXT (e->arr) == e->site_fn->decl
         && TREE_ADDRESSABLE (e->arr) != 0
         && loop_counter_p (e->site_fn, e->site, e->counter);
}

/* Does statement st (no store to the members checked) leave the values
 * of A's elements alone: it names A not, takes the create's address (ga),
 * ends A's life (a clobber), stores a value that names A not into another
 * member of an element (when members), or reads A? */
bool
keeps_elements (gimple *st, tree arr, gimple *ga, bool members)
{
  if (!wmm_stmt_mentions (st, arr) || st == ga || gimple_clobber_p (st))
    return true;
  tree lhs = is_gimple_assign (st) ? gimple_assign_lhs (st) : NULL_TREE;
  if (members && lhs && gimple_assign_single_p (st)
      && !wmm_mentions (gimple_assign_rhs1 (st), arr)
      && TREE_CODE (lhs) == COMPONENT_REF
      && TREE_CODE (TREE_OPERAND (lhs, 0)) == ARRAY_REF
      && TREE_OPERAND (TREE_OPERAND (lhs, 0), 0) == arr)
    return true;   /* A[j].G = value */
  return lhs && gimple_assign_load_p (st) && !wmm_mentions (lhs, arr);
}

/* Does a PHI of body merge a value that names A? */
bool
phi_names (function *body, tree arr)
{
  bool named = false;
  wmm_each_phi (body, [&] (gphi *phi) {
    for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
      named |= wmm_mentions (gimple_phi_arg_def (phi, i), arr);
  });
  return named;
}

/* *src for the threads of e: numbered by its counter, which the array's
 * bound and the handles' bound both limit. */
void
element_source (wmm_unitinfo *u, const arg_element &e, tree parm,
                id_source *src)
{
  set_source (u, src, e.site, e.site_fn, e.counter);
  src->parm = parm;
  HOST_WIDE_INT a = indexed_bound (e.elt, e.counter);
  HOST_WIDE_INT h = handle_bound (e.site, e.counter);
  src->max_id = a < 0 ? h : h < 0 ? a : MIN (a, h);
}

/* Does every thread that runs start routine fn read a value of member F of
 * its argument (first parameter parm) that no other thread reads?  The
 * one create (as for distinct_ids) passes &A[i], A an array local to main
 * whose address goes nowhere else, i the counter of the loop around the
 * create; in that loop, before the create, one store `A[i].F = i` (no
 * narrowing) and no other store to member F in the unit, no store of a
 * whole element; the thread only reads through its argument.  `field` an
 * integer type: the elements are those integers (`ids[i] = i`, then
 * `*(int *) arg`), and `ids[i] = i` is the only store to A. */
bool
distinct_member_ids (wmm_unitinfo *u, tree parm, tree field, id_source *src)
{
  bool whole = TYPE_P (field);
  arg_element e;
  if (!argument_element (parm, &e)
      || (whole && TYPE_MAIN_VARIANT (TREE_TYPE (e.elt)) != field))
    return false;
  gimple *site = e.site, *ga = e.addr;
  function *site_fn = e.site_fn;
  tree arr = e.arr, counter = e.counter;
  /* every statement that names A: the address for the create, the store
     of the number, stores to other members, loads */
  gimple *init = NULL;
  bool ok = true;
  wmm_each_body ([&] (cgraph_node *, function *body) {
      wmm_each_stmt (body, [&] (gimple *st) {
        tree lhs = is_gimple_assign (st) ? gimple_assign_lhs (st) : NULL_TREE;
        /* no other store to member F anywhere (to an element of A, for
           whole elements) */
        if (lhs && (whole ? TREE_CODE (lhs) == ARRAY_REF
                            && TREE_OPERAND (lhs, 0) == arr
                          : TREE_CODE (lhs) == COMPONENT_REF
                            && TREE_OPERAND (lhs, 1) == field))
          {
            tree base = whole ? lhs : TREE_OPERAND (lhs, 0);
            if (!init && TREE_CODE (base) == ARRAY_REF
                && TREE_OPERAND (base, 0) == arr && body == site_fn
                && wmm_widened_from (TREE_OPERAND (base, 1)) == counter
                && wmm_widened_from (gimple_assign_rhs1 (st)) == counter
                && TYPE_PRECISION (whole ? field : TREE_TYPE (field))
                   >= TYPE_PRECISION (TREE_TYPE (counter)))
              init = st;
            else
              ok = false;
            return;
          }
        ok &= keeps_elements (st, arr, ga, !whole);
      });
      ok &= !phi_names (body, arr);
  });
  if (!ok || !init)
    return false;
  /* the number is stored before the create, in the same iteration */
  basic_block ib = gimple_bb (init), cb = gimple_bb (site);
  bool before = wmm_with_dominators (site_fn, [&] () {
      return wmm_runs_before (init, site)
             && ib->loop_father == cb->loop_father;
  });
  if (!before)
    return false;
  element_source (u, e, parm, src);
  return true;
}

/* The block main stores for each thread: init[0] (`.F_LO = lo`) and
 * init[1] (`.F_HI = hi`) run before create `site` in the same iteration
 * of its loop, lo = x * C (*x: the counter it must be, *k: C) and hi its
 * block's end (block_bounds), or a block of a run-time size (`lo = n * i
 * / nthreads`, hi the same of i + 1: runtime_block; *k its negative
 * form), members F_LO and F_HI at least as wide as the values; *limit
 * as for times_const. */
bool
stored_block (wmm_unitinfo *u, gimple *const init[2], gimple *site,
              function *site_fn, tree flo, tree fhi, tree *x,
              HOST_WIDE_INT *k, HOST_WIDE_INT *limit)
{
  basic_block cb = gimple_bb (site);
  bool before = wmm_with_dominators (site_fn, [&] () {
      for (int j = 0; j < 2; j++)
        if (!wmm_runs_before (init[j], site)
            || gimple_bb (init[j])->loop_father != cb->loop_father)
          return false;
      return true;
  });
  if (!before)
    return false;
  tree lo = gimple_assign_rhs1 (init[0]), hi = gimple_assign_rhs1 (init[1]);
  *limit = -1;
  if (!(times_const (lo, x, k, limit) && block_bounds (lo, hi, *x, *k, limit)))
    {
      *limit = -1;
      if (!runtime_block (u, lo, hi, x, k, site))
        return false;
    }
  for (tree f : { flo, fhi })
    if (!INTEGRAL_TYPE_P (TREE_TYPE (f))
        || TYPE_PRECISION (TREE_TYPE (f)) < TYPE_PRECISION (TREE_TYPE (lo)))
      return false;
  return true;
}

/* Does every thread that runs start routine fn get its own block [lo,
 * hi) in members F_LO and F_HI of its argument (parameter parm)?  As for
 * distinct_member_ids, the one create passes &A[i] (A local to main, its
 * address going nowhere else, i the create loop's counter) and the thread
 * only reads through its argument; in that loop, before the create, one
 * store `A[i].F_LO = lo` and one `A[i].F_HI = hi`, no other store to the
 * two members in the unit, no store of a whole element; lo = i * C and hi
 * = lo + C' (0 < C' <= C) or (i + 1) * C (block_bounds).  Distinct i give
 * disjoint blocks. */
bool
member_blocks (wmm_unitinfo *u, tree parm, tree flo, tree fhi,
               id_source *src)
{
  arg_element e;
  if (!argument_element (parm, &e))
    return false;
  gimple *site = e.site, *ga = e.addr;
  function *site_fn = e.site_fn;
  tree arr = e.arr, counter = e.counter;
  gimple *init[2] = { NULL, NULL };
  bool ok = true;
  wmm_each_body ([&] (cgraph_node *, function *body) {
      wmm_each_stmt (body, [&] (gimple *st) {
        tree lhs = is_gimple_assign (st) ? gimple_assign_lhs (st) : NULL_TREE;
        int which = lhs && TREE_CODE (lhs) == COMPONENT_REF
                    ? (TREE_OPERAND (lhs, 1) == flo ? 0
                       : TREE_OPERAND (lhs, 1) == fhi ? 1 : -1) : -1;
        if (which >= 0)
          {
            tree base = TREE_OPERAND (lhs, 0);
            if (!init[which] && TREE_CODE (base) == ARRAY_REF
                && TREE_OPERAND (base, 0) == arr && body == site_fn
                && wmm_widened_from (TREE_OPERAND (base, 1)) == counter
                && TREE_CODE (gimple_assign_rhs1 (st)) == SSA_NAME)
              init[which] = st;
            else
              ok = false;
            return;
          }
        ok &= keeps_elements (st, arr, ga, true);
      });
      ok &= !phi_names (body, arr);
  });
  /* both stored before the create, in the same iteration: lo = i * C,
     hi its block's end */
  tree x;
  HOST_WIDE_INT k, limit;
  if (!ok || !init[0] || !init[1]
      || !stored_block (u, init, site, site_fn, flo, fhi, &x, &k, &limit)
      || x != counter)
    return false;
  element_source (u, e, parm, src);
  return limit < 0 || (src->max_id >= 0 && src->max_id + 1 <= limit / k);
}

/* The stores of create `site`'s thread argument arg when it is a fresh
 * object of each iteration: arg (through conversions) is the result of a
 * malloc-like call in the loop around the create, used only by the
 * create, null tests and plain stores `r->F = v` into its members (with
 * `whole`: stores `*r = v` of the whole object instead) (to *stores);
 * false otherwise. */
bool
fresh_argument (tree arg, gimple *site, vec<gassign *> *stores,
                bool whole = false)
{
  tree r = wmm_widened_from (arg);
  gimple *alloc = TREE_CODE (r) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (r)
                  ? SSA_NAME_DEF_STMT (r) : NULL;
  if (!alloc || !is_gimple_call (alloc)
      || !(gimple_call_flags (alloc) & ECF_MALLOC)
      || gimple_bb (alloc)->loop_father != gimple_bb (site)->loop_father)
    return false;
  auto_vec<tree, 4> names;
  names.safe_push (r);
  for (unsigned n = 0; n < names.length () && n < 8; n++)
    {
      imm_use_iterator it;
      gimple *st;
      FOR_EACH_IMM_USE_STMT (st, it, names[n])
        {
          if (is_gimple_debug (st) || st == site
              || gimple_code (st) == GIMPLE_COND)
            continue;
          if ((gimple_assign_cast_p (st) || gimple_assign_ssa_name_copy_p (st))
              && gimple_assign_rhs1 (st) == names[n])
            {
              names.safe_push (gimple_assign_lhs (st));
              continue;
            }
          tree lhs = gimple_assign_single_p (st) ? gimple_assign_lhs (st)
                                                 : NULL_TREE;
          tree mem = !lhs ? NULL_TREE
                     : whole ? lhs
                     : TREE_CODE (lhs) == COMPONENT_REF
                     ? TREE_OPERAND (lhs, 0) : NULL_TREE;
          if (!mem || TREE_CODE (mem) != MEM_REF
              || TREE_OPERAND (mem, 0) != names[n]
              || !integer_zerop (TREE_OPERAND (mem, 1))
              || wmm_mentions (gimple_assign_rhs1 (st), names[n]))
            return false;
          stores->safe_push (as_a<gassign *> (st));
        }
    }
  return true;
}

/* The one create of parm's start routine (*site in *site_fn) when its
 * thread argument is a fresh object of each iteration (fresh_argument,
 * its stores into *stores) that the thread only reads or frees. */
bool
fresh_thread_argument (tree parm, gimple **site, function **site_fn,
                       vec<gassign *> *stores, bool whole)
{
  tree fn = DECL_CONTEXT (parm), arg;
  return only_create (fn, site, site_fn, &arg)
         && read_only_argument (fn, parm)
         && fresh_argument (arg, *site, stores, whole);
}

/* *src for threads numbered by counter x of the loop around create site,
 * bounded by the handles' array. */
void
counter_source (wmm_unitinfo *u, id_source *src, gimple *site,
                function *site_fn, tree x, tree parm)
{
  set_source (u, src, site, site_fn, x);
  src->parm = parm;
  src->max_id = handle_bound (site, x);
}

/* member_blocks for a thread argument that is a fresh object of each
 * iteration of the create's loop (fresh_argument: `r = malloc (...);
 * r->start = t * C; r->end = (t + 1) * C; pthread_create (..., r)`):
 * one store to each of F_LO and F_HI, before the create in the same
 * iteration, lo = t * C and hi its block's end, t the loop's counter;
 * the thread only reads through its argument (or frees it).  Each
 * thread reads its own object, which no other code reaches. */
bool
fresh_blocks (wmm_unitinfo *u, tree parm, tree flo, tree fhi, id_source *src)
{
  gimple *site;
  function *site_fn;
  auto_vec<gassign *> stores;
  if (!fresh_thread_argument (parm, &site, &site_fn, &stores, false))
    return false;
  gimple *init[2] = { NULL, NULL };
  for (gassign *st : stores)
    if (!block_store (init, st, TREE_OPERAND (gimple_assign_lhs (st), 1),
                      flo, fhi))
      return false;
  tree x;
  HOST_WIDE_INT k, limit;
  if (!init[0] || !init[1]
      || !stored_block (u, init, site, site_fn, flo, fhi, &x, &k, &limit)
      || !loop_counter_p (site_fn, site, x))
    return false;
  counter_source (u, src, site, site_fn, x, parm);
  return limit < 0 || (src->max_id >= 0 && src->max_id + 1 <= limit / k);
}

/* distinct_member_ids for a thread argument that is a fresh object of
 * each iteration of the create's loop (fresh_argument): one store of the
 * loop's counter i into member `field` (`r->id = i`), or, `field` an
 * integer type, into the whole object (`row = malloc (sizeof (int));
 * *row = i`, read as `*(int *) arg`), before the create in the same
 * iteration, and no other store; the thread only reads through its
 * argument (or frees it).  Each thread reads its own object, which no
 * other code reaches. */
bool
fresh_member_ids (wmm_unitinfo *u, tree parm, tree field, id_source *src)
{
  bool whole = TYPE_P (field);
  gimple *site;
  function *site_fn;
  auto_vec<gassign *> stores;
  if (!fresh_thread_argument (parm, &site, &site_fn, &stores, whole))
    return false;
  gassign *init = NULL;
  for (gassign *st : stores)
    if (whole || TREE_OPERAND (gimple_assign_lhs (st), 1) == field)
      {
        if (init)
          return false;
        init = st;
      }
  if (!init)
    return false;
  tree lhs = gimple_assign_lhs (init);
  tree type = whole ? TREE_TYPE (lhs) : TREE_TYPE (field);
  tree x = wmm_widened_from (gimple_assign_rhs1 (init));
  if (!INTEGRAL_TYPE_P (type)
      || (whole && TYPE_MAIN_VARIANT (type) != TYPE_MAIN_VARIANT (field))
      || TREE_CODE (x) != SSA_NAME || !loop_counter_p (site_fn, site, x)
      || TYPE_PRECISION (type) < TYPE_PRECISION (TREE_TYPE (x)))
    return false;
  /* the number is stored before the create, in the same iteration */
  bool before = wmm_with_dominators (site_fn, [&] () {
      return wmm_runs_before (init, site)
             && gimple_bb (init)->loop_father == gimple_bb (site)->loop_father;
  });
  if (!before)
    return false;
  counter_source (u, src, site, site_fn, x, parm);
  return true;
}

/* Is claim `key` (claiming_counter) one: a counter of the unit, the
 * first parameter of a start routine whose threads get distinct values,
 * or a member of it (read through parm) whose threads read distinct
 * values (cached in *ids; a member used so by two routines is none)? */
bool
valid_claim (wmm_unitinfo *u, tree key, tree parm, hash_set<tree> &counters,
             hash_map<tree, id_source> *ids)
{
  if (VAR_P (key))
    return counters.contains (key);
  bool existed;
  if (TREE_CODE (key) == TREE_LIST)
    {
      id_source &src = ids->get_or_insert (key, &existed);
      if (!existed)
        {
          if (!member_blocks (u, parm, TREE_PURPOSE (key), TREE_VALUE (key),
                              &src)
              && !fresh_blocks (u, parm, TREE_PURPOSE (key), TREE_VALUE (key),
                                &src)
              && !closure_blocks (u, parm, TREE_PURPOSE (key),
                                  TREE_VALUE (key), &src))
            src.create = NULL;
          src.parm = parm;
        }
      return src.create != NULL && src.parm == parm;
    }
  if (TREE_CODE (key) == FIELD_DECL || TYPE_P (key))
    {
      id_source &src = ids->get_or_insert (key, &existed);
      if (!existed)
        {
          if (!distinct_member_ids (u, parm, key, &src)
              && !fresh_member_ids (u, parm, key, &src)
              && !closure_member_ids (u, parm, key, &src))
            src.create = NULL;
          src.parm = parm;
        }
      return src.create != NULL && src.parm == parm;
    }
  tree fn = DECL_CONTEXT (key);
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL || DECL_ARGUMENTS (fn) != key)
    return false;
  id_source &src = ids->get_or_insert (key, &existed);
  if (!existed && !distinct_ids (u, fn, &src))
    src.create = NULL;
  return src.create != NULL;
}

/* May code another unit runs touch global v while the unit's threads run?
 * Not when v is static, or when the unit has main and calls nothing it
 * cannot see but libraries that start no thread. */
bool
foreign_reach (tree v, bool closed_unit)
{
  return DECL_EXTERNAL (v) || (TREE_PUBLIC (v) && !closed_unit)
         || DECL_THREAD_LOCAL_P (v) || TREE_THIS_VOLATILE (v)
         || DECL_PRESERVE_P (v) || DECL_SECTION_NAME (v);
}

/* Per array, the one claim of its accesses of one kind (all, or writes):
 * the claim's key (NULL: several, or an access that claims nothing) and
 * its slices' size; main's accesses a[j] that may come after the join of
 * thread j, to be checked once the claims are known. */
struct claim_map {
  hash_map<tree, tree> by_array;
  hash_map<tree, HOST_WIDE_INT> chunks;
  auto_vec<std::pair<tree, std::pair<gimple *, tree> > > joined;

  void
  record (tree base, tree c, HOST_WIDE_INT chunk, bool main_joined,
          gimple *stmt, tree idx)
  {
    if (main_joined)
      {
        joined.safe_push (std::make_pair (base, std::make_pair (stmt, idx)));
        return;
      }
    bool existed;
    tree &slot = by_array.get_or_insert (base, &existed);
    HOST_WIDE_INT &size = chunks.get_or_insert (base);
    slot = existed && (slot != c || size != chunk) ? NULL_TREE : c;
    size = chunk;
  }

  /* main's other accesses: only to an element whose thread it has joined,
     or whose thread the create loop starts after it in the same iteration
     (`lo[k] = ...; pthread_create (&t[k], 0, w, (void *) k)`; the array
     claimed by thread ids) */
  void
  check_joined (wmm_unitinfo *u, hash_map<tree, id_source> &ids)
  {
    for (auto &j : joined)
      {
        tree *key = by_array.get (j.first);
        id_source *src = key && *key && !VAR_P (*key) ? ids.get (*key) : NULL;
        HOST_WIDE_INT *size = chunks.get (j.first);
        if (key && !(src && src->create && src->counter && src->unit
                     && size && *size == 1
                     && (wmm_after_own_join (u, src->unit, src->create,
                                             src->counter, j.second.first,
                                             j.second.second)
                         || wmm_before_own_create (src->unit, src->create,
                                                   src->counter,
                                                   j.second.first,
                                                   j.second.second))))
          *key = NULL_TREE;
      }
  }
};

/* May running access `site` touch heap object o (the points-to object of
 * an allocation call)?  A declared object's access cannot; an unknown
 * call's stand-in touches only what escaped (o has not); any other
 * access through a pointer whose targets are not known may. */
bool
may_touch_heap (const wmm_site &site, int o)
{
  if (site.summary)
    return false;
  tree base = wmm_site_object (site);
  if (base && DECL_P (base))
    return false;
  if (site.tbaa.targets <= 0)
    return true;
  auto_vec<int> objs;
  objs.safe_push (o);
  return wmm_threadlocal_set_meets (site.tbaa.targets - 1, objs) != 0;
}

/* Is f the placement operator delete (`operator delete (void *, void
 * *)`, the cleanup of a placement new that throws: it frees nothing)? */
bool
placement_delete (tree f)
{
  const char *n = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (f));
  return !strcmp (n, "_ZdlPvS_") || !strcmp (n, "_ZdaPvS_");
}

/* Is every call that may free or reallocate heap object o (free,
 * realloc, operator delete, its argument's targets meeting o or not
 * known) one that runs while no thread runs (`quiet`: before main's first
 * create, after its last join)?  Then no thread touches o's storage after
 * it is freed, nor that storage as another object's while o's run. */
bool
freed_quietly (int o, hash_set<gimple *> &quiet)
{
  bool ok = true;
  auto_vec<int> objs;
  objs.safe_push (o);
  wmm_each_body ([&] (cgraph_node *, function *fn) {
    wmm_each_stmt (fn, [&] (gimple *st) {
      tree f = ok && is_gimple_call (st) ? gimple_call_fndecl (st)
                                         : NULL_TREE;
      if (!f || !gimple_call_num_args (st)
          || !(fndecl_built_in_p (f, BUILT_IN_FREE)
               || fndecl_built_in_p (f, BUILT_IN_REALLOC)
               || DECL_IS_OPERATOR_DELETE_P (f))
          || placement_delete (f))
        return;
      tree a = gimple_call_arg (st, 0);
      int set = TREE_CODE (a) == SSA_NAME ? wmm_threadlocal_targets (a) : -1;
      if ((set < 0 || wmm_threadlocal_set_meets (set, objs) != 0)
          && !quiet.contains (st))
        ok = false;
    });
  });
  return ok;
}

/* Can the heap array of global pointer g be claimed: g never written
 * while threads run, its address taken nowhere (and g no other unit's,
 * nor exported unless no other unit's code runs), every value it holds
 * the memory of one allocation call that never escapes to code outside
 * the analysis and is freed only while no thread runs (freed_quietly),
 * and every running access that may touch that memory one through g
 * (site_array names g: each such access is claimed)?  For a pointer
 * member of a declared object (member_pointer's key: a std::vector's
 * start), instead of g's own tests: no code outside the analysis reaches
 * the member's word and no access of the IR may write it
 * (wmm_stable_word), so every thread reads one array's address there. */
bool
heap_claim_ok (wmm_unitinfo *u, tree g, bool closed_unit,
               hash_set<gimple *> &quiet)
{
  tree obj;
  HOST_WIDE_INT at;
  if (member_key_parts (g, &obj, &at))
    {
      if (!wmm_stable_word (u, obj, at))
        return false;
    }
  else if (TREE_ADDRESSABLE (g) || TREE_THIS_VOLATILE (g) || DECL_EXTERNAL (g)
           || (TREE_PUBLIC (g) && !closed_unit))
    return false;
  int o = -1;
  for (const wmm_unit &unit : u->units)
    for (const wmm_site &site : unit.sites)
      {
        tree idx, q;
        if (wmm_site_object (site) == g && site.operand == 0)
          return false;   /* written while threads run */
        if (o < 0 && site_array (site, &idx) == g
            && (q = TREE_OPERAND (get_base_address (site.operand == 0
                                   ? gimple_assign_lhs (site.stmt)
                                   : gimple_assign_rhs1 (site.stmt)), 0))
            && TREE_CODE (q) == SSA_NAME)
          {
            int set = wmm_threadlocal_targets (q);
            o = set >= 0 ? wmm_threadlocal_heap_site (set) : -1;
            gimple *call = o >= 0 ? wmm_threadlocal_site_call (o) : NULL;
            if (!call || wmm_threadlocal_object_escaped (o)
                || !(wmm_threadlocal_never_freed (call)
                     || freed_quietly (o, quiet)))
              return false;
          }
      }
  if (o < 0)
    return false;
  const wmm_program *p = u->prog;
  for (const wmm_unit &unit : u->units)
    for (unsigned i = 0; i < unit.sites.length (); i++)
      {
        const wmm_site &site = unit.sites[i];
        tree idx;
        if (!wmm_instr_is_access (&p->threads[unit.thread].code[i])
            || (site.stmt && site.operand >= 0
                && site_array (site, &idx) == g))
          continue;
        if (may_touch_heap (site, o))
          return false;
      }
  return true;
}

/* Arrays whose every write by running code claims its element (though
 * their reads may not: a stencil reads its neighbours' elements) and that
 * no pointer reaches: each element has one writer, so no two threads'
 * writes of them ever meet (their locations are one-writer: the event
 * graph has no coherence edge between two threads' writes of them). */
void
one_writer_arrays (wmm_unitinfo *u, claim_map &writes,
                   hash_set<tree> &claimed, hash_set<tree> &taken,
                   bool closed_unit)
{
  hash_set<tree> arrays;
  for (auto e : writes.by_array)
    if (e.second && !claimed.contains (e.first) && !taken.contains (e.first)
        && !foreign_reach (e.first, closed_unit))
      arrays.add (e.first);
  if (arrays.is_empty ())
    return;
  int n = wmm_mark_one_writer (u, arrays);
  if (n)
    wmm_note (u, "%d locations of %d arrays whose every element one thread "
              "writes (a[i], i from an atomic counter or the thread's own "
              "number): two threads' writes never meet there", n,
              (int) arrays.elements ());
}

} // namespace

bool
wmm_read_only_argument (tree fn, tree parm)
{
  return read_only_argument (fn, parm);
}

bool
wmm_foreign_reach (tree v, bool closed_unit)
{
  return foreign_reach (v, closed_unit);
}

bool
wmm_edge_if_equal (edge e, tree *a, tree *b)
{
  for (int step = 0; step < 2; step++)
    {
      gcond *c = safe_dyn_cast<gcond *> (last_stmt (e->src));
      if (c && EDGE_COUNT (e->src->succs) == 2)
        {
          bool eq = gimple_cond_code (c) == EQ_EXPR;
          if ((!eq && gimple_cond_code (c) != NE_EXPR)
              || ((e->flags & EDGE_TRUE_VALUE) != 0) != eq)
            return false;
          *a = gimple_cond_lhs (c);
          *b = gimple_cond_rhs (c);
          return true;
        }
      if (!single_pred_p (e->src))
        return false;
      e = single_pred_edge (e->src);
    }
  return false;
}

bool
wmm_counted_loop (tree i, tree *lo, tree *hi, gimple **step, edge *body)
{
  gphi *phi = TREE_CODE (i) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (i)
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (i)) : NULL;
  if (!phi || gimple_phi_num_args (phi) != 2
      || !INTEGRAL_TYPE_P (TREE_TYPE (i))
      || (!TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (i))
          && !TYPE_UNSIGNED (TREE_TYPE (i))))
    return false;
  gimple *inc = NULL;
  *lo = NULL_TREE;
  for (unsigned k = 0; k < 2; k++)
    {
      tree a = gimple_phi_arg_def (phi, k);
      gassign *g = TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
                   ? safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (a)) : NULL;
      if (!inc && g && gimple_assign_rhs_code (g) == PLUS_EXPR
          && gimple_assign_rhs1 (g) == i
          && integer_onep (gimple_assign_rhs2 (g)))
        inc = g;
      else
        *lo = a;
    }
  basic_block h = gimple_bb (phi);
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (h));
  /* (the test may widen i first: `(long) i < hi` keeps i's value; an
     unsigned i is tested itself, so i + 1 <= hi never wraps) */
  if (!inc || !*lo || !c || gimple_cond_code (c) != LT_EXPR
      || wmm_widened_from (gimple_cond_lhs (c)) != i
      || (!TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (i)) && gimple_cond_lhs (c) != i)
      || EDGE_COUNT (h->succs) != 2)
    return false;
  edge t, f;
  extract_true_false_edges_from_block (h, &t, &f);
  if (!single_pred_p (t->dest))
    return false;
  *hi = gimple_cond_rhs (c);
  if (step)
    *step = inc;
  *body = t;
  return true;
}

int
wmm_mark_one_writer (wmm_unitinfo *u, hash_set<tree> &arrays)
{
  wmm_program *p = u->prog;
  int n = 0;
  for (int l = 0; l < p->nlocs; l++)
    {
      tree d = wmm_location_decl (l);
      if (d && arrays.contains (d) && !p->locs[l].is_private)
        {
          p->locs[l].one_writer = 1;
          n++;
        }
    }
  return n;
}

int
wmm_publish_claims (wmm_unitinfo *u)
{
  member_keys.truncate (0);
  hash_set<tree> counters;
  find_counters (u, &counters);
  /* (asked once, and only when something may be claimed) */
  int closed = -1;
  auto closed_unit = [&] () {
    if (closed < 0)
      closed = !wmm_foreign_code_may_run ();
    return closed != 0;
  };
  auto_vec<tree> reached;
  for (tree c : counters)
    if (foreign_reach (c, closed_unit ()))
      reached.safe_push (c);
  for (tree c : reached)
    counters.remove (c);
  /* Per array, the one claim of its running accesses (NULL: several or
     another access); and of its running writes only (writes). */
  claim_map all, writes;
  hash_map<tree, id_source> ids;
  hash_map<tree, tree> block_keys;   /* member blocks: F_LO -> (F_LO . F_HI) */
  for (const wmm_unit &unit : u->units)
    for (const wmm_site &site : unit.sites)
      {
        tree base = wmm_site_object (site);
        if (!base)
          continue;
        tree idx = NULL_TREE;
        tree a = site_array (site, &idx);
        bool through_pointer = a && !VAR_P (base);
        if (through_pointer)
          base = a;
        /* (a global pointer's own word is no array: the heap array it
           points to is keyed by it, heap_claim_ok) */
        else if (!VAR_P (base) || !is_global_var (base)
                 || POINTER_TYPE_P (TREE_TYPE (base)))
          continue;
        tree parm = NULL_TREE;
        HOST_WIDE_INT room = -1, chunk = 1;
        tree c = a == base && idx && TREE_CODE (idx) == SSA_NAME
                 ? claiming_counter (idx, &parm, &room) : NULL_TREE;
        /* a slice of the thread's number: a[i], i in [id * C, id * C + C)
           (a number from a counter is no slice: counters skip values) */
        tree sid, block = NULL_TREE, row = NULL_TREE;
        HOST_WIDE_INT limit = -1, last = -1, row_size = 0;
        function *site_fn = site.fn ? site.fn : unit.fn;
        /* (a matrix's element a[x * S + j]: a slice of rows x, S times
           the chunk; a block of members counts its rows by S) */
        if (!c && a == base && idx && TREE_CODE (idx) == SSA_NAME
            && (!row_index (idx, site.stmt, site_fn, &row, &row_size)
                || TREE_CODE (row) != SSA_NAME))
          row = NULL_TREE;
        tree slice = row ? row : idx;
        if (!c && a == base && slice && TREE_CODE (slice) == SSA_NAME
            && slice_index (slice, site.stmt, site_fn,
                            &sid, &chunk, &limit, &last, &block, u))
          {
            if (row)
              chunk = block ? row_size : chunk * row_size;
            if (block)
              {
                /* a block of the argument's members: one key per pair */
                bool existed;
                tree &k = block_keys.get_or_insert (TREE_PURPOSE (block),
                                                    &existed);
                if (!existed || TREE_VALUE (k) != TREE_VALUE (block))
                  k = block;
                c = k;
                parm = sid;
              }
            else
              {
                c = claiming_counter (sid, &parm, &room);
                if (c && VAR_P (c))
                  c = NULL_TREE;
              }
          }
        /* a stride of the thread's number: a[i], i = id, id + S, ... */
        HOST_WIDE_INT stride = 0;
        if (!c && a == base && idx && TREE_CODE (idx) == SSA_NAME
            && stride_index (idx, &sid, &stride))
          {
            c = claiming_counter (sid, &parm, &room);
            if (c && VAR_P (c))
              c = NULL_TREE;
            chunk = -stride;   /* (a key of its own: never a slice's) */
          }
        if (!c || !valid_claim (u, c, parm, counters, &ids))
          c = NULL_TREE;

        /* a stride: only when every thread's number lies below it */
        if (c && stride > 0)
          {
            id_source *src = ids.get (c);
            if (!src || src->max_id < 0 || src->max_id >= stride)
              c = NULL_TREE;
          }
        /* an unsigned product: only when no thread's slice wraps; a last
           thread's block to any end: only when its number is the largest */
        if (c && (limit >= 0 || last >= 0))
          {
            id_source *src = ids.get (c);
            if (!src || src->max_id < 0
                || (limit >= 0 && src->max_id + 1 > limit / chunk)
                || (last >= 0 && src->max_id != last))
              c = NULL_TREE;
          }
        /* a narrowed number: only when every thread's number fits */
        if (c && room >= 0)
          {
            id_source *src = VAR_P (c) ? NULL : ids.get (c);
            if (!src || src->max_id < 0 || src->max_id > room)
              c = NULL_TREE;
          }
        bool main_joined = !c && a == base && idx && TREE_CODE (idx) == SSA_NAME
                           && DECL_NAME (unit.decl)
                           && MAIN_NAME_P (DECL_NAME (unit.decl));
        all.record (base, c, chunk, main_joined, site.stmt, idx);
        /* (one writer is a property of the array's locations, which a
           pointer's write does not name) */
        if (site.operand == 0)
          writes.record (base, through_pointer ? NULL_TREE : c, chunk,
                         main_joined && !through_pointer, site.stmt, idx);
      }
  all.check_joined (u, ids);
  writes.check_joined (u, ids);
  hash_map<tree, tree> &by_array = all.by_array;
  hash_set<tree> taken, claimed;
  bool any = false;
  for (auto e : by_array)
    any |= e.second != NULL_TREE;
  for (auto e : writes.by_array)
    any |= e.second != NULL_TREE;
  if (!any)
    return 0;
  /* memset (a, 0, sizeof a) before the threads takes a's address, but
     keeps no pointer that running code could use */
  hash_set<gimple *> quiet;
  wmm_quiet_stmts (u, &quiet);
  wmm_addresses_taken (&taken, &quiet);
  for (auto e : by_array)
    {
      /* (a pointer member's key: only heap_claim_ok's tests apply) */
      bool member = TREE_CODE (e.first) == TREE_LIST;
      if (e.second
          && (member || ((!taken.contains (e.first)
                          || only_element_pointers (e.first, quiet))
                         && !foreign_reach (e.first, closed_unit ())))
          && (!(member || POINTER_TYPE_P (TREE_TYPE (e.first)))
              || heap_claim_ok (u, e.first, closed_unit (), quiet)))
        claimed.add (e.first);
    }
  one_writer_arrays (u, writes, claimed, taken, closed_unit ());
  if (claimed.is_empty ())
    return 0;
  int fresh = -1;
  int made = wmm_move_to_private (u, &fresh, "(claimed through a counter)",
                                  [&] (const wmm_unit &unit, int i) {
                                    tree idx;
                                    tree o = wmm_site_object (unit.sites[i]);
                                    if (o && !VAR_P (o))
                                      o = site_array (unit.sites[i], &idx);
                                    /* (a heap array's pointer: its own
                                       word is not claimed) */
                                    else if (o && POINTER_TYPE_P
                                                    (TREE_TYPE (o)))
                                      return false;
                                    return o && claimed.contains (o);
                                  },
                                  [] (int, int, int) {});
  if (made)
    wmm_note (u, "%d accesses to %d arrays whose elements each thread "
              "claims for itself (a[i], i from an atomic counter or the "
              "thread's own number) race with nothing: private", made,
              (int) claimed.elements ());
  return made;
}

tree
wmm_addr_of (tree *t, int *, void *data)
{
  if (TREE_CODE (*t) == ADDR_EXPR)
    if (tree b = get_base_address (TREE_OPERAND (*t, 0)))
      ((hash_set<tree> *) data)->add (b);
  return NULL_TREE;
}
