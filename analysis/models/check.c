/* check.c — the explicit checker's API (check.h): search the candidate
 * executions (exec_enum.c) for one that satisfies the goal and that the
 * model accepts (model_*.c); validate an execution given by another engine;
 * print executions.
 *
 * Example:
 *   wmm_check_opts o = wmm_check_opts_default(WMM_MODEL_TSO);
 *   wmm_check_result r;
 *   if (wmm_check(p, &o, &r, &err) == 0 && r.allowed) ...
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "model.h"

wmm_check_opts wmm_check_opts_default(wmm_model m)
{
  wmm_check_opts o;
  memset(&o, 0, sizeof o);
  o.model = m;
  o.unwind = 2;
  o.max_candidates = 0;
  return o;
}

void wmm_witness_free_inputs(wmm_witness *w)
{
  for (int k = 0; w->input && k < w->ninst; k++)
    free(w->input[k]);
  free(w->input);
  free(w->ninput);
  w->input = NULL;
  w->ninput = NULL;
  w->ninst = 0;
}

void wmm_witness_free(wmm_witness *w, const wmm_program *p)
{
  if (!w)
    return;
  if (w->regs) {
    for (int t = 0; t < p->nthreads; t++)
      free(w->regs[t]);
    free(w->regs);
  }
  free(w->ev);
  free(w->mem);
  wmm_witness_free_inputs(w);
  memset(w, 0, sizeof *w);
}

void wmm_check_result_free(wmm_check_result *r)
{
  /* The witness keeps the number of threads in nev's company: regs is
   * allocated with one extra NULL entry, so it can be freed without p. */
  if (r->witness.regs) {
    for (int t = 0; r->witness.regs[t]; t++)
      free(r->witness.regs[t]);
    free(r->witness.regs);
    r->witness.regs = NULL;
  }
  free(r->witness.ev);
  free(r->witness.mem);
  wmm_witness_free_inputs(&r->witness);
  memset(&r->witness, 0, sizeof r->witness);
  r->has_witness = 0;
}

/* Copy execution x into w (events, rf, co positions, final state). */
static int fill_witness(const wmm_program *p, const wmm_exec *x,
                        const int *inst_thread, wmm_witness *w)
{
  memset(w, 0, sizeof *w);
  w->ev = calloc((size_t)(x->n ? x->n : 1), sizeof *w->ev);
  w->regs = calloc((size_t)p->nthreads + 1, sizeof *w->regs);
  w->mem = calloc((size_t)(p->nlocs ? p->nlocs : 1), sizeof *w->mem);
  if (!w->ev || !w->regs || !w->mem)
    return -WMM_ERR_NOMEM;
  w->nev = x->n;
  for (int i = 0; i < x->n; i++) {
    const wmm_event *e = &x->ev[i];
    wmm_wit_event *d = &w->ev[i];
    d->kind = (wmm_event_kind)e->kind;
    d->thread = e->thread;
    d->inst = e->kind == WMM_EV_INIT ? -1 : e->inst;
    d->index = e->instr;
    d->loc = e->loc;
    d->val = e->val;
    d->rf = e->kind == WMM_EV_READ ? x->rf_src[i] : -1;
    d->co = -1;
    if (e->kind != WMM_EV_READ) {
      int pos = 0;
      for (int j = 0; j < x->n; j++)
        if ((x->co.row[j] >> i) & 1)
          pos++;
      d->co = pos;
    }
  }
  for (int t = 0; t < p->nthreads; t++) {
    int nr = p->threads[t].nregs;
    w->regs[t] = calloc((size_t)(nr ? nr : 1), sizeof(wmm_val));
    if (!w->regs[t])
      return -WMM_ERR_NOMEM;
    for (int r = 0; r < nr; r++)
      w->regs[t][r] = p->threads[t].regs[r].init;
  }
  for (int k = x->ninst - 1; k >= 0; k--) {
    int t = inst_thread[k];
    if (x->regs[k])
      memcpy(w->regs[t], x->regs[k],
             (size_t)p->threads[t].nregs * sizeof(wmm_val));
  }
  for (int l = 0; l < p->nlocs; l++)
    w->mem[l] = x->mem[l];
  return 0;
}

typedef struct check_ctx {
  const wmm_program *p;
  const wmm_check_opts *o;
  wmm_check_result *r;
  int inst_thread[WMM_REL_MAX];
} check_ctx;

static int visit_check(void *arg, wmm_exec *x)
{
  check_ctx *c = arg;
  const char *why;
  if (!wmm_model_check(c->o->model, x, WMM_MODEL_SKIP_UNIPROC, &why))
    return 0;
  c->r->valid++;
  c->r->satisfying++;
  c->r->allowed = 1;
  if (c->o->witness) {
    int rc = fill_witness(c->p, x, c->inst_thread, &c->r->witness);
    if (rc < 0)
      return rc;
    c->r->has_witness = 1;
  }
  return 1;
}

/* Thread of each instance, in the order exec_enum.c runs them. */
static void instance_threads(const wmm_program *p, int *it)
{
  int k = 0;
  for (int t = 0; t < p->nthreads; t++) {
    if (!p->threads[t].entry)
      continue;
    int n = p->threads[t].instances > 1 ? p->threads[t].instances : 1;
    for (int i = 0; i < n && k < WMM_REL_MAX; i++)
      it[k++] = t;
  }
}

int wmm_check(const wmm_program *p, const wmm_check_opts *o,
              wmm_check_result *r, wmm_error *err)
{
  memset(r, 0, sizeof *r);
  if (!p || !o || (unsigned)o->model >= WMM_MODEL_COUNT)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "bad arguments to wmm_check");
  wmm_check_opts oo = *o;
  if (oo.unwind < 0)
    oo.unwind = 0;
  check_ctx c = {p, &oo, r, {0}};
  instance_threads(p, c.inst_thread);
  wmm_search s;
  wmm_search_init(&s);
  int rc = wmm_search_run(&s, p, &oo, 0, visit_check, &c, err);
  r->candidates = s.candidates;
  wmm_search_free(&s);
  if (rc < 0) {
    wmm_check_result_free(r);
    return rc;
  }
  return 0;
}

/* ------------------------------------------------------ witness checking */

typedef struct wit_ctx {
  const wmm_program *p;
  wmm_model m;
  const wmm_witness *w;
  int *wmap;            /* witness event -> exec event of the match */
  int found;            /* 1 matched; then valid / why */
  int valid;
  const char *why;
  int satisfies;
  int abstract_inst, abstract_at;
} wit_ctx;

/* Does execution x have the witness's events (per thread, in order), rf
 * and co?  Fills c->wmap on success. */
static int witness_matches(wit_ctx *c, const wmm_exec *x)
{
  const wmm_witness *w = c->w;
  /* Events: the k-th witness event of instance i is the k-th exec event of
   * instance i (both number instances as the threads run); initial writes
   * match by location. */
  int cursor[WMM_REL_MAX];
  for (int t = 0; t < WMM_REL_MAX; t++)
    cursor[t] = 0;
  int matched = 0, nthread_ev = 0;
  for (int i = 0; i < x->n; i++)
    if (x->ev[i].kind != WMM_EV_INIT)
      nthread_ev++;
  for (int k = 0; k < w->nev; k++) {
    const wmm_wit_event *we = &w->ev[k];
    int found = -1;
    if (we->kind == WMM_EV_INIT) {
      for (int i = 0; i < x->n; i++)
        if (x->ev[i].kind == WMM_EV_INIT && x->ev[i].loc == we->loc)
          found = i;
      if (found < 0) {
        c->wmap[k] = -1;    /* init of a location nobody touches here */
        continue;
      }
    } else {
      if (we->inst < 0 || we->inst >= x->ninst || we->inst >= WMM_REL_MAX)
        return 0;
      int seen = 0;
      for (int i = 0; i < x->n; i++) {
        if (x->ev[i].inst != we->inst || x->ev[i].kind == WMM_EV_INIT)
          continue;
        if (seen++ == cursor[we->inst]) {
          found = i;
          break;
        }
      }
      if (found < 0)
        return 0;
      cursor[we->inst]++;
      const wmm_event *e = &x->ev[found];
      if ((int)e->kind != (int)we->kind || e->thread != we->thread ||
          e->instr != we->index || e->loc != we->loc || e->val != we->val)
        return 0;
      matched++;
    }
    c->wmap[k] = found;
  }
  if (matched != nthread_ev)
    return 0;
  for (int k = 0; k < w->nev; k++) {
    const wmm_wit_event *we = &w->ev[k];
    int i = c->wmap[k];
    if (i < 0)
      continue;
    if (we->kind == WMM_EV_READ) {
      if (we->rf < 0 || we->rf >= w->nev || c->wmap[we->rf] != x->rf_src[i])
        return 0;
    } else if (we->co >= 0) {
      int pos = 0;
      for (int j = 0; j < x->n; j++)
        if ((x->co.row[j] >> i) & 1)
          pos++;
      if (pos != we->co)
        return 0;
    }
  }
  return 1;
}

static int visit_witness(void *arg, wmm_exec *x)
{
  wit_ctx *c = arg;
  if (!witness_matches(c, x))
    return 0;
  c->found = 1;
  c->abstract_inst = x->abstract_inst;
  c->abstract_at = x->abstract_at;
  c->valid = wmm_model_check(c->m, x, 0, &c->why);
  /* The search ran with goal_any: read the goal on this execution. */
  const wmm_program *p = c->p;
  const wmm_val *regs[WMM_REL_MAX];
  unsigned char known[WMM_REL_MAX];
  int nt = p->nthreads < WMM_REL_MAX ? p->nthreads : WMM_REL_MAX;
  for (int t = 0; t < nt; t++)
    regs[t] = NULL;
  int k = 0;
  for (int t = 0; t < p->nthreads && k < x->ninst; t++) {
    if (!p->threads[t].entry)
      continue;
    if (t < nt)
      regs[t] = x->regs[k];
    k += p->threads[t].instances > 1 ? p->threads[t].instances : 1;
  }
  unsigned char *kn = p->nlocs <= WMM_REL_MAX ? known : malloc((size_t)p->nlocs);
  if (!kn)
    return -WMM_ERR_NOMEM;
  memset(kn, 1, (size_t)(p->nlocs ? p->nlocs : 1));
  int v = wmm_prop_eval3(p->cond, regs, x->mem, kn);
  if (kn != known)
    free(kn);
  if (p->quant == WMM_QUANT_FORALL)
    v = v == 2 ? 2 : !v;
  c->satisfies = v == 1;
  return 1;
}

int wmm_replay_witness(const wmm_program *p, wmm_model m,
                       const wmm_witness *w, wmm_replay_info *out,
                       wmm_strbuf *why, wmm_error *err)
{
  memset(out, 0, sizeof *out);
  out->abstract_inst = out->abstract_at = -1;
  if (!p || !w || (unsigned)m >= WMM_MODEL_COUNT)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0,
                    "bad arguments to wmm_replay_witness");
  if (p->nthreads > WMM_REL_MAX)
    return wmm_fail(err, WMM_ERR_LIMIT, p->source, 0, "too many threads");
  wit_ctx c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.m = m;
  c.w = w;
  c.wmap = malloc((size_t)(w->nev ? w->nev : 1) * sizeof *c.wmap);
  if (!c.wmap)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  wmm_check_opts o = wmm_check_opts_default(m);
  /* The witness's loops may be unrolled further than the default; the
   * guide keeps the search to the witness's own path per instance. */
  o.unwind = w->nev + 2;
  o.guide = w;
  wmm_search s;
  wmm_search_init(&s);
  int rc = wmm_search_run(&s, p, &o, 1, visit_witness, &c, err);
  wmm_search_free(&s);
  free(c.wmap);
  if (rc < 0)
    return rc;
  out->found = c.found;
  out->valid = c.found && c.valid;
  out->satisfies = c.found && c.satisfies;
  if (c.found) {
    out->abstract_inst = c.abstract_inst;
    out->abstract_at = c.abstract_at;
  }
  if (!why)
    return 0;
  if (!c.found)
    wmm_strbuf_puts(why, "not a coherent execution of the program: its "
                         "events, rf or co match no path and coherence "
                         "order (uniproc)");
  else if (!c.valid)
    wmm_strbuf_printf(why, "forbidden by %s: axiom %s", wmm_model_name(m),
                      c.why ? c.why : "?");
  else if (!c.satisfies)
    wmm_strbuf_puts(why, p->quant == WMM_QUANT_FORALL
                             ? "valid, but satisfies the forall condition"
                             : "valid, but the final state does not "
                               "satisfy the condition");
  return 0;
}

int wmm_check_witness(const wmm_program *p, wmm_model m,
                      const wmm_witness *w, int *ok, wmm_strbuf *why,
                      wmm_error *err)
{
  wmm_replay_info ri;
  *ok = 0;
  int rc = wmm_replay_witness(p, m, w, &ri, why, err);
  if (rc < 0)
    return rc;
  *ok = ri.found && ri.valid && ri.satisfies;
  return 0;
}

/* ------------------------------------------------------------- printing */

static void event_name(const wmm_program *p, const wmm_witness *w, int i,
                       wmm_strbuf *out)
{
  const wmm_wit_event *e = &w->ev[i];
  const char *loc = e->loc >= 0 && e->loc < p->nlocs ? p->locs[e->loc].name : "?";
  if (e->kind == WMM_EV_INIT) {
    wmm_strbuf_printf(out, "init %s=%lld", loc, (long long)e->val);
    return;
  }
  const char *tn = e->thread >= 0 && e->thread < p->nthreads
                       ? p->threads[e->thread].name : "?";
  wmm_strbuf_printf(out, "%s:%d %c %s=%lld", tn, e->index,
                    e->kind == WMM_EV_READ ? 'R' : 'W', loc, (long long)e->val);
}

static void print_val(const wmm_program *p, wmm_val v, wmm_strbuf *out)
{
  int l = wmm_addr_loc(p, v);
  if (l >= 0 && v == wmm_loc_addr(l))
    wmm_strbuf_puts(out, p->locs[l].name);
  else
    wmm_strbuf_printf(out, "%lld", (long long)v);
}

void wmm_witness_format(const wmm_program *p, const wmm_witness *w,
                        wmm_strbuf *out)
{
  wmm_strbuf_puts(out, "events (thread:instruction, program order):\n");
  for (int i = 0; i < w->nev; i++) {
    const wmm_wit_event *e = &w->ev[i];
    if (e->kind == WMM_EV_INIT)
      continue;
    wmm_strbuf_puts(out, "  ");
    event_name(p, w, i, out);
    if (e->kind == WMM_EV_READ && e->rf >= 0 && e->rf < w->nev) {
      wmm_strbuf_puts(out, "  rf from ");
      event_name(p, w, e->rf, out);
    }
    const wmm_thread *t = e->thread >= 0 && e->thread < p->nthreads
                              ? &p->threads[e->thread] : NULL;
    if (t && e->index >= 0 && e->index < t->ncode && t->code[e->index].text)
      wmm_strbuf_printf(out, "   [%s]", t->code[e->index].text);
    wmm_strbuf_puts(out, "\n");
  }
  wmm_strbuf_puts(out, "coherence order:\n");
  for (int l = 0; l < p->nlocs; l++) {
    int any = 0;
    for (int pos = 0;; pos++) {
      int hit = -1;
      for (int i = 0; i < w->nev; i++)
        if (w->ev[i].loc == l && w->ev[i].kind != WMM_EV_READ &&
            w->ev[i].co == pos)
          hit = i;
      if (hit < 0)
        break;
      if (!any)
        wmm_strbuf_printf(out, "  %s: ", p->locs[l].name);
      else
        wmm_strbuf_puts(out, " -> ");
      any = 1;
      event_name(p, w, hit, out);
    }
    if (any)
      wmm_strbuf_puts(out, "\n");
  }
  wmm_strbuf_puts(out, "final state:");
  for (int t = 0; t < p->nthreads && w->regs; t++) {
    if (!w->regs[t])
      continue;
    for (int r = 0; r < p->threads[t].nregs; r++) {
      wmm_strbuf_printf(out, " %d:%s=", t, p->threads[t].regs[r].name);
      print_val(p, w->regs[t][r], out);
      wmm_strbuf_puts(out, ";");
    }
  }
  for (int l = 0; l < p->nlocs && w->mem; l++) {
    wmm_strbuf_printf(out, " %s=", p->locs[l].name);
    print_val(p, w->mem[l], out);
    wmm_strbuf_puts(out, ";");
  }
  wmm_strbuf_puts(out, "\n");
}
