/* reach.h — the cycle search's pruning table (cycles.c): which classes of
 * an SCC a thread segment may end at and still lead back to the start.
 *
 * A segment ending at class z can be continued into a cycle back to the
 * start (location l0, a write or not) when z is on l0 and conflicts with
 * the start, or z conflicts with some "start fact": a location l where a
 * class y of another thread (not `excl`) can begin a segment — y is good,
 * or a good class is po-after it.  The least fixpoint of these rules is
 * the table.
 *
 * Two ways of computing it, with the same result:
 * - per class (wmm_reach_classes): each round scans every class and every
 *   thread's po matrix; its cost is that of the matrices, per table;
 * - per fact (wmm_reach_new, wmm_reach_facts, wmm_reach_fill): whether a
 *   class is good depends only on its fact (its location and whether it writes), so each
 *   thread's po matrix is summarised once per SCC as a matrix over facts
 *   (fact f -> the facts of the classes at or po-after a class of fact f),
 *   and a table is a fixpoint over that small matrix.  Units of real
 *   programs ask for thousands of tables (one per excluded thread,
 *   location and kind) over one big SCC.
 *
 * Example:
 *   wmm_reach *r = wmm_reach_new(g, scc, comp);     // NULL: too big, or no memory
 *   if (r) wmm_reach_fill(r, wmm_reach_facts(r, l0, w0, excl), good);
 *   ... good[c] ...
 *   wmm_reach_free(r);
 */
#ifndef WMMFENCE_REACH_H
#define WMMFENCE_REACH_H

#include "aeg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_reach wmm_reach;

/* The fact matrices of SCC comp (scc[c]: each class's SCC); NULL when
 * out of memory or when the SCC has too many locations for them (the
 * per-class way is then used). */
wmm_reach *wmm_reach_new(const wmm_aeg *g, const int *scc, int comp);
void wmm_reach_free(wmm_reach *r);

/* The table for a start on location l0 (w0: the start writes), threads
 * other than excl (-1: none excluded) beginning the other segments, in
 * two steps: the good facts (wmm_reach_words(r) words, owned by r, valid
 * until the next call), then good[0 .. g->ncls) from them.  Starts with
 * the same good facts share one table (cycles.c). */
const uint64_t *wmm_reach_facts(wmm_reach *r, int l0, int w0, int excl);
int wmm_reach_words(const wmm_reach *r);
void wmm_reach_fill(const wmm_reach *r, const uint64_t *facts, unsigned char *good);

/* The same table by the per-class fixpoint. */
int wmm_reach_classes(const wmm_aeg *g, const int *scc, int comp, int l0,
                      int w0, int excl, unsigned char *good);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_REACH_H */
