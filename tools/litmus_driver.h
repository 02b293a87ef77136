/* litmus_driver.h — what the verdict commands (check, bmc, fence) share:
 * choosing the model for a test (--model or the test's own), errors as
 * `file:line: message`, running a decision procedure over FILE... and over
 * the lines of a verdicts.tsv with the agree/differ tally.
 *
 * Example (a command deciding with its own function):
 *   static int decide(void *ctx, const wmm_program *p, const char *path,
 *                     wmm_model m, wmm_strbuf *out, int *bad);
 *   return drv_files("check", nfiles, files, model_opt, decide, &opts);
 */
#ifndef WMMFENCE_TOOLS_LITMUS_DRIVER_H
#define WMMFENCE_TOOLS_LITMUS_DRIVER_H

#include "ir.h"
#include "strbuf.h"

/* Print e as `file:line: message` (file from e, else path) on stderr. */
void drv_print_error(const char *path, const wmm_error *e);

/* Parse a --model argument (NULL: none, *forced = -1); -1 after printing
 * the error naming command cmd. */
int drv_parse_model(const char *cmd, const char *opt, int *forced);
/* Parse --from (a reference model for placement: sc, tso, pso, rmo) into
 * *from; NULL leaves sc.  Prints the error naming the option; -1 then. */
int drv_parse_from(const char *cmd, const char *opt, wmm_model *from);

/* The model for test p at path: forced if >= 0 (it must fit p's
 * architecture), else p's hardware model; -1 after printing why not. */
int drv_pick_model(const char *path, const wmm_program *p, int forced,
                   wmm_model *m);

/* A decision procedure: 0 Forbidden, 1 Allowed, -1 error (printed).  Text
 * to show after the verdict line goes to out; *bad = 1 marks a failed
 * self-check (an invalid witness). */
typedef int (*drv_decide_fn)(void *ctx, const wmm_program *p,
                             const char *path, wmm_model m, wmm_strbuf *out,
                             int *bad);

/* `NAME Allowed|Forbidden` and the extra text for every file; the exit
 * status (2 on an error, 1 on a failed self-check, else 0). */
int drv_files(const char *cmd, int nfiles, char **files, const char *model_opt,
              drv_decide_fn fn, void *ctx);

typedef struct drv_verdict_opts {
  const char *tsv;      /* lines path<TAB>model<TAB>verdict */
  const char *root;     /* paths relative to this (default: tsv's folder) */
  const char *match;    /* only paths containing this */
  long sample;          /* only every sample-th selected line (1: all) */
  int timing;           /* print the time per folder and model */
} drv_verdict_opts;

typedef struct drv_tally {
  long agree, differ, errors, bad;
} drv_tally;

/* Decide every selected line, printing `DIFF ...` and `BADWITNESS ...`
 * lines (and the times); the counts go to t.  -1 if tsv cannot be read. */
int drv_verdicts(const char *cmd, const drv_verdict_opts *o, drv_decide_fn fn,
                 void *ctx, drv_tally *t);

/* `N agree, N differ[, N errors]`; the exit status for the tally. */
int drv_print_tally(const drv_tally *t);

#endif
