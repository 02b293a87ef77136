/* locks.cc — lock-protected accesses need no fence among themselves.
 *
 * A location is protected by lock m when every access to it in concurrent
 * code runs while m is held (must-held: on every path since a lock(m)
 * without an unlock(m)), and no access to an unknown address runs without
 * m.  Critical sections of m are mutually exclusive and lock/unlock are
 * full fences, so a critical cycle through a po pair of one critical
 * section whose second access is protected by m cannot happen: its com
 * edges would have to go both ways between two sections that the lock
 * orders.  The plugin tells the analysis by putting an IR-only full fence
 * before each protected access inside a critical section (nothing is
 * emitted for it; the dump shows "F sync  ; lock order").
 *
 * Example:  lock(&m); x = 1; r = y; unlock(&m)   in two threads (SB under
 *   a lock): x and y are protected by m, the pair (W x, R y) is ordered,
 *   no fence is placed.  Without the lock, two fences.
 *
 * Locks: pthread_mutex_lock/unlock, pthread_spin_lock/unlock, mtx_lock/
 * unlock, pthread_rwlock_wrlock/unlock, named by the object their argument
 * points to (&m, &s.lock, &locks[2]); a lock through an unknown pointer is
 * not tracked (its accesses count as unprotected).  Within one function
 * only: accesses in a function called from a critical section count as
 * unprotected.
 */
#include "plugin.h"

namespace {

enum lock_op { LOCK_NONE, LOCK_ACQUIRE, LOCK_RELEASE };

lock_op
lock_kind (gimple *stmt)
{
  if (!is_gimple_call (stmt))
    return LOCK_NONE;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !DECL_NAME (fn))
    return LOCK_NONE;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  static const char *const acquire[] = {
    "pthread_mutex_lock", "pthread_spin_lock", "mtx_lock",
    "pthread_rwlock_wrlock"
  };
  static const char *const release[] = {
    "pthread_mutex_unlock", "pthread_spin_unlock", "mtx_unlock",
    "pthread_rwlock_unlock"
  };
  for (const char *s : acquire)
    if (!strcmp (n, s))
      return LOCK_ACQUIRE;
  for (const char *s : release)
    if (!strcmp (n, s))
      return LOCK_RELEASE;
  return LOCK_NONE;
}

/* The lock object a lock call's first argument points to, as a bit of
 * u->lock_ids (-1 = unknown). */
int
lock_bit (wmm_unitinfo *u, gimple *stmt)
{
  tree arg = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0) : NULL;
  if (arg && TREE_CODE (arg) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (arg)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (arg)))
    arg = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (arg));
  if (!arg || TREE_CODE (arg) != ADDR_EXPR)
    return -1;
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree base = get_inner_reference (TREE_OPERAND (arg, 0), &bitsize, &bitpos,
                                   &offset, &mode, &unsignedp, &reversep,
                                   &volatilep);
  HOST_WIDE_INT pos;
  if (!base || !DECL_P (base) || offset || !bitpos.is_constant (&pos))
    return -1;
  for (unsigned i = 0; i < u->lock_ids.length (); i++)
    if (u->lock_ids[i].first == base && u->lock_ids[i].second == pos)
      return i;
  if (u->lock_ids.length () >= 64)
    return -1;
  u->lock_ids.safe_push (std::make_pair (base, pos));
  return u->lock_ids.length () - 1;
}

} // anon namespace

struct wmm_locks {
  wmm_unitinfo *u;
  auto_vec<wmm_region_set> in;   /* must-held locks at each block entry */
};

wmm_region_set
wmm_locks_step (wmm_locks *l, gimple *stmt, wmm_region_set held)
{
  lock_op k = lock_kind (stmt);
  if (k == LOCK_NONE)
    return held;
  int b = lock_bit (l->u, stmt);
  if (k == LOCK_ACQUIRE)
    return b >= 0 ? held | (1ULL << b) : held;
  return b >= 0 ? held & ~(1ULL << b) : 0;
}

wmm_locks *
wmm_locks_begin (wmm_unitinfo *u, function *fn)
{
  wmm_locks *l = new wmm_locks;
  l->u = u;
  int nb = last_basic_block_for_fn (fn);
  l->in.safe_grow_cleared (nb);
  auto_vec<wmm_region_set> out;
  auto_vec<bool> seen;
  out.safe_grow_cleared (nb);
  seen.safe_grow_cleared (nb);
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  /* Must-analysis: intersection over the predecessors seen so far;
     iterate to the (greatest) fixpoint. */
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          wmm_region_set s = ~0ULL;
          bool any = false;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->preds)
            {
              if (e->src->index < NUM_FIXED_BLOCKS)
                {
                  s = 0;
                  any = true;
                }
              else if (seen[e->src->index])
                {
                  s &= out[e->src->index];
                  any = true;
                }
            }
          if (!any)
            s = 0;
          l->in[bb->index] = s;
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            s = wmm_locks_step (l, gsi_stmt (gsi), s);
          if (!seen[bb->index] || s != out[bb->index])
            {
              out[bb->index] = s;
              seen[bb->index] = true;
              changed = true;
            }
        }
    }
  free (rpo);
  return l;
}

wmm_region_set
wmm_locks_at (const wmm_locks *l, basic_block bb)
{
  return bb->index < (int) l->in.length () ? l->in[bb->index] : 0;
}

void
wmm_locks_end (wmm_locks *l)
{
  delete l;
}

void
wmm_order_protected (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  if (u->lock_ids.is_empty ())
    return;
  /* protected_by[l]: locks held at every access to location l. */
  auto_vec<wmm_region_set> prot;
  prot.safe_grow (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    prot[l] = ~0ULL;
  wmm_region_set unknown = ~0ULL;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode; i++)
        {
          if (!wmm_instr_is_access (&t->code[i]))
            continue;
          wmm_region_set held = unit->sites[i].held;
          int l = t->code[i].addr.loc_hint;
          if (l >= 0 && l < p->nlocs)
            prot[l] &= held;
          else
            unknown &= held;
        }
    }
  for (int l = 0; l < p->nlocs; l++)
    prot[l] &= unknown;
  /* An IR-only full fence before each protected access in a section. */
  int added = 0;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      wmm_thread *t = &p->threads[unit->thread];
      for (int i = 0; i < t->ncode; i++)
        {
          int l = t->code[i].addr.loc_hint;
          if (!wmm_instr_is_access (&t->code[i]) || l < 0 || l >= p->nlocs
              || !(prot[l] & unit->sites[i].held))
            continue;
          wmm_fence full = u->model == WMM_MODEL_POWER ? WMM_FENCE_SYNC
                           : u->model == WMM_MODEL_ARMV7 ? WMM_FENCE_DMB
                           : u->model == WMM_MODEL_ARMV8 ? WMM_FENCE_DMB_ISH
                           : WMM_FENCE_MFENCE;
          if (wmm_thread_insert_fence (p, unit->thread, i, full) < 0)
            return;
          t = &p->threads[unit->thread];
          /* The new instruction joins the access's statement group
             [f, l]; later groups move up by one. */
          int f = unit->sites[i].first, last = unit->sites[i].last;
          wmm_site s = unit->sites[i];
          s.operand = -1;
          s.name = NULL;
          s.summary = false;
          s.lock_order = true;
          unit->sites.safe_insert (i, s);
          for (unsigned j = 0; j < unit->sites.length (); j++)
            {
              wmm_site *o = &unit->sites[j];
              if (o->first == f && (int) j >= f && (int) j <= last + 1)
                o->last = last + 1;
              else if (o->first > last)
                {
                  o->first++;
                  o->last++;
                }
            }
          i++;   /* skip the access itself */
          added++;
        }
    }
  if (added)
    wmm_note (u, "%d accesses are protected by locks: no fence orders them "
              "inside their critical sections", added);
}
