/* placement_twin.c — wmm_place_twin (placement.h) gives what two
 * wmm_place calls give: on random x86 programs (2 to 4 threads, fences,
 * RMWs, loops, some threads in two instances) placed under sc, tso and
 * pso, with their compiler view (every fence full) under rmo, as the GCC
 * plugin asks; with the default cycle bound and with a bound of 2 (the
 * per-pair fallback and its witness searches, which append to the shared
 * cycles).  The programs' fences are compiler barriers, C11 fences and
 * mfences, so that the compiler view differs from the program.  Fences,
 * delays, cycles, cost, status and note must be equal.
 * Prints `PASS: NAME MODEL BOUND` or `FAIL: ...`, then a summary.
 *
 * Example:
 *   placement_twin --seed 1 --count 300
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_programs.h"
#include "placement/placement.h"

static int failures, passes;

/* Are two placements the same, field by field?  Names the first
 * difference in why. */
static int same_placement(const wmm_placement *a, const wmm_placement *b,
                          const char **why)
{
  *why = "counts";
  if (a->nfences != b->nfences || a->ndelays != b->ndelays ||
      a->ncycles != b->ncycles || a->total_cost != b->total_cost ||
      a->status != b->status || a->nfallback != b->nfallback ||
      a->nclass_cycles != b->nclass_cycles)
    return 0;
  *why = "note";
  if (strcmp(a->note, b->note))
    return 0;
  *why = "fences";
  for (int i = 0; i < a->nfences; i++) {
    const wmm_placed_fence *x = &a->fences[i], *y = &b->fences[i];
    if (x->thread != y->thread || x->index != y->index || x->kind != y->kind ||
        x->ndelays != y->ndelays ||
        memcmp(x->delays, y->delays, (size_t)x->ndelays * sizeof *x->delays))
      return 0;
  }
  *why = "delays";
  for (int i = 0; i < a->ndelays; i++) {
    const wmm_delay *x = &a->delays[i], *y = &b->delays[i];
    if (x->thread != y->thread || x->from != y->from || x->to_thread != y->to_thread ||
        x->to != y->to || x->cycle != y->cycle || x->need != y->need)
      return 0;
  }
  *why = "cycles";
  for (int i = 0; i < a->ncycles; i++) {
    if (a->cycles[i].nev != b->cycles[i].nev)
      return 0;
    for (int e = 0; e < a->cycles[i].nev; e++)
      if (a->cycles[i].ev[e].thread != b->cycles[i].ev[e].thread ||
          a->cycles[i].ev[e].index != b->cycles[i].ev[e].index)
        return 0;
  }
  return 1;
}

/* p with every fence full: what the plugin places under rmo. */
static wmm_program *full_fences(const wmm_program *p)
{
  wmm_program *q = wmm_program_clone(p);
  for (int t = 0; q && t < q->nthreads; t++)
    for (int i = 0; i < q->threads[t].ncode; i++)
      if (q->threads[t].code[i].op == WMM_OP_FENCE)
        q->threads[t].code[i].fence = WMM_FENCE_MFENCE;
  return q;
}

static void compare(const wmm_program *p, const char *name, wmm_model m, long bound)
{
  wmm_program *q = full_fences(p);
  if (!q) {
    failures++;
    printf("FAIL: %s: out of memory\n", name);
    return;
  }
  wmm_place_opts o = wmm_place_opts_default(m);
  o.max_cycles = bound;
  wmm_place_opts oq = wmm_place_opts_default(WMM_MODEL_RMO);
  oq.force_greedy = 1;
  oq.max_cycles = bound;
  wmm_placement a, aq, b, bq;
  wmm_error e1, e2, e3, e4;
  int rq = 0;
  int ra = wmm_place_twin(p, &o, &a, &e1, q, &oq, &aq, &e2, &rq);
  int rb = wmm_place(p, &o, &b, &e3);
  int rbq = wmm_place(q, &oq, &bq, &e4);
  const char *why = "status";
  int same = ra == rb && rq == rbq && (ra < 0 || same_placement(&a, &b, &why)) &&
             (rq < 0 || same_placement(&aq, &bq, &why));
  if (same) {
    passes++;
    printf("PASS: %s %s bound %ld: %d + %d fences\n", name, wmm_model_name(m), bound,
           ra == 0 ? a.nfences : -1, rq == 0 ? aq.nfences : -1);
  } else {
    failures++;
    printf("FAIL: %s %s bound %ld: twin and single placements differ (%s)\n", name,
           wmm_model_name(m), bound, why);
  }
  if (ra == 0)
    wmm_placement_free(&a);
  if (rq == 0)
    wmm_placement_free(&aq);
  if (rb == 0)
    wmm_placement_free(&b);
  if (rbq == 0)
    wmm_placement_free(&bq);
  wmm_program_free(q);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  int count = 100;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: placement_twin [--seed N] [--count N]\n");
      return 2;
    }
  }
  static const wmm_model models[] = {WMM_MODEL_SC, WMM_MODEL_TSO, WMM_MODEL_PSO};
  uint64_t rng = seed ? seed : 1;
  for (int k = 0; k < count; k++) {
    wmm_gen_opts go = wmm_gen_opts_default(WMM_ARCH_X86);
    char name[64];
    snprintf(name, sizeof name, "gen%llu.%d", (unsigned long long)seed, k);
    wmm_program *p = wmm_gen_program(&go, &rng, name);
    if (!p)
      continue;
    for (int t = 0; t < p->nthreads; t++)
      if (wmm_gen_rand(&rng, 3) == 0)
        p->threads[t].instances = 2;
    /* fences that the compiler view makes full: compiler barriers and C11
       fences, as in code the plugin collects */
    static const wmm_fence weak[] = {WMM_FENCE_COMPILER, WMM_FENCE_C_RELEASE,
                                     WMM_FENCE_C_ACQUIRE, WMM_FENCE_MFENCE};
    for (int t = 0; t < p->nthreads; t++)
      for (int i = 0; i < p->threads[t].ncode; i++)
        if (p->threads[t].code[i].op == WMM_OP_FENCE)
          p->threads[t].code[i].fence = weak[wmm_gen_rand(&rng, 4)];
    wmm_model m = models[wmm_gen_rand(&rng, 3)];
    compare(p, name, m, 0);
    compare(p, name, m, 2);
    wmm_program_free(p);
  }
  printf("%d passed, %d failed\n", passes, failures);
  return failures != 0;
}
