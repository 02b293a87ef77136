/* graph.c — the relation graph of an encoding and the ways relations are
 * constrained eagerly (lazy.c checks others in the solver's models):
 *  - acyclic(union of edge sets): one integer clock per node that lies on
 *    a cycle of the static graph (strongly connected components with every
 *    edge enabled); an edge inside a component asserts lit => C(src) <
 *    C(dst).  Edges between components can never close a cycle.
 *  - regular path queries: an automaton over edge sets reads paths of the
 *    graph (a relation such as prop = chapo?;propbase*;strong;hb* is a
 *    language over the base relations).  acyclic over the product graph
 *    (node, state) encodes acyclic(co | prop) exactly.
 * Nodes are the events followed by virtual nodes: prefix and suffix chains
 * that carry po-based relations in linear size, and fence nodes.
 *
 * Example: TSO's W->W order of thread 0 is a prefix chain over its writes:
 *   W1 -> P1 -> P2 -> ... and P(i-1) -> W(i), each event edge guarded by the
 *   event's guard, so that a path W1 ~> W3 exists exactly when both happen.
 */
#include "bmc_int.h"

#include <stdlib.h>
#include <string.h>

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

int bmc_graph_init(bmc_ctx *c, bmc_graph *g)
{
  memset(g, 0, sizeof *g);
  g->cap = c->nev + 16;
  g->type = malloc((size_t)g->cap);
  if (!g->type)
    return nomem(c);
  for (int i = 0; i < c->nev; i++) {
    const bmc_event *e = &c->ev[i];
    g->type[i] = e->kind == WMM_EV_READ ? BMC_T_R
               : e->kind == WMM_EV_FENCE ? BMC_T_F
               : (e->flags & WMM_ACC_STREAM) ? BMC_T_W : BMC_T_W | BMC_T_P;
  }
  g->n = c->nev;
  return 0;
}

void bmc_graph_free(bmc_graph *g)
{
  free(g->type);
  for (int s = 0; s < BMC_E_COUNT; s++)
    free(g->set[s].e);
  memset(g, 0, sizeof *g);
}

int bmc_graph_node(bmc_graph *g, unsigned char type)
{
  if (g->n == g->cap) {
    int nc = 2 * g->cap;
    unsigned char *q = realloc(g->type, (size_t)nc);
    if (!q)
      return -WMM_ERR_NOMEM;
    g->type = q;
    g->cap = nc;
  }
  g->type[g->n] = type;
  return g->n++;
}

int bmc_graph_edge(bmc_graph *g, int set, int src, int dst, Z3_ast lit)
{
  bmc_eset *s = &g->set[set];
  if (s->n == s->cap) {
    int nc = s->cap ? 2 * s->cap : 64;
    bmc_edge *q = realloc(s->e, (size_t)nc * sizeof *q);
    if (!q)
      return -WMM_ERR_NOMEM;
    s->e = q;
    s->cap = nc;
  }
  s->e[s->n].src = src;
  s->e[s->n].dst = dst;
  s->e[s->n].lit = lit;
  s->n++;
  return 0;
}

/* ------------------------------------------------------------- chains */

/* P[i]: a virtual node reached from the chain's events at positions <= i
 * (each through its guard) and from P[i-1]. */
int bmc_chain_prefix(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t,
                     unsigned types, bmc_chain *out)
{
  out->n = t->nev;
  out->node = bmc_alloc(&c->ar, ((size_t)t->nev + 1) * sizeof(int));
  if (!out->node)
    return nomem(c);
  int prev = -1;
  for (int i = 0; i < t->nev; i++) {
    int e = t->ev[i];
    int feeds = (g->type[e] & types) != 0;
    if (!feeds) {
      out->node[i] = prev;
      continue;
    }
    int v = bmc_graph_node(g, BMC_T_V);
    if (v < 0)
      return nomem(c);
    if ((prev >= 0 && bmc_graph_edge(g, BMC_E_CHP, prev, v, NULL) < 0) ||
        bmc_graph_edge(g, BMC_E_FEED, e, v, c->ev[e].g) < 0)
      return nomem(c);
    out->node[i] = prev = v;
  }
  return 0;
}

/* S[i]: a virtual node that reaches the chain's events at positions >= i
 * (each through its guard) and S[i+1]. */
int bmc_chain_suffix(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t,
                     unsigned types, bmc_chain *out)
{
  out->n = t->nev;
  out->node = bmc_alloc(&c->ar, ((size_t)t->nev + 1) * sizeof(int));
  if (!out->node)
    return nomem(c);
  int next = -1;
  for (int i = t->nev - 1; i >= 0; i--) {
    int e = t->ev[i];
    if (!(g->type[e] & types)) {
      out->node[i] = next;
      continue;
    }
    int v = bmc_graph_node(g, BMC_T_V);
    if (v < 0)
      return nomem(c);
    if ((next >= 0 && bmc_graph_edge(g, BMC_E_CHS, v, next, NULL) < 0) ||
        bmc_graph_edge(g, BMC_E_LEAVE, v, e, c->ev[e].g) < 0)
      return nomem(c);
    out->node[i] = next = v;
  }
  return 0;
}

/* ------------------------------------------------------ SCC (Tarjan) */

typedef struct csr {
  int n;
  int *start;     /* n + 1 */
  int *dst;
  Z3_ast *lit;
} csr;

static void csr_free(csr *g)
{
  free(g->start);
  free(g->dst);
  free(g->lit);
}

/* comp[v] = component id; big[comp] = 1 when it can hold a cycle. */
static int tarjan(const csr *g, int *comp, unsigned char **bigp, int *ncomp)
{
  return bmc_scc(g->n, g->start, g->dst, comp, bigp, ncomp);
}

int bmc_scc(int n, const int *gstart, const int *gdst, int *comp,
            unsigned char **bigp, int *ncomp)
{
  struct { const int *start, *dst; } G = {gstart, gdst}, *g = &G;
  int *idx = malloc((size_t)n * sizeof *idx);
  int *low = malloc((size_t)n * sizeof *low);
  int *stk = malloc((size_t)n * sizeof *stk);
  int *cs = malloc((size_t)n * sizeof *cs);      /* call stack: node */
  int *ci = malloc((size_t)n * sizeof *ci);      /* call stack: edge pos */
  unsigned char *on = calloc((size_t)n + 1, 1);
  unsigned char *big = calloc((size_t)n + 1, 1);
  if (!idx || !low || !stk || !cs || !ci || !on || !big) {
    free(idx); free(low); free(stk); free(cs); free(ci); free(on); free(big);
    return -WMM_ERR_NOMEM;
  }
  for (int i = 0; i < n; i++)
    idx[i] = -1;
  int counter = 0, sp = 0, nc = 0;
  for (int root = 0; root < n; root++) {
    if (idx[root] >= 0)
      continue;
    int top = 0;
    cs[0] = root;
    ci[0] = g->start[root];
    idx[root] = low[root] = counter++;
    stk[sp++] = root;
    on[root] = 1;
    while (top >= 0) {
      int v = cs[top];
      if (ci[top] < g->start[v + 1]) {
        int w = g->dst[ci[top]++];
        if (idx[w] < 0) {
          idx[w] = low[w] = counter++;
          stk[sp++] = w;
          on[w] = 1;
          top++;
          cs[top] = w;
          ci[top] = g->start[w];
        } else if (on[w] && idx[w] < low[v]) {
          low[v] = idx[w];
        }
        continue;
      }
      if (low[v] == idx[v]) {
        int size = 0, w;
        do {
          w = stk[--sp];
          on[w] = 0;
          comp[w] = nc;
          size++;
        } while (w != v);
        big[nc] = size > 1;
        nc++;
      }
      top--;
      if (top >= 0 && low[v] < low[cs[top]])
        low[cs[top]] = low[v];
    }
  }
  /* Self-loops make a single node cyclic. */
  for (int v = 0; v < n; v++)
    for (int k = g->start[v]; k < g->start[v + 1]; k++)
      if (g->dst[k] == v)
        big[comp[v]] = 1;
  free(idx); free(low); free(stk); free(cs); free(ci); free(on);
  *bigp = big;
  *ncomp = nc;
  return 0;
}

/* Build a CSR graph from (src, dst, lit) edges. */
static int csr_build(csr *g, int n, long m, const int *src, const int *dst,
                     Z3_ast const *lit, Z3_ast f)
{
  memset(g, 0, sizeof *g);
  g->n = n;
  g->start = calloc((size_t)n + 2, sizeof *g->start);
  g->dst = malloc(((size_t)m + 1) * sizeof *g->dst);
  g->lit = malloc(((size_t)m + 1) * sizeof *g->lit);
  if (!g->start || !g->dst || !g->lit)
    return -WMM_ERR_NOMEM;
  for (long k = 0; k < m; k++)
    if (lit[k] != f)
      g->start[src[k] + 1]++;
  for (int v = 0; v < n; v++)
    g->start[v + 1] += g->start[v];
  int *pos = malloc(((size_t)n + 1) * sizeof *pos);
  if (!pos)
    return -WMM_ERR_NOMEM;
  memcpy(pos, g->start, (size_t)n * sizeof *pos);
  for (long k = 0; k < m; k++) {
    if (lit[k] == f)
      continue;
    int p = pos[src[k]]++;
    g->dst[p] = dst[k];
    g->lit[p] = lit[k];
  }
  free(pos);
  return 0;
}

/* Clocks for the cyclic components and lit => C(u) < C(v) inside them. */
static int clocks_for(bmc_ctx *c, const csr *g)
{
  int *comp = malloc(((size_t)g->n + 1) * sizeof *comp);
  if (!comp)
    return nomem(c);
  unsigned char *big;
  int ncomp;
  if (tarjan(g, comp, &big, &ncomp) < 0) {
    free(comp);
    return nomem(c);
  }
  Z3_ast *clk = calloc((size_t)g->n + 1, sizeof *clk);
  if (!clk) {
    free(comp);
    free(big);
    return nomem(c);
  }
  for (int v = 0; v < g->n; v++) {
    if (!big[comp[v]])
      continue;
    for (int k = g->start[v]; k < g->start[v + 1]; k++) {
      int w = g->dst[k];
      if (comp[w] != comp[v])
        continue;
      if (!clk[v])
        clk[v] = bmc_clock(c, "c");
      if (!clk[w])
        clk[w] = bmc_clock(c, "c");
      if (v == w)
        bmc_assert(c, bmc_not(c, g->lit[k]));
      else
        bmc_assert_before(c, g->lit[k], clk[v], clk[w]);
    }
  }
  free(clk);
  free(comp);
  free(big);
  return 0;
}

int bmc_acyclic(bmc_ctx *c, const bmc_graph *gr, unsigned mask)
{
  long m = 0;
  for (int s = 0; s < BMC_E_COUNT; s++)
    if (mask & BMC_SET(s))
      m += gr->set[s].n;
  int *src = malloc(((size_t)m + 1) * sizeof *src);
  int *dst = malloc(((size_t)m + 1) * sizeof *dst);
  Z3_ast *lit = malloc(((size_t)m + 1) * sizeof *lit);
  if (!src || !dst || !lit) {
    free(src); free(dst); free(lit);
    return nomem(c);
  }
  long k = 0;
  for (int s = 0; s < BMC_E_COUNT; s++) {
    if (!(mask & BMC_SET(s)))
      continue;
    for (int i = 0; i < gr->set[s].n; i++) {
      src[k] = gr->set[s].e[i].src;
      dst[k] = gr->set[s].e[i].dst;
      lit[k] = gr->set[s].e[i].lit;
      k++;
    }
  }
  csr g;
  int rc = csr_build(&g, gr->n, m, src, dst, lit, c->f);
  free(src); free(dst); free(lit);
  if (rc < 0) {
    csr_free(&g);
    return nomem(c);
  }
  rc = clocks_for(c, &g);
  csr_free(&g);
  return rc;
}

/* --------------------------------------------------------------- NFA */

int bmc_nfa_state(bmc_nfa *a)
{
  return a->nstates++;
}

int bmc_nfa_add(bmc_nfa *a, int from, int to, int set, unsigned filter)
{
  if (a->ntr == a->cap) {
    int nc = a->cap ? 2 * a->cap : 32;
    bmc_nfa_tr *q = realloc(a->tr, (size_t)nc * sizeof *q);
    if (!q)
      return -WMM_ERR_NOMEM;
    a->tr = q;
    a->cap = nc;
  }
  a->tr[a->ntr].from = from;
  a->tr[a->ntr].to = to;
  a->tr[a->ntr].set = set;
  a->tr[a->ntr].filter = filter;
  a->ntr++;
  return 0;
}

void bmc_nfa_free(bmc_nfa *a)
{
  free(a->tr);
  memset(a, 0, sizeof *a);
}

/* The product graph of graph g and automaton a. */
static int product(bmc_ctx *c, const bmc_graph *g, const bmc_nfa *a, csr *out)
{
  int S = a->nstates;
  long nn = (long)g->n * S;
  if (nn > 200000000L)
    return wmm_fail(c->err, WMM_ERR_LIMIT, c->p->source, 0,
                    "relation graph too large (%ld product nodes)", nn);
  long m = 0;
  for (int t = 0; t < a->ntr; t++) {
    const bmc_nfa_tr *tr = &a->tr[t];
    m += tr->set < 0 ? g->n : g->set[tr->set].n;
  }
  int *src = malloc(((size_t)m + 1) * sizeof *src);
  int *dst = malloc(((size_t)m + 1) * sizeof *dst);
  Z3_ast *lit = malloc(((size_t)m + 1) * sizeof *lit);
  if (!src || !dst || !lit) {
    free(src); free(dst); free(lit);
    return nomem(c);
  }
  long k = 0;
  for (int t = 0; t < a->ntr; t++) {
    const bmc_nfa_tr *tr = &a->tr[t];
    if (tr->set < 0) {
      for (int v = 0; v < g->n; v++) {
        if (tr->filter && !(g->type[v] & tr->filter))
          continue;
        src[k] = v * S + tr->from;
        dst[k] = v * S + tr->to;
        lit[k] = NULL;
        k++;
      }
    } else {
      const bmc_eset *es = &g->set[tr->set];
      for (int i = 0; i < es->n; i++) {
        src[k] = es->e[i].src * S + tr->from;
        dst[k] = es->e[i].dst * S + tr->to;
        lit[k] = es->e[i].lit;
        k++;
      }
    }
  }
  int rc = csr_build(out, (int)nn, k, src, dst, lit, c->f);
  free(src); free(dst); free(lit);
  if (rc < 0) {
    csr_free(out);
    return nomem(c);
  }
  return 0;
}

int bmc_nfa_acyclic(bmc_ctx *c, const bmc_graph *g, const bmc_nfa *a)
{
  csr p;
  int rc = product(c, g, a, &p);
  if (rc < 0)
    return rc;
  rc = clocks_for(c, &p);
  csr_free(&p);
  return rc;
}
