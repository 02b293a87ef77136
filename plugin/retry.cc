/* retry.cc — loops none of whose iterations but the last changes anything.
 *
 * A spin wait, `while (READ_ONCE (turn) != 0) ;`, or a seqlock reader's
 * retry, `do { s1 = seq; a = x; b = y; s2 = seq; } while (s1 != s2);`,
 * only reads memory, and no value one iteration computes reaches the next
 * (the loop's header has no PHI but the memory one): an iteration that goes
 * round again leaves the thread as it found it.  Leaving such iterations'
 * loads out of an execution gives an execution of the same code with the
 * same outcome, which every model allows where it allowed the first; so
 * only the last iteration's loads matter.  The test is per jump back (a
 * latch): an iteration that returns through it runs only blocks on paths
 * from the header to it, so those are the ones that must be idle (a
 * Dekker loop re-testing the other's flag while the turn is its own goes
 * back idle; its back-off branch, which writes, does not).  The collector
 * marks such jumps back (WMM_ACC_RETRY, ir.h), and the placement takes
 * them for no edge (aeg.h), after checking that the code of the loop
 * they close holds no write and no call of code that accesses memory.
 *
 * What an iteration may do here: load (plain, volatile, an atomic load
 * builtin of one object, an asm loading into a register), fence
 * (`atomic_thread_fence`), compute, call a const or pure function
 * (`__builtin_expect`) or a function of the unit that does only these
 * (two calls deep: an accessor `get (&flag)`, `std::atomic<T>::load`),
 * wait (`sched_yield ()`, `usleep ()`, x86's pause builtin), branch, and
 * run an asm with no operand whose instructions are fences or spin-wait
 * hints (`cpu_relax ()`), and store the whole of a local variable whose
 * address is never taken when every other use of it in the loop comes
 * after that store, which comes before every exit (a seqlock reader's
 * `copy = shared;`: the next iteration, or the last, overwrites it first).
 * Any other call, any other store (a VDEF), or a value carried to the
 * next iteration (a counter, a back-off delay) keeps the loop as it is.
 *
 * Example: in Peterson's lock, `while (flag1 && turn == 1) ;`, one
 * iteration's `turn` load and the next one's `flag1` load are no pair:
 * the lock needs its order after the loop, not inside it.
 */
#include "plugin.h"
#include "handles.h"

namespace {

bool idle_stmt (gimple *stmt, wmm_model m, int depth,
                vec<gimple *> *scratch);

/* Is every statement of function fn idle (a helper `get (&flag)` that
 * only loads)?  depth: how many calls down. */
bool
idle_function (function *fn, wmm_model m, int depth)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (!idle_stmt (gsi_stmt (gsi), m, depth, NULL))
        return false;
  return true;
}

/* Is v a local variable only named directly (its address never taken),
 * so that a store to the whole of it is one the loop's code can see
 * overwritten? */
bool
scratch_var (tree v)
{
  return VAR_P (v) && !is_global_var (v) && !TREE_ADDRESSABLE (v)
         && !TREE_THIS_VOLATILE (v);
}

/* Is stmt something a retry loop's iteration may do?  A store of a whole
 * scratch variable (`copy = shared;`, a seqlock reader's copy) is, when
 * *scratch takes it for scratch_stores_dead to check (NULL: none is). */
bool
idle_stmt (gimple *stmt, wmm_model m, int depth, vec<gimple *> *scratch)
{
  if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_LABEL
      || gimple_code (stmt) == GIMPLE_NOP)
    return true;
  if (gasm *as = dyn_cast<gasm *> (stmt))
    return wmm_asm_idle (as, m);
  if (is_gimple_call (stmt))
    {
      /* (a const or pure function, `__builtin_expect` of likely ()) */
      if (!gimple_vdef (stmt)
          && (gimple_call_flags (stmt) & (ECF_CONST | ECF_PURE)))
        return true;
      tree callee = gimple_call_fndecl (stmt);
      if (callee && wmm_lib_call_waits (stmt, callee))
        return true;
      if (callee && !fndecl_built_in_p (callee))
        {
          function *body
            = wmm_analysable_body (cgraph_node::get (callee));
          return body && depth < 2 && idle_function (body, m, depth + 1);
        }
      if (!gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
        return false;
      switch (DECL_FUNCTION_CODE (gimple_call_fndecl (stmt)))
        {
        case BUILT_IN_ATOMIC_LOAD_N:
        case BUILT_IN_ATOMIC_LOAD_1:
        case BUILT_IN_ATOMIC_LOAD_2:
        case BUILT_IN_ATOMIC_LOAD_4:
        case BUILT_IN_ATOMIC_LOAD_8:
        case BUILT_IN_ATOMIC_LOAD_16:
        case BUILT_IN_ATOMIC_THREAD_FENCE:
        case BUILT_IN_ATOMIC_SIGNAL_FENCE:
        case BUILT_IN_SYNC_SYNCHRONIZE:
          return true;
        default:
          return false;
        }
    }
  if (gimple_vdef (stmt) && scratch && gimple_assign_single_p (stmt)
      && scratch_var (gimple_assign_lhs (stmt)))
    {
      scratch->safe_push (stmt);
      return true;
    }
  return !gimple_vdef (stmt);
}

/* Are the scratch stores of an iteration dead when it is not the last:
 * for each, `copy = shared;`, every other statement of the loop (blocks
 * `loop`) that names the variable runs after it, and it runs before
 * every exit (from `exits`)?  Then the next iteration, or the last one,
 * overwrites the variable before anything reads it. */
bool
scratch_stores_dead (function *fn, bitmap loop, bitmap exits,
                     const vec<gimple *> &scratch)
{
  for (gimple *st : scratch)
    {
      tree v = gimple_assign_lhs (st);
      bitmap_iterator bi;
      unsigned idx;
      EXECUTE_IF_SET_IN_BITMAP (exits, 0, idx, bi)
        if (!dominated_by_p (CDI_DOMINATORS, BASIC_BLOCK_FOR_FN (fn, idx),
                             gimple_bb (st)))
          return false;
      EXECUTE_IF_SET_IN_BITMAP (loop, 0, idx, bi)
        for (gimple_stmt_iterator gsi
               = gsi_start_bb (BASIC_BLOCK_FOR_FN (fn, idx));
             !gsi_end_p (gsi); gsi_next (&gsi))
          {
            gimple *g = gsi_stmt (gsi);
            if (g != st && !is_gimple_debug (g) && wmm_stmt_mentions (g, v)
                && !wmm_runs_before (st, g))
              return false;
          }
    }
  return true;
}

/* The blocks that reach `latch` without passing `header`, into body;
 * false when the search reaches the function's entry (header does not
 * dominate latch: no back edge). */
bool
natural_body (function *fn, basic_block header, basic_block latch,
              bitmap body)
{
  auto_vec<basic_block> work;
  if (latch != header && bitmap_set_bit (body, latch->index))
    work.safe_push (latch);
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      if (b == ENTRY_BLOCK_PTR_FOR_FN (fn))
        return false;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, b->preds)
        if (e->src != header && bitmap_set_bit (body, e->src->index))
          work.safe_push (e->src);
    }
  return true;
}

/* Are the blocks of body (and header's statements) all idle?  Scratch
 * stores into *scratch. */
bool
idle_blocks (function *fn, basic_block header, bitmap body, wmm_model m,
             vec<gimple *> *scratch)
{
  bitmap_iterator bi;
  unsigned idx;
  bitmap_set_bit (body, header->index);
  EXECUTE_IF_SET_IN_BITMAP (body, 0, idx, bi)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fn, idx);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        if (!idle_stmt (gsi_stmt (gsi), m, 0, scratch))
          return false;
    }
  return true;
}

/* The jumps back to `header` that end an idle iteration, each with the
 * blocks such an iteration may run, into *out.  An iteration that goes
 * back by latch L runs only blocks on paths from header to L: when none
 * of them stores (but to scratch variables the next iteration
 * overwrites) or calls, and no value reaches the next iteration (no PHI
 * at header but the memory one), it changes nothing (another latch's
 * iterations may, as a Dekker loop's back-off branch does).  Dominators
 * known. */
void
retry_latches (function *fn, basic_block header, wmm_model m,
               vec<wmm_retry_loop> *out)
{
  for (gphi_iterator gsi = gsi_start_phis (header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (!virtual_operand_p (gimple_phi_result (gsi.phi ())))
      return;   /* a value carried from one iteration to the next */
  /* each latch's blocks; the whole loop and the blocks it leaves from */
  auto_vec<bitmap> bodies;
  auto_bitmap loop, exits;
  bitmap_set_bit (loop, header->index);
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, header->preds)
    {
      bitmap body = BITMAP_ALLOC (NULL);
      /* (an edge from outside the loop is its entry) */
      if (natural_body (fn, header, e->src, body))
        {
          bitmap_ior_into (loop, body);
          bodies.safe_push (body);
        }
      else
        BITMAP_FREE (body);
    }
  bitmap_iterator bi;
  unsigned idx;
  EXECUTE_IF_SET_IN_BITMAP (loop, 0, idx, bi)
    FOR_EACH_EDGE (e, ei, BASIC_BLOCK_FOR_FN (fn, idx)->succs)
      if (!bitmap_bit_p (loop, e->dest->index))
        bitmap_set_bit (exits, idx);
  for (bitmap body : bodies)
    {
      auto_vec<gimple *> scratch;
      if (idle_blocks (fn, header, body, m, &scratch)
          && scratch_stores_dead (fn, loop, exits, scratch))
        out->safe_push ({ header->index, body });
      else
        BITMAP_FREE (body);
    }
}

} // anon namespace

wmm_retry_loops::~wmm_retry_loops ()
{
  for (wmm_retry_loop &l : loops)
    BITMAP_FREE (l.body);
}

void
wmm_retry_find (function *fn, wmm_model m, wmm_retry_loops *out)
{
  if (!gimple_in_ssa_p (fn) || !loops_for_fn (fn)
      || loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP))
    return;   /* (no loop tree to trust: no jump is marked) */
  if (number_of_loops (fn) <= 1)
    return;   /* (the root alone: no loop, nothing to compute) */
  wmm_with_dominators (fn, [&] () {
      for (auto loop : loops_list (fn, 0))
        if (loop->header && loop != loops_for_fn (fn)->tree_root)
          retry_latches (fn, loop->header, m, &out->loops);
      return true;
    });
}

bool
wmm_retry_loops::back_edge (basic_block from, basic_block to) const
{
  for (const wmm_retry_loop &l : loops)
    if (l.header == to->index && bitmap_bit_p (l.body, from->index))
      return true;
  return false;
}
