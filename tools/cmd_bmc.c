/* cmd_bmc.c — `wmmfence-litmus bmc`: the bounded model checker on litmus
 * tests.  Prints `NAME Allowed` or `NAME Forbidden` per test, like `check`;
 * --witness prints the execution found, --check-witness validates it with
 * the explicit checker (wmm_check_witness), --stats prints the formula's
 * statistics.  --verdicts checks every line of a verdicts.tsv in one
 * process and prints the mismatches and `N agree, N differ`.
 *
 * Example:
 *   wmmfence-litmus bmc --model power --witness tests/corpus/ppc/MP.litmus
 *   wmmfence-litmus bmc --verdicts tests/corpus/verdicts.tsv --time
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmc.h"
#include "models/check.h"
#include "commands.h"
#include "litmus_driver.h"

static void usage(FILE *f)
{
  fprintf(f,
    "usage: wmmfence-litmus bmc [--model M] [--unwind N] [--witness]\n"
    "                           [--check-witness] [--stats] [--timeout S] FILE...\n"
    "       wmmfence-litmus bmc --verdicts FILE.tsv [--root DIR] [--match S]\n"
    "                           [--sample N] [--time] [--check-witness]\n\n"
    "Bounded model checking with Z3: prints `NAME Allowed` when some execution\n"
    "valid under the model satisfies the test's exists condition (or violates\n"
    "its forall condition), else `NAME Forbidden` (the same verdicts as check).\n\n"
    "  --model M        sc, tso (x86), pso, rmo, power, armv7, armv8; default:\n"
    "                   the test's hardware model; C tests need it\n"
    "  --unwind N       times a path may take each backward branch (default 2)\n"
    "  --witness        print the execution found (events with thread, value,\n"
    "                   rf source; coherence order; final state)\n"
    "  --check-witness  validate each Allowed verdict's execution with the\n"
    "                   explicit checker; exit 1 if one is not valid\n"
    "  --stats          print formula statistics (events, clocks, constraints\n"
    "                   per relation, the most costly relation)\n"
    "  --timeout S      give up a test after S seconds of solving (error)\n"
    "  --verdicts F     check every line `path<TAB>model<TAB>verdict` of F\n"
    "  --root DIR       with --verdicts: paths are relative to DIR\n"
    "  --match S        with --verdicts: only lines whose path contains S\n"
    "  --sample N       with --verdicts: only every N-th line (a subset)\n"
    "  --time           with --verdicts: print the time per folder\n");
}

typedef struct bmc_cli {
  int unwind, witness, check_witness, stats;
  double timeout;
  long wit_ok, wit_bad;
} bmc_cli;

/* drv_decide_fn: p under m with the BMC; out receives the witness and
 * statistics text asked for, *bad = 1 when the witness is not valid. */
static int bmc_one(void *ctx, const wmm_program *p, const char *path,
                   wmm_model m, wmm_strbuf *out, int *bad)
{
  bmc_cli *cl = ctx;
  wmm_bmc_opts o = wmm_bmc_opts_default(m);
  o.unwind = cl->unwind;
  o.witness = cl->witness || cl->check_witness;
  o.timeout = cl->timeout;
  wmm_bmc_result r;
  wmm_error e;
  memset(&e, 0, sizeof e);
  if (wmm_bmc(p, &o, &r, &e) < 0) {
    drv_print_error(path, &e);
    return -1;
  }
  int allowed = r.allowed;
  if (cl->witness && r.has_witness)
    wmm_witness_format(p, &r.witness, out);
  if (cl->check_witness && allowed) {
    int ok = 0;
    wmm_strbuf why = WMM_STRBUF_INIT;
    memset(&e, 0, sizeof e);
    if (!r.has_witness) {
      wmm_strbuf_puts(&why, "no witness");
    } else if (wmm_check_witness(p, m, &r.witness, &ok, &why, &e) < 0) {
      wmm_strbuf_printf(&why, "cannot check: %s", e.msg);
      ok = 0;
    }
    if (ok) {
      cl->wit_ok++;
      wmm_strbuf_puts(out, "witness: valid\n");
    } else {
      cl->wit_bad++;
      *bad = 1;
      wmm_strbuf_printf(out, "witness: INVALID (%s)\n", wmm_strbuf_str(&why));
    }
    wmm_strbuf_free(&why);
  }
  if (cl->stats) {
    wmm_strbuf s = WMM_STRBUF_INIT;
    wmm_bmc_stats_format(&r.stats, &s);
    const char *t = wmm_strbuf_str(&s);
    while (*t) {
      const char *nl = strchr(t, '\n');
      size_t n = nl ? (size_t)(nl - t) : strlen(t);
      wmm_strbuf_puts(out, "  ");
      wmm_strbuf_append(out, t, n);
      wmm_strbuf_puts(out, "\n");
      t += n + (nl ? 1 : 0);
    }
    wmm_strbuf_free(&s);
  }
  wmm_bmc_result_free(&r, p);
  return allowed;
}

static int parse_num(const char *opt, const char *s, double lo, double hi,
                     double *out)
{
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (!*s || *end || errno || v < lo || v > hi) {
    fprintf(stderr, "wmmfence-litmus bmc: %s: bad number '%s'\n", opt, s);
    return -1;
  }
  *out = v;
  return 0;
}

int cmd_bmc(int argc, char **argv)
{
  const char *model = NULL, *verdicts = NULL, *root = NULL, *match = NULL;
  bmc_cli cl;
  memset(&cl, 0, sizeof cl);
  cl.unwind = 2;
  int timing = 0, nfiles = 0;
  long sample = 1;
  char **files = calloc((size_t)argc + 1, sizeof *files);
  if (!files)
    return 2;
  int status = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **dst = NULL;
    double num;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      goto out;
    } else if (!strcmp(a, "--witness")) {
      cl.witness = 1;
      continue;
    } else if (!strcmp(a, "--check-witness")) {
      cl.check_witness = 1;
      continue;
    } else if (!strcmp(a, "--stats")) {
      cl.stats = 1;
      continue;
    } else if (!strcmp(a, "--time")) {
      timing = 1;
      continue;
    } else if (!strcmp(a, "--model")) {
      dst = &model;
    } else if (!strcmp(a, "--verdicts")) {
      dst = &verdicts;
    } else if (!strcmp(a, "--root")) {
      dst = &root;
    } else if (!strcmp(a, "--match")) {
      dst = &match;
    } else if (!strcmp(a, "--unwind") || !strcmp(a, "--timeout") ||
               !strcmp(a, "--sample")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "wmmfence-litmus bmc: %s needs a number\n", a);
        status = 2;
        goto out;
      }
      int is_unwind = !strcmp(a, "--unwind"), is_to = !strcmp(a, "--timeout");
      if (parse_num(a, argv[++i], is_to ? 0 : is_unwind ? 0 : 1,
                    is_to ? 1e6 : is_unwind ? 1000 : 1e9, &num) < 0) {
        status = 2;
        goto out;
      }
      if (is_unwind) {
        if (num != (int)num) {
          fprintf(stderr, "wmmfence-litmus bmc: --unwind: bad number '%s'\n",
                  argv[i]);
          status = 2;
          goto out;
        }
        cl.unwind = (int)num;
      } else if (is_to) {
        cl.timeout = num;
      } else {
        sample = (long)num;
      }
      continue;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "wmmfence-litmus bmc: unknown option '%s' (try --help)\n",
              a);
      status = 2;
      goto out;
    } else {
      files[nfiles++] = argv[i];
      continue;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "wmmfence-litmus bmc: %s needs an argument\n", a);
      status = 2;
      goto out;
    }
    *dst = argv[++i];
  }
  if (verdicts) {
    if (nfiles || model || cl.witness || cl.stats) {
      fprintf(stderr, "wmmfence-litmus bmc: --verdicts takes no FILE, "
                      "--model, --witness or --stats\n");
      status = 2;
      goto out;
    }
    drv_verdict_opts vo = {verdicts, root, match, sample, timing};
    drv_tally t;
    if (drv_verdicts("bmc", &vo, bmc_one, &cl, &t) < 0) {
      status = 2;
      goto out;
    }
    if (cl.check_witness)
      printf("witnesses: %ld valid, %ld invalid\n", cl.wit_ok, cl.wit_bad);
    status = drv_print_tally(&t);
    goto out;
  }
  if (!nfiles) {
    usage(stderr);
    status = 2;
    goto out;
  }
  status = drv_files("bmc", nfiles, files, model, bmc_one, &cl);
out:
  free(files);
  return status;
}
