/* fence_report.c — text and JSON forms of a placement (fence_report.h):
 * each fence with its position (thread, instruction index, litmus line),
 * kind and instruction, the pairs it orders and one witness cycle per pair;
 * the total cost and how it was obtained.
 *
 * Example (text):
 *   MP under power: 2 fences, total cost 2 (optimal)
 *     P0 before instruction 2 (line 13 `li r3,1`): lwsync, cost 1
 *       orders P0:1 W x -> P0:3 W y
 *         cycle P0:1 W x -> P0:3 W y -> P1:0 R y -> P1:2 R x
 */
#include "fence_report.h"

#include <stdio.h>
#include <string.h>

const char *wmm_place_status_name(wmm_place_status s)
{
  switch (s) {
  case WMM_PLACE_OPTIMAL: return "optimal";
  case WMM_PLACE_FEASIBLE: return "feasible";
  case WMM_PLACE_GREEDY: return "greedy";
  }
  return "?";
}

const char *wmm_fence_text(wmm_arch arch, wmm_fence f)
{
  switch (arch) {
  case WMM_ARCH_X86:
    return f == WMM_FENCE_MFENCE ? "MFENCE" : wmm_fence_name(f);
  case WMM_ARCH_ARM:
    return f == WMM_FENCE_DMB ? "DMB" : f == WMM_FENCE_DMB_ST ? "DMB ST"
           : wmm_fence_name(f);
  case WMM_ARCH_AARCH64:
    return f == WMM_FENCE_DMB_ISH ? "DMB ISH" : f == WMM_FENCE_DMB_ISHLD
           ? "DMB ISHLD" : f == WMM_FENCE_DMB_ISHST ? "DMB ISHST"
           : wmm_fence_name(f);
  case WMM_ARCH_C:
    switch (f) {
    case WMM_FENCE_C_SEQ_CST: return "atomic_thread_fence(memory_order_seq_cst);";
    case WMM_FENCE_C_ACQ_REL: return "atomic_thread_fence(memory_order_acq_rel);";
    case WMM_FENCE_C_ACQUIRE: return "atomic_thread_fence(memory_order_acquire);";
    case WMM_FENCE_C_RELEASE: return "atomic_thread_fence(memory_order_release);";
    default: return wmm_fence_name(f);
    }
  default:
    return wmm_fence_name(f);
  }
}

static const char *thread_name(const wmm_program *p, int t)
{
  return t >= 0 && t < p->nthreads ? p->threads[t].name : "?";
}

static const char *loc_name(const wmm_program *p, int l)
{
  return l >= 0 && l < p->nlocs ? p->locs[l].name : "?";
}

/* The instruction at (t, i), or the last one for the end position. */
static const wmm_instr *instr_at(const wmm_program *p, int t, int i)
{
  if (t < 0 || t >= p->nthreads || p->threads[t].ncode == 0)
    return NULL;
  const wmm_thread *th = &p->threads[t];
  return &th->code[i < th->ncode ? i : th->ncode - 1];
}

static void cycle_text(const wmm_program *p, const wmm_cycle *c, wmm_strbuf *out)
{
  for (int k = 0; k < c->nev; k++) {
    const wmm_cycle_event *e = &c->ev[k];
    wmm_strbuf_printf(out, "%s%s:%d %s %s", k ? " -> " : "",
                      thread_name(p, e->thread), e->index,
                      e->is_write == 2 ? "RMW" : e->is_write ? "W" : "R",
                      loc_name(p, e->loc));
  }
}

static void delay_text(const wmm_program *p, const wmm_delay *d, wmm_strbuf *out)
{
  const wmm_instr *a = instr_at(p, d->thread, d->from);
  const wmm_instr *b = instr_at(p, d->to_thread, d->to);
  wmm_strbuf_printf(out, "%s:%d", thread_name(p, d->thread), d->from);
  if (a && a->text)
    wmm_strbuf_printf(out, " `%s`", a->text);
  wmm_strbuf_printf(out, " -> %s:%d", thread_name(p, d->to_thread), d->to);
  if (b && b->text)
    wmm_strbuf_printf(out, " `%s`", b->text);
}

static void header_text(const wmm_program *p, const wmm_place_opts *o,
                        const wmm_placement *pl, wmm_strbuf *out)
{
  wmm_strbuf_printf(out, "%s under %s", p->name, wmm_model_name(o->model));
  if (o->from != WMM_MODEL_SC)
    wmm_strbuf_printf(out, " from %s", wmm_model_name(o->from));
  wmm_strbuf_puts(out, ": ");
  if (pl->already_forbidden) {
    wmm_strbuf_printf(out, "no fence needed (%s)\n", pl->note);
    return;
  }
  wmm_strbuf_printf(out, "%d fence%s, total cost %g (%s)\n", pl->nfences,
                    pl->nfences == 1 ? "" : "s", pl->total_cost,
                    wmm_place_status_name(pl->status));
  if (pl->note[0])
    wmm_strbuf_printf(out, "  note: %s\n", pl->note);
}

void wmm_fence_report_text(const wmm_program *p, const wmm_place_opts *o,
                           const wmm_placement *pl, wmm_strbuf *out)
{
  header_text(p, o, pl, out);
  for (int i = 0; i < pl->nfences; i++) {
    const wmm_placed_fence *f = &pl->fences[i];
    const wmm_instr *at = instr_at(p, f->thread, f->index);
    int end = f->index >= p->threads[f->thread].ncode;
    wmm_strbuf_printf(out, "  %s %s instruction %d", thread_name(p, f->thread),
                      end ? "after" : "before", end ? f->index - 1 : f->index);
    if (at)
      wmm_strbuf_printf(out, " (line %d%s%s%s)", at->pos.line,
                        at->text ? " `" : "", at->text ? at->text : "",
                        at->text ? "`" : "");
    wmm_strbuf_printf(out, ": %s, cost %g\n", wmm_fence_text(p->arch, f->kind),
                      f->cost);
    for (int k = 0; k < f->ndelays; k++) {
      const wmm_delay *d = &pl->delays[f->delays[k]];
      wmm_strbuf_puts(out, "    orders ");
      delay_text(p, d, out);
      wmm_strbuf_puts(out, "\n");
      if (d->cycle >= 0) {
        wmm_strbuf_puts(out, "      cycle ");
        cycle_text(p, &pl->cycles[d->cycle], out);
        wmm_strbuf_puts(out, "\n");
      } else {
        wmm_strbuf_puts(out, "      (decided per pair: cycle search bound)\n");
      }
    }
  }
  if (!pl->already_forbidden)
    wmm_strbuf_printf(out, "%ld critical cycle%s, %d delay%s, %ld shape%s "
                      "checked (%ld checker calls)\n", pl->nclass_cycles,
                      pl->nclass_cycles == 1 ? "" : "s", pl->ndelays,
                      pl->ndelays == 1 ? "" : "s", pl->nshapes,
                      pl->nshapes == 1 ? "" : "s", pl->nchecks);
  if (!pl->already_forbidden && o->from != WMM_MODEL_SC)
    wmm_strbuf_printf(out, "%ld critical cycle%s kept: %s allows %s too\n",
                      pl->nkept, pl->nkept == 1 ? "" : "s",
                      wmm_model_name(o->from), pl->nkept == 1 ? "it" : "them");
}

static void json_pos(const wmm_program *p, int t, int i, wmm_strbuf *out)
{
  const wmm_instr *in = instr_at(p, t, i);
  wmm_strbuf_puts(out, "{\"thread\":");
  wmm_strbuf_json_string(out, thread_name(p, t));
  wmm_strbuf_printf(out, ",\"index\":%d,\"line\":%d,\"text\":", i,
                    in ? in->pos.line : 0);
  if (in && in->text && i < p->threads[t].ncode)
    wmm_strbuf_json_string(out, in->text);
  else
    wmm_strbuf_puts(out, "null");
  wmm_strbuf_puts(out, "}");
}

static void json_cycle(const wmm_program *p, const wmm_cycle *c, wmm_strbuf *out)
{
  wmm_strbuf_puts(out, "{\"events\":[");
  for (int k = 0; k < c->nev; k++) {
    const wmm_cycle_event *e = &c->ev[k];
    wmm_strbuf_printf(out, "%s{\"thread\":", k ? "," : "");
    wmm_strbuf_json_string(out, thread_name(p, e->thread));
    wmm_strbuf_printf(out, ",\"index\":%d,\"loc\":", e->index);
    wmm_strbuf_json_string(out, loc_name(p, e->loc));
    wmm_strbuf_printf(out, ",\"dir\":\"%s\"}",
                      e->is_write == 2 ? "RMW" : e->is_write ? "W" : "R");
  }
  wmm_strbuf_puts(out, "],\"shape\":");
  wmm_strbuf_json_string(out, c->shape ? c->shape : "");
  wmm_strbuf_puts(out, ",\"need\":");
  wmm_strbuf_json_string(out, c->need ? c->need : "");
  wmm_strbuf_puts(out, "}");
}

void wmm_fence_report_json(const wmm_program *p, const wmm_place_opts *o,
                           const wmm_placement *pl, wmm_strbuf *out)
{
  wmm_strbuf_puts(out, "{\"test\":");
  wmm_strbuf_json_string(out, p->name);
  wmm_strbuf_puts(out, ",\"file\":");
  if (p->source)
    wmm_strbuf_json_string(out, p->source);
  else
    wmm_strbuf_puts(out, "null");
  wmm_strbuf_printf(out, ",\"model\":\"%s\",\"from\":\"%s\",\"arch\":\"%s\","
                    "\"status\":\"%s\",\"already_forbidden\":%s,\"note\":",
                    wmm_model_name(o->model), wmm_model_name(o->from),
                    wmm_arch_name(p->arch),
                    wmm_place_status_name(pl->status),
                    pl->already_forbidden ? "true" : "false");
  wmm_strbuf_json_string(out, pl->note);
  wmm_strbuf_printf(out, ",\"total_cost\":%g,\"fences\":[", pl->total_cost);
  for (int i = 0; i < pl->nfences; i++) {
    const wmm_placed_fence *f = &pl->fences[i];
    wmm_strbuf_puts(out, i ? ",{" : "{");
    wmm_strbuf_puts(out, "\"position\":");
    json_pos(p, f->thread, f->index, out);
    wmm_strbuf_printf(out, ",\"at_end\":%s,\"kind\":",
                      f->index >= p->threads[f->thread].ncode ? "true" : "false");
    wmm_strbuf_json_string(out, wmm_fence_name(f->kind));
    wmm_strbuf_puts(out, ",\"instruction\":");
    wmm_strbuf_json_string(out, wmm_fence_text(p->arch, f->kind));
    wmm_strbuf_printf(out, ",\"cost\":%g,\"orders\":[", f->cost);
    for (int k = 0; k < f->ndelays; k++) {
      const wmm_delay *d = &pl->delays[f->delays[k]];
      wmm_strbuf_puts(out, k ? ",{\"from\":" : "{\"from\":");
      json_pos(p, d->thread, d->from, out);
      wmm_strbuf_puts(out, ",\"to\":");
      json_pos(p, d->to_thread, d->to, out);
      wmm_strbuf_puts(out, ",\"need\":");
      wmm_strbuf_json_string(out, wmm_fence_name(d->need));
      wmm_strbuf_puts(out, ",\"cycle\":");
      if (d->cycle >= 0)
        json_cycle(p, &pl->cycles[d->cycle], out);
      else
        wmm_strbuf_puts(out, "null");
      wmm_strbuf_puts(out, "}");
    }
    wmm_strbuf_puts(out, "]}");
  }
  wmm_strbuf_printf(out, "],\"stats\":{\"critical_cycles\":%ld,\"delays\":%d,"
                    "\"pairs_decided_per_pair\":%ld,\"shapes\":%ld,"
                    "\"checker_calls\":%ld,\"kept_cycles\":%ld}}\n",
                    pl->nclass_cycles, pl->ndelays, pl->nfallback, pl->nshapes,
                    pl->nchecks, pl->nkept);
}

void wmm_cycles_report_text(const wmm_program *p, const wmm_place_opts *o,
                            const wmm_placement *pl, wmm_strbuf *out)
{
  wmm_strbuf_printf(out, "%s under %s", p->name, wmm_model_name(o->model));
  if (o->from != WMM_MODEL_SC)
    wmm_strbuf_printf(out, " from %s (%ld kept: %s allows them)",
                      wmm_model_name(o->from), pl->nkept,
                      wmm_model_name(o->from));
  wmm_strbuf_printf(out, ": %ld critical cycle%s, %d delay%s\n",
                    pl->nclass_cycles, pl->nclass_cycles == 1 ? "" : "s",
                    pl->ndelays, pl->ndelays == 1 ? "" : "s");
  if (pl->note[0])
    wmm_strbuf_printf(out, "  note: %s\n", pl->note);
  for (int i = 0; i < pl->ncycles; i++) {
    const wmm_cycle *c = &pl->cycles[i];
    wmm_strbuf_printf(out, "cycle %d: ", i);
    cycle_text(p, c, out);
    wmm_strbuf_printf(out, "\n  shape: %s\n  needs one of: %s\n",
                      c->shape ? c->shape : "", c->need ? c->need : "");
    if (c->program)
      wmm_strbuf_printf(out, "  program:\n%s", c->program);
  }
  for (int i = 0; i < pl->ndelays; i++) {
    const wmm_delay *d = &pl->delays[i];
    wmm_strbuf_puts(out, "delay ");
    delay_text(p, d, out);
    wmm_strbuf_printf(out, ": %s", wmm_fence_name(d->need));
    if (d->cycle >= 0)
      wmm_strbuf_printf(out, " (cycle %d)\n", d->cycle);
    else
      wmm_strbuf_puts(out, " (per pair)\n");
  }
}
