/* bmc_verify.c — wmm_bmc_verify and wmm_bmc_inline on programs built in
 * the IR: calls inlined with "$arg"/"$ret" registers, the inlining depth
 * cutting a recursion (then "safe" is not complete), nondeterministic
 * values, the halt target, the robustness goal (SB under sc and tso), the
 * bound query on a spin loop, and an unresolvable address as "unknown".
 * Prints one PASS:/FAIL: line per case (tests/bmc/verify.sh runs it).
 */
#include <stdio.h>
#include <string.h>

#include "bmc.h"

static int failures;

static void check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    failures++;
}

static wmm_operand imm(wmm_val v)
{
  wmm_operand o = {WMM_OPND_IMM, 0, v};
  return o;
}

static wmm_operand reg(int r)
{
  wmm_operand o = {WMM_OPND_REG, r, 0};
  return o;
}

static void st(wmm_program *p, int t, int loc, wmm_operand v)
{
  wmm_instr in = wmm_instr_init(WMM_OP_STORE);
  in.addr.base = imm(wmm_loc_addr(loc));
  in.addr.loc_hint = loc;
  in.a = v;
  wmm_thread_append(&p->threads[t], &in);
}

static void ld(wmm_program *p, int t, int dst, int loc)
{
  wmm_instr in = wmm_instr_init(WMM_OP_LOAD);
  in.addr.base = imm(wmm_loc_addr(loc));
  in.addr.loc_hint = loc;
  in.dst = dst;
  wmm_thread_append(&p->threads[t], &in);
}

static void op(wmm_program *p, int t, wmm_opkind k, int dst, wmm_operand a,
               wmm_operand b, wmm_cond cond, int target)
{
  wmm_instr in = wmm_instr_init(k);
  in.dst = dst;
  in.a = a;
  in.b = b;
  in.cond = cond;
  in.target = target;
  wmm_thread_append(&p->threads[t], &in);
}

/* exists [err] = 1 */
static void error_cond(wmm_program *p, int err)
{
  p->cond = wmm_prop_new(WMM_PROP_LOC_EQ);
  p->cond->loc = err;
  p->cond->val = 1;
}

/* The counterexample replayed by the explicit checker (wmm_check_witness):
 * a valid execution of the flat program under m that reaches the goal. */
static int replayed(const wmm_verify_result *r, wmm_model m)
{
  if (!r->has_witness)
    return 0;
  int ok = 0;
  wmm_strbuf why = WMM_STRBUF_INIT;
  wmm_error err;
  memset(&err, 0, sizeof err);
  int rc = wmm_check_witness(r->flat, m, &r->witness, &ok, &why, &err);
  if (rc < 0 || !ok)
    printf("replay: %s%s\n", err.msg, wmm_strbuf_str(&why));
  wmm_strbuf_free(&why);
  return rc == 0 && ok;
}

static int verify(wmm_program *p, wmm_model m, int unwind, int depth,
                  wmm_verify_result *r)
{
  wmm_verify_opts o = wmm_verify_opts_default(m);
  o.bmc.unwind = unwind;
  if (depth >= 0)
    o.depth = depth;
  wmm_error err;
  memset(&err, 0, sizeof err);
  int rc = wmm_bmc_verify(p, &o, r, &err);
  if (rc < 0)
    printf("error: %s\n", err.msg);
  return rc;
}

/* SB: x = 1; r = y  ||  y = 1; r = x, no condition (robustness). */
static void test_robustness(void)
{
  wmm_program *p = wmm_program_new("SB", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), y = wmm_program_loc(p, "y");
  for (int i = 0; i < 2; i++) {
    int t = wmm_program_thread(p, i ? "P1" : "P0");
    p->threads[t].entry = 1;
    p->threads[t].instances = 1;
    int r = wmm_thread_reg(&p->threads[t], "r");
    st(p, t, i ? y : x, imm(1));
    ld(p, t, r, i ? x : y);
  }
  wmm_verify_result r;
  check(verify(p, WMM_MODEL_TSO, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_UNSAFE && r.robustness &&
            r.has_witness && r.witness.nev >= 4,
        "SB tso: not robust, with a witness");
  check(replayed(&r, WMM_MODEL_TSO), "SB tso: the explicit checker replays "
        "the counterexample");
  check(r.replay == WMM_REPLAY_CONFIRMED, "SB tso: verify's own replay "
        "confirms it (valid under tso, rejected by sc)");
  {
    int ok = 1;
    wmm_strbuf why = WMM_STRBUF_INIT;
    wmm_error e;
    memset(&e, 0, sizeof e);
    check(r.has_witness &&
              wmm_check_witness(r.flat, WMM_MODEL_SC, &r.witness, &ok, &why,
                                &e) == 0 && !ok,
          "SB tso: the explicit checker finds the counterexample invalid "
          "under sc");
    wmm_strbuf_free(&why);
  }
  wmm_verify_result_free(&r);
  check(verify(p, WMM_MODEL_SC, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_SAFE && r.complete,
        "SB sc: robust, complete");
  wmm_verify_result_free(&r);
  /* with an mfence in each thread: robust on tso */
  for (int t = 0; t < 2; t++)
    wmm_thread_insert_fence(p, t, 1, WMM_FENCE_MFENCE);
  check(verify(p, WMM_MODEL_TSO, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_SAFE,
        "SB+mfences tso: robust");
  wmm_verify_result_free(&r);
  wmm_program_free(p);
}

/* main calls check($arg0 = v): the unit stores 1 to err when its argument
 * is 7 and returns $ret = arg + 1; main asserts the result through err2.
 * v is nondeterministic: some value reaches the error. */
static void test_inline_nondet(void)
{
  wmm_program *p = wmm_program_new("inline", WMM_ARCH_GIMPLE);
  int err = wmm_program_loc(p, "err");
  int m = wmm_program_thread(p, "main");
  int u = wmm_program_thread(p, "check");
  p->threads[m].entry = 1;
  p->threads[m].instances = 1;
  p->threads[u].entry = 0;     /* a code unit, reached by the call only */
  wmm_thread *tu = &p->threads[u];
  int a = wmm_thread_reg(tu, "$arg0"), ret = wmm_thread_reg(tu, "$ret");
  int loc = wmm_thread_reg(tu, "a");
  op(p, u, WMM_OP_MOV, loc, reg(a), imm(0), WMM_COND_ALWAYS, 0);      /* 0 */
  op(p, u, WMM_OP_CMP, -1, reg(loc), imm(7), WMM_COND_ALWAYS, 0);     /* 1 */
  op(p, u, WMM_OP_BRANCH, -1, imm(0), imm(0), WMM_COND_NE, 4);        /* 2 */
  st(p, u, err, imm(1));                                              /* 3 */
  op(p, u, WMM_OP_ALU, ret, reg(loc), imm(1), WMM_COND_ALWAYS, 0);    /* 4 */
  wmm_thread *tm = &p->threads[m];
  int v = wmm_thread_reg(tm, "v"), ma = wmm_thread_reg(tm, "$arg0");
  op(p, m, WMM_OP_NONDET, v, imm(0), imm(0), WMM_COND_ALWAYS, 0);
  op(p, m, WMM_OP_MOV, ma, reg(v), imm(0), WMM_COND_ALWAYS, 0);
  op(p, m, WMM_OP_CALL, -1, imm(0), imm(0), WMM_COND_ALWAYS, u);
  error_cond(p, err);
  wmm_program *flat = NULL;
  wmm_error e;
  memset(&e, 0, sizeof e);
  int irc = wmm_bmc_inline(p, 4, &flat, &e);
  check(irc == 0 && flat->nthreads == 1 &&
            flat->threads[0].ncode == 7 &&
            flat->threads[0].code[4].op == WMM_OP_BRANCH &&
            flat->threads[0].code[4].target == 6 &&
            wmm_thread_find_reg(&flat->threads[0], "check#0.a") >= 0,
        "inline: the unit's code in main, its branch retargeted, its "
        "registers renamed");
  wmm_program_free(flat);
  wmm_verify_result r;
  check(verify(p, WMM_MODEL_SC, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_UNSAFE,
        "nondet argument 7 reaches the error");
  check(r.replay == WMM_REPLAY_CONFIRMED && r.has_witness &&
            r.witness.ninst == 1 && r.witness.ninput[0] == 1 &&
            r.witness.input[0][0] == 7,
        "nondet: the witness's input is 7, and the explicit checker "
        "replays it (verify's own replay)");
  if (r.has_witness && r.witness.ninst == 1 && r.witness.ninput[0] == 1) {
    r.witness.input[0][0] = 6;
    check(!replayed(&r, WMM_MODEL_SC), "nondet: with input 6 instead the "
          "replay fails");
  }
  wmm_verify_result_free(&r);
  /* main: v = 3 instead: the error is unreachable, complete */
  p->threads[m].code[0].op = WMM_OP_MOV;
  p->threads[m].code[0].a = imm(3);
  check(verify(p, WMM_MODEL_SC, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_SAFE && r.complete,
        "argument 3: safe, complete");
  wmm_verify_result_free(&r);
  /* depth 0: the call is cut, safe but not complete */
  check(verify(p, WMM_MODEL_SC, 2, 0, &r) == 0 &&
            r.verdict == WMM_VERDICT_SAFE && !r.complete,
        "inlining depth 0: safe up to the bound, not complete");
  wmm_verify_result_free(&r);
  /* the result: main stores err when $ret != 4 */
  int mr = wmm_thread_reg(&p->threads[m], "$ret");
  op(p, m, WMM_OP_CMP, -1, reg(mr), imm(4), WMM_COND_ALWAYS, 0);
  op(p, m, WMM_OP_BRANCH, -1, imm(0), imm(0), WMM_COND_EQ, 6);
  st(p, m, err, imm(1));
  check(verify(p, WMM_MODEL_SC, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_SAFE,
        "$ret carries the result (3 + 1 = 4)");
  wmm_verify_result_free(&r);
  p->threads[m].code[3].b = imm(5);
  check(verify(p, WMM_MODEL_SC, 2, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_UNSAFE,
        "$ret: 4 != 5 reaches the error");
  wmm_verify_result_free(&r);
  wmm_program_free(p);
}

/* A spin loop: while ([f] == 0); the bound query finds it incomplete; a
 * halt (branch to the unit's length + 1) skips the error store. */
static void test_bounds(void)
{
  wmm_program *p = wmm_program_new("spin", WMM_ARCH_GIMPLE);
  int f = wmm_program_loc(p, "f"), err = wmm_program_loc(p, "err");
  int w = wmm_program_thread(p, "W"), s = wmm_program_thread(p, "S");
  p->threads[w].entry = p->threads[s].entry = 1;
  p->threads[w].instances = p->threads[s].instances = 1;
  st(p, w, f, imm(1));
  int r = wmm_thread_reg(&p->threads[s], "r");
  ld(p, s, r, f);                                                   /* 0 */
  op(p, s, WMM_OP_CMP, -1, reg(r), imm(0), WMM_COND_ALWAYS, 0);     /* 1 */
  op(p, s, WMM_OP_BRANCH, -1, imm(0), imm(0), WMM_COND_EQ, 0);      /* 2 */
  op(p, s, WMM_OP_JUMP, -1, imm(0), imm(0), WMM_COND_ALWAYS, 5);    /* 3 */
  st(p, s, err, imm(1));                                            /* 4 */
  error_cond(p, err);
  wmm_verify_result res;
  for (int u = 0; u <= 2; u++) {
    char what[96];
    snprintf(what, sizeof what, "spin loop, unwind %d: safe, not complete",
             u);
    check(verify(p, WMM_MODEL_TSO, u, -1, &res) == 0 &&
              res.verdict == WMM_VERDICT_SAFE && !res.complete, what);
    wmm_verify_result_free(&res);
  }
  /* The jump to 4 (the error) instead of halting: unsafe. */
  p->threads[s].code[3].target = 4;
  check(verify(p, WMM_MODEL_TSO, 1, -1, &res) == 0 &&
            res.verdict == WMM_VERDICT_UNSAFE,
        "spin loop then error: unsafe");
  check(replayed(&res, WMM_MODEL_TSO), "spin loop then error: the explicit "
        "checker replays the counterexample");
  check(res.replay == WMM_REPLAY_CONFIRMED, "spin loop then error: verify's "
        "own replay confirms it");
  /* a witness whose read value is changed is no execution of the code */
  for (int i = 0; res.has_witness && i < res.witness.nev; i++)
    if (res.witness.ev[i].kind == WMM_EV_READ) {
      res.witness.ev[i].val ^= 1;
      check(!replayed(&res, WMM_MODEL_TSO), "spin loop: a changed value "
            "read is rejected by the replay");
      break;
    }
  wmm_verify_result_free(&res);
  wmm_program_free(p);
}

/* An address no location has (a register never set): the path is
 * discarded as in the explicit checker, but a nondeterministic address
 * may be any location, so the error is reachable. */
static void test_unknown_address(void)
{
  wmm_program *p = wmm_program_new("anyaddr", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), err = wmm_program_loc(p, "err");
  int t = wmm_program_thread(p, "T");
  p->threads[t].entry = 1;
  p->threads[t].instances = 1;
  int a = wmm_thread_reg(&p->threads[t], "a");
  op(p, t, WMM_OP_NONDET, a, imm(0), imm(0), WMM_COND_ALWAYS, 0);
  wmm_instr in = wmm_instr_init(WMM_OP_STORE);
  in.addr.base = reg(a);
  in.a = imm(1);
  wmm_thread_append(&p->threads[t], &in);
  (void)x;
  error_cond(p, err);
  wmm_verify_result r;
  check(verify(p, WMM_MODEL_SC, 1, -1, &r) == 0 &&
            r.verdict == WMM_VERDICT_UNSAFE,
        "a store to a nondeterministic address may hit any location");
  check(r.replay == WMM_REPLAY_CONFIRMED,
        "nondeterministic address: the replay takes the address from the "
        "witness's input and confirms it");
  wmm_verify_result_free(&r);
  wmm_program_free(p);
}

int main(void)
{
  test_robustness();
  test_inline_nondet();
  test_bounds();
  test_unknown_address();
  return failures ? 1 : 0;
}
