/* flagpub.cc — data published through a release/acquire flag: what one
 * thread writes before it sets the flag and the others read only after
 * seeing it set races with nothing.
 *
 * A flag is a static variable, zero at first, that the unit touches only
 * with atomic loads and one atomic store of a non-zero constant with
 * release (or seq_cst) order: `__atomic_store_n (&ready, 1,
 * __ATOMIC_RELEASE)` or `ready.store (true, std::memory_order_release)`.
 * A location d is published by it when
 *   - every write of d is in the code of the one unit that runs the
 *     store, once, in one thread (an entry of one instance that nothing
 *     calls, or a unit called once outside loops by such code: a lambda
 *     std::thread runs); the writes in the store's function, collected
 *     once there; and no write of d comes after the store (none is
 *     reachable from it);
 *   - every other read of d comes after an acquire (or seq_cst) load of
 *     the flag that returned non-zero: it is dominated by the edge where
 *     the value tested is not zero (`while (!ready.load (acquire)) ;`,
 *     `if (__atomic_load_n (&ready, __ATOMIC_ACQUIRE))`);
 *   - no other access (an unknown address, a call's stand-in) may touch d.
 * Then every read of d by another thread happens after every write of it
 * (release, acquire, and the flag's only non-zero value is the store's),
 * so no execution has a communication edge out of a read of d into a
 * write, nor between writes of two threads.  Any critical cycle through
 * d's accesses (in at a write by program order, out of a read by program
 * order) has a shortcut through the flag: the write is before the
 * release store, the read after the acquire load that read it, and the
 * orders of the release and the acquire hold on the way; if the model
 * forbids the shortcut, it forbids the cycle.  d's accesses are taken out
 * of the analysis like private data (docs/plugin.md, "Data published by
 * a flag"); the flag's own accesses stay.
 *
 * A semaphore posted once is such a flag too (a C++20
 * std::counting_semaphore likewise: constructed with 0, release (1) once,
 * acquire ()): a static sem_t every
 * sem_init of the unit starts at 0, posted by one sem_post (the release
 * store), waited for by sem_wait (a read of it set, after the call; where
 * its result is tested, on the edge where it is 0), sem_trywait,
 * sem_timedwait (on that edge only), its address named by nothing else
 * but sem_destroy.  Only that post raises its count, at most once, so a
 * wait that returns 0 took that post (POSIX: both synchronise memory).
 *
 * Example:  producer: a = 1; b = 2; __atomic_store_n (&ready, 1,
 *   __ATOMIC_RELEASE);   consumer: if (__atomic_load_n (&ready,
 *   __ATOMIC_ACQUIRE)) { rb = b; ra = a; }   -> a and b private: message
 *   passing costs the release and the acquire only (Power: no sync).
 *   The same with `sem_post (&done)` and `sem_wait (&done); use (a, b)`.
 */
#include "plugin.h"

namespace {

/* What a statement does to a flag candidate. */
enum flag_op {
  FLAG_NONE,    /* nothing */
  FLAG_STORE,   /* an atomic store (order, value) */
  FLAG_LOAD,    /* an atomic load (order; its result) */
  FLAG_OTHER    /* anything else: a read-modify-write, a plain access, the
                   address kept */
};

/* The atomic access of call s to a variable whose address it passes as
 * first argument: the variable, the operation, the order (-1 unknown),
 * the stored value. */
flag_op
atomic_call (gimple *s, tree *var, int *order, tree *value)
{
  *var = *value = NULL_TREE;
  *order = -1;
  if (!is_gimple_call (s) || !gimple_call_num_args (s))
    return FLAG_NONE;
  tree a0 = gimple_call_arg (s, 0);
  /* C's <stdatomic.h> macros go through a pointer temporary:
     p = &flag; __atomic_store_4 (p, ...). */
  if (TREE_CODE (a0) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a0)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (a0)))
    a0 = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a0));
  if (TREE_CODE (a0) != ADDR_EXPR)
    return FLAG_NONE;
  /* &v, or the base subobject of std::atomic<int> (&v.<base>) */
  tree r = TREE_OPERAND (a0, 0);
  while (TREE_CODE (r) == COMPONENT_REF
         && DECL_ARTIFICIAL (TREE_OPERAND (r, 1))
         && integer_zerop (bit_position (TREE_OPERAND (r, 1))))
    r = TREE_OPERAND (r, 0);
  if (!VAR_P (r))
    return FLAG_NONE;
  *var = r;
  unsigned n = gimple_call_num_args (s);
  auto order_at = [&] (unsigned i) {
    return i < n && TREE_CODE (gimple_call_arg (s, i)) == INTEGER_CST
           ? (int) (tree_to_shwi (gimple_call_arg (s, i)) & 0xffff) : -1;
  };
  tree fn = gimple_call_fndecl (s);
  if (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    {
      int code = DECL_FUNCTION_CODE (fn);
      if (code >= BUILT_IN_ATOMIC_STORE_1 && code <= BUILT_IN_ATOMIC_STORE_16)
        {
          *value = n > 1 ? wmm_constant_of (gimple_call_arg (s, 1)) : NULL_TREE;
          *order = order_at (2);
          return FLAG_STORE;
        }
      if (code >= BUILT_IN_ATOMIC_LOAD_1 && code <= BUILT_IN_ATOMIC_LOAD_16)
        {
          *order = order_at (1);
          return FLAG_LOAD;
        }
      return FLAG_OTHER;
    }
  /* std::atomic<T> / std::__atomic_base<T> members. */
  const char *a = fn ? IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn)) : "";
  static const char *const classes[] = {
    "_ZNSt6atomicI", "_ZNKSt6atomicI", "_ZNSt13__atomic_baseI",
    "_ZNKSt13__atomic_baseI",
  };
  bool member = false;
  for (const char *c : classes)
    member |= !strncmp (a, c, strlen (c));
  if (!member)
    return FLAG_OTHER;
  if (strstr (a, "E5storeE"))
    {
      *value = n > 1 ? gimple_call_arg (s, 1) : NULL_TREE;
      *order = order_at (2);
      return FLAG_STORE;
    }
  if (strstr (a, "EaSE"))
    {
      *value = n > 1 ? gimple_call_arg (s, 1) : NULL_TREE;
      *order = 5;
      return FLAG_STORE;
    }
  if (strstr (a, "E4loadE"))
    {
      *order = order_at (1);
      return FLAG_LOAD;
    }
  if (strstr (a, "Ecv"))
    {
      *order = 5;
      return FLAG_LOAD;
    }
  return FLAG_OTHER;
}

/* A semaphore call of s on a variable whose address it passes: sem_post
 * a FLAG_STORE of 1 (release), the waits FLAG_LOAD (`*zero`: it succeeded
 * only where its result is 0: sem_trywait, sem_timedwait, or a sem_wait
 * whose result is tested), sem_init of 0 and sem_destroy FLAG_NONE with
 * *var set; sem_init of anything else FLAG_OTHER. */
flag_op
sem_call (gimple *s, tree *var, bool *zero)
{
  *var = NULL_TREE;
  *zero = false;
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  if (!fn || !DECL_NAME (fn) || !gimple_call_num_args (s)
      || TREE_CODE (gimple_call_arg (s, 0)) != ADDR_EXPR
      || !VAR_P (TREE_OPERAND (gimple_call_arg (s, 0), 0)))
    return FLAG_NONE;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn));
  /* C++20's std::counting_semaphore<N> (std::binary_semaphore):
     release (1) posts, acquire () waits; its constructor sets the count */
  static const char cxx[] = "_ZNSt18counting_semaphoreIL";
  if (!strncmp (a, cxx, sizeof cxx - 1) && (a = strstr (a, "EE")))
    {
      *var = TREE_OPERAND (gimple_call_arg (s, 0), 0);
      tree arg1 = gimple_call_num_args (s) > 1 ? gimple_call_arg (s, 1)
                                               : NULL_TREE;
      if (startswith (a, "EE7releaseE"))
        return arg1 && integer_onep (arg1) ? FLAG_STORE : FLAG_OTHER;
      if (!strcmp (a, "EE7acquireEv"))
        return FLAG_LOAD;
      if ((startswith (a, "EEC1E") || startswith (a, "EEC2E"))
          && arg1 && integer_zerop (arg1))
        return FLAG_NONE;
      if (startswith (a, "EED1E") || startswith (a, "EED2E"))
        return FLAG_NONE;
      return FLAG_OTHER;
    }
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (strncmp (n, "sem_", 4))
    return FLAG_NONE;
  *var = TREE_OPERAND (gimple_call_arg (s, 0), 0);
  n += 4;
  if (!strcmp (n, "post"))
    return FLAG_STORE;
  if (!strcmp (n, "wait") || !strcmp (n, "trywait")
      || !strcmp (n, "timedwait") || !strcmp (n, "clockwait"))
    {
      tree lhs = gimple_call_lhs (s);
      *zero = strcmp (n, "wait") || (lhs && TREE_CODE (lhs) == SSA_NAME
                                     && !has_zero_uses (lhs));
      return FLAG_LOAD;
    }
  if (!strcmp (n, "destroy"))
    return FLAG_NONE;
  if (!strcmp (n, "init") && gimple_call_num_args (s) == 3
      && integer_zerop (gimple_call_arg (s, 2)))
    return FLAG_NONE;
  return FLAG_OTHER;
}

/* A load of a flag that acquires, in function fn; `fenced`: a relaxed
 * load, which an acquire fence after it makes one. */
struct flag_load {
  gimple *load;
  function *fn;
  bool fenced;
  int sem = 0;   /* a semaphore's wait: 1 after the call, 2 where it
                    returned 0 */
};

/* A flag of the unit: its one store and its acquire loads (for a flag
 * kept under a lock, its location and its plain loads). */
struct flag {
  tree var;
  int loc = -1;
  gimple *store = NULL;
  gimple *release = NULL;    /* the store, or the release fence right
                                before a relaxed one */
  function *store_fn = NULL;
  auto_vec<flag_load> acquires;
  bool ok = true;
  bool sem = false;          /* a semaphore posted once */
};

/* Is s `__atomic_thread_fence (mo)` with mo acquiring (acquire) or
 * releasing (!acquire)? */
bool
thread_fence (gimple *s, bool acquire)
{
  if (!gimple_call_builtin_p (s, BUILT_IN_ATOMIC_THREAD_FENCE)
      || gimple_call_num_args (s) != 1
      || TREE_CODE (gimple_call_arg (s, 0)) != INTEGER_CST)
    return false;
  enum memmodel mo
    = (enum memmodel) (tree_to_shwi (gimple_call_arg (s, 0)) & 0xffff);
  return acquire ? wmm_order_acquires (mo) : wmm_order_releases (mo);
}

/* The release fence that comes right before statement s in its block,
 * nothing that touches memory between (`atomic_thread_fence
 * (memory_order_release); atomic_store_explicit (&f, 1,
 * memory_order_relaxed)`), or NULL. */
gimple *
release_fence_before (gimple *s)
{
  gimple_stmt_iterator g = gsi_for_stmt (s);
  for (gsi_prev (&g); !gsi_end_p (g); gsi_prev (&g))
    {
      gimple *p = gsi_stmt (g);
      if (is_gimple_debug (p))
        continue;
      if (thread_fence (p, false))
        return p;
      if (gimple_vuse (p) || gimple_vdef (p) || is_gimple_call (p))
        return NULL;
    }
  return NULL;
}


/* The edges where SSA value v (a flag's loaded value, negated when `neg`)
 * is not zero, into *out. */
void
nonzero_edges (tree v, bool neg, vec<edge> *out, int depth)
{
  if (depth > 6 || TREE_CODE (v) != SSA_NAME)
    return;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, v)
    {
      gimple *u = USE_STMT (use);
      if (gcond *c = dyn_cast<gcond *> (u))
        {
          if (gimple_cond_lhs (c) != v || !integer_zerop (gimple_cond_rhs (c))
              || (gimple_cond_code (c) != NE_EXPR
                  && gimple_cond_code (c) != EQ_EXPR))
            continue;
          bool on_true = (gimple_cond_code (c) == NE_EXPR) != neg;
          edge t, f;
          extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
          out->safe_push (on_true ? t : f);
          continue;
        }
      if (!is_gimple_assign (u)
          || wmm_same_size_view (gimple_assign_rhs1 (u)) != v
          || TREE_CODE (gimple_assign_lhs (u)) != SSA_NAME
          || !INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (u))))
        continue;
      enum tree_code code = gimple_assign_rhs_code (u);
      tree lhs = gimple_assign_lhs (u);
      /* (a view of the same bits: zero exactly when v is) */
      if (code == VIEW_CONVERT_EXPR)
        nonzero_edges (lhs, neg, out, depth + 1);
      else if ((CONVERT_EXPR_CODE_P (code) || code == SSA_NAME)
          && TYPE_PRECISION (TREE_TYPE (lhs)) >= TYPE_PRECISION (TREE_TYPE (v)))
        nonzero_edges (lhs, neg, out, depth + 1);
      else if ((code == EQ_EXPR || code == NE_EXPR)
               && integer_zerop (gimple_assign_rhs2 (u)))
        nonzero_edges (lhs, code == EQ_EXPR ? !neg : neg, out, depth + 1);
      else if (TREE_CODE (TREE_TYPE (v)) == BOOLEAN_TYPE
               && (code == BIT_NOT_EXPR
                   || (code == BIT_XOR_EXPR
                       && integer_onep (gimple_assign_rhs2 (u)))))
        nonzero_edges (lhs, !neg, out, depth + 1);
    }
}

/* Is statement s of function fn after an acquire load of the flag that
 * returned non-zero (dominated by such an edge)? */
bool
after_acquire (const flag &f, gimple *s, function *fn)
{
  /* fn's acquire fences, found once when a relaxed load asks */
  auto_vec<gimple *> fences;
  bool fences_found = false;
  for (const flag_load &a : f.acquires)
    {
      if (a.sem == 1)
        {
          if (a.fn == fn && wmm_with_dominators (fn, [&] () {
                return wmm_stmt_dominates (a.load, s);
              }))
            return true;
          continue;
        }
      tree v = is_gimple_call (a.load) ? gimple_call_lhs (a.load)
               : gimple_assign_lhs (a.load);
      if (a.fn != fn || !v)
        continue;
      if (a.fenced && !fences_found)
        {
          wmm_each_stmt (fn, [&] (gimple *g) {
            if (thread_fence (g, true))
              fences.safe_push (g);
          });
          fences_found = true;
        }
      auto_vec<edge> edges;
      nonzero_edges (v, a.sem == 2, &edges, 0);
      if (wmm_with_dominators (fn, [&] () {
            for (edge e : edges)
              {
                if (!single_pred_p (e->dest)
                    || !dominated_by_p (CDI_DOMINATORS, gimple_bb (s), e->dest))
                  continue;
                if (!a.fenced)
                  return true;
                /* a relaxed load: an acquire fence after the edge, before
                   s on every path */
                for (gimple *g : fences)
                  if (dominated_by_p (CDI_DOMINATORS, gimple_bb (g), e->dest)
                      && wmm_stmt_dominates (g, s))
                    return true;
              }
            return false;
          }))
        return true;
    }
  return false;
}

/* Is s `p = &v` where p is only the address argument of atomic loads
 * and stores of v (the pointer temporary of <stdatomic.h>'s macros)? */
bool
address_for_atomics (gimple *s)
{
  return wmm_address_temporary (s, [] (gimple *u) {
    tree var, value;
    int order;
    flag_op op = atomic_call (u, &var, &order, &value);
    return op == FLAG_STORE || op == FLAG_LOAD;
  });
}

/* Is v a variable only the unit's code names: a static, or one the unit
 * defines and exports when no other unit's code runs (a unit with main
 * that calls none: wmm_foreign_code_may_run)? */
bool
owned_by_unit (tree v)
{
  if (!is_global_var (v) || DECL_EXTERNAL (v) || DECL_THREAD_LOCAL_P (v)
      || lookup_attribute ("used", DECL_ATTRIBUTES (v)))
    return false;
  return !TREE_PUBLIC (v) || !wmm_foreign_code_may_run ();
}

/* Find the flags of the unit: static zero-initialised variables touched
 * only by atomic loads and one release store of a non-zero constant. */
void
find_flags (wmm_unitinfo *u, vec<flag *> *flags)
{
  hash_map<tree, flag *> by_var;
  auto get = [&] (tree v) -> flag * {
    tree init = owned_by_unit (v) ? wmm_decl_initial (v) : NULL_TREE;
    if (!owned_by_unit (v) || (init && !initializer_zerop (init)))
      return NULL;
    bool seen;
    flag *&f = by_var.get_or_insert (v, &seen);
    if (!seen)
      {
        f = new flag;
        f->var = v;
        flags->safe_push (f);
      }
    return f;
  };
  for (wmm_unit &unit : u->units)
    wmm_each_stmt (unit.fn, [&] (gimple *s) {
      tree var, value;
      int order;
      bool zero;
      flag_op op = sem_call (s, &var, &zero);
      if (var)
        {
          flag *f = op == FLAG_OTHER ? NULL : get (var);
          if (!f)
            return;
          f->sem = true;
          if (op == FLAG_LOAD)
            f->acquires.safe_push ({ s, unit.fn, false, zero ? 2 : 1 });
          else if (op == FLAG_STORE)
            {
              f->ok &= !f->store;
              f->store = f->release = s;
              f->store_fn = unit.fn;
            }
          return;
        }
      op = atomic_call (s, &var, &order, &value);
      if (op != FLAG_STORE && op != FLAG_LOAD)
        return;
      flag *f = get (var);
      if (!f || f->sem)
        {
          if (f)
            f->ok = false;
          return;
        }
      if (op == FLAG_LOAD)
        {
          if (order == MEMMODEL_RELAXED
              || (order > 0 && wmm_order_acquires ((enum memmodel) order)))
            f->acquires.safe_push ({ s, unit.fn, order == MEMMODEL_RELAXED });
          return;
        }
      /* a relaxed store right after a release fence releases too */
      gimple *release = order > 0 && wmm_order_releases ((enum memmodel) order)
                        ? s : order == MEMMODEL_RELAXED
                              ? release_fence_before (s) : NULL;
      if (f->store || !release || !value || f->sem
          || TREE_CODE (value) != INTEGER_CST || integer_zerop (value))
        f->ok = false;
      f->store = s;
      f->release = release;
      f->store_fn = unit.fn;
    });
  /* Any other mention of a flag, in any function or initialiser. */
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree var, value;
        int order;
        bool zero;
        flag_op op = sem_call (s, &var, &zero);
        if (!var)
          op = atomic_call (s, &var, &order, &value);
        if (address_for_atomics (s))
          return;
        for (flag *f : *flags)
          {
            bool known = (op == FLAG_STORE || op == FLAG_LOAD
                          || (f->sem && op == FLAG_NONE)) && var == f->var;
            for (unsigned i = 0; i < gimple_num_ops (s) && f->ok; i++)
              if (!(known && i == 3) && wmm_mentions (gimple_op (s, i), f->var))
                f->ok = false;
          }
      });
    }
  for (flag *f : *flags)
    if (wmm_initializers_mention (f->var, f->var))
      f->ok = false;
}


/* The bits [*pos, *pos + *size) of the static ref r (or of the object an
 * address expression's operand r is part of) in its declaration; the
 * declaration, or NULL when they are not constant. */
tree
static_bits (tree r, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  poly_int64 bitpos, bitsize, maxsize;
  bool reverse;
  tree base = get_ref_base_and_extent (r, &bitpos, &bitsize, &maxsize,
                                       &reverse);
  if (!base || !VAR_P (base) || !bitpos.is_constant (pos)
      || !maxsize.is_constant (size) || *size < 0)
    return NULL_TREE;
  return base;
}

/* The bits [pos, pos + size) of static v, and whether something covers
 * them (flag_bits_touched). */
struct flag_bits {
  tree v;
  HOST_WIDE_INT pos, size;
  bool touched;
};

/* Does reference r (a store's destination, an address's operand) cover
 * some of b's bits, or may it (bits not constant)? */
bool
covers (const flag_bits &b, tree r)
{
  HOST_WIDE_INT p, n;
  tree base = static_bits (r, &p, &n);
  if (base != b.v && get_base_address (r) != b.v)
    return false;
  return !base || (p < b.pos + b.size && b.pos < p + n);
}

/* walk_tree callback: an address that covers the bits (an access
 * MEM[&v + k] is no address taken). */
tree
note_covering_addr (tree *t, int *walk, void *data)
{
  flag_bits *b = (flag_bits *) data;
  if (TYPE_P (*t) || TREE_CODE (*t) == MEM_REF
      || TREE_CODE (*t) == TARGET_MEM_REF)
    *walk = 0;
  else if (TREE_CODE (*t) == ADDR_EXPR && covers (*b, TREE_OPERAND (*t, 0)))
    {
      b->touched = true;
      return *t;
    }
  return NULL_TREE;
}

/* Does any code of the unit write the bits [pos, pos + size) of static v
 * other than statement `store` and stores of zero, or take an address that
 * covers them (a whole-object copy, &v, a pointer to the member)?  The
 * initialiser must be zero too. */
bool
flag_bits_touched (tree v, HOST_WIDE_INT pos, HOST_WIDE_INT size,
                   gimple *store)
{
  tree init = wmm_decl_initial (v);
  if (init && !initializer_zerop (init))
    return true;
  flag_bits b = { v, pos, size, false };
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn)
        return true;
      wmm_each_stmt (fn, [&] (gimple *s) {
        if (b.touched || s == store)
          return;
        tree lhs = gimple_has_lhs (s) ? gimple_get_lhs (s) : NULL_TREE;
        if (lhs && TREE_CODE (lhs) != SSA_NAME && covers (b, lhs)
            && !(gimple_assign_single_p (s)
                 && (integer_zerop (gimple_assign_rhs1 (s))
                     || TREE_CLOBBER_P (gimple_assign_rhs1 (s)))))
          b.touched = true;
        for (unsigned i = 0; i < gimple_num_ops (s) && !b.touched; i++)
          if (gimple_op (s, i))
            walk_tree_without_duplicates (gimple_op_ptr (s, i),
                                          note_covering_addr, &b);
      });
      if (b.touched)
        return true;
    }
  return wmm_initializers_mention (v);
}

/* Flags kept under a lock: a location of a static object (owned_by_unit)
 * that running code touches only by plain loads and one plain store of a
 * non-zero constant, each while one and the same lock object is held
 * (exclusive at the store; at a load, a read lock whose write side the
 * store holds does too); no other code writes it but stores of zero, and
 * no address covers it.  Reading it non-zero under the lock means the
 * store's critical section ended (unlock: a release) before the reader's
 * began (lock: an acquire): what the writer did before the store happens
 * before what the reader does after the read, as with a release store and
 * an acquire load (`lock; ready = 1; unlock` against `lock; while
 * (!ready) cond_wait; unlock; use (data)`). */
void
find_lock_flags (wmm_unitinfo *u, const vec<bool> &runs, vec<flag *> *flags)
{
  wmm_program *p = u->prog;
  for (int l = 0; l < p->nlocs; l++)
    {
      tree v = wmm_location_decl (l);
      if (p->locs[l].is_private || !v || !VAR_P (v) || !owned_by_unit (v)
          || TREE_THIS_VOLATILE (v))
        continue;
      gimple *store = NULL;
      function *store_fn = NULL;
      auto_vec<flag_load> loads;
      wmm_region_set common = ~0ULL;
      bool ok = wmm_each_access (u, l, runs, [&] (const wmm_unit &,
                                                  const wmm_instr *in,
                                                  const wmm_site &site,
                                                  function *fn) {
        if (in->addr.loc_hint != l)
          return true;   /* a read through a pointer: changes nothing */
        gimple *s = site.stmt;
        if (!gimple_assign_single_p (s) || gimple_has_volatile_ops (s)
            || (in->op != WMM_OP_LOAD && in->op != WMM_OP_STORE)
            || (in->flags & (WMM_ACC_ACQUIRE | WMM_ACC_RELEASE
                             | WMM_ACC_ATOMIC)))
          return false;
        bool w = in->op == WMM_OP_STORE;
        common &= wmm_locks_one_object (u, wmm_locks_excluding (u, site.held,
                                                                w));
        if (!w)
          {
            if (TREE_CODE (gimple_assign_lhs (s)) != SSA_NAME)
              return false;
            loads.safe_push ({ s, fn, false });
            return true;
          }
        tree val = gimple_assign_rhs1 (s);
        if (store || TREE_CODE (val) != INTEGER_CST || integer_zerop (val))
          return false;
        store = s;
        store_fn = fn;
        return true;
      }, true);
      HOST_WIDE_INT pos, size;
      if (!ok || !store || loads.is_empty () || !common
          || static_bits (gimple_assign_lhs (store), &pos, &size) != v
          || flag_bits_touched (v, pos, size, store))
        continue;
      flag *f = new flag;
      f->var = v;
      f->loc = l;
      f->store = store;
      f->store_fn = store_fn;
      f->acquires.safe_splice (loads);
      flags->safe_push (f);
    }
}

/* Visit each call of code unit `unit` by running code (the caller's
 * unit, the call's index); false as soon as visit returns false. */
template <typename F>
bool
each_running_call (wmm_unitinfo *u, const vec<bool> &runs,
                   const wmm_unit &unit, F visit)
{
  for (const wmm_unit &v : u->units)
    {
      if (!runs[v.thread])
        continue;
      const wmm_thread *t = &u->prog->threads[v.thread];
      for (int i = 0; i < t->ncode; i++)
        if (t->code[i].op == WMM_OP_CALL && t->code[i].target == unit.thread
            && !visit (v, i))
          return false;
    }
  return true;
}

/* Does unit `unit` run at most once, in one thread: an entry of one
 * instance that is the start routine of one create and called by
 * nothing, or a unit called from one place of running code, outside
 * loops, in a unit that runs once (a lambda's operator () called through
 * std::thread's _M_run, _M_invoke, __invoke)? */
bool
runs_once (wmm_unitinfo *u, const wmm_unit &unit, const vec<bool> &runs,
           int depth)
{
  if (unit.entry)
    return unit.instances == 1 && unit.create_only;
  if (depth > 8)
    return false;
  const wmm_unit *caller = NULL;
  gimple *call = NULL;
  int calls = 0;
  each_running_call (u, runs, unit, [&] (const wmm_unit &v, int i) {
    calls++;
    caller = &v;
    call = v.sites[i].fn ? NULL : v.sites[i].stmt;
    return true;
  });
  return calls == 1 && call && !wmm_reaches_avoiding (call, call, NULL)
         && runs_once (u, *caller, runs, depth + 1);
}

/* The statement of the unit's own function where the access of `site`
 * happens: its statement, or for a callee collected for one call site
 * the unit's call (*fn: that statement's function). */
gimple *
own_stmt (const wmm_site &site, function **fn, const wmm_unit &unit)
{
  if (!site.fn || !site.call)
    return site.stmt;
  *fn = unit.fn;
  return site.call;
}

/* Does `at` (statement `stmt` of function fn, in unit `unit`) hold
 * where its code runs: at (stmt, fn), or, for a unit other code calls
 * (no entry, its address never taken), at each of its calls by running
 * code, of which there is one at least?  (A read in a helper `report
 * ()` that main calls after its wait.) */
template <typename F>
bool
at_each_call (wmm_unitinfo *u, const vec<bool> &runs, const wmm_unit &unit,
              gimple *stmt, function *fn, F at, int depth = 0)
{
  if (at (stmt, fn))
    return true;
  if (unit.entry || depth > 4 || !unit.node || unit.node->address_taken)
    return false;
  bool any = false;
  return each_running_call (u, runs, unit, [&] (const wmm_unit &v, int i) {
    function *cf = v.sites[i].fn ? v.sites[i].fn : v.fn;
    gimple *c = own_stmt (v.sites[i], &cf, v);
    any = true;
    return c && at_each_call (u, runs, v, c, cf, at, depth + 1);
  }) && any;
}

/* Is location l published by flag f (the head comment's conditions)?
 * The writer: the one code unit that runs the flag's function's code,
 * once, in one thread (runs_once). */
bool
published (wmm_unitinfo *u, const flag &f, int l, const vec<bool> &runs)
{
  const wmm_unit *writer = NULL;
  hash_set<gimple *> copies;
  bool any = false;
  bool ok = wmm_each_access (u, l, runs, [&] (const wmm_unit &unit,
                                          const wmm_instr *in,
                                          const wmm_site &site, function *fn) {
    any = true;
    if (!wmm_instr_writes (in))
      return true;
    if (writer && &unit != writer)
      return false;
    writer = &unit;
    gimple *at = own_stmt (site, &fn, unit);
    return runs_once (u, unit, runs, 0) && !copies.add (site.stmt)
           && at_each_call (u, runs, unit, at, fn, [&] (gimple *s,
                                                        function *sf) {
                return sf == f.store_fn && s != f.store
                       && !wmm_reaches_avoiding (f.release ? f.release
                                                 : f.store, s, NULL);
              });
  }, true, true);
  if (!ok || !any || !writer)
    return false;
  return wmm_each_access (u, l, runs, [&] (const wmm_unit &unit,
                                       const wmm_instr *in,
                                       const wmm_site &site, function *fn) {
    gimple *at = own_stmt (site, &fn, unit);
    return wmm_instr_writes (in) || &unit == writer
           || at_each_call (u, runs, unit, at, fn, [&] (gimple *s,
                                                        function *sf) {
                return after_acquire (f, s, sf);
              });
  }, true, true);
}

} // namespace

int
wmm_publish_flags (wmm_unitinfo *u)
{
  auto_vec<flag *> flags;
  find_flags (u, &flags);
  wmm_program *p = u->prog;
  auto_vec<char> moving;   /* per location: 1 published by an atomic
                              flag, 2 by a flag kept under a lock, 3 by
                              a semaphore posted once */
  auto_vec<bool> runs;
  moving.safe_grow_cleared (p->nlocs);
  wmm_running_units (u, &runs);
  if (!u->lock_ids.is_empty ())
    find_lock_flags (u, runs, &flags);
  int locs[4] = { 0, 0, 0, 0 }, made[4] = { 0, 0, 0, 0 };
  for (flag *f : flags)
    {
      if (!f->ok || !f->store || f->acquires.is_empty ())
        continue;
      for (int l = 0; l < p->nlocs; l++)
        if (!p->locs[l].is_private && !moving[l]
            && (f->loc >= 0 ? l != f->loc : wmm_location_decl (l) != f->var)
            && published (u, *f, l, runs))
          {
            moving[l] = f->loc >= 0 ? 2 : f->sem ? 3 : 1;
            locs[(int) moving[l]]++;
          }
    }
  for (flag *f : flags)
    delete f;
  if (!locs[1] && !locs[2] && !locs[3])
    return 0;
  /* (an access at a computed index into a published object moves when
     every word it may touch is published) */
  auto kind = [&] (int t, int i) {
    int k = 0;
    bool all = wmm_each_loc (p, &p->threads[t].code[i], [&] (int l) {
      k = l >= 0 && l < (int) moving.length () ? moving[l] : 0;
      return k != 0;
    });
    return all ? k : 0;
  };
  int fresh = -1;
  int all = wmm_move_to_private (u, &fresh, "(published by a flag)",
                                 [&] (const wmm_unit &unit, int i) {
                                   return kind (unit.thread, i) != 0;
                                 },
                                 [&] (int t, int i, int) {
                                   made[kind (t, i)]++;
                                 });
  if (made[1])
    wmm_note (u, "%d accesses to %d locations written before a release "
              "store of a flag and read after an acquire load that saw it "
              "set race with nothing: private", made[1], locs[1]);
  if (made[2])
    wmm_note (u, "%d accesses to %d locations written before a flag is set "
              "under a lock and read after a read of it under that lock saw "
              "it set (the unlock a release, the lock an acquire) race with "
              "nothing: private", made[2], locs[2]);
  if (made[3])
    wmm_note (u, "%d accesses to %d locations written before the one "
              "sem_post of a semaphore that starts at 0 and read after a "
              "wait on it returned race with nothing: private", made[3],
              locs[3]);
  return all;
}
