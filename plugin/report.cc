/* report.cc — tell the user about every fence: on request a GCC note (a
 * warning in mode=warn) at the fence's position, one line, or with the
 * cycle it breaks as text and as a diagnostic path (notes=2); a summary line
 * per unit (summary); and the JSON report file (mode-independent content,
 * deterministic, written atomically).
 *
 * Example notes (notes=1, then notes=2):
 *   mp.c:6:6: note: wmmfence: inserted 'lwsync' (lwsync) in 'P0' orders
 *     P0 W x mp.c:5:6 before P0 W y mp.c:6:6
 *   ... before P0 W y mp.c:6:6; cycle: P0 W x mp.c:5:6 ->
 *     P0 W y mp.c:6:6 -> P1 R y mp.c:10:12 -> P1 R x mp.c:11:12
 * Example summary: "cc1: note: wmmfence: mp.c: 2 fences inserted
 *   (2 lwsync), cost 2 (model power, optimal)"
 * JSON (one object; see docs/plugin.md for every field):
 *   {"tool":"wmmfence","file":"mp.c","model":"power","status":"optimal",
 *    "fences":[{"function":"P0","line":6,"kind":"lwsync",...}], ...}
 */
#include "plugin.h"
#include "strbuf.h"

/* Instruction i of IR thread t, or NULL (out of range: a unit's end). */
const wmm_instr *
wmm_instr_at (const wmm_unitinfo *u, int t, int i)
{
  if (!u->prog || t < 0 || t >= u->prog->nthreads || i < 0
      || i >= u->prog->threads[t].ncode)
    return NULL;
  return &u->prog->threads[t].code[i];
}

const char *
wmm_access_letter (const wmm_instr *in)
{
  if (!in)
    return "end";
  switch (in->op)
    {
    case WMM_OP_LOAD: case WMM_OP_LOAD_EX: return "R";
    case WMM_OP_STORE: case WMM_OP_STORE_EX: return "W";
    case WMM_OP_RMW: return "RMW";
    default: return "?";
    }
}

/* "x", or the reference's name for an unknown address. */
const char *
wmm_access_name (const wmm_unitinfo *u, int t, int i)
{
  const wmm_instr *in = wmm_instr_at (u, t, i);
  if (!in)
    return "?";
  /* anonymous words (fresh heap memory) are shown by their reference */
  if (in->addr.loc_hint >= 0 && in->addr.loc_hint < u->prog->nlocs
      && u->prog->locs[in->addr.loc_hint].name[0] != '?')
    return u->prog->locs[in->addr.loc_hint].name;
  const wmm_unit *unit = wmm_unit_of_thread (u, t);
  if (unit && i < (int) unit->sites.length () && unit->sites[i].name)
    return unit->sites[i].name;
  return "?";
}


namespace {

location_t
instr_location (const wmm_unitinfo *u, int t, int i)
{
  const wmm_unit *unit = wmm_unit_of_thread (u, t);
  if (!unit || i < 0 || i >= (int) unit->sites.length ())
    return UNKNOWN_LOCATION;
  return unit->sites[i].loc;
}

/* "file:line:col" of an instruction (from the IR, so it is stable). */
void
pos_text (wmm_strbuf *b, const wmm_unitinfo *u, const wmm_instr *in)
{
  if (!in)
    {
      wmm_strbuf_puts (b, "(end)");
      return;
    }
  const char *file = in->pos.file >= 0 && in->pos.file < u->prog->nfiles
                     ? u->prog->files[in->pos.file] : "?";
  wmm_strbuf_printf (b, "%s:%d:%d", file, in->pos.line, in->pos.col);
}

} // anon namespace

int
wmm_listed_delays (const wmm_placement *pl, const wmm_placed_fence *pf,
                   int *out)
{
  int n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < pf->ndelays && n < WMM_REPORT_MAX_PAIRS; k++)
      {
        const wmm_delay *d = &pl->delays[pf->delays[k]];
        bool witnessed = d->cycle >= 0 && d->cycle < pl->ncycles;
        if (witnessed == (pass == 0))
          out[n++] = pf->delays[k];
      }
  return n;
}

const char *
wmm_site_function_name (const wmm_unitinfo *u, int t, int i)
{
  const wmm_unit *unit = wmm_unit_of_thread (u, t);
  if (unit && i >= 0 && i < (int) unit->sites.length () && unit->sites[i].fn
      && unit->sites[i].fn->decl)
    return lang_hooks.decl_printable_name (unit->sites[i].fn->decl, 1);
  return u->prog->threads[t].name;
}

namespace {

/* One access as text: "P0 W x t.c:5:3". */
void
access_text (wmm_strbuf *b, const wmm_unitinfo *u, int t, int i)
{
  const wmm_instr *in = wmm_instr_at (u, t, i);
  wmm_strbuf_printf (b, "%s %s %s ", wmm_site_function_name (u, t, i),
                     wmm_access_letter (in), wmm_access_name (u, t, i));
  pos_text (b, u, in);
}

/* The cycle of delay d as text. */
void
cycle_text (wmm_strbuf *b, const wmm_unitinfo *u, const wmm_placement *pl,
            const wmm_delay *d)
{
  for (int e = 0; e < pl->cycles[d->cycle].nev; e++)
    {
      int t, i;
      wmm_delay_event (pl, d, e, &t, &i);
      if (e)
        wmm_strbuf_puts (b, " -> ");
      access_text (b, u, t, i);
    }
}

/* JSON object of one access. */
void
json_access (wmm_strbuf *b, const wmm_unitinfo *u, int t, int i)
{
  const wmm_instr *in = wmm_instr_at (u, t, i);
  wmm_strbuf_puts (b, "{\"function\":");
  wmm_strbuf_json_string (b, wmm_site_function_name (u, t, i));
  wmm_strbuf_printf (b, ",\"index\":%d,\"access\":\"%s\",\"location\":", i,
                     wmm_access_letter (in));
  wmm_strbuf_json_string (b, wmm_access_name (u, t, i));
  wmm_strbuf_printf (b, ",\"known_address\":%s,\"file\":",
                     in && in->addr.loc_hint >= 0 ? "true" : "false");
  wmm_strbuf_json_string (b, in && in->pos.file >= 0
                             && in->pos.file < u->prog->nfiles
                          ? u->prog->files[in->pos.file] : "");
  wmm_strbuf_printf (b, ",\"line\":%d,\"column\":%d}", in ? in->pos.line : 0,
                     in ? in->pos.col : 0);
}

const char *
status_name (const wmm_placement *pl)
{
  switch (pl->status)
    {
    case WMM_PLACE_OPTIMAL: return "optimal";
    case WMM_PLACE_FEASIBLE: return "feasible";
    default: return "greedy";
    }
}

} // anon namespace

location_t
wmm_position_location (const wmm_unitinfo *u, int t, int i)
{
  const wmm_unit *unit = wmm_unit_of_thread (u, t);
  if (!unit)
    return UNKNOWN_LOCATION;
  if (i < (int) unit->sites.length () && unit->sites[i].loc != UNKNOWN_LOCATION)
    return unit->sites[i].loc;
  /* Glue or the end: the last located instruction before it. */
  for (int k = MIN (i, (int) unit->sites.length ()) - 1; k >= 0; k--)
    if (unit->sites[k].loc != UNKNOWN_LOCATION)
      return unit->sites[k].loc;
  return unit->fn ? unit->fn->function_end_locus : UNKNOWN_LOCATION;
}

/* The one line per translation unit of `summary`:
 * "sb.c: 2 fences inserted (2 mfence), cost 2 (model tso, optimal)". */
static void
summary_text (wmm_strbuf *b, const wmm_unitinfo *u, const wmm_placement *pl)
{
  const wmm_plugin_options *o = u->opts;
  wmm_strbuf_printf (b, "%s: ", wmm_unit_name ());
  if (!u->prog)
    {
      wmm_strbuf_printf (b, "nothing runs concurrently, no fence (model %s)",
                         wmm_model_name (u->model));
      return;
    }
  const char *status = o->nmarks ? "debug" : status_name (pl);
  if (pl->nfences == 0)
    {
      wmm_strbuf_printf (b, "no fence needed (model %s, %s)",
                         wmm_model_name (u->model), status);
      return;
    }
  wmm_strbuf_printf (b, "%d %s %s (", pl->nfences,
                     pl->nfences == 1 ? "fence" : "fences",
                     o->mode == WMM_MODE_INSERT ? "inserted"
                     : o->mode == WMM_MODE_WARN ? "missing" : "needed");
  bool first = true;
  for (int k = WMM_FENCE_NONE + 1; k < WMM_FENCE_COUNT; k++)
    {
      int n = 0;
      for (int f = 0; f < pl->nfences; f++)
        n += pl->fences[f].kind == k;
      if (!n)
        continue;
      wmm_strbuf_printf (b, "%s%d %s", first ? "" : ", ", n,
                         wmm_fence_name ((wmm_fence) k));
      first = false;
    }
  wmm_strbuf_printf (b, "), cost %g (model %s, %s)", pl->total_cost,
                     wmm_model_name (u->model), status);
}

/* The reference model as the notes name it ("x86-TSO" for tso). */
static const char *
reference_title (wmm_model from)
{
  switch (from)
    {
    case WMM_MODEL_TSO: return "x86-TSO";
    case WMM_MODEL_PSO: return "PSO";
    case WMM_MODEL_RMO: return "RMO";
    default: return wmm_model_name (from);
    }
}

/* The per-fence notes, the warnings of mode=warn and the summary line.
 * Levels (option `notes`): 0 no note, 1 one line per fence (what it orders;
 * no source excerpt), 2 also the cycle, as text and as a diagnostic path.
 * Default: 0 in insert mode, 1 in report mode; warnings always (level 1
 * detail unless notes=2). */
void
wmm_report_diagnostics (wmm_unitinfo *u, const wmm_placement *pl)
{
  const wmm_plugin_options *o = u->opts;
  wmm_plugin_mode mode = o->mode;
  int level = o->notes >= 0 ? o->notes : mode == WMM_MODE_REPORT ? 1 : 0;
  if (o->quiet)
    level = 0;
  bool warn = mode == WMM_MODE_WARN;
  int detail = warn && level < 1 ? 1 : level;
  for (int f = 0; (warn || level > 0) && f < pl->nfences; f++)
    {
      const wmm_placed_fence *pf = &pl->fences[f];
      const wmm_unit *unit = wmm_unit_of_thread (u, pf->thread);
      location_t loc = wmm_position_location (u, pf->thread, pf->index);
      /* At the link step a position may be in inlined code: its block
         would make GCC print the inlining context ("At top level:"). */
      if (wmm_lto_phase_now () == WMM_LTO_LINK)
        loc = LOCATION_LOCUS (loc);
      const wmm_delay *d = pf->ndelays > 0 ? &pl->delays[pf->delays[0]] : NULL;
      const wmm_cycle *c = d && d->cycle >= 0 && d->cycle < pl->ncycles
                           ? &pl->cycles[d->cycle] : NULL;
      wmm_strbuf msg = WMM_STRBUF_INIT;
      if (d)
        {
          wmm_strbuf_puts (&msg, "orders ");
          access_text (&msg, u, d->thread, d->from);
          wmm_strbuf_puts (&msg, " before ");
          access_text (&msg, u, d->to_thread, d->to);
          if (pf->ndelays > 1)
            wmm_strbuf_printf (&msg, " (and %d more pairs)", pf->ndelays - 1);
          if ((wmm_model) o->from != WMM_MODEL_SC)
            wmm_strbuf_printf (&msg, " (keeps %s behaviour)",
                               reference_title ((wmm_model) o->from));
          if (c && detail >= 2)
            {
              wmm_strbuf_puts (&msg, "; cycle: ");
              cycle_text (&msg, u, pl, d);
            }
        }
      else
        wmm_strbuf_puts (&msg, "requested by -fplugin-arg-wmmfence-debug-fence");
      /* Level 2: the cycle as a diagnostic path (-fdiagnostics-path-format). */
      pretty_printer event_pp;
      simple_diagnostic_path path (&event_pp);
      for (int e = 0; c && detail >= 2 && e < c->nev; e++)
        {
          int t, i;
          wmm_delay_event (pl, d, e, &t, &i);
          const wmm_unit *eu = wmm_unit_of_thread (u, t);
          path.add_event (instr_location (u, t, i), eu ? eu->decl : NULL_TREE, 0,
                          "%s %s in %s", wmm_access_letter (wmm_instr_at (u, t, i)),
                          wmm_access_name (u, t, i), wmm_site_function_name (u, t, i));
        }
      gcc_rich_location rich (loc);
      if (path.num_events ())
        rich.set_path (&path);
      const char *fname = unit ? wmm_site_function_name (u, pf->thread,
                                                         pf->index) : "?";
      /* Level 1 is one line: no source excerpt under the note. */
      bool caret = global_dc->show_caret;
      if (!warn && detail < 2)
        global_dc->show_caret = false;
      if (warn)
        warning_at (&rich, 0, "wmmfence: missing %qs fence in %qs: %s",
                    wmm_fence_name (pf->kind), fname, wmm_strbuf_str (&msg));
      else
        inform (&rich, "wmmfence: %s%qs (%s) in %qs %s",
                mode == WMM_MODE_INSERT ? "inserted " : "needs ",
                wmm_fence_name (pf->kind), wmm_fence_instruction (pf->kind),
                fname, wmm_strbuf_str (&msg));
      global_dc->show_caret = caret;
      wmm_strbuf_free (&msg);
    }
  if (o->summary && !o->quiet)
    {
      wmm_strbuf line = WMM_STRBUF_INIT;
      summary_text (&line, u, pl);
      inform (UNKNOWN_LOCATION, "wmmfence: %s", wmm_strbuf_str (&line));
      wmm_strbuf_free (&line);
    }
  if (o->verbose)
    for (char *n : u->notes)
      inform (UNKNOWN_LOCATION, "wmmfence: %s", n);
}

bool
wmm_report_json (wmm_unitinfo *u, const wmm_placement *pl, char **vol,
                 const char *path)
{
  wmm_strbuf b = WMM_STRBUF_INIT;
  static const char *const modes[] = { "insert", "warn", "report" };
  wmm_strbuf_puts (&b, "{\n  \"tool\": \"wmmfence\",\n  \"file\": ");
  wmm_strbuf_json_string (&b, wmm_unit_name ());
  wmm_strbuf_printf (&b, ",\n  \"model\": \"%s\",\n  \"from\": \"%s\",\n"
                     "  \"mode\": \"%s\",\n", wmm_model_name (u->model),
                     wmm_model_name ((wmm_model) u->opts->from),
                     modes[u->opts->mode]);
  if (u->opts->deps_addr)
    wmm_strbuf_puts (&b, "  \"deps\": \"addr\",\n");
  if (u->opts->locks_acqrel)
    wmm_strbuf_puts (&b, "  \"locks\": \"acqrel\",\n");
  wmm_strbuf_printf (&b, "  \"concurrent\": %s,\n",
                     u->prog ? "true" : "false");
  wmm_strbuf_printf (&b, "  \"status\": \"%s\",\n  \"note\": ",
                     u->opts->nmarks ? "debug" : status_name (pl));
  wmm_strbuf_json_string (&b, pl->note);
  wmm_strbuf_printf (&b, ",\n  \"total_cost\": %g,\n  \"fences\": [",
                     pl->total_cost);
  for (int f = 0; f < pl->nfences; f++)
    {
      const wmm_placed_fence *pf = &pl->fences[f];
      const wmm_thread *t = &u->prog->threads[pf->thread];
      wmm_strbuf_puts (&b, f ? ",\n    {" : "\n    {");
      wmm_strbuf_puts (&b, "\"function\": ");
      wmm_strbuf_json_string (&b, wmm_site_function_name (u, pf->thread,
                                                          pf->index));
      const wmm_instr *at = pf->index < t->ncode ? &t->code[pf->index] : NULL;
      expanded_location xl
        = expand_location (wmm_position_location (u, pf->thread, pf->index));
      wmm_strbuf_puts (&b, ", \"file\": ");
      wmm_strbuf_json_string (&b, xl.file ? xl.file : "");
      wmm_strbuf_printf (&b, ", \"line\": %d, \"column\": %d, \"position\": %d,"
                         " \"before\": ", xl.line, xl.column, pf->index);
      if (at && wmm_instr_is_access (at))
        json_access (&b, u, pf->thread, pf->index);
      else
        wmm_strbuf_puts (&b, "null");
      wmm_strbuf_printf (&b, ", \"kind\": \"%s\", \"instruction\": ",
                         wmm_fence_name (pf->kind));
      wmm_strbuf_json_string (&b, wmm_fence_instruction (pf->kind));
      int listed[WMM_REPORT_MAX_PAIRS];
      int nlisted = wmm_listed_delays (pl, pf, listed);
      wmm_strbuf_printf (&b, ", \"cost\": %g, \"pairs\": %d, \"orders\": [",
                         pf->cost, pf->ndelays);
      for (int k = 0; k < nlisted; k++)
        {
          const wmm_delay *d = &pl->delays[listed[k]];
          wmm_strbuf_puts (&b, k ? ",\n      {\"from\": " : "\n      {\"from\": ");
          json_access (&b, u, d->thread, d->from);
          wmm_strbuf_puts (&b, ", \"to\": ");
          json_access (&b, u, d->to_thread, d->to);
          wmm_strbuf_puts (&b, ", \"cycle\": [");
          if (d->cycle >= 0 && d->cycle < pl->ncycles)
            for (int e = 0; e < pl->cycles[d->cycle].nev; e++)
              {
                if (e)
                  wmm_strbuf_puts (&b, ", ");
                int t, i;
                wmm_delay_event (pl, d, e, &t, &i);
                json_access (&b, u, t, i);
              }
          wmm_strbuf_puts (&b, "]}");
        }
      wmm_strbuf_puts (&b, nlisted ? "\n    ]}" : "]}");
    }
  wmm_strbuf_puts (&b, pl->nfences ? "\n  ],\n  \"volatile\": [" :
                   "],\n  \"volatile\": [");
  int nv = 0;
  for (int t = 0; vol && u->prog && t < u->prog->nthreads; t++)
    for (int i = 0; i < u->prog->threads[t].ncode; i++)
      if (vol[t][i] && wmm_instr_is_access (&u->prog->threads[t].code[i]))
        {
          wmm_strbuf_puts (&b, nv++ ? ",\n    " : "\n    ");
          json_access (&b, u, t, i);
        }
  wmm_strbuf_puts (&b, nv ? "\n  ],\n  \"notes\": [" : "],\n  \"notes\": [");
  for (unsigned k = 0; k < u->notes.length (); k++)
    {
      wmm_strbuf_puts (&b, k ? ",\n    " : "\n    ");
      wmm_strbuf_json_string (&b, u->notes[k]);
    }
  wmm_strbuf_puts (&b, u->notes.length () ? "\n  ]" : "]");
  wmm_reflocks_json (&b);
  if (u->check_json)
    {
      wmm_strbuf_puts (&b, ",\n  \"check\": ");
      wmm_strbuf_puts (&b, u->check_json);
    }
  wmm_strbuf_puts (&b, "\n}\n");
  bool ok = !b.failed
            && wmm_write_file_atomically (path, wmm_strbuf_str (&b), b.len);
  wmm_strbuf_free (&b);
  return ok;
}

bool
wmm_write_file_atomically (const char *path, const char *text, size_t len)
{
  char *tmp = xasprintf ("%s.tmpXXXXXX", path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      error ("wmmfence: cannot write %qs: %m", path);
      free (tmp);
      return false;
    }
  size_t done = 0;
  while (done < len)
    {
      ssize_t w = write (fd, text + done, len - done);
      if (w <= 0)
        break;
      done += w;
    }
  bool ok = done == len;
  if (close (fd) != 0)
    ok = false;
  if (ok)
    {
      mode_t mask = umask (0);
      umask (mask);
      chmod (tmp, 0666 & ~mask);
      ok = rename (tmp, path) == 0;
    }
  if (!ok)
    {
      error ("wmmfence: cannot write %qs: %m", path);
      unlink (tmp);
    }
  free (tmp);
  return ok;
}
