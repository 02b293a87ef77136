/* oncepub.cc — data a once routine initialises: what the routine of
 * pthread_once (or C11 call_once) writes, and other code reads only after
 * its once call has returned, races with nothing.
 *
 * The routine runs exactly once, in the thread that calls first, and every
 * call returns only after it has finished: its writes happen before
 * whatever follows any once call on the same control.  A location d is
 * published by routine f when
 *   - f is a static function of the unit whose address is used nowhere
 *     but as the routine argument of once calls, or the operator () of a
 *     lambda or function object given to std::call_once that only the
 *     library's call_once code calls; its once calls all on one global
 *     control (two controls could run it twice, at once);
 *   - every write of d is a statement of f's own body;
 *   - every read of d outside f's body is dominated by a once call of f
 *     in its function, or by a call of a getter: a function whose every
 *     return follows one of f's once calls (it runs after one returned);
 *   - no other access (an unknown address, a call's stand-in) may touch d.
 * Then no execution has a communication edge out of a read of d into a
 * write, nor between writes of two threads: d takes part in no critical
 * cycle, and its accesses are taken out of the analysis like private data
 * (docs/plugin.md, "Data a once routine initialises").
 *
 * Example:  static void init (void) { for (i = 0; i < 64; i++) tab[i] =
 *   i * i; n = 64; }   worker: pthread_once (&once, init); for (i = 0; i <
 *   n; i++) s += tab[i];   -> tab and n private: no fence on any target.
 */
#include "plugin.h"

namespace {

/* A once routine of the unit and its once calls. */
struct once_routine {
  tree fn;
  function *body;
  tree control;         /* the one global control of its calls */
  auto_vec<std::pair<gimple *, function *> > calls;
  /* calls of functions that return only after one of the once calls
     (a getter: `pthread_once (&o, init); return cfg;`), which statements
     they dominate run after the routine too */
  auto_vec<std::pair<gimple *, function *> > getter_calls;
  bool ok = true;
};

/* The once control of call s: a global variable whose address it passes,
 * or NULL. */
tree
control_of (gimple *s)
{
  tree c = gimple_call_arg (s, 0);
  if (TREE_CODE (c) != ADDR_EXPR || !VAR_P (TREE_OPERAND (c, 0))
      || !is_global_var (TREE_OPERAND (c, 0)))
    return NULL_TREE;
  return TREE_OPERAND (c, 0);
}

/* Is statement s of function fn after one of r's once calls in fn (the
 * call dominates it)? */
bool
after_once (const once_routine &r, gimple *s, function *fn)
{
  for (const auto *calls : { &r.calls, &r.getter_calls })
  for (const auto &c : *calls)
    {
      if (c.second != fn)
        continue;
      basic_block cb = gimple_bb (c.first), sb = gimple_bb (s);
      if (cb == sb)
        {
          /* later in the call's block */
          gimple_stmt_iterator g = gsi_for_stmt (c.first);
          for (gsi_next (&g); !gsi_end_p (g); gsi_next (&g))
            if (gsi_stmt (g) == s)
              return true;
          continue;
        }
      if (wmm_with_dominators (fn, [&] () {
            return dominated_by_p (CDI_DOMINATORS, sb, cb); }))
        return true;
    }
  return false;
}

/* Does once call s of function fn come before every return of fn (its
 * block dominates every block that leads to the exit)? */
bool
before_every_return (gimple *s, function *fn)
{
  basic_block sb = gimple_bb (s);
  edge e;
  edge_iterator ei;
  bool returns = false, all = true;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    {
      returns = true;
      all &= e->src == sb
             || wmm_with_dominators (fn, [&] () {
                  return dominated_by_p (CDI_DOMINATORS, e->src, sb); });
    }
  return returns && all;
}

/* The calls of each routine's getters (functions whose every return
 * follows one of its once calls), into getter_calls. */
void
find_getter_calls (vec<once_routine *> &routines)
{
  for (once_routine *r : routines)
    {
      hash_set<tree> getters;
      for (const auto &c : r->calls)
        if (c.second && c.second->cfg && before_every_return (c.first, c.second))
          getters.add (wmm_alias_target (c.second->decl));
      if (getters.is_empty ())
        continue;
      wmm_each_body ([&] (cgraph_node *, function *fn) {
          wmm_each_stmt (fn, [&] (gimple *s) {
            tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
            if (callee && getters.contains (wmm_alias_target (callee)))
              r->getter_calls.safe_push (std::make_pair (s, fn));
          });
      });
    }
}

/* Is node n (a std::call_once callable's operator ()) called only by
 * std::call_once's own code, through library functions that only it
 * calls (`std::__invoke_impl`)?  Nothing takes their addresses. */
bool
called_by_call_once (cgraph_node *n, int depth)
{
  if (depth > 8 || n->address_taken || !n->callers)
    return false;
  for (cgraph_edge *e = n->callers; e; e = e->next_caller)
    {
      tree caller = e->caller->decl;
      if (wmm_once_internal (caller))
        continue;
      if (!wmm_std_fn (caller) || !called_by_call_once (e->caller, depth + 1))
        return false;
    }
  return true;
}

/* The once routines of the unit, with their calls; those used otherwise,
 * exported, or called on several controls are not ok. */
void
find_routines (vec<once_routine *> *out)
{
  hash_map<tree, once_routine *> by_fn;
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree f = is_gimple_call (s) ? wmm_once_routine (s) : NULL_TREE;
        if (!f)
          return;
        bool seen;
        once_routine *&r = by_fn.get_or_insert (f, &seen);
        if (!seen)
          {
            r = new once_routine;
            r->fn = f;
            r->body = DECL_STRUCT_FUNCTION (f);
            r->control = control_of (s);
            out->safe_push (r);
          }
        if (!r->control || control_of (s) != r->control)
          r->ok = false;
        r->calls.safe_push (std::make_pair (s, fn));
      });
  });
  if (out->is_empty ())
    return;
  for (once_routine *r : *out)
    {
      cgraph_node *n = cgraph_node::get (r->fn);
      if (TREE_PUBLIC (r->fn) || DECL_EXTERNAL (r->fn) || !r->body
          || !r->body->cfg || n == NULL
          || (n->callers && !called_by_call_once (n, 0)))
        r->ok = false;
    }
  /* Any other mention of a routine, in any function or initialiser. */
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree f = is_gimple_call (s) ? wmm_once_routine (s) : NULL_TREE;
        for (once_routine *r : *out)
          for (unsigned i = 0; i < gimple_num_ops (s) && r->ok; i++)
            if (!(f == r->fn && gimple_call_arg (s, 1) == gimple_op (s, i))
                /* (the library's call of a callable's operator (), whose
                   callers called_by_call_once checked) */
                && !(is_gimple_call (s)
                     && gimple_call_fn (s) == gimple_op (s, i)
                     && gimple_call_fndecl (s) == r->fn)
                && wmm_mentions (gimple_op (s, i), r->fn))
              r->ok = false;
      });
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          for (once_routine *r : *out)
            if (wmm_mentions (gimple_phi_arg_def (phi, i), r->fn))
              r->ok = false;
      });
  });
  for (once_routine *r : *out)
    if (wmm_initializers_mention (r->fn))
      r->ok = false;
  find_getter_calls (*out);
}

/* walk_tree callback: the candidates (hash_set data->first) an operand
 * mentions, into data->second. */
tree
note_candidate (tree *t, int *, void *data)
{
  auto *d = (std::pair<hash_set<tree> *, auto_vec<tree> *> *) data;
  if (VAR_P (*t) && d->first->contains (*t))
    d->second->safe_push (*t);
  return NULL_TREE;
}

/* Which candidates (statics whose address no one takes) r publishes: every
 * mention of one in a body is a direct read or write, in r's body, or a
 * read after one of r's once calls (the head comment's conditions).  One
 * walk over the unit's statements; `bad` collects the others. */
void
published (const once_routine &r, hash_set<tree> *candidates,
           hash_set<tree> *seen, hash_set<tree> *bad)
{
  auto_vec<tree> here;
  std::pair<hash_set<tree> *, auto_vec<tree> *> data (candidates, &here);
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        here.truncate (0);
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          if (tree op = gimple_op (s, i))
            walk_tree_without_duplicates (&op, note_candidate, &data);
        for (tree v : here)
          {
            seen->add (v);
            /* a load `x = V...` or a store `V... = x`, nothing else */
            bool load = gimple_assign_single_p (s)
                        && get_base_address (gimple_assign_rhs1 (s)) == v
                        && !wmm_mentions (gimple_assign_lhs (s), v);
            bool store = gimple_assign_single_p (s)
                         && get_base_address (gimple_assign_lhs (s)) == v
                         && !wmm_mentions (gimple_assign_rhs1 (s), v);
            if (!(load || store)
                || TREE_CODE (gimple_assign_rhs1 (s)) == ADDR_EXPR
                || (fn != r.body && (store || !after_once (r, s, fn))))
              bad->add (v);
          }
      });
  });
}

/* How the access at site (instruction in) may meet the objects objs
 * (wmm_threadlocal_set_meets: 0 not, 1 only them, -1 them and more or
 * not known). */
int
site_meets (const wmm_instr *in, const wmm_site &site, const vec<int> &objs)
{
  /* (a declared object is no allocation; an unknown call's stand-in
     reaches escaped memory only) */
  if (!wmm_instr_is_access (in) || site.tbaa.object || site.summary)
    return 0;
  if (site.tbaa.targets > 0)
    return wmm_threadlocal_set_meets (site.tbaa.targets - 1, objs);
  tree d = in->addr.loc_hint >= 0 ? wmm_location_decl (in->addr.loc_hint)
                                  : NULL_TREE;
  return d && VAR_P (d) ? 0 : -1;
}

/* Heap objects routine r allocates and publishes: every access that may
 * touch one (by points-to) is in r's body, or a read after one of r's
 * once calls, and none has escaped to code outside.  Those accesses that
 * touch only such objects move out of the analysis; their number. */
int
published_heap (wmm_unitinfo *u, const once_routine &r)
{
  auto_vec<int> objs;
  bool escaped = false;
  wmm_each_stmt (r.body, [&] (gimple *s) {
    int o = is_gimple_call (s) ? wmm_threadlocal_alloc_object (s) : -1;
    if (o >= 0)
      {
        objs.safe_push (o);
        escaped |= wmm_threadlocal_object_escaped (o);
      }
  });
  if (objs.is_empty () || escaped)
    return 0;
  const wmm_program *p = u->prog;
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode && i < (int) unit.sites.length (); i++)
        {
          const wmm_site &site = unit.sites[i];
          if (!site_meets (&t->code[i], site, objs))
            continue;
          function *fn = site.fn ? site.fn : unit.fn;
          if (!site.stmt)
            return 0;
          if (fn != r.body && (wmm_instr_writes (&t->code[i])
                               || !after_once (r, site.stmt, fn)))
            return 0;
        }
    }
  int fresh = -1;
  return wmm_move_to_private (u, &fresh, "(initialised once)",
                              [&] (const wmm_unit &unit, int i) {
                                const wmm_thread *t = &p->threads[unit.thread];
                                return site_meets (&t->code[i], unit.sites[i],
                                                   objs) == 1;
                              },
                              [] (int, int, int) {});
}

} // namespace

int
wmm_publish_onces (wmm_unitinfo *u)
{
  auto_delete_vec<once_routine> routines;
  find_routines (&routines);
  bool usable = false;
  for (once_routine *r : routines)
    usable |= r->ok;
  if (!usable)
    return 0;
  hash_set<tree> candidates, vars, taken;
  wmm_addresses_taken (&taken);
  varpool_node *vn;
  FOR_EACH_VARIABLE (vn)
    {
      tree v = vn->decl;
      /* a static no pointer reaches (the linker's section bounds may walk
         one placed by hand) */
      if (is_global_var (v) && !TREE_PUBLIC (v) && !DECL_EXTERNAL (v)
          && !DECL_THREAD_LOCAL_P (v) && !TREE_THIS_VOLATILE (v)
          && !taken.contains (v) && !DECL_PRESERVE_P (v)
          && !DECL_SECTION_NAME (v))
        candidates.add (v);
    }
  for (once_routine *r : routines)
    {
      if (!r->ok || candidates.is_empty ())
        continue;
      hash_set<tree> seen, bad;
      published (*r, &candidates, &seen, &bad);
      for (tree v : seen)
        if (!bad.contains (v))
          vars.add (v);
      for (tree v : vars)
        candidates.remove (v);
    }
  int heap = 0;
  for (once_routine *r : routines)
    if (r->ok)
      heap += published_heap (u, *r);
  if (heap)
    wmm_note (u, "%d accesses to memory a once routine allocates, reached "
              "only in it and by reads after its once call, race with "
              "nothing: private", heap);
  if (vars.is_empty ())
    return heap;
  int made = wmm_move_objects_to_private (u, "(initialised once)", vars);
  if (made)
    wmm_note (u, "%d accesses to %d variables written by a once routine and "
              "read only after its once call race with nothing: private",
              made, (int) vars.elements ());
  return made + heap;
}
