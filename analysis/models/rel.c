/* rel.c — the non-trivial relation operations (composition, inverse,
 * closures, acyclicity) over bit-matrix relations; see rel.h.
 *
 * Example:
 *   wmm_rel hbstar;
 *   wmm_rel_rtclosure(&hbstar, &hb, n);      // hb*
 *   wmm_rel_compose(&t, &fre, &prop, n);     // fre ; prop
 */
#include "rel.h"

void wmm_rel_compose(wmm_rel *d, const wmm_rel *a, const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++) {
    uint64_t s = a->row[i], acc = 0;
    while (s) {
      int j = __builtin_ctzll(s);
      s &= s - 1;
      acc |= b->row[j];
    }
    d->row[i] = acc;
  }
}

void wmm_rel_seq(wmm_rel *d, const wmm_rel *a, const wmm_rel *b, int n)
{
  wmm_rel t;
  wmm_rel_compose(&t, a, b, n);
  wmm_rel_copy(d, &t, n);
}

void wmm_rel_inverse(wmm_rel *d, const wmm_rel *a, int n)
{
  wmm_rel_clear(d, n);
  for (int i = 0; i < n; i++) {
    uint64_t s = a->row[i];
    while (s) {
      int j = __builtin_ctzll(s);
      s &= s - 1;
      d->row[j] |= wmm_set_bit(i);
    }
  }
}

/* Warshall's algorithm on bit rows: for each k, every row that reaches k
 * also reaches what k reaches. */
void wmm_rel_tclosure(wmm_rel *d, const wmm_rel *a, int n)
{
  wmm_rel_copy(d, a, n);
  for (int k = 0; k < n; k++) {
    uint64_t rk = d->row[k], bk = wmm_set_bit(k);
    if (!rk)
      continue;
    for (int i = 0; i < n; i++)
      if (d->row[i] & bk)
        d->row[i] |= rk;
  }
}

void wmm_rel_rtclosure(wmm_rel *d, const wmm_rel *a, int n)
{
  wmm_rel_tclosure(d, a, n);
  for (int i = 0; i < n; i++)
    d->row[i] |= wmm_set_bit(i);
}

/* Repeatedly remove every event with no successor left among the remaining
 * ones; the relation is acyclic iff this empties the set. */
int wmm_rel_acyclic(const wmm_rel *a, int n)
{
  uint64_t left = 0;
  for (int i = 0; i < n; i++)
    if (a->row[i])
      left |= wmm_set_bit(i);
  for (;;) {
    uint64_t sinks = 0, s = left;
    while (s) {
      int i = __builtin_ctzll(s);
      s &= s - 1;
      if (!(a->row[i] & left))
        sinks |= wmm_set_bit(i);
    }
    if (!sinks)
      return left == 0;
    left &= ~sinks;
  }
}
