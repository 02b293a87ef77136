/* exec_enum.c — the search over candidate executions (see exec.h): value
 * domains by fixpoint, traces per thread instance, one trace per instance,
 * rf choices, co choices per location that keep coherence, final condition.
 *
 * Pruning, cheapest first:
 *  - a trace whose final registers already falsify the goal is dropped;
 *    a combination of traces likewise (three-valued reading of the goal);
 *  - a read may only read a write of the same location and value that is
 *    not po-after it, and not an older own write (CoWR);
 *  - co is built per location as the linear extensions of the order that
 *    coherence forces (po between writes, CoWR, CoRW, CoRR), so every
 *    generated co already satisfies uniproc; orders whose final value
 *    falsifies the goal are dropped.
 *
 * Example: wmm_search_run(&s, p, &o, 0, visit, arg, &err) calls visit on
 * each coherent execution that satisfies p's exists-condition.
 */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DOMAIN 4096          /* values per location */
#define MAX_TRACES 2000000L      /* traces kept per search */
#define MAX_ORDERS (1L << 22)    /* ints of stored co orders */

typedef struct wmm_search_priv priv;

struct wmm_search_priv {
  wmm_search *s;
  const wmm_program *p;
  const wmm_check_opts *o;
  const wmm_prop *goal;
  int negate, goal_any;
  wmm_visit_fn visit;
  void *arg;
  wmm_error *err;
  int nrt;
  wmm_runthread rt[WMM_REL_MAX];
  int first_inst[WMM_REL_MAX];
  wmm_trace *head[WMM_REL_MAX], *tail[WMM_REL_MAX];
  int maxw[WMM_REL_MAX];
  long ntraces;
  wmm_valdom dom, next;
  int cur;                        /* instance being run */
  const wmm_val **tregs;          /* per program thread */
  wmm_val *mem;
  unsigned char *known;
  int *initev;                    /* per location: its init event or -1 */
  const wmm_trace *sel[WMM_REL_MAX];
  /* rf */
  int nreads, reads[WMM_REL_MAX], ncand[WMM_REL_MAX];
  int cand[WMM_REL_MAX][WMM_REL_MAX];
  /* co, per used location with writes */
  int nul, ulocs[WMM_REL_MAX];
  wmm_set wmask[WMM_REL_MAX], rmask[WMM_REL_MAX];
  int *obuf;
  long ocap, oused;
  long ooff[WMM_REL_MAX], nord[WMM_REL_MAX];
  int order[WMM_REL_MAX];
  wmm_set must[WMM_REL_MAX];
};

static int goal3(const priv *P)
{
  if (P->goal_any)
    return 1;
  int v = wmm_prop_eval3(P->goal, P->tregs, P->mem, P->known);
  if (P->negate && v != 2)
    v = !v;
  return v;
}

static int collect(void *arg, const wmm_trace *t)
{
  priv *P = arg;
  int k = P->cur, w = 0;
  for (int i = 0; i < t->nev; i++) {
    if (t->ev[i].kind != WMM_EV_WRITE)
      continue;
    w++;
    int loc = t->ev[i].loc;
    int rc = wmm_valdom_add(&P->next, loc, t->ev[i].val);
    if (rc < 0)
      return wmm_fail(P->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
    if (P->next.n[loc] > MAX_DOMAIN)
      return wmm_fail(P->err, WMM_ERR_LIMIT, P->p->source, 0,
                      "location %s may hold more than %d values",
                      P->p->locs[loc].name, MAX_DOMAIN);
  }
  if (w > P->maxw[k])
    P->maxw[k] = w;
  if (t->partial)
    return 0;   /* its writes feed the value domain; it is no execution */
  int th = P->rt[k].thread;
  if (P->first_inst[k]) {
    P->tregs[th] = t->regs;
    int v = goal3(P);
    P->tregs[th] = NULL;
    if (v == 0)
      return 0;
  }
  if (++P->ntraces > MAX_TRACES)
    return wmm_fail(P->err, WMM_ERR_LIMIT, P->p->source, 0,
                    "more than %ld thread paths", MAX_TRACES);
  wmm_trace *c = wmm_trace_copy(P->s, t, P->p->threads[th].nregs);
  if (!c)
    return wmm_fail(P->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  if (P->tail[k])
    P->tail[k]->next = c;
  else
    P->head[k] = c;
  P->tail[k] = c;
  return 0;
}

/* ------------------------------------------------------------- co stage */

static int leaf(priv *P)
{
  wmm_exec *x = &P->s->x;
  for (int i = 0; i < P->nreads; i++) {
    int r = P->reads[i];
    x->fr.row[r] = x->co.row[x->rf_src[r]];
  }
  if (goal3(P) != 1)
    return 0;
  x->mem = P->mem;
  for (int k = 0; k < P->nrt; k++)
    x->regs[k] = P->sel[k]->regs;
  P->s->candidates++;
  if (P->o->max_candidates > 0 && P->s->candidates > P->o->max_candidates)
    return wmm_fail(P->err, WMM_ERR_LIMIT, P->p->source, 0,
                    "more than %ld candidate executions",
                    P->o->max_candidates);
  return P->visit(P->arg, x);
}

static int co_product(priv *P, int j)
{
  if (j == P->nul)
    return leaf(P);
  wmm_exec *x = &P->s->x;
  int loc = P->ulocs[j];
  int init = P->initev[loc];
  wmm_set wm = P->wmask[j];
  int k = __builtin_popcountll(wm);
  int rc = 0;
  x->co.row[init] = wm;
  for (long o = 0; o < P->nord[j] && !rc; o++) {
    const int *ord = P->obuf + P->ooff[j] + o * k;
    wmm_set after = wm;
    for (int a = 0; a < k; a++) {
      after &= ~wmm_set_bit(ord[a]);
      x->co.row[ord[a]] = after;
    }
    P->mem[loc] = x->ev[ord[k - 1]].val;
    P->known[loc] = 1;
    if (goal3(P) != 0)
      rc = co_product(P, j + 1);
  }
  P->known[loc] = 0;
  return rc;
}

/* Store the order P->order[0..k-1] of location j if its final value does
 * not falsify the goal. */
static int keep_order(priv *P, int j, int k)
{
  int loc = P->ulocs[j];
  P->mem[loc] = P->s->x.ev[P->order[k - 1]].val;
  P->known[loc] = 1;
  int v = goal3(P);
  P->known[loc] = 0;
  if (v == 0)
    return 0;
  if (P->oused + k > P->ocap) {
    long nc = P->ocap ? 2 * P->ocap : 1024;
    while (nc < P->oused + k)
      nc *= 2;
    if (nc > MAX_ORDERS)
      return wmm_fail(P->err, WMM_ERR_LIMIT, P->p->source, 0,
                      "too many coherence orders");
    int *q = realloc(P->obuf, (size_t)nc * sizeof *q);
    if (!q)
      return wmm_fail(P->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
    P->obuf = q;
    P->ocap = nc;
  }
  memcpy(P->obuf + P->oused, P->order, (size_t)k * sizeof(int));
  P->oused += k;
  P->nord[j]++;
  return 0;
}

/* Linear extensions of must[] over the writes left in `left`. */
static int extend(priv *P, int j, wmm_set left, int depth, int k)
{
  if (!left)
    return keep_order(P, j, k);
  wmm_set placed = P->wmask[j] & ~left;
  for (wmm_set s = left; s;) {
    int w = __builtin_ctzll(s);
    s &= s - 1;
    if (P->must[w] & ~placed)
      continue;
    P->order[depth] = w;
    int rc = extend(P, j, left & ~wmm_set_bit(w), depth + 1, k);
    if (rc < 0)
      return rc;
  }
  return 0;
}

/* Coherence orders of every location, then their product. */
static int co_stage(priv *P)
{
  wmm_exec *x = &P->s->x;
  P->oused = 0;
  for (int j = 0; j < P->nul; j++) {
    wmm_set wm = P->wmask[j], rm = P->rmask[j];
    int init = P->initev[P->ulocs[j]];
    for (wmm_set s = wm; s;) {
      int w = __builtin_ctzll(s);
      s &= s - 1;
      P->must[w] = wm & x->thr[w] & wmm_set_all(w);      /* CoWW */
    }
    for (wmm_set s = rm; s;) {
      int r = __builtin_ctzll(s);
      s &= s - 1;
      int src = x->rf_src[r];
      wmm_set before = wm & x->thr[r] & wmm_set_all(r) & ~wmm_set_bit(src);
      if (before) {                                      /* CoWR */
        if (src == init)
          return 0;
        P->must[src] |= before;
      }
      if (src != init) {
        wmm_set later = wm & x->thr[r] & ~wmm_set_all(r + 1);
        for (wmm_set t = later; t;) {                    /* CoRW */
          int w = __builtin_ctzll(t);
          t &= t - 1;
          P->must[w] |= wmm_set_bit(src);
        }
      }
      wmm_set rlater = rm & x->thr[r] & ~wmm_set_all(r + 1);
      for (wmm_set t = rlater; t;) {                     /* CoRR */
        int r2 = __builtin_ctzll(t);
        t &= t - 1;
        int src2 = x->rf_src[r2];
        if (src2 == src || src == init)
          continue;
        if (src2 == init)
          return 0;
        P->must[src2] |= wmm_set_bit(src);
      }
    }
    P->ooff[j] = P->oused;
    P->nord[j] = 0;
    int rc = extend(P, j, wm, 0, __builtin_popcountll(wm));
    if (rc < 0)
      return rc;
    if (P->nord[j] == 0)
      return 0;
  }
  return co_product(P, 0);
}

/* ------------------------------------------------------------- rf stage */

static int rf_enum(priv *P, int i)
{
  if (i == P->nreads)
    return co_stage(P);
  wmm_exec *x = &P->s->x;
  int r = P->reads[i];
  for (int c = 0; c < P->ncand[i]; c++) {
    int w = P->cand[i][c];
    x->rf_src[r] = w;
    x->rf.row[w] |= wmm_set_bit(r);
    int rc = rf_enum(P, i + 1);
    x->rf.row[w] &= ~wmm_set_bit(r);
    if (rc)
      return rc;
  }
  return 0;
}

/* ------------------------------------------------- building one execution */

static void shift_rows(wmm_rel *d, const uint64_t *rows, int base, int nev)
{
  for (int a = 0; a < nev; a++)
    d->row[base + a] = rows[a] << base;
}

/* Event sets whose meaning depends on the model (acquire, release, ...).
 * ATOMIC reads as seq_cst only in C / GIMPLE programs; in assembly it marks
 * a locked or single-instruction atomic access, whose ordering is given by
 * its explicit ACQUIRE / RELEASE flags (SWPAL, LDAR, ...). */
static void model_sets(priv *P, wmm_exec *x)
{
  wmm_model m = P->o->model;
  int c11 = P->p->arch == WMM_ARCH_C || P->p->arch == WMM_ARCH_GIMPLE;
  unsigned acq = WMM_ACC_ACQUIRE | (c11 ? WMM_ACC_ATOMIC : 0);
  unsigned rel = WMM_ACC_RELEASE | (c11 ? WMM_ACC_ATOMIC : 0);
  x->A = x->Q = x->L = x->AT = x->X = x->ST = 0;
  wmm_set rmwd = wmm_rel_domain(&x->rmw, x->n), rmwr = wmm_rel_range(&x->rmw, x->n);
  for (int i = 0; i < x->n; i++) {
    const wmm_event *e = &x->ev[i];
    wmm_set b = wmm_set_bit(i);
    if (e->excl)
      x->X |= b;
    if (e->kind == WMM_EV_READ) {
      if (e->flags & acq)
        x->A |= b;
      if (e->flags & WMM_ACC_ACQPC)
        x->Q |= b;
    } else if (e->kind == WMM_EV_WRITE) {
      if (e->flags & rel)
        x->L |= b;
      if (e->flags & WMM_ACC_ATOMIC)
        x->AT |= b;
      if ((e->flags & WMM_ACC_STREAM) && m == WMM_MODEL_TSO)
        x->ST |= b;
    }
  }
  if (m == WMM_MODEL_SC || m == WMM_MODEL_TSO || m == WMM_MODEL_PSO ||
      m == WMM_MODEL_RMO) {
    /* x86: every rmw is a locked instruction; seq_cst stores are xchg. */
    x->AT |= rmwd | rmwr;
    x->ST &= ~x->AT;
    x->A = x->Q = x->L = 0;
  } else if (m != WMM_MODEL_ARMV8) {
    x->A = x->Q = x->L = 0;     /* mapped to fences by the trace runner */
  }
}

static int build(priv *P)
{
  wmm_exec *x = &P->s->x;
  const wmm_program *p = P->p;
  int nused = 0, used[WMM_REL_MAX];
  int total = 0;
  for (int k = 0; k < P->nrt; k++) {
    const wmm_trace *t = P->sel[k];
    total += t->nev;
    for (int i = 0; i < t->nev; i++) {
      int loc = t->ev[i].loc;
      if (P->initev[loc] == -1) {
        if (nused == WMM_REL_MAX)
          return wmm_fail(P->err, WMM_ERR_LIMIT, p->source, 0,
                          "an execution touches more than %d locations",
                          WMM_REL_MAX);
        P->initev[loc] = -2;
        used[nused++] = loc;
      }
    }
  }
  int rc = 0;
  if (nused + total > WMM_REL_MAX) {
    rc = wmm_fail(P->err, WMM_ERR_LIMIT, p->source, 0,
                  "an execution has %d events; the explicit checker handles "
                  "at most %d", nused + total, WMM_REL_MAX);
    goto out;
  }
  /* Locations in index order: initial writes first. */
  for (int a = 1; a < nused; a++)
    for (int b = a; b > 0 && used[b - 1] > used[b]; b--) {
      int t = used[b];
      used[b] = used[b - 1];
      used[b - 1] = t;
    }
  int n = 0;
  for (int a = 0; a < nused; a++) {
    wmm_event *e = &x->ev[n];
    memset(e, 0, sizeof *e);
    e->kind = WMM_EV_INIT;
    e->thread = -1;
    e->inst = -1;
    e->instr = -1;
    e->loc = used[a];
    e->val = p->locs[used[a]].init;
    P->initev[used[a]] = n++;
  }
  x->n = nused + total;
  int N = x->n;
  wmm_rel *clr[] = {&x->po, &x->addr, &x->data, &x->ctrl, &x->ctrlcf,
                    &x->addrcf, &x->rmw, &x->rf, &x->co, &x->fr};
  for (size_t c = 0; c < sizeof clr / sizeof clr[0]; c++)
    wmm_rel_clear(clr[c], N);
  for (int c = 0; c < WMM_FC_COUNT; c++)
    wmm_rel_clear(&x->fence[c], N);
  for (int i = 0; i < nused; i++)
    x->thr[i] = 0;
  x->ninst = P->nrt;
  x->abstract_inst = x->abstract_at = -1;
  for (int k = 0; k < P->nrt; k++)
    if (P->sel[k]->abstract_at >= 0 && x->abstract_at < 0) {
      x->abstract_inst = k;
      x->abstract_at = P->sel[k]->abstract_at;
    }
  for (int k = 0; k < P->nrt; k++) {
    const wmm_trace *t = P->sel[k];
    int base = n;
    memcpy(&x->ev[base], t->ev, (size_t)t->nev * sizeof(wmm_event));
    n += t->nev;
    wmm_set mine = wmm_set_all(n) & ~wmm_set_all(base);
    for (int a = 0; a < t->nev; a++) {
      x->thr[base + a] = mine;
      x->po.row[base + a] = mine & ~wmm_set_all(base + a + 1);
    }
    shift_rows(&x->addr, t->rows[WMM_TR_ADDR], base, t->nev);
    shift_rows(&x->data, t->rows[WMM_TR_DATA], base, t->nev);
    shift_rows(&x->ctrl, t->rows[WMM_TR_CTRL], base, t->nev);
    shift_rows(&x->ctrlcf, t->rows[WMM_TR_CTRLCF], base, t->nev);
    shift_rows(&x->addrcf, t->rows[WMM_TR_ADDRCF], base, t->nev);
    shift_rows(&x->rmw, t->rows[WMM_TR_RMW], base, t->nev);
    for (int c = 0; c < WMM_FC_COUNT; c++)
      shift_rows(&x->fence[c], t->rows[WMM_TR_FENCE + c], base, t->nev);
  }
  x->R = x->W = x->IW = 0;
  x->M = wmm_set_all(N);
  wmm_set lm[WMM_REL_MAX];
  for (int a = 0; a < nused; a++)
    lm[a] = 0;
  for (int i = 0; i < N; i++) {
    wmm_set b = wmm_set_bit(i);
    if (x->ev[i].kind == WMM_EV_READ)
      x->R |= b;
    else
      x->W |= b;
    if (x->ev[i].kind == WMM_EV_INIT)
      x->IW |= b;
  }
  /* Per location masks (used[] is sorted; init event a is location a). */
  for (int i = 0; i < N; i++) {
    int a = P->initev[x->ev[i].loc];
    lm[a] |= wmm_set_bit(i);
  }
  for (int i = 0; i < N; i++)
    x->locset[i] = lm[P->initev[x->ev[i].loc]];
  model_sets(P, x);

  /* Final memory: known now for locations nobody writes. */
  for (int l = 0; l < p->nlocs; l++) {
    P->mem[l] = p->locs[l].init;
    P->known[l] = 1;
  }
  P->nul = 0;
  for (int a = 0; a < nused; a++) {
    wmm_set wm = lm[a] & x->W & ~x->IW;
    if (!wm)
      continue;
    P->known[used[a]] = 0;
    P->ulocs[P->nul] = used[a];
    P->wmask[P->nul] = wm;
    P->rmask[P->nul] = lm[a] & x->R;
    P->nul++;
  }
  if (goal3(P) == 0)
    goto out;

  /* rf candidates: same location and value, not po-after the read, and
   * the latest own write before it if there is one. */
  P->nreads = 0;
  for (int r = 0; r < N; r++) {
    if (!((x->R >> r) & 1))
      continue;
    wmm_set same = lm[P->initev[x->ev[r].loc]] & x->W;
    wmm_set own = same & x->thr[r] & wmm_set_all(r);
    wmm_set cands = same & ~x->thr[r];
    if (own) {
      cands &= ~x->IW;
      cands |= wmm_set_bit(63 - __builtin_clzll(own));
    }
    int i = P->nreads, c = 0;
    for (wmm_set s = cands; s;) {
      int w = __builtin_ctzll(s);
      s &= s - 1;
      if (x->ev[w].val == x->ev[r].val)
        P->cand[i][c++] = w;
    }
    if (!c)
      goto out;
    P->reads[i] = r;
    P->ncand[i] = c;
    P->nreads++;
  }
  rc = rf_enum(P, 0);
out:
  for (int a = 0; a < nused; a++)
    P->initev[used[a]] = -1;
  for (int l = 0; l < p->nlocs; l++)
    P->known[l] = 0;
  return rc;
}

static int combine(priv *P, int k)
{
  if (k == P->nrt)
    return build(P);
  int th = P->rt[k].thread;
  for (const wmm_trace *t = P->head[k]; t; t = t->next) {
    P->sel[k] = t;
    if (P->first_inst[k]) {
      P->tregs[th] = t->regs;
      if (goal3(P) == 0)
        continue;
    }
    int rc = combine(P, k + 1);
    if (rc)
      return rc;
  }
  if (P->first_inst[k])
    P->tregs[th] = NULL;
  return 0;
}

/* --------------------------------------------------------------- driver */

void wmm_search_init(wmm_search *s)
{
  memset(s, 0, sizeof *s);
}

void wmm_search_free(wmm_search *s)
{
  wmm_arena_free_all(s);
  s->priv = NULL;
}

static int valdom_init(wmm_valdom *d, const wmm_program *p)
{
  int n = p->nlocs > 0 ? p->nlocs : 1;
  d->nlocs = p->nlocs;
  d->n = calloc((size_t)n, sizeof *d->n);
  d->cap = calloc((size_t)n, sizeof *d->cap);
  d->v = calloc((size_t)n, sizeof *d->v);
  if (!d->n || !d->cap || !d->v)
    return -WMM_ERR_NOMEM;
  for (int l = 0; l < p->nlocs; l++)
    if (wmm_valdom_add(d, l, p->locs[l].init) < 0)
      return -WMM_ERR_NOMEM;
  return 0;
}

static int valdom_copy(wmm_valdom *d, const wmm_valdom *s)
{
  for (int l = 0; l < s->nlocs; l++) {
    if (d->cap[l] < s->n[l]) {
      wmm_val *q = realloc(d->v[l], (size_t)s->cap[l] * sizeof *q);
      if (!q)
        return -WMM_ERR_NOMEM;
      d->v[l] = q;
      d->cap[l] = s->cap[l];
    }
    memcpy(d->v[l], s->v[l], (size_t)s->n[l] * sizeof(wmm_val));
    d->n[l] = s->n[l];
  }
  return 0;
}

/* One round: all traces of all instances under P->dom; the values they
 * store go to P->next. */
static int run_round(priv *P)
{
  wmm_arena_reset(P->s);
  P->ntraces = 0;
  for (int k = 0; k < P->nrt; k++) {
    P->head[k] = P->tail[k] = NULL;
    P->maxw[k] = 0;
  }
  if (valdom_copy(&P->next, &P->dom) < 0)
    return wmm_fail(P->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  for (int k = 0; k < P->nrt; k++) {
    P->cur = k;
    int rc = wmm_thread_traces(P->p, P->o->model, P->o->unwind, &P->rt[k],
                               &P->dom, P->o->guide, collect, P, P->err);
    if (rc < 0)
      return rc;
  }
  return 0;
}

static int search(priv *P)
{
  const wmm_program *p = P->p;
  int rc;
  if (valdom_init(&P->dom, p) < 0 || valdom_init(&P->next, p) < 0)
    return wmm_fail(P->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  for (int round = 0;; round++) {
    if ((rc = run_round(P)) < 0)
      return rc;
    int changed = 0;
    for (int l = 0; l < p->nlocs && !changed; l++)
      changed = P->next.n[l] != P->dom.n[l];
    if (!changed)
      break;
    /* A value of a valid execution is derived through at most as many
     * writes as an execution has; later rounds add nothing real. */
    long wsum = 0;
    for (int k = 0; k < P->nrt; k++)
      wsum += P->maxw[k];
    if (round > wsum + 1)
      break;
    wmm_valdom t = P->dom;
    P->dom = P->next;
    P->next = t;
  }
  P->s->traces = P->ntraces;
  return combine(P, 0);
}

int wmm_search_run(wmm_search *s, const wmm_program *p,
                   const wmm_check_opts *o, int goal_any,
                   wmm_visit_fn visit, void *arg, wmm_error *err)
{
  s->candidates = 0;
  s->traces = 0;
  priv *P = calloc(1, sizeof *P);
  if (!P)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  s->priv = P;
  P->s = s;
  P->p = p;
  P->o = o;
  P->goal = p->cond;
  P->negate = p->quant == WMM_QUANT_FORALL;
  P->goal_any = goal_any;
  P->visit = visit;
  P->arg = arg;
  P->err = err;
  int rc = 0;
  int nl = p->nlocs > 0 ? p->nlocs : 1;
  int nt = p->nthreads > 0 ? p->nthreads : 1;
  P->tregs = calloc((size_t)nt, sizeof *P->tregs);
  P->mem = calloc((size_t)nl, sizeof *P->mem);
  P->known = calloc((size_t)nl, 1);
  P->initev = malloc((size_t)nl * sizeof *P->initev);
  if (!P->tregs || !P->mem || !P->known || !P->initev) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
    goto out;
  }
  for (int l = 0; l < nl; l++)
    P->initev[l] = -1;
  for (int t = 0; t < p->nthreads; t++) {
    const wmm_thread *th = &p->threads[t];
    if (!th->entry)
      continue;
    int ninst = th->instances > 1 ? th->instances : 1;
    for (int i = 0; i < ninst; i++) {
      if (P->nrt == WMM_REL_MAX) {
        rc = wmm_fail(err, WMM_ERR_LIMIT, p->source, 0, "too many threads");
        goto out;
      }
      P->rt[P->nrt].thread = t;
      P->rt[P->nrt].inst = P->nrt;
      P->first_inst[P->nrt] = i == 0;
      P->nrt++;
    }
  }
  rc = search(P);
  if (rc > 0)
    rc = 0;      /* stopped by the visitor */
out:
  wmm_valdom_free(&P->dom);
  wmm_valdom_free(&P->next);
  free(P->tregs);
  free(P->mem);
  free(P->known);
  free(P->initev);
  free(P->obuf);
  free(P);
  s->priv = NULL;
  return rc;
}
