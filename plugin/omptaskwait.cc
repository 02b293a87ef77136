/* omptaskwait.cc — locals a function shares with its own OpenMP tasks and
 * touches again only after waiting for them: no two threads ever touch
 * one activation's local at once.
 *
 * Example (the recursive Fibonacci of every OpenMP tutorial):
 *   long fib (int n) { long a, b;
 *     #pragma omp task shared (a)
 *     a = fib (n - 1);
 *     #pragma omp task shared (b)
 *     b = fib (n - 2);
 *     #pragma omp taskwait
 *     return a + b; }
 * GCC passes `&a` to the task in its data block (`.omp_data_o.6.a = &a;
 * GOMP_task (fib._omp_fn.0, &.omp_data_o.6, ...)`), the task writes
 * `*.omp_data_i->a`, and fib reads `a` after GOMP_taskwait, which returns
 * once every child task of the running task has completed (a flush, and
 * their writes happen before it).  Each activation of fib has its own a,
 * written only by its own task, read by it only after that task ended:
 * the accesses of a race with nothing, so they are taken out of the
 * analysis as private data.  (Before, every level's a was one location:
 * Power 2 syncs on the Fibonacci.)
 *
 * Required of a local v of function F, else nothing changes: its address
 * is taken only by stores `block.f = &v` into local blocks of F whose
 * address goes only to GOMP_task calls of F (as their data); the task
 * functions of those calls are started by nothing else (wmm_omp_task_block)
 * and use the pointer they read from the block's member only to reach
 * memory through it (no copy, no call, no store of it); F's own accesses
 * of v come before each such GOMP_task or after a GOMP_taskwait on every
 * path from it (and its block's store of &v, each GOMP_task call, is in
 * F itself).  A task that handed &v on to a task of its own could outlive
 * the taskwait (it waits for children only): the pointer use rule excludes
 * that.
 */
#include "plugin.h"

namespace {

/* `GOMP_NAME` or `__builtin_GOMP_NAME`: is s a call of it? */
bool
gomp_call (gimple *s, const char *name)
{
  const char *n = is_gimple_call (s) ? wmm_callee_name (s) : NULL;
  if (n && !strncmp (n, "__builtin_", 10))
    n += 10;
  return n && !strncmp (n, "GOMP_", 5) && !strcmp (n + 5, name);
}


/* The task function of GOMP_task call s, when its data block is local
 * `block` of the caller and the function is started only by GOMP_task
 * calls; else NULL. */
tree
task_fn_of (gimple *s, tree block)
{
  if (!gomp_call (s, "task") || gimple_call_num_args (s) < 2)
    return NULL_TREE;
  tree fn = gimple_call_arg (s, 0), data = gimple_call_arg (s, 1);
  if (TREE_CODE (fn) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (fn, 0)) != FUNCTION_DECL
      || TREE_CODE (data) != ADDR_EXPR || TREE_OPERAND (data, 0) != block)
    return NULL_TREE;
  fn = TREE_OPERAND (fn, 0);
  function *body = DECL_STRUCT_FUNCTION (fn);
  tree p = DECL_ARGUMENTS (fn);
  tree d = body && p && gimple_in_ssa_p (body) ? ssa_default_def (body, p)
                                                : NULL_TREE;
  return d && wmm_omp_task_block (d) ? fn : NULL_TREE;
}

/* Does task function fn use every pointer it reads from member `field`
 * of its data block only to reach memory through it? */
bool
task_only_derefs (tree fn, tree field)
{
  function *body = DECL_STRUCT_FUNCTION (fn);
  tree d = ssa_default_def (body, DECL_ARGUMENTS (fn));
  bool ok = true;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, d)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u) || !ok)
        continue;
      tree rhs = gimple_assign_load_p (u) ? gimple_assign_rhs1 (u) : NULL_TREE;
      if (!rhs || TREE_CODE (rhs) != COMPONENT_REF
          || TREE_OPERAND (rhs, 1) != field)
        continue;   /* (another member: not this pointer) */
      tree p = gimple_assign_lhs (u);
      if (TREE_CODE (p) != SSA_NAME)
        {
          ok = false;
          break;
        }
      imm_use_iterator it2;
      use_operand_p use2;
      FOR_EACH_IMM_USE_FAST (use2, it2, p)
        {
          gimple *v = USE_STMT (use2);
          if (is_gimple_debug (v))
            continue;
          /* *p = x, x = *p, p->m: p only as the base of a reference */
          bool deref = gimple_assign_single_p (v)
                       && gimple_assign_rhs1 (v) != p
                       && gimple_assign_lhs (v) != p;
          ok = ok && deref;
        }
    }
  return ok;
}

/* Is local v of fn (the body being read, cfun) shared only with fn's own
 * tasks, and touched by fn only where none of them may run? */
bool
waited_local (tree v)
{
  auto_vec<gimple *, 4> tasks;     /* the GOMP_task calls given &v */
  auto_vec<gimple *, 8> touches;   /* fn's own accesses of v */
  bool ok = true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g) && ok;
         gsi_next (&g))
      {
        gimple *s = gsi_stmt (g);
        if (is_gimple_debug (s) || gimple_clobber_p (s)
            || !wmm_stmt_mentions (s, v))
          continue;
        tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                              : NULL_TREE;
        tree rhs = lhs ? gimple_assign_rhs1 (s) : NULL_TREE;
        /* block.f = &v: the block's uses are GOMP_task calls' data */
        if (rhs && TREE_CODE (rhs) == ADDR_EXPR && TREE_OPERAND (rhs, 0) == v
            && TREE_CODE (lhs) == COMPONENT_REF)
          {
            tree block = get_base_address (lhs);
            if (!block || !VAR_P (block) || is_global_var (block)
                || DECL_CONTEXT (block) != current_function_decl)
              {
                ok = false;
                break;
              }
            tree field = TREE_OPERAND (lhs, 1);
            wmm_each_stmt (cfun, [&] (gimple *t) {
              if (!ok || t == s || is_gimple_debug (t) || gimple_clobber_p (t)
                  || !wmm_stmt_mentions (t, block))
                return;
              tree fn = task_fn_of (t, block);
              /* (the block's other members filled: plain stores) */
              if (!fn)
                ok = gimple_assign_single_p (t)
                     && get_base_address (gimple_assign_lhs (t)) == block
                     && !wmm_mentions (gimple_assign_rhs1 (t), block);
              else if (!task_only_derefs (fn, field))
                ok = false;
              else
                tasks.safe_push (t);
            });
            continue;
          }
        /* a plain access of v */
        if (gimple_assign_single_p (s)
            && (get_base_address (lhs) == v || get_base_address (rhs) == v)
            && !wmm_mentions (get_base_address (lhs) == v ? rhs : lhs, v))
          touches.safe_push (s);
        else
          ok = false;
      }
  if (!ok || tasks.is_empty ())
    return false;
  for (gimple *s : touches)
    for (gimple *t : tasks)
      if (wmm_reaches_unless (t, s, [] (gimple *g) {
            return gomp_call (g, "taskwait"); }))
        return false;
  return true;
}

} // namespace

int
wmm_omp_taskwait_locals (wmm_unitinfo *u)
{
  if (!u->prog)
    return 0;
  hash_set<tree> locals;
  for (const wmm_unit &unit : u->units)
    {
      if (!unit.fn)
        continue;
      push_cfun (unit.fn);
      tree v;
      unsigned ix;
      FOR_EACH_LOCAL_DECL (unit.fn, ix, v)
        if (VAR_P (v) && TREE_ADDRESSABLE (v) && !is_global_var (v)
            && !TREE_THIS_VOLATILE (v) && !locals.contains (v)
            && waited_local (v))
          locals.add (v);
      pop_cfun ();
    }
  if (locals.is_empty ())
    return 0;
  wmm_program *p = u->prog;
  int fresh = -1;
  int made = wmm_move_to_private (u, &fresh, "(shared with waited tasks)",
                                  [&] (const wmm_unit &unit, int i) {
    bool all = true, any = false;
    bool known = wmm_each_loc (p, &p->threads[unit.thread].code[i],
                               [&] (int l) {
      tree d = wmm_location_decl (l);
      bool in = d && locals.contains (d);
      any |= in;
      all &= in;
      return true;
    });
    return known && any && all;
  }, [] (int, int, int) {});
  if (made)
    wmm_note (u, "%d accesses of %d locals shared only with their "
              "function's own tasks and touched by it only after its "
              "taskwait race with nothing: private", made,
              (int) locals.elements ());
  return made;
}
