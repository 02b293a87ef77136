/* placement_prune.c — the reachability table of the cycle search
 * (cycles.h) loses no cycle: on random programs (gen_programs.h, 2 to 4
 * threads, some of them running in several instances) and on the litmus
 * files given, placement with and without the table (wmm_place_opts
 * .no_prune) finds the same number of critical cycles, the same fences
 * and the same cost under tso, power and armv8; so do the tables built per
 * fact (the default) and per class (.class_reach, reach.h), also past a
 * cycle bound of 2, where the per-pair fallback and its witness searches
 * use them; so do the SCCs found through cycles.c's per-location hubs
 * and marks and by every edge one by one (.direct_com), also on programs
 * whose threads have over 64 classes.
 * Prints `PASS: NAME MODEL: C cycles, cost X` or `FAIL: ...`, then a summary.
 *
 * Example:
 *   placement_prune --seed 1 --count 200 tests/corpus/plain/PPC/SB.litmus
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_programs.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

static int failures, passes;

/* Place p under m with options a and b and compare. */
static void compare_opts(const wmm_program *p, const char *name, wmm_model m,
                         const char *what, const wmm_place_opts *oa,
                         const wmm_place_opts *ob)
{
  wmm_placement a, b;
  wmm_error e1, e2;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  int ra = wmm_place(p, oa, &a, &e1);
  int rb = wmm_place(p, ob, &b, &e2);
  int same = ra == rb;
  if (same && ra == 0) {
    same = a.nclass_cycles == b.nclass_cycles && a.nfences == b.nfences &&
           a.total_cost == b.total_cost && a.nfallback == b.nfallback;
    for (int i = 0; same && i < a.nfences; i++)
      same = a.fences[i].thread == b.fences[i].thread &&
             a.fences[i].index == b.fences[i].index && a.fences[i].kind == b.fences[i].kind;
  }
  if (same) {
    passes++;
    printf("PASS: %s %s %s: %ld cycles, cost %g, %ld fallback pairs\n", name,
           wmm_model_name(m), what, ra == 0 ? a.nclass_cycles : -1L,
           ra == 0 ? a.total_cost : -1.0, ra == 0 ? (long)a.nfallback : -1L);
  } else {
    failures++;
    printf("FAIL: %s %s %s: %d/%ld cycles/cost %g/%ld fallback, against %d/%ld cycles/cost %g/%ld fallback\n",
           name, wmm_model_name(m), what, ra, a.nclass_cycles, a.total_cost,
           a.nfallback, rb, b.nclass_cycles, b.total_cost, b.nfallback);
  }
  if (ra == 0)
    wmm_placement_free(&a);
  if (rb == 0)
    wmm_placement_free(&b);
}

/* Place p under m with and without pruning, and with the tables built
 * per fact and per class (also past a tiny cycle bound: the per-pair
 * fallback and its witnesses use the tables too). */
static void compare(const wmm_program *p, const char *name, wmm_model m)
{
  wmm_place_opts o = wmm_place_opts_default(m);
  o.use_condition = 0;
  wmm_place_opts v = o;
  v.no_prune = 1;
  compare_opts(p, name, m, "unpruned", &o, &v);
  v = o;
  v.class_reach = 1;
  compare_opts(p, name, m, "per-class", &o, &v);
  o.max_cycles = v.max_cycles = 2;
  compare_opts(p, name, m, "per-class bound 2", &o, &v);
  /* the SCCs by the com edges one by one (cycles.c's hubs are exact) */
  v = o;
  v.class_reach = 0;
  v.direct_com = 1;
  compare_opts(p, name, m, "direct com bound 2", &o, &v);
  o.max_cycles = v.max_cycles = wmm_place_opts_default(m).max_cycles;
  compare_opts(p, name, m, "direct com", &o, &v);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  int count = 100, i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: placement_prune [--seed N] [--count N] [LITMUS...]\n");
      return 2;
    }
  }
  static const wmm_model models[] = {WMM_MODEL_TSO, WMM_MODEL_POWER, WMM_MODEL_ARMV8};
  static const wmm_arch archs[] = {WMM_ARCH_X86, WMM_ARCH_PPC, WMM_ARCH_AARCH64};
  uint64_t rng = seed ? seed : 1;
  for (int k = 0; k < count; k++) {
    int which = (int)wmm_gen_rand(&rng, 3);
    wmm_gen_opts go = wmm_gen_opts_default(archs[which]);
    go.loops = 0;
    char name[64];
    snprintf(name, sizeof name, "gen%llu.%d", (unsigned long long)seed, k);
    wmm_program *p = wmm_gen_program(&go, &rng, name);
    if (!p)
      continue;
    /* some threads run in two instances: virtual threads of one unit */
    for (int t = 0; t < p->nthreads; t++)
      if (wmm_gen_rand(&rng, 3) == 0)
        p->threads[t].instances = 2;
    compare(p, name, models[which]);
    wmm_program_free(p);
  }
  /* wide threads: about 100 classes each (64 locations, 140 items), so
     Tarjan's marks span two words of a po row */
  for (int k = 0; k < count / 20 + 1; k++) {
    int which = (int)wmm_gen_rand(&rng, 3);
    wmm_gen_opts go = wmm_gen_opts_default(archs[which]);
    go.loops = 0;
    go.threads = 2 + (int)wmm_gen_rand(&rng, 2);
    go.nlocs = 64;
    go.len = 140;
    go.branches = 0;   /* (cycle programs from straight code: quick) */
    char name[64];
    snprintf(name, sizeof name, "wide%llu.%d", (unsigned long long)seed, k);
    wmm_program *p = wmm_gen_program(&go, &rng, name);
    if (!p)
      continue;
    wmm_place_opts o = wmm_place_opts_default(models[which]);
    o.use_condition = 0;
    o.max_cycles = 2;
    o.no_slices = 1;
    wmm_place_opts v = o;
    v.direct_com = 1;
    compare_opts(p, name, models[which], "wide direct com bound 2", &o, &v);
    wmm_program_free(p);
  }
  for (; i < argc; i++) {
    wmm_error e;
    wmm_program *p = NULL;
    if (wmm_litmus_parse_file(argv[i], &p, &e) < 0) {
      failures++;
      printf("FAIL: %s: %s\n", argv[i], e.msg);
      continue;
    }
    wmm_model m = p->arch == WMM_ARCH_X86 ? WMM_MODEL_TSO
                  : p->arch == WMM_ARCH_PPC ? WMM_MODEL_POWER
                  : p->arch == WMM_ARCH_AARCH64 ? WMM_MODEL_ARMV8 : WMM_MODEL_ARMV7;
    compare(p, argv[i], m);
    wmm_program_free(p);
  }
  printf("%d passed, %d failed\n", passes, failures);
  return failures != 0;
}
