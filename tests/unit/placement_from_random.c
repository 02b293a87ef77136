/* placement_from_random.c — soundness of placement with a reference model
 * (wmm_place_opts.from) on random programs (gen_programs.h): every outcome
 * (all final registers and memory) of the fenced program under the target
 * model must be an outcome of the unfenced program under the reference.
 * The explicit checker enumerates the target's outcomes one at a time (a
 * witness, then the same question with that outcome excluded) and asks the
 * reference for each one.  Each program runs in a child process with a
 * time limit; programs over it or over the checker's budget are skipped and
 * counted.  Prints `PASS: NAME MODEL from R: N outcomes` or `FAIL: ...`
 * with both programs, then a summary line.
 *
 * Example:
 *   placement_from_random --seed 1 --count 100          # tso, pso, rmo, sc
 *   placement_from_random --seed 5 --count 20 --from tso --arch PPC
 *   placement_from_random --silent --seed 7 --count 40  # a location only
 *                                 ever stored 1: silent (aeg.h), left out
 *   placement_from_random --blind --seed 7 --count 40   # a location only
 *                                 ever added to blindly (aeg.h), left out
 *   placement_from_random --handoff --seed 9 --count 40 # P0 ends by storing
 *                                 1 to a flag P1 waits for (syncread.c)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen_programs.h"
#include "litmus/litmus.h"
#include "models/check.h"
#include "placement/placement.h"

#define MAX_OUTCOMES 512

static wmm_prop *both(wmm_prop_kind k, wmm_prop *l, wmm_prop *r)
{
  wmm_prop *c = wmm_prop_new(k);
  if (!c) {
    wmm_prop_free(l);
    wmm_prop_free(r);
    return NULL;
  }
  c->l = l;
  c->r = r;
  return c;
}

/* The outcome of witness w as a proposition: every register of every
 * thread and every location equals its final value. */
static wmm_prop *outcome_prop(const wmm_program *p, const wmm_witness *w)
{
  wmm_prop *acc = wmm_prop_new(WMM_PROP_TRUE);
  for (int t = 0; acc && t < p->nthreads; t++)
    for (int r = 0; acc && r < p->threads[t].nregs; r++) {
      wmm_prop *a = wmm_prop_new(WMM_PROP_REG_EQ);
      if (a) {
        a->thread = t;
        a->reg = r;
        a->val = w->regs[t][r];
      }
      acc = a ? both(WMM_PROP_AND, acc, a) : (wmm_prop_free(acc), NULL);
    }
  for (int l = 0; acc && l < p->nlocs; l++) {
    wmm_prop *a = wmm_prop_new(WMM_PROP_LOC_EQ);
    if (a) {
      a->loc = l;
      a->val = w->mem[l];
    }
    acc = a ? both(WMM_PROP_AND, acc, a) : (wmm_prop_free(acc), NULL);
  }
  return acc;
}

static wmm_prop *prop_copy(const wmm_prop *c)
{
  if (!c)
    return NULL;
  wmm_prop *n = wmm_prop_new(c->kind);
  if (!n)
    return NULL;
  *n = *c;
  n->l = n->r = NULL;
  if ((c->l && !(n->l = prop_copy(c->l))) || (c->r && !(n->r = prop_copy(c->r)))) {
    wmm_prop_free(n);
    return NULL;
  }
  return n;
}

/* Replace p's condition by `exists cond` (cond is taken). */
static void set_cond(wmm_program *p, wmm_prop *cond)
{
  wmm_prop_free(p->cond);
  p->cond = cond;
  p->quant = WMM_QUANT_EXISTS;
}

/* 1 Allowed, 0 Forbidden, 2 over budget, -1 error. */
static int check(const wmm_program *p, wmm_model m, long budget, int witness,
                 wmm_check_result *r)
{
  wmm_check_opts o = wmm_check_opts_default(m);
  o.max_candidates = budget;
  o.witness = witness;
  wmm_error e;
  memset(r, 0, sizeof *r);
  if (wmm_check(p, &o, r, &e) < 0)
    return e.status == WMM_ERR_LIMIT ? 2 : -1;
  return r->allowed ? 1 : 0;
}

static void dump(const char *title, const wmm_program *p)
{
  wmm_strbuf d = WMM_STRBUF_INIT;
  wmm_litmus_dump(p, WMM_DUMP_NO_POS, &d);
  printf("%s:\n%s", title, wmm_strbuf_str(&d));
  wmm_strbuf_free(&d);
}

/* Check one program: 1 pass, 0 fail, 2 skipped; *nout outcomes compared. */
static int one(const wmm_program *p, wmm_model m, wmm_model from, long budget,
               int handoff, int *nout, int *nsilent, const char *name)
{
  wmm_place_opts po = wmm_place_opts_default(m);
  po.from = from;
  po.time_limit = 20;
  wmm_placement pl;
  wmm_error e;
  *nout = 0;
  *nsilent = 0;
  if (wmm_place(p, &po, &pl, &e) < 0) {
    if (e.status == WMM_ERR_LIMIT)
      return 2;
    printf("FAIL: %s %s from %s: placement: %s\n", name, wmm_model_name(m),
           wmm_model_name(from), e.msg);
    return 0;
  }
  *nsilent = handoff ? 1 : pl.nsilent + pl.nblind;
  if (*nsilent) {
    /* 2 when leaving the silent (or blind) locations out, or the flag
       hand-offs that need the flag's own fences, saved fences */
    wmm_placement keep;
    po.keep_silent = !handoff;
    po.no_handoff = handoff;
    if (wmm_place(p, &po, &keep, &e) == 0) {
      if (keep.total_cost > pl.total_cost)
        *nsilent = 2;
      wmm_placement_free(&keep);
    }
  }
  wmm_program *q = wmm_program_clone(p), *ref = wmm_program_clone(p);
  int res = 1;
  if (!q || !ref || wmm_placement_apply(q, &pl) < 0) {
    printf("FAIL: %s: out of memory\n", name);
    res = 0;
    goto out;
  }
  wmm_prop *excluded = wmm_prop_new(WMM_PROP_TRUE);
  while (res == 1 && excluded) {
    wmm_prop *c = prop_copy(excluded);
    if (!c) {
      res = 0;
      break;
    }
    set_cond(q, c);
    wmm_check_result tr;
    int a = check(q, m, budget, 1, &tr);
    if (a != 1) {
      res = a == 0 ? 1 : a == 2 ? 2 : 0;
      if (a < 0)
        printf("FAIL: %s %s from %s: checker error (fenced program)\n", name,
               wmm_model_name(m), wmm_model_name(from));
      wmm_check_result_free(&tr);
      break;
    }
    wmm_prop *o = tr.has_witness ? outcome_prop(q, &tr.witness) : NULL;
    wmm_check_result_free(&tr);
    wmm_prop *o2 = prop_copy(o);
    if (!o || !o2) {
      wmm_prop_free(o), wmm_prop_free(o2);
      printf("FAIL: %s: no witness or out of memory\n", name);
      res = 0;
      break;
    }
    set_cond(ref, o);
    wmm_check_result rr;
    int b = check(ref, from, budget, 0, &rr);
    wmm_check_result_free(&rr);
    (*nout)++;
    if (b == 2) {
      res = 2;
    } else if (b != 1) {
      printf("FAIL: %s %s from %s: an outcome of the fenced program under %s "
             "is %s under %s for the program as written\n", name,
             wmm_model_name(m), wmm_model_name(from), wmm_model_name(m),
             b == 0 ? "Forbidden" : "an error", wmm_model_name(from));
      dump("unfenced, with the outcome", ref);
      dump("fenced", q);
      res = 0;
    }
    wmm_prop *not = both(WMM_PROP_NOT, o2, NULL);
    excluded = not ? both(WMM_PROP_AND, excluded, not) : (wmm_prop_free(excluded), NULL);
    if (*nout >= MAX_OUTCOMES && res == 1)
      res = 2;
  }
  wmm_prop_free(excluded);
out:
  wmm_program_free(q);
  wmm_program_free(ref);
  wmm_placement_free(&pl);
  return res;
}

static int arch_parse(const char *s)
{
  for (int a = 0; a <= WMM_ARCH_AARCH64; a++)
    if (!strcmp(s, wmm_arch_name((wmm_arch)a)))
      return a;
  return -1;
}

int main(int argc, char **argv)
{
  unsigned long seed = 1;
  long count = 50, budget = 200000;
  unsigned timeout = 10;
  int arch = -1, from_fixed = -1, silent = 0, blind = 0, handoff = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoul(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = strtol(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
      timeout = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--silent"))
      silent = 1;
    else if (!strcmp(argv[i], "--blind"))
      blind = 1;
    else if (!strcmp(argv[i], "--handoff"))
      handoff = 1;
    else if (!strcmp(argv[i], "--budget") && i + 1 < argc)
      budget = strtol(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--from") && i + 1 < argc) {
      from_fixed = wmm_model_parse(argv[++i]);
      if (from_fixed < 0 || !wmm_place_from_supported((wmm_model)from_fixed)) {
        fprintf(stderr, "placement_from_random: --from: bad model '%s'\n", argv[i]);
        return 2;
      }
    } else if (!strcmp(argv[i], "--arch") && i + 1 < argc) {
      arch = arch_parse(argv[++i]);
      if (arch < 0) {
        fprintf(stderr, "placement_from_random: --arch: bad arch '%s'\n", argv[i]);
        return 2;
      }
    } else {
      fprintf(stderr, "usage: placement_from_random [--seed S] [--count N] "
                      "[--from R] [--arch A] [--budget CANDIDATES]\n"
                      "                             [--timeout S] [--silent | --blind | --handoff]\n");
      return 2;
    }
  }
  static const wmm_arch archs[] = {WMM_ARCH_PPC, WMM_ARCH_ARM, WMM_ARCH_AARCH64,
                                   WMM_ARCH_X86};
  static const wmm_model refs[] = {WMM_MODEL_TSO, WMM_MODEL_PSO, WMM_MODEL_TSO,
                                   WMM_MODEL_RMO, WMM_MODEL_TSO, WMM_MODEL_SC};
  long pass = 0, fail = 0, skipped = 0, with_silent = 0, saved = 0;
  for (long i = 0; i < count; i++) {
    uint64_t rng = (seed + (uint64_t)i) * 0x9e3779b97f4a7c15ULL + 1;
    wmm_arch a = arch >= 0 ? (wmm_arch)arch : archs[i % 4];
    wmm_model m = wmm_arch_default_model(a);
    wmm_model from = from_fixed >= 0 ? (wmm_model)from_fixed : refs[i % 6];
    if (a == WMM_ARCH_X86 && from_fixed < 0) {
      from = WMM_MODEL_TSO;                        /* x86 code kept on */
      m = i % 8 == 3 ? WMM_MODEL_PSO : WMM_MODEL_RMO;   /* weaker targets */
    }
    wmm_gen_opts o = wmm_gen_opts_default(a);
    o.threads = 2 + (int)(i % 2);
    o.len = 2 + (int)(i % 3);
    o.loops = i % 5 == 4;
    o.silent = silent;
    o.blind = blind && !silent;
    o.handoff = handoff && !silent && !blind;
    if (o.handoff) {
      /* a message of two or three words beside the flag */
      o.len = 3 + (int)(i % 3);
      o.nlocs = 3 + (int)(i % 2);
    }
    char name[64];
    snprintf(name, sizeof name, "gen%lu-%s", seed + (unsigned long)i,
             wmm_arch_name(a));
    wmm_program *p = wmm_gen_program(&o, &rng, name);
    if (!p) {
      fprintf(stderr, "placement_from_random: out of memory\n");
      return 2;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(timeout);
      int n = 0, ns = 0, r = one(p, m, from, budget, o.handoff, &n, &ns, name);
      if (r == 1)
        printf("PASS: %s %s from %s: %d outcomes%s\n", name, wmm_model_name(m),
               wmm_model_name(from), n,
               o.handoff ? (ns == 2 ? " (a flag hand-off, fences saved)"
                                    : " (a flag hand-off)")
               : ns == 2 ? " (a location left out, fences saved)"
               : ns ? " (a location left out)" : "");
      fflush(stdout);
      /* 4, 5: passed with a silent location left out of the graph (5: it
         saved fences) */
      _exit(r == 1 ? (ns ? 3 + ns : 0) : r == 2 ? 3 : 1);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) {
      fprintf(stderr, "placement_from_random: fork failed\n");
      return 2;
    }
    if (WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) >= 4)) {
      pass++;
      with_silent += WEXITSTATUS(st) >= 4;
      saved += WEXITSTATUS(st) == 5;
    }
    else if ((WIFEXITED(st) && WEXITSTATUS(st) == 3) ||
             (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM))
      skipped++;
    else {
      if (WIFSIGNALED(st))
        printf("FAIL: %s %s from %s: killed by signal %d\n", name,
               wmm_model_name(m), wmm_model_name(from), WTERMSIG(st));
      fail++;
    }
    wmm_program_free(p);
  }
  if (silent || blind || handoff)
    printf("%ld passed with a %s, %ld of them with fewer "
           "fences for it\n", with_silent,
           silent ? "silent location" : blind ? "blindly updated location"
                  : "flag hand-off", saved);
  printf("%ld passed, %ld failed, %ld skipped (over budget or time)\n",
         pass, fail, skipped);
  return fail ? 1 : 0;
}
