/* wmmfence.cc — the GCC plugin's entry point: options, the wmmfence_thread
 * attribute, the __WMMFENCE__ macro, and the pass that runs collection,
 * placement, reporting and emission once per translation unit.
 *
 * Example:
 *   gcc -fplugin=wmmfence -fplugin-arg-wmmfence-arch=power -O2 -c x.c
 *   gcc -specs=wmmfence.specs -fwmm-arch=power -O2 -c x.c
 *
 * Pass position: a simple IPA pass right after "build_ssa_passes", i.e.
 * before "opt_local_passes" (the early optimisations).
 *  - It sees every function of the unit at once, in SSA form: thread
 *    entries, calls between functions and shared locations are properties
 *    of the whole unit, and the placement solves one problem for all.
 *  - It sees every access the source makes.  The early optimisations that
 *    follow at -O1 and above (FRE, DSE, forwprop, early inlining, SRA)
 *    merge repeated loads (`s1 = seq; ... s2 = seq;` becomes one load in a
 *    seqlock reader), delete stores and move accesses; running after them
 *    would analyse and fence a program the source never wrote.  The
 *    volatile accesses and fence builtins we insert are respected by all
 *    later passes (early and IPA inlining copy them along; LIM, PRE, store
 *    motion and the schedulers keep volatile accesses in order).
 *  - Everything GCC computes about a function afterwards (call-graph edges
 *    are rebuilt, pure/const, modref and size summaries are computed)
 *    already sees our changes, so nothing is stale.
 *  The price: GCC's points-to sets and profile estimate do not exist yet.
 *  memloc.cc resolves pointers through their SSA definitions (p = &x + 4)
 *  and computes which locals' addresses escape; positions are weighted by
 *  10 per enclosing loop (gcc-compat.h).  Inserting statements requires
 *  updating virtual SSA and the call-graph edges (emit.cc).
 */
#include "plugin.h"

int plugin_is_GPL_compatible;

static wmm_plugin_options options;

/* __attribute__((wmmfence_thread)) / wmmfence_thread(N): a thread entry
 * with N (1 or 2, default 2) instances. */
static tree
handle_thread_attribute (tree *node, tree name, tree args, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute applies only to functions",
               name);
      *no_add = true;
      return NULL_TREE;
    }
  if (args)
    {
      tree a = TREE_VALUE (args);
      if (TREE_CODE (a) != INTEGER_CST || !tree_fits_shwi_p (a)
          || (tree_to_shwi (a) != 1 && tree_to_shwi (a) != 2))
        {
          error ("%qE attribute argument must be 1 or 2 (instances)", name);
          *no_add = true;
        }
    }
  return NULL_TREE;
}

static struct attribute_spec thread_attribute
  = WMM_FN_ATTRIBUTE ("wmmfence_thread", 0, 1, handle_thread_attribute);

static void
register_attributes (void *, void *)
{
  register_attribute (&thread_attribute);
}

/* Tell the source it is compiled with the plugin (C and C++ only). */
static void
define_macros (void *, void *)
{
  if (&parse_in == NULL || !parse_in)
    return;
  cpp_define (parse_in, "__WMMFENCE__=1");
  wmm_model m = options.model >= 0 ? (wmm_model) options.model
                                   : wmm_target_model ();
  char *def = xasprintf ("__WMMFENCE_MODEL__=\"%s\"", wmm_model_name (m));
  cpp_define (parse_in, def);
  free (def);
}

/* The whole job for one translation unit. */
static unsigned int
run_wmmfence (void)
{
  wmm_unitinfo u;
  memset (&u, 0, sizeof u);
  u.opts = &options;
  u.model = options.model >= 0 ? (wmm_model) options.model
                               : wmm_target_model ();
  u.at_O0 = wmm_unit_at_O0 ();
  wmm_placement pl;
  memset (&pl, 0, sizeof pl);
  char **vol = NULL;
  bool concurrent = wmm_find_entries (&u);
  bool ok = true;
  if (concurrent && !wmm_collect (&u))
    {
      error ("wmmfence: out of memory while collecting the program");
      ok = false;
    }
  if (!concurrent)
    wmm_note (&u, "nothing in this unit runs concurrently (no threads are "
              "started and no entry is marked); see -fwmm-threads");
  if (ok && options.dump_ir && !wmm_dump_ir (&u, options.dump_ir))
    ok = false;
  if (ok && concurrent)
    ok = options.nmarks ? wmm_debug_placement (&u, &pl, &vol)
                        : wmm_compute_placement (&u, &pl, &vol);
  if (ok && concurrent && !options.nmarks)
    wmm_merge_site_fences (&u, &pl);
  if (ok)
    {
      wmm_report_diagnostics (&u, &pl);
      if (options.report)
        wmm_report_json (&u, &pl, vol, options.report);
      if (options.mode == WMM_MODE_INSERT && concurrent)
        wmm_emit (&u, &pl, vol);
    }
  wmm_free_volatile (&u, vol);
  if (options.nmarks)
    {
      free (pl.fences);
      memset (&pl, 0, sizeof pl);
    }
  else
    wmm_placement_free (&pl);
  wmm_unitinfo_free (&u);
  return 0;
}

namespace {

const pass_data pass_data_wmmfence = {
  SIMPLE_IPA_PASS,  /* type */
  "wmmfence",       /* name */
  OPTGROUP_NONE,    /* optinfo_flags */
  TV_NONE,          /* tv_id */
  0, 0, 0, 0, 0     /* properties, todo flags */
};

class pass_wmmfence : public simple_ipa_opt_pass
{
public:
  pass_wmmfence (gcc::context *ctxt)
    : simple_ipa_opt_pass (pass_data_wmmfence, ctxt) {}
  bool gate (function *) final override { return !seen_error (); }
  unsigned int execute (function *) final override { return run_wmmfence (); }
};

} // anon namespace

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("wmmfence: this plugin was built for GCC %s, not %s",
             gcc_version.basever, version->basever);
      return 1;
    }
  static struct plugin_info help = {
    "0.1.0",
    "wmmfence: fences for weak memory models.  Keys: arch=MODEL, "
    "mode=insert|warn|report, report=FILE, threads=auto|create|exported, "
    "calls=sound|barrier, verbose, quiet, disable, time-limit=SECONDS, "
    "max-cycles=N, "
    "greedy, dump-ir=FILE, debug-fence=FUNC:INDEX:KIND, "
    "debug-volatile=FUNC:INDEX"
  };
  register_callback (info->base_name, PLUGIN_INFO, NULL, &help);
  if (!wmm_parse_options (info, &options))
    return 0;   /* error() was called: the compilation fails */
  /* Attributes and the macro exist even when disabled, so that annotated
     sources compile the same way. */
  register_callback (info->base_name, PLUGIN_ATTRIBUTES, register_attributes,
                     NULL);
  register_callback (info->base_name, PLUGIN_PRAGMAS, define_macros, NULL);
  if (options.disable)
    return 0;
  struct register_pass_info pass;
  pass.pass = new pass_wmmfence (g);
  pass.reference_pass_name = "build_ssa_passes";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  return 0;
}
