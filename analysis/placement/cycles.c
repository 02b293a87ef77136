/* cycles.c — the critical-cycle search of cycles.h: SCCs of the class graph
 * (po edges inside a thread between different locations, com edges between
 * threads), then a bounded depth-first enumeration per SCC.
 *
 * Example: PPC SB gives one SCC {P0:Wx, P0:Ry, P1:Wy, P1:Rx} and the cycle
 * (P0: Wx -> Ry) -fr-> (P1: Wy -> Rx) -fr-> back to P0.
 */
#include "cycles.h"
#include "guards.h"
#include "reach.h"

#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz)
{
  return calloc(n ? n : 1, sz);
}

static int grow(void **arr, int *cap, int n, size_t sz)
{
  if (n < *cap)
    return 0;
  int ncap = *cap ? *cap * 2 : 64;
  void *q = realloc(*arr, (size_t)ncap * sz);
  if (!q)
    return -1;
  *arr = q;
  *cap = ncap;
  return 0;
}

/* ---------------------------------------------------- the class graph */

typedef struct cgraph {
  const wmm_aeg *g;
  const int *loc_off, *loc_cls;   /* classes per location, by thread
                                     (the event graph's) */
  int *tnext;               /* per loc_cls entry: the next of another thread */
  int *tbase, *tloc;        /* the location of thread t's k-th class:
                               tloc[tbase[t] + k] (read without a class) */
  int nlocs;
} cgraph;

/* The first entry of location l's classes whose thread is above t. */
static int first_above(const cgraph *cg, int l, int t)
{
  int lo = cg->loc_off[l], hi = cg->loc_off[l + 1];
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (cg->g->cls[cg->loc_cls[mid]].thread <= t)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The first set bit >= k of a po row of `words` words over n classes
 * that is not set in `skip` (a row of the same width, or NULL), or -1. */
static inline int row_next(const uint64_t *row, const uint64_t *skip,
                           int words, int n, int k)
{
  if (k >= n)
    return -1;
  int w = k / 64;
  uint64_t bits = row[w] & ~(skip ? skip[w] : 0) & (~0ull << (k % 64));
  while (!bits) {
    if (++w >= words)
      return -1;
    bits = row[w] & ~(skip ? skip[w] : 0);
  }
  int r = w * 64 + __builtin_ctzll(bits);
  return r < n ? r : -1;
}

/* The first local index >= k of a class po-after class y in y's thread
 * (its po row's next set bit), or -1: the po successors in class order,
 * without testing every class of the thread. */
static int next_po(const wmm_aeg *g, int y, int k)
{
  const wmm_aeg_thread *th = &g->threads[g->cls[y].thread];
  return row_next(&th->po[(size_t)g->cls[y].local * th->words], NULL,
                  th->words, th->ncls, k);
}

/* Tarjan's view of the com edges: per location, its classes fall into
 * groups, one per thread (loc_cls is sorted by thread), and per group and
 * target set (0 every class, 1 the non-writers, 2 the writers) two hubs,
 * node ncls + 6 * group + 2 * set + side: side 0 stands for the set's
 * classes in the location's groups below, side 1 above.  A class goes to
 * the two hubs of its group and of the set it communicates with (a writer:
 * every class, or the non-writers of a one-writer location; a reader: the
 * writers), a hub to the next hub outward and to its neighbouring group's
 * members of the set.  Paths between classes are exactly those of the
 * class graph (a class reaches another's class through hubs iff they
 * communicate), so its SCCs are the same, with a number of edges linear
 * in the classes instead of up to the square of a location's. */
typedef struct comhubs {
  int ncls;
  int *grp;            /* per class: its global group */
  int *gbeg;           /* per group: first loc_cls entry; gbeg[ngrp] end */
  int *gfirst, *glast; /* per group: its location's first and last group */
  int ngrp;
} comhubs;

static int hub_set(const wmm_aeg *g, int c)
{
  const wmm_aeg_class *cl = &g->cls[c];
  if (!cl->writes)
    return 2;
  return g->p->locs[cl->loc].one_writer ? 1 : 0;
}

static int in_set(const wmm_aeg *g, int c, int set)
{
  return set == 0 || (set == 1) == !g->cls[c].writes;
}

/* The hubs of cg's locations; -1 out of memory, 1 when a location's
 * classes are not sorted by thread (Tarjan then walks the com edges). */
static int build_hubs(comhubs *h, const cgraph *cg)
{
  const wmm_aeg *g = cg->g;
  memset(h, 0, sizeof *h);
  h->ncls = g->ncls;
  int n = cg->loc_off[cg->nlocs];
  h->grp = xcalloc((size_t)g->ncls + 1, sizeof *h->grp);
  h->gbeg = xcalloc((size_t)n + 1, sizeof *h->gbeg);
  h->gfirst = xcalloc((size_t)n + 1, sizeof *h->gfirst);
  h->glast = xcalloc((size_t)n + 1, sizeof *h->glast);
  if (!h->grp || !h->gbeg || !h->gfirst || !h->glast)
    return -1;
  for (int l = 0; l < cg->nlocs; l++) {
    int first = h->ngrp, prev = -1;
    for (int k = cg->loc_off[l]; k < cg->loc_off[l + 1]; k++) {
      int t = g->cls[cg->loc_cls[k]].thread;
      if (k == cg->loc_off[l] || t != prev) {
        if (k > cg->loc_off[l] && t < prev)
          return 1;
        h->gbeg[h->ngrp] = k;
        h->gfirst[h->ngrp] = first;
        h->ngrp++;
      }
      prev = t;
      h->grp[cg->loc_cls[k]] = h->ngrp - 1;
    }
    for (int x = first; x < h->ngrp; x++)
      h->glast[x] = h->ngrp - 1;
  }
  h->gbeg[h->ngrp] = n;
  return 0;
}

static void free_hubs(comhubs *h)
{
  free(h->grp), free(h->gbeg), free(h->gfirst), free(h->glast);
}

/* Tarjan's marks per thread, over local class indices: seen (visited)
 * and live (on the stack) bit rows, and per word the least index of a
 * live class in it.  The stack holds indices in increasing order, so a
 * push or a pop (always of the newest) never changes a word's least live
 * index unless the word was or becomes empty. */
typedef struct tjmarks {
  uint64_t *seen, *live;
  int *wmin;
  size_t *off;         /* per thread: its first word */
} tjmarks;

static int tjmarks_init(tjmarks *m, const wmm_aeg *g)
{
  m->off = xcalloc((size_t)g->nthreads + 1, sizeof *m->off);
  if (!m->off)
    return -1;
  for (int t = 0; t < g->nthreads; t++)
    m->off[t + 1] = m->off[t] + (size_t)g->threads[t].words;
  size_t n = m->off[g->nthreads];
  m->seen = xcalloc(n, sizeof *m->seen);
  m->live = xcalloc(n, sizeof *m->live);
  m->wmin = xcalloc(n, sizeof *m->wmin);
  return m->seen && m->live && m->wmin ? 0 : -1;
}

static void tjmarks_free(tjmarks *m)
{
  free(m->off), free(m->seen), free(m->live), free(m->wmin);
}

/* Class c (index i) enters (in = 1) or leaves Tarjan's stack. */
static void tjmarks_mark(tjmarks *m, const wmm_aeg *g, int c, int i, int in)
{
  const wmm_aeg_class *cl = &g->cls[c];
  size_t w = m->off[cl->thread] + (size_t)(cl->local / 64);
  uint64_t bit = 1ull << (cl->local % 64);
  if (in) {
    m->seen[w] |= bit;
    if (!m->live[w])
      m->wmin[w] = i;
    m->live[w] |= bit;
  } else {
    m->live[w] &= ~bit;
  }
}

/* The least index of a live class po-after class c (another location),
 * or `best` when none is below it: the po part of Tarjan's low link,
 * taken once when c is pushed (live classes pushed later have higher
 * indices than c's and cannot lower it), skipping words whose least live
 * index cannot improve on the best so far. */
static int live_po_min(const cgraph *cg, const tjmarks *m, const int *idx,
                       int c, int best)
{
  const wmm_aeg *g = cg->g;
  const wmm_aeg_class *cl = &g->cls[c];
  const wmm_aeg_thread *th = &g->threads[cl->thread];
  const uint64_t *row = &th->po[(size_t)cl->local * th->words];
  const uint64_t *live = m->live + m->off[cl->thread];
  const int *wmin = m->wmin + m->off[cl->thread];
  const int *tloc = cg->tloc + cg->tbase[cl->thread];
  for (int w = 0; w < th->words; w++) {
    uint64_t bits = row[w] & live[w];
    if (!bits || wmin[w] >= best)
      continue;
    for (; bits; bits &= bits - 1) {
      int k = w * 64 + __builtin_ctzll(bits);
      if (k < th->ncls && tloc[k] != cl->loc && idx[th->cls[k]] < best)
        best = idx[th->cls[k]];
    }
  }
  return best;
}

/* The successor of node v (a class, or a hub when hubs are given) after
 * iterator *it, or -1 after the last.  A class: po successors in its
 * thread (another location) by local index, then com successors (two
 * hubs, or without hubs the classes of its location it communicates with).
 * *it starts at 0: below the thread's class count it is the next local
 * index to look at, above it what comes after.  With marks, the po
 * successors are only the classes not yet seen (Tarjan's tree edges; the
 * others' part of the low link is live_po_min's), found a word at a time.
 * (Tarjan walks the class graph with it rather than storing its edges,
 * which number up to the square of the classes.) */
static int next_succ(const cgraph *cg, const comhubs *h, const tjmarks *m,
                     int v, int *it)
{
  const wmm_aeg *g = cg->g;
  if (h && v >= h->ncls) {
    int x = v - h->ncls, gi = x / 6, set = x % 6 / 2, side = x % 2;
    int to = side ? gi + 1 : gi - 1;   /* the neighbouring group */
    if (*it == 0) {
      *it = 1;
      if (side ? to < h->glast[gi] : to > h->gfirst[gi])
        return h->ncls + 6 * to + (x % 6);
    }
    for (int k = h->gbeg[to] + (*it - 1); k < h->gbeg[to + 1]; k++) {
      *it = k + 2 - h->gbeg[to];
      if (in_set(g, cg->loc_cls[k], set))
        return cg->loc_cls[k];
    }
    return -1;
  }
  const wmm_aeg_class *cl = &g->cls[v];
  const wmm_aeg_thread *th = &g->threads[cl->thread];
  int n = th->ncls;
  const int *tloc = cg->tloc + cg->tbase[cl->thread];
  const uint64_t *row = &th->po[(size_t)cl->local * th->words];
  const uint64_t *seen = m ? m->seen + m->off[cl->thread] : NULL;
  while (*it < n) {
    int k = row_next(row, seen, th->words, n, *it);
    *it = k < 0 ? n : k + 1;
    if (k >= 0 && tloc[k] != cl->loc)
      return th->cls[k];
  }
  if (h) {
    int gi = h->grp[v], hub = h->ncls + 6 * gi + 2 * hub_set(g, v);
    if (*it == n) {
      *it = n + 1;
      if (gi > h->gfirst[gi])
        return hub;
    }
    if (*it == n + 1) {
      *it = n + 2;
      if (gi < h->glast[gi])
        return hub + 1;
    }
    return -1;
  }
  int base = cg->loc_off[cl->loc];
  for (int k = base + (*it - n); k < cg->loc_off[cl->loc + 1]; k++) {
    *it = n + (k + 1 - base);
    if (wmm_aeg_com(g, v, cg->loc_cls[k]))
      return cg->loc_cls[k];
  }
  return -1;
}

static int build_cgraph(cgraph *cg, const wmm_aeg *g)
{
  cg->g = g;
  cg->nlocs = g->p->nlocs;
  cg->loc_off = g->loc_off;   /* (the event graph's, by thread) */
  cg->loc_cls = g->loc_cls;
  cg->tnext = xcalloc((size_t)g->ncls, sizeof *cg->tnext);
  cg->tbase = xcalloc((size_t)g->nthreads + 1, sizeof *cg->tbase);
  cg->tloc = xcalloc((size_t)g->ncls, sizeof *cg->tloc);
  if (!cg->tnext || !cg->tbase || !cg->tloc)
    return -1;
  for (int t = 0; t < g->nthreads; t++) {
    cg->tbase[t + 1] = cg->tbase[t] + g->threads[t].ncls;
    for (int k = 0; k < g->threads[t].ncls; k++)
      cg->tloc[cg->tbase[t] + k] = g->cls[g->threads[t].cls[k]].loc;
  }
  for (int l = 0; l < cg->nlocs; l++)
    for (int k = cg->loc_off[l + 1] - 1; k >= cg->loc_off[l]; k--)
      cg->tnext[k] = k + 1 == cg->loc_off[l + 1] ||
                             g->cls[cg->loc_cls[k + 1]].thread != g->cls[cg->loc_cls[k]].thread
                         ? k + 1 : cg->tnext[k + 1];
  return 0;
}

/* Tarjan's state over the class graph's nodes (classes, then hubs). */
typedef struct tarjan {
  int *idx, *low, *stk, *call, *edge;
  unsigned char *on;
  int counter, sp, csp;
  int marked;          /* po edges through m (0: one by one, for tests) */
  tjmarks m;
} tarjan;

/* Push node w on Tarjan's stacks; a class takes its po low link now. */
static void tj_push(const cgraph *cg, tarjan *T, int w)
{
  T->idx[w] = T->low[w] = ++T->counter;
  T->edge[w] = 0;
  T->stk[T->sp++] = w;
  T->on[w] = 1;
  T->call[T->csp++] = w;
  if (w < cg->g->ncls && T->marked) {
    T->low[w] = live_po_min(cg, &T->m, T->idx, w, T->low[w]);
    tjmarks_mark(&T->m, cg->g, w, T->idx[w], 1);
  }
}

static void tj_free(tarjan *T)
{
  free(T->idx), free(T->low), free(T->stk), free(T->call);
  free(T->edge), free(T->on);
  tjmarks_free(&T->m);
}

/* Tarjan over the class graph (its com edges through hubs, its po edges
 * through the marks; with direct, both one by one, as tests compare);
 * scc[c] = component, size[comp] counts its classes; components of hubs
 * alone get no number. */
static int class_sccs(const cgraph *cg, int direct, int *scc, int *nscc_out,
                      int **size_out)
{
  const wmm_aeg *g = cg->g;
  comhubs hubs, *h = &hubs;
  int hrc = direct ? (memset(h, 0, sizeof *h), 1) : build_hubs(h, cg);
  if (hrc < 0) {
    free_hubs(h);
    return -1;
  }
  if (hrc > 0)
    h->ngrp = 0;
  int ncls = g->ncls, n = ncls + 6 * h->ngrp;
  tarjan T = {0};
  T.marked = !direct;
  T.idx = xcalloc((size_t)n, sizeof *T.idx);
  T.low = xcalloc((size_t)n, sizeof *T.low);
  T.stk = xcalloc((size_t)n, sizeof *T.stk);
  T.call = xcalloc((size_t)n, sizeof *T.call);
  T.edge = xcalloc((size_t)n, sizeof *T.edge);
  T.on = xcalloc((size_t)n, 1);
  int *size = xcalloc((size_t)ncls + 1, sizeof *size);
  if ((T.marked && tjmarks_init(&T.m, g) < 0) || !T.idx || !T.low ||
      !T.stk || !T.call || !T.edge || !T.on || !size) {
    tj_free(&T);
    free(size);
    free_hubs(h);
    return -1;
  }
  const comhubs *use = hrc == 0 ? h : NULL;
  int nscc = 0;
  for (int root = 0; root < ncls; root++) {
    if (T.idx[root])
      continue;
    tj_push(cg, &T, root);
    while (T.csp) {
      int v = T.call[T.csp - 1];
      int w = next_succ(cg, use, T.marked ? &T.m : NULL, v, &T.edge[v]);
      if (w >= 0) {
        if (!T.idx[w])
          tj_push(cg, &T, w);
        else if (T.on[w] && T.idx[w] < T.low[v])
          T.low[v] = T.idx[w];
        continue;
      }
      T.csp--;
      if (T.csp && T.low[v] < T.low[T.call[T.csp - 1]])
        T.low[T.call[T.csp - 1]] = T.low[v];
      if (T.low[v] == T.idx[v]) {
        int classes = 0;
        do {
          w = T.stk[--T.sp];
          T.on[w] = 0;
          if (w < ncls) {
            if (T.marked)
              tjmarks_mark(&T.m, g, w, T.idx[w], 0);
            scc[w] = nscc;
            size[nscc]++;
            classes = 1;
          }
        } while (w != v);
        nscc += classes;
      }
    }
  }
  tj_free(&T);
  free_hubs(h);
  *nscc_out = nscc;
  *size_out = size;
  return 0;
}

/* ------------------------------------------------------ enumeration */

typedef struct search {
  const cgraph *cg;
  const wmm_aeg *g;
  wmm_cycles *out;
  const int *scc;
  int comp;              /* SCC being searched */
  int start;             /* smallest thread of the cycle */
  int a0, b0;            /* start segment */
  wmm_cseg *path;
  int npath;
  unsigned char *used;   /* per thread */
  int *cnt;              /* accesses per location on the path */
  long cycles_left, steps_left;
  int overflow;
  int first_cycle;       /* out->ncyc when this SCC started */
  int nomem;
  /* po successors of each class of the SCC (same thread and SCC, another
   * location), in the thread's class order: succ[sbeg[c] .. send[c]),
   * listed when the search first needs them (ensure_succ).  has_succ = 0
   * when they would take too much memory (then scanned). */
  int *sbeg, *send, *succ;
  int *sskip;            /* per entry: the next entry of another location */
  long cap_succ, nsucc;
  int *sgen, succ_gen;   /* sgen[c] == succ_gen: c's list is built */
  int nsloc;             /* entries of sloc in use */
  /* without bit sets (lwords 0), the distinct locations of each class's
   * successors: sloc[lbeg[c] .. lend[c]) (loc_mark: scratch, one stamp per
   * location) */
  int *lbeg, *lend, *sloc, *loc_mark, loc_gen, cap_sloc;
  /* with at most LOC_WORDS_MAX * 64 locations (lwords words per set): per
   * class, the set of its successors' locations (lmask, memo_lmask for
   * the memo lists); the locations on the path (on_path: cnt > 0) and
   * those with three accesses (full: cnt >= 3) */
  uint64_t *lmask, *memo_lmask, *on_path, *full;
  int lwords;
  int has_succ;
  /* pruning: good[z] says whether a segment ending at class z can still
   * lead back to the start's location (reach.h's table for a0), NULL: none */
  const unsigned char *good;
  unsigned char **reach;  /* per (location, writes) of a0, this SCC's
                             (borrowed from tables) */
  unsigned char **tables; /* the distinct tables, owned */
  uint64_t *table_facts;  /* per table: its good facts (facts mode) */
  size_t cap_facts;       /* table_facts' room, in words */
  int ntables, cap_tables;
  wmm_reach *facts;       /* this SCC's fact matrices (reach.h), or NULL */
  int facts_tried;        /* 1 + the SCC wmm_reach_new was asked for, 0 */
  int class_reach;        /* testing: tables by the per-class fixpoint */
  /* witness mode (wmm_cycles_witness): cycles through the start pair, up
   * to max_segs segments, until accept() takes one (found) */
  wmm_cycles_accept accept;
  void *accept_ctx;
  long pair_cycles_left, pair_steps_left;
  int max_segs;
  int found;
  int no_prune;           /* testing: good = all_good (every class) */
  unsigned char *all_good;
  /* witness mode without successor lists: the good po successors of each
   * class visited, listed once per start pair (memo_gen[c] == gen):
   * memo[memo_beg[c] .. memo_end[c]) */
  int *memo_beg, *memo_end, *memo_gen, *memo, *memo_skip;
  int memo_n, memo_cap;
  int gen, memo_on;
  wmm_guards *guards;     /* value guards of the program, or NULL */
} search;

/* Location sets as bit words up to this many words (else lists). */
#define LOC_WORDS_MAX 16

/* An SCC of more classes than this gets BIG_SCC_STEPS x max_cycles search
 * steps instead of 64 x max_cycles: on 55 units of real programs (tso and
 * power) no SCC of even 200 classes was enumerated completely, and the
 * ones that were took at most 3 800 steps, while a search that gives up
 * on a big SCC spends its whole budget first (up to two fifths of a
 * compile).  The largest complete SCC of tests/plugin/programs has 56
 * classes. */
#define BIG_SCC_CLASSES 1024
#define BIG_SCC_STEPS 4

/* Successor lists of one SCC past this many entries are not kept. */
#define SUCC_MAX (1L << 22)

/* Longest witness cycle looked for: longer ones make executions too big
 * for the checker that judges them, and say little to a reader. */
#define WITNESS_MAX_SEGS 6

static int is_single(const wmm_cseg *s)
{
  return s->a == s->b;
}

/* The rotation that starts at the smallest (thread, a, b) segment: the
 * same cycle found from another of its pairs has the same one. */
static int canonical_start(const wmm_cseg *path, int n)
{
  int k0 = 0;
  for (int k = 1; k < n; k++) {
    const wmm_cseg *x = &path[k], *y = &path[k0];
    if (x->thread < y->thread || (x->thread == y->thread &&
        (x->a < y->a || (x->a == y->a && x->b < y->b))))
      k0 = k;
  }
  return k0;
}

/* Append the path, rotated to start at k0, as a cycle. */
static int append_cycle(search *S, int k0, int witness)
{
  wmm_cycles *o = S->out;
  if (grow((void **)&o->seg, &o->cap_seg, o->nseg + S->npath, sizeof *o->seg) ||
      grow((void **)&o->cyc, &o->cap_cyc, o->ncyc, sizeof *o->cyc))
    return -1;
  while (o->cap_seg < o->nseg + S->npath)
    if (grow((void **)&o->seg, &o->cap_seg, o->cap_seg, sizeof *o->seg))
      return -1;
  for (int i = 0; i < S->npath; i++)
    o->seg[o->nseg + i] = S->path[(k0 + i) % S->npath];
  o->cyc[o->ncyc++] = (wmm_ccycle){o->nseg, S->npath, S->comp, witness};
  o->nseg += S->npath;
  return 0;
}

/* Witness mode: the current path is a cycle through the start pair; keep
 * it and stop when accept() takes it. */
static void emit_witness(search *S)
{
  if (S->pair_cycles_left-- <= 0) {
    S->overflow = 1;
    return;
  }
  int k0 = canonical_start(S->path, S->npath);
  wmm_cseg rot[WITNESS_MAX_SEGS];
  if (S->npath > WITNESS_MAX_SEGS)
    return;
  for (int i = 0; i < S->npath; i++)
    rot[i] = S->path[(k0 + i) % S->npath];
  if (!wmm_guards_cycle(S->guards, rot, S->npath))
    return;   /* no execution has it: no witness */
  int r = S->accept(S->accept_ctx, rot, S->npath);
  if (r == -2)
    S->overflow = 1;   /* the caller stops looking */
  else if (r < 0)
    S->nomem = 1;
  if (r <= 0)
    return;
  if (append_cycle(S, k0, 1)) {
    S->nomem = 1;
    return;
  }
  S->found = S->out->ncyc - 1;
  S->overflow = 1;   /* stop: one witness is enough */
}

/* Record the current path as a cycle. */
static void emit(search *S)
{
  /* a cycle on instance k > 0 of a unit must also use instance k - 1 */
  for (int k = 0; k < S->npath; k++) {
    int t = S->path[k].thread;
    if (S->g->threads[t].instance > 0 && !S->used[t - 1])
      return;
  }
  if (S->accept) {
    emit_witness(S);
    return;
  }
  if (!wmm_guards_cycle(S->guards, S->path, S->npath)) {
    S->out->dropped++;
    return;
  }
  if (S->cycles_left-- <= 0) {
    S->overflow = 1;
    return;
  }
  if (append_cycle(S, 0, 0))
    S->nomem = 1;
}

/* Can the com edge x -> y close the cycle at the start segment? */
static void try_close(search *S, int x)
{
  const wmm_aeg *g = S->g;
  int a0 = S->a0;
  if (!wmm_aeg_com(g, x, a0))
    return;
  const wmm_cseg *last = &S->path[S->npath - 1];
  const wmm_cseg *first = &S->path[0];
  if (is_single(last)) {
    /* last is a middle single: a write read by a0 */
    if (is_single(first) || !g->cls[last->b].writes || !g->cls[a0].reads)
      return;
  }
  if (is_single(first)) {
    /* a0 is a middle single between x and the first target */
    int y1 = S->path[1].a;
    if (!g->cls[a0].writes || !g->cls[y1].reads)
      return;
  }
  if (S->npath < 2)
    return;
  emit(S);
}

static void extend(search *S, int x);

/* Can (y, z), z po-after y in one thread (found by next_po), be a segment
 * of the SCC being searched: z in the SCC, at another location? */
static int seg_after(const search *S, int y, int z)
{
  return S->scc[z] == S->comp && S->g->cls[z].loc != S->g->cls[y].loc;
}

/* Is (y, z) a po pair of one thread to another location? */
static int seg_pair_in(const wmm_aeg *g, int y, int z)
{
  return g->cls[z].loc != g->cls[y].loc && wmm_aeg_po(g, y, z);
}

/* Would push_seg refuse a segment ending at location l: used on the path
 * already (other than the start's location) or there three times? */
static int loc_refused(const search *S, int l)
{
  return (S->cnt[l] && l != S->g->cls[S->a0].loc) || S->cnt[l] >= 3;
}

/* skip[m] for list[beg .. end): the first entry after m whose class is at
 * another location than list[m]'s (end if none), so that a scan jumps
 * over a run of successors that a used location refuses. */
static void fill_skip(const wmm_aeg *g, const int *list, int *skip, int beg,
                      int end)
{
  for (int m = end - 1; m >= beg; m--)
    skip[m] = m + 1 == end || g->cls[list[m + 1]].loc != g->cls[list[m]].loc
                  ? m + 1 : skip[m + 1];
}

/* The locations of succ[sbeg[c] .. send[c]): class c's bit set, or (no
 * bit sets) its distinct locations appended to sloc; -1 out of memory. */
static int list_locs(search *S, int c, int *nl)
{
  const wmm_aeg *g = S->g;
  if (S->lwords) {
    uint64_t *mask = &S->lmask[(size_t)c * S->lwords];
    memset(mask, 0, (size_t)S->lwords * sizeof *mask);
    for (int m = S->sbeg[c]; m < S->send[c]; m = S->sskip[m])
      mask[g->cls[S->succ[m]].loc / 64] |= 1ull << (g->cls[S->succ[m]].loc % 64);
    return 0;
  }
  S->lbeg[c] = *nl;
  S->loc_gen++;
  for (int m = S->sbeg[c]; m < S->send[c]; m = S->sskip[m]) {
    int l = g->cls[S->succ[m]].loc;
    if (S->loc_mark[l] == S->loc_gen)
      continue;
    S->loc_mark[l] = S->loc_gen;
    if (grow((void **)&S->sloc, &S->cap_sloc, *nl, sizeof *S->sloc))
      return -1;
    S->sloc[(*nl)++] = l;
  }
  S->lend[c] = *nl;
  return 0;
}

/* Is every location of set m (lwords words) refused by push_seg: used on
 * the path (other than the start's) or full? */
static int set_refused(const search *S, const uint64_t *m)
{
  int l0 = S->g->cls[S->a0].loc;
  for (int w = 0; w < S->lwords; w++) {
    uint64_t used = S->on_path[w];
    if (w == l0 / 64)
      used &= ~(1ull << (l0 % 64));
    if (m[w] & ~(used | S->full[w]))
      return 0;
  }
  return 1;
}

/* Does push_seg refuse every successor of y (their locations all used)? */
static int all_refused(const search *S, int y)
{
  if (S->lwords)
    return set_refused(S, &S->lmask[(size_t)y * S->lwords]);
  for (int k = S->lbeg[y]; k < S->lend[y]; k++)
    if (!loc_refused(S, S->sloc[k]))
      return 0;
  return 1;
}

/* How many of row's bits (words words) are set in mask and not in the
 * local index range [lo, hi). */
static long count_outside(const uint64_t *row, const uint64_t *mask, int words,
                          int lo, int hi)
{
  long n = 0;
  for (int w = 0; w < words; w++) {
    uint64_t bits = row[w] & mask[w];
    int b0 = w * 64;
    if (hi > b0 && lo < b0 + 64) {   /* clear [lo, hi) in this word */
      int from = lo > b0 ? lo - b0 : 0, to = hi < b0 + 64 ? hi - b0 : 64;
      uint64_t r = (to == 64 ? ~0ull : (1ull << to) - 1) & ~((1ull << from) - 1);
      bits &= ~r;
    }
    n += __builtin_popcountll(bits);
  }
  return n;
}

/* Get ready to list the successors of the SCC being searched, class by
 * class as the search first needs them (ensure_succ): count them (a
 * thread's classes at one location are consecutive, in class order), and
 * keep lists only when there are at most SUCC_MAX (S->has_succ); -1 out
 * of memory.  A search that gives up early lists few of them. */
static int build_succ(search *S)
{
  const wmm_aeg *g = S->g;
  S->has_succ = 0;
  S->succ_gen++;
  S->nsucc = 0;
  S->nsloc = 0;
  int maxw = 1;
  for (int t = 0; t < g->nthreads; t++)
    if (g->threads[t].words > maxw)
      maxw = g->threads[t].words;
  uint64_t *in_comp = xcalloc((size_t)maxw, sizeof *in_comp);
  if (!in_comp)
    return -1;
  long n = 0;
  for (int t = 0; t < g->nthreads && n <= SUCC_MAX; t++) {
    const wmm_aeg_thread *th = &g->threads[t];
    memset(in_comp, 0, (size_t)th->words * sizeof *in_comp);
    for (int k = 0; k < th->ncls; k++)
      if (S->scc[th->cls[k]] == S->comp)
        in_comp[k / 64] |= 1ull << (k % 64);
    for (int lo = 0, hi; lo < th->ncls; lo = hi) {
      int l = g->cls[th->cls[lo]].loc;
      for (hi = lo + 1; hi < th->ncls && g->cls[th->cls[hi]].loc == l; hi++)
        ;
      for (int k = lo; k < hi; k++)
        if (S->scc[th->cls[k]] == S->comp)
          n += count_outside(&th->po[(size_t)k * th->words], in_comp, th->words,
                             lo, hi);
    }
  }
  free(in_comp);
  S->has_succ = n <= SUCC_MAX;
  return 0;
}

/* The successor list of class c (po successors of the SCC at another
 * location), built on first use for this SCC; -1 out of memory. */
static int ensure_succ(search *S, int c)
{
  if (S->sgen[c] == S->succ_gen)
    return 0;
  const wmm_aeg *g = S->g;
  const wmm_aeg_thread *th = &g->threads[g->cls[c].thread];
  long n = S->nsucc;
  S->sbeg[c] = (int)n;
  for (int m = next_po(g, c, 0); m >= 0; m = next_po(g, c, m + 1)) {
    int z = th->cls[m];
    if (!seg_after(S, c, z))
      continue;
    if (n == S->cap_succ) {
      long nc = S->cap_succ ? 2 * S->cap_succ : 1024;
      int *q = realloc(S->succ, (size_t)nc * sizeof *q);
      if (!q)
        return -1;
      S->succ = q;
      q = realloc(S->sskip, (size_t)nc * sizeof *q);
      if (!q)
        return -1;
      S->sskip = q;
      S->cap_succ = nc;
    }
    S->succ[n++] = z;
  }
  S->nsucc = n;
  S->send[c] = (int)n;
  fill_skip(g, S->succ, S->sskip, S->sbeg[c], S->send[c]);
  if (list_locs(S, c, &S->nsloc))
    return -1;
  S->sgen[c] = S->succ_gen;
  return 0;
}

/* Would segment (y, z) be refused by push_seg (z's location already used)? */
static int seg_refused(const search *S, int y, int z)
{
  return y != z && loc_refused(S, S->g->cls[z].loc);
}

/* One more (d = 1) or one less (d = -1) access at location l on the path. */
static void count_loc(search *S, int l, int d)
{
  S->cnt[l] += d;
  if (S->lwords) {
    uint64_t bit = 1ull << (l % 64);
    int w = l / 64;
    S->on_path[w] = S->cnt[l] ? S->on_path[w] | bit : S->on_path[w] & ~bit;
    S->full[w] = S->cnt[l] >= 3 ? S->full[w] | bit : S->full[w] & ~bit;
  }
}

/* Add segment (y, z) of thread t and continue from z. */
static void push_seg(search *S, int t, int y, int z)
{
  const wmm_aeg *g = S->g;
  int ly = g->cls[y].loc, lz = g->cls[z].loc;
  if (S->max_segs && S->npath >= S->max_segs)
    return;
  if (seg_refused(S, y, z))
    return;
  S->path[S->npath++] = (wmm_cseg){t, y, z};
  S->used[t] = 1;
  count_loc(S, ly, 1);
  if (y != z)
    count_loc(S, lz, 1);
  extend(S, z);
  count_loc(S, ly, -1);
  if (y != z)
    count_loc(S, lz, -1);
  S->used[t] = 0;
  S->npath--;
}

/* Without successor lists, list the good successors of the classes the
 * search visits from now on, for the current start (good); -1 out of
 * memory. */
static int memo_start(search *S)
{
  const wmm_aeg *g = S->g;
  if (S->has_succ)
    return 0;
  if (!S->memo_gen) {
    S->memo_beg = xcalloc((size_t)g->ncls + 1, sizeof *S->memo_beg);
    S->memo_end = xcalloc((size_t)g->ncls + 1, sizeof *S->memo_end);
    S->memo_gen = xcalloc((size_t)g->ncls + 1, sizeof *S->memo_gen);
    if (!S->memo_beg || !S->memo_end || !S->memo_gen)
      return -1;
  }
  S->gen++;
  S->memo_n = 0;
  S->memo_on = 1;
  return 0;
}

/* The good po successors of class y (another location, this SCC), listed
 * once per start pair; 0, or -1 out of memory. */
static int memo_succ(search *S, int y)
{
  const wmm_aeg *g = S->g;
  if (S->memo_gen[y] == S->gen)
    return 0;
  const wmm_aeg_thread *th = &g->threads[g->cls[y].thread];
  S->memo_beg[y] = S->memo_n;
  uint64_t *mask = S->lwords ? &S->memo_lmask[(size_t)y * S->lwords] : NULL;
  if (mask)
    memset(mask, 0, (size_t)S->lwords * sizeof *mask);
  for (int m = next_po(g, y, 0); m >= 0; m = next_po(g, y, m + 1)) {
    int z = th->cls[m];
    if (S->scc[z] != S->comp || g->cls[z].loc == g->cls[y].loc ||
        (S->good && !S->good[z]))
      continue;
    if (S->memo_n == S->memo_cap) {
      int cap = S->memo_cap;
      if (grow((void **)&S->memo, &S->memo_cap, S->memo_n, sizeof *S->memo) ||
          grow((void **)&S->memo_skip, &cap, S->memo_n, sizeof *S->memo_skip))
        return -1;
    }
    S->memo[S->memo_n++] = z;
    if (mask)
      mask[g->cls[z].loc / 64] |= 1ull << (g->cls[z].loc % 64);
  }
  S->memo_end[y] = S->memo_n;
  fill_skip(g, S->memo, S->memo_skip, S->memo_beg[y], S->memo_end[y]);
  S->memo_gen[y] = S->gen;
  return 0;
}

static void extend(search *S, int x)
{
  const wmm_aeg *g = S->g;
  const cgraph *cg = S->cg;
  if (S->overflow || S->nomem)
    return;
  if (S->steps_left-- <= 0 || (S->accept && S->pair_steps_left-- <= 0)) {
    S->overflow = 1;
    return;
  }
  S->out->steps++;
  const wmm_cseg *last = &S->path[S->npath - 1];
  int lx = g->cls[x].loc;
  /* Close the cycle if x's location is the start's. */
  if (lx == g->cls[S->a0].loc)
    try_close(S, x);
  /* A round of a witness search that has all its segments: push_seg
     would refuse every one (the widest level of the search). */
  if (S->max_segs && S->npath >= S->max_segs)
    return;
  int last_single = is_single(last);
  if (last_single && !g->cls[x].writes)
    return;
  for (int k = first_above(cg, lx, S->start), next; k < cg->loc_off[lx + 1];
       k = next) {
    int y = cg->loc_cls[k];
    int t = g->cls[y].thread;
    next = S->used[t] ? cg->tnext[k] : k + 1;   /* skip a used thread */
    if (S->used[t] || S->scc[y] != S->comp || !wmm_aeg_com(g, x, y))
      continue;
    if (last_single && !g->cls[y].reads)
      continue;
    if (S->cnt[lx] + 1 > 3)
      continue;
    /* y alone: a middle single (a write), not after another single */
    /* (on the start's location the chain ends at a0, already counted) */
    int room = lx == g->cls[S->a0].loc ? 1 : 2;
    if (!last_single && g->cls[y].writes && S->cnt[lx] + room <= 3 &&
        (!S->good || S->good[y]))
      push_seg(S, t, y, y);
    /* (y, z): a po pair of t to a different location */
    if (S->has_succ) {
      if (ensure_succ(S, y)) {
        S->nomem = 1;
        return;
      }
      if (all_refused(S, y))
        continue;
      for (int m = S->sbeg[y]; m < S->send[y];) {
        if (seg_refused(S, y, S->succ[m])) {
          m = S->sskip[m];   /* the same location: refused too */
          continue;
        }
        if (!S->good || S->good[S->succ[m]])
          push_seg(S, t, y, S->succ[m]);
        if (S->overflow || S->nomem)
          return;
        m++;
      }
      continue;
    }
    if (S->memo_on) {
      if (memo_succ(S, y)) {
        S->nomem = 1;
        return;
      }
      if (S->lwords && set_refused(S, &S->memo_lmask[(size_t)y * S->lwords]))
        continue;
      for (int m = S->memo_beg[y]; m < S->memo_end[y];) {
        if (seg_refused(S, y, S->memo[m])) {
          m = S->memo_skip[m];   /* the same location: refused too */
          continue;
        }
        push_seg(S, t, y, S->memo[m]);
        if (S->overflow || S->nomem)
          return;
        m++;
      }
      continue;
    }
    const wmm_aeg_thread *th = &g->threads[t];
    for (int m = next_po(g, y, 0); m >= 0; m = next_po(g, y, m + 1)) {
      int z = th->cls[m];
      if (!seg_after(S, y, z) || (S->good && !S->good[z]))
        continue;
      push_seg(S, t, y, z);
      if (S->overflow || S->nomem)
        return;
    }
    if (S->overflow || S->nomem)
      return;
  }
}

/* ------------------------------------------------------ reachability */

/* Fill good[z] for the SCC being searched: can a thread's segment that ends
 * at class z be followed by com edges and other threads' segments back to
 * the start access, at location l0 (w0: it writes), without passing
 * through thread excl (-1: none; its classes may end the start pair but
 * begin no segment)?  An over-approximation of the cycle's
 * rules (other threads may repeat, locations are not counted): a search
 * that only extends to good ends loses no cycle.  Fixpoint over two facts
 * per location: some good segment start there (start_any), one that
 * writes (start_w); a class is a good end when it conflicts with the
 * start's access or with a good start of its location, a good start when
 * it is a good end itself (a single write) or has a good end po-after it. */
/* Tables per SCC: one per (excluded thread or none, location, writes). */
static size_t reach_slots(const wmm_aeg *g)
{
  return ((size_t)g->nthreads + 1) * (2 * (size_t)g->p->nlocs + 2);
}

/* Is virtual thread t the only instance of its unit?  Then no cycle
 * passes through it twice, and its table excludes it; another instance
 * of a unit can stand for t anyway. */
static int single_instance(const wmm_aeg *g, int t)
{
  return g->threads[t].instance == 0 &&
         (t + 1 >= g->nthreads || g->threads[t + 1].unit != g->threads[t].unit ||
          g->threads[t + 1].instance == 0);
}

/* The reachability table for start class a0 in the SCC being searched
 * (built once per location, access kind and excluded thread); NULL out of
 * memory. */
static const unsigned char *reach_for(search *S, int a0)
{
  const wmm_aeg *g = S->g;
  const wmm_aeg_class *a = &g->cls[a0];
  if (S->no_prune)
    return S->all_good;
  int excl = single_instance(g, a->thread) ? a->thread : -1;
  size_t key = (size_t)(excl + 1) * (2 * (size_t)g->p->nlocs + 2) +
               2 * (size_t)a->loc + (a->writes != 0);
  if (S->reach[key])
    return S->reach[key];
  if (!S->class_reach && S->facts_tried != S->comp + 1) {
    wmm_reach_free(S->facts);
    S->facts = wmm_reach_new(g, S->scc, S->comp);
    S->facts_tried = S->comp + 1;
  }
  /* Starts whose good facts are the same share a table: real units ask
     for thousands, over one SCC of a hundred thousand classes, and most
     are alike. */
  const uint64_t *facts = NULL;
  int fw = S->facts ? wmm_reach_words(S->facts) : 0;
  if (S->facts) {
    facts = wmm_reach_facts(S->facts, a->loc, a->writes != 0, excl);
    for (int i = 0; i < S->ntables; i++)
      if (!memcmp(&S->table_facts[(size_t)i * fw], facts, (size_t)fw * sizeof *facts))
        return S->reach[key] = S->tables[i];
  }
  if (S->ntables == S->cap_tables) {
    int cap = S->cap_tables ? 2 * S->cap_tables : 16;
    unsigned char **t = realloc(S->tables, (size_t)cap * sizeof *t);
    if (!t)
      return NULL;
    S->tables = t;
    S->cap_tables = cap;
  }
  /* (an SCC's facts may be wider than the last one's, for which the room
     was made) */
  size_t need = (size_t)(S->ntables + 1) * (size_t)fw;
  if (need > S->cap_facts) {
    size_t cap = S->cap_facts ? 2 * S->cap_facts : 16 * (size_t)fw;
    while (cap < need)
      cap *= 2;
    uint64_t *tf = realloc(S->table_facts, cap * sizeof *tf);
    if (!tf)
      return NULL;
    S->table_facts = tf;
    S->cap_facts = cap;
  }
  unsigned char *good = malloc((size_t)g->ncls + 1);
  if (!good)
    return NULL;
  if (facts) {
    wmm_reach_fill(S->facts, facts, good);
    memcpy(&S->table_facts[(size_t)S->ntables * fw], facts, (size_t)fw * sizeof *facts);
  } else if (wmm_reach_classes(g, S->scc, S->comp, a->loc, a->writes != 0, excl, good)) {
    free(good);
    return NULL;
  }
  S->tables[S->ntables++] = good;
  return S->reach[key] = good;
}

static void free_reach(search *S)
{
  wmm_reach_free(S->facts);
  S->facts = NULL;
  S->facts_tried = 0;
  size_t n = reach_slots(S->g);
  for (size_t k = 0; k < n; k++)
    S->reach[k] = NULL;
  for (int i = 0; i < S->ntables; i++)
    free(S->tables[i]);
  S->ntables = 0;
}

/* Mark in conflict[c] the classes of SCC comp that conflict with a class
 * of another thread in the SCC (same location, one of them writes): only
 * they can begin or end a thread's segment of a critical cycle. */
static void mark_conflicts(const search *S, unsigned char *conflict)
{
  const wmm_aeg *g = S->g;
  const cgraph *cg = S->cg;
  for (int l = 0; l < cg->nlocs; l++) {
    /* two distinct threads with a class here, two with a writer */
    int any[2] = {-1, -1}, wr[2] = {-1, -1};
    for (int k = cg->loc_off[l]; k < cg->loc_off[l + 1]; k++) {
      int c = cg->loc_cls[k], t = g->cls[c].thread;
      if (S->scc[c] != S->comp)
        continue;
      if (any[0] < 0) any[0] = t;
      else if (any[1] < 0 && t != any[0]) any[1] = t;
      if (g->cls[c].writes) {
        if (wr[0] < 0) wr[0] = t;
        else if (wr[1] < 0 && t != wr[0]) wr[1] = t;
      }
    }
    for (int k = cg->loc_off[l]; k < cg->loc_off[l + 1]; k++) {
      int c = cg->loc_cls[k], t = g->cls[c].thread;
      if (S->scc[c] != S->comp)
        continue;
      int other_any = (any[0] >= 0 && any[0] != t) || (any[1] >= 0 && any[1] != t);
      int other_wr = (wr[0] >= 0 && wr[0] != t) || (wr[1] >= 0 && wr[1] != t);
      conflict[c] = other_wr || (g->cls[c].writes && other_any);
      /* a class of objects its thread made (WMM_ACC_FRESH) meets only
         the other threads' classes it communicates with */
      if (conflict[c] && (g->cls[c].type & ((unsigned)WMM_ACC_FRESH << 8))) {
        conflict[c] = 0;
        for (int j = cg->loc_off[l]; j < cg->loc_off[l + 1] && !conflict[c]; j++) {
          int d = cg->loc_cls[j];
          conflict[c] = S->scc[d] == S->comp && g->cls[d].thread != t &&
                        wmm_aeg_com(g, c, d);
        }
      }
    }
  }
}

/* A new fallback row for class c (cycles.h), all zero; its offset in
 * fb_bits, or -1 out of memory. */
static long fb_new_row(const wmm_aeg *g, wmm_cycles *o, int c)
{
  long words = g->threads[g->cls[c].thread].words;
  if (!o->fb_row) {
    o->fb_row = malloc(((size_t)g->ncls + 1) * sizeof *o->fb_row);
    o->fb_first = xcalloc((size_t)g->ncls + 1, sizeof *o->fb_first);
    o->fb_cls = xcalloc((size_t)g->ncls + 1, sizeof *o->fb_cls);
    if (!o->fb_row || !o->fb_first || !o->fb_cls)
      return -1;
    for (int k = 0; k < g->ncls; k++)
      o->fb_row[k] = -1;
  }
  if (o->nfb_words + words > o->cap_fb_words) {
    long ncap = o->cap_fb_words ? o->cap_fb_words * 2 : 1024;
    while (ncap < o->nfb_words + words)
      ncap *= 2;
    uint64_t *q = realloc(o->fb_bits, (size_t)ncap * sizeof *q);
    if (!q)
      return -1;
    o->fb_bits = q;
    o->cap_fb_words = ncap;
  }
  long off = o->nfb_words;
  memset(o->fb_bits + off, 0, (size_t)words * sizeof *o->fb_bits);
  o->nfb_words += words;
  o->fb_row[c] = off;
  o->fb_first[c] = o->nfallback;
  o->fb_cls[o->nfb_cls++] = c;
  return off;
}

/* The fallback of an overflowed SCC (cycles.h): every po pair whose two
 * ends conflict with another thread and whose second end can lead back to
 * the first, as a bit in the first's row; -1 out of memory. */
static int add_fallback(search *S)
{
  const wmm_aeg *g = S->g;
  wmm_cycles *o = S->out;
  unsigned char *conflict = xcalloc((size_t)g->ncls, 1);
  if (!conflict)
    return -1;
  mark_conflicts(S, conflict);
  for (int c = 0; c < g->ncls; c++) {
    if (S->scc[c] != S->comp || !conflict[c])
      continue;
    const wmm_aeg_thread *th = &g->threads[g->cls[c].thread];
    if (th->instance > 0)
      continue;   /* the same pairs as instance 0's */
    /* d must be able to lead back to c (the reachability table) */
    const unsigned char *good = reach_for(S, c);
    if (!good) {
      free(conflict);
      return -1;
    }
    long row = -1;
    for (int k = next_po(g, c, 0); k >= 0; k = next_po(g, c, k + 1)) {
      int d = th->cls[k];
      if (!conflict[d] || !good[d] || !seg_after(S, c, d))
        continue;
      if (!wmm_guards_pair(S->guards, c, d)) {
        o->dropped_pairs++;
        continue;
      }
      if (row < 0 && (row = fb_new_row(g, o, c)) < 0) {
        free(conflict);
        return -1;
      }
      o->fb_bits[row + k / 64] |= 1ull << (k % 64);
      o->nfallback++;
    }
  }
  free(conflict);
  return 0;
}

int wmm_cycles_fb_has(const wmm_aeg *g, const wmm_cycles *c, int a, int b)
{
  if (!c->fb_row || c->fb_row[a] < 0 || g->cls[a].thread != g->cls[b].thread)
    return 0;
  int k = g->cls[b].local;
  return (int)(c->fb_bits[c->fb_row[a] + k / 64] >> (k % 64) & 1);
}

int wmm_cycles_fb_index(const wmm_aeg *g, const wmm_cycles *c, int a, int b)
{
  if (!wmm_cycles_fb_has(g, c, a, b))
    return -1;
  const uint64_t *row = c->fb_bits + c->fb_row[a];
  int k = g->cls[b].local, r = c->fb_first[a];
  for (int w = 0; w < k / 64; w++)
    r += __builtin_popcountll(row[w]);
  return r + __builtin_popcountll(row[k / 64] & ((1ull << (k % 64)) - 1));
}

/* Enumerate the cycles of SCC comp; returns 0, or -1 out of memory. */
static int search_scc(search *S, int comp, long max_cycles)
{
  const wmm_aeg *g = S->g;
  S->comp = comp;
  S->overflow = 0;
  S->first_cycle = S->out->ncyc;
  int first_seg = S->out->nseg;
  if (build_succ(S))
    return -1;
  int size = 0;
  for (int c = 0; c < g->ncls; c++)
    size += S->scc[c] == comp;
  /* a big SCC: a smaller share of what is left of the steps */
  long saved = S->steps_left, cap = BIG_SCC_STEPS * max_cycles;
  int capped = size > BIG_SCC_CLASSES && saved > cap;
  if (capped)
    S->steps_left = cap;
  for (int t = 0; t < g->nthreads && !S->overflow && !S->nomem; t++) {
    if (g->threads[t].instance > 0)
      continue;   /* its instance 0 is smaller and must be in the cycle */
    S->start = t;
    const wmm_aeg_thread *th = &g->threads[t];
    for (int i = 0; i < th->ncls && !S->overflow && !S->nomem; i++) {
      int a = th->cls[i];
      if (S->scc[a] != comp)
        continue;
      S->a0 = a;
      S->good = reach_for(S, a);
      if (!S->good || memo_start(S))
        S->nomem = 1;
      /* single start (a write in the middle of a chain) */
      if (g->cls[a].writes && !S->nomem) {
        S->b0 = a;
        S->npath = 0;
        push_seg(S, t, a, a);
      }
      for (int j = next_po(g, a, 0); j >= 0 && !S->overflow && !S->nomem;
           j = next_po(g, a, j + 1)) {
        int b = th->cls[j];
        if (!S->good[b] || !seg_after(S, a, b))
          continue;
        S->b0 = b;
        S->npath = 0;
        push_seg(S, t, a, b);
      }
    }
  }
  S->memo_on = 0;
  if (capped)
    S->steps_left = saved - (cap - S->steps_left);
  int rc = S->nomem ? -1 : 0;
  if (rc == 0 && S->overflow) {
    /* drop this SCC's cycles: the per-pair decision covers it */
    S->out->ncyc = S->first_cycle;
    S->out->nseg = first_seg;
    S->out->noverflow++;
    rc = add_fallback(S);
  }
  free_reach(S);
  return rc;
}

/* What a later witness search (wmm_cycles_witness) needs of the search:
 * kept in wmm_cycles.state when some SCC overflowed. */
struct wmm_cycles_state {
  cgraph cg;
  search S;
  int *scc;
  int succ_comp;         /* the SCC whose successor lists S holds, or -1 */
};

static void state_free(struct wmm_cycles_state *st)
{
  if (!st)
    return;
  if (st->S.reach && st->S.g)
    free_reach(&st->S);
  free(st->scc), free(st->cg.tnext), free(st->cg.tbase), free(st->cg.tloc);
  free(st->S.path), free(st->S.used), free(st->S.cnt);
  free(st->S.sbeg), free(st->S.send), free(st->S.succ), free(st->S.sskip);
  free(st->S.sgen);
  free(st->S.lbeg), free(st->S.lend), free(st->S.sloc), free(st->S.loc_mark);
  free(st->S.lmask), free(st->S.memo_lmask), free(st->S.on_path), free(st->S.full);
  free(st->S.reach), free(st->S.all_good);
  free(st->S.tables), free(st->S.table_facts);
  free(st->S.memo_beg), free(st->S.memo_end), free(st->S.memo_gen);
  free(st->S.memo), free(st->S.memo_skip);
  wmm_guards_free(st->S.guards);
  free(st);
}

void wmm_cycles_free(wmm_cycles *c)
{
  free(c->seg);
  free(c->cyc);
  free(c->fb_bits), free(c->fb_row), free(c->fb_first), free(c->fb_cls);
  state_free(c->state);
  memset(c, 0, sizeof *c);
}

int wmm_cycles_find(const wmm_aeg *g, long max_cycles, int flags,
                    wmm_cycles *out, wmm_error *err)
{
  memset(out, 0, sizeof *out);
  if (max_cycles <= 0)
    max_cycles = WMM_CYCLES_DEFAULT_MAX;
  struct wmm_cycles_state *st = xcalloc(1, sizeof *st);
  int *size = NULL, nscc = 0, *first = NULL, *order = NULL;
  if (!st)
    goto nomem;
  search *S = &st->S;
  st->succ_comp = -1;
  st->scc = xcalloc((size_t)g->ncls, sizeof *st->scc);
  if (!st->scc || build_cgraph(&st->cg, g) ||
      class_sccs(&st->cg, (flags & WMM_CYCLES_DIRECT_COM) != 0, st->scc, &nscc, &size))
    goto nomem;
  S->cg = &st->cg;
  S->g = g;
  S->out = out;
  S->scc = st->scc;
  S->path = xcalloc((size_t)g->nthreads + 1, sizeof *S->path);
  S->used = xcalloc((size_t)g->nthreads + 1, 1);
  S->cnt = xcalloc((size_t)g->p->nlocs + 1, sizeof *S->cnt);
  S->sbeg = xcalloc((size_t)g->ncls + 1, sizeof *S->sbeg);
  S->send = xcalloc((size_t)g->ncls + 1, sizeof *S->send);
  S->sgen = xcalloc((size_t)g->ncls + 1, sizeof *S->sgen);
  S->lbeg = xcalloc((size_t)g->ncls + 1, sizeof *S->lbeg);
  S->lend = xcalloc((size_t)g->ncls + 1, sizeof *S->lend);
  S->loc_mark = xcalloc((size_t)g->p->nlocs + 1, sizeof *S->loc_mark);
  S->lwords = (g->p->nlocs + 63) / 64;
  if (S->lwords > LOC_WORDS_MAX)
    S->lwords = 0;
  size_t nw = (size_t)(S->lwords ? S->lwords : 1);
  S->lmask = xcalloc(((size_t)g->ncls + 1) * nw, sizeof *S->lmask);
  S->memo_lmask = xcalloc(((size_t)g->ncls + 1) * nw, sizeof *S->memo_lmask);
  S->on_path = xcalloc(nw, sizeof *S->on_path);
  S->full = xcalloc(nw, sizeof *S->full);
  S->reach = xcalloc(reach_slots(g), sizeof *S->reach);
  S->no_prune = (flags & WMM_CYCLES_NO_PRUNE) != 0;
  S->class_reach = (flags & WMM_CYCLES_CLASS_REACH) != 0;
  S->all_good = S->no_prune ? malloc((size_t)g->ncls + 1) : NULL;
  S->guards = wmm_guards_new(g);
  if (!S->path || !S->used || !S->cnt || !S->sbeg || !S->send || !S->sgen || !S->reach ||
      !S->lbeg || !S->lend || !S->loc_mark || !S->lmask || !S->memo_lmask ||
      !S->on_path || !S->full ||
      (S->no_prune && !S->all_good))
    goto nomem;
  if (S->all_good)
    memset(S->all_good, 1, (size_t)g->ncls + 1);
  S->cycles_left = max_cycles;
  S->steps_left = 64 * max_cycles;
  /* SCCs in the order of their smallest class, for stable output. */
  first = xcalloc((size_t)nscc, sizeof *first);
  order = xcalloc((size_t)nscc, sizeof *order);
  if (!first || !order)
    goto nomem;
  int norder = 0;
  for (int s = 0; s < nscc; s++)
    first[s] = -1;
  for (int c = 0; c < g->ncls; c++)
    if (first[st->scc[c]] < 0)
      first[st->scc[c]] = c;
  for (int c = 0; c < g->ncls; c++)
    if (first[st->scc[c]] == c && size[st->scc[c]] > 1)
      order[norder++] = st->scc[c];
  out->nscc = norder;
  for (int i = 0; i < norder; i++) {
    int overflowed = out->noverflow;
    if (search_scc(S, order[i], max_cycles))
      goto nomem;
    if (out->noverflow != overflowed) {
      /* restore a budget for the next SCCs, as if this one took none */
      S->cycles_left = max_cycles;
      S->steps_left = 64 * max_cycles;
    }
  }
  st->succ_comp = norder ? order[norder - 1] : -1;
  free(first), free(order), free(size);
  if (out->noverflow)
    out->state = st;
  else
    state_free(st);
  return 0;
nomem:
  free(first), free(order), free(size);
  state_free(st);
  out->state = NULL;
  wmm_cycles_free(out);
  return wmm_fail(err, WMM_ERR_NOMEM, g->p->source, 0,
                  "out of memory (cycle search)");
}

int wmm_cycles_witness(const wmm_aeg *g, wmm_cycles *cy, int a, int b,
                       long *steps_io, wmm_cycles_accept accept, void *ctx,
                       int *ci_out)
{
  long steps = *steps_io;
  struct wmm_cycles_state *st = cy->state;
  *ci_out = -1;
  if (!st || st->scc[a] != st->scc[b] || !seg_pair_in(g, a, b))
    return 0;
  search *S = &st->S;
  if (st->succ_comp != st->scc[a]) {
    free_reach(S);
    S->comp = st->scc[a];
    if (build_succ(S))
      return -1;
    st->succ_comp = S->comp;
  }
  S->comp = st->scc[a];
  S->good = reach_for(S, a);
  if (!S->good)
    return -1;
  /* one list per class visited, kept for this pair's rounds */
  if (memo_start(S))
    return -1;
  S->accept = accept;
  S->accept_ctx = ctx;
  S->found = -1;
  S->start = -1;   /* any thread but the pair's own */
  S->a0 = a;
  S->b0 = b;
  /* shortest first: cycles of 2 segments, then 3, ... (iterative
     deepening), each round with what is left of the steps */
  int stop = 0;
  for (int len = 2; len <= WITNESS_MAX_SEGS && S->found < 0 && !S->nomem && !stop &&
       steps > 0; len++) {
    S->max_segs = len;
    S->npath = 0;
    S->overflow = 0;
    S->steps_left = steps;
    S->pair_steps_left = steps;
    S->pair_cycles_left = steps;
    push_seg(S, g->cls[a].thread, a, b);
    steps = S->steps_left;
    stop = S->overflow && S->pair_cycles_left > 0 && S->steps_left > 0;
  }
  S->max_segs = 0;
  S->accept = NULL;
  S->memo_on = 0;
  *steps_io = steps > 0 ? steps : 0;
  if (S->nomem)
    return -1;
  *ci_out = S->found;
  return 0;
}
