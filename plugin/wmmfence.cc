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
 * Under -flto this pass also runs in lto1, among the late IPA passes
 * (before "simdclone"), on the whole program; the compile step prepares
 * for it (lto.cc, docs/plugin.md "Whole-program mode").
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

/* The memory model: the option's, else the target's. */
static wmm_model
chosen_model (void)
{
  return options.model >= 0 ? (wmm_model) options.model : wmm_target_model ();
}

/* Tell the source it is compiled with the plugin (C and C++ only). */
static void
define_macros (void *, void *)
{
  if (&parse_in == NULL || !parse_in)
    return;
  /* Compiling an already preprocessed file (-save-temps, distcc): the
     preprocessing step had the plugin and its macros; a definition now
     would be read as a stray directive. */
  if (cpp_get_options (parse_in)->preprocessed)
    return;
  cpp_define (parse_in, "__WMMFENCE__=1");
  char *def = xasprintf ("__WMMFENCE_MODEL__=\"%s\"",
                         wmm_model_name (chosen_model ()));
  cpp_define (parse_in, def);
  free (def);
}

/* An empty unit with the options and the model of this compilation. */
static void
start_unit (wmm_unitinfo *u)
{
  memset (u, 0, sizeof *u);
  u->opts = &options;
  u->model = chosen_model ();
  u->foreign_callable = -1;
  u->at_O0 = wmm_unit_at_O0 ();
}

/* Compile step of -flto: keep every shared access of every function as
 * the source wrote it (volatile) for the link step, place nothing, and
 * mark the functions as seen (lto.cc). */
static void
prepare_for_link (void)
{
  wmm_unitinfo u;
  start_unit (&u);
  u.lto_prepare = true;
  wmm_find_entries (&u);
  wmm_placement pl;
  memset (&pl, 0, sizeof pl);
  if (!u.units.is_empty () && !wmm_collect (&u))
    error ("wmmfence: out of memory while collecting the program");
  else if (u.prog)
    {
      char **vol = XCNEWVEC (char *, u.prog->nthreads);
      for (int t = 0; t < u.prog->nthreads; t++)
        {
          const wmm_thread *th = &u.prog->threads[t];
          const wmm_unit *unit = wmm_unit_of_thread (&u, t);
          vol[t] = XCNEWVEC (char, th->ncode + 1);
          for (int i = 0; i < th->ncode; i++)
            vol[t][i] = wmm_instr_is_access (&th->code[i])
                        && !(unit && i < (int) unit->sites.length ()
                             && unit->sites[i].summary);
        }
      wmm_emit (&u, &pl, vol);
      wmm_free_volatile (&u, vol);
    }
  wmm_reflocks_finish (options.mode == WMM_MODE_INSERT);
  char *settings = wmm_lto_settings (&u);
  wmm_lto_mark_functions (settings);
  free (settings);
  wmm_unitinfo_free (&u);
}

/* The whole job for one translation unit. */
static unsigned int
run_wmmfence (void)
{
  wmm_lto_phase phase = wmm_lto_phase_now ();
  /* The compile step of -flto: every shared access volatile, then this
     unit's fences as in per-unit mode, marked: the link step replaces
     them by the whole program's, and a link without the plugin (or a fat
     object's native code) keeps them. */
  if (phase == WMM_LTO_COMPILE || phase == WMM_LTO_COMPILE_FAT)
    prepare_for_link ();
  wmm_unitinfo u;
  start_unit (&u);
  wmm_placement pl;
  memset (&pl, 0, sizeof pl);
  char **vol = NULL;
  if (phase == WMM_LTO_LINK)
    wmm_lto_load_bodies (&u);
  bool concurrent = wmm_find_entries (&u);
  if (phase == WMM_LTO_COMPILE || phase == WMM_LTO_COMPILE_FAT)
    wmm_note (&u, "compile step of -flto: every shared access is kept in "
              "program order and this unit's fences stand in until the "
              "link step, given the plugin too, replaces them by the whole "
              "program's");
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
         : options.goal && options.mode == WMM_MODE_INSERT
           ? wmm_goal_placement (&u, &pl, &vol)
           : wmm_compute_placement (&u, &pl, &vol);
  if (ok && concurrent && !options.nmarks)
    wmm_merge_site_fences (&u, &pl);
  /* Link step: what the whole program does not order need not stay
     volatile (the compile step kept every shared access in order). */
  if (ok && phase == WMM_LTO_LINK && options.mode == WMM_MODE_INSERT)
    wmm_lto_release_volatile (&u, concurrent ? vol : NULL);
  if (ok)
    {
      wmm_report_diagnostics (&u, &pl);
      wmm_reflocks_diagnostics (&u);
      if (options.mode == WMM_MODE_INSERT && concurrent)
        wmm_emit (&u, &pl, vol);
      /* The check sees the code as GCC will compile it (fenced or not). */
      if (options.check && concurrent)
        wmm_check_unit (&u);
      wmm_section_record (&u, &pl);
      if (options.report)
        wmm_report_json (&u, &pl, vol, options.report);
    }
  wmm_reflocks_finish (ok && options.mode == WMM_MODE_INSERT && concurrent);
  free (u.check_json);
  u.check_json = NULL;
  free (u.check_record);
  u.check_record = NULL;
  free (u.goal_json);
  u.goal_json = NULL;
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

/* The target of a GCC configuration ("--target=T" of its configure
 * arguments), or "an unnamed target". */
static char *
configured_target (const char *args)
{
  const char *t = args ? strstr (args, "--target=") : NULL;
  if (!t)
    return xstrdup ("an unnamed target");
  t += strlen ("--target=");
  return xstrndup (t, strcspn (t, " "));
}

/* Refuse a GCC other than the one whose headers built the plugin, saying
 * which of the fields GCC compares differ (a host plugin loaded into a
 * cross compiler of the same version differs only in its configuration). */
static bool
version_matches (const struct plugin_gcc_version *v)
{
  if (plugin_default_version_check (CONST_CAST (plugin_gcc_version *, v),
                                    &gcc_version))
    return true;
  const struct plugin_gcc_version *b = &gcc_version;
  char *built_for = configured_target (b->configuration_arguments);
  char *loaded_into = configured_target (v->configuration_arguments);
  const char *what
    = strcmp (b->basever, v->basever) ? "versions"
      : strcmp (b->datestamp, v->datestamp) ? "build dates"
      : strcmp (b->devphase, v->devphase) ? "development phases"
      : strcmp (b->revision, v->revision) ? "revisions"
      : strcmp (built_for, loaded_into) ? "targets"
      : "configure arguments";
  error ("wmmfence: this plugin was built for GCC %s (%s, %s) but was loaded "
         "into GCC %s (%s, %s): the %s differ; load the plugin built for this "
         "compiler (%<make install%> puts it into the directory that "
         "%<-print-file-name=plugin%> names)",
         b->basever, b->datestamp, built_for, v->basever, v->datestamp,
         loaded_into, what);
  free (built_for);
  free (loaded_into);
  return false;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!version_matches (version))
    return 1;
  static struct plugin_info help = {
    "0.1.0",
    "wmmfence: fences for weak memory models.  Keys: arch=MODEL, "
    "mode=insert|warn|report, report=FILE, threads=auto|create|exported, "
    "calls=sound|barrier, notes[=0|1|2], summary, verbose, quiet, disable, "
    "time-limit=SECONDS, "
    "max-cycles=N, "
    "greedy, dump-ir=FILE, debug-fence=FUNC:INDEX:KIND, "
    "debug-volatile=FUNC:INDEX, check, unwind=N, goal=sc|assertions, "
    "deps=none|addr, locks=full|acqrel"
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
  /* lto1: WPA only keeps the program in one partition; the link step
     runs the pass among the late IPA passes, once the bodies can be read
     (lto.cc).  cc1 and cc1plus: right after SSA is built (above). */
  wmm_lto_phase phase = wmm_lto_phase_now ();
  if (phase == WMM_LTO_WPA || phase == WMM_LTO_LINK)
    wmm_lto_link_setup (info->base_name);
  if (phase == WMM_LTO_WPA)
    return 0;
  struct register_pass_info pass;
  pass.pass = new pass_wmmfence (g);
  pass.reference_pass_name
    = phase == WMM_LTO_LINK ? "simdclone" : "build_ssa_passes";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = phase == WMM_LTO_LINK ? PASS_POS_INSERT_BEFORE
                                      : PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  wmm_section_register (info->base_name);
  return 0;
}
