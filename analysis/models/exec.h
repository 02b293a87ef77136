/* exec.h — candidate executions of a program: events, the relations fixed by
 * the threads' code (po, dependencies, fences, rmw) and the choices of the
 * memory system (rf, co), as bit matrices (rel.h, at most 64 events).
 *
 * How executions are found (exec_trace.c, exec_enum.c):
 *  1. Value domains: the values each location can hold, by a fixpoint over
 *     the threads (run every thread with every guess, collect what it
 *     stores, repeat); rounds are bounded by the number of writes an
 *     execution can have, which covers every value of every execution that
 *     has no out-of-thin-air cycle (all our models forbid those).
 *  2. Traces: each thread is run with each guess of each load's value from
 *     its location's domain, following branches on those values; a path may
 *     take each backward branch at most `unwind` times.  A trace records the
 *     thread's events, addr/data/ctrl dependencies from register data flow
 *     (herd7's way), fences (mapped to the model's fence classes), rmw pairs
 *     and the final registers.
 *  3. Executions: one trace per thread (pruned by a three-valued reading of
 *     the final condition), then rf (same location, same value) and co
 *     (per location, only orders that keep coherence: uniproc is checked
 *     per location before the model is consulted), then the condition.
 *
 * Example:
 *   wmm_search s;
 *   wmm_search_init(&s);
 *   rc = wmm_search_run(&s, prog, &opts, 0, my_visit, my_arg, &err);
 *   // my_visit(arg, &s.x) sees each coherent candidate satisfying the goal
 *   wmm_search_free(&s);
 */
#ifndef WMMFENCE_EXEC_H
#define WMMFENCE_EXEC_H

#include "check.h"
#include "ir.h"
#include "rel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fence classes: what a fence instruction means under one model. */
typedef enum wmm_fclass {
  WMM_FC_FULL = 0,   /* sync, mfence, dmb (sy/ish), dsb */
  WMM_FC_LIGHT,      /* lwsync */
  WMM_FC_WW,         /* eieio, dmb st, dmb ishst */
  WMM_FC_LD,         /* dmb ishld */
  WMM_FC_COUNT,
  WMM_FC_CTRL = 16,  /* isync / isb: only orders after a ctrl (or addr) */
  WMM_FC_NONE = 17   /* orders nothing under this model */
} wmm_fclass;

wmm_fclass wmm_fence_class(wmm_model m, wmm_fence f);

/* One memory event (fences are not events here: they become relations). */
typedef struct wmm_event {
  uint8_t kind;        /* WMM_EV_INIT, WMM_EV_READ, WMM_EV_WRITE */
  uint8_t excl;        /* from a load/store exclusive (lwarx, stwcx., ...) */
  int16_t thread;      /* program thread (-1 for an initial write) */
  int16_t inst;        /* thread instance (index into the run's instances) */
  int32_t instr;       /* instruction index in the thread (-1 for init) */
  int32_t loc;         /* location */
  uint32_t flags;      /* WMM_ACC_* of the instruction */
  wmm_val val;         /* value read or written */
} wmm_event;

/* Relations a trace fixes, in the order of wmm_trace.rows. */
enum {
  WMM_TR_ADDR = 0, WMM_TR_DATA, WMM_TR_CTRL,
  WMM_TR_CTRLCF,     /* ctrl ; [isync/isb] ; po */
  WMM_TR_ADDRCF,     /* addr ; po ; [isync/isb] ; po */
  WMM_TR_RMW,
  WMM_TR_FENCE,      /* + WMM_FC_*: fencerel of that class */
  WMM_TR_COUNT = WMM_TR_FENCE + WMM_FC_COUNT
};

/* One path of one thread instance. */
typedef struct wmm_trace {
  struct wmm_trace *next;
  int nev;
  wmm_event *ev;                   /* nev events in program order */
  uint64_t *rows[WMM_TR_COUNT];    /* each nev rows over local indices */
  wmm_val *regs;                   /* final registers */
  int partial;                     /* 1: a path cut short (loop bound,
                                      unknown address): only its events
                                      so far are valid (for value domains) */
  int abstract_at;                 /* replays: the first instruction whose
                                      branch, address or stored value
                                      depends on a WMM_ACC_ABSTRACT input
                                      (-1: none) */
} wmm_trace;

/* A candidate execution. */
typedef struct wmm_exec {
  int n;
  wmm_event ev[WMM_REL_MAX];
  wmm_set R, W, IW, M;           /* reads, writes (incl. init), init, all */
  wmm_set A, Q, L;               /* ARMv8 acquire, acquire-PC, release */
  wmm_set AT;                    /* locked/atomic accesses (x86 family) */
  wmm_set ST;                    /* streaming stores (tso only) */
  wmm_set X;                     /* exclusive accesses */
  wmm_set thr[WMM_REL_MAX];      /* events of i's thread instance (0: init) */
  wmm_set locset[WMM_REL_MAX];   /* events on i's location */
  wmm_rel po, addr, data, ctrl, ctrlcf, addrcf, rmw;
  wmm_rel fence[WMM_FC_COUNT];
  wmm_rel rf, co, fr;            /* rf: write -> read */
  int rf_src[WMM_REL_MAX];       /* read -> the write it reads from */
  int ninst;
  int abstract_inst, abstract_at; /* replays: an instance whose path
                                    depends on an abstract input, and the
                                    instruction (-1: none) */
  const wmm_val *regs[64];       /* final registers per instance */
  wmm_val *mem;                  /* final memory per location */
} wmm_exec;

/* Derived relations (definitions of herd7's stdlib). */
void wmm_exec_poloc(const wmm_exec *x, wmm_rel *d);      /* po & loc */
void wmm_exec_ext(const wmm_exec *x, const wmm_rel *a, wmm_rel *d); /* a & ext */
void wmm_exec_int(const wmm_exec *x, const wmm_rel *a, wmm_rel *d); /* a & int */

/* Three-valued reading of a condition: 0 false, 1 true, 2 unknown.  regs
 * per program thread (NULL = unknown), mem per location with known[loc]. */
int wmm_prop_eval3(const wmm_prop *c, const wmm_val *const *regs,
                   const wmm_val *mem, const unsigned char *known);

/* Visitor: return 1 to stop the search, 0 to go on, < 0 on error. */
typedef int (*wmm_visit_fn)(void *arg, wmm_exec *x);

/* Reusable search state (arena and buffers, kept between runs). */
typedef struct wmm_search {
  struct wmm_arena_block *arena;
  wmm_exec x;
  long candidates;              /* executions passed to the visitor */
  long traces;                  /* thread traces kept */
  /* Private state of the search (exec_enum.c). */
  struct wmm_search_priv *priv;
} wmm_search;

void wmm_search_init(wmm_search *s);
void wmm_search_free(wmm_search *s);

/* Enumerate the coherent candidate executions of p (under model o->model:
 * it decides what fences mean) that satisfy the goal (the condition for
 * exists / ~exists, its negation for forall; goal_any = 1: every
 * execution), calling visit on each.  Returns 0, or < 0 with err set. */
int wmm_search_run(wmm_search *s, const wmm_program *p,
                   const wmm_check_opts *o, int goal_any,
                   wmm_visit_fn visit, void *arg, wmm_error *err);

/* ---- internal to exec_*.c ------------------------------------------- */

void *wmm_arena_alloc(wmm_search *s, size_t size);
void wmm_arena_reset(wmm_search *s);
void wmm_arena_free_all(wmm_search *s);

/* Value domains: dom[loc] holds ndom[loc] values (sorted). */
typedef struct wmm_valdom {
  int nlocs;
  int *n, *cap;
  wmm_val **v;
} wmm_valdom;

/* A thread instance to run. */
typedef struct wmm_runthread {
  int thread;         /* program thread */
  int inst;           /* instance index */
} wmm_runthread;

/* Enumerate the traces of one thread under the value domains; for each
 * complete trace call emit(arg, trace) where the trace lives in scratch
 * memory (copy what you keep with wmm_trace_copy).  With a guide (a
 * replay), reads return the guide's values and NONDET its inputs, and only
 * a path with exactly the guide's events of the instance is complete.
 * Returns 0 or < 0. */
typedef int (*wmm_trace_fn)(void *arg, const wmm_trace *t);
int wmm_thread_traces(const wmm_program *p, wmm_model m, int unwind,
                      const wmm_runthread *rt, const wmm_valdom *dom,
                      const wmm_witness *guide, wmm_trace_fn emit, void *arg,
                      wmm_error *err);
wmm_trace *wmm_trace_copy(wmm_search *s, const wmm_trace *t, int nregs);

int wmm_valdom_add(wmm_valdom *d, int loc, wmm_val v);   /* 1 if new */
void wmm_valdom_free(wmm_valdom *d);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_EXEC_H */
