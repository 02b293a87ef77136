/* enc_models.c — the models whose consistency is one acyclicity over the
 * events: SC, TSO (x86tso.cat), PSO and RMO (tests/corpus/README.md) and
 * ARMv8 (aarch64.cat: acyclic ob = obs | lob); Power and ARMv7 are in
 * enc_power.c.  Every relation becomes edges of one graph:
 *  - communication: rf (or rfe), co (clock order per location), fr;
 *  - po-based orders through prefix/suffix chains per thread instance
 *    (a fence node takes the chain of what it orders before it to the
 *    chain of what it orders after it), linear in the events;
 *  - dependencies as direct edges (addr, data, ctrl, ...), each guarded by
 *    the path condition under which it holds.
 * The graph's acyclicity is then encoded with clocks (graph.c).
 *
 * Example (TSO, SB+mfences): W x -> P^W -> X(mfence) -> S^M -> R y on each
 * thread; with fr edges R y -> W y and R x -> W x the graph has a cycle
 * whenever both reads read 0.
 */
#include "bmc_int.h"

#include <stdlib.h>
#include <string.h>

static int nomem(bmc_ctx *c)
{
  return wmm_fail(c->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

static int edge(bmc_ctx *c, bmc_graph *g, int set, int src, int dst,
                Z3_ast lit)
{
  if (lit == c->f || src < 0 || dst < 0)
    return 0;
  return bmc_graph_edge(g, set, src, dst, lit) < 0 ? nomem(c) : 0;
}

/* rf, co and fr edges (internal and external in separate sets). */
int bmc_com_edges(bmc_ctx *c, bmc_graph *g)
{
  int rc = 0;
  for (int k = 0; k < c->nrf && rc == 0; k++) {
    const bmc_rf *f = &c->rf[k];
    int ext = bmc_ext(&c->ev[f->w], &c->ev[f->r]);
    rc = edge(c, g, ext ? BMC_E_RFE : BMC_E_RFI, f->w, f->r, f->s);
  }
  for (int l = 0; l < c->p->nlocs && rc == 0; l++) {
    const int *w = c->locw[l];
    int n = c->nlocw[l];
    for (int a = 0; a < n && rc == 0; a++)
      for (int b = 0; b < n && rc == 0; b++) {
        if (a == b)
          continue;
        const bmc_event *x = &c->ev[w[a]], *y = &c->ev[w[b]];
        /* once per pair: at the first location both may access */
        int first = -1;
        for (int i = 0, j = 0; i < x->nloc && j < y->nloc;) {
          if (x->locs[i] == y->locs[j]) {
            first = x->locs[i];
            break;
          }
          if (x->locs[i] < y->locs[j])
            i++;
          else
            j++;
        }
        if (first != l)
          continue;
        rc = edge(c, g, bmc_ext(x, y) ? BMC_E_COE : BMC_E_COI, w[a], w[b],
                  bmc_co(c, w[a], w[b]));
      }
  }
  for (int r = 0; r < c->nev && rc == 0; r++) {
    const bmc_event *e = &c->ev[r];
    if (e->kind != WMM_EV_READ)
      continue;
    for (int q = 0; q < e->nloc && rc == 0; q++) {
      int l = e->locs[q];
      for (int j = 0; j < c->nlocw[l] && rc == 0; j++) {
        int w = c->locw[l][j];
        const bmc_event *we = &c->ev[w];
        if (we->kind == WMM_EV_INIT)
          continue;
        int first = -1;
        for (int i = 0, k = 0; i < e->nloc && k < we->nloc;) {
          if (e->locs[i] == we->locs[k]) {
            first = e->locs[i];
            break;
          }
          if (e->locs[i] < we->locs[k])
            i++;
          else
            k++;
        }
        if (first != l)
          continue;
        rc = edge(c, g, bmc_ext(e, we) ? BMC_E_FRE : BMC_E_FRI, r, w,
                  bmc_fr(c, r, w));
      }
    }
  }
  return rc;
}

/* Edges src -> events of the set `to` po-after each chain position:
 * chain P[i-1] -> e_i. */
static int chain_to(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t,
                    const bmc_chain *P, unsigned to, int set)
{
  for (int i = 1; i < t->nev; i++) {
    int e = t->ev[i];
    if (!(g->type[e] & to) || P->node[i - 1] < 0)
      continue;
    int rc = edge(c, g, set, P->node[i - 1], e, c->ev[e].g);
    if (rc < 0)
      return rc;
  }
  return 0;
}

/* A special node at position i: everything in P before it, and it before
 * everything in S after it. */
static int through(bmc_ctx *c, bmc_graph *g, const bmc_chain *P,
                   const bmc_chain *S, int i, int node, Z3_ast lit, int in_set,
                   int out_set)
{
  int rc = 0;
  if (P && i > 0 && P->node[i - 1] >= 0)
    rc = edge(c, g, in_set, P->node[i - 1], node, lit);
  if (rc == 0 && S && i + 1 < S->n && S->node[i + 1] >= 0)
    rc = edge(c, g, out_set, node, S->node[i + 1], lit);
  return rc;
}

/* Dependency list d of event b as edges a -> b. */
static int dep_edges(bmc_ctx *c, bmc_graph *g, int b, const bmc_deps *d,
                     int set)
{
  const bmc_event *e = &c->ev[b];
  for (int i = 0; i < d->n; i++) {
    const bmc_event *a = &c->ev[d->d[i].ev];
    int rc = edge(c, g, set, d->d[i].ev, b,
                  bmc_and3(c, a->g, e->g, d->d[i].cond));
    if (rc < 0)
      return rc;
  }
  return 0;
}

/* SC, TSO, PSO and RMO. */
static int enc_x86_family(bmc_ctx *c, bmc_graph *g)
{
  wmm_model m = c->o.model;
  const unsigned M = BMC_T_R | BMC_T_W;
  int rc = 0;
  for (int ti = 0; ti < c->nrt && rc == 0; ti++) {
    const bmc_rthread *t = &c->rt[ti];
    bmc_chain PR, PW, PM, SM, SR;
    memset(&PR, 0, sizeof PR);
    if (m == WMM_MODEL_SC) {
      if ((rc = bmc_chain_prefix(c, g, t, M, &PM)) == 0)
        rc = chain_to(c, g, t, &PM, M, BMC_E_PO);
      continue;
    }
    if ((rc = bmc_chain_prefix(c, g, t, M, &PM)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, M, &SM)) < 0)
      break;
    if (m == WMM_MODEL_TSO || m == WMM_MODEL_PSO) {
      /* R -> every later access */
      if ((rc = bmc_chain_prefix(c, g, t, BMC_T_R, &PR)) < 0 ||
          (rc = chain_to(c, g, t, &PR, M, BMC_E_PO)) < 0)
        break;
    }
    if (m == WMM_MODEL_TSO) {
      /* W -> later W (streaming stores only with locked writes and
         through sfence); W -> later locked R; locked W -> later R */
      int streams = 0;
      for (int i = 0; i < t->nev; i++)
        streams |= c->ev[t->ev[i]].kind == WMM_EV_WRITE &&
                   (c->ev[t->ev[i]].flags & WMM_ACC_STREAM);
      bmc_chain PA, SW;
      if ((rc = bmc_chain_prefix(c, g, t, BMC_T_P, &PW)) < 0 ||
          (rc = chain_to(c, g, t, &PW, BMC_T_P, BMC_E_PO)) < 0 ||
          (rc = bmc_chain_suffix(c, g, t, BMC_T_R, &SR)) < 0)
        break;
      if (streams) {
        if ((rc = bmc_chain_prefix(c, g, t, BMC_T_W, &PA)) < 0 ||
            (rc = bmc_chain_suffix(c, g, t, BMC_T_W, &SW)) < 0)
          break;
      } else {
        PA = PW;
      }
      for (int i = 0; i < t->nev && rc == 0; i++) {
        const bmc_event *e = &c->ev[t->ev[i]];
        if (streams && e->kind == WMM_EV_FENCE && e->fclass == WMM_FC_WW) {
          rc = through(c, g, &PA, &SW, i, t->ev[i], e->g, BMC_E_PO, BMC_E_PO);
          continue;
        }
        if (!e->AT || e->AT == c->f)
          continue;
        Z3_ast lit = bmc_and(c, e->g, e->AT);
        if (e->kind == WMM_EV_READ && i > 0) {
          rc = edge(c, g, BMC_E_PO, PA.node[i - 1], t->ev[i], lit);
        } else if (e->kind == WMM_EV_WRITE) {
          if (streams && i > 0)
            rc = edge(c, g, BMC_E_PO, PA.node[i - 1], t->ev[i], lit);
          if (rc == 0 && i + 1 < t->nev)
            rc = edge(c, g, BMC_E_PO, t->ev[i], SR.node[i + 1], lit);
          if (rc == 0 && streams && i + 1 < t->nev)
            rc = edge(c, g, BMC_E_PO, t->ev[i], SW.node[i + 1], lit);
        }
      }
    } else {
      /* PSO, RMO: a locked access is ordered with everything */
      for (int i = 0; i < t->nev && rc == 0; i++) {
        const bmc_event *e = &c->ev[t->ev[i]];
        if (!e->AT || e->AT == c->f)
          continue;
        rc = through(c, g, &PM, &SM, i, t->ev[i], bmc_and(c, e->g, e->AT),
                     BMC_E_PO, BMC_E_PO);
      }
    }
    if (m == WMM_MODEL_RMO)
      for (int i = 0; i < t->nev && rc == 0; i++) {
        int b = t->ev[i];
        if ((rc = dep_edges(c, g, b, &c->ev[b].d_addr, BMC_E_PO)) == 0)
          rc = dep_edges(c, g, b, &c->ev[b].d_data, BMC_E_PO);
      }
    /* Full fences. */
    for (int i = 0; i < t->nev && rc == 0; i++) {
      const bmc_event *e = &c->ev[t->ev[i]];
      if (e->kind == WMM_EV_FENCE && e->fclass == WMM_FC_FULL)
        rc = through(c, g, &PM, &SM, i, t->ev[i], e->g, BMC_E_PO, BMC_E_PO);
    }
  }
  if (rc == 0)
    rc = bmc_com_edges(c, g);
  if (rc < 0)
    return rc;
  unsigned mask = BMC_SET(BMC_E_PO) | BMC_SET(BMC_E_FEED) |
                  BMC_SET(BMC_E_CHP) | BMC_SET(BMC_E_CHS) |
                  BMC_SET(BMC_E_LEAVE) | BMC_SET(BMC_E_RFE) |
                  BMC_SET(BMC_E_COE) | BMC_SET(BMC_E_COI) |
                  BMC_SET(BMC_E_FRE) | BMC_SET(BMC_E_FRI);
  if (m == WMM_MODEL_SC)
    mask |= BMC_SET(BMC_E_RFI);
  c->cur_rel = WMM_BMC_REL_GHB;
  return bmc_acyclic(c, g, mask);
}

/* ARMv8: local read successor (no write to the location in between). */
static Z3_ast lrs(bmc_ctx *c, const bmc_rthread *t, int wi, int ri)
{
  const bmc_event *w = &c->ev[t->ev[wi]], *r = &c->ev[t->ev[ri]];
  Z3_ast l = bmc_and3(c, w->g, r->g, bmc_same_loc(c, w, r));
  for (int k = wi + 1; k < ri && l != c->f; k++) {
    const bmc_event *x = &c->ev[t->ev[k]];
    if (x->kind != WMM_EV_WRITE || !bmc_may_alias(x, w) ||
        !bmc_may_alias(x, r))
      continue;
    Z3_ast between = bmc_and3(c, x->g, bmc_same_loc(c, w, x),
                              bmc_same_loc(c, x, r));
    l = bmc_and(c, l, bmc_not(c, between));
  }
  return l;
}

static int enc_armv8(bmc_ctx *c, bmc_graph *g)
{
  const unsigned M = BMC_T_R | BMC_T_W;
  int rc = 0;
  /* Position of each event in its thread instance. */
  for (int ti = 0; ti < c->nrt && rc == 0; ti++) {
    const bmc_rthread *t = &c->rt[ti];
    bmc_chain PM, PR, PW, PL, SM, SW;
    if ((rc = bmc_chain_prefix(c, g, t, M, &PM)) < 0 ||
        (rc = bmc_chain_prefix(c, g, t, BMC_T_R, &PR)) < 0 ||
        (rc = bmc_chain_prefix(c, g, t, BMC_T_W, &PW)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, M, &SM)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, BMC_T_W, &SW)) < 0)
      break;
    /* Prefix chain of release writes, for [L];po;[A]. */
    PL.n = t->nev;
    PL.node = bmc_alloc(&c->ar, ((size_t)t->nev + 1) * sizeof(int));
    if (!PL.node)
      return nomem(c);
    int prev = -1;
    for (int i = 0; i < t->nev; i++) {
      const bmc_event *e = &c->ev[t->ev[i]];
      if (e->kind == WMM_EV_WRITE && e->L) {
        int v = bmc_graph_node(g, BMC_T_V);
        if (v < 0)
          return nomem(c);
        if ((rc = edge(c, g, BMC_E_CHP, prev, v, NULL)) < 0 ||
            (rc = edge(c, g, BMC_E_FEED, t->ev[i], v, e->g)) < 0)
          return rc;
        prev = v;
      }
      PL.node[i] = prev;
    }
    for (int i = 0; i < t->nev && rc == 0; i++) {
      int b = t->ev[i];
      const bmc_event *e = &c->ev[b];
      if (e->kind == WMM_EV_FENCE) {
        /* bob: dmb.full, dmb.ld, dmb.st */
        if (e->fclass == WMM_FC_FULL)
          rc = through(c, g, &PM, &SM, i, b, e->g, BMC_E_PO, BMC_E_PO);
        else if (e->fclass == WMM_FC_LD)
          rc = through(c, g, &PR, &SM, i, b, e->g, BMC_E_PO, BMC_E_PO);
        else if (e->fclass == WMM_FC_WW)
          rc = through(c, g, &PW, &SW, i, b, e->g, BMC_E_PO, BMC_E_PO);
        continue;
      }
      /* dob */
      rc = dep_edges(c, g, b, &e->d_addr, BMC_E_PO);
      if (rc == 0)
        rc = dep_edges(c, g, b, &e->d_ctrlcf, BMC_E_PO);
      if (rc == 0)
        rc = dep_edges(c, g, b, &e->d_addrcf, BMC_E_PO);
      if (rc == 0 && e->kind == WMM_EV_WRITE) {
        rc = dep_edges(c, g, b, &e->d_data, BMC_E_PO);
        if (rc == 0)
          rc = dep_edges(c, g, b, &e->d_ctrl, BMC_E_PO);
        if (rc == 0)
          rc = dep_edges(c, g, b, &e->d_addrpo, BMC_E_PO);
      }
      /* (addr | data); lrs and aob's rmw; lrs; [A | Q] */
      if (rc == 0 && e->kind == WMM_EV_WRITE) {
        for (int j = i + 1; j < t->nev && rc == 0; j++) {
          const bmc_event *r = &c->ev[t->ev[j]];
          if (r->kind != WMM_EV_READ || !bmc_may_alias(e, r))
            continue;
          Z3_ast l = lrs(c, t, i, j);
          if (l == c->f)
            continue;
          for (int pass = 0; pass < 2 && rc == 0; pass++) {
            const bmc_deps *d = pass ? &e->d_data : &e->d_addr;
            for (int k = 0; k < d->n && rc == 0; k++)
              rc = edge(c, g, BMC_E_PO, d->d[k].ev, t->ev[j],
                        bmc_and3(c, c->ev[d->d[k].ev].g, d->d[k].cond, l));
          }
          if (r->A || r->Q)
            for (int k = 0; k < c->nrmw && rc == 0; k++)
              if (c->rmw[k].w == b)
                rc = edge(c, g, BMC_E_PO, c->rmw[k].r, t->ev[j],
                          bmc_and3(c, c->rmw[k].cond, c->ev[c->rmw[k].r].g, l));
        }
      }
      /* lws: po-loc; [W] */
      if (rc == 0 && e->kind == WMM_EV_WRITE)
        for (int j = 0; j < i && rc == 0; j++) {
          const bmc_event *a = &c->ev[t->ev[j]];
          if (!bmc_is_mem(a) || !bmc_may_alias(a, e))
            continue;
          rc = edge(c, g, BMC_E_PO, t->ev[j], b,
                    bmc_and3(c, a->g, e->g, bmc_same_loc(c, a, e)));
        }
      /* bob: [A | Q]; po   po; [L]   [L]; po; [A] */
      if (rc == 0 && e->kind == WMM_EV_READ && (e->A || e->Q) &&
          i + 1 < t->nev)
        rc = edge(c, g, BMC_E_PO, b, SM.node[i + 1], e->g);
      if (rc == 0 && e->kind == WMM_EV_WRITE && e->L && i > 0)
        rc = edge(c, g, BMC_E_PO, PM.node[i - 1], b, e->g);
      if (rc == 0 && e->kind == WMM_EV_READ && e->A && i > 0)
        rc = edge(c, g, BMC_E_PO, PL.node[i - 1], b, e->g);
    }
    /* aob: rmw; bob: [range([A]; amo; [L])]; po */
    for (int k = 0; k < c->nrmw && rc == 0; k++) {
      const bmc_rmw *x = &c->rmw[k];
      const bmc_event *r = &c->ev[x->r], *w = &c->ev[x->w];
      if (r->rt != ti)
        continue;
      Z3_ast lit = bmc_and3(c, x->cond, r->g, w->g);
      rc = edge(c, g, BMC_E_PO, x->r, x->w, lit);
      if (rc == 0 && r->amo && r->A && w->L && w->seq + 1 < t->nev)
        rc = edge(c, g, BMC_E_PO, x->w, SM.node[w->seq + 1], lit);
    }
  }
  if (rc == 0)
    rc = bmc_com_edges(c, g);
  if (rc < 0)
    return rc;
  unsigned mask = BMC_SET(BMC_E_PO) | BMC_SET(BMC_E_FEED) |
                  BMC_SET(BMC_E_CHP) | BMC_SET(BMC_E_CHS) |
                  BMC_SET(BMC_E_LEAVE) | BMC_SET(BMC_E_RFE) |
                  BMC_SET(BMC_E_COE) | BMC_SET(BMC_E_COI) |
                  BMC_SET(BMC_E_FRE);
  c->cur_rel = WMM_BMC_REL_GHB;
  return bmc_acyclic(c, g, mask);
}

int bmc_enc_model(bmc_ctx *c)
{
  bmc_graph g;
  int rc = bmc_graph_init(c, &g);
  if (rc < 0)
    return rc;
  switch (c->o.model) {
  case WMM_MODEL_SC:
  case WMM_MODEL_TSO:
  case WMM_MODEL_PSO:
  case WMM_MODEL_RMO:
    rc = enc_x86_family(c, &g);
    break;
  case WMM_MODEL_ARMV8:
    rc = enc_armv8(c, &g);
    break;
  case WMM_MODEL_POWER:
  case WMM_MODEL_ARMV7:
    rc = bmc_enc_power(c, &g);
    break;
  default:
    rc = wmm_fail(c->err, WMM_ERR_INVALID, NULL, 0, "unknown model %d",
                  (int)c->o.model);
  }
  bmc_graph_free(&g);
  if (rc == 0)
    rc = bmc_zcheck(c, "encoding the model");
  return rc;
}
