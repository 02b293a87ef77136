/* report_json.c — a unit from the plugin's JSON report
 * (-fplugin-arg-wmmfence-report=FILE, plugin/report.cc), read with jansson,
 * so that `diff` and `list` take a committed report as they take a binary.
 *
 * Example: wmmr_load_json("mp.json", &set, err, sizeof err)
 *   -> one unit: unit "mp.c", model "power", fences from "fences"
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_model.h"
#include "../runtime/wmmfence-report-format.h"

static const char *str(json_t *o, const char *key)
{
  json_t *v = json_object_get(o, key);
  return json_is_string(v) ? json_string_value(v) : NULL;
}

static long num(json_t *o, const char *key)
{
  json_t *v = json_object_get(o, key);
  return json_is_integer(v) ? (long)json_integer_value(v) : 0;
}

/* An access object ("function", "access", "location", "file", "line",
 * "column"); null gives the "end" access. */
static int access_of(json_t *o, wmmr_access *a)
{
  int is_obj = json_is_object(o);
  a->function = wmmr_strdup(is_obj ? str(o, "function") : "-");
  a->op = wmmr_strdup(is_obj && str(o, "access") ? str(o, "access") : "end");
  a->location = wmmr_strdup(is_obj ? str(o, "location") : "-");
  a->file = wmmr_strdup(is_obj && str(o, "file") && *str(o, "file")
                        ? str(o, "file") : "-");
  a->line = is_obj ? num(o, "line") : 0;
  a->col = is_obj ? num(o, "column") : 0;
  return a->function && a->op && a->location && a->file ? 0 : -1;
}

static int fence_of(json_t *o, wmmr_fence *f, char *err, size_t errsize)
{
  if (!json_is_object(o) || !str(o, "function") || !str(o, "kind")) {
    snprintf(err, errsize, "a fence without \"function\" or \"kind\"");
    return -1;
  }
  json_t *cost = json_object_get(o, "cost");
  f->function = wmmr_strdup(str(o, "function"));
  f->file = wmmr_strdup(str(o, "file"));
  f->line = num(o, "line");
  f->col = num(o, "column");
  f->kind = wmmr_strdup(str(o, "kind"));
  f->instruction = wmmr_strdup(str(o, "instruction"));
  f->cost = json_is_number(cost) ? json_number_value(cost) : 0;
  if (access_of(json_object_get(o, "before"), &f->at))
    goto oom;
  json_t *orders = json_object_get(o, "orders");
  size_t n = json_is_array(orders) ? json_array_size(orders) : 0;
  f->pairs = n ? calloc(n, sizeof *f->pairs) : NULL;
  if (n && !f->pairs)
    goto oom;
  for (size_t k = 0; k < n; k++) {
    json_t *p = json_array_get(orders, k);
    wmmr_pair *pr = &f->pairs[f->npairs++];
    if (!json_is_object(p)) {
      snprintf(err, errsize, "fence in %s: \"orders\" holds a non-object",
               f->function);
      return -1;
    }
    if (access_of(json_object_get(p, "from"), &pr->from) ||
        access_of(json_object_get(p, "to"), &pr->to))
      goto oom;
    json_t *cyc = json_object_get(p, "cycle");
    size_t ne = json_is_array(cyc) ? json_array_size(cyc) : 0;
    pr->ev = ne ? calloc(ne, sizeof *pr->ev) : NULL;
    if (ne && !pr->ev)
      goto oom;
    for (size_t e = 0; e < ne; e++)
      if (access_of(json_array_get(cyc, e), &pr->ev[pr->nev++]))
        goto oom;
  }
  if (!f->function || !f->file || !f->kind || !f->instruction)
    goto oom;
  return 0;
oom:
  snprintf(err, errsize, "out of memory");
  return -1;
}

/* "position": "FILE:LINE:COL" into its parts. */
static int position_of(const char *pos, wmmr_cevent *e)
{
  const char *c2 = pos ? strrchr(pos, ':') : NULL;
  const char *c1 = c2 ? c2 - 1 : NULL;
  while (c1 && c1 > pos && *c1 != ':')
    c1--;
  if (!c2 || !c1 || c1 == pos || *c1 != ':') {
    e->file = wmmr_strdup(pos ? pos : "");
    return e->file ? 0 : -1;
  }
  e->file = malloc((size_t)(c1 - pos) + 1);
  if (!e->file)
    return -1;
  memcpy(e->file, pos, (size_t)(c1 - pos));
  e->file[c1 - pos] = '\0';
  e->line = strtol(c1 + 1, NULL, 10);
  e->col = strtol(c2 + 1, NULL, 10);
  return 0;
}

/* The report's "check" object into u->check (none: NULL). */
static int check_of(json_t *o, wmmr_unit *u)
{
  if (!json_is_object(o))
    return 0;
  wmmr_check *c = calloc(1, sizeof *c);
  if (!c)
    return -1;
  u->check = c;
  const char *v = str(o, "verdict") ? str(o, "verdict") : "?";
  c->verdict = wmmr_strdup(v);
  c->property = wmmr_strdup(strcmp(v, "unknown") && str(o, "property")
                            ? str(o, "property") : "-");
  c->mode = wmmr_strdup(str(o, "mode") ? str(o, "mode") : "?");
  c->replay = wmmr_strdup(str(o, "replay") ? str(o, "replay") : "-");
  c->reason = wmmr_strdup(str(o, "reason") ? str(o, "reason") : "");
  c->bound = num(o, "bound");
  c->complete = json_is_true(json_object_get(o, "complete"));
  if (!c->verdict || !c->property || !c->mode || !c->replay || !c->reason)
    return -1;
  json_t *ev = json_object_get(o, "events");
  size_t n = json_is_array(ev) ? json_array_size(ev) : 0;
  c->ev = n ? calloc(n, sizeof *c->ev) : NULL;
  if (n && !c->ev)
    return -1;
  for (size_t k = 0; k < n; k++) {
    json_t *e = json_array_get(ev, k);
    wmmr_cevent *d = &c->ev[c->nev++];
    json_t *val = json_object_get(e, "value");
    char buf[32];
    snprintf(buf, sizeof buf, "%lld",
             json_is_integer(val) ? (long long)json_integer_value(val) : 0LL);
    d->thread = wmmr_strdup(str(e, "thread") ? str(e, "thread") : "?");
    d->op = wmmr_strdup(str(e, "access") ? str(e, "access") : "?");
    d->location = wmmr_strdup(str(e, "location") ? str(e, "location") : "?");
    d->value = wmmr_strdup(buf);
    if (!d->thread || !d->op || !d->location || !d->value ||
        position_of(str(e, "position"), d))
      return -1;
  }
  return 0;
}

/* The report's "lock_orders" into u (none: nothing); -1 out of memory or
 * on an entry without its members. */
static int lock_orders_of(json_t *a, wmmr_unit *u, char *err, size_t errsize)
{
  size_t n = json_is_array(a) ? json_array_size(a) : 0;
  if (!n)
    return 0;
  u->lockorders = calloc(n, sizeof *u->lockorders);
  if (!u->lockorders) {
    snprintf(err, errsize, "out of memory");
    return -1;
  }
  for (size_t k = 0; k < n; k++) {
    json_t *o = json_array_get(a, k);
    if (!json_is_object(o) || !str(o, "function") || !str(o, "operation") ||
        !str(o, "order") || !str(o, "lock")) {
      snprintf(err, errsize, "a lock order without \"function\", "
               "\"operation\", \"order\" or \"lock\"");
      return -1;
    }
    wmmr_lockorder *l = &u->lockorders[u->nlockorders++];
    l->function = wmmr_strdup(str(o, "function"));
    l->file = wmmr_strdup(str(o, "file") && *str(o, "file") ? str(o, "file") : "-");
    l->line = num(o, "line");
    l->col = num(o, "column");
    l->operation = wmmr_strdup(str(o, "operation"));
    l->order = wmmr_strdup(str(o, "order"));
    l->lock = wmmr_strdup(str(o, "lock"));
    if (!l->function || !l->file || !l->operation || !l->order || !l->lock) {
      snprintf(err, errsize, "out of memory");
      return -1;
    }
  }
  return 0;
}

int wmmr_load_json(const char *path, wmmr_set *s, char *err, size_t errsize)
{
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  if (!root) {
    snprintf(err, errsize, "%d:%d: %s", je.line, je.column, je.text);
    return -1;
  }
  int r = -1;
  if (!json_is_object(root) || !str(root, "tool") ||
      strcmp(str(root, "tool"), "wmmfence") || !str(root, "model")) {
    snprintf(err, errsize, "not a wmmfence JSON report (no \"tool\": "
             "\"wmmfence\" and \"model\")");
    goto out;
  }
  wmmr_unit *units = realloc(s->units, (s->nunits + 1) * sizeof *units);
  if (!units) {
    snprintf(err, errsize, "out of memory");
    goto out;
  }
  s->units = units;
  wmmr_unit *u = &s->units[s->nunits++];
  memset(u, 0, sizeof *u);
  json_t *concurrent = json_object_get(root, "concurrent");
  json_t *total = json_object_get(root, "total_cost");
  u->origin = wmmr_strdup(path);
  u->unit = wmmr_strdup(str(root, "file"));
  u->plugin = wmmr_strdup("?");
  u->model = wmmr_strdup(str(root, "model"));
  u->reference = wmmr_strdup(str(root, "from") ? str(root, "from")
                                               : WMMF_REFERENCE_DEFAULT);
  u->status = wmmr_strdup(json_is_false(concurrent) ? "sequential"
                          : str(root, "status") ? str(root, "status") : "?");
  u->total_cost = json_is_number(total) ? json_number_value(total) : 0;
  if (str(root, "mode")) {
    u->options = malloc(sizeof *u->options);
    if (u->options) {
      char buf[64];
      snprintf(buf, sizeof buf, "mode=%s", str(root, "mode"));
      u->options[u->noptions++] = wmmr_strdup(buf);
    }
  }
  json_t *fences = json_object_get(root, "fences");
  size_t n = json_is_array(fences) ? json_array_size(fences) : 0;
  u->fences = n ? calloc(n, sizeof *u->fences) : NULL;
  if ((n && !u->fences) || !u->origin || !u->unit || !u->model ||
      !u->status) {
    snprintf(err, errsize, "out of memory");
    goto out;
  }
  for (size_t k = 0; k < n; k++)
    if (fence_of(json_array_get(fences, k), &u->fences[u->nfences++], err,
                 errsize))
      goto out;
  if (lock_orders_of(json_object_get(root, "lock_orders"), u, err, errsize))
    goto out;
  if (check_of(json_object_get(root, "check"), u)) {
    snprintf(err, errsize, "out of memory");
    goto out;
  }
  r = 0;
out:
  json_decref(root);
  return r;
}
