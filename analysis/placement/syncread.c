/* syncread.c — reads that a flag hand-off orders after the writes they
 * would have to miss: a critical cycle whose from-read edge runs from
 * such a read to such a write has no execution.
 *
 * Example (message passing through a flag, written with release and
 * acquire as C++ code does):
 *   T1: msg.a = 1; msg.b = 2; ready.store (true, release);
 *   T2: while (!ready.load (acquire)) ;  r1 = msg.b; r2 = msg.a;
 * The cycle R msg.b -> R msg.a -fr-> W msg.a -> W msg.b -rf-> R msg.b
 * needs T2 to read msg.a before T1's store, yet T2 reads msg.a only after
 * its load of ready returned true, which only T1's store of true (after
 * its msg writes) writes; with the order the target keeps between the
 * msg writes and that store and between the load and the msg reads, the
 * execution  W msg.a -po-> W ready -rf-> R ready -po-> R msg.a -fr->
 * W msg.a  is a message-passing cycle the target forbids.  So the pair
 * (R msg.b, R msg.a) needs no fence for that cycle.
 *
 * place_fr_synchronised (r, w) says whether a from-read edge from read
 * class r (virtual thread t2) to write class w (thread t1) is impossible
 * that way:
 *   1. every path from t2's entry to an event of r takes an edge of a
 *      branch that a value guard (ir.h guard_load) lets through only when
 *      the last value its load L of location f read passes a test (equal
 *      to a constant, or different from it: `while (!ready)` exits only
 *      on a value other than 0);
 *   2. every store of f stores a constant, and those whose value passes
 *      are stores S of thread t1, whose code runs once (one instance); f's
 *      initial value does not pass, and nothing else writes f
 *      (read-modify-writes, unknown addresses, computed values: no
 *      answer); a pointer the front end found non-null (WMM_ACC_NONZERO,
 *      `box = m` after `m->a = 1`) counts as a nonzero constant where the
 *      test compares with 0 (`while (!(m = box)) ;`);
 *   3. no event of w is reachable in t1 from one of those stores (every
 *      write of w runs before every store S);
 *   4. the target forbids, with the fences and dependencies on every path
 *      of the two pairs, the cycle  w -po-> S -rf-> L -po-> r -fr-> w.
 * Then an fr edge from r to an event of w would close that cycle in the
 * same execution.  Results are kept per (r, w).
 * When 1-3 hold and the code does not keep the pairs of 4 in order yet (a
 * relaxed or plain flag: `d1 = 1; d2 = 2; ready = 1;` against `while
 * (!ready) ; r1 = d2; r2 = d1;`), the answer is 2: the edge is impossible
 * in the fenced program once the cycles of 4 are needs of the cover too
 * (placement.c `handoff_needs` adds them), so the message's own cycles
 * (R d2 -> R d1 -fr-> W d1 -> W d2) need nothing beyond the flag's fences.
 */
#include "internal.h"
#include "guards.h"

#include <stdlib.h>
#include <string.h>

/* Guard edges considered per read class (the first found). */
#define MAX_GUARDS 32
/* Store classes of one flag considered. */
#define MAX_STORE_CLASSES 8

typedef struct guard_edge {
  int branch, to;   /* the edge branch -> to, taken only when L's value
                       passes: equals imm (eq) or differs from it */
  int load;         /* L's node */
  int loc;
  wmm_val imm;
  int eq;
  int width;
} guard_edge;


/* The guard edges of thread t's code (at most cap). */
static int guard_edges(const wmm_aeg *g, int t, guard_edge *out, int cap)
{
  int n = 0;
  for (int u = 0; u < g->p->nthreads && n < cap; u++) {
    if (!g->threads[t].units[u])
      continue;
    const wmm_thread *th = &g->p->threads[u];
    for (int i = 0; i < th->ncode && n < cap; i++) {
      const wmm_instr *br = &th->code[i];
      int l = br->guard_load - 1;
      if (br->op != WMM_OP_BRANCH || l < 0 || l >= th->ncode ||
          th->code[l].op != WMM_OP_LOAD || th->code[l].addr.loc_hint < 0 ||
          th->code[l].addr.loc_hint >= g->p->nlocs ||
          (br->guard_cond != WMM_COND_EQ && br->guard_cond != WMM_COND_NE))
        continue;
      int tgt = br->target < 0 ? -1 : br->target > th->ncode ? th->ncode : br->target;
      if (tgt < 0 || tgt == i + 1)
        continue;
      /* the taken edge passes when the condition holds, the other when
         it does not */
      for (int taken = 0; taken < 2 && n < cap; taken++) {
        guard_edge *e = &out[n++];
        e->branch = g->unit_base[u] + i;
        e->to = taken ? g->unit_base[u] + tgt : e->branch + 1;
        e->load = g->unit_base[u] + l;
        e->loc = th->code[l].addr.loc_hint;
        e->width = th->code[l].width;
        e->imm = wmm_guard_fit(br->guard_imm, e->width);
        e->eq = taken == (br->guard_cond == WMM_COND_EQ);
      }
    }
  }
  return n;
}

/* Does value v, read by e's load, let control take edge e? */
static int passes(const guard_edge *e, wmm_val v)
{
  return (wmm_guard_fit(v, e->width) == e->imm) == e->eq;
}

/* Does node x write a location of once-group `group` (> 0)? */
static int writes_group(const wmm_aeg *g, int x, int group)
{
  int a = g->node_acc[x];
  if (a < 0)
    return 0;
  const wmm_instr *in = wmm_aeg_instr(g, x);
  return in && wmm_instr_writes(in) && wmm_aeg_once_group(g, g->acc[a].loc) == group;
}

/* Is an event of class c reached in thread t from the nodes `from` (n of
 * them; their successors when `after`), never taking one of the nskip
 * guard edges `skip` nor going on past a write of once-group `group` (0:
 * none)?  seen: scratch, nnodes bytes.  -1: out of memory. */
static int reaches(const wmm_aeg *g, int t, const int *from, int n, int after,
                   const guard_edge *skip, int nskip, int group, int c,
                   unsigned char *seen)
{
  int *stack = malloc(((size_t)g->nnodes + 1) * sizeof *stack), sp = 0;
  if (!stack)
    return -1;
  memset(seen, 0, (size_t)g->nnodes);
  for (int k = 0; k < n; k++) {
    if (after) {
      for (int j = g->succ_off[from[k]]; j < g->succ_off[from[k] + 1]; j++) {
        int s = g->succ[j];
        if (!seen[s] && wmm_aeg_in_thread(g, t, s))
          seen[s] = 1, stack[sp++] = s;
      }
    } else if (!seen[from[k]]) {
      seen[from[k]] = 1, stack[sp++] = from[k];
    }
  }
  int found = 0;
  while (sp > 0 && !found) {
    int x = stack[--sp];
    int a = g->node_acc[x];
    if (a >= 0)
      for (int k = 0; k < g->cls[c].nacc && !found; k++)
        found = g->cls[c].acc[k] == a;
    if (found || (group && writes_group(g, x, group)))
      continue;
    for (int j = g->succ_off[x]; j < g->succ_off[x + 1]; j++) {
      int s = g->succ[j], skipped = 0;
      for (int k = 0; k < nskip && !skipped; k++)
        skipped = x == skip[k].branch && s == skip[k].to;
      if (skipped || seen[s] || !wmm_aeg_in_thread(g, t, s))
        continue;
      seen[s] = 1;
      stack[sp++] = s;
    }
  }
  free(stack);
  return found;
}

/* The class of thread t holding access a, or -1. */
static int class_of_acc(const wmm_aeg *g, int t, int a)
{
  const wmm_aeg_thread *th = &g->threads[t];
  for (int k = 0; k < th->ncls; k++) {
    const wmm_aeg_class *c = &g->cls[th->cls[k]];
    for (int j = 0; j < c->nacc; j++)
      if (c->acc[j] == a)
        return th->cls[k];
  }
  return -1;
}

/* Does the target forbid  w -po-> s -rf-> l -po-> r -fr-> w  as the code
 * orders the two pairs?  1 yes, 0 no, < 0 error. */
static int mp_forbidden(place_ctx *c, wmm_req_engine *eng, int t1, int w,
                        int s, int t2, int l, int r, wmm_error *err)
{
  const wmm_aeg *g = c->g;
  int q1 = place_group_get(c, t1, w, s), q2 = place_group_get(c, t2, l, r);
  if (q1 < 0 || q2 < 0)
    return q1 < 0 ? q1 : q2;
  wmm_req_seg seg[2];
  memset(seg, 0, sizeof seg);
  int cls[4] = {w, s, l, r};
  for (int k = 0; k < 4; k++)
    seg[k / 2].acc[k % 2] = place_class_acc(g, cls[k]);
  seg[0].nacc = seg[1].nacc = 2;
  seg[0].fences = c->groups[q1].fences;
  seg[0].deps = c->groups[q1].deps;
  seg[1].fences = c->groups[q2].fences;
  seg[1].deps = c->groups[q2].deps;
  wmm_req_shape shape = {seg, 2};
  wmm_req req;
  int rc = wmm_req_compute(eng, &shape, &req, err);
  if (rc < 0)
    return rc;
  int forbidden = req.status == WMM_REQ_FORBIDDEN;
  wmm_req_free(&req);
  return forbidden;
}

/* Does a store of location f write its initial value (a constant equal
 * to it, a non-null store where it is 0, or a value not known)? */
static int stores_init(const wmm_aeg *g, int f)
{
  const wmm_program *p = g->p;
  for (int k = g->loc_off[f]; k < g->loc_off[f + 1]; k++) {
    const wmm_aeg_class *wc = &g->cls[g->loc_cls[k]];
    if (!wc->writes)
      continue;
    for (int j = 0; j < wc->nacc; j++) {
      const wmm_instr *in = wmm_aeg_instr(g, g->acc[wc->acc[j]].node);
      if (!in || in->op != WMM_OP_STORE || in->addr.loc_hint != f)
        return 1;
      wmm_val init = wmm_guard_fit(p->locs[f].init, in->width);
      if (in->a.kind == WMM_OPND_IMM
              ? wmm_guard_fit(in->a.imm, in->width) == init
              : !(in->flags & WMM_ACC_NONZERO) || init == 0)
        return 1;
    }
  }
  return 0;
}
/* The guard edges of thread t that pass only on flag f's initial value,
 * right after their load (the entry of a once-group's block), into cut
 * (at most MAX_GUARDS): after t stored into f, when no store writes f's
 * initial value, its later loads of f read that store or a later one
 * (coherence), so it takes none of them again.  How many; 0 when a store
 * may write the initial value. */
static int once_cuts(const wmm_aeg *g, int t, int f, guard_edge *cut)
{
  if (stores_init(g, f))
    return 0;
  guard_edge all[MAX_GUARDS];
  int na = guard_edges(g, t, all, MAX_GUARDS), n = 0;
  for (int k = 0; k < na; k++)
    if (all[k].loc == f && all[k].eq && all[k].branch == all[k].load + 1 &&
        all[k].imm == wmm_guard_fit(g->p->locs[f].init, all[k].width))
      cut[n++] = all[k];
  return n;
}
/* Is segment a -> b (classes of one thread) no execution's: a stores a
 * group's flag, and b, a write of the group, is reached from it only past
 * an edge of once_cuts (a second run of the block)?  1 yes, 0 no, < 0
 * error. */
static int reruns_block(const wmm_aeg *g, int a, int b)
{
  const wmm_aeg_class *ca = &g->cls[a], *cb = &g->cls[b];
  int group = wmm_aeg_once_group(g, ca->loc);
  if (!group || !ca->writes || !cb->writes ||
      wmm_aeg_once_group(g, cb->loc) != group)
    return 0;
  guard_edge cut[MAX_GUARDS];
  int ncut = once_cuts(g, ca->thread, ca->loc, cut);
  if (ncut == 0)
    return 0;
  int *from = malloc(((size_t)ca->nacc + 1) * sizeof *from);
  unsigned char *seen = malloc((size_t)g->nnodes + 1);
  int rc = -1;
  if (from && seen) {
    for (int k = 0; k < ca->nacc; k++)
      from[k] = g->acc[ca->acc[k]].node;
    rc = reaches(g, ca->thread, from, ca->nacc, 1, cut, ncut, 0, b, seen);
  }
  free(from), free(seen);
  return rc < 0 ? -WMM_ERR_NOMEM : !rc;
}

/* The once-group a class writes, 0 when none. */
static int writes_once_group(const wmm_aeg *g, int c)
{
  return g->cls[c].writes ? wmm_aeg_once_group(g, g->cls[c].loc) : 0;
}

int place_once_impossible(place_ctx *c, const wmm_cseg *seg, int n)
{
  const wmm_aeg *g = c->g;
  for (int k = 0; k < n; k++) {
    int ends[2] = {seg[k].a, seg[k].b};
    for (int j = 0; j < 2; j++) {
      int grp = writes_once_group(g, ends[j]);
      for (int m = 0; grp && m < n; m++)
        if (seg[m].thread != seg[k].thread &&
            (writes_once_group(g, seg[m].a) == grp ||
             writes_once_group(g, seg[m].b) == grp))
          return 1;
    }
    if (seg[k].a != seg[k].b) {
      int rc = reruns_block(g, seg[k].a, seg[k].b);
      if (rc)
        return rc;
    }
  }
  return 0;
}

/* Conditions 2-4 for guard edge e: 1 the fr edge r -> w is impossible;
 * 2 it is once the message-passing cycles of the pairs added to mp (a
 * store class of the flag, e's load class) are forbidden; 0 no answer.
 * With `group` (the flag and w's location in one once-group, ir.h: one
 * thread makes all their writes), a store in another thread than t1 is
 * no obstacle: when the load reads it, t1 writes nothing of the group,
 * w included. */
static int guard_orders(place_ctx *c, wmm_req_engine *eng, const guard_edge *e,
                        int t1, int t2, int r, int w, int group,
                        unsigned char *seen, place_sync *mp, wmm_error *err)
{
  const wmm_aeg *g = c->g;
  const wmm_program *p = g->p;
  if (passes(e, p->locs[e->loc].init))
    return 0;
  int *stores = malloc(((size_t)g->nacc + 1) * sizeof *stores), ns = 0;
  if (!stores)
    return -WMM_ERR_NOMEM;
  int ok = 1, sclass[MAX_STORE_CLASSES], nsclass = 0;
  for (int k = g->loc_off[e->loc]; k < g->loc_off[e->loc + 1] && ok; k++) {
    const wmm_aeg_class *wc = &g->cls[g->loc_cls[k]];
    if (!wc->writes)
      continue;
    for (int j = 0; j < wc->nacc && ok; j++) {
      const wmm_instr *in = wmm_aeg_instr(g, g->acc[wc->acc[j]].node);
      ok = in && in->op == WMM_OP_STORE && in->addr.loc_hint == e->loc &&
           in->width == e->width;
      /* a pointer the front end found non-null (WMM_ACC_NONZERO) passes
         a test against 0 as any nonzero constant does */
      int nonzero = ok && in->a.kind != WMM_OPND_IMM;
      ok = ok && (!nonzero || ((in->flags & WMM_ACC_NONZERO) &&
                               wmm_guard_fit(e->imm, e->width) == 0));
      if (!ok || (nonzero ? e->eq : !passes(e, in->a.imm)))
        continue;
      if (wc->thread != t1 && group)
        continue;
      ok = wc->thread == t1;
      if (!ok)
        break;
      stores[ns++] = g->acc[wc->acc[j]].node;
      int sc = g->loc_cls[k], seen_cls = 0;
      for (int m = 0; m < nsclass; m++)
        seen_cls |= sclass[m] == sc;
      if (!seen_cls) {
        if (nsclass == MAX_STORE_CLASSES)
          ok = 0;
        else
          sclass[nsclass++] = sc;
      }
    }
  }
  /* (in a once-group, what t1 runs after its store of the flag does not
     enter the block again: once_cuts) */
  guard_edge cut[MAX_GUARDS];
  int ncut = group ? once_cuts(g, t1, e->loc, cut) : 0;
  if (ok && ns > 0) {
    int rc = reaches(g, t1, stores, ns, 1, cut, ncut, 0, w, seen);
    ok = rc == 0;
    if (rc < 0)
      ok = 0;
  }
  free(stores);
  if (!ok || ns == 0)
    return ok;   /* no store of v: the load never reads v, r never runs */
  int lc = class_of_acc(g, t2, g->node_acc[e->load]);
  if (lc < 0)
    return 0;
  int added = 0;
  for (int m = 0; m < nsclass; m++) {
    int rc = mp_forbidden(c, eng, t1, w, sclass[m], t2, lc, r, err);
    if (rc < 0)
      return rc;
    if (rc)
      continue;
    if (mp->nmp == PLACE_SYNC_PAIRS)
      return 0;
    mp->s[mp->nmp] = sclass[m];
    mp->l[mp->nmp++] = lc;
    added = 1;
  }
  return added ? 2 : 1;
}

static int compute(place_ctx *c, wmm_req_engine *eng, int r, int w,
                   place_sync *mp, wmm_error *err)
{
  const wmm_aeg *g = c->g;
  const wmm_aeg_class *cr = &g->cls[r], *cw = &g->cls[w];
  int t1 = cw->thread, t2 = cr->thread;
  int group = wmm_aeg_once_group(g, cw->loc);
  if (t1 == t2 || !cr->reads || cr->writes || !cw->writes || cw->reads ||
      cr->loc < 0 || cr->loc != cw->loc ||
      (!group && wmm_aeg_instances(&g->p->threads[g->threads[t1].unit]) != 1))
    return 0;
  guard_edge edges[MAX_GUARDS];
  int ne = guard_edges(g, t2, edges, MAX_GUARDS);
  if (ne == 0)
    return 0;
  unsigned char *seen = malloc((size_t)g->nnodes + 1);
  if (!seen)
    return -WMM_ERR_NOMEM;
  int entry = g->unit_base[g->threads[t2].unit], ans = 0;
  place_sync try;
  memset(&try, 0, sizeof try);
  for (int k = 0; k < ne && ans != 1; k++) {
    int rc = reaches(g, t2, &entry, 1, 0, &edges[k], 1, 0, r, seen);
    if (rc < 0) {
      ans = -WMM_ERR_NOMEM;
      break;
    }
    if (rc)
      continue;   /* some path reaches r without the guard edge */
    /* (a flag outside w's group: t1 must run once, condition 2) */
    int in_group = group && wmm_aeg_once_group(g, edges[k].loc) == group;
    if (!in_group &&
        wmm_aeg_instances(&g->p->threads[g->threads[t1].unit]) != 1)
      continue;
    try.nmp = 0;
    rc = guard_orders(c, eng, &edges[k], t1, t2, r, w, in_group, seen, &try,
                      err);
    if (rc < 0) {
      ans = rc;
      break;
    }
    /* (a guard that needs no fence beats one that needs some) */
    if (rc == 1 || (rc == 2 && ans == 0)) {
      ans = rc;
      if (rc == 2)
        *mp = try;
    }
  }
  /* A once-group (the block of a double-checked initialisation): r may
   * be reached past any of the guard edges of the group's flags, or
   * after t2's own write of the group (t2 is then the one writer, and t1
   * writes no w); every such edge must rule the edge out. */
  if (ans == 0 && group) {
    guard_edge ge[MAX_GUARDS];
    int nge = 0;
    for (int k = 0; k < ne; k++)
      if (wmm_aeg_once_group(g, edges[k].loc) == group &&
          !passes(&edges[k], g->p->locs[edges[k].loc].init))
        ge[nge++] = edges[k];
    int rc = nge ? reaches(g, t2, &entry, 1, 0, ge, nge, group, r, seen) : 1;
    if (rc < 0)
      ans = -WMM_ERR_NOMEM;
    else if (rc == 0) {
      try.nmp = 0;
      int all = 1;
      for (int k = 0; k < nge && all > 0; k++) {
        rc = guard_orders(c, eng, &ge[k], t1, t2, r, w, 1, seen, &try, err);
        all = rc < 0 ? rc : rc == 0 ? 0 : all == 2 || rc == 2 ? 2 : 1;
      }
      ans = all;
      if (ans == 2)
        *mp = try;
    }
  }
  free(seen);
  return ans;
}

static unsigned long sync_hash(int r, int w, int size)
{
  return ((unsigned long)r * 2654435761ul ^ (unsigned long)w * 40503ul) &
         (unsigned long)(size - 1);
}

int place_fr_synchronised(place_ctx *c, wmm_req_engine *eng, int r, int w,
                          place_sync **mp, wmm_error *err)
{
  *mp = NULL;
  if (c->sync_size) {
    for (unsigned long i = sync_hash(r, w, c->sync_size); c->sync[i].r >= 0;
         i = (i + 1) & (unsigned long)(c->sync_size - 1))
      if (c->sync[i].r == r && c->sync[i].w == w) {
        *mp = &c->sync[i];
        return c->sync[i].ans;
      }
  }
  place_sync got;
  memset(&got, 0, sizeof got);
  int ans = compute(c, eng, r, w, &got, err);
  if (ans < 0)
    return ans;
  if ((c->nsync + 1) * 2 > c->sync_size) {
    int size = c->sync_size ? 2 * c->sync_size : 64;
    place_sync *t = malloc((size_t)size * sizeof *t);
    if (!t)
      return ans == 2 ? 0 : ans;   /* not kept: asked again */
    for (int k = 0; k < size; k++)
      t[k].r = -1;
    for (int k = 0; k < c->sync_size; k++)
      if (c->sync[k].r >= 0) {
        unsigned long i = sync_hash(c->sync[k].r, c->sync[k].w, size);
        while (t[i].r >= 0)
          i = (i + 1) & (unsigned long)(size - 1);
        t[i] = c->sync[k];
      }
    free(c->sync);
    c->sync = t;
    c->sync_size = size;
  }
  unsigned long i = sync_hash(r, w, c->sync_size);
  while (c->sync[i].r >= 0)
    i = (i + 1) & (unsigned long)(c->sync_size - 1);
  got.r = r;
  got.w = w;
  got.ans = ans;
  c->sync[i] = got;
  c->nsync++;
  *mp = &c->sync[i];
  return ans;
}
