/* enc_power.c — herd7's ppc.cat and arm.cat (ppc-checks.cat shape) as
 * constraints:
 *  - ppo: the least fixpoint ci/ii/cc/ic of ppo.cat as one Boolean per
 *    relation and po pair, lower-bounded by implications (base => rel,
 *    rel;rel => rel).  Every axiom uses these relations only positively
 *    (acyclic, irreflexive), so a model may always lower them to the least
 *    fixpoint: satisfiability is exactly that of the least fixpoint.  Pairs
 *    that cannot be related (a static fixpoint over what may hold) get no
 *    variable.
 *  - fences: herd7's fencerel relates every event before a fence to every
 *    event after it, fence events included (po covers them); here a fence
 *    is a virtual node between a prefix chain (what it orders before) and
 *    a suffix chain (what it orders after), per class: sync all -> all,
 *    lwsync (non-W -> all) and (W -> non-R), eieio W -> W; ARMv7 dmb all,
 *    dmb.st W -> W (strong).
 *  - thinair: acyclic(hb) with hb = ppo | fence | rfe.
 *  - propagation: acyclic(co | prop), as acyclicity of the product of the
 *    graph with an automaton reading co and prop =
 *    (propbase & W*W) | (chapo? ; propbase* ; strong ; hb*).
 *  - observation: irreflexive(fre ; prop ; hb*), per read.
 *  - scXX: acyclic(co | po & (EX * EX)).
 *
 * Example: MP+lwsync+addr is Forbidden: the lwsync chain gives
 *   W x -(prop: lwsync)-> W y, W y -rfe-> R y -ppo(addr)-> R x and R x
 *   reads the initial x, so R x -fre-> W x; with hb* that closes
 *   fre;prop;hb* on R x.
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

/* ------------------------------------------------------------- fences */

static int fence_node(bmc_ctx *c, bmc_graph *g, const bmc_chain *P,
                      const bmc_chain *S, int i, Z3_ast lit, int strong)
{
  int v = bmc_graph_node(g, BMC_T_V);
  if (v < 0)
    return nomem(c);
  int rc = 0;
  if (i > 0)
    rc = edge(c, g, strong ? BMC_E_FIN_S : BMC_E_FIN_L, P->node[i - 1], v,
              lit);
  if (rc == 0 && i + 1 < S->n)
    rc = edge(c, g, strong ? BMC_E_FOUT_S : BMC_E_FOUT_L, v, S->node[i + 1],
              lit);
  return rc;
}

static int fences(bmc_ctx *c, bmc_graph *g)
{
  const unsigned ALL = BMC_T_R | BMC_T_W | BMC_T_F;
  const unsigned NONW = BMC_T_R | BMC_T_F, NONR = BMC_T_W | BMC_T_F;
  int power = c->o.model == WMM_MODEL_POWER;
  for (int ti = 0; ti < c->nrt; ti++) {
    const bmc_rthread *t = &c->rt[ti];
    int need = 0;
    for (int i = 0; i < t->nev; i++)
      if (c->ev[t->ev[i]].kind == WMM_EV_FENCE &&
          c->ev[t->ev[i]].fclass != WMM_FC_CTRL)
        need = 1;
    if (!need)
      continue;
    bmc_chain PA, PN, PW, SA, SN, SW;
    int rc;
    if ((rc = bmc_chain_prefix(c, g, t, ALL, &PA)) < 0 ||
        (rc = bmc_chain_prefix(c, g, t, NONW, &PN)) < 0 ||
        (rc = bmc_chain_prefix(c, g, t, BMC_T_W, &PW)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, ALL, &SA)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, NONR, &SN)) < 0 ||
        (rc = bmc_chain_suffix(c, g, t, BMC_T_W, &SW)) < 0)
      return rc;
    for (int i = 0; i < t->nev; i++) {
      const bmc_event *e = &c->ev[t->ev[i]];
      if (e->kind != WMM_EV_FENCE)
        continue;
      switch (e->fclass) {
      case WMM_FC_FULL:
        rc = fence_node(c, g, &PA, &SA, i, e->g, 1);
        break;
      case WMM_FC_LIGHT:
        rc = fence_node(c, g, &PN, &SA, i, e->g, 0);
        if (rc == 0)
          rc = fence_node(c, g, &PW, &SN, i, e->g, 0);
        break;
      case WMM_FC_WW:
        rc = fence_node(c, g, &PW, &SW, i, e->g, !power);
        break;
      default:
        rc = 0;
      }
      if (rc < 0)
        return rc;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- ppo */

enum { CI = 0, II, CC, IC, NREL };

typedef struct ppo_thread {
  int n;
  int *m;               /* memory events in program order */
  unsigned char *may;   /* [rel][i][j]: may hold */
  unsigned char *must;  /* [rel][i][j]: holds whenever both events happen
                           (from dependencies and po-loc alone) */
  Z3_ast *var;          /* [rel][i][j] */
} ppo_thread;

#define AT(pt, r, i, j) ((size_t)(r) * (pt)->n * (pt)->n + (size_t)(i) * (pt)->n + (j))

static Z3_ast dep_lit(bmc_ctx *c, int a, int b, const bmc_deps *d)
{
  int found;
  Z3_ast cond = bmc_dep_cond(c, d, a, &found);
  if (!found)
    return c->f;
  return bmc_and3(c, c->ev[a].g, c->ev[b].g, cond);
}

static Z3_ast rf_var(bmc_ctx *c, int w, int r)
{
  for (int q = c->rf_first[r]; q >= 0; q = c->rf_next[q])
    if (c->rf[q].w == w)
      return c->rf[q].s;
  return c->f;
}

static Z3_ast rvar(bmc_ctx *c, ppo_thread *pt, int r, int i, int j)
{
  if (!pt->may[AT(pt, r, i, j)])
    return c->f;
  if (pt->must[AT(pt, r, i, j)])
    return c->t;
  Z3_ast *v = &pt->var[AT(pt, r, i, j)];
  if (!*v) {
    static const char *names[NREL] = {"ci", "ii", "cc", "ic"};
    *v = bmc_bool(c, names[r]);
  }
  return *v;
}

/* lit => rel(i, j) */
static void lower(bmc_ctx *c, ppo_thread *pt, int r, int i, int j, Z3_ast lit)
{
  if (lit == c->f || pt->must[AT(pt, r, i, j)])
    return;
  bmc_assert(c, bmc_implies(c, lit, rvar(c, pt, r, i, j)));
}

/* The ci/ii/cc/ic least fixpoint over table tab (may or must) from the
 * base relations, by increasing distance (compositions use shorter pairs
 * only); same_guard: only pairs and middle events with one guard. */
static void static_fixpoint(const bmc_ctx *c, ppo_thread *pt, unsigned char *tab,
                            const unsigned char *base, int same_guard)
{
  int n = pt->n;
  for (int d = 1; d < n; d++)
    for (int i = 0; i + d < n; i++) {
      int j = i + d;
      Z3_ast g = c->ev[pt->m[i]].g;
      if (same_guard && c->ev[pt->m[j]].g != g)
        continue;
      unsigned char ci = base[AT(pt, CI, i, j)];
      unsigned char ii = base[AT(pt, II, i, j)];
      unsigned char cc = base[AT(pt, CC, i, j)];
      unsigned char ic = 0;
      for (int k = i + 1; k < j; k++) {
        if (same_guard && c->ev[pt->m[k]].g != g)
          continue;
#define T(r, x, y) tab[AT(pt, r, x, y)]
        ci |= (T(CI, i, k) & T(II, k, j)) | (T(CC, i, k) & T(CI, k, j));
        ii |= (T(IC, i, k) & T(CI, k, j)) | (T(II, i, k) & T(II, k, j));
        cc |= (T(CI, i, k) & T(IC, k, j)) | (T(CC, i, k) & T(CC, k, j));
        ic |= (T(IC, i, k) & T(CC, k, j)) | (T(II, i, k) & T(IC, k, j));
      }
      ii |= ci;
      cc |= ci;
      ic |= ii | cc;
      T(CI, i, j) = ci;
      T(II, i, j) = ii;
      T(CC, i, j) = cc;
      T(IC, i, j) = ic;
#undef T
    }
}

static int ppo_thread_enc(bmc_ctx *c, bmc_graph *g, const bmc_rthread *t)
{
  int power = c->o.model == WMM_MODEL_POWER;
  ppo_thread pt;
  memset(&pt, 0, sizeof pt);
  pt.m = malloc(((size_t)t->nev + 1) * sizeof *pt.m);
  if (!pt.m)
    return nomem(c);
  for (int i = 0; i < t->nev; i++)
    if (bmc_is_mem(&c->ev[t->ev[i]]))
      pt.m[pt.n++] = t->ev[i];
  int n = pt.n, rc = 0;
  if (n < 2) {
    free(pt.m);
    return 0;
  }
  size_t cells = (size_t)NREL * n * n;
  pt.may = calloc(cells, 1);
  pt.must = calloc(cells, 1);
  pt.var = calloc(cells, sizeof *pt.var);
  unsigned char *base = calloc((size_t)NREL * n * n, 1);
  unsigned char *mbase = calloc((size_t)NREL * n * n, 1);
  if (!pt.may || !pt.must || !pt.var || !base || !mbase) {
    rc = nomem(c);
    goto out;
  }
  /* Which base relations may hold, per pair. */
  for (int j = 0; j < n; j++) {
    const bmc_event *b = &c->ev[pt.m[j]];
    for (int i = 0; i < j; i++) {
      const bmc_event *a = &c->ev[pt.m[i]];
      int f;
      int dd = (bmc_dep_cond(c, &b->d_addr, pt.m[i], &f), f) ||
               (bmc_dep_cond(c, &b->d_data, pt.m[i], &f), f);
      int ctrl = (bmc_dep_cond(c, &b->d_ctrl, pt.m[i], &f), f);
      int cf = (bmc_dep_cond(c, &b->d_ctrlcf, pt.m[i], &f), f);
      int apo = (bmc_dep_cond(c, &b->d_addrpo, pt.m[i], &f), f);
      int loc = bmc_may_alias(a, b);
      int rfi = a->kind == WMM_EV_WRITE && b->kind == WMM_EV_READ &&
                rf_var(c, pt.m[i], pt.m[j]) != c->f;
      int rdw = loc && a->kind == WMM_EV_READ && b->kind == WMM_EV_READ;
      int detour = loc && a->kind == WMM_EV_WRITE && b->kind == WMM_EV_READ;
      base[AT(&pt, CI, i, j)] = cf || detour;
      base[AT(&pt, II, i, j)] = dd || rfi || rdw;
      base[AT(&pt, CC, i, j)] = dd || (power && loc) || ctrl || apo;
      /* Bases that hold whenever both events happen: their literal folds
       * to the conjunction of the two guards. */
      Z3_ast both = bmc_and(c, a->g, b->g);
      int idd = bmc_or(c, dep_lit(c, pt.m[i], pt.m[j], &b->d_addr),
                       dep_lit(c, pt.m[i], pt.m[j], &b->d_data)) == both;
      int ictrl = dep_lit(c, pt.m[i], pt.m[j], &b->d_ctrl) == both;
      int icf = dep_lit(c, pt.m[i], pt.m[j], &b->d_ctrlcf) == both;
      int iapo = dep_lit(c, pt.m[i], pt.m[j], &b->d_addrpo) == both;
      int iloc = loc && bmc_same_loc(c, a, b) == c->t;
      mbase[AT(&pt, CI, i, j)] = icf;
      mbase[AT(&pt, II, i, j)] = idd;
      mbase[AT(&pt, CC, i, j)] = idd || (power && iloc) || ictrl || iapo;
    }
  }
  /* Static fixpoints, by increasing distance: what may hold, and what
   * must hold for pairs whose events happen together (same guard). */
  static_fixpoint(c, &pt, pt.may, base, 0);
  static_fixpoint(c, &pt, pt.must, mbase, 1);
#define M(r, x, y) pt.may[AT(&pt, r, x, y)]
  /* Base relations as lower bounds. */
  c->cur_rel = WMM_BMC_REL_PPO;
  for (int j = 0; j < n && rc == 0; j++) {
    int bj = pt.m[j];
    const bmc_event *b = &c->ev[bj];
    for (int i = 0; i < j; i++) {
      int ai = pt.m[i];
      const bmc_event *a = &c->ev[ai];
      Z3_ast dd = bmc_or(c, dep_lit(c, ai, bj, &b->d_addr),
                         dep_lit(c, ai, bj, &b->d_data));
      Z3_ast poloc = bmc_may_alias(a, b)
                         ? bmc_and3(c, a->g, b->g, bmc_same_loc(c, a, b))
                         : c->f;
      lower(c, &pt, CI, i, j, dep_lit(c, ai, bj, &b->d_ctrlcf));
      lower(c, &pt, II, i, j, dd);
      lower(c, &pt, CC, i, j, dd);
      if (power)
        lower(c, &pt, CC, i, j, poloc);
      lower(c, &pt, CC, i, j, dep_lit(c, ai, bj, &b->d_ctrl));
      lower(c, &pt, CC, i, j, dep_lit(c, ai, bj, &b->d_addrpo));
      if (a->kind == WMM_EV_WRITE && b->kind == WMM_EV_READ)
        lower(c, &pt, II, i, j, rf_var(c, ai, bj));     /* rfi */
      if (poloc == c->f)
        continue;
      /* rdw = po-loc & (fre;rfe), detour = po-loc & (coe;rfe) */
      for (int q = c->rf_first[bj]; q >= 0; q = c->rf_next[q]) {
        int w = c->rf[q].w;
        const bmc_event *we = &c->ev[w];
        if (we->kind == WMM_EV_INIT || !bmc_ext(we, b))
          continue;
        if (a->kind == WMM_EV_READ)
          lower(c, &pt, II, i, j,
                bmc_and3(c, poloc, bmc_fr(c, ai, w), c->rf[q].s));
        else
          lower(c, &pt, CI, i, j,
                bmc_and3(c, poloc, bmc_co(c, ai, w), c->rf[q].s));
      }
    }
  }
  /* Fixpoint rules. */
  for (int d = 1; d < n; d++)
    for (int i = 0; i + d < n; i++) {
      int j = i + d;
      int open = 0;     /* some relation may hold here without must */
      for (int r = 0; r < NREL; r++)
        if (M(r, i, j) && !pt.must[AT(&pt, r, i, j)])
          open = 1;
      if (!open)
        continue;
      for (int k = i + 1; k < j; k++) {
        static const int rules[8][3] = {
          {CI, II, CI}, {CC, CI, CI}, {IC, CI, II}, {II, II, II},
          {CI, IC, CC}, {CC, CC, CC}, {IC, CC, IC}, {II, IC, IC}};
        for (int r = 0; r < 8; r++) {
          int x = rules[r][0], y = rules[r][1], z = rules[r][2];
          if (M(x, i, k) && M(y, k, j) && M(z, i, j) &&
              !pt.must[AT(&pt, z, i, j)])
            bmc_assert(c, bmc_implies(c, bmc_and(c, rvar(c, &pt, x, i, k),
                                                 rvar(c, &pt, y, k, j)),
                                      rvar(c, &pt, z, i, j)));
        }
      }
      if (M(CI, i, j)) {
        bmc_assert(c, bmc_implies(c, rvar(c, &pt, CI, i, j),
                                  rvar(c, &pt, II, i, j)));
        bmc_assert(c, bmc_implies(c, rvar(c, &pt, CI, i, j),
                                  rvar(c, &pt, CC, i, j)));
      }
      if (M(II, i, j))
        bmc_assert(c, bmc_implies(c, rvar(c, &pt, II, i, j),
                                  rvar(c, &pt, IC, i, j)));
      if (M(CC, i, j))
        bmc_assert(c, bmc_implies(c, rvar(c, &pt, CC, i, j),
                                  rvar(c, &pt, IC, i, j)));
    }
  /* ppo = (ii & R*R) | (ic & R*W) */
  for (int i = 0; i < n && rc == 0; i++) {
    if (c->ev[pt.m[i]].kind != WMM_EV_READ)
      continue;
    for (int j = i + 1; j < n && rc == 0; j++) {
      int rr = c->ev[pt.m[j]].kind == WMM_EV_READ;
      if (!(rr ? M(II, i, j) : M(IC, i, j)))
        continue;
      rc = edge(c, g, BMC_E_PPO, pt.m[i], pt.m[j],
                rvar(c, &pt, rr ? II : IC, i, j));
    }
  }
#undef M
out:
  free(base);
  free(mbase);
  free(pt.must);
  free(pt.may);
  free(pt.var);
  free(pt.m);
  return rc;
}

/* ----------------------------------------------------------- automata */

static const unsigned EVT = BMC_T_R | BMC_T_W | BMC_T_F;

/* A fence step from state a to state b (strong fences only if strong). */
static int fence_step(bmc_nfa *A, int a, int b, int strong)
{
  int p = bmc_nfa_state(A), f = bmc_nfa_state(A), s = bmc_nfa_state(A);
  int rc = 0;
  rc |= bmc_nfa_add(A, a, p, BMC_E_FEED, 0);
  rc |= bmc_nfa_add(A, p, p, BMC_E_CHP, 0);
  rc |= bmc_nfa_add(A, p, f, BMC_E_FIN_S, 0);
  if (!strong)
    rc |= bmc_nfa_add(A, p, f, BMC_E_FIN_L, 0);
  rc |= bmc_nfa_add(A, f, s, BMC_E_FOUT_S, 0);
  if (!strong)
    rc |= bmc_nfa_add(A, f, s, BMC_E_FOUT_L, 0);
  rc |= bmc_nfa_add(A, s, s, BMC_E_CHS, 0);
  rc |= bmc_nfa_add(A, s, b, BMC_E_LEAVE, 0);
  return rc ? -WMM_ERR_NOMEM : 0;
}

/* hb* loop on state q: hb = ppo | fence | rfe. */
static int hb_loop(bmc_nfa *A, int q)
{
  int rc = 0;
  rc |= bmc_nfa_add(A, q, q, BMC_E_PPO, 0);
  rc |= bmc_nfa_add(A, q, q, BMC_E_RFE, 0);
  rc |= fence_step(A, q, q, 0) ? 1 : 0;
  return rc ? -WMM_ERR_NOMEM : 0;
}

/* prop from state `from` to state `to` (both at event nodes). */
static int prop(bmc_nfa *A, int from, int to)
{
  int rc = 0;
  /* propbase & W*W, propbase = (fence | rfe;fence); hb* */
  int a = bmc_nfa_state(A), a2 = bmc_nfa_state(A), b = bmc_nfa_state(A);
  rc |= bmc_nfa_add(A, from, a, -1, BMC_T_W);
  rc |= fence_step(A, a, b, 0) ? 1 : 0;
  rc |= bmc_nfa_add(A, a, a2, BMC_E_RFE, 0);
  rc |= fence_step(A, a2, b, 0) ? 1 : 0;
  rc |= hb_loop(A, b) ? 1 : 0;
  rc |= bmc_nfa_add(A, b, to, -1, BMC_T_W);
  /* chapo? ; propbase* ; strong ; hb* */
  int c0 = bmc_nfa_state(A), c1 = bmc_nfa_state(A), c2 = bmc_nfa_state(A);
  int c3 = bmc_nfa_state(A), c4 = bmc_nfa_state(A);
  rc |= bmc_nfa_add(A, from, c0, -1, EVT);
  rc |= bmc_nfa_add(A, from, c0, BMC_E_RFE, 0);
  rc |= bmc_nfa_add(A, from, c0, BMC_E_FRE, 0);
  rc |= bmc_nfa_add(A, from, c0, BMC_E_COE, 0);
  rc |= bmc_nfa_add(A, from, c1, BMC_E_FRE, 0);
  rc |= bmc_nfa_add(A, from, c1, BMC_E_COE, 0);
  rc |= bmc_nfa_add(A, c1, c0, BMC_E_RFE, 0);
  rc |= fence_step(A, c0, c2, 0) ? 1 : 0;
  rc |= bmc_nfa_add(A, c0, c3, BMC_E_RFE, 0);
  rc |= fence_step(A, c3, c2, 0) ? 1 : 0;
  rc |= hb_loop(A, c2) ? 1 : 0;
  rc |= bmc_nfa_add(A, c2, c0, -1, EVT);
  rc |= fence_step(A, c0, c4, 1) ? 1 : 0;
  rc |= hb_loop(A, c4) ? 1 : 0;
  rc |= bmc_nfa_add(A, c4, to, -1, EVT);
  return rc ? -WMM_ERR_NOMEM : 0;
}

/* propagation: eagerly (clocks on the product graph of g) or lazily. */
static int propagation(bmc_ctx *c, const bmc_graph *g, int lazy)
{
  bmc_nfa A;
  memset(&A, 0, sizeof A);
  int q0 = bmc_nfa_state(&A);
  int rc = 0;
  if (bmc_nfa_add(&A, q0, q0, BMC_E_COE, 0) < 0 ||
      bmc_nfa_add(&A, q0, q0, BMC_E_COI, 0) < 0 || prop(&A, q0, q0) < 0)
    rc = nomem(c);
  c->cur_rel = WMM_BMC_REL_PROP;
  if (rc == 0 && lazy)
    rc = bmc_lazy_check(c, &A, 1, q0, q0, 0);
  else if (rc == 0)
    rc = bmc_nfa_acyclic(c, g, &A);
  bmc_nfa_free(&A);
  return rc;
}

/* observation: lazily (lazy.c); eagerly it needs a reachability set per
 * read, which dominates the formula. */
static int observation(bmc_ctx *c)
{
  bmc_nfa A;
  memset(&A, 0, sizeof A);
  int o0 = bmc_nfa_state(&A), x = bmc_nfa_state(&A), of = bmc_nfa_state(&A);
  int rc = 0;
  if (bmc_nfa_add(&A, o0, x, BMC_E_FRE, 0) < 0 || prop(&A, x, of) < 0 ||
      hb_loop(&A, of) < 0)
    rc = nomem(c);
  c->cur_rel = WMM_BMC_REL_OBS;
  if (rc == 0)
    rc = bmc_lazy_check(c, &A, 0, o0, of, BMC_T_R);
  bmc_nfa_free(&A);
  return rc;
}

/* scXX: acyclic(co | po & (EX * EX)). */
static int scxx(bmc_ctx *c, bmc_graph *g)
{
  int any = 0;
  for (int ti = 0; ti < c->nrt; ti++) {
    const bmc_rthread *t = &c->rt[ti];
    int nx = 0;
    for (int i = 0; i < t->nev; i++)
      nx += c->ev[t->ev[i]].excl;
    if (nx < 2)
      continue;
    any = 1;
    int prev = -1, rc;
    for (int i = 0; i < t->nev; i++) {
      int e = t->ev[i];
      if (!c->ev[e].excl)
        continue;
      if (prev >= 0 && (rc = edge(c, g, BMC_E_XX, prev, e, c->ev[e].g)) < 0)
        return rc;
      int v = bmc_graph_node(g, BMC_T_V);
      if (v < 0)
        return nomem(c);
      if ((prev >= 0 && (rc = edge(c, g, BMC_E_XX, prev, v, NULL)) < 0) ||
          (rc = edge(c, g, BMC_E_XX, e, v, c->ev[e].g)) < 0)
        return rc;
      prev = v;
    }
  }
  if (!any)
    return 0;
  c->cur_rel = WMM_BMC_REL_SCXX;
  return bmc_acyclic(c, g, BMC_SET(BMC_E_COE) | BMC_SET(BMC_E_COI) |
                               BMC_SET(BMC_E_XX));
}

int bmc_enc_power(bmc_ctx *c, bmc_graph *g)
{
  int rc = fences(c, g);
  if (rc == 0)
    rc = bmc_com_edges(c, g);
  for (int ti = 0; ti < c->nrt && rc == 0; ti++)
    rc = ppo_thread_enc(c, g, &c->rt[ti]);
  if (rc < 0)
    return rc;
  unsigned hb = BMC_SET(BMC_E_PPO) | BMC_SET(BMC_E_RFE) |
                BMC_SET(BMC_E_FEED) | BMC_SET(BMC_E_CHP) |
                BMC_SET(BMC_E_FIN_S) | BMC_SET(BMC_E_FIN_L) |
                BMC_SET(BMC_E_FOUT_S) | BMC_SET(BMC_E_FOUT_L) |
                BMC_SET(BMC_E_CHS) | BMC_SET(BMC_E_LEAVE);
  c->cur_rel = WMM_BMC_REL_GHB;
  if ((rc = bmc_acyclic(c, g, hb)) < 0)
    return rc;
  if ((rc = scxx(c, g)) < 0)
    return rc;
  int lazy_prop = c->nev > BMC_LAZY_PROP_EVENTS;
  if (!lazy_prop && (rc = propagation(c, g, 0)) < 0)
    return rc;
  /* The graph is complete: the lazy axioms keep it. */
  if ((rc = bmc_lazy_graph(c, g)) < 0)
    return rc;
  if (lazy_prop && (rc = propagation(c, NULL, 1)) < 0)
    return rc;
  return observation(c);
}
