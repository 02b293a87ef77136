/* localfields.cc — the one value a pointer member of a local class ever
 * holds: a lambda's captures by reference.
 *
 * A class defined inside a non-inline function (a lambda's closure type,
 * a local struct) has no linkage: only this unit's code makes or changes
 * its objects.  When every store to a pointer member of such a class
 * (`closure.__r = &r`) stores the address of one declared object, no
 * statement takes the member's address and every other store of a whole
 * object of the class copies another one (or ends its life), a load of
 * the member yields that address: `*this->__r` in the lambda's body is an
 * access to r, not to an unknown address (memloc.cc, resolve_pointer).
 * The assumption: nothing writes the members' bytes through another type
 * (memcpy from other data, a char pointer), which code cannot do to a
 * lambda's captures by name.
 *
 * Example:  int main () { long s; std::thread t ([&] { s = work (); });
 *   ... }  -> the lambda's store is to main's s (one location), not to
 *   every long the program has.
 */
#include "plugin.h"

namespace {

/* member -> its one value (an ADDR_EXPR), or error_mark_node */
hash_map<tree, tree> *values;

/* Is type t a class defined in the body of a function that is neither
 * inline nor of vague linkage (no other unit has its objects)? */
bool
local_class (tree t)
{
  if (!t || TREE_CODE (t) != RECORD_TYPE)
    return false;
  tree ctx = TYPE_CONTEXT (t);
  return ctx && TREE_CODE (ctx) == FUNCTION_DECL
         && !DECL_DECLARED_INLINE_P (ctx) && !DECL_COMDAT (ctx);
}

/* The pointer member of a local class that `ref` names as a whole, or
 * NULL. */
tree
local_member (tree ref)
{
  if (TREE_CODE (ref) != COMPONENT_REF)
    return NULL_TREE;
  tree f = TREE_OPERAND (ref, 1);
  return TREE_CODE (f) == FIELD_DECL && POINTER_TYPE_P (TREE_TYPE (f))
         && local_class (DECL_CONTEXT (f)) ? f : NULL_TREE;
}

/* Record that member f may hold v (NULL: anything). */
void
note_value (tree f, tree v)
{
  bool existed;
  tree &slot = values->get_or_insert (f, &existed);
  if (!v || TREE_CODE (v) != ADDR_EXPR || !DECL_P (TREE_OPERAND (v, 0))
      || (existed && slot != error_mark_node
          && TREE_OPERAND (slot, 0) != TREE_OPERAND (v, 0)))
    slot = error_mark_node;
  else if (!existed)
    slot = v;
}

/* Every member of a local class inside `ref` (a part of one written or
 * whose address is taken) may hold anything. */
void
spoil_inside (tree ref)
{
  for (tree t = ref; t && handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (tree f = local_member (t))
      note_value (f, NULL_TREE);
}

/* visit_addr callback: an address taken in a statement. */
bool
note_address (gimple *, tree op, tree, void *)
{
  spoil_inside (op);
  return false;
}

/* What statement s does to members of local classes. */
void
scan (gimple *s)
{
  walk_stmt_load_store_addr_ops (s, NULL, NULL, NULL, note_address);
  if (gasm *a = dyn_cast<gasm *> (s))
    {
      for (unsigned i = 0; i < gimple_asm_noutputs (a); i++)
        spoil_inside (TREE_VALUE (gimple_asm_output_op (a, i)));
      return;
    }
  if (!gimple_assign_single_p (s))
    return;
  tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
  if (tree f = local_member (lhs))
    {
      note_value (f, rhs);
      return;
    }
  /* a part of a member written (its bytes) */
  if (handled_component_p (lhs))
    spoil_inside (TREE_OPERAND (lhs, 0));
  /* a whole object: a copy of another one or the end of its life keep the
     values; anything else (a constructor) may put others */
  tree type = TREE_TYPE (lhs);
  if (type && local_class (type) && !gimple_clobber_p (s)
      && !(TREE_CODE (rhs) != CONSTRUCTOR
           && TYPE_MAIN_VARIANT (TREE_TYPE (rhs)) == TYPE_MAIN_VARIANT (type)))
    for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
      if (TREE_CODE (f) == FIELD_DECL)
        note_value (f, NULL_TREE);
}

} // anon namespace

tree
wmm_local_member_value (tree ref)
{
  tree f = local_member (ref);
  if (!f)
    return NULL_TREE;
  if (!values)
    {
      values = new hash_map<tree, tree>;
      wmm_each_body ([] (cgraph_node *, function *fn) {
        wmm_each_stmt (fn, scan); });
    }
  tree *v = values->get (f);
  return v && *v != error_mark_node ? *v : NULL_TREE;
}

void
wmm_local_members_reset (void)
{
  delete values;
  values = NULL;
}
