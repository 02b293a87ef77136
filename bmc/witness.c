/* witness.c — the execution a satisfying assignment describes, as a
 * wmm_witness (check.h): the events that happen (initial writes first,
 * then each thread instance in program order), their locations and values,
 * the write each read reads from (fences are not listed: check.h's
 * executions hold memory events only), each write's position in its location's
 * coherence order (clock order), the final registers and memory.
 *
 * Example: for SB under TSO the witness lists Init x, Init y, then
 * P0: W x=1 (co 1), R y=0 (rf Init y); P1: W y=1 (co 1), R x=0 (rf Init x).
 */
#include "bmc_int.h"

#include <stdlib.h>
#include <string.h>

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

static wmm_val eval_bv(bmc_ctx *c, Z3_model m, Z3_ast a)
{
  Z3_ast v;
  uint64_t u = 0;
  if (a && Z3_model_eval(c->z, m, a, true, &v))
    Z3_get_numeral_uint64(c->z, v, &u);
  return (wmm_val)u;
}

static int64_t eval_int(bmc_ctx *c, Z3_model m, Z3_ast a)
{
  Z3_ast v;
  int64_t i = 0;
  if (a && Z3_model_eval(c->z, m, a, true, &v))
    Z3_get_numeral_int64(c->z, v, &i);
  return i;
}

typedef struct wkey {
  int64_t k;
  int w;        /* index in the witness */
} wkey;

static int wkey_cmp(const void *a, const void *b)
{
  const wkey *x = a, *y = b;
  if (x->k != y->k)
    return x->k < y->k ? -1 : 1;
  return x->w - y->w;
}

int bmc_witness(bmc_ctx *c, Z3_model m, wmm_witness *w)
{
  const wmm_program *p = c->p;
  memset(w, 0, sizeof *w);
  int *pos = malloc(((size_t)c->nev + 1) * sizeof *pos);   /* event -> ev[] */
  w->ev = calloc((size_t)c->nev + 1, sizeof *w->ev);
  wkey *keys = malloc(((size_t)c->nev + 1) * sizeof *keys);
  w->regs = calloc((size_t)p->nthreads + 1, sizeof *w->regs);
  w->mem = calloc((size_t)p->nlocs + 1, sizeof *w->mem);
  int rc = 0;
  if (!pos || !w->ev || !keys || !w->regs || !w->mem) {
    rc = nomem(c);
    goto out;
  }
  int n = 0;
  /* Initial writes, then each thread instance in program order. */
  for (int l = 0; l < p->nlocs; l++) {
    int e = c->init_ev[l];
    pos[e] = n;
    wmm_wit_event *x = &w->ev[n++];
    x->kind = WMM_EV_INIT;
    x->thread = -1;
    x->inst = -1;
    x->index = -1;
    x->loc = l;
    x->val = p->locs[l].init;
    x->rf = -1;
    x->co = 0;
  }
  for (int r = 0; r < c->nrt; r++) {
    const bmc_rthread *t = &c->rt[r];
    for (int i = 0; i < t->nev; i++) {
      int e = t->ev[i];
      const bmc_event *ev = &c->ev[e];
      pos[e] = -1;
      if (ev->kind == WMM_EV_FENCE || !bmc_model_holds(c, m, ev->g))
        continue;      /* fences are relations in a witness, not events */
      pos[e] = n;
      wmm_wit_event *x = &w->ev[n++];
      x->kind = (wmm_event_kind)ev->kind;
      x->thread = t->thread;
      x->inst = r;
      x->index = ev->instr;
      x->rf = -1;
      x->co = -1;
      x->loc = wmm_addr_loc(p, eval_bv(c, m, ev->addr));
      x->val = eval_bv(c, m, ev->val);
    }
  }
  w->nev = n;
  /* rf: a candidate that holds (the formula keeps them consistent). */
  for (int e = 0; e < c->nev; e++) {
    if (c->ev[e].kind != WMM_EV_READ || pos[e] < 0)
      continue;
    for (int q = c->rf_first[e]; q >= 0; q = c->rf_next[q])
      if (pos[c->rf[q].w] >= 0 && bmc_model_holds(c, m, c->rf[q].s)) {
        w->ev[pos[e]].rf = pos[c->rf[q].w];
        break;
      }
  }
  /* co: clock order of the writes to each location. */
  for (int l = 0; l < p->nlocs; l++) {
    int nk = 0;
    for (int e = 0; e < c->nev; e++) {
      const bmc_event *ev = &c->ev[e];
      if (ev->kind != WMM_EV_WRITE || pos[e] < 0 || w->ev[pos[e]].loc != l)
        continue;
      keys[nk].k = eval_int(c, m, ev->k);
      keys[nk].w = pos[e];
      nk++;
    }
    qsort(keys, (size_t)nk, sizeof *keys, wkey_cmp);
    w->mem[l] = p->locs[l].init;
    for (int i = 0; i < nk; i++) {
      w->ev[keys[i].w].co = i + 1;
      w->mem[l] = w->ev[keys[i].w].val;
    }
  }
  /* Final registers of each program thread (its first instance). */
  for (int th = 0; th < p->nthreads; th++) {
    const wmm_thread *t = &p->threads[th];
    w->regs[th] = calloc((size_t)t->nregs + 1, sizeof **w->regs);
    if (!w->regs[th]) {
      rc = nomem(c);
      goto out;
    }
    const bmc_rthread *rt = NULL;
    for (int r = 0; r < c->nrt; r++)
      if (c->rt[r].thread == th && c->rt[r].first)
        rt = &c->rt[r];
    for (int i = 0; i < t->nregs; i++)
      w->regs[th][i] = rt ? eval_bv(c, m, rt->regs[i]->z) : t->regs[i].init;
  }
  /* Inputs each instance took, in path order. */
  w->ninst = c->nrt;
  w->ninput = calloc((size_t)c->nrt + 1, sizeof *w->ninput);
  w->input = calloc((size_t)c->nrt + 1, sizeof *w->input);
  if (!w->ninput || !w->input) {
    rc = nomem(c);
    goto out;
  }
  for (int i = 0; i < c->ninputs; i++) {
    const bmc_input *in = &c->inputs[i];
    if (in->rt < 0 || in->rt >= c->nrt || !bmc_model_holds(c, m, in->g))
      continue;
    wmm_val *q = realloc(w->input[in->rt],
                         ((size_t)w->ninput[in->rt] + 1) * sizeof *q);
    if (!q) {
      rc = nomem(c);
      goto out;
    }
    q[w->ninput[in->rt]++] = eval_bv(c, m, in->v);
    w->input[in->rt] = q;
  }
out:
  free(pos);
  free(keys);
  if (rc < 0)
    wmm_witness_free(w, p);
  return rc;
}
