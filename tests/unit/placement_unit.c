/* placement_unit.c — unit tests of fence placement: the cover solvers
 * (GLPK against brute force, greedy, the failure path), the event graph
 * (locations, loops, calls, instances, private data), cycle requirements
 * computed with the models (and that they are upward closed), and the
 * placement rules (positions on every path, credited fences and
 * dependencies, frequencies, the per-pair fallback).
 *
 * Prints `PASS: name` / `FAIL: name: detail` per check.
 * Example: ./tests/unit/placement_unit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "placement/aeg.h"
#include "placement/guards.h"
#include "models/check.h"
#include "ilp.h"
#include "litmus/litmus.h"
#include "placement/placement.h"
#include "placement/requirement.h"

static int failures;

static void ok(int cond, const char *name, const char *detail)
{
  if (cond)
    printf("PASS: %s\n", name);
  else {
    printf("FAIL: %s: %s\n", name, detail ? detail : "");
    failures++;
  }
}

static wmm_program *parse(const char *text)
{
  wmm_program *p = NULL;
  wmm_error e;
  if (wmm_litmus_parse(text, strlen(text), "inline.litmus", &p, &e) < 0) {
    printf("FAIL: parse inline test: line %d: %s\n", e.line, e.msg);
    failures++;
    return NULL;
  }
  return p;
}

static int forbidden(const wmm_program *p, wmm_model m)
{
  wmm_check_opts o = wmm_check_opts_default(m);
  wmm_check_result r;
  wmm_error e;
  memset(&r, 0, sizeof r);
  if (wmm_check(p, &o, &r, &e) < 0)
    return -1;
  int f = !r.allowed;
  wmm_check_result_free(&r);
  return f;
}

/* Place, apply, check: returns the number of fences, -1 on error, -2 if the
 * fenced program is still allowed. */
static int place_and_check(const wmm_program *p, wmm_place_opts *o,
                           wmm_placement *pl)
{
  wmm_error e;
  if (wmm_place(p, o, pl, &e) < 0) {
    printf("  (placement error: %s)\n", e.msg);
    return -1;
  }
  wmm_program *q = wmm_program_clone(p);
  if (!q || wmm_placement_apply(q, pl) < 0) {
    wmm_program_free(q);
    return -1;
  }
  int f = p->cond ? forbidden(q, o->model) : 1;
  wmm_program_free(q);
  return f == 1 ? pl->nfences : -2;
}

/* ------------------------------------------------------------ the ILP */

static unsigned long seed = 12345;
static unsigned rnd(void)
{
  seed = seed * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned)(seed >> 33);
}

static int holds_all(const wmm_cover *c, const unsigned char *x)
{
  for (int k = 0; k < c->nneeds; k++)
    if (!wmm_cover_need_holds(c, k, x))
      return 0;
  return 1;
}

/* The cheapest cost over every subset of c's vars (at most 16) that
 * holds every need; -1 when none does. */
static double brute_force_best(const wmm_cover *c)
{
  double best = -1;
  unsigned char xs[16];
  for (int mask = 0; mask < (1 << c->nvars); mask++) {
    double cost = 0;
    for (int v = 0; v < c->nvars; v++) {
      xs[v] = (mask >> v) & 1;
      cost += xs[v] ? c->cost[v] : 0;
    }
    if (holds_all(c, xs) && (best < 0 || cost < best))
      best = cost;
  }
  return best;
}

/* A random cover: nv vars costing 1 .. max_cost, nneeds needs of 1 ..
 * max_alts alternatives (one: no draw) of 1 .. max_rows rows of 1 ..
 * max_vars vars (at most 3, 12 and 5). */
static wmm_cover *random_cover(int nv, int max_cost, int nneeds, int max_alts,
                               int max_rows, int max_vars)
{
  wmm_cover *c = wmm_cover_new();
  for (int v = 0; v < nv; v++)
    wmm_cover_var(c, 1 + (int)(rnd() % (unsigned)max_cost));
  for (int k = 0; k < nneeds; k++) {
    int alts[3], na = max_alts > 1 ? 1 + (int)(rnd() % (unsigned)max_alts) : 1;
    for (int j = 0; j < na; j++) {
      int rows[12], nr = 1 + (int)(rnd() % (unsigned)max_rows);
      for (int i = 0; i < nr; i++) {
        int vs[5], nvs = 1 + (int)(rnd() % (unsigned)max_vars);
        for (int m = 0; m < nvs; m++)
          vs[m] = (int)(rnd() % (unsigned)nv);
        rows[i] = wmm_cover_row(c, vs, nvs);
      }
      alts[j] = wmm_cover_alt(c, rows, nr);
    }
    wmm_cover_need(c, alts, na);
  }
  return c;
}

static void test_ilp(void)
{
  wmm_error e;
  wmm_ilp_opts o = {10, 0, 0};
  /* one row, two vars */
  wmm_cover *c = wmm_cover_new();
  int a = wmm_cover_var(c, 1), b = wmm_cover_var(c, 2);
  int r = wmm_cover_row(c, (int[]){b, a}, 2);
  int alt = wmm_cover_alt(c, &r, 1);
  wmm_cover_need(c, &alt, 1);
  ok(wmm_cover_row(c, (int[]){a, b, a}, 3) == r, "ilp: rows are deduplicated", NULL);
  wmm_ilp_result res;
  ok(wmm_ilp_solve(c, &o, &res, &e) == 0 && res.chosen[a] && !res.chosen[b] &&
         res.status == WMM_ILP_OPTIMAL && res.objective == 1,
     "ilp: cheapest var of a row", NULL);
  wmm_ilp_result_free(&res);
  wmm_cover_free(c);

  /* alternatives: {x} costs 3, {y1, y2} costs 2 */
  c = wmm_cover_new();
  int x = wmm_cover_var(c, 3), y1 = wmm_cover_var(c, 1), y2 = wmm_cover_var(c, 1);
  int rx = wmm_cover_row(c, &x, 1), ry1 = wmm_cover_row(c, &y1, 1),
      ry2 = wmm_cover_row(c, &y2, 1);
  int ax = wmm_cover_alt(c, &rx, 1), ay = wmm_cover_alt(c, (int[]){ry1, ry2}, 2);
  wmm_cover_need(c, (int[]){ax, ay}, 2);
  ok(wmm_ilp_solve(c, &o, &res, &e) == 0 && !res.chosen[x] && res.chosen[y1] &&
         res.chosen[y2] && res.objective == 2,
     "ilp: cheaper alternative chosen", NULL);
  wmm_ilp_result_free(&res);
  wmm_ilp_opts fo = {10, 0, 1};
  ok(wmm_ilp_solve(c, &fo, &res, &e) == 0 && res.status == WMM_ILP_GREEDY &&
         holds_all(c, res.chosen) && strstr(res.note, "GLPK"),
     "ilp: GLPK error caught, greedy cover used and said", res.note);
  wmm_ilp_result_free(&res);
  wmm_cover_free(c);

  /* random instances against brute force */
  int bad_opt = 0, bad_greedy = 0, n_inst = 300;
  for (int inst = 0; inst < n_inst; inst++) {
    int nv = 2 + (int)(rnd() % 9), nneeds = 1 + (int)(rnd() % 5);
    c = random_cover(nv, 4, nneeds, 3, 3, 4);
    double best = brute_force_best(c);
    wmm_ilp_result g;
    if (wmm_ilp_solve(c, &o, &res, &e) != 0 || res.objective != best ||
        res.status != WMM_ILP_OPTIMAL || !holds_all(c, res.chosen))
      bad_opt++;
    wmm_ilp_result_free(&res);
    if (wmm_ilp_greedy(c, &g, &e) != 0 || !holds_all(c, g.chosen) ||
        g.objective < best)
      bad_greedy++;
    wmm_ilp_result_free(&g);
    wmm_cover_free(c);
  }
  char msg[64];
  snprintf(msg, sizeof msg, "%d of %d instances wrong", bad_opt, n_inst);
  ok(bad_opt == 0, "ilp: GLPK optimum equals brute force on random instances", msg);
  snprintf(msg, sizeof msg, "%d of %d instances wrong", bad_greedy, n_inst);
  ok(bad_greedy == 0, "ilp: greedy cover satisfies every need", msg);

  /* pure covers (one alternative per need, the fallback's shape): the
   * reductions keep the optimum, and reduce something on most of them */
  int bad_pure = 0, reduced = 0, n_pure = 300;
  for (int inst = 0; inst < n_pure; inst++) {
    int nv = 4 + (int)(rnd() % 11), nneeds = 1 + (int)(rnd() % 3);
    c = random_cover(nv, 3, nneeds, 1, 12, 5);
    double best = brute_force_best(c);
    unsigned char forced[16] = {0};
    wmm_cover *red = NULL;
    int *map = NULL;
    reduced += wmm_cover_is_pure(c) && wmm_cover_reduce(c, forced, &red, &map) == 1;
    wmm_cover_free(red);
    free(map);
    if (wmm_ilp_solve(c, &o, &res, &e) != 0 || res.objective != best ||
        res.status != WMM_ILP_OPTIMAL || !holds_all(c, res.chosen))
      bad_pure++;
    wmm_ilp_result_free(&res);
    wmm_cover_free(c);
  }
  snprintf(msg, sizeof msg, "%d of %d instances wrong, %d reduced", bad_pure,
           n_pure, reduced);
  ok(bad_pure == 0 && reduced > n_pure / 2,
     "ilp: reduced pure covers keep the brute-force optimum", msg);
}

/* ---------------------------------------------------------- the graph */

static const char *ppc_mp_addr =
  "PPC MPaddr\n{\n0:r2=x; 0:r4=y;\n1:r2=y; 1:r5=x;\n}\n"
  " P0           | P1            ;\n"
  " li r1,1      | lwz r1,0(r2)  ;\n"
  " stw r1,0(r2) | xor r3,r1,r1  ;\n"
  " lwsync       | lwzx r4,r3,r5 ;\n"
  " li r3,1      |               ;\n"
  " stw r3,0(r4) |               ;\n"
  "exists (1:r1=1 /\\ 1:r4=0)\n";

static const char *ppc_mp_lwsync_po =
  "PPC MPlwpo\n{\n0:r2=x; 0:r4=y;\n1:r2=y; 1:r4=x;\n}\n"
  " P0           | P1           ;\n"
  " li r1,1      | lwz r1,0(r2) ;\n"
  " stw r1,0(r2) | lwz r3,0(r4) ;\n"
  " lwsync       |              ;\n"
  " li r3,1      |              ;\n"
  " stw r3,0(r4) |              ;\n"
  "exists (1:r1=1 /\\ 1:r3=0)\n";

/* An IR access to location loc (or through register reg if loc < 0). */
static wmm_instr access(wmm_opkind op, int loc, int dst)
{
  wmm_instr in = wmm_instr_init(op);
  in.addr.base = (wmm_operand){WMM_OPND_IMM, 0, wmm_loc_addr(loc)};
  in.addr.loc_hint = loc;
  in.dst = op == WMM_OP_STORE ? -1 : dst;
  in.a = (wmm_operand){WMM_OPND_IMM, 0, 1};
  return in;
}

static void test_aeg(void)
{
  wmm_program *p = parse(ppc_mp_addr);
  wmm_aeg *g = NULL;
  wmm_error e;
  if (!p)
    return;
  int x = wmm_program_find_loc(p, "x"), y = wmm_program_find_loc(p, "y");
  ok(wmm_aeg_build(p, &g, &e) == 0, "aeg: builds", e.msg);
  if (g) {
    ok(wmm_aeg_access_loc(g, 0, 1) == x && wmm_aeg_access_loc(g, 0, 4) == y,
       "aeg: addresses from register initial values", NULL);
    ok(wmm_aeg_access_loc(g, 1, 2) == x,
       "aeg: address through `xor r3,r1,r1` + base register", NULL);
    ok(g->nthreads == 2 && g->ncls == 4, "aeg: one class per (thread, loc, type)", NULL);
    wmm_aeg_free(g);
  }
  wmm_program_free(p);

  /* unknown address, private location, loop, call, instances (IR) */
  p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int lx = wmm_program_loc(p, "x"), ly = wmm_program_loc(p, "y");
  int lp = wmm_program_loc(p, "ptr"), lq = wmm_program_loc(p, "priv");
  p->locs[lq].is_private = 1;
  p->locs[lp].init = wmm_loc_addr(lx);
  int t0 = wmm_program_thread(p, "T0");
  int f = wmm_program_thread(p, "f");
  p->threads[f].entry = 0;
  wmm_thread *T = &p->threads[t0];
  int r0 = wmm_thread_reg(T, "r0"), r1 = wmm_thread_reg(T, "r1");
  /* loop: L: W x; R y; branch L */
  wmm_instr in = access(WMM_OP_STORE, lx, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, ly, r0);
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_BRANCH);
  in.cond = WMM_COND_ANY;
  in.target = 0;
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, lq, -1);     /* private: no event */
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, lp, r1);      /* r1 = ptr */
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, 0, r0);       /* r0 = [r1]: unknown */
  in.addr.base = (wmm_operand){WMM_OPND_REG, r1, 0};
  in.addr.loc_hint = -1;
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_CALL);
  in.target = f;
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, ly, -1);
  wmm_thread_append(&p->threads[f], &in);
  if (wmm_aeg_build(p, &g, &e) == 0) {
    int cwx = -1, cry = -1, cfy = -1, nunknown = 0;
    for (int c = 0; c < g->ncls; c++) {
      const wmm_aeg_class *cl = &g->cls[c];
      for (int k = 0; k < cl->nacc; k++) {
        const wmm_aeg_acc *a = &g->acc[cl->acc[k]];
        if (a->unit == t0 && a->index == 0) cwx = c;
        if (a->unit == t0 && a->index == 1) cry = c;
        if (a->unit == f) cfy = c;
        if (a->unit == t0 && a->index == 5) nunknown++;
      }
      ok(cl->loc != lq, "aeg: private location has no event", NULL);
    }
    ok(g->nthreads == 1, "aeg: a function is not a thread", NULL);
    ok(nunknown == g->nshared, "aeg: unknown address may touch every shared location", NULL);
    ok(cwx >= 0 && cry >= 0 && wmm_aeg_po(g, cwx, cry) && wmm_aeg_po(g, cry, cwx),
       "aeg: a back edge orders a pair both ways", NULL);
    ok(cfy >= 0 && cwx >= 0 && wmm_aeg_po(g, cwx, cfy) && !wmm_aeg_po(g, cfy, cwx),
       "aeg: po goes through calls into the called unit", NULL);
    wmm_aeg_free(g);
  } else {
    ok(0, "aeg: IR program builds", e.msg);
  }
  /* two instances conflict with themselves */
  p->threads[t0].instances = 2;
  if (wmm_aeg_build(p, &g, &e) == 0) {
    ok(g->nthreads == WMM_AEG_MAX_INSTANCES &&
           g->threads[1].instance == 1 &&
           g->threads[WMM_AEG_MAX_INSTANCES - 1].instance == WMM_AEG_MAX_INSTANCES - 1 &&
           g->threads[WMM_AEG_MAX_INSTANCES - 1].unit == t0,
       "aeg: a thread with several instances gives WMM_AEG_MAX_INSTANCES "
       "virtual threads of one unit", NULL);
    wmm_aeg_free(g);
  }
  wmm_program_free(p);
}

/* A thread T0 that calls f or g (or g then f, in a loop when `loop`):
 * f calls h and writes x, g reads y and calls h, h writes z. */
static wmm_program *helper_program(int loop)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int lx = wmm_program_loc(p, "x"), ly = wmm_program_loc(p, "y");
  int lz = wmm_program_loc(p, "z");
  int t0 = wmm_program_thread(p, "T0");
  int f = wmm_program_thread(p, "f"), g = wmm_program_thread(p, "g");
  int h = wmm_program_thread(p, "h");
  p->threads[f].entry = p->threads[g].entry = p->threads[h].entry = 0;
  wmm_thread *T = &p->threads[t0];
  int r0 = wmm_thread_reg(&p->threads[g], "r0");
  wmm_instr in = wmm_instr_init(WMM_OP_BRANCH);
  if (!loop) {
    /* 0: BR 3; 1: CALL f; 2: J 4; 3: CALL g; (4: end) */
    in.cond = WMM_COND_ANY;
    in.target = 3;
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_CALL);
    in.target = f;
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_JUMP);
    in.target = 4;
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_CALL);
    in.target = g;
    wmm_thread_append(T, &in);
  } else {
    /* 0: CALL g; 1: CALL f; 2: BR 0 */
    in = wmm_instr_init(WMM_OP_CALL);
    in.target = g;
    wmm_thread_append(T, &in);
    in.target = f;
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_BRANCH);
    in.cond = WMM_COND_ANY;
    in.target = 0;
    wmm_thread_append(T, &in);
  }
  in = wmm_instr_init(WMM_OP_CALL);
  in.target = h;
  wmm_thread_append(&p->threads[f], &in);
  /* (stores of a register: no silent location) */
  in = access(WMM_OP_STORE, lx, -1);
  in.a = (wmm_operand){WMM_OPND_REG, wmm_thread_reg(&p->threads[f], "v"), 0};
  wmm_thread_append(&p->threads[f], &in);
  in = access(WMM_OP_LOAD, ly, r0);
  wmm_thread_append(&p->threads[g], &in);
  in = wmm_instr_init(WMM_OP_CALL);
  in.target = h;
  wmm_thread_append(&p->threads[g], &in);
  in = access(WMM_OP_STORE, lz, -1);
  in.a = (wmm_operand){WMM_OPND_REG, wmm_thread_reg(&p->threads[h], "v"), 0};
  wmm_thread_append(&p->threads[h], &in);
  return p;
}

/* The class of the access at (unit, index), or -1. */
static int class_at(const wmm_aeg *g, int unit, int index)
{
  for (int c = 0; c < g->ncls; c++)
    for (int k = 0; k < g->cls[c].nacc; k++)
      if (g->acc[g->cls[c].acc[k]].unit == unit &&
          g->acc[g->cls[c].acc[k]].index == index)
        return c;
  return -1;
}

static void test_callpaths(void)
{
  for (int loop = 0; loop < 2; loop++) {
    wmm_program *p = helper_program(loop);
    wmm_aeg *g = NULL;
    wmm_error e;
    if (wmm_aeg_build(p, &g, &e) != 0) {
      ok(0, "callpaths: builds", e.msg);
      wmm_program_free(p);
      continue;
    }
    int f = 1, gu = 2, h = 3;
    int wx = class_at(g, f, 1), ry = class_at(g, gu, 0), wz = class_at(g, h, 0);
    if (!loop) {
      ok(wx >= 0 && ry >= 0 && !wmm_aeg_po(g, ry, wx) && !wmm_aeg_po(g, wx, ry),
         "callpaths: a helper called on two paths does not join them", NULL);
      ok(wz >= 0 && wmm_aeg_po(g, wz, wx) && wmm_aeg_po(g, ry, wz) &&
             !wmm_aeg_po(g, wx, wz),
         "callpaths: the helper returns to each of its callers", NULL);
    } else {
      ok(wx >= 0 && ry >= 0 && wmm_aeg_po(g, ry, wx) && wmm_aeg_po(g, wx, ry),
         "callpaths: g's read, then f's write, in a loop: both ways", NULL);
    }
    wmm_aeg_free(g);
    wmm_program_free(p);
  }
}

/* ------------------------------------------------------ requirements */

static wmm_req_seg seg2(wmm_opkind a, int la, wmm_opkind b, int lb)
{
  wmm_req_seg s;
  memset(&s, 0, sizeof s);
  s.nacc = 2;
  s.acc[0] = (wmm_req_acc){a, 0, la};
  s.acc[1] = (wmm_req_acc){b, 0, lb};
  return s;
}

static wmm_req_seg seg1(wmm_opkind a, int la)
{
  wmm_req_seg s;
  memset(&s, 0, sizeof s);
  s.nacc = 1;
  s.acc[0] = (wmm_req_acc){a, 0, la};
  return s;
}

/* Requirement of a shape as text "{k, k} | {...}" or "forbidden". */
static void req_text(wmm_model m, wmm_arch arch, wmm_req_seg *s, int n,
                     char *out, size_t sz)
{
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nk = wmm_place_kinds(m, arch, kinds);
  wmm_req_engine *eng = wmm_req_engine_new(m, arch, kinds, nk);
  wmm_req r;
  wmm_req_shape sh = {s, n};
  wmm_error e;
  out[0] = 0;
  if (wmm_req_compute(eng, &sh, &r, &e) < 0) {
    snprintf(out, sz, "error: %.200s", e.msg);
  } else if (r.status == WMM_REQ_FORBIDDEN) {
    snprintf(out, sz, "forbidden");
  } else if (r.status == WMM_REQ_UNFIXABLE) {
    snprintf(out, sz, "unfixable");
  } else {
    size_t len = 0;
    for (int a = 0; a < r.nalt; a++) {
      len += (size_t)snprintf(out + len, sz - len, "%s{", a ? " | " : "");
      for (int k = 0; k < r.nslots; k++) {
        wmm_fence f = r.alt[a * r.nslots + k];
        len += (size_t)snprintf(out + len, sz - len, "%s%s", k ? ", " : "",
                                f ? wmm_fence_name(f) : "-");
      }
      len += (size_t)snprintf(out + len, sz - len, "}");
    }
  }
  wmm_req_free(&r);
  wmm_req_engine_free(eng);
}

static void expect_req(const char *name, wmm_model m, wmm_arch arch,
                       wmm_req_seg *s, int n, const char *want)
{
  char got[256];
  req_text(m, arch, s, n, got, sizeof got);
  char label[160], detail[320];
  snprintf(label, sizeof label, "requirement: %s under %s is %s", name,
           wmm_model_name(m), want);
  snprintf(detail, sizeof detail, "got %s", got);
  ok(strcmp(got, want) == 0, label, detail);
}

/* Every assignment of the model's kinds: forbidden exactly when it lies
 * above one of the computed minimal alternatives. */
static void check_upward_closed(const char *name, wmm_model m, wmm_arch arch,
                                wmm_req_seg *s, int n)
{
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nk = wmm_place_kinds(m, arch, kinds);
  wmm_req_engine *eng = wmm_req_engine_new(m, arch, kinds, nk);
  wmm_req r;
  wmm_req_shape sh = {s, n};
  wmm_error e;
  char label[160];
  snprintf(label, sizeof label,
           "requirement: %s under %s: minimal set matches every assignment",
           name, wmm_model_name(m));
  if (wmm_req_compute(eng, &sh, &r, &e) < 0) {
    ok(0, label, e.msg);
    wmm_req_engine_free(eng);
    return;
  }
  int slots = r.nslots, bad = 0;
  long total = 1;
  for (int i = 0; i < slots; i++)
    total *= nk + 1;
  for (long code = 0; code < total && !bad; code++) {
    wmm_fence f[16];
    long rest = code;
    for (int i = 0; i < slots; i++) {
      int d = (int)(rest % (nk + 1));
      rest /= nk + 1;
      f[i] = d ? kinds[d - 1] : WMM_FENCE_NONE;
    }
    /* f is in slot order = two-access segments in order */
    wmm_program *p = wmm_req_program(&sh, arch, f);
    int fb = forbidden(p, m);
    wmm_program_free(p);
    int above = r.status == WMM_REQ_FORBIDDEN;
    for (int a = 0; a < r.nalt && !above; a++) {
      int all = 1;
      for (int i = 0; i < slots; i++) {
        wmm_fence need = r.alt[a * slots + i];
        if (need != WMM_FENCE_NONE &&
            (f[i] == WMM_FENCE_NONE || !wmm_fence_covers(m, f[i], need)))
          all = 0;
      }
      above = all;
    }
    if (fb != above)
      bad = 1;
  }
  ok(!bad, label, "an assignment disagrees with the minimal set");
  wmm_req_free(&r);
  wmm_req_engine_free(eng);
}

static void test_requirements(void)
{
  wmm_req_seg mp[2] = {seg2(WMM_OP_STORE, 0, WMM_OP_STORE, 1),
                       seg2(WMM_OP_LOAD, 1, WMM_OP_LOAD, 0)};
  wmm_req_seg sb[2] = {seg2(WMM_OP_STORE, 0, WMM_OP_LOAD, 1),
                       seg2(WMM_OP_STORE, 1, WMM_OP_LOAD, 0)};
  wmm_req_seg lb[2] = {seg2(WMM_OP_LOAD, 0, WMM_OP_STORE, 1),
                       seg2(WMM_OP_LOAD, 1, WMM_OP_STORE, 0)};
  wmm_req_seg iriw[4] = {seg1(WMM_OP_STORE, 0), seg2(WMM_OP_LOAD, 0, WMM_OP_LOAD, 1),
                         seg1(WMM_OP_STORE, 1), seg2(WMM_OP_LOAD, 1, WMM_OP_LOAD, 0)};
  wmm_req_seg wrc[3] = {seg1(WMM_OP_STORE, 0), seg2(WMM_OP_LOAD, 0, WMM_OP_STORE, 1),
                        seg2(WMM_OP_LOAD, 1, WMM_OP_LOAD, 0)};
  expect_req("MP", WMM_MODEL_POWER, WMM_ARCH_PPC, mp, 2, "{lwsync, lwsync}");
  expect_req("MP", WMM_MODEL_TSO, WMM_ARCH_X86, mp, 2, "forbidden");
  expect_req("MP", WMM_MODEL_PSO, WMM_ARCH_X86, mp, 2, "{mfence, -}");
  expect_req("MP", WMM_MODEL_ARMV8, WMM_ARCH_AARCH64, mp, 2, "{dmb ishst, dmb ishld}");
  expect_req("MP", WMM_MODEL_ARMV7, WMM_ARCH_ARM, mp, 2, "{dmb st, dmb}");
  expect_req("SB", WMM_MODEL_TSO, WMM_ARCH_X86, sb, 2, "{mfence, mfence}");
  expect_req("SB", WMM_MODEL_POWER, WMM_ARCH_PPC, sb, 2, "{sync, sync}");
  expect_req("SB", WMM_MODEL_SC, WMM_ARCH_X86, sb, 2, "forbidden");
  expect_req("LB", WMM_MODEL_ARMV8, WMM_ARCH_AARCH64, lb, 2, "{dmb ishld, dmb ishld}");
  expect_req("IRIW", WMM_MODEL_POWER, WMM_ARCH_PPC, iriw, 4, "{sync, sync}");
  expect_req("IRIW", WMM_MODEL_ARMV8, WMM_ARCH_AARCH64, iriw, 4,
             "{dmb ishld, dmb ishld}");
  expect_req("WRC", WMM_MODEL_POWER, WMM_ARCH_PPC, wrc, 3, "{lwsync, lwsync}");
  expect_req("MP", WMM_MODEL_POWER, WMM_ARCH_C, mp, 2,
             "{fence acq_rel, fence acq_rel}");
  /* credited: an addr dependency on the reader, lwsync on the writer */
  wmm_req_seg mpa[2] = {mp[0], mp[1]};
  mpa[1].deps = WMM_DEP_ADDR;
  expect_req("MP+po+addr", WMM_MODEL_POWER, WMM_ARCH_PPC, mpa, 2, "{lwsync, -}");
  mpa[0].fences = 1u << WMM_FENCE_LWSYNC;
  expect_req("MP+lwsync+addr", WMM_MODEL_POWER, WMM_ARCH_PPC, mpa, 2, "forbidden");
  /* WRC+data+sync: the dependency alone is not enough on power */
  wmm_req_seg wd[3] = {wrc[0], wrc[1], wrc[2]};
  wd[1].deps = WMM_DEP_DATA;
  wd[2].fences = 1u << WMM_FENCE_SYNC;
  expect_req("WRC+data+sync", WMM_MODEL_POWER, WMM_ARCH_PPC, wd, 3, "{lwsync, -}");
  /* cache: a rotation of SB is a hit */
  {
    wmm_fence kinds[WMM_FENCE_COUNT];
    int nk = wmm_place_kinds(WMM_MODEL_POWER, WMM_ARCH_PPC, kinds);
    wmm_req_engine *eng = wmm_req_engine_new(WMM_MODEL_POWER, WMM_ARCH_PPC, kinds, nk);
    wmm_req_seg rot[3] = {wrc[1], wrc[2], wrc[0]};
    wmm_req r1, r2;
    wmm_error e;
    wmm_req_shape s1 = {wrc, 3}, s2 = {rot, 3};
    long shapes, hits, checks;
    int rc = wmm_req_compute(eng, &s1, &r1, &e) | wmm_req_compute(eng, &s2, &r2, &e);
    wmm_req_engine_stats(eng, &shapes, &hits, &checks);
    ok(rc == 0 && shapes == 1 && hits == 1 && r2.slot_seg[0] == 0 &&
           r2.slot_seg[1] == 1,
       "requirement: rotated shapes share one cache entry", NULL);
    wmm_req_free(&r1);
    wmm_req_free(&r2);
    wmm_req_engine_free(eng);
  }
  /* upward closure and the covers table, checked with the models */
  static const struct { wmm_model m; wmm_arch a; } models[] = {
    {WMM_MODEL_TSO, WMM_ARCH_X86}, {WMM_MODEL_PSO, WMM_ARCH_X86},
    {WMM_MODEL_RMO, WMM_ARCH_X86}, {WMM_MODEL_POWER, WMM_ARCH_PPC},
    {WMM_MODEL_ARMV7, WMM_ARCH_ARM}, {WMM_MODEL_ARMV8, WMM_ARCH_AARCH64},
    {WMM_MODEL_ARMV8, WMM_ARCH_C}};
  for (size_t k = 0; k < sizeof models / sizeof *models; k++) {
    check_upward_closed("MP", models[k].m, models[k].a, mp, 2);
    check_upward_closed("SB", models[k].m, models[k].a, sb, 2);
    check_upward_closed("LB", models[k].m, models[k].a, lb, 2);
    check_upward_closed("IRIW", models[k].m, models[k].a, iriw, 4);
    check_upward_closed("WRC", models[k].m, models[k].a, wrc, 3);
  }
}

/* ------------------------------------------------------------ placement */

static void test_placement(void)
{
  wmm_placement pl;
  wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_POWER);
  wmm_error e;
  /* existing fences and dependencies credited, with every cycle fenced */
  wmm_program *p = parse(ppc_mp_addr);
  if (p) {
    o.use_condition = 0;
    int n = place_and_check(p, &o, &pl);
    ok(n == 0 && pl.nclass_cycles == 0,
       "placement: lwsync + addr already forbid MP (no fence, no critical cycle)", NULL);
    wmm_placement_free(&pl);
    wmm_program_free(p);
  }
  p = parse(ppc_mp_lwsync_po);
  if (p) {
    int n = place_and_check(p, &o, &pl);
    ok(n == 1 && pl.fences[0].thread == 1 && pl.fences[0].kind == WMM_FENCE_LWSYNC,
       "placement: existing lwsync credited, only the reader is fenced", NULL);
    wmm_placement_free(&pl);
    wmm_program_free(p);
  }
  /* addr;po orders R->W on power: the pair's own code (a slice) shows it,
   * its two accesses alone do not */
  static const char *lb_addrpo =
    "PPC LB+addr-pos\n{\n0:r2=x; 0:r5=z; 0:r7=y;\n1:r2=y; 1:r5=w; 1:r7=x;\n}\n"
    " P0            | P1            ;\n"
    " lwz r1,0(r2)  | lwz r1,0(r2)  ;\n"
    " xor r3,r1,r1  | xor r3,r1,r1  ;\n"
    " lwzx r4,r3,r5 | lwzx r4,r3,r5 ;\n"
    " li r6,1       | li r6,1       ;\n"
    " stw r6,0(r7)  | stw r6,0(r7)  ;\n"
    "exists (0:r1=1 /\\ 1:r1=1)\n";
  p = parse(lb_addrpo);
  if (p) {
    o = wmm_place_opts_default(WMM_MODEL_POWER);
    o.use_condition = 0;
    int n = place_and_check(p, &o, &pl);
    ok(n == 0 && pl.nclass_cycles == 0,
       "placement: slices credit addr;po (LB+addr-pos needs nothing)", NULL);
    wmm_placement_free(&pl);
    o.no_slices = 1;
    n = place_and_check(p, &o, &pl);
    ok(n == 2, "placement: without slices the same test gets two fences", NULL);
    wmm_placement_free(&pl);
    wmm_program_free(p);
  }
  /* loads kept in no register (as the GCC plugin makes them): 3.LB is
   * forbidden under tso, needs lwsync-level order under power */
  p = wmm_program_new("3LBnoreg", WMM_ARCH_GIMPLE);
  {
    int l[3] = {wmm_program_loc(p, "x"), wmm_program_loc(p, "y"),
                wmm_program_loc(p, "z")};
    for (int t = 0; t < 3; t++) {
      char name[8];
      snprintf(name, sizeof name, "P%d", t);
      int ti = wmm_program_thread(p, name);
      wmm_thread *T = &p->threads[ti];
      wmm_instr in = access(WMM_OP_LOAD, l[t], -1);
      wmm_thread_append(T, &in);
      in = access(WMM_OP_STORE, l[(t + 1) % 3], -1);
      wmm_thread_append(T, &in);
    }
    o = wmm_place_opts_default(WMM_MODEL_TSO);
    int n = place_and_check(p, &o, &pl);
    ok(n == 0 && pl.nclass_cycles == 0,
       "placement: reads without a register still pin their cycle (tso: nothing)", NULL);
    wmm_placement_free(&pl);
    o = wmm_place_opts_default(WMM_MODEL_POWER);
    n = place_and_check(p, &o, &pl);
    ok(n == 3 && pl.total_cost == 3,
       "placement: reads without a register: 3.LB under power, 3 x lwsync", NULL);
    wmm_placement_free(&pl);
  }
  wmm_program_free(p);
  /* SB where each thread branches between its two accesses:
   *   0: W x; 1: CMP; 2: BRANCH -> 4; 3: MOV; 4: R y */
  p = wmm_program_new("SBbranch", WMM_ARCH_GIMPLE);
  int lx = wmm_program_loc(p, "x"), ly = wmm_program_loc(p, "y");
  for (int t = 0; t < 2; t++) {
    char name[8];
    snprintf(name, sizeof name, "P%d", t);
    int ti = wmm_program_thread(p, name);
    wmm_thread *T = &p->threads[ti];
    int r0 = wmm_thread_reg(T, "r0"), r1 = wmm_thread_reg(T, "r1");
    wmm_instr in = access(WMM_OP_STORE, t ? ly : lx, -1);
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_CMP);
    in.a = (wmm_operand){WMM_OPND_REG, r1, 0};
    in.b = (wmm_operand){WMM_OPND_IMM, 0, 0};
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_BRANCH);
    in.cond = WMM_COND_EQ;
    in.target = 4;
    wmm_thread_append(T, &in);
    in = wmm_instr_init(WMM_OP_MOV);
    in.dst = r1;
    in.a = (wmm_operand){WMM_OPND_IMM, 0, 5};
    in.freq = 0.5;
    wmm_thread_append(T, &in);
    in = access(WMM_OP_LOAD, t ? lx : ly, r0);
    wmm_thread_append(T, &in);
  }
  p->cond = wmm_prop_new(WMM_PROP_AND);
  p->cond->l = wmm_prop_new(WMM_PROP_REG_EQ);
  p->cond->l->thread = 0, p->cond->l->reg = 0, p->cond->l->val = 0;
  p->cond->r = wmm_prop_new(WMM_PROP_REG_EQ);
  p->cond->r->thread = 1, p->cond->r->reg = 0, p->cond->r->val = 0;
  o = wmm_place_opts_default(WMM_MODEL_TSO);
  int n = place_and_check(p, &o, &pl);
  int pos_ok = n == 2;
  for (int i = 0; i < pl.nfences; i++)
    pos_ok &= pl.fences[i].index != 3;   /* never inside the branch arm */
  ok(pos_ok, "placement: a fence goes only where every path passes", NULL);
  wmm_placement_free(&pl);
  /* frequencies: make the point before the load expensive */
  for (int t = 0; t < 2; t++) {
    p->threads[t].code[1].freq = 1;
    p->threads[t].code[4].freq = 7;
  }
  o.use_freq = 1;
  n = place_and_check(p, &o, &pl);
  ok(n == 2 && pl.fences[0].index == 1 && pl.total_cost == 2,
     "placement: use_freq picks the cheaper position", NULL);
  wmm_placement_free(&pl);
  for (int t = 0; t < 2; t++) {
    p->threads[t].code[1].freq = 9;
    p->threads[t].code[2].freq = 9;
    p->threads[t].code[4].freq = 2;
  }
  n = place_and_check(p, &o, &pl);
  ok(n == 2 && pl.fences[0].index == 4 && pl.total_cost == 4,
     "placement: use_freq moves the fence to the rarer point", NULL);
  wmm_placement_free(&pl);
  /* SC needs nothing; power cannot be written in a program of x86 syntax */
  o = wmm_place_opts_default(WMM_MODEL_SC);
  ok(place_and_check(p, &o, &pl) == 0, "placement: nothing under sc", NULL);
  wmm_placement_free(&pl);
  wmm_program_free(p);

  /* one thread, two instances: SB between the instances */
  p = wmm_program_new("SBself", WMM_ARCH_GIMPLE);
  lx = wmm_program_loc(p, "x"), ly = wmm_program_loc(p, "y");
  int ti = wmm_program_thread(p, "T");
  wmm_thread *T = &p->threads[ti];
  int r0 = wmm_thread_reg(T, "r0");
  wmm_instr in = access(WMM_OP_STORE, lx, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, ly, r0);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, ly, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, lx, r0);
  wmm_thread_append(T, &in);
  o = wmm_place_opts_default(WMM_MODEL_TSO);
  n = place_and_check(p, &o, &pl);
  ok(n == 0, "placement: one instance of a thread has no cycle", NULL);
  wmm_placement_free(&pl);
  p->threads[ti].instances = 2;
  n = place_and_check(p, &o, &pl);
  ok(n >= 1 && pl.nclass_cycles >= 1,
     "placement: two instances of a thread conflict with themselves", NULL);
  wmm_placement_free(&pl);
  wmm_program_free(p);

  /* the per-pair fallback when the cycle search bound is hit (IRRWIW has
   * two critical cycles under power) */
  static const char *irrwiw =
    "PPC IRRWIW\n{\n0:r2=x; 1:r2=x; 1:r4=y; 2:r2=y; 3:r2=y; 3:r4=x;\n}\n"
    " P0           | P1           | P2           | P3           ;\n"
    " li r1,2      | lwz r1,0(r2) | li r1,1      | lwz r1,0(r2) ;\n"
    " stw r1,0(r2) | lwz r3,0(r4) | stw r1,0(r2) | li r3,1      ;\n"
    "              |              |              | stw r3,0(r4) ;\n"
    "exists ([x]=2 /\\ 1:r1=2 /\\ 1:r3=0 /\\ 3:r1=1)\n";
  p = parse(irrwiw);
  if (p) {
    o = wmm_place_opts_default(WMM_MODEL_POWER);
    o.max_cycles = 1;
    o.use_condition = 0;
    n = place_and_check(p, &o, &pl);
    int witnessed = 0;
    for (int i = 0; i < pl.ndelays; i++)
      witnessed += pl.delays[i].cycle >= 0;
    ok(n == 2 && pl.nfallback > 0 && strstr(pl.note, "bound") && witnessed > 0,
       "placement: cycle search bound -> per-pair fences with a witness, still forbidden",
       pl.note);
    wmm_placement_free(&pl);
    o.max_cycles = 0;
    n = place_and_check(p, &o, &pl);
    ok(n == 2 && pl.total_cost == 4 && pl.nclass_cycles == 2 && pl.nfallback == 0,
       "placement: IRRWIW under power: two cycles, sync in both readers", NULL);
    wmm_placement_free(&pl);
    o = wmm_place_opts_default(WMM_MODEL_TSO);
    ok(wmm_place(p, &o, &pl, &e) < 0 && e.status == WMM_ERR_UNSUPPORTED,
       "placement: a model whose fences the syntax cannot write is refused", e.msg);
    wmm_program_free(p);
  }
}


/* Message passing through a stop flag (IR): T0 writes data, then stop =
 * `val` (reg: a value it does not know); T1 loops `while (stop == 0)
 * read data`, its branch into the body guarded `stop == 0` (`polarity`
 * EQ) or, wrongly for the test of a guard's direction, `stop != 0`. */
static wmm_program *stop_flag_program(wmm_cond polarity, int unknown_value)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int data = wmm_program_loc(p, "data"), stop = wmm_program_loc(p, "stop");
  int t0 = wmm_program_thread(p, "T0"), t1 = wmm_program_thread(p, "T1");
  wmm_thread *T = &p->threads[t0];
  wmm_instr in = access(WMM_OP_STORE, data, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, stop, -1);
  if (unknown_value)
    in.a = (wmm_operand){WMM_OPND_REG, wmm_thread_reg(T, "v"), 0};
  wmm_thread_append(T, &in);
  T = &p->threads[t1];
  int r0 = wmm_thread_reg(T, "r0");
  in = access(WMM_OP_LOAD, stop, r0);            /* 0: R stop */
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_BRANCH);            /* 1: into the body */
  in.cond = WMM_COND_ANY;
  in.target = 3;
  in.guard_load = 1;
  in.guard_cond = polarity;
  in.guard_imm = 0;
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_JUMP);              /* 2: leave */
  in.target = 5;
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, data, r0);            /* 3: R data */
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_JUMP);              /* 4: again */
  in.target = 0;
  wmm_thread_append(T, &in);
  return p;
}

/* Fences placed for p on power (-1: error). */
static int power_fences(const wmm_program *p, long *dropped)
{
  wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_POWER);
  wmm_placement pl;
  wmm_error e;
  if (wmm_place(p, &o, &pl, &e) < 0)
    return -1;
  int n = pl.nfences;
  *dropped = strstr(pl.note, "value guards") != NULL;
  wmm_placement_free(&pl);
  return n;
}

static void test_guards(void)
{
  long dropped = 0;
  wmm_program *p = stop_flag_program(WMM_COND_EQ, 0);
  ok(power_fences(p, &dropped) == 0 && dropped,
     "guards: reading stop = 1 leaves the loop: no message passing", NULL);
  wmm_aeg *g = NULL;
  wmm_error e;
  if (wmm_aeg_build(p, &g, &e) == 0) {
    int rstop = -1, rdata = -1;
    for (int c = 0; c < g->ncls; c++)
      if (g->threads[g->cls[c].thread].unit == 1)
        *(g->cls[c].loc == wmm_program_find_loc(p, "stop") ? &rstop : &rdata) = c;
    wmm_guards *gd = wmm_guards_new(g);
    ok(gd && rstop >= 0 && rdata >= 0 && !wmm_guards_pair(gd, rstop, rdata),
       "guards: the pair (R stop, R data) lies on no cycle that can happen", NULL);
    wmm_guards_free(gd);
    wmm_aeg_free(g);
  }
  wmm_program_free(p);
  p = stop_flag_program(WMM_COND_NE, 0);
  ok(power_fences(p, &dropped) == 2 && !dropped,
     "guards: a body entered when stop != 0 keeps both fences", NULL);
  wmm_program_free(p);
  p = stop_flag_program(WMM_COND_EQ, 1);
  ok(power_fences(p, &dropped) == 2 && !dropped,
     "guards: a flag value the writer does not know keeps both fences", NULL);
  wmm_program_free(p);
}

/* A message of two words handed over by a plain flag (IR): T0 writes a
 * and b, then flag = 1; T1 waits `while (flag == 0)` (a value guard, a
 * retry jump back), then reads b and a. */
static wmm_program *handoff_program(void)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int a = wmm_program_loc(p, "a"), b = wmm_program_loc(p, "b");
  int flag = wmm_program_loc(p, "flag");
  int t0 = wmm_program_thread(p, "T0"), t1 = wmm_program_thread(p, "T1");
  wmm_thread *T = &p->threads[t0];
  wmm_instr in = access(WMM_OP_STORE, a, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, b, -1);
  wmm_thread_append(T, &in);
  in = access(WMM_OP_STORE, flag, -1);
  wmm_thread_append(T, &in);
  T = &p->threads[t1];
  int r0 = wmm_thread_reg(T, "r0");
  in = access(WMM_OP_LOAD, flag, r0);            /* 0: R flag */
  wmm_thread_append(T, &in);
  in = wmm_instr_init(WMM_OP_BRANCH);            /* 1: again while 0 */
  in.cond = WMM_COND_ANY;
  in.target = 0;
  in.guard_load = 1;
  in.guard_cond = WMM_COND_EQ;
  in.guard_imm = 0;
  in.flags = WMM_ACC_RETRY;
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, b, r0);               /* 2: R b */
  wmm_thread_append(T, &in);
  in = access(WMM_OP_LOAD, a, r0);               /* 3: R a */
  wmm_thread_append(T, &in);
  return p;
}

static void test_handoff(void)
{
  wmm_program *p = handoff_program();
  wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_POWER);
  wmm_placement pl, off;
  wmm_error e;
  int n = place_and_check(p, &o, &pl);
  ok(n == 2 && pl.total_cost == 2,
     "handoff: the flag's two lwsyncs, the message's cycles need no more",
     NULL);
  o.no_handoff = 1;
  int m = place_and_check(p, &o, &off);
  ok(m > n && off.total_cost > pl.total_cost,
     "handoff: without the rule the message's cycles take more fences", NULL);
  wmm_placement_free(&off);
  wmm_placement_free(&pl);
  /* the reference pso keeps no W->W order: the flag's cycle is no need,
     so the message's cycles stay */
  o = wmm_place_opts_default(WMM_MODEL_POWER);
  o.from = WMM_MODEL_PSO;
  o.no_handoff = 1;
  int k = wmm_place(p, &o, &off, &e) == 0 ? off.nfences : -1;
  if (k >= 0)
    wmm_placement_free(&off);
  o.no_handoff = 0;
  int k2 = wmm_place(p, &o, &pl, &e) == 0 ? pl.nfences : -1;
  if (k2 >= 0)
    wmm_placement_free(&pl);
  ok(k >= 0 && k == k2,
     "handoff: from pso (the flag's cycle no need) the rule changes nothing",
     NULL);
  wmm_program_free(p);
}

/* IRIW with retry loops (IR): T0 writes x, T1 writes y, T2 reads x then
 * y and T3 y then x, each in a loop whose jump back is marked
 * WMM_ACC_RETRY; `store` puts a store of z in T2's and T3's loops, `into`
 * jumps from T2's entry into its loop past the head. */
static wmm_program *retry_program(int store, int into)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), y = wmm_program_loc(p, "y");
  int z = wmm_program_loc(p, "z");
  int t0 = wmm_program_thread(p, "T0"), t1 = wmm_program_thread(p, "T1");
  int t2 = wmm_program_thread(p, "T2"), t3 = wmm_program_thread(p, "T3");
  wmm_instr in = access(WMM_OP_STORE, x, -1);
  wmm_thread_append(&p->threads[t0], &in);
  in = access(WMM_OP_STORE, y, -1);
  wmm_thread_append(&p->threads[t1], &in);
  for (int k = 0; k < 2; k++) {
    wmm_thread *T = &p->threads[k ? t3 : t2];
    int r0 = wmm_thread_reg(T, "r0"), head = 0;
    if (into && !k) {
      in = wmm_instr_init(WMM_OP_BRANCH);        /* 0: into the loop */
      in.cond = WMM_COND_ANY;
      in.target = 2;
      wmm_thread_append(T, &in);
      head = 1;
    }
    in = access(WMM_OP_LOAD, k ? y : x, r0);
    wmm_thread_append(T, &in);
    in = access(WMM_OP_LOAD, k ? x : y, r0);
    wmm_thread_append(T, &in);
    if (store) {
      in = access(WMM_OP_STORE, z, -1);
      wmm_thread_append(T, &in);
    }
    in = wmm_instr_init(WMM_OP_BRANCH);          /* again */
    in.cond = WMM_COND_ANY;
    in.target = head;
    in.flags = WMM_ACC_RETRY;
    wmm_thread_append(T, &in);
  }
  return p;
}

/* Is T2's read of y po-before its read of x (the next iteration's)? */
static int retry_po_yx(const wmm_program *p)
{
  wmm_aeg *g = NULL;
  wmm_error e;
  if (wmm_aeg_build(p, &g, &e) < 0)
    return -1;
  int rx = -1, ry = -1;
  for (int c = 0; c < g->ncls; c++)
    if (g->threads[g->cls[c].thread].unit == 2 && g->cls[c].reads)
      *(g->cls[c].loc == wmm_program_find_loc(p, "x") ? &rx : &ry) = c;
  int po = rx >= 0 && ry >= 0 ? wmm_aeg_po(g, ry, rx) : -1;
  wmm_aeg_free(g);
  return po;
}

static void test_retry(void)
{
  long dropped;
  wmm_program *p = retry_program(0, 0);
  ok(retry_po_yx(p) == 0,
     "retry: an iteration's read of y is no pair with the next one's read of x",
     NULL);
  ok(power_fences(p, &dropped) == 2,
     "retry: IRIW through retry loops gets one sync per reader", NULL);
  wmm_program_free(p);
  p = retry_program(1, 0);
  ok(retry_po_yx(p) == 1,
     "retry: a loop that stores keeps its jump back", NULL);
  wmm_program_free(p);
  p = retry_program(0, 1);
  ok(retry_po_yx(p) == 1,
     "retry: a jump back to a head that does not dominate it is kept", NULL);
  wmm_program_free(p);
}

/* Store buffering between two instances of one unit (IR): W x; R y;
 * W y; R x.  fresh_w / fresh_r mark its writes / reads WMM_ACC_FRESH
 * (each instance's own unpublished object): two fresh accesses of two
 * instances never meet, a fresh and a shared one may. */
static wmm_program *fresh_program(int fresh_w, int fresh_r)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), y = wmm_program_loc(p, "y");
  int t = wmm_program_thread(p, "T");
  wmm_thread *T = &p->threads[t];
  T->instances = 2;
  int r0 = wmm_thread_reg(T, "r0");
  int locs[4] = {x, y, y, x};
  for (int k = 0; k < 4; k++) {
    int w = k % 2 == 0;
    wmm_instr in = access(w ? WMM_OP_STORE : WMM_OP_LOAD, locs[k], r0);
    if (w ? fresh_w : fresh_r)
      in.flags = WMM_ACC_FRESH;
    wmm_thread_append(T, &in);
  }
  return p;
}

static void test_fresh(void)
{
  long dropped;
  wmm_program *p = fresh_program(0, 0);
  int plain = power_fences(p, &dropped);
  ok(plain > 0, "fresh: store buffering between two instances is fenced",
     NULL);
  wmm_program_free(p);
  p = fresh_program(1, 1);
  ok(power_fences(p, &dropped) == 0,
     "fresh: two instances' fresh accesses never meet: no fence", NULL);
  wmm_aeg *g = NULL;
  wmm_error e;
  if (wmm_aeg_build(p, &g, &e) == 0) {
    int com = 0, com_loc = 0;
    for (int a = 0; a < g->ncls; a++)
      for (int b = 0; b < g->ncls; b++) {
        com += wmm_aeg_com(g, a, b);
        com_loc += wmm_aeg_com_loc(g, a, b);
      }
    ok(com == 0 && com_loc > 0,
       "fresh: no com edge between fresh classes, the SCCs' relation keeps "
       "them", NULL);
    wmm_aeg_free(g);
  }
  wmm_program_free(p);
  p = fresh_program(1, 0);
  ok(power_fences(p, &dropped) == plain,
     "fresh: fresh writes against shared reads keep store buffering's "
     "fences", NULL);
  wmm_program_free(p);
  p = fresh_program(0, 1);
  ok(power_fences(p, &dropped) == plain,
     "fresh: shared writes against fresh reads keep them too", NULL);
  wmm_program_free(p);
}

/* The fences wmm_place puts into p under model m (keep:
 * wmm_place_opts.keep_silent), -1 on error; *nsilent and *nblind its
 * silent and blindly updated locations (-1 on error).  Frees p. */
static int placed_fences(wmm_program *p, wmm_model m, int keep, int *nsilent,
                         int *nblind)
{
  wmm_place_opts o = wmm_place_opts_default(m);
  o.keep_silent = keep;
  wmm_placement pl;
  wmm_error e;
  int n = -1;
  *nsilent = *nblind = -1;
  if (wmm_place(p, &o, &pl, &e) == 0) {
    n = pl.nfences;
    *nsilent = pl.nsilent;
    *nblind = pl.nblind;
    wmm_placement_free(&pl);
  }
  wmm_program_free(p);
  return n;
}

/* The R shape (W x; R y || W y; W x) under tso with x's second store of
 * value v: both stores of 1 and x read by no one make x silent (aeg.h),
 * and the cycle needs no fence; another value, or a read of x, keeps the
 * mfence (with the read, SB's too).  Returns the fences placed (keep: wmm_place_opts.keep_silent),
 * -1 on error; *nsilent the silent locations. */
static int r_shape_fences(int v, int read_x, int keep, int *nsilent)
{
  char text[512];
  snprintf(text, sizeof text,
           "X86 Rsilent\n{ }\n"
           " P0          | P1          ;\n"
           " MOV [x],$1  | MOV [y],$1  ;\n"
           " MOV EAX,[y] | MOV [x],$%d  ;\n"
           "             | %s ;\n"
           "exists (0:EAX=0)\n", v, read_x ? "MOV EBX,[x]" : "");
  wmm_program *p = parse(text);
  if (!p)
    return -1;
  int nblind;
  return placed_fences(p, WMM_MODEL_TSO, keep, nsilent, &nblind);
}

static void test_silent(void)
{
  int ns;
  ok(r_shape_fences(1, 0, 0, &ns) == 0 && ns == 1,
     "silent: x only ever stored 1 and never read: R needs no fence", NULL);
  ok(r_shape_fences(1, 0, 1, &ns) == 1 && ns == 0,
     "silent: keep_silent gives x events: R's mfence", NULL);
  ok(r_shape_fences(2, 0, 0, &ns) == 1 && ns == 0,
     "silent: stores of 1 and 2 keep R's mfence", NULL);
  ok(r_shape_fences(1, 1, 0, &ns) >= 1 && ns == 0,
     "silent: a read of x keeps the mfences (R, and SB through the read)",
     NULL);
}

/* 2+2W on Power (W x; W y || W y; W x) with both stores of x made RMWs
 * of alu a0 and a1 (flagged WMM_ACC_BLIND when blind): additions,
 * subtractions, xors, ands or ors of one class whose old values go
 * nowhere update x blindly (aeg.h), and the cycle needs no fence; RMWs not
 * flagged, or of two classes, keep 2+2W's fences.  Returns the fences
 * placed, -1 on error; *nblind the blindly updated locations. */
static int blind_2p2w_fences(wmm_alu a0, wmm_alu a1, int blind, int *nblind)
{
  wmm_program *p = parse("PPC 2+2Wblind\n"
                         "{ 0:r2=x; 0:r4=y; 1:r2=y; 1:r4=x; }\n"
                         " P0           | P1           ;\n"
                         " li r1,1      | li r1,2      ;\n"
                         " stw r1,0(r2) | stw r1,0(r2) ;\n"
                         " stw r1,0(r4) | stw r1,0(r4) ;\n"
                         "exists (y=1)\n");
  if (!p)
    return -1;
  /* x: P0's first store, P1's second */
  for (int t = 0; t < 2; t++) {
    int seen = 0;
    for (int i = 0; i < p->threads[t].ncode; i++) {
      wmm_instr *in = &p->threads[t].code[i];
      if (in->op != WMM_OP_STORE || seen++ != t)
        continue;
      in->op = WMM_OP_RMW;
      in->alu = t == 0 ? a0 : a1;
      in->dst = -1;
      if (blind)
        in->flags |= WMM_ACC_BLIND;
    }
  }
  int nsilent;
  return placed_fences(p, WMM_MODEL_POWER, 0, &nsilent, nblind);
}

static void test_blind(void)
{
  int nb;
  ok(blind_2p2w_fences(WMM_ALU_ADD, WMM_ALU_SUB, 1, &nb) == 0 && nb == 1,
     "blind: x only ever added to and subtracted from blindly: 2+2W needs "
     "no fence", NULL);
  ok(blind_2p2w_fences(WMM_ALU_OR, WMM_ALU_OR, 1, &nb) == 0 && nb == 1,
     "blind: x only ever or-ed into blindly: no fence", NULL);
  ok(blind_2p2w_fences(WMM_ALU_ADD, WMM_ALU_ADD, 0, &nb) == 2 && nb == 0,
     "blind: additions whose old values may be used keep 2+2W's fences",
     NULL);
  ok(blind_2p2w_fences(WMM_ALU_ADD, WMM_ALU_XOR, 1, &nb) == 2 && nb == 0,
     "blind: an addition and a xor do not commute: fences kept", NULL);
  ok(blind_2p2w_fences(WMM_ALU_SECOND, WMM_ALU_SECOND, 1, &nb) == 2 && nb == 0,
     "blind: exchanges are no blind updates: fences kept", NULL);
}

int main(void)
{
  test_silent();
  test_blind();
  test_fresh();
  test_retry();
  test_ilp();
  test_aeg();
  test_callpaths();
  test_requirements();
  test_placement();
  test_guards();
  test_handoff();
  printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
