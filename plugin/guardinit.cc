/* guardinit.cc — what the thread-safe initialisation of a function-local
 * static writes races with nothing.
 *
 * For `static T t = ...;` in function F, the C++ front end emits
 *   if (acquire-load of the guard's first byte == 0)
 *     if (__cxa_guard_acquire (&guard)) { construct t; __cxa_guard_release
 *       (&guard); }
 * The run time lets one thread construct t and makes every other wait
 * until it has released the guard; a thread that sees the guard set reads
 * it with acquire.  So what the construction does to t happens before
 * every other access to t — when no other code can reach t before it is
 * constructed:
 *   - t is named by F's body only (no initialiser, no other function);
 *   - inside the construction (the blocks the acquire's success
 *     dominates) t's address goes only to calls that keep no copy (the
 *     constructor, memloc.cc) or to the registration of its destructor.
 * The accesses of the construction that can touch nothing but t (in F's
 * blocks there, or in functions called only from there: the constructor
 * run once) are taken out of the analysis like private data; t's other
 * accesses stay.  (Modelling the guard calls as an acquire and a release
 * does not suffice: both threads would seem to construct t.)
 *
 * Example:  static const Table &table () { static Table t; return t; }
 *   with Table () { for (i...) v[i] = i * i; } read by two threads: the
 *   constructor's writes are private, the reads race with no write.
 */
#include "plugin.h"

namespace {

/* One guarded static: its function, the first block of its construction
 * and the blocks of it. */
struct guarded {
  tree var;
  function *fn;
  auto_bitmap blocks;   /* indices of the construction's blocks */
};

/* The static a guard variable guards: "_ZGV<name>" guards "_Z<name>" (the
 * Itanium C++ ABI's mangling), a static local of fn. */
tree
guarded_var (tree guard, tree fndecl)
{
  const char *g = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (guard));
  if (strncmp (g, "_ZGV", 4))
    return NULL_TREE;
  varpool_node *n;
  FOR_EACH_VARIABLE (n)
    {
      tree v = n->decl;
      if (DECL_CONTEXT (v) != fndecl || !TREE_STATIC (v)
          || DECL_THREAD_LOCAL_P (v))
        continue;
      const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (v));
      if (!strncmp (a, "_Z", 2) && !strcmp (a + 2, g + 4))
        return v;
    }
  return NULL_TREE;
}

/* The block the success of acquire call `s` leads to: `if (r != 0)`'s
 * true edge (or `r == 0`'s false one), or NULL. */
basic_block
construction_entry (gimple *s)
{
  tree r = gimple_call_lhs (s);
  if (!r || TREE_CODE (r) != SSA_NAME)
    return NULL;
  /* through `b = r != 0` or a conversion (the front end's retval) */
  for (int depth = 0; depth < 2 && has_single_use (r); depth++)
    {
      use_operand_p u;
      gimple *d;
      if (!single_imm_use (r, &u, &d) || !is_gimple_assign (d)
          || TREE_CODE (gimple_assign_lhs (d)) != SSA_NAME)
        break;
      enum tree_code k = gimple_assign_rhs_code (d);
      if (!(k == NE_EXPR && integer_zerop (gimple_assign_rhs2 (d)))
          && !CONVERT_EXPR_CODE_P (k))
        break;
      r = gimple_assign_lhs (d);
    }
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, r)
    if (gcond *c = dyn_cast<gcond *> (USE_STMT (use)))
      {
        if (!integer_zerop (gimple_cond_rhs (c)))
          return NULL;
        edge t, f;
        extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
        if (gimple_cond_code (c) == NE_EXPR)
          return single_pred_p (t->dest) ? t->dest : NULL;
        if (gimple_cond_code (c) == EQ_EXPR)
          return single_pred_p (f->dest) ? f->dest : NULL;
        return NULL;
      }
  return NULL;
}

/* Is the address of v, taken by statement s of the construction, given
 * only where no copy is kept (or to the destructor's registration)? */
bool
address_kept_in (gimple *s, tree v)
{
  return !wmm_exit_dtor_of (s) && wmm_address_escapes (s, v);
}

/* The guarded statics of fn whose construction no other code can reach. */
void
find_in (function *fn, tree fndecl, vec<guarded *> *out)
{
  wmm_each_stmt (fn, [&] (gimple *s) {
    const char *n = wmm_callee_name (s);
    if (!n || strcmp (n, "__cxa_guard_acquire")
        || gimple_call_num_args (s) != 1)
      return;
    tree a = gimple_call_arg (s, 0);
    tree v = TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0))
             ? guarded_var (TREE_OPERAND (a, 0), fndecl) : NULL_TREE;
    basic_block entry = v ? construction_entry (s) : NULL;
    if (!entry)
      return;
    guarded *g = new guarded;
    g->var = v;
    g->fn = fn;
    wmm_with_dominators (fn, [&] () {
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        if (dominated_by_p (CDI_DOMINATORS, bb, entry))
          bitmap_set_bit (g->blocks, bb->index);
      return true; });
    out->safe_push (g);
  });
}

/* Does statement s take the address of v? */
bool
takes_address (gimple *s, tree v)
{
  std::pair<tree, bool> d (v, false);
  walk_stmt_load_store_addr_ops (s, &d, NULL, NULL,
    [] (gimple *, tree op, tree, void *data) {
      auto *d = (std::pair<tree, bool> *) data;
      if (op && get_base_address (op) == d->first)
        d->second = true;
      return false; });
  return d.second;
}

/* Does some statement or initialiser outside g's function name g's
 * static, or does its construction give its address where a copy is
 * kept? */
bool
reachable_early (guarded *g)
{
  bool bad = wmm_initializers_mention (g->var);
  wmm_each_body ([&] (cgraph_node *, function *fn) {
    wmm_each_stmt (fn, [&] (gimple *s) {
      if (!wmm_stmt_mentions (s, g->var) || bad)
        return;
      if (fn != g->fn)
        bad = true;
      else if (bitmap_bit_p (g->blocks, gimple_bb (s)->index)
               && takes_address (s, g->var))
        {
          push_cfun (fn);
          bad = address_kept_in (s, g->var);
          pop_cfun ();
        }
    });
  });
  return bad;
}

/* Functions that run only inside constructions: every call of them (or of
 * an alias) is in a construction's blocks or in such a function, and
 * their address is not taken. */
void
construction_only (const vec<guarded *> &gs, hash_set<tree> *out)
{
  auto in_construction = [&] (gimple *call, tree caller) {
    for (guarded *g : gs)
      if (g->fn->decl == caller
          && bitmap_bit_p (g->blocks, gimple_bb (call)->index))
        return true;
    return out->contains (caller);
  };
  for (bool changed = true; changed;)
    {
      changed = false;
      wmm_each_body ([&] (cgraph_node *node, function *) {
        if (out->contains (node->decl) || node->address_taken
            || MAIN_NAME_P (DECL_NAME (node->decl)))
          return;
        bool any = false, all = true;
        wmm_each_caller (node, [&] (cgraph_edge *e) {
          any = true;
          all = all && e->call_stmt && in_construction (e->call_stmt,
                                                        e->caller->decl); });
        if (any && all)
          {
            out->add (node->decl);
            changed = true;
          }
      });
    }
}

/* Can access i of thread t touch nothing but locations of var? */
bool
only_touches (const wmm_program *p, const wmm_instr *in, tree var)
{
  int l = in->addr.loc_hint;
  if (l >= 0 && l < p->nlocs)
    return wmm_location_decl (l) == var;
  if (in->addr.alias < 0)
    return false;
  bool any = false;
  for (int m = 0; m < p->nlocs; m++)
    if (wmm_alias_contains (p, in->addr.alias, m))
      {
        if (wmm_location_decl (m) != var)
          return false;
        any = true;
      }
  return any;
}

} // anon namespace

int
wmm_publish_guarded (wmm_unitinfo *u)
{
  if (!lang_GNU_CXX ())
    return 0;   /* guards are the C++ front end's */
  auto_delete_vec<guarded> all;
  wmm_each_body ([&] (cgraph_node *node, function *fn) {
    find_in (fn, node->decl, &all); });
  auto_vec<guarded *> gs;
  for (guarded *g : all)
    if (!reachable_early (g))
      gs.safe_push (g);
  if (gs.is_empty ())
    return 0;
  hash_set<tree> once_fns;
  construction_only (gs, &once_fns);
  hash_set<tree> vars;
  wmm_program *p = u->prog;
  int fresh = -1;
  int made = wmm_move_to_private (u, &fresh, "(constructed once)",
    [&] (const wmm_unit &unit, int i) {
      const wmm_site &site = unit.sites[i];
      if (site.summary || !site.stmt || !gimple_bb (site.stmt))
        return false;
      function *fn = site.fn ? site.fn : unit.fn;
      const wmm_instr *in = &p->threads[unit.thread].code[i];
      for (guarded *g : gs)
        if (((fn == g->fn
              && bitmap_bit_p (g->blocks, gimple_bb (site.stmt)->index))
             || (fn && once_fns.contains (fn->decl)))
            && only_touches (p, in, g->var))
          {
            vars.add (g->var);
            return true;
          }
      return false;
    },
    [] (int, int, int) {});
  if (made)
    wmm_note (u, "%d accesses of the thread-safe construction of %d "
              "function-local statics race with nothing: private",
              made, (int) vars.elements ());
  return made;
}
