/* cycles.h — critical cycles of an abstract event graph (seed 000 §4.3 and
 * its footnote 4), searched over event classes (aeg.h).
 *
 * A cycle is a sequence of segments, one per thread, all threads distinct.
 * A segment is one access (a == b) or a po pair (a, b) of two accesses to
 * different locations; consecutive segments are joined by a com edge (same
 * location, one of the two writes), and so is the last to the first.  At
 * most three accesses per location, consecutive in the cycle.  Whether the
 * model relaxes the cycle is decided later, with the model (requirement.h).
 *
 * Chains through a one-access thread are kept only when they cannot be
 * shortened: W -rf-> R -fr-> W', R -fr-> W -co-> W' and W -co-> W' -co-> W''
 * imply a direct com edge between the outer accesses, and a cycle that uses
 * that edge instead is forbidden whenever the longer one is (its execution
 * is a sub-execution of the longer one's); the middle access must be a
 * write read by the next access.  A thread with two instances appears as two
 * virtual threads; a cycle using only the second one is the same as one
 * using only the first, and is skipped.
 *
 * Search: Tarjan's SCCs of the class graph first (no cycle leaves an SCC),
 * then, per SCC, a depth-first enumeration that starts at the smallest
 * thread of the cycle so each cycle is found once.  The enumeration is
 * bounded (max_cycles cycles and 64 x max_cycles search steps per SCC,
 * 4 x max_cycles for an SCC of more than 1 024 classes);
 * it follows only segments whose last access can still lead back to the
 * start's location (a reachability table per location and access kind,
 * an over-approximation: no cycle is lost, many dead ends are).  An SCC
 * that exceeds the bound is handed to the per-pair decision: every po pair
 * of classes inside it whose ends conflict with other threads and whose
 * second access can lead back to the first is reported in `fallback`, and
 * placement gives it a fence that is strong enough whatever cycle it lies
 * on (docs/placement.md).  For each such pair that ends up fenced,
 * wmm_cycles_witness finds a witness cycle for the report: the shortest
 * (up to WITNESS_MAX_SEGS segments) through the pair that the caller's
 * test accepts (one the target allows).
 *
 * Example:
 *   wmm_cycles cy;
 *   if (wmm_cycles_find(aeg, 0, 0, &cy, &err) == 0) {
 *     for (int i = 0; i < cy.ncyc; i++) ... cy.seg[cy.cyc[i].off + k] ...
 *     wmm_cycles_free(&cy);
 *   }
 */
#ifndef WMMFENCE_CYCLES_H
#define WMMFENCE_CYCLES_H

#include "aeg.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WMM_CYCLES_DEFAULT_MAX 200000L

typedef struct wmm_cseg {
  int thread;          /* virtual thread */
  int a, b;            /* classes: entry and exit (a == b: one access) */
} wmm_cseg;

typedef struct wmm_ccycle {
  int off, n;          /* segments seg[off .. off+n) */
  int scc;
  int witness;         /* 1: a witness of a fallback pair, no requirement */
} wmm_ccycle;

typedef struct wmm_cycles {
  wmm_cseg *seg;
  int nseg, cap_seg;
  wmm_ccycle *cyc;
  int ncyc, cap_cyc;
  /* The fallback pairs (of SCCs whose enumeration overflowed) as bit rows:
   * fb_row[a] >= 0 is the offset in fb_bits of class a's row (its thread's
   * `words` words), whose bit k says that (a, its thread's k-th class) is a
   * pair.  Pairs are numbered row by row in the order of fb_cls, bits
   * ascending; a's first is fb_first[a] (wmm_cycles_fb_index). */
  uint64_t *fb_bits;
  long nfb_words, cap_fb_words;
  long *fb_row;        /* per class, or NULL when no pair */
  int *fb_first;       /* per class */
  int *fb_cls, nfb_cls;/* the classes with a row, in numbering order */
  int nfallback;       /* pairs */
  int nscc;            /* non-trivial SCCs of the class graph */
  int noverflow;       /* of which overflowed */
  long steps;          /* search steps taken */
  long dropped;        /* cycles the values rule out (guards.h), not kept */
  long dropped_pairs;  /* fallback pairs the values rule out (guards.h) */
  struct wmm_cycles_state *state;  /* for wmm_cycles_witness, or NULL */
} wmm_cycles;

/* flags: WMM_CYCLES_NO_PRUNE (testing: no reachability table; the same
 * cycles, more steps). */
#define WMM_CYCLES_NO_PRUNE 1
/* flags: WMM_CYCLES_CLASS_REACH (testing: the tables by the per-class
 * fixpoint instead of the fact matrices, reach.h; the same tables). */
#define WMM_CYCLES_CLASS_REACH 2
/* flags: WMM_CYCLES_DIRECT_COM (testing: Tarjan walks every edge one by
 * one: com edges without per-location hubs, po edges without its marks of
 * seen and live classes; the same SCCs). */
#define WMM_CYCLES_DIRECT_COM 4
int wmm_cycles_find(const wmm_aeg *g, long max_cycles, int flags,
                    wmm_cycles *out, wmm_error *err);
void wmm_cycles_free(wmm_cycles *c);

/* A witness search's test of a cycle (n segments): 1 take it, 0 go on,
 * -2 stop looking, -1 error. */
typedef int (*wmm_cycles_accept)(void *ctx, const wmm_cseg *seg, int n);

/* Is (a, b) a fallback pair?  wmm_cycles_fb_has: 1 or 0;
 * wmm_cycles_fb_index: its number (0 .. nfallback - 1) or -1. */
int wmm_cycles_fb_has(const wmm_aeg *g, const wmm_cycles *c, int a, int b);
int wmm_cycles_fb_index(const wmm_aeg *g, const wmm_cycles *c, int a, int b);

/* Search, within *steps steps, a cycle through pair (a, b) of an
 * overflowed SCC that accept() takes; it is appended to c as a witness
 * cycle and *ci its index (-1 when none was found); *steps is left with
 * the steps not taken.  0, or -1 out of memory. */
int wmm_cycles_witness(const wmm_aeg *g, wmm_cycles *c, int a, int b,
                       long *steps, wmm_cycles_accept accept, void *ctx,
                       int *ci);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_CYCLES_H */
