/* guards.c — value guards of guards.h: which accesses a load can still
 * reach, in its thread, once it has read a given constant.
 *
 * Per (load, virtual thread, value) a search over the event graph's nodes
 * with two states: the guard is on (the load's last value is the one
 * read) or off.  On, a guarded branch of that load follows only the
 * edges the value allows; arriving at the load again, or at the end of
 * its function, turns it off.  The reached nodes are kept (memo), so a
 * search runs once however many cycles ask.
 *
 * Example: reader: L0: R done; BR(guard done == 0) L2; J end; L2: R gp.
 * From R done with value 1 the branch to L2 is not taken: R gp is not
 * reached, so W gp; W done || R done; R gp reading done = 1 is dropped.
 * A store of a register the front end knows is never zero
 * (WMM_ACC_NONZERO: `instance = c` after `c->size = 64`) decides the
 * guards that compare with 0 and no other.
 */
#include "guards.h"

#include <stdlib.h>
#include <string.h>

typedef struct memo_entry {
  int node, thread;
  wmm_val value;
  int nonzero;              /* value unknown but not 0 */
  uint64_t *reached;        /* nnodes bits */
  int next;                 /* chain in the hash table, -1 */
} memo_entry;

struct wmm_guards {
  const wmm_aeg *g;
  unsigned char *guarded;   /* per node: a load some branch guards */
  memo_entry *memo;
  int nmemo, cap_memo;
  int head[256];            /* hash chains */
  uint64_t *on, *off;       /* scratch: visited with the guard on / off */
  int pair_a;               /* the read class wmm_guards_pair last asked
                               about, or -1 */
  int pair_any;             /* pair_a's segments may run whatever follows */
  uint64_t *pair_reach;     /* else the nodes they may reach (nnodes bits) */
  int *stack;               /* scratch: (node << 1 | on) */
  int words;
};


wmm_guards *wmm_guards_new(const wmm_aeg *g)
{
  int any = 0;
  for (int u = 0; u < g->p->nthreads && !any; u++)
    for (int i = 0; i < g->p->threads[u].ncode && !any; i++)
      any = g->p->threads[u].code[i].guard_load > 0;
  if (!any)
    return NULL;
  wmm_guards *gd = calloc(1, sizeof *gd);
  if (!gd)
    return NULL;
  gd->g = g;
  gd->words = (g->nnodes + 63) / 64;
  gd->guarded = calloc((size_t)g->nnodes + 1, 1);
  gd->on = calloc((size_t)gd->words + 1, sizeof *gd->on);
  gd->off = calloc((size_t)gd->words + 1, sizeof *gd->off);
  gd->stack = calloc(2 * (size_t)g->nnodes + 1, sizeof *gd->stack);
  gd->pair_reach = calloc((size_t)gd->words + 1, sizeof *gd->pair_reach);
  gd->pair_a = -1;
  if (!gd->guarded || !gd->on || !gd->off || !gd->stack || !gd->pair_reach) {
    wmm_guards_free(gd);
    return NULL;
  }
  for (int k = 0; k < 256; k++)
    gd->head[k] = -1;
  for (int u = 0; u < g->p->nthreads; u++) {
    const wmm_thread *t = &g->p->threads[u];
    for (int i = 0; i < t->ncode; i++) {
      int l = t->code[i].guard_load - 1;
      if (t->code[i].op == WMM_OP_BRANCH && l >= 0 && l < t->ncode &&
          t->code[l].op == WMM_OP_LOAD)
        gd->guarded[g->unit_base[u] + l] = 1;
    }
  }
  return gd;
}

void wmm_guards_free(wmm_guards *gd)
{
  if (!gd)
    return;
  for (int k = 0; k < gd->nmemo; k++)
    free(gd->memo[k].reached);
  free(gd->memo);
  free(gd->guarded), free(gd->on), free(gd->off), free(gd->stack);
  free(gd->pair_reach);
  free(gd);
}


/* May the guarded branch `br` leave by its taken edge (taken 1) or by
 * falling through (0) when its load read `value` (nonzero: some value
 * other than 0)? */
static int edge_allowed(const wmm_instr *br, const wmm_instr *load,
                        wmm_val value, int nonzero, int taken)
{
  int imm_zero = wmm_guard_fit(br->guard_imm, load->width) == 0;
  if (nonzero && !imm_zero)
    return 1;
  int eq = nonzero ? 0
           : wmm_guard_fit(value, load->width) == wmm_guard_fit(br->guard_imm, load->width);
  int holds = br->guard_cond == WMM_COND_EQ ? eq
              : br->guard_cond == WMM_COND_NE ? !eq : -1;
  if (holds < 0)
    return 1;
  return taken ? holds : !holds;
}

static int test_bit(const uint64_t *s, int i)
{
  return (int)((s[i / 64] >> (i % 64)) & 1);
}

static void set_bit(uint64_t *s, int i)
{
  s[i / 64] |= UINT64_C(1) << (i % 64);
}

/* The nodes thread t reaches from load node `start` by a non-empty path
 * once the load has read `value` (nonzero: a value other than 0; NULL:
 * no memory). */
static const uint64_t *reached_from(wmm_guards *gd, int start, int t,
                                    wmm_val value, int nonzero)
{
  const wmm_aeg *g = gd->g;
  if (nonzero)
    value = 0;
  unsigned h = ((unsigned)start * 31u + (unsigned)t * 7u +
                (unsigned)(uint64_t)value + (unsigned)nonzero) & 255u;
  for (int k = gd->head[h]; k >= 0; k = gd->memo[k].next)
    if (gd->memo[k].node == start && gd->memo[k].thread == t &&
        gd->memo[k].value == value && gd->memo[k].nonzero == nonzero)
      return gd->memo[k].reached;
  if (gd->nmemo == gd->cap_memo) {
    int cap = gd->cap_memo ? 2 * gd->cap_memo : 16;
    memo_entry *m = realloc(gd->memo, (size_t)cap * sizeof *m);
    if (!m)
      return NULL;
    gd->memo = m, gd->cap_memo = cap;
  }
  uint64_t *reached = calloc((size_t)gd->words + 1, sizeof *reached);
  if (!reached)
    return NULL;
  memset(gd->on, 0, (size_t)gd->words * sizeof *gd->on);
  memset(gd->off, 0, (size_t)gd->words * sizeof *gd->off);
  int u0 = g->node_unit[start];
  int end0 = g->unit_base[u0] + g->p->threads[u0].ncode;
  int load_index = wmm_aeg_node_index(g, start);
  const wmm_instr *load = wmm_aeg_instr(g, start);
  int sp = 0;
  gd->stack[sp++] = start << 1 | 1;
  while (sp > 0) {
    int x = gd->stack[--sp], n = x >> 1, on = x & 1;
    const wmm_instr *in = wmm_aeg_instr(g, n);
    int guarded_here = on && in && in->op == WMM_OP_BRANCH &&
                       g->node_unit[n] == u0 &&
                       in->guard_load == load_index + 1;
    int taken_node = -1;
    if (guarded_here) {
      const wmm_thread *th = &g->p->threads[u0];
      int tgt = in->target > th->ncode ? th->ncode : in->target;
      taken_node = tgt >= 0 && tgt != wmm_aeg_node_index(g, n) + 1
                   ? g->unit_base[u0] + tgt : -1;
      if (taken_node < 0)
        guarded_here = 0;   /* both edges lead to the same place */
    }
    for (int k = g->succ_off[n]; k < g->succ_off[n + 1]; k++) {
      int s = g->succ[k];
      if (!wmm_aeg_in_thread(g, t, s))
        continue;
      if (guarded_here &&
          !edge_allowed(in, load, value, nonzero, s == taken_node))
        continue;
      set_bit(reached, s);
      int son = on && s != start && s != end0;
      uint64_t *seen = son ? gd->on : gd->off;
      if (test_bit(seen, s))
        continue;
      set_bit(seen, s);
      gd->stack[sp++] = s << 1 | son;
    }
  }
  memo_entry *e = &gd->memo[gd->nmemo];
  e->node = start, e->thread = t, e->value = value, e->reached = reached;
  e->nonzero = nonzero;
  e->next = gd->head[h];
  gd->head[h] = gd->nmemo++;
  return reached;
}

/* May segment (t, a, b), entered from class w by rf, happen?  With acc,
 * b is not asked: 1 when the segment may happen whatever b is, else 0
 * with the nodes it may reach after a or'ed into acc. */
static int segment_may(wmm_guards *gd, int w, int a, int b, uint64_t *acc)
{
  const wmm_aeg *g = gd->g;
  const wmm_aeg_class *cw = &g->cls[w], *ca = &g->cls[a];
  const wmm_aeg_class *cb = acc ? NULL : &g->cls[b];
  for (int i = 0; i < cw->nacc; i++) {
    const wmm_aeg_acc *wa = &g->acc[cw->acc[i]];
    const wmm_instr *st = wmm_aeg_instr(g, wa->node);
    if (!st || st->op != WMM_OP_STORE)
      return 1;
    int nonzero = st->a.kind != WMM_OPND_IMM;
    if (nonzero && !(st->flags & WMM_ACC_NONZERO))
      return 1;
    for (int j = 0; j < ca->nacc; j++) {
      const wmm_aeg_acc *ra = &g->acc[ca->acc[j]];
      const wmm_instr *ld = wmm_aeg_instr(g, ra->node);
      if (!gd->guarded[ra->node] || !ld || ld->width != st->width ||
          ld->addr.offset != st->addr.offset ||
          wa->loc < 0 || ra->loc < 0 || wa->loc != ra->loc)
        return 1;
      const uint64_t *r = reached_from(gd, ra->node, ca->thread,
                                       st->a.imm, nonzero);
      if (!r)
        return 1;
      if (acc) {
        for (int k = 0; k < gd->words; k++)
          acc[k] |= r[k];
        continue;
      }
      for (int k = 0; k < cb->nacc; k++)
        if (test_bit(r, g->acc[cb->acc[k]].node))
          return 1;
    }
  }
  return 0;
}

int wmm_guards_cycle(wmm_guards *gd, const wmm_cseg *seg, int n)
{
  if (!gd)
    return 1;
  const wmm_aeg *g = gd->g;
  for (int k = 0; k < n; k++) {
    const wmm_cseg *s = &seg[k], *prev = &seg[(k + n - 1) % n];
    int w = prev->b;
    if (s->a == s->b || !g->cls[w].writes || g->cls[w].reads ||
        !g->cls[s->a].reads || g->cls[s->a].writes)
      continue;
    if (!segment_may(gd, w, s->a, s->b, NULL))
      return 0;
  }
  return 1;
}

int wmm_guards_pair(wmm_guards *gd, int a, int b)
{
  if (!gd)
    return 1;
  const wmm_aeg *g = gd->g;
  const wmm_aeg_class *ca = &g->cls[a];
  if (a == b || !ca->reads || ca->writes || ca->loc < 0 ||
      ca->loc >= g->p->nlocs)
    return 1;
  if (gd->pair_a != a) {
    /* the writers' segments from a, once for every b (the fallback asks
       about each class po-after a in turn) */
    gd->pair_a = a;
    gd->pair_any = 0;
    memset(gd->pair_reach, 0, (size_t)gd->words * sizeof *gd->pair_reach);
    for (int k = g->loc_off[ca->loc]; k < g->loc_off[ca->loc + 1]; k++) {
      int w = g->loc_cls[k];
      if (g->cls[w].thread != ca->thread && g->cls[w].writes &&
          segment_may(gd, w, a, -1, gd->pair_reach)) {
        gd->pair_any = 1;
        break;
      }
    }
  }
  if (gd->pair_any)
    return 1;
  const wmm_aeg_class *cb = &g->cls[b];
  for (int k = 0; k < cb->nacc; k++)
    if (test_bit(gd->pair_reach, g->acc[cb->acc[k]].node))
      return 1;
  return 0;
}
