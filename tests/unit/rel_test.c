/* rel_test.c — the bit-matrix relation algebra (analysis/models/rel.h) against
 * naive boolean-matrix references on random relations of 1..64 events, plus
 * a few hand-made cases.  Prints one PASS:/FAIL: line per operation.
 *
 * Example: ./rel_test   ->   PASS: compose (2000 random cases) ...
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "models/rel.h"

#define N WMM_REL_MAX

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* Random relation over n events with about density/64 of the pairs. */
static void random_rel(wmm_rel *r, int n, int density)
{
  for (int i = 0; i < N; i++) {
    uint64_t row = 0;
    for (int j = 0; j < n; j++)
      if ((int)(rnd() % 64) < density)
        row |= (uint64_t)1 << j;
    r->row[i] = i < n ? row : 0;
  }
}

static int has(const wmm_rel *r, int i, int j) { return (int)((r->row[i] >> j) & 1); }

static void naive_compose(wmm_rel *d, const wmm_rel *a, const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++) {
    d->row[i] = 0;
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        if (has(a, i, k) && has(b, k, j))
          d->row[i] |= (uint64_t)1 << j;
  }
}

static void naive_closure(wmm_rel *d, const wmm_rel *a, int n)
{
  /* repeated squaring until stable: d = a | a;a | ... */
  *d = *a;
  for (;;) {
    wmm_rel t;
    naive_compose(&t, d, d, n);
    int changed = 0;
    for (int i = 0; i < n; i++) {
      uint64_t v = d->row[i] | t.row[i] | 0;
      if (v != d->row[i])
        changed = 1;
      d->row[i] = v;
    }
    wmm_rel u;
    naive_compose(&u, d, a, n);
    for (int i = 0; i < n; i++) {
      if ((d->row[i] | u.row[i]) != d->row[i])
        changed = 1;
      d->row[i] |= u.row[i];
    }
    if (!changed)
      return;
  }
}

static int same(const wmm_rel *a, const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++)
    if (a->row[i] != b->row[i])
      return 0;
  return 1;
}

static int report(const char *what, int ok, int cases)
{
  printf("%s: %s (%d cases)\n", ok ? "PASS" : "FAIL", what, cases);
  return ok ? 0 : 1;
}

int main(void)
{
  int fails = 0, cases = 600;
  int ok_comp = 1, ok_seq = 1, ok_inv = 1, ok_tc = 1, ok_rtc = 1, ok_acy = 1,
      ok_irr = 1, ok_set = 1, ok_restrict = 1, ok_image = 1;
  for (int c = 0; c < cases; c++) {
    int n = 1 + (int)(rnd() % 64);
    int density = 1 + (int)(rnd() % 12);
    wmm_rel a, b, d, e;
    random_rel(&a, n, density);
    random_rel(&b, n, density);
    /* composition */
    wmm_rel_compose(&d, &a, &b, n);
    naive_compose(&e, &a, &b, n);
    ok_comp &= same(&d, &e, n);
    wmm_rel al = a;
    wmm_rel_seq(&al, &al, &b, n);          /* aliasing form */
    ok_seq &= same(&al, &e, n);
    /* inverse */
    wmm_rel_inverse(&d, &a, n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        ok_inv &= has(&d, i, j) == has(&a, j, i);
    /* closures */
    wmm_rel_tclosure(&d, &a, n);
    naive_closure(&e, &a, n);
    ok_tc &= same(&d, &e, n);
    wmm_rel_rtclosure(&d, &a, n);
    for (int i = 0; i < n; i++)
      e.row[i] |= (uint64_t)1 << i;
    ok_rtc &= same(&d, &e, n);
    /* acyclic <=> the transitive closure is irreflexive */
    naive_closure(&e, &a, n);
    int naive_acyclic = 1;
    for (int i = 0; i < n; i++)
      if (has(&e, i, i))
        naive_acyclic = 0;
    ok_acy &= wmm_rel_acyclic(&a, n) == naive_acyclic;
    int naive_irr = 1;
    for (int i = 0; i < n; i++)
      if (has(&a, i, i))
        naive_irr = 0;
    ok_irr &= wmm_rel_irreflexive(&a, n) == naive_irr;
    /* union, intersection, difference, emptiness */
    wmm_rel u, in, df;
    wmm_rel_union(&u, &a, &b, n);
    wmm_rel_inter(&in, &a, &b, n);
    wmm_rel_diff(&df, &a, &b, n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        ok_set &= has(&u, i, j) == (has(&a, i, j) | has(&b, i, j));
        ok_set &= has(&in, i, j) == (has(&a, i, j) & has(&b, i, j));
        ok_set &= has(&df, i, j) == (has(&a, i, j) & !has(&b, i, j));
      }
    wmm_rel_diff(&df, &a, &a, n);
    ok_set &= wmm_rel_empty(&df, n);
    /* restriction [S];a;[T], cross product, identity */
    wmm_set S = rnd() & wmm_set_all(n), T = rnd() & wmm_set_all(n);
    wmm_rel_restrict(&d, &a, S, T, n);
    wmm_rel idS, idT, t1, t2;
    wmm_rel_id(&idS, S, n);
    wmm_rel_id(&idT, T, n);
    naive_compose(&t1, &idS, &a, n);
    naive_compose(&t2, &t1, &idT, n);
    ok_restrict &= same(&d, &t2, n);
    wmm_rel_cross(&d, S, T, n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        ok_restrict &= has(&d, i, j) == (int)(((S >> i) & (T >> j)) & 1);
    /* image, domain, range */
    wmm_set img = wmm_rel_image(&a, S), nimg = 0, dom = 0, rng = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (has(&a, i, j)) {
          if ((S >> i) & 1)
            nimg |= (uint64_t)1 << j;
          dom |= (uint64_t)1 << i;
          rng |= (uint64_t)1 << j;
        }
    ok_image &= img == nimg && wmm_rel_domain(&a, n) == dom &&
                wmm_rel_range(&a, n) == rng;
  }
  fails += report("compose", ok_comp, cases);
  fails += report("compose in place (seq)", ok_seq, cases);
  fails += report("inverse", ok_inv, cases);
  fails += report("transitive closure", ok_tc, cases);
  fails += report("reflexive-transitive closure", ok_rtc, cases);
  fails += report("acyclic", ok_acy, cases);
  fails += report("irreflexive", ok_irr, cases);
  fails += report("union/inter/diff/empty", ok_set, cases);
  fails += report("restrict/cross/id", ok_restrict, cases);
  fails += report("image/domain/range", ok_image, cases);

  /* Hand-made: a 64-cycle is cyclic, the 64-path is acyclic; the closure of
   * the path is the strict order. */
  wmm_rel path, cyc, cl;
  memset(&path, 0, sizeof path);
  for (int i = 0; i + 1 < N; i++)
    wmm_rel_add(&path, i, i + 1);
  cyc = path;
  wmm_rel_add(&cyc, N - 1, 0);
  int ok = wmm_rel_acyclic(&path, N) && !wmm_rel_acyclic(&cyc, N);
  wmm_rel_tclosure(&cl, &path, N);
  for (int i = 0; i < N; i++)
    ok &= cl.row[i] == (i == N - 1 ? 0 : ~wmm_set_all(i + 1));
  fails += report("64-event path and cycle", ok, 1);
  wmm_rel self;
  memset(&self, 0, sizeof self);
  wmm_rel_add(&self, 5, 5);
  fails += report("self loop is a cycle", !wmm_rel_acyclic(&self, 8) &&
                                          !wmm_rel_irreflexive(&self, 8), 1);
  return fails ? 1 : 0;
}
