/* ctlblocks.cc — the virtual calls of std::shared_ptr's control blocks,
 * resolved through the unit's own virtual tables.
 *
 * A shared_ptr's last release calls its control block's _M_dispose and
 * _M_destroy (and `delete this`) through the vtable of a class derived
 * from std::_Sp_counted_base: _Sp_counted_ptr, _Sp_counted_deleter,
 * _Sp_counted_ptr_inplace, instantiated by the unit's own make_shared,
 * shared_ptr (p) or allocate_shared.  When every control block the
 * unit's code can meet is one the unit made (entries.cc decides that:
 * no control block comes from code the unit cannot see), the classes
 * whose vtables the unit defines are all the dynamic types a block can
 * have, and the call calls the method in the call's slot of one of them.
 * Example: `std::shared_ptr<int> v = std::make_shared<int> (1);` dropped
 *   in a worker -> _Sp_counted_base::_M_release's `this->_M_dispose ()`
 *   calls _Sp_counted_ptr_inplace<int, ...>::_M_dispose, in the worker's
 *   thread, and no control block method is a thread entry.
 */
#include "plugin.h"

/* The std::_Sp_counted_base class `type` is or derives from through
 * single, non-virtual inheritance (the base then shares the class's
 * primary vtable), or NULL_TREE. */
tree
wmm_control_block_base (tree type)
{
  for (int depth = 0; type && RECORD_OR_UNION_TYPE_P (type) && depth < 16;
       depth++)
    {
      type = TYPE_MAIN_VARIANT (type);
      if (wmm_std_class_named (type, "_Sp_counted_base"))
        return type;
      tree binfo = TYPE_BINFO (type);
      if (!binfo || BINFO_N_BASE_BINFOS (binfo) != 1
          || BINFO_VIRTUAL_P (BINFO_BASE_BINFO (binfo, 0)))
        return NULL_TREE;
      type = BINFO_TYPE (BINFO_BASE_BINFO (binfo, 0));
    }
  return NULL_TREE;
}

/* The class of call stmt's object when it is a virtual call on a control
 * block (std::_Sp_counted_base), else NULL_TREE. */
tree
wmm_control_block_call (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fn (stmt) : NULL_TREE;
  if (!fn || TREE_CODE (fn) != OBJ_TYPE_REF
      || !tree_fits_uhwi_p (OBJ_TYPE_REF_TOKEN (fn)))
    return NULL_TREE;
  tree cls = obj_type_ref_class (fn);
  cls = cls ? TYPE_MAIN_VARIANT (cls) : NULL_TREE;
  return cls && wmm_std_class_named (cls, "_Sp_counted_base") ? cls
                                                               : NULL_TREE;
}

bool
wmm_control_block_targets (gimple *stmt, vec<tree> *targets)
{
  tree base = wmm_control_block_call (stmt);
  if (!base)
    return false;
  HOST_WIDE_INT token
    = tree_to_uhwi (OBJ_TYPE_REF_TOKEN (gimple_call_fn (stmt)));
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    {
      tree v = var->decl, cls = DECL_CONTEXT (v);
      if (!DECL_VIRTUAL_P (v) || !cls || !TYPE_P (cls)
          || !RECORD_OR_UNION_TYPE_P (cls)
          || wmm_control_block_base (cls) != base)
        continue;
      cls = TYPE_MAIN_VARIANT (cls);
      if (!TYPE_BINFO (cls) || !BINFO_VTABLE (TYPE_BINFO (cls)))
        return false;
      bool can_refer = true;
      tree m = gimple_get_virt_method_for_binfo (token, TYPE_BINFO (cls),
                                                 &can_refer);
      if (!can_refer || !m || TREE_CODE (m) != FUNCTION_DECL)
        return false;
      /* (an abstract class's slot: no object has that type but while it
         is built, when a call would abort) */
      if (DECL_NAME (m)
          && !strcmp (IDENTIFIER_POINTER (DECL_NAME (m)), "__cxa_pure_virtual"))
        continue;
      if (!targets->contains (m))
        targets->safe_push (m);
    }
  return !targets->is_empty ();
}
