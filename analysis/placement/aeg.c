/* aeg.c — builds the abstract event graph of aeg.h: the interprocedural
 * control-flow graph, the location of every access (constant propagation
 * of address registers), the virtual threads, the event classes and the po
 * relation between classes (reachability over the strongly connected
 * components of each thread's graph of matched calls and returns,
 * callpaths.h, and from a unit's end to its callers).
 *
 * Example: for PPC SB (`0:r2=x; stw r1,0(r2); lwz r3,0(r4)` ...) the store
 * of P0 resolves to x through r2's initial value, and class (P0, x, W) is
 * po-before class (P0, y, R).
 */
#include "aeg.h"
#include "callpaths.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ utilities */

static void *xcalloc(size_t n, size_t sz)
{
  return calloc(n ? n : 1, sz);
}

/* -------------------------------------------------------------- the CFG */

/* Intra-unit successors of instruction i of unit u (at most 2), -1 none. */
static int intra_succ(const wmm_thread *t, int i, int out[2])
{
  int n = 0;
  if (i >= t->ncode)
    return 0;
  const wmm_instr *in = &t->code[i];
  int tgt = in->target < 0 ? -1 : in->target > t->ncode ? t->ncode : in->target;
  if (in->op == WMM_OP_JUMP) {
    if (tgt >= 0)
      out[n++] = tgt;
    else
      out[n++] = i + 1;
    return n;
  }
  out[n++] = i + 1;
  if (in->op == WMM_OP_BRANCH && tgt >= 0 && tgt != i + 1)
    out[n++] = tgt;
  return n;
}

int wmm_aeg_callee(const wmm_aeg *g, const wmm_instr *in)
{
  return in->op == WMM_OP_CALL && in->target >= 0 &&
                 in->target < g->p->nthreads && !g->inert[in->target]
             ? in->target : -1;
}

int wmm_aeg_quiet_units(const wmm_program *p, int fences_too,
                        unsigned char *quiet)
{
  for (int u = 0; u < p->nthreads; u++) {
    const wmm_thread *t = &p->threads[u];
    quiet[u] = 1;
    for (int i = 0; i < t->ncode && quiet[u]; i++)
      if (wmm_instr_is_access(&t->code[i]) ||
          (fences_too && t->code[i].op == WMM_OP_FENCE))
        quiet[u] = 0;
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int u = 0; u < p->nthreads; u++) {
      const wmm_thread *t = &p->threads[u];
      for (int i = 0; i < t->ncode && quiet[u]; i++) {
        const wmm_instr *in = &t->code[i];
        if (in->op == WMM_OP_CALL &&
            (in->target < 0 || in->target >= p->nthreads || !quiet[in->target])) {
          quiet[u] = 0;
          changed = 1;
        }
      }
    }
  }
  return 0;
}

/* g->inert: the units without accesses or fences, themselves or in the
 * units they call (an empty helper such as std::__is_constant_evaluated,
 * called from every std::atomic operation), entries aside.  A unit called
 * from several places returns to each of them, so its calls joined code
 * that no execution joins: the consumer's loop after a helper call led
 * back to its first loop, which calls it too.  For an inert unit nothing
 * is lost by leaving the call out. */
static int mark_inert(wmm_aeg *g)
{
  const wmm_program *p = g->p;
  g->inert = xcalloc((size_t)p->nthreads, 1);
  if (!g->inert)
    return -1;
  wmm_aeg_quiet_units(p, 1, g->inert);
  for (int u = 0; u < p->nthreads; u++)
    if (p->threads[u].entry)
      g->inert[u] = 0;
  return 0;
}

/* May instruction in be part of a loop whose other iterations the
 * placement leaves out?  (No write, load-reserve, unknown value or call,
 * but a call of a unit that accesses no memory, quiet[unit]: a spin-wait
 * hint's helper.) */
static int retry_safe(const wmm_instr *in, const unsigned char *quiet,
                      int nunits)
{
  if (in->op == WMM_OP_CALL)
    return in->target >= 0 && in->target < nunits && quiet[in->target];
  return in->op != WMM_OP_STORE && in->op != WMM_OP_RMW &&
         in->op != WMM_OP_STORE_EX && in->op != WMM_OP_LOAD_EX &&
         in->op != WMM_OP_NONDET;
}

/* The back edges marked WMM_ACC_RETRY in unit t that are no edges of the
 * graph: drop[i] = 1 when instruction i jumps back to h and the loop (the
 * instructions that reach i without passing h) holds neither the unit's
 * entry (h dominates i) nor an instruction retry_safe refuses.  *quiet:
 * wmm_aeg_quiet_units of p, computed when first needed (NULL before).
 * Returns -1 when out of memory. */
static int retry_edges(const wmm_program *p, int u, unsigned char **quiet,
                       unsigned char *drop)
{
  const wmm_thread *t = &p->threads[u];
  int n = t->ncode, any = 0, nunits = p->nthreads;
  for (int i = 0; i < n; i++)
    any |= (t->code[i].flags & WMM_ACC_RETRY) &&
           (t->code[i].op == WMM_OP_BRANCH || t->code[i].op == WMM_OP_JUMP);
  if (!any)
    return 0;
  if (!*quiet) {
    *quiet = xcalloc((size_t)nunits, 1);
    if (!*quiet)
      return -1;
    wmm_aeg_quiet_units(p, 0, *quiet);
  }
  int *off = xcalloc((size_t)n + 2, sizeof *off);
  int *stack = xcalloc((size_t)n + 1, sizeof *stack);
  int *seen = xcalloc((size_t)n + 1, sizeof *seen);   /* stamp of the edge */
  int *pred = NULL, *fill = NULL;
  if (!off || !stack || !seen)
    goto fail;
  for (int i = 0; i < n; i++) {
    int s[2], ns = intra_succ(t, i, s);
    for (int k = 0; k < ns; k++)
      off[s[k] + 1]++;
  }
  for (int i = 0; i <= n; i++)
    off[i + 1] += off[i];
  pred = xcalloc((size_t)off[n + 1], sizeof *pred);
  fill = xcalloc((size_t)n + 1, sizeof *fill);
  if (!pred || !fill)
    goto fail;
  for (int i = 0; i < n; i++) {
    int s[2], ns = intra_succ(t, i, s);
    for (int k = 0; k < ns; k++)
      pred[off[s[k]] + fill[s[k]]++] = i;
  }
  for (int i = 0; i < n; i++) {
    const wmm_instr *in = &t->code[i];
    int h = in->target;
    if (!(in->flags & WMM_ACC_RETRY) ||
        (in->op != WMM_OP_BRANCH && in->op != WMM_OP_JUMP) || h < 0 ||
        h >= n || (in->op == WMM_OP_BRANCH && h == i + 1) ||
        !retry_safe(&t->code[h], *quiet, nunits))
      continue;
    int sp = 0, ok = 1, stamp = i + 1;
    seen[h] = seen[i] = stamp;
    stack[sp++] = i;
    while (sp > 0 && ok) {
      int x = stack[--sp];
      ok = x != 0 && retry_safe(&t->code[x], *quiet, nunits);
      for (int k = off[x]; ok && k < off[x + 1]; k++)
        if (seen[pred[k]] != stamp) {
          seen[pred[k]] = stamp;
          stack[sp++] = pred[k];
        }
    }
    drop[i] = (unsigned char)ok;
  }
  free(off), free(stack), free(seen), free(pred), free(fill);
  return 0;
fail:
  free(off), free(stack), free(seen), free(pred), free(fill);
  return -1;
}

/* Fill successor / predecessor CSR arrays. */
static int build_cfg(wmm_aeg *g)
{
  const wmm_program *p = g->p;
  int nu = p->nthreads;
  g->unit_base = xcalloc((size_t)nu + 1, sizeof *g->unit_base);
  if (!g->unit_base)
    return -1;
  for (int u = 0; u < nu; u++)
    g->unit_base[u + 1] = g->unit_base[u] + p->threads[u].ncode + 1;
  g->nnodes = g->unit_base[nu];
  g->node_unit = xcalloc((size_t)g->nnodes, sizeof *g->node_unit);
  int *cnt = xcalloc((size_t)g->nnodes + 1, sizeof *cnt);
  int *pcnt = xcalloc((size_t)g->nnodes + 1, sizeof *pcnt);
  if (!g->node_unit || !cnt || !pcnt) {
    free(cnt), free(pcnt);
    return -1;
  }
  unsigned char *drop = xcalloc((size_t)g->nnodes + 1, 1);
  unsigned char *quiet = NULL;   /* (retry_edges': when a unit has one) */
  if (!drop) {
    free(cnt), free(pcnt);
    return -1;
  }
  for (int u = 0; u < nu; u++) {
    for (int i = 0; i <= p->threads[u].ncode; i++)
      g->node_unit[g->unit_base[u] + i] = u;
    if (retry_edges(p, u, &quiet, drop + g->unit_base[u]) < 0) {
      free(cnt), free(pcnt), free(drop), free(quiet);
      return -1;
    }
  }
  free(quiet);
  /* Two passes: count, then fill. */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      g->succ_off = xcalloc((size_t)g->nnodes + 1, sizeof *g->succ_off);
      g->pred_off = xcalloc((size_t)g->nnodes + 1, sizeof *g->pred_off);
      if (!g->succ_off || !g->pred_off)
        goto fail;
      for (int n = 0; n < g->nnodes; n++) {
        g->succ_off[n + 1] = g->succ_off[n] + cnt[n];
        g->pred_off[n + 1] = g->pred_off[n] + pcnt[n];
      }
      g->succ = xcalloc((size_t)g->succ_off[g->nnodes], sizeof *g->succ);
      g->pred = xcalloc((size_t)g->pred_off[g->nnodes], sizeof *g->pred);
      if (!g->succ || !g->pred)
        goto fail;
      memset(cnt, 0, (size_t)g->nnodes * sizeof *cnt);
      memset(pcnt, 0, (size_t)g->nnodes * sizeof *pcnt);
    }
    for (int u = 0; u < nu; u++) {
      const wmm_thread *t = &p->threads[u];
      for (int i = 0; i < t->ncode; i++) {
        int from = g->unit_base[u] + i;
        int to[3], nto = 0;
        int v = wmm_aeg_callee(g, &t->code[i]);
        if (v >= 0) {
          to[nto++] = g->unit_base[v];
          /* return edge: end of v -> after the call */
          int ret_from = g->unit_base[v] + p->threads[v].ncode;
          int ret_to = from + 1;
          if (pass == 1) {
            g->succ[g->succ_off[ret_from] + cnt[ret_from]] = ret_to;
            g->pred[g->pred_off[ret_to] + pcnt[ret_to]] = ret_from;
          }
          cnt[ret_from]++;
          pcnt[ret_to]++;
        } else {
          int s[2], ns = intra_succ(t, i, s);
          for (int k = 0; k < ns; k++)
            if (!(drop[from] && s[k] == t->code[i].target))
              to[nto++] = g->unit_base[u] + s[k];
        }
        for (int k = 0; k < nto; k++) {
          if (pass == 1) {
            g->succ[g->succ_off[from] + cnt[from]] = to[k];
            g->pred[g->pred_off[to[k]] + pcnt[to[k]]] = from;
          }
          cnt[from]++;
          pcnt[to[k]]++;
        }
      }
    }
  }
  free(cnt), free(pcnt), free(drop);
  return 0;
fail:
  free(cnt), free(pcnt), free(drop);
  return -1;
}

int wmm_aeg_succs(const wmm_aeg *g, int t, int node, int *buf, int cap)
{
  int n = 0;
  for (int k = g->succ_off[node]; k < g->succ_off[node + 1]; k++) {
    int s = g->succ[k];
    if (!wmm_aeg_in_thread(g, t, s))
      continue;
    if (n < cap)
      buf[n] = s;
    n++;
  }
  return n;
}

int wmm_aeg_preds(const wmm_aeg *g, int t, int node, int *buf, int cap)
{
  int n = 0;
  for (int k = g->pred_off[node]; k < g->pred_off[node + 1]; k++) {
    int s = g->pred[k];
    if (!wmm_aeg_in_thread(g, t, s))
      continue;
    if (n < cap)
      buf[n] = s;
    n++;
  }
  return n;
}

/* ------------------------------------------------ constant propagation */

enum { CV_BOTTOM = 0, CV_CONST, CV_TOP };

typedef struct cval {
  int kind;
  wmm_val v;
} cval;

static cval opnd_val(const cval *regs, int nregs, const wmm_operand *o)
{
  if (o->kind == WMM_OPND_IMM)
    return (cval){CV_CONST, o->imm};
  if (o->kind == WMM_OPND_REG)
    return o->reg >= 0 && o->reg < nregs ? regs[o->reg] : (cval){CV_TOP, 0};
  return (cval){CV_CONST, 0};
}

static int meet(cval *a, const cval *b)
{
  if (b->kind == CV_BOTTOM || a->kind == CV_TOP)
    return 0;
  if (a->kind == CV_BOTTOM) {
    *a = *b;
    return 1;
  }
  if (b->kind == CV_TOP || a->v != b->v) {
    a->kind = CV_TOP;
    return 1;
  }
  return 0;
}

/* Apply instruction in to the register state r. */
static void transfer(const wmm_instr *in, cval *r, int nregs)
{
  if (in->dst < 0 || in->dst >= nregs)
    return;
  cval res = {CV_TOP, 0};
  if (in->op == WMM_OP_MOV) {
    res = opnd_val(r, nregs, &in->a);
  } else if (in->op == WMM_OP_ALU) {
    cval a = opnd_val(r, nregs, &in->a), b = opnd_val(r, nregs, &in->b);
    int same = in->a.kind == WMM_OPND_REG && in->b.kind == WMM_OPND_REG &&
               in->a.reg == in->b.reg;
    if (same && (in->alu == WMM_ALU_XOR || in->alu == WMM_ALU_SUB))
      res = (cval){CV_CONST, 0};
    else if (in->alu == WMM_ALU_SECOND)
      res = b;
    else if (a.kind == CV_CONST && b.kind == CV_CONST)
      res = (cval){CV_CONST, wmm_alu_eval(in->alu, a.v, b.v)};
    else if (in->alu == WMM_ALU_AND &&
             ((a.kind == CV_CONST && a.v == 0) || (b.kind == CV_CONST && b.v == 0)))
      res = (cval){CV_CONST, 0};
    if (res.kind == CV_BOTTOM)
      res.kind = CV_TOP;
  } else if (in->op == WMM_OP_CMP || in->op == WMM_OP_BRANCH ||
             in->op == WMM_OP_JUMP || in->op == WMM_OP_FENCE ||
             in->op == WMM_OP_STORE || in->op == WMM_OP_NOP ||
             in->op == WMM_OP_CALL) {
    return;
  }
  r[in->dst] = res;
}

/* Does any access of unit u need the propagation (no hint, register
 * operands in its address)? */
static int needs_propagation(const wmm_thread *t)
{
  for (int i = 0; i < t->ncode; i++) {
    const wmm_instr *in = &t->code[i];
    if (wmm_instr_is_access(in) && in->addr.loc_hint < 0 &&
        (in->addr.base.kind == WMM_OPND_REG || in->addr.index.kind == WMM_OPND_REG))
      return 1;
  }
  return 0;
}

static int loc_of_value(const wmm_program *p, const cval *v)
{
  return v->kind == CV_CONST ? wmm_addr_loc(p, v->v) : -1;
}

/* Location of access in given the register state (or NULL: none known). */
static int access_loc(const wmm_program *p, const wmm_instr *in, const cval *r,
                      int nregs)
{
  if (in->addr.loc_hint >= 0 && in->addr.loc_hint < p->nlocs)
    return in->addr.loc_hint;
  cval zero = {CV_CONST, 0};
  cval b = r ? opnd_val(r, nregs, &in->addr.base)
             : in->addr.base.kind == WMM_OPND_REG ? (cval){CV_TOP, 0}
             : in->addr.base.kind == WMM_OPND_IMM ? (cval){CV_CONST, in->addr.base.imm}
             : zero;
  cval x = r ? opnd_val(r, nregs, &in->addr.index)
             : in->addr.index.kind == WMM_OPND_REG ? (cval){CV_TOP, 0}
             : in->addr.index.kind == WMM_OPND_IMM ? (cval){CV_CONST, in->addr.index.imm}
             : zero;
  if (b.kind != CV_CONST || x.kind != CV_CONST)
    return -1;
  cval sum = {CV_CONST, (wmm_val)((uint64_t)b.v + (uint64_t)x.v + (uint64_t)in->addr.offset)};
  return loc_of_value(p, &sum);
}

/* Resolve the location of every access of unit u into g->node_loc. */
static int resolve_unit(wmm_aeg *g, int u)
{
  const wmm_program *p = g->p;
  const wmm_thread *t = &p->threads[u];
  int base = g->unit_base[u], nr = t->nregs, n = t->ncode;
  if (!needs_propagation(t)) {
    for (int i = 0; i < n; i++)
      if (wmm_instr_is_access(&t->code[i]))
        g->node_loc[base + i] = access_loc(p, &t->code[i], NULL, nr);
    return 0;
  }
  size_t cells = (size_t)(n + 1) * (size_t)(nr ? nr : 1);
  cval *st = xcalloc(cells, sizeof *st);
  int *work = xcalloc((size_t)n + 1, sizeof *work);
  unsigned char *queued = xcalloc((size_t)n + 1, 1);
  cval *cur = xcalloc((size_t)(nr ? nr : 1), sizeof *cur);
  if (!st || !work || !queued || !cur) {
    free(st), free(work), free(queued), free(cur);
    return -1;
  }
  /* Entry state: register initial values in threads, unknown in functions. */
  for (int r = 0; r < nr; r++)
    st[r] = t->entry ? (cval){CV_CONST, t->regs[r].init} : (cval){CV_TOP, 0};
  int head = 0, tail = 0;
  work[tail++] = 0;
  queued[0] = 1;
  while (head != tail) {
    int i = work[head];
    head = (head + 1) % (n + 1);
    queued[i] = 0;
    if (i >= n)
      continue;
    memcpy(cur, &st[(size_t)i * nr], (size_t)nr * sizeof *cur);
    transfer(&t->code[i], cur, nr);
    int s[2], ns = intra_succ(t, i, s);
    for (int k = 0; k < ns; k++) {
      int changed = 0;
      for (int r = 0; r < nr; r++)
        changed |= meet(&st[(size_t)s[k] * nr + r], &cur[r]);
      /* A successor never visited must be visited even with no registers. */
      if ((changed || nr == 0) && !queued[s[k]]) {
        if (nr == 0 && s[k] <= i)
          continue;
        queued[s[k]] = 1;
        work[tail] = s[k];
        tail = (tail + 1) % (n + 1);
      }
    }
  }
  for (int i = 0; i < n; i++)
    if (wmm_instr_is_access(&t->code[i]))
      g->node_loc[base + i] = access_loc(p, &t->code[i], &st[(size_t)i * nr], nr);
  free(st), free(work), free(queued), free(cur);
  return 0;
}

/* ----------------------------------------------------- events, classes */

static int thread_units(const wmm_aeg *g, int u, unsigned char *mark);

/* Is in a store the silent-store rule accepts: a plain store (no atomic,
 * ordering or streaming flag) of a constant? */
static int plain_const_store(const wmm_instr *in)
{
  return in->op == WMM_OP_STORE && in->a.kind == WMM_OPND_IMM &&
         !(in->flags & (WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ACQPC |
                        WMM_ACC_ATOMIC | WMM_ACC_SEQCST | WMM_ACC_STREAM));
}

/* The class of a blind update (an RMW whose old value is used nowhere,
 * WMM_ACC_BLIND) whose operations commute: 1 add and subtract, 2 xor, 3
 * and, 4 or; 0 for any other access. */
static int blind_class(const wmm_instr *in)
{
  if (in->op != WMM_OP_RMW || !(in->flags & WMM_ACC_BLIND))
    return 0;
  switch (in->alu) {
  case WMM_ALU_ADD:
  case WMM_ALU_SUB:
    return 1;
  case WMM_ALU_XOR:
    return 2;
  case WMM_ALU_AND:
    return 3;
  case WMM_ALU_OR:
    return 4;
  default:
    return 0;
  }
}

/* What mark_silent knows of one location: kind 0 no access yet, 1 plain
 * stores of the constant val, 3 blind updates of class val, 2 anything
 * else; all with one width. */
typedef struct silent_seen {
  unsigned char kind;
  int width;
  wmm_val val;
} silent_seen;

/* Add an access of kind (1, 3 or 2), value and width to what s knows. */
static void silent_merge(silent_seen *s, unsigned char kind, wmm_val val, int width)
{
  if (s->kind == 0)
    *s = (silent_seen){kind, width, val};
  else if (s->kind != kind || s->val != val || s->width != width)
    s->kind = 2;
}

/* Mark in g->silent the shared locations that every access that may touch
 * them stores one constant value to, with one width (1), or updates
 * blindly with operations of one class and width (2) (aeg.h,
 * WMM_AEG_SILENT_STORES); after resolve_unit. */
static int mark_silent(wmm_aeg *g)
{
  const wmm_program *p = g->p;
  silent_seen *seen = xcalloc((size_t)p->nlocs + 1, sizeof *seen);
  /* per alias set (and -1: every location): 0 not met, -1 every location
     of it taken by an access of kind 2, k > 0 met by blind updates of
     class and width key k */
  long *alias_met = xcalloc((size_t)p->naliases + 1, sizeof *alias_met);
  /* the units some thread runs: the others' accesses never happen */
  unsigned char *runs = xcalloc((size_t)p->nthreads + 1, 1);
  g->silent = xcalloc((size_t)p->nlocs + 1, 1);
  if (!seen || !alias_met || !runs || !g->silent) {
    free(seen), free(alias_met), free(runs);
    return -1;
  }
  for (int u = 0; u < p->nthreads; u++)
    if (p->threads[u].entry && !runs[u] && thread_units(g, u, runs)) {
      free(seen), free(alias_met), free(runs);
      return -1;
    }
  for (int u = 0; u < p->nthreads; u++) {
    const wmm_thread *t = &p->threads[u];
    if (!runs[u])
      continue;
    for (int i = 0; i < t->ncode; i++) {
      const wmm_instr *in = &t->code[i];
      if (!wmm_instr_is_access(in))
        continue;
      int cls = blind_class(in);
      unsigned char kind = plain_const_store(in) ? 1 : cls ? 3 : 2;
      wmm_val val = kind == 1 ? in->a.imm : (wmm_val)cls;
      int loc = g->node_loc[g->unit_base[u] + i];
      if (loc >= 0) {
        silent_merge(&seen[loc], kind, val, in->width);
        continue;
      }
      /* (an unknown address: a plain store there makes no location
         silent; blind updates keep those of its alias set candidates) */
      if (kind == 1)
        kind = 2;
      int alias = in->addr.alias >= 0 && in->addr.alias < p->naliases
                  ? in->addr.alias : -1;
      long key = kind == 2 ? -1 : (long)cls * 4096 + in->width + 1;
      long *met = &alias_met[alias + 1];
      if (*met == -1 || *met == key)
        continue;
      *met = key;
      if (alias < 0)
        for (int l = 0; l < p->nlocs; l++)
          silent_merge(&seen[l], kind, val, in->width);
      else
        for (int k = 0; k < p->aliases[alias].n; k++)
          silent_merge(&seen[p->aliases[alias].locs[k]], kind, val, in->width);
    }
  }
  for (int l = 0; l < p->nlocs; l++)
    if ((seen[l].kind == 1 || seen[l].kind == 3) && !p->locs[l].is_private) {
      g->silent[l] = seen[l].kind == 1 ? 1 : 2;
      g->nsilent++;
    }
  free(seen), free(alias_met), free(runs);
  return 0;
}

/* Is location l left out of the graph (private, or silent)? */
static int loc_left_out(const wmm_aeg *g, int l)
{
  return g->p->locs[l].is_private || (g->silent && g->silent[l]);
}

static int build_accesses(wmm_aeg *g, unsigned flags)
{
  const wmm_program *p = g->p;
  g->node_acc = xcalloc((size_t)g->nnodes, sizeof *g->node_acc);
  g->node_loc = xcalloc((size_t)g->nnodes, sizeof *g->node_loc);
  g->shared = xcalloc((size_t)p->nlocs, sizeof *g->shared);
  if (!g->node_acc || !g->node_loc || !g->shared)
    return -1;
  int nacc = 0;
  for (int n = 0; n < g->nnodes; n++) {
    g->node_acc[n] = -1;
    g->node_loc[n] = -3;
  }
  for (int u = 0; u < p->nthreads; u++) {
    if (resolve_unit(g, u))
      return -1;
    for (int i = 0; i < p->threads[u].ncode; i++)
      if (wmm_instr_is_access(&p->threads[u].code[i]))
        nacc++;
  }
  if ((flags & WMM_AEG_SILENT_STORES) && mark_silent(g))
    return -1;
  for (int l = 0; l < p->nlocs; l++)
    if (!loc_left_out(g, l))
      g->shared[g->nshared++] = l;
  g->acc = xcalloc((size_t)nacc, sizeof *g->acc);
  if (!g->acc)
    return -1;
  for (int u = 0; u < p->nthreads; u++) {
    const wmm_thread *t = &p->threads[u];
    for (int i = 0; i < t->ncode; i++) {
      const wmm_instr *in = &t->code[i];
      if (!wmm_instr_is_access(in))
        continue;
      int node = g->unit_base[u] + i;
      int loc = g->node_loc[node];
      if (loc >= 0 && loc_left_out(g, loc)) {
        g->node_loc[node] = -2;
        continue;
      }
      wmm_aeg_acc *a = &g->acc[g->nacc];
      a->node = node;
      a->unit = u;
      a->index = i;
      a->loc = loc;
      a->alias = loc < 0 && in->addr.alias >= 0 && in->addr.alias < p->naliases
                 ? in->addr.alias : -1;
      a->reads = wmm_instr_reads(in);
      a->writes = wmm_instr_writes(in);
      a->type = (unsigned)in->op | (in->flags & WMM_AEG_TYPE_FLAGS) << 8;
      g->node_acc[node] = g->nacc++;
    }
  }
  return 0;
}

/* Mark the units reachable from unit u by calls. */
static int thread_units(const wmm_aeg *g, int u, unsigned char *mark)
{
  const wmm_program *p = g->p;
  int *stack = xcalloc((size_t)p->nthreads, sizeof *stack), sp = 0;
  if (!stack)
    return -1;
  mark[u] = 1;
  stack[sp++] = u;
  while (sp) {
    int v = stack[--sp];
    const wmm_thread *t = &p->threads[v];
    for (int i = 0; i < t->ncode; i++) {
      int w = wmm_aeg_callee(g, &t->code[i]);
      if (w >= 0 && !mark[w]) {
        mark[w] = 1;
        stack[sp++] = w;
      }
    }
  }
  free(stack);
  return 0;
}

typedef struct triple {
  int loc;
  unsigned type;
  int acc;
} triple;

static int cmp_triple(const void *a, const void *b)
{
  const triple *x = a, *y = b;
  if (x->loc != y->loc)
    return x->loc < y->loc ? -1 : 1;
  if (x->type != y->type)
    return x->type < y->type ? -1 : 1;
  return (x->acc > y->acc) - (x->acc < y->acc);
}

static int cmp_unsigned(const void *a, const void *b)
{
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

/* Sort tr[0..n) (made in ascending acc order) by (loc, type, acc) with a
 * stable counting sort over (location, type); -1 when the keys are too
 * many or memory runs out (then qsort does it). */
static int sort_triples(const wmm_aeg *g, triple *tr, size_t n)
{
  if (n < 2)
    return 0;
  unsigned types[64];
  int ntypes = 0;
  for (size_t i = 0; i < n; i++) {
    int k = 0;
    while (k < ntypes && types[k] != tr[i].type)
      k++;
    if (k == ntypes) {
      if (ntypes == 64)
        return -1;
      types[ntypes++] = tr[i].type;
    }
  }
  qsort(types, (size_t)ntypes, sizeof *types, cmp_unsigned);
  size_t nkeys = ((size_t)g->p->nlocs + 1) * (size_t)ntypes;
  if (nkeys > ((size_t)1 << 22))
    return -1;
  size_t *start = calloc(nkeys + 1, sizeof *start);
  int *key = malloc(n * sizeof *key);
  triple *out = malloc(n * sizeof *out);
  if (!start || !key || !out) {
    free(start), free(key), free(out);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    int lo = 0, hi = ntypes - 1;
    while (types[lo + (hi - lo) / 2] != tr[i].type) {
      int mid = lo + (hi - lo) / 2;
      if (types[mid] < tr[i].type)
        lo = mid + 1;
      else
        hi = mid - 1;
    }
    key[i] = tr[i].loc * ntypes + lo + (hi - lo) / 2;
    start[key[i] + 1]++;
  }
  for (size_t k = 0; k < nkeys; k++)
    start[k + 1] += start[k];
  for (size_t i = 0; i < n; i++)
    out[start[key[i]]++] = tr[i];
  memcpy(tr, out, n * sizeof *tr);
  free(start), free(key), free(out);
  return 0;
}

/* How many shared locations access a may touch. */
static size_t touched_count(const wmm_aeg *g, int a)
{
  const wmm_aeg_acc *ac = &g->acc[a];
  if (ac->loc >= 0)
    return 1;
  if (ac->alias < 0)
    return (size_t)g->nshared;
  size_t n = 0;
  for (int s = 0; s < g->nshared; s++)
    n += (size_t)wmm_alias_contains(g->p, ac->alias, g->shared[s]);
  return n;
}

/* Create the classes of virtual thread t (events of its units); an access
 * to an unknown address is an event of every shared location it may
 * touch. */
static int build_classes(wmm_aeg *g, int t)
{
  wmm_aeg_thread *th = &g->threads[t];
  size_t ntr = 0;
  for (int a = 0; a < g->nacc; a++)
    if (th->units[g->acc[a].unit])
      ntr += touched_count(g, a);
  triple *tr = xcalloc(ntr, sizeof *tr);
  if (!tr)
    return -1;
  size_t k = 0;
  for (int a = 0; a < g->nacc; a++) {
    if (!th->units[g->acc[a].unit])
      continue;
    if (g->acc[a].loc >= 0)
      tr[k++] = (triple){g->acc[a].loc, g->acc[a].type, a};
    else
      for (int s = 0; s < g->nshared; s++)
        if (wmm_aeg_acc_touches(g, a, g->shared[s]))
          tr[k++] = (triple){g->shared[s], g->acc[a].type, a};
  }
  if (sort_triples(g, tr, ntr))
    qsort(tr, ntr, sizeof *tr, cmp_triple);
  int ncls = 0;
  for (size_t i = 0; i < ntr; i++)
    if (i == 0 || tr[i].loc != tr[i - 1].loc || tr[i].type != tr[i - 1].type)
      ncls++;
  wmm_aeg_class *nc = realloc(g->cls, (size_t)(g->ncls + ncls + 1) * sizeof *nc);
  th->cls = xcalloc((size_t)ncls, sizeof *th->cls);
  if (!nc || !th->cls) {
    if (nc)
      g->cls = nc;
    free(tr);
    return -1;
  }
  g->cls = nc;
  th->ncls = 0;
  for (size_t i = 0; i < ntr;) {
    size_t j = i;
    while (j < ntr && tr[j].loc == tr[i].loc && tr[j].type == tr[i].type)
      j++;
    wmm_aeg_class *c = &g->cls[g->ncls];
    memset(c, 0, sizeof *c);
    c->thread = t;
    c->local = th->ncls;
    c->loc = tr[i].loc;
    c->type = tr[i].type;
    c->reads = g->acc[tr[i].acc].reads;
    c->writes = g->acc[tr[i].acc].writes;
    c->acc = xcalloc(j - i, sizeof *c->acc);
    if (!c->acc) {
      free(tr);
      return -1;
    }
    for (size_t m = i; m < j; m++)
      c->acc[c->nacc++] = tr[m].acc;
    th->cls[th->ncls++] = g->ncls++;
    i = j;
  }
  free(tr);
  return 0;
}

/* Give virtual thread t the classes of thread f, another instance of the
 * same unit (the same events, in the same order). */
static int copy_classes(wmm_aeg *g, int t, int f)
{
  wmm_aeg_thread *th = &g->threads[t];
  const wmm_aeg_thread *src = &g->threads[f];
  wmm_aeg_class *nc = realloc(g->cls, (size_t)(g->ncls + src->ncls + 1) * sizeof *nc);
  if (!nc)
    return -1;
  g->cls = nc;
  th->cls = xcalloc((size_t)src->ncls, sizeof *th->cls);
  if (!th->cls)
    return -1;
  th->ncls = 0;
  for (int k = 0; k < src->ncls; k++) {
    const wmm_aeg_class *o = &g->cls[src->cls[k]];
    wmm_aeg_class *c = &g->cls[g->ncls];
    *c = *o;
    c->thread = t;
    c->acc = xcalloc((size_t)o->nacc, sizeof *c->acc);
    if (!c->acc) {
      c->nacc = 0;
      return -1;
    }
    memcpy(c->acc, o->acc, (size_t)o->nacc * sizeof *c->acc);
    th->cls[th->ncls++] = g->ncls++;
  }
  return 0;
}

/* ------------------------------------------------- po between classes */

/* Tarjan's SCC algorithm over thread t's nodes, iteratively; scc_of[node]
 * gets the SCC index (in emission order: successors first). */
static int thread_sccs(const wmm_aeg *g, int t, const wmm_callpaths *cp,
                       int *scc_of, int *nscc_out, unsigned char *cyclic)
{
  int n = g->nnodes;
  int *idx = xcalloc((size_t)n, sizeof *idx), *low = xcalloc((size_t)n, sizeof *low);
  int *stk = xcalloc((size_t)n, sizeof *stk), *call = xcalloc((size_t)n, sizeof *call);
  int *edge = xcalloc((size_t)n, sizeof *edge);
  unsigned char *on = xcalloc((size_t)n, 1);
  if (!idx || !low || !stk || !call || !edge || !on) {
    free(idx), free(low), free(stk), free(call), free(edge), free(on);
    return -1;
  }
  for (int v = 0; v < n; v++)
    scc_of[v] = -1;
  int counter = 0, sp = 0, nscc = 0;
  for (int root = 0; root < n; root++) {
    if (!wmm_aeg_in_thread(g, t, root) || idx[root])
      continue;
    int csp = 0;
    call[csp++] = root;
    idx[root] = low[root] = ++counter;
    edge[root] = cp->off[root];
    stk[sp++] = root;
    on[root] = 1;
    while (csp) {
      int v = call[csp - 1];
      if (edge[v] < cp->off[v + 1]) {
        int w = cp->succ[edge[v]++];
        if (!wmm_aeg_in_thread(g, t, w))
          continue;
        if (!idx[w]) {
          idx[w] = low[w] = ++counter;
          edge[w] = cp->off[w];
          stk[sp++] = w;
          on[w] = 1;
          call[csp++] = w;
        } else if (on[w] && idx[w] < low[v]) {
          low[v] = idx[w];
        }
        continue;
      }
      csp--;
      if (csp && low[v] < low[call[csp - 1]])
        low[call[csp - 1]] = low[v];
      if (low[v] == idx[v]) {
        int size = 0, w;
        do {
          w = stk[--sp];
          on[w] = 0;
          scc_of[w] = nscc;
          size++;
        } while (w != v);
        cyclic[nscc] = size > 1;
        if (size == 1)
          for (int k = cp->off[v]; k < cp->off[v + 1]; k++)
            if (cp->succ[k] == v)
              cyclic[nscc] = 1;
        nscc++;
      }
    }
  }
  *nscc_out = nscc;
  free(idx), free(low), free(stk), free(call), free(edge), free(on);
  return 0;
}

/* Compute th->po: class b is po-after class a when a path of the matched
 * calls and returns (callpaths.h) leads from an event of a to one of b, or
 * from an event of a to the end of its unit, and from there to a return
 * site of that unit in the thread (its caller is not known) and on from
 * there the same way. */
static int build_po(wmm_aeg *g, int t, const wmm_callpaths *cp)
{
  wmm_aeg_thread *th = &g->threads[t];
  int n = g->nnodes, words = (th->ncls + 63) / 64, nu = g->p->nthreads;
  th->words = words ? words : 1;
  words = th->words;
  th->po = xcalloc((size_t)th->ncls * (size_t)words, sizeof *th->po);
  int *scc_of = xcalloc((size_t)n, sizeof *scc_of);
  unsigned char *cyclic = xcalloc((size_t)n, 1);
  if (!th->po || !scc_of || !cyclic) {
    free(scc_of), free(cyclic);
    return -1;
  }
  int nscc = 0;
  if (thread_sccs(g, t, cp, scc_of, &nscc, cyclic)) {
    free(scc_of), free(cyclic);
    return -1;
  }
  /* Members of each SCC, and the local classes at each node. */
  int *mem_off = xcalloc((size_t)nscc + 1, sizeof *mem_off);
  int *mem = xcalloc((size_t)n, sizeof *mem);
  uint64_t *cls_at = xcalloc((size_t)nscc * (size_t)words, sizeof *cls_at);
  uint64_t *after = xcalloc((size_t)nscc * (size_t)words, sizeof *after);
  uint64_t *up = xcalloc((size_t)nu * (size_t)words, sizeof *up);
  if (!mem_off || !mem || !cls_at || !after || !up) {
    free(scc_of), free(cyclic), free(mem_off), free(mem), free(cls_at), free(after), free(up);
    return -1;
  }
  for (int v = 0; v < n; v++)
    if (scc_of[v] >= 0)
      mem_off[scc_of[v] + 1]++;
  for (int s = 0; s < nscc; s++)
    mem_off[s + 1] += mem_off[s];
  {
    int *fill = xcalloc((size_t)nscc + 1, sizeof *fill);
    if (!fill) {
      free(scc_of), free(cyclic), free(mem_off), free(mem), free(cls_at), free(after), free(up);
      return -1;
    }
    for (int v = 0; v < n; v++)
      if (scc_of[v] >= 0)
        mem[mem_off[scc_of[v]] + fill[scc_of[v]]++] = v;
    free(fill);
  }
  for (int c = 0; c < th->ncls; c++) {
    const wmm_aeg_class *cl = &g->cls[th->cls[c]];
    for (int k = 0; k < cl->nacc; k++) {
      int s = scc_of[g->acc[cl->acc[k]].node];
      cls_at[(size_t)s * words + c / 64] |= 1ull << (c % 64);
    }
  }
  /* SCCs come out successors first: after(S) = U over successor SCCs S'
   * of cls(S') | after(S'), plus cls(S) itself when S is cyclic. */
  for (int s = 0; s < nscc; s++) {
    uint64_t *as = &after[(size_t)s * words];
    for (int m = mem_off[s]; m < mem_off[s + 1]; m++) {
      int v = mem[m];
      for (int k = cp->off[v]; k < cp->off[v + 1]; k++) {
        int w = cp->succ[k];
        if (!wmm_aeg_in_thread(g, t, w) || scc_of[w] == s)
          continue;
        const uint64_t *aw = &after[(size_t)scc_of[w] * words];
        const uint64_t *cw = &cls_at[(size_t)scc_of[w] * words];
        for (int i = 0; i < words; i++)
          as[i] |= aw[i] | cw[i];
      }
    }
    if (cyclic[s])
      for (int i = 0; i < words; i++)
        as[i] |= cls_at[(size_t)s * words + i];
  }
  /* up(u): what follows a return from unit u to any of its call sites in
   * the thread: the return site's classes and what follows it, and up of
   * the caller's unit when the return site reaches the caller's end
   * (a fixed point: recursion). */
  for (int changed = 1; changed;) {
    changed = 0;
    for (int v = 0; v < n; v++) {
      if (!wmm_aeg_in_thread(g, t, v) || scc_of[v] < 0)
        continue;
      int u = g->node_unit[v], i = v - g->unit_base[u];
      const wmm_thread *ut = &g->p->threads[u];
      if (i >= ut->ncode)
        continue;
      int c = wmm_aeg_callee(g, &ut->code[i]);
      if (c < 0 || scc_of[v + 1] < 0)
        continue;
      int r = scc_of[v + 1];
      uint64_t *uc = &up[(size_t)c * words];
      const uint64_t *uu = &up[(size_t)u * words];
      for (int k = 0; k < words; k++) {
        uint64_t add = cls_at[(size_t)r * words + k] | after[(size_t)r * words + k];
        if (cp->to_exit[v + 1])
          add |= uu[k];
        if (add & ~uc[k]) {
          uc[k] |= add;
          changed = 1;
        }
      }
    }
  }
  for (int c = 0; c < th->ncls; c++) {
    const wmm_aeg_class *cl = &g->cls[th->cls[c]];
    uint64_t *row = &th->po[(size_t)c * words];
    for (int k = 0; k < cl->nacc; k++) {
      int node = g->acc[cl->acc[k]].node;
      const uint64_t *a = &after[(size_t)scc_of[node] * words];
      const uint64_t *ua = &up[(size_t)g->node_unit[node] * words];
      for (int i = 0; i < words; i++)
        row[i] |= a[i] | (cp->to_exit[node] ? ua[i] : 0);
    }
  }
  free(scc_of), free(cyclic), free(mem_off), free(mem), free(cls_at), free(after), free(up);
  return 0;
}

/* ------------------------------------------------------------- driver */

int wmm_aeg_instances(const wmm_thread *t)
{
  return t->instances > 1 ? WMM_AEG_MAX_INSTANCES : 1;
}

int wmm_aeg_build(const wmm_program *p, wmm_aeg **out, wmm_error *err)
{
  return wmm_aeg_build_ex(p, 0, out, err);
}

int wmm_aeg_build_ex(const wmm_program *p, unsigned flags, wmm_aeg **out,
                     wmm_error *err)
{
  *out = NULL;
  wmm_callpaths cp = {0};
  wmm_aeg *g = calloc(1, sizeof *g);
  if (!g)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (event graph)");
  g->p = p;
  if (mark_inert(g) || build_cfg(g) || build_accesses(g, flags))
    goto nomem;
  if (wmm_callpaths_build(g, &cp))
    goto nomem;
  int nvt = 0;
  for (int u = 0; u < p->nthreads; u++)
    if (p->threads[u].entry)
      nvt += wmm_aeg_instances(&p->threads[u]);
  g->threads = xcalloc((size_t)nvt, sizeof *g->threads);
  if (!g->threads)
    goto nomem;
  for (int u = 0; u < p->nthreads; u++) {
    if (!p->threads[u].entry)
      continue;
    int ninst = wmm_aeg_instances(&p->threads[u]);
    int first = g->nthreads;
    for (int inst = 0; inst < ninst; inst++) {
      wmm_aeg_thread *th = &g->threads[g->nthreads++];
      th->unit = u;
      th->instance = inst;
      th->units = xcalloc((size_t)p->nthreads, 1);
      if (!th->units || thread_units(g, u, th->units))
        goto nomem;
      if (inst == 0 ? build_classes(g, g->nthreads - 1)
                    : copy_classes(g, g->nthreads - 1, first))
        goto nomem;
      if (inst == 0) {
        if (build_po(g, g->nthreads - 1, &cp))
          goto nomem;
      } else {
        /* Further instances have the same classes, in the same order. */
        const wmm_aeg_thread *f = &g->threads[first];
        th->words = f->words;
        th->po = xcalloc((size_t)th->ncls * (size_t)th->words, sizeof *th->po);
        if (!th->po)
          goto nomem;
        memcpy(th->po, f->po, (size_t)th->ncls * (size_t)th->words * sizeof *th->po);
      }
    }
  }
  /* classes per location (CSR); classes are created thread by thread */
  g->loc_off = xcalloc((size_t)p->nlocs + 1, sizeof *g->loc_off);
  g->loc_cls = xcalloc((size_t)g->ncls, sizeof *g->loc_cls);
  if (!g->loc_off || !g->loc_cls)
    goto nomem;
  for (int c = 0; c < g->ncls; c++)
    g->loc_off[g->cls[c].loc + 1]++;
  for (int l = 0; l < p->nlocs; l++)
    g->loc_off[l + 1] += g->loc_off[l];
  int *fill = xcalloc((size_t)p->nlocs + 1, sizeof *fill);
  if (!fill)
    goto nomem;
  for (int c = 0; c < g->ncls; c++) {
    int l = g->cls[c].loc;
    g->loc_cls[g->loc_off[l] + fill[l]++] = c;
  }
  free(fill);
  wmm_callpaths_free(&cp);
  *out = g;
  return 0;
nomem:
  wmm_callpaths_free(&cp);
  wmm_aeg_free(g);
  return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (event graph)");
}

void wmm_aeg_free(wmm_aeg *g)
{
  if (!g)
    return;
  for (int t = 0; t < g->nthreads; t++) {
    free(g->threads[t].units);
    free(g->threads[t].cls);
    free(g->threads[t].po);
  }
  for (int c = 0; c < g->ncls; c++)
    free(g->cls[c].acc);
  free(g->threads);
  free(g->cls);
  free(g->acc);
  free(g->node_acc);
  free(g->node_loc);
  free(g->shared);
  free(g->silent);
  free(g->inert);
  free(g->unit_base);
  free(g->node_unit);
  free(g->loc_off), free(g->loc_cls);
  free(g->succ_off);
  free(g->succ);
  free(g->pred_off);
  free(g->pred);
  free(g);
}

int wmm_aeg_access_loc(const wmm_aeg *g, int unit, int index)
{
  if (unit < 0 || unit >= g->p->nthreads || index < 0 ||
      index >= g->p->threads[unit].ncode)
    return -1;
  int l = g->node_loc[g->unit_base[unit] + index];
  return l >= 0 ? l : -1;
}
