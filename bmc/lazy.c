/* lazy.c — axioms over automata on the relation graph, checked lazily
 * (Power/ARMv7 propagation: acyclic co|prop, and observation: irreflexive
 * fre;prop;hb*).  Encoding them eagerly needs clocks for every (node,
 * state) on a cycle, or one reachability set per read; instead the solver
 * runs without them, the relation graph is evaluated in its model, and
 * every cycle (acyclic) or path closing the pattern (irreflexive) becomes a
 * clause: not all of its edge literals.  The solver is then asked again
 * (incrementally), until its model has none (Allowed) or it is
 * unsatisfiable (Forbidden).
 *
 * The clause is exact: a cycle or path whose literals all hold in an
 * assignment where the relation variables take their least values exists
 * in the execution itself, which the axioms forbid (a cycle of the product
 * graph is a co|prop cycle or an hb cycle, both forbidden); assignments
 * with larger relation variables are never needed (the axioms only use the
 * relations positively).  Each round removes the current model, so the
 * loop ends.
 *
 * Example: MP+lwsync+addr under power: the first model reads x = 0 after
 * y = 1; the path R x -fre-> W x -lwsync-> W y -rfe-> R y -ppo-> R x gives
 * the clause ~(fre & lwsync-chain & rfe & ppo), and the next check is
 * unsatisfiable.
 */
#include "bmc_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct lazy_check {
  bmc_nfa a;
  int acyclic;          /* 1: acyclic product; 0: irreflexive */
  int start, final;     /* irreflexive: the pattern's states */
  unsigned sources;     /* irreflexive: node types the pattern starts on */
  int rel;              /* wmm_bmc_rel its clauses count under */
} lazy_check;

struct bmc_lazy {
  bmc_graph g;
  lazy_check chk[4];
  int nchk;
  /* per edge set: CSR over source nodes, edge indices into g.set[s].e */
  int *start_of[BMC_E_COUNT];
  int *idx[BMC_E_COUNT];
  unsigned char *val[BMC_E_COUNT];
};

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

int bmc_lazy_check(bmc_ctx *c, bmc_nfa *a, int acyclic, int start,
                   int final, unsigned sources)
{
  bmc_lazy *l = c->lazy;
  if (!l || l->nchk == (int)(sizeof l->chk / sizeof l->chk[0]))
    return wmm_fail(c->err, WMM_ERR_INVALID, NULL, 0, "bad lazy check");
  lazy_check *k = &l->chk[l->nchk++];
  k->a = *a;            /* takes the automaton */
  memset(a, 0, sizeof *a);
  k->acyclic = acyclic;
  k->start = start;
  k->final = final;
  k->sources = sources;
  k->rel = c->cur_rel;
  return 0;
}

int bmc_lazy_graph(bmc_ctx *c, bmc_graph *g)
{
  bmc_lazy *l = calloc(1, sizeof *l);
  if (!l)
    return nomem(c);
  l->g = *g;            /* takes the graph */
  memset(g, 0, sizeof *g);
  int n = l->g.n;
  for (int s = 0; s < BMC_E_COUNT; s++) {
    const bmc_eset *es = &l->g.set[s];
    l->start_of[s] = calloc((size_t)n + 2, sizeof(int));
    l->idx[s] = malloc(((size_t)es->n + 1) * sizeof(int));
    l->val[s] = calloc((size_t)es->n + 1, 1);
    if (!l->start_of[s] || !l->idx[s] || !l->val[s]) {
      c->lazy = l;
      return nomem(c);
    }
    for (int i = 0; i < es->n; i++)
      l->start_of[s][es->e[i].src + 1]++;
    for (int v = 0; v < n; v++)
      l->start_of[s][v + 1] += l->start_of[s][v];
    int *pos = malloc(((size_t)n + 1) * sizeof *pos);
    if (!pos) {
      c->lazy = l;
      return nomem(c);
    }
    memcpy(pos, l->start_of[s], (size_t)n * sizeof *pos);
    for (int i = 0; i < es->n; i++)
      l->idx[s][pos[es->e[i].src]++] = i;
    free(pos);
  }
  c->lazy = l;
  return 0;
}

void bmc_lazy_free(bmc_lazy *l)
{
  if (!l)
    return;
  for (int s = 0; s < BMC_E_COUNT; s++) {
    free(l->start_of[s]);
    free(l->idx[s]);
    free(l->val[s]);
  }
  bmc_graph_free(&l->g);
  for (int k = 0; k < l->nchk; k++)
    bmc_nfa_free(&l->chk[k].a);
  free(l);
}

/* One product-graph step taken by the search: the edge that led to a
 * product node (set -1: epsilon). */
typedef struct step {
  int prev;             /* product node before, -1 at the start */
  int set, edge;
} step;

/* Successors of product node pn (true edges only): calls visit(w, set,
 * edge) for each; returns early when visit returns nonzero. */
typedef int (*succ_fn)(void *arg, int pn, int w, int set, int edge);

static int successors(const bmc_lazy *l, const bmc_nfa *a, int pn,
                      succ_fn visit, void *arg)
{
  const bmc_graph *g = &l->g;
  int S = a->nstates, v = pn / S, q = pn % S;
  for (int t = 0; t < a->ntr; t++) {
    const bmc_nfa_tr *tr = &a->tr[t];
    if (tr->from != q)
      continue;
    if (tr->set < 0) {
      if (tr->filter && !(g->type[v] & tr->filter))
        continue;
      if (visit(arg, pn, v * S + tr->to, -1, -1))
        return 1;
      continue;
    }
    int s = tr->set;
    for (int k = l->start_of[s][v]; k < l->start_of[s][v + 1]; k++) {
      int e = l->idx[s][k];
      if (l->val[s][e] &&
          visit(arg, pn, g->set[s].e[e].dst * S + tr->to, s, e))
        return 1;
    }
  }
  return 0;
}

typedef struct bfs {
  step *st;
  int *stamp, *queue;
  int qt, mark, target;
} bfs;

static int bfs_visit(void *arg, int pn, int w, int set, int edge)
{
  bfs *b = arg;
  if (b->stamp[w] == b->mark)
    return 0;
  b->stamp[w] = b->mark;
  b->st[w].prev = pn;
  b->st[w].set = set;
  b->st[w].edge = edge;
  b->queue[b->qt++] = w;
  return w == b->target;
}

/* Breadth-first search from s0 (marked mark) until target is reached;
 * 1 when it is (the path is in b->st). */
static int search(const bmc_lazy *l, const bmc_nfa *a, bfs *b, int s0,
                  int target, int mark)
{
  int qh = 0;
  b->qt = 0;
  b->mark = mark;
  b->target = target;
  b->queue[b->qt++] = s0;
  b->st[s0].prev = -1;
  if (s0 != target)
    b->stamp[s0] = mark;
  while (qh < b->qt) {
    if (successors(l, a, b->queue[qh++], bfs_visit, b))
      return 1;
  }
  return 0;
}

/* Assert: not all the literals on the path that ends at product node end
 * and starts at first (walking st back). */
static void block_path(bmc_ctx *c, const bmc_lazy *l, const bfs *b, int end,
                       int first, int rel)
{
  Z3_ast clause = c->f;
  int pn = end, guard = 0;
  do {
    const step *x = &b->st[pn];
    if (x->set >= 0) {
      Z3_ast lit = l->g.set[x->set].e[x->edge].lit;
      if (lit && lit != c->t)
        clause = bmc_or(c, clause, bmc_not(c, lit));
    }
    pn = x->prev;
  } while (pn >= 0 && pn != first && ++guard < 1 << 30);
  Z3_solver_assert(c->z, c->s, clause);
  c->st->constraints++;
  c->st->per_rel[rel]++;
}

static int cyc_visit(void *arg, int pn, int w, int set, int edge)
{
  int **adj = arg;      /* adj[0]: counts/positions, adj[1]: targets */
  (void)pn; (void)set; (void)edge;
  if (adj[1])
    adj[1][adj[0][0]++] = w;
  else
    adj[0][0]++;
  return 0;
}

/* acyclic: the product graph of the true edges; one cycle per strongly
 * connected component, found by a search from one of its nodes back to
 * itself within the component. */
static int block_cycles(bmc_ctx *c, const bmc_lazy *l, const lazy_check *k,
                        bfs *b, int *added)
{
  int S = k->a.nstates, n = l->g.n;
  long nn = (long)n * S;
  int *start = calloc((size_t)nn + 2, sizeof *start);
  int *comp = malloc((size_t)nn * sizeof *comp);
  if (!start || !comp) {
    free(start);
    free(comp);
    return nomem(c);
  }
  long m = 0;
  for (long pn = 0; pn < nn; pn++) {
    int cnt = 0, *adj[2] = {&cnt, NULL};
    successors(l, &k->a, (int)pn, cyc_visit, adj);
    start[pn] = (int)m;
    m += cnt;
  }
  start[nn] = (int)m;
  int *dst = malloc(((size_t)m + 1) * sizeof *dst);
  if (!dst) {
    free(start);
    free(comp);
    return nomem(c);
  }
  for (long pn = 0; pn < nn; pn++) {
    int pos = start[pn], *adj[2] = {&pos, dst};
    successors(l, &k->a, (int)pn, cyc_visit, adj);
  }
  unsigned char *big;
  int ncomp;
  if (bmc_scc((int)nn, start, dst, comp, &big, &ncomp) < 0) {
    free(start); free(comp); free(dst);
    return nomem(c);
  }
  unsigned char *done = calloc((size_t)ncomp + 1, 1);
  if (!done) {
    free(start); free(comp); free(dst); free(big);
    return nomem(c);
  }
  for (long pn = 0; pn < nn; pn++) {
    int cc = comp[pn];
    if (!big[cc] || done[cc])
      continue;
    done[cc] = 1;
    if (search(l, &k->a, b, (int)pn, (int)pn, (int)cc + 1)) {
      block_path(c, l, b, (int)pn, (int)pn, k->rel);
      (*added)++;
    }
  }
  free(done);
  free(big);
  free(start);
  free(comp);
  free(dst);
  return 0;
}

int bmc_lazy_refine(bmc_ctx *c, Z3_model m, int *added)
{
  bmc_lazy *l = c->lazy;
  *added = 0;
  if (!l)
    return 0;
  const bmc_graph *g = &l->g;
  for (int s = 0; s < BMC_E_COUNT; s++)
    for (int i = 0; i < g->set[s].n; i++)
      l->val[s][i] = (unsigned char)bmc_model_holds(c, m, g->set[s].e[i].lit);
  int rc = 0;
  for (int ci = 0; ci < l->nchk && rc == 0; ci++) {
    const lazy_check *k = &l->chk[ci];
    int S = k->a.nstates, n = g->n;
    long nn = (long)n * S;
    bfs b;
    b.st = malloc((size_t)nn * sizeof *b.st);
    b.stamp = malloc((size_t)nn * sizeof *b.stamp);
    b.queue = malloc((size_t)nn * sizeof *b.queue);
    if (!b.st || !b.stamp || !b.queue) {
      free(b.st); free(b.stamp); free(b.queue);
      return nomem(c);
    }
    for (long i = 0; i < nn; i++)
      b.stamp[i] = -1;
    if (k->acyclic) {
      rc = block_cycles(c, l, k, &b, added);
    } else {
      for (int v = 0; v < n; v++) {
        if (!(g->type[v] & k->sources))
          continue;
        int s0 = v * S + k->start, s1 = v * S + k->final;
        if (search(l, &k->a, &b, s0, s1, v)) {
          block_path(c, l, &b, s1, s0, k->rel);
          (*added)++;
        }
      }
    }
    free(b.st);
    free(b.stamp);
    free(b.queue);
  }
  return bmc_zcheck(c, "refining the lazy axioms");
}
