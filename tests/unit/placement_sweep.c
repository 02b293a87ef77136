/* placement_sweep.c — soundness of fence placement over a verdicts file:
 * for each line `path<TAB>model<TAB>verdict`, place fences, print the fenced
 * test in its litmus syntax, parse that text back and check it with the
 * explicit checker.  A test that herd7 calls Allowed must come out
 * Forbidden; a test herd7 calls Forbidden must get no fence.
 *
 * usage: placement_sweep [--every N] [--offset K] [--match S] [--greedy]
 *                        [--ilp-fault] [--all-cycles] [--max-cycles N]
 *                        [--quiet] VERDICTS.tsv ROOT
 * (--quiet: only the FAIL lines and the summary)
 * Prints `PASS: path model` / `FAIL: path model: why` per line and a
 * summary `allowed A fixed F, forbidden B untouched U, errors E`.
 *
 * Example: placement_sweep --every 20 tests/corpus/verdicts.tsv tests/corpus
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

static int forbidden(const wmm_program *p, wmm_model m, wmm_error *e)
{
  wmm_check_opts o = wmm_check_opts_default(m);
  wmm_check_result r;
  memset(&r, 0, sizeof r);
  if (wmm_check(p, &o, &r, e) < 0)
    return -1;
  int f = !r.allowed;
  wmm_check_result_free(&r);
  return f;
}

int main(int argc, char **argv)
{
  int every = 1, offset = 0, greedy = 0, fault = 0, all_cycles = 0;
  long max_cycles = 0;
  int quiet = 0;
  const char *match = NULL, *tsv = NULL, *root = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--every") && i + 1 < argc)
      every = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--offset") && i + 1 < argc)
      offset = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--match") && i + 1 < argc)
      match = argv[++i];
    else if (!strcmp(argv[i], "--greedy"))
      greedy = 1;
    else if (!strcmp(argv[i], "--ilp-fault"))
      fault = 1;
    else if (!strcmp(argv[i], "--all-cycles"))
      all_cycles = 1;
    else if (!strcmp(argv[i], "--quiet"))
      quiet = 1;
    else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc)
      max_cycles = atol(argv[++i]);
    else if (!tsv)
      tsv = argv[i];
    else
      root = argv[i];
  }
  if (!tsv || !root || every < 1) {
    fprintf(stderr, "usage: placement_sweep [--every N] [--offset K] [--match S] "
                    "[--greedy] [--ilp-fault] [--all-cycles] VERDICTS.tsv ROOT\n");
    return 2;
  }
  FILE *f = fopen(tsv, "r");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", tsv);
    return 2;
  }
  char line[4096];
  long n = 0, allowed = 0, fixed = 0, forb = 0, untouched = 0, errors = 0;
  long fences = 0, status_ok = 1, forb_fenced = 0, sc_allowed = 0;
  double cost = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    char path[2048], model[64], verdict[64];
    if (sscanf(line, "%2047s %63s %63s", path, model, verdict) != 3)
      continue;
    if (match && !strstr(path, match))
      continue;
    if (n++ % every != offset % every)
      continue;
    char full[4200];
    snprintf(full, sizeof full, "%s/%s", root, path);
    int m = wmm_model_parse(model);
    wmm_program *p = NULL, *q = NULL, *r = NULL;
    wmm_error e;
    memset(&e, 0, sizeof e);
    wmm_strbuf text = WMM_STRBUF_INIT;
    const char *why = NULL;
    wmm_placement pl;
    memset(&pl, 0, sizeof pl);
    int is_allowed = !strcmp(verdict, "Allowed");
    if (m < 0) {
      why = "unknown model";
    } else if (wmm_litmus_parse_file(full, &p, &e) < 0) {
      why = "parse error";
    } else {
      wmm_place_opts o = wmm_place_opts_default((wmm_model)m);
      o.force_greedy = greedy;
      o.ilp_fault = fault;
      o.use_condition = !all_cycles;
      o.max_cycles = max_cycles;
      if (wmm_place(p, &o, &pl, &e) < 0) {
        why = "placement failed";
      } else if (!(q = wmm_program_clone(p)) || wmm_placement_apply(q, &pl) < 0) {
        why = "cannot apply the fences";
      } else if (wmm_litmus_print(q, &text, &e) < 0 || text.failed) {
        why = "cannot print the fenced test";
      } else if (wmm_litmus_parse(wmm_strbuf_str(&text), text.len, full, &r, &e) < 0) {
        why = "the fenced test does not parse";
      } else {
        int fb = forbidden(r, (wmm_model)m, &e);
        if (fb < 0)
          why = "check failed";
        else if (!fb && forbidden(p, WMM_MODEL_SC, &e) == 0) {
          sc_allowed++;           /* exists (true) and the like */
          is_allowed = 2;
        } else if (!fb)
          why = "still Allowed after fencing";
        else if (!is_allowed && pl.nfences > 0 && !all_cycles)
          why = "fences added to a test that was already Forbidden";
        if ((greedy || fault) && pl.status != WMM_PLACE_GREEDY && pl.nfences)
          status_ok = 0;
      }
    }
    if (!is_allowed && pl.nfences > 0)
      forb_fenced++;
    if (is_allowed) {
      allowed++;
      fixed += why == NULL && is_allowed == 1;
    } else {
      forb++;
      untouched += why == NULL;
    }
    if (why && (!strcmp(why, "parse error") || !strcmp(why, "placement failed") ||
                !strcmp(why, "check failed")))
      errors++;
    fences += pl.nfences;
    cost += pl.total_cost;
    if (why)
      printf("FAIL: %s %s: %s%s%s\n", path, model, why, e.msg[0] ? ": " : "", e.msg);
    else if (!quiet)
      printf("PASS: %s %s %s (%d fences, cost %g%s%s)\n", path, model, verdict,
             pl.nfences, pl.total_cost, pl.note[0] ? "; " : "", pl.note);
    wmm_placement_free(&pl);
    wmm_strbuf_free(&text);
    wmm_program_free(p);
    wmm_program_free(q);
    wmm_program_free(r);
  }
  fclose(f);
  if (greedy || fault)
    printf("%s: status greedy whenever fences were placed\n",
           status_ok ? "PASS" : "FAIL");
  printf("allowed %ld fixed %ld (of which %ld allowed even under sc: no fence "
         "can forbid them), forbidden %ld untouched %ld (given fences: %ld), "
         "errors %ld; %ld fences, total cost %g\n", allowed, fixed + sc_allowed,
         sc_allowed, forb, untouched, forb_fenced, errors, fences, cost);
  return 0;
}
