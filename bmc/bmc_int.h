/* bmc_int.h — what the files of bmc/ share: the Z3 context wrapper, the
 * symbolic event structure (ses.c), the relation graph with its acyclicity
 * and reachability encodings (graph.c), and the model encodings
 * (enc_common.c, enc_models.c, enc_power.c).
 *
 * Example (the flow of wmm_bmc in bmc.c):
 *   bmc_ctx c;  bmc_ctx_init(&c, p, o, err);
 *   bmc_ses_build(&c);        // events, guards, values, dependencies
 *   bmc_enc_common(&c);       // rf, co, fr, coherence, atomicity, condition
 *   bmc_enc_model(&c);        // the model's axioms
 *   Z3_solver_check(...);  bmc_witness(&c, ...);  bmc_ctx_free(&c);
 */
#ifndef WMMFENCE_BMC_INT_H
#define WMMFENCE_BMC_INT_H

#include <stddef.h>
#include <z3.h>

#include "bmc.h"
#include "models/exec.h"

/* ------------------------------------------------------------ memory */

/* Bump allocator for everything that lives as long as one check. */
typedef struct bmc_arena {
  struct bmc_arena_blk *head;
} bmc_arena;

void *bmc_alloc(bmc_arena *a, size_t n);    /* zeroed; NULL when out */
void bmc_arena_free(bmc_arena *a);

/* ------------------------------------------------------------- values */

/* A dependency on read event `ev`, holding when `cond` does (NULL: on the
 * current path always). */
typedef struct bmc_dep {
  int ev;
  Z3_ast cond;
} bmc_dep;

typedef struct bmc_deps {
  bmc_dep *d;
  int n;
} bmc_deps;

#define BMC_CS_MAX 8

/* A symbolic register value: its term, the constants it may take
 * (ncs = -1: unknown) and the reads it was computed from. */
typedef struct bmc_val {
  Z3_ast z;
  int ncs;
  wmm_val cs[BMC_CS_MAX];
  bmc_deps deps;
} bmc_val;

/* ------------------------------------------------------------- events */

enum {                  /* node types of the relation graph */
  BMC_T_R = 1, BMC_T_W = 2, BMC_T_F = 4, BMC_T_V = 8,
  BMC_T_P = 16          /* with BMC_T_W: a write that is not a streaming
                           store (x86-TSO keeps it in order with writes) */
};

typedef struct bmc_event {
  int kind;             /* WMM_EV_INIT, _READ, _WRITE, _FENCE */
  int rt;               /* run thread (instance); -1 for INIT */
  int thread;           /* program thread; -1 for INIT */
  int instr;            /* instruction index (INIT: -1) */
  int seq;              /* position in the run thread's event list */
  Z3_ast g;             /* guard: the event happens */
  Z3_ast addr, val;     /* 64-bit terms (NULL for fences) */
  int nloc;             /* possible locations (-1: any) */
  int *locs;
  unsigned flags;       /* WMM_ACC_* */
  int excl;             /* from a load/store exclusive */
  int amo;              /* read or write of a single-instruction RMW */
  int fclass;           /* fences: wmm_fclass */
  int A, Q, L;          /* ARMv8 acquire, acquire-PC, release */
  Z3_ast AT;            /* x86 family: locked (NULL = never) */
  bmc_deps d_addr, d_data, d_ctrl, d_ctrlcf, d_addrcf, d_addrpo;
  Z3_ast k;             /* writes: co clock; reads: co clock of the source */
} bmc_event;

/* A read-from candidate: s holds when w -rf-> r. */
typedef struct bmc_rf {
  int w, r;
  Z3_ast s;
} bmc_rf;

/* An rmw pair (read, write), present when cond holds (NULL: always). */
typedef struct bmc_rmw {
  int r, w;
  Z3_ast cond;
} bmc_rmw;

/* A nondeterministic input (WMM_OP_NONDET) taken by run thread rt when g
 * holds; its value is v.  Recorded in the order nodes run (path order). */
typedef struct bmc_input {
  int rt;
  Z3_ast g, v;
} bmc_input;

typedef struct bmc_rthread {
  int thread;           /* program thread */
  int first;            /* first instance of the thread */
  int *ev;              /* its events in program order */
  int nev, cap;
  bmc_val **regs;       /* final registers */
} bmc_rthread;

/* -------------------------------------------------------------- context */

typedef struct bmc_lazy bmc_lazy;

typedef struct bmc_ctx {
  const wmm_program *p;
  wmm_bmc_opts o;
  wmm_error *err;
  wmm_bmc_stats *st;
  bmc_arena ar;
  Z3_context z;
  Z3_solver s;
  Z3_sort bv, isort;
  Z3_ast *asserts;      /* the formula, handed to the solver at the end */
  long nasserts, capasserts;
  int oom;              /* an assert was lost for lack of memory */
  bmc_lazy *lazy;       /* an axiom checked lazily (lazy.c), or NULL */
  Z3_ast t, f;          /* true, false */
  int zfail;            /* Z3 reported an error */
  int zcode;
  int fresh;            /* counter for names */
  bmc_event *ev;
  int nev, cap;
  bmc_rthread *rt;
  int nrt;
  int *init_ev;         /* per location: its INIT event or -1 */
  bmc_rf *rf;
  int nrf, caprf;
  int *rf_first, *rf_next;  /* per read: its candidates as a list */
  bmc_rmw *rmw;
  int nrmw, caprmw;
  int **locw;           /* per location: the writes that may access it */
  int *nlocw;
  int cur_rel;          /* wmm_bmc_rel the next asserts count under */
  Z3_ast cut;           /* bound query: some path takes a backward branch
                           once more than the bound (NULL: none can) */
  bmc_input *inputs;    /* for the witness (replays need the values) */
  int ninputs, capinputs;
} bmc_ctx;

int bmc_ctx_init(bmc_ctx *c, const wmm_program *p, const wmm_bmc_opts *o,
                 wmm_bmc_stats *st, wmm_error *err);
/* Create the solver (its kind depends on the formula's size) and hand it
 * the formula asserted so far. */
#define BMC_BIG_FORMULA 4000     /* constraints */
#define BMC_DENSE_CLOCKS 1500
#define BMC_LAZY_PROP_EVENTS 60  /* events beyond which propagation is lazy */
int bmc_solver(bmc_ctx *c);
void bmc_ctx_free(bmc_ctx *c);
/* A Z3 error (recorded by the handler) as a wmm_status, or 0. */
int bmc_zcheck(bmc_ctx *c, const char *where);
/* Is Boolean a (NULL: true) true in model m? */
int bmc_model_holds(bmc_ctx *c, Z3_model m, Z3_ast a);

/* Z3 helpers that fold true/false and count what they assert. */
Z3_ast bmc_and(bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast bmc_and3(bmc_ctx *c, Z3_ast a, Z3_ast b, Z3_ast d);
Z3_ast bmc_or(bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast bmc_not(bmc_ctx *c, Z3_ast a);
Z3_ast bmc_implies(bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast bmc_eq(bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast bmc_lt(bmc_ctx *c, Z3_ast a, Z3_ast b);     /* clocks */
Z3_ast bmc_le(bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast bmc_bool(bmc_ctx *c, const char *prefix);   /* fresh Boolean */
Z3_ast bmc_clock(bmc_ctx *c, const char *prefix);  /* fresh integer */
Z3_ast bmc_bvconst(bmc_ctx *c, wmm_val v);
void bmc_assert(bmc_ctx *c, Z3_ast a);
/* lit => a < b over clocks (lit NULL: always). */
void bmc_assert_before(bmc_ctx *c, Z3_ast lit, Z3_ast a, Z3_ast b);

/* ------------------------------------------------------ symbolic run */

/* Unwind and execute every thread instance: fills c->ev, c->rt, c->rmw. */
int bmc_ses_build(bmc_ctx *c);

/* Event helpers. */
static inline int bmc_is_mem(const bmc_event *e)
{
  return e->kind != WMM_EV_FENCE;
}
static inline int bmc_is_write(const bmc_event *e)
{
  return e->kind == WMM_EV_WRITE || e->kind == WMM_EV_INIT;
}
int bmc_may_alias(const bmc_event *a, const bmc_event *b);
/* a and b access the same location (a Boolean term; t or f when known). */
Z3_ast bmc_same_loc(bmc_ctx *c, const bmc_event *a, const bmc_event *b);
/* e accesses location loc. */
Z3_ast bmc_at_loc(bmc_ctx *c, const bmc_event *e, int loc);
/* The condition of read `src` in dependency list d (NULL if absent). */
Z3_ast bmc_dep_cond(bmc_ctx *c, const bmc_deps *d, int src, int *found);
/* Two events of one thread instance, a before b in program order. */
static inline int bmc_po(const bmc_event *a, const bmc_event *b)
{
  return a->rt >= 0 && a->rt == b->rt && a->seq < b->seq;
}
static inline int bmc_ext(const bmc_event *a, const bmc_event *b)
{
  return a->rt != b->rt || a->rt < 0;
}

/* ------------------------------------------------------- the encoding */

/* co(a,b), fr(a,b) as terms (exact). */
Z3_ast bmc_co(bmc_ctx *c, int a, int b);
Z3_ast bmc_fr(bmc_ctx *c, int r, int w);
/* rf, co, fr, coherence, atomicity, the final condition. */
int bmc_enc_common(bmc_ctx *c);
/* The robustness goal: a cycle in po | rf | co | fr (robust.c). */
int bmc_enc_robust(bmc_ctx *c, Z3_ast *goal);
/* The model's own axioms. */
int bmc_enc_model(bmc_ctx *c);

/* ------------------------------------------------------ relation graph */

typedef struct bmc_edge {
  int src, dst;
  Z3_ast lit;           /* NULL: always */
} bmc_edge;

typedef struct bmc_eset {
  bmc_edge *e;
  int n, cap;
} bmc_eset;

/* Edge sets of the graph (which relation an edge belongs to). */
enum {
  BMC_E_PO = 0,         /* static order kept by the model (non-Power) */
  BMC_E_PPO,            /* Power/ARMv7 ppo pairs */
  BMC_E_RFE, BMC_E_RFI, BMC_E_COE, BMC_E_COI, BMC_E_FRE, BMC_E_FRI,
  BMC_E_FEED,           /* event -> prefix chain */
  BMC_E_CHP,            /* prefix chain link */
  BMC_E_FIN_S, BMC_E_FIN_L,    /* prefix chain -> strong / light fence */
  BMC_E_FOUT_S, BMC_E_FOUT_L,  /* fence -> suffix chain */
  BMC_E_CHS,            /* suffix chain link */
  BMC_E_LEAVE,          /* suffix chain -> event */
  BMC_E_XX,             /* po between exclusives */
  BMC_E_COUNT
};

#define BMC_SET(x) (1u << (x))

typedef struct bmc_graph {
  int n, cap;           /* nodes: events first, then virtual nodes */
  unsigned char *type;  /* BMC_T_* per node */
  bmc_eset set[BMC_E_COUNT];
} bmc_graph;

int bmc_graph_init(bmc_ctx *c, bmc_graph *g);
void bmc_graph_free(bmc_graph *g);
int bmc_graph_node(bmc_graph *g, unsigned char type);     /* new virtual */
int bmc_graph_edge(bmc_graph *g, int set, int src, int dst, Z3_ast lit);

/* Prefix/suffix chains over one thread instance's events (fences
 * included when with_fences): P[i] reaches the chain's events at
 * positions <= i, S[i] is reached... see graph.c. */
typedef struct bmc_chain {
  int n;                /* positions */
  int *node;            /* virtual node per position (-1: none) */
} bmc_chain;

int bmc_chain_prefix(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t,
                     unsigned types, bmc_chain *out);
int bmc_chain_suffix(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t,
                     unsigned types, bmc_chain *out);

/* Strongly connected components of a CSR graph (edges of v: dst[start[v]
 * .. start[v+1]-1]): comp[v], and *big (malloc'ed, per component) = 1 for
 * those that hold a cycle. */
int bmc_scc(int n, const int *start, const int *dst, int *comp,
            unsigned char **big, int *ncomp);

/* acyclic(union of the sets in mask): one clock per node on a cycle. */
int bmc_acyclic(bmc_ctx *c, const bmc_graph *g, unsigned mask);

/* A nondeterministic automaton over edge sets: a path of the graph that it
 * reads is a relation step.  Epsilon transitions (set -1) may require the
 * node's type to be in `filter` (0: any). */
typedef struct bmc_nfa_tr {
  int from, to, set;
  unsigned filter;
} bmc_nfa_tr;

typedef struct bmc_nfa {
  int nstates;
  bmc_nfa_tr *tr;
  int ntr, cap;
} bmc_nfa;

int bmc_nfa_state(bmc_nfa *a);
int bmc_nfa_add(bmc_nfa *a, int from, int to, int set, unsigned filter);
void bmc_nfa_free(bmc_nfa *a);

/* No cycle of the product graph: every cycle through state q0 spells a
 * cycle of the relation the automaton reads from q0 back to q0. */
int bmc_nfa_acyclic(bmc_ctx *c, const bmc_graph *g, const bmc_nfa *a);

/* ------------------------------------------------------------ models */

int bmc_enc_power(bmc_ctx *c, bmc_graph *g);   /* power and armv7 */
/* rf, co and fr edges into the sets BMC_E_RF?, _CO?, _FR?. */
int bmc_com_edges(bmc_ctx *c, bmc_graph *g);

/* Axioms checked lazily (lazy.c): bmc_lazy_graph takes the graph (it is
 * emptied), bmc_lazy_check an automaton over it: acyclic (cycles through
 * state start) or irreflexive (no path from (v, start) to (v, final) for v
 * of a type in sources).  bmc_lazy_refine adds a clause per violation in
 * model m; *added = 0 means m satisfies them all. */
int bmc_lazy_graph(bmc_ctx *c, bmc_graph *g);
int bmc_lazy_check(bmc_ctx *c, bmc_nfa *a, int acyclic, int start,
                   int final, unsigned sources);
int bmc_lazy_refine(bmc_ctx *c, Z3_model m, int *added);
void bmc_lazy_free(bmc_lazy *l);

/* ------------------------------------------------------------ witness */

int bmc_witness(bmc_ctx *c, Z3_model m, wmm_witness *w);

#endif /* WMMFENCE_BMC_INT_H */
