/* callpaths.c — calls and returns matched (callpaths.h).
 *
 * Unit level: a node's successors inside its unit, a call node's being its
 * return site when the callee can reach its end (passes[callee]).  The
 * summaries passes[] grow to a fixed point (callees first, then again
 * while one changes: recursion); to_exit is a backward search from each
 * unit's end over the unit-level edges.
 * Example: unit h: W x; end.  f: CALL h; R y; end.  g: R z; CALL h; end.
 *   From g's `R z`: g's call, h's `W x` (entered), g's end: never f's
 *   `R y`, which the graph of aeg.h reaches through h's end.
 */
#include "callpaths.h"

#include <stdlib.h>

/* The unit the instruction at node n calls in the graph, or -1. */
static int node_callee(const wmm_aeg *g, int n)
{
  int u = g->node_unit[n], i = n - g->unit_base[u];
  const wmm_thread *t = &g->p->threads[u];
  return i < t->ncode ? wmm_aeg_callee(g, &t->code[i]) : -1;
}

static int is_exit(const wmm_aeg *g, int n)
{
  int u = g->node_unit[n];
  return n == g->unit_base[u] + g->p->threads[u].ncode;
}

/* Unit-level successors of node n (at most 2) into out; their number. */
static int level_succs(const wmm_aeg *g, const unsigned char *passes, int n,
                       int out[2])
{
  if (is_exit(g, n))
    return 0;
  int c = node_callee(g, n);
  if (c >= 0) {
    if (!passes[c])
      return 0;
    out[0] = n + 1;
    return 1;
  }
  int k = 0;
  for (int j = g->succ_off[n]; j < g->succ_off[n + 1] && k < 2; j++)
    out[k++] = g->succ[j];
  return k;
}

/* Does unit u's entry reach its end at unit level?  (seen, stack:
 * scratch of nnodes.) */
static int unit_passes(const wmm_aeg *g, const unsigned char *passes, int u,
                       unsigned char *seen, int *stack)
{
  int first = g->unit_base[u], end = first + g->p->threads[u].ncode;
  int sp = 0, found = 0;
  seen[first] = 1;
  stack[sp++] = first;
  while (sp && !found) {
    int n = stack[--sp], s[2];
    if (n == end)
      found = 1;
    for (int k = level_succs(g, passes, n, s) - 1; k >= 0; k--)
      if (!seen[s[k]]) {
        seen[s[k]] = 1;
        stack[sp++] = s[k];
      }
  }
  for (int n = first; n <= end; n++)
    seen[n] = 0;
  return found;
}

/* Units in an order that puts callees before their callers (DFS
 * postorder over the calls; recursion breaks it somewhere). */
static int callee_order(const wmm_aeg *g, int *order)
{
  int nu = g->p->nthreads, no = 0;
  unsigned char *state = calloc((size_t)nu + 1, 1);
  int *stack = calloc((size_t)nu + 1, sizeof *stack);
  int *next = calloc((size_t)nu + 1, sizeof *next);
  if (!state || !stack || !next) {
    free(state), free(stack), free(next);
    return -1;
  }
  for (int root = 0; root < nu; root++) {
    if (state[root])
      continue;
    int sp = 0;
    stack[sp++] = root;
    state[root] = 1;
    while (sp) {
      int u = stack[sp - 1];
      const wmm_thread *t = &g->p->threads[u];
      int pushed = 0;
      while (next[u] < t->ncode && !pushed) {
        int c = node_callee(g, g->unit_base[u] + next[u]++);
        if (c >= 0 && !state[c]) {
          state[c] = 1;
          stack[sp++] = c;
          pushed = 1;
        }
      }
      if (!pushed) {
        order[no++] = u;
        sp--;
      }
    }
  }
  free(state), free(stack), free(next);
  return 0;
}

static int find_passes(const wmm_aeg *g, unsigned char *passes)
{
  int nu = g->p->nthreads;
  int *order = calloc((size_t)nu + 1, sizeof *order);
  unsigned char *seen = calloc((size_t)g->nnodes + 1, 1);
  int *stack = calloc((size_t)g->nnodes + 1, sizeof *stack);
  if (!order || !seen || !stack || callee_order(g, order)) {
    free(order), free(seen), free(stack);
    return -1;
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int k = 0; k < nu; k++) {
      int u = order[k];
      if (!passes[u] && unit_passes(g, passes, u, seen, stack)) {
        passes[u] = 1;
        changed = 1;
      }
    }
  }
  free(order), free(seen), free(stack);
  return 0;
}

/* cp->to_exit: backward from every unit's end over unit-level edges. */
static int find_to_exit(const wmm_aeg *g, const unsigned char *passes,
                        wmm_callpaths *cp)
{
  int n = g->nnodes;
  int *roff = calloc((size_t)n + 2, sizeof *roff);
  int *rsucc = calloc(2 * (size_t)n + 1, sizeof *rsucc);
  int *stack = calloc((size_t)n + 1, sizeof *stack);
  if (!roff || !rsucc || !stack) {
    free(roff), free(rsucc), free(stack);
    return -1;
  }
  int s[2];
  for (int v = 0; v < n; v++)
    for (int k = level_succs(g, passes, v, s) - 1; k >= 0; k--)
      roff[s[k] + 2]++;
  for (int v = 0; v < n; v++)
    roff[v + 2] += roff[v + 1];
  for (int v = 0; v < n; v++)
    for (int k = level_succs(g, passes, v, s) - 1; k >= 0; k--)
      rsucc[roff[s[k] + 1]++] = v;
  /* (roff[v] .. roff[v + 1]: the predecessors of v) */
  int sp = 0;
  for (int u = 0; u < g->p->nthreads; u++) {
    int end = g->unit_base[u] + g->p->threads[u].ncode;
    cp->to_exit[end] = 1;
    stack[sp++] = end;
  }
  while (sp) {
    int v = stack[--sp];
    for (int k = roff[v]; k < roff[v + 1]; k++)
      if (!cp->to_exit[rsucc[k]]) {
        cp->to_exit[rsucc[k]] = 1;
        stack[sp++] = rsucc[k];
      }
  }
  free(roff), free(rsucc), free(stack);
  return 0;
}

int wmm_callpaths_build(const wmm_aeg *g, wmm_callpaths *cp)
{
  int n = g->nnodes;
  cp->off = calloc((size_t)n + 1, sizeof *cp->off);
  cp->succ = calloc(3 * (size_t)n + 1, sizeof *cp->succ);
  cp->to_exit = calloc((size_t)n + 1, 1);
  unsigned char *passes = calloc((size_t)g->p->nthreads + 1, 1);
  if (!cp->off || !cp->succ || !cp->to_exit || !passes ||
      find_passes(g, passes) || find_to_exit(g, passes, cp)) {
    free(passes);
    wmm_callpaths_free(cp);
    return -1;
  }
  int m = 0, s[2];
  for (int v = 0; v < n; v++) {
    cp->off[v] = m;
    int c = node_callee(g, v);
    if (c >= 0)
      cp->succ[m++] = g->unit_base[c];
    for (int k = 0, ns = level_succs(g, passes, v, s); k < ns; k++)
      cp->succ[m++] = s[k];
  }
  cp->off[n] = m;
  free(passes);
  return 0;
}

void wmm_callpaths_free(wmm_callpaths *cp)
{
  free(cp->off), free(cp->succ), free(cp->to_exit);
  cp->off = cp->succ = NULL;
  cp->to_exit = NULL;
}
