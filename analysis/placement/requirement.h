/* requirement.h — what a critical cycle needs, computed with the memory
 * models (check.h), never with hand-written rules.
 *
 * A cycle shape is the cycle reduced to what decides its fate: per thread,
 * its one or two accesses (op and ordering flags), and between two accesses
 * the dependencies and the fences found on every path.  It becomes a small
 * litmus-like program: one thread per segment, fresh locations, each write a
 * distinct value in coherence order, and a final condition that pins the
 * cycle's rf / co / fr (a read of the write before it in its location's
 * chain reads that write's value, a read first in its chain reads the
 * initial 0, the last write of a chain with two writes is the final value).
 * A short straight segment may instead be the program's own code between
 * its two accesses (a slice, req_program.c), so that orderings built from
 * intermediate accesses (addr;po, rfi, detours) are credited too.
 * Each two-access segment is a slot where a fence may go.  The requirement is
 * the set of minimal assignments of fence kinds to slots that make
 * wmm_check answer Forbidden: every assignment is tried in order of size and
 * cost, skipping those above one already sufficient (the set is upward
 * closed: a stronger fence or one more fence never allows more).  Shapes with
 * too many slots for that take the per-slot minima against a background of
 * full fences, checked together, and else full fences.
 *
 * Results are cached by shape, after rotating the shape to its smallest
 * form, so a program with thousands of cycles runs the checker once per
 * distinct shape.
 *
 * Example:
 *   wmm_req_engine *e = wmm_req_engine_new(WMM_MODEL_POWER, WMM_ARCH_PPC);
 *   wmm_req r;
 *   if (wmm_req_compute(e, &shape, &r, &err) == 0 && r.status == WMM_REQ_NEEDS)
 *     ... r.alt[a * r.nslots + s] is the kind slot s needs in alternative a ...
 *   wmm_req_free(&r);
 *   wmm_req_engine_free(e);
 */
#ifndef WMMFENCE_REQUIREMENT_H
#define WMMFENCE_REQUIREMENT_H

#include "ir.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Dependencies from the first access of a segment to the second. */
enum {
  WMM_DEP_ADDR = 1 << 0,
  WMM_DEP_DATA = 1 << 1,
  WMM_DEP_CTRL = 1 << 2,
  WMM_DEP_CTRLISYNC = 1 << 3   /* ctrl followed by isync / isb */
};

typedef struct wmm_req_acc {
  wmm_opkind op;       /* LOAD, STORE, RMW, LOAD_EX, STORE_EX */
  unsigned flags;      /* WMM_ACC_ACQUIRE ... WMM_ACC_ATOMIC */
  int loc;             /* any numbering; renumbered internally */
} wmm_req_acc;

typedef struct wmm_req_seg {
  int nacc;            /* 1 or 2 */
  wmm_req_acc acc[2];
  unsigned deps;       /* WMM_DEP_* (two accesses, the first reads) */
  uint32_t fences;     /* bit f: a fence of kind f lies on every path */
  /* A slice (two accesses only): the segment is the code of program
   * `prog`, unit `unit`, instructions from..to (the two accesses), copied
   * as it is; deps and fences are then ignored.  NULL: abstract. */
  const wmm_program *prog;
  int unit, from, to;
} wmm_req_seg;

typedef struct wmm_req_shape {
  wmm_req_seg *seg;    /* in cycle order: the exit of seg i communicates
                          with the entry of seg i+1, the last with the first */
  int nseg;            /* with a slice, every loc is a location of the
                          slice's program */
} wmm_req_shape;

typedef enum wmm_req_status {
  WMM_REQ_FORBIDDEN = 0,   /* forbidden as it is: not a critical cycle */
  WMM_REQ_NEEDS,           /* forbidden by each of the alternatives */
  WMM_REQ_UNFIXABLE        /* allowed even with full fences in every slot */
} wmm_req_status;

typedef struct wmm_req {
  wmm_req_status status;
  int nslots;
  int *slot_seg;       /* segment of each slot (two-access segments) */
  int nalt;
  wmm_fence *alt;      /* nalt x nslots; WMM_FENCE_NONE = nothing there */
  int exhaustive;      /* 1: all assignments were examined */
} wmm_req;

typedef struct wmm_req_engine wmm_req_engine;

/* kinds: the fence kinds that may be placed (cheapest first), ncost ones;
 * top: the strongest of them. */
wmm_req_engine *wmm_req_engine_new(wmm_model m, wmm_arch arch,
                                   const wmm_fence *kinds, int nkinds);
void wmm_req_engine_free(wmm_req_engine *e);

int wmm_req_compute(wmm_req_engine *e, const wmm_req_shape *s, wmm_req *out,
                    wmm_error *err);
void wmm_req_free(wmm_req *r);

/* Does reference model `from` allow the execution of shape s with no fence
 * in its slots?  *allowed = 1 yes, 0 no.  The shape is taken abstract
 * (slices are ignored), with its segments' fences as given; under rmo every
 * segment that starts with a read is given addr and data dependencies.  The
 * caller adds to a segment's fences every fence the reference could find on
 * some path (placement.c: a full fence when some path between the two
 * accesses meets a fence, a locked or atomic access or unknown code), so
 * that the reference is asked about the most ordered form of the cycle.
 * Cached like wmm_req_compute.  Returns 0 or < 0 on error. */
int wmm_req_reference_allows(wmm_req_engine *e, wmm_model from,
                             const wmm_req_shape *s, int *allowed,
                             wmm_error *err);

/* Statistics: shapes computed, cache hits, checker calls. */
void wmm_req_engine_stats(const wmm_req_engine *e, long *shapes, long *hits,
                          long *checks);

/* The program that stands for shape s with fences f[slot] (NULL: none);
 * for the tests and `wmmfence-litmus cycles --programs`. */
wmm_program *wmm_req_program(const wmm_req_shape *s, wmm_arch arch,
                             const wmm_fence *f);

/* What the second access of a slice (unit, from..to of p) stores: 0 a
 * value not computed in the slice (the cycle's own value replaces it),
 * 1 the constant *v computed there, 2 a value computed there from reads
 * (a slice that cannot pin its cycle: do not use it). */
int wmm_req_slice_value(const wmm_program *p, int unit, int from, int to,
                        wmm_val *v);

/* A one-line description: "W x; lwsync; R y | R y; addr; R x". */
void wmm_req_shape_format(const wmm_req_shape *s, wmm_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_REQUIREMENT_H */
