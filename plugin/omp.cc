/* omp.cc — the iterations of an OpenMP worksharing loop are shared out
 * among the team: with a static schedule (GCC's default) each thread runs
 * its own block of the index space, so the team's accesses `a[i]` to an
 * array indexed by the loop's counter never meet in one element.
 *
 * Example:  #pragma omp parallel for
 *           for (i = 0; i < 1000; i++) a[i] = i * 0.5;
 * GCC outlines the loop into main._omp_fn.0 and expands the schedule:
 *   nt = omp_get_num_threads (); t = omp_get_thread_num ();
 *   q = 1000 / nt; tt = 1000 % nt; if (t < tt) { tt = 0; q++; }
 *   s0 = q * t + tt; e0 = s0 + q;
 *   if (s0 < e0) for (i = s0; i < e0; i++) a[i] = ...;
 * The blocks [s0, e0) of the team's threads are disjoint, so `a[i]` in two
 * threads names two elements: the store is private to its thread (no
 * 2+2W cycle between the team's instances).
 *
 * Sound when no two teams run one loop at once and nothing else touches
 * the array while a team runs.  Required, else nothing is private:
 *   - the unit starts threads only by GOMP_parallel* calls in main (no
 *     pthread_create, std::thread, task or nested parallel; the outlined
 *     functions are called by nothing else), and takes no other function's
 *     address; main waits in each GOMP_parallel for its team;
 *   - the array is a global no other unit's code can touch while a team
 *     runs (static; or exported from a unit with main that calls no code
 *     it cannot see but libraries that start no thread), whose address
 *     is never taken, and every reference to it from the code the teams
 *     run (the outlined functions and what they call) is such an access
 *     `a[i]` — the counter of a loop the schedule shares out, or a
 *     widening conversion of it; main's own accesses run between teams.
 * The schedule is recognised by its arithmetic (above), not by names: a
 * loop written by hand the same way is the same partition.
 */
#include "plugin.h"

namespace {

/* Per unit: the references found private (wmm_omp_reset). */
hash_set<tree> *private_refs;
/* Per unit: arrays every element of which one thread of the teams writes
 * (all their writes a[i] of one partitioned counter), though their reads
 * may be any (wmm_omp_mark_one_writer). */
hash_set<tree> *one_writer;
/* Per unit: outlined function -> the data block its one GOMP_parallel
 * start hands it (`&.omp_data_o.2`), or NULL when started otherwise. */
hash_map<tree, tree> *data_args;
/* Per unit: the function a team runs -> the index of its team (the
 * outlined functions in symbol order), when the teams are started only by
 * serial code and no function runs in two teams; team_count teams. */
hash_map<tree, int> *team_index;
int team_count;

/* Is fndecl main? */
bool
is_main (tree fndecl)
{
  return DECL_NAME (fndecl) && MAIN_NAME_P (DECL_NAME (fndecl));
}

/* The statement defining SSA name v, or NULL. */
gimple *
def_of (tree v)
{
  return v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
         ? SSA_NAME_DEF_STMT (v) : NULL;
}

/* v = a CODE b (either order when commutative)? */
bool
is_binary (tree v, enum tree_code code, tree a, tree b)
{
  gassign *g = safe_dyn_cast<gassign *> (def_of (v));
  if (!g || gimple_assign_rhs_code (g) != code)
    return false;
  tree x = gimple_assign_rhs1 (g), y = gimple_assign_rhs2 (g);
  return (x == a && y == b)
         || (commutative_tree_code (code) && x == b && y == a);
}

/* Is v a call of builtin `code`? */
bool
is_builtin_call (tree v, enum built_in_function code)
{
  gimple *g = def_of (v);
  if (!g || !is_gimple_call (g))
    return false;
  tree fn = gimple_call_fndecl (g);
  return fn && fndecl_built_in_p (fn, code);
}

/* The PHI argument of `phi` that comes from the edge whose source is
 * `from` (or any edge other than from's when `other`). */
tree
phi_arg_from (gphi *phi, basic_block from, bool other)
{
  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
    if ((gimple_phi_arg_edge (phi, k)->src == from) != other)
      return gimple_phi_arg_def (phi, k);
  return NULL_TREE;
}

/* s0 and e0 of GCC's static schedule, when v0 = s0 and v1 = e0 have that
 * shape (see the header): q, tt are PHIs of (n / nt, n % nt) and
 * (n / nt + 1, 0), chosen by `t < n % nt`. */
bool
static_block (tree s0, tree e0)
{
  /* e0 = s0 + q */
  gassign *ge = safe_dyn_cast<gassign *> (def_of (e0));
  if (!ge || gimple_assign_rhs_code (ge) != PLUS_EXPR)
    return false;
  tree q = gimple_assign_rhs1 (ge) == s0 ? gimple_assign_rhs2 (ge)
           : gimple_assign_rhs2 (ge) == s0 ? gimple_assign_rhs1 (ge)
           : NULL_TREE;
  /* s0 = q * t + tt */
  gassign *gs = safe_dyn_cast<gassign *> (def_of (s0));
  if (!q || !gs || gimple_assign_rhs_code (gs) != PLUS_EXPR)
    return false;
  tree qt = gimple_assign_rhs1 (gs), tt = gimple_assign_rhs2 (gs);
  gassign *gm = safe_dyn_cast<gassign *> (def_of (qt));
  if (!gm || gimple_assign_rhs_code (gm) != MULT_EXPR)
    {
      std::swap (qt, tt);
      gm = safe_dyn_cast<gassign *> (def_of (qt));
    }
  if (!gm || gimple_assign_rhs_code (gm) != MULT_EXPR)
    return false;
  tree t = gimple_assign_rhs1 (gm) == q ? gimple_assign_rhs2 (gm)
           : gimple_assign_rhs2 (gm) == q ? gimple_assign_rhs1 (gm)
           : NULL_TREE;
  if (!t || !is_builtin_call (t, BUILT_IN_OMP_GET_THREAD_NUM))
    return false;
  gphi *pq = safe_dyn_cast<gphi *> (def_of (q));
  gphi *pt = safe_dyn_cast<gphi *> (def_of (tt));
  if (!pq || !pt || gimple_bb (pq) != gimple_bb (pt)
      || gimple_phi_num_args (pq) != 2 || gimple_phi_num_args (pt) != 2)
    return false;
  basic_block join = gimple_bb (pq);
  /* The branch: `if (t < tt0)` in the block that computes q0 and tt0. */
  for (unsigned k = 0; k < 2; k++)
    {
      edge e = gimple_phi_arg_edge (pq, k);
      tree q0 = gimple_phi_arg_def (pq, k);
      tree tt0 = phi_arg_from (pt, e->src, false);
      gassign *gd = safe_dyn_cast<gassign *> (def_of (q0));
      if (!gd || gimple_assign_rhs_code (gd) != TRUNC_DIV_EXPR || !tt0)
        continue;
      tree n = gimple_assign_rhs1 (gd), nt = gimple_assign_rhs2 (gd);
      if (!is_builtin_call (nt, BUILT_IN_OMP_GET_NUM_THREADS)
          || !is_binary (tt0, TRUNC_MOD_EXPR, n, nt))
        continue;
      /* The other way in: q0 + 1 and 0, from the branch's true side. */
      tree q1 = gimple_phi_arg_def (pq, 1 - k);
      edge e1 = gimple_phi_arg_edge (pq, 1 - k);
      tree tt1 = phi_arg_from (pt, e1->src, false);
      /* tt1 = 0 may be a copy of the constant */
      if (gassign *gz = safe_dyn_cast<gassign *> (def_of (tt1)))
        if (gimple_assign_rhs_code (gz) == INTEGER_CST)
          tt1 = gimple_assign_rhs1 (gz);
      gassign *g1 = safe_dyn_cast<gassign *> (def_of (q1));
      if (!tt1 || !integer_zerop (tt1) || !g1
          || gimple_assign_rhs_code (g1) != PLUS_EXPR
          || gimple_assign_rhs1 (g1) != q0
          || !integer_onep (gimple_assign_rhs2 (g1)))
        continue;
      gcond *c = safe_dyn_cast<gcond *> (last_stmt (gimple_bb (def_of (q0))));
      if (!c || gimple_cond_code (c) != LT_EXPR || gimple_cond_lhs (c) != t
          || gimple_cond_rhs (c) != tt0)
        continue;
      /* The true side reaches `join` only through e1's block, the false
         side goes straight there (e). */
      edge te, fe;
      extract_true_false_edges_from_block (gimple_bb (c), &te, &fe);
      if (fe->dest != join || e->src != gimple_bb (c)
          || !single_pred_p (e1->src) || single_pred (e1->src) != gimple_bb (c)
          || te->dest != e1->src)
        continue;
      return true;
    }
  return false;
}

/* Is v = (s * C1 + C2) for constants C1 > 0 (optional) and C2
 * (optional), through widening conversions?  *scale = C1, *bias = C2. */
bool
affine_of (tree v, tree s, HOST_WIDE_INT *scale, HOST_WIDE_INT *bias)
{
  *scale = 1;
  *bias = 0;
  for (int steps = 0; steps < 6; steps++)
    {
      if (v == s)
        return true;
      gassign *g = safe_dyn_cast<gassign *> (def_of (v));
      if (!g)
        return false;
      enum tree_code code = gimple_assign_rhs_code (g);
      tree a = gimple_assign_rhs1 (g), b = gimple_assign_rhs2 (g);
      if (code == SSA_NAME)
        v = a;
      else if (code == PLUS_EXPR && b && TREE_CODE (b) == INTEGER_CST
               && tree_fits_shwi_p (b) && *scale == 1 && *bias == 0)
        {
          *bias = tree_to_shwi (b);
          v = a;
        }
      else if (code == MULT_EXPR && b && TREE_CODE (b) == INTEGER_CST
               && tree_fits_shwi_p (b) && tree_to_shwi (b) > 0
               && *scale == 1)
        {
          *scale = tree_to_shwi (b);
          v = a;
        }
      else
        return false;
    }
  return false;
}

/* v without its integer conversions and copies. */
tree
strip_conversions (tree v)
{
  for (int steps = 0; steps < 4; steps++)
    {
      gassign *g = safe_dyn_cast<gassign *> (def_of (v));
      if (!g || !(CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))
                  || gimple_assign_rhs_code (g) == SSA_NAME)
          || TREE_CODE (gimple_assign_rhs1 (g)) != SSA_NAME
          || !INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (g))))
        return v;
      v = gimple_assign_rhs1 (g);
    }
  return v;
}

/* The local variable SSA name v is a load of (`v = x`), with the load in
 * *load; NULL when it is none. */
tree
loaded_local (tree v, gimple **load)
{
  gassign *g = safe_dyn_cast<gassign *> (def_of (v));
  if (!g || !gimple_assign_single_p (g))
    return NULL_TREE;
  tree x = gimple_assign_rhs1 (g);
  if (!VAR_P (x) || is_global_var (x) || TREE_THIS_VOLATILE (x))
    return NULL_TREE;
  *load = g;
  return x;
}

/* Is local x written only by libgomp's chunk calls (wmm_omp_chunk_call),
 * as their argument `from_end` places before the end (2: *istart, 1:
 * *iend), and otherwise only read? */
bool
chunk_bound (function *fn, tree x, unsigned from_end)
{
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    bool here = false;
    for (unsigned i = 0; i < gimple_num_ops (s) && !here; i++)
      here = wmm_mentions (gimple_op (s, i), x);
    if (!here || !ok)
      return;
    if (gimple_assign_single_p (s) && gimple_assign_rhs1 (s) == x
        && !wmm_mentions (gimple_assign_lhs (s), x))
      return;   /* a load */
    tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
    unsigned n = is_gimple_call (s) ? gimple_call_num_args (s) : 0;
    if (!callee || !DECL_NAME (callee) || n < from_end
        || !wmm_omp_chunk_call (IDENTIFIER_POINTER (DECL_NAME (callee))))
      {
        ok = false;
        return;
      }
    for (unsigned i = 0; i < n; i++)
      {
        tree a = gimple_call_arg (s, i);
        bool want = i == n - from_end;
        bool is_x = TREE_CODE (a) == ADDR_EXPR && TREE_OPERAND (a, 0) == x;
        if (is_x != want && (want || wmm_mentions (a, x)))
          ok = false;
      }
    if (gimple_call_lhs (s) && wmm_mentions (gimple_call_lhs (s), x))
      ok = false;
  });
  return ok;
}

/* Is block bb entered only where a chunk call said it handed out a chunk
 * (every incoming edge the non-zero side of a test of its result)? */
bool
after_chunk (basic_block bb)
{
  edge e;
  edge_iterator ei;
  if (EDGE_COUNT (bb->preds) == 0)
    return false;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      gcond *c = safe_dyn_cast<gcond *> (last_stmt (e->src));
      if (!c || !integer_zerop (gimple_cond_rhs (c))
          || (gimple_cond_code (c) != NE_EXPR && gimple_cond_code (c) != EQ_EXPR)
          || !(e->flags & (gimple_cond_code (c) == NE_EXPR ? EDGE_TRUE_VALUE
                                                           : EDGE_FALSE_VALUE)))
        return false;
      gimple *g = def_of (strip_conversions (gimple_cond_lhs (c)));
      tree callee = g && is_gimple_call (g) ? gimple_call_fndecl (g) : NULL_TREE;
      if (!callee || !DECL_NAME (callee)
          || !wmm_omp_chunk_call (IDENTIFIER_POINTER (DECL_NAME (callee))))
        return false;
    }
  return true;
}

/* Do init and bound run over one chunk of a dynamic, guided or runtime
 * schedule: loads of the locals libgomp's chunk call fills with the
 * chunk [*istart, *iend), in one block entered only when a chunk was
 * handed out, with no call between them?  Chunks of one loop are
 * disjoint, whichever thread gets them. */
bool
chunk_range (function *fn, tree init, tree bound)
{
  gimple *li = NULL, *lb = NULL;
  tree xs = loaded_local (strip_conversions (init), &li);
  tree xe = loaded_local (strip_conversions (bound), &lb);
  if (!xs || !xe || xs == xe || gimple_bb (li) != gimple_bb (lb)
      || !after_chunk (gimple_bb (li)))
    return false;
  /* no call between the two loads */
  gimple_stmt_iterator g = gsi_start_bb (gimple_bb (li));
  int seen = 0;
  for (; !gsi_end_p (g) && seen < 2; gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (s == li || s == lb)
        seen++;
      else if (seen == 1 && is_gimple_call (s))
        return false;
    }
  return chunk_bound (fn, xs, 2) && chunk_bound (fn, xe, 1);
}

/* Is v a copy of the thread's number (omp_get_thread_num), through
 * conversions? */
bool
thread_number (tree v)
{
  return is_builtin_call (strip_conversions (v), BUILT_IN_OMP_GET_THREAD_NUM);
}

/* Is the loop counter v = PHI <init, next> cyclic over the team: init the
 * thread's number t and next = v + nt with nt = omp_get_num_threads ()?
 * Its values t + k * nt are the thread's own residue. */
bool
cyclic_counter (tree v, tree init, tree next)
{
  gassign *gn = safe_dyn_cast<gassign *> (def_of (next));
  return gn && gimple_assign_rhs_code (gn) == PLUS_EXPR
         && gimple_assign_rhs1 (gn) == v && thread_number (init)
         && is_builtin_call (gimple_assign_rhs2 (gn),
                             BUILT_IN_OMP_GET_NUM_THREADS);
}

/* Is c the chunk number of GCC's static schedule with a chunk size:
 * trip * nt + t, t the thread's number, nt = omp_get_num_threads () and
 * trip = PHI <0, trip + 1>?  Thread t's chunks are t, t + nt, ... */
bool
chunk_number (tree c)
{
  gassign *g = safe_dyn_cast<gassign *> (def_of (c));
  if (!g || gimple_assign_rhs_code (g) != PLUS_EXPR)
    return false;
  tree a = gimple_assign_rhs1 (g), b = gimple_assign_rhs2 (g);
  if (!thread_number (b))
    std::swap (a, b);
  gassign *m = safe_dyn_cast<gassign *> (def_of (a));
  if (!thread_number (b) || !m || gimple_assign_rhs_code (m) != MULT_EXPR)
    return false;
  tree trip = gimple_assign_rhs1 (m), nt = gimple_assign_rhs2 (m);
  if (!is_builtin_call (nt, BUILT_IN_OMP_GET_NUM_THREADS))
    std::swap (trip, nt);
  gphi *p = safe_dyn_cast<gphi *> (def_of (trip));
  if (!is_builtin_call (nt, BUILT_IN_OMP_GET_NUM_THREADS) || !p
      || gimple_phi_num_args (p) != 2)
    return false;
  bool zero = false, step = false;
  for (unsigned k = 0; k < 2; k++)
    {
      tree x = gimple_phi_arg_def (p, k);
      if (gassign *gz = safe_dyn_cast<gassign *> (def_of (x)))
        if (gimple_assign_rhs_code (gz) == INTEGER_CST)
          x = gimple_assign_rhs1 (gz);
      gassign *gi = safe_dyn_cast<gassign *> (def_of (x));
      zero |= integer_zerop (x);
      step |= gi && gimple_assign_rhs_code (gi) == PLUS_EXPR
              && gimple_assign_rhs1 (gi) == trip
              && integer_onep (gimple_assign_rhs2 (gi));
    }
  return zero && step;
}

/* The first index of a static chunk: s0 = c * C (C > 0 a constant) or c
 * (C = 1), c a chunk number; C in *size. */
bool
chunk_start (tree s0, HOST_WIDE_INT *size)
{
  if (TREE_CODE (s0) == SSA_NAME)
    if (gassign *g = safe_dyn_cast<gassign *> (def_of (s0)))
      if (gimple_assign_rhs_code (g) == SSA_NAME)
        s0 = gimple_assign_rhs1 (g);
  *size = 1;
  gassign *g = safe_dyn_cast<gassign *> (def_of (s0));
  if (g && gimple_assign_rhs_code (g) == MULT_EXPR
      && TREE_CODE (gimple_assign_rhs2 (g)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (g))
      && tree_to_shwi (gimple_assign_rhs2 (g)) > 0)
    {
      *size = tree_to_shwi (gimple_assign_rhs2 (g));
      return chunk_number (gimple_assign_rhs1 (g));
    }
  return chunk_number (s0);
}

/* Is `back` never taken (its block ends in a test of two constants that
 * sends control the other way: `if (0 == 1)`, a chunk of one iteration)? */
bool
never_taken (edge back)
{
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (back->src));
  if (!c || TREE_CODE (gimple_cond_lhs (c)) != INTEGER_CST
      || TREE_CODE (gimple_cond_rhs (c)) != INTEGER_CST)
    return false;
  tree r = fold_binary (gimple_cond_code (c), boolean_type_node,
                        gimple_cond_lhs (c), gimple_cond_rhs (c));
  if (!r || TREE_CODE (r) != INTEGER_CST)
    return false;
  return (back->flags & EDGE_TRUE_VALUE) ? integer_zerop (r)
         : (back->flags & EDGE_FALSE_VALUE) ? integer_onep (r) : false;
}

/* A counter that only ever holds init, the start of a chunk of size 1
 * (its back edge is never taken). */
bool
one_chunk (tree init, edge back)
{
  HOST_WIDE_INT size;
  return never_taken (back) && chunk_start (init, &size) && size == 1;
}

/* Is the counter v = PHI <init, next> a walk over one static chunk:
 * init = s0 (chunk_start, size C), next = v + 1, the back edge taken
 * only when next < e0 with e0 = s0 + C or MIN (s0 + C, n)? */
bool
static_chunk (tree v, tree init, tree next, edge back)
{
  HOST_WIDE_INT size;
  gassign *gn = safe_dyn_cast<gassign *> (def_of (next));
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (back->src));
  if (!gn || gimple_assign_rhs_code (gn) != PLUS_EXPR
      || gimple_assign_rhs1 (gn) != v || !integer_onep (gimple_assign_rhs2 (gn))
      || !c || gimple_cond_code (c) != LT_EXPR || gimple_cond_lhs (c) != next
      || !(back->flags & EDGE_TRUE_VALUE) || !chunk_start (init, &size))
    return false;
  tree s0 = init;
  if (gassign *gc = safe_dyn_cast<gassign *> (def_of (s0)))
    if (gimple_assign_rhs_code (gc) == SSA_NAME)
      s0 = gimple_assign_rhs1 (gc);
  /* e = s0 + C */
  auto chunk_end = [&] (tree e) {
    gassign *ge = safe_dyn_cast<gassign *> (def_of (e));
    return ge && gimple_assign_rhs_code (ge) == PLUS_EXPR
           && gimple_assign_rhs1 (ge) == s0
           && TREE_CODE (gimple_assign_rhs2 (ge)) == INTEGER_CST
           && tree_fits_shwi_p (gimple_assign_rhs2 (ge))
           && tree_to_shwi (gimple_assign_rhs2 (ge)) == size;
  };
  tree e0 = gimple_cond_rhs (c);
  gassign *gm = safe_dyn_cast<gassign *> (def_of (e0));
  if (gm && gimple_assign_rhs_code (gm) == MIN_EXPR)
    return chunk_end (gimple_assign_rhs1 (gm))
           || chunk_end (gimple_assign_rhs2 (gm));
  return chunk_end (e0);
}

/* v through SSA copies. */
tree
copy_source (tree v)
{
  for (int steps = 0; steps < 4; steps++)
    {
      gassign *g = safe_dyn_cast<gassign *> (def_of (v));
      if (!g || gimple_assign_rhs_code (g) != SSA_NAME)
        return v;
      v = gimple_assign_rhs1 (g);
    }
  return v;
}

/* Do a and b hold one value: one SSA name, or one side-effect-free
 * arithmetic on the same operands (`N / nt` computed twice)? */
bool
same_value (tree a, tree b)
{
  a = copy_source (a);
  b = copy_source (b);
  if (a == b)
    return true;
  gassign *ga = safe_dyn_cast<gassign *> (def_of (a));
  gassign *gb = safe_dyn_cast<gassign *> (def_of (b));
  if (!ga || !gb || gimple_assign_rhs_code (ga) != gimple_assign_rhs_code (gb)
      || get_gimple_rhs_class (gimple_assign_rhs_code (ga)) != GIMPLE_BINARY_RHS
      || !INTEGRAL_TYPE_P (TREE_TYPE (a)))
    return false;
  switch (gimple_assign_rhs_code (ga))
    {
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case TRUNC_DIV_EXPR:
      break;
    default:
      return false;
    }
  return operand_equal_p (gimple_assign_rhs1 (ga), gimple_assign_rhs1 (gb), 0)
         && operand_equal_p (gimple_assign_rhs2 (ga), gimple_assign_rhs2 (gb), 0);
}

/* Is edge e taken only when the thread's number t is the team's last:
 * `t == nt - 1` (wmm_edge_if_equal), nt = omp_get_num_threads ()? */
bool
last_of_team (edge e, tree t)
{
  tree a, b;
  if (!wmm_edge_if_equal (e, &a, &b))
    return false;
  if (a != t)
    std::swap (a, b);
  gassign *g = safe_dyn_cast<gassign *> (def_of (b));
  return a == t && g && gimple_assign_rhs_code (g) == PLUS_EXPR
         && integer_minus_onep (gimple_assign_rhs2 (g))
         && is_builtin_call (gimple_assign_rhs1 (g),
                             BUILT_IN_OMP_GET_NUM_THREADS);
}

/* Does v have one value in every thread of the team: built of constants
 * and omp_get_num_threads () by + - * / and integer conversions? */
bool
team_invariant (tree v, int depth = 0)
{
  v = copy_source (v);
  if (TREE_CODE (v) == INTEGER_CST)
    return true;
  if (depth > 6 || TREE_CODE (v) != SSA_NAME)
    return false;
  if (is_builtin_call (v, BUILT_IN_OMP_GET_NUM_THREADS))
    return true;
  gassign *g = safe_dyn_cast<gassign *> (def_of (v));
  if (!g)
    return false;
  switch (gimple_assign_rhs_code (g))
    {
    CASE_CONVERT:
      return INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (g)))
             && team_invariant (gimple_assign_rhs1 (g), depth + 1);
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case TRUNC_DIV_EXPR:
      return team_invariant (gimple_assign_rhs1 (g), depth + 1)
             && team_invariant (gimple_assign_rhs2 (g), depth + 1);
    default:
      return false;
    }
}

/* A block of the team written by hand: v the counter of `for (v = lo;
 * v < hi; v++)` (wmm_counted_loop), every use of v but its test and
 * increment inside the loop; lo = t * q, t the thread's number, and hi =
 * lo + q' (q' the same value as q) or, for the team's last thread only
 * (last_of_team), any end: `hi = t == nt - 1 ? N : lo + q`; signed
 * arithmetic, q the same in every thread (team_invariant: `N / nt`).
 * Thread t's block [t * q, t * q + q) lies below thread t + 1's (when q
 * <= 0 every block but the last is empty), the last starts above them
 * all. */
bool
manual_block (tree v)
{
  tree init, hi;
  gimple *step;
  edge body;
  if (!wmm_counted_loop (v, &init, &hi, &step, &body))
    return false;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, v)
    if (use != step && use != last_stmt (gimple_bb (SSA_NAME_DEF_STMT (v)))
        && !is_gimple_debug (use)
        && (gimple_code (use) == GIMPLE_PHI
            || !dominated_by_p (CDI_DOMINATORS, gimple_bb (use), body->dest)))
      return false;
  /* lo = t * q */
  tree lo = copy_source (init);
  gassign *gl = safe_dyn_cast<gassign *> (def_of (lo));
  if (!gl || gimple_assign_rhs_code (gl) != MULT_EXPR
      || !TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (lo)))
    return false;
  tree t = gimple_assign_rhs1 (gl), q = gimple_assign_rhs2 (gl);
  if (!is_builtin_call (wmm_widened_from (t), BUILT_IN_OMP_GET_THREAD_NUM))
    std::swap (t, q);
  if (!is_builtin_call (wmm_widened_from (t), BUILT_IN_OMP_GET_THREAD_NUM)
      || !team_invariant (q))
    return false;
  /* hi = lo + q */
  auto block_end = [&] (tree e) {
    gassign *ge = safe_dyn_cast<gassign *> (def_of (copy_source (e)));
    if (!ge || gimple_assign_rhs_code (ge) != PLUS_EXPR)
      return false;
    tree x = gimple_assign_rhs1 (ge), y = gimple_assign_rhs2 (ge);
    if (copy_source (x) != lo)
      std::swap (x, y);
    return copy_source (x) == lo && same_value (y, q);
  };
  hi = copy_source (hi);
  if (block_end (hi))
    return true;
  gphi *join = safe_dyn_cast<gphi *> (def_of (hi));
  if (!join || gimple_phi_num_args (join) != 2)
    return false;
  for (unsigned k = 0; k < 2; k++)
    if (block_end (gimple_phi_arg_def (join, k))
        && last_of_team (gimple_phi_arg_edge (join, 1 - k), t))
      return true;
  return false;
}

/* The counters of fn's loops that run over the thread's own block of a
 * static schedule: i = PHI <s0 (entry), i + STEP (latch)>, left when not
 * i + STEP < e0 (STEP and e0 scaled as s0), entered only when s0 < e0;
 * or over one chunk of another schedule: i = PHI <istart (entry), i +
 * STEP (latch)>, STEP > 0, left when not i + STEP < iend (chunk_range). */
void
partitioned_counters (function *fn, hash_set<tree> *ivs)
{
  basic_block bb;
  /* the thread's number: one value per thread of the team */
  wmm_each_stmt (fn, [&] (gimple *s) {
    tree lhs = is_gimple_call (s) ? gimple_call_lhs (s) : NULL_TREE;
    if (lhs && TREE_CODE (lhs) == SSA_NAME
        && is_builtin_call (lhs, BUILT_IN_OMP_GET_THREAD_NUM))
      ivs->add (lhs);
  });
  FOR_EACH_BB_FN (bb, fn)
    for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi);
         gsi_next (&gpi))
      {
        gphi *phi = gpi.phi ();
        tree v = gimple_phi_result (phi);
        if (virtual_operand_p (v) || !INTEGRAL_TYPE_P (TREE_TYPE (v))
            || gimple_phi_num_args (phi) != 2)
          continue;
        if (manual_block (v))
          {
            ivs->add (v);
            continue;
          }
        for (unsigned k = 0; k < 2; k++)
          {
            edge back = gimple_phi_arg_edge (phi, 1 - k);
            tree init = gimple_phi_arg_def (phi, k);
            tree next = gimple_phi_arg_def (phi, 1 - k);
            if (cyclic_counter (v, init, next) || one_chunk (init, back)
                || static_chunk (v, init, next, back))
              {
                ivs->add (v);
                break;
              }
            gassign *gn = safe_dyn_cast<gassign *> (def_of (next));
            /* next = v + STEP */
            if (!gn || gimple_assign_rhs_code (gn) != PLUS_EXPR
                || gimple_assign_rhs1 (gn) != v
                || TREE_CODE (gimple_assign_rhs2 (gn)) != INTEGER_CST
                || !tree_fits_shwi_p (gimple_assign_rhs2 (gn)))
              continue;
            HOST_WIDE_INT step = tree_to_shwi (gimple_assign_rhs2 (gn));
            /* The back edge is taken only when next < bound. */
            gcond *c = safe_dyn_cast<gcond *> (last_stmt (back->src));
            if (!c || gimple_cond_code (c) != LT_EXPR
                || gimple_cond_lhs (c) != next
                || !(back->flags & EDGE_TRUE_VALUE))
              continue;
            tree bound = gimple_cond_rhs (c);
            if (step > 0 && chunk_range (fn, init, bound))
              {
                ivs->add (v);
                continue;
              }
            /* The entry guard `if (s0 >= e0) skip` dominating the loop. */
            edge in = gimple_phi_arg_edge (phi, k);
            for (basic_block d = in->src; d;
                 d = get_immediate_dominator (CDI_DOMINATORS, d))
              {
                gcond *g = safe_dyn_cast<gcond *> (last_stmt (d));
                if (!g || gimple_cond_code (g) != GE_EXPR)
                  continue;
                tree s0 = gimple_cond_lhs (g), e0 = gimple_cond_rhs (g);
                edge te, fe;
                extract_true_false_edges_from_block (d, &te, &fe);
                HOST_WIDE_INT sc, sb, ec, eb;
                if (!single_pred_p (fe->dest)
                    || !dominated_by_p (CDI_DOMINATORS, in->src, fe->dest)
                    || !affine_of (init, s0, &sc, &sb)
                    || !affine_of (bound, e0, &ec, &eb)
                    || sc != ec || sb != eb || step != sc
                    || !static_block (s0, e0))
                  break;
                ivs->add (v);
                break;
              }
          }
      }
}


/* The global array a reference `a[i]` (whole element, or a member of it:
 * a field, or an element of an inner array whose index stays within its
 * bounds, as `c[i][j]` in a loop over j) indexes, and the index; NULL
 * when it is no such reference. */
tree
array_of (tree ref, gimple *stmt, tree *idx)
{
  ref = wmm_indexed_ref (ref, stmt);
  if (!ref)
    return NULL_TREE;
  tree base = TREE_OPERAND (ref, 0);
  if (!VAR_P (base) || !is_global_var (base))
    return NULL_TREE;
  *idx = TREE_OPERAND (ref, 1);
  return base;
}

struct omp_ctx {
  hash_set<cgraph_node *> team;      /* outlined functions and callees */
  hash_set<cgraph_node *> outlined;  /* the functions GOMP_parallel starts */
  hash_set<tree> ivs;                /* partitioned counters */
  hash_set<tree> bad;                /* arrays touched otherwise */
  hash_map<tree, auto_vec<tree> > refs;   /* array -> its private refs */
  hash_map<tree, auto_vec<std::pair<tree, gimple *> > > uses;
                                     /* array -> its counters and
                                        statements in the function walked */
  bool in_team;                      /* walking code the teams run */
  bool in_outlined;                  /* ... a function a start runs */
  bool storing;                      /* the reference walked is a store */
  hash_set<tree> bad_writes;         /* arrays written otherwise */
  hash_map<tree, tree> write_iv;     /* array -> the counter of its writes
                                        (NULL: several) */
  hash_set<tree> element_writes;     /* arrays written as `a[i]` */
  hash_set<tree> row_writes;         /* arrays written as `a[E][i]` */
  hash_set<cgraph_node *> serial;    /* code that runs only while no team
                                        runs (serial_functions) */
  hash_set<tree> blocks;             /* the data blocks serial code gives
                                        its GOMP_parallel starts */
  bool foreign;                      /* code of other units may run
                                        (wmm_foreign_code_may_run) */
};

/* Note that array base is written through partitioned counter iv. */
void
note_write_iv (omp_ctx *c, tree base, tree iv)
{
  bool existed;
  tree &w = c->write_iv.get_or_insert (base, &existed);
  w = existed && w != iv ? NULL_TREE : iv;
}

/* Is ref a write `a[E][i]` (or a part of it: `a[E][i][j]` with j within
 * its bounds, a member) of the array base by a function a start runs, i a
 * partitioned counter and E one value for every thread of the start
 * (rowviews.cc wmm_omp_shared_index)?  Then the element is the one of its
 * thread's block in row E: noted as written through i. */
bool
row_write (omp_ctx *c, gimple *stmt, tree ref, tree base)
{
  if (!c->storing || !c->in_outlined || !ref)
    return false;
  while (handled_component_p (ref)
         && !(TREE_CODE (ref) == ARRAY_REF
              && TREE_CODE (TREE_OPERAND (ref, 0)) == ARRAY_REF
              && TREE_OPERAND (TREE_OPERAND (ref, 0), 0) == base))
    {
      if (TREE_CODE (ref) == ARRAY_REF ? !wmm_index_within (ref, stmt)
          : TREE_CODE (ref) != COMPONENT_REF)
        return false;
      ref = TREE_OPERAND (ref, 0);
    }
  if (TREE_CODE (ref) != ARRAY_REF || TREE_OPERAND (ref, 2)
      || TREE_OPERAND (ref, 3))
    return false;
  tree row = TREE_OPERAND (ref, 0), i = TREE_OPERAND (ref, 1);
  if (TREE_CODE (row) != ARRAY_REF || TREE_OPERAND (row, 0) != base
      || TREE_OPERAND (row, 2) || TREE_OPERAND (row, 3)
      || TREE_CODE (i) != SSA_NAME || !c->ivs.contains (wmm_widened_from (i))
      || !wmm_omp_shared_index (TREE_OPERAND (row, 1)))
    return false;
  note_write_iv (c, base, wmm_widened_from (i));
  c->row_writes.add (base);
  return true;
}

/* Walk callback: classify a reference to a global array by code the
 * teams run. */
bool
note_ref (gimple *stmt, tree op, tree ref, void *data)
{
  omp_ctx *c = (omp_ctx *) data;
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (!base || !VAR_P (base) || !is_global_var (base))
    return false;
  tree idx;
  if (!c->in_team)
    {
      /* main runs between the teams; every other function might run
         beside one (called by another unit's thread). */
      if (!c->bad.contains (base))
        c->bad.add (base);
      if (c->storing)
        c->bad_writes.add (base);
      return false;
    }
  /* (in a function the team's code calls, the array's phases would be
     the caller's: not followed) */
  if (ref && TREE_CODE (ref) != ADDR_EXPR && array_of (ref, stmt, &idx) == base
      && TREE_CODE (idx) == SSA_NAME && c->ivs.contains (wmm_widened_from (idx))
      && c->in_outlined)
    {
      c->uses.get_or_insert (base).safe_push (
        std::make_pair (wmm_widened_from (idx), stmt));
      c->refs.get_or_insert (base).safe_push (ref);
      if (c->storing)
        {
          note_write_iv (c, base, wmm_widened_from (idx));
          c->element_writes.add (base);
        }
    }
  else
    {
      c->bad.add (base);
      if (c->storing && !row_write (c, stmt, ref, base))
        c->bad_writes.add (base);
    }
  return false;
}

/* Walk callbacks: note_ref for a load, for a store (or an address). */
bool
note_load (gimple *stmt, tree op, tree ref, void *data)
{
  ((omp_ctx *) data)->storing = false;
  return note_ref (stmt, op, ref, data);
}

bool
note_store (gimple *stmt, tree op, tree ref, void *data)
{
  ((omp_ctx *) data)->storing = true;
  return note_ref (stmt, op, ref, data);
}

} // namespace

bool
wmm_omp_team_barrier (gimple *s)
{
  const char *n = is_gimple_call (s) ? wmm_callee_name (s) : NULL;
  if (!n)
    return false;
  if (!strncmp (n, "__builtin_", 10))
    n += 10;
  return !strcmp (n, "GOMP_barrier") || !strcmp (n, "GOMP_loop_end")
         || !strcmp (n, "GOMP_sections_end");
}

namespace {

/* Can control go from statement `from` to statement `to` (of one
 * function) without passing a team barrier? */
bool
reaches_without_barrier (gimple *from, gimple *to)
{
  return wmm_reaches_unless (from, to, wmm_omp_team_barrier);
}

/* The walk of one region's function is over: an array indexed by two
 * counters (two loops of the region) stays private only when a team
 * barrier lies on every path between their accesses, both ways (each
 * loop's blocks are then touched in a phase of their own, which the
 * barrier orders before or after the other's). */
void
end_region (omp_ctx *c)
{
  for (auto entry : c->uses)
    {
      const auto &u = entry.second;
      for (unsigned i = 0; i < u.length () && !c->bad.contains (entry.first); i++)
        for (unsigned j = i + 1; j < u.length (); j++)
          if (u[i].first != u[j].first
              && (reaches_without_barrier (u[i].second, u[j].second)
                  || reaches_without_barrier (u[j].second, u[i].second)))
            {
              c->bad.add (entry.first);
              break;
            }
    }
  c->uses.empty ();
}

/* A function's address `op` in statement s: when s is a GOMP_parallel*
 * start (`start`) whose argument after the function is the address of a
 * local (the data block), that block is the function's, unless it is
 * started elsewhere too. */
void
note_data_arg (gimple *s, tree op, bool start)
{
  tree fn = TREE_OPERAND (op, 0);
  tree data = NULL_TREE;
  if (start && gimple_call_num_args (s) > 1 && gimple_call_arg (s, 0) == op)
    {
      data = gimple_call_arg (s, 1);
      if (TREE_CODE (data) != ADDR_EXPR || !VAR_P (TREE_OPERAND (data, 0))
          || is_global_var (TREE_OPERAND (data, 0)))
        data = NULL_TREE;
    }
  bool existed;
  tree &slot = data_args->get_or_insert (fn, &existed);
  slot = existed ? NULL_TREE : data;
}

/* The functions that run only in main's thread while no team runs: main,
 * and every function whose calls all come from such functions (its
 * address never taken; an exported one only when no other unit's code
 * may run: wmm_foreign_code_may_run, and then also one never called). */
void
serial_functions (hash_set<cgraph_node *> *serial, bool foreign)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (is_main (node->decl) && !node->alias)
      serial->add (node);
  for (bool grew = !serial->is_empty (); grew;)
    {
      grew = false;
      FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
        {
          if (serial->contains (node) || node->alias || node->address_taken
              || (TREE_PUBLIC (node->decl) && foreign))
            continue;
          bool all = true, any = false;
          wmm_each_caller (node, [&] (cgraph_edge *e) {
            any = true;
            all = all && e->call_stmt && serial->contains (e->caller);
          });
          /* (uncalled, it never runs when no other unit's code does) */
          if (all && (any || !foreign))
            {
              serial->add (node);
              grew = true;
            }
        }
    }
}

/* Does the unit start threads only through GOMP_parallel in serial code
 * (main and what only it calls)?  Fills c->team with the outlined
 * functions and everything they call, c->blocks with their data blocks. */
bool
teams_only (omp_ctx *c)
{
  cgraph_node *node;
  auto_vec<cgraph_node *> work;
  bool ok = true;
  c->foreign = wmm_foreign_code_may_run ();
  serial_functions (&c->serial, c->foreign);
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg || !gimple_in_ssa_p (fn) || node->alias)
        continue;
      bool in_main = c->serial.contains (node);
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree target;
        if (is_gimple_call (s) && (wmm_is_thread_create (s, &target)
                                   || wmm_std_thread_start (s)))
          ok = false;
        tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
        const char *n = callee && DECL_NAME (callee)
                        ? IDENTIFIER_POINTER (DECL_NAME (callee)) : "";
        if (!strncmp (n, "__builtin_", 10))
          n += 10;
        /* (a task, teams or nested region passes its function
           elsewhere: not a start here, so the unit does not qualify) */
        bool start = !strncmp (n, "GOMP_parallel", 13);
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          {
            tree op = gimple_op (s, i);
            if (is_gimple_call (s) && op == gimple_call_fn (s))
              continue;   /* the callee of a direct call */
            if (!op || TREE_CODE (op) != ADDR_EXPR
                || TREE_CODE (TREE_OPERAND (op, 0)) != FUNCTION_DECL)
              continue;
            if (!start || !in_main)
              ok = false;
            else if (cgraph_node *o = cgraph_node::get (TREE_OPERAND (op, 0)))
              {
                tree data = gimple_call_num_args (s) > 1
                            ? gimple_call_arg (s, 1) : NULL_TREE;
                if (data && TREE_CODE (data) == ADDR_EXPR
                    && VAR_P (TREE_OPERAND (data, 0))
                    && !is_global_var (TREE_OPERAND (data, 0)))
                  c->blocks.add (TREE_OPERAND (data, 0));
                c->outlined.add (o);
                if (!c->team.add (o))
                  work.safe_push (o);
              }
            note_data_arg (s, op, start);
          }
      });
    }
  /* The outlined functions are called by nothing; what the teams run. */
  for (cgraph_node *o : work)
    if (o->callers)
      ok = false;
  while (ok && !work.is_empty ())
    {
      cgraph_node *f = work.pop ();
      if (f->indirect_calls)
        ok = false;
      for (cgraph_edge *e = f->callees; e; e = e->next_callee)
        {
          cgraph_node *t = e->callee->ultimate_alias_target ();
          if (t->definition && !c->team.add (t))
            work.safe_push (t);
        }
    }
  return ok && !c->team.is_empty ();
}

/* Fill team_index: each outlined function (in symbol order) and what it
 * calls, unless some function is run by two teams. */
void
number_teams (omp_ctx *c)
{
  auto_vec<cgraph_node *> outlined;
  for (cgraph_node *o : c->outlined)
    outlined.safe_push (o);
  outlined.qsort ([] (const void *x, const void *y) {
    return (*(cgraph_node *const *) x)->order
           - (*(cgraph_node *const *) y)->order; });
  team_index = new hash_map<tree, int>;
  for (unsigned k = 0; k < outlined.length (); k++)
    {
      auto_vec<cgraph_node *> work;
      hash_set<cgraph_node *> seen;
      work.safe_push (outlined[k]);
      seen.add (outlined[k]);
      while (!work.is_empty ())
        {
          cgraph_node *f = work.pop ();
          bool existed;
          int &t = team_index->get_or_insert (f->decl, &existed);
          if (existed && t != (int) k)
            {
              team_index->empty ();
              return;
            }
          t = k;
          for (cgraph_edge *e = f->callees; e; e = e->next_callee)
            {
              cgraph_node *g = e->callee->ultimate_alias_target ();
              if (g->definition && !seen.add (g))
                work.safe_push (g);
            }
        }
    }
  team_count = outlined.length ();
}

/* May fields f and g of a data block hold one object at one start: the
 * same field, or fields with an allocation in common that serial code
 * does not keep apart (apart: pairs it stores distinct objects into)? */
bool
may_meet (tree f, tree g, hash_map<tree, auto_vec<tree> > &fields,
          const vec<std::pair<tree, tree> > &apart)
{
  if (f == g)
    return true;
  bool common = false;
  for (tree r : *fields.get (f))
    common |= fields.get (g)->contains (r);
  for (const auto &p : apart)
    if ((p.first == f && p.second == g) || (p.first == g && p.second == f))
      return false;
  return common;
}

/* Is the object a region's access h touches private in that region
 * (heap[from, to)): every access of the region that may touch the same
 * object (may_meet) a load (nothing in the team writes it), or every one
 * iteration k's own bytes of one row shape, two counters only apart by a
 * team barrier both ways (the phases of end_region)? */
bool
region_private (const wmm_omp_heap_ref &h,
                hash_map<tree, auto_vec<tree> > &fields,
                const vec<std::pair<tree, tree> > &apart,
                const vec<wmm_omp_heap_ref> &heap, unsigned from, unsigned to)
{
  bool loads = true, rows = true;
  auto_vec<const wmm_omp_heap_ref *> mine;
  for (unsigned i = from; i < to; i++)
    if (may_meet (h.field, heap[i].field, fields, apart))
      mine.safe_push (&heap[i]);
  /* All in elements of one size: only the accesses whose bits of the
     element overlap h's may touch h's bytes (`b[j].x` read by all, the
     own `b[i].ax` written) */
  bool columns = true;
  for (const wmm_omp_heap_ref *m : mine)
    columns = columns && m->column && m->elem == h.elem;
  if (columns)
    {
      unsigned k = 0;
      for (const wmm_omp_heap_ref *m : mine)
        if (m->lo < h.hi && h.lo < m->hi)
          mine[k++] = m;
      mine.truncate (k);
    }
  for (const wmm_omp_heap_ref *m : mine)
    {
      loads = loads && !m->store;
      rows = rows && m->shaped && m->rows == mine[0]->rows
             && m->elem == mine[0]->elem;
    }
  for (unsigned i = 0; rows && i < mine.length (); i++)
    for (unsigned j = i + 1; rows && j < mine.length (); j++)
      if (mine[i]->iv != mine[j]->iv
          && (reaches_without_barrier (mine[i]->stmt, mine[j]->stmt)
              || reaches_without_barrier (mine[j]->stmt, mine[i]->stmt)))
        rows = false;
  return loads || rows;
}

/* Mark private the team's heap-array accesses (heap; regions: each
 * outlined function's range of it) whose objects are private in that
 * region (region_private), each object stored into no field that may
 * hold other pointers (unknown) or whose pointer the team uses otherwise
 * (bad_fields). */
void
heap_private (hash_map<tree, auto_vec<tree> > &fields,
              hash_set<tree> &unknown, hash_set<tree> &bad_fields,
              const vec<std::pair<tree, tree> > &apart,
              const vec<wmm_omp_heap_ref> &heap,
              const vec<std::pair<unsigned, unsigned> > &regions)
{
  /* (an object also in a field that may hold other pointers, as `y + 1`,
     may be reached there at other bytes) */
  hash_set<tree> bad;
  for (auto entry : fields)
    for (tree root : entry.second)
      if (bad_fields.contains (entry.first) || unknown.contains (entry.first))
        bad.add (root);
  for (const auto &r : regions)
    for (unsigned i = r.first; i < r.second; i++)
      {
        bool ok = region_private (heap[i], fields, apart, heap, r.first,
                                  r.second);
        for (tree root : *fields.get (heap[i].field))
          ok = ok && !bad.contains (root);
        if (!ok)
          continue;
        if (!private_refs)
          private_refs = new hash_set<tree>;
        private_refs->add (heap[i].ref);
      }
}

} // namespace

/* The largest value every value of integer or pointer type t holds (0 for
 * any other type). */
static HOST_WIDE_INT
type_room (tree t)
{
  if (POINTER_TYPE_P (t) || (INTEGRAL_TYPE_P (t)
                             && TYPE_PRECISION (t) >= HOST_BITS_PER_WIDE_INT))
    return HOST_WIDE_INT_MAX;
  if (!INTEGRAL_TYPE_P (t))
    return 0;
  int bits = TYPE_PRECISION (t) - (TYPE_UNSIGNED (t) ? 0 : 1);
  return bits <= 0 ? 0 : (HOST_WIDE_INT_1 << bits) - 1;
}

tree
wmm_widened_from (tree v, HOST_WIDE_INT *room)
{
  HOST_WIDE_INT least = HOST_WIDE_INT_MAX;
  bool narrowed = false;
  for (int steps = 0; steps < 4; steps++)
    {
      gassign *g = safe_dyn_cast<gassign *> (def_of (v));
      if (!g || !(CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))
                  || gimple_assign_rhs_code (g) == SSA_NAME)
          || TREE_CODE (gimple_assign_rhs1 (g)) != SSA_NAME)
        break;
      tree from = gimple_assign_rhs1 (g);
      if (TYPE_PRECISION (TREE_TYPE (v)) < TYPE_PRECISION (TREE_TYPE (from)))
        {
          if (!room)
            break;
          narrowed = true;
        }
      least = MIN (least, type_room (TREE_TYPE (v)));
      v = from;
    }
  if (room)
    *room = narrowed ? MIN (least, type_room (TREE_TYPE (v))) : -1;
  return v;
}

tree
wmm_same_size_view (tree t)
{
  if (TREE_CODE (t) != VIEW_CONVERT_EXPR)
    return t;
  tree op = TREE_OPERAND (t, 0);
  return INTEGRAL_TYPE_P (TREE_TYPE (op)) && INTEGRAL_TYPE_P (TREE_TYPE (t))
         && tree_int_cst_equal (TYPE_SIZE (TREE_TYPE (op)),
                                TYPE_SIZE (TREE_TYPE (t)))
         ? op : t;
}

tree
wmm_constant_of (tree v)
{
  if (!v)
    return NULL_TREE;
  tree type = TREE_TYPE (v);
  for (int steps = 0; steps < 6 && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); steps++)
    {
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
      if (!g || !(gimple_assign_single_p (g) || gimple_assign_cast_p (g))
          || !INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (g))))
        return NULL_TREE;
      v = wmm_same_size_view (gimple_assign_rhs1 (g));
    }
  if (TREE_CODE (v) != INTEGER_CST || !INTEGRAL_TYPE_P (type))
    return NULL_TREE;
  /* (the conversions on the way may change the value: the one v has) */
  v = fold_convert (type, v);
  return TREE_CODE (v) == INTEGER_CST && tree_fits_shwi_p (v) ? v : NULL_TREE;
}

/* wmm_foreign_code_may_run's answer for the unit (-1: not asked yet;
 * wmm_omp_reset). */
static int foreign_answer = -1;

/* Does the unit's own code (outside the system headers) give the
 * library's templates only functions the unit defines, by address, where
 * it gives a function at all (`std::thread t (worker, i)`,
 * `ts.emplace_back (worker, i)`)?  Then the callable std::thread's code
 * calls through a pointer is the unit's. */
static bool
library_callables_known (void)
{
  bool known = true;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg || node->alias || DECL_IN_SYSTEM_HEADER (node->decl))
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
        if (!known || !callee || !DECL_IN_SYSTEM_HEADER (callee))
          return;
        for (unsigned i = 0; i < gimple_call_num_args (s); i++)
          {
            tree a = gimple_call_arg (s, i), t = TREE_TYPE (a);
            if (!POINTER_TYPE_P (t) || !FUNC_OR_METHOD_TYPE_P (TREE_TYPE (t)))
              continue;
            tree f = TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0)
                                                : NULL_TREE;
            cgraph_node *n = f && TREE_CODE (f) == FUNCTION_DECL
                             ? cgraph_node::get (f) : NULL;
            if (!n || !n->ultimate_alias_target ()->definition)
              known = false;
          }
      });
    }
  return known;
}

bool
wmm_foreign_code_may_run (void)
{
  if (foreign_answer >= 0)
    return foreign_answer != 0;
  bool has_main = false, foreign = false;
  int callables = -1;   /* library_callables_known, when asked */
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg || node->alias)
        continue;
      has_main |= is_main (node->decl);
      bool lib = wmm_thread_lib_fn (node->decl);
      wmm_each_stmt (fn, [&] (gimple *s) {
        if (!is_gimple_call (s) || gimple_call_internal_p (s))
          return;
        tree callee = gimple_call_fndecl (s);
        /* (std::thread's code calls the callable its state holds and
           deletes the state: the unit's own code when the unit gave the
           library's templates only its own functions) */
        if (!callee && lib && callables < 0)
          callables = library_callables_known ();
        if (!callee && lib && callables)
          return;
        if (!callee)
          {
            foreign = true;
            return;
          }
        cgraph_node *t = cgraph_node::get (callee);
        if (t && t->ultimate_alias_target ()->definition)
          return;
        const char *n = DECL_NAME (callee)
                        ? IDENTIFIER_POINTER (DECL_NAME (callee)) : "";
        if (!strncmp (n, "__builtin_", 10))
          n += 10;
        if (fndecl_built_in_p (callee) || !strncmp (n, "GOMP_", 5)
            || !strncmp (n, "omp_", 4) || wmm_never_starts_threads (callee))
          return;
        /* a create of a start routine the unit defines runs the unit's
           code; so does std::thread's start, of the state's _M_run that
           the unit's instance of the constructor template built */
        if (DECL_ASSEMBLER_NAME_SET_P (callee)
            && startswith (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (callee)),
                           "_ZNSt6thread15_M_start_thread"))
          return;
        /* (libstdc++'s waiting code, std::jthread's stop requests and
           C++20's semaphores: syscall is its futex) */
        if (!strcmp (n, "syscall")
            && (lib || wmm_wait_lib_fn (node->decl)))
          return;
        tree routine;
        cgraph_node *r;
        if (wmm_is_thread_create (s, &routine) && routine
            && (r = cgraph_node::get (routine))
            && r->ultimate_alias_target ()->definition)
          return;
        foreign = true;
      });
    }
  foreign_answer = !has_main || foreign;
  return foreign_answer != 0;
}

void
wmm_omp_reset (void)
{
  delete private_refs;
  private_refs = NULL;
  delete one_writer;
  one_writer = NULL;
  delete data_args;
  data_args = NULL;
  delete team_index;
  team_index = NULL;
  team_count = 0;
  foreign_answer = -1;
}

void
wmm_omp_analyse (wmm_unitinfo *u)
{
  (void) u;
  wmm_omp_reset ();
  data_args = new hash_map<tree, tree>;
  omp_ctx c;
  bool tok = teams_only (&c);
  if (!tok)
    return;
  /* (another unit's code that may run beside the teams may link two
     teams' accesses of exported data: no team classes then) */
  if (!c.foreign)
    number_teams (&c);
  for (cgraph_node *f : c.team)
    {
      function *fn = f->get_fun ();
      if (!fn || !fn->cfg || !gimple_in_ssa_p (fn))
        continue;
      push_cfun (fn);
      bool had = dom_info_available_p (CDI_DOMINATORS);
      if (!had)
        calculate_dominance_info (CDI_DOMINATORS);
      partitioned_counters (fn, &c.ivs);
      if (!had)
        free_dominance_info (CDI_DOMINATORS);
      pop_cfun ();
    }
  if (c.ivs.is_empty ())
    return;
  /* Heap arrays the serial code hands the teams in their data blocks. */
  hash_map<tree, auto_vec<tree> > fields;
  hash_set<tree> unknown, bad_fields;
  auto_vec<wmm_omp_heap_ref> heap;
  auto_vec<std::pair<unsigned, unsigned> > regions;
  auto_vec<std::pair<tree, tree> > apart;
  wmm_omp_heap_fields (c.serial, c.blocks, &fields, &unknown, &apart);
  /* Every reference to a global array: in the teams' code only a[i] of
     one partitioned counter; outside it only in serial code; no address
     taken.  The same for the team's accesses to a heap array. */
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg || node->alias)
        continue;
      c.in_team = c.team.contains (node);
      c.in_outlined = c.outlined.contains (node);
      if (c.in_team || !c.serial.contains (node))
        wmm_with_dominators (fn, [&] () {
          wmm_each_stmt (fn, [&] (gimple *s) {
            walk_stmt_load_store_addr_ops (s, &c, note_load, note_store,
                                           NULL);
          });
          return true;
        });
      tree *block = data_args->get (node->decl);
      if (c.in_outlined && !fields.is_empty ())
        {
          unsigned from = heap.length ();
          wmm_with_dominators (fn, [&] () {
            wmm_omp_heap_refs (fn, block && *block, c.ivs, fields, &heap,
                               &bad_fields);
            return true;
          });
          regions.safe_push (std::make_pair (from, heap.length ()));
        }
      end_region (&c);
    }
  heap_private (fields, unknown, bad_fields, apart, heap, regions);
  hash_set<tree> taken;
  wmm_addresses_taken (&taken);
  bool statics_only = c.foreign;
  /* may code other than the teams' reach array a (its address, another
     unit, the linker, volatile)? */
  auto reachable = [&] (tree a) {
    return taken.contains (a) || (TREE_PUBLIC (a) && statics_only)
           || DECL_EXTERNAL (a) || DECL_SECTION_NAME (a)
           || TREE_THIS_VOLATILE (a) || DECL_PRESERVE_P (a);
  };
  for (auto entry : c.refs)
    {
      tree a = entry.first;
      if (c.bad.contains (a) || reachable (a))
        continue;
      if (!private_refs)
        private_refs = new hash_set<tree>;
      for (tree r : entry.second)
        private_refs->add (r);
    }
  /* Arrays written through one partitioned counter only: each element
     has the one writer whose block holds it (reads may be anything). */
  for (auto entry : c.write_iv)
    {
      tree a = entry.first;
      /* (a whole row `a[i]` and an element `a[E][j]` may meet) */
      if (!entry.second || c.bad_writes.contains (a) || reachable (a)
          || (c.element_writes.contains (a) && c.row_writes.contains (a)))
        continue;
      if (!one_writer)
        one_writer = new hash_set<tree>;
      one_writer->add (a);
    }
}

int
wmm_omp_mark_one_writer (wmm_unitinfo *u)
{
  if (!one_writer || !u->prog)
    return 0;
  int n = wmm_mark_one_writer (u, *one_writer);
  if (n)
    wmm_note (u, "%d locations of arrays whose every element one thread of "
              "an OpenMP team writes (a[i], i the counter of a worksharing "
              "loop): two threads' writes never meet there", n);
  return n;
}

bool
wmm_omp_private_ref (tree ref)
{
  return private_refs && private_refs->contains (ref);
}

tree
wmm_omp_data_argument (tree ssa)
{
  tree var = data_args && SSA_NAME_IS_DEFAULT_DEF (ssa)
             ? SSA_NAME_VAR (ssa) : NULL_TREE;
  if (!var || TREE_CODE (var) != PARM_DECL)
    return NULL_TREE;
  tree fn = DECL_CONTEXT (var);
  cgraph_node *node = cgraph_node::get (fn);
  tree *d = data_args->get (fn);
  /* The block is the first parameter; nothing but the start calls it. */
  return d && *d && DECL_ARGUMENTS (fn) == var && node && !node->callers
         ? *d : NULL_TREE;
}

int
wmm_omp_team_of (tree fndecl, int *nteams)
{
  int *k = team_index && team_count ? team_index->get (fndecl) : NULL;
  *nteams = team_index && !team_index->is_empty () ? team_count : 0;
  return k && *nteams ? *k : -1;
}

bool
wmm_omp_task_block (tree ssa)
{
  tree var = TREE_CODE (ssa) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (ssa)
             ? SSA_NAME_VAR (ssa) : NULL_TREE;
  if (!var || TREE_CODE (var) != PARM_DECL)
    return false;
  tree fn = DECL_CONTEXT (var);
  cgraph_node *node = cgraph_node::get (fn);
  if (!node || DECL_ARGUMENTS (fn) != var || node->callers || node->alias
      || TREE_PUBLIC (fn))
    return false;
  /* every reference: the task function of a GOMP_task call */
  bool any = false;
  ipa_ref *ref;
  for (unsigned i = 0; node->iterate_referring (i, ref); i++)
    {
      gimple *s = ref->stmt;
      const char *n = s && is_gimple_call (s) ? wmm_callee_name (s) : NULL;
      if (n && !strncmp (n, "__builtin_", 10))
        n += 10;
      if (ref->use != IPA_REF_ADDR || !n || strcmp (n, "GOMP_task")
          || gimple_call_num_args (s) < 2
          || TREE_CODE (gimple_call_arg (s, 0)) != ADDR_EXPR
          || TREE_OPERAND (gimple_call_arg (s, 0), 0) != fn)
        return false;
      for (unsigned k = 1; k < gimple_call_num_args (s); k++)
        if (wmm_mentions (gimple_call_arg (s, k), fn))
          return false;
      any = true;
    }
  return any;
}
