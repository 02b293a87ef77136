/* options.h — the plugin's options, parsed from -fplugin-arg-wmmfence-KEY=VALUE
 * (the specs file turns -fwmm-KEY=VALUE into those).
 *
 * Example:
 *   gcc -fplugin=wmmfence -fplugin-arg-wmmfence-arch=power \
 *       -fplugin-arg-wmmfence-report=out.json -O2 -c x.c
 *   -> opts.model = WMM_MODEL_POWER, opts.report = "out.json"
 *
 * Unknown keys and bad values are reported with GCC's error() naming the
 * option; the plugin then disables itself (the compilation fails).
 */
#ifndef WMMFENCE_PLUGIN_OPTIONS_H
#define WMMFENCE_PLUGIN_OPTIONS_H

/* The deepest -fplugin-arg-wmmfence-inline-depth. */
#define WMM_MAX_INLINE_DEPTH 8

#include "ir.h"

struct plugin_name_args;

/* What to do with the placement. */
enum wmm_plugin_mode {
  WMM_MODE_INSERT = 0,   /* insert the fences (notes on request) */
  WMM_MODE_WARN,         /* a warning per missing fence, insert nothing */
  WMM_MODE_REPORT        /* notes and report only, insert nothing */
};

/* How thread entries are found (see docs/plugin.md). */
enum wmm_threads_mode {
  WMM_THREADS_AUTO = 0,  /* create targets, main, attribute, escaping
                            addresses, OpenMP; a unit with none of these
                            but escapes is a library: exported functions */
  WMM_THREADS_CREATE,    /* create targets, main, attribute, OpenMP only
                            (no escaping addresses) */
  WMM_THREADS_EXPORTED   /* additionally every exported function (2 copies) */
};

/* How a call to a function outside the unit is summarised. */
enum wmm_calls_mode {
  WMM_CALLS_SOUND = 0,   /* may read and write any escaped memory */
  WMM_CALLS_BARRIER      /* only a compiler barrier (touches no shared data) */
};

/* A debugging aid: a fence or volatile mark given by hand instead of the
 * placement (-fplugin-arg-wmmfence-debug-fence=FUNC:INDEX:KIND). */
struct wmm_debug_mark {
  char *func;
  int index;
  wmm_fence kind;        /* WMM_FENCE_NONE for debug-volatile */
};

struct wmm_plugin_options {
  int model;             /* wmm_model, -1 = the target's own */
  int from;              /* wmm_model whose behaviours are kept (sc, tso,
                            pso, rmo; default sc): -fplugin-arg-wmmfence-from */
  wmm_plugin_mode mode;
  char *report;          /* JSON report file, or NULL */
  char *dump_ir;         /* IR dump file, or NULL */
  wmm_threads_mode threads;
  wmm_calls_mode calls;
  int verbose;           /* also the analysis' notes */
  int notes;             /* per-fence notes: -1 the mode's default (none
                            in insert mode, one line in report mode),
                            0 none, 1 one line each, 2 with the cycle */
  int summary;           /* one line per translation unit */
  int quiet;             /* no notes (notes=0), no summary */
  int disable;
  int greedy;            /* skip the ILP (testing) */
  double time_limit;     /* seconds for the ILP */
  long max_cycles;       /* bound on the cycle search (0 = the core's) */
  int inline_depth;      /* small callees collected per call site, this
                            deep (0 = every call stays a call) */
  wmm_debug_mark *marks;
  int nmarks;
  int check;             /* check the (fenced) unit with the BMC (check.cc) */
  int unwind;            /* its loop bound (default 2) */
  int goal;              /* 0 sc (restore the reference model), 1
                            assertions (cegar.cc; implies check) */
  int deps_addr;         /* deps=addr: credit the address dependency of a
                            dereference of a just-loaded pointer
                            (collect.cc, docs/plugin.md "Dependencies") */
  int locks_acqrel;      /* locks=acqrel: lock and unlock calls order as
                            acquire / release on Power and ARMv8 (glibc's),
                            not as full fences (collect.cc, protect.cc) */
};

/* Parse the plugin's arguments into *o; returns false after an error(). */
bool wmm_parse_options (const struct plugin_name_args *info,
                        wmm_plugin_options *o);

/* The model named by the target triple the plugin was built for. */
wmm_model wmm_target_model (void);

/* Parse a fence kind name ("lwsync", "dmb_ishld", "dmb-ish", "sync"). */
int wmm_parse_fence_kind (const char *s);

#endif
