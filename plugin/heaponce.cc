/* heaponce.cc — heap objects the program makes once: the object of a
 * malloc-like call that runs at most once while the program runs, and
 * the values that always hold its address.
 *
 * A call runs at most once when it lies on no cycle of its function's
 * CFG (setjmp's abnormal edges included: a longjmp may run it again) and
 * its function runs at most once (entries.cc wmm_runs_once: main, never
 * called again, or a static function whose address is not taken with one
 * call site that runs at most once; not C++ inline code, which other
 * units may call too).  Every value that holds the
 * object's address then names one object for the whole run, as a global
 * does: the name, copies and conversions of it, what a function of the
 * unit returns when every return gives it (or a null pointer, through
 * which no object is reached), and a parameter every call of which — and
 * every create, for a static start routine — passes it.  Lock keys use
 * it (locks.cc): `pthread_mutex_lock (&p->lock)` in a worker given the
 * pool and in `pool_submit (p, ...)` called from main hold one lock; and
 * so do memory locations (memloc.cc, wmm_heap_once_at: pointers into the
 * object at known offsets), which makes its members locations of their
 * own, as a declared object's.
 *
 * Example:  static pool_t *pool_create (int n) { pool_t *p = calloc (1,
 *   sizeof *p); ... pthread_create (&t, 0, worker, p); return p; }
 *   int main () { pool_t *p = pool_create (4); pool_submit (p, 1); ... }
 *   -> worker's parameter, main's p and pool_submit's p all hold the
 *   object of pool_create's calloc (key: calloc's result, p_3).
 */
#include "plugin.h"
#include "handles.h"

namespace {

/* value -> its answer (NULL: none, also while it is being computed) */
hash_map<tree, tree> *answers;
/* malloc-like call -> the function it is in */
hash_map<gimple *, cgraph_node *> *allocs;
/* static variable -> the statements that store into it */
hash_map<tree, vec<gimple *> > *static_stores;


/* Does call s return a new object: a malloc-like function, or the
 * replaceable global operator new (whose every call gives storage no
 * other object has)? */
bool
allocation (gimple *s)
{
  if (!is_gimple_call (s))
    return false;
  tree fn = gimple_call_fndecl (s);
  return (gimple_call_flags (s) & ECF_MALLOC)
         || (fn && DECL_IS_OPERATOR_NEW_P (fn)
             && DECL_IS_REPLACEABLE_OPERATOR (fn));
}

/* Does statement s of function `node` run at most once while the
 * program runs: on no cycle of its CFG (setjmp's abnormal edges
 * included), in a function that runs once (entries.cc)? */
bool
stmt_runs_once (gimple *s, cgraph_node *node)
{
  return gimple_bb (s) && !wmm_bb_on_cycle (gimple_bb (s), NULL)
         && wmm_runs_once (node->decl);
}

tree heap_once (tree v, int depth);

/* Is x a null pointer (a constant, or a name set to one)? */
bool
null_value (tree x)
{
  for (int steps = 0; x && steps < 8; steps++)
    {
      if (integer_zerop (x))
        return true;
      if (TREE_CODE (x) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (x))
        return false;
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (x));
      if (!g || !(gimple_assign_single_p (g)
                  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))))
        return false;
      x = gimple_assign_rhs1 (g);
    }
  return false;
}

/* Fold answer a into the common one (*one): false when they differ. */
bool
agree (tree *one, tree a)
{
  if (!a || (*one && *one != a))
    return false;
  *one = a;
  return true;
}

/* The object every return of function fndecl gives (null pointers
 * aside), or NULL. */
tree
returned (tree fndecl, int depth)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  function *fn = node ? wmm_analysable_body (node->ultimate_alias_target ())
                      : NULL;
  if (!fn)
    return NULL_TREE;
  tree one = NULL_TREE;
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (greturn *r = dyn_cast<greturn *> (s))
      {
        tree v = gimple_return_retval (r);
        if (ok && !null_value (v))
          ok = v && agree (&one, heap_once (v, depth + 1));
      }
  });
  return ok ? one : NULL_TREE;
}

/* The variable reference `ref` is a word of, its bit position and size
 * in *pos and *size; NULL when not a constant part of a variable. */
tree
word_of (tree ref, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  tree b = wmm_ref_bits (ref, pos, size);
  return b && VAR_P (b) ? b : NULL_TREE;
}

/* The object a load `ref` of a static's word gives: the static is the
 * unit's (not exported, its address never taken, not thread-local,
 * zero-initialised), and every store to it that overlaps the word
 * stores exactly that word, the object or a null pointer.
 * Example: static pool_t *the_pool;  main: the_pool = pool_create (4);
 *   a worker's `the_pool->head`. */
tree
static_word (tree ref, int depth)
{
  HOST_WIDE_INT pos, size;
  tree decl = word_of (ref, &pos, &size);
  if (!decl || !TREE_STATIC (decl) || TREE_PUBLIC (decl)
      || DECL_EXTERNAL (decl) || TREE_ADDRESSABLE (decl)
      || DECL_THREAD_LOCAL_P (decl) || TREE_THIS_VOLATILE (decl))
    return NULL_TREE;
  tree init = wmm_decl_initial (decl);
  if (init && !integer_zerop (init)
      && !(TREE_CODE (init) == CONSTRUCTOR && CONSTRUCTOR_NELTS (init) == 0))
    return NULL_TREE;
  vec<gimple *> *stores = static_stores->get (decl);
  tree one = NULL_TREE;
  for (unsigned i = 0; stores && i < stores->length (); i++)
    {
      gimple *s = (*stores)[i];
      tree lhs = is_gimple_assign (s) ? gimple_assign_lhs (s) : NULL_TREE;
      HOST_WIDE_INT p, n;
      if (!lhs || word_of (lhs, &p, &n) != decl)
        return NULL_TREE;
      if (p + n <= pos || pos + size <= p)
        continue;
      if (p != pos || n != size || !gimple_assign_single_p (s))
        return NULL_TREE;
      tree v = gimple_assign_rhs1 (s);
      if (!null_value (v) && !agree (&one, heap_once (v, depth + 1)))
        return NULL_TREE;
    }
  return one;
}

/* The object parameter value v (a default definition) always holds:
 * every call of its function passes it, and for a static start routine
 * every create that starts it. */
tree
param_once (tree v, int depth)
{
  tree one = NULL_TREE;
  return wmm_each_param_source (SSA_NAME_VAR (v), [&] (tree a, cgraph_node *) {
           return agree (&one, heap_once (a, depth + 1)); })
         ? one : NULL_TREE;
}

/* wmm_heap_once at `depth` steps from the first question. */
tree
heap_once (tree v, int depth)
{
  if (!v || TREE_CODE (v) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (v))
      || depth > 12)
    return NULL_TREE;
  bool existed;
  answers->get_or_insert (v, &existed);
  if (existed)
    return *answers->get (v);
  tree a = NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    a = param_once (v, depth);
  else if (gassign *g = dyn_cast<gassign *> (def))
    {
      if (gimple_assign_rhs_code (g) == SSA_NAME
          || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
        a = heap_once (gimple_assign_rhs1 (g), depth + 1);
      /* a static pointer every store of which puts the object there */
      else if (gimple_assign_single_p (g)
               && (a = static_word (gimple_assign_rhs1 (g), depth)))
        ;
      /* a lambda's captured `this` (localfields.cc): every store to the
         member puts the object there */
      else if (const vec<tree> *st
               = wmm_local_member_stores (gimple_assign_rhs1 (g)))
        {
          tree one = NULL_TREE;
          bool ok = true;
          for (tree x : *st)
            if (ok && !null_value (x))
              ok = agree (&one, heap_once (x, depth + 1));
          a = ok ? one : NULL_TREE;
        }
    }
  else if (gcall *c = dyn_cast<gcall *> (def))
    {
      tree callee = gimple_call_fndecl (c);
      cgraph_node **in = allocs->get (c);
      if (allocation (c))
        a = in && gimple_call_lhs (c) == v && stmt_runs_once (c, *in)
            ? v : NULL_TREE;
      else if (callee)
        a = returned (callee, depth);
    }
  else if (gphi *p = dyn_cast<gphi *> (def))
    {
      tree one = NULL_TREE;
      bool ok = true;
      for (unsigned i = 0; ok && i < gimple_phi_num_args (p); i++)
        {
          tree x = gimple_phi_arg_def (p, i);
          if (!null_value (x))
            ok = agree (&one, heap_once (x, depth + 1));
        }
      a = ok ? one : NULL_TREE;
    }
  answers->put (v, a);
  return a;
}

/* parameter value -> (object, offset) of heap_at, or (NULL, 0) */
hash_map<tree, std::pair<tree, HOST_WIDE_INT> > *places;

/* wmm_heap_once_at at `depth` steps from the first question. */
tree
heap_at (tree ptr, HOST_WIDE_INT *off, int depth)
{
  *off = 0;
  for (int steps = 0; steps < 16 && depth <= 8; steps++)
    {
      if (TREE_CODE (ptr) == ADDR_EXPR)
        {
          /* &q->f, &MEM[q + 8].g: q's object at the member's offset */
          HOST_WIDE_INT bits, size;
          tree b = wmm_ref_bits (TREE_OPERAND (ptr, 0), &bits, &size);
          if (!b || bits % BITS_PER_UNIT || TREE_CODE (b) != MEM_REF
              || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
            return NULL_TREE;
          *off += bits / BITS_PER_UNIT + tree_to_shwi (TREE_OPERAND (b, 1));
          ptr = TREE_OPERAND (b, 0);
          continue;
        }
      if (TREE_CODE (ptr) != SSA_NAME)
        return NULL_TREE;
      if (tree h = heap_once (ptr, depth))
        return h;
      if (SSA_NAME_IS_DEFAULT_DEF (ptr))
        {
          /* a parameter every call gives one place of the object (`this`
             of a member's method: &pool->jobs) */
          bool existed;
          std::pair<tree, HOST_WIDE_INT> &slot
            = places->get_or_insert (ptr, &existed);
          if (existed)
            {
              *off += slot.second;
              return slot.first;
            }
          slot = std::make_pair (NULL_TREE, (HOST_WIDE_INT) 0);
          HOST_WIDE_INT at;
          tree obj = wmm_param_one_place_by (SSA_NAME_VAR (ptr), &at,
                                             [depth] (tree a, cgraph_node *,
                                                      HOST_WIDE_INT *o) {
            return heap_at (a, o, depth + 1);
          });
          if (!obj)
            return NULL_TREE;
          places->put (ptr, std::make_pair (obj, at));
          *off += at;
          return obj;
        }
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr));
      if (!g)
        return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (g);
      if (code == POINTER_PLUS_EXPR
          && tree_fits_shwi_p (gimple_assign_rhs2 (g)))
        *off += tree_to_shwi (gimple_assign_rhs2 (g));
      else if (code != ADDR_EXPR && code != SSA_NAME
               && !CONVERT_EXPR_CODE_P (code))
        return NULL_TREE;
      ptr = gimple_assign_rhs1 (g);
    }
  return NULL_TREE;
}

/* The tables, made on the first question of a unit. */
void
start (void)
{
  if (answers)
    return;
  answers = new hash_map<tree, tree>;
  places = new hash_map<tree, std::pair<tree, HOST_WIDE_INT> >;
  allocs = new hash_map<gimple *, cgraph_node *>;
  static_stores = new hash_map<tree, vec<gimple *> >;
  wmm_each_body ([] (cgraph_node *node, function *fn) {
    wmm_each_stmt (fn, [node] (gimple *s) {
      if (allocation (s))
        allocs->put (s, node);
      /* stores into a static (asm outputs: any part of it) */
      auto note = [s] (tree ref) {
        tree b = ref ? get_base_address (ref) : NULL_TREE;
        if (b && VAR_P (b) && TREE_STATIC (b))
          static_stores->get_or_insert (b).safe_push (s);
      };
      if (gasm *a = dyn_cast<gasm *> (s))
        for (unsigned i = 0; i < gimple_asm_noutputs (a); i++)
          note (TREE_VALUE (gimple_asm_output_op (a, i)));
      else if (gimple_vdef (s))
        note (gimple_get_lhs (s));
    });
  });
}

} // anon namespace

tree
wmm_heap_once_at (tree ptr, HOST_WIDE_INT *off)
{
  start ();
  return heap_at (ptr, off, 0);
}

tree
wmm_heap_once (tree v)
{
  start ();
  return heap_once (v, 0);
}

bool
wmm_heap_once_key (tree key)
{
  return key && TREE_CODE (key) == SSA_NAME && wmm_heap_once (key) == key;
}

void
wmm_heap_once_reset (void)
{
  delete answers;
  answers = NULL;
  delete allocs;
  allocs = NULL;
  delete places;
  places = NULL;
  if (static_stores)
    for (auto st : *static_stores)
      st.second.release ();
  delete static_stores;
  static_stores = NULL;
}
