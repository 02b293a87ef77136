/* ompheap.cc — heap arrays an OpenMP team shares out by its loop counter:
 * which fields of a parallel region's data block carry only fresh heap
 * objects, and which of the team's accesses through them touch only the
 * element of the running iteration (omp.cc decides what is private).
 *
 * Example:
 *   float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
 *   saxpy (n, 2.0f, x, y);             (static, or main calls nothing unseen)
 *   void saxpy (int n, float a, const float *x, float *y) {
 *   #pragma omp parallel for
 *     for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }
 * GCC stores x and y into the block (`.omp_data_o.1.y = y`) and the
 * outlined function loads them back (`y_8 = .omp_data_i->y`) and indexes
 * `*(y_8 + (sizetype) i * 4)`.  The fields x and y carry only the results
 * of the two mallocs, which reach nothing else: every access of the team
 * to those objects is the element of its own iteration.
 *
 * A field is followed when every value stored into it, back through
 * copies, PHIs and the parameters of functions that only serial code
 * calls, is the result of a malloc-like call (ECF_MALLOC) in serial code
 * or the address of a serial function's local array, and each such
 * object's pointer reaches memory only by stores into data blocks
 * (private.cc's webs: everything else keeps it in this thread).  The
 * team may only dereference what it loads from the field, at any offset;
 * each access is recorded with its shape: iteration k's own bytes
 * (`v + k * E`, `v + (k * n + j) * E` with 0 <= j < n, `(*v)[k]`, k a
 * partitioned counter), or bits [lo, hi) of some element of E bytes
 * (`v + x * E`, a column).  Anything else makes the field's objects
 * unknown.  Two fields stored once in one block whose values never name
 * one object at once (two allocations, a double buffer's swapped PHIs)
 * are apart.  omp.cc judges each region's accesses per object.
 */
#include "plugin.h"

namespace {

/* Is v's every value the result of a malloc-like call of serial code (or
 * null), through copies, conversions, PHIs and the parameters of serial
 * functions?  The results go to *roots. */
bool
value_roots (tree v, hash_set<cgraph_node *> &serial,
             hash_set<tree> *seen, vec<tree> *roots, int depth)
{
  if (integer_zerop (v))
    return true;
  if (TREE_CODE (v) == ADDR_EXPR && VAR_P (TREE_OPERAND (v, 0)))
    {
      roots->safe_push (TREE_OPERAND (v, 0));
      return true;
    }
  if (TREE_CODE (v) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (v))
      || depth > 8)
    return false;
  if (seen->add (v))
    return true;
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    {
      tree parm = SSA_NAME_VAR (v);
      if (!parm || TREE_CODE (parm) != PARM_DECL)
        return false;
      cgraph_node *node = cgraph_node::get (DECL_CONTEXT (parm));
      int k = wmm_param_index (DECL_CONTEXT (parm), parm);
      if (!node || k < 0 || !serial.contains (node))
        return false;
      bool ok = true;
      wmm_each_caller (node, [&] (cgraph_edge *e) {
        ok = ok && e->call_stmt
             && (unsigned) k < gimple_call_num_args (e->call_stmt)
             && value_roots (gimple_call_arg (e->call_stmt, k), serial, seen,
                             roots, depth + 1);
      });
      return ok;
    }
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
        if (!value_roots (gimple_phi_arg_def (phi, i), serial, seen, roots,
                          depth + 1))
          return false;
      return true;
    }
  if (is_gimple_call (def))
    {
      if (!(gimple_call_flags (def) & ECF_MALLOC))
        return false;
      roots->safe_push (v);
      return true;
    }
  gassign *g = dyn_cast<gassign *> (def);
  return g && (gimple_assign_rhs_code (g) == SSA_NAME
               || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
         && value_roots (gimple_assign_rhs1 (g), serial, seen, roots,
                         depth + 1);
}

/* v without its copies and pointer conversions. */
tree
copied_from (tree v)
{
  for (int steps = 0; steps < 8 && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); steps++)
    {
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
      if (!g || !(gimple_assign_rhs_code (g) == SSA_NAME
                  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))))
        break;
      v = gimple_assign_rhs1 (g);
    }
  return v;
}

/* Do pointers a and b never hold one object at once: results of two
 * malloc-like calls, addresses of two locals, or two PHIs of one block
 * whose arguments on each edge are such a pair, the PHIs themselves, or
 * the PHIs swapped (`t = u; u = v; v = t;` double buffering)? */
bool
apart_values (tree a, tree b, int depth = 0)
{
  a = copied_from (a);
  b = copied_from (b);
  if (a == b || depth > 4)
    return false;
  if (TREE_CODE (a) == ADDR_EXPR && TREE_CODE (b) == ADDR_EXPR)
    return VAR_P (TREE_OPERAND (a, 0)) && VAR_P (TREE_OPERAND (b, 0))
           && TREE_OPERAND (a, 0) != TREE_OPERAND (b, 0);
  if (TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (a) || SSA_NAME_IS_DEFAULT_DEF (b))
    return false;
  gimple *da = SSA_NAME_DEF_STMT (a), *db = SSA_NAME_DEF_STMT (b);
  if (is_gimple_call (da) && is_gimple_call (db))
    return (gimple_call_flags (da) & ECF_MALLOC)
           && (gimple_call_flags (db) & ECF_MALLOC);
  gphi *pa = dyn_cast<gphi *> (da), *pb = dyn_cast<gphi *> (db);
  if (!pa || !pb || gimple_bb (pa) != gimple_bb (pb))
    return false;
  for (unsigned i = 0; i < gimple_phi_num_args (pa); i++)
    {
      edge e = gimple_phi_arg_edge (pa, i);
      tree x = copied_from (gimple_phi_arg_def (pa, i));
      tree y = copied_from (PHI_ARG_DEF_FROM_EDGE (pb, e));
      if (!((x == a && y == b) || (x == b && y == a)
            || apart_values (x, y, depth + 1)))
        return false;
    }
  return true;
}

/* The field of data block `blocks` that store s writes (`D.F = v`), or
 * NULL. */
tree
block_field (gimple *s, hash_set<tree> &blocks)
{
  tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s) : NULL_TREE;
  if (!lhs || TREE_CODE (lhs) != COMPONENT_REF
      || !blocks.contains (TREE_OPERAND (lhs, 0)))
    return NULL_TREE;
  return TREE_OPERAND (lhs, 1);
}

/* Is v a constant >= 0, or a name set to one? */
bool
nonnegative_constant (tree v)
{
  if (TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v))
    if (gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)))
      if (gimple_assign_rhs_code (g) == INTEGER_CST)
        v = gimple_assign_rhs1 (g);
  return TREE_CODE (v) == INTEGER_CST && tree_fits_shwi_p (v)
         && tree_to_shwi (v) >= 0;
}

/* The bound edge e (into a block) puts on j: `j < B` holds along it,
 * for B a name (*bound) or a constant (*cbound); false when it says
 * nothing of that shape. */
bool
edge_bound (edge e, tree j, tree *bound, HOST_WIDE_INT *cbound)
{
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (e->src));
  if (!c || !(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
    return false;
  enum tree_code code = gimple_cond_code (c);
  tree l = gimple_cond_lhs (c), r = gimple_cond_rhs (c);
  if (e->flags & EDGE_FALSE_VALUE)
    code = invert_tree_comparison (code, false);
  /* as `j CODE other` */
  if (r == j && l != j)
    {
      code = swap_tree_comparison (code);
      std::swap (l, r);
    }
  if (l != j)
    return false;
  if (code == LT_EXPR)
    {
      if (TREE_CODE (r) == INTEGER_CST && tree_fits_shwi_p (r))
        *cbound = tree_to_shwi (r);
      else
        *bound = r;
      return true;
    }
  if (code == LE_EXPR && TREE_CODE (r) == INTEGER_CST && tree_fits_shwi_p (r)
      && tree_to_shwi (r) < HOST_WIDE_INT_MAX)
    {
      *cbound = tree_to_shwi (r) + 1;
      return true;
    }
  return false;
}

} // namespace

bool
wmm_index_within (tree ref, gimple *stmt)
{
  tree j = TREE_OPERAND (ref, 1);
  tree low = array_ref_low_bound (ref), up = array_ref_up_bound (ref);
  if (TREE_OPERAND (ref, 2) || TREE_OPERAND (ref, 3) || !low || !up
      || !integer_zerop (low) || TREE_CODE (up) != INTEGER_CST
      || !tree_fits_shwi_p (up))
    return false;
  if (TREE_CODE (j) == INTEGER_CST)
    return tree_int_cst_sgn (j) >= 0 && tree_int_cst_le (j, up);
  tree b;
  HOST_WIDE_INT cb;
  return wmm_counter_below (j, stmt, &b, &cb) && !b
         && cb <= tree_to_shwi (up) + 1;
}

tree
wmm_indexed_ref (tree ref, gimple *stmt)
{
  while (TREE_CODE (ref) == COMPONENT_REF
         || (TREE_CODE (ref) == ARRAY_REF
             && (TREE_CODE (TREE_OPERAND (ref, 0)) == ARRAY_REF
                 || TREE_CODE (TREE_OPERAND (ref, 0)) == COMPONENT_REF)))
    {
      if (TREE_CODE (ref) == ARRAY_REF && !wmm_index_within (ref, stmt))
        return NULL_TREE;
      ref = TREE_OPERAND (ref, 0);
    }
  return TREE_CODE (ref) == ARRAY_REF && !TREE_OPERAND (ref, 2)
         && !TREE_OPERAND (ref, 3) ? ref : NULL_TREE;
}

bool
wmm_counter_below (tree j, gimple *at, tree *bound, HOST_WIDE_INT *cbound)
{
  *bound = NULL_TREE;
  *cbound = -1;
  gphi *phi = TREE_CODE (j) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (j)
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (j)) : NULL;
  if (!phi || gimple_phi_num_args (phi) != 2 || !gimple_bb (at))
    return false;
  bool init = false, step = false;
  for (unsigned k = 0; k < 2; k++)
    {
      tree a = gimple_phi_arg_def (phi, k);
      gassign *g = TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (a)) : NULL;
      if (nonnegative_constant (a))
        init = true;
      else if (g && gimple_assign_rhs_code (g) == PLUS_EXPR
               && gimple_assign_rhs1 (g) == j
               && TREE_CODE (gimple_assign_rhs2 (g)) == INTEGER_CST
               && tree_int_cst_sgn (gimple_assign_rhs2 (g)) > 0)
        step = true;
    }
  if (!init || !step)
    return false;
  /* a test `j < B` on the edge into a block that dominates `at`: j is
     not redefined between (every path from its PHI to `at` passes the
     edge) */
  for (basic_block b = gimple_bb (at); b;
       b = get_immediate_dominator (CDI_DOMINATORS, b))
    if (single_pred_p (b) && edge_bound (single_pred_edge (b), j, bound,
                                         cbound))
      return true;
  return false;
}

namespace {

/* Is name b at most name n: n itself, or n - C for a constant C >= 0
 * (`b = n + -1`)?  (b < n is tested in n's type, where n - C cannot wrap
 * below a j >= 0 that passed the test.) */
bool
at_most (tree b, tree n)
{
  if (b == n)
    return true;
  gassign *g = TREE_CODE (b) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (b)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (b)) : NULL;
  if (!g || gimple_assign_rhs1 (g) != n
      || TREE_CODE (gimple_assign_rhs2 (g)) != INTEGER_CST
      || TYPE_UNSIGNED (TREE_TYPE (n)))
    return false;
  int sgn = tree_int_cst_sgn (gimple_assign_rhs2 (g));
  return (gimple_assign_rhs_code (g) == PLUS_EXPR && sgn <= 0)
         || (gimple_assign_rhs_code (g) == MINUS_EXPR && sgn >= 0);
}

/* Is ref `(*p)[k]` (or a member of it: a field, an element of an inner
 * array within its bounds) with k a widening of a partitioned counter
 * (*iv), the elements *elem bytes apart? */
bool
array_element (tree ref, tree p, gimple *stmt, hash_set<tree> &ivs,
               tree *iv, HOST_WIDE_INT *elem)
{
  ref = wmm_indexed_ref (ref, stmt);
  if (!ref || TREE_CODE (TREE_OPERAND (ref, 0)) != MEM_REF)
    return false;
  tree mem = TREE_OPERAND (ref, 0), low = array_ref_low_bound (ref);
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  tree k = TREE_OPERAND (ref, 1);
  if (TREE_OPERAND (mem, 0) != p || !integer_zerop (TREE_OPERAND (mem, 1))
      || !low || !integer_zerop (low) || !size || !tree_fits_shwi_p (size)
      || tree_to_shwi (size) <= 0 || TREE_CODE (k) != SSA_NAME
      || !ivs.contains (wmm_widened_from (k, NULL)))
    return false;
  *iv = wmm_widened_from (k, NULL);
  *elem = tree_to_shwi (size);
  return true;
}

/* The multiplicand x of an offset `x * E` (E a positive constant, in
 * *stride), or off itself with *stride 1. */
tree
strip_stride (tree off, HOST_WIDE_INT *stride)
{
  gassign *g = TREE_CODE (off) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (off)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off)) : NULL;
  *stride = 1;
  if (g && gimple_assign_rhs_code (g) == MULT_EXPR
      && TREE_CODE (gimple_assign_rhs2 (g)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (g))
      && tree_to_shwi (gimple_assign_rhs2 (g)) > 0)
    {
      *stride = tree_to_shwi (gimple_assign_rhs2 (g));
      return gimple_assign_rhs1 (g);
    }
  return off;
}

/* The shape of a byte offset `off` from a block field's pointer: k * E
 * or (k * n + j) * E, k a widening of a partitioned counter (*iv), E a
 * positive constant (1 without a product), j an inner counter within
 * [0, n) at `at` (*rows = n; NULL for the first shape).  The bytes
 * [k * R, k * R + R) (R = E, or n * E) are then iteration k's. */
bool
row_offset (tree off, gimple *at, hash_set<tree> &ivs, tree *iv,
            tree *rows, HOST_WIDE_INT *elem)
{
  *rows = NULL_TREE;
  off = strip_stride (off, elem);
  if (TREE_CODE (off) != SSA_NAME)
    return false;
  tree k = wmm_widened_from (off, NULL);
  if (ivs.contains (k))
    {
      *iv = k;
      return true;
    }
  /* k * n + j, either way round */
  gassign *sum = !SSA_NAME_IS_DEFAULT_DEF (k)
                 ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (k)) : NULL;
  if (!sum || gimple_assign_rhs_code (sum) != PLUS_EXPR)
    return false;
  for (unsigned w = 0; w < 2; w++)
    {
      tree prod = w ? gimple_assign_rhs2 (sum) : gimple_assign_rhs1 (sum);
      tree j = w ? gimple_assign_rhs1 (sum) : gimple_assign_rhs2 (sum);
      gassign *m = TREE_CODE (prod) == SSA_NAME
                   && !SSA_NAME_IS_DEFAULT_DEF (prod)
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (prod)) : NULL;
      if (!m || gimple_assign_rhs_code (m) != MULT_EXPR)
        continue;
      for (unsigned x = 0; x < 2; x++)
        {
          tree c = x ? gimple_assign_rhs2 (m) : gimple_assign_rhs1 (m);
          tree n = x ? gimple_assign_rhs1 (m) : gimple_assign_rhs2 (m);
          tree b;
          HOST_WIDE_INT cb;
          if (TREE_CODE (c) != SSA_NAME
              || !ivs.contains (wmm_widened_from (c, NULL))
              || !wmm_counter_below (j, at, &b, &cb))
            continue;
          /* j < n: the same name (or n less a constant), or constants
             with cb <= n */
          if ((b && at_most (b, n))
              || (!b && TREE_CODE (n) == INTEGER_CST && tree_fits_shwi_p (n)
                  && cb <= tree_to_shwi (n)))
            {
              *iv = wmm_widened_from (c, NULL);
              *rows = n;
              return true;
            }
        }
    }
  return false;
}

/* The bits [*lo, *hi) memory reference ref touches from p, when it
 * addresses p only as its base pointer at constant offsets. */
bool
ref_range (tree ref, tree p, HOST_WIDE_INT *lo, HOST_WIDE_INT *hi)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  int volatilep;
  tree base = wmm_inner_ref (ref, &bitsize, &bitpos, &offset, &volatilep);
  HOST_WIDE_INT pos, size;
  if (!base || TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != p
      || offset || volatilep || !bitpos.is_constant (&pos)
      || !bitsize.is_constant (&size) || size <= 0
      || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
    return false;
  *lo = pos + tree_to_shwi (TREE_OPERAND (base, 1)) * BITS_PER_UNIT;
  *hi = *lo + size;
  return true;
}

/* Does memory reference ref address p only as its base pointer, within
 * bytes [0, elem) of it (elem < 0: anywhere)? */
bool
within_element (tree ref, tree p, HOST_WIDE_INT elem)
{
  tree base = get_base_address (ref);
  if (!base || TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != p)
    return false;
  if (elem < 0)
    {
      /* (p named only as the base) */
      poly_int64 bitsize, bitpos;
      tree offset;
      wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
      return !(offset && wmm_mentions (offset, p));
    }
  HOST_WIDE_INT lo, hi;
  return ref_range (ref, p, &lo, &hi) && lo >= 0
         && hi <= elem * BITS_PER_UNIT;
}

/* Record the dereferences of name p (derived from the pointer the team
 * loaded from `field`): iteration elements when `shaped` (p = v + a row
 * offset: *iv, *rows, elem), other loads and stores else; false when p
 * is used otherwise (stored, passed to a call, merged). */
bool
follow_pointer (tree p, tree field, bool shaped, tree iv, tree rows,
                HOST_WIDE_INT elem, hash_set<tree> &ivs,
                vec<wmm_omp_heap_ref> *refs, int depth)
{
  if (depth > 4)
    return false;
  return wmm_each_use (p, [&] (gimple *a) {
    if (gimple_code (a) == GIMPLE_COND)
      return true;
    gassign *g = dyn_cast<gassign *> (a);
    if (!g)
      return false;
    enum tree_code code = gimple_assign_rhs_code (g);
    tree lhs = gimple_assign_lhs (g), rhs = gimple_assign_rhs1 (g);
    if (TREE_CODE_CLASS (code) == tcc_comparison
        || code == POINTER_DIFF_EXPR)
      return true;
    if (code == POINTER_PLUS_EXPR && rhs == p && TREE_CODE (lhs) == SSA_NAME
        && !wmm_mentions (gimple_assign_rhs2 (g), p))
      {
        /* v + offset: shaped when it is the first step from v (else
           the stride of its elements: `b[j].x`) */
        tree k = NULL_TREE, r = NULL_TREE;
        HOST_WIDE_INT e = 0;
        bool s = depth == 0
                 && row_offset (gimple_assign_rhs2 (g), g, ivs, &k, &r, &e);
        if (depth == 0 && !s)
          strip_stride (gimple_assign_rhs2 (g), &e);
        if (!follow_pointer (lhs, field, s, k, r, e, ivs, refs, depth + 1))
          return false;
        return true;
      }
    if ((code == SSA_NAME || CONVERT_EXPR_CODE_P (code)) && rhs == p
        && TREE_CODE (lhs) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (lhs)))
      {
        if (!follow_pointer (lhs, field, shaped, iv, rows, elem, ivs, refs,
                             depth + 1))
          return false;
        return true;
      }
    if (!gimple_assign_single_p (g))
      return false;
    bool in_lhs = within_element (lhs, p, -1);
    bool in_rhs = within_element (rhs, p, -1);
    /* p itself stored, or named elsewhere in the statement */
    if (rhs == p || (!in_lhs && !in_rhs)
        || (in_lhs && !in_rhs && wmm_mentions (rhs, p))
        || (in_rhs && !in_lhs && wmm_mentions (lhs, p)))
      return false;
    /* a row of p = v + offset, or the element (*v)[k] */
    auto push = [&] (tree ref, bool store) {
      tree k = iv;
      HOST_WIDE_INT e = elem, lo = 0, hi = 0;
      bool sh = shaped ? within_element (ref, p, elem)
                : depth == 0 && array_element (ref, p, a, ivs, &k, &e);
      /* the bits of its element it touches (elements of e bytes from
         v, p = v + x * e) */
      bool col = depth == 1 && (shaped ? !rows : true) && e > 0
                 && ref_range (ref, p, &lo, &hi) && lo >= 0
                 && hi <= e * BITS_PER_UNIT;
      refs->safe_push ({ ref, a, k, field, shaped ? rows : NULL_TREE, e,
                         store, sh, col, lo, hi });
    };
    if (in_lhs)
      push (lhs, true);
    if (in_rhs)
      push (rhs, false);
    return true;
  });
}

/* Walk callback: the address of variable *data in a statement. */
bool
note_address_of (gimple *, tree base, tree, void *data)
{
  auto *d = (std::pair<tree, bool> *) data;
  d->second |= base == d->first;
  return false;
}

/* The locals of serial function node (body fn) whose address goes only
 * into data blocks as `D.F = &var` (to *out; the fields to
 * *root_fields). */
void
local_roots (cgraph_node *node, function *fn, hash_set<tree> &blocks,
             hash_map<tree, auto_vec<tree> > *root_fields, vec<tree> *out)
{
  hash_map<tree, auto_vec<tree> > fs;
  hash_set<tree> bad;
  auto taken = [&] (gimple *s, tree var) {
    std::pair<tree, bool> d (var, false);
    walk_stmt_load_store_addr_ops (s, &d, NULL, NULL, note_address_of);
    return d.second;
  };
  wmm_each_stmt (fn, [&] (gimple *s) {
    tree f = block_field (s, blocks);
    tree rhs = f ? gimple_assign_rhs1 (s) : NULL_TREE;
    if (f && TREE_CODE (rhs) == ADDR_EXPR && VAR_P (TREE_OPERAND (rhs, 0))
        && !is_global_var (TREE_OPERAND (rhs, 0))
        && !TREE_THIS_VOLATILE (TREE_OPERAND (rhs, 0))
        && DECL_CONTEXT (TREE_OPERAND (rhs, 0)) == node->decl)
      {
        auto_vec<tree> &v = fs.get_or_insert (TREE_OPERAND (rhs, 0));
        if (!v.contains (f))
          v.safe_push (f);
      }
  });
  if (fs.is_empty ())
    return;
  /* every other address of them: not followed */
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      for (gphi_iterator g = gsi_start_phis (bb); !gsi_end_p (g); gsi_next (&g))
        for (auto entry : fs)
          if (taken (g.phi (), entry.first))
            bad.add (entry.first);
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
           gsi_next (&g))
        {
          gimple *s = gsi_stmt (g);
          if (is_gimple_debug (s))
            continue;
          tree f = block_field (s, blocks);
          tree rhs = f ? gimple_assign_rhs1 (s) : NULL_TREE;
          for (auto entry : fs)
            if (taken (s, entry.first)
                && !(rhs && TREE_CODE (rhs) == ADDR_EXPR
                     && TREE_OPERAND (rhs, 0) == entry.first))
              bad.add (entry.first);
        }
    }
  for (auto entry : fs)
    if (!bad.contains (entry.first))
      {
        out->safe_push (entry.first);
        root_fields->get_or_insert (entry.first).safe_splice (entry.second);
      }
}

/* The field F of `d->F` (d the block's pointer), or NULL. */
tree
block_member (tree t, tree d)
{
  return TREE_CODE (t) == COMPONENT_REF
         && TREE_CODE (TREE_OPERAND (t, 0)) == MEM_REF
         && TREE_OPERAND (TREE_OPERAND (t, 0), 0) == d
         && integer_zerop (TREE_OPERAND (TREE_OPERAND (t, 0), 1))
         ? TREE_OPERAND (t, 1) : NULL_TREE;
}

/* Is the address `a` (of one field of the block: a reduction's
 * variable) only the object of atomic operations, through copies? */
bool
atomics_only (tree a, int depth = 0)
{
  if (TREE_CODE (a) != SSA_NAME || depth > 4)
    return false;
  return wmm_each_use (a, [&] (gimple *u) {
    if (gassign *g = dyn_cast<gassign *> (u))
      return (gimple_assign_rhs_code (g) == SSA_NAME
              || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
             && atomics_only (gimple_assign_lhs (g), depth + 1);
    gcall *call = dyn_cast<gcall *> (u);
    const char *n = call && !gimple_call_internal_p (call)
                    ? wmm_callee_name (call) : NULL;
    bool atomic = call && (gimple_call_internal_p (call)
                           ? gimple_call_internal_fn (call)
                             == IFN_ATOMIC_COMPARE_EXCHANGE
                           : n && (!strncmp (n, "__atomic_", 9)
                                   || !strncmp (n, "__sync_", 7)));
    if (!atomic || gimple_call_num_args (call) == 0
        || gimple_call_arg (call, 0) != a)
      return false;
    for (unsigned i = 1; i < gimple_call_num_args (call); i++)
      if (gimple_call_arg (call, i) == a)
        return false;
    return true;
  });
}

} // namespace

void
wmm_omp_heap_fields (hash_set<cgraph_node *> &serial,
                     hash_set<tree> &blocks,
                     hash_map<tree, auto_vec<tree> > *fields,
                     hash_set<tree> *unknown,
                     vec<std::pair<tree, tree> > *apart)
{
  /* The allocations of serial code whose pointer reaches memory only by
     stores into data blocks, and the fields each is stored into. */
  hash_set<tree> tracked;
  hash_map<tree, auto_vec<tree> > root_fields;
  for (cgraph_node *node : serial)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree lhs = is_gimple_call (s) ? gimple_call_lhs (s) : NULL_TREE;
        if (!lhs || TREE_CODE (lhs) != SSA_NAME
            || !(gimple_call_flags (s) & ECF_MALLOC))
          return;
        auto_vec<gimple *> stores;
        if (!wmm_web_stores (lhs, node->decl, &stores))
          return;
        auto_vec<tree> fs;
        for (gimple *st : stores)
          {
            tree f = block_field (st, blocks);
            if (!f)
              return;
            if (!fs.contains (f))
              fs.safe_push (f);
          }
        tracked.add (lhs);
        root_fields.get_or_insert (lhs).safe_splice (fs);
      });
      /* serial code's local arrays handed over by address (`sum` of a
         `shared (sum)` region) */
      auto_vec<tree> locals;
      local_roots (node, fn, blocks, &root_fields, &locals);
      for (tree var : locals)
        tracked.add (var);
    }
  /* Every store into a block field: its values must be tracked
     allocations, else the field may hold anything. */
  for (cgraph_node *node : serial)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree f = block_field (s, blocks);
        if (!f || !POINTER_TYPE_P (TREE_TYPE (f)))
          return;
        hash_set<tree> seen;
        auto_vec<tree> roots;
        bool known = value_roots (gimple_assign_rhs1 (s), serial, &seen,
                                  &roots, 0);
        for (tree r : roots)
          known = known && tracked.contains (r);
        if (!known)
          unknown->add (f);
      });
    }
  for (auto entry : root_fields)
    for (tree f : entry.second)
      {
        auto_vec<tree> &rs = fields->get_or_insert (f);
        if (!rs.contains (entry.first))
          rs.safe_push (entry.first);
      }
  /* Fields each stored once, in one block, with values never one object
     at once: at every start they hold two objects. */
  hash_map<tree, gimple *> store_of;
  hash_set<tree> twice;
  for (cgraph_node *node : serial)
    if (function *fn = wmm_analysable_body (node))
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree f = block_field (s, blocks);
        if (f && store_of.put (f, s))
          twice.add (f);
      });
  for (auto x : store_of)
    for (auto y : store_of)
      if (DECL_UID (x.first) < DECL_UID (y.first) && !twice.contains (x.first)
          && !twice.contains (y.first)
          && gimple_bb (x.second) == gimple_bb (y.second)
          && gimple_assign_lhs (x.second) && gimple_assign_lhs (y.second)
          && TREE_OPERAND (gimple_assign_lhs (x.second), 0)
             == TREE_OPERAND (gimple_assign_lhs (y.second), 0)
          && apart_values (gimple_assign_rhs1 (x.second),
                           gimple_assign_rhs1 (y.second)))
        apart->safe_push (std::make_pair (x.first, y.first));
}

void
wmm_omp_heap_refs (function *fn, bool one_start, hash_set<tree> &ivs,
                   hash_map<tree, auto_vec<tree> > &fields,
                   vec<wmm_omp_heap_ref> *refs, hash_set<tree> *bad)
{
  tree parm = DECL_ARGUMENTS (fn->decl);
  tree d = parm ? ssa_default_def (fn, parm) : NULL_TREE;
  /* the fields of this function's block */
  tree record = parm && POINTER_TYPE_P (TREE_TYPE (parm))
                ? TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (parm))) : NULL_TREE;
  auto all_bad = [&] () {
    for (auto entry : fields)
      if (!record || DECL_CONTEXT (entry.first) == record)
        bad->add (entry.first);
  };
  if (!one_start)
    {
      all_bad ();
      return;
    }
  if (!d)
    return;
  wmm_each_use (d, [&] (gimple *s) {
    tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                          : NULL_TREE;
    tree rhs = lhs ? gimple_assign_rhs1 (s) : NULL_TREE;
    /* `&.omp_data_i->s` of a reduction, for its atomic update */
    tree af = rhs && TREE_CODE (rhs) == ADDR_EXPR
              ? block_member (TREE_OPERAND (rhs, 0), d) : NULL_TREE;
    if (af && TREE_CODE (lhs) == SSA_NAME && atomics_only (lhs))
      {
        bad->add (af);
        return true;
      }
    /* `v = .omp_data_i->F` (a load) or `.omp_data_i->F = w` */
    tree ref = lhs && TREE_CODE (lhs) == COMPONENT_REF ? lhs : rhs;
    tree f = ref ? block_member (ref, d) : NULL_TREE;
    if (!f || (ref == rhs && TREE_CODE (lhs) != SSA_NAME))
      {
        /* anything else the block's pointer does may read or write
           any field */
        all_bad ();
        return false;
      }
    if (ref == lhs)
      {
        bad->add (f);   /* the team stores into the field */
        return true;
      }
    if (!fields.get (f))
      return true;
    if (!follow_pointer (lhs, f, false, NULL_TREE, NULL_TREE, 0, ivs,
                         refs, 0))
      bad->add (f);
    return true;
  });
}
