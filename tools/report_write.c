/* report_write.c — wmmfence-report's outputs: text (per unit, per function,
 * each fence with its pairs and witness cycles), JSON, SARIF 2.1.0 (a
 * result per fence at its source position, a codeFlow per ordered pair
 * with one location per access of the cycle, a rule per fence kind) and a
 * Markdown table for code review.
 *
 * Example (text):
 *   mp.c: model power, reference sc, optimal, cost 2, 1 fence
 *     P0: lwsync (lwsync) at mp.c:6:6, cost 2, before W y (mp.c:6:6)
 *       orders W x (mp.c:5:6) before W y (mp.c:6:6)
 *         cycle: P0 W x (mp.c:5:6) -> P0 W y (mp.c:6:6) -> P1 R y ...
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "report_model.h"
#include "../runtime/wmmfence-report-format.h"

void wmmr_print_access(FILE *out, const wmmr_access *a)
{
  if (!strcmp(a->op, "end"))
    fprintf(out, "the end of %s", a->function);
  else
    fprintf(out, "%s %s (%s:%ld:%ld)", a->op, a->location, a->file, a->line,
            a->col);
}

static void write_text(FILE *out, const wmmr_set *s)
{
  for (int k = 0; k < s->nunits; k++) {
    const wmmr_unit *u = &s->units[k];
    fprintf(out, "%s: model %s, reference %s, %s, cost %g, %d fence%s\n",
            u->unit, u->model, u->reference, u->status, u->total_cost,
            u->nfences, u->nfences == 1 ? "" : "s");
    for (int f = 0; f < u->nfences; f++) {
      const wmmr_fence *fe = &u->fences[f];
      fprintf(out, "  %s: %s (%s) at %s:%ld:%ld, cost %g, before ",
              fe->function, fe->kind, fe->instruction, fe->file, fe->line,
              fe->col, fe->cost);
      wmmr_print_access(out, &fe->at);
      fputc('\n', out);
      for (int p = 0; p < fe->npairs; p++) {
        const wmmr_pair *pr = &fe->pairs[p];
        fputs("    orders ", out);
        wmmr_print_access(out, &pr->from);
        fputs(" before ", out);
        wmmr_print_access(out, &pr->to);
        fputs("\n      cycle:", out);
        for (int e = 0; e < pr->nev; e++) {
          fprintf(out, "%s %s ", e ? " ->" : "", pr->ev[e].function);
          wmmr_print_access(out, &pr->ev[e]);
        }
        fputs(pr->nev ? "\n" : " (decided per pair)\n", out);
      }
    }
    for (int k = 0; k < u->nlockorders; k++) {
      const wmmr_lockorder *o = &u->lockorders[k];
      fprintf(out, "  %s: lock order: %s of %s at %s:%ld:%ld made %s\n",
              o->function, o->operation, o->lock, o->file, o->line, o->col,
              o->order);
    }
    const wmmr_check *c = u->check;
    if (c) {
      fprintf(out, "  check: %s", c->verdict);
      if (strcmp(c->property, "-"))
        fprintf(out, " (%s)", c->property);
      fprintf(out, ", mode=%s, %s unwind %ld", c->mode,
              c->complete ? "complete with" : "up to", c->bound);
      if (strcmp(c->replay, "-"))
        fprintf(out, ", replay %s", c->replay);
      if (*c->reason)
        fprintf(out, ": %s", c->reason);
      fputc('\n', out);
      for (int e = 0; e < c->nev; e++)
        fprintf(out, "    event %d: thread %s: %s %s = %s at %s:%ld:%ld\n",
                e + 1, c->ev[e].thread, c->ev[e].op, c->ev[e].location,
                c->ev[e].value, c->ev[e].file, c->ev[e].line, c->ev[e].col);
    }
  }
}

/* The check object of the JSON form (NULL: none). */
static json_t *check_json(const wmmr_check *c)
{
  if (!c)
    return NULL;
  json_t *ev = json_array();
  for (int e = 0; e < c->nev; e++)
    json_array_append_new(ev, json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I}",
        "thread", c->ev[e].thread, "access", c->ev[e].op,
        "location", c->ev[e].location, "value", c->ev[e].value,
        "file", c->ev[e].file, "line", (json_int_t)c->ev[e].line,
        "column", (json_int_t)c->ev[e].col));
  return json_pack("{s:s, s:s, s:s, s:I, s:b, s:s, s:s, s:o}",
                   "verdict", c->verdict, "property", c->property,
                   "mode", c->mode, "bound", (json_int_t)c->bound,
                   "complete", c->complete, "replay", c->replay,
                   "reason", c->reason, "events", ev);
}

static json_t *access_json(const wmmr_access *a)
{
  return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I}", "function", a->function,
                   "access", a->op, "location", a->location, "file", a->file,
                   "line", (json_int_t)a->line, "column", (json_int_t)a->col);
}

static json_t *set_json(const wmmr_set *s)
{
  json_t *units = json_array();
  for (int k = 0; k < s->nunits; k++) {
    const wmmr_unit *u = &s->units[k];
    json_t *opts = json_array(), *fences = json_array();
    for (int o = 0; o < u->noptions; o++)
      json_array_append_new(opts, json_string(u->options[o]));
    for (int f = 0; f < u->nfences; f++) {
      const wmmr_fence *fe = &u->fences[f];
      json_t *pairs = json_array();
      for (int p = 0; p < fe->npairs; p++) {
        json_t *cyc = json_array();
        for (int e = 0; e < fe->pairs[p].nev; e++)
          json_array_append_new(cyc, access_json(&fe->pairs[p].ev[e]));
        json_array_append_new(pairs, json_pack("{s:o, s:o, s:o}",
            "from", access_json(&fe->pairs[p].from),
            "to", access_json(&fe->pairs[p].to), "cycle", cyc));
      }
      json_array_append_new(fences, json_pack(
          "{s:s, s:s, s:I, s:I, s:s, s:s, s:f, s:o, s:o}",
          "function", fe->function, "file", fe->file,
          "line", (json_int_t)fe->line, "column", (json_int_t)fe->col,
          "kind", fe->kind, "instruction", fe->instruction, "cost", fe->cost,
          "before", access_json(&fe->at), "orders", pairs));
    }
    json_t *unit = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:f, s:o}",
        "origin", u->origin, "unit", u->unit, "plugin", u->plugin,
        "model", u->model, "reference", u->reference, "options", opts,
        "status", u->status, "total_cost", u->total_cost, "fences", fences);
    if (unit && u->nlockorders) {
      json_t *los = json_array();
      for (int k = 0; k < u->nlockorders; k++) {
        const wmmr_lockorder *o = &u->lockorders[k];
        json_array_append_new(los, json_pack(
            "{s:s, s:s, s:I, s:I, s:s, s:s, s:s}", "function", o->function,
            "file", o->file, "line", (json_int_t)o->line,
            "column", (json_int_t)o->col, "operation", o->operation,
            "order", o->order, "lock", o->lock));
      }
      json_object_set_new(unit, "lock_orders", los);
    }
    if (unit && u->check)
      json_object_set_new(unit, "check", check_json(u->check));
    json_array_append_new(units, unit);
  }
  return json_pack("{s:s, s:i, s:o}", "tool", "wmmfence-report",
                   "format_version", (int)WMMF_VERSION, "units", units);
}

/* A SARIF physicalLocation (no region for an unknown line). */
static json_t *sarif_location(const char *file, long line, long col)
{
  json_t *phys = json_pack("{s:{s:s}}", "artifactLocation", "uri", file);
  if (line > 0) {
    json_t *region = json_pack("{s:I}", "startLine", (json_int_t)line);
    if (col > 0)
      json_object_set_new(region, "startColumn", json_integer(col));
    json_object_set_new(phys, "region", region);
  }
  return phys;
}

/* The index of rule `id` in the SARIF rules, added (named `name`, described
 * by `desc`) when missing. */
static size_t rule_index(json_t *rules, const char *id, const char *name,
                         const char *desc)
{
  size_t ri, nr = json_array_size(rules);
  for (ri = 0; ri < nr; ri++)
    if (!strcmp(json_string_value(json_object_get(json_array_get(rules, ri),
                                                  "id")), id))
      return ri;
  json_array_append_new(rules, json_pack("{s:s, s:s, s:{s:s}}", "id", id,
                                         "name", name, "shortDescription",
                                         "text", desc));
  return nr;
}

static json_t *set_sarif(const wmmr_set *s)
{
  json_t *rules = json_array(), *results = json_array();
  for (int k = 0; k < s->nunits; k++) {
    const wmmr_unit *u = &s->units[k];
    for (int f = 0; f < u->nfences; f++) {
      const wmmr_fence *fe = &u->fences[f];
      char rule[128], desc[256];
      snprintf(rule, sizeof rule, "wmmfence/%s", fe->kind);
      snprintf(desc, sizeof desc, "A '%s' fence (%s) inserted to forbid a "
               "weak-memory behaviour the model %s allows", fe->kind,
               fe->instruction, u->model);
      size_t ri = rule_index(rules, rule, fe->kind, desc);
      char msg[1024];
      int n = snprintf(msg, sizeof msg, "%s fence '%s' (%s) in %s, cost %g",
                       u->model, fe->kind, fe->instruction, fe->function,
                       fe->cost);
      if (fe->npairs && n > 0 && (size_t)n < sizeof msg)
        snprintf(msg + n, sizeof msg - n, ": orders %s %s before %s %s%s",
                 fe->pairs[0].from.op, fe->pairs[0].from.location,
                 fe->pairs[0].to.op, fe->pairs[0].to.location,
                 fe->npairs > 1 ? " and more pairs" : "");
      json_t *flows = json_array();
      for (int p = 0; p < fe->npairs; p++) {
        const wmmr_pair *pr = &fe->pairs[p];
        json_t *locs = json_array();
        for (int e = 0; e < pr->nev; e++) {
          char text[512];
          snprintf(text, sizeof text, "%s %s in %s", pr->ev[e].op,
                   pr->ev[e].location, pr->ev[e].function);
          json_array_append_new(locs, json_pack("{s:{s:o, s:{s:s}}}",
              "location", "physicalLocation",
              sarif_location(pr->ev[e].file, pr->ev[e].line, pr->ev[e].col),
              "message", "text", text));
        }
        if (pr->nev)
          json_array_append_new(flows, json_pack("{s:[{s:o}]}",
              "threadFlows", "locations", locs));
        else
          json_decref(locs);
      }
      json_t *res = json_pack("{s:s, s:I, s:s, s:{s:s}, s:[{s:o, s:[{s:s, "
                              "s:s}]}]}",
          "ruleId", rule, "ruleIndex", (json_int_t)ri, "level", "note",
          "message", "text", msg,
          "locations", "physicalLocation",
          sarif_location(fe->file, fe->line, fe->col),
          "logicalLocations", "name", fe->function, "kind", "function");
      if (json_array_size(flows))
        json_object_set_new(res, "codeFlows", flows);
      else
        json_decref(flows);
      json_array_append_new(results, res);
    }
    for (int k = 0; k < u->nlockorders; k++) {
      const wmmr_lockorder *o = &u->lockorders[k];
      const char *rule = "wmmfence/lock-order";
      size_t ri = rule_index(rules, rule, "lock-order",
          "A spin lock's atomic operation given the order of a lock "
          "(acquire to take, release to free) instead of the source's");
      char msg[512];
      snprintf(msg, sizeof msg, "%s of spin lock %s made %s in %s (%s)",
               o->operation, o->lock, o->order, o->function, u->model);
      json_array_append_new(results, json_pack(
          "{s:s, s:I, s:s, s:{s:s}, s:[{s:o, s:[{s:s, s:s}]}]}",
          "ruleId", rule, "ruleIndex", (json_int_t)ri, "level", "note",
          "message", "text", msg, "locations", "physicalLocation",
          sarif_location(o->file, o->line, o->col),
          "logicalLocations", "name", o->function, "kind", "function"));
    }
  }
  return json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:o}}, s:o}]}",
      "$schema", "https://json.schemastore.org/sarif-2.1.0.json",
      "version", "2.1.0", "runs", "tool", "driver", "name", "wmmfence",
      "version", WMMF_PLUGIN_VERSION, "rules", rules, "results", results);
}

/* Markdown: '|' in a cell would end it. */
static void md_cell(FILE *out, const char *s)
{
  for (; *s; s++)
    fputs(*s == '|' ? "\\|" : (char[2]){*s, 0}, out);
}

static void write_markdown(FILE *out, const wmmr_set *s)
{
  for (int k = 0; k < s->nunits; k++) {
    const wmmr_unit *u = &s->units[k];
    fputs("### ", out);
    md_cell(out, u->unit);
    fprintf(out, "\n\nModel %s (reference %s), %s, total cost %g, %d "
            "fence%s.\n\n", u->model, u->reference, u->status, u->total_cost,
            u->nfences, u->nfences == 1 ? "" : "s");
    if (u->check) {
      fprintf(out, "Check (mode=%s, unwind %ld%s): **%s**", u->check->mode,
              u->check->bound, u->check->complete ? ", complete" : "",
              u->check->verdict);
      if (strcmp(u->check->replay, "-"))
        fprintf(out, ", replay %s", u->check->replay);
      if (*u->check->reason) {
        fputs(": ", out);
        md_cell(out, u->check->reason);
      }
      fputs(".\n\n", out);
    }
    if (u->nlockorders) {
      fputs("| function | lock order | lock | at |\n|---|---|---|---|\n", out);
      for (int k = 0; k < u->nlockorders; k++) {
        const wmmr_lockorder *o = &u->lockorders[k];
        fputs("| `", out);
        md_cell(out, o->function);
        fprintf(out, "` | %s made %s | `", o->operation, o->order);
        md_cell(out, o->lock);
        fputs("` | ", out);
        md_cell(out, o->file);
        fprintf(out, ":%ld:%ld |\n", o->line, o->col);
      }
      fputc('\n', out);
    }
    if (!u->nfences)
      continue;
    fputs("| function | fence | instruction | at | cost | orders |\n"
          "|---|---|---|---|---|---|\n", out);
    for (int f = 0; f < u->nfences; f++) {
      const wmmr_fence *fe = &u->fences[f];
      fputs("| `", out);
      md_cell(out, fe->function);
      fprintf(out, "` | %s | `", fe->kind);
      md_cell(out, fe->instruction);
      fputs("` | ", out);
      md_cell(out, fe->file);
      fprintf(out, ":%ld:%ld | %g | ", fe->line, fe->col, fe->cost);
      for (int p = 0; p < fe->npairs; p++) {
        fprintf(out, "%s%s `", p ? "<br>" : "", fe->pairs[p].from.op);
        md_cell(out, fe->pairs[p].from.location);
        fprintf(out, "` → %s `", fe->pairs[p].to.op);
        md_cell(out, fe->pairs[p].to.location);
        fputs("`", out);
      }
      fputs(" |\n", out);
    }
    fputc('\n', out);
  }
}

int wmmr_write(FILE *out, const wmmr_set *s, wmmr_format fmt)
{
  if (fmt == WMMR_TEXT) {
    write_text(out, s);
    return 0;
  }
  if (fmt == WMMR_MARKDOWN) {
    write_markdown(out, s);
    return 0;
  }
  json_t *j = fmt == WMMR_JSON ? set_json(s) : set_sarif(s);
  if (!j)
    return -1;
  int r = json_dumpf(j, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(j);
  return r;
}
