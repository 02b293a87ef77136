/* gcc-compat.h — the one place where wmmfence's plugin includes GCC's headers
 * and tests GCC's version.  Every other plugin file includes this header
 * first and uses the WMM_* wrappers below instead of version checks, so
 * porting to another GCC release means editing this file only.
 *
 * Example:
 *   #include "gcc-compat.h"
 *   if (wmm_node_is_thunk (node)) continue;
 *   bool glob = wmm_pt_includes_global (&pi->pt);
 *
 * Built with the g++ that matches the target GCC (configure picks it), with
 * -fno-rtti -fno-exceptions like GCC itself.
 */
#ifndef WMMFENCE_GCC_COMPAT_H
#define WMMFENCE_GCC_COMPAT_H

#include "gcc-plugin.h"
/* plugin-version.h defines (static) gcc_version for the version check. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#include "plugin-version.h"
#pragma GCC diagnostic pop

#if GCCPLUGIN_VERSION_MAJOR < 10
#error "wmmfence needs GCC 10 or newer"
#endif

#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "attribs.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "tree-eh.h"
#include "sbitmap.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "tree-into-ssa.h"
#include "alias.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "builtins.h"
#include "calls.h"
#include "cfganal.h"
#include "tree-cfg.h"
#include "cfgloop.h"
#include "dominance.h"
#include "memmodel.h"
#include "langhooks.h"
#include "intl.h"
#include "sreal.h"
#include "context.h"
#include "cpplib.h"
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-modref-tree.h"
#include "ipa-modref.h"
#include "diagnostic-path.h"
#include "gcc-rich-location.h"
#include "gimple-fold.h"

/* A cgraph node that stands for another function (no body of its own). */
static inline bool
wmm_node_is_thunk (cgraph_node *node)
{
#if GCCPLUGIN_VERSION_MAJOR >= 11
  return node->thunk;
#else
  return node->thunk.thunk_p;
#endif
}

/* Does the points-to solution include global (non-local) memory? */
static inline bool
wmm_pt_includes_global (struct pt_solution *pt)
{
#if GCCPLUGIN_VERSION_MAJOR >= 12
  return pt_solution_includes_global (pt, true);
#else
  return pt_solution_includes_global (pt);
#endif
}

/* Initialiser of an attribute_spec for a function attribute with 0..max
 * arguments (the field list changed in GCC 8; this builds the GCC 8+
 * layout: name, min, max, decl, type, fn_type, identity, handler, exclude). */
#define WMM_FN_ATTRIBUTE(name, min, max, handler) \
  { name, min, max, true, false, false, false, handler, NULL }

/* The execution count of a block relative to its function's entry: GCC's
 * profile when it has one (an estimate made before the calling pass), else
 * 10 per enclosing loop (GCC's guess for a loop of unknown trip count). */
static inline double
wmm_bb_frequency (function *fn, basic_block bb)
{
  profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (fn)->count;
  if (bb->count.initialized_p () && entry.initialized_p ()
      && entry.nonzero_p ())
    return bb->count.to_sreal_scale (entry).to_double ();
  double f = 1.0;
  if (loops_for_fn (fn) && bb->loop_father)
    for (int d = MIN (bb_loop_depth (bb), 4); d > 0; d--)
      f *= 10.0;
  return f;
}

/* The C-family preprocessor (c-family/c-common.h, which cannot be included
 * with the middle-end headers), weak so that the plugin also loads into
 * lto1, which has no preprocessor. */
extern cpp_reader *parse_in __attribute__ ((weak));

#endif /* WMMFENCE_GCC_COMPAT_H */
