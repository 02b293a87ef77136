/* pairs.c — from event classes to concrete pairs and positions
 * (internal.h): the status of a group of po pairs (fences on every
 * path, dependencies from register data flow), its immediate pairs for a
 * required fence kind, and the positions on every path of a pair.
 *
 * Example: in PPC `lwz r1,0(r2); xor r3,r1,r1; lwzx r4,r3,r5` the pair of
 * the two loads has an addr dependency; with no fence between them, the
 * pair's positions are "before xor" and "before lwzx".
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "models/exec.h"
#include "requirement.h"

#define MAX_CHAIN 24        /* positions taken from each end of a pair */
#define MAX_CUT 48          /* nodes between a pair's ends searched for cuts */
#define MAX_DEP_PAIRS 16    /* groups bigger than this get no dep credit */
#define MAX_DEP_UNIT 4096   /* units bigger than this get no dep credit */

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

static const wmm_instr *node_instr(const place_ctx *c, int node)
{
  return wmm_aeg_instr(c->g, node);
}

/* Is (a, b) the read and the write of one unknown call's stand-in
 * (WMM_ACC_CALLEE: the callee's own order, no pair to fence)? */
static int callee_pair(const place_ctx *c, int a, int b)
{
  const wmm_aeg *g = c->g;
  const wmm_instr *in = node_instr(c, b), *ra = node_instr(c, a);
  return in && ra && (in->flags & WMM_ACC_CALLEE) && ra->op == WMM_OP_LOAD &&
         g->node_unit[a] == g->node_unit[b] && b == a + 1 &&
         ra->pos.line == in->pos.line && ra->pos.col == in->pos.col;
}

/* Is in an atomic read-modify-write that the target orders as a full
 * fence (tso: x86 locks it)? */
static int locked_rmw(const place_ctx *c, const wmm_instr *in)
{
  return in && c->m == WMM_MODEL_TSO && in->op == WMM_OP_RMW &&
         (in->flags & WMM_ACC_ATOMIC);
}

double place_weight(const place_ctx *c, int node)
{
  if (!c->o->use_freq)
    return 1.0;
  int u = c->g->node_unit[node], i = wmm_aeg_node_index(c->g, node);
  const wmm_thread *t = &c->p->threads[u];
  double f = 1.0;
  if (i < t->ncode)
    f = t->code[i].freq;
  else if (t->ncode > 0)
    f = t->code[t->ncode - 1].freq;
  return f > 1e-9 ? f : 1e-9;
}

static int blocks_in_mode(const place_ctx *c, int node, wmm_fence need,
                          int ref_mode);

int place_ctx_init(place_ctx *c, const wmm_program *p, const wmm_place_opts *o,
                   const wmm_aeg *g, wmm_error *err)
{
  memset(c, 0, sizeof *c);
  c->p = p;
  c->o = o;
  c->m = o->model;
  c->g = g;
  c->err = err;
  c->nkinds = wmm_place_kinds(o->model, p->arch, c->kinds);
  /* the kind that covers every other (the last one, if none does) */
  c->top = c->nkinds ? c->kinds[c->nkinds - 1] : WMM_FENCE_NONE;
  for (int i = 0; i < c->nkinds; i++) {
    int all = 1;
    for (int j = 0; j < c->nkinds; j++)
      all &= wmm_fence_covers(c->m, c->kinds[i], c->kinds[j]);
    if (all)
      c->top = c->kinds[i];
  }
  c->thread_fences = xcalloc((size_t)g->nthreads, sizeof *c->thread_fences);
  c->stamp = xcalloc((size_t)g->nnodes, sizeof *c->stamp);
  c->queue = xcalloc((size_t)g->nnodes, sizeof *c->queue);
  c->cut_mark = xcalloc((size_t)g->nnodes + 1, sizeof *c->cut_mark);
  c->cut_seen = xcalloc((size_t)g->nnodes + 1, sizeof *c->cut_seen);
  c->cut_queue = xcalloc((size_t)g->nnodes + 1, sizeof *c->cut_queue);
  c->cut_queue2 = xcalloc((size_t)g->nnodes + 1, sizeof *c->cut_queue2);
  c->chain_mark = xcalloc((size_t)g->nnodes + 1, sizeof *c->chain_mark);
  c->unit_free = malloc((size_t)p->nthreads + 1);
  if (c->unit_free)
    wmm_aeg_quiet_units(p, 0, c->unit_free);
  if (!c->cut_mark || !c->cut_seen || !c->cut_queue || !c->cut_queue2 ||
      !c->chain_mark || !c->unit_free)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
  if (!c->thread_fences || !c->stamp || !c->queue)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
  c->block_mask = xcalloc(2 * (size_t)g->nnodes + 1, sizeof *c->block_mask);
  if (!c->block_mask)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
  for (int n = 0; n < g->nnodes; n++) {
    const wmm_instr *in = node_instr(c, n);
    if (in && (in->op == WMM_OP_FENCE || locked_rmw(c, in)))
      for (int k = 0; k < WMM_FENCE_COUNT; k++)
        for (int mode = 0; mode < 2; mode++)
          if (blocks_in_mode(c, n, (wmm_fence)k, mode))
            c->block_mask[2 * (size_t)n + mode] |= 1u << k;
  }
  for (int n = 0; n < g->nnodes; n++) {
    const wmm_instr *in = node_instr(c, n);
    wmm_fence kind = locked_rmw(c, in) ? WMM_FENCE_MFENCE
                     : in && in->op == WMM_OP_FENCE ? in->fence : WMM_FENCE_NONE;
    if (kind <= WMM_FENCE_NONE || kind >= WMM_FENCE_COUNT)
      continue;
    for (int t = 0; t < g->nthreads; t++)
      if (wmm_aeg_in_thread(g, t, n))
        c->thread_fences[t] |= 1u << kind;
  }
  return 0;
}

void place_ctx_free(place_ctx *c)
{
  free(c->groups);
  free(c->group_tab);
  for (int i = 0; i < c->nterms; i++)
    free(c->terms[i].prerows);
  free(c->terms);
  for (int i = 0; i < c->nprerows; i++)
    free(c->prerows[i].pos);
  free(c->prerows);
  free(c->prerow_tab);
  free(c->thread_fences);
  free(c->stamp);
  free(c->stamp_ref);
  free(c->queue);
  free(c->cut_mark);
  free(c->cut_seen);
  free(c->cut_queue);
  free(c->cut_queue2);
  free(c->block_mask);
  free(c->chain_mark);
  free(c->sync);
  free(c->unit_free);
  free(c->unit_once);
  memset(c, 0, sizeof *c);
}

/* Is node an event of class cls? */
static int in_class(const wmm_aeg *g, int cls, int node)
{
  int a = g->node_acc[node];
  if (a < 0)
    return 0;
  const wmm_aeg_class *cl = &g->cls[cls];
  return g->acc[a].type == cl->type && wmm_aeg_acc_touches(g, a, cl->loc);
}

static int next_stamp(place_ctx *c)
{
  if (++c->stamp_gen == 0x7fffffff) {
    memset(c->stamp, 0, (size_t)c->g->nnodes * sizeof *c->stamp);
    if (c->stamp_ref)
      memset(c->stamp_ref, 0, (size_t)c->g->nnodes * sizeof *c->stamp_ref);
    c->stamp_gen = 1;
  }
  return c->stamp_gen;
}

/* Queue the successors of node inside thread t not yet stamped st. */
static void queue_succ(place_ctx *c, int t, int node, int st, int *tail)
{
  const wmm_aeg *g = c->g;
  for (int j = g->succ_off[node]; j < g->succ_off[node + 1]; j++) {
    int s = g->succ[j];
    if (wmm_aeg_in_thread(g, t, s) && c->stamp[s] != st) {
      c->stamp[s] = st;
      c->queue[(*tail)++] = s;
    }
  }
}

/* Does a fence at node block (cover) kind need, with ref_mode as given?
 * Under tso a locked read-modify-write (an atomic builtin: x86's
 * lock-prefixed instructions and xchg) is a full fence (x86-TSO's implied
 * order through it). */
static int blocks_in_mode(const place_ctx *c, int node, wmm_fence need,
                          int ref_mode)
{
  const wmm_instr *in = node_instr(c, node);
  if (locked_rmw(c, in))
    return wmm_fence_covers(c->m, WMM_FENCE_MFENCE, need);
  return in && in->op == WMM_OP_FENCE && wmm_fence_covers(c->m, in->fence, need) &&
         !(ref_mode && (in->flags & WMM_ACC_ORDER_FENCE));
}

_Static_assert(WMM_FENCE_COUNT <= 32, "block_mask holds a bit per fence kind");

/* blocks_in_mode in the context's ref_mode, from the table made once
 * (the searches ask it for every node they visit). */
static int blocks(const place_ctx *c, int node, wmm_fence need)
{
  if (c->block_mask && need >= 0 && need < WMM_FENCE_COUNT)
    return (c->block_mask[2 * (size_t)node + (c->ref_mode != 0)] >> need) & 1;
  return blocks_in_mode(c, node, need, c->ref_mode);
}

/* Is some event of class b reachable from an event of class a (thread t)
 * on a path avoiding fences that cover `need`? */
static int reach_avoiding(place_ctx *c, int t, int a, int b, wmm_fence need)
{
  const wmm_aeg *g = c->g;
  int st = next_stamp(c), head = 0, tail = 0;
  const wmm_aeg_class *ca = &g->cls[a];
  for (int k = 0; k < ca->nacc; k++) {
    int node = g->acc[ca->acc[k]].node;
    queue_succ(c, t, node, st, &tail);
  }
  while (head < tail) {
    int n = c->queue[head++];
    if (in_class(g, b, n))
      return 1;
    if (blocks(c, n, need))
      continue;
    queue_succ(c, t, n, st, &tail);
  }
  return 0;
}

/* May reference model `from` take the instruction at node for a full
 * fence (placement.h, place_group_ref_full)? */
static int ref_full_at(const place_ctx *c, int node, wmm_model from)
{
  const wmm_instr *in = node_instr(c, node);
  if (!in)
    return 0;
  /* Under tso a fence the target's mapping of an acquire or release
   * order adds, and an acquire or release access itself, are none: x86
   * compiles those orders as plain moves, which tso orders enough; seq_cst
   * and read-modify-writes are full.  (pso and rmo need membars for them:
   * taken for full fences, which over-orders the reference.) */
  int tso = from == WMM_MODEL_TSO;
  switch (in->op) {
  case WMM_OP_FENCE:
    return wmm_fence_class(from, in->fence) == WMM_FC_FULL &&
           !(tso && (in->flags & WMM_ACC_ORDER_FENCE));
  case WMM_OP_RMW:
  case WMM_OP_LOAD_EX:
  case WMM_OP_STORE_EX:
    return 1;
  case WMM_OP_CALL:
    return in->target < 0;
  default:
    return wmm_instr_is_access(in) &&
           (in->flags & (WMM_ACC_ATOMIC | WMM_ACC_SEQCST |
                         (tso ? 0 : WMM_ACC_ACQUIRE | WMM_ACC_RELEASE))) != 0;
  }
}

uint32_t place_group_ref_fences(place_ctx *c, int group, wmm_model from)
{
  place_group *q = &c->groups[group];
  if (from != WMM_MODEL_TSO)
    return q->fences;
  if (q->ref_fences_done)
    return q->ref_fences;
  c->ref_mode = 1;
  for (int f = 1; f < WMM_FENCE_COUNT; f++)
    if (((q->fences >> f) & 1u) && !reach_avoiding(c, q->thread, q->a, q->b, (wmm_fence)f))
      q->ref_fences |= 1u << f;
  c->ref_mode = 0;
  q->ref_fences_done = 1;
  return q->ref_fences;
}

/* A search over (node, passed) in group q's thread, from the events of
 * class A: layer 0 before any instruction reference model `from` may take
 * for a full fence (c->stamp), layer 1 after one (c->stamp_ref, negated in
 * the queue); a fence of the target covering `block` ends a path (none
 * does when block is WMM_FENCE_NONE).  Does a path reach an event of
 * class B in layer 1?  1 yes, 0 no, < 0 error.  The events it starts from
 * are passed over; reached again on a path, they count as any other. */
static int ref_full_path(place_ctx *c, const place_group *q, wmm_model from,
                         wmm_fence block)
{
  const wmm_aeg *g = c->g;
  int t = q->thread;
  if (!c->stamp_ref && !(c->stamp_ref = xcalloc((size_t)g->nnodes, sizeof *c->stamp_ref)))
    return -WMM_ERR_NOMEM;
  int st = next_stamp(c), head = 0, tail = 0, found = 0;
  int *queue = xcalloc((size_t)g->nnodes * 2 + 1, sizeof *queue);
  if (!queue)
    return -WMM_ERR_NOMEM;
  const wmm_aeg_class *ca = &g->cls[q->a];
  for (int k = 0; k < ca->nacc; k++) {
    int node = g->acc[ca->acc[k]].node;
    queue[tail++] = node + 1;
  }
  while (head < tail && !found) {
    int v = queue[head++], passed = v < 0, n = (v < 0 ? -v : v) - 1;
    int start = head <= ca->nacc;
    if (!start && passed && in_class(g, q->b, n)) {
      found = 1;
      break;
    }
    if (!start && block != WMM_FENCE_NONE && blocks(c, n, block))
      continue;
    if (!start && ref_full_at(c, n, from))
      passed = 1;
    for (int j = g->succ_off[n]; j < g->succ_off[n + 1]; j++) {
      int s = g->succ[j];
      if (!wmm_aeg_in_thread(g, t, s))
        continue;
      int *mark = passed ? &c->stamp_ref[s] : &c->stamp[s];
      if (*mark == st)
        continue;
      *mark = st;
      queue[tail++] = passed ? -(s + 1) : s + 1;
    }
  }
  free(queue);
  return found;
}

int place_group_ref_full(place_ctx *c, int group, wmm_model from)
{
  place_group *q = &c->groups[group];
  if (q->ref_full)
    return q->ref_full == 2;
  int found = ref_full_path(c, q, from, WMM_FENCE_NONE);
  if (found < 0)
    return found;
  q->ref_full = found ? 2 : 1;
  return found;
}

int place_group_ordered_fenced(place_ctx *c, int group, wmm_fence kind,
                               wmm_model from)
{
  place_group *q = &c->groups[group];
  if (kind <= WMM_FENCE_NONE || kind >= WMM_FENCE_COUNT)
    return 0;
  if ((q->ordered_known >> kind) & 1u)
    return (int)((q->ordered_fenced >> kind) & 1u);
  /* a path that meets one of the reference's full fences and then an
     event of B with no fence of the target covering kind on the way (a
     later B of the same path is another instance of the pair) */
  int open_path = ref_full_path(c, q, from, kind);
  if (open_path < 0)
    return open_path;
  q->ordered_known |= 1u << kind;
  if (!open_path)
    q->ordered_fenced |= 1u << kind;
  return !open_path;
}

/* ------------------------------------------------------- dependencies */

typedef struct depstate {
  int seen;
  int ctrl, ctrlisync, flagt;
  uint64_t *taint;
} depstate;

static int opnd_tainted(const depstate *s, const wmm_operand *o, int nregs)
{
  return o->kind == WMM_OPND_REG && o->reg >= 0 && o->reg < nregs &&
         ((s->taint[o->reg / 64] >> (o->reg % 64)) & 1);
}

static void set_taint(depstate *s, int r, int on, int nregs)
{
  if (r < 0 || r >= nregs)
    return;
  if (on)
    s->taint[r / 64] |= 1ull << (r % 64);
  else
    s->taint[r / 64] &= ~(1ull << (r % 64));
}

/* Is the jump from instruction i of unit u to instruction j an edge of
 * the event graph g?  Not a retry loop's marked jump back that the graph
 * leaves out (aeg.c retry_edges): the iterations it ends are no part of
 * the executions the placement reasons about, so no value of theirs
 * reaches later code. */
static int graph_edge(const wmm_aeg *g, int u, int i, int j)
{
  if (!g || !(g->p->threads[u].code[i].flags & WMM_ACC_RETRY))
    return 1;
  int from = g->unit_base[u] + i, to = g->unit_base[u] + j;
  for (int k = g->succ_off[from]; k < g->succ_off[from + 1]; k++)
    if (g->succ[k] == to)
      return 1;
  return 0;
}

/* Dependencies from access a (unit u, index ia) to every later access of
 * its unit, along the edges of event graph g (NULL: every edge):
 * deps_at[i] gets the WMM_DEP_* bits that hold on every path,
 * reached[i] whether i is reachable; *exit_deps the control bits (ctrl,
 * ctrl+isync) that hold on every way out of the unit after a (its end and
 * its calls), which order every access of other code that runs later as
 * much: an acquire load in a helper, `ld; cmp; beq; isync` before it
 * returns, orders the caller's later loads.  Returns 0, 1 (too big), < 0
 * error. */
static int dep_flow(const wmm_program *p, const wmm_aeg *g, int u, int ia,
                    unsigned *deps_at, unsigned char *reached,
                    unsigned *exit_deps)
{
  *exit_deps = 0;
  const wmm_thread *t = &p->threads[u];
  int n = t->ncode, nr = t->nregs, words = (nr + 63) / 64;
  if (n > MAX_DEP_UNIT)
    return 1;
  const wmm_instr *src = &t->code[ia];
  if (!wmm_instr_reads(src) || src->dst < 0 || src->dst >= nr)
    return 1;
  if (words == 0)
    words = 1;
  depstate *st = xcalloc((size_t)n + 1, sizeof *st);
  uint64_t *bits = xcalloc((size_t)(n + 1) * (size_t)words, sizeof *bits);
  uint64_t *cur = xcalloc((size_t)words, sizeof *cur);
  int *work = xcalloc((size_t)n + 1, sizeof *work);
  unsigned char *queued = xcalloc((size_t)n + 1, 1);
  if (!st || !bits || !cur || !work || !queued) {
    free(st), free(bits), free(cur), free(work), free(queued);
    return -WMM_ERR_NOMEM;
  }
  for (int i = 0; i <= n; i++)
    st[i].taint = &bits[(size_t)i * words];
  /* state after a: its destination register tainted */
  int head = 0, tail = 0;
  depstate out = {1, 0, 0, 0, cur};
  memset(cur, 0, (size_t)words * sizeof *cur);
  set_taint(&out, src->dst, 1, nr);
  int from = ia;
  /* Paths that reach a again: a later instance starts there, with new
     registers; what a branch on this instance established (ctrl; po,
     ctrl; isync; po) still holds.  The state at those edges (their meet)
     is applied to every node afterwards instead of flowing into a. */
  int again = 0, again_ctrl = 1, again_ctrlisync = 1;
  for (int iter = 0;; iter++) {
    /* propagate `out` (state after node `from`) to its successors */
    const wmm_instr *fi = &t->code[from];
    int succ[2], ns = 0;
    if (fi->op == WMM_OP_JUMP) {
      succ[ns++] = fi->target >= 0 && fi->target <= n ? fi->target : from + 1;
    } else {
      succ[ns++] = from + 1;
      if (fi->op == WMM_OP_BRANCH && fi->target >= 0 && fi->target <= n &&
          fi->target != from + 1)
        succ[ns++] = fi->target;
    }
    for (int k = 0; k < ns; k++) {
      if (!graph_edge(g, u, from, succ[k]))
        continue;
      if (succ[k] == ia) {
        again = 1;
        again_ctrl &= out.ctrl;
        again_ctrlisync &= out.ctrlisync;
        continue;
      }
      depstate *d = &st[succ[k]];
      int changed = 0;
      if (!d->seen) {
        d->seen = 1;
        d->ctrl = out.ctrl, d->ctrlisync = out.ctrlisync, d->flagt = out.flagt;
        memcpy(d->taint, out.taint, (size_t)words * sizeof *cur);
        changed = 1;
      } else {
        if (d->ctrl && !out.ctrl) d->ctrl = 0, changed = 1;
        if (d->ctrlisync && !out.ctrlisync) d->ctrlisync = 0, changed = 1;
        if (d->flagt && !out.flagt) d->flagt = 0, changed = 1;
        for (int w = 0; w < words; w++)
          if (d->taint[w] & ~out.taint[w]) {
            d->taint[w] &= out.taint[w];
            changed = 1;
          }
      }
      if (changed && !queued[succ[k]] && succ[k] < n) {
        queued[succ[k]] = 1;
        work[tail] = succ[k];
        tail = (tail + 1) % (n + 1);
      }
    }
    if (head == tail)
      break;
    from = work[head];
    head = (head + 1) % (n + 1);
    queued[from] = 0;
    /* out = transfer(st[from]) */
    depstate *s = &st[from];
    out.ctrl = s->ctrl, out.ctrlisync = s->ctrlisync, out.flagt = s->flagt;
    memcpy(cur, s->taint, (size_t)words * sizeof *cur);
    const wmm_instr *in = &t->code[from];
    if (in->op == WMM_OP_MOV) {
      set_taint(&out, in->dst, opnd_tainted(s, &in->a, nr), nr);
    } else if (in->op == WMM_OP_ALU) {
      set_taint(&out, in->dst,
                opnd_tainted(s, &in->a, nr) || opnd_tainted(s, &in->b, nr), nr);
    } else if (in->op == WMM_OP_LOAD || in->op == WMM_OP_LOAD_EX ||
               in->op == WMM_OP_RMW || in->op == WMM_OP_STORE_EX) {
      set_taint(&out, in->dst, 0, nr);
    } else if (in->op == WMM_OP_CMP) {
      out.flagt = opnd_tainted(s, &in->a, nr) || opnd_tainted(s, &in->b, nr);
    } else if (in->op == WMM_OP_BRANCH) {
      if (in->cond == WMM_COND_ZERO || in->cond == WMM_COND_NONZERO) {
        if (opnd_tainted(s, &in->a, nr))
          out.ctrl = 1;
      } else if (in->cond != WMM_COND_ALWAYS && in->cond != WMM_COND_ANY &&
                 s->flagt) {
        out.ctrl = 1;
      }
    } else if (in->op == WMM_OP_FENCE &&
               (in->fence == WMM_FENCE_ISYNC || in->fence == WMM_FENCE_ISB)) {
      if (out.ctrl)
        out.ctrlisync = 1;
    }
    (void)iter;
  }
  /* after a later instance of a: no register carries this one's value
     (a's own next instance: the state at the edges into it) */
  if (again) {
    st[ia].seen = 1;
    st[ia].ctrl = again_ctrl;
    st[ia].ctrlisync = again_ctrlisync;
    for (int i = 0; i <= n; i++) {
      st[i].ctrl &= again_ctrl;
      st[i].ctrlisync &= again_ctrlisync;
      memset(st[i].taint, 0, (size_t)words * sizeof *cur);
    }
  }
  unsigned out_bits = WMM_DEP_CTRL | WMM_DEP_CTRLISYNC;
  int exits = 0;
  for (int i = 0; i <= n; i++)
    if (st[i].seen && (i == n || t->code[i].op == WMM_OP_CALL)) {
      exits = 1;
      if (!st[i].ctrl) out_bits &= ~(unsigned)WMM_DEP_CTRL;
      if (!st[i].ctrlisync) out_bits &= ~(unsigned)WMM_DEP_CTRLISYNC;
    }
  *exit_deps = exits ? out_bits : 0;
  for (int i = 0; i < n; i++) {
    reached[i] = st[i].seen;
    deps_at[i] = 0;
    if (!st[i].seen)
      continue;
    const wmm_instr *in = &t->code[i];
    if (!wmm_instr_is_access(in))
      continue;
    unsigned d = 0;
    if (opnd_tainted(&st[i], &in->addr.base, nr) ||
        opnd_tainted(&st[i], &in->addr.index, nr))
      d |= WMM_DEP_ADDR;
    if (wmm_instr_writes(in) && opnd_tainted(&st[i], &in->a, nr))
      d |= WMM_DEP_DATA;
    if (st[i].ctrl)
      d |= WMM_DEP_CTRL;
    if (st[i].ctrlisync)
      d |= WMM_DEP_CTRLISYNC;
    /* a front end's asserted dependency on the previous load */
    if (in->flags & (WMM_ACC_DEP_ADDR | WMM_ACC_DEP_DATA | WMM_ACC_DEP_CTRL)) {
      int prev = -1;
      for (int j = i - 1; j >= 0 && prev < 0; j--)
        if (wmm_instr_reads(&t->code[j]))
          prev = j;
      if (prev == ia) {
        if (in->flags & WMM_ACC_DEP_ADDR) d |= WMM_DEP_ADDR;
        if (in->flags & WMM_ACC_DEP_DATA) d |= WMM_DEP_DATA;
        if (in->flags & WMM_ACC_DEP_CTRL) d |= WMM_DEP_CTRL;
      }
    }
    deps_at[i] = d;
  }
  free(st), free(bits), free(cur), free(work), free(queued);
  return 0;
}

/* Dependencies every concrete pair of classes (a, b) has. */
static int group_deps(place_ctx *c, int a, int b, unsigned *out)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_class *ca = &g->cls[a], *cb = &g->cls[b];
  *out = 0;
  if (!ca->reads || (long)ca->nacc * cb->nacc > MAX_DEP_PAIRS)
    return 0;
  unsigned all = ~0u;
  int any = 0;
  for (int i = 0; i < ca->nacc; i++) {
    const wmm_aeg_acc *aa = &g->acc[ca->acc[i]];
    const wmm_thread *t = &c->p->threads[aa->unit];
    unsigned *deps = xcalloc((size_t)t->ncode, sizeof *deps);
    unsigned char *reached = xcalloc((size_t)t->ncode, 1);
    if (!deps || !reached) {
      free(deps), free(reached);
      return -WMM_ERR_NOMEM;
    }
    unsigned exit_deps = 0;
    int rc = dep_flow(c->p, g, aa->unit, aa->index, deps, reached,
                      &exit_deps);
    for (int j = 0; j < cb->nacc; j++) {
      const wmm_aeg_acc *bb = &g->acc[cb->acc[j]];
      if (rc != 0 || bb->unit != aa->unit) {
        /* not analysed: no credit; other code: what every way out of
           a's unit carries */
        all &= rc == 0 ? exit_deps : 0;
        any = 1;
        continue;
      }
      if (!reached[bb->index])
        continue;
      any = 1;
      all &= deps[bb->index];
    }
    free(deps), free(reached);
    if (rc < 0)
      return rc;
  }
  *out = any ? all : 0;
  return 0;
}

/* First concrete pair of the group found by a search from each a. */
static void group_rep(place_ctx *c, int t, int a, int b, int *ra, int *rb)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_class *ca = &g->cls[a];
  *ra = *rb = -1;
  for (int k = 0; k < ca->nacc; k++) {
    int src = g->acc[ca->acc[k]].node, st = next_stamp(c), head = 0, tail = 0;
    queue_succ(c, t, src, st, &tail);
    while (head < tail) {
      int n = c->queue[head++];
      if (in_class(g, b, n)) {
        *ra = src;
        *rb = n;
        return;
      }
      queue_succ(c, t, n, st, &tail);
    }
  }
}

/* Does instruction in read register r? */
static int reads_reg(const wmm_instr *in, int r)
{
  const wmm_operand *ops[4] = {&in->a, &in->b, &in->addr.base, &in->addr.index};
  int n = in->op == WMM_OP_FENCE || in->op == WMM_OP_NOP ||
          in->op == WMM_OP_JUMP ? 0 : 4;
  if (in->op == WMM_OP_BRANCH && in->cond != WMM_COND_ZERO &&
      in->cond != WMM_COND_NONZERO)
    n = 0;
  for (int k = 0; k < n; k++)
    if (ops[k]->kind == WMM_OPND_REG && ops[k]->reg == r)
      return 1;
  return 0;
}

static int writes_reg(const wmm_instr *in, int r)
{
  return in->dst == r && in->op != WMM_OP_STORE && in->op != WMM_OP_FENCE &&
         in->op != WMM_OP_CMP && in->op != WMM_OP_BRANCH &&
         in->op != WMM_OP_JUMP && in->op != WMM_OP_NOP && in->op != WMM_OP_CALL;
}

/* Can the group's code stand for it in a cycle's program?  One concrete
 * pair (a, b) in one thread's own unit, a before b, at most 32
 * instructions, only forward branches inside, no calls and no exclusive
 * accesses, no loop anywhere in the unit, and every register the code
 * between reads keeps its initial value until a (no instruction before a
 * writes it).  The second access's address and stored value are rebuilt,
 * so its registers do not count. */
static void group_slice(place_ctx *c, place_group *q)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_class *ca = &g->cls[q->a], *cb = &g->cls[q->b];
  q->slice = 0;
  if (ca->nacc != 1 || cb->nacc != 1)
    return;
  const wmm_aeg_acc *a = &g->acc[ca->acc[0]], *b = &g->acc[cb->acc[0]];
  const wmm_thread *t = &c->p->threads[a->unit];
  if (a->unit != b->unit || !t->entry || a->index >= b->index ||
      b->index - a->index > 32)
    return;
  for (int i = 0; i < t->ncode; i++) {
    const wmm_instr *in = &t->code[i];
    if ((in->op == WMM_OP_BRANCH || in->op == WMM_OP_JUMP) && in->target <= i)
      return;   /* a loop: values at a are not the initial ones */
  }
  for (int i = a->index; i <= b->index; i++) {
    const wmm_instr *in = &t->code[i];
    if (in->op == WMM_OP_CALL || in->op == WMM_OP_LOAD_EX ||
        in->op == WMM_OP_STORE_EX)
      return;
    if (i < b->index && (in->op == WMM_OP_BRANCH || in->op == WMM_OP_JUMP) &&
        (in->target <= i || in->target > b->index))
      return;
    if (i > a->index && i < b->index) {
      for (int r = 0; r < t->nregs; r++) {
        if (!reads_reg(in, r))
          continue;
        for (int j = 0; j < a->index; j++)
          if (writes_reg(&t->code[j], r))
            return;
      }
      /* an access to an unknown address: the cycle's program would
       * discard every run through it (no location), so no slice */
      if (wmm_instr_is_access(in) &&
          g->node_loc[g->unit_base[a->unit] + i] == -1)
        return;
      if (wmm_instr_writes(in)) {
        int l = g->node_loc[g->unit_base[a->unit] + i];
        if (l == -1)
          q->slice_wunknown = 1;
        else if (l >= 0)
          q->slice_wlocs[(l % 128) / 64] |= 1ull << (l % 64);
      }
    }
  }
  /* b's stored value: from outside (rewritten) or a constant computed
   * between a and b, so that the cycle's condition can pin it */
  wmm_val v;
  if (wmm_req_slice_value(c->p, a->unit, a->index, b->index, &v) == 2)
    return;
  q->slice = 1;
  q->slice_unit = a->unit;
  q->slice_from = a->index;
  q->slice_to = b->index;
}

static unsigned long mix3(long x, long y, long z)
{
  unsigned long h = (unsigned long)x * 0x9E3779B97F4A7C15ul;
  h ^= (unsigned long)y * 0xC2B2AE3D27D4EB4Ful + (h >> 31);
  h ^= (unsigned long)z * 0x165667B19E3779F9ul + (h >> 29);
  return h ^ (h >> 32);
}

uint32_t place_section_credit(const place_ctx *c, int a, int b, int strong)
{
  unsigned f = place_cls_section(c->g, a) | place_cls_section(c->g, b);
  if (((f & WMM_ACC_SECTION) || ((f & WMM_ACC_SECTION_LW) && strong))
      && c->top > WMM_FENCE_NONE)
    return 1u << c->top;
  if (f & WMM_ACC_SECTION_LW)
    for (int i = 0; i < c->nkinds; i++)
      if (c->kinds[i] == WMM_FENCE_LWSYNC)
        return 1u << WMM_FENCE_LWSYNC;
  return 0;
}

/* Is instruction i of code unit th on a loop of its code (a jump or
 * branch leads from after it back to it)? */
static int on_loop(const wmm_thread *th, int i)
{
  int n = th->ncode, *stack = xcalloc((size_t)n + 1, sizeof *stack), top = 0;
  unsigned char *seen = xcalloc((size_t)n + 1, 1);
  int found = !stack || !seen;   /* (no memory: taken to be on one) */
  if (!found) {
    stack[top++] = i;
    seen[i] = 1;
  }
  while (top > 0 && !found) {
    int k = stack[--top];
    const wmm_instr *in = &th->code[k];
    int next[2], nn = 0;
    if (in->op != WMM_OP_JUMP && k + 1 < n)
      next[nn++] = k + 1;
    if ((in->op == WMM_OP_JUMP || in->op == WMM_OP_BRANCH) && in->target >= 0 &&
        in->target < n)
      next[nn++] = in->target;
    for (int j = 0; j < nn; j++) {
      if (next[j] == i)
        found = 1;
      else if (!seen[next[j]]) {
        seen[next[j]] = 1;
        stack[top++] = next[j];
      }
    }
  }
  free(stack);
  free(seen);
  return found;
}

/* Does code unit u run at most once in virtual thread t (one
 * activation): it is the thread's entry unit and no code of the thread
 * calls it, or one call of the thread's code calls it, outside any loop,
 * in a unit that runs at most once in the thread itself? */
static int unit_once(place_ctx *c, int t, int u)
{
  const wmm_aeg *g = c->g;
  size_t nu = (size_t)c->p->nthreads;
  if (!c->unit_once)
    c->unit_once = xcalloc((size_t)g->nthreads * nu, 1);
  if (!c->unit_once)
    return 0;
  signed char *memo = &c->unit_once[(size_t)t * nu + (size_t)u];
  if (*memo != 0)
    return *memo == 1;
  *memo = 2;   /* (a recursive call: not once) */
  int calls = 0, caller = -1, at = -1;
  for (int v = 0; v < c->p->nthreads && calls < 2; v++) {
    if (!g->threads[t].units[v])
      continue;
    const wmm_thread *th = &c->p->threads[v];
    for (int i = 0; i < th->ncode && calls < 2; i++)
      if (th->code[i].op == WMM_OP_CALL && th->code[i].target == u) {
        calls++;
        caller = v;
        at = i;
      }
  }
  int once;
  if (u == g->threads[t].unit)
    once = calls == 0;
  else if (calls != 1 || c->unit_once[(size_t)t * nu + (size_t)caller] == 2)
    once = 0;
  else {
    once = !on_loop(&c->p->threads[caller], at) && unit_once(c, t, caller);
  }
  *memo = once ? 1 : -1;
  return once;
}

/* Are the accesses at nodes na and nb of thread t two of one code unit,
 * which runs at most once in the thread, with one address key: one
 * address? */
static int same_key_nodes(place_ctx *c, int t, int na, int nb)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_acc *x = &g->acc[g->node_acc[na]], *y = &g->acc[g->node_acc[nb]];
  if (x->unit != y->unit)
    return 0;
  int key = c->p->threads[x->unit].code[x->index].addr_key;
  return key != 0 && key == c->p->threads[x->unit].code[y->index].addr_key &&
         unit_once(c, t, x->unit);
}

/* Do all pairs of classes (a, b) of thread t (two locations) lie in one
 * code unit, which runs at most once in the thread, with one address key
 * (wmm_instr.addr_key)?  Then each pair touches one address, never the
 * two locations: the group has no pair.  (Fenced pairs count too.) */
static int group_same_address(place_ctx *c, int t, int a, int b)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_class *ca = &g->cls[a];
  if (ca->loc == g->cls[b].loc || ca->nacc == 0)
    return 0;
  /* (a quick test first: every access of a keyed) */
  for (int k = 0; k < ca->nacc; k++) {
    const wmm_aeg_acc *x = &g->acc[ca->acc[k]];
    if (c->p->threads[x->unit].code[x->index].addr_key == 0)
      return 0;
  }
  for (int k = 0; k < ca->nacc; k++) {
    int x = g->acc[ca->acc[k]].node, st = next_stamp(c), head = 0, tail = 0;
    queue_succ(c, t, x, st, &tail);
    while (head < tail) {
      int n = c->queue[head++];
      if (in_class(g, b, n) && !same_key_nodes(c, t, x, n))
        return 0;
      queue_succ(c, t, n, st, &tail);
    }
  }
  return 1;
}

int place_group_get(place_ctx *c, int t, int a, int b)
{
  const wmm_aeg *g = c->g;
  int base = t - g->threads[t].instance;
  int ba = g->threads[base].cls[g->cls[a].local];
  int bb = g->threads[base].cls[g->cls[b].local];
  if (c->group_tab_size) {
    unsigned long i = mix3(base, ba, bb) & (unsigned long)(c->group_tab_size - 1);
    while (c->group_tab[i]) {
      const place_group *q = &c->groups[c->group_tab[i] - 1];
      if (q->thread == base && q->a == ba && q->b == bb)
        return c->group_tab[i] - 1;
      i = (i + 1) & (unsigned long)(c->group_tab_size - 1);
    }
  }
  if (grow((void **)&c->groups, &c->cap_groups, c->ngroups, sizeof *c->groups))
    return -WMM_ERR_NOMEM;
  place_group *q = &c->groups[c->ngroups];
  memset(q, 0, sizeof *q);
  q->thread = base;
  q->a = ba;
  q->b = bb;
  for (int k = 0; k < WMM_FENCE_COUNT; k++)
    q->term[k] = q->sterm[k] = -1;
  for (int f = 1; f < WMM_FENCE_COUNT; f++)
    if (((c->thread_fences[base] >> f) & 1u) &&
        !reach_avoiding(c, base, ba, bb, (wmm_fence)f))
      q->fences |= 1u << f;
  /* a protected access: each cycle counts the pair as ordered by its
     credit (placement.c), so its own code is no slice (a slice's fences
     are its code's) */
  unsigned section = place_cls_section(g, ba) | place_cls_section(g, bb);
  int rc = group_deps(c, ba, bb, &q->deps);
  if (rc < 0)
    return rc;
  group_rep(c, base, ba, bb, &q->rep_a, &q->rep_b);
  q->same_addr = group_same_address(c, base, ba, bb);
  if (!section)
    group_slice(c, q);
  /* index it */
  if ((c->ngroups + 1) * 2 > c->group_tab_size) {
    int nsize = c->group_tab_size ? c->group_tab_size * 2 : 256;
    int *nt = xcalloc((size_t)nsize, sizeof *nt);
    if (!nt)
      return -WMM_ERR_NOMEM;
    for (int k = 0; k <= c->ngroups; k++) {
      const place_group *r = &c->groups[k];
      unsigned long i = mix3(r->thread, r->a, r->b) & (unsigned long)(nsize - 1);
      while (nt[i])
        i = (i + 1) & (unsigned long)(nsize - 1);
      nt[i] = k + 1;
    }
    free(c->group_tab);
    c->group_tab = nt;
    c->group_tab_size = nsize;
  } else {
    unsigned long i = mix3(base, ba, bb) & (unsigned long)(c->group_tab_size - 1);
    while (c->group_tab[i])
      i = (i + 1) & (unsigned long)(c->group_tab_size - 1);
    c->group_tab[i] = c->ngroups + 1;
  }
  return c->ngroups++;
}

/* ------------------------------------------------------------- terms */

/* Is b reachable from a (thread t) without passing node `avoid`, fences
 * that cover `kind`, or a node outside `in` (marked with stamp `in_st`)? */
static int reach_within(place_ctx *c, int t, int a, int b, int avoid,
                        wmm_fence kind, const int *in, int in_st)
{
  const wmm_aeg *g = c->g;
  int st = ++c->cut_gen, head = 0, tail = 0;
  int *seen = c->cut_seen, *q = c->cut_queue2;
  seen[a] = st;
  q[tail++] = a;
  while (head < tail) {
    int n = q[head++];
    for (int j = g->succ_off[n]; j < g->succ_off[n + 1]; j++) {
      int s = g->succ[j];
      if (s == b)
        return 1;
      if (s == avoid || seen[s] == st || !wmm_aeg_in_thread(g, t, s) ||
          in[s] != in_st || blocks(c, s, kind))
        continue;
      seen[s] = st;
      q[tail++] = s;
    }
  }
  return 0;
}

/* The nodes between a and b that lie on every path from a to b (thread t;
 * paths through a fence that covers `kind` are ordered already), appended
 * to buf (at most cap); beyond MAX_CUT nodes between, none.  A fence
 * before such a node is executed after a and before b on every path: the
 * chains of chain_positions stop at the first branch or merge, and miss a
 * node after a loop that both ends lie outside of. */
static int cut_positions(place_ctx *c, int t, int a, int b, wmm_fence kind,
                         int *buf, int cap)
{
  const wmm_aeg *g = c->g;
  int *in = c->cut_mark;
  if (!in)
    return 0;
  if (c->cut_gen > 0x3fffffff) {     /* generations wrap: clear the marks */
    memset(c->cut_mark, 0, (size_t)g->nnodes * sizeof *c->cut_mark);
    memset(c->cut_seen, 0, (size_t)g->nnodes * sizeof *c->cut_seen);
    c->cut_gen = 0;
  }
  /* nodes reachable from a without passing b, then those that reach b */
  int fw = ++c->cut_gen, head = 0, tail = 0, nfw = 0;
  int *q = c->cut_queue;
  q[tail++] = a;
  in[a] = fw;
  while (head < tail) {
    int n = q[head++];
    for (int j = g->succ_off[n]; j < g->succ_off[n + 1]; j++) {
      int s = g->succ[j];
      if (s == b || in[s] == fw || !wmm_aeg_in_thread(g, t, s) ||
          blocks(c, s, kind))
        continue;
      if (++nfw > MAX_CUT)
        return 0;
      in[s] = fw;
      q[tail++] = s;
    }
  }
  int bw = ++c->cut_gen, nb = 0, between[MAX_CUT + 1];
  head = tail = 0;
  q[tail++] = b;
  while (head < tail) {
    int n = q[head++];
    for (int j = g->pred_off[n]; j < g->pred_off[n + 1]; j++) {
      int s = g->pred[j];
      if (in[s] != fw || s == a)
        continue;
      in[s] = bw;
      q[tail++] = s;
      between[nb++] = s;
    }
  }
  int n = 0;
  for (int k = 0; k < nb && n < cap; k++)
    if (!reach_within(c, t, a, b, between[k], kind, in, bw))
      buf[n++] = between[k];
  return n;
}

/* Positions on every path from a to b (thread t): the single-successor
 * chain after a and the single-predecessor chain before b, and, when few
 * nodes lie between, every node all paths pass (cut_positions).  Nodes of
 * units without memory accesses (unit_free) are left out: a fence there
 * runs at every call of the unit (and GCC inlines such helpers, so it is
 * copied to each call site), while every path through the unit passes
 * its call in the caller, whose nodes serve the pair as well. */
static int chain_positions(place_ctx *c, int t, int a, int b, wmm_fence kind,
                           int **out, int *nout)
{
  const wmm_aeg *g = c->g;
  int buf[2 * MAX_CHAIN + 2 + MAX_CUT], n = 0, s[2];
  int cur = a;
  /* (the nodes taken so far carry mark st: a chain stops where it meets
     one again; the searches that ask for prerows hold c->stamp) */
  if (++c->chain_gen == 0x7fffffff) {
    memset(c->chain_mark, 0, (size_t)g->nnodes * sizeof *c->chain_mark);
    c->chain_gen = 1;
  }
  int st = c->chain_gen;
  for (int k = 0; k < MAX_CHAIN; k++) {
    if (wmm_aeg_succs(g, t, cur, s, 2) != 1 || s[0] == b || s[0] == a ||
        c->chain_mark[s[0]] == st)
      break;
    c->chain_mark[s[0]] = st;
    buf[n++] = s[0];
    cur = s[0];
  }
  buf[n++] = b;
  c->chain_mark[b] = st;
  cur = b;
  for (int k = 0; k < MAX_CHAIN; k++) {
    if (wmm_aeg_preds(g, t, cur, s, 2) != 1 || s[0] == a ||
        c->chain_mark[s[0]] == st)
      break;
    c->chain_mark[s[0]] = st;
    buf[n++] = s[0];
    cur = s[0];
  }
  n += cut_positions(c, t, a, b, kind, buf + n, MAX_CUT);
  /* (insertion sort: a hundred numbers at most) */
  for (int i = 1; i < n; i++) {
    int v = buf[i], j = i;
    for (; j > 0 && buf[j - 1] > v; j--)
      buf[j] = buf[j - 1];
    buf[j] = v;
  }
  int m = 0;
  for (int i = 0; i < n; i++)
    if ((m == 0 || buf[m - 1] != buf[i]) &&
        (buf[i] == b || !c->unit_free[g->node_unit[buf[i]]]))
      buf[m++] = buf[i];
  *out = malloc((size_t)m * sizeof **out);
  if (!*out)
    return -WMM_ERR_NOMEM;
  memcpy(*out, buf, (size_t)m * sizeof *buf);
  *nout = m;
  return 0;
}

/* The prerow of pair (a, b) needing kind k: existing or new. */
static int prerow_get(place_ctx *c, int t, int a, int b, wmm_fence k, int sliced)
{
  long key = (long)k | (long)sliced << 8 | (long)t << 9;
  if (c->prerow_tab_size) {
    unsigned long i = mix3(a, b, key) & (unsigned long)(c->prerow_tab_size - 1);
    while (c->prerow_tab[i]) {
      const place_prerow *q = &c->prerows[c->prerow_tab[i] - 1];
      if (q->a == a && q->b == b && q->kind == k && q->sliced == sliced &&
          q->thread == t)
        return c->prerow_tab[i] - 1;
      i = (i + 1) & (unsigned long)(c->prerow_tab_size - 1);
    }
  }
  if (grow((void **)&c->prerows, &c->cap_prerows, c->nprerows, sizeof *c->prerows))
    return -WMM_ERR_NOMEM;
  place_prerow *q = &c->prerows[c->nprerows];
  memset(q, 0, sizeof *q);
  q->a = a;
  q->b = b;
  q->thread = t;
  q->kind = k;
  q->sliced = sliced;
  q->row = -1;
  q->delay = -1;
  int rc = 0;
  if (sliced) {
    q->pos = malloc(sizeof *q->pos);
    if (!q->pos)
      return -WMM_ERR_NOMEM;
    q->pos[0] = a + 1;   /* before the instruction after a, same unit */
    q->npos = 1;
  } else {
    rc = chain_positions(c, t, a, b, k, &q->pos, &q->npos);
  }
  if (rc < 0)
    return rc;
  if ((c->nprerows + 1) * 2 > c->prerow_tab_size) {
    int nsize = c->prerow_tab_size ? c->prerow_tab_size * 2 : 256;
    int *nt = xcalloc((size_t)nsize, sizeof *nt);
    if (!nt)
      return -WMM_ERR_NOMEM;
    for (int j = 0; j <= c->nprerows; j++) {
      const place_prerow *r = &c->prerows[j];
      unsigned long i = mix3(r->a, r->b, (long)r->kind | (long)r->sliced << 8 |
                                          (long)r->thread << 9) &
                        (unsigned long)(nsize - 1);
      while (nt[i])
        i = (i + 1) & (unsigned long)(nsize - 1);
      nt[i] = j + 1;
    }
    free(c->prerow_tab);
    c->prerow_tab = nt;
    c->prerow_tab_size = nsize;
  } else {
    unsigned long i = mix3(a, b, key) & (unsigned long)(c->prerow_tab_size - 1);
    while (c->prerow_tab[i])
      i = (i + 1) & (unsigned long)(c->prerow_tab_size - 1);
    c->prerow_tab[i] = c->nprerows + 1;
  }
  return c->nprerows++;
}

int place_term_get(place_ctx *c, int group, wmm_fence kind, int sliced)
{
  int *slot = sliced ? &c->groups[group].sterm[kind] : &c->groups[group].term[kind];
  if (*slot >= 0)
    return *slot;
  const wmm_aeg *g = c->g;
  int t = c->groups[group].thread, a = c->groups[group].a, b = c->groups[group].b;
  int *rows = NULL, nrows = 0, cap = 0;
  if (sliced) {
    /* the group's one pair; the slice's own fences were in the program */
    const place_group *q = &c->groups[group];
    int r = prerow_get(c, t, q->rep_a, q->rep_b, kind, 1);
    if (r < 0)
      return r;
    rows = malloc(sizeof *rows);
    if (!rows)
      return -WMM_ERR_NOMEM;
    rows[nrows++] = r;
    goto done;
  }
  const wmm_aeg_class *ca = &g->cls[a];
  for (int k = 0; k < ca->nacc; k++) {
    int src = g->acc[ca->acc[k]].node, st = next_stamp(c), head = 0, tail = 0;
    queue_succ(c, t, src, st, &tail);
    while (head < tail) {
      int n = c->queue[head++];
      if (in_class(g, b, n) && callee_pair(c, src, n)) {
        queue_succ(c, t, n, st, &tail);
        continue;
      }
      if (in_class(g, b, n)) {
        int r = prerow_get(c, t, src, n, kind, 0);
        if (r < 0 || grow((void **)&rows, &cap, nrows, sizeof *rows)) {
          free(rows);
          return r < 0 ? r : -WMM_ERR_NOMEM;
        }
        rows[nrows++] = r;
        continue;
      }
      if (in_class(g, a, n) || blocks(c, n, kind))
        continue;
      queue_succ(c, t, n, st, &tail);
    }
  }
done:
  if (grow((void **)&c->terms, &c->cap_terms, c->nterms, sizeof *c->terms)) {
    free(rows);
    return -WMM_ERR_NOMEM;
  }
  c->terms[c->nterms].prerows = rows;
  c->terms[c->nterms].n = nrows;
  *slot = c->nterms;
  return c->nterms++;
}

int place_fallback_term(place_ctx *c, int t, const unsigned char *rel,
                        unsigned ta, unsigned tb, wmm_fence kind,
                        const place_fbpairs *only)
{
  const wmm_aeg *g = c->g;
  int *rows = NULL, nrows = 0, cap = 0;
  for (int a = 0; a < g->nnodes; a++) {
    int ia = g->node_acc[a];
    if (ia < 0 || !rel[a] || g->acc[ia].type != ta || !wmm_aeg_in_thread(g, t, a))
      continue;
    int la = g->acc[ia].loc, st = next_stamp(c), head = 0, tail = 0;
    queue_succ(c, t, a, st, &tail);
    while (head < tail) {
      int n = c->queue[head++], in = g->node_acc[n];
      if (in >= 0 && rel[n]) {
        int ln = g->acc[in].loc;
        /* a b that is no pair of `only` is passed: a later one may be */
        /* (two accesses to one address are no pair: wmm_instr.addr_key) */
        if (g->acc[in].type == tb && (la < 0 || ln < 0 || ln != la) &&
            (!only || place_fbpairs_find(only, g, t, a, n, NULL, NULL)) &&
            !same_key_nodes(c, t, a, n) && !callee_pair(c, a, n)) {
          int r = prerow_get(c, t, a, n, kind, 0);
          if (r < 0 || grow((void **)&rows, &cap, nrows, sizeof *rows)) {
            free(rows);
            return r < 0 ? r : -WMM_ERR_NOMEM;
          }
          rows[nrows++] = r;
          continue;
        }
        if (g->acc[in].type == ta && la >= 0 && ln == la)
          continue;
      }
      if (blocks(c, n, kind))
        continue;
      queue_succ(c, t, n, st, &tail);
    }
  }
  if (grow((void **)&c->terms, &c->cap_terms, c->nterms, sizeof *c->terms)) {
    free(rows);
    return -WMM_ERR_NOMEM;
  }
  c->terms[c->nterms].prerows = rows;
  c->terms[c->nterms].n = nrows;
  return c->nterms++;
}
