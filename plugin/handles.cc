/* handles.cc — where a thread's handle (its pthread_t / thrd_t) lives, and
 * proofs that a loop of joins joins every thread a loop of creates started.
 *
 * Example: `for (i = 0; i < 4; i++) pthread_create (&t[i], 0, w, 0);`
 *   -> handle {DECL t, variable offset, index i_5}, loop range [0, 4);
 *   `for (j = 0; j <= 3; j++) pthread_join (t[j], 0);` -> handle {DECL t,
 *   index j_6}, range [0, 4), the join runs in every iteration: every
 *   thread of the create loop is joined when the join loop exits.
 *   `pthread_create (&job->tid, ...)` -> {PTR job_7, offset of tid}.
 *   `pthread_create (&t[i], ...)` with `t = malloc (n * sizeof *t)` ->
 *   {PTR t_3, heap element, index i_5, stride 64}.
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

/* A std::array<std::thread, N>'s one member, `_M_elems` (the C array),
 * when t is that class; else NULL. */
tree
wmm_std_array_elems (tree t)
{
  tree n = t && TREE_CODE (t) == RECORD_TYPE ? wmm_record_tag (t) : NULL_TREE;
  if (!n || strcmp (IDENTIFIER_POINTER (n), "array"))
    return NULL_TREE;
  tree f = NULL_TREE;
  for (tree x = TYPE_FIELDS (t); x; x = DECL_CHAIN (x))
    if (TREE_CODE (x) == FIELD_DECL)
      {
        if (f)
          return NULL_TREE;   /* (more than one data member) */
        f = x;
      }
  if (!f || !DECL_NAME (f)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), "_M_elems")
      || TREE_CODE (TREE_TYPE (f)) != ARRAY_TYPE
      || !integer_zerop (DECL_FIELD_OFFSET (f)))
    return NULL_TREE;
  return f;
}

/* The address a call of std::array's `operator[] (i)` (`begin ()`, `end
 * ()`: with offset 0, N) on a variable returns, as `&v._M_elems[i]` (a
 * `begin ()` / `end ()` as &v plus 0 or the array's size, through
 * *bytes); else NULL.  The members are libstdc++'s inline code, which
 * returns exactly that. */
static tree
std_array_address (tree v, HOST_WIDE_INT *bytes)
{
  gcall *c = v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
             ? dyn_cast<gcall *> (SSA_NAME_DEF_STMT (v)) : NULL;
  const char *a = c ? wmm_callee_asm_name (c) : "";
  if (strncmp (a, "_ZNSt5arrayISt6thread", 21) || !gimple_call_num_args (c))
    return NULL_TREE;
  tree obj = gimple_call_arg (c, 0);
  /* (a range-for's `__for_range = &ts`) */
  for (int k = 0; k < 4 && TREE_CODE (obj) == SSA_NAME
                  && !SSA_NAME_IS_DEFAULT_DEF (obj)
                  && gimple_assign_single_p (SSA_NAME_DEF_STMT (obj)); k++)
    obj = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (obj));
  if (TREE_CODE (obj) != ADDR_EXPR || !VAR_P (TREE_OPERAND (obj, 0)))
    return NULL_TREE;
  tree var = TREE_OPERAND (obj, 0);
  tree f = wmm_std_array_elems (TREE_TYPE (var));
  size_t n = strlen (a);
  auto ends = [&] (const char *e) {
    size_t k = strlen (e);
    return n > k && !strcmp (a + n - k, e);
  };
  if (!f)
    return NULL_TREE;
  *bytes = 0;
  /* (size_t: unsigned long, or unsigned int on 32-bit targets) */
  if ((ends ("EixEm") || ends ("EixEj")) && gimple_call_num_args (c) == 2)
    {
      /* (the counter the size_t index widens: the same element for
         every index an array can have) */
      tree idx = wmm_widened_from (gimple_call_arg (c, 1));
      tree elems = build3 (COMPONENT_REF, TREE_TYPE (f), var, f, NULL_TREE);
      tree el = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (f)), elems, idx,
                        NULL_TREE, NULL_TREE);
      return build_fold_addr_expr (el);
    }
  if (ends ("E5beginEv") || ends ("E3endEv"))
    {
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (f));
      if (ends ("E3endEv"))
        {
          if (!size || !tree_fits_shwi_p (size))
            return NULL_TREE;
          *bytes = tree_to_shwi (size);
        }
      return obj;
    }
  return NULL_TREE;
}

/* `&v._M_elems[i]` when v holds the result of std::array's `operator[]
 * (i)` on a variable, else NULL. */
static tree
std_array_element (tree v)
{
  HOST_WIDE_INT off;
  tree el = std_array_address (v, &off);
  return el && TREE_CODE (TREE_OPERAND (el, 0)) == ARRAY_REF ? el : NULL_TREE;
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

bool
wmm_heap_element (tree q, tree *root, tree *index, HOST_WIDE_INT *stride)
{
  q = copy_root (q);
  if (!q || TREE_CODE (q) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (q))
    return false;
  gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (q));
  if (!g || gimple_assign_rhs_code (g) != POINTER_PLUS_EXPR
      || TREE_CODE (gimple_assign_rhs2 (g)) != SSA_NAME)
    return false;
  tree off = gimple_assign_rhs2 (g);
  HOST_WIDE_INT c = 1;
  gassign *m = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off));
  if (m && gimple_assign_rhs_code (m) == MULT_EXPR
      && TREE_CODE (gimple_assign_rhs2 (m)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (m)))
    {
      c = tree_to_shwi (gimple_assign_rhs2 (m));
      off = gimple_assign_rhs1 (m);
    }
  off = wmm_widened_from (off);
  HOST_WIDE_INT bytes;
  tree r = wmm_pointer_root (gimple_assign_rhs1 (g), &bytes);
  if (c <= 0 || bytes || TREE_CODE (off) != SSA_NAME
      || !INTEGRAL_TYPE_P (TREE_TYPE (off)) || TREE_CODE (r) != SSA_NAME)
    return false;
  *root = r;
  *index = off;
  *stride = c;
  return true;
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
wmm_field_bits (tree field, HOST_WIDE_INT *lo, HOST_WIDE_INT *hi)
{
  if (TREE_CODE (field) != FIELD_DECL || !DECL_SIZE (field)
      || !tree_fits_shwi_p (DECL_SIZE (field))
      || !tree_fits_shwi_p (bit_position (field)))
    return false;
  *lo = int_bit_position (field);
  *hi = *lo + tree_to_shwi (DECL_SIZE (field));
  return *lo >= 0 && *hi > *lo;
}

/* For `A[i].F` or `A[i]` (A a declared array, i variable): the element's
 * size and the bits the reference covers within it, in h. */
static void
element_member (tree ref, wmm_handle *h)
{
  tree field = NULL_TREE, elt = ref;
  if (TREE_CODE (ref) == COMPONENT_REF && !TREE_OPERAND (ref, 2))
    {
      field = TREE_OPERAND (ref, 1);
      elt = TREE_OPERAND (ref, 0);
    }
  if (TREE_CODE (elt) != ARRAY_REF || !DECL_P (TREE_OPERAND (elt, 0))
      || TREE_CODE (TREE_OPERAND (elt, 1)) != SSA_NAME)
    return;
  tree size = TYPE_SIZE (TREE_TYPE (elt));
  if (!size || !tree_fits_shwi_p (size) || tree_to_shwi (size) <= 0)
    return;
  HOST_WIDE_INT lo = 0, hi = tree_to_shwi (size);
  if ((field && !wmm_field_bits (field, &lo, &hi)) || hi > tree_to_shwi (size))
    return;
  h->stride = tree_to_shwi (size);
  h->in_lo = lo;
  h->in_hi = hi;
}

/* h: bits [lo, lo + size) of element idx of the heap array root points
 * to, whose elements are `bytes` long. */
static void
heap_handle (wmm_handle *h, tree root, tree idx, HOST_WIDE_INT bytes,
             HOST_WIDE_INT lo, HOST_WIDE_INT size)
{
  h->kind = WMM_H_PTR;
  h->heap = true;
  h->base = root;
  /* `_5 = p->threads` with the member written once: the array is the one
     member `threads` of *p points to, whichever load reads it */
  gimple *def = TREE_CODE (root) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (root)
                ? SSA_NAME_DEF_STMT (root) : NULL;
  tree ref = def && gimple_assign_load_p (def) ? gimple_assign_rhs1 (def)
                                               : NULL_TREE;
  if (ref && TREE_CODE (ref) == COMPONENT_REF && !TREE_OPERAND (ref, 2)
      && !TREE_THIS_VOLATILE (ref)
      && TREE_CODE (TREE_OPERAND (ref, 0)) == MEM_REF
      && integer_zerop (TREE_OPERAND (TREE_OPERAND (ref, 0), 1))
      && TREE_CODE (TREE_OPERAND (TREE_OPERAND (ref, 0), 0)) == SSA_NAME
      && POINTER_TYPE_P (TREE_TYPE (ref))
      && wmm_via_member_once (TREE_OPERAND (ref, 1)))
    {
      HOST_WIDE_INT off;
      tree obj = wmm_pointer_root (TREE_OPERAND (TREE_OPERAND (ref, 0), 0),
                                   &off);
      if (obj && TREE_CODE (obj) == SSA_NAME && off == 0)
        {
          h->base = obj;
          h->via = TREE_OPERAND (ref, 1);
        }
    }
  h->index = idx;
  h->off = -1;
  h->size = size;
  h->stride = bytes * BITS_PER_UNIT;
  h->in_lo = lo;
  h->in_hi = lo + size;
}

/* The bits of `base` the array that ref's variable index selects in
 * covers (`s.t[i]`: the member t of s), into h->arr_lo / arr_hi. */
static void
array_bits (tree ref, tree base, wmm_handle *h)
{
  tree arr = NULL_TREE;
  for (tree r = ref; handled_component_p (r); r = TREE_OPERAND (r, 0))
    if (TREE_CODE (r) == ARRAY_REF && TREE_CODE (TREE_OPERAND (r, 1)) == SSA_NAME)
      arr = TREE_OPERAND (r, 0);
  HOST_WIDE_INT pos, size;
  if (!arr || wmm_ref_bits (arr, &pos, &size) != base || pos < 0)
    return;
  h->arr_lo = pos;
  h->arr_hi = pos + size;
}

tree
wmm_ref_bits (tree ref, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
  if (!b || offset || !bitpos.is_constant (pos) || !bitsize.is_constant (size)
      || *size <= 0)
    return NULL_TREE;
  return b;
}

bool
wmm_handle_of_ref (tree ref, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  poly_int64 bitsize, bitpos;
  tree offset;
  tree base = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
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
          tree root, idx;
          if (!offset && wmm_heap_element (ptr, &root, &idx, &bytes)
              && bitsize.is_constant () && bitsize.to_constant () > 0
              && off >= 0
              && off + bitsize.to_constant () <= bytes * BITS_PER_UNIT)
            {
              /* P[i].F: its bits within the element */
              heap_handle (h, root, idx, bytes, off, bitsize.to_constant ());
              h->ref = ref;
              return true;
            }
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
    {
      h->index = variable_index (ref);
      element_member (ref, h);
      array_bits (ref, base, h);
    }
  return true;
}

tree
wmm_object_address (tree a)
{
  if (tree el = std_array_element (a))
    return el;
  for (int k = 0; k < 4 && a && TREE_CODE (a) == SSA_NAME
                  && !SSA_NAME_IS_DEFAULT_DEF (a)
                  && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)); k++)
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  return a;
}

/* (handles.h) */
tree
wmm_member_at (tree addr, tree field)
{
  tree a = wmm_object_address (addr);
  tree obj = NULL_TREE;
  if (a && TREE_CODE (a) == ADDR_EXPR)
    obj = TREE_OPERAND (a, 0);
  else if (a && TREE_CODE (a) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (a)))
    obj = build_simple_mem_ref (a);
  if (!obj || TYPE_MAIN_VARIANT (TREE_TYPE (obj))
              != TYPE_MAIN_VARIANT (DECL_CONTEXT (field)))
    return NULL_TREE;
  return build3 (COMPONENT_REF, TREE_TYPE (field), obj, field, NULL_TREE);
}

static void vector_handle (wmm_handle *h, tree vec);

bool
wmm_handle_of_addr (tree addr, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  if (!addr)
    return false;
  if (TREE_CODE (addr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (addr))
    {
      gimple *def = SSA_NAME_DEF_STMT (addr);
      if (tree el = std_array_element (addr))
        addr = el;
      else if (tree vec = wmm_thread_vector_element (addr))
        {
          /* `threads[i]` of a local std::vector<std::thread>: the
             vector's group (never one element's: no single join ends
             it, a loop over the whole vector does) */
          vector_handle (h, vec);
          return true;
        }
      else if (gimple_assign_single_p (def)
               && TREE_CODE (gimple_assign_rhs1 (def)) == ADDR_EXPR)
        addr = gimple_assign_rhs1 (def);
    }
  if (TREE_CODE (addr) == ADDR_EXPR)
    return wmm_handle_of_ref (TREE_OPERAND (addr, 0), h);
  if (TREE_CODE (addr) != SSA_NAME)
    return false;
  HOST_WIDE_INT bytes;
  tree root, idx;
  if (wmm_heap_element (addr, &root, &idx, &bytes))
    {
      /* &P[i]: the whole element */
      heap_handle (h, root, idx, bytes, 0, bytes * BITS_PER_UNIT);
      return true;
    }
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

/* Do a and b hold their handles the same way (both in place, or both
 * through pointers at one offset)? */
static bool
same_holding (const wmm_handle *a, const wmm_handle *b)
{
  return a->indirect == b->indirect
         && (!a->indirect || a->ind_off == b->ind_off);
}

bool
wmm_same_handle (const wmm_handle *a, const wmm_handle *b)
{
  return a->kind != WMM_H_NONE && a->kind == b->kind && a->base == b->base
         && a->off >= 0 && a->off == b->off && same_holding (a, b);
}

bool
wmm_handles_overlap (const wmm_handle *a, const wmm_handle *b)
{
  if (a->kind == WMM_H_NONE || a->kind != b->kind || a->base != b->base)
    return false;
  /* arrays two pointer members point to: may be one allocation; an array
     a member points to (a fresh allocation, wmm_via_member_once) and the
     object's own bits: apart */
  if (a->via != b->via)
    return a->via && b->via;
  if ((a->off < 0) != (b->off < 0))
    {
      /* some element of an array, and a fixed place of the object
         (`s.stop` beside the handles `s.t[i]`, `p->stop` beside
         `p->t[i]`): apart when the place is outside the array */
      const wmm_handle *arr = a->off < 0 ? a : b, *fix = a->off < 0 ? b : a;
      HOST_WIDE_INT fs = fix->size > 0 ? fix->size : 64;
      return !(arr->arr_hi > 0 && !arr->heap
               && (fix->kind == WMM_H_DECL || fix->kind == WMM_H_PTR)
               && (fix->off + fs <= arr->arr_lo || fix->off >= arr->arr_hi));
    }
  if (a->off < 0 || b->off < 0)
    /* members of some elements of one array: disjoint when the members
       are (each element laid out alike) */
    return !(a->off < 0 && b->off < 0 && a->stride > 0
             && a->stride == b->stride
             && (a->in_hi <= b->in_lo || b->in_hi <= a->in_lo));
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

bool
wmm_same_element (tree elem, tree ei, tree ref, tree ri)
{
  /* Strip the fields and constant elements ref selects inside the element. */
  for (tree r = ref; r; r = TREE_OPERAND (r, 0))
    {
      if (same_shape (elem, ei, r, ri))
        return true;
      if (TREE_CODE (r) == COMPONENT_REF && !TREE_OPERAND (r, 2))
        continue;
      if (TREE_CODE (r) == ARRAY_REF
          && TREE_CODE (TREE_OPERAND (r, 1)) == INTEGER_CST
          && !TREE_OPERAND (r, 2) && !TREE_OPERAND (r, 3))
        continue;
      return false;
    }
  return false;
}

/* ------------------------------------------------------------ loop ranges */

/* The load a loop's bound widens (`t < (long) n`, n an int: the
 * conversion keeps every value, both in the loop's header), or bound
 * itself. */
static tree
widened_load (tree bound, class loop *loop)
{
  gassign *cv = TREE_CODE (bound) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (bound)
                ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (bound)) : NULL;
  if (!cv || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (cv))
      || gimple_bb (cv) != loop->header)
    return bound;
  tree from = gimple_assign_rhs1 (cv);
  tree to_type = TREE_TYPE (bound), from_type = TREE_TYPE (from);
  if (TREE_CODE (from) != SSA_NAME || !INTEGRAL_TYPE_P (to_type)
      || !INTEGRAL_TYPE_P (from_type)
      || TYPE_PRECISION (from_type) >= TYPE_PRECISION (to_type)
      || (TYPE_UNSIGNED (to_type) && !TYPE_UNSIGNED (from_type)))
    return bound;
  return from;
}

/* The reference SSA name v is a plain load of, when it names one fixed
 * object part (a variable or its members and constant elements: `n`,
 * `cfg.n`, `t[2].n`), or NULL. */
static tree
fixed_load (tree v)
{
  if (TREE_CODE (v) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (v)
      || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (!gimple_assign_load_p (def) || gimple_has_volatile_ops (def))
    return NULL_TREE;
  tree ref = gimple_assign_rhs1 (def);
  poly_int64 off, size, max;
  bool reverse;
  tree base = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
  if (!base || !known_size_p (max) || !known_eq (size, max))
    return NULL_TREE;
  /* a member of the object a parameter points to (`p->n`), for helpers'
     summaries (region.cc) */
  if (TREE_CODE (base) == MEM_REF && TREE_CODE (ref) == COMPONENT_REF
      && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME
      && SSA_NAME_IS_DEFAULT_DEF (TREE_OPERAND (base, 0))
      && !TREE_THIS_VOLATILE (ref))
    return ref;
  if (!VAR_P (base) || TREE_THIS_VOLATILE (base))
    return NULL_TREE;
  return ref;
}

/* Is idx a counter of loop: a PHI in its header of one constant from
 * outside (*init) and idx + 1 from inside? */
static bool
loop_counter (class loop *loop, tree idx, HOST_WIDE_INT *init)
{
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
      if (TREE_CODE (arg) != INTEGER_CST || !tree_fits_shwi_p (arg)
          || (have_init && tree_to_shwi (arg) != *init))
        return false;
      *init = tree_to_shwi (arg);
      have_init = true;
    }
  return have_init;
}

/* The loop's induction variable `idx`: PHI in the header, a constant from
 * outside, idx + 1 from inside; the header's test keeps the loop running
 * while idx < limit.  false when it is not that shape. */
static bool
loop_iv (class loop *loop, tree idx, wmm_iv_range *r)
{
  memset (r, 0, sizeof *r);
  if (!loop_counter (loop, idx, &r->init))
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
  tree loaded = widened_load (bound, loop);
  tree ref = fixed_load (loaded);
  if (TREE_CODE (bound) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (bound)
      && flow_bb_inside_loop_p (loop, gimple_bb (SSA_NAME_DEF_STMT (bound)))
      && !(ref && gimple_bb (SSA_NAME_DEF_STMT (bound)) == loop->header
           && gimple_bb (SSA_NAME_DEF_STMT (loaded)) == loop->header))
    return false;
  r->bound_ref = ref;
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

bool
wmm_loop_iv (class loop *loop, tree idx, wmm_iv_range *r)
{
  return loop_iv (loop, idx, r);
}

bool
wmm_bb_on_cycle (basic_block bb, class loop *loop)
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
      if ((loop && (b == loop->header || !flow_bb_inside_loop_p (loop, b)))
          || !bitmap_set_bit (seen, b->index))
        continue;
      FOR_EACH_EDGE (e, ei, b->succs)
        work.safe_push (e->dest);
    }
  return false;
}

bool
wmm_runs_before (gimple *a, gimple *b)
{
  basic_block ba = gimple_bb (a), bb = gimple_bb (b);
  if (ba != bb)
    return dominated_by_p (CDI_DOMINATORS, bb, ba);
  for (gimple_stmt_iterator gsi = gsi_for_stmt (a); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == b)
      return a != b;
  return false;
}

bool
wmm_create_loop (gimple *create, const wmm_handle *h, wmm_iv_range *r)
{
  basic_block bb = gimple_bb (create);
  if (!h->index || !bb->loop_father)
    return false;
  class loop *loop = bb->loop_father;
  if (!loop_iv (loop, h->index, r) || wmm_bb_on_cycle (bb, loop))
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
  /* The loop leaves only through its test (or an exception, whose edge
     kills nothing: region.cc), and every iteration joins. */
  for (edge e : get_loop_exit_edges (loop))
    if (e->src != loop->header && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
      return false;
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, bb))
    return false;
  r->loop = loop;
  return true;
}

/* A part [lo, hi) (bits) of variable `base`, for ref_stable. */
struct var_part {
  tree base;
  HOST_WIDE_INT lo, hi;
};

/* Does reference r touch a bit of part *p (a variable offset or size may)? */
static bool
touches_part (tree r, const var_part *p)
{
  poly_int64 o, s, m;
  bool rev;
  if (!handled_component_p (r) && !DECL_P (r) && TREE_CODE (r) != MEM_REF)
    return false;
  tree b = get_ref_base_and_extent (r, &o, &s, &m, &rev);
  if (b != p->base)
    return false;
  if (!o.is_constant () || !known_size_p (m) || !m.is_constant ())
    return true;
  return o.to_constant () < p->hi && o.to_constant () + m.to_constant () > p->lo;
}

/* walk_tree callback: an address of a part that touches *data. */
static tree
address_of_part (tree *t, int *walk_subtrees, void *data)
{
  if (TYPE_P (*t))
    *walk_subtrees = 0;
  if (TREE_CODE (*t) == ADDR_EXPR
      && touches_part (TREE_OPERAND (*t, 0), (const var_part *) data))
    return *t;
  return NULL_TREE;
}

/* Does some operand of a statement or PHI of fn hold an address that
 * walk_tree callback `found` (given data) points out? */
static bool
takes_address (function *fn, walk_tree_fn found, void *data)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        for (unsigned i = 0; i < gimple_num_ops (gsi_stmt (gsi)); i++)
          {
            tree op = gimple_op (gsi_stmt (gsi), i);
            if (op && !is_gimple_debug (gsi_stmt (gsi))
                && walk_tree_without_duplicates (&op, found, data))
              return true;
          }
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
           gsi_next (&pi))
        for (unsigned k = 0; k < gimple_phi_num_args (pi.phi ()); k++)
          {
            tree a = gimple_phi_arg_def (pi.phi (), k);
            if (walk_tree_without_duplicates (&a, found, data))
              return true;
          }
    }
  return false;
}

void
wmm_blocks_from (basic_block from, bitmap out)
{
  auto_vec<basic_block> work;
  bitmap_set_bit (out, from->index);
  work.safe_push (from);
  while (!work.is_empty ())
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, work.pop ()->succs)
        if (bitmap_set_bit (out, e->dest->index))
          work.safe_push (e->dest);
    }
}

/* Does every call of the unit's code go to a function of the unit, a
 * builtin or a library function libfns.cc knows (none of which names the
 * program's own variables): no code of another unit can run? */
static bool
calls_only_known ()
{
  return wmm_every_body ([] (function *fn) {
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
            if (!call || gimple_call_internal_p (call))
              continue;
            tree callee = gimple_call_fndecl (call);
            if (!callee)
              return false;
            cgraph_node *cn = cgraph_node::get (callee);
            if ((cn && wmm_analysable_body (cn->ultimate_alias_target ()))
                || fndecl_built_in_p (callee))
              continue;
            const char *name = DECL_NAME (callee)
                               ? IDENTIFIER_POINTER (DECL_NAME (callee)) : NULL;
            if (!name || !((wmm_lib_is_private (name)
                            && wmm_c_library_fn (callee))
                           || wmm_lib_call_is_sync (callee, name)
                           || wmm_never_starts_threads (callee)))
              return false;
          }
    return true;
  });
}

/* Can no statement of the unit change fixed reference `ref` once
 * `loop` (of cfun) has started: its variable is a local of main, static,
 * or exported by a unit whose code calls no code of another unit; no
 * address of a part of it that overlaps `ref` is
 * taken anywhere (initialisers included), and every store overlapping
 * `ref` is in cfun, in a block no path from the loop's header reaches
 * (so it runs before the loop, if at all)? */
static bool
ref_stable (tree ref, class loop *loop)
{
  poly_int64 off, size, max;
  bool reverse;
  tree base = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
  if (!base || !VAR_P (base) || !off.is_constant () || !max.is_constant ()
      || !(is_global_var (base) ? !DECL_EXTERNAL (base)
                                  && (!TREE_PUBLIC (base) || calls_only_known ())
                                : wmm_main_local (base))
      || wmm_initializers_mention (base))
    return false;
  var_part part = { base, off.to_constant (),
                    off.to_constant () + max.to_constant () };
  /* the blocks of cfun that may run once the loop has started */
  auto_bitmap after;
  wmm_blocks_from (loop->header, after);
  return wmm_every_body ([&] (function *fn) {
      if (takes_address (fn, address_of_part, &part))
        return false;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            gimple *g = gsi_stmt (gsi);
            if (gimple_code (g) == GIMPLE_ASM && wmm_stmt_mentions (g, base))
              return false;
            tree lhs = is_gimple_debug (g) ? NULL_TREE : gimple_get_lhs (g);
            if (lhs && touches_part (lhs, &part)
                && (fn != cfun || bitmap_bit_p (after, bb->index)))
              return false;
          }
      return true;
    });
}

/* walk_tree callback: the address of member *data (`&p->n`). */
static tree
address_of_member (tree *t, int *walk_subtrees, void *data)
{
  if (TYPE_P (*t))
    *walk_subtrees = 0;
  if (TREE_CODE (*t) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (*t, 0)) == COMPONENT_REF
      && TREE_OPERAND (TREE_OPERAND (*t, 0), 1) == (tree) data)
    return *t;
  return NULL_TREE;
}

static bool type_holds (tree t, tree rec, int depth, bool pointers = false);

bool
wmm_member_written_once (tree field, function *fn, class loop *loop,
                         bool indirect_ok)
{
  if (TREE_CODE (field) != FIELD_DECL
      || TREE_CODE (DECL_CONTEXT (field)) != RECORD_TYPE
      || TREE_THIS_VOLATILE (field))
    return false;
  alias_set_type fset = get_alias_set (TREE_TYPE (field));
  auto aliases = [&] (tree t) {
    return alias_sets_conflict_p (get_alias_set (t), fset);
  };
  auto_bitmap after;
  if (fn)
    wmm_blocks_from (loop->header, after);
  int stores = 0;
  /* May library call `call` write the member? */
  auto lib_writes = [&] (gcall *call) -> bool {
    tree callee = gimple_call_fndecl (call);
    const char *name = callee && DECL_NAME (callee)
                       ? IDENTIFIER_POINTER (DECL_NAME (callee)) : NULL;
    unsigned reads, writes = 0;
    if (!name)
      return true;
    if (wmm_lib_call_is_sync (callee, name)
        || (fndecl_built_in_p (callee) && !gimple_call_num_args (call)))
      return false;
    if (wmm_lib_is_private (name) && wmm_c_library_fn (callee))
      wmm_lib_private_touch (name, &reads, &writes);
    else if (!wmm_lib_arg_touch_at (name, call, &reads, &writes))
      return true;
    for (unsigned i = 0; i < gimple_call_num_args (call) && i < 32; i++)
      {
        tree a = gimple_call_arg (call, i);
        if ((writes >> i & 1) && (!POINTER_TYPE_P (TREE_TYPE (a))
                                  || aliases (TREE_TYPE (TREE_TYPE (a)))))
          return true;
      }
    tree lhs = gimple_call_lhs (call);
    return lhs && TREE_CODE (lhs) != SSA_NAME && aliases (TREE_TYPE (lhs));
  };
  /* May store g write the member: another one naming it is counted */
  auto store_writes = [&] (function *f, gimple *g) -> bool {
    if (!is_gimple_assign (g) || gimple_clobber_p (g))
      return false;
    tree lhs = gimple_assign_lhs (g);
    if (TREE_CODE (lhs) == SSA_NAME)
      return false;
    if (TREE_CODE (lhs) == COMPONENT_REF && TREE_OPERAND (lhs, 1) == field)
      {
        stores++;
        return fn && (f != fn
                      || bitmap_bit_p (after, gimple_bb (g)->index) != 0);
      }
    if (TREE_CODE (lhs) == COMPONENT_REF
        && !AGGREGATE_TYPE_P (TREE_TYPE (lhs))
        && TREE_CODE (DECL_CONTEXT (TREE_OPERAND (lhs, 1))) == RECORD_TYPE)
      return false;   /* another member of a struct */
    tree base = get_base_address (lhs);
    if (base && DECL_P (base) && !AGGREGATE_TYPE_P (TREE_TYPE (base)))
      return false;   /* a scalar variable by name */
    /* an element of a declared object that holds no such struct
       (`results[i] = v`): another object (C 6.5.6) */
    if (base && VAR_P (base)
        && !type_holds (TREE_TYPE (base),
                        TYPE_MAIN_VARIANT (DECL_CONTEXT (field)), 0))
      return false;
    return aliases (TREE_TYPE (lhs));
  };
  return wmm_every_body ([&] (function *f) {
      if (takes_address (f, address_of_member, field))
        return false;
      bool ok = true;
      wmm_each_stmt (f, [&] (gimple *g) {
        gcall *call = dyn_cast<gcall *> (g);
        if (!ok || (call && gimple_call_internal_p (call)))
          return;
        if (call)
          {
            tree callee = gimple_call_fndecl (call);
            cgraph_node *cn = callee ? cgraph_node::get (callee) : NULL;
            if (!callee && indirect_ok)
              return;
            if (!cn || !wmm_analysable_body (cn->ultimate_alias_target ()))
              ok = !lib_writes (call);
            return;
          }
        ok = !store_writes (f, g);
      });
      return ok;
    }) && stores == 1;
}

bool
wmm_joins_whole_array (const wmm_handle *h, const wmm_iv_range *j)
{
  if (h->kind != WMM_H_DECL || h->heap || h->indirect || !h->index
      || !VAR_P (h->base) || !h->ref || TREE_CODE (h->ref) != ARRAY_REF
      || TREE_OPERAND (h->ref, 1) != h->index
      || TREE_CODE (j->bound) != INTEGER_CST || !tree_fits_shwi_p (j->bound)
      || !int_fits_type_p (j->bound, TREE_TYPE (j->phi)) || j->init > 0)
    return false;
  /* the array itself, or a std::array's elements */
  tree arr = TREE_OPERAND (h->ref, 0);
  if (arr != h->base
      && !(TREE_CODE (arr) == COMPONENT_REF && TREE_OPERAND (arr, 0) == h->base
           && TREE_OPERAND (arr, 1) == wmm_std_array_elems (TREE_TYPE (h->base))))
    return false;
  tree dom = TYPE_DOMAIN (TREE_TYPE (arr));
  if (!dom || !TYPE_MIN_VALUE (dom) || !TYPE_MAX_VALUE (dom)
      || !integer_zerop (TYPE_MIN_VALUE (dom))
      || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom)))
    return false;
  HOST_WIDE_INT n = tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1;
  HOST_WIDE_INT b = tree_to_shwi (j->bound);
  if (j->ne && j->init > b)
    return false;
  return b + j->adj >= n;
}

bool
wmm_joins_every (const wmm_handle *ch, const wmm_iv_range *c,
                 const wmm_handle *jh, const wmm_iv_range *j)
{
  if (ch->kind != jh->kind || ch->base != jh->base || ch->heap != jh->heap
      || ch->via != jh->via || !same_holding (ch, jh))
    return false;
  if (ch->heap
      ? ch->stride != jh->stride || ch->in_lo != jh->in_lo
        || ch->in_hi != jh->in_hi
      : !same_shape (ch->ref, ch->index, jh->ref, jh->index))
    return false;
  if (j->init > c->init)
    return false;
  if (TREE_CODE (c->bound) == INTEGER_CST && TREE_CODE (j->bound) == INTEGER_CST)
    {
      /* Constant ranges compare as numbers whatever the counters' types
         (`long i` creating, `int j` joining), when each bound fits its
         counter's type (so the counter reaches it). */
      if (!tree_fits_shwi_p (c->bound) || !tree_fits_shwi_p (j->bound)
          || !int_fits_type_p (c->bound, TREE_TYPE (c->phi))
          || !int_fits_type_p (j->bound, TREE_TYPE (j->phi)))
        return false;
      HOST_WIDE_INT cb = tree_to_shwi (c->bound), jb = tree_to_shwi (j->bound);
      /* `!=` counts up to the bound only from below it. */
      if ((c->ne && c->init > cb) || (j->ne && j->init > jb))
        return false;
      return cb + c->adj <= jb + j->adj;
    }
  /* One bound, or the value of one fixed object that neither loop's
     compare changes (loop_iv: the load, or a widening of it, `t < (long)
     n` creating with a long counter, `j < n` joining with an int one):
     both count to the same number, whatever their counters' types. */
  if (c->bound != j->bound
      && !(c->bound_ref && j->bound_ref
           && operand_equal_p (c->bound_ref, j->bound_ref, 0)
           && ref_stable (c->bound_ref, c->loop)))
    return false;
  if (c->ne || j->ne)
    return c->ne && j->ne && c->init == j->init;
  return c->adj <= j->adj;
}

bool
wmm_joins_element (const wmm_handle *ch, const wmm_handle *jh,
                   const wmm_iv_range *j)
{
  if (ch->index || !ch->ref || !jh->ref || !jh->index
      || ch->kind != jh->kind || ch->base != jh->base || !same_holding (ch, jh)
      || TREE_CODE (ch->ref) != ARRAY_REF || TREE_CODE (jh->ref) != ARRAY_REF
      || TREE_OPERAND (jh->ref, 1) != jh->index
      || !tree_fits_shwi_p (TREE_OPERAND (ch->ref, 1))
      || !same_shape (TREE_OPERAND (ch->ref, 0), NULL_TREE,
                      TREE_OPERAND (jh->ref, 0), jh->index)
      || TREE_CODE (j->bound) != INTEGER_CST || !tree_fits_shwi_p (j->bound))
    return false;
  HOST_WIDE_INT c = tree_to_shwi (TREE_OPERAND (ch->ref, 1));
  HOST_WIDE_INT jb = tree_to_shwi (j->bound);
  if (j->ne && j->init > jb)
    return false;
  return j->init <= c && c < jb + j->adj;
}

/* The declaration whose address pointer p is, plus *bytes (copies and
 * constant offsets: wmm_pointer_root), or NULL. */
static tree
array_root (tree p, HOST_WIDE_INT *bytes)
{
  *bytes = 0;
  if (tree a = std_array_address (p, bytes))
    return TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0))
           ? TREE_OPERAND (a, 0) : NULL_TREE;
  if (TREE_CODE (p) == SSA_NAME)
    {
      p = wmm_pointer_root (p, bytes);
      gimple *def = TREE_CODE (p) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (p)
                    ? SSA_NAME_DEF_STMT (p) : NULL;
      p = def && gimple_assign_single_p (def) ? gimple_assign_rhs1 (def)
                                              : NULL_TREE;
    }
  return p && TREE_CODE (p) == ADDR_EXPR && VAR_P (TREE_OPERAND (p, 0))
         ? TREE_OPERAND (p, 0) : NULL_TREE;
}

/* The edge out of block g taken where std::thread's joinable () of
 * handle t returned true, when g ends in that test (`if (t.joinable ())`);
 * else NULL. */
static edge
joinable_side (basic_block g, tree t)
{
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (g));
  tree r = cond ? gimple_cond_lhs (cond) : NULL_TREE;
  gimple *test = r && TREE_CODE (r) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (r)
                 ? SSA_NAME_DEF_STMT (r) : NULL;
  if (!test || !integer_zerop (gimple_cond_rhs (cond))
      || (gimple_cond_code (cond) != NE_EXPR
          && gimple_cond_code (cond) != EQ_EXPR)
      || !is_gimple_call (test) || gimple_call_num_args (test) != 1
      || gimple_call_arg (test, 0) != t
      || strcmp (wmm_callee_asm_name (test), "_ZNKSt6thread8joinableEv"))
    return NULL;
  edge te, fe;
  extract_true_false_edges_from_block (g, &te, &fe);
  return gimple_cond_code (cond) == NE_EXPR ? te : fe;
}

/* Does join (a join in `loop`) run in every iteration, or in every one
 * whose element holds a thread: its block dominates the latch, or its one
 * predecessor dominates the latch and enters it only where joinable () of
 * the handle it joins returned true (`if (t.joinable ()) t.join ();`: an
 * element that holds no thread leaves nothing running)? */
static bool
every_iteration_joins (class loop *loop, gimple *join)
{
  basic_block bb = gimple_bb (join);
  if (dominated_by_p (CDI_DOMINATORS, loop->latch, bb))
    return true;
  if (!single_pred_p (bb) || !gimple_call_num_args (join))
    return false;
  basic_block g = single_pred (bb);
  edge in = joinable_side (g, gimple_call_arg (join, 0));
  return in && in->dest == bb && flow_bb_inside_loop_p (loop, g)
         && dominated_by_p (CDI_DOMINATORS, loop->latch, g);
}

bool
wmm_array_join_loop (gimple *join, tree *arr, class loop **lp)
{
  basic_block bb = gimple_bb (join);
  class loop *loop = bb->loop_father;
  if (!loop || !loop_outer (loop) || !loop->latch
      || !gimple_call_num_args (join) || !every_iteration_joins (loop, join))
    return false;
  for (edge e : get_loop_exit_edges (loop))
    if (e->src != loop->header && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
      return false;
  /* The element: a copy of the header's PHI p = <&arr (outside), p + S>. */
  tree t = gimple_call_arg (join, 0);
  for (int depth = 0; depth < 4 && TREE_CODE (t) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (t)
                      && gimple_assign_single_p (SSA_NAME_DEF_STMT (t));
       depth++)
    t = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (t));
  gphi *phi = TREE_CODE (t) == SSA_NAME
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (t)) : NULL;
  if (!phi || gimple_bb (phi) != loop->header || gimple_phi_num_args (phi) != 2)
    return false;
  tree start = NULL_TREE, next = NULL_TREE;
  for (unsigned k = 0; k < 2; k++)
    {
      edge e = gimple_phi_arg_edge (phi, k);
      (e->src == loop->latch ? next : start) = gimple_phi_arg_def (phi, k);
    }
  HOST_WIDE_INT off0, step, end_off;
  tree a = start ? array_root (start, &off0) : NULL_TREE;
  tree std_elems = a ? wmm_std_array_elems (TREE_TYPE (a)) : NULL_TREE;
  tree atype = std_elems ? TREE_TYPE (std_elems) : a ? TREE_TYPE (a)
                                                      : NULL_TREE;
  if (!a || off0 || TREE_CODE (atype) != ARRAY_TYPE || !next
      || TREE_CODE (next) != SSA_NAME)
    return false;
  gimple *inc = SSA_NAME_DEF_STMT (next);
  tree esize = TYPE_SIZE_UNIT (TREE_TYPE (atype));
  tree asize = TYPE_SIZE_UNIT (atype);
  if (!is_gimple_assign (inc) || gimple_assign_rhs_code (inc) != POINTER_PLUS_EXPR
      || gimple_assign_rhs1 (inc) != t || !tree_fits_shwi_p (gimple_assign_rhs2 (inc))
      || !esize || !asize || !tree_fits_shwi_p (esize) || !tree_fits_shwi_p (asize))
    return false;
  step = tree_to_shwi (gimple_assign_rhs2 (inc));
  /* The only exit: the header's test p != &arr + sizeof arr. */
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  if (!cond || gimple_cond_code (cond) != NE_EXPR)
    return false;
  tree l = gimple_cond_lhs (cond), r = gimple_cond_rhs (cond);
  tree end = l == t ? r : r == t ? l : NULL_TREE;
  if (!end || array_root (end, &end_off) != a
      || step != tree_to_shwi (esize) || end_off != tree_to_shwi (asize))
    return false;
  *arr = a;
  *lp = loop;
  return true;
}

/* ------------------------------------------- std::vector<std::thread> */

/* Does `s` start with `prefix` and go on with one of `rest`? */
static bool
named (const char *s, const char *prefix, const char *const *rest, size_t n)
{
  size_t l = strlen (prefix);
  if (strncmp (s, prefix, l))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!strncmp (s + l, rest[i], strlen (rest[i])))
      return true;
  return false;
}

/* The mangled names of a std::vector of thread handles and of its
 * iterators' members: std::thread, and std::future<T> for the builtin
 * types T (one letter in the mangling: `l` for long), whose futures
 * std::async gives (a loop of get () over the vector joins them). */
struct vec_family {
  bool threads;            /* elements are std::thread (a push creates) */
  bool joins_at_end;       /* std::jthread: the destructor joins them */
  char *vec, *kvec;        /* std::vector<E>'s members, const ones */
  char *it, *kit;          /* __normal_iterator<E *, ...>'s */
  char *ne, *eq;           /* its operator!= / operator== */
};

static vec_family *families;
static int nfamilies;

/* The mangled names of family f, whose element type is mangled `e`; `s`
 * is the substitution index of the element type in the vector's own name
 * (the iterator's is the next): 0 for std::thread, 1 for std::future<T>,
 * whose std::future is substitution 0. */
static void
name_family (vec_family *f, const char *e, char s)
{
  f->vec = xasprintf ("_ZNSt6vectorI%sSaIS%c_EE", e, s);
  f->kvec = xasprintf ("_ZNKSt6vectorI%sSaIS%c_EE", e, s);
  f->it = xasprintf ("_ZN9__gnu_cxx17__normal_iteratorIP%sSt6vectorIS%c_SaIS%c_EEE",
                     e, s + 1, s + 1);
  f->kit = xasprintf ("_ZNK9__gnu_cxx17__normal_iteratorIP%sSt6vectorIS%c_SaIS%c_EEE",
                      e, s + 1, s + 1);
  f->ne = xasprintf ("_ZN9__gnu_cxxneIP%sSt6vectorIS%c_SaIS%c_EEEEb", e,
                     s + 1, s + 1);
  f->eq = xasprintf ("_ZN9__gnu_cxxeqIP%sSt6vectorIS%c_SaIS%c_EEEEb", e,
                     s + 1, s + 1);
}

/* Every family, built once. */
static void
make_families (void)
{
  if (families)
    return;
  static const char builtins[] = "vbcahstijlmxyfde";
  nfamilies = 2 + (int) strlen (builtins);
  families = XCNEWVEC (vec_family, nfamilies);
  /* std::thread, then std::jthread (whose destructor joins) */
  static const char *const threads[] = { "St6thread", "St7jthread" };
  for (int k = 0; k < 2; k++)
    {
      families[k].threads = true;
      families[k].joins_at_end = k == 1;
      name_family (&families[k], threads[k], '0');
    }
  for (int k = 2; k < nfamilies; k++)
    {
      char e[16];
      snprintf (e, sizeof e, "St6futureI%cE", builtins[k - 2]);
      name_family (&families[k], e, '1');
    }
}

/* The family whose vector (or, with iter, iterator) member `a` is
 * (a mangled name), or NULL. */
static const vec_family *
family_of (const char *a, bool iter)
{
  make_families ();
  for (int k = 0; a && k < nfamilies; k++)
    {
      const vec_family *f = &families[k];
      const char *p1 = iter ? f->it : f->vec, *p2 = iter ? f->kit : f->kvec;
      if (!strncmp (a, p1, strlen (p1)) || !strncmp (a, p2, strlen (p2)))
        return f;
    }
  return NULL;
}

/* A member of std::vector<std::thread> (or, unless threads_only, of a
 * vector of futures) that adds an element at its end. */
static bool
vector_push (gimple *stmt, bool threads_only = true)
{
  static const char *const push[] = { "12emplace_back", "9push_back" };
  const char *a = wmm_callee_asm_name (stmt);
  const vec_family *f = family_of (a, false);
  return f && (f->threads || !threads_only)
         && named (a, f->vec, push, ARRAY_SIZE (push));
}

/* A member that neither removes nor replaces an element (the
 * constructor, begin, end, size, reserve, a push; the destructor ends
 * the object). */
static bool
vector_keeps (gimple *stmt)
{
  static const char *const keep[] = {
    "C1Ev", "C2Ev", "D1Ev", "D2Ev", "5beginEv", "3endEv", "7reserveEm",
    "12emplace_back", "9push_back",
    /* vector (n, allocator): n empty handles (size_t: m, or j on 32-bit
       targets) */
    "C1EmRKS", "C2EmRKS", "C1EjRKS", "C2EjRKS",
  };
  static const char *const kkeep[] = { "4sizeEv", "5emptyEv", "5beginEv",
                                       "3endEv" };
  const char *a = wmm_callee_asm_name (stmt);
  const vec_family *f = family_of (a, false);
  return f && (named (a, f->vec, keep, ARRAY_SIZE (keep))
               || named (a, f->kvec, kkeep, ARRAY_SIZE (kkeep)));
}

/* std::thread's members that neither empty nor copy the handle they are
 * called on: a move into it (a handle that held a thread terminates the
 * program), join, joinable, get_id. */
static bool
keeps_element (gimple *u, tree el)
{
  static const char *const ok[] = {
    "_ZNSt6threadaSEOS_", "_ZNSt6thread4joinEv", "_ZNKSt6thread8joinableEv",
    "_ZNKSt6thread6get_idEv",
  };
  if (!is_gimple_call (u) || !gimple_call_num_args (u)
      || gimple_call_arg (u, 0) != el)
    return false;
  for (unsigned i = 1; i < gimple_call_num_args (u); i++)
    if (gimple_call_arg (u, i) == el)
      return false;
  const char *a = wmm_callee_asm_name (u);
  for (const char *n : ok)
    if (!strcmp (a, n))
      return true;
  return false;
}

/* A call of std::vector<std::thread>'s operator[] whose element only
 * keeps_element members see: `threads[i] = std::thread (f, i)`,
 * `threads[i].join ()`. */
static bool
thread_element_call (gimple *stmt)
{
  static const char *const ix[] = { "ixEm", "ixEj" };
  const char *a = is_gimple_call (stmt) ? wmm_callee_asm_name (stmt) : NULL;
  const vec_family *f = a ? family_of (a, false) : NULL;
  tree el = f && f->threads && !f->joins_at_end
            && named (a, f->vec, ix, ARRAY_SIZE (ix))
            && gimple_call_num_args (stmt) == 2
            ? gimple_call_lhs (stmt) : NULL_TREE;
  if (!el || TREE_CODE (el) != SSA_NAME)
    return false;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, el)
    if (!is_gimple_debug (USE_STMT (use))
        && !keeps_element (USE_STMT (use), el))
      return false;
  return true;
}

/* Is every use of name `v` (an address of the vector, or a copy) the
 * first argument of a vector_keeps call, or a copy whose uses are? */
static bool
vector_address_ok (tree v, int depth)
{
  if (depth > 4)
    return false;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, v)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u))
        continue;
      if (gimple_assign_ssa_name_copy_p (u))
        {
          if (!vector_address_ok (gimple_assign_lhs (u), depth + 1))
            return false;
          continue;
        }
      if (!(vector_keeps (u) || thread_element_call (u))
          || gimple_call_arg (u, 0) != v)
        return false;
      for (unsigned i = 1; i < gimple_call_num_args (u); i++)
        if (gimple_call_arg (u, i) == v)
          return false;
    }
  return true;
}

/* Is local `vec` only ever handed to vector_keeps members (directly or
 * through a copy of its address), so no thread in it is removed,
 * replaced or reached otherwise? */
static bool
vector_kept (function *fn, tree vec)
{
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || (gimple_clobber_p (s) && gimple_assign_lhs (s) == vec))
      return;
    /* C++20's inline default constructor: `vec = {}` */
    if (gimple_assign_single_p (s) && gimple_assign_lhs (s) == vec
        && TREE_CODE (gimple_assign_rhs1 (s)) == CONSTRUCTOR
        && CONSTRUCTOR_NELTS (gimple_assign_rhs1 (s)) == 0)
      return;
    for (unsigned i = 0; i < gimple_num_ops (s) && ok; i++)
      {
        tree op = gimple_op (s, i);
        if (!wmm_mentions (op, vec))
          continue;
        if (TREE_CODE (op) != ADDR_EXPR || TREE_OPERAND (op, 0) != vec)
          ok = false;
        else if (is_gimple_call (s))
          ok = (vector_keeps (s) || thread_element_call (s))
               && i == 3   /* ops: lhs, fn, chain, arg 0 */
               && gimple_call_arg (s, 0) == op;
        else if (gimple_assign_single_p (s)
                 && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME)
          ok = vector_address_ok (gimple_assign_lhs (s), 0);
        else
          ok = false;
      }
  });
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gphi_iterator pi = gsi_start_phis (bb); ok && !gsi_end_p (pi);
         gsi_next (&pi))
      for (unsigned i = 0; i < gimple_phi_num_args (pi.phi ()); i++)
        {
          tree a = gimple_phi_arg_def (pi.phi (), i);
          if (TREE_CODE (a) == ADDR_EXPR && TREE_OPERAND (a, 0) == vec)
            ok = false;
        }
  return ok;
}

/* Does statement a come before b in their block? */
static bool
comes_before (gimple *a, gimple *b)
{
  for (gimple_stmt_iterator gsi = gsi_for_stmt (a); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == b)
      return true;
  return false;
}

/* The local vector a call adds a thread to, when vector_kept. */
static tree
pushed_vector (gimple *stmt)
{
  if (!vector_push (stmt) || !gimple_call_num_args (stmt))
    return NULL_TREE;
  tree a = gimple_call_arg (stmt, 0);
  if (TREE_CODE (a) != ADDR_EXPR || !VAR_P (TREE_OPERAND (a, 0))
      || is_global_var (TREE_OPERAND (a, 0)))
    return NULL_TREE;
  tree vec = TREE_OPERAND (a, 0);
  function *fn = DECL_CONTEXT (vec)
                 && TREE_CODE (DECL_CONTEXT (vec)) == FUNCTION_DECL
                 ? DECL_STRUCT_FUNCTION (DECL_CONTEXT (vec)) : NULL;
  return fn && fn->cfg && vector_kept (fn, vec) ? vec : NULL_TREE;
}

static tree vector_of (tree x);

tree
wmm_thread_vector_end (gimple *stmt, bool *joins)
{
  static const char *const dtor[] = { "D1Ev", "D2Ev" };
  const char *a = is_gimple_call (stmt) ? wmm_callee_asm_name (stmt) : NULL;
  const vec_family *f = a ? family_of (a, false) : NULL;
  if (!f || !f->threads || !named (a, f->vec, dtor, 2)
      || !gimple_call_num_args (stmt))
    return NULL_TREE;
  *joins = f->joins_at_end;
  tree v = gimple_call_arg (stmt, 0);
  return TREE_CODE (v) == ADDR_EXPR && VAR_P (TREE_OPERAND (v, 0))
         && !is_global_var (TREE_OPERAND (v, 0)) ? TREE_OPERAND (v, 0)
                                                 : NULL_TREE;
}

bool
wmm_std_thread_vector_fn (const char *a)
{
  const vec_family *f = family_of (a, false);
  if (!f)
    f = family_of (a, true);
  return f && f->threads && !f->joins_at_end;
}

bool
wmm_thread_vector_push (gimple *stmt)
{
  return is_gimple_call (stmt) && vector_push (stmt, true);
}

/* h: the group handle of local vector vec (any of its elements). */
static void
vector_handle (wmm_handle *h, tree vec)
{
  memset (h, 0, sizeof *h);
  h->kind = WMM_H_DECL;
  h->base = vec;
  h->off = -1;
  h->size = -1;
}

tree
wmm_thread_vector_element (tree addr)
{
  gimple *def = addr && TREE_CODE (addr) == SSA_NAME
                && !SSA_NAME_IS_DEFAULT_DEF (addr)
                ? SSA_NAME_DEF_STMT (addr) : NULL;
  if (!def || !thread_element_call (def))
    return NULL_TREE;
  tree vec = vector_of (gimple_call_arg (def, 0));
  function *fn = vec && VAR_P (vec) && !is_global_var (vec)
                 && DECL_CONTEXT (vec)
                 && TREE_CODE (DECL_CONTEXT (vec)) == FUNCTION_DECL
                 ? DECL_STRUCT_FUNCTION (DECL_CONTEXT (vec)) : NULL;
  return fn && fn->cfg && vector_kept (fn, vec) ? vec : NULL_TREE;
}

bool
wmm_vector_create (gimple *stmt, wmm_handle *h)
{
  tree vec = pushed_vector (stmt);
  if (!vec && vector_push (stmt) && gimple_call_num_args (stmt))
    {
      /* a member vector: where it lies in its object */
      tree m = vector_of (gimple_call_arg (stmt, 0));
      return m && TREE_CODE (m) == COMPONENT_REF && wmm_handle_of_ref (m, h)
             && h->off >= 0 && h->size > 0 && !h->index;
    }
  if (!vec)
    return false;
  vector_handle (h, vec);
  return true;
}

/* The vector `x` (&vec or a copy of it) names: a local vector, or the
 * member reference `this->workers` / `obj.workers` of a member vector
 * that wmm_member_vector_kept; else NULL. */
static tree
vector_of (tree x)
{
  x = copy_root (x);
  /* __for_range = &v */
  if (x && TREE_CODE (x) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (x)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (x)))
    x = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (x));
  if (!x || TREE_CODE (x) != ADDR_EXPR)
    return NULL_TREE;
  tree v = TREE_OPERAND (x, 0);
  if (VAR_P (v))
    return v;
  return TREE_CODE (v) == COMPONENT_REF
         && wmm_member_vector_kept (TREE_OPERAND (v, 1)) ? v : NULL_TREE;
}

/* Do two results of vector_of name one vector? */
static bool
same_vector (tree a, tree b)
{
  return a && b && (a == b || (TREE_CODE (a) == COMPONENT_REF
                               && operand_equal_p (a, b, 0)));
}

/* The iterator variable of `std::vector<std::thread>::iterator` member or
 * operator call `s` at argument i (`&it`), or NULL. */
static tree
iter_arg (gimple *s, unsigned i)
{
  if (!is_gimple_call (s) || i >= gimple_call_num_args (s))
    return NULL_TREE;
  tree a = gimple_call_arg (s, i);
  return TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0))
         && !is_global_var (TREE_OPERAND (a, 0))
         ? TREE_OPERAND (a, 0) : NULL_TREE;
}

bool
wmm_future_pushed (gimple *stmt, wmm_handle *h)
{
  tree tmp = gimple_call_lhs (stmt);
  if (!tmp || !VAR_P (tmp) || is_global_var (tmp)
      || !DECL_CONTEXT (tmp) || TREE_CODE (DECL_CONTEXT (tmp)) != FUNCTION_DECL)
    return false;
  function *fn = DECL_STRUCT_FUNCTION (DECL_CONTEXT (tmp));
  if (!fn || !fn->cfg)
    return false;
  gimple *push = NULL;
  tree vec = NULL_TREE;
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || s == stmt || gimple_clobber_p (s) || is_gimple_debug (s))
      return;
    bool mentions = false;
    for (unsigned i = 0; i < gimple_num_ops (s) && !mentions; i++)
      mentions = wmm_mentions (gimple_op (s, i), tmp);
    if (!mentions)
      return;
    const char *a = is_gimple_call (s) ? wmm_callee_asm_name (s) : NULL;
    /* the moved-from future's destructor */
    if (a && !strncmp (a, "_ZNSt6futureI", 13)
        && (strstr (a, "ED1Ev") || strstr (a, "ED2Ev"))
        && gimple_call_num_args (s) == 1)
      return;
    if (!push && vector_push (s, false) && gimple_call_num_args (s) == 2
        && TREE_CODE (gimple_call_arg (s, 1)) == ADDR_EXPR
        && TREE_OPERAND (gimple_call_arg (s, 1), 0) == tmp
        && TREE_CODE (gimple_call_arg (s, 0)) == ADDR_EXPR
        && VAR_P (TREE_OPERAND (gimple_call_arg (s, 0), 0))
        && !is_global_var (TREE_OPERAND (gimple_call_arg (s, 0), 0))
        && !family_of (a, false)->threads)
      {
        push = s;
        vec = TREE_OPERAND (gimple_call_arg (s, 0), 0);
        return;
      }
    ok = false;
  });
  /* the push right after the call (its block, or the one its normal edge
     leads to), into a local vector only its keeping members see */
  basic_block cb = gimple_bb (stmt);
  if (!ok || !push || !vector_kept (fn, vec)
      || !(gimple_bb (push) == cb
           || (single_pred_p (gimple_bb (push))
               && single_pred (gimple_bb (push)) == cb)))
    return false;
  vector_handle (h, vec);
  return true;
}

/* Does a statement of loop add a thread to a vector (a push) or move
 * one into a handle (`threads[i] = std::thread (f)`)?  A join loop that
 * does cannot end the vector's threads. */
static bool
loop_adds_threads (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  bool adds = false;
  for (unsigned i = 0; i < loop->num_nodes && !adds; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
         !gsi_end_p (gsi) && !adds; gsi_next (&gsi))
      {
        gimple *g = gsi_stmt (gsi);
        adds = is_gimple_call (g)
               && (vector_push (g, false)
                   || !strcmp (wmm_callee_asm_name (g), "_ZNSt6threadaSEOS_"));
      }
  free (body);
  return adds;
}

/* `for (i = 0; i < threads.size (); ++i) threads[i].join ();` over a
 * local vector that vector_kept: join (of operator[]'s element at the
 * loop's counter, which counts from 0 by 1) runs in every iteration, the
 * loop leaves only through its header's test `i < n` (or `i != n`), n the
 * vector's size () read in the header or before the loop, and nothing in
 * the loop adds a thread (loop_adds_threads).  *vec, *lp: the vector, the
 * loop. */
static bool
vector_index_join_loop (gimple *join, tree *vec, class loop **lp)
{
  static const char *const size[] = { "4sizeEv" };
  basic_block bb = gimple_bb (join);
  class loop *loop = bb->loop_father;
  tree t = gimple_call_arg (join, 0);
  gimple *el = TREE_CODE (t) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (t)
               ? SSA_NAME_DEF_STMT (t) : NULL;
  tree v = el && thread_element_call (el) ? wmm_thread_vector_element (t)
                                          : NULL_TREE;
  if (!v || !loop || !loop_outer (loop) || !loop->latch
      || !every_iteration_joins (loop, join))
    return false;
  for (edge e : get_loop_exit_edges (loop))
    if (e->src != loop->header && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
      return false;
  tree i = wmm_widened_from (gimple_call_arg (el, 1));
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  HOST_WIDE_INT init;
  if (!i || !loop_counter (loop, i, &init) || init != 0 || !cond)
    return false;
  edge te, fe;
  extract_true_false_edges_from_block (loop->header, &te, &fe);
  if (flow_bb_inside_loop_p (loop, te->dest) == flow_bb_inside_loop_p (loop, fe->dest))
    return false;
  enum tree_code code = gimple_cond_code (cond);
  tree l = gimple_cond_lhs (cond), r = gimple_cond_rhs (cond);
  /* (-O0 and the SSA just built: `t = i < n; if (t != 0)`) */
  gimple *cmp = TREE_CODE (l) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (l)
                && integer_zerop (r) && (code == NE_EXPR || code == EQ_EXPR)
                ? SSA_NAME_DEF_STMT (l) : NULL;
  if (cmp && is_gimple_assign (cmp)
      && TREE_CODE_CLASS (gimple_assign_rhs_code (cmp)) == tcc_comparison)
    {
      bool eq = code == EQ_EXPR;
      code = gimple_assign_rhs_code (cmp);
      if (eq)
        code = invert_tree_comparison (code, false);
      l = gimple_assign_rhs1 (cmp);
      r = gimple_assign_rhs2 (cmp);
    }
  if (!flow_bb_inside_loop_p (loop, te->dest))
    code = invert_tree_comparison (code, false);
  if (wmm_widened_from (r) == i)
    {
      std::swap (l, r);
      code = swap_tree_comparison (code);
    }
  if (wmm_widened_from (l) != i || (code != LT_EXPR && code != NE_EXPR)
      || TREE_CODE (r) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (r))
    return false;
  /* n: size () of the same vector, or a conversion of it (`i < (int)
     threads.size ()`: a vector of threads holds far fewer than 2^31) */
  gimple *sz = SSA_NAME_DEF_STMT (r);
  if (gimple_assign_cast_p (sz)
      && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (sz)))
      && TREE_CODE (gimple_assign_rhs1 (sz)) == SSA_NAME
      && !SSA_NAME_IS_DEFAULT_DEF (gimple_assign_rhs1 (sz)))
    sz = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (sz));
  const char *a = is_gimple_call (sz) ? wmm_callee_asm_name (sz) : NULL;
  const vec_family *f = a ? family_of (a, false) : NULL;
  if (!f || !f->threads || !named (a, f->kvec, size, 1)
      || gimple_call_num_args (sz) != 1
      || !same_vector (vector_of (gimple_call_arg (sz, 0)), v))
    return false;
  if ((gimple_bb (sz) != loop->header
       && flow_bb_inside_loop_p (loop, gimple_bb (sz)))
      || loop_adds_threads (loop))
    return false;
  *vec = v;
  *lp = loop;
  return true;
}

/* The one value local `var` of the current function is given: the
 * statement of its one store (a whole-variable assignment or a call's
 * result) when no other statement but clobbers and reads names it as a
 * destination; else NULL. */
static gimple *
only_def (function *fn, tree var)
{
  gimple *def = NULL;
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s))
      return;
    tree lhs = is_gimple_call (s) ? gimple_call_lhs (s)
               : gimple_assign_single_p (s) ? gimple_assign_lhs (s) : NULL_TREE;
    if (lhs && wmm_mentions (lhs, var))
      {
        ok = !def && lhs == var;
        def = s;
      }
    else if (is_gimple_call (s))
      for (unsigned i = 0; i < gimple_call_num_args (s) && ok; i++)
        {
          tree a = gimple_call_arg (s, i);
          ok = !(TREE_CODE (a) == ADDR_EXPR && wmm_mentions (a, var));
        }
  });
  return ok ? def : NULL;
}

/* Is local pm, in fn, the pointer to member `&std::thread::join` (its
 * __pfn stored once with join, its __delta once with 0, nothing else)? */
static bool
pm_is_join (function *fn, tree pm)
{
  int pfn = 0, delta = 0;
  bool ok = VAR_P (pm) && !is_global_var (pm) && !TREE_ADDRESSABLE (pm);
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s) || !gimple_assign_single_p (s)
        || !wmm_mentions (gimple_assign_lhs (s), pm))
      return;
    tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
    tree f = TREE_CODE (lhs) == COMPONENT_REF && TREE_OPERAND (lhs, 0) == pm
             ? DECL_NAME (TREE_OPERAND (lhs, 1)) : NULL_TREE;
    const char *n = f ? IDENTIFIER_POINTER (f) : "";
    if (!strcmp (n, "__pfn"))
      {
        tree d = TREE_CODE (rhs) == ADDR_EXPR ? TREE_OPERAND (rhs, 0) : rhs;
        ok = TREE_CODE (d) == FUNCTION_DECL && DECL_ASSEMBLER_NAME_SET_P (d)
             && !strcmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (d)),
                         "_ZNSt6thread4joinEv");
        pfn++;
      }
    else if (!strcmp (n, "__delta"))
      {
        ok = integer_zerop (rhs);
        delta++;
      }
    else
      ok = false;
  });
  return ok && pfn == 1 && delta == 1;
}

/* Does fn, a function (std::thread &t) of the unit (a lambda's call
 * operator, a functor's), do nothing but join t, on every path, or where
 * t.joinable () is true? */
static bool
only_joins_param (function *fn)
{
  tree parm = DECL_ARGUMENTS (fn->decl);
  parm = parm ? DECL_CHAIN (parm) : NULL_TREE;
  tree t = parm && !DECL_CHAIN (parm) ? ssa_default_def (fn, parm) : NULL_TREE;
  if (!t)
    return false;
  auto on_t = [&] (gimple *g, const char *name) {
    return is_gimple_call (g) && gimple_call_num_args (g) == 1
           && gimple_call_arg (g, 0) == t
           && !strcmp (wmm_callee_asm_name (g), name);
  };
  /* nothing else: the joins, joinable () and its test, the return */
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *g) {
    ok = ok && (is_gimple_debug (g) || gimple_clobber_p (g)
                || gimple_code (g) == GIMPLE_NOP
                || (gimple_code (g) == GIMPLE_RETURN
                    && !gimple_return_retval (as_a<greturn *> (g)))
                || gimple_code (g) == GIMPLE_COND
                || on_t (g, "_ZNSt6thread4joinEv")
                || on_t (g, "_ZNKSt6thread8joinableEv"));
  });
  if (!ok)
    return false;
  /* every path from the entry joins t before it returns, or leaves a
     joinable () test that returned false */
  return !wmm_path_leaves (fn, [&] (gimple *g) {
    return on_t (g, "_ZNSt6thread4joinEv");
  }, [] (gimple *) { return false; }, false, [&] (edge e) {
    edge in = joinable_side (e->src, t);
    return !in || in == e;
  });
}

/* Does for_each instance fe (its body) call, for each element, a function
 * of the unit that only joins it (only_joins_param)?  The call passes the
 * address of fe's functor parameter (or of a member of it) first. */
static bool
for_each_joins (tree fe)
{
  function *fn = wmm_analysable_body (cgraph_node::get (fe));
  tree f = fn ? DECL_ARGUMENTS (fe) : NULL_TREE;
  for (int k = 0; f && k < 2; k++)
    f = DECL_CHAIN (f);
  if (!f)
    return false;
  tree callee = NULL_TREE;
  int calls = 0;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!is_gimple_call (g) || !gimple_call_num_args (g))
      return;
    tree a = gimple_call_arg (g, 0);
    if (TREE_CODE (a) == ADDR_EXPR
        && get_base_address (TREE_OPERAND (a, 0)) == f)
      {
        calls++;
        callee = gimple_call_fndecl (g);
      }
  });
  function *body = calls == 1 && callee
                   ? wmm_analysable_body (cgraph_node::get (callee)) : NULL;
  return body && only_joins_param (body);
}

tree
wmm_thread_vector_for_each_join (gimple *stmt)
{
  static const char *const fe =
    "_ZSt8for_eachIN9__gnu_cxx17__normal_iteratorIPSt6threadSt6vectorIS2_"
    "SaIS2_EEEESt7_Mem_fnIMS2_FvvEEET0_T_SD_SC_";
  static const char *const fe_any =
    "_ZSt8for_eachIN9__gnu_cxx17__normal_iteratorIPSt6threadSt6vectorIS2_"
    "SaIS2_EEEE";
  if (!is_gimple_call (stmt) || gimple_call_num_args (stmt) != 3
      || strncmp (wmm_callee_asm_name (stmt), fe_any, strlen (fe_any)))
    return NULL_TREE;
  bool mem_fn = !strcmp (wmm_callee_asm_name (stmt), fe);
  if (!mem_fn && !(gimple_call_fndecl (stmt)
                   && for_each_joins (gimple_call_fndecl (stmt))))
    return NULL_TREE;
  tree a0 = gimple_call_arg (stmt, 0);
  function *fn = VAR_P (a0) && DECL_CONTEXT (a0)
                 && TREE_CODE (DECL_CONTEXT (a0)) == FUNCTION_DECL
                 ? DECL_STRUCT_FUNCTION (DECL_CONTEXT (a0)) : NULL;
  if (!fn || !fn->cfg)
    return NULL_TREE;
  /* for_each (v.begin (), v.end (), std::mem_fn (&std::thread::join)) */
  static const char *const ends[2] = { "5beginEv", "3endEv" };
  tree vec = NULL_TREE;
  for (int k = 0; k < 2; k++)
    {
      tree a = gimple_call_arg (stmt, k);
      gimple *d = VAR_P (a) && !is_global_var (a) ? only_def (fn, a) : NULL;
      const char *n = d && is_gimple_call (d) ? wmm_callee_asm_name (d) : NULL;
      const vec_family *f = n ? family_of (n, false) : NULL;
      if (!f || !f->threads || f->joins_at_end
          || !named (n, f->vec, &ends[k], 1) || gimple_call_num_args (d) != 1)
        return NULL_TREE;
      tree v = vector_of (gimple_call_arg (d, 0));
      if (!v || !VAR_P (v) || (vec && v != vec))
        return NULL_TREE;
      vec = v;
    }
  if (!mem_fn)
    return vector_kept (fn, vec) ? vec : NULL_TREE;
  tree m = gimple_call_arg (stmt, 2);
  gimple *d = VAR_P (m) && !is_global_var (m) ? only_def (fn, m) : NULL;
  if (!d || !is_gimple_call (d) || gimple_call_num_args (d) != 1
      || strcmp (wmm_callee_asm_name (d),
                 "_ZSt6mem_fnIFvvESt6threadESt7_Mem_fnIMT0_T_ES5_")
      || !pm_is_join (fn, gimple_call_arg (d, 0)))
    return NULL_TREE;
  return vector_kept (fn, vec) ? vec : NULL_TREE;
}

/* Is a the name of the iterators' operator< whose operator!= is ne
 * (`_ZN9__gnu_cxxlt...` beside `_ZN9__gnu_cxxne...`)? */
static bool
lt_of (const char *a, const char *ne)
{
  static const char *const ns = "_ZN9__gnu_cxx";
  size_t n = strlen (ns);
  return !strncmp (a, ns, n) && !strncmp (ne, ns, n)
         && !strncmp (a + n, "lt", 2) && !strncmp (ne + n, "ne", 2)
         && !strncmp (a + n + 2, ne + n + 2, strlen (ne + n + 2));
}

bool
wmm_vector_join_loop (gimple *join, tree *vec, class loop **lp)
{
  if (wmm_std_thread_join (join) && vector_index_join_loop (join, vec, lp))
    return true;
  basic_block bb = gimple_bb (join);
  class loop *loop = bb->loop_father;
  tree t = gimple_call_arg (join, 0);
  if (!loop || !loop_outer (loop) || !loop->latch || TREE_CODE (t) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (t))
    return false;
  /* t = *it (operator*), run in the loop's every iteration before the
     one ++it, the only exit the test it != end. */
  gimple *deref = SSA_NAME_DEF_STMT (t);
  static const char *const star[] = { "deEv", "ptEv" };   /* *it, it-> */
  tree it = iter_arg (deref, 0);
  /* the elements' family: std::thread for a join, a future for get ()
     or wait () */
  const vec_family *fam = family_of (wmm_callee_asm_name (deref), true);
  if (!fam || fam->threads != wmm_std_thread_join (join))
    return false;
  const char *VEC = fam->vec, *IT = fam->it, *KIT = fam->kit;
  const char *NE = fam->ne, *EQ = fam->eq;
  if (!it || !named (wmm_callee_asm_name (deref), KIT, star, 2)
      || gimple_bb (deref)->loop_father != loop
      || !every_iteration_joins (loop, join))
    return false;
  gimple *inc = NULL, *test = NULL, *init = NULL, *end_init = NULL;
  tree end = NULL_TREE;
  bool ok = true;
  function *fn = DECL_CONTEXT (it)
                 && TREE_CODE (DECL_CONTEXT (it)) == FUNCTION_DECL
                 ? DECL_STRUCT_FUNCTION (DECL_CONTEXT (it)) : NULL;
  if (!fn || !fn->cfg)
    return false;
  static const char *const pp[] = { "ppEv" }, *const post[] = { "ppEi" };
  /* Every use of `it` (and of the end iterator once known). */
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s))
      return;
    bool uses = false;
    for (unsigned i = 0; i < gimple_num_ops (s); i++)
      {
        uses |= wmm_mentions (gimple_op (s, i), it);
      }
    if (!uses)
      return;
    if (s == deref)
      return;
    if (is_gimple_call (s) && gimple_call_lhs (s) == it && !init
        && gimple_call_num_args (s) == 1 && !strncmp (wmm_callee_asm_name (s), VEC, strlen (VEC))
        && !strcmp (wmm_callee_asm_name (s) + strlen (VEC), "5beginEv"))
      init = s;
    else if (iter_arg (s, 0) == it && !inc && gimple_call_num_args (s) == 1
             && named (wmm_callee_asm_name (s), IT, pp, 1))
      inc = s;
    /* it++ (its result, the old value, is a copy) */
    else if (iter_arg (s, 0) == it && !inc && gimple_call_num_args (s) == 2
             && named (wmm_callee_asm_name (s), IT, post, 1)
             && integer_zerop (gimple_call_arg (s, 1))
             && !wmm_mentions (gimple_call_lhs (s), it))
      inc = s;
    else if (iter_arg (s, 0) == it && !test && gimple_call_num_args (s) == 2
             && (!strncmp (wmm_callee_asm_name (s), NE, strlen (NE))
                 || !strncmp (wmm_callee_asm_name (s), EQ, strlen (EQ))
                 || lt_of (wmm_callee_asm_name (s), NE))
             && iter_arg (s, 1) && iter_arg (s, 1) != it)
      {
        test = s;
        end = iter_arg (s, 1);
      }
    else
      ok = false;
  });
  if (!ok || !init || !inc || !test || !end
      || gimple_bb (init)->loop_father == loop
      || flow_bb_inside_loop_p (loop, gimple_bb (init))
      || gimple_bb (inc)->loop_father != loop
      || !dominated_by_p (CDI_DOMINATORS, gimple_bb (inc), gimple_bb (deref))
      || (gimple_bb (inc) == gimple_bb (deref) && !comes_before (deref, inc))
      || gimple_bb (test) != loop->header)
    return false;
  /* The end iterator: one end (v) before the loop, or in the header
     before the test (`it != v.end ()`, read again in each iteration), read
     by the test only. */
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s) || s == test)
      return;
    for (unsigned i = 0; i < gimple_num_ops (s); i++)
      {
        if (!wmm_mentions (gimple_op (s, i), end))
          continue;
        if (is_gimple_call (s) && gimple_call_lhs (s) == end && !end_init
            && gimple_call_num_args (s) == 1
            && !strncmp (wmm_callee_asm_name (s), VEC, strlen (VEC))
            && !strcmp (wmm_callee_asm_name (s) + strlen (VEC), "3endEv"))
          end_init = s;
        else
          ok = false;
        break;
      }
  });
  tree v = init ? vector_of (gimple_call_arg (init, 0)) : NULL_TREE;
  if (!ok || !end_init
      || (flow_bb_inside_loop_p (loop, gimple_bb (end_init))
          && !(gimple_bb (end_init) == loop->header
               && comes_before (end_init, test)))
      || !v || !same_vector (vector_of (gimple_call_arg (end_init, 0)), v))
    return false;
  /* The test's result decides the loop's only exit, and the loop goes on
     where it != end: `if (ne (&it, &end) != 0)`, or C++20's
     `if (~eq (&it, &end) != 0)`. */
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  tree r = gimple_call_lhs (test);
  if (!cond || !r || TREE_CODE (r) != SSA_NAME
      || !integer_zerop (gimple_cond_rhs (cond))
      || (gimple_cond_code (cond) != NE_EXPR
          && gimple_cond_code (cond) != EQ_EXPR))
    return false;
  /* (it < end, it from begin () by one: true exactly where it != end) */
  bool is_ne = !strncmp (wmm_callee_asm_name (test), NE, strlen (NE))
               || lt_of (wmm_callee_asm_name (test), NE);
  tree cv = gimple_cond_lhs (cond);
  if (cv != r)
    {
      gimple *d = TREE_CODE (cv) == SSA_NAME ? SSA_NAME_DEF_STMT (cv) : NULL;
      if (!d || !is_gimple_assign (d)
          || gimple_assign_rhs_code (d) != BIT_NOT_EXPR
          || gimple_assign_rhs1 (d) != r
          || TREE_CODE (TREE_TYPE (r)) != BOOLEAN_TYPE)
        return false;
      is_ne = !is_ne;   /* cv is the negation */
    }
  /* cv true <=> it != end (is_ne); the edge staying in the loop. */
  edge stay = NULL;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->succs)
    if (flow_bb_inside_loop_p (loop, e->dest))
      stay = stay ? NULL : e;
  if (!stay || !(stay->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
    return false;
  bool stay_when_v = ((stay->flags & EDGE_TRUE_VALUE) != 0)
                     == (gimple_cond_code (cond) == NE_EXPR);
  if (stay_when_v != is_ne)
    return false;
  /* (A throwing join leaves by an EH edge: exceptions are not modelled,
     docs/plugin.md "What is sound where".) */
  for (edge e : get_loop_exit_edges (loop))
    if (e->src != loop->header && !(e->flags & EDGE_EH))
      return false;
  /* Nothing in the loop adds threads to it. */
  if (loop_adds_threads (loop) || (VAR_P (v) && !vector_kept (fn, v)))
    return false;
  *vec = v;
  *lp = loop;
  return true;
}

/* ------------------------------------------------ member thread vectors */

/* Member vectors asked about so far, and the answer (per unit). */
static hash_map<tree, bool> *kept_members;

/* walk_tree callback: a COMPONENT_REF of member `data`. */
static tree
names_member (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == COMPONENT_REF && TREE_OPERAND (*tp, 1) == (tree) data)
    return *tp;
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is type t, or an element or member of it (nested; with pointers, also
 * what a pointer in it points to), the record rec? */
static bool
type_holds (tree t, tree rec, int depth, bool pointers)
{
  if (!t || depth > 8)
    return false;
  t = TYPE_MAIN_VARIANT (t);
  if (t == rec)
    return true;
  if (TREE_CODE (t) == ARRAY_TYPE || (pointers && POINTER_TYPE_P (t)))
    return type_holds (TREE_TYPE (t), rec, depth + 1, pointers);
  if (RECORD_OR_UNION_TYPE_P (t))
    for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
      if (TREE_CODE (f) == FIELD_DECL
          && type_holds (TREE_TYPE (f), rec, depth + 1, pointers))
        return true;
  return false;
}

/* Is the mention of member f in statement s one that keeps its threads:
 * `_1 = &x->f` whose uses are vector_keeps calls, or `&x->f` as the first
 * argument of one? */
static bool
keeps_member (gimple *s, tree f)
{
  tree v;
  auto member_addr = [f] (tree a) {
    return a && TREE_CODE (a) == ADDR_EXPR
           && TREE_CODE (TREE_OPERAND (a, 0)) == COMPONENT_REF
           && TREE_OPERAND (TREE_OPERAND (a, 0), 1) == f;
  };
  if (gimple_assign_single_p (s) && member_addr (gimple_assign_rhs1 (s))
      && TREE_CODE (v = gimple_assign_lhs (s)) == SSA_NAME)
    return vector_address_ok (v, 0);
  if (!is_gimple_call (s) || !vector_keeps (s)
      || !member_addr (gimple_call_arg (s, 0)))
    return false;
  for (unsigned i = 1; i < gimple_call_num_args (s); i++)
    if (walk_tree_without_duplicates (gimple_call_arg_ptr (s, i), names_member,
                                      f))
      return false;
  return !gimple_call_lhs (s)
         || !walk_tree_without_duplicates (gimple_call_lhs_ptr (s),
                                           names_member, f);
}

bool
wmm_member_vector_kept (tree f)
{
  if (!f || TREE_CODE (f) != FIELD_DECL || !DECL_CONTEXT (f)
      || TREE_CODE (DECL_CONTEXT (f)) != RECORD_TYPE)
    return false;
  if (!kept_members)
    kept_members = new hash_map<tree, bool>;
  if (bool *k = kept_members->get (f))
    return *k;
  tree rec = TYPE_MAIN_VARIANT (DECL_CONTEXT (f));
  bool ok = true;
  /* every body of the unit (none unread: another partition, a foreign
     LTO body) */
  ok = wmm_every_body ([&] (function *fn) {
      auto look = [&] (gimple *s) {
        if (!ok || gimple_clobber_p (s) || is_gimple_debug (s))
          return;
        /* a copy of a whole object holding the member copies its
           threads' handles without naming it */
        if (gimple_assign_single_p (s)
            && (type_holds (TREE_TYPE (gimple_assign_lhs (s)), rec, 0)
                || type_holds (TREE_TYPE (gimple_assign_rhs1 (s)), rec, 0)))
          {
            ok = false;
            return;
          }
        for (unsigned i = 0; i < gimple_num_ops (s) && ok; i++)
          if (gimple_op (s, i)
              && walk_tree_without_duplicates (gimple_op_ptr (s, i),
                                               names_member, f))
            ok = keeps_member (s, f);
      };
      wmm_each_stmt (fn, look);
      /* (`p = c ? &a.workers : &b.workers`: an address no use check sees) */
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi) && ok; i++)
          ok = !walk_tree_without_duplicates (gimple_phi_arg_def_ptr (phi, i),
                                              names_member, f);
      });
      return ok;
    }) && ok;
  kept_members->put (f, ok);
  return ok;
}

/* Pointer members asked about by wmm_via_member_once (per unit). */
static hash_map<tree, bool> *once_members;

bool
wmm_via_member_once (tree field)
{
  if (!once_members)
    once_members = new hash_map<tree, bool>;
  if (bool *k = once_members->get (field))
    return *k;
  bool once = wmm_member_written_once (field, NULL, NULL, true);
  /* ... with what a malloc-like call returned: an array apart from every
     object that existed before, *p included */
  bool fresh = false;
  if (once)
    wmm_every_body ([&] (function *fn) {
      wmm_each_stmt (fn, [&] (gimple *g) {
        if (!gimple_assign_single_p (g)
            || TREE_CODE (gimple_assign_lhs (g)) != COMPONENT_REF
            || TREE_OPERAND (gimple_assign_lhs (g), 1) != field)
          return;
        tree v = copy_root (gimple_assign_rhs1 (g));
        fresh = TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
                && is_gimple_call (SSA_NAME_DEF_STMT (v))
                && (gimple_call_flags (SSA_NAME_DEF_STMT (v)) & ECF_MALLOC);
      });
      return true;
    });
  once_members->put (field, once && fresh);
  return once && fresh;
}

bool
wmm_type_holds (tree t, tree rec, bool pointers)
{
  return type_holds (t, TYPE_MAIN_VARIANT (rec), 0, pointers);
}

void
wmm_member_vectors_reset (void)
{
  delete kept_members;
  kept_members = NULL;
  delete once_members;
  once_members = NULL;
}
