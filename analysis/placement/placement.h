/* placement.h — fence placement: from a program IR and a memory model to the
 * cheapest set of fences that forbids every critical cycle the model allows.
 * This is the interface the GCC plugin and wmmfence-litmus use; the pieces
 * behind it are the abstract event graph (aeg.h), the critical cycles
 * (cycles.h), the per-cycle requirement computed with the models, and the
 * ILP (ilp/).
 *
 * Folder analysis/placement/: aeg.c the abstract event graph, cycles.c the
 * critical cycles, requirement.c with req_program.c the fences each cycle
 * needs (asked of models/ by checking small programs), pairs.c the pairs
 * and candidate positions, fence.c fence kinds and costs, placement.c the
 * driver and the cover problem handed to ilp/.  Entry points: wmm_place,
 * wmm_placement_apply (below).
 *
 * Example:
 *   wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_POWER);
 *   wmm_placement pl;
 *   if (wmm_place(prog, &o, &pl, &err) == 0) {
 *     for (int i = 0; i < pl.nfences; i++)
 *       insert pl.fences[i].kind before instruction pl.fences[i].index
 *       of code unit pl.fences[i].thread;
 *     wmm_placement_free(&pl);
 *   }
 *
 * Positions: a fence at (thread t, index i) sits just before instruction i
 * of code unit t (i == ncode: at its end).  When several fences share a code
 * unit, their indices all refer to the program as given (apply them from the
 * highest index down, or use wmm_placement_apply).
 */
#ifndef WMMFENCE_PLACEMENT_H
#define WMMFENCE_PLACEMENT_H

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One access of a witness cycle. */
typedef struct wmm_cycle_event {
  int thread;         /* code unit */
  int index;          /* instruction index */
  int loc;            /* location index, -1 = unknown address */
  int is_write;       /* 1 write, 0 read (an RMW counts as both; 2) */
  int pair;           /* 1: this event and the next are one thread's po
                         pair (the cycle's accesses of a class each) */
  int vthread;        /* the event graph's virtual thread of its class */
} wmm_cycle_event;

/* A critical cycle: its accesses in cycle order (po and com edges
 * alternate as the cycle goes). */
typedef struct wmm_cycle {
  wmm_cycle_event *ev;
  int nev;
  char *shape;        /* the cycle's shape ("W x; R y | W y; R x") */
  char *need;         /* its minimal fence assignments, per two-access
                         thread in cycle order ("{sync, sync}") */
  char *program;      /* with wmm_place_opts.keep_programs: the program the
                         model checked for it (an IR dump), else NULL */
} wmm_cycle;

/* A delay: a po pair (from, to) of one code unit that the model relaxes and
 * that lies on a critical cycle; `cycle` is one witness cycle. */
typedef struct wmm_delay {
  int thread;
  int from, to;       /* instruction indices */
  int cycle;          /* index into wmm_placement.cycles; -1 when the pair
                         was decided per pair (cycle search bound hit) */
  wmm_fence need;     /* the cheapest fence kind that orders it in its
                         witness cycle (informative) */
  int to_thread;      /* code unit of `to` (differs from `thread` when the
                         pair spans a call) */
  int seg;            /* the event of its cycle whose pair (seg, seg + 1)
                         this delay's accesses stand for (the same classes),
                         -1: none (wmm_delay_event) */
} wmm_delay;

typedef struct wmm_placed_fence {
  int thread, index;  /* insert before instruction `index` */
  wmm_fence kind;
  double cost;        /* cost(kind) x weight(position) */
  int *delays;        /* indices into wmm_placement.delays it orders */
  int ndelays;
} wmm_placed_fence;

typedef enum wmm_place_status {
  WMM_PLACE_OPTIMAL = 0,   /* ILP solved to proven optimality */
  WMM_PLACE_FEASIBLE,      /* best feasible ILP solution (time limit) */
  WMM_PLACE_GREEDY         /* sound greedy cover (ILP failed or timed out) */
} wmm_place_status;

typedef struct wmm_placement {
  wmm_placed_fence *fences;   /* sorted by (thread, index, kind) */
  int nfences;
  wmm_delay *delays;
  int ndelays;
  wmm_cycle *cycles;
  int ncycles;
  double total_cost;
  wmm_place_status status;
  char note[256];             /* why not optimal, when status != OPTIMAL */
  /* statistics */
  long nclass_cycles;         /* critical cycles over event classes */
  long nfallback;             /* class pairs decided per pair (bound hit) */
  long nshapes;               /* distinct cycle shapes checked */
  long nchecks;               /* checker calls */
  int already_forbidden;      /* use_condition: the condition was already
                                 unreachable, nothing was placed */
  long nkept;                 /* critical cycles the target allows that the
                                 reference model (wmm_place_opts.from)
                                 allows too: kept, no fence */
  long nunwanted;             /* critical cycles left out by
                                 wmm_place_opts.want_cycle */
  int *silent;                /* locations left out as silent (aeg.h: only
                                 ever stored one constant, never read
                                 while the threads run), ascending */
  int nsilent;
  int *blind;                 /* locations left out as blindly updated
                                 (aeg.h: only ever updated by RMWs of one
                                 commuting class whose old values are
                                 used nowhere), ascending */
  int nblind;
} wmm_placement;

/* Event e of delay d's witness cycle in pl: its code unit and instruction
 * index.  A cycle is found over classes (a thread's accesses to one
 * location) and serves every delay between the same two classes: the
 * delay's own two accesses stand in the pair of its classes (wmm_delay.seg),
 * the other events are those the search took.  Example: a fence
 * between `W g.stamp` and `R g.hname` whose witness was found through
 * their classes lists those two, then the other thread's accesses. */
void wmm_delay_event(const wmm_placement *pl, const wmm_delay *d, int e,
                     int *thread, int *index);

typedef struct wmm_place_opts {
  wmm_model model;
  double time_limit;          /* seconds for the ILP (0 = no limit) */
  int force_greedy;           /* testing: skip the ILP */
  int use_freq;               /* weight positions by wmm_instr.freq */
  long max_cycles;            /* bound on the cycle search (0 = default) */
  int ilp_fault;              /* testing: make GLPK fail inside the solve */
  int use_condition;          /* litmus tests: place nothing when the final
                                 condition is already unreachable */
  int no_slices;              /* build every cycle program from the pairs'
                                 accesses only (not their code) */
  int keep_programs;          /* fill wmm_cycle.program */
  int no_prune;               /* testing: search cycles without the
                                 reachability table (cycles.h) */
  int class_reach;            /* testing: build the reachability tables
                                 class by class (reach.h) */
  int direct_com;             /* testing: the SCCs of the class graph
                                 walk its com edges, not hubs (cycles.c) */
  int keep_silent;            /* testing: give the locations only ever
                                 stored one constant events too (aeg.h,
                                 silent locations) */
  int no_handoff;             /* testing: a flag hand-off whose pairs are
                                 not in order yet rules out no cycle
                                 (syncread.c's answer 2 taken for 0) */
  wmm_model from;             /* the reference model whose behaviours are
                                 kept (default sc: restore sequential
                                 consistency).  A critical cycle gets fences
                                 only when `from` forbids it; tso keeps what
                                 code written for x86 relies on and no more.
                                 One of sc, tso, pso, rmo (wmm_place fails
                                 with WMM_ERR_UNSUPPORTED otherwise). */
  /* Which critical cycles must be broken (default NULL: all of them).  When
   * set, a cycle the model allows gets its requirement only when
   * want_cycle(cycle, want_cycle_arg) returns nonzero; the others are left
   * out of the placement (counted in wmm_placement.nunwanted).  Pairs
   * decided per pair (cycle search bound hit) are always required.  Used
   * by counterexample-guided placement (plugin/cegar.cc). */
  int (*want_cycle)(const wmm_cycle *cycle, void *arg);
  void *want_cycle_arg;
} wmm_place_opts;

/* Can m be a reference model (wmm_place_opts.from)?  The models whose
 * executions are those with an acyclic global happens-before: sc, tso, pso,
 * rmo (docs/placement.md, "Keeping a reference model"). */
int wmm_place_from_supported(wmm_model m);

wmm_place_opts wmm_place_opts_default(wmm_model m);

/* Relative cost of a fence kind under a model (the README's cost table);
 * 0 when the kind does not exist on that model. */
double wmm_fence_cost(wmm_model m, wmm_fence f);

/* Does a fence of kind `have` order at least what a fence of kind `need`
 * orders under model m (same kind, or a stronger one: sync over lwsync,
 * dmb ish over dmb ishld / ishst, a full fence over everything)? */
int wmm_fence_covers(wmm_model m, wmm_fence have, wmm_fence need);

/* The fence kinds placement may insert for model m in a program of syntax
 * arch (costs > 0, cheapest first); returns how many (at most
 * WMM_FENCE_COUNT) and fills kinds. */
int wmm_place_kinds(wmm_model m, wmm_arch arch, wmm_fence *kinds);

int wmm_place(const wmm_program *p, const wmm_place_opts *o,
              wmm_placement *out, wmm_error *err);
/* Place p under o and q under oq, where q is p with other fence kinds (the
 * GCC plugin's compiler view: every fence made full, placed under rmo):
 * the event graph, the critical cycles and their fallback pairs do not
 * depend on fence kinds and are computed once.  The same results as
 * wmm_place(p, o, out, err) and wmm_place(q, oq, out_q, err_q), which it
 * calls when q differs from p in more than fence kinds or the two searches
 * would differ.  Returns p's status; *rc_q is q's (with its error in
 * err_q). */
int wmm_place_twin(const wmm_program *p, const wmm_place_opts *o,
                   wmm_placement *out, wmm_error *err,
                   const wmm_program *q, const wmm_place_opts *oq,
                   wmm_placement *out_q, wmm_error *err_q, int *rc_q);
void wmm_placement_free(wmm_placement *pl);

/* Insert the placement's fences into p (highest index first). */
int wmm_placement_apply(wmm_program *p, const wmm_placement *pl);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_PLACEMENT_H */
