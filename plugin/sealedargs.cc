/* sealedargs.cc — the one address a pointer member of a thread's argument
 * holds, when the argument is a local of the function that starts the
 * threads, written only by that function's own statements and only read
 * by the threads.
 *
 * Example:
 *   struct ctx { int *data, *flag; };
 *   main:    struct ctx c = { &data, &flag };
 *            pthread_create (&t, 0, writer, &c);
 *   writer:  struct ctx *c = arg;  *c->data = 42;
 *   -> the store is to `data`, not to an unknown int (memloc.cc,
 *   resolve_pointer), and cannot touch `flag`.
 *
 * Sealed: object O is a non-static local of function F whose address F
 * takes only as the thread argument of creates that start a static
 * function of the unit, whose parameter is only read and written through
 * (loads and stores based on it or a copy of it; compared; nothing else:
 * not stored, not passed on, not returned).  Then no code but F's
 * statements naming O and the threads' stores through their argument
 * write O's bytes.  When no thread's store may touch the member, and every
 * one of F's statements that writes the member's bytes
 * stores the address of one declared object (a store to the member, or a
 * copy of a read-only initialised object), a load of the member yields
 * that address (or the member's value before it is set, which C leaves
 * indeterminate).
 *
 * The same when the creates give the threads elements of a local array
 * (`args[i].lock = &m; pthread_create (.., &args[i])`, the address of an
 * element often first put in a name that only the create uses): the
 * member of every element, whatever its index, and the threads' stores
 * through their argument stay inside their element.
 *
 * The same for a static object of the unit whose address nothing takes
 * (`static struct ctx cfg = { &data, &flag }`): only its initializer and
 * the statements that name it write it; a null initial value counts for
 * none (no access goes through it).
 */
#include "plugin.h"

namespace {

/* object -> index in `written` + 1 when sealed, 0 when not */
hash_map<tree, int> *sealed_cache;
/* per sealed object: the byte ranges [first, second) the threads write
   through their argument (second -1: any) */
vec<vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > > written;

/* a static object's members asked for: obj -> (bits lo, hi, answer) */
struct member_answer {
  HOST_WIDE_INT lo, hi;
  tree value;
};
hash_map<tree, vec<member_answer> > *static_answers;

/* walk_tree callback: is data (a tree) inside? */
tree
find_tree (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* The byte range of the object p points to that reference ref (based on
 * *p) covers: [first, second), or second -1 when it is not constant. */
std::pair<HOST_WIDE_INT, HOST_WIDE_INT>
range_through (tree ref)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  HOST_WIDE_INT bits, pos;
  tree base = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
  if (!base || TREE_CODE (base) != MEM_REF || offset
      || !tree_fits_shwi_p (TREE_OPERAND (base, 1))
      || !bitsize.is_constant (&bits) || !bitpos.is_constant (&pos))
    return std::make_pair ((HOST_WIDE_INT) 0, (HOST_WIDE_INT) -1);
  HOST_WIDE_INT at = tree_to_shwi (TREE_OPERAND (base, 1)) + pos / BITS_PER_UNIT;
  return std::make_pair (at, at + (bits + BITS_PER_UNIT - 1) / BITS_PER_UNIT);
}

/* Does reference r (a load's source or a store's target) use p only as
 * the address of what it accesses? */
bool
based_on (tree r, tree p)
{
  tree base = r;
  while (handled_component_p (base))
    {
      /* (an index computed from p: p escapes into a number) */
      for (int k = 1; k < TREE_OPERAND_LENGTH (base); k++)
        if (TREE_OPERAND (base, k)
            && walk_tree (&TREE_OPERAND (base, k), find_tree, p, NULL))
          return false;
      base = TREE_OPERAND (base, 0);
    }
  return TREE_CODE (base) == MEM_REF && TREE_OPERAND (base, 0) == p;
}

/* Is every use of SSA pointer p (through copies and conversions) a load
 * based on it, a store of a value that is not p through it, or a
 * comparison?  The stores' ranges go into *w. */
bool
only_read_through (tree p, int depth,
                   vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > *w)
{
  if (depth > 8)
    return false;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, p)
    {
      if (is_gimple_debug (use) || gimple_code (use) == GIMPLE_COND)
        continue;
      if (!is_gimple_assign (use))
        return false;
      tree lhs = gimple_assign_lhs (use);
      enum tree_code code = gimple_assign_rhs_code (use);
      if ((code == SSA_NAME || CONVERT_EXPR_CODE_P (code))
          && TREE_CODE (lhs) == SSA_NAME)
        {
          if (!only_read_through (lhs, depth + 1, w))
            return false;
          continue;
        }
      if (TREE_CODE_CLASS (code) == tcc_comparison)
        continue;
      if (!gimple_assign_single_p (use))
        return false;
      tree rhs = gimple_assign_rhs1 (use);
      bool in_lhs = walk_tree (&lhs, find_tree, p, NULL);
      bool in_rhs = walk_tree (&rhs, find_tree, p, NULL);
      /* a load: p only as the address of what it reads */
      if (in_rhs && !(gimple_assign_load_p (use) && based_on (rhs, p)))
        return false;
      /* a store through p: its bytes are the threads' */
      if (in_lhs)
        {
          if (!gimple_store_p (use) || !based_on (lhs, p))
            return false;
          w->safe_push (range_through (lhs));
        }
    }
  return true;
}

/* Is routine a static function of the unit whose first parameter is only
 * read and written through (the written ranges into *w)? */
bool
routine_reads_arg (tree routine,
                   vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > *w)
{
  if (!routine || TREE_CODE (routine) != FUNCTION_DECL || TREE_PUBLIC (routine)
      || DECL_EXTERNAL (routine))
    return false;
  cgraph_node *node = cgraph_node::get (routine);
  function *fn = node ? wmm_analysable_body (node) : NULL;
  tree parm = DECL_ARGUMENTS (routine);
  if (!fn || !gimple_in_ssa_p (fn))
    return false;
  if (!parm)
    return true;   /* (the argument unused) */
  tree d = ssa_default_def (fn, parm);
  return !d || only_read_through (d, 0, w);
}

/* What sealed () learns of an object's statements. */
struct seal_walk {
  tree obj;
  bool broken;
  bool whole, elements;   /* creates given &obj, given &obj[i] */
  vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > written;
};

/* Is call s a create that gives its thread `a` (the address of w->obj, or
 * of one of its elements) as the argument, and nothing else of obj, for a
 * routine that only reads and writes through it? */
bool
create_gives (gimple *s, tree a, seal_walk *w)
{
  tree routine;
  int ai = is_gimple_call (s) ? wmm_thread_arg_index (s) : -1;
  if (ai < 0 || (unsigned) ai >= gimple_call_num_args (s)
      || gimple_call_arg (s, ai) != a || !wmm_is_thread_create (s, &routine)
      || !routine_reads_arg (routine, &w->written))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    if ((int) i != ai)
      {
        tree other = gimple_call_arg (s, i);
        if (walk_tree (&other, find_tree, w->obj, NULL)
            || (TREE_CODE (a) == SSA_NAME && other == a))
          return false;
      }
  return true;
}

/* visit_addr callback: an address taken in a statement; data is the
 * seal_walk, whose flag says it was taken other than as a thread's
 * argument (directly, or through a name set to it that only creates
 * use). */
bool
note_addr (gimple *s, tree op, tree, void *data)
{
  seal_walk *w = (seal_walk *) data;
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (base != w->obj)
    return false;
  /* (the thread argument: the object, or one element of it) */
  bool whole = op == w->obj;
  bool element = TREE_CODE (op) == ARRAY_REF && TREE_OPERAND (op, 0) == w->obj;
  bool ok = false;
  if ((whole || element) && is_gimple_call (s))
    {
      int ai = wmm_thread_arg_index (s);
      tree a = ai >= 0 && (unsigned) ai < gimple_call_num_args (s)
               ? gimple_call_arg (s, ai) : NULL_TREE;
      ok = a && TREE_CODE (a) == ADDR_EXPR && TREE_OPERAND (a, 0) == op
           && create_gives (s, a, w);
    }
  else if ((whole || element) && gimple_assign_single_p (s)
           && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME
           && TREE_CODE (gimple_assign_rhs1 (s)) == ADDR_EXPR
           && TREE_OPERAND (gimple_assign_rhs1 (s), 0) == op)
    {
      /* `_3 = &args[i]; pthread_create (.., _3)` */
      tree t = gimple_assign_lhs (s);
      imm_use_iterator it;
      gimple *use;
      ok = true;
      FOR_EACH_IMM_USE_STMT (use, it, t)
        if (!is_gimple_debug (use) && !create_gives (use, t, w))
          ok = false;
    }
  w->whole |= ok && whole;
  w->elements |= ok && element;
  if (!ok)
    w->broken = true;
  return false;
}

/* The ranges the threads write of obj when it is sealed (see the file's
 * comment), else NULL; *elements: the creates give the threads elements
 * of obj (the ranges are then an element's), not obj itself. */
const vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > *
sealed (tree obj, bool *elements)
{
  if (!VAR_P (obj) || TREE_STATIC (obj) || DECL_EXTERNAL (obj)
      || DECL_NONLOCAL (obj) || DECL_HAS_VALUE_EXPR_P (obj)
      || TREE_THIS_VOLATILE (obj) || !DECL_CONTEXT (obj)
      || TREE_CODE (DECL_CONTEXT (obj)) != FUNCTION_DECL)
    return NULL;
  if (!sealed_cache)
    sealed_cache = new hash_map<tree, int>;
  if (int *v = sealed_cache->get (obj))
    {
      *elements = *v < 0;
      return *v ? &written[abs (*v) - 1] : NULL;
    }
  cgraph_node *node = cgraph_node::get (DECL_CONTEXT (obj));
  function *fn = node ? wmm_analysable_body (node) : NULL;
  seal_walk w = { obj, fn == NULL, false, false, vNULL };
  if (fn)
    wmm_each_stmt (fn, [&] (gimple *s) {
      if (w.broken)
        return;
      if (gimple_code (s) == GIMPLE_ASM)
        {
          /* (asm operands: whatever they name may be written) */
          for (unsigned i = 0; i < gimple_num_ops (s); i++)
            {
              tree op = gimple_op (s, i);
              if (op && walk_tree (&op, find_tree, obj, NULL))
                w.broken = true;
            }
          return;
        }
      walk_stmt_load_store_addr_ops (s, &w, NULL, NULL, note_addr);
    });
  /* (the threads' ranges mean one thing: the object's or an element's) */
  if (w.broken || w.whole == w.elements)
    {
      w.written.release ();
      sealed_cache->put (obj, 0);
      return NULL;
    }
  written.safe_push (w.written);
  *elements = w.elements;
  sealed_cache->put (obj, w.elements ? -(int) written.length ()
                                     : (int) written.length ());
  return &written.last ();
}

/* v, when it is the address of a declared object or of a part of it at a
 * constant offset (one address: not `&a[i]`), else NULL. */
tree
decl_address (tree v)
{
  if (!v || TREE_CODE (v) != ADDR_EXPR)
    return NULL_TREE;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree base = wmm_inner_ref (TREE_OPERAND (v, 0), &bitsize, &bitpos, &offset);
  return base && DECL_P (base) && !offset && bitpos.is_constant () ? v : NULL_TREE;
}

/* The bits [*pos, *pos + *bits) of an element of array obj that
 * reference ref (`obj[i].f`, `obj[2].a[1]`, any index into obj, constant
 * ones inside it) covers; false when it is not such a reference. */
bool
element_range (tree ref, tree obj, HOST_WIDE_INT *pos, HOST_WIDE_INT *bits)
{
  tree size = TREE_CODE (ref) == COMPONENT_REF
              ? DECL_SIZE (TREE_OPERAND (ref, 1)) : TYPE_SIZE (TREE_TYPE (ref));
  if (!size || !tree_fits_shwi_p (size))
    return false;
  *bits = tree_to_shwi (size);
  *pos = 0;
  for (tree t = ref;; t = TREE_OPERAND (t, 0))
    {
      if (TREE_CODE (t) == ARRAY_REF && TREE_OPERAND (t, 0) == obj)
        return true;
      if (TREE_CODE (t) == COMPONENT_REF)
        {
          tree at = bit_position (TREE_OPERAND (t, 1));
          if (!tree_fits_shwi_p (at))
            return false;
          *pos += tree_to_shwi (at);
        }
      else if (TREE_CODE (t) == ARRAY_REF)
        {
          tree idx = TREE_OPERAND (t, 1), low = array_ref_low_bound (t);
          tree esz = TYPE_SIZE (TREE_TYPE (t));
          if (TREE_CODE (idx) != INTEGER_CST || !tree_fits_shwi_p (low)
              || !esz || !tree_fits_shwi_p (esz))
            return false;
          *pos += (tree_to_shwi (idx) - tree_to_shwi (low)) * tree_to_shwi (esz);
        }
      else
        return false;
    }
}

/* What statement s stores into the bits [lo, hi) of obj (of each element
 * of obj, elem_bits wide, when elem_bits is not 0): NULL_TREE when it
 * writes none of them or zeros (a null pointer, which no access goes
 * through), the address it stores there (decl_address), or
 * error_mark_node when it writes them with anything else. */
tree
member_store (gimple *s, tree obj, HOST_WIDE_INT lo, HOST_WIDE_INT hi,
              HOST_WIDE_INT elem_bits = 0)
{
  if (!gimple_vdef (s) || gimple_clobber_p (s))
    return NULL_TREE;
  /* (a call or asm writes obj only through its address, which is not
     taken: only stores naming obj write it) */
  tree lhs = gimple_get_lhs (s);
  if (!lhs || get_base_address (lhs) != obj)
    return NULL_TREE;
  poly_int64 pbitsize, pbitpos;
  tree offset;
  HOST_WIDE_INT bits, pos;
  tree rhs = is_gimple_assign (s) && gimple_assign_single_p (s)
             ? gimple_assign_rhs1 (s) : NULL_TREE;
  /* (zeros: a null pointer, which no access goes through) */
  bool zeros = rhs && TREE_CODE (rhs) == CONSTRUCTOR
               && CONSTRUCTOR_NELTS (rhs) == 0;
  if (elem_bits)
    {
      /* an element's member, whichever element */
      if (!element_range (lhs, obj, &pos, &bits) || bits > elem_bits
          || pos + bits > elem_bits)
        return zeros ? NULL_TREE : error_mark_node;
    }
  else
    {
      tree base = wmm_inner_ref (lhs, &pbitsize, &pbitpos, &offset);
      if (base != obj || offset || !pbitsize.is_constant (&bits)
          || !pbitpos.is_constant (&pos))
        return zeros ? NULL_TREE : error_mark_node;
    }
  if (pos + bits <= lo || pos >= hi)
    return NULL_TREE;   /* (another member) */
  tree v = NULL_TREE;
  if (zeros)
    return NULL_TREE;
  if (!rhs)
    return error_mark_node;
  if (pos == lo && bits == hi - lo)
    v = decl_address (rhs);
  else if (pos <= lo && pos + bits >= hi)
    {
      /* a copy of a read-only initialised object over the member */
      if (VAR_P (rhs) && TREE_READONLY (rhs) && TREE_STATIC (rhs)
          && DECL_INITIAL (rhs) && TREE_CODE (DECL_INITIAL (rhs)) == CONSTRUCTOR)
        v = decl_address (fold_ctor_reference (ptr_type_node,
                                               DECL_INITIAL (rhs),
                                               lo - pos, hi - lo, rhs));
    }
  return v ? v : error_mark_node;
}

/* Is obj a static object of the unit whose address nothing takes (so only
 * statements naming it write it)? */
bool
unnamed_static (tree obj)
{
  return VAR_P (obj) && TREE_STATIC (obj) && !TREE_PUBLIC (obj)
         && !DECL_EXTERNAL (obj) && !TREE_ADDRESSABLE (obj)
         && !TREE_THIS_VOLATILE (obj) && !DECL_THREAD_LOCAL_P (obj)
         && !DECL_HAS_VALUE_EXPR_P (obj);
}

/* Fold a store's value v (member_store's answer) into *one, the value
 * every store so far gave: false after an unknown one or a second value. */
bool
same_value (tree v, tree *one)
{
  if (!v)
    return true;
  if (v == error_mark_node || (*one && !operand_equal_p (*one, v, 0)))
    return false;
  *one = v;
  return true;
}

/* The one address the bytes [off, off + size) of sealed local obj hold
 * (of each of its elements, elem_bits wide, when elem_bits is not 0: the
 * threads were given elements), or NULL. */
tree
local_member_value (tree obj, HOST_WIDE_INT off, HOST_WIDE_INT size,
                    HOST_WIDE_INT elem_bits)
{
  bool elements = false;
  const vec<std::pair<HOST_WIDE_INT, HOST_WIDE_INT> > *w = sealed (obj, &elements);
  if (!w || elements != (elem_bits != 0))
    return NULL_TREE;
  for (const std::pair<HOST_WIDE_INT, HOST_WIDE_INT> &r : *w)
    if (r.second < 0 || (r.first < off + size && off < r.second)
        || (elem_bits && (r.first < 0 || r.second * BITS_PER_UNIT > elem_bits)))
      return NULL_TREE;   /* (a thread writes the member, or past its element) */
  HOST_WIDE_INT lo = off * BITS_PER_UNIT, hi = (off + size) * BITS_PER_UNIT;
  tree one = NULL_TREE;
  bool bad = false;
  function *fn = wmm_analysable_body (cgraph_node::get (DECL_CONTEXT (obj)));
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!bad)
      bad = !same_value (member_store (s, obj, lo, hi, elem_bits), &one);
  });
  return bad ? NULL_TREE : one;
}

} // anon namespace

tree
wmm_sealed_member_value (tree obj, HOST_WIDE_INT off, HOST_WIDE_INT size)
{
  if (!obj || size <= 0)
    return NULL_TREE;
  HOST_WIDE_INT lo = off * BITS_PER_UNIT, hi = (off + size) * BITS_PER_UNIT;
  tree one = NULL_TREE;
  bool bad = false;
  auto take = [&] (tree v) {
    if (!bad)
      bad = !same_value (v, &one);
  };
  if (unnamed_static (obj))
    {
      if (!static_answers)
        static_answers = new hash_map<tree, vec<member_answer> >;
      vec<member_answer> &known = static_answers->get_or_insert (obj);
      for (const member_answer &a : known)
        if (a.lo == lo && a.hi == hi)
          return a.value;
      /* its initial value (a null pointer, which no access can go
         through, counts for none) and every store of the unit's code */
      tree init = DECL_INITIAL (obj);
      if (init && TREE_CODE (init) == CONSTRUCTOR)
        {
          tree v = fold_ctor_reference (ptr_type_node, init, lo, hi - lo, obj);
          take (!v ? error_mark_node
                : integer_zerop (v) ? NULL_TREE
                : decl_address (v) ? v : error_mark_node);
        }
      else if (init && init != error_mark_node && !integer_zerop (init))
        bad = true;
      if (!bad && !wmm_every_body ([&] (function *fn) {
            wmm_each_stmt (fn, [&] (gimple *s) {
              if (!bad)
                take (member_store (s, obj, lo, hi));
            });
            return !bad;
          }))
        bad = true;
      known.safe_push ({ lo, hi, bad ? NULL_TREE : one });
      return bad ? NULL_TREE : one;
    }
  return local_member_value (obj, off, size, 0);
}

tree
wmm_sealed_element_member (tree ptr, HOST_WIDE_INT off, HOST_WIDE_INT size)
{
  /* the parameter ptr is (through copies and conversions) */
  for (int k = 0; k < 8 && ptr && TREE_CODE (ptr) == SSA_NAME
                  && !SSA_NAME_IS_DEFAULT_DEF (ptr); k++)
    {
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!is_gimple_assign (def)
          || (gimple_assign_rhs_code (def) != SSA_NAME
              && !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))))
        return NULL_TREE;
      ptr = gimple_assign_rhs1 (def);
    }
  if (!ptr || TREE_CODE (ptr) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (ptr)
      || !SSA_NAME_VAR (ptr) || TREE_CODE (SSA_NAME_VAR (ptr)) != PARM_DECL)
    return NULL_TREE;
  /* every value of it the address of an element of one array */
  tree obj = NULL_TREE;
  bool ok = wmm_each_param_source (SSA_NAME_VAR (ptr), [&] (tree a, cgraph_node *) {
    /* (`_3 = &args[i]; pthread_create (.., _3)`) */
    if (a && TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
        && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
      a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
    tree e = a && TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0) : NULL_TREE;
    tree o = e && TREE_CODE (e) == ARRAY_REF ? TREE_OPERAND (e, 0) : NULL_TREE;
    if (!o || !VAR_P (o) || (obj && o != obj))
      return false;
    obj = o;
    return true;
  });
  tree esize = ok && obj ? TYPE_SIZE (TREE_TYPE (TREE_TYPE (obj))) : NULL_TREE;
  if (!esize || !tree_fits_shwi_p (esize) || tree_to_shwi (esize) <= 0
      || off < 0 || (off + size) * BITS_PER_UNIT > tree_to_shwi (esize))
    return NULL_TREE;
  return local_member_value (obj, off, size, tree_to_shwi (esize));
}

void
wmm_sealed_args_reset (void)
{
  delete sealed_cache;
  sealed_cache = NULL;
  if (static_answers)
    for (auto e : *static_answers)
      e.second.release ();
  delete static_answers;
  static_answers = NULL;
  for (auto &v : written)
    v.release ();
  written.release ();
}
