/* lto.cc — whole-program mode: the plugin under -flto, split between the
 * compile step (cc1 writing GIMPLE into the object) and the link step
 * (lto1: WPA, then LTRANS, or a single lto1 with -flto-partition=none).
 *
 * Example:
 *   gcc -flto -fplugin=wmmfence.so -O2 -c main.c pool.c data.c
 *   gcc -flto -fplugin=wmmfence.so -O2 main.o pool.o data.o -o prog
 * The compile step makes every shared access of every function volatile
 * (GCC's early optimisations, which run before the IR is written, then
 * neither merge nor move them), places the unit's own fences as in
 * per-unit mode and marks functions, fences and volatile accesses
 * (ltomark.cc).  The link step needs the plugin on the link line (GCC
 * passes link-line plugins to lto1, not those of the compile lines): WPA
 * keeps one LTRANS partition and no inlining between marked and unmarked
 * bodies; the LTRANS reads every marked body, removes the compile step's
 * fences and runs the usual analysis once on the whole program, then
 * makes the accesses it does not order plain again.  A body without the
 * mark (an -flto object compiled without the plugin) is unknown code, as
 * a function of another object is in per-unit mode (docs/plugin.md,
 * "Whole-program mode").
 */
#include "plugin.h"

namespace {

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
  return wmm_lto_phase_now () == WMM_LTO_LINK && !wmm_lto_marked (fndecl);
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

function *
wmm_binding_body (cgraph_node *n)
{
  return n && n->get_availability () > AVAIL_INTERPOSABLE
         ? wmm_analysable_body (n) : NULL;
}

char *
wmm_lto_settings (const wmm_unitinfo *u)
{
  static const char *const threads[] = { "auto", "create", "exported" };
  static const char *const calls[] = { "sound", "barrier" };
  const wmm_plugin_options *o = u->opts;
  return xasprintf ("arch=%s from=%s threads=%s calls=%s locks=%s deps=%s",
                    wmm_model_name (u->model),
                    wmm_model_name ((wmm_model) o->from),
                    threads[o->threads], calls[o->calls],
                    o->locks_acqrel ? "acqrel" : "full",
                    o->deps_addr ? "addr" : "none");
}

void
wmm_lto_load_bodies (wmm_unitinfo *u)
{
  cgraph_node *node;
  auto_vec<const char *> foreign;
  bool partial = false;
  int stripped = 0;
  char *settings = wmm_lto_settings (u);
  bool told = false;
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
      /* The compile step kept in program order what its own options
         called shared (x86-TSO's fresh objects are private, Power's are
         not): other options here would analyse code GCC may already
         have reordered. */
      const char *was = wmm_lto_mark_settings (node->decl);
      if (was && strcmp (was, settings) && !told)
        {
          error ("wmmfence: %qs was compiled with %<%s%> at the compile "
                 "step of %<-flto%>, and the link step has %<%s%>: give "
                 "the compile and link lines the same %<-fwmm-arch%>, "
                 "%<-fwmm-from%> and other wmmfence options (or "
                 "%<-fplugin-arg-wmmfence-KEY%>)", node->name (), was,
                 settings);
          told = true;
        }
      /* A clone (ipa-cp, ipa-sra) not yet made from its original's body
         is made now; then the IPA transforms (inlining) are applied. */
      if (node->clone_of)
        node->get_untransformed_body ();
      if (!node->clone_of)
        node->get_body ();
      if (function *fn = wmm_analysable_body (node))
        stripped += wmm_lto_strip_fences (fn);
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
  free (settings);
}

namespace {

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
              && wmm_lto_marked (caller->decl) != wmm_lto_marked (callee->decl))
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

tree
wmm_decl_initial (tree decl)
{
  tree init = DECL_INITIAL (decl);
  if (init != error_mark_node || !VAR_P (decl))
    return init;
  varpool_node *v = varpool_node::get (decl);
  return v ? v->get_constructor () : error_mark_node;
}
