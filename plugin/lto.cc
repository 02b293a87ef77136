/* lto.cc — whole-program mode: the plugin under -flto, split between the
 * compile step (cc1 writing GIMPLE into the object) and the link step
 * (lto1: WPA, then LTRANS or a single lto1 with -flto-partition=none).
 *
 * Example:
 *   gcc -flto -fplugin=wmmfence.so -O2 -c main.c pool.c data.c
 *   gcc -flto -fplugin=wmmfence.so -O2 main.o pool.o data.o -o prog
 * The compile step places no fence: it makes every shared access of every
 * function volatile (GCC's early optimisations, which run before the IR is
 * written, then neither merge nor move them) and marks each function it
 * saw.  The link step (the plugin on the link line: GCC passes link-line
 * plugins to lto1, not those of the compile lines) forces one LTRANS
 * partition in WPA, and in the LTRANS loads every marked body and runs the
 * usual analysis once on the whole program: threads wherever they are
 * started, every unit's accesses, one placement, fences emitted into the
 * bodies before GCC's late optimisations.  A body without the mark (an
 * -flto object compiled without the plugin) is unknown code, as a
 * function of another object is in per-unit mode (docs/plugin.md,
 * "Whole-program mode (-flto)").
 */
#include "plugin.h"

namespace {

/* DECL_ATTRIBUTES name of the mark (a space: no source can spell it). */
const char mark_name[] = "wmmfence lto";

/* The attribute of a compile-step fence's function type, and the value of
   a compile-step asm fence's unused operand ("WMMF"). */
const char fence_mark[] = "wmmfence lto fence";
/* The attribute of a compile-step volatile access's type; its argument
   is the access's type before. */
const char volatile_mark[] = "wmmfence lto volatile";
const HOST_WIDE_INT asm_mark = 0x574d4d46;

/* The unit's name at the link step, computed once. */
char *link_unit_name;

} // anon namespace

wmm_lto_phase
wmm_lto_phase_now (void)
{
  /* lto1 sets in_lto_p only after the plugins are initialised; its
     language is GIMPLE from the start. */
  if (in_lto_p || (lang_hooks.name && !strcmp (lang_hooks.name, "GNU GIMPLE")))
    return flag_wpa ? WMM_LTO_WPA : WMM_LTO_LINK;
  if (flag_lto && !flag_fat_lto_objects)
    return WMM_LTO_COMPILE;
  if (flag_lto)
    return WMM_LTO_COMPILE_FAT;
  return WMM_LTO_OFF;
}

bool
wmm_lto_foreign (tree fndecl)
{
  return wmm_lto_phase_now () == WMM_LTO_LINK
         && !lookup_attribute (mark_name, DECL_ATTRIBUTES (fndecl));
}

function *
wmm_analysable_body (cgraph_node *n)
{
  if (!n || n->alias || wmm_node_is_thunk (n) || !n->definition
      || wmm_lto_foreign (n->decl))
    return NULL;
  function *fn = n->get_fun ();
  return fn && fn->cfg && gimple_in_ssa_p (fn) ? fn : NULL;
}

static bool
compile_step (void)
{
  wmm_lto_phase p = wmm_lto_phase_now ();
  return p == WMM_LTO_COMPILE || p == WMM_LTO_COMPILE_FAT;
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
  if (!compile_step ())
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

/* Remove the compile step's fences from fn (the link step places the
 * program's); how many. */
int
strip_compile_fences (function *fn)
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

} // anon namespace

void
wmm_lto_mark_functions (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (!lookup_attribute (mark_name, DECL_ATTRIBUTES (node->decl)))
      DECL_ATTRIBUTES (node->decl)
        = tree_cons (get_identifier (mark_name), NULL_TREE,
                     DECL_ATTRIBUTES (node->decl));
}

void
wmm_lto_load_bodies (wmm_unitinfo *u)
{
  cgraph_node *node;
  auto_vec<const char *> foreign;
  bool partial = false;
  int stripped = 0;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->in_other_partition)
        partial = true;
      if (!node->has_gimple_body_p () || node->in_other_partition
          || node->inlined_to)
        continue;
      if (wmm_lto_foreign (node->decl))
        {
          foreign.safe_push (node->name ());
          continue;
        }
      /* A clone (ipa-cp, ipa-sra) not yet made from its original's body
         is made now; then the IPA transforms (inlining) are applied. */
      if (node->clone_of)
        node->get_untransformed_body ();
      if (!node->clone_of)
        node->get_body ();
      if (function *fn = wmm_analysable_body (node))
        stripped += strip_compile_fences (fn);
    }
  if (stripped)
    wmm_note (u, "link step: %d fences of the compile steps' per-unit "
              "placements removed; the whole program's replace them",
              stripped);
  if (partial)
    wmm_note (u, "link step: this LTRANS partition holds only part of the "
              "program (the plugin was not given to the WPA step, or it "
              "could not keep one partition): the other partitions' "
              "functions are unknown code, as in per-unit mode");
  foreign.qsort ([] (const void *a, const void *b) {
    return strcmp (*(const char *const *) a, *(const char *const *) b);
  });
  for (const char *name : foreign)
    wmm_note (u, "link step: %s() was compiled without the plugin (no "
              "-fplugin on its -flto compile line): its body is unknown "
              "code, summarised as a call of another object", name);
}

namespace {

/* Is the function's body code the plugin saw at its compile step? */
bool
marked (cgraph_node *n)
{
  return lookup_attribute (mark_name, DECL_ATTRIBUTES (n->decl)) != NULL;
}

/* Before the IPA passes that clone and inline (WPA, or lto1 without WPA): no call
 * between a marked function and a body compiled without the plugin is
 * inlined.  Code of the plugin's units inlined into unknown code would
 * escape the placement, unknown code inlined into them would be analysed
 * with its accesses already merged by early optimisations. */
unsigned int
separate_foreign_calls (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (!node->has_gimple_body_p ())
        continue;
      cgraph_node *caller = node->inlined_to ? node->inlined_to : node;
      for (cgraph_edge *e = node->callees; e; e = e->next_callee)
        {
          cgraph_node *callee = e->callee->ultimate_alias_target ();
          if (e->inline_failed && callee->has_gimple_body_p ()
              && marked (caller) != marked (callee))
            e->inline_failed = CIF_FUNCTION_NOT_INLINABLE;
        }
    }
  return 0;
}

/* An IPA pass without summaries: the regular IPA list (WPA) takes only
   those. */
const pass_data pass_data_separate = {
  IPA_PASS, "wmmfence-separate", OPTGROUP_NONE, TV_NONE,
  0, 0, 0, 0, 0
};

class pass_separate : public ipa_opt_pass_d
{
public:
  pass_separate (gcc::context *ctxt)
    : ipa_opt_pass_d (pass_data_separate, ctxt, NULL, NULL, NULL, NULL,
                      NULL, NULL, 0, NULL, NULL) {}
  unsigned int execute (function *) final override
  {
    return separate_foreign_calls ();
  }
};

} // anon namespace

void
wmm_lto_link_setup (const char *plugin_name)
{
  /* One LTRANS unit holds every body: the placement is one problem and
     every fence lands in the code the link step compiles. */
  if (wmm_lto_phase_now () == WMM_LTO_WPA)
    flag_lto_partition = LTO_PARTITION_ONE;
  struct register_pass_info pass;
  pass.pass = new pass_separate (g);
  pass.reference_pass_name = "whole-program";   /* before cp, sra, inline */
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
}

const char *
wmm_unit_name (void)
{
  if (wmm_lto_phase_now () != WMM_LTO_LINK)
    return main_input_filename ? main_input_filename : "<stdin>";
  if (!link_unit_name)
    {
      /* -dumpbase of the link step: "DIR/prog.ltrans0.ltrans" (LTRANS)
         or "DIR/prog.lto.o-ccXXXXXX.lto.o" (-flto-partition=none); the
         unit is named after the program: "prog (-flto)". */
      const char *d = dump_base_name ? lbasename (dump_base_name) : "";
      size_t n = strlen (d);
      static const char *const cuts[] = { ".ltrans", ".lto.o", ".wpa" };
      for (const char *cut : cuts)
        if (const char *at = strstr (d, cut))
          n = MIN (n, (size_t) (at - d));
      link_unit_name = n ? xasprintf ("%.*s (-flto)", (int) n, d)
                         : xstrdup ("program (-flto)");
    }
  return link_unit_name;
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
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            gimple *g = gsi_stmt (gsi);
            if (!is_gimple_assign (g))
              continue;
            bool did = release_ref (gimple_assign_lhs_ptr (g), keep);
            if (gimple_assign_single_p (g))
              did |= release_ref (gimple_assign_rhs1_ptr (g), keep);
            if (did)
              {
                gimple_set_has_volatile_ops (g, false);
                update_stmt (g);
                released++;
              }
          }
      pop_cfun ();
    }
  if (released)
    wmm_note (u, "link step: %d accesses the compile step kept in program "
              "order are plain again (the whole program does not order "
              "them)", released);
}
