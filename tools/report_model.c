/* report_model.c — freeing, copying and ordering wmmfence-report's units
 * (report_model.h).
 *
 * Example: wmmr_set_sort(&set);  // units by name, then model, then content
 */
#include <stdlib.h>
#include <string.h>

#include "report_model.h"

char *wmmr_strdup(const char *s)
{
  size_t n = strlen(s ? s : "") + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s ? s : "", n);
  return d;
}

void wmmr_access_free(wmmr_access *a)
{
  free(a->function);
  free(a->op);
  free(a->location);
  free(a->file);
}

static void fence_free(wmmr_fence *f)
{
  free(f->function);
  free(f->file);
  free(f->kind);
  free(f->instruction);
  wmmr_access_free(&f->at);
  for (int p = 0; p < f->npairs; p++) {
    wmmr_access_free(&f->pairs[p].from);
    wmmr_access_free(&f->pairs[p].to);
    for (int e = 0; e < f->pairs[p].nev; e++)
      wmmr_access_free(&f->pairs[p].ev[e]);
    free(f->pairs[p].ev);
  }
  free(f->pairs);
}

static void check_free(wmmr_check *c)
{
  if (!c)
    return;
  free(c->verdict);
  free(c->property);
  free(c->mode);
  free(c->replay);
  free(c->reason);
  for (int k = 0; k < c->nev; k++) {
    wmmr_cevent *e = &c->ev[k];
    free(e->thread);
    free(e->op);
    free(e->location);
    free(e->value);
    free(e->file);
  }
  free(c->ev);
  free(c);
}

void wmmr_unit_free(wmmr_unit *u)
{
  free(u->origin);
  free(u->unit);
  free(u->plugin);
  free(u->model);
  free(u->reference);
  free(u->status);
  for (int k = 0; k < u->noptions; k++)
    free(u->options[k]);
  free(u->options);
  for (int f = 0; f < u->nfences; f++)
    fence_free(&u->fences[f]);
  free(u->fences);
  for (int k = 0; k < u->nlockorders; k++) {
    wmmr_lockorder *o = &u->lockorders[k];
    free(o->function), free(o->file), free(o->operation), free(o->order);
    free(o->lock);
  }
  free(u->lockorders);
  check_free(u->check);
}

void wmmr_set_free(wmmr_set *s)
{
  for (int k = 0; k < s->nunits; k++)
    wmmr_unit_free(&s->units[k]);
  free(s->units);
  s->units = NULL;
  s->nunits = 0;
}

static int str_cmp(const char *a, const char *b)
{
  return strcmp(a ? a : "", b ? b : "");
}

static int unit_cmp(const void *pa, const void *pb)
{
  const wmmr_unit *a = pa, *b = pb;
  int c = str_cmp(a->unit, b->unit);
  if (!c)
    c = str_cmp(a->model, b->model);
  if (!c)
    c = (a->nfences > b->nfences) - (a->nfences < b->nfences);
  for (int f = 0; !c && f < a->nfences; f++) {
    c = str_cmp(a->fences[f].function, b->fences[f].function);
    if (!c)
      c = (a->fences[f].line > b->fences[f].line) -
          (a->fences[f].line < b->fences[f].line);
    if (!c)
      c = str_cmp(a->fences[f].kind, b->fences[f].kind);
  }
  if (!c)
    c = str_cmp(a->origin, b->origin);
  return c;
}

void wmmr_set_sort(wmmr_set *s)
{
  if (s->nunits > 1)
    qsort(s->units, s->nunits, sizeof *s->units, unit_cmp);
}
