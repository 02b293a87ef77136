/* publish.cc — fresh objects published under a lock: what their creator
 * does to them before the publication races with nothing.
 *
 * A thread allocates an object, fills it, and stores its address into a
 * slot that only critical sections of a lock m touch (protect.cc); every
 * thread that takes an address out of a slot only dereferences it, tests
 * it, frees it, gives it to calls that keep no copy or stores it into a
 * slot again.  Then the only way to the object is through a section of m
 * that comes after the publishing one, and the creator's accesses before
 * the publication happen before every access of another thread (unlock,
 * then lock).  No execution has a communication edge into them from
 * another thread, and every edge out of them is implied by the lock: they
 * are taken out of the analysis like private data (docs/plugin.md,
 * "Private data").  The object's accesses after the publication stay
 * shared.
 *
 * Slots are locations of the IR: protected ones, not exported, that every
 * access of running code touches with a plain load into an SSA name or a
 * plain store (a global `slot`, a member `q.head`, the `next` member of
 * heap nodes pushed under the lock), where every pointer loaded from a
 * slot only goes where it may (above).  "Before the publication": no path
 * from a store of the object's address reaches the access without running
 * its allocation again.
 *
 * Example:  p = malloc (sizeof *p); p->a = i; p->b = 2 * i;
 *   lock (&m); slot = p; unlock (&m);        -- producer: p->a, p->b private
 *   lock (&m); q = slot; slot = 0; unlock (&m); use (q->b, q->a); free (q);
 *   message passing through the fields needs no fence (Power: 2 lwsyncs).
 */
#include "plugin.h"

namespace {

/* One allocation published into slots. */
struct publication {
  gimple *root;              /* the malloc-like call */
  auto_vec<gimple *> stores; /* every store of its address */
  auto_vec<gimple *> points; /* those of the allocating function and its
                                calls that store the address */
  hash_set<tree> names;      /* the web's SSA names */
};

/* The unit's IR and what is known of its slots. */
struct slots {
  wmm_unitinfo *u;
  auto_vec<bool> is;                 /* per location: a slot (so far) */
  const vec<bool> *hiddenv;          /* per location: a hidden static */
  hash_map<gimple *, bool> stores;   /* store statement -> writes slots only */
};

/* The locations access `in` may touch, visited until visit returns false;
 * false when it may touch any location at all (no alias set). */
template <typename F>
bool
each_loc (const wmm_program *p, const wmm_instr *in, F visit)
{
  int l = in->addr.loc_hint;
  if (l >= 0 && l < p->nlocs)
    return visit (l), true;
  if (in->addr.alias < 0 || in->addr.alias >= p->naliases)
    return false;
  const wmm_locset *s = &p->aliases[in->addr.alias];
  for (int k = 0; k < s->n; k++)
    if (!visit (s->locs[k]))
      break;
  return true;
}

/* Can location l be a slot before its accesses are looked at: protected,
 * shared, and, when it is a declared object, one only this unit names? */
bool
slot_shape (const wmm_program *p, int l, wmm_region_set prot)
{
  if (!prot || p->locs[l].is_private)
    return false;
  tree d = wmm_location_decl (l);
  return !d || (VAR_P (d) && is_global_var (d) && !TREE_PUBLIC (d)
                && !DECL_EXTERNAL (d) && !DECL_THREAD_LOCAL_P (d));
}

/* Does every location `in` may touch lie in the slots? */
bool
only_slots (const slots &S, const wmm_instr *in)
{
  bool all = true;
  bool known = each_loc (S.u->prog, in, [&] (int l) {
    all = S.is[l];
    return all;
  });
  return known && all;
}

/* Does site s hold a plain load into an SSA name (*lhs) or a plain store
 * of an SSA name or a constant? */
bool
plain_access (const wmm_site &s, const wmm_instr *in, tree *lhs)
{
  *lhs = NULL_TREE;
  if (s.summary || s.operand < 0 || !s.stmt || !gimple_assign_single_p (s.stmt))
    return false;
  tree l = gimple_assign_lhs (s.stmt), r = gimple_assign_rhs1 (s.stmt);
  if (in->op == WMM_OP_LOAD && s.operand == 1 && TREE_CODE (l) == SSA_NAME)
    return *lhs = l, true;
  return in->op == WMM_OP_STORE && s.operand == 0
         && (TREE_CODE (r) == SSA_NAME || CONSTANT_CLASS_P (r));
}

/* Do all the statements in `stores` write slots only (every access of
 * theirs in the IR; a statement the IR lacks writes who knows what)? */
bool
into_slots (const slots &S, const vec<gimple *> &stores)
{
  for (gimple *s : stores)
    {
      bool *ok = const_cast<slots &> (S).stores.get (s);
      if (!ok || !*ok)
        return false;
    }
  return true;
}

/* One pass over the accesses that may touch slots: a location stops being
 * a slot when such an access is not plain, or loads a pointer that goes
 * elsewhere than into slots.  Did any stop? */
bool
drop_leaky (slots &S)
{
  wmm_program *p = S.u->prog;
  /* Which store statements write slots only, with the slots as they are. */
  S.stores.empty ();
  for (wmm_unit &unit : S.u->units)
    {
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        if (t->code[i].op == WMM_OP_STORE && unit.sites[i].stmt)
          {
            bool seen;
            bool &ok = S.stores.get_or_insert (unit.sites[i].stmt, &seen);
            ok = only_slots (S, &t->code[i]) && (!seen || ok);
          }
    }
  bool dropped = false;
  for (wmm_unit &unit : S.u->units)
    {
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        {
          const wmm_instr *in = &t->code[i];
          if (!wmm_instr_is_access (in))
            continue;
          /* The stand-in of an unknown call touches no hidden object. */
          bool standin = unit.sites[i].summary;
          auto slot = [&] (int l) { return S.is[l] && !(standin && (*S.hiddenv)[l]); };
          bool touches = false;
          bool known = each_loc (p, in, [&] (int l) {
            touches |= slot (l);
            return !touches;
          });
          if (known && !touches)
            continue;
          tree lhs;
          bool ok = known && plain_access (unit.sites[i], in, &lhs);
          if (ok && lhs && POINTER_TYPE_P (TREE_TYPE (lhs)))
            {
              auto_vec<gimple *> stores;
              function *fn = unit.sites[i].fn ? unit.sites[i].fn : unit.fn;
              ok = wmm_web_stores (lhs, fn->decl, &stores)
                   && into_slots (S, stores);
            }
          if (ok)
            continue;
          auto drop = [&] (int l) {
            if (slot (l))
              S.is[l] = false, dropped = true;
            return true;
          };
          if (!known)
            for (int l = 0; l < p->nlocs; l++)
              drop (l);
          else
            each_loc (p, in, drop);
        }
    }
  return dropped;
}

/* The memory reference of access site s when it dereferences an SSA
 * pointer (*p, p->f, p[i]): that pointer, else NULL. */
tree
deref_base (const wmm_site &s)
{
  if (s.summary || s.operand < 0 || !s.stmt || !is_gimple_assign (s.stmt))
    return NULL_TREE;
  tree ref = gimple_op (s.stmt, s.operand == 0 ? 0 : 1);
  tree base = ref ? get_base_address (ref) : NULL_TREE;
  if (!base || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return NULL_TREE;
  return TREE_OPERAND (base, 0);
}

/* Is the access at stmt, through a name of pub's web, before every
 * publication: no store of the address reaches it without the allocation
 * running again? */
bool
before_publication (const publication *pub, gimple *stmt)
{
  for (gimple *s : pub->points)
    if (s == stmt || wmm_reaches_avoiding (s, stmt, pub->root))
      return false;
  return true;
}

/* The allocations of the code units whose addresses are stored into
 * slots and nowhere else. */
void
find_publications (slots &S, auto_vec<publication *> *pubs)
{
  hash_set<function *> seen;
  for (wmm_unit &unit : S.u->units)
    if (unit.fn && !seen.add (unit.fn))
      wmm_each_stmt (unit.fn, [&] (gimple *s) {
        tree lhs = is_gimple_call (s) && (gimple_call_flags (s) & ECF_MALLOC)
                   ? gimple_call_lhs (s) : NULL_TREE;
        if (!lhs || TREE_CODE (lhs) != SSA_NAME)
          return;
        publication *pub = new publication;
        if (wmm_fresh_root (lhs, &pub->stores, &pub->points, &pub->names) == s
            && !pub->points.is_empty () && into_slots (S, pub->stores))
          {
            pub->root = s;
            pubs->safe_push (pub);
          }
        else
          delete pub;
      });
}

} // namespace

int
wmm_publish_private (wmm_unitinfo *u, const vec<wmm_region_set> &prot,
                     const vec<bool> &hidden)
{
  wmm_program *p = u->prog;
  slots S;
  S.u = u;
  S.hiddenv = &hidden;
  S.is.safe_grow_cleared (p->nlocs);
  bool any = false;
  for (int l = 0; l < p->nlocs && l < (int) prot.length (); l++)
    any |= S.is[l] = slot_shape (p, l, prot[l]);
  if (!any)
    return 0;
  while (drop_leaky (S))
    ;
  auto_vec<publication *> pubs;
  find_publications (S, &pubs);
  int fresh = -1, made = 0;
  for (wmm_unit &unit : u->units)
    {
      for (int i = 0; i < p->threads[unit.thread].ncode && !pubs.is_empty ();
           i++)
        {
          wmm_instr *in = &p->threads[unit.thread].code[i];
          tree b = wmm_instr_is_access (in) ? deref_base (unit.sites[i])
                                             : NULL_TREE;
          const publication *pub = NULL;
          for (unsigned k = 0; b && !pub && k < pubs.length (); k++)
            if (pubs[k]->names.contains (b))
              pub = pubs[k];
          if (!pub || !before_publication (pub, unit.sites[i].stmt))
            continue;
          if (fresh < 0 && (fresh = wmm_program_loc (p, "(unpublished)")) < 0)
            break;
          p->locs[fresh].is_private = 1;
          p->threads[unit.thread].code[i].addr.loc_hint = fresh;
          made++;
        }
    }
  for (publication *pub : pubs)
    delete pub;
  if (made)
    wmm_note (u, "%d accesses to fresh objects before their publication "
              "under a lock are private (no other thread reaches the "
              "objects until it takes the lock)", made);
  return made;
}
