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
 * are taken out of the analysis like private data (docs/plugin.md, "Fresh
 * objects published under a lock").  The object's accesses after the
 * publication stay shared.
 *
 * Slots are locations of the IR: protected ones, not exported, that every
 * access of running code touches with a plain load into an SSA name or a
 * plain store (a global `slot`, a member `q.head`, the `next` member of
 * heap nodes linked under the lock), where every pointer loaded from a
 * slot only goes where it may (above).  "Before the publication": no path
 * from a store of the object's address reaches the access without running
 * its allocation (or the constructor that returned it) again.
 *
 * Greatest fixpoint: every candidate publication's early accesses are
 * taken out first (a node's `next = 0` before it is linked in must not
 * make `next` unprotected); protection is computed; a publication that
 * stores into something that is no slot is undone, and again until none
 * is (protect.cc drives the loop).
 *
 * A heap array filled and published element by element in a loop
 * (`t[j].in = j; submit (&t[j])`): a point that published an earlier
 * round's element does not make a later round's access late
 * (pubelems.cc), when every slot's reader stays inside one element
 * (readers_within).
 *
 * An object stored into another fresh object before that one's
 * publication (`c->rbuf = malloc (n)`) is published with it
 * (nest_publication): the outer object's points are its points.
 *
 * x86-TSO (wmm_publish_tso) needs no lock: x86 makes a thread's earlier
 * accesses visible before any later store, so the accesses to a fresh
 * object, or to a local whose address escapes, before any use of its
 * address that may let it out (a store, a return, a call that may keep
 * it) are private there, whatever publishes it (docs/plugin.md, "Fresh
 * objects on x86-TSO").
 *
 * Example:  p = malloc (sizeof *p); p->a = i; p->b = 2 * i;
 *   lock (&m); slot = p; unlock (&m);        -- producer: p->a, p->b private
 *   lock (&m); q = slot; slot = 0; unlock (&m); use (q->b, q->a); free (q);
 *   message passing through the fields needs no fence (Power: 2 lwsyncs).
 */
#include "plugin.h"

namespace {

/* An access taken out of the analysis, and where it was. */
struct moved_access {
  int thread, index, loc;
  HOST_WIDE_INT element;  /* early only by element (pubelems.cc): the
                             element's size; 0 otherwise */
};

/* One allocation and where its address goes. */
struct publication {
  auto_vec<gimple *> stores;             /* every store of its address */
  auto_vec<wmm_fresh_segment *> segs;
  auto_vec<moved_access> moved;          /* its accesses before publication */
  auto_vec<publication *> inside;        /* the objects it was stored into
                                            before their publication */
  int nesting = 0;                       /* nest_publication: 0 not yet,
                                            1 under way, 2 done */
  tree array = NULL_TREE;                /* a local array (find_local_arrays):
                                            its direct accesses' owner */
  bool live = true;
  ~publication ()
  {
    for (wmm_fresh_segment *s : segs)
      delete s;
  }
};

} // namespace

/* The candidates of a unit (wmm_publish_begin .. wmm_publish_end). */
struct wmm_publish {
  wmm_unitinfo *u;
  auto_vec<publication *> pubs;
  int fresh = -1;                        /* the private location */
  hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int> was;  /* moved access
                                            (thread << 32 | index) -> loc */
};

namespace {

/* What is known of the slots. */
struct slots {
  wmm_publish *pb;
  auto_vec<bool> is;                 /* per location: a slot (so far) */
  auto_vec<bool> fixed;              /* per location: written only by early
                                        accesses of fresh objects (taken
                                        out): read-only once published */
  const vec<wmm_region_set> *prot;   /* per location: its protecting locks */
  auto_vec<wmm_region_set> stored;   /* per location: the locks held at
                                        every store to it */
  const vec<bool> *hiddenv;          /* per location: a hidden static */
  hash_map<gimple *, bool> stores;   /* store statement -> writes slots only */
  auto_vec<std::pair<tree, function *> > loaded;  /* pointers loaded from
                                        slots (drop_leaky's last pass) */
  const vec<bool> *runs;             /* per thread (code unit): it runs
                                        (wmm_running_units) */
  auto_vec<bool> rmw_only;           /* per location: only atomic
                                        read-modify-writes write it while
                                        the threads run (rmw_locations) */
  hash_set<gimple *> publishing;     /* the stores of the live
                                        publications */
};


/* Can location l be a slot before its accesses are looked at: shared,
 * and, when it is a declared object, one only this unit names (a static,
 * a global of main's unit when no code of another unit may run, or a
 * local of main whose address only reaches the unit's code:
 * `hidden`); protected, or a declared object that only atomics may touch
 * (checked with its accesses: release / acquire slots)? */
bool
slot_shape (const wmm_program *p, int l, wmm_region_set prot, bool hidden)
{
  if (p->locs[l].is_private)
    return false;
  tree d = wmm_location_decl (l);
  if (d && !DECL_P (d))
    d = NULL_TREE;   /* an object allocated once: heap memory */
  bool named = d && ((VAR_P (d) && is_global_var (d)
                      && (!TREE_PUBLIC (d) || !wmm_foreign_code_may_run ())
                      && !DECL_EXTERNAL (d) && !DECL_THREAD_LOCAL_P (d))
                     || (VAR_P (d) && !is_global_var (d) && hidden));
  return prot ? !d || named : named;
}

/* The memory order argument `k` of atomic builtin call site s of unit:
 * the one its calls give (wmm_site.order), else atomics.cc's, the
 * weakest its function's callers give. */
enum memmodel
order_at (wmm_unitinfo *u, const wmm_unit &unit, const wmm_site &s, unsigned k)
{
  /* (as the site's calls hand it down: libstdc++'s load (__m) called
     with acquire here and relaxed there) */
  if (k < WMM_SITE_ORDERS && (s.order_set >> k) & 1)
    return (enum memmodel) s.order[k];
  push_cfun (s.fn ? s.fn : unit.fn);
  enum memmodel mo = wmm_order_arg (u, s.stmt, k);
  pop_cfun ();
  return mo;
}

/* The pointer the integer result of atomic call `call` is converted to
 * and nothing else (`_1 = __atomic_load_8 (&slot, 2); p = (T *) _1`), or
 * NULL. */
tree
loaded_pointer (gimple *call)
{
  tree x = gimple_call_lhs (call);
  use_operand_p use;
  gimple *conv;
  if (!x || TREE_CODE (x) != SSA_NAME || !single_imm_use (x, &use, &conv)
      || !is_gimple_assign (conv)
      || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (conv))
      || TREE_CODE (gimple_assign_lhs (conv)) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (conv))))
    return NULL_TREE;
  return gimple_assign_lhs (conv);
}

/* The pointer an atomic load or exchange at site s gives the code it is
 * collected for: where the calls its code is collected for only return
 * it (libstdc++'s `load (acquire)`), the result of the outermost of them
 * (wmm_site.result), else loaded_pointer's. */
tree
site_loaded_pointer (const wmm_site &s)
{
  if (s.result)
    return POINTER_TYPE_P (TREE_TYPE (s.result)) ? s.result : NULL_TREE;
  return loaded_pointer (s.stmt);
}

/* The names a compare-exchange's failure value reaches in function fn:
 * its expected value `&local` is a local of fn that is only set, read
 * into SSA names (pushed to *loads) and given as the expected value of
 * compare-exchanges (wmm_cas_expected_local); false when not. */
bool
expected_loads (gimple *cas, function *fn, vec<tree> *loads)
{
  tree a = gimple_call_arg (cas, 1);
  tree local = TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0) : NULL_TREE;
  if (!local || !VAR_P (local) || DECL_CONTEXT (local) != fn->decl
      || !wmm_cas_expected_local (local))
    return false;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (gimple_assign_single_p (g) && gimple_assign_rhs1 (g) == local
        && TREE_CODE (gimple_assign_lhs (g)) == SSA_NAME)
      loads->safe_push (gimple_assign_lhs (g));
  });
  return true;
}

bool only_slots (const slots &S, int t, int i, const wmm_instr *in);

/* Is the one location access `in` touches the unit's only slot but the
 * words only early accesses write (S.fixed), with only atomic
 * read-modify-writes for writes (S.rmw_only)?  Then its modification
 * order is one release sequence after each release write in it: an
 * acquire load of any later value synchronises with every release write
 * before (C11 7.17.3: each read-modify-write continues the release
 * sequences it follows), whatever order the writes between have.  And
 * every object reachable was published into it (the fixed words hold
 * what their creators put there before publishing them into it), after
 * which any value of it read, or carried by its objects' fixed words,
 * comes later in that order: a pointer a thread read without acquiring
 * and only kept in an object it publishes there, or read from there and
 * stored back by a read-modify-write that does not release, reaches an
 * acquiring reader that synchronises with its own publication.  (With a
 * second slot, a pointer taken from one and put into the other could
 * reach a reader that synchronises with neither publication.) */
bool
rmw_slot (const slots &S, const wmm_instr *in)
{
  int l = in->addr.loc_hint;
  if (l < 0 || in->addr.base.kind == WMM_OPND_REG
      || in->addr.index.kind == WMM_OPND_REG || !S.rmw_only[l])
    return false;
  for (int k = 0; k < (int) S.is.length (); k++)
    if (k != l && S.is[k] && !S.fixed[k])
      return false;
  return true;
}

/* Does compare-exchange cas write the value it found, when it fails,
 * into a member of the fresh object it installs (`cas (&top, &n->next,
 * n, ...)`), taken out as an access before the publication, at slots
 * only?  Then the pointer it loads goes into a slot, as a slot load's
 * stored back does. */
bool
expected_in_fresh (const slots &S, const wmm_unit &unit, gimple *cas)
{
  const wmm_thread *t = &S.pb->u->prog->threads[unit.thread];
  for (int k = 0; k < t->ncode && k < (int) unit.sites.length (); k++)
    if (unit.sites[k].stmt == cas && unit.sites[k].cas_object
        && t->code[k].op == WMM_OP_STORE)
      return const_cast<slots &> (S).pb->was.get (
               (HOST_WIDE_INT) unit.thread << 32 | k)
             && only_slots (S, unit.thread, k, &t->code[k]);
  return false;
}

/* Is access i of unit (site s, instruction in) an atomic load, store,
 * exchange or compare-exchange of a pointer that may use release /
 * acquire slots?  `_1 = __atomic_load_8 (&slot, 2); p = (T *) _1`
 * acquiring, or reading with no order under a lock held at every store
 * of the locations it touches; `__atomic_store_8 (&slot, _7, 3)`
 * releasing; an exchange or compare-exchange that releases what it
 * stores (a null pointer needs no release) and acquires what it loads
 * (a compare-exchange's failure value goes to a local of the function,
 * read back into names: `while (!atomic_compare_exchange_strong (&slot,
 * &expected, fresh)) ...; return expected;`).  The names holding loaded
 * pointers go to *names. */
bool
atomic_slot_access (const slots &S, const wmm_unit &unit, int i,
                    const wmm_instr *in, vec<tree> *names)
{
  const wmm_site &s = unit.sites[i];
  if (s.summary || !s.stmt || !wmm_sized_atomic_call (s.stmt))
    return false;
  const char *n = wmm_callee_name (s.stmt);
  if (!n)
    return false;
  auto order = [&] (unsigned k) { return order_at (S.pb->u, unit, s, k); };
  if (in->op == WMM_OP_STORE && !strncmp (n, "__atomic_store_", 15))
    return TREE_CODE (gimple_call_arg (s.stmt, 1)) == SSA_NAME
           && wmm_order_releases (order (2));
  bool exchange = !strncmp (n, "__atomic_exchange_", 18)
                  && gimple_call_num_args (s.stmt) == 3;
  bool cas = !strncmp (n, "__atomic_compare_exchange_", 26)
             && gimple_call_num_args (s.stmt) == 6;
  if (in->op == WMM_OP_RMW && (exchange || cas))
    {
      tree v = gimple_call_arg (s.stmt, exchange ? 1 : 2);
      /* (what no publication stores into a read-modify-write slot, a
         pointer read from a slot, needs no release: the release of its
         own publication heads the slot's release sequence; a Treiber
         pop's `cas (&top, &n, n->next, acquire, acquire)`) */
      if (!(integer_zerop (v)
            || (TREE_CODE (v) == SSA_NAME
                && (wmm_order_releases (order (exchange ? 2 : 4))
                    || (rmw_slot (S, in)
                        && !const_cast<slots &> (S).publishing.contains (s.stmt))))))
        return false;
      function *fn = s.fn ? s.fn : unit.fn;
      if (exchange)
        {
          tree p = site_loaded_pointer (s);
          if (p)
            names->safe_push (p);
          return (p || !gimple_call_lhs (s.stmt))
                 && (wmm_order_acquires (order (2))
                     || (rmw_slot (S, in) && (!p || wmm_web_opaque (p))));
        }
      if (expected_in_fresh (S, unit, s.stmt))
        return wmm_order_acquires (order (5)) || rmw_slot (S, in);
      unsigned before = names->length ();
      if (!expected_loads (s.stmt, fn, names))
        return false;
      if (wmm_order_acquires (order (5)))
        return true;
      /* relaxed on failure: the pointers found go back into the node
         to be installed, never dereferenced (`do n->next = old; while
         (!cas (&top, &old, n, release, relaxed))`) */
      for (unsigned k = before; k < names->length (); k++)
        if (!wmm_web_opaque ((*names)[k]))
          return false;
      return rmw_slot (S, in);
    }
  if (in->op != WMM_OP_LOAD || strncmp (n, "__atomic_load_", 14))
    return false;
  tree p = site_loaded_pointer (s);
  if (!p)
    return false;
  names->safe_push (p);
  if (wmm_order_acquires (order (1)))
    return true;
  /* a relaxed load of a read-modify-write slot whose pointer the thread
     only keeps in memory and compares (a Treiber push's `n->next =
     atomic_load (&top, relaxed)`): whoever dereferences it reads it
     from a slot with an acquire (rmw_slot) */
  if (rmw_slot (S, in) && wmm_web_opaque (p))
    return true;
  wmm_region_set held = wmm_access_locks (S.pb->u, &unit, i);
  bool under = true;
  bool known = wmm_each_loc (S.pb->u->prog, in, [&] (int l) {
    /* (no unprotected slot: the locks at every access, at every store) */
    under = (held & (S.stored.is_empty () ? (*S.prot)[l] : S.stored[l])) != 0;
    return under;
  });
  return known && under;
}

/* Does every location store `in` (thread t, index i) may touch lie in the
 * slots?  A store taken out as an early access of a fresh object counts
 * with its own location (the object is reached through slots only). */
bool
only_slots (const slots &S, int t, int i, const wmm_instr *in)
{
  wmm_instr at = *in;
  if (const int *l = const_cast<slots &> (S).pb->was.get (
        (HOST_WIDE_INT) t << 32 | i))
    at.addr.loc_hint = *l;
  bool all = true;
  bool known = wmm_each_loc (S.pb->u->prog, &at, [&] (int l) {
    all = S.is[l];
    return all;
  });
  return known && all;
}

/* Does site s hold a plain load into an SSA name (*lhs) or a plain store
 * of an SSA name or a constant (an address of a declared object too)? */
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
         && (TREE_CODE (r) == SSA_NAME || is_gimple_min_invariant (r));
}

/* Is access `in` at site s a read that a known library call (no body in
 * the unit, not the stand-in of unknown code) makes through an argument,
 * the call writing no memory at all (printf's %s, strlen, strcmp, memcmp:
 * what it reads goes nowhere; memcpy, which may copy a slot's pointer,
 * writes)? */
bool
library_read (const wmm_site &s, const wmm_instr *in)
{
  if (s.summary || !s.stmt || !is_gimple_call (s.stmt) || in->op != WMM_OP_LOAD
      || wmm_sized_atomic_call (s.stmt)
      || (gimple_call_lhs (s.stmt)
          && POINTER_TYPE_P (TREE_TYPE (gimple_call_lhs (s.stmt)))))
    return false;
  tree fn = gimple_call_fndecl (s.stmt);
  cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
  if (!fn || (node && wmm_analysable_body (node)) || !DECL_NAME (fn))
    return false;
  /* the string and memory builtins that only compare or measure
     (collect.cc's memory_builtin reads) */
  if (fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE (fn))
      {
      case BUILT_IN_MEMCMP: case BUILT_IN_BCMP: case BUILT_IN_STRCMP:
      case BUILT_IN_STRNCMP: case BUILT_IN_STRCASECMP:
      case BUILT_IN_STRNCASECMP: case BUILT_IN_STRLEN: case BUILT_IN_STRNLEN:
        return true;
      default:
        break;
      }
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  unsigned reads = 0, writes = ~0u;
  if (wmm_lib_call_is_private (fn, name))
    wmm_lib_private_touch (name, &reads, &writes);
  else if (!wmm_lib_arg_touch_at (name, s.stmt, &reads, &writes))
    return false;
  return writes == 0;
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

/* Does every pointer loaded from a slot stay inside the first bytes of
 * its object, as many as the smallest element publication pub's early
 * accesses rely on (none: yes)?  Then a thread given `&a[j]` reaches no
 * other element of a. */
bool
readers_within (const slots &S, const publication *pub)
{
  HOST_WIDE_INT element = 0;
  for (const moved_access &m : pub->moved)
    if (m.element && (!element || m.element < element))
      element = m.element;
  if (!element)
    return true;
  for (const auto &l : S.loaded)
    if (!wmm_reader_within (l.first, l.second, element))
      return false;
  return true;
}

/* One pass over the accesses that may touch slots: a location stops being
 * a slot when such an access is not plain, or loads a pointer that goes
 * elsewhere than into slots.  Did any stop? */
bool
drop_leaky (slots &S)
{
  wmm_unitinfo *u = S.pb->u;
  wmm_program *p = u->prog;
  /* Which store statements write slots only, with the slots as they are. */
  S.stores.empty ();
  for (wmm_unit &unit : u->units)
    {
      if (!(*S.runs)[unit.thread])
        continue;
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        if ((t->code[i].op == WMM_OP_STORE || t->code[i].op == WMM_OP_RMW)
            && unit.sites[i].stmt)
          {
            bool seen;
            bool &ok = S.stores.get_or_insert (unit.sites[i].stmt, &seen);
            ok = only_slots (S, unit.thread, i, &t->code[i]) && (!seen || ok);
          }
    }
  bool dropped = false;
  S.loaded.truncate (0);
  for (wmm_unit &unit : u->units)
    {
      if (!(*S.runs)[unit.thread])
        continue;
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        {
          const wmm_instr *in = &t->code[i];
          if (!wmm_instr_is_access (in))
            continue;
          /* The stand-in of an unknown call touches no hidden object. */
          bool standin = unit.sites[i].summary;
          auto slot = [&] (int l) {
            return S.is[l] && !(standin && (*S.hiddenv)[l]);
          };
          bool touches = false;
          bool known = wmm_each_loc (p, in, [&] (int l) {
            touches |= slot (l);
            return !touches;
          });
          if (known && !touches)
            continue;
          /* a library function reading memory through a pointer
             argument (printf's %s, strlen) keeps no pointer it reads */
          if (library_read (unit.sites[i], in))
            continue;
          /* plain on protected slots (an unprotected one it touches is
             no slot: only release / acquire atomics may use it) */
          tree lhs;
          auto_vec<tree, 4> loaded;
          bool ok = known && plain_access (unit.sites[i], in, &lhs);
          if (ok)
            {
              wmm_each_loc (p, in, [&] (int l) {
                if (slot (l) && !(*S.prot)[l] && !S.fixed[l])
                  S.is[l] = false, dropped = true;
                return true;
              });
              if (lhs)
                loaded.safe_push (lhs);
            }
          else
            ok = known && atomic_slot_access (S, unit, i, in, &loaded);
          for (tree n : loaded)
            if (ok && POINTER_TYPE_P (TREE_TYPE (n)))
              {
                auto_vec<gimple *> stores;
                function *fn = n == unit.sites[i].result
                               ? unit.sites[i].result_fn
                               : unit.sites[i].fn ? unit.sites[i].fn : unit.fn;
                ok = wmm_web_stores (n, fn->decl, &stores)
                     && into_slots (S, stores);
                S.loaded.safe_push (std::make_pair (n, fn));
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
            wmm_each_loc (p, in, drop);
        }
    }
  return dropped;
}

/* The base of access site s's memory reference (get_base_address), or
 * NULL for a stand-in or an access outside an assignment. */
tree
site_ref_base (const wmm_site &s)
{
  if (s.summary || s.operand < 0 || !s.stmt || !is_gimple_assign (s.stmt))
    return NULL_TREE;
  tree ref = gimple_op (s.stmt, s.operand == 0 ? 0 : 1);
  return ref ? get_base_address (ref) : NULL_TREE;
}

/* Is site s a compare-exchange's read of *expected or its write back on
 * failure (collect.cc): `__atomic_compare_exchange_8 (&top, &n->next, n,
 * ...)`, with its pointer known in the unit's own function? */
bool
cas_expected_access (const wmm_site &s)
{
  return s.cas_object != NULL_TREE;
}

/* The SSA pointer access site s dereferences (*p, p->f, p[i]; a sized
 * atomic builtin's object `_1 = &p->f; __atomic_store_4 (_1, ...)`), or
 * NULL. */
tree
deref_base (const wmm_site &s)
{
  /* a compare-exchange's *expected (its object: the pointer in the
     unit's own function) */
  if (cas_expected_access (s))
    return s.cas_object;
  if (!s.summary && s.stmt && wmm_sized_atomic_call (s.stmt))
    {
      tree a = gimple_call_arg (s.stmt, 0);
      if (TREE_CODE (a) != SSA_NAME)
        return NULL_TREE;
      gimple *def = SSA_NAME_DEF_STMT (a);
      if (!SSA_NAME_IS_DEFAULT_DEF (a) && gimple_assign_single_p (def)
          && TREE_CODE (gimple_assign_rhs1 (def)) == ADDR_EXPR)
        {
          tree b = get_base_address (TREE_OPERAND (gimple_assign_rhs1 (def), 0));
          return b && TREE_CODE (b) == MEM_REF
                 && TREE_CODE (TREE_OPERAND (b, 0)) == SSA_NAME
                 ? TREE_OPERAND (b, 0) : NULL_TREE;
        }
      return a;
    }
  /* a library call's access through its pointer argument (`strcpy
     (p->name, ...)`: the name `_5 = &p->name` of the object's web) */
  if (!s.summary && s.ptr)
    return TREE_CODE (s.ptr) == SSA_NAME ? s.ptr : NULL_TREE;
  tree base = site_ref_base (s);
  if (!base || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return NULL_TREE;
  return TREE_OPERAND (base, 0);
}

/* Is there a path from compare-exchange cas, once it succeeded (the
 * exchange stores its new value: the publication), to statement `to`
 * that does not run `avoid` (the object made anew)?  Its success edge is
 * the branch on its result that follows it in its block (`if (_2 !=
 * 0)`); without one, any path from it counts. */
bool
success_reaches (gimple *cas, gimple *to, gimple *avoid)
{
  tree ok = gimple_call_lhs (cas);
  basic_block bb = gimple_bb (cas);
  gimple *last = last_stmt (bb);
  if (!ok || !last || gimple_code (last) != GIMPLE_COND)
    return wmm_reaches_avoiding (cas, to, avoid);
  gcond *cond = as_a<gcond *> (last);
  if (!integer_zerop (gimple_cond_rhs (cond))
      || (gimple_cond_code (cond) != NE_EXPR
          && gimple_cond_code (cond) != EQ_EXPR))
    return wmm_reaches_avoiding (cas, to, avoid);
  /* the result tested, maybe negated (`_6 = ~_22; if (_6 != 0)`) or
     converted, in this block */
  bool success_true = gimple_cond_code (cond) == NE_EXPR;
  tree v = gimple_cond_lhs (cond);
  for (int depth = 0; v != ok; depth++)
    {
      gimple *d = TREE_CODE (v) == SSA_NAME && depth < 4
                  ? SSA_NAME_DEF_STMT (v) : NULL;
      if (!d || gimple_bb (d) != bb || !is_gimple_assign (d))
        return wmm_reaches_avoiding (cas, to, avoid);
      enum tree_code code = gimple_assign_rhs_code (d);
      if (code == BIT_NOT_EXPR && TREE_CODE (TREE_TYPE (v)) == BOOLEAN_TYPE)
        success_true = !success_true;
      else if (!CONVERT_EXPR_CODE_P (code) && code != SSA_NAME)
        return wmm_reaches_avoiding (cas, to, avoid);
      v = gimple_assign_rhs1 (d);
    }
  /* (statements after the compare-exchange in its block run on both
     edges) */
  gimple_stmt_iterator gsi = gsi_for_stmt (cas);
  for (gsi_next (&gsi); !gsi_end_p (gsi); gsi_next (&gsi))
    if (gsi_stmt (gsi) == to)
      return true;
  edge t, f;
  extract_true_false_edges_from_block (bb, &t, &f);
  return wmm_block_reaches ((success_true ? t : f)->dest, to, avoid);
}

/* May compare-exchange cas, once it succeeded, run again without the
 * object being made anew (`avoid`)? */
bool
runs_again_after_success (gimple *cas, gimple *avoid)
{
  return success_reaches (cas, cas, avoid);
}

/* Is point s the conversion of the object's address into the integer
 * compare-exchange cas stores (`_4 = (long unsigned int) n; ... cas (&top,
 * &n->next, _4, ...)`), used nowhere else? */
bool
desired_of (gimple *s, gimple *cas)
{
  if (!is_gimple_assign (s) || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (s))
      || gimple_bb (s) != gimple_bb (cas))
    return false;
  tree v = gimple_assign_lhs (s);
  gimple *u;
  use_operand_p use;
  return TREE_CODE (v) == SSA_NAME && single_imm_use (v, &use, &u) && u == cas
         && gimple_call_num_args (cas) > 2 && gimple_call_arg (cas, 2) == v;
}

/* The compare-exchange point s stores the object with: s itself (its
 * desired value a name of the web) or the one its conversion of the
 * address feeds (desired_of); NULL for any other point. */
gimple *
publishing_cas (gimple *s)
{
  gimple *cas = s;
  if (is_gimple_assign (s) && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (s))
      && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME)
    {
      use_operand_p use;
      if (!single_imm_use (gimple_assign_lhs (s), &use, &cas)
          || !is_gimple_call (cas) || !desired_of (s, cas))
        return NULL;
    }
  const char *n = is_gimple_call (cas) && wmm_sized_atomic_call (cas)
                  ? wmm_callee_name (cas) : NULL;
  return n && !strncmp (n, "__atomic_compare_exchange_", 26)
         && gimple_call_num_args (cas) == 6 ? cas : NULL;
}

/* Is access site s, through a name of segment seg, before every
 * publication: no point of the segment reaches it without the object
 * being made anew?  A compare-exchange that publishes the object reads
 * *expected before and writes it back only when it failed (nothing
 * published): its own accesses of *expected are before it, unless it
 * runs again after it succeeded. */
bool
before_publication (const wmm_fresh_segment *seg, const wmm_unit &unit,
                    const wmm_site &site, HOST_WIDE_INT *element = NULL)
{
  HOST_WIDE_INT apart = 0;
  gimple *stmt = site.stmt;
  /* (collected for a call of the function that hands *expected down:
     that call, in the function of the segment's names) */
  if (cas_expected_access (site) && site.cas_call)
    stmt = site.cas_call;
  for (gimple *s : seg->points)
    {
      if ((s == stmt || desired_of (s, stmt)) && cas_expected_access (site)
          && !runs_again_after_success (stmt, seg->avoid))
        continue;
      if (s == stmt)
        return false;
      /* a compare-exchange publishes only when it succeeds (`do n->next
         = old; while (!cas (&top, &old, n))`) */
      gimple *cas = publishing_cas (s);
      if (cas ? !success_reaches (cas, stmt, seg->avoid)
              : !wmm_reaches_avoiding (s, stmt, seg->avoid))
        continue;
      /* a later round's element of a heap array published by element */
      HOST_WIDE_INT e = element && stmt == site.stmt
                        ? wmm_element_apart (site.fn ? site.fn : unit.fn, s,
                                             site, deref_base (site),
                                             seg->avoid)
                        : 0;
      if (!e)
        return false;
      apart = apart ? MIN (apart, e) : e;
    }
  if (element)
    *element = apart;
  return true;
}

/* Each function of the unit's code units, once. */
template <typename F>
void
each_unit_fn (wmm_unitinfo *u, F visit)
{
  hash_set<function *> seen;
  for (wmm_unit &unit : u->units)
    if (unit.fn && !seen.add (unit.fn))
      visit (unit.fn);
}

/* Each malloc-like call of the unit's functions, once. */
template <typename F>
void
each_allocation (wmm_unitinfo *u, F visit)
{
  each_unit_fn (u, [&] (function *fn) {
    wmm_each_stmt (fn, [&] (gimple *s) {
      if (is_gimple_call (s) && (gimple_call_flags (s) & ECF_MALLOC))
        visit (fn, s);
    });
  });
}


/* Put publication pub's accesses back where they were (only those early
 * by element when elements_only); the publication is no more when none
 * is left. */
void
undo (wmm_publish *pb, publication *pub, bool elements_only = false)
{
  unsigned kept = 0;
  for (const moved_access &m : pub->moved)
    if (elements_only && !m.element)
      pub->moved[kept++] = m;
    else
      {
        pb->u->prog->threads[m.thread].code[m.index].addr.loc_hint = m.loc;
        pb->was.remove ((HOST_WIDE_INT) m.thread << 32 | m.index);
      }
  pub->moved.truncate (kept);
  pub->live = kept > 0;
}

/* The allocations of the unit's functions whose address leaves them only
 * by stores into memory. */
void
find_candidates (wmm_publish *pb)
{
  each_allocation (pb->u, [&] (function *fn, gimple *s) {
    publication *pub = new publication;
    if (wmm_fresh_object (s, fn->decl, &pub->stores, &pub->segs)
        && !pub->stores.is_empty ())
      pb->pubs.safe_push (pub);
    else
      delete pub;
  });
}

/* walk_stmt_load_store_addr_ops callback: count the addresses of the
 * variable (data's first) the statement takes. */
bool
count_address (gimple *, tree op, tree, void *data)
{
  std::pair<tree, int> *d = (std::pair<tree, int> *) data;
  if (op && get_base_address (op) == d->first)
    d->second++;
  return false;
}

/* Does function fn take the address of local array var only as `name =
 * &var[i]`, `name = &var` or `name = &var + k` (or subtract it from a
 * pointer), each name's web leaving the thread only by stores into memory
 * (pushed to pub->stores) and calls that keep no copy or store it?  The
 * webs' names and points go to seg. */
bool
array_addresses (function *fn, tree var, publication *pub,
                 wmm_fresh_segment *seg)
{
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || is_gimple_debug (s))
      return;
    std::pair<tree, int> d (var, 0);
    /* (an asm operand naming the array may take its address) */
    if (gasm *a = dyn_cast<gasm *> (s))
      for (unsigned k = 0; ok && k < gimple_num_ops (a); k++)
        ok = !gimple_op (a, k) || !wmm_mentions (gimple_op (a, k), var);
    if (!ok)
      return;
    walk_stmt_load_store_addr_ops (s, &d, NULL, NULL, count_address);
    if (!d.second)
      return;
    gassign *g = dyn_cast<gassign *> (s);
    tree lhs = g ? gimple_assign_lhs (g) : NULL_TREE;
    if (d.second != 1 || !lhs || TREE_CODE (lhs) != SSA_NAME)
      {
        ok = false;
        return;
      }
    /* `i = t - tasks`: an integer, no address */
    if (gimple_assign_rhs_code (g) == POINTER_DIFF_EXPR)
      return;
    tree r = gimple_assign_rhs1 (g);
    tree at = TREE_CODE (r) == ADDR_EXPR ? TREE_OPERAND (r, 0) : NULL_TREE;
    /* `&tasks[i]`, `&tasks` (element 0, stepped through) or `&tasks + k`
       (an end to compare with) */
    ok = at && (gimple_assign_single_p (g)
                || gimple_assign_rhs_code (g) == POINTER_PLUS_EXPR)
         && (at == var
             || (gimple_assign_single_p (g) && TREE_CODE (at) == ARRAY_REF
                 && TREE_OPERAND (at, 0) == var))
         && wmm_address_segment (lhs, fn->decl, &pub->stores, seg);
  });
  wmm_each_phi (fn, [&] (gphi *phi) {
    for (unsigned k = 0; ok && k < gimple_phi_num_args (phi); k++)
      {
        tree a = gimple_phi_arg_def (phi, k);
        ok = TREE_CODE (a) != ADDR_EXPR
             || get_base_address (TREE_OPERAND (a, 0)) != var;
      }
  });
  return ok;
}

/* The local arrays of the unit's functions that run once (main), and the
 * statics only such a function names (wmm_creator_static), whose
 * elements' addresses leave the function only by stores into memory: a
 * publication each, whose one segment holds the names of every address
 * taken of it (and owns its direct accesses `A[j].f`: pub->array); there
 * is no allocation to avoid (one object while the function runs).  Only
 * the element rule (pubelems.cc) makes accesses of theirs early: the
 * first publication reaches every later access otherwise. */
void
find_local_arrays (wmm_publish *pb)
{
  each_unit_fn (pb->u, [&] (function *fn) {
    if (!wmm_runs_once (fn->decl))
      return;
    auto candidate = [&] (tree var) {
      publication *pub = new publication;
      wmm_fresh_segment *seg = new wmm_fresh_segment;
      seg->avoid = NULL;
      pub->segs.safe_push (seg);
      if (array_addresses (fn, var, pub, seg) && !pub->stores.is_empty ())
        {
          pub->array = var;
          pb->pubs.safe_push (pub);
        }
      else
        delete pub;
    };
    auto array = [] (tree var) {
      return VAR_P (var) && TREE_ADDRESSABLE (var)
             && TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE;
    };
    unsigned ix;
    tree var;
    FOR_EACH_LOCAL_DECL (fn, ix, var)
      if (array (var) && !is_global_var (var))
        candidate (var);
    /* a static only fn names (`static struct task tasks[N]` in main) */
    varpool_node *v;
    FOR_EACH_VARIABLE (v)
      if (array (v->decl) && wmm_creator_static (v->decl, fn))
        candidate (v->decl);
  });
}

/* Segments by the names they hold, with their publication (NULL: none). */
typedef hash_map<tree, std::pair<publication *, wmm_fresh_segment *> >
  owners;

/* The object point s of segment seg stores seg's address into (`c->rbuf =
 * buf`: the name c), or NULL when s is no such plain store. */
tree
stored_into (gimple *s, wmm_fresh_segment *seg)
{
  if (!gimple_assign_single_p (s) || !gimple_vdef (s))
    return NULL_TREE;
  tree v = gimple_assign_rhs1 (s);
  tree base = get_base_address (gimple_assign_lhs (s));
  if (TREE_CODE (v) != SSA_NAME || !seg->names.contains (v) || !base
      || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return NULL_TREE;
  return TREE_OPERAND (base, 0);
}

/* The points after which segment seg's object may be reached by another
 * thread: its own, and every call given one of its names (a callee may
 * publish it, or free it). */
void
reach_points (wmm_fresh_segment *seg, vec<gimple *> *out)
{
  out->safe_splice (seg->points);
  for (tree n : seg->names)
    {
      gimple *g;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (g, it, n)
        if (is_gimple_call (g) && !out->contains (g))
          out->safe_push (g);
    }
}

/* Does one of `points` reach statement s (or is it s) without running
 * `avoid`? */
bool
reached_from (const vec<gimple *> &points, gimple *s, gimple *avoid)
{
  for (gimple *q : points)
    if (q == s || wmm_reaches_avoiding (q, s, avoid))
      return true;
  return false;
}

/* The names that read back what nested store s (`c->rbuf = buf`) put in
 * the outer object of segment `outer`, before that object may be reached
 * (rp, with outer's avoid): each statement reading that member through
 * outer's names must be a load of a pointer into a name whose web keeps
 * it in the thread (`_5 = c->rbuf; snprintf (_5, ...)`), whose names go
 * to *names; false when one is not (`g = c->rbuf`, an aggregate copy). */
bool
member_reads (gimple *s, wmm_fresh_segment *outer, const vec<gimple *> &rp,
              hash_set<tree> *names)
{
  ao_ref member;
  ao_ref_init (&member, gimple_assign_lhs (s));
  for (tree n : outer->names)
    {
      gimple *g;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (g, it, n)
        {
          if (!gimple_vuse (g) || is_gimple_call (g) || is_gimple_debug (g))
            continue;   /* (calls given the object are points: rp) */
          if (reached_from (rp, g, outer->avoid))
            continue;
          if (gimple_code (g) == GIMPLE_ASM)
            return false;
          /* (an assignment's operand 0 is what it writes) */
          bool reads = false;
          for (unsigned k = is_gimple_assign (g); k < gimple_num_ops (g); k++)
            {
              tree op = gimple_op (g, k);
              tree base = op ? get_base_address (op) : NULL_TREE;
              ao_ref r;
              if (base && TREE_CODE (base) == MEM_REF
                  && TREE_OPERAND (base, 0) == n)
                {
                  ao_ref_init (&r, op);
                  reads |= refs_may_alias_p_1 (&member, &r, true);
                }
            }
          if (!reads)
            continue;
          tree x = is_gimple_assign (g) ? gimple_assign_lhs (g) : NULL_TREE;
          if (!x || !gimple_assign_load_p (g) || TREE_CODE (x) != SSA_NAME
              || !wmm_web_kept (x, names))
            return false;
        }
    }
  return true;
}

void nest_publication (owners &owner, publication *pub);

/* Stores of a fresh object's address into another fresh object before
 * that one's publication (`c = malloc (...); c->rbuf = malloc (n);
 * fill (c->rbuf); lock; queue = c; unlock`): no thread reaches the inner
 * object but through the outer one, so the store is no publication of
 * it; the outer object's points (and calls given it) are, and the inner
 * publication stands only while the outer one does (`inside`).  Its
 * stores stay in `stores`: the member must still be a slot. */
void
nest_segment (owners &owner, publication *pub, wmm_fresh_segment *seg)
{
  auto_vec<gimple *> points;
  for (gimple *s : seg->points)
    {
      tree into = stored_into (s, seg);
      /* (a copy: nesting the outer object and adding names below put
         into `owner`, which may move its entries) */
      auto *found = into ? owner.get (into) : NULL;
      auto o = found ? *found : std::make_pair ((publication *) NULL,
                                                (wmm_fresh_segment *) NULL);
      if (o.first && o.first != pub)
        nest_publication (owner, o.first);
      auto_vec<gimple *> outer;
      bool before = o.first && o.first != pub && o.first->nesting == 2;
      if (before)
        {
          reach_points (o.second, &outer);
          before = !reached_from (outer, s, o.second->avoid);
        }
      hash_set<tree> read_back;
      if (!before || !member_reads (s, o.second, outer, &read_back))
        {
          points.safe_push (s);
          continue;
        }
      for (tree n : read_back)
        if (!owner.get (n))
          {
            seg->names.add (n);
            owner.put (n, std::make_pair (pub, seg));
          }
      for (gimple *q : outer)
        if (!points.contains (q))
          points.safe_push (q);
      if (!pub->inside.contains (o.first))
        pub->inside.safe_push (o.first);
    }
  seg->points.truncate (0);
  seg->points.safe_splice (points);
}

/* nest_segment for each segment of pub, once, after the publications
 * it is stored into (a chain `d->c = c; c->buf = buf`; a cycle stays as
 * it is). */
void
nest_publication (owners &owner, publication *pub)
{
  if (pub->nesting)
    return;
  pub->nesting = 1;
  for (wmm_fresh_segment *seg : pub->segs)
    nest_segment (owner, pub, seg);
  pub->nesting = 2;
}

/* The segment whose names hold the pointer access (unit, i) dereferences,
 * when the access comes before every point of it; else NULL. */
const std::pair<publication *, wmm_fresh_segment *> *
early_access (owners &owner, const wmm_unit &unit, int i,
              HOST_WIDE_INT *element = NULL)
{
  tree b = deref_base (unit.sites[i]);
  if (!b && element)
    {
      /* `A[j].f` of a local array published by element (owned by A) */
      b = site_ref_base (unit.sites[i]);
      if (b && !VAR_P (b))
        b = NULL_TREE;
    }
  auto *o = b ? owner.get (b) : NULL;
  return o && before_publication (o->second, unit, unit.sites[i], element)
         ? o : NULL;
}

/* Each write access of the unit's code that runs (runs[thread]: a
 * callee collected at every call site runs only there): visit (unit,
 * index, l) for every location l it may touch (every location when it
 * may touch any). */
template <typename F>
void
each_write (wmm_unitinfo *u, const vec<bool> &runs, F visit)
{
  wmm_program *p = u->prog;
  for (wmm_unit &unit : u->units)
    {
      if (!runs[unit.thread])
        continue;
      wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        if (wmm_instr_is_access (&t->code[i]) && wmm_instr_writes (&t->code[i])
            && !wmm_each_loc (p, &t->code[i], [&] (int l) {
                 visit (unit, i, l);
                 return true;
               }))
          for (int l = 0; l < p->nlocs; l++)
            visit (unit, i, l);
    }
}

/* S.fixed: the heap locations (no declared object's) that no access the
 * IR still has may write: their only writes are early accesses of fresh
 * objects, taken out as private (a node's `next` set before the node is
 * linked in).  Every thread reaches such a word only through its
 * object's publication, after those writes: it is read-only then, a slot
 * without a lock (`e = e->next` while walking a bucket's list). */
void
fixed_locations (slots &S)
{
  wmm_program *p = S.pb->u->prog;
  S.fixed.safe_grow_cleared (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    {
      tree d = wmm_location_decl (l);
      S.fixed[l] = !p->locs[l].is_private && !(d && DECL_P (d));
    }
  each_write (S.pb->u, *S.runs, [&] (wmm_unit &, int, int l) { S.fixed[l] = false; });
}

/* S.rmw_only: the locations every write of which the IR still has is an
 * atomic read-modify-write (an exchange, a compare-exchange, a
 * fetch-and-op builtin). */
void
rmw_locations (slots &S)
{
  wmm_program *p = S.pb->u->prog;
  S.rmw_only.safe_grow (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    S.rmw_only[l] = true;
  each_write (S.pb->u, *S.runs, [&] (wmm_unit &unit, int i, int l) {
    const wmm_site &s = unit.sites[i];
    if (p->threads[unit.thread].code[i].op != WMM_OP_RMW || s.summary
        || !s.stmt || !wmm_sized_atomic_call (s.stmt))
      S.rmw_only[l] = false;
  });
}

/* S.stored: the locks held at every store of each location (what a load
 * of a release / acquire slot may hold instead of acquiring). */
void
store_locks (slots &S)
{
  wmm_program *p = S.pb->u->prog;
  S.stored.safe_grow (p->nlocs);
  for (int l = 0; l < p->nlocs; l++)
    S.stored[l] = ~0ULL;
  /* (the locks of each write once, not once per location it may touch) */
  const wmm_unit *last_unit = NULL;
  int last_i = -1;
  wmm_region_set held = 0;
  each_write (S.pb->u, *S.runs, [&] (wmm_unit &unit, int i, int l) {
    if (&unit != last_unit || i != last_i)
      {
        held = wmm_access_locks (S.pb->u, &unit, i);
        last_unit = &unit;
        last_i = i;
      }
    S.stored[l] &= held;
  });
}

} // namespace

wmm_publish *
wmm_publish_begin (wmm_unitinfo *u)
{
  wmm_publish *pb = new wmm_publish;
  pb->u = u;
  find_candidates (pb);
  find_local_arrays (pb);
  owners owner;
  for (publication *pub : pb->pubs)
    for (wmm_fresh_segment *seg : pub->segs)
      for (tree n : seg->names)
        owner.put (n, std::make_pair (pub, seg));
  for (publication *pub : pb->pubs)
    if (pub->array)
      owner.put (pub->array, std::make_pair (pub, pub->segs[0]));
  for (publication *pub : pb->pubs)
    nest_publication (owner, pub);
  publication *cur = NULL;
  HOST_WIDE_INT element = 0;
  wmm_move_to_private (u, &pb->fresh, "(unpublished)",
                   [&] (const wmm_unit &unit, int i) {
                     auto *o = early_access (owner, unit, i, &element);
                     cur = o ? o->first : NULL;
                     return o != NULL;
                   },
                   [&] (int t, int i, int loc) {
                     cur->moved.safe_push ({t, i, loc, element});
                     pb->was.put ((HOST_WIDE_INT) t << 32 | i, loc);
                   });
  for (publication *pub : pb->pubs)
    if (pub->moved.is_empty ())
      pub->live = false;
  return pb;
}

bool
wmm_publish_check (wmm_publish *pb, const vec<wmm_region_set> &prot,
                   const vec<bool> &hidden, const vec<bool> &runs)
{
  bool live = false;
  for (publication *pub : pb->pubs)
    live |= pub->live;
  if (!live)
    return false;
  wmm_program *p = pb->u->prog;
  slots S;
  S.pb = pb;
  S.hiddenv = &hidden;
  S.prot = &prot;
  S.is.safe_grow_cleared (p->nlocs);
  S.runs = &runs;
  fixed_locations (S);
  rmw_locations (S);
  for (publication *pub : pb->pubs)
    if (pub->live)
      for (gimple *g : pub->stores)
        S.publishing.add (g);
  bool unguarded = false;
  for (int l = 0; l < p->nlocs && l < (int) prot.length (); l++)
    {
      S.is[l] = slot_shape (p, l, prot[l], l < (int) hidden.length () && hidden[l])
                || S.fixed[l];
      unguarded |= S.is[l] && !prot[l] && !S.fixed[l];
    }
  if (unguarded)
    store_locks (S);
  while (drop_leaky (S))
    ;
  bool undone = false;
  for (publication *pub : pb->pubs)
    if (pub->live && !into_slots (S, pub->stores))
      {
        undo (pb, pub);
        undone = true;
      }
    else if (pub->live && !readers_within (S, pub))
      {
        /* another thread may step to a neighbour: only the accesses
           early without the elements' argument stay */
        undo (pb, pub, true);
        undone = true;
      }
  /* an object stored into one no longer taken as published is
     published by that store (a point it came before): undone too */
  for (bool again = true; again;)
    {
      again = false;
      for (publication *pub : pb->pubs)
        for (publication *outer : pub->inside)
          if (pub->live && !outer->live)
            {
              undo (pb, pub);
              undone = again = true;
            }
    }
  return undone;
}

void
wmm_publish_end (wmm_publish *pb)
{
  int made = 0;
  for (publication *pub : pb->pubs)
    {
      made += pub->moved.length ();
      delete pub;
    }
  if (made)
    wmm_note (pb->u, "%d accesses to fresh objects before their publication "
              "under a lock or by a release store are private (no other "
              "thread reaches the objects until it takes the lock or reads "
              "the pointer with an acquire load)", made);
  delete pb;
}

namespace {

/* Escape points of the unit's addressable locals (x86-TSO). */
struct local_escapes {
  hash_map<tree, auto_vec<gimple *> > points;   /* local -> its points */
};

/* walk_stmt_load_store_addr_ops callback: the address of a local is taken
 * in stmt; a point of it when the address may leave the thread there. */
bool
note_local_address (gimple *stmt, tree op, tree, void *data)
{
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (!base || !VAR_P (base) || is_global_var (base))
    return false;
  if (wmm_address_escapes (stmt, base))
    ((local_escapes *) data)->points.get_or_insert (base).safe_push (stmt);
  return false;
}

/* Is access `in` at site s a direct reference to a local of its function
 * (d.f, d[2]) that the IR resolved to one of the local's locations, and
 * that no point of the local reaches?  (A local's accesses all come after
 * its function's entry: no allocation to avoid.) */
bool
local_before_escape (local_escapes &le, const wmm_instr *in,
                     const wmm_site &s)
{
  if (in->addr.loc_hint < 0)
    return false;   /* may touch other memory: left as it is */
  tree base = site_ref_base (s);
  if (!base || !VAR_P (base) || is_global_var (base))
    return false;
  auto_vec<gimple *> *points = le.points.get (base);
  if (!points)
    return false;   /* never escapes: memloc.cc keeps it out already */
  for (gimple *p : *points)
    if (gimple_code (p) == GIMPLE_PHI   /* merged: anywhere after */
        || p == s.stmt || wmm_reaches_avoiding (p, s.stmt, NULL))
      return false;
  return true;
}

/* The names that hold only a fresh object of the unit's allocation calls
 * that take (a gimple * predicate) accepts, before any use that may let
 * its address out: into owner, their segments into segs. */
template <typename F>
void
fresh_owners (wmm_unitinfo *u, owners &owner,
              vec<wmm_fresh_segment *> &segs, F take)
{
  each_allocation (u, [&] (function *, gimple *s) {
    if (!take (s))
      return;
    wmm_fresh_segment *seg = new wmm_fresh_segment;
    segs.safe_push (seg);
    auto_vec<wmm_fresh_segment *> extra;
    if (wmm_fresh_escapes (s, seg, &extra))
      for (tree n : seg->names)
        owner.put (n, std::make_pair ((publication *) NULL, seg));
    for (wmm_fresh_segment *cs : extra)
      {
        segs.safe_push (cs);
        for (tree n : cs->names)
          owner.put (n, std::make_pair ((publication *) NULL, cs));
      }
  });
}

} // namespace

int
wmm_publish_fresh (wmm_unitinfo *u)
{
  if (u->model == WMM_MODEL_TSO || u->model == WMM_MODEL_SC)
    return 0;
  auto_delete_vec<wmm_fresh_segment> segs;
  owners owner;
  fresh_owners (u, owner, segs, [] (gimple *s) {
    /* (alloca: the frame's storage is the thread's next frame's) */
    return !gimple_call_builtin_p (s, BUILT_IN_ALLOCA)
           && !gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN)
           && !gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN_AND_MAX)
           && wmm_threadlocal_never_freed (s);
  });
  int made = 0;
  wmm_program *p = u->prog;
  for (wmm_unit &unit : u->units)
    for (int i = 0; i < p->threads[unit.thread].ncode; i++)
      {
        wmm_instr *in = &p->threads[unit.thread].code[i];
        if (wmm_instr_is_access (in) && i < (int) unit.sites.length ()
            && early_access (owner, unit, i))
          {
            in->flags |= WMM_ACC_FRESH;
            made++;
          }
      }
  if (made)
    wmm_note (u, "%d accesses to fresh objects before their address may "
              "leave the thread, objects never freed: no access of another "
              "thread to its own such objects touches them", made);
  return made;
}

int
wmm_publish_tso (wmm_unitinfo *u)
{
  if (u->model != WMM_MODEL_TSO)
    return 0;
  auto_delete_vec<wmm_fresh_segment> segs;
  owners owner;
  fresh_owners (u, owner, segs, [] (gimple *) { return true; });
  /* Locals whose address escapes, and where it does. */
  local_escapes le;
  each_unit_fn (u, [&] (function *fn) {
    wmm_each_stmt (fn, [&] (gimple *s) {
      walk_stmt_load_store_addr_ops (s, &le, NULL, NULL, note_local_address);
    });
    basic_block bb;
    FOR_EACH_BB_FN (bb, fn)
      for (gphi_iterator g = gsi_start_phis (bb); !gsi_end_p (g);
           gsi_next (&g))
        walk_stmt_load_store_addr_ops (g.phi (), &le, NULL, NULL,
                                       note_local_address);
  });
  int fresh = -1;
  int made = wmm_move_to_private (u, &fresh, "(unpublished)",
                              [&] (const wmm_unit &unit, int i) {
                                return early_access (owner, unit, i)
                                       || local_before_escape (
                                            le, &u->prog->threads[unit.thread]
                                                   .code[i],
                                            unit.sites[i]);
                              },
                              [] (int, int, int) {});
  if (made)
    wmm_note (u, "%d accesses to fresh objects and escaping locals before "
              "their address may leave the thread are private (x86-TSO "
              "makes them visible before any publication)", made);
  return made;
}
