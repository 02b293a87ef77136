/* ltomark.cc — the marks of whole-program mode (-flto, lto.cc): what the
 * compile step writes into the IR so that the link step can tell the
 * plugin's work from the program's.
 *
 * Example: at the compile step of main.c,
 *   x = 1;  r = y;   becomes
 *   MEM <volatile int {wmmfence lto volatile (int)}> [&x] = 1;
 *   __atomic_thread_fence (5);   (function type {wmmfence lto fence})
 *   r = MEM <volatile int {wmmfence lto volatile (int)}> [&y];
 * and producer() carries DECL_ATTRIBUTES {wmmfence lto}.  The link step
 * removes the marked fence, places the whole program's, and makes x's and
 * y's accesses plain again where the whole program does not order them.
 * Marks: a function seen by the plugin, DECL_ATTRIBUTES "wmmfence lto"; a
 * compile-step fence, the builtin call's function type with the attribute
 * "wmmfence lto fence" or an asm fence's unused "i" operand 0x574d4d46; a
 * compile-step volatile access, its type a variant with the attribute
 * "wmmfence lto volatile" whose argument is the type before.  The names
 * hold a space: no source can write them.  All survive LTO streaming,
 * early inlining and cloning (they are copied with the trees).
 */
#include "plugin.h"

namespace {

const char mark_name[] = "wmmfence lto";
const char fence_mark[] = "wmmfence lto fence";
const char volatile_mark[] = "wmmfence lto volatile";
const HOST_WIDE_INT asm_mark = 0x574d4d46;   /* "WMMF" */

bool
compile_step (void)
{
  wmm_lto_phase p = wmm_lto_phase_now ();
  return p == WMM_LTO_COMPILE || p == WMM_LTO_COMPILE_FAT;
}

} // anon namespace

bool
wmm_lto_marked (tree fndecl)
{
  return lookup_attribute (mark_name, DECL_ATTRIBUTES (fndecl)) != NULL;
}

void
wmm_lto_mark_functions (const char *settings)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (!lookup_attribute (mark_name, DECL_ATTRIBUTES (node->decl)))
      DECL_ATTRIBUTES (node->decl)
        = tree_cons (get_identifier (mark_name),
                     build_tree_list (NULL_TREE,
                                      build_string (strlen (settings) + 1,
                                                    settings)),
                     DECL_ATTRIBUTES (node->decl));
}

const char *
wmm_lto_mark_settings (tree fndecl)
{
  tree a = lookup_attribute (mark_name, DECL_ATTRIBUTES (fndecl));
  tree v = a && TREE_VALUE (a) ? TREE_VALUE (TREE_VALUE (a)) : NULL_TREE;
  return v && TREE_CODE (v) == STRING_CST ? TREE_STRING_POINTER (v) : NULL;
}

void
wmm_lto_mark_fence (gcall *call)
{
  if (!compile_step ())
    return;
  tree t = gimple_call_fntype (call);
  gimple_call_set_fntype (call, build_type_attribute_variant
                                  (t, tree_cons (get_identifier (fence_mark),
                                                 NULL_TREE,
                                                 TYPE_ATTRIBUTES (t))));
}

tree
wmm_lto_volatile_type (tree type, tree vtype)
{
  /* (GCC makes no attribute variant of a struct, union or enum type
     (build_type_attribute_variant warns "ignoring attributes"): such an
     access stays volatile, unmarked, as the program's own) */
  if (!compile_step () || RECORD_OR_UNION_TYPE_P (vtype)
      || TREE_CODE (vtype) == ENUMERAL_TYPE)
    return vtype;
  return build_type_attribute_variant
           (vtype, tree_cons (get_identifier (volatile_mark),
                              build_tree_list (NULL_TREE, type),
                              TYPE_ATTRIBUTES (vtype)));
}

vec<tree, va_gc> *
wmm_lto_fence_inputs (void)
{
  if (!compile_step ())
    return NULL;
  vec<tree, va_gc> *inputs = NULL;
  tree purpose = build_tree_list (NULL_TREE, build_string (2, "i"));
  vec_safe_push (inputs, build_tree_list (purpose,
                                          build_int_cst (integer_type_node,
                                                         asm_mark)));
  return inputs;
}

namespace {

/* Is the statement a fence the compile step placed? */
bool
compile_step_fence (gimple *g)
{
  if (gcall *c = dyn_cast<gcall *> (g))
    {
      tree t = gimple_call_fntype (c);
      return t && lookup_attribute (fence_mark, TYPE_ATTRIBUTES (t));
    }
  gasm *a = dyn_cast<gasm *> (g);
  if (!a || gimple_asm_ninputs (a) != 1)
    return false;
  tree op = gimple_asm_input_op (a, 0);
  return TREE_CODE (TREE_VALUE (op)) == INTEGER_CST
         && tree_fits_shwi_p (TREE_VALUE (op))
         && tree_to_shwi (TREE_VALUE (op)) == asm_mark
         && !strcmp (TREE_STRING_POINTER (TREE_VALUE (TREE_PURPOSE (op))),
                     "i");
}

} // anon namespace

int
wmm_lto_strip_fences (function *fn)
{
  int n = 0;
  push_cfun (fn);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
        gimple *g = gsi_stmt (gsi);
        if (!compile_step_fence (g))
          {
            gsi_next (&gsi);
            continue;
          }
        unlink_stmt_vdef (g);
        gsi_remove (&gsi, true);
        release_defs (g);
        n++;
      }
  if (n)
    {
      update_ssa (TODO_update_ssa_only_virtuals);
      cgraph_edge::rebuild_edges ();
    }
  pop_cfun ();
  return n;
}

namespace {

/* Make *slot plain again when it is a compile-step volatile access not in
 * keep; true when it changed. */
bool
release_ref (tree *slot, hash_set<tree *> &keep)
{
  tree ref = *slot;
  if (!ref || TYPE_P (ref) || !TREE_TYPE (ref) || keep.contains (slot))
    return false;
  tree attr = lookup_attribute (volatile_mark,
                                TYPE_ATTRIBUTES (TREE_TYPE (ref)));
  if (!attr || !TREE_VALUE (attr) || !TYPE_P (TREE_VALUE (TREE_VALUE (attr))))
    return false;
  tree type = TREE_VALUE (TREE_VALUE (attr));
  tree r = copy_node (ref);
  TREE_TYPE (r) = type;
  TREE_THIS_VOLATILE (r) = TYPE_VOLATILE (type);
  bool side = TREE_THIS_VOLATILE (r);
  for (int k = 0; k < TREE_OPERAND_LENGTH (r); k++)
    if (TREE_OPERAND (r, k) && TREE_SIDE_EFFECTS (TREE_OPERAND (r, k)))
      side = true;
  TREE_SIDE_EFFECTS (r) = side;
  *slot = r;
  return true;
}

} // anon namespace

void
wmm_lto_release_volatile (wmm_unitinfo *u, char **vol)
{
  if (wmm_lto_phase_now () != WMM_LTO_LINK)
    return;
  /* The operand slots that stay volatile. */
  hash_set<tree *> keep;
  for (unsigned k = 0; vol && u->prog && k < u->units.length (); k++)
    {
      const wmm_unit *unit = &u->units[k];
      int t = unit->thread;
      for (unsigned i = 0; i < unit->sites.length ()
                           && (int) i < u->prog->threads[t].ncode; i++)
        {
          const wmm_site *s = &unit->sites[i];
          if (!vol[t][i] || s->kind != WMM_SITE_STMT || s->operand < 0
              || !is_gimple_assign (s->stmt))
            continue;
          keep.add (s->operand == 0 ? gimple_assign_lhs_ptr (s->stmt)
                                    : gimple_assign_rhs1_ptr (s->stmt));
        }
    }
  int released = 0;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->inlined_to ? NULL : wmm_analysable_body (node);
      if (!fn)
        continue;
      push_cfun (fn);
      wmm_each_stmt (fn, [&] (gimple *g) {
        if (!is_gimple_assign (g))
          return;
        bool did = release_ref (gimple_assign_lhs_ptr (g), keep);
        if (gimple_assign_single_p (g))
          did |= release_ref (gimple_assign_rhs1_ptr (g), keep);
        if (did)
          {
            gimple_set_has_volatile_ops (g, false);
            update_stmt (g);
            released++;
          }
      });
      /* (a plain access may need virtual operands the volatile one had
         not, or the other way round: update_stmt marks them for renaming,
         and no pass before the next verifier renames them) */
      if (need_ssa_update_p (fn))
        update_ssa (TODO_update_ssa_only_virtuals);
      pop_cfun ();
    }
  if (released)
    wmm_note (u, "link step: %d accesses the compile step kept in program "
              "order are plain again (the whole program does not order "
              "them)", released);
}

