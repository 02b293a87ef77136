/* internal.h — shared state of placement.c and pairs.c (not
 * part of the API).
 *
 * A group is a po pair of event classes (A, B) of one thread: every
 * concrete pair (a in A, b in B, b reachable from a).  Its status is what
 * every one of those pairs has: the fence kinds on every path from an a to a
 * b, and (for small groups) the dependencies every pair has.  A term is a
 * group with a required fence kind: its prerows are the concrete pairs that
 * must get a fence of that kind or stronger ("immediate" pairs: a path from
 * a to b through no other event of A or B and no fence already strong
 * enough), each with the positions that lie on every path from a to b.
 * Ordering the immediate pairs orders every pair of the group.
 *
 * Example: place_term_get(ctx, place_group_get(ctx, t, A, B), WMM_FENCE_SYNC, 0)
 */
#ifndef WMMFENCE_PLACE_INTERNAL_H
#define WMMFENCE_PLACE_INTERNAL_H

#include <stdint.h>

#include "aeg.h"
#include "cycles.h"
#include "placement.h"
#include "requirement.h"

typedef struct place_group {
  int thread;            /* base virtual thread (instance 0) */
  int a, b;              /* classes of that thread */
  uint32_t fences;       /* bit f: kind f lies on every path from A to B */
  unsigned deps;         /* WMM_DEP_* every concrete pair has */
  int rep_a, rep_b;      /* one concrete pair (nodes), -1 if none */
  /* The group is one pair whose code can stand for it in the cycle's
   * program (requirement.h's slices): unit, first and last instruction,
   * and the locations the instructions between them write. */
  int slice, slice_unit, slice_from, slice_to;
  int slice_wunknown;    /* writes through an unknown address */
  uint64_t slice_wlocs[2];  /* bit l % 128: some write to location l */
  int ref_full;          /* 0 not computed; 2: some path from A to B meets
                            what a reference model may take for a full
                            fence (place_group_ref_full), 1: none does */
  uint32_t ref_fences;   /* the fences of `fences` that hold without
                            the ones the target's mapping of acquire /
                            release adds (place_group_ref_fences) */
  int ref_fences_done;
  uint32_t ordered_known,  /* bit k: ordered_fenced computed for kind k */
           ordered_fenced; /* bit k: every path from A to B that meets what
                              the reference may take for a full fence
                              passes a fence of the target covering kind k
                              (place_group_ordered_fenced) */
  int same_addr;         /* every pair of the group touches one address
                            (wmm_instr.addr_key), A and B being two
                            locations: the group has no pair at all */
  int term[WMM_FENCE_COUNT]; /* per required kind: term, -1 not built */
  int sterm[WMM_FENCE_COUNT];/* the same when the cycle used the slice */
} place_group;

typedef struct place_prerow {
  int a, b;              /* nodes of the concrete pair */
  int thread;            /* the (base) thread whose paths from a to b the
                            positions lie on: a callee's nodes are shared
                            by the threads that call it, and a position
                            on one caller's path orders nothing on
                            another's */
  wmm_fence kind;        /* required kind (or stronger) */
  int *pos;              /* candidate positions (nodes), ascending */
  int npos;
  int sliced;            /* from a slice: its one position is right after a,
                            where the requirement's program had the fence */
  int row;               /* row in the cover problem, -1 before */
  int delay;             /* index into the placement's delays, -1 before */
} place_prerow;

typedef struct place_term {
  int *prerows;
  int n;
} place_term;

/* A remembered answer of place_fr_synchronised (r -1: an empty slot).
 * With ans 2, the message-passing cycles that must be forbidden for it:
 * w -po-> s[k] -rf-> l[k] -po-> r -fr-> w for each of the nmp pairs of a
 * store class s[k] of the flag and the class l[k] of a load whose guard
 * leads to r, and `handoff` what placement.c made of them (0 not asked
 * yet, 1 each one a need of the cover, -1 not all). */
#define PLACE_SYNC_PAIRS 16
typedef struct place_sync {
  int r, w, ans;
  int nmp, s[PLACE_SYNC_PAIRS], l[PLACE_SYNC_PAIRS];
  int handoff;
} place_sync;

typedef struct place_ctx {
  const wmm_program *p;
  const wmm_place_opts *o;
  wmm_model m;
  const wmm_aeg *g;
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nkinds;
  wmm_fence top;                    /* the kind that covers every other
                                       (WMM_FENCE_NONE: no kind) */
  place_group *groups;
  int ngroups, cap_groups;
  int *group_tab, group_tab_size;   /* hash: (thread, a, b) -> group + 1 */
  place_term *terms;
  int nterms, cap_terms;
  place_prerow *prerows;
  int nprerows, cap_prerows;
  int *prerow_tab, prerow_tab_size; /* hash: (a, b, kind) -> prerow + 1 */
  uint32_t *thread_fences;          /* per virtual thread: kinds present */
  /* scratch over nodes */
  int *stamp, stamp_gen;
  int *stamp_ref;                   /* second layer of place_group_ref_full */
  int *queue;
  int *cut_mark, *cut_seen;         /* cut_positions (pairs.c): marks per */
  int *cut_queue, *cut_queue2;      /* node by generation, and queues */
  int cut_gen;
  int ref_mode;                     /* blocks () ignores fences marked
                                       WMM_ACC_ORDER_FENCE */
  int *chain_mark, chain_gen;       /* chain_positions' marks (pairs.c) */
  uint32_t *block_mask;             /* per node and ref_mode (2 * node +
                                       ref_mode): bit k set when the node
                                       blocks a need of kind k (pairs.c) */
  place_sync *sync;                 /* place_fr_synchronised's answers */
  int nsync, sync_size;
  unsigned char *unit_free;         /* per code unit: no memory access in
                                       it or the units it calls (pairs.c) */
  signed char *unit_once;           /* per virtual thread and code unit
                                       (t * nunits + u): 1 when the unit
                                       runs at most once in the thread
                                       (one activation), -1 when it may
                                       run more often, 0 not known yet,
                                       2 being worked out (pairs.c) */
  wmm_error *err;
} place_ctx;

int place_ctx_init(place_ctx *c, const wmm_program *p, const wmm_place_opts *o,
                   const wmm_aeg *g, wmm_error *err);
void place_ctx_free(place_ctx *c);

/* The group of classes (a, b) of virtual thread t (any instance); returns
 * its index or a negative wmm_status. */
int place_group_get(place_ctx *c, int t, int a, int b);
/* Class c as an access of a requirement's shape (requirement.h). */
/* The model-visible flags of an access type (op | flags << 8): without
 * WMM_ACC_FRESH, which only the com relation reads. */
static inline unsigned place_type_flags(unsigned type)
{
  return (type >> 8) & ~(unsigned)WMM_ACC_FRESH;
}

static inline wmm_req_acc place_class_acc(const wmm_aeg *g, int c)
{
  wmm_req_acc a;
  a.op = (wmm_opkind)(g->cls[c].type & 0xff);
  a.flags = place_type_flags(g->cls[c].type);
  a.loc = g->cls[c].loc;
  return a;
}

/* The protected-access flags (WMM_ACC_SECTION, _LW) of class c. */
static inline unsigned place_cls_section(const wmm_aeg *g, int c)
{
  return (g->cls[c].type >> 8) & (WMM_ACC_SECTION | WMM_ACC_SECTION_LW);
}
/* The fence kinds (bits) classes a and b of one thread count as ordered
 * by because one of them is a protected access (WMM_ACC_SECTION: the
 * strongest kind; WMM_ACC_SECTION_LW: the strongest when `strong`, else
 * lwsync where the model has it).  Strong: a cycle of two threads (it
 * leaves the access for another section of the thread it came from, which
 * the lock puts wholly after the first: happens-before alone rules it
 * out), or one whose every access is protected (each communication joins
 * two sections of one lock, an earlier and a later one: no such cycle). */
uint32_t place_section_credit(const place_ctx *c, int a, int b, int strong);
/* The term (group, kind): returns its index or a negative wmm_status.
 * sliced: the requirement came from the group's slice, so the fence must go
 * where that program had it (right after the first access). */
int place_term_get(place_ctx *c, int group, wmm_fence kind, int sliced);

/* The term of the per-pair fallback in thread t: every pair (a, b) of
 * events with rel[node] set, a of access type ta, b of type tb, locations
 * possibly different (and, with `only`, belonging to one of its pairs),
 * must be ordered by kind or stronger.  From each a, a
 * search records the first such b on each path (and stops there), stops at
 * events of type ta on a's own location (they stand for a) and at fences
 * covering kind.  Linear in the thread's size per a. */
typedef struct place_fbpairs place_fbpairs;
int place_fallback_term(place_ctx *c, int t, const unsigned char *rel,
                        unsigned ta, unsigned tb, wmm_fence kind,
                        const place_fbpairs *only);

/* The fallback pairs of a cycle search, by event (fbpairs.c). */
struct place_fbpairs {
  const wmm_cycles *cy;
  int *node_off, *node_cls;   /* the fallback classes of each event (CSR) */
};
/* 0, or -1 out of memory. */
int place_fbpairs_build(place_fbpairs *f, const wmm_aeg *g, const wmm_cycles *cy);
/* Do events na -> nb in virtual thread t (-1: any thread) belong to a
 * fallback pair?  1 with its classes in *ca_out, *cb_out (may be NULL), or
 * 0. */
int place_fbpairs_find(const place_fbpairs *f, const wmm_aeg *g, int t,
                       int na, int nb, int *ca_out, int *cb_out);
void place_fbpairs_free(place_fbpairs *f);

/* Does some path of group q, from an event of A to one of B, pass through
 * an instruction that reference model `from` may treat as a full fence: a
 * fence that is full under `from`, an RMW, an atomic, acquire or release
 * access, or a call to unknown code?  1 yes, 0 no, < 0 error. */
int place_group_ref_full(place_ctx *c, int group, wmm_model from);
/* Does every path of group q from an event of A to one of B that passes
 * what reference model `from` may take for a full fence (the paths whose
 * instances the reference orders more than the group's every-path fences
 * say) also pass a fence of the target covering `kind`?  1 yes, 0 no,
 * < 0 error.  Example: t0's `W x = 0; while (turn) ; R y` beside
 * `W x = 1; mfence; R y` in one group: the mfence path is a sync on Power,
 * so that group's sync need is met where the reference's is. */
int place_group_ordered_fenced(place_ctx *c, int group, wmm_fence kind,
                               wmm_model from);
/* Is a from-read edge from read class r to write class w (another
 * thread) impossible because r runs only after a load saw a flag value
 * that only stores after w's writes give, with the target keeping both
 * pairs in order (syncread.c)?  1 yes; 2 yes once the message-passing
 * cycles of *mp (its s[] and l: the pairs are not in order yet) are
 * forbidden too; 0 no; < 0 error.  *mp: the remembered answer, or NULL
 * when it could not be kept. */
int place_fr_synchronised(place_ctx *c, wmm_req_engine *eng, int r, int w,
                          place_sync **mp, wmm_error *err);

/* Has the cycle of segments seg[0..n) no execution by its once-groups
 * (ir.h; syncread.c): writes of one group in two threads (one thread
 * makes them all), or a segment from a thread's store of a group's flag
 * to a write of the group that every path reaches only past a test the
 * flag's initial value alone passes, which the thread cannot read after
 * its own store (a second run of the block)?  1 yes, 0 no, < 0 error. */
int place_once_impossible(place_ctx *c, const wmm_cseg *seg, int n);

/* The fences every path of group q passes that reference model `from`
 * has too: under tso those of q->fences not owed to the target's mapping
 * of acquire / release (x86 has none there), else all of them. */
uint32_t place_group_ref_fences(place_ctx *c, int group, wmm_model from);

/* Position weight: 1, or the frequency of the instruction at the node. */
double place_weight(const place_ctx *c, int node);

#endif
