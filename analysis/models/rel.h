/* rel.h — binary relations over the events of one candidate execution, as
 * bit matrices: row i is a 64-bit mask of the events j with (i, j) in the
 * relation, so one execution has at most WMM_REL_MAX = 64 events (callers
 * return WMM_ERR_LIMIT beyond).  Every operation works row by row on whole
 * words (bit-parallel); `n` is the number of events in use, rows >= n are
 * never read.  Sets of events are plain masks (wmm_set).
 *
 * Example (the SC axiom, acyclic(po | rf | co | fr)):
 *   wmm_rel ghb;
 *   wmm_rel_union(&ghb, &x->po, &x->rf, n);
 *   wmm_rel_union(&ghb, &ghb, &x->co, n);
 *   wmm_rel_union(&ghb, &ghb, &x->fr, n);
 *   if (!wmm_rel_acyclic(&ghb, n)) ... forbidden ...
 *
 * Output arguments may alias inputs except where a function says otherwise.
 */
#ifndef WMMFENCE_REL_H
#define WMMFENCE_REL_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WMM_REL_MAX 64

typedef uint64_t wmm_set;

typedef struct wmm_rel {
  uint64_t row[WMM_REL_MAX];
} wmm_rel;

/* The set {i}; the set {0, ..., n-1}. */
static inline wmm_set wmm_set_bit(int i) { return (wmm_set)1 << i; }
static inline wmm_set wmm_set_all(int n)
{
  return n >= 64 ? ~(wmm_set)0 : (((wmm_set)1 << n) - 1);
}

static inline void wmm_rel_clear(wmm_rel *r, int n)
{
  memset(r->row, 0, (size_t)n * sizeof r->row[0]);
}
static inline void wmm_rel_copy(wmm_rel *d, const wmm_rel *a, int n)
{
  if (d != a)
    memcpy(d->row, a->row, (size_t)n * sizeof a->row[0]);
}
static inline void wmm_rel_add(wmm_rel *r, int i, int j)
{
  r->row[i] |= wmm_set_bit(j);
}
static inline int wmm_rel_has(const wmm_rel *r, int i, int j)
{
  return (int)((r->row[i] >> j) & 1);
}
static inline void wmm_rel_union(wmm_rel *d, const wmm_rel *a,
                                 const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = a->row[i] | b->row[i];
}
static inline void wmm_rel_inter(wmm_rel *d, const wmm_rel *a,
                                 const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = a->row[i] & b->row[i];
}
static inline void wmm_rel_diff(wmm_rel *d, const wmm_rel *a,
                                const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = a->row[i] & ~b->row[i];
}
/* d |= a */
static inline void wmm_rel_or(wmm_rel *d, const wmm_rel *a, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] |= a->row[i];
}
/* d = [dom] ; a ; [rng] */
static inline void wmm_rel_restrict(wmm_rel *d, const wmm_rel *a,
                                    wmm_set dom, wmm_set rng, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = ((dom >> i) & 1) ? (a->row[i] & rng) : 0;
}
/* d = A x B */
static inline void wmm_rel_cross(wmm_rel *d, wmm_set A, wmm_set B, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = ((A >> i) & 1) ? B : 0;
}
/* d = [S] (identity on S) */
static inline void wmm_rel_id(wmm_rel *d, wmm_set S, int n)
{
  for (int i = 0; i < n; i++)
    d->row[i] = S & wmm_set_bit(i);
}
static inline int wmm_rel_empty(const wmm_rel *a, int n)
{
  uint64_t acc = 0;
  for (int i = 0; i < n; i++)
    acc |= a->row[i];
  return acc == 0;
}
static inline int wmm_rel_irreflexive(const wmm_rel *a, int n)
{
  for (int i = 0; i < n; i++)
    if ((a->row[i] >> i) & 1)
      return 0;
  return 1;
}
static inline int wmm_rel_equal(const wmm_rel *a, const wmm_rel *b, int n)
{
  for (int i = 0; i < n; i++)
    if (a->row[i] != b->row[i])
      return 0;
  return 1;
}
/* Events with at least one successor / predecessor. */
static inline wmm_set wmm_rel_domain(const wmm_rel *a, int n)
{
  wmm_set s = 0;
  for (int i = 0; i < n; i++)
    if (a->row[i])
      s |= wmm_set_bit(i);
  return s;
}
static inline wmm_set wmm_rel_range(const wmm_rel *a, int n)
{
  wmm_set s = 0;
  for (int i = 0; i < n; i++)
    s |= a->row[i];
  return s;
}
/* Image of a set: { j | exists i in S, (i, j) in a }. */
static inline wmm_set wmm_rel_image(const wmm_rel *a, wmm_set S)
{
  wmm_set s = 0;
  while (S) {
    int i = __builtin_ctzll(S);
    S &= S - 1;
    s |= a->row[i];
  }
  return s;
}

/* d = a ; b.  d must not alias a or b. */
void wmm_rel_compose(wmm_rel *d, const wmm_rel *a, const wmm_rel *b, int n);
/* d = a ; b, also correct when d aliases a or b. */
void wmm_rel_seq(wmm_rel *d, const wmm_rel *a, const wmm_rel *b, int n);
/* d = a^-1 (d must not alias a). */
void wmm_rel_inverse(wmm_rel *d, const wmm_rel *a, int n);
/* d = a+ (transitive closure) and d = a* (reflexive-transitive, over the
 * n events); d may alias a. */
void wmm_rel_tclosure(wmm_rel *d, const wmm_rel *a, int n);
void wmm_rel_rtclosure(wmm_rel *d, const wmm_rel *a, int n);
/* Is a acyclic?  (No transitive closure needed: peels off sinks.) */
int wmm_rel_acyclic(const wmm_rel *a, int n);

#ifdef __cplusplus
}
#endif
#endif /* WMMFENCE_REL_H */
