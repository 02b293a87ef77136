/* report_model.h — wmmfence-report's in-memory fence records: one unit per
 * compiled translation unit, read from .wmm_records sections
 * (report_parse.c, report_elf.c) or from the plugin's JSON reports
 * (report_json.c), written by report_write.c, compared by report_diff.c.
 *
 * Example:
 *   wmmr_set s = {0}; char err[256];
 *   if (wmmr_load_file("prog", &s, err, sizeof err) != 0) ... "prog: err"
 *   wmmr_write(stdout, &s, WMMR_TEXT); wmmr_set_free(&s);
 */
#ifndef WMMFENCE_TOOLS_REPORT_MODEL_H
#define WMMFENCE_TOOLS_REPORT_MODEL_H

#include <stddef.h>
#include <stdio.h>

typedef struct wmmr_access {
  char *function, *op, *location, *file;   /* op: R, W, RMW, end */
  long line, col;
} wmmr_access;

typedef struct wmmr_pair {
  wmmr_access from, to;
  wmmr_access *ev;      /* the witness cycle */
  int nev;
} wmmr_pair;

typedef struct wmmr_fence {
  char *function, *file;
  long line, col;
  char *kind, *instruction;
  double cost;
  wmmr_access at;       /* the access the fence precedes (op "end": none) */
  wmmr_pair *pairs;
  int npairs;
} wmmr_fence;

/* A spin lock's operation given a weaker order by the plugin (take:
 * acquire, free: release). */
typedef struct wmmr_lockorder {
  char *function, *file, *operation, *order, *lock;
  long line, col;
} wmmr_lockorder;

/* One event of a check's counterexample. */
typedef struct wmmr_cevent {
  char *thread, *op, *location, *value, *file;
  long line, col;
} wmmr_cevent;

/* The bundled model checker's verdict on the unit (the `check` key). */
typedef struct wmmr_check {
  char *verdict, *property, *mode, *replay, *reason;
  long bound;
  int complete;
  wmmr_cevent *ev;
  int nev;
} wmmr_check;

typedef struct wmmr_unit {
  char *origin;         /* where it was read: "lib.a(a.o)", "r.json" */
  char *unit, *plugin, *model, *reference, *status;
  char **options;       /* "KEY=VALUE" */
  int noptions;
  double total_cost;
  wmmr_fence *fences;
  int nfences;
  wmmr_lockorder *lockorders;
  int nlockorders;
  wmmr_check *check;    /* NULL: compiled without the check */
} wmmr_unit;

typedef struct wmmr_set {
  wmmr_unit *units;
  int nunits;
} wmmr_set;

typedef enum wmmr_format { WMMR_TEXT, WMMR_JSON, WMMR_SARIF, WMMR_MARKDOWN }
  wmmr_format;

/* report_parse.c: append the records of a section's bytes to *s; origin
 * names them.  0, or -1 with a message in err. */
int wmmr_parse_section(const unsigned char *data, size_t size,
                       const char *origin, wmmr_set *s,
                       char *err, size_t errsize);

/* report_elf.c: the records of an ELF object, archive, shared library or
 * executable (any target).  0 ok, -1 error (err), 1 not ELF. *found counts
 * the .wmm_records sections seen. */
int wmmr_load_elf(const char *path, wmmr_set *s, int *found,
                  char *err, size_t errsize);

/* report_json.c: one unit from the plugin's JSON report (jansson). */
int wmmr_load_json(const char *path, wmmr_set *s, char *err, size_t errsize);

/* report_load.c: an ELF file or a JSON report, by content.  0 ok, -1
 * error (err), 1 no records in the file (err says why). */
int wmmr_load_file(const char *path, wmmr_set *s, char *err, size_t errsize);

/* Sort units by name then content, for output independent of link order. */
void wmmr_set_sort(wmmr_set *s);
void wmmr_set_free(wmmr_set *s);
void wmmr_unit_free(wmmr_unit *u);
void wmmr_access_free(wmmr_access *a);
/* Strings duplicated or abort-free: NULL on out of memory. */
char *wmmr_strdup(const char *s);

/* report_write.c */
int wmmr_write(FILE *out, const wmmr_set *s, wmmr_format fmt);
/* "W x (f.c:3:5)" */
void wmmr_print_access(FILE *out, const wmmr_access *a);

/* report_diff.c: fences of new against old.  Prints the differences
 * (text) and returns their number; removed ones are counted in *nremoved. */
int wmmr_diff(FILE *out, const wmmr_set *old_set, const wmmr_set *new_set,
              int *nremoved);

#endif
