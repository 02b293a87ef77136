/* emit.cc — put the placement back into GIMPLE: a fence statement at each
 * placed position, and volatile (a volatile MEM_REF or a volatile copy of
 * the reference) on every access the analysis orders, so that -O2/-O3
 * keep those accesses in program order and in the binary.
 *
 * Example: placement {P0, before 1, lwsync} on ppc64le turns
 *     x = 1;  y = 1;
 * into
 *     MEM <volatile int> [&x] = 1;  __atomic_thread_fence (4);
 *     MEM <volatile int> [&y] = 1;
 * which GCC compiles to  stw; lwsync; stw.
 *
 * Fences are __atomic_thread_fence builtins where the target's expansion is
 * the wanted instruction (DESIGN.md's table), inline asm where no builtin
 * gives it (dmb ishst, eieio, isync, isb).  Afterwards the virtual SSA web,
 * the call graph edges and GCC's function summaries (fn summary, pure/const,
 * modref) of the changed functions and their callers are brought up to date.
 */
#include "plugin.h"

#ifndef WMM_TARGET_CPU
#define WMM_TARGET_CPU "other"
#endif

namespace {

/* How a fence kind is emitted on this target. */
struct emission {
  int order;              /* memmodel for the builtin, or -1 */
  const char *asm_text;   /* inline asm when order < 0 */
};

bool
cpu_is (const char *c)
{
  return !strcmp (WMM_TARGET_CPU, c);
}

emission
how_to_emit (wmm_fence kind)
{
  bool arm = cpu_is ("arm") || cpu_is ("aarch64");
  bool ppc = cpu_is ("ppc");
  switch (kind)
    {
    case WMM_FENCE_LWSYNC:
    case WMM_FENCE_C_ACQ_REL:
      return { MEMMODEL_ACQ_REL, NULL };
    case WMM_FENCE_C_ACQUIRE:
      return { MEMMODEL_ACQUIRE, NULL };
    case WMM_FENCE_C_RELEASE:
      return { MEMMODEL_RELEASE, NULL };
    case WMM_FENCE_DMB_ISHLD:
      /* ARMv7 has no load-only barrier: dmb ish. */
      return { cpu_is ("arm") ? MEMMODEL_SEQ_CST : MEMMODEL_ACQUIRE, NULL };
    case WMM_FENCE_DMB_ST:
    case WMM_FENCE_DMB_ISHST:
    case WMM_FENCE_DSB_ST:
      if (arm)
        return { -1, "dmb ishst" };
      return { MEMMODEL_RELEASE, NULL };
    case WMM_FENCE_EIEIO:
      if (ppc)
        return { -1, "eieio" };
      return { MEMMODEL_RELEASE, NULL };
    case WMM_FENCE_ISYNC:
      if (ppc)
        return { -1, "isync" };
      return { MEMMODEL_SEQ_CST, NULL };
    case WMM_FENCE_ISB:
      if (arm)
        return { -1, "isb" };
      return { MEMMODEL_SEQ_CST, NULL };
    case WMM_FENCE_COMPILER:
      return { -2, NULL };   /* __atomic_signal_fence */
    default:                 /* mfence, sync, dmb, dsb, dmb ish, seq_cst */
      return { MEMMODEL_SEQ_CST, NULL };
    }
}

/* A new fence statement for `kind`. */
gimple *
build_fence (wmm_fence kind, location_t loc)
{
  emission e = how_to_emit (kind);
  gimple *g;
  if (e.order == -1)
    {
      vec<tree, va_gc> *clobbers = NULL;
      vec_safe_push (clobbers, build_tree_list (NULL_TREE,
                                                build_string (7, "memory")));
      gasm *a = gimple_build_asm_vec (e.asm_text, wmm_lto_fence_inputs (),
                                      NULL, clobbers, NULL);
      gimple_asm_set_volatile (a, true);
      g = a;
    }
  else
    {
      enum built_in_function fn = e.order == -2 ? BUILT_IN_ATOMIC_SIGNAL_FENCE
                                  : BUILT_IN_ATOMIC_THREAD_FENCE;
      int order = e.order == -2 ? MEMMODEL_SEQ_CST : e.order;
      g = gimple_build_call (builtin_decl_explicit (fn), 1,
                             build_int_cst (integer_type_node, order));
      wmm_lto_mark_fence (as_a<gcall *> (g));
    }
  /* The source position only: the position may come from a statement of
     another function (a callee collected for this call site), whose lexical
     BLOCK is not in this function's tree; the inliner asserts that every
     statement's block is (remap_gimple_stmt). */
  gimple_set_location (g, LOCATION_LOCUS (loc));
  return g;
}

/* Does bb start with a statement nothing may precede (a setjmp
 * receiver's returns-twice call, the abnormal dispatcher)? */
static bool
starts_fixed (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  if (gsi_end_p (gsi) || !is_gimple_call (gsi_stmt (gsi)))
    return false;
  gimple *s = gsi_stmt (gsi);
  return (gimple_call_flags (s) & ECF_RETURNS_TWICE)
         || gimple_call_internal_p (s, IFN_ABNORMAL_DISPATCHER);
}

/* insert_at_end's work: g (or, once g is used, a copy) on every way out of
 * bb's end; an exceptional or abnormal successor (which cannot be split)
 * gets it at its start, or past its fixed first statement at its end. */
static void
put_at_end (basic_block bb, gimple *g, bool *used, hash_set<basic_block> *seen)
{
  auto next = [&] () { gimple *c = *used ? gimple_copy (g) : g; *used = true;
                       return c; };
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  if (gsi_end_p (gsi))
    {
      gsi = gsi_after_labels (bb);
      gsi_insert_before (&gsi, next (), GSI_SAME_STMT);
      return;
    }
  gimple *last = gsi_stmt (gsi);
  if (is_ctrl_stmt (last))
    {
      gsi_insert_before (&gsi, next (), GSI_SAME_STMT);
      return;
    }
  if (!stmt_ends_bb_p (last))
    {
      gsi_insert_after (&gsi, next (), GSI_NEW_STMT);
      return;
    }
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (e->flags & EDGE_FAKE)
      continue;
    else if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
      gsi_insert_on_edge (e, next ());
    else if (e->dest->index >= NUM_FIXED_BLOCKS && !seen->add (e->dest))
      {
        if (starts_fixed (e->dest))
          put_at_end (e->dest, g, used, seen);
        else
          {
            gimple_stmt_iterator at = gsi_after_labels (e->dest);
            gsi_insert_before (&at, next (), GSI_SAME_STMT);
          }
      }
}

/* Insert g after the last statement of bb (before its control statement),
 * or on its outgoing edges when the last statement ends the block (a call
 * that may throw or longjmp: also at the start of the landing pad or
 * receiver, where every exceptional way from it goes). */
void
insert_at_end (basic_block bb, gimple *g)
{
  bool used = false;
  hash_set<basic_block> seen;
  seen.add (bb);
  put_at_end (bb, g, &used, &seen);
}

/* Insert g right after statement s. */
void
insert_after_stmt (gimple *s, gimple *g)
{
  if (stmt_ends_bb_p (s))
    {
      insert_at_end (gimple_bb (s), g);
      return;
    }
  gimple_stmt_iterator gsi = gsi_for_stmt (s);
  gsi_insert_after (&gsi, g, GSI_NEW_STMT);
}

} // anon namespace

/* Where a fence at instruction i of statement site s goes: before the
 * statement, after it, or both (inside one statement's accesses). */
void
wmm_fence_sides (const wmm_thread *t, const wmm_site *s, int i, bool *before,
                 bool *after)
{
  *before = *after = false;
  if (i == s->first)
    *before = true;
  else if (s->alternatives)
    {
      /* A choice between accesses: before any of them = before the
         statement; after one of them (its JUMP) = after it. */
      if (t->code[i].op == WMM_OP_JUMP)
        *after = true;
      else
        *before = true;
    }
  else
    {
      bool acc_before = false, acc_after = false;
      for (int k = s->first; k < i; k++)
        acc_before |= wmm_instr_is_access (&t->code[k]);
      for (int k = i; k <= s->last; k++)
        acc_after |= wmm_instr_is_access (&t->code[k]);
      if (!acc_after)
        *after = true;
      else if (!acc_before)
        *before = true;
      else
        *before = *after = true;
    }
}

namespace {

/* Put a fence of `kind` at "before instruction i" of unit `unit`. */
void
place_fence (wmm_unitinfo *u, wmm_unit *unit, int i, wmm_fence kind)
{
  const wmm_thread *t = &u->prog->threads[unit->thread];
  location_t loc = wmm_position_location (u, unit->thread, i);
  if (i >= t->ncode || i >= (int) unit->sites.length ())
    {
      /* The end of the function: before every return. */
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (cfun)->preds)
        if (!(e->flags & EDGE_FAKE))
          insert_at_end (e->src, build_fence (kind, loc));
      return;
    }
  const wmm_site *s = &unit->sites[i];
  switch (s->kind)
    {
    case WMM_SITE_BB_END:
      insert_at_end (s->bb, build_fence (kind, loc));
      return;
    case WMM_SITE_EDGE:
      gsi_insert_on_edge (s->e, build_fence (kind, loc));
      return;
    case WMM_SITE_STMT:
      break;
    }
  bool before, after;
  wmm_fence_sides (t, s, i, &before, &after);
  if (before && after)
    wmm_note (u, "a fence between two accesses of one statement "
              "(a call or a block copy) is emitted before and after "
              "the statement");
  if (before)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (s->stmt);
      gsi_insert_before (&gsi, build_fence (kind, loc), GSI_SAME_STMT);
    }
  if (after)
    insert_after_stmt (s->stmt, build_fence (kind, loc));
}

/* A volatile version of reference ref. */
tree
volatile_ref (tree ref)
{
  if (TREE_THIS_VOLATILE (ref))
    return ref;
  tree type = TREE_TYPE (ref);
  tree vtype = wmm_lto_volatile_type (type, build_qualified_type
                                             (type, TYPE_QUALS (type)
                                                    | TYPE_QUAL_VOLATILE));
  tree r;
  if (DECL_P (ref))
    r = build2 (MEM_REF, vtype, build_fold_addr_expr (ref),
                build_int_cst (reference_alias_ptr_type (ref), 0));
  else
    {
      r = copy_node (ref);
      TREE_TYPE (r) = vtype;
    }
  TREE_THIS_VOLATILE (r) = 1;
  TREE_SIDE_EFFECTS (r) = 1;
  return r;
}

/* Make the access of instruction i volatile; true when it changed. */
bool
make_volatile (wmm_unit *unit, int i)
{
  if (i >= (int) unit->sites.length ())
    return false;
  wmm_site *s = &unit->sites[i];
  if (s->kind != WMM_SITE_STMT || s->operand < 0
      || !is_gimple_assign (s->stmt))
    return false;
  tree *slot = s->operand == 0 ? gimple_assign_lhs_ptr (s->stmt)
                               : gimple_assign_rhs1_ptr (s->stmt);
  /* References GCC can make volatile: declarations and the usual
     components, of a complete type of constant size. */
  tree type = TREE_TYPE (*slot);
  switch (TREE_CODE (*slot))
    {
    case VAR_DECL: case PARM_DECL: case RESULT_DECL: case COMPONENT_REF:
    case ARRAY_REF: case MEM_REF: case BIT_FIELD_REF: case REALPART_EXPR:
    case IMAGPART_EXPR:
      break;
    default:
      return false;
    }
  if (!COMPLETE_TYPE_P (type) || !TYPE_SIZE (type)
      || TREE_CODE (TYPE_SIZE (type)) != INTEGER_CST)
    return false;
  tree v = volatile_ref (*slot);
  if (v == *slot)
    return false;
  *slot = v;
  update_stmt (s->stmt);
  return true;
}

/* GCC's summaries of a changed function no longer hold: recompute what
 * can be recomputed, make the rest conservative. */
void
forget_summaries (cgraph_node *node)
{
  tree decl = node->decl;
  DECL_PURE_P (decl) = 0;
  TREE_READONLY (decl) = 0;
  DECL_LOOPING_CONST_OR_PURE_P (decl) = 0;
  if (modref_summary *m = get_modref_function_summary (node))
    {
      if (m->loads)
        m->loads->collapse ();
      if (m->stores)
        m->stores->collapse ();
      m->kills.truncate (0);
      m->side_effects = 1;
      m->nondeterministic = 1;
      m->global_memory_read = 1;
      m->global_memory_written = 1;
      m->try_dse = 0;
    }
}

/* The call of edge e again, now that its callee may be neither pure nor
 * const (forget_summaries): a call that read memory only, or none, now
 * has a virtual definition (the one it had is kept otherwise).  The
 * caller's function goes into *fns for the renaming. */
void
update_call (cgraph_edge *e, hash_set<function *> *fns)
{
  cgraph_node *c = e->caller->inlined_to ? e->caller->inlined_to : e->caller;
  function *fn = DECL_STRUCT_FUNCTION (c->decl);
  if (!e->call_stmt || !fn || !fn->gimple_df || !gimple_has_body_p (c->decl))
    return;
  push_cfun (fn);
  update_stmt (e->call_stmt);
  pop_cfun ();
  fns->add (fn);
}

} // anon namespace

const char *
wmm_fence_instruction (wmm_fence kind)
{
  emission e = how_to_emit (kind);
  if (e.order == -1)
    return e.asm_text;
  if (e.order == -2)
    return "compiler barrier";
  bool sc = e.order == MEMMODEL_SEQ_CST;
  if (cpu_is ("x86"))
    return sc ? "lock orq $0,(%rsp) / mfence" : "compiler barrier";
  if (cpu_is ("ppc"))
    return sc ? "sync" : "lwsync";
  if (cpu_is ("aarch64"))
    return e.order == MEMMODEL_ACQUIRE ? "dmb ishld" : "dmb ish";
  if (cpu_is ("arm"))
    return "dmb ish";
  return sc ? "__atomic_thread_fence (seq_cst)" : "__atomic_thread_fence";
}

/* One change to make: a fence (kind >= 0) or a volatile access (kind < 0)
 * at instruction `index` of a unit, in function `fn`. */
struct change {
  function *fn;
  wmm_unit *unit;
  int index;
  int kind;
};

/* The function instruction i of `unit` comes from. */
static function *
site_function (const wmm_unit *unit, int i)
{
  if (i < (int) unit->sites.length () && unit->sites[i].fn)
    return unit->sites[i].fn;
  return unit->fn;
}

/* Is change b the same fence as a, made for another call site of an
 * inlined callee? */
static bool
same_fence (const change &a, const change &b)
{
  if (a.fn != b.fn || a.kind != b.kind || a.kind < 0)
    return false;
  int na = a.unit->sites.length (), nb = b.unit->sites.length ();
  if (a.index >= na || b.index >= nb)
    return a.unit == b.unit && a.index == b.index;
  const wmm_site &x = a.unit->sites[a.index], &y = b.unit->sites[b.index];
  return x.kind == y.kind && x.stmt == y.stmt && x.bb == y.bb && x.e == y.e
         && a.index - x.first == b.index - y.first
         && x.last - x.first == y.last - y.first;
}

/* A hash of what same_fence compares (equal for changes it finds the
 * same), never -1 or -2. */
static HOST_WIDE_INT
fence_hash (const change &c)
{
  inchash::hash h;
  h.add_ptr (c.fn);
  h.add_int (c.kind);
  if (c.index < (int) c.unit->sites.length ())
    {
      const wmm_site &x = c.unit->sites[c.index];
      h.add_int (x.kind);
      h.add_ptr (x.stmt);
      h.add_ptr (x.bb);
      h.add_ptr (x.e);
      h.add_int (c.index - x.first);
      h.add_int (x.last - x.first);
    }
  else
    {
      h.add_ptr (c.unit);
      h.add_int (c.index);
    }
  return (HOST_WIDE_INT) (h.end () & 0x3fffffff);
}

/* The fences of a set of changes told apart as same_fence does, by
 * hash: add returns the index of an equal change added before, or -1
 * after adding c. */
struct fence_set {
  hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int> first;   /* hash -> item */
  auto_vec<change> items;
  auto_vec<int> next;                                     /* same hash */

  int
  add (const change &c)
  {
    if (c.kind < 0)
      return -1;
    HOST_WIDE_INT key = fence_hash (c);
    int *head = first.get (key);
    for (int i = head ? *head : -1; i >= 0; i = next[i])
      if (same_fence (items[i], c))
        return i;
    items.safe_push (c);
    next.safe_push (head ? *head : -1);
    first.put (key, items.length () - 1);
    return -1;
  }
};

/* The unit of each virtual thread (NULL: none). */
static void
units_by_thread (wmm_unitinfo *u, vec<wmm_unit *> *out)
{
  out->safe_grow_cleared (u->prog->nthreads + 1);
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      int t = u->units[k].thread;
      if (t >= 0 && t < u->prog->nthreads && !(*out)[t])
        (*out)[t] = &u->units[k];
    }
}

void
wmm_merge_site_fences (wmm_unitinfo *u, wmm_placement *pl)
{
  int kept = 0;
  auto_vec<wmm_unit *> unit_of;
  units_by_thread (u, &unit_of);
  fence_set seen;
  auto_vec<int> kept_at;   /* seen's item -> index among the kept */
  for (int f = 0; f < pl->nfences; f++)
    {
      wmm_placed_fence *pf = &pl->fences[f];
      wmm_unit *unit = pf->thread >= 0 && pf->thread < u->prog->nthreads
                       ? unit_of[pf->thread] : NULL;
      int dup = -1;
      if (unit)
        {
          change c = { site_function (unit, pf->index), unit, pf->index,
                       (int) pf->kind };
          int item = seen.add (c);
          if (item >= 0)
            dup = kept_at[item];
          else if (c.kind >= 0)   /* (seen added it) */
            kept_at.safe_push (kept);
        }
      if (dup < 0)
        {
          pl->fences[kept++] = *pf;
          continue;
        }
      /* One fence in the callee serves both call sites. */
      wmm_placed_fence *k = &pl->fences[dup];
      /* The core allocates with malloc: keep to it. */
      int *d = (int *) xmalloc ((k->ndelays + pf->ndelays + 1) * sizeof *d);
      memcpy (d, k->delays, k->ndelays * sizeof *d);
      memcpy (d + k->ndelays, pf->delays, pf->ndelays * sizeof *d);
      free (k->delays);
      free (pf->delays);
      k->delays = d;
      k->ndelays += pf->ndelays;
      /* one fence, at the cost of one (a copy counted 0 may come first) */
      double keep = k->cost > pf->cost ? k->cost : pf->cost;
      pl->total_cost -= k->cost + pf->cost - keep;
      k->cost = keep;
    }
  pl->nfences = kept;
}

void
wmm_emit (wmm_unitinfo *u, const wmm_placement *pl, char **vol)
{
  auto_vec<change> work;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      int t = unit->thread;
      /* Volatile first: fence insertion does not move statements. */
      for (int i = 0; vol && i < u->prog->threads[t].ncode; i++)
        if (vol[t][i])
          work.safe_push (change { site_function (unit, i), unit, i, -1 });
    }
  auto_vec<wmm_unit *> unit_of;
  units_by_thread (u, &unit_of);
  fence_set placed;
  for (int f = 0; f < pl->nfences; f++)
    {
      int t = pl->fences[f].thread;
      wmm_unit *unit = t >= 0 && t < u->prog->nthreads ? unit_of[t] : NULL;
      if (!unit)
        continue;
      change c = { site_function (unit, pl->fences[f].index), unit,
                   pl->fences[f].index, (int) pl->fences[f].kind };
      if (placed.add (c) < 0)
        work.safe_push (c);
    }
  auto_vec<cgraph_node *> changed;
  hash_set<function *> done;
  for (unsigned w = 0; w < work.length (); w++)
    {
      function *fn = work[w].fn;
      if (done.add (fn))
        continue;
      push_cfun (fn);
      bool did = false;
      for (unsigned k = w; k < work.length (); k++)
        if (work[k].fn == fn && work[k].kind < 0)
          did |= make_volatile (work[k].unit, work[k].index);
      for (unsigned k = w; k < work.length (); k++)
        if (work[k].fn == fn && work[k].kind >= 0)
          {
            place_fence (u, work[k].unit, work[k].index,
                         (wmm_fence) work[k].kind);
            did = true;
          }
      if (did)
        {
          cgraph_node *node = cgraph_node::get (fn->decl);
          gsi_commit_edge_inserts ();
          free_dominance_info (CDI_DOMINATORS);
          free_dominance_info (CDI_POST_DOMINATORS);
          mark_virtual_operands_for_renaming (cfun);
          update_ssa (TODO_update_ssa_only_virtuals);
          cgraph_edge::rebuild_edges ();
          if (ipa_fn_summaries && node)
            compute_fn_summary (node, true);
          if (node)
            changed.safe_push (node);
        }
      pop_cfun ();
    }
  /* The changed functions and everything that calls them. */
  hash_set<cgraph_node *> seen;
  hash_set<function *> callers;
  while (!changed.is_empty ())
    {
      cgraph_node *n = changed.pop ();
      if (seen.add (n))
        continue;
      forget_summaries (n);
      for (cgraph_edge *e = n->callers; e; e = e->next_caller)
        {
          changed.safe_push (e->caller);
          update_call (e, &callers);
        }
    }
  /* (a call that now writes memory got a new virtual definition) */
  for (function *fn : callers)
    {
      push_cfun (fn);
      if (need_ssa_update_p (fn))
        update_ssa (TODO_update_ssa_only_virtuals);
      pop_cfun ();
    }
}
