/* cmd_fence.c — `wmmfence-litmus fence`: place the cheapest fences that
 * forbid every critical cycle of a litmus test under a model, print where
 * they go and why (text or JSON), and write the fenced test.
 *
 * Example:
 *   wmmfence-litmus fence --model power tests/corpus/plain/PPC/MP.litmus \
 *       -o /tmp/MP+fenced.litmus
 *   wmmfence-litmus fence --model armv8 --format=json FILE
 *   wmmfence-litmus fence --model power --from tso FILE   (keep x86-TSO only)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "fence_report.h"
#include "litmus_driver.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

static void usage(FILE *f)
{
  fprintf(f,
    "usage: wmmfence-litmus fence [--model M] [--from R] [-o OUT]\n"
    "                             [--format=text|json]\n"
    "                             [--time-limit S] [--greedy] [--all-cycles]\n"
    "                             [--use-freq] [--max-cycles N] FILE\n\n"
    "Finds the critical cycles of the test under model M, chooses the cheapest\n"
    "fences that forbid them all (GLPK; costs: tests/corpus/README.md) and\n"
    "prints each fence with its position, kind, and the pairs it orders with\n"
    "a witness cycle each.\n\n"
    "  --model M        sc, tso (x86), pso, rmo, power, armv7, armv8; default:\n"
    "                   the test's hardware model; C tests need it\n"
    "  --from R         the reference model whose behaviours are kept: sc\n"
    "                   (default: restore sequential consistency), tso (keep\n"
    "                   what x86 code relies on, no more), pso or rmo; a\n"
    "                   cycle gets fences only when R forbids it\n"
    "  -o OUT           write the fenced test to OUT (`-`: to stdout, instead\n"
    "                   of the report); written whole or not at all\n"
    "  --format=F       text (default) or json\n"
    "  --time-limit S   seconds for the ILP (default 60); past it the best\n"
    "                   solution found, or a greedy cover, is used\n"
    "  --greedy         skip the ILP: greedy cover\n"
    "  --all-cycles     fence every critical cycle even when the test's\n"
    "                   condition is already unreachable\n"
    "  --use-freq       weight positions by instruction frequency\n"
    "  --max-cycles N   bound on the cycle search (default 200000)\n"
    "  --ilp-fault      testing: make GLPK fail inside the solve\n"
    "Exit status: 0 success, 2 bad usage, bad input or a failure.\n");
}

/* Write text to path atomically: a temporary file next to it, then rename. */
static int write_atomic(const char *path, const char *text, size_t len)
{
  size_t n = strlen(path);
  char *tmp = malloc(n + 16);
  if (!tmp)
    return -1;
  snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(stderr, "wmmfence-litmus fence: cannot write %s: %s\n", path,
            strerror(errno));
    free(tmp);
    return -1;
  }
  FILE *f = fdopen(fd, "w");
  int ok = f && fwrite(text, 1, len, f) == len;
  if (f)
    ok = (fclose(f) == 0) && ok;
  else
    close(fd);
  if (!ok || rename(tmp, path) != 0) {
    fprintf(stderr, "wmmfence-litmus fence: cannot write %s: %s\n", path,
            strerror(errno));
    unlink(tmp);
    free(tmp);
    return -1;
  }
  free(tmp);
  return 0;
}

int cmd_fence(int argc, char **argv)
{
  const char *model_opt = NULL, *from_opt = NULL, *out_path = NULL, *file = NULL;
  int json = 0;
  wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_SC);
  o.use_condition = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--model") && i + 1 < argc) {
      model_opt = argv[++i];
    } else if (!strncmp(a, "--model=", 8)) {
      model_opt = a + 8;
    } else if (!strcmp(a, "--from") && i + 1 < argc) {
      from_opt = argv[++i];
    } else if (!strncmp(a, "--from=", 7)) {
      from_opt = a + 7;
    } else if (!strcmp(a, "-o") && i + 1 < argc) {
      out_path = argv[++i];
    } else if (!strcmp(a, "--format=json") || (!strcmp(a, "--format") &&
               i + 1 < argc && !strcmp(argv[i + 1], "json") && ++i)) {
      json = 1;
    } else if (!strcmp(a, "--format=text") || (!strcmp(a, "--format") &&
               i + 1 < argc && !strcmp(argv[i + 1], "text") && ++i)) {
      json = 0;
    } else if (!strcmp(a, "--time-limit") && i + 1 < argc) {
      char *end;
      o.time_limit = strtod(argv[++i], &end);
      if (*end || o.time_limit < 0) {
        fprintf(stderr, "wmmfence-litmus fence: --time-limit: bad number '%s'\n",
                argv[i]);
        return 2;
      }
    } else if (!strcmp(a, "--max-cycles") && i + 1 < argc) {
      char *end;
      o.max_cycles = strtol(argv[++i], &end, 10);
      if (*end || o.max_cycles <= 0) {
        fprintf(stderr, "wmmfence-litmus fence: --max-cycles: bad number '%s'\n",
                argv[i]);
        return 2;
      }
    } else if (!strcmp(a, "--greedy")) {
      o.force_greedy = 1;
    } else if (!strcmp(a, "--all-cycles")) {
      o.use_condition = 0;
    } else if (!strcmp(a, "--use-freq")) {
      o.use_freq = 1;
    } else if (!strcmp(a, "--ilp-fault")) {
      o.ilp_fault = 1;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "wmmfence-litmus fence: unknown option '%s' (try --help)\n", a);
      return 2;
    } else if (!file) {
      file = a;
    } else {
      fprintf(stderr, "wmmfence-litmus fence: one FILE only (try --help)\n");
      return 2;
    }
  }
  if (!file) {
    usage(stderr);
    return 2;
  }
  if (drv_parse_from("fence", from_opt, &o.from) < 0)
    return 2;
  wmm_program *p = NULL;
  wmm_error e;
  memset(&e, 0, sizeof e);
  if (wmm_litmus_parse_file(file, &p, &e) < 0) {
    drv_print_error(file, &e);
    return 2;
  }
  int forced;
  if (drv_parse_model("fence", model_opt, &forced) < 0 ||
      drv_pick_model(file, p, forced, &o.model) < 0) {
    wmm_program_free(p);
    return 2;
  }
  wmm_placement pl;
  if (wmm_place(p, &o, &pl, &e) < 0) {
    drv_print_error(file, &e);
    wmm_program_free(p);
    return 2;
  }
  int status = 0;
  wmm_strbuf rep = WMM_STRBUF_INIT;
  if (json)
    wmm_fence_report_json(p, &o, &pl, &rep);
  else
    wmm_fence_report_text(p, &o, &pl, &rep);
  if (out_path) {
    wmm_program *q = wmm_program_clone(p);
    wmm_strbuf t = WMM_STRBUF_INIT;
    if (!q || wmm_placement_apply(q, &pl) < 0 || wmm_litmus_print(q, &t, &e) < 0 ||
        t.failed) {
      fprintf(stderr, "%s: cannot print the fenced test%s%s\n", file,
              e.msg[0] ? ": " : "", e.msg);
      status = 2;
    } else if (!strcmp(out_path, "-")) {
      fwrite(wmm_strbuf_str(&t), 1, t.len, stdout);
    } else if (write_atomic(out_path, wmm_strbuf_str(&t), t.len) < 0) {
      status = 2;
    }
    wmm_strbuf_free(&t);
    wmm_program_free(q);
  }
  if (!out_path || strcmp(out_path, "-"))
    fwrite(wmm_strbuf_str(&rep), 1, rep.len, stdout);
  wmm_strbuf_free(&rep);
  wmm_placement_free(&pl);
  wmm_program_free(p);
  return status;
}
