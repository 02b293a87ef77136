/* handles.cc — where a thread's handle (its pthread_t / thrd_t) lives, and
 * proofs that a loop of joins joins every thread a loop of creates started.
 *
 * Example: `for (i = 0; i < 4; i++) pthread_create (&t[i], 0, w, 0);`
 *   -> handle {DECL t, variable offset, index i_5}, loop range [0, 4);
 *   `for (j = 0; j <= 3; j++) pthread_join (t[j], 0);` -> handle {DECL t,
 *   index j_6}, range [0, 4), the join runs in every iteration: every
 *   thread of the create loop is joined when the join loop exits.
 *   `pthread_create (&job->tid, ...)` -> {PTR job_7, offset of tid}.
 * Used by region.cc (docs/plugin.md, "Thread entries and instances").
 */
#include "plugin.h"
#include "handles.h"

/* The value an SSA name copies (through plain copies), or itself. */
static tree
copy_root (tree v)
{
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
        break;
      tree rhs = gimple_assign_rhs1 (def);
      if (gimple_assign_cast_p (def)
          && !(POINTER_TYPE_P (TREE_TYPE (v))
               && POINTER_TYPE_P (TREE_TYPE (rhs))))
        break;
      if (TREE_CODE (rhs) != SSA_NAME && TREE_CODE (rhs) != INTEGER_CST)
        break;
      v = rhs;
    }
  return v;
}

/* A local variable or parameter read as a value (-O0 keeps them in
 * memory): its address is never taken, so only its own stores change it. */
static bool
plain_local (tree decl)
{
  return (TREE_CODE (decl) == VAR_DECL || TREE_CODE (decl) == PARM_DECL)
         && !is_global_var (decl) && !TREE_ADDRESSABLE (decl);
}

tree
wmm_pointer_root (tree p, HOST_WIDE_INT *bytes)
{
  *bytes = 0;
  for (int depth = 0; depth < 8 && p && TREE_CODE (p) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (p); depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (p);
      if (!is_gimple_assign (def))
        break;
      tree rhs = gimple_assign_rhs1 (def);
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code == POINTER_PLUS_EXPR
          && tree_fits_shwi_p (gimple_assign_rhs2 (def)))
        *bytes += tree_to_shwi (gimple_assign_rhs2 (def));
      else if (code == VAR_DECL || code == PARM_DECL)
        return plain_local (rhs) ? rhs : p;   /* -O0: the variable */
      else if (!(gimple_assign_single_p (def) || gimple_assign_cast_p (def))
               || TREE_CODE (rhs) != SSA_NAME)
        break;
      p = rhs;
    }
  return p;
}

/* The one array index of `ref` that is an SSA name, when every other
 * part of the reference is constant; NULL otherwise. */
static tree
variable_index (tree ref)
{
  tree index = NULL_TREE;
  for (tree r = ref; handled_component_p (r); r = TREE_OPERAND (r, 0))
    {
      if (TREE_CODE (r) == ARRAY_REF)
        {
          tree i = TREE_OPERAND (r, 1);
          if (TREE_CODE (i) == SSA_NAME && !index)
            index = i;
          else if (TREE_CODE (i) != INTEGER_CST)
            return NULL_TREE;
          if (TREE_OPERAND (r, 2) || TREE_OPERAND (r, 3))
            return NULL_TREE;
        }
      else if (TREE_CODE (r) == COMPONENT_REF && TREE_OPERAND (r, 2))
        return NULL_TREE;
    }
  return index;
}

bool
wmm_handle_of_ref (tree ref, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree base = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
                                   &unsignedp, &reversep, &volatilep);
  if (!base || !bitpos.is_constant ())
    return false;
  HOST_WIDE_INT off = bitpos.to_constant ();
  if (TREE_CODE (base) == MEM_REF)
    {
      tree ptr = TREE_OPERAND (base, 0);
      if (!tree_fits_shwi_p (TREE_OPERAND (base, 1)))
        return false;
      off += tree_to_shwi (TREE_OPERAND (base, 1)) * BITS_PER_UNIT;
      if (TREE_CODE (ptr) == ADDR_EXPR && DECL_P (TREE_OPERAND (ptr, 0)))
        {
          h->kind = WMM_H_DECL;
          h->base = TREE_OPERAND (ptr, 0);
        }
      else if (TREE_CODE (ptr) == SSA_NAME)
        {
          HOST_WIDE_INT bytes;
          h->kind = WMM_H_PTR;
          h->base = wmm_pointer_root (ptr, &bytes);
          off += bytes * BITS_PER_UNIT;
        }
      else
        return false;
    }
  else if (DECL_P (base) && TREE_CODE (base) != FUNCTION_DECL)
    {
      h->kind = WMM_H_DECL;
      h->base = base;
    }
  else
    return false;
  h->size = bitsize.is_constant () ? bitsize.to_constant () : -1;
  h->ref = ref;
  h->off = offset ? -1 : off;
  if (offset)
    h->index = variable_index (ref);
  return true;
}

bool
wmm_handle_of_addr (tree addr, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  if (!addr)
    return false;
  if (TREE_CODE (addr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (addr))
    {
      gimple *def = SSA_NAME_DEF_STMT (addr);
      if (gimple_assign_single_p (def)
          && TREE_CODE (gimple_assign_rhs1 (def)) == ADDR_EXPR)
        addr = gimple_assign_rhs1 (def);
    }
  if (TREE_CODE (addr) == ADDR_EXPR)
    return wmm_handle_of_ref (TREE_OPERAND (addr, 0), h);
  if (TREE_CODE (addr) != SSA_NAME)
    return false;
  HOST_WIDE_INT bytes;
  h->kind = WMM_H_PTR;
  h->base = wmm_pointer_root (addr, &bytes);
  h->off = bytes * BITS_PER_UNIT;
  h->size = -1;
  return true;
}

bool
wmm_handle_of_value (tree v, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  if (!v || TREE_CODE (v) != SSA_NAME)
    return false;
  v = copy_root (v);
  if (TREE_CODE (v) != SSA_NAME)
    return false;
  if (!SSA_NAME_IS_DEFAULT_DEF (v))
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (gimple_assign_load_p (def))
        return wmm_handle_of_ref (gimple_assign_rhs1 (def), h);
    }
  h->kind = WMM_H_VALUE;
  h->base = v;
  h->size = -1;
  return true;
}

bool
wmm_same_handle (const wmm_handle *a, const wmm_handle *b)
{
  return a->kind != WMM_H_NONE && a->kind == b->kind && a->base == b->base
         && a->off >= 0 && a->off == b->off;
}

bool
wmm_handles_overlap (const wmm_handle *a, const wmm_handle *b)
{
  if (a->kind == WMM_H_NONE || a->kind != b->kind || a->base != b->base)
    return false;
  if (a->off < 0 || b->off < 0)
    return true;
  HOST_WIDE_INT sa = a->size > 0 ? a->size : 64, sb = b->size > 0 ? b->size : 64;
  return a->off < b->off + sb && b->off < a->off + sa;
}

/* Do references a (index ia) and b (index ib) name the same element
 * when ia == ib? */
static bool
same_shape (tree a, tree ia, tree b, tree ib)
{
  if (TREE_CODE (a) != TREE_CODE (b))
    return false;
  switch (TREE_CODE (a))
    {
    case ARRAY_REF:
      {
        tree xa = TREE_OPERAND (a, 1), xb = TREE_OPERAND (b, 1);
        bool same_index = (xa == ia && xb == ib)
                          || (TREE_CODE (xa) == INTEGER_CST
                              && TREE_CODE (xb) == INTEGER_CST
                              && tree_int_cst_equal (xa, xb));
        return same_index && same_shape (TREE_OPERAND (a, 0), ia,
                                         TREE_OPERAND (b, 0), ib);
      }
    case COMPONENT_REF:
      return TREE_OPERAND (a, 1) == TREE_OPERAND (b, 1)
             && same_shape (TREE_OPERAND (a, 0), ia, TREE_OPERAND (b, 0), ib);
    case VAR_DECL:
    case PARM_DECL:
      return a == b;
    case MEM_REF:
      {
        HOST_WIDE_INT oa, ob;
        tree ra = TREE_CODE (TREE_OPERAND (a, 0)) == SSA_NAME
                  ? wmm_pointer_root (TREE_OPERAND (a, 0), &oa) : NULL_TREE;
        tree rb = TREE_CODE (TREE_OPERAND (b, 0)) == SSA_NAME
                  ? wmm_pointer_root (TREE_OPERAND (b, 0), &ob) : NULL_TREE;
        if (ra)
          return ra == rb && oa == ob
                 && tree_int_cst_equal (TREE_OPERAND (a, 1),
                                        TREE_OPERAND (b, 1));
        return operand_equal_p (a, b, 0);
      }
    default:
      return operand_equal_p (a, b, 0);
    }
}

/* ------------------------------------------------------------ loop ranges */

/* The loop's induction variable `idx`: PHI in the header, a constant from
 * outside, idx + 1 from inside; the header's test keeps the loop running
 * while idx < limit.  false when it is not that shape. */
static bool
loop_iv (class loop *loop, tree idx, wmm_iv_range *r)
{
  memset (r, 0, sizeof *r);
  if (!loop || !loop_outer (loop) || TREE_CODE (idx) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (idx) || !INTEGRAL_TYPE_P (TREE_TYPE (idx)))
    return false;
  gphi *phi = dyn_cast<gphi *> (SSA_NAME_DEF_STMT (idx));
  if (!phi || gimple_bb (phi) != loop->header)
    return false;
  bool have_init = false;
  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
    {
      edge e = gimple_phi_arg_edge (phi, k);
      tree arg = gimple_phi_arg_def (phi, k);
      if (flow_bb_inside_loop_p (loop, e->src))
        {
          if (TREE_CODE (arg) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (arg))
            return false;
          gimple *def = SSA_NAME_DEF_STMT (arg);
          if (!is_gimple_assign (def)
              || gimple_assign_rhs_code (def) != PLUS_EXPR
              || gimple_assign_rhs1 (def) != idx
              || !integer_onep (gimple_assign_rhs2 (def)))
            return false;
          continue;
        }
      arg = copy_root (arg);
      if (TREE_CODE (arg) != INTEGER_CST || !tree_fits_shwi_p (arg))
        return false;
      HOST_WIDE_INT init = tree_to_shwi (arg);
      if (have_init && init != r->init)
        return false;
      r->init = init;
      have_init = true;
    }
  if (!have_init)
    return false;
  gcond *cond = dyn_cast<gcond *> (last_stmt (loop->header));
  if (!cond)
    return false;
  edge t, f;
  extract_true_false_edges_from_block (loop->header, &t, &f);
  bool t_in = flow_bb_inside_loop_p (loop, t->dest);
  bool f_in = flow_bb_inside_loop_p (loop, f->dest);
  if (t_in == f_in)
    return false;
  enum tree_code code = gimple_cond_code (cond);
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  if (!t_in)
    code = invert_tree_comparison (code, false);
  if (rhs == idx && lhs != idx)
    {
      std::swap (lhs, rhs);
      code = swap_tree_comparison (code);
    }
  if (lhs != idx)
    return false;
  tree bound = copy_root (rhs);
  if (TREE_CODE (bound) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (bound)
      && flow_bb_inside_loop_p (loop, gimple_bb (SSA_NAME_DEF_STMT (bound))))
    return false;
  if (TREE_CODE (bound) != SSA_NAME && TREE_CODE (bound) != INTEGER_CST)
    return false;
  switch (code)
    {
    case LT_EXPR: r->adj = 0; break;
    case LE_EXPR: r->adj = 1; break;
    case NE_EXPR: r->adj = 0; r->ne = true; break;
    default: return false;
    }
  r->bound = bound;
  r->phi = idx;
  r->stay = t_in ? t->dest : f->dest;
  return true;
}

/* Is `bb` on a cycle of `loop` that does not pass through its header (an
 * inner loop, irreducible or not)? */
static bool
on_inner_cycle (class loop *loop, basic_block bb)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    work.safe_push (e->dest);
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      if (b == bb)
        return true;
      if (b == loop->header || !flow_bb_inside_loop_p (loop, b)
          || !bitmap_set_bit (seen, b->index))
        continue;
      FOR_EACH_EDGE (e, ei, b->succs)
        work.safe_push (e->dest);
    }
  return false;
}

bool
wmm_create_loop (gimple *create, const wmm_handle *h, wmm_iv_range *r)
{
  basic_block bb = gimple_bb (create);
  if (!h->index || !bb->loop_father)
    return false;
  class loop *loop = bb->loop_father;
  if (!loop_iv (loop, h->index, r) || on_inner_cycle (loop, bb))
    return false;
  /* The create runs only while the test holds for the current index. */
  if (!dominated_by_p (CDI_DOMINATORS, bb, r->stay))
    return false;
  r->loop = loop;
  return true;
}

bool
wmm_join_loop (gimple *join, const wmm_handle *h, wmm_iv_range *r)
{
  basic_block bb = gimple_bb (join);
  if (!h->index || !bb->loop_father)
    return false;
  class loop *loop = bb->loop_father;
  if (!loop_iv (loop, h->index, r) || !loop->latch)
    return false;
  /* The loop leaves only through its test, and every iteration joins. */
  for (edge e : get_loop_exit_edges (loop))
    if (e->src != loop->header)
      return false;
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, bb))
    return false;
  r->loop = loop;
  return true;
}

bool
wmm_joins_every (const wmm_handle *ch, const wmm_iv_range *c,
                 const wmm_handle *jh, const wmm_iv_range *j)
{
  if (ch->kind != jh->kind || ch->base != jh->base
      || !same_shape (ch->ref, ch->index, jh->ref, jh->index)
      || !types_compatible_p (TREE_TYPE (c->phi), TREE_TYPE (j->phi)))
    return false;
  if (j->init > c->init)
    return false;
  if (TREE_CODE (c->bound) == INTEGER_CST && TREE_CODE (j->bound) == INTEGER_CST)
    {
      if (!tree_fits_shwi_p (c->bound) || !tree_fits_shwi_p (j->bound))
        return false;
      HOST_WIDE_INT cb = tree_to_shwi (c->bound), jb = tree_to_shwi (j->bound);
      /* `!=` counts up to the bound only from below it. */
      if ((c->ne && c->init > cb) || (j->ne && j->init > jb))
        return false;
      return cb + c->adj <= jb + j->adj;
    }
  if (c->bound != j->bound)
    return false;
  if (c->ne || j->ne)
    return c->ne && j->ne && c->init == j->init;
  return c->adj <= j->adj;
}
