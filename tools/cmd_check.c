/* cmd_check.c — `wmmfence-litmus check`: is each litmus test's condition
 * reachable under a memory model?  Prints `NAME Allowed` or `NAME Forbidden`
 * per test; --witness adds one allowed execution.  --verdicts checks every
 * line of a verdicts.tsv (path, model, verdict) in one process and prints
 * the mismatches and `N agree, N differ`.
 *
 * Example:
 *   wmmfence-litmus check --model power tests/corpus/ppc/MP+lwsync+addr.litmus
 *   wmmfence-litmus check --verdicts tests/corpus/verdicts.tsv
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "commands.h"
#include "litmus_driver.h"

static void usage(FILE *f)
{
  fprintf(f,
    "usage: wmmfence-litmus check [--model M] [--witness] [--unwind N] FILE...\n"
    "       wmmfence-litmus check --verdicts FILE.tsv [--root DIR] [--match S]\n"
    "                             [--time]\n\n"
    "Prints `NAME Allowed` when some execution valid under the model satisfies\n"
    "the test's exists condition (or violates its forall condition), else\n"
    "`NAME Forbidden`.\n\n"
    "  --model M      sc, tso (x86), pso, rmo, power, armv7, armv8; default: the\n"
    "                 test's hardware model (X86 tso, PPC power, ARM armv7,\n"
    "                 AArch64 armv8); C tests need it.  X86 tests take sc, tso,\n"
    "                 pso and rmo; every test takes sc.\n"
    "  --witness      also print one allowed execution (rf, co, values)\n"
    "  --unwind N     times a path may take each backward branch (default 2)\n"
    "  --verdicts F   check every line `path<TAB>model<TAB>verdict` of F (paths\n"
    "                 relative to F's folder, or to --root DIR); print each\n"
    "                 mismatch and `N agree, N differ`; exit 1 on a mismatch\n"
    "  --match S      with --verdicts: only lines whose path contains S\n"
    "  --time         with --verdicts: print the checking time per folder\n");
}

typedef struct check_cli {
  int unwind, witness;
} check_cli;

/* drv_decide_fn: check p under m with the explicit checker. */
static int check_one(void *ctx, const wmm_program *p, const char *path,
                     wmm_model m, wmm_strbuf *out, int *bad)
{
  const check_cli *cl = ctx;
  wmm_check_opts o = wmm_check_opts_default(m);
  o.witness = cl->witness;
  o.unwind = cl->unwind;
  wmm_check_result r;
  wmm_error e;
  memset(&e, 0, sizeof e);
  (void)bad;
  if (wmm_check(p, &o, &r, &e) < 0) {
    drv_print_error(path, &e);
    return -1;
  }
  int allowed = r.allowed;
  if (cl->witness && r.has_witness)
    wmm_witness_format(p, &r.witness, out);
  wmm_check_result_free(&r);
  return allowed;
}

int cmd_check(int argc, char **argv)
{
  const char *model = NULL, *verdicts = NULL, *root = NULL, *match = NULL;
  int witness = 0, unwind = 2, timing = 0, nfiles = 0;
  char **files = calloc((size_t)argc + 1, sizeof *files);
  if (!files)
    return 2;
  int status = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **dst = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      goto out;
    } else if (!strcmp(a, "--witness")) {
      witness = 1;
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
    } else if (!strcmp(a, "--unwind")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "wmmfence-litmus check: --unwind needs a number\n");
        status = 2;
        goto out;
      }
      char *end;
      long v = strtol(argv[++i], &end, 10);
      if (*end || v < 0 || v > 1000) {
        fprintf(stderr, "wmmfence-litmus check: --unwind: bad number '%s'\n",
                argv[i]);
        status = 2;
        goto out;
      }
      unwind = (int)v;
      continue;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "wmmfence-litmus check: unknown option '%s' (try --help)\n", a);
      status = 2;
      goto out;
    } else {
      files[nfiles++] = argv[i];
      continue;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "wmmfence-litmus check: %s needs an argument\n", a);
      status = 2;
      goto out;
    }
    *dst = argv[++i];
  }
  if (verdicts) {
    if (nfiles || model || witness) {
      fprintf(stderr, "wmmfence-litmus check: --verdicts takes no FILE, "
                      "--model or --witness\n");
      status = 2;
      goto out;
    }
    check_cli cl = {unwind, 0};
    drv_verdict_opts vo = {verdicts, root, match, 1, timing};
    drv_tally t;
    status = drv_verdicts("check", &vo, check_one, &cl, &t) < 0
                 ? 2 : drv_print_tally(&t);
    goto out;
  }
  if (!nfiles) {
    usage(stderr);
    status = 2;
    goto out;
  }
  check_cli cl = {unwind, witness};
  status = drv_files("check", nfiles, files, model, check_one, &cl);
out:
  free(files);
  return status;
}
