/* report_diff.c — the fences of two sets compared by what they do, not
 * where the lines fall: a fence's identity is its unit, its function, and
 * the pairs it orders with their witness cycles, each access named by
 * function, kind of access and location.  Identical identity, kind and
 * position (the access it precedes) is no difference; the same identity
 * with another kind is "changed", before another access "moved"; the rest
 * is "added" or "removed".  Line and column numbers never take part, so an
 * unrelated edit above a fence is no diff.
 *
 * Example output:
 *   + added: mp.c: P0: sync (sync) at mp.c:7:3 orders W x ... before R y ...
 *   ~ changed: mp.c: P0: lwsync -> sync at mp.c:6:6 ...
 */
#include <stdlib.h>
#include <string.h>

#include "report_model.h"

typedef struct keyed {
  const wmmr_unit *unit;
  const wmmr_fence *fence;
  char *id;        /* unit, function, pairs and cycles */
  char *at;        /* the access it precedes */
  int matched;
} keyed;

typedef struct sbuf { char *s; size_t len, cap; int failed; } sbuf;

static void sb_put(sbuf *b, const char *s)
{
  size_t n = strlen(s);
  if (b->failed)
    return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = (b->cap ? b->cap : 64);
    while (cap < b->len + n + 1)
      cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) {
      b->failed = 1;
      return;
    }
    b->s = p;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

static void sb_access(sbuf *b, const wmmr_access *a)
{
  sb_put(b, a->function);
  sb_put(b, "\x1f");
  sb_put(b, a->op);
  sb_put(b, "\x1f");
  sb_put(b, a->location);
  sb_put(b, "\x1e");
}

static int str_ptr_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The identity of a fence (pairs in sorted order); NULL on out of memory. */
static char *fence_id(const wmmr_unit *u, const wmmr_fence *f)
{
  char **pairs = calloc(f->npairs ? f->npairs : 1, sizeof *pairs);
  if (!pairs)
    return NULL;
  int ok = 1;
  for (int p = 0; p < f->npairs; p++) {
    sbuf b = {0};
    sb_access(&b, &f->pairs[p].from);
    sb_access(&b, &f->pairs[p].to);
    sb_put(&b, "\x1d");
    for (int e = 0; e < f->pairs[p].nev; e++)
      sb_access(&b, &f->pairs[p].ev[e]);
    if (b.failed || !b.s)
      ok = 0;
    pairs[p] = b.s;
  }
  sbuf id = {0};
  if (ok) {
    qsort(pairs, f->npairs, sizeof *pairs, str_ptr_cmp);
    sb_put(&id, u->unit);
    sb_put(&id, "\x1c");
    sb_put(&id, f->function);
    for (int p = 0; p < f->npairs; p++) {
      sb_put(&id, "\x1c");
      sb_put(&id, pairs[p]);
    }
  }
  for (int p = 0; p < f->npairs; p++)
    free(pairs[p]);
  free(pairs);
  if (!ok || id.failed) {
    free(id.s);
    return NULL;
  }
  return id.s;
}

static keyed *key_all(const wmmr_set *s, int *n)
{
  int total = 0;
  for (int k = 0; k < s->nunits; k++)
    total += s->units[k].nfences;
  keyed *ks = calloc(total ? total : 1, sizeof *ks);
  if (!ks)
    return NULL;
  *n = 0;
  for (int k = 0; k < s->nunits; k++)
    for (int f = 0; f < s->units[k].nfences; f++) {
      keyed *x = &ks[(*n)++];
      sbuf at = {0};
      x->unit = &s->units[k];
      x->fence = &s->units[k].fences[f];
      x->id = fence_id(x->unit, x->fence);
      sb_access(&at, &x->fence->at);
      x->at = at.s;
      if (!x->id || !x->at)
        return ks;   /* caller sees the NULL */
    }
  return ks;
}

static void free_keys(keyed *ks, int n)
{
  for (int k = 0; ks && k < n; k++) {
    free(ks[k].id);
    free(ks[k].at);
  }
  free(ks);
}

static void show(FILE *out, const char *what, const keyed *x)
{
  const wmmr_fence *f = x->fence;
  fprintf(out, "%s: %s: %s: %s (%s) at %s:%ld:%ld", what, x->unit->unit,
          f->function, f->kind, f->instruction, f->file, f->line, f->col);
  if (f->npairs) {
    fputs(" orders ", out);
    wmmr_print_access(out, &f->pairs[0].from);
    fputs(" before ", out);
    wmmr_print_access(out, &f->pairs[0].to);
    if (f->npairs > 1)
      fprintf(out, " and %d more pair%s", f->npairs - 1,
              f->npairs > 2 ? "s" : "");
  }
  fputc('\n', out);
}

/* The unit of set s named like u (NULL: none). */
static const wmmr_unit *unit_named(const wmmr_set *s, const wmmr_unit *u)
{
  for (int k = 0; k < s->nunits; k++)
    if (!strcmp(s->units[k].unit, u->unit))
      return &s->units[k];
  return NULL;
}

/* Units by name: added, removed, or a model/reference/options change. */
static int diff_units(FILE *out, const wmmr_set *a, const wmmr_set *b)
{
  int n = 0;
  for (int i = 0; i < a->nunits; i++) {
    const wmmr_unit *ua = &a->units[i], *ub = NULL;
    int same = 0;   /* a unit of that name, model and reference in b */
    for (int j = 0; j < b->nunits && !same; j++)
      if (!strcmp(ua->unit, b->units[j].unit)) {
        ub = &b->units[j];
        same = !strcmp(ua->model, ub->model) &&
               !strcmp(ua->reference, ub->reference);
      }
    if (!ub) {
      fprintf(out, "- unit removed: %s\n", ua->unit);
      n++;
    } else if (!same) {
      fprintf(out, "~ unit %s: model %s (reference %s) -> %s (reference %s)\n",
              ua->unit, ua->model, ua->reference, ub->model, ub->reference);
      n++;
    } else if (ua->check && ub->check &&
               strcmp(ua->check->verdict, ub->check->verdict)) {
      /* the model checker's verdict changed (a check on both sides) */
      fprintf(out, "~ check %s: %s -> %s\n", ua->unit, ua->check->verdict,
              ub->check->verdict);
      n++;
    }
  }
  for (int j = 0; j < b->nunits; j++) {
    if (!unit_named(a, &b->units[j])) {
      fprintf(out, "+ unit added: %s\n", b->units[j].unit);
      n++;
    }
  }
  return n;
}

/* Does unit u hold lock order o (same function, operation, order and lock;
 * positions do not count)? */
static int has_lockorder(const wmmr_unit *u, const wmmr_lockorder *o)
{
  for (int k = 0; u && k < u->nlockorders; k++) {
    const wmmr_lockorder *p = &u->lockorders[k];
    if (!strcmp(p->function, o->function) && !strcmp(p->operation, o->operation) &&
        !strcmp(p->order, o->order) && !strcmp(p->lock, o->lock))
      return 1;
  }
  return 0;
}

/* Lock orders of units present on both sides: added or removed (counted
 * in *nremoved too: a lock order the plugin no longer makes leaves the
 * source's stronger order, as a removed fence passes `check`). */
static int diff_lockorders(FILE *out, const wmmr_set *a, const wmmr_set *b,
                           int *nremoved)
{
  int n = 0;
  for (int side = 0; side < 2; side++) {
    const wmmr_set *from = side ? b : a, *to = side ? a : b;
    for (int i = 0; i < from->nunits; i++) {
      const wmmr_unit *u = &from->units[i], *v = unit_named(to, u);
      for (int k = 0; v && k < u->nlockorders; k++)
        if (!has_lockorder(v, &u->lockorders[k])) {
          const wmmr_lockorder *o = &u->lockorders[k];
          fprintf(out, "%s lock order %s: %s: %s: %s of %s made %s at "
                  "%s:%ld:%ld\n", side ? "+" : "-", side ? "added" : "removed",
                  u->unit, o->function, o->operation, o->lock, o->order,
                  o->file, o->line, o->col);
          n++;
          *nremoved += !side;
        }
    }
  }
  return n;
}

int wmmr_diff(FILE *out, const wmmr_set *old_set, const wmmr_set *new_set,
              int *nremoved)
{
  int na = 0, nb = 0, ndiff = 0;
  keyed *a = key_all(old_set, &na), *b = key_all(new_set, &nb);
  *nremoved = 0;
  for (int i = 0; a && i < na; i++)
    if (!a[i].id || !a[i].at)
      goto oom;
  for (int j = 0; b && j < nb; j++)
    if (!b[j].id || !b[j].at)
      goto oom;
  if (!a || !b)
    goto oom;
  ndiff += diff_units(out, old_set, new_set);
  ndiff += diff_lockorders(out, old_set, new_set, nremoved);
  /* 1: same identity, kind and position */
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb && !a[i].matched; j++)
      if (!b[j].matched && !strcmp(a[i].id, b[j].id) &&
          !strcmp(a[i].fence->kind, b[j].fence->kind) &&
          !strcmp(a[i].at, b[j].at))
        a[i].matched = b[j].matched = 1;
  /* 2: same identity: changed kind, or moved */
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb && !a[i].matched; j++)
      if (!b[j].matched && !strcmp(a[i].id, b[j].id)) {
        a[i].matched = b[j].matched = 1;
        ndiff++;
        if (!strcmp(a[i].at, b[j].at)) {
          fprintf(out, "~ changed: %s: %s: %s -> %s\n", b[j].unit->unit,
                  b[j].fence->function, a[i].fence->kind, b[j].fence->kind);
          show(out, "    now", &b[j]);
        } else {
          show(out, "> moved from", &a[i]);
          show(out, "    to", &b[j]);
        }
      }
  for (int i = 0; i < na; i++)
    if (!a[i].matched) {
      show(out, "- removed", &a[i]);
      ndiff++;
      (*nremoved)++;
    }
  for (int j = 0; j < nb; j++)
    if (!b[j].matched) {
      show(out, "+ added", &b[j]);
      ndiff++;
    }
  free_keys(a, na);
  free_keys(b, nb);
  return ndiff;
oom:
  free_keys(a, na);
  free_keys(b, nb);
  return -1;
}
