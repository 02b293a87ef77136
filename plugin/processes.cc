/* processes.cc — processes that share memory: a unit that forks and maps
 * memory it can share (mmap with MAP_SHARED or flags it cannot read,
 * shmat, shm_open) runs its code after the fork in two processes at once,
 * the parent and the child, whose only common memory is such a mapping.
 *
 * entries.cc asks wmm_forks_sharing_memory when it makes main an entry:
 * main then has two instances (the parent's and the child's continuation;
 * the IR cannot tell which side of the fork's result a path takes).  When
 * nothing else runs concurrently (no thread of the unit), every declared
 * object and local is each process's own (a fork copies them): memloc.cc
 * asks wmm_processes_only and keeps them out of the analysis, so only
 * accesses the unit cannot place (through the mapping's pointers) are
 * shared.  A fork without a shared mapping in the unit (fork + exec, a
 * daemon's fork) changes nothing: no memory is common; nor does a fork
 * one side of which ends its process at once (one_side_ends: a daemon's
 * parent calling _exit), after which one process runs alone.  Not seen: a
 * mapping made by another unit (build with -flto), memory shared by
 * other means (a section mapped shared by the linker).
 *
 * Example:  int *s = mmap (0, 4096, PROT_READ | PROT_WRITE,
 *                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
 *           if (fork () == 0) { s[0] = 1; r0 = s[1]; _exit (0); }
 *           s[1] = 1; r1 = s[0];
 *   store buffering between the two processes: a full fence on each side.
 */
#include "plugin.h"

namespace {

/* The processes-only mode of the current unit (wmm_processes_only). */
bool processes_only;

/* The name of the C library function stmt calls, or NULL. */
const char *
callee_name (gimple *stmt)
{
  const char *n = wmm_callee_name (stmt);
  return n && wmm_c_library_fn (gimple_call_fndecl (stmt)) ? n : NULL;
}

/* Does stmt map memory another process may share? */
bool
maps_shared (gimple *stmt, const char *n)
{
  if (!strcmp (n, "shmat") || !strcmp (n, "shm_open"))
    return true;
  if ((strcmp (n, "mmap") && strcmp (n, "mmap64"))
      || gimple_call_num_args (stmt) < 4)
    return false;
  /* MAP_SHARED (and MAP_SHARED_VALIDATE) have bit 0 on Linux */
  tree flags = gimple_call_arg (stmt, 3);
  return TREE_CODE (flags) != INTEGER_CST || (tree_to_uhwi (flags) & 1);
}

/* Does block bb end the process before it touches memory: a call of
 * _exit or _Exit first (after labels, debug statements and empty blocks
 * with one successor)?  (Not exit: its handlers may touch a mapping.) */
bool
ends_at_once (basic_block bb)
{
  for (int hops = 0; hops < 4 && bb->index >= NUM_FIXED_BLOCKS; hops++)
    {
      gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
      if (!gsi_end_p (gsi))
        {
          const char *n = callee_name (gsi_stmt (gsi));
          return n && (!strcmp (n, "_exit") || !strcmp (n, "_Exit"));
        }
      if (!single_succ_p (bb))
        return false;
      bb = single_succ (bb);
    }
  return false;
}

/* May a value v with `v code k` true (holds) or false (!holds) be
 * positive (a parent's fork result), resp. zero (the child's)? */
void
cond_side (tree_code code, HOST_WIDE_INT k, bool holds, bool *pos, bool *zero)
{
  if (!holds)
    code = invert_tree_comparison (code, false);
  switch (code)
    {
    case EQ_EXPR: *pos = k > 0; *zero = k == 0; break;
    case NE_EXPR: *pos = true; *zero = k != 0; break;
    case LT_EXPR: *pos = k > 1; *zero = k > 0; break;
    case LE_EXPR: *pos = k >= 1; *zero = k >= 0; break;
    case GT_EXPR: *pos = true; *zero = k < 0; break;
    case GE_EXPR: *pos = true; *zero = k <= 0; break;
    default: *pos = *zero = true; break;
    }
}

/* Does one side of fork call `call` end its process at once, so that the
 * two never run together: the daemon's `switch (fork ()) { case -1:
 * return -1; case 0: break; default: _exit (0); }`, or `if (pid > 0)
 * _exit (0);`?  The fork's block must end in a test of its result, with
 * nothing touching memory in between, each side of which the result's
 * sign decides (what else is done with the result is done on one side
 * only). */
bool
one_side_ends (gimple *call)
{
  tree pid = gimple_call_lhs (call);
  if (!pid || TREE_CODE (pid) != SSA_NAME)
    return false;
  gimple *test = last_stmt (gimple_bb (call));
  if (!test || test == call)
    return false;
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  for (gsi_next (&gsi); !gsi_end_p (gsi) && gsi_stmt (gsi) != test;
       gsi_next (&gsi))
    if (gimple_vuse (gsi_stmt (gsi)) || is_gimple_call (gsi_stmt (gsi)))
      return false;
  /* per side: may the parent / the child take it, and does it end */
  bool parent_lives = false, child_lives = false;
  auto side = [&] (basic_block dest, bool pos, bool zero) {
    bool ends = ends_at_once (dest);
    parent_lives |= pos && !ends;
    child_lives |= zero && !ends;
  };
  if (gcond *c = dyn_cast<gcond *> (test))
    {
      if (gimple_cond_lhs (c) != pid
          || !tree_fits_shwi_p (gimple_cond_rhs (c)))
        return false;
      HOST_WIDE_INT k = tree_to_shwi (gimple_cond_rhs (c));
      edge t, f;
      extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
      bool pos, zero;
      cond_side (gimple_cond_code (c), k, true, &pos, &zero);
      side (t->dest, pos, zero);
      cond_side (gimple_cond_code (c), k, false, &pos, &zero);
      side (f->dest, pos, zero);
    }
  else if (gswitch *sw = dyn_cast<gswitch *> (test))
    {
      if (gimple_switch_index (sw) != pid)
        return false;
      bool zero_cased = false;
      for (unsigned i = 1; i < gimple_switch_num_labels (sw); i++)
        {
          tree l = gimple_switch_label (sw, i);
          tree lo = CASE_LOW (l), hi = CASE_HIGH (l) ? CASE_HIGH (l) : lo;
          if (!tree_fits_shwi_p (lo) || !tree_fits_shwi_p (hi))
            return false;
          HOST_WIDE_INT a = tree_to_shwi (lo), b = tree_to_shwi (hi);
          zero_cased |= a <= 0 && 0 <= b;
          side (label_to_block (cfun, CASE_LABEL (l)), b > 0, a <= 0 && 0 <= b);
        }
      /* (the default: every positive value no case names, and 0 when no
         case does) */
      side (label_to_block (cfun, CASE_LABEL (gimple_switch_default_label (sw))),
            true, !zero_cased);
    }
  else
    return false;
  return !parent_lives || !child_lives;
}

} // anon namespace

bool
wmm_forks_sharing_memory (const vec<cgraph_node *> &fns)
{
  bool forks = false, maps = false;
  for (cgraph_node *node : fns)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg)
        continue;
      push_cfun (fn);
      wmm_each_stmt (fn, [&] (gimple *s) {
        const char *n = callee_name (s);
        if (!n)
          return;
        forks |= (!strcmp (n, "fork") || !strcmp (n, "__fork"))
                 && !one_side_ends (s);
        maps |= maps_shared (s, n);
      });
      pop_cfun ();
    }
  return forks && maps;
}

void
wmm_set_processes_only (bool on)
{
  processes_only = on;
}

bool
wmm_processes_only (void)
{
  return processes_only;
}
