/* placement.c — wmm_place (placement.h): event graph -> critical cycles ->
 * each cycle's requirement (computed with the model) -> a weighted cover
 * problem over (position, fence kind) -> GLPK (or the greedy cover) -> the
 * fences, the delays each orders, and a witness cycle per delay.
 *
 * Cover problem: a var per (position, kind) with cost(kind) x weight; a row
 * per concrete pair that needs a kind k (OR of the vars at its positions
 * whose kind covers k); an alternative per minimal assignment of a cycle
 * (AND of the rows of its slots); a need per cycle (OR of its alternatives).
 * Positions that lie in exactly the same rows are merged first (the
 * cheapest, then the earliest, stands for them), which keeps the problem
 * small without changing its optimum.
 *
 * Example: see placement.h.
 */
#include "placement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aeg.h"
#include "models/check.h"
#include "cycles.h"
#include "ilp.h"
#include "litmus/litmus.h"
#include "internal.h"
#include "requirement.h"

wmm_place_opts wmm_place_opts_default(wmm_model m)
{
  wmm_place_opts o;
  memset(&o, 0, sizeof o);
  o.model = m;
  o.time_limit = 60;
  return o;
}

int wmm_place_from_supported(wmm_model m)
{
  return m == WMM_MODEL_SC || m == WMM_MODEL_TSO || m == WMM_MODEL_PSO ||
         m == WMM_MODEL_RMO;
}

void wmm_placement_free(wmm_placement *pl)
{
  if (!pl)
    return;
  for (int i = 0; i < pl->nfences; i++)
    free(pl->fences[i].delays);
  free(pl->fences);
  free(pl->delays);
  for (int i = 0; i < pl->ncycles; i++) {
    free(pl->cycles[i].ev);
    free(pl->cycles[i].shape);
    free(pl->cycles[i].need);
    free(pl->cycles[i].program);
  }
  free(pl->cycles);
  free(pl->silent);
  free(pl->blind);
  memset(pl, 0, sizeof *pl);
}

int wmm_placement_apply(wmm_program *p, const wmm_placement *pl)
{
  for (int i = pl->nfences - 1; i >= 0; i--) {
    const wmm_placed_fence *f = &pl->fences[i];
    int rc = wmm_thread_insert_fence(p, f->thread, f->index, f->kind);
    if (rc < 0)
      return rc;
  }
  return 0;
}

/* ------------------------------------------------------------ helpers */

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

static char *dupstr(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* A need under construction: alternatives as lists of terms. */
typedef struct pneed {
  int cycle;               /* witness cycle (placement index) or -1 */
  int alt_off, nalt;       /* into alt_term_off */
} pneed;

typedef struct builder {
  place_ctx ctx;
  wmm_req_engine *eng;
  pneed *needs;
  int nneeds, cap_needs;
  int *alt_off;            /* per alternative: offset into terms */
  int nalt_off, cap_alt_off;
  int *terms;
  int nterms, cap_terms;
  int unfixable;
  wmm_placement *out;
  int cap_cycles;
  int in_handoff;          /* handoff_needs is evaluating its cycles */
} builder;

static int add_term(builder *b, int term)
{
  if (grow((void **)&b->terms, &b->cap_terms, b->nterms, sizeof *b->terms))
    return -1;
  b->terms[b->nterms++] = term;
  return 0;
}

static int begin_alt(builder *b)
{
  if (grow((void **)&b->alt_off, &b->cap_alt_off, b->nalt_off + 1,
           sizeof *b->alt_off))
    return -1;
  b->alt_off[b->nalt_off++] = b->nterms;
  return 0;
}

/* Shape access of class c. */

static int is_write_flag(const wmm_aeg_class *c)
{
  return c->reads && c->writes ? 2 : c->writes ? 1 : 0;
}

/* Text of the alternatives of r: "{lwsync, sync} | {sync, lwsync}". */
static char *need_text(const wmm_req *r)
{
  wmm_strbuf b = WMM_STRBUF_INIT;
  for (int a = 0; a < r->nalt; a++) {
    wmm_strbuf_puts(&b, a ? " | {" : "{");
    for (int s = 0; s < r->nslots; s++) {
      wmm_fence f = r->alt[a * r->nslots + s];
      wmm_strbuf_printf(&b, "%s%s", s ? ", " : "",
                        f == WMM_FENCE_NONE ? "-" : wmm_fence_name(f));
    }
    wmm_strbuf_puts(&b, "}");
  }
  if (!r->nalt)
    wmm_strbuf_puts(&b, "{}");
  char *s = b.failed ? NULL : dupstr(wmm_strbuf_str(&b));
  wmm_strbuf_free(&b);
  return s;
}

/* Record class cycle cy as a witness cycle of the placement. */
static int add_cycle(builder *b, const wmm_cycles *cy, int ci,
                     const wmm_req_shape *shape, const wmm_req *r,
                     const int *seg_group)
{
  const wmm_aeg *g = b->ctx.g;
  wmm_placement *out = b->out;
  if (grow((void **)&out->cycles, &b->cap_cycles, out->ncycles, sizeof *out->cycles))
    return -1;
  wmm_cycle *c = &out->cycles[out->ncycles];
  memset(c, 0, sizeof *c);
  const wmm_ccycle *cc = &cy->cyc[ci];
  c->ev = xcalloc((size_t)cc->n * 2, sizeof *c->ev);
  if (!c->ev)
    return -1;
  for (int k = 0; k < cc->n; k++) {
    const wmm_cseg *sg = &cy->seg[cc->off + k];
    int nodes[2];
    if (sg->a == sg->b) {
      nodes[0] = g->acc[g->cls[sg->a].acc[0]].node;
    } else {
      const place_group *q = &b->ctx.groups[seg_group[k]];
      nodes[0] = q->rep_a >= 0 ? q->rep_a : g->acc[g->cls[sg->a].acc[0]].node;
      nodes[1] = q->rep_b >= 0 ? q->rep_b : g->acc[g->cls[sg->b].acc[0]].node;
    }
    for (int j = 0; j < (sg->a == sg->b ? 1 : 2); j++) {
      int cls = j ? sg->b : sg->a;
      wmm_cycle_event *e = &c->ev[c->nev++];
      e->thread = g->node_unit[nodes[j]];
      e->index = wmm_aeg_node_index(g, nodes[j]);
      e->loc = g->cls[cls].loc;
      e->is_write = is_write_flag(&g->cls[cls]);
      e->pair = sg->a != sg->b && j == 0;
      e->vthread = g->cls[cls].thread;
    }
  }
  wmm_strbuf sb = WMM_STRBUF_INIT;
  wmm_req_shape_format(shape, &sb);
  c->shape = sb.failed ? NULL : dupstr(wmm_strbuf_str(&sb));
  wmm_strbuf_free(&sb);
  c->need = need_text(r);
  if (!c->shape || !c->need)
    return -1;
  if (b->ctx.o->keep_programs) {
    wmm_program *cp = wmm_req_program(shape, b->ctx.p->arch, NULL);
    wmm_strbuf pb = WMM_STRBUF_INIT;
    if (cp)
      wmm_litmus_dump(cp, WMM_DUMP_NO_POS, &pb);
    c->program = cp && !pb.failed ? dupstr(wmm_strbuf_str(&pb)) : NULL;
    wmm_strbuf_free(&pb);
    wmm_program_free(cp);
    if (!c->program)
      return -1;
  }
  out->ncycles++;
  return 0;
}

/* Forget the last recorded witness cycle (wmm_place_opts.want_cycle said
 * it need not be broken). */
static void drop_last_cycle(wmm_placement *out)
{
  wmm_cycle *c = &out->cycles[--out->ncycles];
  free(c->ev);
  free(c->shape);
  free(c->need);
  free(c->program);
  memset(c, 0, sizeof *c);
}

/* Add the alternatives of requirement r to need n: over the slots' groups
 * (slot_sliced[s]: the slot's program was its slice; NULL: none was;
 * slot_least[s]: the reference has the group's instances that meet no
 * full fence of its own, so only the others need the slot's kind, and
 * none where the target's fences give it on each of their paths; not for
 * a slice's slot, whose fence goes right after its first access: the
 * same cycle's abstract alternatives, r2 of add_need, have the slot free). */
static int add_alts(builder *b, pneed *n, const wmm_req *r, const int *slot_group,
                    const int *slot_sliced, const int *slot_least)
{
  for (int a = 0; a < r->nalt; a++) {
    if (begin_alt(b))
      return -WMM_ERR_NOMEM;
    for (int s = 0; s < r->nslots; s++) {
      wmm_fence k = r->alt[a * r->nslots + s];
      if (k == WMM_FENCE_NONE)
        continue;
      if (slot_least && slot_least[s] && !(slot_sliced && slot_sliced[s])) {
        int met = place_group_ordered_fenced(&b->ctx, slot_group[s], k,
                                             b->ctx.o->from);
        if (met < 0)
          return met;
        if (met)
          continue;
      }
      int t = place_term_get(&b->ctx, slot_group[s], k,
                             slot_sliced ? slot_sliced[s] : 0);
      if (t < 0)
        return t;
      if (add_term(b, t))
        return -WMM_ERR_NOMEM;
    }
    n->nalt++;
  }
  return 0;
}

/* Add a need: the alternatives of r, and of r2 when given (the same cycle
 * with every slot's program abstract, whose fences may go anywhere on the
 * pair's paths, where a slice's must go right after its first access). */
static int add_need(builder *b, const wmm_req *r, const int *slot_group,
                    const int *slot_sliced, const int *slot_least,
                    const wmm_req *r2, int cycle)
{
  if (grow((void **)&b->needs, &b->cap_needs, b->nneeds, sizeof *b->needs))
    return -WMM_ERR_NOMEM;
  pneed *n = &b->needs[b->nneeds];
  n->cycle = cycle;
  n->alt_off = b->nalt_off;
  n->nalt = 0;
  int rc = add_alts(b, n, r, slot_group, slot_sliced, slot_least);
  if (rc == 0 && r2)
    rc = add_alts(b, n, r2, slot_group, NULL, slot_least);
  if (rc < 0)
    return rc;
  b->nneeds++;
  return 0;
}

/* ------------------------------------------------------- cycles -> needs */

/* Does every execution that model m allows, of any program, also satisfy
 * reference model `from` (sc ⊆ tso ⊆ pso ⊆ rmo)?  Then no cycle needs a
 * fence (e.g. x86 code kept on tso). */
static int keeps_reference(wmm_model m, wmm_model from)
{
  static const int rank[WMM_MODEL_COUNT] = {
    [WMM_MODEL_SC] = 4, [WMM_MODEL_TSO] = 3, [WMM_MODEL_PSO] = 2,
    [WMM_MODEL_RMO] = 1};
  return rank[m] && rank[from] && rank[m] >= rank[from];
}

/* Does the reference model (o->from) allow the cycle of segments segs (n of
 * them, seg_group: each two-access segment's group)?  It is asked about the
 * cycle's most ordered form: each pair's fences on every path, plus a full
 * fence where some path between its accesses meets what the reference may
 * take for one (place_group_ref_full), so that a cycle is kept only when
 * every concrete instance of it is one the reference has; segment `least`
 * (-1: none) is asked about in its least ordered form instead, the
 * instances whose paths meet no such instruction. */
static int reference_allows(builder *b, const wmm_req_seg *segs,
                            const int *seg_group, const uint32_t *credit,
                            int n, int least, int *allowed, wmm_error *err)
{
  wmm_model from = b->ctx.o->from;
  wmm_req_seg ref[64];
  if (n > 64)
    return wmm_fail(err, WMM_ERR_LIMIT, NULL, 0, "cycle of %d segments", n);
  for (int k = 0; k < n; k++) {
    ref[k] = segs[k];
    ref[k].prog = NULL;
    if (seg_group[k] < 0)
      continue;
    /* without the fences of acquire / release mappings the reference
       does not have (credit: the segment's lock credit) */
    ref[k].fences = place_group_ref_fences(&b->ctx, seg_group[k], from) | credit[k];
    int full = k == least ? 0 : place_group_ref_full(&b->ctx, seg_group[k], from);
    if (full < 0)
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
    if (full)
      ref[k].fences |= 1u << WMM_FENCE_MFENCE;
  }
  wmm_req_shape shape = {ref, n};
  return wmm_req_reference_allows(b->eng, from, &shape, allowed, err);
}

/* Scratch arrays of cycle_eval, grown to the longest cycle. */
typedef struct cycle_bufs {
  wmm_req_seg *segs;
  int *seg_group, *slot_group, *slot_sliced;
  int *seg_least, *slot_least;  /* mark_least_kept's segments, by slot */
  uint32_t *credit;    /* per segment: its lock credit (place_section_credit) */
  int cap;
} cycle_bufs;

static void cycle_bufs_free(cycle_bufs *w)
{
  free(w->segs), free(w->seg_group), free(w->slot_group), free(w->slot_sliced);
  free(w->seg_least), free(w->slot_least);
  free(w->credit);
  memset(w, 0, sizeof *w);
}

/* The cycle of w->segs (n segments) is one the reference forbids in its
 * most ordered form (reference_allows).  Mark the segments whose instances
 * that meet no instruction the reference may take for a full fence keep
 * the cycle allowed (asked with that segment least ordered, every other
 * most: more order forbids no less); their slots then need a fence only on
 * the paths that meet one (add_alts).  The abstract shape is asked, slices
 * or not (its slots' fences are every path's).  Only under tso, whose fences other
 * than the full ones order nothing it does not already keep (under pso or
 * rmo a path's partial fence would count).  0 or a negative wmm_status. */
static int mark_least_kept(builder *b, int n, cycle_bufs *w, const wmm_req *r,
                           wmm_error *err)
{
  if (b->ctx.o->from != WMM_MODEL_TSO || r->status != WMM_REQ_NEEDS)
    return 0;
  for (int k = 0; k < n; k++) {
    if (w->seg_group[k] < 0)
      continue;
    int full = place_group_ref_full(&b->ctx, w->seg_group[k], b->ctx.o->from);
    if (full < 0)
      return full;
    if (!full)
      continue;   /* (no path of it meets one: no less ordered form) */
    int allowed = 0;
    int rc = reference_allows(b, w->segs, w->seg_group, w->credit, n, k,
                              &allowed, err);
    if (rc < 0)
      return rc;
    w->seg_least[k] = allowed;
  }
  return 0;
}

static int handoff_needs(builder *b, wmm_cycles *cy, int r, int w,
                         const place_sync *mp, wmm_error *err);

/* The requirement of class cycle ci: when the target allows it and the
 * reference forbids it, it becomes a witness cycle of the placement
 * (*added = its index) and, with `need`, a need of the cover; else
 * *added = -1.  0, or a negative wmm_status. */
static int cycle_eval(builder *b, wmm_cycles *cy, int ci, cycle_bufs *w,
                      int need, int *added, wmm_error *err)
{
  const wmm_aeg *g = b->ctx.g;
  const wmm_ccycle *cc = &cy->cyc[ci];
  int rc = 0;
  *added = -1;
  if (cc->n > w->cap) {
    cycle_bufs_free(w);
    w->cap = cc->n;
    w->segs = xcalloc((size_t)w->cap, sizeof *w->segs);
    w->seg_group = xcalloc((size_t)w->cap, sizeof *w->seg_group);
    w->slot_group = xcalloc((size_t)w->cap, sizeof *w->slot_group);
    w->slot_sliced = xcalloc((size_t)w->cap, sizeof *w->slot_sliced);
    w->seg_least = xcalloc((size_t)w->cap, sizeof *w->seg_least);
    w->slot_least = xcalloc((size_t)w->cap, sizeof *w->slot_least);
    w->credit = xcalloc((size_t)w->cap, sizeof *w->credit);
    if (!w->segs || !w->seg_group || !w->slot_group || !w->slot_sliced ||
        !w->seg_least || !w->slot_least ||
        !w->credit)
      return -WMM_ERR_NOMEM;
  }
  wmm_req_seg *segs = w->segs;
  int *seg_group = w->seg_group;
  /* a from-read edge that a flag hand-off rules out (syncread.c) */
  for (int k = 0; k < cc->n; k++) {
    int r = cy->seg[cc->off + k].b, wr = cy->seg[cc->off + (k + 1) % cc->n].a;
    if (!g->cls[r].reads || g->cls[r].writes || !g->cls[wr].writes ||
        g->cls[wr].reads)
      continue;
    place_sync *mp;
    rc = place_fr_synchronised(&b->ctx, b->eng, r, wr, &mp, err);
    if (rc < 0)
      return rc;
    if (rc == 1)
      return 0;
    /* ... once the flag's own cycles are needs too (a cycle tested as a
       witness after the cover is built adds none) */
    if (rc == 2 && need && !b->in_handoff && !b->ctx.o->no_handoff) {
      rc = handoff_needs(b, cy, r, wr, mp, err);
      if (rc < 0)
        return rc;
      if (rc)
        return 0;
      cc = &cy->cyc[ci];   /* (cy may have grown) */
    }
  }
  /* a once-group's block runs once, in one thread */
  rc = place_once_impossible(&b->ctx, &cy->seg[cc->off], cc->n);
  if (rc)
    return rc < 0 ? rc : 0;
  /* protected accesses count fully on a cycle of two threads or of
     protected accesses only (place_section_credit) */
  int strong = 1;
  for (int k = 0; k < cc->n && strong && cc->n != 2; k++) {
    const wmm_cseg *sg = &cy->seg[cc->off + k];
    strong = place_cls_section(g, sg->a) && place_cls_section(g, sg->b);
  }
  for (int k = 0; k < cc->n; k++) {
    const wmm_cseg *sg = &cy->seg[cc->off + k];
    wmm_req_seg *rs = &segs[k];
    memset(rs, 0, sizeof *rs);
    rs->acc[0] = place_class_acc(g, sg->a);
    seg_group[k] = -1;
    w->seg_least[k] = 0;
    if (sg->a == sg->b) {
      rs->nacc = 1;
      continue;
    }
    rs->nacc = 2;
    rs->acc[1] = place_class_acc(g, sg->b);
    int q = place_group_get(&b->ctx, sg->thread, sg->a, sg->b);
    if (q < 0)
      return q;
    /* its pairs touch one address: no execution has the segment */
    if (b->ctx.groups[q].same_addr)
      return 0;
    seg_group[k] = q;
    rs->deps = b->ctx.groups[q].deps;
    w->credit[k] = place_section_credit(&b->ctx, sg->a, sg->b, strong);
    rs->fences = b->ctx.groups[q].fences | w->credit[k];
  }
  /* slices: a pair's own code, unless what lies between writes to a
   * location of the cycle (its final value could no longer pin co) */
  for (int k = 0; k < cc->n && !b->ctx.o->no_slices; k++) {
    if (seg_group[k] < 0)
      continue;
    const place_group *q = &b->ctx.groups[seg_group[k]];
    int clash = !q->slice || q->slice_wunknown;
    for (int j = 0; j < cc->n && !clash; j++)
      for (int m = 0; m < segs[j].nacc; m++) {
        int l = segs[j].acc[m].loc;
        clash |= (int)((q->slice_wlocs[(l % 128) / 64] >> (l % 64)) & 1);
      }
    if (clash)
      continue;
    segs[k].prog = b->ctx.p;
    segs[k].unit = q->slice_unit;
    segs[k].from = q->slice_from;
    segs[k].to = q->slice_to;
  }
  wmm_req_shape shape = {segs, cc->n};
  wmm_req r;
  rc = wmm_req_compute(b->eng, &shape, &r, err);
  if (rc < 0)
    return rc;
  if (r.status == WMM_REQ_FORBIDDEN) {
    wmm_req_free(&r);
    return 0;
  }
  if (b->ctx.o->from != WMM_MODEL_SC) {
    int kept = keeps_reference(b->ctx.m, b->ctx.o->from);
    if (!kept)
      rc = reference_allows(b, segs, seg_group, w->credit, cc->n, -1, &kept, err);
    if (rc < 0 || kept) {
      if (rc == 0 && need)
        b->out->nkept++;
      wmm_req_free(&r);
      return rc;
    }
    rc = mark_least_kept(b, cc->n, w, &r, err);
    if (rc < 0) {
      wmm_req_free(&r);
      return rc;
    }
  }
  if (r.status == WMM_REQ_UNFIXABLE) {
    /* best effort: the strongest fence in every slot, and say so */
    if (need)
      b->unfixable++;
    free(r.alt);
    r.nalt = 1;
    r.alt = malloc((size_t)(r.nslots ? r.nslots : 1) * sizeof *r.alt);
    if (!r.alt) {
      wmm_req_free(&r);
      return -WMM_ERR_NOMEM;
    }
    for (int k = 0; k < r.nslots; k++)
      r.alt[k] = b->ctx.top;
  }
  for (int s = 0; s < r.nslots; s++) {
    w->slot_group[s] = seg_group[r.slot_seg[s]];
    w->slot_sliced[s] = segs[r.slot_seg[s]].prog != NULL;
    w->slot_least[s] = w->seg_least[r.slot_seg[s]];
  }
  if (add_cycle(b, cy, ci, &shape, &r, seg_group)) {
    wmm_req_free(&r);
    return -WMM_ERR_NOMEM;
  }
  *added = b->out->ncycles - 1;
  if (!need) {
    wmm_req_free(&r);
    return 0;
  }
  if (b->ctx.o->want_cycle &&
      !b->ctx.o->want_cycle(&b->out->cycles[*added], b->ctx.o->want_cycle_arg)) {
    drop_last_cycle(b->out);
    *added = -1;
    b->out->nunwanted++;
    if (r.status == WMM_REQ_UNFIXABLE)
      b->unfixable--;
    wmm_req_free(&r);
    return 0;
  }
  b->out->nclass_cycles++;
  /* with a slice, also the abstract requirement (free positions) */
  wmm_req r2;
  int have2 = 0, sliced = 0;
  memset(&r2, 0, sizeof r2);
  for (int k = 0; k < cc->n; k++)
    sliced |= segs[k].prog != NULL;
  if (sliced && r.status == WMM_REQ_NEEDS) {
    for (int k = 0; k < cc->n; k++)
      segs[k].prog = NULL;
    rc = wmm_req_compute(b->eng, &shape, &r2, err);
    if (rc < 0) {
      wmm_req_free(&r);
      return rc;
    }
    have2 = r2.status == WMM_REQ_NEEDS;
  }
  rc = add_need(b, &r, w->slot_group, w->slot_sliced, w->slot_least,
                have2 ? &r2 : NULL,
                *added);
  wmm_req_free(&r);
  wmm_req_free(&r2);
  return rc;
}

/* The message-passing cycles w -po-> S -rf-> L -po-> r -fr-> w of a flag
 * hand-off whose pairs the code does not keep in order yet (syncread.c's
 * answer 2): each a need of the cover, once per (r, w).  Then no
 * execution of the fenced program has the from-read edge r -> w.  1 when
 * every one of them is a need, 0 when one is not (the reference allows
 * it, goal=assertions does not want it: the edge stays), < 0 error. */
static int handoff_needs(builder *b, wmm_cycles *cy, int r, int w,
                         const place_sync *mp, wmm_error *err)
{
  if (!mp)
    return 0;   /* (the answer could not be kept) */
  if (mp->handoff)
    return mp->handoff > 0;
  place_sync got = *mp;   /* (the table may grow while the cycles are
                             evaluated) */
  const wmm_aeg *g = b->ctx.g;
  int t1 = g->cls[w].thread, t2 = g->cls[r].thread, ok = 1, rc = 0;
  cycle_bufs wb;
  memset(&wb, 0, sizeof wb);
  b->in_handoff = 1;
  for (int k = 0; k < got.nmp && ok && rc >= 0; k++) {
    /* the cycle goes past the end of cy for its evaluation, as a
       witness's does; add_cycle keeps its copy */
    if (grow((void **)&cy->seg, &cy->cap_seg, cy->nseg + 1, sizeof *cy->seg) ||
        grow((void **)&cy->cyc, &cy->cap_cyc, cy->ncyc, sizeof *cy->cyc)) {
      rc = -WMM_ERR_NOMEM;
      break;
    }
    cy->seg[cy->nseg] = (wmm_cseg){t1, w, got.s[k]};
    cy->seg[cy->nseg + 1] = (wmm_cseg){t2, got.l[k], r};
    cy->cyc[cy->ncyc] = (wmm_ccycle){cy->nseg, 2, 0, 1};
    int added = -1;
    rc = cycle_eval(b, cy, cy->ncyc, &wb, 1, &added, err);
    ok = added >= 0;
  }
  b->in_handoff = 0;
  cycle_bufs_free(&wb);
  if (rc < 0)
    return rc;
  place_sync *now;   /* (the kept answer, where it is now) */
  rc = place_fr_synchronised(&b->ctx, b->eng, r, w, &now, err);
  if (rc < 0)
    return rc;
  if (now)
    now->handoff = ok ? 1 : -1;
  return ok;
}

static int cycle_needs(builder *b, wmm_cycles *cy, wmm_error *err)
{
  cycle_bufs w;
  memset(&w, 0, sizeof w);
  int rc = 0, added;
  for (int ci = 0; ci < cy->ncyc && rc == 0; ci++)
    if (!cy->cyc[ci].witness)
      rc = cycle_eval(b, cy, ci, &w, 1, &added, err);
  cycle_bufs_free(&w);
  if (rc == -WMM_ERR_NOMEM)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
  return rc;
}

/* A witness search's test (wmm_cycles_accept): does the target allow the
 * cycle and the reference forbid it?  Then it is a witness cycle of the
 * placement, its index in *added. */
typedef struct witness_ctx {
  builder *b;
  wmm_cycles *cy;
  cycle_bufs *w;
  wmm_error *err;
  int added;
  int rc;              /* cycle_eval's error, 0 when none */
  int tests_left;      /* cycles it may still test */
} witness_ctx;

static int witness_accept(void *vctx, const wmm_cseg *seg, int n)
{
  witness_ctx *x = vctx;
  wmm_cycles *cy = x->cy;
  if (x->tests_left-- <= 0)
    return -2;   /* stop looking */
  /* the cycle goes at the end of cy for the time of the test */
  if (grow((void **)&cy->seg, &cy->cap_seg, cy->nseg + n, sizeof *cy->seg) ||
      grow((void **)&cy->cyc, &cy->cap_cyc, cy->ncyc, sizeof *cy->cyc))
    return -1;
  while (cy->cap_seg < cy->nseg + n)
    if (grow((void **)&cy->seg, &cy->cap_seg, cy->cap_seg, sizeof *cy->seg))
      return -1;
  memcpy(&cy->seg[cy->nseg], seg, (size_t)n * sizeof *seg);
  cy->cyc[cy->ncyc] = (wmm_ccycle){cy->nseg, n, 0, 1};
  int added = -1;
  wmm_error scratch;
  int rc = cycle_eval(x->b, cy, cy->ncyc, x->w, 0, &added, &scratch);
  if (rc == -WMM_ERR_NOMEM) {
    x->rc = wmm_fail(x->err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
    return -1;
  }
  if (rc < 0)
    return 0;   /* too big for the checker: not a witness, look on */
  x->added = added;
  return added >= 0;
}

void wmm_delay_event(const wmm_placement *pl, const wmm_delay *d, int e,
                     int *thread, int *index)
{
  const wmm_cycle *c = &pl->cycles[d->cycle];
  if (d->seg >= 0 && (e == d->seg || e == d->seg + 1)) {
    *thread = e == d->seg ? d->thread : d->to_thread;
    *index = e == d->seg ? d->from : d->to;
    return;
  }
  *thread = c->ev[e].thread;
  *index = c->ev[e].index;
}

/* Is the access at node n of the class event e stands for: may it touch
 * e's location, with e's access type? */
static int event_holds(const wmm_aeg *g, const wmm_cycle_event *e, int n)
{
  int a = g->node_acc[n];
  if (a < 0 || !wmm_aeg_acc_touches(g, a, e->loc))
    return 0;
  const wmm_aeg_acc *ac = &g->acc[a];
  return (e->is_write != 0) == (ac->writes != 0) &&
         (e->is_write != 1) == (ac->reads != 0);
}

/* Where in its cycle delay d (nodes na, nb) stands: the first po pair of
 * the cycle whose classes hold d's accesses (in the classes' thread; the
 * exact pair first); -1 when none. */
static int own_segment(const wmm_aeg *g, const wmm_placement *out,
                       const wmm_delay *d, int na, int nb)
{
  if (d->cycle < 0 || d->cycle >= out->ncycles)
    return -1;
  const wmm_cycle *c = &out->cycles[d->cycle];
  int found = -1;
  for (int k = 0; k + 1 < c->nev; k++) {
    const wmm_cycle_event *x = &c->ev[k], *y = &c->ev[k + 1];
    if (!x->pair)
      continue;
    if (x->thread == d->thread && x->index == d->from &&
        y->thread == d->to_thread && y->index == d->to)
      return k;
    if (found < 0 && wmm_aeg_in_thread(g, x->vthread, na) &&
        wmm_aeg_in_thread(g, x->vthread, nb) && event_holds(g, x, na) &&
        event_holds(g, y, nb))
      found = k;
  }
  return found;
}

/* Budget of the search for a witness the target allows: steps and cycles
 * tested per pair, pairs tried per fence.  The fences still without a
 * witness then get a second search with RETRY times the steps and tests,
 * until the retries have taken RETRY_TOTAL steps in all. */
#define WITNESS_STEPS 4000L
#define WITNESS_TESTS 32
#define WITNESS_TRIES 4
#define WITNESS_RETRY 100
#define WITNESS_RETRY_TOTAL (4 * WITNESS_RETRY * WITNESS_STEPS)

/* One round of witness searches (fallback_witnesses): for the fences whose
 * delays have no cycle yet, up to WITNESS_TRIES of their delays' pairs
 * with `steps` and `tests` each, while *budget (the steps the searches may
 * still take, NULL: no limit) lasts. */
static int witness_round(builder *b, wmm_cycles *cy, const place_fbpairs *fb,
                         long steps, int tests, long *budget, wmm_error *err)
{
  const wmm_aeg *g = b->ctx.g;
  wmm_placement *out = b->out;
  int *pair_wit = xcalloc((size_t)cy->nfallback + 1, sizeof *pair_wit);
  if (!pair_wit)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
  cycle_bufs w;
  memset(&w, 0, sizeof w);
  int rc = 0;
  for (int f = 0; f < out->nfences && rc == 0; f++) {
    const wmm_placed_fence *pf = &out->fences[f];
    int has = 0, tries = 0;
    for (int j = 0; j < pf->ndelays && !has; j++)
      has = out->delays[pf->delays[j]].cycle >= 0;
    for (int j = 0; j < pf->ndelays && !has && tries < WITNESS_TRIES && rc == 0; j++) {
      wmm_delay *d = &out->delays[pf->delays[j]];
      int na = g->unit_base[d->thread] + d->from, nb = g->unit_base[d->to_thread] + d->to;
      int ca, cb;
      if (!place_fbpairs_find(fb, g, -1, na, nb, &ca, &cb))
        continue;
      int k = wmm_cycles_fb_index(g, cy, ca, cb);
      if (!pair_wit[k]) {     /* witness index + 2, or 1: none */
        long left = budget && *budget < steps ? *budget : steps;
        if (left <= 0)
          break;
        long given = left;
        tries++;
        witness_ctx x = {b, cy, &w, err, -1, 0, tests};
        int ci = -1;
        if (wmm_cycles_witness(g, cy, ca, cb,
                               &left, witness_accept, &x, &ci))
          rc = x.rc ? x.rc : -WMM_ERR_NOMEM;
        if (budget)
          *budget -= given - left;
        pair_wit[k] = ci >= 0 ? x.added + 2 : 1;
      }
      d->cycle = pair_wit[k] - 2;
      d->seg = own_segment(g, out, d, na, nb);
      has = d->cycle >= 0;
    }
  }
  cycle_bufs_free(&w);
  free(pair_wit);
  if (rc == -WMM_ERR_NOMEM)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
  return rc;
}

/* Witnesses for the fences that order only delays of fallback pairs
 * (cycle -1): for up to WITNESS_TRIES of a fence's delays, the shortest
 * cycle through the delay's pair of classes that the target allows and
 * the reference forbids (wmm_cycles_witness), one search per pair; then
 * the same with a larger budget for the fences left without one.  A delay
 * keeps -1 when it was not tried or none was found. */
static int fallback_witnesses(builder *b, wmm_cycles *cy,
                              const place_fbpairs *fb, wmm_error *err)
{
  if (!fb->node_off)
    return 0;   /* no search overflowed */
  int rc = witness_round(b, cy, fb, WITNESS_STEPS, WITNESS_TESTS, NULL, err);
  long budget = WITNESS_RETRY_TOTAL;
  if (rc == 0)
    rc = witness_round(b, cy, fb, WITNESS_RETRY * WITNESS_STEPS,
                       WITNESS_RETRY * WITNESS_TESTS, &budget, err);
  return rc;
}

/* Is the model multi-copy atomic, so that a cycle is forbidden as soon as
 * each of its pairs is kept in order on its own?  (tso, pso, rmo: a single
 * global order; armv8: other-multi-copy-atomic, ob is acyclic.) */
static int pair_local(wmm_model m)
{
  return m == WMM_MODEL_TSO || m == WMM_MODEL_PSO || m == WMM_MODEL_RMO ||
         m == WMM_MODEL_ARMV8;
}

static void mark_nodes(const wmm_aeg *g, int c, unsigned char *rel)
{
  for (int k = 0; k < g->cls[c].nacc; k++)
    rel[g->acc[g->cls[c].acc[k]].node] = 1;
}

/* Mark in rel the nodes of thread th's classes on fallback pairs that no
 * critical section credits, and append to tp (ntp pairs, as ta, tb) the
 * pairs of access types they have, in the order of their first pair
 * (rows in order, a row's classes by local index); rows[0 .. nrows) are
 * the thread's classes with a fallback row.  A word of classes at a time:
 * per type, the classes of that type are a bit row.  0, or -1 out of
 * memory. */
static int thread_fallback_types(builder *b, const wmm_aeg_thread *th,
                                 const int *rows, int nrows,
                                 const wmm_cycles *cy, unsigned char *rel,
                                 unsigned **tp, int *cap_tp, int *ntp)
{
  const wmm_aeg *g = b->ctx.g;
  wmm_fence top = b->ctx.top;
  int W = th->words, ntypes = 0, rc = 0;
  unsigned *types = xcalloc((size_t)th->ncls + 1, sizeof *types);
  int *type_of = xcalloc((size_t)th->ncls + 1, sizeof *type_of);
  int *first = xcalloc((size_t)th->ncls + 1, sizeof *first);
  uint64_t *open = xcalloc((size_t)W + 1, sizeof *open);   /* no credit */
  uint64_t *seen = xcalloc((size_t)W + 1, sizeof *seen);   /* marked */
  uint64_t *bits = xcalloc((size_t)W + 1, sizeof *bits);
  uint64_t *tset = NULL;
  if (!types || !type_of || !first || !open || !seen || !bits)
    rc = -1;
  /* a class's credit alone: place_section_credit ORs the two classes'
     section flags, and each flag credits on its own */
  for (int k = 0; k < th->ncls && rc == 0; k++) {
    int c = th->cls[k], j = 0;
    if (!((place_section_credit(&b->ctx, c, c, 0) >> top) & 1u))
      open[k / 64] |= 1ull << (k % 64);
    while (j < ntypes && types[j] != g->cls[c].type)
      j++;
    if (j == ntypes)
      types[ntypes++] = g->cls[c].type;
    type_of[k] = j;
  }
  if (rc == 0 && !(tset = xcalloc((size_t)ntypes * W + 1, sizeof *tset)))
    rc = -1;
  for (int k = 0; k < th->ncls && rc == 0; k++)
    tset[(size_t)type_of[k] * W + k / 64] |= 1ull << (k % 64);
  for (int j = 0; j < nrows && rc == 0; j++) {
    int ca = rows[j], la = g->cls[ca].local;
    if (!((open[la / 64] >> (la % 64)) & 1u))
      continue;   /* every pair of ca is credited */
    const uint64_t *row = cy->fb_bits + cy->fb_row[ca];
    int any = 0;
    for (int w = 0; w < W; w++)
      any |= (bits[w] = row[w] & open[w]) != 0;
    if (!any)
      continue;
    /* classes seen for the first time (ca, then the row's): their nodes */
    if (!((seen[la / 64] >> (la % 64)) & 1u)) {
      seen[la / 64] |= 1ull << (la % 64);
      mark_nodes(g, ca, rel);
    }
    for (int w = 0; w < W; w++) {
      uint64_t fresh = bits[w] & ~seen[w];
      seen[w] |= fresh;
      for (; fresh; fresh &= fresh - 1)
        mark_nodes(g, th->cls[w * 64 + __builtin_ctzll(fresh)], rel);
    }
    /* pairs of types not had before, by their first class in the row */
    unsigned ta = g->cls[ca].type;
    int nnew = 0;
    for (int tj = 0; tj < ntypes; tj++) {
      int known = 0;
      for (int i = 0; i < *ntp && !known; i++)
        known = (*tp)[2 * i] == ta && (*tp)[2 * i + 1] == types[tj];
      if (known)
        continue;
      const uint64_t *ts = tset + (size_t)tj * W;
      for (int w = 0; w < W; w++)
        if (bits[w] & ts[w]) {
          first[nnew++] = w * 64 + __builtin_ctzll(bits[w] & ts[w]);
          break;
        }
    }
    for (int i = 1; i < nnew; i++)   /* by local index */
      for (int q = i; q > 0 && first[q - 1] > first[q]; q--) {
        int x = first[q];
        first[q] = first[q - 1], first[q - 1] = x;
      }
    for (int i = 0; i < nnew && rc == 0; i++) {
      if (grow((void **)tp, cap_tp, 2 * *ntp + 1, sizeof **tp)) {
        rc = -1;
        break;
      }
      (*tp)[2 * *ntp] = ta;
      (*tp)[2 * *ntp + 1] = types[type_of[first[i]]];
      (*ntp)++;
    }
  }
  free(types), free(type_of), free(first), free(open), free(seen);
  free(bits), free(tset);
  return rc < 0 ? -WMM_ERR_NOMEM : 0;
}

/* Needs of the pairs of overflowed SCCs: a fence strong enough on any
 * cycle, per thread and pair of access types (not per pair of classes, so
 * that a thread whose unknown addresses touch every location stays linear).
 * Multi-copy-atomic models: the minimal kinds that keep the pair in order
 * against a fully fenced partner (a two-thread probe, checked with the
 * model); the others: the strongest kind. */
static int fallback_needs(builder *b, const wmm_cycles *cy,
                          const place_fbpairs *fb, wmm_error *err)
{
  const wmm_aeg *g = b->ctx.g;
  wmm_model m = b->ctx.m;
  if (m == WMM_MODEL_SC || b->ctx.nkinds == 0 || cy->nfallback == 0 ||
      keeps_reference(m, b->ctx.o->from))
    return 0;
  b->out->nfallback = cy->nfallback;
  wmm_fence top = b->ctx.top;
  unsigned char *rel = xcalloc((size_t)g->nnodes, 1);
  unsigned *tp = NULL;
  int cap_tp = 0;
  int *by_thread = xcalloc((size_t)cy->nfb_cls + 1, sizeof *by_thread);
  int *toff = xcalloc((size_t)g->nthreads + 1, sizeof *toff);
  int *fill = xcalloc((size_t)g->nthreads + 1, sizeof *fill);
  if (!rel || !by_thread || !toff || !fill) {
    free(rel), free(by_thread), free(toff), free(fill);
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
  }
  /* the fallback rows bucketed by the thread of their class, in the pairs'
     order: by_thread[toff[t] .. toff[t + 1]) */
  for (int i = 0; i < cy->nfb_cls; i++)
    toff[g->cls[cy->fb_cls[i]].thread + 1]++;
  for (int t = 0; t < g->nthreads; t++)
    toff[t + 1] += toff[t];
  for (int i = 0; i < cy->nfb_cls; i++) {
    int t = g->cls[cy->fb_cls[i]].thread;
    by_thread[toff[t] + fill[t]++] = cy->fb_cls[i];
  }
  free(fill);
  int rc = 0;
  for (int t = 0; t < g->nthreads && rc == 0; t++) {
    /* the thread's events in overflowed SCCs (each class marked once), and
       its pairs of types */
    const wmm_aeg_thread *th = &g->threads[t];
    int ntp = 0;
    memset(rel, 0, (size_t)g->nnodes);
    if (toff[t] < toff[t + 1])
      rc = thread_fallback_types(b, th, by_thread + toff[t],
                                 toff[t + 1] - toff[t], cy, rel, &tp, &cap_tp,
                                 &ntp);
    for (int j = 0; j < ntp && rc == 0; j++) {
      unsigned ta = tp[2 * j], tb = tp[2 * j + 1];
      wmm_req r;
      wmm_fence one = top;
      memset(&r, 0, sizeof r);
      if (pair_local(m)) {
        /* probe: (A; B) then a partner from B's location back to A's, with
         * the strongest fence already between its two accesses */
        wmm_req_seg seg[2];
        memset(seg, 0, sizeof seg);
        int a_reads = wmm_instr_reads(&(wmm_instr){.op = (wmm_opkind)(ta & 0xff)});
        int a_writes = wmm_instr_writes(&(wmm_instr){.op = (wmm_opkind)(ta & 0xff)});
        int b_writes = wmm_instr_writes(&(wmm_instr){.op = (wmm_opkind)(tb & 0xff)});
        seg[0].nacc = 2;
        seg[0].acc[0] =
            (wmm_req_acc){(wmm_opkind)(ta & 0xff), place_type_flags(ta), 0};
        seg[0].acc[1] =
            (wmm_req_acc){(wmm_opkind)(tb & 0xff), place_type_flags(tb), 1};
        seg[1].nacc = 2;
        seg[1].acc[0] = (wmm_req_acc){b_writes ? WMM_OP_LOAD : WMM_OP_STORE, 0, 1};
        seg[1].acc[1] = (wmm_req_acc){a_reads && !a_writes ? WMM_OP_STORE
                                                           : WMM_OP_LOAD, 0, 0};
        seg[1].fences = 1u << top;
        wmm_req_shape shape = {seg, 2};
        rc = wmm_req_compute(b->eng, &shape, &r, err);
        if (rc < 0)
          break;
        if (r.status == WMM_REQ_FORBIDDEN) {
          wmm_req_free(&r);
          continue;
        }
        if (r.status == WMM_REQ_UNFIXABLE)
          b->unfixable++;
      } else {
        r.status = WMM_REQ_NEEDS;
        r.nslots = 1;
        r.nalt = 1;
        r.alt = &one;
      }
      /* one alternative per kind slot 0 may take */
      if (grow((void **)&b->needs, &b->cap_needs, b->nneeds, sizeof *b->needs)) {
        rc = -WMM_ERR_NOMEM;
      } else {
        pneed *n = &b->needs[b->nneeds];
        n->cycle = -1;
        n->alt_off = b->nalt_off;
        n->nalt = 0;
        int nalt = r.status == WMM_REQ_NEEDS ? r.nalt : 1;
        for (int a = 0; a < nalt && rc == 0; a++) {
          wmm_fence k = r.status == WMM_REQ_NEEDS ? r.alt[a * r.nslots] : top;
          if (k == WMM_FENCE_NONE)
            k = top;   /* not expected: the probe's pair is the one fenced */
          int term = place_fallback_term(&b->ctx, t, rel, ta, tb, k, fb);
          if (term < 0 || begin_alt(b) || add_term(b, term))
            rc = term < 0 ? term : -WMM_ERR_NOMEM;
          else
            n->nalt++;
        }
        if (rc == 0)
          b->nneeds++;
      }
      if (r.alt != &one)
        wmm_req_free(&r);
    }
  }
  free(rel), free(tp), free(by_thread), free(toff);
  if (rc == -WMM_ERR_NOMEM)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (placement)");
  return rc;
}

/* ------------------------------------------------- the cover problem */

typedef struct posinfo {
  int node;
  int rep;           /* representative position (index into posinfo) */
  int *rows;         /* prerows containing it (ascending) */
  int nrows, cap;
  unsigned long hash;
  double weight;
  int var[WMM_FENCE_COUNT];   /* var per kind at the representative */
} posinfo;

typedef struct cover_build {
  posinfo *pos;
  int npos;
  int *place_var;    /* (place, kind) -> var shared by the place, or -1 */
  double *place_w;   /* shared place -> its factor (shared_place_weights) */
  int nplace_w;
  int nplaces;
  int *link_var, *link_node, nlinks, cap_links;   /* other nodes of a var */
  int *node_pos;     /* node -> posinfo index or -1 */
  unsigned char *used_prerow;
  int *var_node;     /* per var: node */
  wmm_fence *var_kind;
  int nvar, cap_var;
} cover_build;

/* How much more a fence weighs at a shared place (per copy) than at a
 * place of its own: it decides between placements of one cost. */
#define SHARED_TIE 1e-6

static const posinfo *sort_pos_base;
static int cmp_pos(const void *x, const void *y)
{
  const posinfo *a = &sort_pos_base[*(const int *)x];
  const posinfo *b = &sort_pos_base[*(const int *)y];
  if (a->hash != b->hash)
    return a->hash < b->hash ? -1 : 1;
  if (a->nrows != b->nrows)
    return a->nrows - b->nrows;
  int c = memcmp(a->rows, b->rows, (size_t)a->nrows * sizeof *a->rows);
  if (c)
    return c;
  if (a->weight != b->weight)
    return a->weight < b->weight ? -1 : 1;
  return a->node - b->node;
}

static void free_cover_build(cover_build *cb)
{
  for (int i = 0; i < cb->npos; i++)
    free(cb->pos[i].rows);
  free(cb->pos);
  free(cb->node_pos);
  free(cb->used_prerow);
  free(cb->var_node);
  free(cb->var_kind);
  free(cb->place_var);
  free(cb->place_w);
  free(cb->link_var);
  free(cb->link_node);
}

/* The place (ir.h) of the position at node, 0 = its own. */
static int node_place(const wmm_aeg *g, int node)
{
  const wmm_thread *t = &g->p->threads[g->node_unit[node]];
  int i = wmm_aeg_node_index(g, node);
  return i < t->ncode ? t->code[i].place : 0;
}

/* The weight factor of each shared place (ir.h), indexed by place: one
 * fence of the source there counts once, as one position of the caller's
 * own would, and a hair more per copy of it: the fence runs in every copy
 * (each call site of a callee collected per call, which GCC inlines too),
 * so where a place of the caller's own, before a call, orders the same
 * pairs at the same cost, it wins.  NULL when out of memory; the array's
 * length in *n. */
static double *shared_place_weights(const wmm_program *p, int *n)
{
  int maxpl = 0;
  for (int u = 0; u < p->nthreads; u++)
    for (int i = 0; i < p->threads[u].ncode; i++)
      if (p->threads[u].code[i].place > maxpl)
        maxpl = p->threads[u].code[i].place;
  double *w = xcalloc((size_t)maxpl + 1, sizeof *w);
  if (!w)
    return NULL;
  for (int pl = 0; pl <= maxpl; pl++)
    w[pl] = 1.0;
  for (int u = 0; u < p->nthreads; u++)
    for (int i = 0; i < p->threads[u].ncode; i++)
      w[p->threads[u].code[i].place] += SHARED_TIE;
  *n = maxpl + 1;
  return w;
}

/* Build the cover problem from the needs. */
static int build_cover(builder *b, wmm_cover *cov, cover_build *cb)
{
  place_ctx *c = &b->ctx;
  memset(cb, 0, sizeof *cb);
  cb->node_pos = xcalloc((size_t)c->g->nnodes, sizeof *cb->node_pos);
  cb->used_prerow = xcalloc((size_t)c->nprerows, 1);
  if (!cb->node_pos || !cb->used_prerow)
    return -1;
  for (int n = 0; n < c->g->nnodes; n++)
    cb->node_pos[n] = -1;
  cb->place_w = shared_place_weights(c->p, &cb->nplace_w);
  if (!cb->place_w)
    return -1;
  /* prerows in use, and the positions they mention */
  for (int i = 0; i < b->nterms; i++) {
    const place_term *t = &c->terms[b->terms[i]];
    for (int k = 0; k < t->n; k++)
      cb->used_prerow[t->prerows[k]] = 1;
  }
  int cap_pos = 0;
  for (int r = 0; r < c->nprerows; r++) {
    if (!cb->used_prerow[r])
      continue;
    const place_prerow *pr = &c->prerows[r];
    for (int k = 0; k < pr->npos; k++) {
      int node = pr->pos[k], pi = cb->node_pos[node];
      if (pi < 0) {
        if (grow((void **)&cb->pos, &cap_pos, cb->npos, sizeof *cb->pos))
          return -1;
        pi = cb->npos++;
        memset(&cb->pos[pi], 0, sizeof cb->pos[pi]);
        cb->pos[pi].node = node;
        int pl = node_place(c->g, node);
        cb->pos[pi].weight = place_weight(c, node) *
                             (pl > 0 && pl < cb->nplace_w ? cb->place_w[pl] : 1.0);
        cb->node_pos[node] = pi;
      }
      posinfo *p = &cb->pos[pi];
      if (grow((void **)&p->rows, &p->cap, p->nrows, sizeof *p->rows))
        return -1;
      p->rows[p->nrows++] = r;   /* ascending: r increases */
    }
  }
  /* merge positions that lie in the same prerows */
  int *order = xcalloc((size_t)cb->npos, sizeof *order);
  if (!order)
    return -1;
  for (int i = 0; i < cb->npos; i++) {
    posinfo *p = &cb->pos[i];
    unsigned long h = 1469598103934665603ul ^ (unsigned long)p->nrows;
    for (int k = 0; k < p->nrows; k++)
      h = (h ^ (unsigned long)p->rows[k]) * 1099511628211ul;
    p->hash = h;
    order[i] = i;
    for (int k = 0; k < WMM_FENCE_COUNT; k++)
      p->var[k] = -1;
  }
  sort_pos_base = cb->pos;
  qsort(order, (size_t)cb->npos, sizeof *order, cmp_pos);
  /* (a position at a shared place stays apart: it may serve the rows of
     its other copies too, which a lighter position of the caller's own
     with the same rows here does not) */
  int own_rep = -1;
  for (int i = 0; i < cb->npos; i++) {
    posinfo *p = &cb->pos[order[i]];
    const posinfo *q = i > 0 ? &cb->pos[order[i - 1]] : NULL;
    if (!q || q->hash != p->hash || q->nrows != p->nrows ||
        memcmp(q->rows, p->rows, (size_t)p->nrows * sizeof *p->rows) != 0)
      own_rep = -1;
    if (node_place(c->g, p->node) > 0) {
      p->rep = order[i];
      continue;
    }
    if (own_rep < 0)
      own_rep = order[i];
    p->rep = own_rep;
  }
  free(order);
  /* places shared by several positions: one var per (place, kind) */
  for (int i = 0; i < cb->npos; i++) {
    int pl = node_place(c->g, cb->pos[i].node);
    if (pl >= cb->nplaces)
      cb->nplaces = pl + 1;
  }
  cb->place_var = xcalloc((size_t)cb->nplaces * WMM_FENCE_COUNT + 1, sizeof *cb->place_var);
  if (!cb->place_var)
    return -1;
  for (int i = 0; i < cb->nplaces * WMM_FENCE_COUNT; i++)
    cb->place_var[i] = -1;
  /* rows */
  int *vars = NULL, nvars = 0, capv = 0;
  for (int r = 0; r < c->nprerows; r++) {
    if (!cb->used_prerow[r])
      continue;
    place_prerow *pr = &c->prerows[r];
    nvars = 0;
    for (int k = 0; k < pr->npos; k++) {
      posinfo *rep = &cb->pos[cb->pos[cb->node_pos[pr->pos[k]]].rep];
      for (int j = 0; j < c->nkinds; j++) {
        wmm_fence f = c->kinds[j];
        if (!wmm_fence_covers(c->m, f, pr->kind))
          continue;
        int pl = node_place(c->g, rep->node);
        int *shared = pl > 0 ? &cb->place_var[pl * WMM_FENCE_COUNT + f] : NULL;
        if (rep->var[f] < 0 && shared && *shared >= 0) {
          /* the place has its var already: one fence serves both */
          if (grow((void **)&cb->link_var, &cb->cap_links, cb->nlinks, sizeof *cb->link_var)) {
            free(vars);
            return -1;
          }
          int capl = cb->cap_links;
          int *ln = realloc(cb->link_node, (size_t)capl * sizeof *ln);
          if (!ln) {
            free(vars);
            return -1;
          }
          cb->link_node = ln;
          cb->link_var[cb->nlinks] = *shared;
          cb->link_node[cb->nlinks++] = rep->node;
          rep->var[f] = *shared;
        }
        if (rep->var[f] < 0) {
          int v = wmm_cover_var(cov, wmm_fence_cost(c->m, f) * rep->weight);
          if (v < 0 || grow((void **)&cb->var_node, &cb->cap_var, v, sizeof *cb->var_node)) {
            free(vars);
            return -1;
          }
          int capk = cb->cap_var;
          wmm_fence *nk = realloc(cb->var_kind, (size_t)capk * sizeof *nk);
          if (!nk) {
            free(vars);
            return -1;
          }
          cb->var_kind = nk;
          cb->var_node[v] = rep->node;
          cb->var_kind[v] = f;
          cb->nvar = v + 1;
          rep->var[f] = v;
          if (shared)
            *shared = v;
        }
        if (grow((void **)&vars, &capv, nvars, sizeof *vars)) {
          free(vars);
          return -1;
        }
        vars[nvars++] = rep->var[f];
      }
    }
    pr->row = wmm_cover_row(cov, vars, nvars);
    if (pr->row < 0) {
      free(vars);
      return -1;
    }
  }
  free(vars);
  /* alternatives and needs */
  int *alts = NULL, nalts = 0, capa = 0, *rows = NULL, nrows = 0, capr = 0;
  for (int i = 0; i < b->nneeds; i++) {
    const pneed *n = &b->needs[i];
    nalts = 0;
    int trivial = 0;
    for (int a = 0; a < n->nalt; a++) {
      int ai = n->alt_off + a;
      int from = b->alt_off[ai];
      int to = ai + 1 < b->nalt_off ? b->alt_off[ai + 1] : b->nterms;
      nrows = 0;
      for (int k = from; k < to; k++) {
        const place_term *t = &c->terms[b->terms[k]];
        for (int j = 0; j < t->n; j++) {
          if (grow((void **)&rows, &capr, nrows, sizeof *rows)) {
            free(alts), free(rows);
            return -1;
          }
          rows[nrows++] = c->prerows[t->prerows[j]].row;
        }
      }
      if (nrows == 0)
        trivial = 1;
      int alt = wmm_cover_alt(cov, rows, nrows);
      if (alt < 0 || grow((void **)&alts, &capa, nalts, sizeof *alts)) {
        free(alts), free(rows);
        return -1;
      }
      alts[nalts++] = alt;
    }
    if (trivial || nalts == 0)
      continue;   /* already holds: existing fences suffice */
    if (wmm_cover_need(cov, alts, nalts) < 0) {
      free(alts), free(rows);
      return -1;
    }
  }
  free(alts), free(rows);
  return 0;
}

/* ------------------------------------------------------------ results */

static int cmp_fence(const void *x, const void *y)
{
  const wmm_placed_fence *a = x, *b = y;
  if (a->thread != b->thread)
    return a->thread - b->thread;
  if (a->index != b->index)
    return a->index - b->index;
  return (int)a->kind - (int)b->kind;
}

/* Fences from the chosen vars; delays from the prerows in use. */
static int fill_result(builder *b, const wmm_cover *cov, const cover_build *cb,
                       const wmm_ilp_result *res)
{
  place_ctx *c = &b->ctx;
  wmm_placement *out = b->out;
  const wmm_aeg *g = c->g;
  /* delays: one per concrete pair (a, b), witness from the first need */
  int tab_size = 64;
  while (tab_size < 2 * c->nprerows + 2)
    tab_size *= 2;
  int *tab = xcalloc((size_t)tab_size, sizeof *tab);   /* delay + 1 */
  int *fence_of = xcalloc((size_t)cov->nvars, sizeof *fence_of);
  int *fcap = NULL;
  int *stamp = NULL;
  if (!tab || !fence_of)
    goto nomem;
  int cap_delays = 0;
  for (int i = 0; i < b->nneeds; i++) {
    const pneed *n = &b->needs[i];
    int from = b->alt_off[n->alt_off];
    int to = n->alt_off + n->nalt < b->nalt_off ? b->alt_off[n->alt_off + n->nalt]
                                                : b->nterms;
    for (int k = from; k < to; k++) {
      const place_term *t = &c->terms[b->terms[k]];
      for (int j = 0; j < t->n; j++) {
        place_prerow *pr = &c->prerows[t->prerows[j]];
        if (pr->delay >= 0)
          continue;
        unsigned long h = ((unsigned long)pr->a * 2654435761ul) ^
                          ((unsigned long)pr->b * 40503ul);
        int slot = (int)(h & (unsigned long)(tab_size - 1));
        while (tab[slot]) {
          const wmm_delay *d = &out->delays[tab[slot] - 1];
          if (g->unit_base[d->thread] + d->from == pr->a &&
              g->unit_base[d->to_thread] + d->to == pr->b)
            break;
          slot = (slot + 1) & (tab_size - 1);
        }
        if (tab[slot]) {
          pr->delay = tab[slot] - 1;
          continue;
        }
        if (grow((void **)&out->delays, &cap_delays, out->ndelays, sizeof *out->delays))
          goto nomem;
        wmm_delay *d = &out->delays[out->ndelays];
        d->thread = g->node_unit[pr->a];
        d->from = wmm_aeg_node_index(g, pr->a);
        d->to_thread = g->node_unit[pr->b];
        d->to = wmm_aeg_node_index(g, pr->b);
        d->cycle = n->cycle;
        d->seg = own_segment(g, out, d, pr->a, pr->b);
        d->need = pr->kind;
        pr->delay = out->ndelays++;
        tab[slot] = out->ndelays;
      }
    }
  }
  /* fences, in var order first */
  int nf = 0;
  for (int v = 0; v < cov->nvars; v++)
    nf += res->chosen[v] != 0;
  for (int k = 0; k < cb->nlinks; k++)
    nf += res->chosen[cb->link_var[k]] != 0;
  out->fences = xcalloc((size_t)nf, sizeof *out->fences);
  fcap = xcalloc((size_t)nf, sizeof *fcap);
  if (!out->fences || !fcap)
    goto nomem;
  for (int v = 0; v < cov->nvars; v++) {
    fence_of[v] = -1;
    if (!res->chosen[v])
      continue;
    wmm_placed_fence *f = &out->fences[out->nfences];
    int node = cb->var_node[v];
    f->thread = g->node_unit[node];
    f->index = wmm_aeg_node_index(g, node);
    f->kind = cb->var_kind[v];
    /* (the position's weight without the shared places' tie-break) */
    f->cost = wmm_fence_cost(c->m, f->kind) * place_weight(c, node);
    out->total_cost += f->cost;
    fence_of[v] = out->nfences++;
  }
  /* the delays each fence orders: the prerows whose row holds its var
     (repeats dropped below) */
  for (int r = 0; r < c->nprerows; r++) {
    const place_prerow *pr = &c->prerows[r];
    if (!cb->used_prerow[r] || pr->row < 0 || pr->delay < 0)
      continue;
    const wmm_cover_list *row = &cov->rows[pr->row];
    for (int k = 0; k < row->n; k++) {
      int fi = fence_of[row->items[k]];
      if (fi < 0)
        continue;
      wmm_placed_fence *f = &out->fences[fi];
      if (f->ndelays && f->delays[f->ndelays - 1] == pr->delay)
        continue;
      if (grow((void **)&f->delays, &fcap[fi], f->ndelays, sizeof *f->delays))
        goto nomem;
      f->delays[f->ndelays++] = pr->delay;
    }
  }
  /* each delay once per fence, where it came first */
  stamp = xcalloc((size_t)out->ndelays + 1, sizeof *stamp);
  if (!stamp)
    goto nomem;
  for (int fi = 0; fi < out->nfences; fi++) {
    wmm_placed_fence *f = &out->fences[fi];
    int n = 0;
    for (int j = 0; j < f->ndelays; j++)
      if (stamp[f->delays[j]] != fi + 1) {
        stamp[f->delays[j]] = fi + 1;
        f->delays[n++] = f->delays[j];
      }
    f->ndelays = n;
  }
  /* the same fence at the other positions of its place (cost counted
     once): the fenced program has it before each of them */
  for (int k = 0; k < cb->nlinks; k++) {
    int v = cb->link_var[k], fi = fence_of[v];
    if (fi < 0)
      continue;
    wmm_placed_fence *f = &out->fences[out->nfences];
    f->thread = g->node_unit[cb->link_node[k]];
    f->index = wmm_aeg_node_index(g, cb->link_node[k]);
    f->kind = cb->var_kind[v];
    f->cost = 0;
    const wmm_placed_fence *orig = &out->fences[fi];
    if (orig->ndelays) {
      f->delays = malloc((size_t)orig->ndelays * sizeof *f->delays);
      if (!f->delays)
        goto nomem;
      memcpy(f->delays, orig->delays, (size_t)orig->ndelays * sizeof *f->delays);
      f->ndelays = orig->ndelays;
    }
    out->nfences++;
  }
  qsort(out->fences, (size_t)out->nfences, sizeof *out->fences, cmp_fence);
  free(tab), free(fence_of), free(fcap), free(stamp);
  return 0;
nomem:
  free(tab), free(fence_of), free(fcap), free(stamp);
  return -1;
}

/* ------------------------------------------------------------ wmm_place */

static void append_note(wmm_placement *out, const char *s)
{
  size_t n = strlen(out->note);
  if (n && n + 2 < sizeof out->note) {
    out->note[n++] = ';';
    out->note[n++] = ' ';
    out->note[n] = 0;
  }
  snprintf(out->note + n, sizeof out->note - n, "%s", s);
}

/* The checks of wmm_place's arguments and its final-condition shortcut:
 * 1 when out is complete already (the condition is unreachable), 0 to go
 * on, or a negative wmm_status. */
static int place_begin(const wmm_program *p, const wmm_place_opts *o,
                       wmm_placement *out, wmm_error *err)
{
  memset(out, 0, sizeof *out);
  if (!p || !o || (unsigned)o->model >= WMM_MODEL_COUNT)
    return wmm_fail(err, WMM_ERR_INVALID, p ? p->source : NULL, 0,
                    "invalid placement arguments");
  if (!wmm_place_from_supported(o->from))
    return wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
                    "reference model %s is not supported (sc, tso, pso or rmo)",
                    (unsigned)o->from < WMM_MODEL_COUNT ? wmm_model_name(o->from)
                                                        : "?");
  out->status = WMM_PLACE_OPTIMAL;
  if (o->use_condition && p->cond) {
    wmm_check_opts co = wmm_check_opts_default(o->model);
    wmm_check_result cr;
    memset(&cr, 0, sizeof cr);
    int rc = wmm_check(p, &co, &cr, err);
    if (rc < 0)
      return rc;
    int allowed = cr.allowed;
    wmm_check_result_free(&cr);
    out->nchecks = 1;
    if (!allowed) {
      out->already_forbidden = 1;
      snprintf(out->note, sizeof out->note,
               "the final condition is already unreachable under %s",
               wmm_model_name(o->model));
      return 1;
    }
  }
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nkinds = wmm_place_kinds(o->model, p->arch, kinds);
  if (nkinds == 0 && o->model != WMM_MODEL_SC)
    return wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
                    "no fence of model %s can be written in %s syntax",
                    wmm_model_name(o->model), wmm_arch_name(p->arch));
  return 0;
}

/* The silent locations of g into out->silent, the blindly updated ones
 * into out->blind. */
static int copy_silent(const wmm_aeg *g, wmm_placement *out,
                       const wmm_program *p, wmm_error *err)
{
  out->silent = malloc((size_t)g->nsilent * sizeof *out->silent);
  out->blind = malloc((size_t)g->nsilent * sizeof *out->blind);
  if (!out->silent || !out->blind)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
  for (int l = 0; l < p->nlocs; l++)
    if (g->silent[l] == 1)
      out->silent[out->nsilent++] = l;
    else if (g->silent[l] == 2)
      out->blind[out->nblind++] = l;
  return 0;
}

/* wmm_place after the event graph g of p, its critical cycles cy and their
 * fallback pairs fb (empty under sc): the requirements, the cover, its
 * solution and the witness cycles.  Witness searches append to cy. */
static int place_on(const wmm_program *p, const wmm_place_opts *o,
                    const wmm_aeg *g, wmm_cycles *cy, const place_fbpairs *fb,
                    wmm_placement *out, wmm_error *err)
{
  builder b;
  memset(&b, 0, sizeof b);
  b.out = out;
  wmm_cover *cov = NULL;
  cover_build cb;
  memset(&cb, 0, sizeof cb);
  wmm_ilp_result res;
  memset(&res, 0, sizeof res);
  int rc = place_ctx_init(&b.ctx, p, o, g, err);
  if (rc < 0)
    goto done;
  if (g->nsilent && (rc = copy_silent(g, out, p, err)) < 0)
    goto done;
  b.eng = wmm_req_engine_new(o->model, p->arch, b.ctx.kinds, b.ctx.nkinds);
  cov = wmm_cover_new();
  if (!b.eng || !cov) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
    goto done;
  }
  if (o->model != WMM_MODEL_SC) {
    rc = cycle_needs(&b, cy, err);
    if (rc == 0)
      rc = fallback_needs(&b, cy, fb, err);
    if (rc < 0)
      goto done;
  }
  if (build_cover(&b, cov, &cb)) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
    goto done;
  }
  wmm_ilp_opts io = {o->time_limit, o->force_greedy, o->ilp_fault};
  rc = wmm_ilp_solve(cov, &io, &res, err);
  if (rc < 0)
    goto done;
  if (fill_result(&b, cov, &cb, &res)) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
    goto done;
  }
  rc = fallback_witnesses(&b, cy, fb, err);
  if (rc < 0)
    goto done;
  out->status = res.status == WMM_ILP_OPTIMAL ? WMM_PLACE_OPTIMAL
                : res.status == WMM_ILP_FEASIBLE ? WMM_PLACE_FEASIBLE
                : WMM_PLACE_GREEDY;
  if (res.status != WMM_ILP_OPTIMAL)
    append_note(out, res.note);
  if (cy->noverflow) {
    char s[256];
    long nowit = 0;
    for (int f = 0; f < out->nfences; f++) {
      int has = 0;
      for (int j = 0; j < out->fences[f].ndelays && !has; j++)
        has = out->delays[out->fences[f].delays[j]].cycle >= 0;
      nowit += !has;
    }
    snprintf(s, sizeof s,
             "cycle search bound reached in %d of %d components: their %ld "
             "pairs got fences strong enough for any cycle (%ld fences "
             "without a witness cycle)",
             cy->noverflow, cy->nscc, out->nfallback, nowit);
    append_note(out, s);
  }
  if (cy->dropped || cy->dropped_pairs) {
    char s[200];
    snprintf(s, sizeof s,
             "%ld cycle(s) and %ld pair(s) need no fence: a read of a "
             "constant that a branch on it keeps from going on (value "
             "guards)", cy->dropped, cy->dropped_pairs);
    append_note(out, s);
  }
  if (b.unfixable) {
    char s[120];
    snprintf(s, sizeof s, "%d cycle(s) stay allowed even with full fences",
             b.unfixable);
    append_note(out, s);
  }
  wmm_req_engine_stats(b.eng, &out->nshapes, &(long){0}, &out->nchecks);
  rc = 0;
done:
  wmm_ilp_result_free(&res);
  free_cover_build(&cb);
  wmm_cover_free(cov);
  wmm_req_engine_free(b.eng);
  place_ctx_free(&b.ctx);
  free(b.needs), free(b.alt_off), free(b.terms);
  if (rc < 0)
    wmm_placement_free(out);
  return rc;
}

/* The event graph of p, its critical cycles (none when `search` is 0: under
 * sc no cycle is allowed) and their fallback pairs; 0 or a negative
 * wmm_status (then nothing is left to free). */
static int place_graph(const wmm_program *p, const wmm_place_opts *o, int search,
                       wmm_aeg **g, wmm_cycles *cy, place_fbpairs *fb,
                       wmm_error *err)
{
  memset(cy, 0, sizeof *cy);
  memset(fb, 0, sizeof *fb);
  int rc = wmm_aeg_build_ex(p, o->keep_silent ? 0 : WMM_AEG_SILENT_STORES, g, err);
  if (rc < 0)
    return rc;
  rc = search ? wmm_cycles_find(*g, o->max_cycles,
                                (o->no_prune ? WMM_CYCLES_NO_PRUNE : 0) |
                                    (o->class_reach ? WMM_CYCLES_CLASS_REACH : 0) |
                                    (o->direct_com ? WMM_CYCLES_DIRECT_COM : 0),
                                cy, err)
              : 0;
  if (rc == 0 && place_fbpairs_build(fb, *g, cy))
    rc = wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory (placement)");
  if (rc < 0) {
    place_fbpairs_free(fb);
    wmm_cycles_free(cy);
    wmm_aeg_free(*g);
    *g = NULL;
  }
  return rc;
}

int wmm_place(const wmm_program *p, const wmm_place_opts *o,
              wmm_placement *out, wmm_error *err)
{
  int rc = place_begin(p, o, out, err);
  if (rc != 0)
    return rc < 0 ? rc : 0;
  wmm_aeg *g = NULL;
  wmm_cycles cy;
  place_fbpairs fb;
  rc = place_graph(p, o, o->model != WMM_MODEL_SC, &g, &cy, &fb, err);
  if (rc < 0)
    return rc;
  rc = place_on(p, o, g, &cy, &fb, out, err);
  place_fbpairs_free(&fb);
  wmm_cycles_free(&cy);
  wmm_aeg_free(g);
  return rc;
}

/* Do p and q differ at most in the kinds of their fences?  Then they have
 * one event graph: the same accesses, locations and control flow. */
static int same_but_fences(const wmm_program *p, const wmm_program *q)
{
  if (p->nthreads != q->nthreads || p->nlocs != q->nlocs ||
      p->naliases != q->naliases || p->arch != q->arch)
    return 0;
  for (int l = 0; l < p->nlocs; l++)
    if (p->locs[l].is_private != q->locs[l].is_private ||
        p->locs[l].one_writer != q->locs[l].one_writer ||
        p->locs[l].once_group != q->locs[l].once_group)
      return 0;
  for (int a = 0; a < p->naliases; a++)
    if (p->aliases[a].n != q->aliases[a].n ||
        memcmp(p->aliases[a].locs, q->aliases[a].locs,
               (size_t)p->aliases[a].n * sizeof *p->aliases[a].locs))
      return 0;
  for (int t = 0; t < p->nthreads; t++) {
    const wmm_thread *tp = &p->threads[t], *tq = &q->threads[t];
    if (tp->ncode != tq->ncode || tp->entry != tq->entry ||
        tp->instances != tq->instances)
      return 0;
    for (int i = 0; i < tp->ncode; i++) {
      const wmm_instr *x = &tp->code[i], *y = &tq->code[i];
      if (x->op != y->op || x->dst != y->dst || x->target != y->target ||
          x->cond != y->cond || x->alu != y->alu || x->flags != y->flags ||
          x->width != y->width || x->place != y->place || x->freq != y->freq ||
          x->guard_load != y->guard_load || x->guard_cond != y->guard_cond ||
          x->guard_imm != y->guard_imm || x->addr_key != y->addr_key ||
          x->a.kind != y->a.kind || x->a.reg != y->a.reg || x->a.imm != y->a.imm ||
          x->b.kind != y->b.kind || x->b.reg != y->b.reg || x->b.imm != y->b.imm ||
          x->addr.loc_hint != y->addr.loc_hint || x->addr.alias != y->addr.alias ||
          x->addr.offset != y->addr.offset ||
          x->addr.base.kind != y->addr.base.kind || x->addr.base.reg != y->addr.base.reg ||
          x->addr.base.imm != y->addr.base.imm ||
          x->addr.index.kind != y->addr.index.kind ||
          x->addr.index.reg != y->addr.index.reg ||
          x->addr.index.imm != y->addr.index.imm)
        return 0;
    }
  }
  return 1;
}

int wmm_place_twin(const wmm_program *p, const wmm_place_opts *o,
                   wmm_placement *out, wmm_error *err,
                   const wmm_program *q, const wmm_place_opts *oq,
                   wmm_placement *out_q, wmm_error *err_q, int *rc_q)
{
  if (!p || !q || !o || !oq || !same_but_fences(p, q) ||
      o->max_cycles != oq->max_cycles || o->no_prune != oq->no_prune ||
      o->class_reach != oq->class_reach || o->direct_com != oq->direct_com ||
      o->keep_silent != oq->keep_silent ||
      (o->use_condition && p->cond) ||
      (oq->use_condition && q->cond)) {
    int rc = wmm_place(p, o, out, err);
    *rc_q = wmm_place(q, oq, out_q, err_q);
    return rc;
  }
  int rc = place_begin(p, o, out, err);
  *rc_q = place_begin(q, oq, out_q, err_q);
  if (rc < 0 || *rc_q < 0) {
    if (rc == 0)
      rc = wmm_place(p, o, out, err);
    if (*rc_q == 0)
      *rc_q = wmm_place(q, oq, out_q, err_q);
    return rc;
  }
  wmm_aeg *g = NULL;
  wmm_cycles cy, none;
  place_fbpairs fb, nofb;
  memset(&none, 0, sizeof none);
  memset(&nofb, 0, sizeof nofb);
  rc = place_graph(p, o, o->model != WMM_MODEL_SC || oq->model != WMM_MODEL_SC,
                   &g, &cy, &fb, err);
  if (rc < 0) {
    *rc_q = rc;
    *err_q = *err;
    return rc;
  }
  /* the witness cycles the first placement's searches appended are not
     part of the search's result */
  int ncyc = cy.ncyc, nseg = cy.nseg;
  int sc = o->model == WMM_MODEL_SC;
  rc = place_on(p, o, g, sc ? &none : &cy, sc ? &nofb : &fb, out, err);
  cy.ncyc = ncyc, cy.nseg = nseg;
  /* q's graph: p's, reading q's instructions (fence kinds) */
  wmm_aeg gq = *g;
  gq.p = q;
  sc = oq->model == WMM_MODEL_SC;
  *rc_q = place_on(q, oq, &gq, sc ? &none : &cy, sc ? &nofb : &fb, out_q, err_q);
  place_fbpairs_free(&fb);
  wmm_cycles_free(&cy);
  wmm_aeg_free(g);
  return rc;
}
