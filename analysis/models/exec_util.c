/* exec_util.c — helpers of the execution search: the arena that holds the
 * traces of one search, value domains, the three-valued reading of a final
 * condition, and herd7's derived relations (po-loc, ext, int).
 *
 * Example:
 *   unsigned char known[2] = {1, 0};   // [x] known, [y] not yet
 *   int v = wmm_prop_eval3(p->cond, regs, mem, known);  // 0, 1 or 2
 */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

struct wmm_arena_block {
  struct wmm_arena_block *next;
  size_t used, cap;
  /* data follows, 16-byte aligned */
};

#define BLOCK_HDR ((sizeof(struct wmm_arena_block) + 15) & ~(size_t)15)
#define BLOCK_MIN ((size_t)1 << 16)

/* The block being filled is the first one whose `used` is not full; blocks
 * are kept on reset so that repeated searches reuse them. */
void *wmm_arena_alloc(wmm_search *s, size_t size)
{
  size = (size + 15) & ~(size_t)15;
  struct wmm_arena_block **link = &s->arena, *b;
  for (b = s->arena; b; link = &b->next, b = b->next)
    if (b->cap - b->used >= size)
      break;
  if (!b) {
    size_t cap = size > BLOCK_MIN ? size : BLOCK_MIN;
    b = malloc(BLOCK_HDR + cap);
    if (!b)
      return NULL;
    b->next = NULL;
    b->used = 0;
    b->cap = cap;
    *link = b;
  }
  void *m = (char *)b + BLOCK_HDR + b->used;
  b->used += size;
  return m;
}

void wmm_arena_reset(wmm_search *s)
{
  for (struct wmm_arena_block *b = s->arena; b; b = b->next)
    b->used = 0;
}

void wmm_arena_free_all(wmm_search *s)
{
  struct wmm_arena_block *b = s->arena;
  while (b) {
    struct wmm_arena_block *n = b->next;
    free(b);
    b = n;
  }
  s->arena = NULL;
}

int wmm_valdom_add(wmm_valdom *d, int loc, wmm_val v)
{
  int n = d->n[loc];
  wmm_val *a = d->v[loc];
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < n && a[lo] == v)
    return 0;
  if (n == d->cap[loc]) {
    int nc = d->cap[loc] ? 2 * d->cap[loc] : 4;
    wmm_val *q = realloc(a, (size_t)nc * sizeof *q);
    if (!q)
      return -WMM_ERR_NOMEM;
    d->v[loc] = a = q;
    d->cap[loc] = nc;
  }
  memmove(a + lo + 1, a + lo, (size_t)(n - lo) * sizeof *a);
  a[lo] = v;
  d->n[loc] = n + 1;
  return 1;
}

void wmm_valdom_free(wmm_valdom *d)
{
  for (int i = 0; i < d->nlocs; i++)
    free(d->v[i]);
  free(d->v);
  free(d->n);
  free(d->cap);
  memset(d, 0, sizeof *d);
}

int wmm_prop_eval3(const wmm_prop *c, const wmm_val *const *regs,
                   const wmm_val *mem, const unsigned char *known)
{
  int a, b;
  if (!c)
    return 1;
  switch (c->kind) {
  case WMM_PROP_TRUE:
    return 1;
  case WMM_PROP_FALSE:
    return 0;
  case WMM_PROP_AND:
    if ((a = wmm_prop_eval3(c->l, regs, mem, known)) == 0)
      return 0;
    if ((b = wmm_prop_eval3(c->r, regs, mem, known)) == 0)
      return 0;
    return a == 1 && b == 1 ? 1 : 2;
  case WMM_PROP_OR:
    if ((a = wmm_prop_eval3(c->l, regs, mem, known)) == 1)
      return 1;
    if ((b = wmm_prop_eval3(c->r, regs, mem, known)) == 1)
      return 1;
    return a == 0 && b == 0 ? 0 : 2;
  case WMM_PROP_NOT:
    a = wmm_prop_eval3(c->l, regs, mem, known);
    return a == 2 ? 2 : !a;
  case WMM_PROP_IMPLIES:
    if ((a = wmm_prop_eval3(c->l, regs, mem, known)) == 0)
      return 1;
    if ((b = wmm_prop_eval3(c->r, regs, mem, known)) == 1)
      return 1;
    return a == 1 && b == 0 ? 0 : 2;
  case WMM_PROP_REG_EQ:
    if (!regs[c->thread])
      return 2;
    return regs[c->thread][c->reg] == c->val;
  case WMM_PROP_LOC_EQ:
    if (!known[c->loc])
      return 2;
    return mem[c->loc] == c->val;
  }
  return 2;
}

void wmm_exec_poloc(const wmm_exec *x, wmm_rel *d)
{
  for (int i = 0; i < x->n; i++)
    d->row[i] = x->po.row[i] & x->locset[i];
}

void wmm_exec_ext(const wmm_exec *x, const wmm_rel *a, wmm_rel *d)
{
  for (int i = 0; i < x->n; i++)
    d->row[i] = a->row[i] & ~x->thr[i];
}

void wmm_exec_int(const wmm_exec *x, const wmm_rel *a, wmm_rel *d)
{
  for (int i = 0; i < x->n; i++)
    d->row[i] = a->row[i] & x->thr[i];
}
