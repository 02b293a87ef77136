/* litmus_driver.c — model choice, errors, FILE... and verdicts.tsv loops
 * shared by the verdict commands (litmus_driver.h).
 *
 * Example: wmmfence-litmus check --verdicts tests/corpus/verdicts.tsv --time
 * prints `time ppc/power: 2114 checks, ...` and `6961 agree, 0 differ`.
 */
#include "litmus_driver.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "litmus/litmus.h"
#include "placement/placement.h"

void drv_print_error(const char *path, const wmm_error *e)
{
  fprintf(stderr, "%s:%d: %s\n", e->file[0] ? e->file : path, e->line, e->msg);
}

int drv_parse_model(const char *cmd, const char *opt, int *forced)
{
  *forced = -1;
  if (!opt)
    return 0;
  *forced = wmm_model_parse(opt);
  if (*forced >= 0)
    return 0;
  fprintf(stderr, "wmmfence-litmus %s: --model: unknown model '%s' "
                  "(sc, tso, pso, rmo, power, armv7, armv8)\n", cmd, opt);
  return -1;
}

int drv_parse_from(const char *cmd, const char *opt, wmm_model *from)
{
  *from = WMM_MODEL_SC;
  if (!opt)
    return 0;
  int m = wmm_model_parse(opt);
  if (m < 0) {
    fprintf(stderr, "wmmfence-litmus %s: --from: unknown model '%s' "
                    "(sc, tso, pso, rmo)\n", cmd, opt);
    return -1;
  }
  if (!wmm_place_from_supported((wmm_model)m)) {
    fprintf(stderr, "wmmfence-litmus %s: --from: %s cannot be a reference "
                    "model (sc, tso, pso, rmo)\n", cmd, opt);
    return -1;
  }
  *from = (wmm_model)m;
  return 0;
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

int drv_pick_model(const char *path, const wmm_program *p, int forced,
                   wmm_model *m)
{
  if (forced >= 0) {
    *m = (wmm_model)forced;
    if (model_fits(p->arch, *m))
      return 0;
    fprintf(stderr, "%s: --model %s does not fit a %s test\n", path,
            wmm_model_name(*m), wmm_arch_name(p->arch));
    return -1;
  }
  if (p->arch == WMM_ARCH_C || p->arch == WMM_ARCH_GIMPLE) {
    fprintf(stderr, "%s: a %s test needs --model\n", path,
            wmm_arch_name(p->arch));
    return -1;
  }
  *m = wmm_arch_default_model(p->arch);
  return 0;
}

int drv_files(const char *cmd, int nfiles, char **files, const char *model_opt,
              drv_decide_fn fn, void *ctx)
{
  int status = 0, forced;
  if (drv_parse_model(cmd, model_opt, &forced) < 0)
    return 2;
  for (int i = 0; i < nfiles; i++) {
    wmm_program *p = NULL;
    wmm_error e;
    memset(&e, 0, sizeof e);
    wmm_model m;
    if (wmm_litmus_parse_file(files[i], &p, &e) < 0) {
      drv_print_error(files[i], &e);
      status = 2;
      continue;
    }
    if (drv_pick_model(files[i], p, forced, &m) < 0) {
      wmm_program_free(p);
      status = 2;
      continue;
    }
    wmm_strbuf out = WMM_STRBUF_INIT;
    int bad = 0;
    int v = fn(ctx, p, files[i], m, &out, &bad);
    if (v < 0) {
      status = 2;
    } else {
      printf("%s %s\n", p->name, v ? "Allowed" : "Forbidden");
      fputs(wmm_strbuf_str(&out), stdout);
      if (bad && status == 0)
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

enum { MAX_TIMES = 64 };

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Add s seconds to the entry "FOLDER/MODEL" of path's first component. */
static void add_time(folder_time *ft, int *nft, const char *path,
                     const char *model, double s)
{
  char name[64];
  const char *slash = strchr(path, '/');
  size_t len = slash ? (size_t)(slash - path) : strlen(path);
  if (len > 40)
    len = 40;
  snprintf(name, sizeof name, "%.*s/%s", (int)len, path, model);
  int i;
  for (i = 0; i < *nft; i++)
    if (!strcmp(ft[i].name, name))
      break;
  if (i == *nft) {
    if (*nft == MAX_TIMES)
      return;
    (*nft)++;
    snprintf(ft[i].name, sizeof ft[i].name, "%s", name);
    ft[i].secs = 0;
    ft[i].checks = 0;
  }
  ft[i].secs += s;
  ft[i].checks++;
}

/* Split a verdicts line in place; 0 or -1 when it has fewer than 3 fields. */
static int split_line(char *line, char **model, char **verdict)
{
  *model = strchr(line, '\t');
  if (!*model || !(*verdict = strchr(*model + 1, '\t')))
    return -1;
  *(*model)++ = 0;
  *(*verdict)++ = 0;
  return 0;
}

int drv_verdicts(const char *cmd, const drv_verdict_opts *o, drv_decide_fn fn,
                 void *ctx, drv_tally *t)
{
  memset(t, 0, sizeof *t);
  FILE *f = fopen(o->tsv, "r");
  if (!f) {
    fprintf(stderr, "wmmfence-litmus %s: --verdicts: cannot open %s: %s\n",
            cmd, o->tsv, strerror(errno));
    return -1;
  }
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", o->root ? o->root : o->tsv);
  if (!o->root) {
    char *s = strrchr(dir, '/');
    if (s)
      *s = 0;
    else
      snprintf(dir, sizeof dir, ".");
  }
  char line[8192], cached[16384] = "";
  wmm_program *p = NULL;
  int lineno = 0, parse_failed = 0, nft = 0;
  long seen = 0;
  folder_time ft[MAX_TIMES];
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    char *path = line, *model, *verdict;
    if (split_line(line, &model, &verdict) < 0) {
      fprintf(stderr, "%s:%d: expected path<TAB>model<TAB>verdict\n", o->tsv,
              lineno);
      t->errors++;
      continue;
    }
    if ((o->match && !strstr(path, o->match)) ||
        (o->sample > 1 && seen++ % o->sample != 0))
      continue;
    int m = wmm_model_parse(model);
    if (m < 0) {
      fprintf(stderr, "%s:%d: unknown model '%s'\n", o->tsv, lineno, model);
      t->errors++;
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
        drv_print_error(full, &e);
    }
    if (parse_failed) {
      t->errors++;
      continue;
    }
    wmm_strbuf out = WMM_STRBUF_INIT;
    int bad = 0;
    int v = fn(ctx, p, full, (wmm_model)m, &out, &bad);
    if (o->timing)
      add_time(ft, &nft, path, model, now() - t0);
    if (bad) {
      t->bad++;
      printf("BADWITNESS %s %s: %s", path, model, wmm_strbuf_str(&out));
    }
    wmm_strbuf_free(&out);
    if (v < 0) {
      t->errors++;
      continue;
    }
    const char *got = v ? "Allowed" : "Forbidden";
    if (!strcmp(got, verdict)) {
      t->agree++;
    } else {
      t->differ++;
      printf("DIFF %s %s: expected %s, got %s\n", path, model, verdict, got);
    }
  }
  fclose(f);
  wmm_program_free(p);
  for (int i = 0; i < nft; i++)
    printf("time %s: %ld checks, %.3f s, %.3f ms/check\n", ft[i].name,
           ft[i].checks, ft[i].secs, 1e3 * ft[i].secs / (double)ft[i].checks);
  return 0;
}

int drv_print_tally(const drv_tally *t)
{
  if (t->errors)
    printf("%ld agree, %ld differ, %ld errors\n", t->agree, t->differ,
           t->errors);
  else
    printf("%ld agree, %ld differ\n", t->agree, t->differ);
  return t->errors ? 2 : (t->differ || t->bad) ? 1 : 0;
}
