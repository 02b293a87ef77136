/* wmmfence-report.c — read the fence records wmmfence writes into objects
 * (.wmm_records sections; runtime/wmmfence-report-format.h) and its JSON
 * reports: list them, compare two builds, gate CI on them.
 *
 * Example:
 *   wmmfence-report list --format=sarif prog > fences.sarif
 *   wmmfence-report diff old/prog new/prog     # exit 1: fences differ
 *   wmmfence-report check prog --baseline fences.json --max-cost 40
 * Exit status: 0 equal / passed, 1 differ / failed, 2 error (file: message).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_model.h"

static void usage(FILE *f)
{
  fprintf(f,
"usage: wmmfence-report list [--format=text|json|sarif|markdown] FILE...\n"
"       wmmfence-report diff OLD NEW\n"
"       wmmfence-report check FILE... [--baseline FILE] [--max-cost N]\n"
"\n"
"FILE is an ELF object, archive, shared library or executable of any target\n"
"(its .wmm_records section, written by the wmmfence plugin into every object)\n"
"or a JSON report of the plugin (-fplugin-arg-wmmfence-report=FILE).\n"
"\n"
"  list    every fence per unit and function: kind, instruction, position,\n"
"          cost, the pairs of accesses it orders and a witness cycle each;\n"
"          the spin-lock operations the plugin made acquire or release.\n"
"  diff    fences added, removed, changed kind or moved from OLD to NEW,\n"
"          matched by function, ordered accesses and cycle (not by line),\n"
"          and lock orders added or removed: exit 0 when equal, 1 when\n"
"          they differ.\n"
"  check   exit 1 when FILE has fences the baseline does not (added,\n"
"          changed or moved), spin-lock orders it does not (the code got\n"
"          weaker), or a total cost above N; removed fences and lock\n"
"          orders are listed and pass.\n"
"\n"
"Exit status 2 on errors (`file: message`), including a file without\n"
"records (not compiled with the plugin, or its .wmm_records section removed:\n"
"GNU strip keeps it; strip --remove-section=.wmm_records drops it).\n");
}

/* Read every file into *s; messages for the bad ones.  0 or 2. */
static int load_all(char **files, int nfiles, wmmr_set *s)
{
  int status = 0;
  for (int k = 0; k < nfiles; k++) {
    char err[1024];
    if (wmmr_load_file(files[k], s, err, sizeof err) != 0) {
      fprintf(stderr, "%s: %s\n", files[k], err);
      status = 2;
    }
  }
  wmmr_set_sort(s);
  return status;
}

static int parse_format(const char *s, wmmr_format *fmt)
{
  static const char *const names[] = {"text", "json", "sarif", "markdown"};
  for (int k = 0; k < 4; k++)
    if (!strcmp(s, names[k])) {
      *fmt = (wmmr_format)k;
      return 0;
    }
  fprintf(stderr, "wmmfence-report: --format: '%s' is not text, json, sarif "
          "or markdown\n", s);
  return -1;
}

static int cmd_list(int argc, char **argv)
{
  wmmr_format fmt = WMMR_TEXT;
  char **files = calloc(argc, sizeof *files);
  int nfiles = 0;
  if (!files)
    return 2;
  for (int k = 1; k < argc; k++) {
    if (!strncmp(argv[k], "--format=", 9)) {
      if (parse_format(argv[k] + 9, &fmt)) {
        free(files);
        return 2;
      }
    } else if (!strcmp(argv[k], "--format") && k + 1 < argc) {
      if (parse_format(argv[++k], &fmt)) {
        free(files);
        return 2;
      }
    } else if (argv[k][0] == '-' && argv[k][1]) {
      fprintf(stderr, "wmmfence-report list: unknown option '%s'\n", argv[k]);
      free(files);
      return 2;
    } else
      files[nfiles++] = argv[k];
  }
  if (!nfiles) {
    fprintf(stderr, "wmmfence-report list: no FILE\n");
    free(files);
    return 2;
  }
  wmmr_set s = {0};
  int status = load_all(files, nfiles, &s);
  if (wmmr_write(stdout, &s, fmt) != 0 || fflush(stdout) != 0) {
    fprintf(stderr, "wmmfence-report: cannot write the output\n");
    status = 2;
  }
  wmmr_set_free(&s);
  free(files);
  return status;
}

static int cmd_diff(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "wmmfence-report diff: give OLD and NEW\n");
    return 2;
  }
  wmmr_set a = {0}, b = {0};
  int status = load_all(argv + 1, 1, &a) | load_all(argv + 2, 1, &b);
  if (!status) {
    int nremoved;
    int n = wmmr_diff(stdout, &a, &b, &nremoved);
    status = n < 0 ? 2 : n > 0 ? 1 : 0;
    if (n < 0)
      fprintf(stderr, "wmmfence-report: out of memory\n");
  }
  wmmr_set_free(&a);
  wmmr_set_free(&b);
  return status;
}

static int cmd_check(int argc, char **argv)
{
  const char *baseline = NULL;
  double max_cost = -1;
  char **files = calloc(argc, sizeof *files);
  int nfiles = 0;
  if (!files)
    return 2;
  for (int k = 1; k < argc; k++) {
    const char *val = NULL;
    int is_base = !strncmp(argv[k], "--baseline", 10);
    int is_cost = !strncmp(argv[k], "--max-cost", 10);
    if (is_base || is_cost) {
      const char *opt = argv[k];
      if (opt[10] == '=')
        val = opt + 11;
      else if (!opt[10] && k + 1 < argc)
        val = argv[++k];
      if (!val) {
        fprintf(stderr, "wmmfence-report check: %s needs a value\n",
                is_base ? "--baseline" : "--max-cost");
        free(files);
        return 2;
      }
      if (is_base)
        baseline = val;
      else {
        char *e;
        errno = 0;
        max_cost = strtod(val, &e);
        if (!*val || *e || errno || max_cost < 0) {
          fprintf(stderr, "wmmfence-report check: --max-cost: '%s' is not a "
                  "cost\n", val);
          free(files);
          return 2;
        }
      }
    } else if (argv[k][0] == '-' && argv[k][1]) {
      fprintf(stderr, "wmmfence-report check: unknown option '%s'\n", argv[k]);
      free(files);
      return 2;
    } else
      files[nfiles++] = argv[k];
  }
  if (!nfiles || (!baseline && max_cost < 0)) {
    fprintf(stderr, "wmmfence-report check: give FILE... and --baseline "
            "FILE and/or --max-cost N\n");
    free(files);
    return 2;
  }
  wmmr_set cur = {0}, base = {0};
  int status = load_all(files, nfiles, &cur);
  if (baseline)
    status |= load_all((char **)&baseline, 1, &base);
  if (!status) {
    double total = 0;
    for (int k = 0; k < cur.nunits; k++)
      for (int f = 0; f < cur.units[k].nfences; f++)
        total += cur.units[k].fences[f].cost;
    if (baseline) {
      int nremoved;
      int n = wmmr_diff(stdout, &base, &cur, &nremoved);
      if (n < 0)
        status = 2;
      else if (n > nremoved) {
        printf("check: %d change%s of fences or lock orders against %s\n",
               n - nremoved,
               n - nremoved == 1 ? "" : "s", baseline);
        status = 1;
      }
    }
    if (status == 0 && max_cost >= 0 && total > max_cost) {
      printf("check: total fence cost %g is above --max-cost %g\n", total,
             max_cost);
      status = 1;
    }
    if (status == 0)
      printf("check: passed (total fence cost %g)\n", total);
  }
  wmmr_set_free(&cur);
  wmmr_set_free(&base);
  free(files);
  return status;
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version")) {
    puts("wmmfence-report 0.1.0");
    return 0;
  }
  for (int k = 2; k < argc; k++)
    if (!strcmp(argv[k], "--help")) {
      usage(stdout);
      return 0;
    }
  if (!strcmp(cmd, "list"))
    return cmd_list(argc - 1, argv + 1);
  if (!strcmp(cmd, "diff"))
    return cmd_diff(argc - 1, argv + 1);
  if (!strcmp(cmd, "check"))
    return cmd_check(argc - 1, argv + 1);
  fprintf(stderr, "wmmfence-report: unknown command '%s' (list, diff, "
          "check)\n", cmd);
  return 2;
}
