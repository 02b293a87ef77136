/* dclonce.cc — what a double-checked initialisation writes is written by
 * one thread: the block behind a flag tested again under a lock runs at
 * most once in the whole program.
 *
 * The shape (C code written for x86, or with C11 atomics):
 *     if (!initialized) {                 // any test, or none
 *       pthread_mutex_lock (&m);
 *       if (!initialized) {               // L2: a load of the flag, m held
 *         cfg.a = 1; cfg.b = 2;           // the block B
 *         initialized = 1;                // S: a non-zero constant
 *       }
 *       pthread_mutex_unlock (&m);
 *     }
 * B runs at most once: a thread enters it only when L2, with m held, read
 * 0, and every path through B stores a non-zero constant into the flag (S)
 * before m is released; every write of the flag in the unit stores a
 * non-zero constant, so once one thread has left B, every later critical
 * section of m reads a non-zero flag (the lock orders them: its release
 * and acquire) and skips B.  Two entries of B would need two critical
 * sections that both read 0, one of them after the other's S.
 * So every location that only B's statements write (and the flag) has one
 * writer in every execution: no coherence edge joins two threads' writes
 * of it (ir.h `one_writer`).  That takes away the cycles of two
 * initialisers (two instances of the getter each writing the data and
 * the flag: the R and 2+2W shapes, which want sync on Power); the reads
 * after the fast path's test keep message passing's cycles with B's
 * writes, and their fences (lwsync / dmb) stay.
 *
 * Conditions checked: the flag is a variable of the unit no other unit
 * names (static, its address not escaping); L2 and every statement of B
 * run with one exclusive lock held that names one lock object (locks.cc);
 * B is the blocks L2's zero edge dominates, entered only there; every
 * path from B's entry to the function's exit passes S; every access of
 * the program that may write the flag stores a non-zero constant; a
 * location is marked only when it is part of such a variable and every
 * access that may write it (unknown addresses and calls' stand-ins
 * included) is a statement of B or of a function only B calls (through
 * such functions; its address taken nowhere): `init_config ()`.
 *
 * Example (tests/plugin/dcl.sh, programs/dcl_config.c): two workers call
 * a getter that initialises a static config this way: Power 6 syncs
 * (cost 12) -> 2 lwsyncs, ARMv8 6 dmb -> 2, ARMv7 6 -> 2; x86 none.
 */
#include "plugin.h"

namespace {

/* One double-checked block: its statements, the functions only it calls
 * (through functions only it calls), and its flag. */
struct dcl_block {
  hash_set<gimple *> stmts;
  hash_set<tree> callees;
  tree flag;
  function *fn;
};

/* The functions of the unit that only d's statements call, directly or
 * through such functions, and whose address nothing takes (`init_config
 * ()` called in the block), into d->callees. */
void
block_callees (dcl_block *d)
{
  for (bool grew = true; grew;)
    {
      grew = false;
      cgraph_node *n;
      FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (n)
        {
          tree decl = n->decl;
          if (d->callees.contains (decl) || TREE_PUBLIC (decl)
              || n->address_taken || !n->callers || n->inlined_to)
            continue;
          bool only = true;
          for (cgraph_edge *e = n->callers; e && only; e = e->next_caller)
            only = (e->call_stmt && d->stmts.contains (e->call_stmt))
                   || d->callees.contains (e->caller->decl);
          if (only)
            {
              d->callees.add (decl);
              grew = true;
            }
        }
    }
}

/* A variable no other unit can name or reach: a static or one of the
 * unit's locals whose address does not escape to code outside. */
bool
unit_own (tree v)
{
  if (!v || !VAR_P (v) || DECL_EXTERNAL (v) || DECL_THREAD_LOCAL_P (v))
    return false;
  if (is_global_var (v) && TREE_PUBLIC (v))
    return false;
  int o = wmm_threadlocal_decl_object (v);
  return o < 0 ? !TREE_ADDRESSABLE (v) : !wmm_threadlocal_object_escaped (o);
}

/* The variable a load statement reads whole (`x = v`, `x ={v} v`,
 * `x = __atomic_load_N (&v, ...)`), or NULL. */
tree
loaded_var (gimple *s)
{
  tree src = NULL_TREE;
  if (gimple_assign_single_p (s))
    src = gimple_assign_rhs1 (s);
  else if (is_gimple_call (s) && gimple_call_num_args (s) >= 1)
    {
      tree fn = gimple_call_fndecl (s);
      if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
        return NULL_TREE;
      int code = DECL_FUNCTION_CODE (fn);
      if (code < BUILT_IN_ATOMIC_LOAD_1 || code > BUILT_IN_ATOMIC_LOAD_16)
        return NULL_TREE;
      tree a = gimple_call_arg (s, 0);
      if (TREE_CODE (a) != ADDR_EXPR)
        return NULL_TREE;
      src = TREE_OPERAND (a, 0);
    }
  return src && VAR_P (src) ? src : NULL_TREE;
}

/* The flag a test `if (x == 0)` / `if (x != 0)` reads (x a load of it,
 * through one conversion), its zero edge in *zero; or NULL. */
tree
tested_flag (gcond *c, edge *zero)
{
  tree x = gimple_cond_lhs (c);
  enum tree_code code = gimple_cond_code (c);
  if (!integer_zerop (gimple_cond_rhs (c)) || TREE_CODE (x) != SSA_NAME
      || (code != EQ_EXPR && code != NE_EXPR))
    return NULL_TREE;
  gimple *d = SSA_NAME_DEF_STMT (x);
  if (gimple_assign_cast_p (d)
      && TREE_CODE (gimple_assign_rhs1 (d)) == SSA_NAME
      && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (d)))
      && TYPE_PRECISION (TREE_TYPE (x))
         >= TYPE_PRECISION (TREE_TYPE (gimple_assign_rhs1 (d))))
    d = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (d));
  tree v = loaded_var (d);
  if (!v || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return NULL_TREE;
  edge t, f;
  extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
  *zero = code == EQ_EXPR ? t : f;
  return v;
}

/* Does statement s store a non-zero constant into v (plain, volatile or
 * an __atomic_store_N)? */
bool
sets_flag (gimple *s, tree v)
{
  tree dst = NULL_TREE, val = NULL_TREE;
  if (gimple_assign_single_p (s))
    dst = gimple_assign_lhs (s), val = gimple_assign_rhs1 (s);
  else if (is_gimple_call (s) && gimple_call_num_args (s) >= 2)
    {
      tree fn = gimple_call_fndecl (s);
      if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
        return false;
      int code = DECL_FUNCTION_CODE (fn);
      tree a = gimple_call_arg (s, 0);
      if (code < BUILT_IN_ATOMIC_STORE_1 || code > BUILT_IN_ATOMIC_STORE_16
          || TREE_CODE (a) != ADDR_EXPR)
        return false;
      dst = TREE_OPERAND (a, 0), val = gimple_call_arg (s, 1);
    }
  return dst == v && val && TREE_CODE (val) == INTEGER_CST
         && !integer_zerop (val);
}

/* Does every path from block `from` to the exit of fn pass a block of
 * `stops`? */
bool
every_path_passes (function *fn, basic_block from,
                   hash_set<basic_block> &stops)
{
  auto_vec<basic_block> work;
  hash_set<basic_block> seen;
  work.safe_push (from);
  seen.add (from);
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      if (stops.contains (b))
        continue;
      if (b == EXIT_BLOCK_PTR_FOR_FN (fn) || EDGE_COUNT (b->succs) == 0)
        return false;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, b->succs)
        if (!seen.add (e->dest))
          work.safe_push (e->dest);
    }
  return true;
}

/* The double-checked block behind test c of fn, into *out; false when c
 * is no such test (the head comment's conditions on the function). */
bool
block_of (wmm_unitinfo *u, function *fn, gcond *c, wmm_locks *locks,
          dcl_block *out)
{
  edge zero;
  tree v = tested_flag (c, &zero);
  if (!v || !unit_own (v) || !single_pred_p (zero->dest))
    return false;
  /* an exclusive lock of one object held at the load the test reads
     (a value loaded before the lock was taken could be stale) and at the
     test itself */
  gimple *load = SSA_NAME_DEF_STMT (gimple_cond_lhs (c));
  if (!loaded_var (load) && gimple_assign_cast_p (load))
    load = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (load));
  wmm_region_set keep = wmm_locks_one_object (u, wmm_locks_excluding (
                          u, wmm_locks_before (locks, load)
                             & wmm_locks_before (locks, c), true));
  keep &= ~WMM_REGION_UNKNOWN;
  if (!keep)
    return false;
  /* the blocks the zero edge dominates (the caller has the dominators);
     one of those locks held at every statement of them */
  hash_set<basic_block> sets;
  basic_block b;
  FOR_EACH_BB_FN (b, fn)
    {
      if (!dominated_by_p (CDI_DOMINATORS, b, zero->dest))
        continue;
      wmm_region_set h = wmm_locks_at (locks, b);
      for (gimple_stmt_iterator g = gsi_start_bb (b); !gsi_end_p (g);
           gsi_next (&g))
        {
          gimple *s = gsi_stmt (g);
          keep &= h;
          if (sets_flag (s, v))
            sets.add (b);
          out->stmts.add (s);
          h = wmm_locks_step (locks, s, h);
        }
    }
  if (!keep || sets.is_empty () || !every_path_passes (fn, zero->dest, sets))
    return false;
  out->flag = v;
  out->fn = fn;
  return true;
}

/* The double-checked blocks of the unit. */
void
find_blocks (wmm_unitinfo *u, vec<dcl_block *> *out)
{
  wmm_each_body ([&] (cgraph_node *, function *fn) {
    auto_vec<gcond *> tests;
    basic_block bb;
    FOR_EACH_BB_FN (bb, fn)
      {
        gcond *c = safe_dyn_cast<gcond *> (last_stmt (bb));
        edge zero;
        if (c && tested_flag (c, &zero))
          tests.safe_push (c);
      }
    if (tests.is_empty ())
      return;
    wmm_locks *locks = wmm_locks_begin (u, fn);
    wmm_with_dominators (fn, [&] () {
      for (gcond *c : tests)
        {
          dcl_block *d = new dcl_block;
          if (block_of (u, fn, c, locks, d))
            out->safe_push (d);
          else
            delete d;
        }
      return true;
    });
    wmm_locks_end (locks);
  });
  for (dcl_block *d : *out)
    block_callees (d);
}

/* Is the access at instruction i of unit a statement of d, or of a
 * function only d calls? */
bool
in_block (dcl_block &d, const wmm_unit &unit, int i)
{
  if (i >= (int) unit.sites.length () || unit.sites[i].summary
      || !unit.sites[i].stmt)
    return false;
  const wmm_site &site = unit.sites[i];
  function *fn = site.fn ? site.fn : unit.fn;
  return d.stmts.contains (site.stmt) || (fn && d.callees.contains (fn->decl));
}

/* One pass over the program's writes for block d: written[l] when some
 * access may write l, outside[l] when one of them is no statement of d,
 * not_flag[l] when one is no store of a non-zero constant to l alone. */
void
scan_writes (wmm_unitinfo *u, dcl_block &d, vec<char> &written,
             vec<char> &outside, vec<char> &not_flag)
{
  const wmm_program *p = u->prog;
  auto mark = [&] (int l, bool out, bool other) {
    written[l] = 1;
    outside[l] |= out;
    not_flag[l] |= other;
  };
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        {
          const wmm_instr *in = &t->code[i];
          if (!wmm_instr_is_access (in) || !wmm_instr_writes (in))
            continue;
          bool out = !in_block (d, unit, i);
          int l = in->addr.loc_hint;
          if (l >= 0)
            mark (l, out, in->op != WMM_OP_STORE
                          || in->a.kind != WMM_OPND_IMM || in->a.imm == 0);
          else if (in->addr.alias >= 0 && in->addr.alias < p->naliases)
            for (int k = 0; k < p->aliases[in->addr.alias].n; k++)
              mark (p->aliases[in->addr.alias].locs[k], out, true);
          else
            for (int k = 0; k < p->nlocs; k++)
              mark (k, out, true);
        }
    }
}

} // anon namespace

int
wmm_dcl_one_writer (wmm_unitinfo *u)
{
  if (!u->prog)
    return 0;
  auto_delete_vec<dcl_block> blocks;
  find_blocks (u, &blocks);
  wmm_program *p = u->prog;
  int marked = 0, group = 0;
  for (int l = 0; l < p->nlocs; l++)
    group = MAX (group, p->locs[l].once_group);
  auto_vec<char> written, outside, not_flag;
  for (dcl_block *d : blocks)
    {
      group++;
      written.truncate (0);
      written.safe_grow_cleared (p->nlocs);
      outside.truncate (0);
      outside.safe_grow_cleared (p->nlocs);
      not_flag.truncate (0);
      not_flag.safe_grow_cleared (p->nlocs);
      scan_writes (u, *d, written, outside, not_flag);
      /* the flag: written only with non-zero constants (and by the block
         alone, to be marked too, as the data below) */
      bool flag_ok = false;
      for (int l = 0; l < p->nlocs; l++)
        if (wmm_location_decl (l) == d->flag)
          {
            if (not_flag[l])
              {
                flag_ok = false;
                break;
              }
            flag_ok = true;
          }
      if (!flag_ok)
        continue;
      /* the locations only the block writes */
      for (int l = 0; l < p->nlocs; l++)
        {
          tree decl = wmm_location_decl (l);
          if (!written[l] || outside[l] || p->locs[l].is_private
              || p->locs[l].one_writer || !decl || !unit_own (decl))
            continue;
          p->locs[l].one_writer = 1;
          p->locs[l].once_group = group;
          marked++;
        }
    }
  if (marked)
    wmm_note (u, "%d locations are written only by a block behind a flag "
              "tested again under a lock (double-checked initialisation), "
              "which runs at most once: one writer each", marked);
  return marked;
}
