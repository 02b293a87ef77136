/* cegar.cc — goal=assertions: counterexample-guided fence placement.
 * Instead of breaking every critical cycle (restoring SC, or the `from`
 * model), break only the cycles that counterexamples of the unit's
 * assertions use:
 *   1. place with no cycle wanted (the unfenced code, apart from pairs the
 *      cycle search decided per pair), check it (check.cc, on the code with
 *      the candidate's fences where emit.cc would put them);
 *   2. unsafe: the counterexample's events that lie on a cycle of its
 *      po | rf | co | fr graph are the reorderings it relies on (one
 *      cycle per round: the shortest through the latest read of the
 *      thread whose assertion fails); every
 *      critical cycle whose accesses (location, read/write) are all among
 *      them becomes wanted; place again (wmm_place_opts.want_cycle);
 *   3. repeat until the check says safe (within the bound: the guarantee is
 *      bounded) — or fall back to the full placement (sound, and said so)
 *      when the check answers unknown, when a counterexample adds no cycle,
 *      or after MAX_ROUNDS rounds.
 * Only the final placement is emitted (wmmfence.cc), and the usual check
 * then runs on the emitted code.
 *
 * Example: message passing plus an unrelated store-buffering pair on power:
 *   gcc ... -fplugin-arg-wmmfence-goal=assertions
 *   note: wmmfence: goal=assertions: cost 2 after 2 check(s) (restoring sc
 *         costs 6); safe up to the bound, unwind 2
 */
#include "plugin.h"
#include "bmc.h"

namespace {

const int MAX_ROUNDS = 8;

/* One access kind at one location that a counterexample reorders. */
struct used_access {
  char *loc;
  bool write;
};

struct cegar_state {
  wmm_unitinfo *u;
  vec<used_access> used;
};

bool
is_used (const cegar_state *st, const char *loc, bool write)
{
  for (const used_access &a : st->used)
    if (a.write == write && !strcmp (a.loc, loc))
      return true;
  return false;
}

/* wmm_place_opts.want_cycle: are all the cycle's accesses used? */
int
want_cycle (const wmm_cycle *c, void *arg)
{
  const cegar_state *st = (const cegar_state *) arg;
  const wmm_program *p = st->u->prog;
  for (int k = 0; k < c->nev; k++)
    {
      const wmm_cycle_event *e = &c->ev[k];
      if (e->loc < 0 || e->loc >= p->nlocs)
        continue;   /* an unknown address: keep the cycle if the rest is */
      const char *name = p->locs[e->loc].name;
      bool ok = e->is_write == 2
                ? is_used (st, name, true) || is_used (st, name, false)
                : is_used (st, name, e->is_write != 0);
      if (!ok)
        return 0;
    }
  return 1;
}

/* Depth-first numbering for Tarjan's strongly connected components. */
struct scc_walk {
  const vec<vec<int> > *succ;
  vec<int> index, low, stack, comp;
  vec<bool> on;
  int next, ncomp;
};

void
strong (scc_walk *w, int v)
{
  w->index[v] = w->low[v] = w->next++;
  w->stack.safe_push (v);
  w->on[v] = true;
  for (int x : (*w->succ)[v])
    if (w->index[x] < 0)
      {
        strong (w, x);
        w->low[v] = MIN (w->low[v], w->low[x]);
      }
    else if (w->on[x])
      w->low[v] = MIN (w->low[v], w->index[x]);
  if (w->low[v] == w->index[v])
    {
      int x;
      do
        {
          x = w->stack.pop ();
          w->on[x] = false;
          w->comp[x] = w->ncomp;
        }
      while (x != v);
      w->ncomp++;
    }
}

/* Add event i of r's counterexample to the used accesses; 1 when new. */
int
learn_event (cegar_state *st, const wmm_verify_result *r, int i)
{
  const wmm_wit_event *e = &r->witness.ev[i];
  if (e->kind == WMM_EV_INIT || e->kind == WMM_EV_FENCE || e->loc < 0
      || e->loc >= r->flat->nlocs)
    return 0;
  const char *name = r->flat->locs[e->loc].name;
  bool write = e->kind == WMM_EV_WRITE;
  if (is_used (st, name, write))
    return 0;
  st->used.safe_push (used_access { xstrdup (name), write });
  return 1;
}

/* Add the accesses of one cycle of the counterexample's po | rf | co | fr
 * graph (reorderings it uses): the shortest through the latest read of
 * the failing thread that adds one; how many were new. */
int
learn (cegar_state *st, const wmm_verify_result *r)
{
  const wmm_witness *w = &r->witness;
  int n = w->nev;
  auto_vec<vec<int> > succ;
  succ.safe_grow_cleared (n);
  /* po: consecutive events of one thread (listed in program order) */
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (w->ev[j].thread == w->ev[i].thread && w->ev[i].thread >= 0
          && w->ev[i].kind != WMM_EV_INIT)
        {
          succ[i].safe_push (j);
          break;
        }
  for (int i = 0; i < n; i++)
    {
      const wmm_wit_event *a = &w->ev[i];
      if (a->kind == WMM_EV_FENCE || a->loc < 0)
        continue;
      for (int j = 0; j < n; j++)
        {
          const wmm_wit_event *b = &w->ev[j];
          if (i == j || b->loc != a->loc || b->kind == WMM_EV_FENCE)
            continue;
          bool aw = a->kind != WMM_EV_READ, bw = b->kind != WMM_EV_READ;
          if (aw && bw && a->co < b->co)
            succ[i].safe_push (j);                       /* co */
          else if (aw && !bw && b->rf == i)
            succ[i].safe_push (j);                       /* rf */
          else if (!aw && bw && a->rf >= 0 && a->rf < n
                   && w->ev[a->rf].co < b->co)
            succ[i].safe_push (j);                       /* fr */
        }
    }
  scc_walk sw;
  sw.succ = &succ;
  sw.index = vNULL;
  sw.low = vNULL;
  sw.stack = vNULL;
  sw.comp = vNULL;
  sw.on = vNULL;
  sw.index.safe_grow (n);
  sw.low.safe_grow (n);
  sw.comp.safe_grow (n);
  sw.on.safe_grow_cleared (n);
  for (int i = 0; i < n; i++)
    sw.index[i] = -1;
  sw.next = sw.ncomp = 0;
  for (int i = 0; i < n; i++)
    if (sw.index[i] < 0)
      strong (&sw, i);
  auto_vec<int> size;
  size.safe_grow_cleared (sw.ncomp);
  for (int i = 0; i < n; i++)
    size[sw.comp[i]]++;
  /* The failing thread's error store. */
  int fail = -1;
  for (int i = 0; i < n && fail < 0; i++)
    if (w->ev[i].kind == WMM_EV_WRITE && w->ev[i].loc >= 0
        && w->ev[i].loc < r->flat->nlocs
        && !strcmp (r->flat->locs[w->ev[i].loc].name, "__wmm_error"))
      fail = i;
  /* Learn the shortest cycle through the latest read of the failing
     thread that lies on a cycle and adds an access; then, failing that,
     whole components.  The other cycles wait for a later counterexample
     (fewer needless fences). */
  int added = 0;
  auto_vec<int> from;
  from.safe_grow (n);
  for (int x = fail - 1; x >= 0 && !added; x--)
    {
      if (w->ev[x].kind != WMM_EV_READ
          || w->ev[x].thread != w->ev[fail].thread || size[sw.comp[x]] < 2)
        continue;
      /* breadth-first from x back to x */
      for (int i = 0; i < n; i++)
        from[i] = -2;
      auto_vec<int> queue;
      queue.safe_push (x);
      from[x] = -1;
      bool closed = false;
      for (unsigned q = 0; q < queue.length () && !closed; q++)
        for (int y : succ[queue[q]])
          {
            if (y == x)
              {
                from[x] = queue[q];
                closed = true;
                break;
              }
            if (from[y] == -2)
              {
                from[y] = queue[q];
                queue.safe_push (y);
              }
          }
      if (!closed)
        continue;
      int v = x;
      do
        {
          added += learn_event (st, r, v);
          v = from[v];
        }
      while (v != x && v >= 0);
    }
  for (int c = 0; c < sw.ncomp && !added; c++)
    for (int i = 0; i < n; i++)
      if (sw.comp[i] == c && size[c] >= 2)
        added += learn_event (st, r, i);
  for (int i = 0; i < n; i++)
    succ[i].release ();
  sw.index.release ();
  sw.low.release ();
  sw.stack.release ();
  sw.comp.release ();
  sw.on.release ();
  return added;
}

/* The placement of the unit under the options as they are, its site
 * fences merged (what wmmfence.cc would emit). */
void
place (wmm_unitinfo *u, wmm_placement *pl, char ***vol)
{
  wmm_compute_placement (u, pl, vol);
  wmm_merge_site_fences (u, pl);
}

void
drop (wmm_unitinfo *u, wmm_placement *pl, char **vol)
{
  wmm_placement_free (pl);
  wmm_free_volatile (u, vol);
}

} // anon namespace

bool
wmm_goal_placement (wmm_unitinfo *u, wmm_placement *pl, char ***volp)
{
  const char *ref = wmm_model_name ((wmm_model) u->opts->from);
  /* The full placement: the fallback, and the cost to compare with. */
  wmm_placement full;
  char **full_vol = NULL;
  place (u, &full, &full_vol);
  double sc_cost = full.total_cost, full_cost = full.total_cost;
  if (u->opts->from != WMM_MODEL_SC)
    {
      wmm_placement scp;
      char **sc_vol = NULL;
      int from = u->opts->from;
      u->opts->from = WMM_MODEL_SC;
      place (u, &scp, &sc_vol);
      u->opts->from = from;
      sc_cost = scp.total_cost;
      drop (u, &scp, sc_vol);
    }
  cegar_state st;
  st.u = u;
  st.used = vNULL;
  u->want_cycle = want_cycle;
  u->want_cycle_arg = &st;
  const char *outcome = NULL;   /* why the full placement is kept */
  wmm_placement cand;
  char **cand_vol = NULL;
  memset (&cand, 0, sizeof cand);
  int rounds = 0;
  bool found = false;
  while (!found && !outcome)
    {
      place (u, &cand, &cand_vol);
      rounds++;
      bool has_error;
      wmm_verify_result r;
      wmm_check_placement (u, &cand, &r, &has_error);
      if (!has_error)
        outcome = "the unit has no assertions";
      else if (r.verdict == WMM_VERDICT_SAFE)
        found = true;
      else if (r.verdict == WMM_VERDICT_UNKNOWN)
        outcome = "the check gave no verdict";
      else if (!r.has_witness || learn (&st, &r) == 0)
        outcome = "a counterexample uses no new reordering (it may fail "
                  "under SC too)";
      else if (rounds >= MAX_ROUNDS)
        outcome = "too many rounds";
      wmm_verify_result_free (&r);
      if (!found)
        {
          drop (u, &cand, cand_vol);
          cand_vol = NULL;
          memset (&cand, 0, sizeof cand);
        }
    }
  u->want_cycle = NULL;
  u->want_cycle_arg = NULL;
  for (used_access &a : st.used)
    free (a.loc);
  st.used.release ();
  double cost;
  char *text;
  if (found)
    {
      drop (u, &full, full_vol);
      *pl = cand;
      *volp = cand_vol;
      cost = cand.total_cost;
      if (u->opts->from != WMM_MODEL_SC)
        text = xasprintf ("goal=assertions: cost %g after %d check(s) "
                          "(restoring %s costs %g, sc %g); safe up to the "
                          "bound, unwind %d", cost, rounds, ref, full_cost,
                          sc_cost, u->opts->unwind);
      else
        text = xasprintf ("goal=assertions: cost %g after %d check(s) "
                          "(restoring sc costs %g); safe up to the bound, "
                          "unwind %d", cost, rounds, sc_cost,
                          u->opts->unwind);
    }
  else
    {
      *pl = full;
      *volp = full_vol;
      cost = full.total_cost;
      text = xasprintf ("goal=assertions: %s after %d check(s): the full "
                        "placement restoring %s is kept (cost %g)", outcome,
                        rounds, ref, cost);
    }
  wmm_note (u, "%s", text);
  location_t where = u->units.length ()
                     ? DECL_SOURCE_LOCATION (u->units[0].decl)
                     : UNKNOWN_LOCATION;
  inform (where, "wmmfence: %s", text);
  free (text);
  free (u->goal_json);
  u->goal_json = xasprintf ("\"goal\": \"assertions\", \"goal_met\": %s, "
                            "\"iterations\": %d, \"cost\": %g, "
                            "\"sc_cost\": %g", found ? "true" : "false",
                            rounds, cost, sc_cost);
  if (u->opts->from != WMM_MODEL_SC)
    {
      char *more = xasprintf ("%s, \"from_cost\": %g", u->goal_json,
                              full_cost);
      free (u->goal_json);
      u->goal_json = more;
    }
  return true;
}
