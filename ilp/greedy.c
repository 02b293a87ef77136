/* greedy.c — a sound greedy cover for the problem of ilp.h, used when GLPK
 * is not asked for, fails, or finds nothing in its time limit.
 *
 * Needs are taken in order; a need that does not hold yet gets its
 * alternative with the smallest estimated extra cost (the cheapest var of
 * each row still open), and each open row of that alternative gets its
 * cheapest var (ties: the var that closes the most open rows of the
 * alternative, then the lowest index).  A final pass drops vars no need
 * requires.  Every need holds at the end, so the cover is sound; it is not
 * always the cheapest.
 *
 * Example:
 *   wmm_ilp_result r;
 *   if (wmm_ilp_greedy(cover, &r, &err) == 0) ... r.chosen[v] ...
 */
#include "ilp.h"

#include <stdlib.h>
#include <string.h>

static int row_open(const wmm_cover *c, int r, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->rows[r];
  for (int i = 0; i < l->n; i++)
    if (chosen[l->items[i]])
      return 0;
  return 1;
}

/* The cheapest var of row r (lowest index on ties), or -1 if empty. */
static int cheapest(const wmm_cover *c, int r)
{
  const wmm_cover_list *l = &c->rows[r];
  int best = -1;
  for (int i = 0; i < l->n; i++) {
    int v = l->items[i];
    if (best < 0 || c->cost[v] < c->cost[best])
      best = v;
  }
  return best;
}

/* Estimated extra cost of making alternative a hold; -1 if impossible. */
static double alt_cost(const wmm_cover *c, int a, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->alts[a];
  double sum = 0;
  for (int i = 0; i < l->n; i++) {
    int r = l->items[i];
    if (!row_open(c, r, chosen))
      continue;
    int v = cheapest(c, r);
    if (v < 0)
      return -1;
    sum += c->cost[v];
  }
  return sum;
}

/* How many open rows of alternative a contain var v. */
static int closes(const wmm_cover *c, int a, int v, const unsigned char *chosen)
{
  const wmm_cover_list *l = &c->alts[a];
  int n = 0;
  for (int i = 0; i < l->n; i++) {
    int r = l->items[i];
    if (!row_open(c, r, chosen))
      continue;
    const wmm_cover_list *rl = &c->rows[r];
    for (int j = 0; j < rl->n; j++)
      if (rl->items[j] == v) {
        n++;
        break;
      }
  }
  return n;
}

static void satisfy_alt(const wmm_cover *c, int a, unsigned char *chosen)
{
  const wmm_cover_list *l = &c->alts[a];
  for (int i = 0; i < l->n; i++) {
    int r = l->items[i];
    if (!row_open(c, r, chosen))
      continue;
    const wmm_cover_list *rl = &c->rows[r];
    int best = -1, best_n = 0;
    for (int j = 0; j < rl->n; j++) {
      int v = rl->items[j];
      if (best >= 0 && c->cost[v] > c->cost[best])
        continue;
      int n = closes(c, a, v, chosen);
      if (best < 0 || c->cost[v] < c->cost[best] || n > best_n) {
        best = v;
        best_n = n;
      }
    }
    if (best >= 0)
      chosen[best] = 1;
  }
}

int wmm_ilp_greedy(const wmm_cover *c, wmm_ilp_result *res, wmm_error *err)
{
  memset(res, 0, sizeof *res);
  res->chosen = calloc((size_t)(c->nvars ? c->nvars : 1), 1);
  if (!res->chosen)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (greedy cover)");
  for (int k = 0; k < c->nneeds; k++) {
    if (wmm_cover_need_holds(c, k, res->chosen))
      continue;
    const wmm_cover_list *l = &c->needs[k];
    int best = -1;
    double best_cost = 0;
    for (int i = 0; i < l->n; i++) {
      double cost = alt_cost(c, l->items[i], res->chosen);
      if (cost >= 0 && (best < 0 || cost < best_cost)) {
        best = l->items[i];
        best_cost = cost;
      }
    }
    if (best < 0) {
      wmm_ilp_result_free(res);
      return wmm_fail(err, WMM_ERR_INVALID, NULL, 0,
                      "cover problem has a need that cannot hold (need %d)", k);
    }
    satisfy_alt(c, best, res->chosen);
  }
  wmm_ilp_prune(c, res);
  res->status = WMM_ILP_GREEDY;
  return 0;
}
