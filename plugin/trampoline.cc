/* trampoline.cc — a thread start routine that calls the function its
 * argument carries (a "trampoline"): which field the indirect call reads,
 * and which values the unit's creates put there.
 *
 * Example:
 *   struct task { void (*fn) (void *); void *arg; };
 *   static void *run (void *p) { struct task *t = p; t->fn (t->arg);
 *                                free (t); return 0; }
 *   static pthread_t start (void (*fn) (void *), void *arg) {
 *     struct task *t = malloc (sizeof *t); t->fn = fn; t->arg = arg;
 *     pthread_t th; pthread_create (&th, 0, run, t); return th; }
 *   ... start (producer, 0); start (consumer, 0); ...
 *   -> run's call `t->fn (...)` reads field `fn` of its argument
 *      (wmm_trampoline_field); the create in start gives a fresh object
 *      whose `fn` holds start's parameter 0 (wmm_trampoline_values);
 *      entries.cc resolves that parameter at start's calls: producer or
 *      consumer, which then run inside run's thread.
 *
 * A trampoline is pure (wmm_trampoline_pure) when it does nothing else
 * with shared memory: each function it calls is then a thread of its
 * own, started where the trampoline is, as if the helper created it.
 *
 * Both matchers are strict, so that the values found are every value the
 * field can hold when the call reads it: the routine's argument is used
 * only to read through it (no store to the field, no call but free), and
 * the object the create gives is a fresh allocation used only by stores
 * into its fields, reads, tests, free and that create.  Anything else
 * leaves the call unresolved (every address-taken function may run).
 */
#include "plugin.h"

namespace {

/* The SSA copies of `root` (plain copies and conversions), into *web;
 * false when a PHI merges it with other values. */
bool
copies_of (tree root, auto_vec<tree> *web)
{
  web->safe_push (root);
  for (unsigned i = 0; i < web->length () && i < 64; i++)
    {
      gimple *use;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (use, it, (*web)[i])
        {
          if (gimple_code (use) == GIMPLE_PHI)
            return false;
          if (is_gimple_assign (use)
              && (gimple_assign_single_p (use) || gimple_assign_cast_p (use))
              && TREE_CODE (gimple_assign_lhs (use)) == SSA_NAME
              && gimple_assign_rhs1 (use) == (*web)[i]
              && !web->contains (gimple_assign_lhs (use)))
            web->safe_push (gimple_assign_lhs (use));
        }
    }
  return web->length () < 64;
}

/* Is `ref` an access through `n` (a MEM_REF of n at offset 0 at its
 * base)?  *field: the field selected right on it (NULL when none). */
bool
through (tree ref, tree n, tree *field)
{
  *field = NULL_TREE;
  tree t = ref;
  while (handled_component_p (t))
    {
      tree inner = TREE_OPERAND (t, 0);
      if (TREE_CODE (t) == COMPONENT_REF && TREE_CODE (inner) == MEM_REF)
        *field = TREE_OPERAND (t, 1);
      t = inner;
    }
  return TREE_CODE (t) == MEM_REF && TREE_OPERAND (t, 0) == n
         && integer_zerop (TREE_OPERAND (t, 1));
}

/* Does tree t mention field f anywhere? */
bool
names_field (tree t, tree f)
{
  for (; t && handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == COMPONENT_REF && TREE_OPERAND (t, 1) == f)
      return true;
  return false;
}

/* Indirect calls resolved to known functions (entries.cc: hooks such as
 * `my_free_f = free`), while entries.cc asks; NULL otherwise. */
hash_map<gimple *, vec<tree> > *resolved;

/* Does call stmt only ever call functions for which pred holds: its
 * callee, or every function a resolved indirect call may call? */
template <typename P>
bool
calls_only (gimple *stmt, P pred)
{
  if (tree fn = gimple_call_fndecl (stmt))
    return pred (fn);
  vec<tree> *targets = resolved ? resolved->get (stmt) : NULL;
  if (!targets || targets->is_empty ())
    return false;
  for (tree fn : *targets)
    if (!pred (fn))
      return false;
  return true;
}

bool
is_free (gimple *stmt)
{
  return calls_only (stmt, [] (tree fn) {
    return fndecl_built_in_p (fn, BUILT_IN_FREE); });
}

/* Does call stmt return fresh memory (malloc, or a hook that holds only
 * malloc-like functions)? */
bool
is_alloc (gimple *stmt)
{
  return (gimple_call_flags (stmt) & ECF_MALLOC)
         || calls_only (stmt, [] (tree fn) {
              return (flags_from_decl_or_type (fn) & ECF_MALLOC) != 0; });
}

/* What a use of web member n does; the kinds both matchers accept. */
enum use_kind { USE_BAD, USE_SKIP, USE_LOAD, USE_STORE, USE_CALL };

use_kind
classify (gimple *use, tree n, const auto_vec<tree> &web)
{
  if (is_gimple_debug (use))
    return USE_SKIP;
  if (gimple_code (use) == GIMPLE_COND)
    return USE_SKIP;   /* a test */
  if (is_gimple_call (use))
    return USE_CALL;
  if (!is_gimple_assign (use))
    return USE_BAD;
  tree lhs = gimple_assign_lhs (use);
  if (TREE_CODE_CLASS (gimple_assign_rhs_code (use)) == tcc_comparison)
    return USE_SKIP;
  if (TREE_CODE (lhs) == SSA_NAME && web.contains (lhs))
    return USE_SKIP;   /* a copy: in the web */
  tree f;
  if (gimple_assign_load_p (use) && TREE_CODE (lhs) == SSA_NAME
      && through (gimple_assign_rhs1 (use), n, &f))
    return USE_LOAD;
  if (gimple_store_p (use) && through (lhs, n, &f)
      && gimple_assign_single_p (use)
      && !web.contains (gimple_assign_rhs1 (use)))
    return USE_STORE;
  return USE_BAD;
}

/* Does function fn store field f nowhere (through any pointer)? */
bool
keeps_field (function *fn, tree f)
{
  bool kept = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if ((gimple_store_p (s) && is_gimple_assign (s)
         && names_field (gimple_assign_lhs (s), f))
        || (is_gimple_call (s) && gimple_call_lhs (s)
            && names_field (gimple_call_lhs (s), f)))
      kept = false;
  });
  return kept;
}

bool passed_only_read (gimple *call, tree n, tree callee, tree f, int depth);

/* Is the object whose pointer copies `web` hold (in function fn) only read
 * through, tested, copied, freed, or given to functions of the unit that
 * do the same with it (the cleanup routine of pthread_cleanup_push,
 * depth at most 4), and is field f stored nowhere in fn or those
 * functions? */
bool
only_read_through (function *fn, const auto_vec<tree> &web, tree f,
                   int depth)
{
  if (!keeps_field (fn, f))
    return false;
  for (tree n : web)
    {
      gimple *use;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (use, it, n)
        {
          use_kind k = classify (use, n, web);
          if (k == USE_BAD || k == USE_STORE)
            return false;
          if (k != USE_CALL || is_free (use))
            continue;
          if (depth >= 4 || gimple_call_lhs (use))
            return false;
          /* the callee, or each function a resolved call may call */
          auto_vec<tree> callees;
          if (tree fn = gimple_call_fndecl (use))
            callees.safe_push (fn);
          else if (vec<tree> *t = resolved ? resolved->get (use) : NULL)
            callees.safe_splice (*t);
          if (callees.is_empty ())
            return false;
          for (tree callee : callees)
            if (!passed_only_read (use, n, callee, f, depth))
              return false;
        }
    }
  return true;
}

/* Does callee, given pointer copy n by call `call`, only read through it
 * as only_read_through says (and n go to no other argument)? */
bool
passed_only_read (gimple *call, tree n, tree callee, tree f, int depth)
{
  function *cf = DECL_STRUCT_FUNCTION (callee);
  if (!cf || !cf->cfg)
    return false;
  tree parm = DECL_ARGUMENTS (callee);
  for (unsigned a = 0; a < gimple_call_num_args (call);
       a++, parm = parm ? DECL_CHAIN (parm) : NULL_TREE)
    {
      tree arg = gimple_call_arg (call, a);
      if (arg != n)
        {
          if (wmm_mentions (arg, n))
            return false;
          continue;
        }
      if (!parm || TREE_ADDRESSABLE (parm))
        return false;
      tree def = ssa_default_def (cf, parm);
      auto_vec<tree> inner;
      if (def && (!copies_of (def, &inner)
                  || !only_read_through (cf, inner, f, depth + 1)))
        return false;
    }
  return true;
}

} // namespace

void
wmm_trampoline_resolved (hash_map<gimple *, vec<tree> > *calls)
{
  resolved = calls;
}

tree
wmm_trampoline_field (function *fn, gimple *stmt)
{
  tree callee = gimple_call_fn (stmt);
  tree parm = DECL_ARGUMENTS (fn->decl);
  tree arg0 = parm ? ssa_default_def (fn, parm) : NULL_TREE;
  if (!arg0 || !callee || TREE_CODE (callee) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (callee))
    return NULL_TREE;
  auto_vec<tree> web;
  if (!copies_of (arg0, &web))
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (callee);
  tree field = NULL_TREE;
  if (!gimple_assign_load_p (def))
    return NULL_TREE;
  /* The callee is `n->field` for a copy n of the argument. */
  tree rhs = gimple_assign_rhs1 (def), f;
  if (TREE_CODE (rhs) == COMPONENT_REF)
    for (tree n : web)
      if (through (rhs, n, &f) && f == TREE_OPERAND (rhs, 1))
        field = f;
  if (!field)
    return NULL_TREE;
  return only_read_through (fn, web, field, 0) ? field : NULL_TREE;
}

bool
wmm_trampoline_values (gimple *create, tree arg, tree field,
                       vec<tree> *values, vec<gimple *> *stores)
{
  /* Back through copies to a malloc-like call. */
  for (int depth = 0; depth < 8 && arg && TREE_CODE (arg) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (arg); depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (arg);
      if (is_gimple_call (def))
        break;
      if (!is_gimple_assign (def) || (!gimple_assign_single_p (def)
                                      && !gimple_assign_cast_p (def)))
        return false;
      arg = gimple_assign_rhs1 (def);
    }
  if (!arg || TREE_CODE (arg) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (arg))
    return false;
  gimple *alloc = SSA_NAME_DEF_STMT (arg);
  if (!is_gimple_call (alloc) || !is_alloc (alloc))
    return false;
  auto_vec<tree> web;
  if (!copies_of (arg, &web))
    return false;
  bool created = false;
  for (tree n : web)
    {
      gimple *use;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (use, it, n)
        switch (classify (use, n, web))
          {
          case USE_SKIP: case USE_LOAD:
            break;
          case USE_STORE:
            {
              tree lhs = gimple_assign_lhs (use), f;
              through (lhs, n, &f);
              if (f == field && TREE_CODE (lhs) == COMPONENT_REF
                  && TREE_OPERAND (lhs, 1) == field)
                {
                  values->safe_push (gimple_assign_rhs1 (use));
                  stores->safe_push (use);
                }
              else if (names_field (lhs, field)
                       || !handled_component_p (lhs))
                return false;   /* the field written as part of more */
              break;
            }
          case USE_CALL:
            {
              if (is_free (use))
                break;
              int k = wmm_thread_arg_index (use);
              if (use != create || k < 0
                  || gimple_call_arg (use, k) != n)
                return false;
              for (unsigned a = 0; a < gimple_call_num_args (use); a++)
                if ((int) a != k && wmm_mentions (gimple_call_arg (use, a), n))
                  return false;
              created = true;
              break;
            }
          default:
            return false;
          }
    }
  return created;
}

bool
wmm_trampoline_pure (function *fn, gimple *call)
{
  tree parm = DECL_ARGUMENTS (fn->decl);
  tree arg0 = parm ? ssa_default_def (fn, parm) : NULL_TREE;
  auto_vec<tree> web;
  if (!arg0 || !copies_of (arg0, &web))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (is_gimple_debug (s) || gimple_clobber_p (s)
            || gimple_code (s) == GIMPLE_RETURN || s == call
            || (!gimple_vuse (s) && !gimple_vdef (s)))
          continue;
        tree f;
        bool ok = false;
        if (is_gimple_call (s))
          ok = is_free (s);
        else if (gimple_assign_load_p (s) && !gimple_vdef (s))
          for (tree n : web)
            ok |= through (gimple_assign_rhs1 (s), n, &f);
        if (!ok)
          return false;
      }
  return true;
}
