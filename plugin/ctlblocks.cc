/* ctlblocks.cc — virtual calls resolved through the unit's own virtual
 * tables: std::shared_ptr's control blocks and the unit's class families.
 *
 * A shared_ptr's last release calls its control block's _M_dispose and
 * _M_destroy (and `delete this`) through the vtable of a class derived
 * from std::_Sp_counted_base: _Sp_counted_ptr, _Sp_counted_deleter,
 * _Sp_counted_ptr_inplace, instantiated by the unit's own make_shared,
 * shared_ptr (p) or allocate_shared.  A class of the program's own (not
 * declared in a system header) whose bases form one chain of single,
 * non-virtual inheritance belongs to the family of the chain's top class
 * the same way: `struct job { virtual void run () = 0; }; struct left :
 * job {...}`.  When every object of a family the unit's code can meet is
 * one the unit made (entries.cc decides that: none comes from code the
 * unit cannot see), the classes whose vtables the unit has are all the
 * dynamic types an object can have, and a virtual call on class K calls
 * the method in the call's slot of one of those deriving from K.
 * Example: `std::shared_ptr<int> v = std::make_shared<int> (1);` dropped
 *   in a worker -> _Sp_counted_base::_M_release's `this->_M_dispose ()`
 *   calls _Sp_counted_ptr_inplace<int, ...>::_M_dispose, in the worker's
 *   thread, and no control block method is a thread entry; a worker's
 *   `j->run ()` on the unit's jobs calls left::run and right::run in the
 *   worker's thread.
 */
#include "plugin.h"

/* The class family record `type` belongs to: std::_Sp_counted_base for a
 * control block, or the top of the chain of single, non-virtual bases of
 * a class of the program's own (every base of the chain shares the
 * class's primary vtable); NULL_TREE otherwise. */
tree
wmm_vcall_family (tree type)
{
  for (int depth = 0; type && RECORD_OR_UNION_TYPE_P (type) && depth < 16;
       depth++)
    {
      type = TYPE_MAIN_VARIANT (type);
      if (wmm_std_class_named (type, "_Sp_counted_base"))
        return type;
      tree binfo = TYPE_BINFO (type);
      unsigned bases = binfo ? BINFO_N_BASE_BINFOS (binfo) : 2;
      if (bases == 0)
        {
          /* the top: a class of the program's own */
          tree name = TYPE_NAME (type);
          return name && TREE_CODE (name) == TYPE_DECL
                 && !DECL_IN_SYSTEM_HEADER (name) ? type : NULL_TREE;
        }
      if (bases > 1 || BINFO_VIRTUAL_P (BINFO_BASE_BINFO (binfo, 0)))
        return NULL_TREE;
      type = BINFO_TYPE (BINFO_BASE_BINFO (binfo, 0));
    }
  return NULL_TREE;
}

bool
wmm_abstract_slot (tree fn)
{
  return TREE_CODE (fn) == FUNCTION_DECL
         && ((DECL_NAME (fn)
              && !strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
                          "__cxa_pure_virtual"))
             || fndecl_built_in_p (fn, BUILT_IN_UNREACHABLE));
}

/* How class d relates to class k: 1 when d is k or derives from it along
 * its chain of single, non-virtual bases, 0 when k is no base of d at
 * all, -1 when d derives from k some other way (several bases, a virtual
 * base: the call's slot may then be another one in d's vtables). */
static int
derives_along_chain (tree d, tree k, bool chain = true, int depth = 0)
{
  d = TYPE_MAIN_VARIANT (d);
  if (d == k)
    return chain ? 1 : -1;
  tree binfo = TYPE_BINFO (d);
  if (!binfo || depth > 16)
    return 0;
  unsigned n = BINFO_N_BASE_BINFOS (binfo);
  for (unsigned i = 0; i < n; i++)
    {
      tree b = BINFO_BASE_BINFO (binfo, i);
      int r = derives_along_chain (BINFO_TYPE (b), k,
                                   chain && n == 1 && !BINFO_VIRTUAL_P (b),
                                   depth + 1);
      if (r)
        return r;
    }
  return 0;
}

/* The class of call stmt's object when it is a virtual call on a class
 * with a family (wmm_vcall_family), else NULL_TREE. */
tree
wmm_vcall_class (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fn (stmt) : NULL_TREE;
  if (!fn || TREE_CODE (fn) != OBJ_TYPE_REF
      || !tree_fits_uhwi_p (OBJ_TYPE_REF_TOKEN (fn)))
    return NULL_TREE;
  tree cls = obj_type_ref_class (fn);
  cls = cls ? TYPE_MAIN_VARIANT (cls) : NULL_TREE;
  return cls && wmm_vcall_family (cls) ? cls : NULL_TREE;
}

bool
wmm_vcall_targets (gimple *stmt, vec<tree> *targets)
{
  tree k = wmm_vcall_class (stmt);
  if (!k)
    return false;
  HOST_WIDE_INT token
    = tree_to_uhwi (OBJ_TYPE_REF_TOKEN (gimple_call_fn (stmt)));
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    {
      tree v = var->decl, cls = DECL_CONTEXT (v);
      if (!DECL_VIRTUAL_P (v) || !cls || !TYPE_P (cls)
          || !RECORD_OR_UNION_TYPE_P (cls))
        continue;
      int along = derives_along_chain (cls, k);
      if (along < 0)
        return false;
      if (!along)
        continue;
      cls = TYPE_MAIN_VARIANT (cls);
      if (!TYPE_BINFO (cls) || !BINFO_VTABLE (TYPE_BINFO (cls)))
        return false;
      bool can_refer = true;
      tree m = gimple_get_virt_method_for_binfo (token, TYPE_BINFO (cls),
                                                 &can_refer);
      if (!can_refer || !m || TREE_CODE (m) != FUNCTION_DECL)
        return false;
      if (wmm_abstract_slot (m))
        continue;
      if (!targets->contains (m))
        targets->safe_push (m);
    }
  return !targets->is_empty ();
}
