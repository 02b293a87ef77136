/* pubelems.cc — a fresh heap array published one element at a time: the
 * creator's accesses to the element of an iteration come before that
 * element's publication, whatever earlier iterations published.
 *
 * publish.cc takes an access to a fresh object out of the analysis when
 * no publication of the object reaches it.  A task array filled and
 * handed over element by element (`t = calloc (n, sizeof *t); for (j = 0;
 * j < n; j++) { t[j].in = j; submit (&t[j]); }`) fails that test: the
 * submit of iteration j reaches the store of iteration j + 1 round the
 * loop.  But it published another element: the pointer `&t[j]` is the
 * array's root plus j times the element's size, j the loop's counter
 * grows on every way round (and a signed counter cannot wrap), so every
 * later iteration's `&t[j]` points at a later element.  The access is
 * before every publication of its own element when
 *
 *   - it dereferences `root + j * S` and the point publishes the same
 *     element (a call's argument, a store's value), root defined outside
 *     the loop and j the loop header's counter, growing by a positive
 *     constant from every latch, of a signed type, as wide as a pointer
 *     or kept by the header's test far enough from wrapping; or the pointer is itself the counter (`for (t = tasks; t <
 *     end; t++)`), S its step;
 *   - its bytes lie inside [0, S) of that name;
 *   - no path from the point reaches the access, or the loop's header
 *     from outside the loop, without going round the loop's back edge or
 *     running the allocation again; and no path from the header comes
 *     back to it but round the back edge (no enclosing cycle restarts j).
 *
 * An array of the frame of a function that runs once (main's `struct task
 * tasks[N]`, publish.cc find_local_arrays) counts as the heap array does:
 * its direct accesses `tasks[j].f` and `&tasks[j]` name round j's element.
 *
 * Another thread must then not reach other elements through the pointer
 * it got: publish.cc checks that every pointer loaded from a slot is only
 * dereferenced inside S bytes (wmm_reader_within, private.cc).
 *
 * Example:  for (j = 0; j < n; j++) { t[j].in = j; submit (&t[j]); }
 *   the store of t[j].in is before t[j]'s publication: Power 2 syncs in
 *   the worker that reads `t->in` after `take ()` go away.
 */
#include "plugin.h"
#include "handles.h"

namespace {

/* Is block b inside loop (a block the loop tree has not seen yet is
 * not)?  (cfun: the loop's function.) */
bool
inside (class loop *loop, basic_block b)
{
  return b->loop_father && flow_bb_inside_loop_p (loop, b);
}

/* Is e an edge back into header from inside loop? */
bool
back_edge (class loop *loop, edge e)
{
  return e->dest == loop->header && inside (loop, e->src);
}

/* Does a path from just after `from` (or from the start of block `start`
 * when from is NULL) that takes no back edge of loop and does not run
 * `avoid` reach `to` or the start of the loop's header? */
bool
reaches_in_round (class loop *loop, gimple *from, basic_block start,
                  gimple *to, gimple *avoid)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  basic_block b = from ? gimple_bb (from) : start;
  gimple_stmt_iterator gsi = from ? gsi_for_stmt (from) : gsi_start_bb (b);
  if (from)
    gsi_next (&gsi);
  for (;;)
    {
      bool stop = false;
      for (; !gsi_end_p (gsi) && !stop; gsi_next (&gsi))
        {
          if (gsi_stmt (gsi) == to)
            return true;
          stop = gsi_stmt (gsi) == avoid;
        }
      if (!stop)
        {
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, b->succs)
            {
              if (back_edge (loop, e))
                continue;
              if (e->dest == loop->header)
                return true;   /* entered again from outside */
              if (bitmap_set_bit (seen, e->dest->index))
                work.safe_push (e->dest);
            }
        }
      if (work.is_empty ())
        return false;
      b = work.pop ();
      gsi = gsi_start_bb (b);
    }
}

/* The largest value counter v takes inside its loop, when the header's
 * test (handles.cc wmm_loop_iv: `v < C`, `v <= C`) bounds it by a
 * constant; NULL otherwise. */
tree
header_limit (class loop *loop, tree v)
{
  wmm_iv_range r;
  if (!wmm_loop_iv (loop, v, &r) || r.ne || TREE_CODE (r.bound) != INTEGER_CST)
    return NULL_TREE;
  /* idx < bound + adj: at most bound + adj - 1 */
  widest_int most = wi::to_widest (r.bound) + r.adj - 1;
  return wi::fits_to_tree_p (most, TREE_TYPE (v))
         ? wide_int_to_tree (TREE_TYPE (v), most) : NULL_TREE;
}

/* Is v the counter of its loop's header (a PHI there) that every back
 * edge gives v + C, C > 0, and that cannot wrap: an integer of a signed
 * type or as wide as a pointer, a narrower unsigned one the header's test
 * keeps at most a limit L with L + C representable, or a pointer (it
 * stays in its object)?
 * *loop: that loop; *step: C (0 when the back edges disagree). */
bool
growing_counter (tree v, class loop **loop, HOST_WIDE_INT *step)
{
  gphi *phi = TREE_CODE (v) == SSA_NAME
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (v)) : NULL;
  tree type = TREE_TYPE (v);
  if (!phi || !(POINTER_TYPE_P (type) || INTEGRAL_TYPE_P (type)))
    return false;
  class loop *l = gimple_bb (phi)->loop_father;
  if (!l || l->header != gimple_bb (phi) || !loop_outer (l))
    return false;
  tree limit = INTEGRAL_TYPE_P (type) && !TYPE_OVERFLOW_UNDEFINED (type)
               && TYPE_PRECISION (type) < POINTER_SIZE
               ? header_limit (l, v) : NULL_TREE;
  *step = -1;
  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
    {
      if (!back_edge (l, gimple_phi_arg_edge (phi, k)))
        continue;
      tree next = gimple_phi_arg_def (phi, k);
      gassign *g = TREE_CODE (next) == SSA_NAME
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (next)) : NULL;
      tree c = g ? gimple_assign_rhs2 (g) : NULL_TREE;
      if (!g || gimple_assign_rhs_code (g) != (POINTER_TYPE_P (type)
                                                ? POINTER_PLUS_EXPR : PLUS_EXPR)
          || gimple_assign_rhs1 (g) != v || TREE_CODE (c) != INTEGER_CST
          || !tree_fits_shwi_p (c) || tree_to_shwi (c) <= 0)
        return false;
      *step = *step < 0 || *step == tree_to_shwi (c) ? tree_to_shwi (c) : 0;
      /* a narrow unsigned counter: limit + C must not wrap */
      if (INTEGRAL_TYPE_P (type) && !TYPE_OVERFLOW_UNDEFINED (type)
          && TYPE_PRECISION (type) < POINTER_SIZE
          && (!limit || wi::ltu_p (wi::sub (wi::max_value (type),
                                            wi::to_wide (c)),
                                   wi::to_wide (limit))))
        return false;
    }
  *loop = l;
  return *step >= 0;
}

/* Is ref `A[i]` of a declared array A (lower bound 0, elements of a
 * constant size: *stride bytes), with *index = i? */
bool
declared_element (tree ref, tree *decl, tree *index, HOST_WIDE_INT *stride)
{
  if (TREE_CODE (ref) != ARRAY_REF || !VAR_P (TREE_OPERAND (ref, 0))
      || !integer_zerop (array_ref_low_bound (ref))
      || !tree_fits_shwi_p (TYPE_SIZE_UNIT (TREE_TYPE (ref)))
      || TREE_CODE (TREE_OPERAND (ref, 1)) != SSA_NAME)
    return false;
  *decl = TREE_OPERAND (ref, 0);
  *index = TREE_OPERAND (ref, 1);
  *stride = tree_to_shwi (TYPE_SIZE_UNIT (TREE_TYPE (ref)));
  return *stride > 0;
}

/* The bytes [*lo, *hi) of its element that reference `ref`, members of
 * `A[i]` (`A[i].f.g`), touches, with the element's decl, index and
 * stride; false for any other shape. */
bool
declared_member (tree ref, tree *decl, tree *index, HOST_WIDE_INT *stride,
                 HOST_WIDE_INT *lo, HOST_WIDE_INT *hi)
{
  tree size = TYPE_SIZE (TREE_TYPE (ref));
  if (!size || !tree_fits_shwi_p (size))
    return false;
  HOST_WIDE_INT bits = 0;
  tree r = ref;
  for (; TREE_CODE (r) == COMPONENT_REF; r = TREE_OPERAND (r, 0))
    {
      tree f = TREE_OPERAND (r, 1);
      if (TREE_OPERAND (r, 2) || !tree_fits_shwi_p (bit_position (f)))
        return false;
      bits += int_bit_position (f);
    }
  if (!declared_element (r, decl, index, stride))
    return false;
  *lo = bits / BITS_PER_UNIT;
  *hi = (bits + tree_to_shwi (size) + BITS_PER_UNIT - 1) / BITS_PER_UNIT;
  return true;
}

/* The element of this round that pointer q points at: `root + j * S`
 * (*key = root, *index = j, a growing counter), `&A[j]` of a declared
 * array (*key = A) or a pointer counter itself (`t++`: *key = t, *index
 * = NULL, S its step), with *loop the counter's loop; false when q is
 * none of those. */
bool
element_of (tree q, tree *key, tree *index, HOST_WIDE_INT *stride,
            class loop **loop)
{
  HOST_WIDE_INT bytes, step;
  gassign *def = TREE_CODE (q) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (q)
                 ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (q)) : NULL;
  if (def && gimple_assign_rhs_code (def) == ADDR_EXPR)
    return declared_element (TREE_OPERAND (gimple_assign_rhs1 (def), 0), key,
                             index, stride)
           && growing_counter (*index, loop, &step);
  tree p = TREE_CODE (q) == SSA_NAME ? wmm_pointer_root (q, &bytes) : NULL;
  if (p && !bytes && growing_counter (p, loop, &step) && step > 0)
    {
      *key = p;
      *index = NULL_TREE;
      *stride = step;
      return true;
    }
  return TREE_CODE (q) == SSA_NAME && wmm_heap_element (q, key, index, stride)
         && growing_counter (*index, loop, &step)
         && !inside (*loop, gimple_bb (SSA_NAME_DEF_STMT (*key)));
}

/* The bytes [*lo, *hi) that reference `ref` touches of the object its
 * MEM_REF base points at; false when they are not constant. */
bool
ref_bytes (tree ref, HOST_WIDE_INT *lo, HOST_WIDE_INT *hi)
{
  poly_int64 pos, size, most;
  bool reverse;
  tree b = get_ref_base_and_extent (ref, &pos, &size, &most, &reverse);
  HOST_WIDE_INT p, s;
  if (!b || TREE_CODE (b) != MEM_REF || !tree_fits_shwi_p (TREE_OPERAND (b, 1))
      || !pos.is_constant (&p) || !most.is_constant (&s) || s <= 0)
    return false;
  *lo = tree_to_shwi (TREE_OPERAND (b, 1)) + p / BITS_PER_UNIT;
  *hi = tree_to_shwi (TREE_OPERAND (b, 1))
        + (p + s + BITS_PER_UNIT - 1) / BITS_PER_UNIT;
  return true;
}

/* Does point (a statement that may let a pointer out: a call given it, a
 * store of it) publish the element (key, index, stride) of element_of,
 * through a name of its own (the pass runs before GCC merges `&t[j]`
 * computed twice)? */
bool
publishes_element (gimple *point, tree key, tree index, HOST_WIDE_INT stride)
{
  auto same = [&] (tree q) {
    tree k, i;
    HOST_WIDE_INT s;
    class loop *l;
    return element_of (q, &k, &i, &s, &l) && k == key && i == index
           && s == stride;
  };
  if (gcall *call = dyn_cast<gcall *> (point))
    {
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
        if (same (gimple_call_arg (call, i)))
          return true;
      return false;
    }
  return gimple_assign_single_p (point) && same (gimple_assign_rhs1 (point));
}

} // namespace

/* wmm_element_apart with cfun set to the function, as the loop tree's
 * queries need. */
static HOST_WIDE_INT
element_apart (function *fn, gimple *point, const wmm_site &site,
               tree name, gimple *avoid)
{
  if (!fn || !loops_for_fn (fn) || loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP)
      || site.summary || site.operand < 0 || !site.stmt
      || !is_gimple_assign (site.stmt))
    return 0;
  /* both in fn */
  for (gimple *g : { point, site.stmt })
    {
      basic_block b = gimple_bb (g);
      if (!b || b->index >= last_basic_block_for_fn (fn)
          || BASIC_BLOCK_FOR_FN (fn, b->index) != b)
        return 0;
    }
  tree key, index;
  HOST_WIDE_INT stride, lo, hi;
  class loop *loop;
  tree ref = gimple_op (site.stmt, site.operand == 0 ? 0 : 1);
  tree base = ref ? get_base_address (ref) : NULL_TREE;
  HOST_WIDE_INT step;
  /* `A[j].f` of a declared array, or `p->f` with p an element pointer */
  bool direct = base && VAR_P (base) && !name;
  if (direct
      ? !declared_member (ref, &key, &index, &stride, &lo, &hi)
        || key != base || !growing_counter (index, &loop, &step)
      : !base || TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != name
        || !ref_bytes (ref, &lo, &hi)
        || !element_of (name, &key, &index, &stride, &loop))
    return 0;
  if (lo < 0 || hi > stride || !publishes_element (point, key, index, stride)
      || !inside (loop, gimple_bb (point))
      || !inside (loop, gimple_bb (site.stmt)))
    return 0;
  if (reaches_in_round (loop, point, NULL, site.stmt, avoid)
      || reaches_in_round (loop, NULL, loop->header, NULL, avoid))
    return 0;
  return stride;
}

HOST_WIDE_INT
wmm_element_apart (function *fn, gimple *point, const wmm_site &site,
                   tree name, gimple *avoid)
{
  if (!fn)
    return 0;
  push_cfun (fn);
  HOST_WIDE_INT s = element_apart (fn, point, site, name, avoid);
  pop_cfun ();
  return s;
}
