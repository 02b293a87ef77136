/* swapviews.cc — double buffers: two pointers that always name different
 * objects, swapped only while no thread runs, so that what threads do
 * through one never meets what they do through the other.
 *
 * Statics P and Q (not exported, no address taken) start as the addresses
 * of two different objects A and B, and every other store to them is one
 * half of a swap (`t = P; P = Q; Q = t`, the two stores in one block, each
 * storing what was loaded from the other) made by main at a statement
 * before which no thread runs (wmm_quiet_stmts: between the joins of one
 * round of threads and the creates of the next).  Then P != Q at every
 * moment, and while any thread runs neither changes: every thread alive
 * in such an epoch started and ended in it, whatever one epoch does
 * happens before whatever a later one does, and a critical cycle, which
 * returns to where it started, stays in one epoch.  In one epoch an
 * access through a pointer a thread loaded from P touches one of A and B,
 * and one through Q the other: they never meet.  The locations such
 * accesses may touch (A's and B's words, or anonymous ones where points-to
 * does not follow the swap) get two copies (view 0 and view 1,
 * wmm_split_locations); a thread's access through P touches view 0,
 * through Q view 1, every other access of those locations (main's,
 * through any other pointer, an unknown one) both.
 *
 * Example (a game of life, a generation per round of threads):
 *   static unsigned char g1[H][W], g2[H][W];
 *   static unsigned char (*cur)[W] = g1, (*nxt)[W] = g2;
 *   worker: nxt[y][x] = rule (cur[y-1][x], cur[y][x], ...);
 *   main: for (gen...) { create T workers; join them; t = cur; cur = nxt;
 *   nxt = t; }   -> the workers' reads of cur no longer race with the
 *   neighbouring rows the others write through nxt (x86 1 mfence, Power 3
 *   fences before).
 *
 * The swap may also be a barrier's serial step (wmm_swap_views_rounds,
 * called by barriers.cc with the round classes of every instruction):
 * then an epoch is a round, and the rule also wants that no access of the
 * pair's words runs in a swap's round classes but the swap's own, that no
 * access through them does either, and that none has a wait between its
 * pointer's load and it.
 *
 * Or the pointers are locals every thread of the barrier swaps itself
 * after each wait (wmm_swap_views_local: `src = PHI <&a, dst>`, `dst =
 * PHI <&b, src>`), with the parities of waits and swaps in step at every
 * access through them: in a round all threads' src name one grid and
 * their dst the other.
 */
#include "plugin.h"
#include "views.h"

namespace {

/* Two pointer statics swapped as a pair, and the objects they name. */
struct swap_pair {
  tree var[2];
  tree obj[2];
};

/* The object a static pointer's initialiser names (`= g1`, `= &g1[0]`),
 * or NULL. */
tree
initial_object (tree var)
{
  tree init = wmm_decl_initial (var);
  if (!init)
    return NULL_TREE;
  STRIP_NOPS (init);
  if (TREE_CODE (init) == POINTER_PLUS_EXPR)
    init = TREE_OPERAND (init, 0);
  STRIP_NOPS (init);
  if (TREE_CODE (init) != ADDR_EXPR)
    return NULL_TREE;
  tree b = get_base_address (TREE_OPERAND (init, 0));
  return b && VAR_P (b) ? b : NULL_TREE;
}

/* May static var take part in a pair: a pointer no other unit, no
 * pointer and no other thread of its own can reach? */
bool
candidate_var (tree v, hash_set<tree> &taken)
{
  return VAR_P (v) && is_global_var (v) && !TREE_PUBLIC (v)
         && !DECL_EXTERNAL (v) && !DECL_THREAD_LOCAL_P (v)
         && !TREE_THIS_VOLATILE (v) && POINTER_TYPE_P (TREE_TYPE (v))
         && !taken.contains (v) && initial_object (v);
}

/* The variable SSA name v is loaded from (`v = P;`), its load in *at;
 * or NULL. */
tree
direct_load (tree v, gimple **at)
{
  if (!v || TREE_CODE (v) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (v))
    return NULL_TREE;
  *at = SSA_NAME_DEF_STMT (v);
  tree from = gimple_assign_single_p (*at) ? gimple_assign_rhs1 (*at)
                                           : NULL_TREE;
  return from && VAR_P (from) ? from : NULL_TREE;
}

/* Is store s (`P = _2`) half of a swap of P with Q in its block: _2
 * loaded from Q before the partner store `Q = _1`, _1 loaded from P
 * before s, and no other store to P there?  (Each load then reads the old
 * value: afterwards P and Q hold each other's.) */
bool
swap_half (gimple *s, tree p, tree q)
{
  basic_block bb = gimple_bb (s);
  gimple *ld_q, *ld_p;
  if (direct_load (gimple_assign_rhs1 (s), &ld_q) != q
      || gimple_bb (ld_q) != bb)
    return false;
  auto pos = [&] (gimple *g) {
    int k = 0;
    for (gimple_stmt_iterator i = gsi_start_bb (bb); !gsi_end_p (i);
         gsi_next (&i), k++)
      if (gsi_stmt (i) == g)
        return k;
    return -1;
  };
  bool partner = false;
  for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *x = gsi_stmt (g);
      if (!gimple_assign_single_p (x) || x == s)
        continue;
      if (gimple_assign_lhs (x) == p)
        return false;   /* (another store to p in the block) */
      if (gimple_assign_lhs (x) == q
          && direct_load (gimple_assign_rhs1 (x), &ld_p) == p
          && gimple_bb (ld_p) == bb && pos (ld_p) < pos (s)
          && pos (ld_q) < pos (x))
        partner = true;
    }
  return partner;
}

/* The static a pointer was loaded from, through offsets, conversions and
 * member or element addresses (`_1 = cur; _2 = _1 + 64; (*_2)[x]`), its
 * load in *load; or NULL. */
tree
loaded_from (tree ptr, gimple **load)
{
  for (int depth = 0; depth < 16 && ptr && TREE_CODE (ptr) == SSA_NAME;
       depth++)
    {
      if (SSA_NAME_IS_DEFAULT_DEF (ptr))
        return NULL_TREE;
      gimple *d = SSA_NAME_DEF_STMT (ptr);
      if (!is_gimple_assign (d))
        return NULL_TREE;
      tree rhs = gimple_assign_rhs1 (d);
      enum tree_code code = gimple_assign_rhs_code (d);
      if (code == POINTER_PLUS_EXPR || CONVERT_EXPR_CODE_P (code))
        ptr = rhs;
      else if (!gimple_assign_single_p (d))
        return NULL_TREE;
      else if (VAR_P (rhs))
        {
          if (load)
            *load = d;
          return rhs;
        }
      else if (TREE_CODE (rhs) == ADDR_EXPR)
        {
          tree b = get_base_address (TREE_OPERAND (rhs, 0));
          ptr = b && TREE_CODE (b) == MEM_REF ? TREE_OPERAND (b, 0)
                                              : NULL_TREE;
        }
      else if (TREE_CODE (rhs) == SSA_NAME)
        ptr = rhs;
      else
        return NULL_TREE;
    }
  return NULL_TREE;
}

/* The pointer an access site dereferences (an assignment's `*p`, `p->f`,
 * `(*p)[i]`; a library call's argument), or NULL. */
tree
site_pointer (const wmm_site &s)
{
  if (s.summary || !s.stmt)
    return NULL_TREE;
  if (s.ptr)
    return s.ptr;
  if (s.operand < 0 || !gimple_assign_single_p (s.stmt))
    return NULL_TREE;
  tree ref = gimple_op (s.stmt, s.operand == 0 ? 0 : 1);
  tree b = ref ? get_base_address (ref) : NULL_TREE;
  return b && TREE_CODE (b) == MEM_REF ? TREE_OPERAND (b, 0) : NULL_TREE;
}

/* The pairs of the unit: candidates whose stores are all swaps with one
 * partner made by main at quiet statements (or where `also` accepts
 * them), starting on different objects. */
template <typename F>
void
find_pairs (wmm_unitinfo *u, vec<swap_pair> *out, F also)
{
  hash_set<tree> taken;
  hash_set<gimple *> quiet;
  hash_set<function *> mains;   /* the region units' bodies (main) */
  wmm_quiet_stmts (u, &quiet);
  wmm_addresses_taken (&taken);
  for (const wmm_unit &unit : u->units)
    if (unit.region && unit.fn)
      mains.add (unit.fn);
  /* every store to a candidate: (var, stmt) */
  hash_map<tree, tree> partner;   /* var -> its one partner (or itself: bad) */
  auto_vec<std::pair<tree, gimple *> > stores;
  hash_set<gimple *> placed;   /* stores at an accepted place */
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *s) {
        if (!gimple_assign_single_p (s))
          return;
        tree lhs = gimple_assign_lhs (s);
        if (VAR_P (lhs) && candidate_var (lhs, taken))
          {
            stores.safe_push (std::make_pair (lhs, s));
            if ((mains.contains (fn) && quiet.contains (s)) || also (s, fn))
              placed.add (s);
          }
      });
  });
  for (const auto &st : stores)
    {
      gimple *load;
      tree p = st.first;
      tree q = direct_load (gimple_assign_rhs1 (st.second), &load);
      bool ok = q && q != p && candidate_var (q, taken)
                && placed.contains (st.second) && swap_half (st.second, p, q);
      bool seen;
      tree &k = partner.get_or_insert (p, &seen);
      k = !ok || (seen && k != q) ? p : q;
    }
  for (auto it = partner.begin (); it != partner.end (); ++it)
    {
      tree p = (*it).first, q = (*it).second;
      tree *back = partner.get (q);
      if (q == p || !back || *back != p || DECL_UID (p) > DECL_UID (q))
        continue;
      tree a = initial_object (p), b = initial_object (q);
      if (a && b && a != b)
        out->safe_push ({ { p, q }, { a, b } });
    }
}

/* Give the pair's two pointers a view each of the locations the accesses
 * through them may touch: a thread's access through a pointer it loaded
 * from one of the pair (not main's: it also runs between epochs) takes
 * that one's view (anonymous words too, where points-to does not follow
 * the swap), every other access of those locations both.  `ok (unit,
 * instruction, load)` may refuse a view access (load: its pointer's
 * load); then nothing changes.  How many accesses took a view. */
template <typename F>
int
apply_views (wmm_unitinfo *u, const swap_pair &pair, F ok)
{
  int viewed = wmm_split_views (u, [&] (const wmm_unit &unit, int i) -> unsigned {
    gimple *load = NULL;
    tree from = !unit.region && i < (int) unit.sites.length ()
                ? loaded_from (site_pointer (unit.sites[i]), &load)
                : NULL_TREE;
    if (from != pair.var[0] && from != pair.var[1])
      return 3;
    if (!ok (unit, i, load))
      return 0;
    return from == pair.var[0] ? 1 : 2;
  }, pair.var);
  if (viewed)
    wmm_note (u, "'%s' and '%s' name different objects ('%s', '%s') and "
              "are swapped only while no thread uses them: %d accesses "
              "through one never meet those through the other",
              lang_hooks.decl_printable_name (pair.var[0], 2),
              lang_hooks.decl_printable_name (pair.var[1], 2),
              lang_hooks.decl_printable_name (pair.obj[0], 2),
              lang_hooks.decl_printable_name (pair.obj[1], 2), viewed);
  return viewed;
}

/* Is there a wait (is_wait) on a path of function fn from statement
 * `from` to statement `to`?  (Conservatively: anywhere in a block
 * between them, or after `from` in its block, or before `to` in its.) */
template <typename W>
bool
wait_between (function *fn, gimple *from, gimple *to, W is_wait)
{
  basic_block fb = gimple_bb (from), tb = gimple_bb (to);
  auto scan = [&] (gimple_stmt_iterator g, gimple *stop) {
    for (; !gsi_end_p (g) && gsi_stmt (g) != stop; gsi_next (&g))
      if (is_wait (gsi_stmt (g)))
        return true;
    return false;
  };
  if (fb == tb)
    {
      /* `to` later in the block: the statements between */
      gimple_stmt_iterator g = gsi_for_stmt (from);
      for (gsi_next (&g); !gsi_end_p (g); gsi_next (&g))
        if (gsi_stmt (g) == to)
          return scan (gsi_for_stmt (from), to);
    }
  gimple_stmt_iterator after = gsi_for_stmt (from);
  gsi_next (&after);
  if (scan (after, NULL) || scan (gsi_start_bb (tb), to))
    return true;
  /* the blocks reachable from fb that reach tb */
  auto_bitmap fwd, bwd;
  auto_vec<basic_block> work;
  edge e;
  edge_iterator ei;
  work.safe_push (fb);
  while (!work.is_empty ())
    FOR_EACH_EDGE (e, ei, work.pop ()->succs)
      if (bitmap_set_bit (fwd, e->dest->index))
        work.safe_push (e->dest);
  work.safe_push (tb);
  while (!work.is_empty ())
    FOR_EACH_EDGE (e, ei, work.pop ()->preds)
      if (bitmap_set_bit (bwd, e->src->index))
        work.safe_push (e->src);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    if (bitmap_bit_p (fwd, bb->index) && bitmap_bit_p (bwd, bb->index)
        && bb != fb && bb != tb && scan (gsi_start_bb (bb), NULL))
      return true;
  return false;
}

/* ------------------------------------------ pairs swapped by each thread */

/* Two pointer locals of the waiter swapped on every turn of a loop: at a
 * block with two predecessors, PHIs p = <&A (init), q (swap)> and q =
 * <&B (init), p (swap)>, A and B two different statics. */
struct local_pair {
  gphi *phi[2];
  edge init, swap;
  tree obj[2];
};

/* Value v through plain copies and conversions (`src_30 = &a`, `t_37 =
 * src_20; src_38 = dst_21`, before GCC propagates them). */
tree
copied_value (tree v)
{
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); depth++)
    {
      gimple *d = SSA_NAME_DEF_STMT (v);
      if (!is_gimple_assign (d)
          || !(gimple_assign_single_p (d) || gimple_assign_cast_p (d)))
        break;
      tree r = gimple_assign_rhs1 (d);
      if (TREE_CODE (r) != SSA_NAME && TREE_CODE (r) != ADDR_EXPR)
        break;
      v = r;
    }
  return v;
}

/* The static object an initial pointer value names (`&a`, `&a[0]`), or
 * NULL. */
tree
static_object (tree v)
{
  v = copied_value (v);
  if (!v || TREE_CODE (v) != ADDR_EXPR)
    return NULL_TREE;
  tree b = get_base_address (TREE_OPERAND (v, 0));
  return b && VAR_P (b) && is_global_var (b) && !DECL_THREAD_LOCAL_P (b)
         ? b : NULL_TREE;
}

/* The pairs of function fn. */
void
find_local_pairs (function *fn, vec<local_pair> *out)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (EDGE_COUNT (bb->preds) != 2)
        continue;
      auto_vec<gphi *, 4> ptrs;
      for (gphi_iterator g = gsi_start_phis (bb); !gsi_end_p (g); gsi_next (&g))
        if (POINTER_TYPE_P (TREE_TYPE (gimple_phi_result (g.phi ())))
            && !virtual_operand_p (gimple_phi_result (g.phi ())))
          ptrs.safe_push (g.phi ());
      for (unsigned i = 0; i < ptrs.length (); i++)
        for (unsigned j = i + 1; j < ptrs.length (); j++)
          for (int k = 0; k < 2; k++)
            {
              edge init = EDGE_PRED (bb, k), swap = EDGE_PRED (bb, 1 - k);
              gphi *a = ptrs[i], *b = ptrs[j];
              tree oa = static_object (PHI_ARG_DEF_FROM_EDGE (a, init));
              tree ob = static_object (PHI_ARG_DEF_FROM_EDGE (b, init));
              if (oa && ob && oa != ob
                  && copied_value (PHI_ARG_DEF_FROM_EDGE (a, swap))
                     == gimple_phi_result (b)
                  && copied_value (PHI_ARG_DEF_FROM_EDGE (b, swap))
                     == gimple_phi_result (a))
                out->safe_push ({ { a, b }, init, swap, { oa, ob } });
            }
    }
}

/* The SSA name pointer ptr derives from through copies, conversions and
 * offsets that is defined by none of those (a PHI, an address, a load),
 * or NULL (an entry value, something else than a name, 16 steps). */
tree
offset_origin (tree ptr)
{
  for (int depth = 0; depth < 16 && ptr && TREE_CODE (ptr) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (ptr); depth++)
    {
      gimple *d = SSA_NAME_DEF_STMT (ptr);
      enum tree_code code = is_gimple_assign (d) ? gimple_assign_rhs_code (d)
                                                 : ERROR_MARK;
      if (code != POINTER_PLUS_EXPR && !CONVERT_EXPR_CODE_P (code)
          && code != SSA_NAME)
        return ptr;
      ptr = gimple_assign_rhs1 (d);
    }
  return NULL_TREE;
}

/* The PHI result pointer ptr derives from through copies, conversions and
 * offsets, or NULL. */
tree
phi_root (tree ptr)
{
  tree o = offset_origin (ptr);
  return o && gimple_code (SSA_NAME_DEF_STMT (o)) == GIMPLE_PHI ? o : NULL_TREE;
}

/* States of a point of the waiter, a bit each: (waits so far mod 2) * 2 +
 * (swaps of the pair since its last initialisation mod 2). */
typedef unsigned char pair_states;

/* The states after running the statements of bb before `stop` (NULL: the
 * whole block) from `in`: each wait flips the waits' parity. */
pair_states
run_block (basic_block bb, pair_states in, gimple *stop,
           const hash_set<gimple *> &waits)
{
  for (gimple_stmt_iterator g = gsi_start_bb (bb);
       !gsi_end_p (g) && gsi_stmt (g) != stop; gsi_next (&g))
    if (const_cast<hash_set<gimple *> &> (waits).contains (gsi_stmt (g)))
      in = (pair_states) (((in & 0x3) << 2) | ((in & 0xc) >> 2));
  return in;
}

/* The states at each block's entry (fixpoint from the function's entry,
 * no wait and no swap yet): the init edge resets the swaps' parity, the
 * swap edge flips it. */
void
pair_state_flow (function *fn, const local_pair &lp,
                 const hash_set<gimple *> &waits, vec<pair_states> *at)
{
  at->safe_grow_cleared (last_basic_block_for_fn (fn));
  auto_vec<basic_block> work;
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fn));
  (*at)[entry->index] = 1;   /* state 0: even waits, even swaps */
  work.safe_push (entry);
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      pair_states out = run_block (b, (*at)[b->index], NULL, waits);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, b->succs)
        {
          if (e->dest == EXIT_BLOCK_PTR_FOR_FN (fn))
            continue;
          pair_states x = 0;
          for (int st = 0; st < 4; st++)
            if (out & (1 << st))
              {
                int w = st >> 1, sw = st & 1;
                if (e == lp.init)
                  sw = 0;
                else if (e == lp.swap)
                  sw ^= 1;
                x |= 1 << (w * 2 + sw);
              }
          if ((x | (*at)[e->dest->index]) != (*at)[e->dest->index])
            {
              (*at)[e->dest->index] |= x;
              work.safe_push (e->dest);
            }
        }
    }
}

/* Do the parities of waits and swaps differ by *diff at statement stmt on
 * every path (the first one met sets *diff: -1 before)? */
bool
parities_in_step (gimple *stmt, const vec<pair_states> &at,
                  const hash_set<gimple *> &waits, int *diff)
{
  basic_block bb = gimple_bb (stmt);
  pair_states st = run_block (bb, at[bb->index], stmt, waits);
  for (int k = 0; k < 4; k++)
    if (st & (1 << k))
      {
        int d = ((k >> 1) ^ k) & 1;
        if (*diff >= 0 && d != *diff)
          return false;
        *diff = d;
      }
  return true;
}

/* ------------------------------------- rows chosen by a counter's parity */

/* The counters of function fn's loops: at a block with two predecessors, a
 * PHI s = <c (init), s + 1 (swap)> with c a constant (as a local_pair of
 * one PHI: the swap edge flips the counter's parity). */
void
find_counters (function *fn, vec<local_pair> *out)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (EDGE_COUNT (bb->preds) != 2)
        continue;
      for (gphi_iterator g = gsi_start_phis (bb); !gsi_end_p (g); gsi_next (&g))
        {
          tree res = gimple_phi_result (g.phi ());
          if (virtual_operand_p (res) || !INTEGRAL_TYPE_P (TREE_TYPE (res)))
            continue;
          tree c;
          for (int k = 0; k < 2; k++)
            if (wmm_counter_from_constant (g.phi (), 1 - k, &c))
              out->safe_push ({ { g.phi (), NULL }, EDGE_PRED (bb, k),
                                EDGE_PRED (bb, 1 - k),
                                { NULL_TREE, NULL_TREE } });
        }
    }
}

/* The static array and the first index (*index) of the row an access of
 * the waiter touches: its reference's (`grid[E][r][c]`), or the row its
 * pointer is an offset of (`p = &grid[E]; (*(p + r * W))[c]`: C keeps
 * pointer arithmetic inside the row); NULL when neither. */
tree
row_access (const wmm_site &s, tree *index)
{
  if (s.summary || !s.stmt || !gimple_assign_single_p (s.stmt)
      || s.operand < 0)
    return NULL_TREE;
  tree a = wmm_array_row (gimple_op (s.stmt, s.operand == 0 ? 0 : 1), index);
  if (a)
    return a;
  tree o = offset_origin (site_pointer (s));
  gimple *d = o ? SSA_NAME_DEF_STMT (o) : NULL;
  return d && is_gimple_assign (d) && gimple_assign_rhs_code (d) == ADDR_EXPR
         ? wmm_array_row (TREE_OPERAND (gimple_assign_rhs1 (d), 0), index)
         : NULL_TREE;
}

} // namespace

/* Rows of one static array chosen by the parity of a counter the waiter
 * steps once per turn of a loop (`double (*src)[W] = grid[s & 1], (*dst)[W]
 * = grid[(s + 1) & 1]; ... dst[r][c] = f (src[r - 1][c], ...);
 * pthread_barrier_wait (&bar);` in `for (s = 0; ...; s++)`): every thread
 * runs the waiter from its start, so when the parity of the waits a thread
 * has passed and the counter's parity differ by the same amount at every
 * access through such a row, in round r all threads' `s & 1` rows are one
 * row and their `(s + 1) & 1` rows the other.  A view each (rowviews.cc
 * finds the parities).  How many accesses took a view. */
static int
parity_rows (wmm_unitinfo *u, int waiter, function *fn,
             const hash_set<gimple *> &waits)
{
  auto_vec<local_pair> counters;
  find_counters (fn, &counters);
  int made = 0;
  for (const local_pair &lp : counters)
    {
      auto_vec<pair_states> at;
      pair_state_flow (fn, lp, waits, &at);
      tree s = gimple_phi_result (lp.phi[0]), array = NULL_TREE;
      int diff = -1;   /* the one (waits - counter) parity, -1: none yet */
      auto classify = [&] (const wmm_unit &unit, int i) -> unsigned {
        if (unit.thread != waiter || unit.region
            || i >= (int) unit.sites.length ())
          return 3;
        const wmm_site &site = unit.sites[i];
        if (site.fn || !site.stmt || gimple_bb (site.stmt) == NULL)
          return 3;
        tree index, leaf;
        int odd;
        tree a = row_access (site, &index);
        if (!a || (array && a != array)
            || !wmm_index_parity (index, &leaf, &odd) || leaf != s)
          return 3;
        array = a;
        if (!parities_in_step (site.stmt, at, waits, &diff))
          return 0;
        return odd ? 2 : 1;
      };
      /* (both rows, or no view at all) */
      unsigned used = 0;
      for (const wmm_unit &unit : u->units)
        if (unit.thread >= 0 && unit.thread < u->prog->nthreads)
          for (int i = 0; i < u->prog->threads[unit.thread].ncode; i++)
            if (wmm_instr_is_access (&u->prog->threads[unit.thread].code[i]))
              used |= 1u << classify (unit, i);
      if ((used & 6) != 6 || (used & 1))
        continue;
      array = NULL_TREE;
      diff = -1;
      int viewed = wmm_split_views (u, classify, NULL);
      if (viewed)
        wmm_note (u, "'%s' chooses the rows of '%s' by the parity of a "
                  "counter it steps once per round of its barrier, as every "
                  "thread of it does: %d accesses of one row never meet "
                  "those of the other", function_name (fn),
                  lang_hooks.decl_printable_name (array, 2), viewed);
      made += viewed;
    }
  return made;
}

/* Pointers the waiter swaps itself after each wait (`double *src = a,
 * *dst = b; for (s ...) { dst[i] = f (src[i-1], src[i], src[i+1]);
 * pthread_barrier_wait (&bar); t = src; src = dst; dst = t; }`): every
 * thread runs the waiter from its start, so when the parity of the waits
 * a thread has passed and the parity of its swaps differ by the same
 * amount at every access through the pair, in round r all threads'
 * first pointer names one of A and B and the second the other.  Every
 * critical cycle stays in one round (barriers.cc): an access through one
 * never meets one through the other.  How many accesses took a view. */
int
wmm_swap_views_local (wmm_unitinfo *u, int waiter, function *fn,
                      const hash_set<gimple *> &waits)
{
  wmm_program *p = u->prog;
  if (!p || !u->concurrent || waiter < 0 || waiter >= p->nthreads || !fn)
    return 0;
  auto_vec<local_pair> pairs;
  find_local_pairs (fn, &pairs);
  int made = 0;
  for (const local_pair &lp : pairs)
    {
      auto_vec<pair_states> at;
      pair_state_flow (fn, lp, waits, &at);
      tree res[2] = { gimple_phi_result (lp.phi[0]),
                      gimple_phi_result (lp.phi[1]) };
      int diff = -1;   /* the one (waits - swaps) parity, -1: none yet */
      int viewed = wmm_split_views (u, [&] (const wmm_unit &unit, int i)
                                -> unsigned {
        if (unit.thread != waiter || unit.region
            || i >= (int) unit.sites.length ())
          return 3;
        const wmm_site &site = unit.sites[i];
        tree root = phi_root (site_pointer (site));
        if (!root || (root != res[0] && root != res[1]))
          return 3;
        /* (an access in a callee collected for one call, or of a summary:
           both views) */
        if (site.fn || !site.stmt || gimple_bb (site.stmt) == NULL)
          return 3;
        if (!parities_in_step (site.stmt, at, waits, &diff))
          return 0;
        return root == res[0] ? 1 : 2;
      }, NULL);
      if (viewed)
        wmm_note (u, "'%s' swaps its pointers to '%s' and '%s' once per "
                  "round of its barrier, as every thread of it does: %d "
                  "accesses through one never meet those through the "
                  "other", function_name (fn),
                  lang_hooks.decl_printable_name (lp.obj[0], 2),
                  lang_hooks.decl_printable_name (lp.obj[1], 2), viewed);
      made += viewed;
    }
  return made + parity_rows (u, waiter, fn, waits);
}

void
wmm_swap_views (wmm_unitinfo *u)
{
  if (!u->prog || !u->concurrent)
    return;
  auto_vec<swap_pair> pairs;
  find_pairs (u, &pairs, [] (gimple *, function *) { return false; });
  for (const swap_pair &pair : pairs)
    apply_views (u, pair, [] (const wmm_unit &, int, gimple *) {
      return true; });
}

int
wmm_swap_views_rounds (wmm_unitinfo *u, int waiter, function *fn,
                       bitmap serial, const hash_set<gimple *> &waits,
                       const vec<vec<unsigned> > &rounds)
{
  wmm_program *p = u->prog;
  if (!p || !u->concurrent || waiter < 0 || waiter >= p->nthreads
      || rounds.length () < (unsigned) p->nthreads)
    return 0;
  auto_vec<swap_pair> pairs;
  find_pairs (u, &pairs, [&] (gimple *s, function *f) {
    return f == fn && bitmap_bit_p (serial, gimple_bb (s)->index); });
  const wmm_unit *wunit = NULL;
  for (const wmm_unit &x : u->units)
    if (x.thread == waiter)
      wunit = &x;
  int made = 0;
  auto is_wait = [&] (gimple *g) {
    return const_cast<hash_set<gimple *> &> (waits).contains (g); };
  for (const swap_pair &pair : pairs)
    {
      /* the rounds of the swaps in serial steps (each an access of the
         waiter's code, both halves in one block: one round) */
      unsigned swaps = 0;
      bool serial_swap = false;
      for (int i = 0; wunit && i < (int) wunit->sites.length ()
                      && i < (int) rounds[waiter].length (); i++)
        {
          gimple *s = wunit->sites[i].stmt;
          if (s && !wunit->sites[i].fn && gimple_assign_single_p (s)
              && (gimple_assign_lhs (s) == pair.var[0]
                  || gimple_assign_lhs (s) == pair.var[1])
              && bitmap_bit_p (serial, gimple_bb (s)->index))
            {
              swaps |= rounds[waiter][i];
              serial_swap = true;
            }
        }
      if (!serial_swap)
        continue;   /* (main's swaps alone: wmm_swap_views) */
      /* nothing else touches the pair's words in those rounds */
      bool ok = swaps != 0;
      for (int t = 0; t < p->nthreads && ok; t++)
        for (int i = 0; i < p->threads[t].ncode
                        && i < (int) rounds[t].length () && ok; i++)
          {
            const wmm_instr *in = &p->threads[t].code[i];
            if (!wmm_instr_is_access (in) || !(rounds[t][i] & swaps))
              continue;
            gimple *s = t == waiter && i < (int) wunit->sites.length ()
                        ? wunit->sites[i].stmt : NULL;
            if (s && !wunit->sites[i].fn
                && bitmap_bit_p (serial, gimple_bb (s)->index))
              continue;   /* the swap's own accesses */
            ok = wmm_each_loc (p, in, [&] (int l) {
              tree d = wmm_location_decl (l);
              return d != pair.var[0] && d != pair.var[1];
            });
          }
      if (!ok)
        continue;
      /* a view access runs in no swap's round, with no wait between its
         pointer's load and it (one round) */
      made += apply_views (u, pair, [&] (const wmm_unit &unit, int i,
                                         gimple *load) {
        int t = unit.thread;
        if (t >= (int) rounds.length () || i >= (int) rounds[t].length ()
            || (rounds[t][i] & swaps) || !load)
          return false;
        const wmm_site &site = unit.sites[i];
        function *at = site.fn ? site.fn : unit.fn;
        if (!site.stmt || gimple_bb (load) == NULL)
          return false;
        /* (a callee collected at its call has no wait: barriers.cc) */
        return at != fn || !wait_between (fn, load, site.stmt, is_wait);
      });
    }
  return made;
}
