/* halts.cc — calls after which the calling thread runs none of the code
 * that follows them: the process ends there (exit, abort, a failed
 * assertion), or a function of the program ends it on every path (a
 * `die ()` helper that prints and exits).
 *
 * The collector ends the path at such a call (collect.cc, add_halt): what
 * the thread did before it is ordered before nothing it would have done
 * after.  Without this a helper's exit path jumped to the helper's end and
 * went on in its caller, so `complain (); cut_short ();` in one thread put
 * complain's store before every later access of the caller.
 *
 * Only ends that cannot come back are counted: longjmp and C++ throws go
 * on in a caller (at a setjmp receiver or a landing pad), pthread_exit
 * runs the thread's cleanup handlers in the frames that pushed them; a
 * function of the program counts only when no path of its body reaches a
 * return, a block that ends in any other way, or a call that may throw
 * out of it, and no other definition may replace its body at run time
 * (an exported function of a shared object may be interposed).
 * Example:  static void die (const char *m) { perror (m); exit (1); }
 *   `if (!p) die ("malloc"); g = 1;` — nothing after die's call follows
 *   the accesses on its path.
 */
#include "plugin.h"

namespace {

/* Library functions that end the process (C, POSIX, glibc, the C++ run
 * time's terminate). */
const char *const process_enders[] = {
  "exit", "_exit", "_Exit", "quick_exit", "abort", "__assert_fail",
  "__assert_perror_fail", "__assert", "__stack_chk_fail", "__chk_fail",
  "__fortify_fail", "err", "errx", "verr", "verrx", "_ZSt9terminatev",
};

/* The unit's functions found never to return (NULL: not yet computed). */
hash_set<tree> *halting;

/* Does a call of fndecl, a library function, end the process? */
bool
ends_process (tree fndecl)
{
  if (fndecl_built_in_p (fndecl, BUILT_IN_TRAP)
      || fndecl_built_in_p (fndecl, BUILT_IN_UNREACHABLE))
    return true;
  /* (declared noreturn, as the C library declares them: a function of
     the program that happens to share a name and returns is not one) */
  if (!DECL_NAME (fndecl) || !DECL_EXTERNAL (fndecl)
      || !(flags_from_decl_or_type (fndecl) & ECF_NORETURN)
      || wmm_analysable_body (cgraph_node::get (fndecl)))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME_SET_P (fndecl)
                                      ? DECL_ASSEMBLER_NAME (fndecl)
                                      : DECL_NAME (fndecl));
  for (const char *e : process_enders)
    if (!strcmp (n, e))
      return true;
  return false;
}

/* Does call s end its thread's path, with the set as it stands? */
bool
halts (gimple *s)
{
  gcall *call = dyn_cast<gcall *> (s);
  tree d = call ? gimple_call_fndecl (call) : NULL_TREE;
  if (!d)
    return false;
  return ends_process (d) || halting->contains (wmm_alias_target (d));
}

/* May fn return to its caller: does a path from its entry reach a
 * return, a block with no way on (a longjmp, a throw, a noreturn function
 * of elsewhere), or a call that may throw out of it, before a call that
 * halts? */
bool
may_come_back (function *fn)
{
  return wmm_path_leaves (fn, halts, [fn] (gimple *s) {
    return stmt_can_throw_external (fn, s);
  }, true);
}

/* The functions with bodies the analysis reads that never return, to a
 * fixpoint: a helper that only calls a `die ()` never returns either. */
void
find_halting (void)
{
  halting = new hash_set<tree>;
  for (bool changed = true; changed;)
    {
      changed = false;
      wmm_each_body ([&] (cgraph_node *node, function *fn) {
        /* (a body another definition may replace at run time proves
           nothing: an exported function of a shared object) */
        if (!halting->contains (node->decl)
            && node->get_availability () > AVAIL_INTERPOSABLE
            && !may_come_back (fn))
          {
            halting->add (node->decl);
            changed = true;
          }
      });
    }
}

} // anon namespace

bool
wmm_call_halts (gimple *stmt)
{
  if (!is_gimple_call (stmt))
    return false;
  if (!halting)
    find_halting ();
  return halts (stmt);
}

void
wmm_halts_reset (void)
{
  delete halting;
  halting = NULL;
}
