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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "commands.h"
#include "litmus.h"

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

/* Does model m fit a test written for arch a? */
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

/* Check p under m; returns 0/1 (Forbidden/Allowed) or -1 (error printed). */
static int check_one(const wmm_program *p, const char *path, wmm_model m,
                     int unwind, int witness, wmm_strbuf *wit)
{
  wmm_check_opts o = wmm_check_opts_default(m);
  o.witness = witness;
  o.unwind = unwind;
  wmm_check_result r;
  wmm_error e;
  memset(&e, 0, sizeof e);
  if (wmm_check(p, &o, &r, &e) < 0) {
    print_error(path, &e);
    return -1;
  }
  int allowed = r.allowed;
  if (witness && r.has_witness)
    wmm_witness_format(p, &r.witness, wit);
  wmm_check_result_free(&r);
  return allowed;
}

static int check_files(int nfiles, char **files, const char *model_opt,
                       int unwind, int witness)
{
  int status = 0;
  int forced = -1;
  if (model_opt) {
    forced = wmm_model_parse(model_opt);
    if (forced < 0) {
      fprintf(stderr, "wmmfence-litmus check: --model: unknown model '%s' "
                      "(sc, tso, pso, rmo, power, armv7, armv8)\n", model_opt);
      return 2;
    }
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
    wmm_strbuf wit = WMM_STRBUF_INIT;
    int v = check_one(p, files[i], m, unwind, witness, &wit);
    if (v < 0) {
      status = 2;
    } else {
      printf("%s %s\n", p->name, v ? "Allowed" : "Forbidden");
      if (witness && v)
        fputs(wmm_strbuf_str(&wit), stdout);
    }
    wmm_strbuf_free(&wit);
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

static void add_time(folder_time *ft, int *nft, const char *path, double s)
{
  char name[64];
  const char *slash = strchr(path, '/');
  size_t len = slash ? (size_t)(slash - path) : strlen(path);
  if (len >= sizeof name)
    len = sizeof name - 1;
  memcpy(name, path, len);
  name[len] = 0;
  int i;
  for (i = 0; i < *nft; i++)
    if (!strcmp(ft[i].name, name))
      break;
  if (i == *nft) {
    if (*nft == 32)
      return;
    (*nft)++;
    snprintf(ft[i].name, sizeof ft[i].name, "%s", name);
    ft[i].secs = 0;
    ft[i].checks = 0;
  }
  ft[i].secs += s;
  ft[i].checks++;
}

static int check_verdicts(const char *tsv, const char *root, const char *match,
                          int unwind, int timing)
{
  FILE *f = fopen(tsv, "r");
  if (!f) {
    fprintf(stderr, "wmmfence-litmus check: --verdicts: cannot open %s: %s\n",
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
  long agree = 0, differ = 0, errors = 0;
  char line[8192], cached[16384] = "";
  wmm_program *p = NULL;
  int lineno = 0, parse_failed = 0;
  folder_time ft[32];
  int nft = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    char *path = line, *model = strchr(line, '\t'), *verdict;
    if (!model || !(verdict = strchr(model + 1, '\t'))) {
      fprintf(stderr, "%s:%d: expected path<TAB>model<TAB>verdict\n", tsv, lineno);
      errors++;
      continue;
    }
    *model++ = 0;
    *verdict++ = 0;
    if (match && !strstr(path, match))
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
    wmm_strbuf dummy = WMM_STRBUF_INIT;
    int v = check_one(p, full, (wmm_model)m, unwind, 0, &dummy);
    wmm_strbuf_free(&dummy);
    if (timing)
      add_time(ft, &nft, path, now() - t0);
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
  if (errors)
    printf("%ld agree, %ld differ, %ld errors\n", agree, differ, errors);
  else
    printf("%ld agree, %ld differ\n", agree, differ);
  return errors ? 2 : differ ? 1 : 0;
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
    status = check_verdicts(verdicts, root, match, unwind, timing);
    goto out;
  }
  if (!nfiles) {
    usage(stderr);
    status = 2;
    goto out;
  }
  if (model && wmm_model_parse(model) < 0) {
    fprintf(stderr, "wmmfence-litmus check: --model: unknown model '%s' "
                    "(sc, tso, pso, rmo, power, armv7, armv8)\n", model);
    status = 2;
    goto out;
  }
  status = check_files(nfiles, files, model, unwind, witness);
out:
  free(files);
  return status;
}
