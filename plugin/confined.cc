/* confined.cc — functions that touch only the objects their pointer
 * arguments point to.
 *
 * A function is confined when every memory access of its body goes
 * through a pointer derived from its pointer parameters (copies,
 * conversions, offsets, member addresses, PHIs of them, and what a
 * function of the unit returns of such arguments: wmm_returned_params)
 * or touches its own locals, and every call it makes is a call of a
 * confined function (or of the confined targets of an indirect call
 * entries.cc resolved, std::function's _M_manager) given such pointers, or
 * a builtin given only such pointers.  A pointer loaded from memory, a
 * global, library code or inline assembly makes it not confined.  Called
 * with pointers to objects no other thread reaches, a confined function
 * touches nothing another thread does: where it is called that way, the
 * locks held there do not matter (locks.cc, compute_entries).
 *
 * Example:  std::_Function_base::_Function_base (this) stores into
 *   this->_M_functor and this->_M_manager: confined; a worker's
 *   `std::function<void ()> task;` built outside the lock it is filled
 *   under no longer leaves the constructor unprotected for the queue's
 *   elements it builds under that lock.
 */
#include "plugin.h"

namespace {

/* function decl -> confined?  (false while its answer is computed:
   recursion is not confined) */
hash_map<tree, bool> *answers;

bool confined (const wmm_unitinfo *u, tree fndecl, int depth);

/* Is SSA value v a pointer derived from the parameters of the function
 * being checked (or the address of one of its locals)? */
bool
derived (tree v, int depth)
{
  if (depth > 16 || !v)
    return false;
  if (TREE_CODE (v) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (v, 0));
      if (!base)
        return false;
      if (TREE_CODE (base) == MEM_REF)
        return derived (TREE_OPERAND (base, 0), depth + 1);
      return (VAR_P (base) || TREE_CODE (base) == PARM_DECL
              || TREE_CODE (base) == RESULT_DECL)
             && !is_global_var (base);
    }
  if (TREE_CODE (v) != SSA_NAME)
    return integer_zerop (v);
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    {
      tree var = SSA_NAME_VAR (v);
      return var && TREE_CODE (var) == PARM_DECL
             && POINTER_TYPE_P (TREE_TYPE (var));
    }
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      /* (a loop's cursor meets itself: the other arguments decide) */
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        {
          tree a = gimple_phi_arg_def (phi, k);
          if (a != v && !derived (a, depth + 4))
            return false;
        }
      return true;
    }
  if (gcall *call = dyn_cast<gcall *> (def))
    {
      unsigned m = wmm_returned_params (gimple_call_fndecl (call));
      for (unsigned i = 0; m && i < gimple_call_num_args (call); i++)
        if ((m & (1u << i)) && !derived (gimple_call_arg (call, i), depth + 1))
          return false;
      return m != 0;
    }
  if (!is_gimple_assign (def))
    return false;
  tree_code code = gimple_assign_rhs_code (def);
  if (code == SSA_NAME || code == ADDR_EXPR || CONVERT_EXPR_CODE_P (code)
      || code == POINTER_PLUS_EXPR)
    return derived (gimple_assign_rhs1 (def), depth + 1);
  return false;
}

/* Does memory operand op of the body touch only derived memory or the
 * function's own locals? */
bool
derived_ref (tree op)
{
  tree base = get_base_address (op);
  if (!base)
    return false;
  if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    return derived (TREE_OPERAND (base, 0), 0);
  if (DECL_P (base))
    return !is_global_var (base) && !DECL_EXTERNAL (base);
  return false;
}

/* Is call s one that touches only what its pointer arguments reach, all
 * of them derived: a confined function of the unit (or every resolved
 * target of an indirect call), or a builtin that keeps to its
 * arguments? */
bool
confined_call (const wmm_unitinfo *u, gcall *s, int depth)
{
  if (gimple_call_internal_p (s))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree a = gimple_call_arg (s, i);
      if ((POINTER_TYPE_P (TREE_TYPE (a)) || TREE_CODE (a) == ADDR_EXPR)
          && !derived (a, 0))
        return false;
      /* (an aggregate passed by value is read where it lies) */
      if (!is_gimple_reg_type (TREE_TYPE (a)) && !derived_ref (a))
        return false;
    }
  tree lhs = gimple_call_lhs (s);
  if (lhs && !is_gimple_reg (lhs) && !derived_ref (lhs))
    return false;
  tree fn = gimple_call_fndecl (s);
  if (!fn)
    {
      vec<tree> *targets = wmm_resolved_targets (u, s);
      if (!targets)
        return false;
      for (tree t : *targets)
        if (!confined (u, t, depth + 1))
          return false;
      return true;
    }
  if (fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE (fn))
      {
      case BUILT_IN_MEMCPY: case BUILT_IN_MEMMOVE: case BUILT_IN_MEMSET:
      case BUILT_IN_MEMCMP: case BUILT_IN_BZERO:
      case BUILT_IN_UNREACHABLE: case BUILT_IN_TRAP:
        return true;
      default:
        return false;
      }
  return confined (u, fn, depth + 1);
}

bool
confined (const wmm_unitinfo *u, tree fndecl, int depth)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL || depth > 12)
    return false;
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node)
    return false;
  node = node->ultimate_alias_target ();
  fndecl = node->decl;
  bool existed;
  bool &slot = answers->get_or_insert (fndecl, &existed);
  if (existed)
    return slot;
  slot = false;
  function *fn = wmm_analysable_body (node);
  if (!fn || !fn->cfg || !gimple_in_ssa_p (fn))
    return false;
  bool ok = true;
  push_cfun (fn);
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!ok || is_gimple_debug (g) || gimple_clobber_p (g))
      return;
    if (gimple_code (g) == GIMPLE_ASM || gimple_has_volatile_ops (g))
      ok = false;
    else if (gcall *c = dyn_cast<gcall *> (g))
      ok = confined_call (u, c, depth);
    else if (is_gimple_assign (g))
      {
        tree lhs = gimple_assign_lhs (g);
        if (!is_gimple_reg (lhs) && !derived_ref (lhs))
          ok = false;
        for (unsigned k = 1; ok && k < gimple_num_ops (g); k++)
          {
            tree op = gimple_op (g, k);
            if (op && (TREE_CODE (op) == MEM_REF
                       || TREE_CODE (op) == TARGET_MEM_REF
                       || handled_component_p (op)
                       || (DECL_P (op) && !is_gimple_reg (op))))
              ok = derived_ref (op);
          }
      }
    else if (greturn *r = dyn_cast<greturn *> (g))
      {
        tree v = gimple_return_retval (r);
        if (v && !is_gimple_reg (v) && !derived_ref (v))
          ok = false;
      }
    else if (gimple_code (g) != GIMPLE_COND && gimple_code (g) != GIMPLE_LABEL
             && gimple_code (g) != GIMPLE_SWITCH
             && gimple_code (g) != GIMPLE_NOP
             && gimple_code (g) != GIMPLE_PREDICT)
      ok = false;
  });
  pop_cfun ();
  *answers->get (fndecl) = ok;
  return ok;
}

} // anon namespace

bool
wmm_param_confined (const wmm_unitinfo *u, tree fndecl)
{
  if (!answers)
    answers = new hash_map<tree, bool>;
  return confined (u, fndecl, 0);
}

void
wmm_confined_reset (void)
{
  delete answers;
  answers = NULL;
}
