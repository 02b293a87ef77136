/* memloc.cc — is a memory reference shared between threads, which location
 * of the IR is it, and what do we call it in reports?
 *
 * Example: for `s.f = 1` with a global struct s the location is "s.f"
 *   (identified by the object s and the bit range of f); `a[i]` with a
 *   variable index is shared with an unknown address (loc -1, shown as
 *   "a[]"); `*p` where GCC's points-to set of p holds only non-escaped
 *   locals is private.
 *
 * Shared: globals and statics (not thread-local, not const), locals whose
 * address escapes (computed here: the address is used other than for an
 * access, e.g. passed to a call or stored), memory through pointers that
 * may point to global, escaped or heap memory.  A pointer is resolved
 * through its SSA definitions (p = &x, q = p + 4); when GCC's points-to
 * information exists (a later pass position) it is used; otherwise a
 * pointer that cannot be resolved may point anywhere (shared, unknown
 * address).  Thread-locals are private unless their address escapes;
 * pointers to fresh, thread-argument and thread-specific memory that no
 * other thread reaches are private (private.cc).
 */
#include "plugin.h"

/* One location of the IR: an object and a constant bit range of it. */
struct loc_entry {
  tree decl;
  HOST_WIDE_INT pos, size;
  int loc;
  bool ambiguous;   /* overlaps another range of the same object */
};

static vec<loc_entry> loc_table;

/* Parameters bound to their call's arguments while a callee is collected
 * for one call site (collect.cc's context-sensitive calls): a pointer
 * parameter resolves through the argument in the caller. */
static vec<std::pair<tree, tree> > bindings;

/* param_one_place's answers (a parameter's entry value -> object and
   offset), per unit */
static hash_map<tree, std::pair<tree, HOST_WIDE_INT> > *place_cache;

void
wmm_memloc_bind (tree callee, gcall *call)
{
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (callee); p; p = DECL_CHAIN (p), i++)
    if (i < gimple_call_num_args (call))
      bindings.safe_push (std::make_pair (p, gimple_call_arg (call, i)));
  bindings.safe_push (std::make_pair (NULL_TREE, NULL_TREE));   /* frame */
}

void
wmm_memloc_unbind (void)
{
  if (!bindings.is_empty ())
    bindings.pop ();
  while (!bindings.is_empty () && bindings.last ().first)
    bindings.pop ();
}

/* The argument a default definition of a bound parameter stands for. */
static tree
bound_argument (tree ssa)
{
  tree var = SSA_NAME_VAR (ssa);
  if (!var || TREE_CODE (var) != PARM_DECL)
    return NULL_TREE;
  for (unsigned i = bindings.length (); i-- > 0;)
    if (bindings[i].first == var)
      return bindings[i].second;
  return NULL_TREE;
}

tree
wmm_memloc_bound_argument (tree ssa)
{
  return SSA_NAME_IS_DEFAULT_DEF (ssa) ? bound_argument (ssa) : NULL_TREE;
}

/* Locals of `escape_fn` whose address escapes. */
static function *escape_fn;
static hash_set<tree> *escaped_locals;
/* Per unit: function -> the mask wmm_returned_params computed. */
static hash_map<tree, unsigned> *returned_cache;
/* The indirect calls entries.cc resolved, with the functions each may call
 * (the unit's wmm_unitinfo.resolved_calls while it is collected). */
static hash_map<gimple *, vec<tree> > *resolved_calls;

void
wmm_memloc_reset (void)
{
  delete place_cache;
  place_cache = NULL;
  loc_table.release ();
  bindings.release ();
  delete escaped_locals;
  escaped_locals = NULL;
  delete returned_cache;
  returned_cache = NULL;
  escape_fn = NULL;
  resolved_calls = NULL;
  wmm_local_members_reset ();
  wmm_sealed_args_reset ();
  wmm_heap_once_reset ();
}

/* ------------------------------------------------ returned parameters */

/* Add to *mask the parameters pointer value v (of function fn) is derived
 * from — copies, conversions, offsets, &p->f, PHIs and calls of functions
 * that return their own parameters; false when some part comes from
 * elsewhere. */
static bool
param_sources (tree v, unsigned *mask, int depth)
{
  if (depth > 16)
    return false;
  if (TREE_CODE (v) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (v, 0));
      if (!base || TREE_CODE (base) != MEM_REF)
        return false;
      v = TREE_OPERAND (base, 0);
    }
  if (TREE_CODE (v) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (v)))
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    {
      tree var = SSA_NAME_VAR (v);
      if (!var || TREE_CODE (var) != PARM_DECL)
        return false;
      unsigned i = 0;
      for (tree p = DECL_ARGUMENTS (DECL_CONTEXT (var)); p && p != var;
           p = DECL_CHAIN (p))
        i++;
      if (i >= 32)
        return false;
      *mask |= 1u << i;
      return true;
    }
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      /* a loop's cursor (next = PHI <p, next + 1>) meets itself again:
         nothing more to add */
      static hash_set<tree> *in_progress;
      if (!in_progress)
        in_progress = new hash_set<tree>;
      if (in_progress->add (v))
        return true;
      bool ok = true;
      for (unsigned k = 0; ok && k < gimple_phi_num_args (phi); k++)
        ok = param_sources (gimple_phi_arg_def (phi, k), mask, depth + 1);
      in_progress->remove (v);
      return ok;
    }
  if (is_gimple_call (def))
    {
      unsigned m = wmm_returned_params (gimple_call_fndecl (def));
      for (unsigned i = 0; m && i < gimple_call_num_args (def); i++)
        if ((m & (1u << i))
            && !param_sources (gimple_call_arg (def, i), mask, depth + 1))
          return false;
      return m != 0;
    }
  if (!is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  if (code == SSA_NAME || code == ADDR_EXPR || CONVERT_EXPR_CODE_P (code)
      || code == POINTER_PLUS_EXPR)
    return param_sources (gimple_assign_rhs1 (def), mask, depth + 1);
  return false;
}

unsigned
wmm_returned_params (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (fndecl))))
    return 0;
  cgraph_node *node = cgraph_node::get (fndecl);
  if (node)
    fndecl = node->ultimate_alias_target ()->decl;
  if (!returned_cache)
    returned_cache = new hash_map<tree, unsigned>;
  bool existed;
  unsigned &slot = returned_cache->get_or_insert (fndecl, &existed);
  if (existed)
    return slot;
  slot = 0;   /* while computing: recursion returns nothing */
  function *fn = node && !wmm_lto_foreign (fndecl)
                 ? wmm_analysable_body (cgraph_node::get (fndecl)) : NULL;
  if (!fn)
    return 0;
  unsigned mask = 0;
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (greturn *r = dyn_cast<greturn *> (g))
      {
        tree v = gimple_return_retval (r);
        ok = ok && v && param_sources (v, &mask, 0);
      }
  });
  unsigned result = ok ? mask : 0;
  *returned_cache->get (fndecl) = result;
  return result;
}

/* Calls that read or write through their pointer arguments but keep no
 * copy of them. */
static bool
non_capturing_call (gimple *stmt)
{
  /* va_arg (ap, T) reads the va_list and advances it */
  if (gimple_call_internal_p (stmt))
    return gimple_call_internal_fn (stmt) == IFN_VA_ARG;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_MEMCPY: case BUILT_IN_MEMMOVE: case BUILT_IN_MEMSET:
    case BUILT_IN_MEMCMP: case BUILT_IN_STRLEN: case BUILT_IN_STRCPY:
    case BUILT_IN_STRCMP: case BUILT_IN_STRNCPY: case BUILT_IN_BZERO:
    /* atomics: the object and a compare-exchange's expected value (read,
       and written back on failure) are accessed, not kept */
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_1:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_2:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_4:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_8:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_16:
    case BUILT_IN_ATOMIC_LOAD: case BUILT_IN_ATOMIC_STORE:
    case BUILT_IN_ATOMIC_EXCHANGE:
    /* va_start (ap) fills the va_list: it points into the frame, not at ap */
    case BUILT_IN_VA_START: case BUILT_IN_VA_END: case BUILT_IN_VA_COPY:
      return true;
    default:
      return false;
    }
}

bool
wmm_sized_atomic_call (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  const char *n = wmm_callee_name (stmt);
  if (!n || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
      || gimple_call_num_args (stmt) == 0
      || (strncmp (n, "__atomic_", 9) && strncmp (n, "__sync_", 7)))
    return false;
  size_t len = strlen (n);
  return (len > 2 && n[len - 2] == '_' && ISDIGIT (n[len - 1]))
         || (len > 3 && n[len - 3] == '_' && !strcmp (n + len - 2, "16"));
}

/* Does argument i of call stmt hold the address of `base` (or, base
 * NULL, the pointer value `ptr`)? */
static bool
passes_address (gimple *stmt, unsigned i, tree base, tree ptr)
{
  tree a = gimple_call_arg (stmt, i);
  return base ? TREE_CODE (a) == ADDR_EXPR
                && get_base_address (TREE_OPERAND (a, 0)) == base
              : a == ptr;
}

/* A sized atomic or __sync builtin (`__atomic_fetch_sub_4 (p, 1, 4)`)
 * whose only argument holding the address (of `base`, or the pointer
 * `ptr`) is the object it operates on, argument 0: it accesses that
 * object and keeps no copy (a value argument is an integer: GCC converts
 * a pointer value to one first). */
static bool
atomic_object_only (gimple *stmt, tree base, tree ptr)
{
  if (!wmm_sized_atomic_call (stmt))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    if (passes_address (stmt, i, base, ptr) != (i == 0))
      return false;
  return true;
}

static bool call_keeps_no_copy (gimple *stmt, tree base, tree ptr, int depth,
                                bool returns = false);

static bool only_dereferenced_uses (tree p, int depth, bool returns);

/* The PHI results whose uses only_dereferenced is checking now: a loop's
 * pointer (next = PHI <buf, next + n>) meets itself again, which adds
 * nothing to check. */
static hash_set<tree> *deref_in_progress;

/* Is pointer p (an SSA name) only dereferenced, here or through offsets
 * (q = p + 4, q = p + n), PHIs, compared, or passed where no copy is kept
 * (call_keeps_no_copy); never stored, and returned only when `returns`
 * (the caller follows what its call returns)? */
static bool
only_dereferenced (tree p, int depth, bool returns = false)
{
  if (depth > 16)
    return false;
  if (!deref_in_progress)
    deref_in_progress = new hash_set<tree>;
  if (deref_in_progress->add (p))
    return true;
  bool ok = only_dereferenced_uses (p, depth, returns);
  deref_in_progress->remove (p);
  return ok;
}

/* only_dereferenced's check of p's uses. */
static bool
only_dereferenced_uses (tree p, int depth, bool returns)
{
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, p)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u) || gimple_code (u) == GIMPLE_COND)
        continue;
      if (returns && gimple_code (u) == GIMPLE_RETURN)
        continue;
      /* r = PHI <p, q>: r is followed the same way (a loop's cursor). */
      if (gimple_code (u) == GIMPLE_PHI)
        {
          if (!only_dereferenced (gimple_phi_result (u), depth + 1, returns))
            return false;
          continue;
        }
      if (is_gimple_call (u))
        {
          if (gimple_call_lhs (u) == p || gimple_call_fn (u) == p
              || !call_keeps_no_copy (u, NULL_TREE, p, depth + 1, returns))
            return false;
          continue;
        }
      if (!is_gimple_assign (u))
        return false;
      /* q = p + k, q = p, q = (T *) p: q is followed the same way. */
      enum tree_code code = gimple_assign_rhs_code (u);
      /* end - start, p == q: a number, no address */
      if (code == POINTER_DIFF_EXPR
          || TREE_CODE_CLASS (code) == tcc_comparison)
        continue;
      if ((code == POINTER_PLUS_EXPR || code == SSA_NAME
           || CONVERT_EXPR_CODE_P (code))
          && gimple_assign_rhs1 (u) == p
          && TREE_CODE (gimple_assign_lhs (u)) == SSA_NAME
          && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (u))))
        {
          if (!only_dereferenced (gimple_assign_lhs (u), depth + 1, returns))
            return false;
          continue;
        }
      /* q = &p->f: q is followed the same way. */
      if (code == ADDR_EXPR && TREE_CODE (gimple_assign_lhs (u)) == SSA_NAME)
        {
          tree b = get_base_address (TREE_OPERAND (gimple_assign_rhs1 (u), 0));
          if (!b || TREE_CODE (b) != MEM_REF || TREE_OPERAND (b, 0) != p
              || !only_dereferenced (gimple_assign_lhs (u), depth + 1, returns))
            return false;
          continue;
        }
      /* p must appear only as the base of the memory references. */
      if (!gimple_assign_single_p (u) || gimple_assign_rhs1 (u) == p
          || gimple_assign_lhs (u) == p)
        return false;
      tree refs[2] = { gimple_assign_lhs (u), gimple_assign_rhs1 (u) };
      bool found = false;
      for (tree r : refs)
        {
          tree b = get_base_address (r);
          if (b && TREE_CODE (b) == MEM_REF && TREE_OPERAND (b, 0) == p)
            found = true;
        }
      if (!found)
        return false;
    }
  return true;
}

/* Is parameter i of node (body `body`) only dereferenced (returned too
 * when `returned`)?  No default definition: an unused parameter, or one
 * that lives in memory (its address taken, -O0), whose copies are not
 * followed. */
static bool
param_only_dereferenced (cgraph_node *node, function *body, unsigned i,
                         int depth, bool returned)
{
  tree p = DECL_ARGUMENTS (node->decl);
  for (unsigned k = 0; p && k < i; k++)
    p = DECL_CHAIN (p);
  tree d = p ? ssa_default_def (body, p) : NULL_TREE;
  return p && (d ? only_dereferenced (d, depth, returned)
                 : !TREE_USED (p) && !TREE_ADDRESSABLE (p));
}

void
wmm_memloc_resolved_calls (hash_map<gimple *, vec<tree> > *calls)
{
  resolved_calls = calls;
}

/* The body of callee fn (through a C++ complete constructor's alias of the
 * base one) that the unit reads, in SSA form, or NULL; *node its node;
 * false when fn has a body that cannot be read (not yet in SSA). */
static bool
callee_body (tree fn, cgraph_node **node, function **body)
{
  *node = cgraph_node::get (fn);
  if (*node)
    *node = (*node)->ultimate_alias_target ();
  *body = *node && (*node)->definition && !(*node)->alias
          && !wmm_lto_foreign (fn) ? (*node)->get_fun () : NULL;
  return !*body || ((*body)->cfg && gimple_in_ssa_p (*body));
}

/* Is a call's pointer result `lhs` unused (or no pointer)? */
static bool
unused_pointer (tree lhs)
{
  return !lhs || !POINTER_TYPE_P (TREE_TYPE (lhs))
         || (TREE_CODE (lhs) == SSA_NAME && has_zero_uses (lhs));
}

/* call_keeps_no_copy for a resolved indirect call (`t->fn (t)`): every
 * function it may call keeps no copy, and its result is no pointer that
 * is used. */
static bool
resolved_keeps_no_copy (gimple *stmt, tree base, tree ptr, int depth)
{
  vec<tree> *targets = resolved_calls ? resolved_calls->get (stmt) : NULL;
  if (!targets || targets->is_empty ()
      || (!base && gimple_call_fn (stmt) == ptr)
      || !unused_pointer (gimple_call_lhs (stmt)))
    return false;
  bool found = false;
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      if (!passes_address (stmt, i, base, ptr))
        continue;
      found = true;
      for (tree t : *targets)
        {
          cgraph_node *node;
          function *body;
          if (!callee_body (t, &node, &body)
              || (body ? !param_only_dereferenced (node, body, i, depth, false)
                       : !DECL_NAME (t) || !wmm_c_library_fn (t)
                         || !wmm_lib_keeps_no_copy_at (
                              IDENTIFIER_POINTER (DECL_NAME (t)), i, stmt)))
            return false;
        }
    }
  return found;
}

static tree resolve_pointer (tree ptr, HOST_WIDE_INT *off, int depth = 0);

/* The local `save` whose address call stmt, a strtok_r, gets as its
 * third argument, when the statements of its function name it only as
 * that argument of strtok_r calls (or store null into it), and each such
 * call's result is only dereferenced: the strings those calls are given
 * are then kept in `save` alone, between them (pushed to *strings: the
 * first argument of each, null on the calls that go on); else NULL. */
/* The third argument of s when s is a call of the C library's strtok_r,
 * else NULL. */
static tree
strtok_r_state_arg (gimple *s)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  const char *n = fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn))
                                       : "";
  return (!strcmp (n, "strtok_r") || !strcmp (n, "__builtin_strtok_r"))
         && wmm_c_library_fn (fn) && gimple_call_num_args (s) == 3
         ? gimple_call_arg (s, 2) : NULL_TREE;
}

static tree
strtok_state (gimple *stmt, vec<tree> *strings, int depth)
{
  tree a = strtok_r_state_arg (stmt);
  tree save = a && TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0) : NULL_TREE;
  tree ctx = save && VAR_P (save) ? DECL_CONTEXT (save) : NULL_TREE;
  function *body = ctx && TREE_CODE (ctx) == FUNCTION_DECL
                   && !is_global_var (save) && !TREE_THIS_VOLATILE (save)
                   ? DECL_STRUCT_FUNCTION (ctx) : NULL;
  if (!body || !body->cfg)
    return NULL_TREE;
  bool ok = true;
  wmm_each_stmt (body, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s))
      return;
    tree sa = strtok_r_state_arg (s);
    if (sa && TREE_CODE (sa) == ADDR_EXPR && TREE_OPERAND (sa, 0) == save)
      {
        tree lhs = gimple_call_lhs (s);
        ok = !wmm_mentions (gimple_call_arg (s, 0), save)
             && !wmm_mentions (gimple_call_arg (s, 1), save)
             && (!lhs || (TREE_CODE (lhs) == SSA_NAME
                          && only_dereferenced (lhs, depth + 1)));
        strings->safe_push (gimple_call_arg (s, 0));
        return;
      }
    if (gimple_assign_single_p (s) && gimple_assign_lhs (s) == save
        && integer_zerop (gimple_assign_rhs1 (s)))
      return;
    for (unsigned i = 0; ok && i < gimple_num_ops (s); i++)
      ok = !wmm_mentions (gimple_op (s, i), save);
  });
  return ok ? save : NULL_TREE;
}

bool
wmm_strtok_private (gimple *call)
{
  auto_vec<tree> strings;
  if (!strtok_state (call, &strings, 0))
    return false;
  for (tree t : strings)
    if (!integer_zerop (t) && !wmm_private_argument (t))
      return false;
  return true;
}

bool
wmm_private_argument (tree a)
{
  if (TREE_CODE (a) == ADDR_EXPR)
    return wmm_decl_private (get_base_address (TREE_OPERAND (a, 0)));
  HOST_WIDE_INT off;
  tree obj = TREE_CODE (a) == SSA_NAME ? resolve_pointer (a, &off) : NULL_TREE;
  return (obj && wmm_decl_private (obj)) || wmm_private_pointer (a);
}

/* Does pointer ptr point into a private string strtok_r cuts: every value
 * it may hold (through copies, offsets and PHIs) a result of strtok_r
 * calls whose strings are private (wmm_strtok_private), or null? */
static bool
private_token (tree ptr, int depth = 0)
{
  if (TREE_CODE (ptr) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (ptr)
      || depth > 8)
    return integer_zerop (ptr);
  gimple *def = SSA_NAME_DEF_STMT (ptr);
  if (is_gimple_call (def))
    return wmm_strtok_private (def);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
        if (!private_token (gimple_phi_arg_def (phi, k), depth + 1))
          return false;
      return true;
    }
  if (!is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  return (code == SSA_NAME || code == POINTER_PLUS_EXPR
          || CONVERT_EXPR_CODE_P (code))
         && private_token (gimple_assign_rhs1 (def), depth + 1);
}

/* Is call stmt `qsort (base, n, size, cmp)` (or qsort_r) whose comparator
 * is a function of the unit that only dereferences the two element
 * pointers it is given?  qsort keeps no copy of base, and hands the
 * comparator pointers into it, which it keeps none of either. */
static bool
sorted_in_place (gimple *stmt, int depth)
{
  cgraph_node *node;
  function *body;
  tree cmp = wmm_sort_comparator (stmt);
  return cmp && callee_body (cmp, &node, &body) && body
         && param_only_dereferenced (node, body, 0, depth + 1, false)
         && param_only_dereferenced (node, body, 1, depth + 1, false);
}

/* Does call stmt pass the address of base (or the pointer ptr) as some
 * argument? */
static bool
passes_any (gimple *stmt, tree base, tree ptr)
{
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    if (passes_address (stmt, i, base, ptr))
      return true;
  return false;
}

/* Is the address of `base` (a local; or the pointer value `ptr` when base
 * is NULL) passed by call `stmt` only where it is not kept: a builtin or
 * library function that keeps no copy of that argument, or a parameter of
 * a function of the unit that is only dereferenced?  A returned pointer
 * must only be compared, or only dereferenced when the callee returns its
 * own parameters (and returned in turn when `returns`). */
static bool
call_keeps_no_copy (gimple *stmt, tree base, tree ptr, int depth, bool returns)
{
  tree fn = gimple_call_fndecl (stmt);
  tree lhs = gimple_call_lhs (stmt);
  /* memcpy & co return their first argument: that copy must be unused. */
  if (non_capturing_call (stmt) || atomic_object_only (stmt, base, ptr))
    return unused_pointer (lhs);
  if (!fn)
    return resolved_keeps_no_copy (stmt, base, ptr, depth);
  if (!DECL_NAME (fn))
    return false;
  /* strtok_r keeps the string in its state pointer, a local only its
     calls name, and returns pointers into the string, only dereferenced;
     the state's own address it keeps nowhere */
  auto_vec<tree> strings;
  if (strtok_state (stmt, &strings, depth))
    return passes_address (stmt, 0, base, ptr)
           || passes_address (stmt, 1, base, ptr)
           || passes_address (stmt, 2, base, ptr);
  /* std::string's members compiled into libstdc++ keep no copy of an
     argument; a reference one returns is `*this` (it must be only
     dereferenced), a char pointer a new buffer */
  if (wmm_std_string_member (fn) || wmm_ostream_output (fn)
      || wmm_istream_input (fn) || wmm_stream_setup (fn))
    {
      bool found = passes_any (stmt, base, ptr);
      if (found && lhs && POINTER_TYPE_P (TREE_TYPE (lhs))
          && RECORD_OR_UNION_TYPE_P (TREE_TYPE (TREE_TYPE (lhs)))
          && passes_address (stmt, 0, base, ptr)
          && (TREE_CODE (lhs) != SSA_NAME
              || !only_dereferenced (lhs, depth + 1, returns)))
        return false;
      return found;
    }
  /* The unit's own members of std::string (inline, templates): what the
     library keeps of a string is only its own small buffer's address in
     its data pointer, so a local string given to them stays the caller's
     as with the compiled ones; a pointer or reference one returns (the
     characters, `*this`) must be only dereferenced, and a returned
     object holding pointers (an iterator) is a copy kept */
  if (wmm_std_string_method (fn) || wmm_std_function_method (fn))
    {
      bool found = passes_any (stmt, base, ptr);
      tree t = found && lhs ? TREE_TYPE (lhs) : NULL_TREE;
      if (t && POINTER_TYPE_P (t)
          && (TREE_CODE (lhs) != SSA_NAME
              || !only_dereferenced (lhs, depth + 1, returns)))
        return false;
      if (t && RECORD_OR_UNION_TYPE_P (t) && !wmm_std_string_type (t))
        return false;
      return found;
    }
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  cgraph_node *node;
  function *body;
  if (!callee_body (fn, &node, &body))
    return false;
  /* What the call returns.  A function of the unit that returns its own
     parameters (std::max, a getter of a member's address): it must be
     only dereferenced.  Another function of the unit returns nothing
     derived from a parameter it is given here (each such parameter is
     checked below never to be returned).  A library function's pointer
     must only be compared, unless it is the library's own object or
     fresh memory (a malloc-like function's: strdup's copy aliases no
     pointer valid when it returns, its argument included). */
  unsigned returned = wmm_returned_params (fn);
  /* (only what it returns of the parameters given this pointer matters) */
  bool ours = false;
  for (unsigned i = 0; i < gimple_call_num_args (stmt) && i < 32; i++)
    ours |= (returned >> i & 1) && passes_address (stmt, i, base, ptr);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)) && (!body || returned)
      && !(body && !ours)
      && !(!body && DECL_EXTERNAL (fn) && wmm_c_library_fn (fn)
           && (wmm_lib_returns_own (name)
               || (gimple_call_flags (stmt) & ECF_MALLOC))))
    {
      if (TREE_CODE (lhs) != SSA_NAME)
        return false;
      if (returned && !only_dereferenced (lhs, depth + 1, returns))
        return false;
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, lhs)
        if (!returned && !is_gimple_debug (USE_STMT (use))
            && gimple_code (USE_STMT (use)) != GIMPLE_COND)
          return false;
    }
  bool found = false;
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      if (!passes_address (stmt, i, base, ptr))
        continue;
      found = true;
      if (!body)
        {
          if (!wmm_lib_keeps_no_copy_at (name, i, stmt)
              && !(i == 0 && sorted_in_place (stmt, depth)))
            return false;
          continue;
        }
      if (!param_only_dereferenced (node, body, i, depth,
                                    i < 32 && (returned & (1u << i))))
        return false;
    }
  /* A C++ object returned into the caller's local (a return slot: the
     callee gets its address by invisible reference, GCC's
     walk_stmt_load_store_addr_ops takes it): the callee's result pointer
     must only be dereferenced. */
  if (base && lhs && gimple_call_return_slot_opt_p (as_a<gcall *> (stmt))
      && get_base_address (lhs) == base)
    {
      tree res = body ? DECL_RESULT (node->decl) : NULL_TREE;
      tree d = res && DECL_BY_REFERENCE (res) ? ssa_default_def (body, res)
                                              : NULL_TREE;
      /* (its own return of the pointer hands the object back: the
         caller's lhs, no pointer) */
      if (!d || !only_dereferenced (d, depth, true))
        return false;
      found = true;
    }
  return found;
}

bool
wmm_address_escapes (gimple *stmt, tree base)
{
  if (is_gimple_call (stmt) && call_keeps_no_copy (stmt, base, NULL_TREE, 0))
    return false;
  /* p = &local[1], or p = &local.f + k (CPU_SET on a local cpu_set_t),
     where p is only dereferenced: no escape. */
  if (is_gimple_assign (stmt)
      && (gimple_assign_single_p (stmt)
          || gimple_assign_rhs_code (stmt) == POINTER_PLUS_EXPR)
      && TREE_CODE (gimple_assign_rhs1 (stmt)) == ADDR_EXPR
      && TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME
      && only_dereferenced (gimple_assign_lhs (stmt), 0))
    return false;
  return true;
}

bool
wmm_ptr_kept_by_call (gimple *stmt, tree ptr)
{
  return !call_keeps_no_copy (stmt, NULL_TREE, ptr, 1);
}

/* visit_addr callback: an address of a local is taken in `stmt`. */
static bool
note_address (gimple *stmt, tree op, tree, void *)
{
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (!base || !DECL_P (base) || is_global_var (base))
    return false;
  if (wmm_address_escapes (stmt, base))
    escaped_locals->add (base);
  return false;
}

/* Compute the escaping locals of fn (once per function). */
static void
compute_escapes (function *fn)
{
  if (escape_fn == fn && escaped_locals)
    return;
  delete escaped_locals;
  escaped_locals = new hash_set<tree>;
  escape_fn = fn;
  wmm_each_stmt (fn, [] (gimple *s) {
    walk_stmt_load_store_addr_ops (s, NULL, NULL, NULL, note_address); });
  wmm_each_phi (fn, [] (gphi *phi) {
    walk_stmt_load_store_addr_ops (phi, NULL, NULL, NULL, note_address); });
}

/* Name of a declaration: globals by name, locals as "function.name". */
static void
decl_name (pretty_printer *pp, tree decl)
{
  tree ctx = DECL_CONTEXT (decl);
  if (ctx && TREE_CODE (ctx) == FUNCTION_DECL && DECL_NAME (ctx))
    {
      pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (ctx)));
      pp_character (pp, '.');
    }
  if (DECL_NAME (decl))
    pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (decl)));
  else
    {
      pp_string (pp, "D.");
      pp_decimal_int (pp, (int) DECL_UID (decl));
    }
}

/* Readable name of a reference: x, s.f, a[3], a[], *p, p->f. */
static void
ref_name (pretty_printer *pp, tree t)
{
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      decl_name (pp, t);
      return;
    case COMPONENT_REF:
      {
        tree base = TREE_OPERAND (t, 0), field = TREE_OPERAND (t, 1);
        if (TREE_CODE (base) == MEM_REF && integer_zerop (TREE_OPERAND (base, 1))
            && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME)
          {
            tree var = SSA_NAME_VAR (TREE_OPERAND (base, 0));
            pp_string (pp, var && DECL_NAME (var)
                           ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
            pp_string (pp, "->");
          }
        else
          {
            ref_name (pp, base);
            pp_character (pp, '.');
          }
        if (DECL_NAME (field))
          pp_string (pp, IDENTIFIER_POINTER (DECL_NAME (field)));
        else
          pp_string (pp, "<anon>");
        return;
      }
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
      ref_name (pp, TREE_OPERAND (t, 0));
      if (TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST
          && tree_fits_shwi_p (TREE_OPERAND (t, 1)))
        {
          pp_character (pp, '[');
          pp_wide_integer (pp, tree_to_shwi (TREE_OPERAND (t, 1)));
          pp_character (pp, ']');
        }
      else
        pp_string (pp, "[]");
      return;
    case MEM_REF:
      {
        tree ptr = TREE_OPERAND (t, 0);
        HOST_WIDE_INT off = tree_fits_shwi_p (TREE_OPERAND (t, 1))
                            ? tree_to_shwi (TREE_OPERAND (t, 1)) : 0;
        if (TREE_CODE (ptr) == ADDR_EXPR)
          ref_name (pp, TREE_OPERAND (ptr, 0));
        else
          {
            tree var = TREE_CODE (ptr) == SSA_NAME ? SSA_NAME_VAR (ptr) : NULL;
            pp_character (pp, '*');
            pp_string (pp, var && DECL_NAME (var)
                           ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
          }
        if (off)
          {
            pp_character (pp, '+');
            pp_wide_integer (pp, off);
          }
        return;
      }
    case BIT_FIELD_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case VIEW_CONVERT_EXPR:
      ref_name (pp, TREE_OPERAND (t, 0));
      return;
    case STRING_CST:
      pp_string (pp, "\"...\"");
      return;
    default:
      pp_string (pp, "*ptr");
      return;
    }
}

static char *
name_of (tree ref)
{
  pretty_printer pp;
  ref_name (&pp, ref);
  return xstrdup (pp_formatted_text (&pp));
}

/* May a pointer with this points-to information reach memory another
 * thread can see?  No information = yes. */
static bool
ptr_may_be_shared (tree ptr)
{
  if (TREE_CODE (ptr) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (ptr)))
    return true;
  struct ptr_info_def *pi = SSA_NAME_PTR_INFO (ptr);
  if (!pi)
    return true;
  struct pt_solution *pt = &pi->pt;
  if (pt->anything || pt->nonlocal || pt->escaped || pt->ipa_escaped
      || pt->vars_contains_nonlocal || pt->vars_contains_escaped
      || pt->vars_contains_escaped_heap || pt->vars_contains_interposable)
    return true;
  return wmm_pt_includes_global (pt);
}

/* Can another thread see this declaration? */
static bool
decl_may_be_shared (tree base)
{
  if (!VAR_P (base) && TREE_CODE (base) != PARM_DECL
      && TREE_CODE (base) != RESULT_DECL)
    return false;
  if (VAR_P (base) && DECL_HARD_REGISTER (base))
    return false;
  if (TREE_READONLY (base) && !TREE_THIS_VOLATILE (base))
    return false;
  /* processes of a fork alone share no declared object (processes.cc) */
  if (wmm_processes_only ())
    return false;
  if (is_global_var (base))
    return !(VAR_P (base) && DECL_THREAD_LOCAL_P (base))
           || wmm_tls_escapes (base);
  /* A local: shared only when its address escapes the function. */
  if (!may_be_aliased (base))
    return false;
  /* A local of the function being collected, or of a caller whose code
     is collected for a call site (its address passed down). */
  tree ctx = DECL_CONTEXT (base);
  function *fn = ctx && TREE_CODE (ctx) == FUNCTION_DECL
                 ? DECL_STRUCT_FUNCTION (ctx) : NULL;
  if (!fn || !fn->cfg || !gimple_in_ssa_p (fn))
    return true;
  compute_escapes (fn);
  return escaped_locals->contains (base) && !wmm_threadlocal_decl (base);
}

bool
wmm_decl_private (tree decl)
{
  return decl && DECL_P (decl) && !is_global_var (decl)
         && !decl_may_be_shared (decl);
}


/* A parameter (its entry value) of a function whose calls the unit all
 * sees (static or C++ inline code, address not taken; or a static start
 * routine's, its creates: wmm_each_param_source), every one of which
 * passes a pointer into one object at one offset (`&this->workers` where
 * the caller's `this` is `&pool`): that object, the offset in *at; else
 * NULL. */
static tree
param_one_place (tree ssa, HOST_WIDE_INT *at, int depth)
{
  tree parm = SSA_NAME_VAR (ssa);
  if (!parm || TREE_CODE (parm) != PARM_DECL || depth > 4)
    return NULL_TREE;
  if (!place_cache)
    place_cache = new hash_map<tree, std::pair<tree, HOST_WIDE_INT> >;
  if (auto *known = place_cache->get (ssa))
    {
      *at = known->second;
      return known->first;
    }
  place_cache->put (ssa, std::make_pair (NULL_TREE, (HOST_WIDE_INT) 0));
  HOST_WIDE_INT pos;
  /* every call, not the one a callee is being collected for */
  vec<std::pair<tree, tree> > saved = bindings;
  bindings = vNULL;
  tree obj = wmm_param_one_place_by (parm, &pos,
                                     [depth] (tree a, cgraph_node *caller,
                                              HOST_WIDE_INT *o) {
    tree b = wmm_analysable_body (caller) ? resolve_pointer (a, o, depth + 1)
                                          : NULL_TREE;
    return b && VAR_P (b) ? b : NULL_TREE;
  });
  bindings.release ();
  bindings = saved;
  if (!obj)
    return NULL_TREE;
  place_cache->put (ssa, std::make_pair (obj, pos));
  *at = pos;
  return obj;
}

static tree resolve_pointer (tree ptr, HOST_WIDE_INT *off, int depth);

/* The one address a load of pointer reference ref yields when it reads a
 * member of a sealed thread argument (sealedargs.cc), or NULL. */
static tree
sealed_member (tree ref, int depth)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  HOST_WIDE_INT bits, pos, at = 0;
  if (depth > 8 || !POINTER_TYPE_P (TREE_TYPE (ref)))
    return NULL_TREE;
  tree base = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
  if (!base || offset || !bitsize.is_constant (&bits)
      || !bitpos.is_constant (&pos) || pos % BITS_PER_UNIT
      || bits % BITS_PER_UNIT)
    return NULL_TREE;
  tree obj = base;
  if (TREE_CODE (base) == MEM_REF)
    {
      if (TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME
          || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
        return NULL_TREE;
      obj = resolve_pointer (TREE_OPERAND (base, 0), &at, depth + 1);
      at += tree_to_shwi (TREE_OPERAND (base, 1));
      /* (a thread's argument that is an element of an array) */
      if (!obj)
        return wmm_sealed_element_member (TREE_OPERAND (base, 0),
                                          tree_to_shwi (TREE_OPERAND (base, 1))
                                          + pos / BITS_PER_UNIT,
                                          bits / BITS_PER_UNIT);
    }
  if (!obj || !VAR_P (obj))
    return NULL_TREE;
  return wmm_sealed_member_value (obj, at + pos / BITS_PER_UNIT,
                                  bits / BITS_PER_UNIT);
}

tree
wmm_sealed_load_value (tree ref)
{
  return sealed_member (ref, 0);
}

/* The object (and byte offset, in *off when off is not NULL) SSA pointer
 * ptr points into when it is loaded from a member of a sealed thread
 * argument or static object (sealedargs.cc), or NULL. */
static tree
sealed_pointer (tree ptr, HOST_WIDE_INT *off)
{
  gimple *def = TREE_CODE (ptr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (ptr)
                ? SSA_NAME_DEF_STMT (ptr) : NULL;
  tree v = def && gimple_assign_load_p (def)
           ? sealed_member (gimple_assign_rhs1 (def), 0) : NULL_TREE;
  HOST_WIDE_INT at;
  return v ? resolve_pointer (v, off ? off : &at, 1) : NULL_TREE;
}

/* Follow an SSA pointer to the object it points into: p = &x, q = p + 4,
 * r = q.  Returns the object (or NULL) and its byte offset in *off. */
static tree
resolve_pointer (tree ptr, HOST_WIDE_INT *off, int depth)
{
  *off = 0;
  for (int steps = 0; steps < 16; steps++)
    {
      if (TREE_CODE (ptr) == ADDR_EXPR)
        {
          poly_int64 bitsize, bitpos;
          tree offset;
          tree base = wmm_inner_ref (TREE_OPERAND (ptr, 0), &bitsize,
                                     &bitpos, &offset);
          HOST_WIDE_INT bits;
          if (!base || offset || !bitpos.is_constant (&bits)
              || bits % BITS_PER_UNIT)
            return NULL_TREE;
          *off += bits / BITS_PER_UNIT;
          if (DECL_P (base))
            return base;
          /* &p->f: the object p points to, at f's offset (p may be a
             bound parameter: spin_lock (&g) with &p->word). */
          if (TREE_CODE (base) != MEM_REF
              || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME
              || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
            return NULL_TREE;
          *off += tree_to_shwi (TREE_OPERAND (base, 1));
          ptr = TREE_OPERAND (base, 0);
          continue;
        }
      if (TREE_CODE (ptr) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (ptr)
          && bound_argument (ptr))
        {
          ptr = bound_argument (ptr);
          continue;
        }
      /* a parameter that always holds one object's address */
      if (TREE_CODE (ptr) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (ptr))
        {
          if (tree one = wmm_one_address (ptr))
            {
              ptr = one;
              continue;
            }
          HOST_WIDE_INT at;
          if (tree obj = param_one_place (ptr, &at, depth))
            {
              *off += at;
              return obj;
            }
        }
      /* An OpenMP outlined function's data block (omp.cc). */
      if (TREE_CODE (ptr) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (ptr)
          && wmm_omp_data_argument (ptr))
        {
          ptr = wmm_omp_data_argument (ptr);
          continue;
        }
      if (TREE_CODE (ptr) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (ptr))
        return NULL_TREE;
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!is_gimple_assign (def))
        return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (def);
      /* a lambda's capture by reference (localfields.cc) */
      if (tree v = code == COMPONENT_REF
                   ? wmm_local_member_value (gimple_assign_rhs1 (def))
                   : NULL_TREE)
        ptr = v;
      /* a pointer member of a thread's argument (sealedargs.cc) */
      else if (tree v = gimple_assign_load_p (def)
                        ? sealed_member (gimple_assign_rhs1 (def), depth)
                        : NULL_TREE)
        ptr = v;
      else if (code == POINTER_PLUS_EXPR)
        {
          tree k = gimple_assign_rhs2 (def);
          if (TREE_CODE (k) != INTEGER_CST || !tree_fits_shwi_p (k))
            return NULL_TREE;
          *off += tree_to_shwi (k);
          ptr = gimple_assign_rhs1 (def);
        }
      else if (code == SSA_NAME || code == ADDR_EXPR || CONVERT_EXPR_CODE_P (code))
        ptr = gimple_assign_rhs1 (def);
      else
        return NULL_TREE;
    }
  return NULL_TREE;
}

/* The declared object ptr points into through copies, conversions and
 * offsets of any size from its address (&obj.f + k), or NULL. */
static tree
object_by_offsets (tree ptr)
{
  /* the objects every value of ptr starts from: through copies,
     conversions, offsets and PHIs (a pointer walking a local array,
     `p = &a; ...; p = p + 8`) */
  hash_set<tree> seen;
  auto_vec<tree, 8> work;
  tree obj = NULL_TREE;
  work.safe_push (ptr);
  while (!work.is_empty ())
    {
      tree v = work.pop ();
      if (TREE_CODE (v) == ADDR_EXPR)
        {
          tree o = get_base_address (TREE_OPERAND (v, 0));
          if (!o || !DECL_P (o) || (obj && o != obj))
            return NULL_TREE;
          obj = o;
          continue;
        }
      if (TREE_CODE (v) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (v)
          || seen.elements () > 32)
        return NULL_TREE;
      if (seen.add (v))
        continue;
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (gphi *phi = dyn_cast<gphi *> (def))
        {
          for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
            work.safe_push (gimple_phi_arg_def (phi, i));
          continue;
        }
      if (!is_gimple_assign (def))
        return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != SSA_NAME && code != ADDR_EXPR && !CONVERT_EXPR_CODE_P (code)
          && code != POINTER_PLUS_EXPR)
        return NULL_TREE;
      work.safe_push (gimple_assign_rhs1 (def));
    }
  return obj;
}

/* Does pointer ptr (p = std::max (&a, &b), or a copy or offset of it)
 * point only into objects no other thread sees: what a function that
 * returns its parameters returns, when each such argument is the address
 * of a private local or a private pointer? */
static bool
returned_private (tree ptr, int depth)
{
  while (depth < 16 && TREE_CODE (ptr) == SSA_NAME
         && !SSA_NAME_IS_DEFAULT_DEF (ptr)
         && is_gimple_assign (SSA_NAME_DEF_STMT (ptr)))
    {
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != SSA_NAME && !CONVERT_EXPR_CODE_P (code)
          && code != POINTER_PLUS_EXPR)
        return false;
      ptr = gimple_assign_rhs1 (def);
      depth++;
    }
  if (depth >= 16 || TREE_CODE (ptr) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (ptr) || !is_gimple_call (SSA_NAME_DEF_STMT (ptr)))
    return false;
  gimple *call = SSA_NAME_DEF_STMT (ptr);
  unsigned m = wmm_returned_params (gimple_call_fndecl (call));
  for (unsigned i = 0; m && i < gimple_call_num_args (call); i++)
    {
      if (!(m & (1u << i)))
        continue;
      tree a = gimple_call_arg (call, i);
      HOST_WIDE_INT off;
      tree obj = resolve_pointer (a, &off);
      if (obj ? decl_may_be_shared (obj)
              : !(TREE_CODE (a) == SSA_NAME
                  && (returned_private (a, depth + 1)
                      || wmm_private_pointer (a))))
        return false;
    }
  return m != 0;
}

/* A new location named `name` (xmalloc'd, freed here), or name'2, name'3,
 * ... when another object printed the same; -1 when out of room. */
static int
new_location (wmm_unitinfo *u, char *name)
{
  if (wmm_program_find_loc (u->prog, name) >= 0)
    for (int k = 2;; k++)
      {
        char *alt = xasprintf ("%s'%d", name, k);
        if (wmm_program_find_loc (u->prog, alt) < 0)
          {
            free (name);
            name = alt;
            break;
          }
        free (alt);
      }
  int loc = wmm_program_loc (u->prog, name);
  free (name);
  return loc;
}

/* The initial value of bits [pos, pos + size) of variable decl, read as
 * `type` (the access's): the constant its initializer has there (also a
 * member of a struct or an element of an array: fold_ctor_reference), a
 * nonzero value no stored constant equals for an address or any other
 * nonzero constant, 0 for none or one the initializer does not give. */
static wmm_val
initial_value (tree decl, HOST_WIDE_INT pos, HOST_WIDE_INT size, tree type)
{
  if (!VAR_P (decl) || size <= 0 || size > 64)
    return 0;
  tree init = wmm_decl_initial (decl);
  if (!init || init == error_mark_node)
    return 0;
  if (!type || !(INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
      || !tree_fits_uhwi_p (TYPE_SIZE (type))
      || tree_to_uhwi (TYPE_SIZE (type)) != (unsigned HOST_WIDE_INT) size)
    type = build_nonstandard_integer_type (size, 0);
  tree v = pos == 0 && TREE_CODE (init) != CONSTRUCTOR ? init
           : fold_ctor_reference (type, init, pos, size, decl);
  if (!v)
    return 0;
  STRIP_NOPS (v);
  if (TREE_CODE (v) == INTEGER_CST)
    return tree_fits_shwi_p (v) ? tree_to_shwi (v)
                                : (wmm_val) tree_to_uhwi (v);
  if (integer_zerop (v) || real_zerop (v))
    return 0;
  return CONSTANT_CLASS_P (v) || TREE_CODE (v) == ADDR_EXPR
         ? (wmm_val) 1 << 62 : 0;
}

/* The IR location of (decl, pos, size), added when new. */
static int
location_for (wmm_unitinfo *u, tree decl, HOST_WIDE_INT pos,
              HOST_WIDE_INT size, tree ref)
{
  for (unsigned i = 0; i < loc_table.length (); i++)
    if (loc_table[i].decl == decl && loc_table[i].pos == pos
        && loc_table[i].size == size)
      return loc_table[i].loc;
  char *name;
  /* (an object allocated once: named by the access, `p->head`) */
  if (get_base_address (ref) == decl || TREE_CODE (decl) == SSA_NAME)
    name = name_of (ref);
  else
    {
      /* Reached through a pointer: the object and the byte offset. */
      pretty_printer pp;
      ref_name (&pp, decl);
      if (pos)
        {
          pp_character (&pp, '+');
          pp_wide_integer (&pp, pos / BITS_PER_UNIT);
        }
      name = xstrdup (pp_formatted_text (&pp));
    }
  int loc = new_location (u, name);
  if (loc < 0)
    return -1;
  wmm_location *l = &u->prog->locs[loc];
  l->width = size > 0 && size % BITS_PER_UNIT == 0
             ? (int) (size / BITS_PER_UNIT) : 4;
  l->init = initial_value (decl, pos, size, ref ? TREE_TYPE (ref) : NULL_TREE);
  loc_entry e = { decl, pos, size, loc, false };
  loc_table.safe_push (e);
  return loc;
}

/* Bit range of a bit-field access: the whole representative (the bytes the
 * compiler reads and writes). */
static void
bitfield_range (tree ref, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  if (TREE_CODE (ref) != COMPONENT_REF)
    return;
  tree field = TREE_OPERAND (ref, 1);
  if (!DECL_BIT_FIELD_TYPE (field))
    return;
  tree repr = DECL_BIT_FIELD_REPRESENTATIVE (field);
  if (!repr || !tree_fits_uhwi_p (DECL_FIELD_OFFSET (field))
      || !tree_fits_uhwi_p (DECL_FIELD_OFFSET (repr))
      || !tree_fits_uhwi_p (DECL_SIZE (repr)))
    return;
  HOST_WIDE_INT fbit = tree_to_uhwi (DECL_FIELD_OFFSET (field)) * BITS_PER_UNIT
                       + tree_to_uhwi (DECL_FIELD_BIT_OFFSET (field));
  HOST_WIDE_INT rbit = tree_to_uhwi (DECL_FIELD_OFFSET (repr)) * BITS_PER_UNIT
                       + tree_to_uhwi (DECL_FIELD_BIT_OFFSET (repr));
  *pos -= fbit - rbit;
  *size = tree_to_uhwi (DECL_SIZE (repr));
}

/* Is SSA pointer ptr an address in a virtual table: the value of an
 * object's vptr field (`x->_vptr.T`), moved by constants?  Virtual tables
 * are read-only data no code writes (a virtual base's offset, a virtual
 * function's address). */
static bool
vtable_pointer (tree ptr, int depth = 0)
{
  if (depth > 4 || TREE_CODE (ptr) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (ptr))
    return false;
  gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr));
  if (!a)
    return false;
  tree rhs = gimple_assign_rhs1 (a);
  enum tree_code code = gimple_assign_rhs_code (a);
  if (code == POINTER_PLUS_EXPR
      && TREE_CODE (gimple_assign_rhs2 (a)) == INTEGER_CST)
    return vtable_pointer (rhs, depth + 1);
  if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code))
    return vtable_pointer (rhs, depth + 1);
  return gimple_assign_load_p (a) && TREE_CODE (rhs) == COMPONENT_REF
         && DECL_VIRTUAL_P (TREE_OPERAND (rhs, 1));
}

bool
wmm_shared_ref (wmm_unitinfo *u, tree ref, int *loc, char **name, int *width)
{
  *loc = -1;
  *name = NULL;
  if (!ref || TREE_CODE (ref) == SSA_NAME || CONSTANT_CLASS_P (ref)
      || TREE_CODE (ref) == CONSTRUCTOR || TREE_CODE (ref) == ADDR_EXPR)
    return false;
  HOST_WIDE_INT bytes = int_size_in_bytes (TREE_TYPE (ref));
  *width = bytes > 0 && bytes <= INT_MAX ? (int) bytes : 0;
  if (wmm_stream_state_ref (ref))
    return false;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree base = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
  if (!base)
    return false;
  if (DECL_P (base))
    {
      if (!decl_may_be_shared (base) || wmm_omp_private_ref (ref))
        return false;
      *name = name_of (ref);
      HOST_WIDE_INT pos, size;
      if (offset || !bitpos.is_constant (&pos) || !bitsize.is_constant (&size)
          || size <= 0)
        return true;
      bitfield_range (ref, &pos, &size);
      *loc = location_for (u, base, pos, size, ref);
      return true;
    }
  if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    {
      /* a team's element of a heap array (ompheap.cc); a task's copy of
         its data block */
      tree ptr = TREE_OPERAND (base, 0);
      if (wmm_omp_private_ref (ref) || wmm_omp_task_block (ptr)
          || vtable_pointer (ptr))
        return false;
      if (TREE_CODE (ptr) == ADDR_EXPR)
        {
          tree obj = get_base_address (TREE_OPERAND (ptr, 0));
          if (obj && DECL_P (obj) && !decl_may_be_shared (obj))
            return false;
          if (obj && (TREE_CODE (obj) == STRING_CST
                      || TREE_CODE (obj) == CONST_DECL))
            return false;
        }
      else if (TREE_CODE (ptr) == SSA_NAME && SSA_NAME_PTR_INFO (ptr)
               && !sealed_pointer (ptr, NULL))
        {
          /* GCC's points-to sets, or private.cc's webs (a parameter every
             caller gives a private object) */
          if (!ptr_may_be_shared (ptr) || wmm_private_pointer (ptr))
            return false;
        }
      else if (TREE_CODE (ptr) == SSA_NAME)
        {
          HOST_WIDE_INT off, pos, size;
          /* (with GCC's points-to sets, only a sealed member's value) */
          tree obj = SSA_NAME_PTR_INFO (ptr) ? sealed_pointer (ptr, &off)
                                             : resolve_pointer (ptr, &off);
          if (obj)
            {
              if (!decl_may_be_shared (obj))
                return false;
              *name = name_of (ref);
              if (!offset && bitpos.is_constant (&pos)
                  && bitsize.is_constant (&size) && size > 0
                  && tree_fits_shwi_p (TREE_OPERAND (base, 1)))
                {
                  pos += (off + tree_to_shwi (TREE_OPERAND (base, 1)))
                         * BITS_PER_UNIT;
                  *loc = location_for (u, obj, pos, size, ref);
                }
              return true;
            }
          /* Fresh, thread-argument or thread-specific memory that no
             other thread reaches (private.cc), or what a function that
             returns its parameters gives back of private objects, or a
             word strtok_r cut from a private string. */
          if (wmm_private_pointer (ptr) || returned_private (ptr, 0)
              || private_token (ptr))
            return false;
          /* &local.f + k with a computed k (CPU_SET on a local
             cpu_set_t): still inside the local (C 6.5.6), private when
             the local is */
          if (tree within = object_by_offsets (ptr))
            if (!decl_may_be_shared (within))
              return false;
          /* An object allocated once (heaponce.cc): its members are
             locations of their own, as a declared object's are. */
          if (tree heap = wmm_heap_once_at (ptr, &off))
            {
              *name = name_of (ref);
              if (!offset && bitpos.is_constant (&pos)
                  && bitsize.is_constant (&size) && size > 0
                  && tree_fits_shwi_p (TREE_OPERAND (base, 1)))
                {
                  pos += (off + tree_to_shwi (TREE_OPERAND (base, 1)))
                         * BITS_PER_UNIT;
                  bitfield_range (ref, &pos, &size);
                  *loc = location_for (u, heap, pos, size, ref);
                }
              return true;
            }
        }
      *name = name_of (ref);
      return true;
    }
  return false;
}

tree
wmm_location_decl (int loc, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  if (pos)
    *pos = -1;
  for (const loc_entry &e : loc_table)
    if (e.loc == loc)
      {
        if (pos)
          {
            *pos = e.pos;
            *size = e.size;
          }
        return e.decl;
      }
  return NULL_TREE;
}

bool
wmm_pointer_resolves (tree ptr)
{
  HOST_WIDE_INT off;
  return resolve_pointer (ptr, &off) != NULL_TREE;
}

bool
wmm_ref_fresh_heap (tree ref)
{
  tree base = get_base_address (ref);
  if (!base || (TREE_CODE (base) != MEM_REF
                && TREE_CODE (base) != TARGET_MEM_REF))
    return false;
  tree ptr = TREE_OPERAND (base, 0);
  for (int steps = 0; steps < 16; steps++)
    {
      if (TREE_CODE (ptr) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (ptr))
        return false;
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      /* (an object allocated once has words of its own, named where a
         pointer reaches it at a known offset: heaponce.cc; a computed
         offset may touch them, as any unknown address may) */
      if (is_gimple_call (def))
        return (gimple_call_flags (def) & ECF_MALLOC) != 0
               && !wmm_heap_once (ptr);
      if (!is_gimple_assign (def))
        return false;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME
          && !CONVERT_EXPR_CODE_P (code))
        return false;
      ptr = gimple_assign_rhs1 (def);
    }
  return false;
}

/* The handled component of `ref` at depth d (0 = ref itself). */
static tree *
component_at (tree *ref, int d)
{
  while (d-- > 0)
    ref = &TREE_OPERAND (*ref, 0);
  return ref;
}

int
wmm_ref_alternatives (tree ref, tree *alts, int max)
{
  /* Exactly one array index that is not a constant, in an array of at most
     `max` elements with a constant domain. */
  int depth = -1, d = 0;
  for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0), d++)
    if ((TREE_CODE (t) == ARRAY_REF || TREE_CODE (t) == ARRAY_RANGE_REF)
        && TREE_CODE (TREE_OPERAND (t, 1)) != INTEGER_CST)
      {
        if (depth >= 0)
          return 0;
        depth = d;
      }
    else if (TREE_CODE (t) == COMPONENT_REF && TREE_OPERAND (t, 2))
      return 0;   /* variable field offset */
  if (depth < 0)
    return 0;
  tree aref = *component_at (&ref, depth);
  tree atype = TREE_TYPE (TREE_OPERAND (aref, 0));
  tree dom = TREE_CODE (atype) == ARRAY_TYPE ? TYPE_DOMAIN (atype) : NULL_TREE;
  if (!dom || !TYPE_MIN_VALUE (dom) || !TYPE_MAX_VALUE (dom)
      || !tree_fits_shwi_p (TYPE_MIN_VALUE (dom))
      || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom)))
    return 0;
  HOST_WIDE_INT lo = tree_to_shwi (TYPE_MIN_VALUE (dom));
  HOST_WIDE_INT hi = tree_to_shwi (TYPE_MAX_VALUE (dom));
  if (hi < lo || hi - lo + 1 > max || hi - lo + 1 < 2)
    return 0;
  tree itype = TREE_TYPE (TREE_OPERAND (aref, 1));
  int n = 0;
  for (HOST_WIDE_INT k = lo; k <= hi; k++)
    {
      tree copy = unshare_expr (ref);
      tree *slot = component_at (&copy, depth);
      *slot = copy_node (*slot);
      TREE_OPERAND (*slot, 1) = build_int_cst (itype, k);
      alts[n++] = copy;
    }
  return n;
}

/* The location from element `ref` (an ARRAY_REF of a declared object at
 * a constant offset, or at a variable one: from the array's start) to the
 * end of its array, or -1: what a library call given `&a[i]` may reach
 * (`memset (&a[0], 0, 2 * sizeof a[0])` writes a[1] too). */
static int
rest_of_array (wmm_unitinfo *u, tree ref)
{
  if (TREE_CODE (ref) != ARRAY_REF && TREE_CODE (ref) != ARRAY_RANGE_REF)
    return -1;
  poly_int64 asize, apos, esize, epos;
  tree aoff, eoff;
  tree array = TREE_OPERAND (ref, 0);
  tree base = wmm_inner_ref (array, &asize, &apos, &aoff);
  HOST_WIDE_INT lo, size;
  if (!base || !DECL_P (base) || aoff || !apos.is_constant (&lo)
      || !asize.is_constant (&size) || size <= 0)
    return -1;
  HOST_WIDE_INT from = lo, at;
  if (wmm_inner_ref (ref, &esize, &epos, &eoff) == base && !eoff
      && epos.is_constant (&at) && at >= lo && at < lo + size)
    from = at;
  return location_for (u, base, from, lo + size - from, array);
}

bool
wmm_shared_ptr (wmm_unitinfo *u, tree ptr, int *loc, char **name,
                bool extent)
{
  *loc = -1;
  *name = NULL;
  if (!ptr || TREE_CODE (ptr) == INTEGER_CST)
    return false;
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      int width;
      bool shared = wmm_shared_ref (u, TREE_OPERAND (ptr, 0), loc, name,
                                    &width);
      if (shared && extent && *loc >= 0)
        {
          int rest = rest_of_array (u, TREE_OPERAND (ptr, 0));
          if (rest >= 0)
            *loc = rest;
        }
      return shared;
    }
  if (TREE_CODE (ptr) == SSA_NAME && !SSA_NAME_PTR_INFO (ptr))
    {
      HOST_WIDE_INT off;
      tree obj = resolve_pointer (ptr, &off);
      if (obj)
        {
          if (!decl_may_be_shared (obj))
            return false;
          tree type = TREE_TYPE (TREE_TYPE (ptr));
          HOST_WIDE_INT size = COMPLETE_TYPE_P (type)
                               ? int_size_in_bytes (type) : -1;
          /* (a library call reaches from there to the object's end:
             `read (fd, buf, n)` with buf `(char *) &st` writes all of st) */
          if (extent)
            size = int_size_in_bytes (TREE_TYPE (obj)) - off;
          tree ref = build2 (MEM_REF, TREE_TYPE (obj), build_fold_addr_expr (obj),
                             build_int_cst (ptr_type_node, 0));
          if (size > 0)
            *loc = location_for (u, obj, off * BITS_PER_UNIT,
                                 size * BITS_PER_UNIT, ref);
          if (*loc >= 0)
            *name = xstrdup (u->prog->locs[*loc].name);
          else
            *name = xasprintf ("*%s", DECL_NAME (obj)
                               ? IDENTIFIER_POINTER (DECL_NAME (obj)) : "ptr");
          return true;
        }
      if (wmm_private_pointer (ptr))
        return false;
    }
  else if (!ptr_may_be_shared (ptr) || wmm_private_pointer (ptr))
    return false;
  tree var = TREE_CODE (ptr) == SSA_NAME ? SSA_NAME_VAR (ptr) : NULL;
  *name = xasprintf ("*%s", var && DECL_NAME (var)
                     ? IDENTIFIER_POINTER (DECL_NAME (var)) : "ptr");
  return true;
}

/* An access of the range e of a declared object, now at an unknown
 * address because another range of the object overlaps it, still touches
 * nothing but that object's bits there (`gettimeofday
 * (&stats.started, 0)` beside a `memset (&stats, 0, sizeof stats)`):
 * what tbaa.cc's object test lets it meet. */
static void
keep_within (wmm_tbaa *a, const loc_entry &e)
{
  if ((a->object && (a->object != e.decl || a->obj_size > 0))
      || !DECL_P (e.decl) || e.size <= 0)
    return;
  a->object = e.decl;
  a->obj_bits = e.pos;
  a->obj_size = e.size;
}

void
wmm_memloc_fix_overlaps (wmm_unitinfo *u)
{
  bool any = false;
  for (unsigned i = 0; i < loc_table.length (); i++)
    for (unsigned j = i + 1; j < loc_table.length (); j++)
      {
        loc_entry *a = &loc_table[i], *b = &loc_table[j];
        if (a->decl == b->decl && a->pos < b->pos + b->size
            && b->pos < a->pos + a->size)
          a->ambiguous = b->ambiguous = any = true;
      }
  if (!any)
    return;
  wmm_note (u, "overlapping accesses to parts of one object (unions, "
            "whole-struct copies): they are treated as unknown addresses");
  /* each location's ambiguous range (-1: none), looked up once */
  auto_vec<int> amb;
  amb.safe_grow (u->prog->nlocs);
  for (int l = 0; l < u->prog->nlocs; l++)
    amb[l] = -1;
  for (unsigned k = 0; k < loc_table.length (); k++)
    if (loc_table[k].ambiguous && loc_table[k].loc >= 0
        && loc_table[k].loc < u->prog->nlocs && amb[loc_table[k].loc] < 0)
      amb[loc_table[k].loc] = k;
  /* (the sites first: the loop below forgets the locations) */
  for (wmm_unit &unit : u->units)
    {
      const wmm_thread *th = &u->prog->threads[unit.thread];
      for (int i = 0; i < th->ncode && i < (int) unit.sites.length (); i++)
        {
          int l = th->code[i].addr.loc_hint;
          if (l >= 0 && l < u->prog->nlocs && amb[l] >= 0
              && wmm_instr_is_access (&th->code[i]))
            keep_within (&unit.sites[i].tbaa, loc_table[amb[l]]);
        }
    }
  for (int t = 0; t < u->prog->nthreads; t++)
    {
      wmm_thread *th = &u->prog->threads[t];
      for (int i = 0; i < th->ncode; i++)
        {
          int l = th->code[i].addr.loc_hint;
          if (l < 0 || l >= u->prog->nlocs || amb[l] < 0
              || !wmm_instr_is_access (&th->code[i]))
            continue;
          th->code[i].addr.loc_hint = -1;
          th->code[i].addr.base.kind = WMM_OPND_NONE;
          th->code[i].addr.base.imm = 0;
        }
    }
}

int
wmm_memloc_object_word (wmm_unitinfo *u, tree decl, int k, const char *member)
{
  for (const loc_entry &e : loc_table)
    if (e.decl == decl && e.pos == -1 - k)
      return e.loc;
  pretty_printer pp;
  ref_name (&pp, decl);
  int loc = new_location (u, xasprintf ("%s[*%d]%s%s", pp_formatted_text (&pp),
                                        k % WMM_OBJECT_WORDS + 1,
                                        member ? "." : "",
                                        member ? member : ""));
  if (loc < 0)
    return -1;
  u->prog->locs[loc].width = 4;
  u->prog->locs[loc].init = 0;
  loc_entry e = { decl, -1 - k, -1, loc, false };
  loc_table.safe_push (e);
  return loc;
}

bool
wmm_memloc_range (int loc, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  for (const loc_entry &e : loc_table)
    if (e.loc == loc)
      {
        if (e.pos < 0 || e.size <= 0 || e.ambiguous || !DECL_P (e.decl))
          return false;
        *pos = e.pos;
        *size = e.size;
        return true;
      }
  return false;
}

void
wmm_memloc_objects (const wmm_unitinfo *u, vec<tree> *objs)
{
  objs->truncate (0);
  objs->safe_grow_cleared (u->prog->nlocs);
  for (const loc_entry &e : loc_table)
    if (e.loc >= 0 && e.loc < u->prog->nlocs)
      (*objs)[e.loc] = e.decl;
}
