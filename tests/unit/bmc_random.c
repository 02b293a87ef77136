/* bmc_random.c — differential test of the bounded model checker against
 * the explicit checker on random programs (gen_programs.h): for every
 * program and model both must give the same verdict, and every Allowed
 * verdict's witness must be valid for the explicit checker
 * (wmm_check_witness).  Prints `PASS: NAME MODEL VERDICT` or `FAIL: ...`
 * with the program's IR, then a summary line.  The explicit checker runs in
 * a child process with a time limit (enumeration explodes on some programs:
 * those count as skipped).
 *
 * Example:
 *   bmc_random --seed 1 --count 200             # all archs, all models
 *   bmc_random --seed 9 --count 50 --arch PPC --models power
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bmc.h"
#include "models/check.h"
#include "gen_programs.h"
#include "litmus/litmus.h"

static void usage(FILE *f)
{
  fprintf(f, "usage: bmc_random [--seed S] [--count N] [--arch X86|PPC|ARM|"
             "AArch64|all]\n"
             "                  [--models m1,m2,...|all] [--unwind N] "
             "[--no-c11] [--quiet]\n"
             "                  [--max-candidates N] [--timeout S]  (explicit checker\n"
             "                  budget; programs beyond it are skipped)\n");
}

/* wmm_check (w NULL) or wmm_check_witness (of w) in a child process:
 * 0 Forbidden / invalid, 1 Allowed / valid, 2 over the limits (time,
 * candidates), -1 error (message in msg; for a witness, why it is not
 * valid). */
static int check_forked(const wmm_program *p, const wmm_check_opts *co,
                        const wmm_witness *w, unsigned secs, char *msg,
                        size_t msgsz)
{
  int fd[2];
  fflush(stdout);
  if (pipe(fd) < 0) {
    snprintf(msg, msgsz, "pipe failed");
    return -1;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    snprintf(msg, msgsz, "fork failed");
    return -1;
  }
  if (pid == 0) {
    close(fd[0]);
    alarm(secs);
    wmm_check_result cr;
    wmm_error e;
    memset(&e, 0, sizeof e);
    char out[600];
    if (w) {
      int ok = 0;
      wmm_strbuf why = WMM_STRBUF_INIT;
      if (wmm_check_witness(p, co->model, w, &ok, &why, &e) < 0)
        snprintf(out, sizeof out, "%c%s",
                 e.status == WMM_ERR_LIMIT ? '2' : 'E', e.msg);
      else
        snprintf(out, sizeof out, "%c%s", ok ? '1' : '0',
                 wmm_strbuf_str(&why));
    } else if (wmm_check(p, co, &cr, &e) < 0) {
      snprintf(out, sizeof out, "%c%s", e.status == WMM_ERR_LIMIT ? '2' : 'E',
               e.msg);
    } else {
      snprintf(out, sizeof out, "%c", cr.allowed ? '1' : '0');
    }
    ssize_t w = write(fd[1], out, strlen(out));
    (void)w;
    _exit(0);
  }
  close(fd[1]);
  char buf[600];
  ssize_t n = 0, k;
  while (n < (ssize_t)sizeof buf - 1 &&
         (k = read(fd[0], buf + n, sizeof buf - 1 - (size_t)n)) > 0)
    n += k;
  buf[n] = 0;
  close(fd[0]);
  int st;
  waitpid(pid, &st, 0);
  if (n == 0)
    return 2;               /* killed by the alarm */
  snprintf(msg, msgsz, "%s", buf + 1);
  if (buf[0] == 'E')
    return -1;
  return buf[0] - '0';
}

static int arch_parse(const char *s)
{
  for (int a = 0; a < WMM_ARCH_C; a++)
    if (!strcmp(s, wmm_arch_name((wmm_arch)a)))
      return a;
  return -1;
}

int main(int argc, char **argv)
{
  unsigned long seed = 1;
  long count = 100;
  int arch = -1, unwind = 2, quiet = 0, c11 = 1;
  long max_cand = 20000;
  unsigned timeout = 10;
  int models[WMM_MODEL_COUNT], nmodels = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--quiet")) {
      quiet = 1;
    } else if (!strcmp(a, "--no-c11")) {
      c11 = 0;
    } else if (v && !strcmp(a, "--seed")) {
      seed = strtoul(v, NULL, 10);
      i++;
    } else if (v && !strcmp(a, "--count")) {
      count = strtol(v, NULL, 10);
      i++;
    } else if (v && !strcmp(a, "--max-candidates")) {
      max_cand = strtol(v, NULL, 10);
      i++;
    } else if (v && !strcmp(a, "--timeout")) {
      timeout = (unsigned)strtoul(v, NULL, 10);
      i++;
    } else if (v && !strcmp(a, "--unwind")) {
      unwind = atoi(v);
      i++;
    } else if (v && !strcmp(a, "--arch")) {
      arch = strcmp(v, "all") ? arch_parse(v) : -1;
      if (strcmp(v, "all") && arch < 0) {
        fprintf(stderr, "bmc_random: unknown arch '%s'\n", v);
        return 2;
      }
      i++;
    } else if (v && !strcmp(a, "--models")) {
      if (strcmp(v, "all")) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", v);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
          int m = wmm_model_parse(t);
          if (m < 0 || nmodels == WMM_MODEL_COUNT) {
            fprintf(stderr, "bmc_random: bad model '%s'\n", t);
            return 2;
          }
          models[nmodels++] = m;
        }
      }
      i++;
    } else {
      usage(stderr);
      return 2;
    }
  }
  if (!nmodels)
    for (int m = 0; m < WMM_MODEL_COUNT; m++)
      models[nmodels++] = m;
  static const wmm_arch archs[] = {WMM_ARCH_X86, WMM_ARCH_PPC, WMM_ARCH_ARM,
                                   WMM_ARCH_AARCH64};
  long pass = 0, fail = 0, skipped = 0, allowed = 0, wits = 0;
  long wit_skipped = 0;
  for (long i = 0; i < count; i++) {
    uint64_t rng = (seed + (uint64_t)i) * 0x9e3779b97f4a7c15ULL + 1;
    wmm_arch a = arch >= 0 ? (wmm_arch)arch : archs[i % 4];
    wmm_gen_opts o = wmm_gen_opts_default(a);
    o.c11 = c11 && i % 3 == 2;
    char name[64];
    snprintf(name, sizeof name, "gen%lu-%s", seed + (unsigned long)i,
             wmm_arch_name(a));
    wmm_program *p = wmm_gen_program(&o, &rng, name);
    if (!p) {
      fprintf(stderr, "bmc_random: out of memory\n");
      return 2;
    }
    for (int k = 0; k < nmodels; k++) {
      wmm_model m = (wmm_model)models[k];
      wmm_error e;
      memset(&e, 0, sizeof e);
      wmm_check_opts co = wmm_check_opts_default(m);
      co.unwind = unwind;
      co.max_candidates = max_cand;
      char msg[600];
      int ca = check_forked(p, &co, NULL, timeout, msg, sizeof msg);
      if (ca == 2) {
        skipped++;
        continue;
      }
      if (ca < 0) {
        printf("FAIL: %s %s: explicit checker error: %s\n", name,
               wmm_model_name(m), msg);
        fail++;
        continue;
      }
      wmm_bmc_opts bo = wmm_bmc_opts_default(m);
      bo.unwind = unwind;
      bo.witness = 1;
      wmm_bmc_result br;
      memset(&e, 0, sizeof e);
      if (wmm_bmc(p, &bo, &br, &e) < 0) {
        printf("FAIL: %s %s: bmc error: %s\n", name, wmm_model_name(m), e.msg);
        fail++;
        continue;
      }
      const char *why = NULL;
      wmm_strbuf wb = WMM_STRBUF_INIT;
      if (ca != br.allowed) {
        why = "verdicts differ";
      } else if (br.allowed) {
        if (!br.has_witness) {
          why = "no witness";
        } else {
          int ok = check_forked(p, &co, &br.witness, timeout, msg,
                                sizeof msg);
          if (ok == 1)
            wits++;
          else if (ok == 2)
            wit_skipped++;     /* too big to re-check in time */
          else {
            why = ok < 0 ? "witness check failed" : "invalid witness";
            wmm_strbuf_puts(&wb, msg);
          }
        }
      }
      if (why) {
        fail++;
        printf("FAIL: %s %s: %s (explicit %s, bmc %s) %s\n", name,
               wmm_model_name(m), why, ca ? "Allowed" : "Forbidden",
               br.allowed ? "Allowed" : "Forbidden", wmm_strbuf_str(&wb));
        wmm_strbuf d = WMM_STRBUF_INIT;
        wmm_litmus_dump(p, WMM_DUMP_NO_POS, &d);
        fputs(wmm_strbuf_str(&d), stdout);
        if (br.has_witness) {
          wmm_strbuf_reset(&d);
          wmm_witness_format(p, &br.witness, &d);
          fputs(wmm_strbuf_str(&d), stdout);
        }
        wmm_strbuf_free(&d);
      } else {
        pass++;
        allowed += br.allowed;
        if (!quiet)
          printf("PASS: %s %s %s\n", name, wmm_model_name(m),
                 br.allowed ? "Allowed" : "Forbidden");
      }
      wmm_strbuf_free(&wb);
      wmm_bmc_result_free(&br, p);
    }
    wmm_program_free(p);
  }
  printf("random programs: %ld agree (%ld Allowed, %ld witnesses valid, %ld "
         "too big to re-check), %ld differ, %ld skipped (explicit checker "
         "limits)\n", pass, allowed, wits, wit_skipped, fail, skipped);
  return fail ? 1 : 0;
}
