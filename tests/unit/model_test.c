/* model_test.c — the seven models on the classic litmus shapes (SB, MP, LB,
 * IRIW, WRC, ISA2, R, S, 2+2W, RWC) and their fenced or dependent variants,
 * built directly in the IR (no parser), with the verdicts of the
 * literature / herd7.  Prints one PASS:/FAIL: line per (test, model).
 *
 * Thread syntax (tokens separated by spaces):
 *   Wx1      store 1 to x          Rx      load x into the next register
 *   ...:a    address dependency on the thread's previous load
 *   ...:d    data dependency (stores)      ...:c  control dependency
 *   ...:ci   control dependency then isync/isb
 *   ...:rel / :acq / :sc   C11 release / acquire / seq_cst access (mapped
 *            per model as GCC 12 compiles it; LDAR/STLR on armv8)
 *   F:KIND   fence (mfence sync lwsync eieio dmb dmb.st ish ishld ishst)
 * Registers are r0, r1, ... in load order.  Condition: atoms "T:rK=V" or
 * "x=V" joined by " & " (exists).
 * Example: {"MP", "Wx1 Wy1|Ry Rx", "1:r0=1 & 1:r1=0"}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "ir.h"

static int failures;

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

static wmm_fence fence_kind(const char *s)
{
  static const struct { const char *n; wmm_fence f; } tab[] = {
    {"mfence", WMM_FENCE_MFENCE}, {"sync", WMM_FENCE_SYNC},
    {"lwsync", WMM_FENCE_LWSYNC}, {"eieio", WMM_FENCE_EIEIO},
    {"dmb", WMM_FENCE_DMB}, {"dmb.st", WMM_FENCE_DMB_ST},
    {"ish", WMM_FENCE_DMB_ISH}, {"ishld", WMM_FENCE_DMB_ISHLD},
    {"ishst", WMM_FENCE_DMB_ISHST}, {"isync", WMM_FENCE_ISYNC},
    {"isb", WMM_FENCE_ISB}, {"c11sc", WMM_FENCE_C_SEQ_CST},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (!strcmp(tab[i].n, s))
      return tab[i].f;
  fprintf(stderr, "bad fence %s\n", s);
  exit(2);
}

/* Append the instructions of one token to thread t. */
static void token(wmm_program *p, int ti, const char *tok, int *nread,
                  int *scratch, wmm_model m)
{
  wmm_thread *t = &p->threads[ti];
  char name[16];
  if (tok[0] == 'F') {
    wmm_instr f = wmm_instr_init(WMM_OP_FENCE);
    f.fence = fence_kind(tok + 2);
    wmm_thread_append(t, &f);
    return;
  }
  char loc[2] = {tok[1], 0};
  int l = wmm_program_loc(p, loc);
  const char *mod = strchr(tok, ':');
  unsigned flags = 0;
  if (mod && !strcmp(mod, ":rel"))
    flags = WMM_ACC_RELEASE;
  else if (mod && !strcmp(mod, ":acq"))
    flags = WMM_ACC_ACQUIRE;
  else if (mod && !strcmp(mod, ":sc"))
    flags = WMM_ACC_ACQUIRE | WMM_ACC_RELEASE | WMM_ACC_ATOMIC;
  if (flags)
    mod = NULL;
  int prev = *nread - 1;
  wmm_operand base = imm(wmm_loc_addr(l));
  wmm_operand value = imm(tok[0] == 'W' ? atoll(tok + 2) : 0);
  if (mod && prev >= 0) {
    snprintf(name, sizeof name, "s%d", (*scratch)++);
    int s = wmm_thread_reg(t, name);
    wmm_instr x = wmm_instr_init(WMM_OP_ALU);   /* s = prev ^ prev */
    x.dst = s;
    x.alu = WMM_ALU_XOR;
    x.a = reg(prev);
    x.b = reg(prev);
    if (!strcmp(mod, ":a")) {
      wmm_thread_append(t, &x);
      base = reg(s);
    } else if (!strcmp(mod, ":d")) {
      wmm_thread_append(t, &x);
      wmm_instr a = wmm_instr_init(WMM_OP_ALU);
      a.dst = s;
      a.alu = WMM_ALU_ADD;
      a.a = reg(s);
      a.b = value;
      wmm_thread_append(t, &a);
      value = reg(s);
    } else {   /* :c or :ci — cmp prev, prev; beq next */
      wmm_instr c = wmm_instr_init(WMM_OP_CMP);
      c.a = reg(prev);
      c.b = reg(prev);
      wmm_thread_append(t, &c);
      wmm_instr b = wmm_instr_init(WMM_OP_BRANCH);
      b.cond = WMM_COND_EQ;
      b.target = t->ncode + 1;
      wmm_thread_append(t, &b);
      if (!strcmp(mod, ":ci")) {
        wmm_instr f = wmm_instr_init(WMM_OP_FENCE);
        f.fence = m == WMM_MODEL_POWER ? WMM_FENCE_ISYNC : WMM_FENCE_ISB;
        wmm_thread_append(t, &f);
      }
    }
  }
  wmm_instr in = wmm_instr_init(tok[0] == 'W' ? WMM_OP_STORE : WMM_OP_LOAD);
  in.addr.base = base;
  if (!strcmp(mod ? mod : "", ":a"))
    in.addr.index = imm(wmm_loc_addr(l));
  in.addr.loc_hint = l;
  in.flags = flags;
  if (tok[0] == 'W') {
    in.a = value;
  } else {
    snprintf(name, sizeof name, "r%d", (*nread)++);
    in.dst = wmm_thread_reg(t, name);
  }
  wmm_thread_append(t, &in);
}

static wmm_prop *atom(wmm_program *p, const char *s)
{
  wmm_prop *a;
  const char *eq = strchr(s, '=');
  if (strchr(s, ':')) {
    a = wmm_prop_new(WMM_PROP_REG_EQ);
    a->thread = atoi(s);
    char rn[16];
    snprintf(rn, sizeof rn, "%.*s", (int)(eq - strchr(s, ':') - 1),
             strchr(s, ':') + 1);
    a->reg = wmm_thread_find_reg(&p->threads[a->thread], rn);
  } else {
    a = wmm_prop_new(WMM_PROP_LOC_EQ);
    char ln[16];
    snprintf(ln, sizeof ln, "%.*s", (int)(eq - s), s);
    a->loc = wmm_program_find_loc(p, ln);
  }
  a->val = atoll(eq + 1);
  return a;
}

static wmm_program *build(const char *name, const char *threads,
                          const char *cond, wmm_model m)
{
  wmm_program *p = wmm_program_new(name, WMM_ARCH_GIMPLE);
  char buf[512];
  snprintf(buf, sizeof buf, "%s", threads);
  char *save1 = NULL;
  int ti = 0;
  for (char *th = strtok_r(buf, "|", &save1); th;
       th = strtok_r(NULL, "|", &save1), ti++) {
    char tn[16];
    snprintf(tn, sizeof tn, "P%d", ti);
    int t = wmm_program_thread(p, tn);
    int nread = 0, scratch = 0;
    char *save2 = NULL;
    for (char *tok = strtok_r(th, " ", &save2); tok;
         tok = strtok_r(NULL, " ", &save2))
      token(p, t, tok, &nread, &scratch, m);
  }
  snprintf(buf, sizeof buf, "%s", cond);
  wmm_prop *c = NULL;
  char *save3 = NULL;
  for (char *a = strtok_r(buf, "&", &save3); a; a = strtok_r(NULL, "&", &save3)) {
    while (*a == ' ')
      a++;
    wmm_prop *at = atom(p, a);
    if (!c) {
      c = at;
    } else {
      wmm_prop *n = wmm_prop_new(WMM_PROP_AND);
      n->l = c;
      n->r = at;
      c = n;
    }
  }
  p->cond = c;
  p->quant = WMM_QUANT_EXISTS;
  return p;
}

/* verdicts: one char per model in wmm_model order (sc tso pso rmo power
 * armv7 armv8): 'A' allowed, 'F' forbidden, '-' not checked. */
typedef struct classic {
  const char *name, *threads, *cond, *verdicts;
} classic;

static const classic tests[] = {
  /*                                                     sc tso pso rmo pow v7 v8 */
  {"SB", "Wx1 Ry|Wy1 Rx", "0:r0=0 & 1:r0=0", "FAAAAAA"},
  {"SB+mfences", "Wx1 F:mfence Ry|Wy1 F:mfence Rx", "0:r0=0 & 1:r0=0", "FFFF---"},
  {"SB+syncs", "Wx1 F:sync Ry|Wy1 F:sync Rx", "0:r0=0 & 1:r0=0", "----F--"},
  {"SB+lwsyncs", "Wx1 F:lwsync Ry|Wy1 F:lwsync Rx", "0:r0=0 & 1:r0=0", "----A--"},
  {"SB+dmbs", "Wx1 F:dmb Ry|Wy1 F:dmb Rx", "0:r0=0 & 1:r0=0", "-----F-"},
  {"SB+dmb.ishs", "Wx1 F:ish Ry|Wy1 F:ish Rx", "0:r0=0 & 1:r0=0", "------F"},
  {"SB+dmb.ishlds", "Wx1 F:ishld Ry|Wy1 F:ishld Rx", "0:r0=0 & 1:r0=0", "------A"},
  {"MP", "Wx1 Wy1|Ry Rx", "1:r0=1 & 1:r1=0", "FFAAAAA"},
  {"MP+mfence+po", "Wx1 F:mfence Wy1|Ry Rx", "1:r0=1 & 1:r1=0", "FFFA---"},
  {"MP+mfence+addr", "Wx1 F:mfence Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0", "FFFF---"},
  {"MP+lwsync+addr", "Wx1 F:lwsync Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0", "----F--"},
  {"MP+lwsync+po", "Wx1 F:lwsync Wy1|Ry Rx", "1:r0=1 & 1:r1=0", "----A--"},
  {"MP+sync+ctrl", "Wx1 F:sync Wy1|Ry Rx:c", "1:r0=1 & 1:r1=0", "----AA-"},
  {"MP+sync+ctrlisync", "Wx1 F:sync Wy1|Ry Rx:ci", "1:r0=1 & 1:r1=0", "----FF-"},
  {"MP+eieio+addr", "Wx1 F:eieio Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0", "----F--"},
  {"MP+dmb.st+addr", "Wx1 F:dmb.st Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0", "-----F-"},
  {"MP+dmb+po", "Wx1 F:dmb Wy1|Ry Rx", "1:r0=1 & 1:r1=0", "-----A-"},
  {"MP+dmb.ishst+addr", "Wx1 F:ishst Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0", "------F"},
  {"MP+dmb.ishst+ishld", "Wx1 F:ishst Wy1|Ry F:ishld Rx", "1:r0=1 & 1:r1=0", "------F"},
  {"MP+dmb.ish+ctrl", "Wx1 F:ish Wy1|Ry Rx:c", "1:r0=1 & 1:r1=0", "------A"},
  {"MP+dmb.ish+ctrlisb", "Wx1 F:ish Wy1|Ry Rx:ci", "1:r0=1 & 1:r1=0", "------F"},
  {"LB", "Rx Wy1|Ry Wx1", "0:r0=1 & 1:r0=1", "FFFAAAA"},
  {"LB+datas", "Rx Wy1:d|Ry Wx1:d", "0:r0=1 & 1:r0=1", "---FFFF"},
  {"LB+ctrls", "Rx Wy1:c|Ry Wx1:c", "0:r0=1 & 1:r0=1", "----FFF"},
  {"LB+addrs", "Rx Wy1:a|Ry Wx1:a", "0:r0=1 & 1:r0=1", "---FFFF"},
  {"IRIW", "Wx1|Rx Ry|Wy1|Ry Rx", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "FFFAAAA"},
  {"IRIW+addrs", "Wx1|Rx Ry:a|Wy1|Ry Rx:a", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "---FAAF"},
  {"IRIW+lwsyncs", "Wx1|Rx F:lwsync Ry|Wy1|Ry F:lwsync Rx", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "----A--"},
  {"IRIW+syncs", "Wx1|Rx F:sync Ry|Wy1|Ry F:sync Rx", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "----F--"},
  {"IRIW+dmbs", "Wx1|Rx F:dmb Ry|Wy1|Ry F:dmb Rx", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "-----F-"},
  {"IRIW+dmb.ishlds", "Wx1|Rx F:ishld Ry|Wy1|Ry F:ishld Rx", "1:r0=1 & 1:r1=0 & 3:r0=1 & 3:r1=0", "------F"},
  {"WRC", "Wx1|Rx Wy1|Ry Rx", "1:r0=1 & 2:r0=1 & 2:r1=0", "FFFAAAA"},
  {"WRC+addrs", "Wx1|Rx Wy1:a|Ry Rx:a", "1:r0=1 & 2:r0=1 & 2:r1=0", "---FAAF"},
  {"WRC+lwsync+addr", "Wx1|Rx F:lwsync Wy1|Ry Rx:a", "1:r0=1 & 2:r0=1 & 2:r1=0", "----F--"},
  {"WRC+dmb+addr", "Wx1|Rx F:dmb Wy1|Ry Rx:a", "1:r0=1 & 2:r0=1 & 2:r1=0", "-----F-"},
  {"ISA2", "Wx1 Wy1|Ry Wz1|Rz Rx", "1:r0=1 & 2:r0=1 & 2:r1=0", "FFAAAAA"},
  {"ISA2+lwsync+data+addr", "Wx1 F:lwsync Wy1|Ry Wz1:d|Rz Rx:a", "1:r0=1 & 2:r0=1 & 2:r1=0", "----F--"},
  {"ISA2+dmb.ishst+addr+addr", "Wx1 F:ishst Wy1|Ry Wz1:a|Rz Rx:a", "1:r0=1 & 2:r0=1 & 2:r1=0", "------F"},
  {"R", "Wx1 Wy1|Wy2 Rx", "y=2 & 1:r0=0", "FAAAAAA"},
  {"R+mfences", "Wx1 F:mfence Wy1|Wy2 F:mfence Rx", "y=2 & 1:r0=0", "FFFF---"},
  {"R+lwsync+sync", "Wx1 F:lwsync Wy1|Wy2 F:sync Rx", "y=2 & 1:r0=0", "----A--"},
  {"R+syncs", "Wx1 F:sync Wy1|Wy2 F:sync Rx", "y=2 & 1:r0=0", "----F--"},
  {"R+dmb.ishs", "Wx1 F:ish Wy1|Wy2 F:ish Rx", "y=2 & 1:r0=0", "------F"},
  {"S", "Wx2 Wy1|Ry Wx1", "x=2 & 1:r0=1", "FFAAAAA"},
  {"S+lwsync+data", "Wx2 F:lwsync Wy1|Ry Wx1:d", "x=2 & 1:r0=1", "----F--"},
  {"S+lwsync+po", "Wx2 F:lwsync Wy1|Ry Wx1", "x=2 & 1:r0=1", "----A--"},
  {"S+dmb.ishst+data", "Wx2 F:ishst Wy1|Ry Wx1:d", "x=2 & 1:r0=1", "------F"},
  {"2+2W", "Wx2 Wy1|Wy2 Wx1", "x=2 & y=2", "FFAAAAA"},
  {"2+2W+lwsyncs", "Wx2 F:lwsync Wy1|Wy2 F:lwsync Wx1", "x=2 & y=2", "----F--"},
  {"2+2W+eieios", "Wx2 F:eieio Wy1|Wy2 F:eieio Wx1", "x=2 & y=2", "----F--"},
  {"2+2W+dmb.sts", "Wx2 F:dmb.st Wy1|Wy2 F:dmb.st Wx1", "x=2 & y=2", "-----F-"},
  {"2+2W+mfences", "Wx2 F:mfence Wy1|Wy2 F:mfence Wx1", "x=2 & y=2", "FFFF---"},
  {"RWC", "Wx1|Rx Ry|Wy1 Rx", "1:r0=1 & 1:r1=0 & 2:r0=0", "FAAAAAA"},
  {"RWC+syncs", "Wx1|Rx F:sync Ry|Wy1 F:sync Rx", "1:r0=1 & 1:r1=0 & 2:r0=0", "----F--"},
  {"RWC+lwsync+sync", "Wx1|Rx F:lwsync Ry|Wy1 F:sync Rx", "1:r0=1 & 1:r1=0 & 2:r0=0", "----A--"},
  {"RWC+mfences", "Wx1|Rx Ry|Wy1 F:mfence Rx", "1:r0=1 & 1:r1=0 & 2:r0=0", "FFF----"},
  {"SB+c11sc", "Wx1 F:c11sc Ry|Wy1 F:c11sc Rx", "0:r0=0 & 1:r0=0", "FFFFFFF"},
  {"MP+rel+acq", "Wx1 Wy1:rel|Ry:acq Rx", "1:r0=1 & 1:r1=0", "FFAAFFF"},
  {"MP+rel+po", "Wx1 Wy1:rel|Ry Rx", "1:r0=1 & 1:r1=0", "FF-AAAA"},
  {"MP+po+acq", "Wx1 Wy1|Ry:acq Rx", "1:r0=1 & 1:r1=0", "FF-AAAA"},
  {"SB+rel+acq", "Wx1:rel Ry:acq|Wy1:rel Rx:acq", "0:r0=0 & 1:r0=0", "FA--AAF"},
  {"SB+scs", "Wx1:sc Ry:sc|Wy1:sc Rx:sc", "0:r0=0 & 1:r0=0", "FFFFFFF"},
  {"LB+acq+rel", "Rx:acq Wy1|Ry Wx1:rel", "0:r0=1 & 1:r0=1", "FFFAFFF"},
};

/* Witnesses of the models that allow a test must be rejected by every model
 * that forbids it; a witness with a corrupted rf must be rejected too. */
static void cross_witnesses(const classic *c)
{
  wmm_check_result res[WMM_MODEL_COUNT];
  wmm_program *progs[WMM_MODEL_COUNT];
  int pairs = 0, bad = 0, corrupt_ok = 1, corrupted = 0;
  for (int m = 0; m < WMM_MODEL_COUNT; m++) {
    progs[m] = build(c->name, c->threads, c->cond, (wmm_model)m);
    wmm_check_opts o = wmm_check_opts_default((wmm_model)m);
    o.witness = 1;
    wmm_error err;
    if (wmm_check(progs[m], &o, &res[m], &err) < 0)
      memset(&res[m], 0, sizeof res[m]);
  }
  for (int m1 = 0; m1 < WMM_MODEL_COUNT; m1++) {
    if (!res[m1].has_witness)
      continue;
    for (int m2 = 0; m2 < WMM_MODEL_COUNT; m2++) {
      if (res[m2].allowed)
        continue;
      int ok = 1;
      wmm_error err;
      wmm_strbuf why = WMM_STRBUF_INIT;
      pairs++;
      if (wmm_check_witness(progs[m2], (wmm_model)m2, &res[m1].witness, &ok,
                            &why, &err) < 0 || ok || !why.len)
        bad++;
      wmm_strbuf_free(&why);
    }
    /* Corrupt: make the first read read from another write of its
     * location (or from nothing valid). */
    wmm_witness *w = &res[m1].witness;
    for (int i = 0; i < w->nev; i++) {
      if (w->ev[i].kind != WMM_EV_READ)
        continue;
      int old = w->ev[i].rf, alt = -1;
      for (int j = 0; j < w->nev; j++)
        if (j != old && w->ev[j].kind != WMM_EV_READ && w->ev[j].loc == w->ev[i].loc)
          alt = j;
      if (alt < 0)
        continue;
      w->ev[i].rf = alt;
      corrupted++;
      int ok = 1;
      wmm_error err;
      if (wmm_check_witness(progs[m1], (wmm_model)m1, w, &ok, NULL, &err) < 0 || ok)
        corrupt_ok = 0;
      w->ev[i].rf = old;
      break;
    }
  }
  printf("%s: %s: %d of %d witnesses rejected by the models that forbid it; "
         "%s of %d corrupted witnesses rejected\n",
         bad || !corrupt_ok ? "FAIL" : "PASS", c->name, pairs - bad, pairs,
         corrupt_ok ? "all" : "NOT all", corrupted);
  if (bad || !corrupt_ok)
    failures++;
  for (int m = 0; m < WMM_MODEL_COUNT; m++) {
    wmm_check_result_free(&res[m]);
    wmm_program_free(progs[m]);
  }
}

int main(void)
{
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
    const classic *c = &tests[i];
    for (int m = 0; m < WMM_MODEL_COUNT; m++) {
      char want = c->verdicts[m];
      if (want == '-')
        continue;
      wmm_program *p = build(c->name, c->threads, c->cond, (wmm_model)m);
      wmm_check_opts o = wmm_check_opts_default((wmm_model)m);
      o.witness = 1;
      wmm_check_result r;
      wmm_error err;
      int rc = wmm_check(p, &o, &r, &err);
      const char *got = rc < 0 ? "error" : r.allowed ? "Allowed" : "Forbidden";
      int ok = rc == 0 && (want == 'A') == (r.allowed != 0);
      /* An allowed verdict must come with a witness the model re-accepts. */
      if (ok && r.allowed) {
        int wok = 0;
        wmm_strbuf why = WMM_STRBUF_INIT;
        if (!r.has_witness ||
            wmm_check_witness(p, (wmm_model)m, &r.witness, &wok, &why, &err) < 0 ||
            !wok) {
          ok = 0;
          got = "Allowed, but its witness is rejected";
          fprintf(stderr, "%s %s: %s\n", c->name, wmm_model_name((wmm_model)m),
                  wmm_strbuf_str(&why));
        }
        wmm_strbuf_free(&why);
      }
      printf("%s: %s under %s (%s, expected %s)\n", ok ? "PASS" : "FAIL",
             c->name, wmm_model_name((wmm_model)m), got,
             want == 'A' ? "Allowed" : "Forbidden");
      if (!ok)
        failures++;
      if (rc == 0)
        wmm_check_result_free(&r);
      wmm_program_free(p);
    }
  }
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
    cross_witnesses(&tests[i]);
  return failures ? 1 : 0;
}
