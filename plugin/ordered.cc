/* ordered.cc — run the core's placement on the collected program and decide
 * which accesses the compiler must keep in program order.
 *
 * Volatile (in program order, never merged or hoisted) are:
 *  - every access of a critical cycle (delay end points and witness
 *    cycles) under the chosen model;
 *  - for models that keep some pairs in hardware (sc, tso, pso), also every
 *    access of a critical cycle under the compiler's own model: RMO on a
 *    copy of the program where every fence, compiler barriers included, is
 *    a full fence (the compiler reorders anything but what such a barrier
 *    separates);
 *  - loads in a loop from a location another thread may store to
 *    (spin loops such as `while (!flag);`);
 *  - with deps=addr, every pointer load an address may depend on and
 *    every access whose address is computed from one (deps.cc): the
 *    dependency the placement credits must be the one in the binary (no
 *    load merged, forwarded from a store or read twice).
 * Example: SB on x86-TSO: the analysis puts an mfence between W x and R y
 *   in both threads and the four accesses become volatile.
 *
 * When the placement fails (a limit, out of memory), the sound fallback is
 * a full fence before every shared access and every access volatile; the
 * report says so.
 */
#include "plugin.h"

namespace {

char **
alloc_volatile (wmm_unitinfo *u)
{
  char **vol = XCNEWVEC (char *, u->prog->nthreads);
  for (int t = 0; t < u->prog->nthreads; t++)
    vol[t] = XCNEWVEC (char, u->prog->threads[t].ncode + 1);
  return vol;
}

void
mark (wmm_unitinfo *u, char **vol, int t, int i)
{
  if (t >= 0 && t < u->prog->nthreads && i >= 0
      && i < u->prog->threads[t].ncode
      && wmm_instr_is_access (&u->prog->threads[t].code[i]))
    vol[t][i] = 1;
}

/* Every access the placement's delays and cycles mention. */
void
mark_placement (wmm_unitinfo *u, const wmm_placement *pl, char **vol)
{
  for (int d = 0; d < pl->ndelays; d++)
    {
      mark (u, vol, pl->delays[d].thread, pl->delays[d].from);
      mark (u, vol, pl->delays[d].to_thread, pl->delays[d].to);
    }
  for (int c = 0; c < pl->ncycles; c++)
    for (int e = 0; e < pl->cycles[c].nev; e++)
      mark (u, vol, pl->cycles[c].ev[e].thread, pl->cycles[c].ev[e].index);
}

/* Is the statement of instruction i of code unit t inside a loop? */
bool
in_loop (const wmm_unitinfo *u, int t, int i)
{
  const wmm_unit *unit = wmm_unit_of_thread (u, t);
  if (!unit || i >= (int) unit->sites.length () || !unit->sites[i].bb)
    return true;
  basic_block bb = unit->sites[i].bb;
  function *fn = unit->sites[i].fn ? unit->sites[i].fn : unit->fn;
  if (!loops_for_fn (fn) || !bb->loop_father)
    return true;
  return bb_loop_depth (bb) > 0;
}

/* Spin loops: loads in loops of locations that other code may write. */
void
mark_spin_loads (wmm_unitinfo *u, char **vol)
{
  wmm_program *p = u->prog;
  /* Per code unit: the locations it writes, and whether it writes an
     unknown address (stand-ins of unknown calls do not count). */
  auto_vec<sbitmap> writes;
  auto_vec<bool> writes_unknown;
  for (int t = 0; t < p->nthreads; t++)
    {
      const wmm_unit *unit = wmm_unit_of_thread (u, t);
      sbitmap w = sbitmap_alloc (p->nlocs + 1);
      bitmap_clear (w);
      bool unknown = false;
      for (int j = 0; j < p->threads[t].ncode; j++)
        {
          const wmm_instr *in = &p->threads[t].code[j];
          if (!wmm_instr_writes (in)
              || (unit && j < (int) unit->sites.length ()
                  && unit->sites[j].summary))
            continue;
          if (in->addr.loc_hint >= 0 && in->addr.loc_hint < p->nlocs)
            bitmap_set_bit (w, in->addr.loc_hint);
          else
            unknown = true;
        }
      writes.safe_push (w);
      writes_unknown.safe_push (unknown);
    }
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      {
        const wmm_instr *in = &p->threads[t].code[i];
        if (in->op != WMM_OP_LOAD || !in_loop (u, t, i))
          continue;
        int l = in->addr.loc_hint;
        bool written = false;
        for (int t2 = 0; t2 < p->nthreads && !written; t2++)
          {
            if (t2 == t && p->threads[t].instances < 2 && p->threads[t].entry)
              continue;
            written = writes_unknown[t2]
                      || (l < 0 ? bitmap_first_set_bit (writes[t2]) >= 0
                          : bitmap_bit_p (writes[t2], l));
          }
        if (written)
          vol[t][i] = 1;
      }
  for (sbitmap w : writes)
    sbitmap_free (w);
}

/* deps=addr: the loads whose register is an address base, and the
 * accesses whose address uses one. */
void
mark_dep_accesses (wmm_unitinfo *u, char **vol)
{
  wmm_program *p = u->prog;
  int ndep = 0, nsrc = 0;
  for (int t = 0; t < p->nthreads; t++)
    {
      const wmm_thread *th = &p->threads[t];
      auto_sbitmap bases (th->nregs + 1);
      bitmap_clear (bases);
      for (int i = 0; i < th->ncode; i++)
        {
          const wmm_instr *in = &th->code[i];
          if (wmm_instr_is_access (in) && in->addr.base.kind == WMM_OPND_REG
              && in->addr.base.reg >= 0 && in->addr.base.reg < th->nregs)
            {
              bitmap_set_bit (bases, in->addr.base.reg);
              vol[t][i] = 1;
              ndep++;
            }
        }
      for (int i = 0; i < th->ncode; i++)
        {
          const wmm_instr *in = &th->code[i];
          if (wmm_instr_reads (in) && in->dst >= 0 && in->dst < th->nregs
              && bitmap_bit_p (bases, in->dst))
            {
              vol[t][i] = 1;
              nsrc++;
            }
        }
    }
  wmm_note (u, "deps=addr: %d accesses have an address dependency on one "
            "of %d pointer loads", ndep, nsrc);
}

/* The compiler's model: RMO with every fence a full fence. */
wmm_program *
compiler_view (const wmm_program *p)
{
  wmm_program *q = wmm_program_clone (p);
  if (!q)
    return NULL;
  for (int t = 0; t < q->nthreads; t++)
    for (int i = 0; i < q->threads[t].ncode; i++)
      if (q->threads[t].code[i].op == WMM_OP_FENCE)
        q->threads[t].code[i].fence = WMM_FENCE_MFENCE;
  return q;
}

/* The names of locations locs[0..n) quoted into b: "'a'", "'a' and
 * 'b'", "'a', 'b', 'c' and 3 more" (the first three). */
static void
name_locations (wmm_strbuf *b, const wmm_program *p, const int *locs, int n)
{
  int shown = n > 3 ? 3 : n;
  for (int k = 0; k < shown; k++)
    wmm_strbuf_printf (b, "%s'%s'", k == 0 ? "" : k == n - 1 ? " and " : ", ",
                       p->locs[locs[k]].name);
  if (n > shown)
    wmm_strbuf_printf (b, " and %d more", n - shown);
}

/* The sound fallback: a full fence before every access, all volatile. */
void
place_everywhere (wmm_unitinfo *u, wmm_placement *pl, char **vol, const char *why)
{
  wmm_placement_free (pl);
  memset (pl, 0, sizeof *pl);
  wmm_program *p = u->prog;
  int n = 0;
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      n += wmm_instr_is_access (&p->threads[t].code[i]);
  pl->fences = XCNEWVEC (wmm_placed_fence, n + 1);
  wmm_fence full = u->model == WMM_MODEL_POWER ? WMM_FENCE_SYNC
                   : u->model == WMM_MODEL_ARMV7 ? WMM_FENCE_DMB
                   : u->model == WMM_MODEL_ARMV8 ? WMM_FENCE_DMB_ISH
                   : WMM_FENCE_MFENCE;
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      if (wmm_instr_is_access (&p->threads[t].code[i]))
        {
          wmm_placed_fence *f = &pl->fences[pl->nfences++];
          f->thread = t;
          f->index = i;
          f->kind = full;
          f->cost = wmm_fence_cost (u->model, full);
          pl->total_cost += f->cost;
          vol[t][i] = 1;
        }
  pl->status = WMM_PLACE_GREEDY;
  snprintf (pl->note, sizeof pl->note, "placement failed (%.120s): a full fence "
            "before every shared access", why);
  wmm_note (u, "%s", pl->note);
}

} // anon namespace

const wmm_unit *
wmm_unit_of_thread (const wmm_unitinfo *u, int t)
{
  for (unsigned k = 0; k < u->units.length (); k++)
    if (u->units[k].thread == t)
      return &u->units[k];
  return NULL;
}

bool
wmm_compute_placement (wmm_unitinfo *u, wmm_placement *pl, char ***volp)
{
  char **vol = alloc_volatile (u);
  *volp = vol;
  memset (pl, 0, sizeof *pl);
  wmm_place_opts o = wmm_place_opts_default (u->model);
  o.time_limit = u->opts->time_limit;
  o.force_greedy = u->opts->greedy;
  o.max_cycles = u->opts->max_cycles;
  o.use_freq = 1;
  o.from = (wmm_model) u->opts->from;
  o.want_cycle = u->want_cycle;
  o.want_cycle_arg = u->want_cycle_arg;
  wmm_error err;
  memset (&err, 0, sizeof err);
  /* For models that keep some pairs in hardware, also the compiler's own
     model: every fence full, under rmo (placed with the first one: the
     event graph and the cycles are the same). */
  bool view = u->model == WMM_MODEL_SC || u->model == WMM_MODEL_TSO
              || u->model == WMM_MODEL_PSO;
  wmm_program *q = view ? compiler_view (u->prog) : NULL;
  wmm_place_opts oc = wmm_place_opts_default (WMM_MODEL_RMO);
  oc.force_greedy = 1;
  oc.from = o.from;
  oc.max_cycles = u->opts->max_cycles;
  wmm_placement pc;
  memset (&pc, 0, sizeof pc);
  wmm_error errc;
  memset (&errc, 0, sizeof errc);
  int rc_view = -1;
  int rc = q ? wmm_place_twin (u->prog, &o, pl, &err, q, &oc, &pc, &errc, &rc_view)
             : wmm_place (u->prog, &o, pl, &err);
  if (rc < 0)
    {
      if (rc_view == 0)
        wmm_placement_free (&pc);
      if (q)
        wmm_program_free (q);
      place_everywhere (u, pl, vol, err.msg);
      return true;
    }
  if (pl->status != WMM_PLACE_OPTIMAL && pl->note[0])
    wmm_note (u, "%s", pl->note);
  for (int k = 0; k < pl->nsilent; k++)
    wmm_note (u, "'%s' is only ever stored one constant while the threads "
              "run and none reads it: the order of its stores cannot be "
              "seen, no fence orders them", u->prog->locs[pl->silent[k]].name);
  if (pl->nblind)
    {
      wmm_strbuf names = WMM_STRBUF_INIT;
      name_locations (&names, u->prog, pl->blind, pl->nblind);
      wmm_note (u, "%s %s only ever updated by atomic operations that "
                "commute and whose old values are used nowhere while the "
                "threads run: the order of the updates cannot be seen, no "
                "fence orders them", wmm_strbuf_str (&names),
                pl->nblind > 1 ? "are" : "is");
      wmm_strbuf_free (&names);
    }
  if (o.from != WMM_MODEL_SC)
    wmm_note (u, "reference model %s: %ld critical cycle(s) it allows kept "
              "without a fence", wmm_model_name (o.from), pl->nkept);
  mark_placement (u, pl, vol);
  if (view)
    {
      if (rc_view == 0)
        mark_placement (u, &pc, vol);
      else
        {
          wmm_note (u, "the compiler-order analysis failed: every shared "
                    "access is kept in program order");
          for (int t = 0; t < u->prog->nthreads; t++)
            for (int i = 0; i < u->prog->threads[t].ncode; i++)
              mark (u, vol, t, i);
        }
      if (rc_view == 0)
        wmm_placement_free (&pc);
      if (q)
        wmm_program_free (q);
    }
  mark_spin_loads (u, vol);
  if (u->opts->deps_addr)
    mark_dep_accesses (u, vol);
  return true;
}

void
wmm_free_volatile (wmm_unitinfo *u, char **vol)
{
  if (!vol)
    return;
  for (int t = 0; u->prog && t < u->prog->nthreads; t++)
    free (vol[t]);
  free (vol);
}
