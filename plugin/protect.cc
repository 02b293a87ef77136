/* protect.cc — lock-protected accesses need no fence among themselves.
 *
 * A location is protected by lock m when every access to it in concurrent
 * code runs while m is held (must-held, locks.cc: on every path since a
 * lock(m) without an unlock(m), through lock wrappers and into callees
 * called only under m), and no access to an unknown address runs without
 * m.  Critical sections of m are mutually exclusive and lock/unlock are
 * full fences, so a critical cycle through a po pair of one critical
 * section whose second access is protected by m cannot happen: its com
 * edges would have to go both ways between two sections that the lock
 * orders.  The plugin tells the analysis by putting an IR-only full fence
 * before each protected access inside a critical section (nothing is
 * emitted for it; the dump shows "F sync  ; lock order").
 *
 * A member reached through a pointer parameter while the lock inside the
 * same object is held (`c->value` under `c->lock`) counts as guarded by
 * "that lock of its object" (locks.cc, wmm_locks_own).
 *
 * Read-write locks: a read lock's side (its own bit, locks.cc) excludes
 * only the write side, so a read under rdlock(l) counts as guarded by l
 * when every write of its location runs under wrlock(l); a write under
 * a read lock is guarded by nothing.  The argument above holds because
 * every access that can conflict with a guarded one runs in a section
 * exclusive with its own.
 *
 * Example:  lock(&m); x = 1; r = y; unlock(&m)   in two threads (SB under
 *   a lock): x and y are protected by m, the pair (W x, R y) is ordered,
 *   no fence is placed.  Without the lock, two fences.
 */
#include "plugin.h"

/* May access `in` (of unknown address) touch location l?  (Its alias
 * set, tbaa.cc.) */
static bool
may_access (const wmm_program *p, const wmm_instr *in, int l)
{
  return !p->locs[l].is_private && wmm_alias_contains (p, in->addr.alias, l);
}

/* The exclusive locks that keep access i of unit apart from every write
 * to its location (read locks count for reads only), with the locks in the
 * object it touches (wmm_locks_own: `c->value` under `c->lock`). */
static wmm_region_set
excluding (wmm_unitinfo *u, const wmm_unit *unit, int i)
{
  const wmm_instr *in = &u->prog->threads[unit->thread].code[i];
  const wmm_site *site = &unit->sites[i];
  wmm_region_set excl = wmm_locks_excluding (u, site->held,
                                             wmm_instr_writes (in));
  /* Only keys that name one lock everywhere can show two sections of
     different threads exclusive; a parameter's lock still names the lock
     of the object its access touches (wmm_locks_own). */
  wmm_region_set held = wmm_locks_one_object (u, excl);
  if (!excl || site->summary || site->operand < 0 || !site->stmt
      || !is_gimple_assign (site->stmt))
    return held;
  tree ref = gimple_op (site->stmt, site->operand == 0 ? 0 : 1);
  function *fn = site->fn ? site->fn : unit->fn;
  return held | wmm_locks_own (u, ref, fn ? fn->decl : NULL_TREE, excl,
                               site->via);
}

wmm_region_set
wmm_access_locks (wmm_unitinfo *u, const wmm_unit *unit, int i)
{
  return excluding (u, unit, i);
}

/* Is access `in`, run while `held` (as excluding() counts it), protected:
 * every location it may touch is guarded by a lock held here? */
static bool
is_protected (const wmm_program *p, const wmm_instr *in,
              const vec<wmm_region_set> &prot, wmm_region_set held)
{
  int l = in->addr.loc_hint;
  if (l >= 0 && l < p->nlocs)
    return !p->locs[l].is_private && (prot[l] & held);
  if (!held)
    return false;
  for (int m = 0; m < p->nlocs; m++)
    if (may_access (p, in, m) && !(prot[m] & held))
      return false;
  return true;
}

/* Which code units run at all: thread entries and the units a running
 * unit calls (WMM_OP_CALL); when a running unit calls unknown code, also
 * the units that code may call back (their accesses are not the unknown
 * call's stand-in: hidden objects, below).  A function whose every call
 * site had its code collected in place (collect.cc) is a unit nothing
 * calls: its generic copy (pointers not bound to the callers' arguments)
 * never runs and must not make every location it might touch unguarded. */
void
wmm_running_units (const wmm_unitinfo *u, vec<bool> *runs)
{
  const wmm_program *p = u->prog;
  runs->safe_grow_cleared (p->nthreads);
  auto_vec<int> work;
  for (int t = 0; t < p->nthreads; t++)
    if (p->threads[t].entry)
      {
        (*runs)[t] = true;
        work.safe_push (t);
      }
  bool unknown = false;
  while (!work.is_empty ())
    {
      int ti = work.pop ();
      const wmm_thread *t = &p->threads[ti];
      const wmm_unit *un = wmm_unit_of_thread (u, ti);
      for (int i = 0; i < t->ncode; i++)
        {
          int c = t->code[i].target;
          /* the C++ library's own code given only numbers calls nothing
             of the unit back (locks.cc, wmm_std_scalar_call) */
          if (t->code[i].op == WMM_OP_CALL && c < 0 && !unknown
              && !(un && i < (int) un->sites.length () && un->sites[i].stmt
                   && is_gimple_call (un->sites[i].stmt)
                   && wmm_std_scalar_call (un->sites[i].stmt)))
            {
              unknown = true;
              for (const wmm_unit &o : u->units)
                if (o.thread >= 0 && o.thread < p->nthreads
                    && !(*runs)[o.thread] && o.node
                    && (wmm_called_back_by_name (o.node)
                        || wmm_address_given_away (o.node)))
                  {
                    (*runs)[o.thread] = true;
                    work.safe_push (o.thread);
                  }
            }
          if (t->code[i].op == WMM_OP_CALL && c >= 0 && c < p->nthreads
              && !(*runs)[c])
            {
              (*runs)[c] = true;
              work.safe_push (c);
            }
        }
    }
}

/* Does some access of the unit come from an atomic store, exchange or
 * compare-exchange builtin (a release slot's store may be one)? */
static bool
has_atomic_store (wmm_unitinfo *u)
{
  for (const wmm_unit &unit : u->units)
    for (const wmm_site &s : unit.sites)
      if (!s.summary && s.stmt && wmm_sized_atomic_call (s.stmt))
        {
          const char *n = wmm_callee_name (s.stmt);
          if (n && (!strncmp (n, "__atomic_store_", 15)
                    || !strncmp (n, "__atomic_exchange_", 18)
                    || !strncmp (n, "__atomic_compare_exchange_", 26)))
            return true;
        }
  return false;
}

/* What protection needs of the unit, the same on every round of
 * wmm_order_protected: the code units that run, the statics no code
 * outside the unit can name, and the units some code of the unit calls
 * (not collected at the call site; otherwise a unit's own parameters hold
 * only what code outside the unit passes, never a hidden object's
 * address). */
struct protect_ctx {
  auto_vec<bool> runs, hidden, called;
  hash_set<tree> *params;
};

static void
protect_setup (wmm_unitinfo *u, protect_ctx *c)
{
  wmm_program *p = u->prog;
  wmm_running_units (u, &c->runs);
  wmm_escapes &escaped = *wmm_locks_escaped (u, &c->params);
  hash_set<tree> called_back;
  wmm_callback_statics (u, &c->runs, &called_back);
  c->hidden.safe_grow_cleared (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    {
      HOST_WIDE_INT pos, size;
      tree d = wmm_location_decl (l, &pos, &size);
      c->hidden[l] = wmm_static_part_hidden (escaped, d, pos, size)
                     && !called_back.contains (d);
    }
  c->called.safe_grow_cleared (p->nthreads);
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      if (p->threads[t].code[i].op == WMM_OP_CALL
          && p->threads[t].code[i].target >= 0
          && p->threads[t].code[i].target < p->nthreads)
        c->called[p->threads[t].code[i].target] = true;
}

/* prot[l]: the locks held at every access to location l. */
static void
protection (wmm_unitinfo *u, const protect_ctx &c,
            auto_vec<wmm_region_set> &prot)
{
  wmm_program *p = u->prog;
  prot.truncate (0);
  prot.safe_grow (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    prot[l] = ~0ULL;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      if (!c.runs[unit->thread])
        continue;
      wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode; i++)
        {
          if (!wmm_instr_is_access (&t->code[i]))
            continue;
          wmm_region_set held = excluding (u, unit, i);
          int l = t->code[i].addr.loc_hint;
          /* The stand-in of an unknown call, or an access through a
             pointer read from memory or returned by a call, touches no
             hidden object. */
          const wmm_site *site = &unit->sites[i];
          bool standin = site->summary
                         || (l < 0 && site->operand >= 0 && site->stmt
                             && is_gimple_assign (site->stmt)
                             && wmm_ref_never_hidden (
                                  gimple_op (site->stmt,
                                             site->operand == 0 ? 0 : 1),
                                  (site->fn && site->fn != unit->fn)
                                  || c.called[unit->thread] ? c.params
                                                            : NULL));
          if (l >= 0 && l < p->nlocs)
            prot[l] &= held;
          else
            for (int m = 0; m < p->nlocs; m++)
              if (may_access (p, &t->code[i], m)
                  && !(standin && c.hidden[m]))
                prot[m] &= held;
        }
    }
}

void
wmm_order_protected (wmm_unitinfo *u)
{
  /* Without locks only release / acquire slots can publish (publish.cc):
     nothing to do without an atomic store. */
  if (u->lock_ids.is_empty () && !has_atomic_store (u))
    return;
  /* What creators do to fresh objects before publishing them under a
     lock is private (publish.cc): taken out first, then put back for
     every object that turns out not to be published into slots only. */
  wmm_publish *pb = wmm_publish_begin (u);
  protect_ctx c;
  protect_setup (u, &c);
  auto_vec<wmm_region_set> prot;
  do
    protection (u, c, prot);
  while (wmm_publish_check (pb, prot, c.hidden, c.runs));
  wmm_publish_end (pb);
  wmm_program *p = u->prog;
  /* Each protected access is marked: every pair of its thread it belongs
     to counts as ordered on the cycles through it (WMM_ACC_SECTION, the
     core's placement), not the pairs around it.  A communication edge
     into or out of it joins another section of its lock, which runs
     wholly before or after this one: what its thread does before (or
     after) it happens before (or after) the other section's accesses,
     as strongly as the lock and unlock order.  Full fences (x86's locked
     instructions, ARMv7's dmb, and Power's and ARMv8's by default); with
     locks=acqrel, ARMv8's acquire / release (multi-copy atomic: as
     strong) and Power's lwsync / isync (WMM_ACC_SECTION_LW). */
  unsigned mark = u->opts->locks_acqrel && u->model == WMM_MODEL_POWER
                  ? WMM_ACC_SECTION_LW : WMM_ACC_SECTION;
  int added = 0;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode; i++)
        if (wmm_instr_is_access (&t->code[i])
            && is_protected (p, &t->code[i], prot, excluding (u, unit, i)))
          {
            t->code[i].flags |= mark;
            added++;
          }
    }
  if (added)
    wmm_note (u, "%d accesses are protected by locks: no fence orders them "
              "inside their critical sections", added);
}
