/* callpaths.h — the event graph's control flow with calls and returns
 * matched: what po needs so that a helper called from two places does not
 * join them.
 *
 * The graph of aeg.h returns from the end of a called unit to every call
 * site of it, so code after one call of a helper seems to follow code
 * before another (load_read's `read` and write_thread's header, both
 * calling `twist`).  Here a call node leads into the callee and, when the
 * callee can reach its end (a summary, found to a fixed point for
 * recursion), straight on to its return site; a unit's end leads nowhere.
 * Following these edges from a node gives the paths that never return
 * from a unit they entered through a call; a path may still leave the
 * unit it starts in, through its end, to any return site of that unit
 * (the caller is not known): aeg.c's po adds those (to_exit: the node
 * reaches its unit's end without entering a call).  Every execution
 * follows such a path: a longjmp or an exception that leaves a callee
 * goes on from its call's return site in the caller's code, as in the
 * graph of aeg.h.
 *
 * Example:
 *   wmm_callpaths cp;
 *   if (wmm_callpaths_build(g, &cp) == 0) {
 *     for (int k = cp.off[n]; k < cp.off[n + 1]; k++) ... cp.succ[k] ...
 *     wmm_callpaths_free(&cp);
 *   }
 */
#ifndef WMMFENCE_CALLPATHS_H
#define WMMFENCE_CALLPATHS_H

#include "aeg.h"

typedef struct wmm_callpaths {
  int *off, *succ;          /* successors per node (CSR) */
  unsigned char *to_exit;   /* per node: reaches its unit's end */
} wmm_callpaths;

/* 0, or -1 when out of memory. */
int wmm_callpaths_build(const wmm_aeg *g, wmm_callpaths *cp);
void wmm_callpaths_free(wmm_callpaths *cp);

#endif
