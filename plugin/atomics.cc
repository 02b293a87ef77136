/* atomics.cc — the memory order of an atomic builtin, taken where it becomes
 * known.
 *
 * The plugin runs before inlining.  libstdc++'s std::atomic<T>::store(v, m),
 * load(m), exchange, fetch_*, compare_exchange_* and std::atomic_thread_fence
 * (and C wrappers written the same way) pass a parameter as the order of the
 * builtin; after inlining GCC expands the order the caller gave, so the
 * order is followed back: through conversions, copies, PHIs and masks
 * (`m & __memory_order_mask`, `m | __memory_order_hle_acquire`) to a
 * parameter, then to the argument of every call site of its function in the
 * unit, recursively (bounded), or from a lambda's captured member to the
 * values the unit stores there (localfields.cc).  The result is the
 * WEAKEST order over all the values found: an unknown value (a load, a
 * call result, a function with no visible caller, an address-taken
 * function, a thread entry) is relaxed.
 * GCC never expands an order weaker than the constant it sees, and a
 * non-constant order as seq_cst, so the weakest is always sound.  At -O0
 * (whole unit) a non-constant order stays non-constant after inlining (the
 * inliner copies the argument into a variable unless the parameter is
 * const): GCC expands seq_cst, and so does the model.
 *
 * Example:  static void st(int *p, int v, int mo) { __atomic_store_n(p, v, mo); }
 *           st(&x, 1, __ATOMIC_RELEASE); st(&y, 1, __ATOMIC_RELAXED);
 *   the store in st is relaxed (with a note that the callers differ).
 */
#include "plugin.h"

namespace {

/* Bounds of the walk back through wrappers: call depth and visited values. */
const int MAX_DEPTH = 8;
const int MAX_STEPS = 256;

/* Ordering bits of a memory order (consume counts as acquire, as in GCC). */
struct order_bits {
  bool acq, rel, sc;
};

order_bits
bits_of (enum memmodel mo)
{
  order_bits b;
  b.sc = is_mm_seq_cst (mo);
  b.acq = b.sc || is_mm_acquire (mo) || is_mm_acq_rel (mo)
          || is_mm_consume (mo);
  b.rel = b.sc || is_mm_release (mo) || is_mm_acq_rel (mo);
  return b;
}

enum memmodel
model_of (order_bits b)
{
  if (b.sc)
    return MEMMODEL_SEQ_CST;
  if (b.acq && b.rel)
    return MEMMODEL_ACQ_REL;
  if (b.acq)
    return MEMMODEL_ACQUIRE;
  return b.rel ? MEMMODEL_RELEASE : MEMMODEL_RELAXED;
}

/* The walk over the values an order operand may take. */
struct order_walk {
  int steps;
  bool any;              /* some value was met */
  enum memmodel first;   /* the first constant met */
  bool varies;           /* two different constants were met */
  bool readonly_parm;    /* a const parameter was on the way (at -O0 the
                            inliner puts a constant argument in its place) */
  order_bits meet;       /* what every value met has */
};

void
meet_value (order_walk *w, enum memmodel mo)
{
  order_bits b = bits_of (mo);
  if (!w->any)
    {
      w->any = true;
      w->first = mo;
      w->meet = b;
      return;
    }
  if (mo != w->first)
    w->varies = true;
  w->meet.acq &= b.acq;
  w->meet.rel &= b.rel;
  w->meet.sc &= b.sc;
}

void walk_value (wmm_unitinfo *u, tree t, unsigned HOST_WIDE_INT mask,
                 int depth, order_walk *w);

/* Can a caller outside the call edges of the unit give this function its
 * arguments (an indirect call, an alias, a thread start, no visible call)? */
bool
unseen_callers (wmm_unitinfo *u, cgraph_node *node)
{
  if (!node || !node->callers || node->address_taken
      || node->has_aliases_p ())
    return true;
  int unit = wmm_unit_of (u, node->decl);
  return unit >= 0 && u->units[unit].entry;
}

/* The values parameter p takes: argument k at every call site. */
void
walk_parm (wmm_unitinfo *u, tree p, unsigned HOST_WIDE_INT mask, int depth,
           order_walk *w)
{
  tree fn = DECL_CONTEXT (p);
  if (TREE_READONLY (p))
    w->readonly_parm = true;
  int k = fn && TREE_CODE (fn) == FUNCTION_DECL ? wmm_param_index (fn, p) : -1;
  cgraph_node *node = k >= 0 ? cgraph_node::get (fn) : NULL;
  if (depth >= MAX_DEPTH || unseen_callers (u, node))
    {
      meet_value (w, MEMMODEL_RELAXED);
      return;
    }
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    {
      gcall *call = e->call_stmt;
      if (!call || (unsigned) k >= gimple_call_num_args (call))
        meet_value (w, MEMMODEL_RELAXED);
      else
        walk_value (u, gimple_call_arg (call, k), mask, depth + 1, w);
    }
}

/* A constant OR-ed into an order that leaves its base bits alone (HLE). */
bool
keeps_base (tree c, unsigned HOST_WIDE_INT mask)
{
  return TREE_CODE (c) == INTEGER_CST
         && (TREE_INT_CST_LOW (c) & mask & MEMMODEL_BASE_MASK) == 0;
}

/* The values an SSA name's defining statement gives it. */
void
walk_def (wmm_unitinfo *u, tree t, unsigned HOST_WIDE_INT mask, int depth,
          order_walk *w)
{
  gimple *def = SSA_NAME_DEF_STMT (t);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        walk_value (u, gimple_phi_arg_def (phi, k), mask, depth, w);
      return;
    }
  if (!is_gimple_assign (def))
    {
      meet_value (w, MEMMODEL_RELAXED);
      return;
    }
  tree_code code = gimple_assign_rhs_code (def);
  tree a = gimple_assign_rhs1 (def);
  tree b = gimple_num_ops (def) > 2 ? gimple_assign_rhs2 (def) : NULL;
  /* a lambda's captured order (`[__m, this] { return load (__m); }`, the
     closure of std::atomic<T>::wait): the values the unit's stores put
     into that member of the closure (localfields.cc) */
  if (code == COMPONENT_REF)
    {
      const vec<tree> *stores = wmm_local_member_stores (a);
      if (!stores || depth >= MAX_DEPTH)
        meet_value (w, MEMMODEL_RELAXED);
      else
        for (tree x : *stores)
          if (x)
            walk_value (u, x, mask, depth + 1, w);
          else
            meet_value (w, MEMMODEL_RELAXED);
      return;
    }
  tree type = TREE_TYPE (gimple_assign_lhs (def));
  if (INTEGRAL_TYPE_P (type)
      && TYPE_PRECISION (type) < HOST_BITS_PER_WIDE_INT)
    mask &= (HOST_WIDE_INT_1U << TYPE_PRECISION (type)) - 1;
  if (code == SSA_NAME || code == INTEGER_CST || CONVERT_EXPR_CODE_P (code))
    walk_value (u, a, mask, depth, w);
  else if (code == BIT_AND_EXPR && b && TREE_CODE (b) == INTEGER_CST)
    walk_value (u, a, mask & TREE_INT_CST_LOW (b), depth, w);
  else if (code == BIT_IOR_EXPR && b && keeps_base (b, mask))
    walk_value (u, a, mask, depth, w);
  else
    meet_value (w, MEMMODEL_RELAXED);
}

/* Every value the order operand t may take, met into *w; mask = the bits of
 * t that reach the builtin. */
void
walk_value (wmm_unitinfo *u, tree t, unsigned HOST_WIDE_INT mask, int depth,
            order_walk *w)
{
  if (++w->steps > MAX_STEPS)
    {
      meet_value (w, MEMMODEL_RELAXED);
      return;
    }
  if (TREE_CODE (t) == INTEGER_CST)
    meet_value (w, memmodel_base (TREE_INT_CST_LOW (t) & mask));
  else if (TREE_CODE (t) != SSA_NAME)
    meet_value (w, MEMMODEL_RELAXED);
  else if (SSA_NAME_IS_DEFAULT_DEF (t) && SSA_NAME_VAR (t)
           && TREE_CODE (SSA_NAME_VAR (t)) == PARM_DECL)
    walk_parm (u, SSA_NAME_VAR (t), mask, depth, w);
  else
    walk_def (u, t, mask, depth, w);
}

/* Name of the builtin a call statement calls (for notes). */
const char *
callee_name (gimple *stmt)
{
  tree fn = gimple_call_fndecl (stmt);
  return fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn))
                              : "atomic operation";
}

} // anon namespace

bool
wmm_unit_at_O0 (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (opt_for_fn (node->decl, optimize))
      return false;
  return true;
}

enum memmodel
wmm_order_arg (wmm_unitinfo *u, gimple *stmt, unsigned i)
{
  if (i >= gimple_call_num_args (stmt))
    return MEMMODEL_RELAXED;
  tree a = gimple_call_arg (stmt, i);
  if (TREE_CODE (a) == INTEGER_CST)
    return memmodel_base (TREE_INT_CST_LOW (a));
  order_walk w;
  memset (&w, 0, sizeof w);
  walk_value (u, a, ~(unsigned HOST_WIDE_INT) 0, 0, &w);
  if (u->at_O0 && !w.readonly_parm)
    return MEMMODEL_SEQ_CST;
  enum memmodel mo = w.any ? model_of (w.meet) : MEMMODEL_RELAXED;
  if (w.varies)
    wmm_note (u, "the memory order of '%s' in '%s' differs between call "
              "sites; the weakest (%s) is assumed", callee_name (stmt),
              function_name (cfun),
              wmm_order_name (mo));
  return mo;
}

enum memmodel
wmm_order_join (enum memmodel a, enum memmodel b)
{
  order_bits x = bits_of (a), y = bits_of (b);
  x.acq |= y.acq;
  x.rel |= y.rel;
  x.sc |= y.sc;
  return model_of (x);
}

bool
wmm_order_acquires (enum memmodel mo)
{
  return bits_of (mo).acq;
}

bool
wmm_order_releases (enum memmodel mo)
{
  return bits_of (mo).rel;
}

const char *
wmm_order_name (enum memmodel mo)
{
  static const char *const names[] = {
    "relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst"
  };
  unsigned b = memmodel_base (mo);
  return b < sizeof names / sizeof names[0] ? names[b] : "invalid";
}
