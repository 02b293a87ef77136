/* bmc_scale.c — size and time growth of the bounded model checker against
 * the explicit checker on generated programs (tests/unit/gen_programs.c)
 * of a growing number of events: straight-line threads with stores, loads,
 * fences, dependencies and branches over many locations.  For each size
 * and model it prints one line: events after unwinding, the formula's
 * size (constraints, clocks), BMC time, and the explicit checker's time
 * (in a child process with a time limit; `>Ns` when it runs out of time,
 * `limit` when it gives up on its own limits, `-` once it has failed at a
 * smaller size).  Times are CPU times (the machine may be shared).
 * --density D puts about D accesses on each location (default 8).
 *
 * Example:
 *   bmc_scale --sizes 10,30,100,1000 --models sc,power --timeout 20
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bmc.h"
#include "models/check.h"
#include "gen_programs.h"

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Explicit checker in a child: seconds taken, or -1 (time limit), -2
 * (gave up on its own limits). */
static double explicit_time(const wmm_program *p, wmm_model m, unsigned secs)
{
  int fd[2];
  fflush(stdout);
  if (pipe(fd) < 0)
    return -2;
  pid_t pid = fork();
  if (pid < 0)
    return -2;
  if (pid == 0) {
    close(fd[0]);
    alarm(secs);
    wmm_check_opts o = wmm_check_opts_default(m);
    wmm_check_result r;
    wmm_error e;
    double t0 = now();
    int rc = wmm_check(p, &o, &r, &e);
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", rc < 0 ? -2.0 : now() - t0);
    ssize_t w = write(fd[1], buf, strlen(buf));
    (void)w;
    _exit(0);
  }
  close(fd[1]);
  char buf[64];
  ssize_t n = read(fd[0], buf, sizeof buf - 1);
  close(fd[0]);
  int st;
  waitpid(pid, &st, 0);
  if (n <= 0)
    return -1;
  buf[n] = 0;
  return atof(buf);
}

int main(int argc, char **argv)
{
  char sizes[512] = "10,20,30,40,60,100,300,1000,3000,10000";
  char models[256] = "sc,tso,armv8,power";
  unsigned timeout = 10;
  long maxpower = 1000, density = 8;
  unsigned long seed = 1;
  int gave_up[WMM_MODEL_COUNT] = {0};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--sizes"))
      snprintf(sizes, sizeof sizes, "%s", argv[i + 1]);
    else if (!strcmp(argv[i], "--models"))
      snprintf(models, sizeof models, "%s", argv[i + 1]);
    else if (!strcmp(argv[i], "--timeout"))
      timeout = (unsigned)atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--seed"))
      seed = strtoul(argv[i + 1], NULL, 10);
    else if (!strcmp(argv[i], "--max-power"))
      maxpower = atol(argv[i + 1]);
    else if (!strcmp(argv[i], "--density"))
      density = atol(argv[i + 1]) > 0 ? atol(argv[i + 1]) : 1;
    else {
      fprintf(stderr, "usage: bmc_scale [--sizes N,...] [--models m,...] "
                      "[--timeout S] [--seed S] [--max-power N]\n"
                      "                 [--density D]\n");
      return 2;
    }
  }
  /* Z3's first context in a process pays a one-time set-up: not ours. */
  {
    wmm_program *w = wmm_program_new("warmup", WMM_ARCH_X86);
    if (w) {
      wmm_bmc_opts bo = wmm_bmc_opts_default(WMM_MODEL_SC);
      wmm_bmc_result r;
      wmm_error e;
      if (wmm_bmc(w, &bo, &r, &e) == 0)
        wmm_bmc_result_free(&r, w);
      wmm_program_free(w);
    }
  }
  printf("%-8s %-6s %8s %9s %7s %7s %10s %12s %9s\n", "target", "model",
         "events", "verdict", "clocks", "bools", "constr", "bmc_ms",
         "explicit_ms");
  char sbuf[512];
  snprintf(sbuf, sizeof sbuf, "%s", sizes);
  for (char *ss = strtok(sbuf, ","); ss; ss = strtok(NULL, ",")) {
    long n = atol(ss);
    if (n < 4)
      continue;
    char mbuf[256];
    snprintf(mbuf, sizeof mbuf, "%s", models);
    char *save = NULL;
    for (char *ms = strtok_r(mbuf, ",", &save); ms;
         ms = strtok_r(NULL, ",", &save)) {
      int m = wmm_model_parse(ms);
      if (m < 0) {
        fprintf(stderr, "bmc_scale: unknown model %s\n", ms);
        return 2;
      }
      if ((m == WMM_MODEL_POWER || m == WMM_MODEL_ARMV7) && n > maxpower)
        continue;
      wmm_arch a = m == WMM_MODEL_POWER ? WMM_ARCH_PPC
                 : m == WMM_MODEL_ARMV7 ? WMM_ARCH_ARM
                 : m == WMM_MODEL_ARMV8 ? WMM_ARCH_AARCH64 : WMM_ARCH_X86;
      wmm_gen_opts o = wmm_gen_opts_default(a);
      o.threads = 4;
      o.len = (int)(n / 4 > 1 ? n / 4 : 1);
      o.nlocs = (int)(n / density > 2 ? n / density : 2);
      o.loops = 0;
      o.atomics = 0;
      uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)n;
      char name[64];
      snprintf(name, sizeof name, "scale%ld", n);
      wmm_program *p = wmm_gen_program(&o, &rng, name);
      if (!p) {
        fprintf(stderr, "bmc_scale: out of memory\n");
        return 2;
      }
      wmm_bmc_opts bo = wmm_bmc_opts_default((wmm_model)m);
      wmm_bmc_result r;
      wmm_error e;
      double t0 = now();
      int rc = wmm_bmc(p, &bo, &r, &e);
      double tb = now() - t0;
      char ex[32];
      if (gave_up[m]) {
        snprintf(ex, sizeof ex, "-");
      } else {
        double te = explicit_time(p, (wmm_model)m, timeout);
        if (te == -1)
          snprintf(ex, sizeof ex, ">%us", timeout);
        else if (te < 0)
          snprintf(ex, sizeof ex, "limit");
        else
          snprintf(ex, sizeof ex, "%.1f", 1e3 * te);
        gave_up[m] = te < 0;
      }
      if (rc < 0)
        printf("%-8ld %-6s bmc error: %s\n", n, ms, e.msg);
      else
        printf("%-8ld %-6s %8d %9s %7ld %7ld %10ld %12.1f %9s\n", n, ms,
               r.stats.events, r.allowed ? "Allowed" : "Forbidden",
               r.stats.clocks, r.stats.bools, r.stats.constraints, 1e3 * tb,
               ex);
      fflush(stdout);
      if (rc == 0)
        wmm_bmc_result_free(&r, p);
      wmm_program_free(p);
    }
  }
  return 0;
}
