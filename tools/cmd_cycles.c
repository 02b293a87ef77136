/* cmd_cycles.c — `wmmfence-litmus cycles`: the critical cycles of a litmus
 * test under a model, each with its shape and the minimal fence
 * assignments that forbid it (computed with the model), and the delays
 * (po pairs to order) they give.
 *
 * Example: wmmfence-litmus cycles --model power tests/corpus/plain/PPC/IRIW.litmus
 *          wmmfence-litmus cycles --from tso tests/corpus/plain/PPC/SB.litmus
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fence_report.h"
#include "litmus_driver.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

static void usage(FILE *f)
{
  fprintf(f,
    "usage: wmmfence-litmus cycles [--model M] [--from R] [--max-cycles N]\n"
    "                              [--programs] FILE...\n\n"
    "Prints the critical cycles of each test under model M (default: the\n"
    "test's hardware model; C tests need --model): their accesses, shape and\n"
    "the minimal fence assignments that forbid them, then the delays.\n"
    "Every cycle is listed, even when the test's condition is unreachable.\n"
    "  --from R    reference model (sc default, tso, pso, rmo): cycles that\n"
    "              R allows too are kept and counted, not listed\n"
    "  --programs  also print the program the model checked for each cycle\n"
    "Exit status: 0 success, 2 bad usage or bad input.\n");
}

int cmd_cycles(int argc, char **argv)
{
  const char *model_opt = NULL, *from_opt = NULL;
  long max_cycles = 0;
  int nfiles = 0, status = 0, programs = 0;
  char **files = calloc((size_t)argc, sizeof *files);
  if (!files)
    return 2;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      free(files);
      return 0;
    } else if (!strcmp(argv[i], "--model") && i + 1 < argc) {
      model_opt = argv[++i];
    } else if (!strncmp(argv[i], "--model=", 8)) {
      model_opt = argv[i] + 8;
    } else if (!strcmp(argv[i], "--from") && i + 1 < argc) {
      from_opt = argv[++i];
    } else if (!strncmp(argv[i], "--from=", 7)) {
      from_opt = argv[i] + 7;
    } else if (!strcmp(argv[i], "--programs")) {
      programs = 1;
    } else if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
      char *end;
      max_cycles = strtol(argv[++i], &end, 10);
      if (*end || max_cycles <= 0) {
        fprintf(stderr, "wmmfence-litmus cycles: --max-cycles: bad number '%s'\n",
                argv[i]);
        free(files);
        return 2;
      }
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "wmmfence-litmus cycles: unknown option '%s' (try --help)\n",
              argv[i]);
      free(files);
      return 2;
    } else {
      files[nfiles++] = argv[i];
    }
  }
  if (!nfiles) {
    usage(stderr);
    free(files);
    return 2;
  }
  wmm_model from;
  if (drv_parse_from("cycles", from_opt, &from) < 0) {
    free(files);
    return 2;
  }
  int forced = -1;
  if (model_opt && (forced = wmm_model_parse(model_opt)) < 0) {
    fprintf(stderr, "wmmfence-litmus cycles: --model: unknown model '%s'\n",
            model_opt);
    free(files);
    return 2;
  }
  for (int i = 0; i < nfiles; i++) {
    wmm_program *p = NULL;
    wmm_error e;
    memset(&e, 0, sizeof e);
    if (wmm_litmus_parse_file(files[i], &p, &e) < 0) {
      fprintf(stderr, "%s:%d: %s\n", e.file[0] ? e.file : files[i], e.line, e.msg);
      status = 2;
      continue;
    }
    if (forced < 0 && (p->arch == WMM_ARCH_C || p->arch == WMM_ARCH_GIMPLE)) {
      fprintf(stderr, "%s: a %s test needs --model\n", files[i],
              wmm_arch_name(p->arch));
      wmm_program_free(p);
      status = 2;
      continue;
    }
    wmm_place_opts o = wmm_place_opts_default(
        forced >= 0 ? (wmm_model)forced : wmm_arch_default_model(p->arch));
    o.max_cycles = max_cycles;
    o.keep_programs = programs;
    o.from = from;
    wmm_placement pl;
    if (wmm_place(p, &o, &pl, &e) < 0) {
      fprintf(stderr, "%s:%d: %s\n", e.file[0] ? e.file : files[i], e.line, e.msg);
      wmm_program_free(p);
      status = 2;
      continue;
    }
    wmm_strbuf b = WMM_STRBUF_INIT;
    wmm_cycles_report_text(p, &o, &pl, &b);
    fwrite(wmm_strbuf_str(&b), 1, b.len, stdout);
    wmm_strbuf_free(&b);
    wmm_placement_free(&pl);
    wmm_program_free(p);
  }
  free(files);
  return status;
}
