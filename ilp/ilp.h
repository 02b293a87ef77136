/* ilp.h — the weighted cover problem behind fence placement, and its two
 * solvers: GLPK's branch-and-cut (ilp_glpk.c) and a greedy cover (greedy.c).
 *
 * The problem has three levels, all deduplicated as they are added:
 *   var  — a 0/1 choice with a cost (one fence kind at one position);
 *   row  — OR of vars: at least one of them is chosen (a pair is ordered);
 *   alt  — AND of rows (one way of forbidding a cycle);
 *   need — OR of alts: one alternative must hold (a cycle is forbidden).
 * Minimise the total cost of the chosen vars.
 *
 * Example:
 *   wmm_cover *c = wmm_cover_new();
 *   int a = wmm_cover_var(c, 1.0), b = wmm_cover_var(c, 2.0);
 *   int r1 = wmm_cover_row(c, (int[]){a, b}, 2);
 *   int alt = wmm_cover_alt(c, &r1, 1);
 *   wmm_cover_need(c, &alt, 1);
 *   wmm_ilp_opts o = {0};
 *   wmm_ilp_result res;
 *   wmm_ilp_solve(c, &o, &res, &err);  // res.chosen[a] == 1
 *   wmm_ilp_result_free(&res); wmm_cover_free(c);
 *
 * A pure cover is first reduced (reduce.c): forced vars, dominated vars and
 * implied rows leave before GLPK's branch-and-cut sees it.
 *
 * The solvers never print, exit or abort (GLPK's errors are caught).
 */
#ifndef WMMFENCE_ILP_H
#define WMMFENCE_ILP_H

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmm_cover_list {
  int *items;
  int n;
} wmm_cover_list;

typedef struct wmm_cover {
  double *cost;            /* per var */
  int nvars, cap_vars;
  wmm_cover_list *rows;    /* sorted var lists */
  int nrows, cap_rows;
  wmm_cover_list *alts;    /* sorted row lists */
  int nalts, cap_alts;
  wmm_cover_list *needs;   /* sorted alt lists */
  int nneeds, cap_needs;
  /* dedup tables (open addressing over list hashes) */
  int *row_tab, row_tab_size;
  int *alt_tab, alt_tab_size;
  int *need_tab, need_tab_size;
} wmm_cover;

wmm_cover *wmm_cover_new(void);
void wmm_cover_free(wmm_cover *c);
/* Each returns the new (or existing, equal) element's index, or a negative
 * wmm_status.  Lists are copied, sorted and deduplicated. */
int wmm_cover_var(wmm_cover *c, double cost);
int wmm_cover_row(wmm_cover *c, const int *vars, int n);
int wmm_cover_alt(wmm_cover *c, const int *rows, int n);
int wmm_cover_need(wmm_cover *c, const int *alts, int n);

/* Mark in forced[] (per row) the rows of the alternatives of needs with
 * one alternative, and those alternatives in fixed[] (per alternative;
 * may be NULL): what every solution must hold. */
void wmm_cover_forced_rows(const wmm_cover *c, unsigned char *forced,
                           unsigned char *fixed);
/* Is need `k` satisfied by the chosen vars (chosen[v] != 0)? */
int wmm_cover_need_holds(const wmm_cover *c, int k, const unsigned char *chosen);

typedef enum wmm_ilp_status {
  WMM_ILP_OPTIMAL = 0,     /* GLPK proved optimality */
  WMM_ILP_FEASIBLE,        /* GLPK's best integer solution at the time limit */
  WMM_ILP_GREEDY           /* greedy cover (asked for, or GLPK failed) */
} wmm_ilp_status;

typedef struct wmm_ilp_opts {
  double time_limit;       /* seconds; 0 = none */
  int force_greedy;        /* skip GLPK */
  int inject_fault;        /* testing: provoke a GLPK error inside the solve */
} wmm_ilp_opts;

typedef struct wmm_ilp_result {
  unsigned char *chosen;   /* per var */
  double objective;
  wmm_ilp_status status;
  char note[256];          /* why not optimal */
} wmm_ilp_result;

/* Solve with GLPK, falling back to the greedy cover as the options and
 * GLPK's outcome dictate.  Every need holds in the result. */
int wmm_ilp_solve(const wmm_cover *c, const wmm_ilp_opts *o,
                  wmm_ilp_result *res, wmm_error *err);
/* The greedy cover alone (greedy.c). */
int wmm_ilp_greedy(const wmm_cover *c, wmm_ilp_result *res, wmm_error *err);
/* Is every need of c one alternative (a plain weighted set cover)? */
int wmm_cover_is_pure(const wmm_cover *c);
/* Reduce the pure cover c (reduce.c): sets forced[v] for the vars every
 * cover needs and returns 1 with *out the cover that is left (its var v is
 * c's var (*map)[v]; *out may have no need), 0 when nothing reduces
 * (forced all 0), or a negative wmm_status. */
int wmm_cover_reduce(const wmm_cover *c, unsigned char *forced,
                     wmm_cover **out, int **map);
/* Drop chosen vars that no need requires (most expensive first). */
void wmm_ilp_prune(const wmm_cover *c, wmm_ilp_result *res);
void wmm_ilp_result_free(wmm_ilp_result *res);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_ILP_H */
