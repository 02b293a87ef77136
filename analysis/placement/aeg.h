/* aeg.h — the abstract event graph of a program (seed 000 §4.2).
 *
 * Nodes are program points: node (u, i) is "just before instruction i of
 * code unit u" (i == ncode is the unit's end).  Edges follow the control
 * flow, through WMM_OP_CALL into the called unit and from its end back to
 * every call site (loops give back edges, so a pair inside a loop is
 * ordered both ways); po between classes follows only the paths whose
 * returns match their calls (callpaths.h).  A jump back that
 * the front end marked WMM_ACC_RETRY (ir.h: no iteration but the last
 * changes anything) is no edge when its loop has no write, call or
 * load-reserve: leaving the other iterations' loads out of an execution
 * leaves an execution of the code with the same outcome, which every
 * model here allows when it allowed the first (they are closed under
 * sub-executions), so only pairs of one iteration and pairs with code
 * outside the loop count (a spin wait's load and the next one's are none).
 *
 * Abstract events: one per memory access and location it may touch.  The
 * location comes from loc_hint, else from constant propagation of the
 * address registers (PPC's `0:r2=x`, `xor r3,r1,r1; lwzx r4,r3,r2`); an
 * access whose address stays unknown may touch every shared location, or
 * only the shared locations of its alias set (wmm_addr.alias) when the
 * front end gave one: it then has one event per location of that set.
 * Private locations (is_private) are not shared and give no events.
 *
 * Silent locations (WMM_AEG_SILENT_STORES): a location that every access
 * which may touch it stores one constant to, with one width (no load, no
 * RMW, no ordered or atomic store; `status = 1` from several threads,
 * read only after the joins) gives no events either.  No thread reads it
 * while the threads run, so only the order of its stores (co) could close
 * a cycle through it, and that order is never seen: every store writes the
 * same value, so the final value is the same whatever the order.  An
 * execution of the fenced program, with those stores taken as private,
 * is one of the program without them, whose outcome the reference model
 * allows; ordering the stores by a linear extension of that execution's
 * global happens-before gives an execution of the program the reference
 * allows (sc, tso, pso and rmo are acyclic global orders that contain co)
 * with the same outcome (docs/placement.md, "Silent stores").
 *
 * Blind updates (the same flag): a location that every access which may
 * touch it, at a known address or not, updates with an RMW whose old value
 * is used nowhere (WMM_ACC_BLIND), all of one width and of one class of
 * operations that commute (add and subtract, xor, and, or: `hits[b]++` as
 * `#pragma omp atomic`) gives no events either.  Its reads feed nothing,
 * and its final value is the same for every order of the updates; the
 * argument is the silent stores' with each thread's updates on a location
 * of its own (docs/placement.md, "Blind updates").
 *
 * Threads: every code unit with entry == 1 is a thread; one with
 * instances > 1 is WMM_AEG_MAX_INSTANCES virtual threads, so that it conflicts
 * with itself.  A thread's code is its unit plus every unit it reaches by calls.
 *
 * Events are grouped into classes (thread, location, access type), and po
 * is kept between classes: class A is po-before class B when some event of
 * B is reachable from some event of A by a non-empty path.  Communications
 * (com) relate classes of different threads on one location when one of
 * them writes.  The cycle search (cycles.h) works on classes.
 *
 * Example:
 *   wmm_aeg *g;
 *   if (wmm_aeg_build(prog, &g, &err) == 0) {
 *     for (int c = 0; c < g->ncls; c++) ... g->cls[c].loc ...
 *     wmm_aeg_free(g);
 *   }
 */
#ifndef WMMFENCE_AEG_H
#define WMMFENCE_AEG_H

/* A unit with instances > 1 (may run in several instances at once)
 * becomes this many virtual threads: enough for every critical cycle of up
 * to four threads to run through copies of one function, whose copies may
 * take different paths (IRIW through four OpenMP sections, or a worker
 * that branches on its thread number). */
#define WMM_AEG_MAX_INSTANCES 4

#include <stdint.h>

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags that make two accesses of one op behave differently in a model. */
#define WMM_AEG_TYPE_FLAGS \
  (WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ACQPC | WMM_ACC_ATOMIC | \
   WMM_ACC_SECTION | WMM_ACC_SECTION_LW | WMM_ACC_FRESH | WMM_ACC_STREAM)

typedef struct wmm_aeg_acc {
  int node;            /* program point of the access */
  int unit, index;
  int loc;             /* static location, -1 = unknown: any shared location
                          of its alias set */
  int alias;           /* loc -1: wmm_program.aliases index, -1 = every
                          location */
  int reads, writes;
  unsigned type;       /* op | (flags & WMM_AEG_TYPE_FLAGS) << 8 */
} wmm_aeg_acc;

typedef struct wmm_aeg_class {
  int thread;          /* virtual thread */
  int local;           /* index among its thread's classes */
  int loc;
  unsigned type;
  int reads, writes;
  int *acc;            /* accesses (indices into wmm_aeg.acc), ascending */
  int nacc;
} wmm_aeg_class;

typedef struct wmm_aeg_thread {
  int unit;            /* entry code unit */
  int instance;        /* 0 for the first instance, 1 for the second, ... */
  unsigned char *units;/* per code unit: part of this thread's code */
  int *cls;            /* its classes (global indices), by (loc, type) */
  int ncls;
  uint64_t *po;        /* ncls x words bit matrix: po[a*words + b/64] */
  int words;
} wmm_aeg_thread;

typedef struct wmm_aeg {
  const wmm_program *p;
  int nnodes;
  unsigned char *inert;/* per code unit: no access and no fence in it or
                          in the units it calls; calls of it are no edges
                          (a return edge to every call site would make
                          paths between unrelated calls of a helper) */
  int *unit_base;      /* node of (u, i) = unit_base[u] + i */
  int *node_unit;      /* per node */
  int *succ_off, *succ;/* successors (CSR) */
  int *pred_off, *pred;/* predecessors (CSR) */
  int *node_acc;       /* access at the node, or -1 */
  int *node_loc;       /* access instructions: location, -1 unknown,
                          -2 private; other nodes -3 */
  wmm_aeg_acc *acc;
  int nacc;
  wmm_aeg_thread *threads;
  int nthreads;
  wmm_aeg_class *cls;
  int ncls;
  int *shared;         /* shared (non-private, not silent) locations */
  int nshared;
  unsigned char *silent;/* per location: 1 silent stores, 2 blind
                          updates, 0 neither (NULL without
                          WMM_AEG_SILENT_STORES) */
  int nsilent;         /* locations with silent[l] != 0 */
  int *loc_off, *loc_cls;  /* the classes of each location, by thread:
                              loc_cls[loc_off[l] .. loc_off[l + 1]) */
} wmm_aeg;

int wmm_aeg_build(const wmm_program *p, wmm_aeg **out, wmm_error *err);
/* Flags of wmm_aeg_build_ex. */
#define WMM_AEG_SILENT_STORES 1u  /* leave silent locations out (above) */
int wmm_aeg_build_ex(const wmm_program *p, unsigned flags, wmm_aeg **out,
                     wmm_error *err);
void wmm_aeg_free(wmm_aeg *g);
/* quiet[u] (one per code unit of p) = 1 when neither unit u nor a unit it
 * calls has a memory access (nor a fence, with fences_too).  Returns 0. */
int wmm_aeg_quiet_units(const wmm_program *p, int fences_too,
                        unsigned char *quiet);
/* How many virtual threads a code unit that is an entry becomes. */
int wmm_aeg_instances(const wmm_thread *t);

static inline int wmm_aeg_node_index(const wmm_aeg *g, int node)
{
  return node - g->unit_base[g->node_unit[node]];
}

/* The instruction at node, or NULL at the end of its unit. */
static inline const wmm_instr *wmm_aeg_instr(const wmm_aeg *g, int node)
{
  int u = g->node_unit[node], i = wmm_aeg_node_index(g, node);
  return i < g->p->threads[u].ncode ? &g->p->threads[u].code[i] : NULL;
}

/* Is node part of virtual thread t's code? */
static inline int wmm_aeg_in_thread(const wmm_aeg *g, int t, int node)
{
  return g->threads[t].units[g->node_unit[node]];
}

/* Is class b po-after class a (same thread)? */
static inline int wmm_aeg_po(const wmm_aeg *g, int a, int b)
{
  const wmm_aeg_class *ca = &g->cls[a], *cb = &g->cls[b];
  if (ca->thread != cb->thread)
    return 0;
  const wmm_aeg_thread *t = &g->threads[ca->thread];
  return (int)((t->po[(size_t)ca->local * t->words + cb->local / 64] >>
                (cb->local % 64)) & 1);
}

/* May access a (an index into g->acc) touch location loc? */
static inline int wmm_aeg_acc_touches(const wmm_aeg *g, int a, int loc)
{
  const wmm_aeg_acc *ac = &g->acc[a];
  return ac->loc >= 0 ? ac->loc == loc : wmm_alias_contains(g->p, ac->alias, loc);
}

/* The once-group of location l (ir.h: one thread makes every write of
 * the group's locations), 0 when none. */
static inline int wmm_aeg_once_group(const wmm_aeg *g, int l)
{
  return l >= 0 && g->p->locs[l].one_writer ? g->p->locs[l].once_group : 0;
}

/* Do classes a and b (different threads) communicate by their locations
 * and kinds alone (the SCCs of cycles.c use this relation, a superset of
 * wmm_aeg_com's)? */
static inline int wmm_aeg_com_loc(const wmm_aeg *g, int a, int b)
{
  const wmm_aeg_class *ca = &g->cls[a], *cb = &g->cls[b];
  if (ca->thread == cb->thread || ca->loc != cb->loc ||
      !(ca->writes || cb->writes))
    return 0;
  /* two threads never write one byte of a one-writer location */
  return !(ca->writes && cb->writes && ca->loc >= 0 &&
           g->p->locs[ca->loc].one_writer);
}

/* Do classes a and b (different threads) communicate?  Not when both touch
 * objects their own threads allocated and have not let out
 * (WMM_ACC_FRESH): those are two objects. */
static inline int wmm_aeg_com(const wmm_aeg *g, int a, int b)
{
  unsigned fresh = (unsigned)WMM_ACC_FRESH << 8;
  if (g->cls[a].type & g->cls[b].type & fresh)
    return 0;
  return wmm_aeg_com_loc(g, a, b);
}

/* Number of successors / predecessors of node inside thread t, and the
 * k-th of them (filters the return edges to other threads' call sites). */
int wmm_aeg_succs(const wmm_aeg *g, int t, int node, int *buf, int cap);
int wmm_aeg_preds(const wmm_aeg *g, int t, int node, int *buf, int cap);

/* The location an access instruction touches, by loc_hint or constant
 * propagation; -1 when unknown.  (Exposed for the tests.) */
int wmm_aeg_access_loc(const wmm_aeg *g, int unit, int index);

/* The unit a CALL enters in the graph: -1 for none, and for an inert one
 * (the call is then an ordinary instruction). */
int wmm_aeg_callee(const wmm_aeg *g, const wmm_instr *in);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_AEG_H */
