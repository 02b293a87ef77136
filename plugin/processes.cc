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
 * daemon's fork) changes nothing: no memory is common.  Not seen: a
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
      wmm_each_stmt (fn, [&] (gimple *s) {
        const char *n = callee_name (s);
        if (!n)
          return;
        forks |= !strcmp (n, "fork") || !strcmp (n, "__fork");
        maps |= maps_shared (s, n);
      });
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
