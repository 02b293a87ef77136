/* deps.cc — deps=addr: the address dependency of a dereference of a
 * just-loaded pointer, as Linux's rcu_dereference relies on it.
 *
 * A dependency *source* is a load whose result is a pointer (a plain or
 * volatile load `p_2 = gp;`, or an atomic load `_1 = __atomic_load_8
 * (&gp, 0); p_2 = (struct node *) _1;`).  Its result gets an IR register
 * (collect.cc puts it in the load's dst), and every access whose address
 * is computed from that SSA value gets the register as its address base:
 * the core then finds the dependency by register taint, the same way in
 * the placement (pairs.c), the explicit checker (exec_trace.c) and the BMC
 * (ses.c).  Example (power):
 *
 *     p_2 = gp;  r1 = p_2->x;  _3 = p_2 + 4;  r2 = *_3;
 *   ->  R gp -> p_2;  R ?(p->x) [p_2];  R ?(*_3) [p_2]
 *
 * What GCC keeps, and what it may break (docs/plugin.md, "Dependencies"):
 * from the source's SSA value to the dependent address only pointer
 * copies, pointer-to-pointer conversions, `p + CONSTANT` and `&p->field`
 * are followed: GCC computes such an address from the register that holds
 * the loaded value.  The load is no source at all when its value (or one
 * derived from it) is used any other way: compared with anything but a
 * null pointer (GCC may replace p by the value it was found equal to, and
 * the dereference then depends on nothing), stored, passed to a call,
 * merged in a PHI, returned or converted to an integer (GCC folds the
 * `(uintptr_t) p & 0` trick away before the plugin runs: never credited).
 * Only the atomic load's own integer result may be converted to the
 * pointer.
 */
#include "plugin.h"

namespace {

/* Is stmt a load that may be a dependency source (ignoring its uses)? */
bool
source_load_p (gimple *stmt)
{
  if (!stmt)
    return false;
  if (is_gimple_assign (stmt))
    {
      tree lhs = gimple_assign_lhs (stmt);
      return gimple_assign_load_p (stmt) && TREE_CODE (lhs) == SSA_NAME
             && POINTER_TYPE_P (TREE_TYPE (lhs));
    }
  if (!is_gimple_call (stmt))
    return false;
  tree lhs = gimple_call_lhs (stmt);
  tree fn = gimple_call_fndecl (stmt);
  if (!lhs || TREE_CODE (lhs) != SSA_NAME || !fn
      || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  int code = DECL_FUNCTION_CODE (fn);
  return (code == BUILT_IN_ATOMIC_LOAD_8 || code == BUILT_IN_ATOMIC_LOAD_4)
         && TYPE_PRECISION (TREE_TYPE (lhs)) == POINTER_SIZE;
}

/* The SSA name a derived pointer value `to` (the lhs of stmt) is computed
 * from, when stmt is one of the derivations followed: a copy, a
 * pointer-to-pointer conversion, `p + CONSTANT`, `&p->field` /
 * `&MEM[p + CONSTANT]`; or the conversion to a pointer of an atomic
 * load's integer result.  NULL otherwise. */
tree
derived_from (gimple *stmt)
{
  if (!stmt || !is_gimple_assign (stmt))
    return NULL;
  tree lhs = gimple_assign_lhs (stmt);
  if (TREE_CODE (lhs) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (lhs)))
    return NULL;
  tree r1 = gimple_assign_rhs1 (stmt);
  switch (gimple_assign_rhs_code (stmt))
    {
    case SSA_NAME:
    case NOP_EXPR:
    case CONVERT_EXPR:
      if (TREE_CODE (r1) != SSA_NAME)
        return NULL;
      if (POINTER_TYPE_P (TREE_TYPE (r1)))
        return r1;
      /* an integer: only an atomic load's own result */
      return source_load_p (SSA_NAME_DEF_STMT (r1))
             && is_gimple_call (SSA_NAME_DEF_STMT (r1)) ? r1 : NULL;
    case POINTER_PLUS_EXPR:
      return TREE_CODE (r1) == SSA_NAME
             && TREE_CODE (gimple_assign_rhs2 (stmt)) == INTEGER_CST
             ? r1 : NULL;
    case ADDR_EXPR:
      {
        tree base = get_base_address (TREE_OPERAND (r1, 0));
        return base && TREE_CODE (base) == MEM_REF
               && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME
               ? TREE_OPERAND (base, 0) : NULL;
      }
    default:
      return NULL;
    }
}

/* Is `name` the address base of memory reference ref (and nothing else
 * in it)? */
bool
deref_of (tree ref, tree name)
{
  if (!ref || TREE_CODE (ref) == SSA_NAME || is_gimple_min_invariant (ref))
    return false;
  tree base = get_base_address (ref);
  return base && TREE_CODE (base) == MEM_REF
         && TREE_OPERAND (base, 0) == name;
}

/* Is one use of `name` harmless (a dereference, a derivation, a
 * comparison with a null pointer)?  Derived values are pushed on work. */
bool
use_ok (gimple *use, tree name, vec<tree> *work)
{
  if (is_gimple_debug (use))
    return true;
  if (gimple_code (use) == GIMPLE_COND)
    return integer_zerop (gimple_cond_lhs (use))
           || integer_zerop (gimple_cond_rhs (use));
  if (is_gimple_assign (use))
    {
      tree lhs = gimple_assign_lhs (use);
      tree_code code = gimple_assign_rhs_code (use);
      if (derived_from (use) == name)
        {
          work->safe_push (lhs);
          return true;
        }
      if (TREE_CODE_CLASS (code) == tcc_comparison)
        return integer_zerop (gimple_assign_rhs1 (use))
               || integer_zerop (gimple_assign_rhs2 (use));
      if (gimple_assign_single_p (use))
        {
          tree rhs = gimple_assign_rhs1 (use);
          /* a load through it, or a store through it of another value */
          if (gimple_assign_load_p (use) && deref_of (rhs, name)
              && TREE_CODE (lhs) == SSA_NAME)
            return true;
          if (gimple_store_p (use) && deref_of (lhs, name) && rhs != name
              && (TREE_CODE (rhs) == SSA_NAME
                  || is_gimple_min_invariant (rhs)))
            return true;
          if (gimple_assign_load_p (use) && gimple_store_p (use)
              && (deref_of (lhs, name) || deref_of (rhs, name)))
            return true;   /* an aggregate copy through it */
        }
      return false;
    }
  if (is_gimple_call (use))
    {
      /* the pointer argument of an atomic builtin is a dereference */
      tree fn = gimple_call_fndecl (use);
      if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
          || gimple_call_num_args (use) < 1
          || gimple_call_arg (use, 0) != name)
        return false;
      for (unsigned i = 1; i < gimple_call_num_args (use); i++)
        if (gimple_call_arg (use, i) == name)
          return false;
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
      return !strncmp (n, "__atomic_", 9) || !strncmp (n, "__sync_", 7);
    }
  return false;
}

/* Are all uses of the source's value, and of every value derived from
 * it, harmless? */
bool
uses_ok (tree lhs)
{
  auto_vec<tree> work;
  hash_set<tree> seen;
  work.safe_push (lhs);
  while (!work.is_empty ())
    {
      tree name = work.pop ();
      if (seen.add (name))
        continue;
      imm_use_iterator it;
      use_operand_p up;
      FOR_EACH_IMM_USE_FAST (up, it, name)
        if (!use_ok (USE_STMT (up), name, &work))
          return false;
    }
  return true;
}

/* Register name of the source value lhs in the IR (unique in its thread:
 * the SSA name's, qualified by the function of a callee collected for a
 * call site). */
char *
reg_name (tree lhs, function *fn, function *unit_fn)
{
  tree id = SSA_NAME_IDENTIFIER (lhs);
  const char *base = id ? IDENTIFIER_POINTER (id) : "";
  unsigned v = SSA_NAME_VERSION (lhs);
  if (fn == unit_fn || !fn || !fn->decl)
    return xasprintf ("%s_%u", base, v);
  return xasprintf ("%s:%s_%u", lang_hooks.decl_printable_name (fn->decl, 1),
                    base, v);
}

/* The dependency source an SSA pointer value is derived from, or NULL. */
tree
source_of (tree name)
{
  for (int steps = 0; name && TREE_CODE (name) == SSA_NAME && steps < 32;
       steps++)
    {
      gimple *def = SSA_NAME_DEF_STMT (name);
      if (source_load_p (def))
        return name;
      name = derived_from (def);
    }
  return NULL;
}

int
source_reg (wmm_thread *t, tree src, function *fn, function *unit_fn)
{
  if (!src || !uses_ok (src))
    return -1;
  char *n = reg_name (src, fn, unit_fn);
  int r = wmm_thread_reg (t, n);
  free (n);
  return r;
}

} // anon namespace

int
wmm_dep_source_reg (const wmm_unitinfo *u, wmm_thread *t, gimple *stmt,
                    function *fn, function *unit_fn)
{
  if (!u->opts->deps_addr || !source_load_p (stmt))
    return -1;
  tree lhs = gimple_get_lhs (stmt);
  return source_reg (t, lhs, fn, unit_fn);
}

int
wmm_dep_ref_reg (const wmm_unitinfo *u, wmm_thread *t, tree ref,
                 function *fn, function *unit_fn)
{
  if (!u->opts->deps_addr || !ref || TREE_CODE (ref) == SSA_NAME)
    return -1;
  tree base = get_base_address (ref);
  if (!base || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return -1;
  return source_reg (t, source_of (TREE_OPERAND (base, 0)), fn, unit_fn);
}

int
wmm_dep_ptr_reg (const wmm_unitinfo *u, wmm_thread *t, tree ptr,
                 function *fn, function *unit_fn)
{
  if (!u->opts->deps_addr || !ptr || TREE_CODE (ptr) != SSA_NAME)
    return -1;
  return source_reg (t, source_of (ptr), fn, unit_fn);
}
