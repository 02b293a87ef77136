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
#include <time.h>

#include "bmc.h"
#include "check.h"
#include "commands.h"
#include "litmus.h"

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

static int model_fits(wmm_arch a, wmm_model m)
{
  if (m == WMM_MODEL_SC || a == WMM_ARCH_C || a == WMM_ARCH_GIMPLE)
    return 1;
  switch (a) {
  case WMM_ARCH_X86:
    return m == WMM_MODEL_TSO || m == WMM_MODEL_PSO || m == WMM_MODEL_RMO;
  case WMM_ARCH_PPC: return m == WMM_MODEL_POWER;
  case WMM_ARCH_ARM: return m == WMM_MODEL_ARMV7;
  case WMM_ARCH_AARCH64: return m == WMM_MODEL_ARMV8;
  default: return 0;
  }
}

static void print_error(const char *path, const wmm_error *e)
{
  fprintf(stderr, "%s:%d: %s\n", e->file[0] ? e->file : path, e->line, e->msg);
}

typedef struct bmc_cli {
  int unwind, witness, check_witness, stats;
  double timeout;
  long wit_ok, wit_bad;
} bmc_cli;

/* Check p under m: 0/1 (Forbidden/Allowed), or -1 (error printed).
 * out receives the witness/statistics text asked for. */
static int bmc_one(bmc_cli *cl, const wmm_program *p, const char *path,
                   wmm_model m, wmm_strbuf *out)
{
  wmm_bmc_opts o = wmm_bmc_opts_default(m);
  o.unwind = cl->unwind;
  o.witness = cl->witness || cl->check_witness;
  o.timeout = cl->timeout;
  wmm_bmc_result r;
  wmm_error e;
  memset(&e, 0, sizeof e);
  if (wmm_bmc(p, &o, &r, &e) < 0) {
    print_error(path, &e);
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

static int bmc_files(bmc_cli *cl, int nfiles, char **files,
                     const char *model_opt)
{
  int status = 0, forced = -1;
  if (model_opt && (forced = wmm_model_parse(model_opt)) < 0) {
    fprintf(stderr, "wmmfence-litmus bmc: --model: unknown model '%s' "
                    "(sc, tso, pso, rmo, power, armv7, armv8)\n", model_opt);
    return 2;
  }
  for (int i = 0; i < nfiles; i++) {
    wmm_program *p = NULL;
    wmm_error e;
    memset(&e, 0, sizeof e);
    if (wmm_litmus_parse_file(files[i], &p, &e) < 0) {
      print_error(files[i], &e);
      status = 2;
      continue;
    }
    wmm_model m;
    if (forced >= 0) {
      m = (wmm_model)forced;
      if (!model_fits(p->arch, m)) {
        fprintf(stderr, "%s: --model %s does not fit a %s test\n", files[i],
                wmm_model_name(m), wmm_arch_name(p->arch));
        wmm_program_free(p);
        status = 2;
        continue;
      }
    } else if (p->arch == WMM_ARCH_C || p->arch == WMM_ARCH_GIMPLE) {
      fprintf(stderr, "%s: a %s test needs --model\n", files[i],
              wmm_arch_name(p->arch));
      wmm_program_free(p);
      status = 2;
      continue;
    } else {
      m = wmm_arch_default_model(p->arch);
    }
    wmm_strbuf out = WMM_STRBUF_INIT;
    long bad = cl->wit_bad;
    int v = bmc_one(cl, p, files[i], m, &out);
    if (v < 0) {
      status = 2;
    } else {
      printf("%s %s\n", p->name, v ? "Allowed" : "Forbidden");
      fputs(wmm_strbuf_str(&out), stdout);
      if (cl->wit_bad > bad && status == 0)
        status = 1;
    }
    wmm_strbuf_free(&out);
    wmm_program_free(p);
  }
  return status;
}

/* ------------------------------------------------------------- verdicts */

typedef struct folder_time {
  char name[64];
  double secs;
  long checks;
} folder_time;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void add_time(folder_time *ft, int *nft, const char *path,
                     const char *model, double s)
{
  char name[64];
  const char *slash = strchr(path, '/');
  size_t len = slash ? (size_t)(slash - path) : strlen(path);
  if (len >= 40)
    len = 40;
  snprintf(name, sizeof name, "%.*s/%s", (int)len, path, model);
  int i;
  for (i = 0; i < *nft; i++)
    if (!strcmp(ft[i].name, name))
      break;
  if (i == *nft) {
    if (*nft == 64)
      return;
    (*nft)++;
    snprintf(ft[i].name, sizeof ft[i].name, "%s", name);
    ft[i].secs = 0;
    ft[i].checks = 0;
  }
  ft[i].secs += s;
  ft[i].checks++;
}

static int bmc_verdicts(bmc_cli *cl, const char *tsv, const char *root,
                        const char *match, long sample, int timing)
{
  FILE *f = fopen(tsv, "r");
  if (!f) {
    fprintf(stderr, "wmmfence-litmus bmc: --verdicts: cannot open %s: %s\n",
            tsv, strerror(errno));
    return 2;
  }
  char dir[4096];
  if (root) {
    snprintf(dir, sizeof dir, "%s", root);
  } else {
    snprintf(dir, sizeof dir, "%s", tsv);
    char *s = strrchr(dir, '/');
    if (s)
      *s = 0;
    else
      snprintf(dir, sizeof dir, ".");
  }
  long agree = 0, differ = 0, errors = 0, seen = 0;
  char line[8192], cached[16384] = "";
  wmm_program *p = NULL;
  int lineno = 0, parse_failed = 0;
  folder_time ft[64];
  int nft = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    char *path = line, *model = strchr(line, '\t'), *verdict;
    if (!model || !(verdict = strchr(model + 1, '\t'))) {
      fprintf(stderr, "%s:%d: expected path<TAB>model<TAB>verdict\n", tsv,
              lineno);
      errors++;
      continue;
    }
    *model++ = 0;
    *verdict++ = 0;
    if (match && !strstr(path, match))
      continue;
    if (sample > 1 && seen++ % sample != 0)
      continue;
    int m = wmm_model_parse(model);
    if (m < 0) {
      fprintf(stderr, "%s:%d: unknown model '%s'\n", tsv, lineno, model);
      errors++;
      continue;
    }
    char full[16384];
    snprintf(full, sizeof full, "%s/%s", dir, path);
    double t0 = now();
    if (strcmp(cached, full) != 0) {
      wmm_program_free(p);
      p = NULL;
      snprintf(cached, sizeof cached, "%s", full);
      wmm_error e;
      memset(&e, 0, sizeof e);
      parse_failed = wmm_litmus_parse_file(full, &p, &e) < 0;
      if (parse_failed)
        print_error(full, &e);
    }
    if (parse_failed) {
      errors++;
      continue;
    }
    wmm_strbuf out = WMM_STRBUF_INIT;
    long bad = cl->wit_bad;
    int v = bmc_one(cl, p, full, (wmm_model)m, &out);
    if (timing)
      add_time(ft, &nft, path, model, now() - t0);
    if (cl->wit_bad > bad)
      printf("BADWITNESS %s %s: %s", path, model, wmm_strbuf_str(&out));
    wmm_strbuf_free(&out);
    if (v < 0) {
      errors++;
      continue;
    }
    const char *got = v ? "Allowed" : "Forbidden";
    if (!strcmp(got, verdict)) {
      agree++;
    } else {
      differ++;
      printf("DIFF %s %s: expected %s, got %s\n", path, model, verdict, got);
    }
  }
  fclose(f);
  wmm_program_free(p);
  if (timing)
    for (int i = 0; i < nft; i++)
      printf("time %s: %ld checks, %.3f s, %.3f ms/check\n", ft[i].name,
             ft[i].checks, ft[i].secs, 1e3 * ft[i].secs / (double)ft[i].checks);
  if (cl->check_witness)
    printf("witnesses: %ld valid, %ld invalid\n", cl->wit_ok, cl->wit_bad);
  if (errors)
    printf("%ld agree, %ld differ, %ld errors\n", agree, differ, errors);
  else
    printf("%ld agree, %ld differ\n", agree, differ);
  return errors ? 2 : (differ || cl->wit_bad) ? 1 : 0;
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
    status = bmc_verdicts(&cl, verdicts, root, match, sample, timing);
    goto out;
  }
  if (!nfiles) {
    usage(stderr);
    status = 2;
    goto out;
  }
  status = bmc_files(&cl, nfiles, files, model);
out:
  free(files);
  return status;
}
