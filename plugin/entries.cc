/* entries.cc — which functions of the unit run as threads, in how many
 * instances, which functions their code reaches, and (for main) where the
 * threads it starts are running.
 *
 * Example: main() { pthread_create(&a,0,P0,0); pthread_create(&b,0,P1,0);
 *   pthread_join(a,0); pthread_join(b,0); printf(...); }
 *   -> entries main (1 instance, region), P0 (1), P1 (1); the code of main
 *   before the first create and after the last join is not concurrent.
 *
 * Rules (docs/plugin.md, "Thread entries"):
 *  - a function passed to pthread_create/thrd_create is an entry; it has 2
 *    instances when it is created at several sites, in a loop, or by a
 *    function other than main; an unresolved start routine makes every
 *    address-taken function an entry with 2 instances;
 *  - main is an entry with 1 instance;
 *  - __attribute__((wmmfence_thread)) / wmmfence_thread(N) marks an entry
 *    with N (default 2) instances;
 *  - threads=exported, or threads=auto in a unit with none of the above,
 *    makes every exported function an entry with 2 instances;
 *  - functions called indirectly from concurrent code are entries too (an
 *    over-approximation: they may run in any thread).
 */
#include "plugin.h"

/* Every function of the unit with a GIMPLE body in SSA form, sorted by
 * symbol order (stable across runs). */
static void
unit_functions (vec<cgraph_node *> *out)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      if (node->alias || wmm_node_is_thunk (node) || node->inlined_to)
        continue;
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg || !gimple_in_ssa_p (fn))
        continue;
      out->safe_push (node);
    }
  out->qsort ([] (const void *a, const void *b) {
    int oa = (*(cgraph_node *const *) a)->order;
    int ob = (*(cgraph_node *const *) b)->order;
    return oa < ob ? -1 : oa > ob;
  });
}

/* Name of the called function when it is declared outside any body. */
static const char *
callee_name (gimple *stmt)
{
  if (!is_gimple_call (stmt))
    return NULL;
  tree fndecl = gimple_call_fndecl (stmt);
  if (!fndecl || !DECL_NAME (fndecl))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (fndecl));
}

bool
wmm_is_thread_create (gimple *stmt, tree *fn)
{
  const char *name = callee_name (stmt);
  unsigned argno;
  if (!name)
    return false;
  if (!strcmp (name, "pthread_create"))
    argno = 2;
  else if (!strcmp (name, "thrd_create"))
    argno = 1;
  else
    return false;
  *fn = NULL_TREE;
  if (gimple_call_num_args (stmt) <= argno)
    return true;
  tree arg = gimple_call_arg (stmt, argno);
  if (TREE_CODE (arg) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (arg, 0)) == FUNCTION_DECL)
    *fn = TREE_OPERAND (arg, 0);
  return true;
}

bool
wmm_is_thread_join (gimple *stmt)
{
  const char *name = callee_name (stmt);
  return name && (!strcmp (name, "pthread_join")
                  || !strcmp (name, "thrd_join"));
}

/* Blocks that lie on a cycle of the CFG (Tarjan's SCCs); scc[bb->index]
 * gets the block's component, cyclic[c] whether component c is a loop. */
static void
cfg_sccs (function *fn, vec<int> *scc, vec<bool> *cyclic)
{
  int n = last_basic_block_for_fn (fn);
  auto_vec<int> index, low, stack;
  auto_vec<bool> on_stack;
  index.safe_grow_cleared (n);
  low.safe_grow_cleared (n);
  on_stack.safe_grow_cleared (n);
  scc->safe_grow_cleared (n);
  for (int i = 0; i < n; i++)
    {
      index[i] = -1;
      (*scc)[i] = -1;
    }
  int counter = 0;
  /* Iterative DFS: frames of (block, next successor). */
  auto_vec<std::pair<basic_block, unsigned> > frames;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (index[bb->index] >= 0)
        continue;
      frames.safe_push (std::make_pair (bb, 0u));
      index[bb->index] = low[bb->index] = counter++;
      stack.safe_push (bb->index);
      on_stack[bb->index] = true;
      while (!frames.is_empty ())
        {
          basic_block b = frames.last ().first;
          unsigned k = frames.last ().second;
          if (k < EDGE_COUNT (b->succs))
            {
              frames.last ().second++;
              basic_block s = EDGE_SUCC (b, k)->dest;
              if (s->index < NUM_FIXED_BLOCKS || s->index >= n)
                continue;
              if (index[s->index] < 0)
                {
                  index[s->index] = low[s->index] = counter++;
                  stack.safe_push (s->index);
                  on_stack[s->index] = true;
                  frames.safe_push (std::make_pair (s, 0u));
                }
              else if (on_stack[s->index])
                low[b->index] = MIN (low[b->index], index[s->index]);
              continue;
            }
          frames.pop ();
          if (!frames.is_empty ())
            {
              int p = frames.last ().first->index;
              low[p] = MIN (low[p], low[b->index]);
            }
          if (low[b->index] == index[b->index])
            {
              int c = cyclic->length ();
              int members = 0, w;
              bool self = false;
              do
                {
                  w = stack.pop ();
                  on_stack[w] = false;
                  (*scc)[w] = c;
                  members++;
                }
              while (w != b->index);
              edge e;
              edge_iterator ei;
              FOR_EACH_EDGE (e, ei, b->succs)
                if (e->dest == b)
                  self = true;
              cyclic->safe_push (members > 1 || self);
            }
        }
    }
}

/* Is the block part of a loop? */
static bool
in_loop (const vec<int> &scc, const vec<bool> &cyclic, basic_block bb)
{
  int c = bb->index < (int) scc.length () ? scc[bb->index] : -1;
  return c >= 0 && cyclic[c];
}

/* What the scan of one function found. */
struct fn_facts {
  cgraph_node *node;
  auto_vec<int> callees;        /* indices of unit functions called */
  bool indirect;                /* makes an indirect call */
  bool creates;                 /* starts threads (directly) */
  bool may_create;              /* ... or through its callees */
  bool called;                  /* called directly by a unit function */
  int entry;                    /* 0, or the entry's instances */
  bool region;
};

/* Index of a function among the unit's functions (-1: none). */
static int
find_fn (hash_map<tree, int> *index, tree decl)
{
  int *i = index->get (decl);
  return i ? *i : -1;
}

/* Raise the instances of entry f to n. */
static void
make_entry (fn_facts *f, int n)
{
  if (f->entry < n)
    f->entry = n;
}

bool
wmm_find_entries (wmm_unitinfo *u)
{
  auto_vec<cgraph_node *> fns;
  unit_functions (&fns);
  unsigned n = fns.length ();
  hash_map<tree, int> fn_index;
  for (unsigned i = 0; i < n; i++)
    fn_index.put (fns[i]->decl, i);
  fn_facts *facts = new fn_facts[n];
  auto_vec<int> create_target, create_site_fn;
  auto_vec<bool> create_in_loop;
  bool unresolved_create = false, any_attribute = false;
  int main_fn = -1;

  for (unsigned i = 0; i < n; i++)
    {
      fn_facts *f = &facts[i];
      f->node = fns[i];
      f->indirect = f->creates = f->may_create = f->called = false;
      f->entry = 0;
      f->region = false;
      tree decl = fns[i]->decl;
      if (DECL_NAME (decl) && MAIN_NAME_P (DECL_NAME (decl))
          && TREE_PUBLIC (decl)
          && (!DECL_CONTEXT (decl)
              || TREE_CODE (DECL_CONTEXT (decl)) == TRANSLATION_UNIT_DECL))
        main_fn = i;
      function *fn = fns[i]->get_fun ();
      auto_vec<int> scc;
      auto_vec<bool> cyclic;
      cfg_sccs (fn, &scc, &cyclic);
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            gimple *stmt = gsi_stmt (gsi);
            if (!is_gimple_call (stmt))
              continue;
            tree target;
            if (wmm_is_thread_create (stmt, &target))
              {
                f->creates = true;
                int t = target ? find_fn (&fn_index, target) : -1;
                if (!target)
                  unresolved_create = true;
                if (t >= 0)
                  {
                    create_target.safe_push (t);
                    create_site_fn.safe_push (i);
                    create_in_loop.safe_push (in_loop (scc, cyclic, bb));
                  }
                continue;
              }
            tree callee = gimple_call_fndecl (stmt);
            if (!callee)
              {
                if (!gimple_call_internal_p (stmt))
                  f->indirect = true;
                continue;
              }
            int c = find_fn (&fn_index, callee);
            if (c >= 0)
              f->callees.safe_push (c);
          }
      if (lookup_attribute ("wmmfence_thread", DECL_ATTRIBUTES (decl)))
        any_attribute = true;
    }
  for (unsigned i = 0; i < n; i++)
    for (int c : facts[i].callees)
      facts[c].called = true;

  /* may_create: transitive over direct calls. */
  for (unsigned i = 0; i < n; i++)
    facts[i].may_create = facts[i].creates;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (unsigned i = 0; i < n; i++)
        if (!facts[i].may_create)
          for (int c : facts[i].callees)
            if (facts[c].may_create)
              {
                facts[i].may_create = changed = true;
                break;
              }
    }

  /* Thread entries. */
  for (unsigned k = 0; k < create_target.length (); k++)
    {
      int t = create_target[k];
      int sites = 0;
      for (int other : create_target)
        sites += other == t;
      bool many = sites > 1 || create_in_loop[k]
                  || create_site_fn[k] != main_fn
                  || (main_fn >= 0 && facts[main_fn].called);
      make_entry (&facts[t], many ? 2 : 1);
    }
  if (unresolved_create)
    {
      wmm_note (u, "a thread is started with a start routine that is not a "
                "known function: every address-taken function is treated "
                "as a thread entry with several instances");
      for (unsigned i = 0; i < n; i++)
        if (fns[i]->address_taken)
          make_entry (&facts[i], 2);
    }
  for (unsigned i = 0; i < n; i++)
    {
      tree attr = lookup_attribute ("wmmfence_thread",
                                    DECL_ATTRIBUTES (fns[i]->decl));
      if (!attr)
        continue;
      int inst = 2;
      if (TREE_VALUE (attr) && tree_fits_shwi_p (TREE_VALUE (TREE_VALUE (attr))))
        inst = tree_to_shwi (TREE_VALUE (TREE_VALUE (attr))) > 1 ? 2 : 1;
      make_entry (&facts[i], inst);
    }
  bool library = u->opts->threads == WMM_THREADS_EXPORTED
                 || (u->opts->threads == WMM_THREADS_AUTO && main_fn < 0
                     && create_target.is_empty () && !unresolved_create
                     && !any_attribute);
  if (library)
    for (unsigned i = 0; i < n; i++)
      if (TREE_PUBLIC (fns[i]->decl) && (int) i != main_fn)
        make_entry (&facts[i], 2);
  if (main_fn >= 0)
    {
      make_entry (&facts[main_fn], 1);
      /* Only the part of main that runs while its threads run matters,
         unless main itself can run concurrently with other code. */
      facts[main_fn].region = facts[main_fn].entry == 1
                              && !facts[main_fn].called
                              && u->opts->threads != WMM_THREADS_EXPORTED;
    }

  /* Reachable functions: from entries through direct calls; indirect calls
     make every address-taken function an entry. */
  auto_vec<int> work;
  auto_vec<bool> reached;
  reached.safe_grow_cleared (n);
  bool indirect = false;
  for (unsigned i = 0; i < n; i++)
    if (facts[i].entry)
      {
        reached[i] = true;
        work.safe_push (i);
      }
  while (!work.is_empty ())
    {
      int i = work.pop ();
      if (facts[i].indirect && !indirect)
        {
          indirect = true;
          for (unsigned j = 0; j < n; j++)
            if (fns[j]->address_taken && !facts[j].entry)
              {
                make_entry (&facts[j], 2);
                if (!reached[j])
                  {
                    reached[j] = true;
                    work.safe_push (j);
                  }
              }
        }
      for (int c : facts[i].callees)
        if (!reached[c])
          {
            reached[c] = true;
            work.safe_push (c);
          }
    }
  if (indirect)
    wmm_note (u, "indirect calls: every address-taken function of the unit "
              "is treated as a thread entry with several instances");

  /* Is anything concurrent?  A region-restricted main counts only when it
     starts threads. */
  int total = 0;
  for (unsigned i = 0; i < n; i++)
    if (facts[i].entry)
      total += (facts[i].region && !facts[i].may_create) ? 0 : facts[i].entry;
  u->concurrent = total >= 2;
  u->creators = new hash_set<tree>;
  for (unsigned i = 0; i < n; i++)
    if (facts[i].may_create)
      u->creators->add (fns[i]->decl);

  for (unsigned i = 0; i < n; i++)
    if (reached[i])
      {
        wmm_unit unit;
        memset (&unit, 0, sizeof unit);
        unit.node = fns[i];
        unit.decl = fns[i]->decl;
        unit.fn = fns[i]->get_fun ();
        unit.thread = -1;
        unit.entry = facts[i].entry > 0;
        unit.instances = facts[i].entry > 0 ? facts[i].entry : 1;
        unit.region = facts[i].region;
        unit.sites = vNULL;
        u->units.safe_push (unit);
        if (!u->unit_index)
          u->unit_index = new hash_map<tree, int>;
        u->unit_index->put (unit.decl, u->units.length () - 1);
      }
  delete[] facts;
  return u->concurrent;
}

int
wmm_unit_of (const wmm_unitinfo *u, tree decl)
{
  int *i = u->unit_index ? u->unit_index->get (decl) : NULL;
  return i ? *i : -1;
}

/* ------------------------------------------------------ concurrency region */

/* A group of threads: the pthread_t object they were created into, with its
 * constant bit offset, or -1 for "some element" (variable index). */
struct region_group {
  tree decl;
  HOST_WIDE_INT offset;
};

struct wmm_region {
  wmm_unitinfo *u;
  auto_vec<region_group> groups;   /* bit i <-> groups[i]; bit 63 = unknown */
  auto_vec<wmm_region_set> in;     /* per bb->index */
  auto_vec<int> scc;
  auto_vec<bool> cyclic;
};

static const int UNKNOWN_GROUP = 63;

/* The group of the object `ref` (a pthread_t lvalue). */
static int
group_of_ref (wmm_region *r, tree ref)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree base = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
                                   &unsignedp, &reversep, &volatilep);
  if (!base || !DECL_P (base))
    return UNKNOWN_GROUP;
  HOST_WIDE_INT off = -1;
  if (!offset && bitpos.is_constant ())
    off = bitpos.to_constant ();
  for (unsigned i = 0; i < r->groups.length (); i++)
    if (r->groups[i].decl == base && r->groups[i].offset == off)
      return i;
  if (r->groups.length () >= UNKNOWN_GROUP)
    return UNKNOWN_GROUP;
  region_group g = { base, off };
  r->groups.safe_push (g);
  return r->groups.length () - 1;
}

/* Group started by a create call (arg 0 = address of the pthread_t). */
static int
create_group (wmm_region *r, gimple *stmt)
{
  tree arg = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0) : NULL;
  /* &t[i] with a variable index is computed into an SSA name first. */
  if (arg && TREE_CODE (arg) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (arg))
    {
      gimple *def = SSA_NAME_DEF_STMT (arg);
      if (gimple_assign_single_p (def))
        arg = gimple_assign_rhs1 (def);
    }
  if (arg && TREE_CODE (arg) == ADDR_EXPR)
    return group_of_ref (r, TREE_OPERAND (arg, 0));
  return UNKNOWN_GROUP;
}

/* Group joined by a join call (arg 0 = a pthread_t value loaded from it). */
static int
join_group (wmm_region *r, gimple *stmt)
{
  tree arg = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0) : NULL;
  if (!arg || TREE_CODE (arg) != SSA_NAME)
    return UNKNOWN_GROUP;
  gimple *def = SSA_NAME_DEF_STMT (arg);
  if (!def || !gimple_assign_load_p (def))
    return UNKNOWN_GROUP;
  return group_of_ref (r, gimple_assign_rhs1 (def));
}

/* Groups killed when leaving the loop of a join in a loop: every group of
 * the same object (a loop of joins joins the whole array). */
static wmm_region_set
join_loop_kills (wmm_region *r, int g)
{
  if (g == UNKNOWN_GROUP)
    return 0;
  wmm_region_set k = 0;
  for (unsigned i = 0; i < r->groups.length (); i++)
    if (r->groups[i].decl == r->groups[g].decl)
      k |= 1ULL << i;
  return k;
}

/* Create and join calls. */
static wmm_region_set
step_create_join (wmm_region *r, gimple *stmt, wmm_region_set s)
{
  tree target;
  if (wmm_is_thread_create (stmt, &target))
    return s | (1ULL << create_group (r, stmt));
  if (wmm_is_thread_join (stmt))
    {
      int g = join_group (r, stmt);
      if (g != UNKNOWN_GROUP && !in_loop (r->scc, r->cyclic, gimple_bb (stmt))
          && r->groups[g].offset >= 0)
        s &= ~(1ULL << g);
    }
  return s;
}

wmm_region_set
wmm_region_step (const wmm_region *rc, gimple *stmt, wmm_region_set s)
{
  wmm_region *r = const_cast<wmm_region *> (rc);
  if (!is_gimple_call (stmt))
    return s;
  s = step_create_join (r, stmt, s);
  /* A call to a unit function that starts threads: they are never joined
     as far as we know. */
  tree callee = gimple_call_fndecl (stmt);
  if (callee && r->u->creators && r->u->creators->contains (callee))
    s |= 1ULL << UNKNOWN_GROUP;
  return s;
}

wmm_region *
wmm_region_begin (wmm_unitinfo *u, wmm_unit *unit)
{
  wmm_region *r = new wmm_region;
  r->u = u;
  function *fn = unit->fn;
  cfg_sccs (fn, &r->scc, &r->cyclic);
  int nb = last_basic_block_for_fn (fn);
  r->in.safe_grow_cleared (nb);
  auto_vec<wmm_region_set> out;
  out.safe_grow_cleared (nb);
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  /* Kills on edges leaving a loop that contains joins. */
  auto_vec<wmm_region_set> loop_kill;
  loop_kill.safe_grow_cleared (r->cyclic.length ());
  for (int k = 0; k < nrpo; k++)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
      if (!in_loop (r->scc, r->cyclic, bb))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        if (is_gimple_call (gsi_stmt (gsi)) && wmm_is_thread_join (gsi_stmt (gsi)))
          loop_kill[r->scc[bb->index]]
            |= join_loop_kills (r, join_group (r, gsi_stmt (gsi)));
    }
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          wmm_region_set s = 0;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->preds)
            {
              basic_block p = e->src;
              if (p->index < NUM_FIXED_BLOCKS)
                continue;
              wmm_region_set ps = out[p->index];
              int cp = r->scc[p->index];
              if (cp >= 0 && r->cyclic[cp] && r->scc[bb->index] != cp)
                ps &= ~loop_kill[cp];
              s |= ps;
            }
          r->in[bb->index] = s;
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            s = wmm_region_step (r, gsi_stmt (gsi), s);
          if (s != out[bb->index])
            {
              out[bb->index] = s;
              changed = true;
            }
        }
    }
  free (rpo);
  return r;
}

wmm_region_set
wmm_region_at (const wmm_region *r, basic_block bb)
{
  return bb->index < (int) r->in.length () ? r->in[bb->index] : 0;
}

void
wmm_region_end (wmm_region *r)
{
  delete r;
}
