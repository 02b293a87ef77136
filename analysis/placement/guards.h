/* guards.h — critical cycles that the values of a program rule out: a read
 * that takes its value from a store of a constant and then must go on
 * into code that a test of that value skips.
 *
 * A front end may mark a conditional branch with a value guard
 * (wmm_instr.guard_load: the branch is taken only when a load's last value
 * is, or is not, a constant).  In a critical cycle, a com edge from a
 * class of plain stores into a class of plain loads is rf: the load reads
 * the value one of the stores wrote.  When every store of that class
 * writes a constant (or, for guards that compare with 0, a value the
 * front end knows is not 0: WMM_ACC_NONZERO), and from no load of the
 * reading class the guarded
 * branches let control reach the segment's second access while the value
 * read is that constant, no execution has the cycle: the read of 1 from
 * `done = 1` cannot go on into `while (!done) { ... }`'s body.  The
 * search (cycles.c) drops such cycles.  A path that runs the load again,
 * or leaves its function, no longer knows the value (the guard is off).
 *
 * Example:
 *   wmm_guards *gd = wmm_guards_new(aeg);   (NULL: no guard, or no memory)
 *   if (gd && !wmm_guards_cycle(gd, seg, n)) ... the cycle cannot happen
 *   wmm_guards_free(gd);
 */
#ifndef WMMFENCE_GUARDS_H
#define WMMFENCE_GUARDS_H

#include "cycles.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_guards wmm_guards;

/* Value v as a load of `width` bytes sees it. */
static inline wmm_val wmm_guard_fit(wmm_val v, int width)
{
  if (width <= 0 || width >= 8)
    return v;
  return (wmm_val)((uint64_t)v & ((UINT64_C(1) << (8 * width)) - 1));
}

/* The guards of g's program, or NULL when it has none (or memory ran
 * out: then no cycle is dropped, which is always sound). */
wmm_guards *wmm_guards_new(const wmm_aeg *g);
void wmm_guards_free(wmm_guards *gd);

/* May the cycle of n segments (consecutive, the last joined to the first)
 * happen, as far as value guards tell?  1: it may (also when unsure),
 * 0: no execution has it. */
int wmm_guards_cycle(wmm_guards *gd, const wmm_cseg *seg, int n);

/* May the po pair of classes (a, b) of one thread lie on a cycle that
 * can happen?  A read's way into a cycle is rf from a write of another
 * thread: 0 when every such write stores a constant that keeps control
 * from a to b (the per-pair fallback of an SCC too big to enumerate). */
int wmm_guards_pair(wmm_guards *gd, int a, int b);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_GUARDS_H */
