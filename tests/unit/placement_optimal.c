/* placement_optimal.c — optimality of fence placement, by brute force with
 * the explicit checker: for each test and model, enumerate every assignment
 * of one fence kind (or none) to each gap between two consecutive memory
 * accesses of a thread, cheapest first under the cost table, and take the
 * first that makes the test Forbidden.  Placement must cost exactly that.
 * (Two kinds in one gap never pay: under every model of the table the
 * strongest kind costs no more than any two kinds and covers both.)
 *
 * With --from R (a reference model), a test whose condition R already
 * forbids must get the brute-force optimum and be Forbidden on M once
 * fenced, and a test R allows must get no fence at all (R has the behaviour,
 * so nothing is to be restored); each line names R's verdict.
 *
 * usage: placement_optimal [--from R] --model M [--model M]... FILE...
 * Prints `PASS: FILE M cost C` or `FAIL: FILE M: placement C, brute force B`,
 * then `total M cost T` per model.
 *
 * Example: placement_optimal --from tso --model power tests/corpus/plain/PPC/SB.litmus
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

#define MAX_GAPS 12

typedef struct gap {
  int thread, index;   /* insert before instruction index */
} gap;

static int is_forbidden(const wmm_program *p, wmm_model m, int *out)
{
  wmm_check_opts o = wmm_check_opts_default(m);
  wmm_check_result r;
  wmm_error e;
  memset(&r, 0, sizeof r);
  if (wmm_check(p, &o, &r, &e) < 0) {
    fprintf(stderr, "check failed: %s\n", e.msg);
    return -1;
  }
  *out = !r.allowed;
  wmm_check_result_free(&r);
  return 0;
}

typedef struct cand {
  double cost;
  long code;
} cand;

static int cmp_cand(const void *a, const void *b)
{
  const cand *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return (x->code > y->code) - (x->code < y->code);
}

/* Cheapest cost of a fence assignment forbidding p, or -1 if none does. */
static double brute_force(const wmm_program *p, wmm_model m, long *tried)
{
  gap gaps[MAX_GAPS];
  int ngaps = 0;
  for (int t = 0; t < p->nthreads; t++) {
    int last = -1;
    for (int i = 0; i < p->threads[t].ncode; i++) {
      if (!wmm_instr_is_access(&p->threads[t].code[i]))
        continue;
      if (last >= 0 && ngaps < MAX_GAPS)
        gaps[ngaps++] = (gap){t, i};
      last = i;
    }
  }
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nk = wmm_place_kinds(m, p->arch, kinds);
  long total = 1;
  for (int g = 0; g < ngaps; g++)
    total *= nk + 1;
  cand *c = calloc((size_t)total, sizeof *c);
  if (!c)
    return -1;
  for (long code = 0; code < total; code++) {
    long rest = code;
    c[code].code = code;
    for (int g = 0; g < ngaps; g++) {
      int d = (int)(rest % (nk + 1));
      rest /= nk + 1;
      if (d)
        c[code].cost += wmm_fence_cost(m, kinds[d - 1]);
    }
  }
  qsort(c, (size_t)total, sizeof *c, cmp_cand);
  double best = -1;
  *tried = 0;
  for (long k = 0; k < total && best < 0; k++) {
    wmm_program *q = wmm_program_clone(p);
    long rest = c[k].code;
    int d[MAX_GAPS];
    for (int g = 0; g < ngaps; g++) {
      d[g] = (int)(rest % (nk + 1));
      rest /= nk + 1;
    }
    /* insert from the last gap back so earlier indices stay valid */
    for (int g = ngaps - 1; g >= 0; g--)
      if (d[g])
        wmm_thread_insert_fence(q, gaps[g].thread, gaps[g].index, kinds[d[g] - 1]);
    int fb = 0;
    (*tried)++;
    if (is_forbidden(q, m, &fb) == 0 && fb)
      best = c[k].cost;
    wmm_program_free(q);
  }
  free(c);
  return best;
}

/* Is the placement's fenced program Forbidden under m?  1 yes, 0 no. */
static int fenced_forbidden(const wmm_program *p, const wmm_placement *pl,
                            wmm_model m)
{
  wmm_program *q = wmm_program_clone(p);
  int fb = 0;
  if (q && wmm_placement_apply(q, pl) == 0 && is_forbidden(q, m, &fb) < 0)
    fb = 0;
  wmm_program_free(q);
  return fb;
}

int main(int argc, char **argv)
{
  int models[WMM_MODEL_COUNT], nmodels = 0, fails = 0, passes = 0;
  int from = WMM_MODEL_SC;
  double total[WMM_MODEL_COUNT] = {0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--from") && i + 1 < argc) {
      from = wmm_model_parse(argv[++i]);
      if (from < 0) {
        fprintf(stderr, "bad --from %s\n", argv[i]);
        return 2;
      }
      continue;
    }
    if (!strcmp(argv[i], "--model") && i + 1 < argc) {
      int m = wmm_model_parse(argv[++i]);
      if (m < 0 || nmodels == WMM_MODEL_COUNT) {
        fprintf(stderr, "bad --model %s\n", argv[i]);
        return 2;
      }
      models[nmodels++] = m;
      continue;
    }
    wmm_program *p = NULL;
    wmm_error e;
    if (wmm_litmus_parse_file(argv[i], &p, &e) < 0) {
      printf("FAIL: %s: %s:%d: %s\n", argv[i], e.file, e.line, e.msg);
      fails++;
      continue;
    }
    for (int k = 0; k < nmodels; k++) {
      wmm_model m = (wmm_model)models[k];
      wmm_place_opts o = wmm_place_opts_default(m);
      o.use_condition = 1;
      o.from = (wmm_model)from;
      wmm_placement pl;
      if (wmm_place(p, &o, &pl, &e) < 0) {
        printf("FAIL: %s %s: placement: %s\n", argv[i], wmm_model_name(m), e.msg);
        fails++;
        continue;
      }
      if (from != WMM_MODEL_SC) {
        int ref_fb = 0;
        if (is_forbidden(p, (wmm_model)from, &ref_fb) < 0) {
          printf("FAIL: %s %s: checker failed under %s\n", argv[i],
                 wmm_model_name(m), wmm_model_name((wmm_model)from));
          fails++;
          wmm_placement_free(&pl);
          continue;
        }
        if (!ref_fb) {
          /* the reference has the behaviour: nothing to restore */
          if (pl.nfences == 0) {
            printf("PASS: %s %s from %s: reference Allowed, cost 0\n", argv[i],
                   wmm_model_name(m), wmm_model_name((wmm_model)from));
            passes++;
          } else {
            printf("FAIL: %s %s from %s: reference Allowed, yet %d fence(s)\n",
                   argv[i], wmm_model_name(m), wmm_model_name((wmm_model)from),
                   pl.nfences);
            fails++;
          }
          wmm_placement_free(&pl);
          continue;
        }
        if (!fenced_forbidden(p, &pl, m)) {
          printf("FAIL: %s %s from %s: reference Forbidden, fenced test still "
                 "Allowed under %s\n", argv[i], wmm_model_name(m),
                 wmm_model_name((wmm_model)from), wmm_model_name(m));
          fails++;
          wmm_placement_free(&pl);
          continue;
        }
      }
      long tried = 0;
      double bf = brute_force(p, m, &tried);
      total[m] += pl.total_cost;
      if (bf < 0) {
        printf("FAIL: %s %s: no assignment forbids it\n", argv[i], wmm_model_name(m));
        fails++;
      } else if (bf != pl.total_cost) {
        printf("FAIL: %s %s: placement %g, brute force %g\n", argv[i],
               wmm_model_name(m), pl.total_cost, bf);
        fails++;
      } else {
        if (from != WMM_MODEL_SC)
          printf("PASS: %s %s from %s: reference Forbidden, cost %g (%ld "
                 "assignments tried)\n", argv[i], wmm_model_name(m),
                 wmm_model_name((wmm_model)from), bf, tried);
        else
          printf("PASS: %s %s cost %g (%ld assignments tried)\n", argv[i],
                 wmm_model_name(m), bf, tried);
        passes++;
      }
      wmm_placement_free(&pl);
    }
    wmm_program_free(p);
  }
  for (int k = 0; k < nmodels; k++)
    printf("total %s cost %g\n", wmm_model_name((wmm_model)models[k]),
           total[models[k]]);
  printf("%d optimal, %d not\n", passes, fails);
  return fails ? 1 : 0;
}
