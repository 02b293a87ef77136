/* localfields.cc — the one value a pointer member of a local class ever
 * holds: a lambda's captures by reference, its captured `this` when
 * every call of the function that makes it passes one object, and the
 * address of a shared variable in an OpenMP construct's data block; and
 * the values an integer member may hold (a captured memory order:
 * atomics.cc follows them).
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
 *   every long the program has.  A pool's constructor starting workers
 *   with `[this] { ... }`, called only as `ThreadPool pool (4)` in main:
 *   the workers' `stop`, `mu` and `tasks` are pool's members.
 */
#include "plugin.h"

namespace {

/* member -> index in `stored` of the values stores put there (NULL_TREE:
   anything) */
hash_map<tree, unsigned> *values;
vec<vec<tree> > stored;
/* parameter (its entry value) -> wmm_one_address's answer */
hash_map<tree, tree> *params;

/* Is type t a class defined in the body of a function (no other unit has
 * its objects; for an inline function, as for all C++ inline code, the
 * unit's own calls: docs/plugin.md "What is sound where")? */
bool
local_class (tree t)
{
  if (!t || TREE_CODE (t) != RECORD_TYPE)
    return false;
  tree ctx = TYPE_CONTEXT (t);
  if (ctx && TREE_CODE (ctx) == FUNCTION_DECL)
    return true;
  /* (the data block GCC makes for an OpenMP construct, `.omp_data_s.N`:
     its fields hold the addresses of the shared variables) */
  tree n = TYPE_NAME (t);
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return TYPE_ARTIFICIAL (t) && n && TREE_CODE (n) == IDENTIFIER_NODE
         && !strncmp (IDENTIFIER_POINTER (n), ".omp_data_s", 11);
}

/* The one address (&decl) that value v holds: v itself, a name set to it,
 * or a parameter every call of whose function (all seen: static or C++
 * inline code, address not taken; a static start routine's creates)
 * passes that address; else NULL. */
tree
one_address (tree v, int depth)
{
  if (v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (v)))
    v = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (v));
  if (!v)
    return NULL_TREE;
  if (TREE_CODE (v) == ADDR_EXPR)
    return DECL_P (TREE_OPERAND (v, 0)) ? v : NULL_TREE;
  if (TREE_CODE (v) == COMPONENT_REF && depth == 0 && values)
    {
      tree m = wmm_local_member_value (v);
      /* (a member of a thread's argument or of a static object only its
         own code writes: sealedargs.cc) */
      if (!m && (m = wmm_sealed_load_value (v))
          && !DECL_P (TREE_OPERAND (m, 0)))
        m = NULL_TREE;   /* (a part of an object: no `&decl`) */
      return m;
    }
  if (TREE_CODE (v) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (v)
      || !SSA_NAME_VAR (v) || TREE_CODE (SSA_NAME_VAR (v)) != PARM_DECL
      || depth > 4)
    return NULL_TREE;
  tree one = NULL_TREE;
  auto same = [&] (tree a, cgraph_node *caller) {
    a = wmm_analysable_body (caller) ? one_address (a, depth + 1) : NULL_TREE;
    if (!a || (one && TREE_OPERAND (one, 0) != TREE_OPERAND (a, 0)))
      return false;
    one = a;
    return true;
  };
  return wmm_each_param_source (SSA_NAME_VAR (v), same) ? one : NULL_TREE;
}

/* The scalar member (a pointer, or an integer: a lambda's captured
 * memory order) of a local class that `ref` names as a whole, or NULL. */
tree
local_scalar (tree ref)
{
  if (TREE_CODE (ref) != COMPONENT_REF)
    return NULL_TREE;
  tree f = TREE_OPERAND (ref, 1);
  return TREE_CODE (f) == FIELD_DECL
         && (POINTER_TYPE_P (TREE_TYPE (f))
             || INTEGRAL_TYPE_P (TREE_TYPE (f)))
         && local_class (DECL_CONTEXT (f)) ? f : NULL_TREE;
}

/* The pointer member of a local class that `ref` names as a whole, or
 * NULL. */
tree
local_member (tree ref)
{
  tree f = local_scalar (ref);
  return f && POINTER_TYPE_P (TREE_TYPE (f)) ? f : NULL_TREE;
}

/* Record that member f may hold v (NULL: anything). */
void
note_value (tree f, tree v)
{
  bool existed;
  unsigned &slot = values->get_or_insert (f, &existed);
  if (!existed)
    {
      slot = stored.length ();
      stored.safe_push (vNULL);
    }
  stored[slot].safe_push (v);
}

/* The one address member f holds (error_mark_node: none known; NULL: only
 * copies of itself, through the members on `path`). */
tree
member_value (tree f, vec<tree> *path)
{
  unsigned *slot = values->get (f);
  if (!slot || path->contains (f) || path->length () > 8)
    return slot && path->contains (f) ? NULL_TREE : error_mark_node;
  path->safe_push (f);
  tree one = NULL_TREE;
  for (tree v : stored[*slot])
    {
      tree a = v ? one_address (v, 1) : NULL_TREE;   /* (no member) */
      /* a copy of a member (`inner.__this = outer->__this`) */
      gimple *def = !a && v && TREE_CODE (v) == SSA_NAME
                    && !SSA_NAME_IS_DEFAULT_DEF (v)
                    ? SSA_NAME_DEF_STMT (v) : NULL;
      tree g = def && gimple_assign_single_p (def)
               ? local_member (gimple_assign_rhs1 (def)) : NULL_TREE;
      if (g)
        {
          a = member_value (g, path);
          if (!a)
            continue;
        }
      if (!a || a == error_mark_node
          || (one && TREE_OPERAND (one, 0) != TREE_OPERAND (a, 0)))
        {
          one = error_mark_node;
          break;
        }
      one = a;
    }
  path->pop ();
  return one;
}

/* Every member of a local class inside `ref` (a part of one written or
 * whose address is taken) may hold anything. */
void
spoil_inside (tree ref)
{
  for (tree t = ref; t && handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (tree f = local_scalar (t))
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
  if (tree f = local_scalar (lhs))
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
  tree f = ref ? local_member (ref) : NULL_TREE;
  if (!values)
    {
      values = new hash_map<tree, unsigned>;
      params = new hash_map<tree, tree>;
      wmm_each_body ([] (cgraph_node *, function *fn) {
        wmm_each_stmt (fn, scan); });
    }
  if (!f)
    return NULL_TREE;
  auto_vec<tree> path;
  tree v = member_value (f, &path);
  return v && v != error_mark_node ? v : NULL_TREE;
}

const vec<tree> *
wmm_local_member_stores (tree ref)
{
  wmm_local_member_value (NULL_TREE);   /* (the table) */
  tree f = ref ? local_scalar (ref) : NULL_TREE;
  unsigned *slot = f ? values->get (f) : NULL;
  return slot ? &stored[*slot] : NULL;
}

tree
wmm_one_address (tree v)
{
  if (!values && v && TREE_CODE (v) == SSA_NAME)
    wmm_local_member_value (NULL_TREE);   /* (the table) */
  if (!v || TREE_CODE (v) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (v))
    return one_address (v, 0);
  /* a parameter: asked for each access through it, answered once */
  bool existed;
  tree &slot = params->get_or_insert (v, &existed);
  if (!existed)
    slot = one_address (v, 0);
  return slot;
}

void
wmm_local_members_reset (void)
{
  delete values;
  values = NULL;
  delete params;
  params = NULL;
  for (vec<tree> &v : stored)
    v.release ();
  stored.release ();
}
