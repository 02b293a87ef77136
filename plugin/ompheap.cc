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
 * calls, is the result of a malloc-like call (ECF_MALLOC) in serial code,
 * and each such object's pointer reaches memory only by stores into data
 * blocks (private.cc's webs: everything else keeps it in this thread).
 * The team's use of a loaded field must be `v + k * S` (k a widening of
 * a counter, S a constant) dereferenced only within [0, S) bytes;
 * anything else makes the field's objects unknown.
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

/* Is the counter offset `off` k * S (S a positive constant, or 1 without
 * a product) with k a widening of a counter of ivs?  *iv, *scale. */
bool
scaled_counter (tree off, hash_set<tree> &ivs, tree *iv,
                HOST_WIDE_INT *scale)
{
  *scale = 1;
  gassign *g = TREE_CODE (off) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (off)
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off)) : NULL;
  if (g && gimple_assign_rhs_code (g) == MULT_EXPR
      && TREE_CODE (gimple_assign_rhs2 (g)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (g))
      && tree_to_shwi (gimple_assign_rhs2 (g)) > 0)
    {
      *scale = tree_to_shwi (gimple_assign_rhs2 (g));
      off = gimple_assign_rhs1 (g);
    }
  if (TREE_CODE (off) != SSA_NAME)
    return false;
  *iv = wmm_widened_from (off, NULL);
  return ivs.contains (*iv);
}

/* Does memory reference ref address p only as its base pointer, within
 * bytes [0, scale) of it? */
bool
within_element (tree ref, tree p, HOST_WIDE_INT scale)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree base = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
                                   &unsignedp, &reversep, &volatilep);
  HOST_WIDE_INT pos, size;
  if (!base || TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != p
      || offset || volatilep || !bitpos.is_constant (&pos)
      || !bitsize.is_constant (&size) || size <= 0
      || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
    return false;
  pos += tree_to_shwi (TREE_OPERAND (base, 1)) * BITS_PER_UNIT;
  return pos >= 0 && pos + size <= scale * BITS_PER_UNIT;
}

/* Record the accesses through `p = v + k * S` (use u of v); false when p
 * is used otherwise. */
bool
element_accesses (gimple *u, tree v, tree field, hash_set<tree> &ivs,
                  vec<wmm_omp_heap_ref> *refs)
{
  gassign *g = dyn_cast<gassign *> (u);
  tree iv;
  HOST_WIDE_INT scale;
  if (!g || gimple_assign_rhs_code (g) != POINTER_PLUS_EXPR
      || gimple_assign_rhs1 (g) != v
      || !scaled_counter (gimple_assign_rhs2 (g), ivs, &iv, &scale))
    return false;
  tree p = gimple_assign_lhs (g);
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, p)
    {
      gimple *a = USE_STMT (use);
      if (is_gimple_debug (a))
        continue;
      if (!gimple_assign_single_p (a))
        return false;
      tree lhs = gimple_assign_lhs (a), rhs = gimple_assign_rhs1 (a);
      bool in_lhs = within_element (lhs, p, scale);
      bool in_rhs = within_element (rhs, p, scale);
      /* p itself stored, or named elsewhere in the statement */
      if (rhs == p || (!in_lhs && !in_rhs)
          || (in_lhs && !in_rhs && wmm_mentions (rhs, p))
          || (in_rhs && !in_lhs && wmm_mentions (lhs, p)))
        return false;
      if (in_lhs)
        refs->safe_push ({ lhs, a, iv, field, scale, true });
      if (in_rhs)
        refs->safe_push ({ rhs, a, iv, field, scale, false });
    }
  return true;
}

/* Is the address `a` (of one field of the block: a reduction's
 * variable) only the object of atomic operations, through copies? */
bool
atomics_only (tree a, int depth = 0)
{
  if (TREE_CODE (a) != SSA_NAME || depth > 4)
    return false;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, a)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u))
        continue;
      if (gassign *g = dyn_cast<gassign *> (u))
        {
          if ((gimple_assign_rhs_code (g) == SSA_NAME
               || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
              && atomics_only (gimple_assign_lhs (g), depth + 1))
            continue;
          return false;
        }
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
    }
  return true;
}

} // namespace

void
wmm_omp_heap_fields (hash_set<cgraph_node *> &serial,
                     hash_set<tree> &blocks,
                     hash_map<tree, auto_vec<tree> > *fields,
                     hash_set<tree> *unknown)
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
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, d)
    {
      gimple *s = USE_STMT (use);
      if (is_gimple_debug (s))
        continue;
      tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                            : NULL_TREE;
      tree rhs = lhs ? gimple_assign_rhs1 (s) : NULL_TREE;
      /* `v = .omp_data_i->F` (a load) or `.omp_data_i->F = w` */
      tree ref = lhs && TREE_CODE (lhs) == COMPONENT_REF ? lhs : rhs;
      tree f = ref && TREE_CODE (ref) == COMPONENT_REF
               && TREE_CODE (TREE_OPERAND (ref, 0)) == MEM_REF
               && TREE_OPERAND (TREE_OPERAND (ref, 0), 0) == d
               && integer_zerop (TREE_OPERAND (TREE_OPERAND (ref, 0), 1))
               ? TREE_OPERAND (ref, 1) : NULL_TREE;
      /* `&.omp_data_i->s` of a reduction, for its atomic update */
      if (f && ref == rhs && TREE_CODE (lhs) == SSA_NAME
          && TREE_CODE (rhs) == ADDR_EXPR)
        f = NULL_TREE;
      if (rhs && TREE_CODE (rhs) == ADDR_EXPR && TREE_CODE (lhs) == SSA_NAME
          && TREE_CODE (TREE_OPERAND (rhs, 0)) == COMPONENT_REF
          && TREE_CODE (TREE_OPERAND (TREE_OPERAND (rhs, 0), 0)) == MEM_REF
          && TREE_OPERAND (TREE_OPERAND (TREE_OPERAND (rhs, 0), 0), 0) == d
          && atomics_only (lhs))
        {
          bad->add (TREE_OPERAND (TREE_OPERAND (rhs, 0), 1));
          continue;
        }
      if (!f || (ref == rhs && TREE_CODE (lhs) != SSA_NAME))
        {
          /* anything else the block's pointer does may read or write
             any field */
          all_bad ();
          return;
        }
      if (ref == lhs)
        {
          bad->add (f);   /* the team stores into the field */
          continue;
        }
      if (!fields.get (f))
        continue;
      imm_use_iterator vit;
      use_operand_p vuse;
      FOR_EACH_IMM_USE_FAST (vuse, vit, lhs)
        {
          gimple *u = USE_STMT (vuse);
          if (!is_gimple_debug (u)
              && !element_accesses (u, lhs, f, ivs, refs))
            bad->add (f);
        }
    }
}
