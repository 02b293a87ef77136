/* locks.cc — which locks are held at each statement (must-held: on every
 * path), across the functions of the unit.  protect.cc uses the sets to
 * order lock-protected accesses.
 *
 * Locks: pthread_mutex_lock/unlock, pthread_spin_lock/unlock, mtx_lock/
 * unlock, omp_set_lock/omp_unset_lock (and the nestable ones; omp_test_lock
 * holds it where it returned non-zero), OpenMP's critical sections (GOMP_critical_start/end: one lock
 * for every unnamed section; GOMP_critical_name_start/end: one per name),
 * pthread_rwlock_wrlock/rdlock/unlock, sem_wait/sem_post of a
 * binary semaphore used as a lock (sem_broken); the try and timed forms
 * (pthread_mutex_trylock, pthread_spin_trylock, pthread_rwlock_try*lock,
 * mtx_trylock, ...) hold the lock only on the CFG edge where their result
 * tested against 0 right after the call is 0 (try_gain).  A read lock has
 * a bit of its own (the object at bit position pos | 1); protect.cc lets
 * it guard reads against writes under the write side only.  An
 * rwlock_unlock may end a read section: a function that ends with one is
 * assumed to hold only the read side at entry.  A lock is named by the object its
 * argument points to: a global or static (&m, &s.lock, &locks[2]), the
 * object of an allocation made once (heaponce.cc: a pool calloc'd by the
 * pool_create main calls once), or, inside a function, the object a
 * pointer parameter points to plus a constant offset (&p->mutex), or, for
 * a mutex reached through a local pointer (`&b->lock`, b = &table[h]),
 * the object that pointer points to, in its function while the pointer
 * keeps its value (local_lock_bit), or, for a mutex a lock library
 * allocated, the slot its pointer was loaded from (`possess
 * (compress_have)`, `possess (pool->have)`: slot_key, valid while running
 * code never writes the slot, wmm_locks_check_slots); other pointers are
 * not tracked.
 *
 * Interprocedural (one unit):
 *  - Summaries: what a call to a function of the unit does to the held
 *    set: the locks held at every return that it acquired (`acq`: a
 *    wrapper like `void grab(struct lk *l) { pthread_mutex_lock(&l->m); }`
 *    acquires its argument's lock at each call site) and the locks it may
 *    release (`rel`).  Parameter-relative locks map to the call's
 *    arguments.  Recursion starts from "acquires nothing, may release
 *    anything" and is iterated; every intermediate answer is sound.
 *  - Entry sets: a function called only directly from the unit (static,
 *    address never taken) starts with the locks held at every one of its
 *    call sites (greatest fixpoint), so a helper `push()` called inside
 *    lock(m) ... unlock(m) runs under m.
 *  - Unknown code: a call to a function outside the unit that is not a
 *    known library function may release any lock except a hidden one: a
 *    static object whose address only ever reaches lock functions and
 *    parameters of the unit's functions that do the same (unknown code can
 *    never name it).
 *
 * Example:  static pthread_mutex_t m;  static void lk (void) { pthread_mutex
 *   _lock (&m); }  static void ul (void) { pthread_mutex_unlock (&m); }
 *   lk (); x = 1; r = y; ul ();   holds m at both accesses.
 */
#include "plugin.h"

namespace {

enum lock_op {
  LK_NONE,
  LK_ACQUIRE,   /* held exclusively from here on every path */
  LK_READ,      /* held shared (a read lock) */
  LK_TRY,       /* held only on the branch where the call returned 0 */
  LK_TRY_NZ,    /* held only where it returned non-zero (a boolean CAS) */
  LK_RELEASE
};

/* The memory order argument i of an atomic builtin call, or -1. */
int
order_arg (gimple *stmt, unsigned i)
{
  /* (an order libstdc++'s inlined members pass through a copy) */
  tree c = i < gimple_call_num_args (stmt)
           ? wmm_constant_of (gimple_call_arg (stmt, i)) : NULL_TREE;
  return c ? (int) (tree_to_shwi (c) & 0xffff) : -1;
}

bool sized_builtin (const gimple *stmt, const char *prefix);

/* The spin-lock shape of an atomic builtin call n, whatever its memory
 * order: an RMW that writes a non-zero constant and returns the old value
 * (0: it was free and is now ours) is LK_TRY, a boolean CAS from 0 to
 * non-zero LK_TRY_NZ, a store of 0 LK_RELEASE.  *order: the index of its
 * memory-order argument, -1 when it has none (the __sync builtins, which
 * are barriers). */
lock_op
spin_shape (gimple *stmt, const char *n, int *order)
{
  *order = -1;
  if (strncmp (n, "__atomic_", 9) && strncmp (n, "__sync_", 7))
    return LK_NONE;
  unsigned na = gimple_call_num_args (stmt);
  /* (<stdatomic.h>'s macros pass the value through temporaries) */
  auto nonzero_cst = [&] (unsigned i) {
    tree c = i < na ? wmm_constant_of (gimple_call_arg (stmt, i)) : NULL_TREE;
    return c && !integer_zerop (c);
  };
  auto zero_cst = [&] (unsigned i) {
    tree c = i < na ? wmm_constant_of (gimple_call_arg (stmt, i)) : NULL_TREE;
    return c && integer_zerop (c);
  };
  auto sized = [&] (const char *prefix) { return sized_builtin (stmt, prefix); };
  if (sized ("__atomic_exchange_"))
    return nonzero_cst (1) ? (*order = 2, LK_TRY) : LK_NONE;
  if (sized ("__sync_lock_test_and_set_") || sized ("__sync_val_compare_and_swap_"))
    {
      bool cas = n[7] == 'v';
      return (cas ? zero_cst (1) && nonzero_cst (2) : nonzero_cst (1))
             ? LK_TRY : LK_NONE;
    }
  if (sized ("__sync_bool_compare_and_swap_"))
    return zero_cst (1) && nonzero_cst (2) ? LK_TRY_NZ : LK_NONE;
  if (!strcmp (n, "__atomic_test_and_set"))
    return *order = 1, LK_TRY;
  if (sized ("__atomic_store_"))
    return zero_cst (1) ? (*order = 2, LK_RELEASE) : LK_NONE;
  if (sized ("__sync_lock_release_"))
    return LK_RELEASE;
  if (!strcmp (n, "__atomic_clear"))
    return *order = 1, LK_RELEASE;
  return LK_NONE;
}

/* Spin-lock operations written with atomic builtins: a spin_shape whose
 * memory order acquires (a take) or releases (a store of 0).  Anything
 * else that writes the lock word makes it no lock (spin_broken).
 * Example:  while (__atomic_exchange_n (&l, 1, __ATOMIC_ACQUIRE)) ;  ...
 *   __atomic_store_n (&l, 0, __ATOMIC_RELEASE);   */
lock_op
spin_kind (gimple *stmt, const char *n)
{
  int idx;
  lock_op k = spin_shape (stmt, n, &idx);
  if (k == LK_NONE || idx < 0)
    return k;
  int o = order_arg (stmt, idx);
  bool ok = k == LK_RELEASE ? o == 3 || o == 4 || o == 5
                            : o == 2 || o == 4 || o == 5;
  return ok ? k : LK_NONE;
}

/* What a lock call does and to which lock. */
struct lock_use {
  lock_op op;
  tree lock;      /* the pointer naming the lock (NULL: not told) */
  bool reader;    /* it takes a read lock (a read lock's bit is its own,
                     see reader_bit) */
  bool spin;      /* an atomic builtin on a spin-lock word */
  bool guarded;   /* a C++ guard's release: no sign that the lock was
                     held before (a guard that owns nothing releases
                     nothing) */
  bool sem;       /* a POSIX semaphore's wait or post (a lock only when
                     it is a binary semaphore used as one: sem_broken) */
  bool ticket;    /* a ticket lock's release (ticket_release): a lock only
                     for the words of a ticket lock (ticket_word) */
  tree more[WMM_CXX_MAX_LOCKS - 1];   /* further locks it takes at once
                                         (std::scoped_lock (m1, m2)) */
  int nmore;
};

/* Does a call of a C++ spin-lock operation l (cxxlocks.cc), taken as k,
 * have the order and value a take (acquire, a non-zero value) or a
 * release (release, 0) needs? */
bool
cxx_spin_shaped (gimple *stmt, const wmm_cxx_lock &l, lock_op k)
{
  int o = l.order_arg >= 0 ? order_arg (stmt, l.order_arg) : -1;
  if (k == LK_RELEASE ? !(o == 3 || o == 5) : !(o == 2 || o == 4 || o == 5))
    return false;
  if (l.value_arg < 0)
    return true;
  tree v = l.value_arg < (int) gimple_call_num_args (stmt)
           ? wmm_constant_of (gimple_call_arg (stmt, l.value_arg)) : NULL_TREE;
  return v && integer_zerop (v) == (k == LK_RELEASE);
}

/* The lock operation of a C++ standard library call (cxxlocks.cc). */
lock_op
cxx_lock_kind (gimple *stmt, lock_use *use)
{
  wmm_cxx_lock l;
  if (!wmm_cxx_lock_call (gimple_call_fndecl (stmt), &l))
    return LK_NONE;
  lock_op k;
  switch (l.op)
    {
    case WMM_CXX_ACQUIRE: k = LK_ACQUIRE; break;
    case WMM_CXX_READ: k = LK_READ; use->reader = true; break;
    case WMM_CXX_TRY: k = LK_TRY_NZ; break;
    case WMM_CXX_TAKE_ZERO: k = LK_TRY; break;
    case WMM_CXX_RELEASE: k = LK_RELEASE; break;
    default: return LK_NONE;
    }
  unsigned na = gimple_call_num_args (stmt);
  /* A spin lock's take must acquire, its release release; a value
     written must be non-zero for a take and 0 for a release. */
  if (l.spin)
    {
      if (!cxx_spin_shaped (stmt, l, k))
        return LK_NONE;
      use->spin = true;
    }
  if (l.lock_arg >= 0)
    {
      use->lock = l.lock_arg < (int) na ? gimple_call_arg (stmt, l.lock_arg)
                                        : NULL_TREE;
      for (int i = 1; i < l.nlocks && l.lock_arg + i < (int) na; i++)
        use->more[use->nmore++] = gimple_call_arg (stmt, l.lock_arg + i);
    }
  else
    {
      tree g = l.guard_arg >= 0 && l.guard_arg < (int) na
               ? gimple_call_arg (stmt, l.guard_arg) : NULL_TREE;
      if (!g || TREE_CODE (g) != ADDR_EXPR
          || !wmm_cxx_guard_mutex (TREE_OPERAND (g, 0), &use->lock))
        use->lock = NULL_TREE;
      use->guarded = true;
      /* std::lock (g1, g2): the mutexes the further guards are bound to
         (one that names none is taken for nothing) */
      for (int i = 1; i < l.nlocks && l.guard_arg + i < (int) na; i++)
        {
          tree gi = gimple_call_arg (stmt, l.guard_arg + i);
          tree m;
          if (TREE_CODE (gi) == ADDR_EXPR
              && wmm_cxx_guard_mutex (TREE_OPERAND (gi, 0), &m))
            use->more[use->nmore++] = m;
        }
    }
  return use->op = k;
}

/* The lock operation of a C library function named n (pthreads, C11);
 * *reader: it takes a read lock. */
lock_op
c_lock_kind (const char *n, bool *reader)
{
  /* (stdio's FILE locks are recursive: an inner unlock is taken to end
     the section, which only shortens it) */
  /* (and OpenMP's nestable locks: an inner unset ends the section too) */
  static const char *const acquire[] = {
    "pthread_mutex_lock", "pthread_spin_lock", "mtx_lock",
    "pthread_rwlock_wrlock", "flockfile", "omp_set_lock",
    "omp_set_nest_lock"
  };
  static const char *const release[] = {
    "pthread_mutex_unlock", "pthread_spin_unlock", "mtx_unlock",
    "pthread_rwlock_unlock", "funlockfile", "omp_unset_lock",
    "omp_unset_nest_lock"
  };
  /* 0 (thrd_success for mtx_*) when the lock was taken. */
  static const char *const attempt[] = {
    "pthread_mutex_trylock", "pthread_spin_trylock", "mtx_trylock",
    "pthread_rwlock_trywrlock", "pthread_mutex_timedlock", "mtx_timedlock",
    "pthread_rwlock_timedwrlock", "ftrylockfile"
  };
  static const char *const read_attempt[] = {
    "pthread_rwlock_tryrdlock", "pthread_rwlock_timedrdlock"
  };
  for (const char *s : acquire)
    if (!strcmp (n, s))
      return LK_ACQUIRE;
  for (const char *s : release)
    if (!strcmp (n, s))
      return LK_RELEASE;
  for (const char *s : attempt)
    if (!strcmp (n, s))
      return LK_TRY;
  /* OpenMP's: true (the nesting count) when the lock was taken */
  if (!strcmp (n, "omp_test_lock") || !strcmp (n, "omp_test_nest_lock"))
    return LK_TRY_NZ;
  bool rd = !strcmp (n, "pthread_rwlock_rdlock");
  for (const char *s : read_attempt)
    rd |= !strcmp (n, s);
  *reader = rd;
  if (!strcmp (n, "pthread_rwlock_rdlock"))
    return LK_READ;
  return rd ? LK_TRY : LK_NONE;
}

/* The locks inside libgomp that OpenMP's unnamed critical sections and
 * its lock-based atomics take (0: critical, 1: atomic), made once per
 * unit: external objects, as the library's own are, so that unknown code
 * may release them as it may any lock it can name. */
tree omp_locks[2];

tree
omp_lock (int which)
{
  if (!omp_locks[which])
    {
      tree d = build_decl (UNKNOWN_LOCATION, VAR_DECL,
                           get_identifier (which ? "omp atomic lock"
                                                 : "omp critical lock"),
                           ptr_type_node);
      TREE_PUBLIC (d) = 1;
      DECL_EXTERNAL (d) = 1;
      DECL_ARTIFICIAL (d) = 1;
      omp_locks[which] = d;
    }
  return build_fold_addr_expr (omp_locks[which]);
}

/* The lock operation of libgomp's critical sections (GOMP_critical_start,
 * GOMP_critical_name_start (&.gomp_critical_user_N), GOMP_atomic_start
 * and their ends), with the lock in use->lock. */
lock_op
omp_lock_kind (gimple *stmt, const char *n, lock_use *use)
{
  if (!strncmp (n, "__builtin_", 10))
    n += 10;
  if (strncmp (n, "GOMP_critical_", 14) && strncmp (n, "GOMP_atomic_", 12))
    return LK_NONE;
  size_t len = strlen (n);
  lock_op k = len > 6 && !strcmp (n + len - 6, "_start") ? LK_ACQUIRE
              : len > 4 && !strcmp (n + len - 4, "_end") ? LK_RELEASE
              : LK_NONE;
  if (k == LK_NONE)
    return LK_NONE;
  if (!strncmp (n, "GOMP_critical_name_", 19))
    use->lock = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0)
                                            : NULL_TREE;
  else
    use->lock = omp_lock (!strncmp (n, "GOMP_atomic_", 12));
  return k;
}

bool pointer_key (tree arg, tree *base, HOST_WIDE_INT *pos);
bool one_object_var (tree x);
tree pointer_root (tree p);

/* Keys of locks reached through a pointer slot (TREE_VEC (base, pos), one
 * per slot, per unit): "the object the pointer stored at bit pos of base
 * points to", base a variable, a parameter's object (renamed at calls)
 * or a struct type (the lock a member of an access's own object points
 * to, wmm_locks_own).  `possess (compress_have)`, `possess (pool->have)`
 * with `lock *new_lock ()` allocating each lock.  Such a key names one
 * lock only while the slot keeps its value: wmm_locks_check_slots drops
 * those some running code may write. */
vec<tree> slot_keys;

/* The key of the slot (base, pos): the same tree each time. */
tree
slot_key (tree base, HOST_WIDE_INT pos)
{
  for (tree k : slot_keys)
    if (TREE_VEC_ELT (k, 0) == base
        && tree_to_shwi (TREE_VEC_ELT (k, 1)) == pos)
      return k;
  tree k = make_tree_vec (2);
  TREE_VEC_ELT (k, 0) = base;
  TREE_VEC_ELT (k, 1) = build_int_cst (long_integer_type_node, pos);
  slot_keys.safe_push (k);
  return k;
}

/* Is k a slot key?  Its slot in *base, *pos. */
bool
slot_parts (tree k, tree *base, HOST_WIDE_INT *pos)
{
  if (!k || TREE_CODE (k) != TREE_VEC || TREE_VEC_LENGTH (k) != 2)
    return false;
  *base = TREE_VEC_ELT (k, 0);
  *pos = tree_to_shwi (TREE_VEC_ELT (k, 1));
  return true;
}

/* Is k a slot key whose slot is a variable's (named the same way in
 * every function)? */
bool
var_slot_key (tree k)
{
  tree sb;
  HOST_WIDE_INT sp;
  return slot_parts (k, &sb, &sp) && VAR_P (sb);
}

/* The slot key of the pointer value p when it is, through copies and
 * conversions, a load of a pointer from a slot pointer_key names by a
 * variable of one object (one_object_var) or a parameter's object, or
 * NULL.  `_1 = compress_have`, `_3 = pool_2(D)->have`. */
tree
loaded_slot (tree p)
{
  p = pointer_root (p);
  if (!p || SSA_NAME_IS_DEFAULT_DEF (p) || !POINTER_TYPE_P (TREE_TYPE (p)))
    return NULL_TREE;
  gassign *ld = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (p));
  if (!ld || !gimple_assign_load_p (ld) || !gimple_assign_single_p (ld))
    return NULL_TREE;
  tree ref = gimple_assign_rhs1 (ld);
  /* (the compile step of -flto keeps shared accesses volatile) */
  if (!POINTER_TYPE_P (TREE_TYPE (ref)))
    return NULL_TREE;
  tree sb;
  HOST_WIDE_INT sp;
  if (!pointer_key (build_fold_addr_expr (ref), &sb, &sp))
    return NULL_TREE;
  if (!(VAR_P (sb) && one_object_var (sb)) && TREE_CODE (sb) != PARM_DECL)
    return NULL_TREE;
  return slot_key (sb, sp);
}

/* The call whose result SSA value v is, through copies and conversions
 * that lose no bits, or NULL. */
gcall *
result_of (tree v)
{
  for (int steps = 0; steps < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); steps++)
    {
      gimple *d = SSA_NAME_DEF_STMT (v);
      if (gcall *c = dyn_cast<gcall *> (d))
        return c;
      gassign *g = dyn_cast<gassign *> (d);
      if (!g || !(gimple_assign_ssa_name_copy_p (g) || gimple_assign_cast_p (g)))
        return NULL;
      tree from = gimple_assign_rhs1 (g);
      if (TREE_CODE (from) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (from))
          || !INTEGRAL_TYPE_P (TREE_TYPE (v))
          || TYPE_PRECISION (TREE_TYPE (v)) < TYPE_PRECISION (TREE_TYPE (from)))
        return NULL;
      v = from;
    }
  return NULL;
}

/* Is stmt a call of the sized atomic builtin `prefix` (with N = 1 .. 8)? */
bool
sized_builtin (const gimple *stmt, const char *prefix)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  if (!fn || !DECL_NAME (fn) || !gimple_call_num_args (stmt))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  size_t l = strlen (prefix);
  return !strncmp (n, prefix, l) && n[l] >= '1' && n[l] <= '8' && !n[l + 1];
}

/* Is stmt an atomic addition of a positive constant to the word its first
 * argument points to (a ticket dispenser's: every addition returns a
 * value no other returns)?  With `ordered`, one whose order releases
 * (a ticket lock's release by addition). */
bool
positive_add (const gimple *stmt, bool ordered = false)
{
  bool sync = sized_builtin (stmt, "__sync_fetch_and_add_")
              || sized_builtin (stmt, "__sync_add_and_fetch_");
  if (!sync && !sized_builtin (stmt, "__atomic_fetch_add_")
      && !sized_builtin (stmt, "__atomic_add_fetch_"))
    return false;
  tree k = gimple_call_num_args (stmt) > 1
           ? wmm_constant_of (gimple_call_arg (stmt, 1)) : NULL_TREE;
  if (!k || tree_int_cst_sgn (k) <= 0)
    return false;
  int o = sync ? 5 : order_arg (const_cast<gimple *> (stmt), 2);
  return !ordered || o == 3 || o == 4 || o == 5;
}

/* Do the addresses a and b name one lock key (a variable's word, or the
 * word a parameter points to)? */
bool
same_key (tree a, tree b)
{
  tree ba, bb;
  HOST_WIDE_INT pa, pb;
  return pointer_key (a, &ba, &pa) && pointer_key (b, &bb, &pb)
         && ba == bb && pa == pb;
}

/* Are the words the addresses a and b name one variable's? */
bool
same_word (tree a, tree b)
{
  tree base;
  HOST_WIDE_INT pos;
  return same_key (a, b) && pointer_key (a, &base, &pos) && VAR_P (base);
}

/* Is value v (through copies and conversions) x + K, K > 0 in wrapping
 * arithmetic, where x is a load of the word at addr (an atomic load, or a
 * plain one) or a ticket (an atomic addition's result, `me + 1`)? */
bool
ticket_increment (tree v, tree addr)
{
  for (int steps = 0; steps < 6 && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); steps++)
    {
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
      if (!g)
        return false;
      if (gimple_assign_rhs_code (g) == PLUS_EXPR)
        {
          tree k = wmm_constant_of (gimple_assign_rhs2 (g));
          if (!k || tree_int_cst_sgn (k) <= 0
              || !TYPE_OVERFLOW_WRAPS (TREE_TYPE (v)))
            return false;
          tree x = gimple_assign_rhs1 (g);
          gcall *c = result_of (x);
          if (c)
            return (sized_builtin (c, "__atomic_load_")
                    && same_word (gimple_call_arg (c, 0), addr))
                   || positive_add (c);
          gassign *ld = TREE_CODE (x) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (x)
                        ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (x)) : NULL;
          return ld && gimple_assign_load_p (ld)
                 && same_word (build_fold_addr_expr (gimple_assign_rhs1 (ld)),
                               addr);
        }
      if (!(gimple_assign_ssa_name_copy_p (g) || gimple_assign_cast_p (g)))
        return false;
      v = gimple_assign_rhs1 (g);
    }
  return false;
}

/* Is stmt a ticket lock's release of the word *addr: an atomic store with
 * a releasing order of a ticket_increment of the word, or an atomic
 * addition of K > 0 with a releasing order?  The word then only grows,
 * so no ticket is served twice. */
bool
ticket_release (gimple *stmt, tree *addr)
{
  *addr = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0) : NULL_TREE;
  if (positive_add (stmt, true))
    return true;
  if (!sized_builtin (stmt, "__atomic_store_")
      || gimple_call_num_args (stmt) < 3)
    return false;
  int o = order_arg (stmt, 2);
  return (o == 3 || o == 5) && ticket_increment (gimple_call_arg (stmt, 1), *addr);
}

/* A ticket lock's take, `while (atomic_load (&serving, acquire) != me)`
 * with `me = atomic_fetch_add (&next, 1)`: the condition c compares the
 * result of an acquiring atomic load with that of an atomic addition of
 * a positive constant.  *serving and *next: their addresses; *eq: the
 * operands are equal on c's true edge. */
bool
ticket_cond (gcond *c, tree *serving, tree *next, bool *eq)
{
  if (gimple_cond_code (c) != EQ_EXPR && gimple_cond_code (c) != NE_EXPR)
    return false;
  *eq = gimple_cond_code (c) == EQ_EXPR;
  for (int side = 0; side < 2; side++)
    {
      gcall *ld = result_of (side ? gimple_cond_rhs (c) : gimple_cond_lhs (c));
      gcall *add = result_of (side ? gimple_cond_lhs (c) : gimple_cond_rhs (c));
      if (!ld || !add || !sized_builtin (ld, "__atomic_load_")
          || !positive_add (add))
        continue;
      int o = order_arg (ld, 1);
      if (o != 2 && o != 5)
        return false;
      *serving = gimple_call_arg (ld, 0);
      *next = gimple_call_arg (add, 0);
      return true;
    }
  return false;
}

/* The lock operation of a call. */
lock_op
lock_kind (gimple *stmt, lock_use *use)
{
  *use = { LK_NONE, NULL_TREE, false, false, false, false, false, {}, 0 };
  if (!is_gimple_call (stmt))
    return LK_NONE;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !DECL_NAME (fn))
    return LK_NONE;
  if (cxx_lock_kind (stmt, use))
    return use->op;
  use->lock = gimple_call_num_args (stmt) ? gimple_call_arg (stmt, 0)
                                          : NULL_TREE;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (lock_op k = spin_kind (stmt, n))
    {
      use->spin = true;
      return use->op = k;
    }
  tree addr;
  if (ticket_release (stmt, &addr))
    {
      use->ticket = true;
      use->lock = addr;
      return use->op = LK_RELEASE;
    }
  use->op = c_lock_kind (n, &use->reader);
  if (use->op == LK_NONE)
    use->op = omp_lock_kind (stmt, n, use);
  if (use->op == LK_NONE && !strncmp (n, "sem_", 4))
    {
      use->sem = true;
      if (!strcmp (n, "sem_wait"))
        use->op = LK_ACQUIRE;
      else if (!strcmp (n, "sem_post"))
        use->op = LK_RELEASE;
      else if (!strcmp (n, "sem_trywait") || !strcmp (n, "sem_timedwait")
               || !strcmp (n, "sem_clockwait"))
        use->op = LK_TRY;
    }
  return use->op;
}

/* Library functions of locks and condition variables: they never keep the
 * pointer they are given (a lock object passed to them stays hidden). */
bool
lock_library_call (tree fndecl)
{
  if (!fndecl || !DECL_NAME (fndecl))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  static const char *const prefixes[] = {
    "pthread_mutex_", "pthread_spin_", "pthread_rwlock_", "pthread_cond_",
    "mtx_", "cnd_", "sem_"
  };
  for (const char *p : prefixes)
    if (!strncmp (n, p, strlen (p)))
      return true;
  if (!strcmp (n, "flockfile") || !strcmp (n, "funlockfile")
      || !strcmp (n, "ftrylockfile"))
    return true;
  /* The C++ mutexes, guards and condition variables, but not the inline
     wait forms, whose predicate is code of the unit. */
  wmm_cxx_lock l;
  return wmm_cxx_lock_call (fndecl, &l) && l.op != WMM_CXX_GUARD_USE;
}

/* An __atomic_* or __sync_* builtin: it keeps no pointer it is given (a
 * spin-lock word passed only to them stays hidden). */
bool
atomic_builtin_call (tree fndecl)
{
  if (!fndecl || !DECL_NAME (fndecl) || !fndecl_built_in_p (fndecl))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return !strncmp (n, "__atomic_", 9) || !strncmp (n, "__sync_", 7);
}

/* The function's body, when the unit has one (a summary can be made). */
function *
body_of (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return NULL;
  cgraph_node *n = cgraph_node::get (fndecl);
  return wmm_analysable_body (n);
}

/* Per unit: PARM_DECL -> the one object it always points to (NULL: none);
 * param_one_object. */
hash_map<tree, tree> *param_objects;

/* The object `&X` names (X a variable, the whole of it), or NULL. */
tree
whole_object_address (tree a)
{
  if (a && TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  return a && TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0))
         ? TREE_OPERAND (a, 0) : NULL_TREE;
}

/* Is variable x one object for as long as the program runs threads: a
 * global or static (not thread-local), or a local of main (which runs
 * once: no caller, address never taken)? */
bool
one_object_var (tree x)
{
  if (!VAR_P (x))
    return false;
  if (is_global_var (x))
    return !DECL_THREAD_LOCAL_P (x);
  return wmm_main_local (x);
}

/* Is lock base x one object for the whole run: such a variable, or the
 * object of an allocation made once (heaponce.cc)? */
bool
one_object (tree x)
{
  return one_object_var (x) || wmm_heap_once_key (x);
}

/* The one object parameter `parm` always points to: each direct call of
 * its function (all seen: static or C++ inline code), and each create
 * that starts it (a static routine's only other uses), passes `&X` for
 * one X (one_object_var) or the object of an allocation made once.
 * `struct pool *p = arg` in a worker every create gives `&pool`, or a
 * helper always called with `&pool`: its lock `&p->lock` is pool's. */
tree
param_one_object (tree parm)
{
  if (!param_objects)
    param_objects = new hash_map<tree, tree>;
  if (tree *known = param_objects->get (parm))
    return *known;
  param_objects->put (parm, NULL_TREE);
  tree obj = NULL_TREE;
  auto same = [&] (tree a, cgraph_node *) {
    tree x = whole_object_address (a);
    /* a pointer that only ever holds &X (the creator's parameter every
       call gives &pool) */
    tree one = !x && a && TREE_CODE (a) == SSA_NAME ? wmm_one_address (a)
                                                    : NULL_TREE;
    if (one && VAR_P (TREE_OPERAND (one, 0)))
      x = TREE_OPERAND (one, 0);
    /* the pool a once-made allocation returned (`pool_create (4)`) */
    if (!x && a && TREE_CODE (a) == SSA_NAME)
      x = wmm_heap_once (a);
    if (!x || !one_object (x) || (obj && x != obj))
      return false;
    obj = x;
    return true;
  };
  if (!wmm_each_param_source (parm, same))
    return NULL_TREE;
  if (obj)
    param_objects->put (parm, obj);
  return obj;
}

/* The base a lock at *parm is keyed by: the one object parm always
 * points to, else parm itself (relative to the caller's argument). */
tree
param_lock_base (tree parm)
{
  tree obj = param_one_object (parm);
  return obj ? obj : parm;
}

/* The SSA name p is a copy of (through copies and conversions): the
 * name whose definition gives the value. */
tree
pointer_root (tree p)
{
  for (int steps = 0; steps < 8 && p && TREE_CODE (p) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (p); steps++)
    {
      gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (p));
      if (!g || !(gimple_assign_rhs_code (g) == SSA_NAME
                  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g)))
          || TREE_CODE (gimple_assign_rhs1 (g)) != SSA_NAME)
        break;
      p = gimple_assign_rhs1 (g);
    }
  return p && TREE_CODE (p) == SSA_NAME ? p : NULL_TREE;
}

/* The parameter pointer p holds through copies and conversions
 * (`p_2 = arg_1(D)`, `struct pool *p = arg`), or NULL. */
tree
param_through_copies (tree p)
{
  p = pointer_root (p);
  if (!p || TREE_CODE (p) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (p)
      || !SSA_NAME_VAR (p) || TREE_CODE (SSA_NAME_VAR (p)) != PARM_DECL)
    return NULL_TREE;
  return SSA_NAME_VAR (p);
}

/* The lock object a pointer value names: (global or static decl, bit
 * position) or (PARM_DECL = the object the parameter points to, bit
 * offset).  False when it cannot be told. */
bool
pointer_key (tree arg, tree *base, HOST_WIDE_INT *pos)
{
  /* ((volatile T *) p, the address of `*(volatile T *) p`) */
  if (arg)
    STRIP_NOPS (arg);
  tree value = arg;
  if (arg && TREE_CODE (arg) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (arg)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (arg)))
    arg = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (arg));
  if (!arg)
    return false;
  /* a pointer that only ever holds &X (a pool's `this` captured by its
     workers' lambda, a parameter every call gives &pool, a mutex of main
     a lambda captured by reference: `_5 = __closure->__mu`) */
  tree held = TREE_CODE (arg) == SSA_NAME ? arg
              : value && TREE_CODE (value) == SSA_NAME ? value : NULL_TREE;
  if (tree one = held ? wmm_one_address (held) : NULL_TREE)
    if (one_object_var (TREE_OPERAND (one, 0)))
      arg = one;
  if (tree parm = param_through_copies (arg))
    {
      *base = param_lock_base (parm);
      *pos = 0;
      return true;
    }
  if (TREE_CODE (arg) != ADDR_EXPR)
    {
      /* a lock pointer loaded from a slot (`possess (compress_have)`) */
      tree k = loaded_slot (value);
      if (k)
        *base = k, *pos = 0;
      return k != NULL_TREE;
    }
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (TREE_OPERAND (arg, 0), &bitsize, &bitpos,
                          &offset);
  HOST_WIDE_INT p;
  if (!b || offset || !bitpos.is_constant (&p))
    return false;
  if (VAR_P (b))
    {
      *base = b;
      *pos = p;
      return true;
    }
  tree one = TREE_CODE (b) == MEM_REF ? wmm_one_address (TREE_OPERAND (b, 0))
                                      : NULL_TREE;
  if (one && one_object_var (TREE_OPERAND (one, 0))
      && tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    {
      *base = TREE_OPERAND (one, 0);
      *pos = p + tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
      return true;
    }
  /* &p->lock, p the object of an allocation made once */
  tree heap = TREE_CODE (b) == MEM_REF ? wmm_heap_once (TREE_OPERAND (b, 0))
                                       : NULL_TREE;
  if (heap && tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    {
      *base = heap;
      *pos = p + tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
      return true;
    }
  tree parm = TREE_CODE (b) == MEM_REF
              ? param_through_copies (TREE_OPERAND (b, 0)) : NULL_TREE;
  if (parm && tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    {
      *base = param_lock_base (parm);
      *pos = p + tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
      return true;
    }
  return false;
}

/* The thread argument of create `stmt` when it starts `fndecl`, or NULL. */
tree
create_argument (gimple *stmt, tree fndecl)
{
  tree fn;
  if (!stmt || !is_gimple_call (stmt) || !wmm_is_thread_create (stmt, &fn)
      || fn != fndecl)
    return NULL_TREE;
  int i = wmm_thread_arg_index (stmt);
  return i < (int) gimple_call_num_args (stmt) ? gimple_call_arg (stmt, i)
                                               : NULL_TREE;
}

/* The words (variables) lock key (base, pos) may name,
 * appended to *out; false when they cannot all be told. */
bool
words_of (tree base, HOST_WIDE_INT pos, unsigned depth,
          vec<std::pair<tree, HOST_WIDE_INT> > *out, bool *outside)
{
  if (VAR_P (base))
    {
      out->safe_push (std::make_pair (base, pos));
      return true;
    }
  if (TREE_CODE (base) != PARM_DECL || depth >= 4)
    return false;
  tree fndecl = DECL_CONTEXT (base);
  cgraph_node *node = fndecl ? cgraph_node::get (fndecl) : NULL;
  if (!node)
    return false;
  /* Code outside the unit may call it: with any word it can name (main's
     arguments come from outside too). */
  if (wmm_called_back_by_name (node) || MAIN_NAME_P (DECL_NAME (fndecl)))
    *outside = true;
  int i = 0;
  for (tree a = DECL_ARGUMENTS (fndecl); a && a != base; a = DECL_CHAIN (a))
    i++;
  tree b;
  HOST_WIDE_INT p;
  /* A start routine's parameter is the thread argument of its creates;
     any other use of its address: anything. */
  ipa_ref *ref;
  for (unsigned k = 0; node->iterate_referring (k, ref); k++)
    if (ref->use == IPA_REF_ALIAS)
      return false;   /* (called under another name) */
    else if (ref->use == IPA_REF_ADDR)
      {
        tree arg = i == 0 ? create_argument (ref->stmt, fndecl) : NULL_TREE;
        if (!arg)
          {
            *outside = true;   /* a callback */
            continue;
          }
        if (!pointer_key (arg, &b, &p)
            || !words_of (b, p + pos, depth + 1, out, outside))
          return false;
      }
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    {
      if (!e->call_stmt || i >= (int) gimple_call_num_args (e->call_stmt)
          || !pointer_key (gimple_call_arg (e->call_stmt, i), &b, &p)
          || !words_of (b, p + pos, depth + 1, out, outside))
        return false;
    }
  /* (a function nothing calls, of a unit whose exports no other unit's
     code calls, never runs: it writes no word) */
  return true;
}

/* What a call to a function of the unit does to the held set. */
struct lock_summary {
  wmm_region_set acq;   /* held at every return, acquired inside */
  wmm_region_set rel;   /* may be released */
  bool rel_unknown;     /* may release any lock that is not hidden */
  wmm_region_set pre;   /* held at entry: released on every path to a
                           return before anything else touches it */
  wmm_region_set rel_entry;   /* may be released without being acquired
                                 inside first: a lock the caller holds */
  wmm_region_set takes; /* may be taken or tried on some path (a wrapper of
                           an unchecked trylock): no sign of holding */
  bool takes_unknown;   /* may take a lock no name of the caller's holds */
};

} // anon namespace

/* The unit's lock facts (u->lock_facts). */
struct wmm_lock_facts {
  hash_map<tree, lock_summary> sum;        /* function -> its summary */
  hash_map<tree, wmm_region_set> entry;    /* function -> held at entry */
  wmm_escapes escaped;                     /* static objects unknown code
                                              may name (hidden.cc) */
  hash_set<tree> params;                   /* parameters a static object's
                                              address reaches (hidden.cc) */
  hash_set<tree> noreturn;                 /* functions that never return
                                              (every path ends in exit,
                                              abort or such a function) */
  wmm_region_set hidden;                   /* bits of hidden lock objects */
  wmm_region_set statics;                  /* bits of global/static ones */
  wmm_region_set spin;                     /* bits of spin-lock words */
  wmm_region_set counted;                  /* bits of semaphores and
                                              ticket words */
  wmm_region_set local;                    /* bits of locks named by a
                                              local pointer (local_lock_bit):
                                              valid in their function only,
                                              until the pointer's definition
                                              runs again */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > broken;  /* words written other than
                                              by spin-lock operations */
  auto_vec<alias_set_type> broken_any;     /* such writes through a
                                              pointer parameter that may
                                              point anywhere: their alias
                                              sets (0: any type) */
  auto_vec<alias_set_type> broken_outside; /* ... that code outside the
                                              unit may call with any word
                                              it can name (not hidden) */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > sem_init;  /* semaphores
                                              initialised to 0 or 1 */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > sem_broken;  /* semaphores
                                              that are no locks */
  bool sem_none;                           /* no semaphore is a lock: a
                                              post or init the unit cannot
                                              name, or with another value */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > tickets;  /* serving words of
                                              ticket locks (ticket_cond) */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > ticket_next;  /* their
                                              dispensers, one per word */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > ticket_broken;  /* serving
                                              words that are no locks */
  wmm_region_set slots;                    /* keys through a pointer slot
                                              (slot_key) */
  auto_vec<gimple *> running_stores;       /* statements of running code
                                              that may write memory
                                              (wmm_locks_note_running) */
  hash_map<tree, bool> slot_stable_memo;   /* slot_key (var, pos) -> does
                                              the slot keep its value? */
};

namespace {

/* The bit of lock object (base, pos) in u->lock_ids (-1: no room). */
int
key_bit (wmm_unitinfo *u, tree base, HOST_WIDE_INT pos)
{
  for (unsigned i = 0; i < u->lock_ids.length (); i++)
    if (u->lock_ids[i].first == base && u->lock_ids[i].second == pos)
      return i;
  if (u->lock_ids.length () >= 64)
    return -1;
  u->lock_ids.safe_push (std::make_pair (base, pos));
  int b = u->lock_ids.length () - 1;
  wmm_lock_facts *f = u->lock_facts;
  if (f && VAR_P (base) && (TREE_STATIC (base) || DECL_EXTERNAL (base)))
    {
      f->statics |= 1ULL << b;
      if (!TREE_PUBLIC (base) && !DECL_EXTERNAL (base)
          && !f->escaped.any.contains (base))
        f->hidden |= 1ULL << b;
    }
  /* a local of main is one object too, the same in every function, and
     so is an allocation made once, and what a variable's slot points to */
  else if (f && ((VAR_P (base) && wmm_main_local (base))
                 || wmm_heap_once_key (base) || var_slot_key (base)))
    f->statics |= 1ULL << b;
  if (f && TREE_CODE (base) == TREE_VEC)
    f->slots |= 1ULL << b;
  return b;
}

/* The bit of the lock a pointer value names, or -1. */
int
pointer_bit (wmm_unitinfo *u, tree arg)
{
  tree base;
  HOST_WIDE_INT pos;
  return pointer_key (arg, &base, &pos) ? key_bit (u, base, pos) : -1;
}

const unsigned MAX_LOCAL_LOCKS = 16;

/* Keys made of two trees (TREE_LIST (a, b), one per pair, per unit):
 * "element i of array a" (a, i) for element_key, "a lock of locks at the
 * index of data" (locks, data) for stripe_key.  An element key's second
 * tree is an SSA name, a stripe key's a variable (one_object_key). */
vec<tree> pair_keys;

/* The key of the pair (a, b): the same tree each time. */
tree
pair_key (tree a, tree b)
{
  for (tree k : pair_keys)
    if (TREE_PURPOSE (k) == a && TREE_VALUE (k) == b)
      return k;
  tree k = build_tree_list (a, b);
  pair_keys.safe_push (k);
  return k;
}

/* The element `ref` lies in when it is `a[i].m1.m2...` (a declared
 * one-dimensional array a of structs, i an SSA name, constant members
 * after it): a key tree standing for "element i of a" (the same tree for
 * the same array and index), with the bit position of ref inside the
 * element in *pos and the element's type in *type; else NULL. */
tree
element_key (tree ref, HOST_WIDE_INT *pos, tree *type)
{
  HOST_WIDE_INT off = 0;
  tree t = ref;
  while (TREE_CODE (t) == COMPONENT_REF)
    {
      tree f = TREE_OPERAND (t, 1);
      if (!tree_fits_shwi_p (bit_position (f)) || TREE_OPERAND (t, 2))
        return NULL_TREE;
      off += tree_to_shwi (bit_position (f));
      t = TREE_OPERAND (t, 0);
    }
  if (TREE_CODE (t) != ARRAY_REF || !VAR_P (TREE_OPERAND (t, 0))
      || TREE_CODE (TREE_OPERAND (t, 1)) != SSA_NAME
      || TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) != ARRAY_TYPE
      || !RECORD_OR_UNION_TYPE_P (TREE_TYPE (t)))
    return NULL_TREE;
  *pos = off;
  *type = TYPE_MAIN_VARIANT (TREE_TYPE (t));
  return pair_key (TREE_OPERAND (t, 0), TREE_OPERAND (t, 1));
}

/* The SSA name whose definition changes what local lock key k names. */
tree
local_key_name (tree k)
{
  return TREE_CODE (k) == TREE_LIST ? TREE_VALUE (k) : k;
}

/* When address `arg` (through copies) is `&P->...` at a constant offset
 * of what SSA pointer P points to: P in *ptr, the bit offset in *off. */
bool
pointee_member (tree arg, tree *ptr, HOST_WIDE_INT *off)
{
  if (!arg)
    return false;
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (arg)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (arg)))
    arg = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (arg));
  if (TREE_CODE (arg) != ADDR_EXPR)
    return false;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (TREE_OPERAND (arg, 0), &bitsize, &bitpos, &offset);
  if (!b || offset || !bitpos.is_constant (off) || TREE_CODE (b) != MEM_REF
      || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    return false;
  *off += tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
  *ptr = TREE_OPERAND (b, 0);
  return true;
}

/* The bit of a mutex the unit cannot name by an object, named by the
 * local pointer it is reached through: `&b->lock` with `struct bucket *b =
 * &table[h % N]` is "the lock at that offset of *b" (the SSA name b, the
 * bit offset), or -1.  Such a key holds only in its function and only
 * while b keeps its value: step() drops it where b is defined again
 * (a loop) and wherever another lock is released (b may point to it);
 * wmm_locks_own lets it guard members of *b reached through b. */
int local_bit_at (wmm_unitinfo *u, tree p, HOST_WIDE_INT off);

int
local_lock_bit (wmm_unitinfo *u, tree arg)
{
  if (!arg)
    return -1;
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (arg)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (arg))
      && TREE_CODE (gimple_assign_rhs1 (SSA_NAME_DEF_STMT (arg))) == ADDR_EXPR)
    arg = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (arg));
  tree p = arg;
  HOST_WIDE_INT off = 0;
  tree etype;
  if (TREE_CODE (arg) == ADDR_EXPR
      && (p = element_key (TREE_OPERAND (arg, 0), &off, &etype)))
    ;   /* &table[i].lock */
  else if (TREE_CODE (arg) == ADDR_EXPR)
    {
      if (!pointee_member (arg, &p, &off))
        return -1;
      p = pointer_root (p);
    }
  else
    p = pointer_root (p);
  return local_bit_at (u, p, off);
}

/* The local lock bit of the lock `off` bits into what local pointer p
 * points to (local_lock_bit), or -1. */
int
local_bit_at (wmm_unitinfo *u, tree p, HOST_WIDE_INT off)
{
  if (!p || (TREE_CODE (p) == SSA_NAME
             && (SSA_NAME_IS_DEFAULT_DEF (p) || wmm_heap_once_key (p)
                 || !POINTER_TYPE_P (TREE_TYPE (p)))))
    return -1;
  wmm_lock_facts *f = u->lock_facts;
  unsigned have = 0;
  for (unsigned b = 0; b < u->lock_ids.length () && b < 64; b++)
    if (f->local & (1ULL << b))
      {
        if (u->lock_ids[b].first == p && u->lock_ids[b].second == off)
          return b;
        have++;
      }
  if (have >= MAX_LOCAL_LOCKS)
    return -1;
  int b = key_bit (u, p, off);
  if (b >= 0)
    f->local |= 1ULL << b;
  return b;
}

/* The bit of the slot key of a mutex `&l->m` whose l was loaded from a
 * slot (an inlined `possess (pool->have)`), or -1: held beside the
 * local lock of l (lock_call), it guards what the slot's object holds
 * (wmm_locks_own). */
int
slot_member_bit (wmm_unitinfo *u, tree arg)
{
  tree ptr, k;
  HOST_WIDE_INT off;
  return pointee_member (arg, &ptr, &off) && (k = loaded_slot (ptr))
         ? key_bit (u, k, off) : -1;
}

/* The bit of the lock pointer value arg names: a named object's, else
 * (a mutex, not a spin, semaphore or ticket word) the local pointer's
 * (local_lock_bit); -1 when neither. */
int
lock_bit (wmm_unitinfo *u, tree arg, bool local)
{
  int b = pointer_bit (u, arg);
  return b < 0 && local ? local_lock_bit (u, arg) : b;
}

/* Is j computed from i alone, through at most 6 conversions and
 * operations with a constant (`_1 = h_13 & 7`, `(int) h % 8`)?  Into sig
 * (SIG_LEN bytes): the steps from j back to i and i's type, the same text
 * for the same function of i. */
const size_t SIG_LEN = 256;
static bool
index_function (tree j, tree i, char *sig)
{
  size_t n = 0;
  for (int steps = 0; steps <= 6; steps++)
    {
      if (j == i)
        {
          snprintf (sig + n, SIG_LEN - n, "%c%u",
                    TYPE_UNSIGNED (TREE_TYPE (i)) ? 'u' : 's',
                    TYPE_PRECISION (TREE_TYPE (i)));
          return true;
        }
      if (TREE_CODE (j) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (j)
          || !INTEGRAL_TYPE_P (TREE_TYPE (j)))
        return false;
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (j));
      if (!def)
        return false;
      enum tree_code code = gimple_assign_rhs_code (def);
      tree k = NULL_TREE;
      if (gimple_assign_rhs_class (def) == GIMPLE_BINARY_RHS)
        {
          k = gimple_assign_rhs2 (def);
          if (TREE_CODE (k) != INTEGER_CST || !tree_fits_shwi_p (k))
            return false;
        }
      else if (!CONVERT_EXPR_CODE_P (code) && code != SSA_NAME)
        return false;
      n += snprintf (sig + n, SIG_LEN - n, "%s%c%u:%ld;",
                     get_tree_code_name (code),
                     TYPE_UNSIGNED (TREE_TYPE (j)) ? 'u' : 's',
                     TYPE_PRECISION (TREE_TYPE (j)),
                     k ? (long) tree_to_shwi (k) : 0L);
      if (n >= SIG_LEN)
        return false;
      j = gimple_assign_rhs1 (def);
    }
  return false;
}

/* Is SSA name k `name`, or computed from it by at most 6 assignments
 * (`_1 = h_13 & 7`, `first = MIN_EXPR <from, to>`)?  A key named by k
 * relates to accesses through name's value (stripe_key, the MIN_EXPR
 * rules), which changes when name's definition runs again. */
static bool
computed_from (tree k, tree name, int depth)
{
  if (k == name)
    return true;
  if (depth > 6 || !k || TREE_CODE (k) != SSA_NAME
      || SSA_NAME_IS_DEFAULT_DEF (k))
    return false;
  gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (k));
  if (!def)
    return false;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    if (computed_from (gimple_op (def, i), name, depth + 1))
      return true;
  return false;
}

/* held without the local locks whose pointer `name` is (its definition
 * runs: the pointer may now hold another object), and those whose key is
 * computed from name (computed_from). */
wmm_region_set
kill_local (wmm_unitinfo *u, tree name, wmm_region_set held)
{
  wmm_region_set local = held & u->lock_facts->local;
  for (unsigned b = 0; local && b < u->lock_ids.length () && b < 64; b++)
    if ((local & (1ULL << b))
        && computed_from (local_key_name (u->lock_ids[b].first), name, 0))
      held &= ~(1ULL << b);
  return held;
}

bool spin_word_broken (wmm_unitinfo *u, int b);
bool pointer_writes_reach (wmm_unitinfo *u, int b);

/* Locks of `callee`'s key space in `set`, renamed to the caller's through
 * the arguments of a call (callee's parameter i standing for args[i]).
 * *lost: some could not be renamed. */
wmm_region_set
map_through (wmm_unitinfo *u, tree callee, wmm_region_set set, bool *lost,
             const vec<tree> &args)
{
  wmm_region_set out = 0;
  for (int b = 0; b < 64; b++)
    {
      if (!(set & (1ULL << b)) || b >= (int) u->lock_ids.length ())
        continue;
      tree base = u->lock_ids[b].first;
      /* a callee's local lock: no name in the caller */
      if (u->lock_facts->local & (1ULL << b))
        {
          *lost = true;
          continue;
        }
      /* the lock a parameter's slot points to: the argument's slot */
      tree sb;
      HOST_WIDE_INT sp = 0;
      bool slot = slot_parts (base, &sb, &sp) && TREE_CODE (sb) == PARM_DECL;
      if (TREE_CODE (base) != PARM_DECL && !slot)
        {
          out |= 1ULL << b;
          continue;
        }
      int i = wmm_param_index (callee, slot ? sb : base);
      tree cb;
      HOST_WIDE_INT cp;
      int nb = -1;
      if (i >= 0 && i < (int) args.length ()
          && pointer_key (args[i], &cb, &cp))
        {
          if (!slot)
            nb = key_bit (u, cb, cp + u->lock_ids[b].second);
          else if ((VAR_P (cb) && one_object_var (cb))
                   || TREE_CODE (cb) == PARM_DECL)
            nb = key_bit (u, slot_key (cb, cp + sp), u->lock_ids[b].second);
        }
      /* a mutex of the object a local pointer of the caller points to
         (`lk (first)`, first = MIN (from, to): the caller's local lock,
         as `pthread_mutex_lock (&first->m)` there would be) */
      else if (i >= 0 && i < (int) args.length () && !slot
               && !((u->lock_facts->spin | u->lock_facts->counted)
                    & (1ULL << b))
               && TREE_CODE (args[i]) == SSA_NAME
               && POINTER_TYPE_P (TREE_TYPE (args[i])))
        nb = local_bit_at (u, pointer_root (args[i]), u->lock_ids[b].second);
      /* A spin-lock word of a wrapper (spin_lock (&g)) is renamed to the
         caller's word, which must not be written otherwise either. */
      if (nb >= 0 && (u->lock_facts->spin & (1ULL << b))
          && (u->lock_facts->slots & (1ULL << nb)))
        nb = -1;
      if (nb >= 0 && (u->lock_facts->spin & (1ULL << b)))
        {
          u->lock_facts->spin |= 1ULL << nb;
          if (spin_word_broken (u, nb))
            nb = -1;
        }
      if (nb >= 0)
        out |= 1ULL << nb;
      else
        *lost = true;
    }
  return out;
}

/* The alias set of the scalar at bit pos of object base (0: not known,
 * may be any type). */
alias_set_type
word_alias_set (tree base, HOST_WIDE_INT pos)
{
  tree type = TREE_TYPE (base);
  if ((TREE_CODE (base) == PARM_DECL || TREE_CODE (base) == SSA_NAME)
      && POINTER_TYPE_P (type))
    type = TREE_TYPE (type);
  /* Down the members of structs (the last one starting at or before pos). */
  while (type && TREE_CODE (type) == RECORD_TYPE)
    {
      tree found = NULL_TREE;
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
        if (TREE_CODE (f) == FIELD_DECL
            && tree_fits_shwi_p (bit_position (f))
            && tree_to_shwi (bit_position (f)) <= pos)
          found = f;
      if (!found)
        return 0;
      pos -= tree_to_shwi (bit_position (found));
      type = TREE_TYPE (found);
    }
  if (!type || pos || AGGREGATE_TYPE_P (type))
    return 0;
  return get_alias_set (type);
}

/* Is lock bit b a word some statement of the unit writes other than as
 * a spin lock's acquire or release (so a spin lock on it is no lock)? */
bool
spin_word_broken (wmm_unitinfo *u, int b)
{
  wmm_lock_facts *f = u->lock_facts;
  tree base = u->lock_ids[b].first;
  for (auto &k : f->broken)
    if (k.first == base && k.second == u->lock_ids[b].second)
      return true;
  return pointer_writes_reach (u, b);
}

/* May a write through a pointer parameter reach the word of lock bit b
 * (find_broken_words' writes through parameters, by type)? */
bool
pointer_writes_reach (wmm_unitinfo *u, int b)
{
  wmm_lock_facts *f = u->lock_facts;
  tree base = u->lock_ids[b].first;
  if (f->broken_any.is_empty () && f->broken_outside.is_empty ())
    return false;
  /* Writes through parameters that may point anywhere, by type. */
  alias_set_type w = word_alias_set (base, u->lock_ids[b].second);
  auto conflict = [w] (alias_set_type s) {
    return s == 0 || w == 0 || alias_sets_conflict_p (s, w);
  };
  for (alias_set_type s : f->broken_any)
    if (conflict (s))
      return true;
  /* A wrapper's parameter names its callers' words, checked when renamed
     (map_through), unless code outside the unit may call it. */
  cgraph_node *wrapper = TREE_CODE (base) == PARM_DECL && DECL_CONTEXT (base)
                         ? cgraph_node::get (DECL_CONTEXT (base)) : NULL;
  bool renamed = wrapper && !wmm_called_back_by_name (wrapper)
                 && !wmm_address_given_away (wrapper);
  if (!(f->hidden & (1ULL << b)) && !renamed)
    for (alias_set_type s : f->broken_outside)
      if (conflict (s))
        return true;
  return false;
}

/* The alias set of what an atomic builtin given address `addr` updates:
 * the scalar type the pointer points to (`__atomic_fetch_sub (__ptr, 1,
 * ...)` in std::latch's count_down, __ptr a `long *`: no `bool` lock word
 * of an atomic_flag); 0 (any) for void, char, aggregates and what cannot
 * be told. */
static alias_set_type
pointee_alias_set (tree addr)
{
  tree t = TREE_CODE (addr) == ADDR_EXPR ? TREE_TYPE (TREE_OPERAND (addr, 0))
           : POINTER_TYPE_P (TREE_TYPE (addr)) ? TREE_TYPE (TREE_TYPE (addr))
           : NULL_TREE;
  if (!t || VOID_TYPE_P (t) || AGGREGATE_TYPE_P (t) || !COMPLETE_TYPE_P (t))
    return 0;
  return get_alias_set (t);
}

/* Record in f->broken every word a plain store or an atomic builtin that
 * is not a spin-lock operation (spin_kind) writes; through a parameter,
 * the words every call site passes (`void clear (int *l) { *l = 0; }`
 * called with &w breaks w), and every word when they cannot be told. */
void
find_broken_words (wmm_lock_facts *f)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = body_of (node->decl);
      /* A library spin-lock operation's own body (atomic_flag's clear):
         its calls are the operations. */
      wmm_cxx_lock l;
      if (!fn || (wmm_cxx_lock_call (node->decl, &l) && l.spin))
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree addr = NULL_TREE;
        if (!gimple_vdef (s))
          return;
        if (is_gimple_assign (s))
          addr = build1 (ADDR_EXPR, ptr_type_node, gimple_assign_lhs (s));
        else if (is_gimple_call (s) && gimple_call_fndecl (s)
                 && DECL_NAME (gimple_call_fndecl (s))
                 && gimple_call_num_args (s))
          {
            const char *n
              = IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (s)));
            if ((!strncmp (n, "__atomic_", 9) || !strncmp (n, "__sync_", 7))
                && strncmp (n, "__atomic_load", 13)   /* reads only */
                && strncmp (n, "__atomic_always_lock_free", 25)
                && strncmp (n, "__atomic_is_lock_free", 21)
                && spin_kind (s, n) == LK_NONE)
              addr = gimple_call_arg (s, 0);
            /* a C++ spin-lock operation whose body is skipped above:
               its call, unless it takes or frees the word */
            wmm_cxx_lock c;
            lock_use use = {};
            if (wmm_cxx_lock_call (gimple_call_fndecl (s), &c) && c.spin
                && cxx_lock_kind (s, &use) == LK_NONE)
              addr = gimple_call_arg (s, c.lock_arg);
          }
        tree base;
        HOST_WIDE_INT pos;
        bool outside = false;
        if (!addr || !pointer_key (addr, &base, &pos))
          return;
        f->broken.safe_push (std::make_pair (base, pos));
        if (TREE_CODE (base) == PARM_DECL
            && (!words_of (base, pos, 0, &f->broken, &outside) || outside))
          (outside ? f->broken_outside : f->broken_any).safe_push
            (is_gimple_assign (s) ? get_alias_set (gimple_assign_lhs (s))
                                  : pointee_alias_set (addr));
      });
    }
}

/* Is the semaphore of lock bit b no lock?  A semaphore is one when it is
 * a static object unknown code cannot name (not exported, its address
 * never escapes), every sem_init of the unit names it or another with
 * the value 0 or 1, and every sem_post of it is made by a thread that
 * holds it (checked after the analysis: break_unheld_posts).  Then its
 * count plus the number of threads that hold it never exceeds 1: each
 * wait moves one from the count to the holders, each post one back. */
bool
sem_broken (wmm_unitinfo *u, int b)
{
  wmm_lock_facts *f = u->lock_facts;
  std::pair<tree, HOST_WIDE_INT> key = u->lock_ids[b];
  tree base = key.first;
  if (f->sem_none || !VAR_P (base) || TREE_PUBLIC (base)
      || DECL_EXTERNAL (base) || f->escaped.any.contains (base)
      || f->sem_broken.contains (key))
    return true;
  return !f->sem_init.contains (key);
}

/* Every sem_init of the unit: the semaphores it names (a global or
 * static) with the value 0 or 1 into f->sem_init; anything else (another
 * value, an object it cannot name) makes no semaphore a lock; so does a
 * sem_post it cannot name. */
void
find_sem_inits (wmm_lock_facts *f, const vec<tree> &fns)
{
  for (tree d : fns)
    wmm_each_stmt (body_of (d), [&] (gimple *s) {
      tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
      if (!fn || !DECL_NAME (fn) || gimple_call_num_args (s) < 1)
        return;
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
      bool init = !strcmp (n, "sem_init"), post = !strcmp (n, "sem_post");
      if (!init && !post)
        return;
      tree base;
      HOST_WIDE_INT pos;
      if (!pointer_key (gimple_call_arg (s, 0), &base, &pos)
          || !VAR_P (base))
        {
          f->sem_none = true;
          return;
        }
      if (!init)
        return;
      tree v = gimple_call_num_args (s) > 2 ? gimple_call_arg (s, 2)
                                            : NULL_TREE;
      if (!v || !tree_fits_uhwi_p (v) || tree_to_uhwi (v) > 1)
        f->sem_broken.safe_push (std::make_pair (base, pos));
      else
        f->sem_init.safe_push (std::make_pair (base, pos));
    });
}

/* The bit of the read side of lock bit b: the same object at bit
 * position pos | 1 (lock objects are byte-aligned, so no real lock has
 * it); -1 when there is no room. */
int
reader_bit (wmm_unitinfo *u, int b)
{
  if (b < 0)
    return -1;
  HOST_WIDE_INT pos = u->lock_ids[b].second;
  int r = key_bit (u, u->lock_ids[b].first, pos | 1);
  /* a local lock's read side is local too */
  if (r >= 0 && (u->lock_facts->local & (1ULL << b)))
    u->lock_facts->local |= 1ULL << r;
  return r;
}

/* Bits b and its read side (when it has one). */
wmm_region_set
both_sides (wmm_unitinfo *u, int b)
{
  int r = -1;
  for (unsigned i = 0; i < u->lock_ids.length (); i++)
    if (u->lock_ids[i].first == u->lock_ids[b].first
        && u->lock_ids[i].second == (u->lock_ids[b].second | 1))
      r = i;
  return (1ULL << b) | (r >= 0 ? 1ULL << r : 0);
}

/* Is the word at addr the serving word of a ticket lock: a take found
 * (find_tickets), every write to it a release (ticket_release) made while
 * holding it (break_unheld_posts), every write to its dispenser an
 * atomic addition of a positive constant, and no write through a pointer
 * parameter that may reach it (as for spin words)?  Then at most one
 * thread holds it: tickets are unique, and only the holder moves the
 * word on, upwards. */
bool
ticket_word (wmm_unitinfo *u, tree addr)
{
  wmm_lock_facts *f = u->lock_facts;
  std::pair<tree, HOST_WIDE_INT> key;
  if (!f || !addr || !pointer_key (addr, &key.first, &key.second)
      || !VAR_P (key.first))
    return false;
  bool found = false;
  for (auto &k : f->tickets)
    found |= k == key;
  for (auto &k : f->ticket_broken)
    found &= k != key;
  int b = found ? pointer_bit (u, addr) : -1;
  return b >= 0 && !pointer_writes_reach (u, b);
}

/* The unit's ticket locks: the serving and dispenser words of every take
 * (ticket_cond) into f->tickets and f->ticket_next; into
 * f->ticket_broken a serving word written other than by a release
 * (ticket_release), whose dispenser is written other than by atomic
 * additions of positive constants, or taken with two dispensers. */
void
find_tickets (wmm_lock_facts *f, const vec<tree> &fns)
{
  typedef std::pair<tree, HOST_WIDE_INT> word;
  for (tree d : fns)
    wmm_each_stmt (body_of (d), [&] (gimple *s) {
      gcond *c = dyn_cast<gcond *> (s);
      tree serving, next;
      bool eq;
      word sk, nk;
      if (!c || !ticket_cond (c, &serving, &next, &eq)
          || !pointer_key (serving, &sk.first, &sk.second)
          || !pointer_key (next, &nk.first, &nk.second)
          || !VAR_P (sk.first) || !VAR_P (nk.first) || sk == nk)
        return;
      for (unsigned i = 0; i < f->tickets.length (); i++)
        if (f->tickets[i] == sk)
          {
            if (f->ticket_next[i] != nk)
              f->ticket_broken.safe_push (sk);
            return;
          }
      f->tickets.safe_push (sk);
      f->ticket_next.safe_push (nk);
    });
  if (f->tickets.is_empty ())
    return;
  for (tree d : fns)
    wmm_each_stmt (body_of (d), [&] (gimple *s) {
      if (!gimple_vdef (s) || gimple_clobber_p (s))
        return;
      tree addr = NULL_TREE;
      if (is_gimple_assign (s))
        addr = build1 (ADDR_EXPR, ptr_type_node, gimple_assign_lhs (s));
      else if (is_gimple_call (s) && gimple_call_fndecl (s)
               && DECL_NAME (gimple_call_fndecl (s)) && gimple_call_num_args (s))
        {
          const char *n = IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (s)));
          if ((!strncmp (n, "__atomic_", 9) || !strncmp (n, "__sync_", 7))
              && strncmp (n, "__atomic_load", 13))
            addr = gimple_call_arg (s, 0);
        }
      word k;
      if (!addr || !pointer_key (addr, &k.first, &k.second))
        return;
      for (unsigned i = 0; i < f->tickets.length (); i++)
        {
          tree a;
          if ((k == f->tickets[i]
               && !(is_gimple_call (s) && ticket_release (s, &a)))
              || (k == f->ticket_next[i]
                  && !(is_gimple_call (s) && positive_add (s))))
            f->ticket_broken.safe_push (f->tickets[i]);
        }
    });
}

/* A lock call's operation, and in *b the bit of the lock it takes (the
 * read side for read locks) or releases (-1: not told); *rw: the release
 * may be of a read lock (pthread_rwlock_unlock); *unowned: the release
 * is no sign the caller held the lock (a C++ guard's, which may own
 * nothing; a semaphore's post, which signals without a wait). */
lock_op
lock_call (wmm_unitinfo *u, gimple *stmt, int *b, bool *rw = NULL,
           bool *unowned = NULL, wmm_region_set *more = NULL)
{
  lock_use use;
  lock_op k = lock_kind (stmt, &use);
  /* the further locks an acquisition takes (those it can name) */
  if (more)
    {
      *more = 0;
      for (int i = 0; k == LK_ACQUIRE && i < use.nmore; i++)
        if (int m = lock_bit (u, use.more[i], true); m >= 0)
          *more |= 1ULL << m;
    }
  /* An increment of a word that is no ticket lock's is no release. */
  if (use.ticket && !ticket_word (u, use.lock))
    {
      *b = -1;
      return LK_NONE;
    }
  /* (a mutex may be reached through a local pointer: `&b->lock`, b an
     element of an array of buckets) */
  *b = k == LK_NONE ? -1 : lock_bit (u, use.lock,
                                     !use.spin && !use.sem && !use.ticket);
  /* a mutex through a pointer loaded from a slot: the slot's lock too */
  if (more && k == LK_ACQUIRE && !use.reader && !use.spin && !use.sem
      && !use.ticket)
    {
      int sb = slot_member_bit (u, use.lock);
      if (sb >= 0 && sb != *b)
        *more |= 1ULL << sb;
    }
  if (*b >= 0 && (use.sem || use.ticket))
    u->lock_facts->counted |= 1ULL << *b;
  if (use.reader)
    *b = reader_bit (u, *b);
  /* A semaphore counts only as a binary one used as a lock; otherwise
     its wait and post are synchronisation (fences), as before. */
  if (use.sem && (*b < 0 || sem_broken (u, *b)))
    {
      *b = -1;
      return LK_NONE;
    }
  /* A spin-lock word (an atomic builtin's) counts only when nothing else
     writes it. */
  if (*b >= 0 && use.spin && (u->lock_facts->slots & (1ULL << *b)))
    *b = -1;   /* (spin words through slots: not followed) */
  if (*b >= 0 && use.spin)
    {
      u->lock_facts->spin |= 1ULL << *b;
      if (spin_word_broken (u, *b))
        *b = -1;
    }
  if (rw)
    *rw = k == LK_RELEASE
          && !strcmp (IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl
                                                      (stmt))),
                      "pthread_rwlock_unlock");
  if (unowned)
    *unowned = use.guarded || use.sem || use.ticket;
  return k;
}

/* The lock a trylock-style call takes on CFG edge e: e leaves the block
 * whose last statements are `r = trylock (&m); if (r == 0)` (or != 0,
 * maybe through a conversion of r) and is the branch where the lock was
 * taken (r == 0; r != 0 for a boolean CAS).  Its bit, or 0. */
wmm_region_set
try_gain (wmm_unitinfo *u, edge e)
{
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (e->src));
  tree serving, next;
  bool on_true;
  if (cond && ticket_cond (cond, &serving, &next, &on_true))
    {
      /* the edge where the ticket is the one served */
      bool equal = (e->flags & EDGE_TRUE_VALUE) ? on_true : !on_true;
      int b = equal && ticket_word (u, serving) ? pointer_bit (u, serving) : -1;
      return b >= 0 ? 1ULL << b : 0;
    }
  if (!cond || !integer_zerop (gimple_cond_rhs (cond))
      || TREE_CODE (gimple_cond_lhs (cond)) != SSA_NAME)
    return 0;
  bool eq = gimple_cond_code (cond) == EQ_EXPR;
  if (!eq && gimple_cond_code (cond) != NE_EXPR)
    return 0;
  bool zero_on_edge = (e->flags & EDGE_TRUE_VALUE) ? eq : !eq;
  /* The call is just before the test, maybe with conversions of its
     result between: nothing between can release the lock. */
  tree v = gimple_cond_lhs (cond);
  gimple_stmt_iterator gsi = gsi_for_stmt (cond);
  for (;;)
    {
      gsi_prev_nondebug (&gsi);
      if (gsi_end_p (gsi))
        return 0;
      /* (<stdatomic.h>'s macros leave copies through temporaries and
         the nops of their statement expressions) */
      if (gimple_code (gsi_stmt (gsi)) == GIMPLE_NOP)
        continue;
      gassign *conv = dyn_cast<gassign *> (gsi_stmt (gsi));
      if (!conv)
        break;
      /* v = r != 0 keeps r's zeroness (libstdc++'s `exchange (true) !=
         0`), v = r == 0 turns it over */
      if (gimple_assign_lhs (conv) == v
          && (gimple_assign_rhs_code (conv) == NE_EXPR
              || gimple_assign_rhs_code (conv) == EQ_EXPR)
          && integer_zerop (gimple_assign_rhs2 (conv))
          && TREE_CODE (gimple_assign_rhs1 (conv)) == SSA_NAME
          && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (conv))))
        {
          if (gimple_assign_rhs_code (conv) == EQ_EXPR)
            zero_on_edge = !zero_on_edge;
          v = gimple_assign_rhs1 (conv);
          continue;
        }
      if (gimple_assign_lhs (conv) != v
          || !(CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (conv))
               || gimple_assign_ssa_name_copy_p (conv))
          || !INTEGRAL_TYPE_P (TREE_TYPE (v))
          || TYPE_PRECISION (TREE_TYPE (v))
             < TYPE_PRECISION (TREE_TYPE (gimple_assign_rhs1 (conv))))
        return 0;
      v = gimple_assign_rhs1 (conv);
    }
  gimple *call = gsi_stmt (gsi);
  if (!is_gimple_call (call) || gimple_call_lhs (call) != v)
    return 0;
  int b;
  lock_op k = lock_call (u, call, &b);
  if (b < 0 || !((k == LK_TRY && zero_on_edge)
                 || (k == LK_TRY_NZ && !zero_on_edge)))
    return 0;
  return 1ULL << b;
}

/* What a call of `callee`, a function of the unit, does to locks, in the
 * caller's names: false when it has no summary. */
bool
one_callee_effect (wmm_unitinfo *u, const vec<tree> &args, tree callee,
                   lock_summary *e)
{
  lock_summary *s = callee && body_of (callee)
                    ? u->lock_facts->sum.get (callee) : NULL;
  if (!s)
    return false;
  bool lost = false, dropped = false;
  e->rel = map_through (u, callee, s->rel, &lost, args);
  e->rel_entry = map_through (u, callee, s->rel_entry, &lost, args);
  /* An acquisition or requirement that cannot be renamed is not counted;
     a release that cannot be renamed may be of any lock. */
  e->acq = map_through (u, callee, s->acq, &dropped, args);
  e->pre = map_through (u, callee, s->pre, &dropped, args);
  bool untaken = false;
  e->takes = map_through (u, callee, s->takes, &untaken, args);
  e->takes_unknown = s->takes_unknown || untaken;
  e->rel_unknown = s->rel_unknown || lost;
  return true;
}

/* What a call to a function of the unit does to locks, in the caller's
 * names: false when the callee has no summary.  An indirect call entries.cc
 * resolved (std::function's _M_invoker and _M_manager, a hook's
 * functions) does what any of its targets may: the releases of each, the
 * acquisitions of all. */
bool
callee_effect (wmm_unitinfo *u, gimple *stmt, lock_summary *e)
{
  tree callee = gimple_call_fndecl (stmt);
  gcall *call = as_a<gcall *> (stmt);
  auto_vec<tree, 8> args;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    args.safe_push (gimple_call_arg (call, i));
  /* A guard of a lockable class of the program (std::lock_guard<M>):
     its constructor does what M's lock () does to the mutex it is given,
     its destructor what M's unlock () does to the one it is bound to
     (cxxlocks.cc); else its own body's summary (a release through the
     guard's reference: any lock). */
  tree method;
  if (int g = callee ? wmm_cxx_user_guard (callee, &method) : 0)
    {
      tree m = NULL_TREE, a0 = args.length () ? args[0] : NULL_TREE;
      if (g == 1 && args.length () == 2)
        m = args[1];
      else if (g == 2 && a0 && TREE_CODE (a0) == ADDR_EXPR)
        {
          tree arg;
          if (wmm_cxx_guard_mutex (TREE_OPERAND (a0, 0), &arg))
            m = arg;
        }
      auto_vec<tree, 1> margs;
      margs.safe_push (m);
      if (m && one_callee_effect (u, margs, wmm_alias_target (method), e))
        return true;
    }
  if (callee)
    return one_callee_effect (u, args, wmm_alias_target (callee), e);
  vec<tree> *targets = wmm_resolved_targets (u, stmt);
  if (!targets)
    return false;
  bool first = true;
  for (tree t : *targets)
    {
      lock_summary one;
      if (!one_callee_effect (u, args, wmm_alias_target (t), &one))
        return false;
      if (first)
        *e = one;
      else
        {
          e->acq &= one.acq;
          e->pre &= one.pre;
          e->rel |= one.rel;
          e->rel_entry |= one.rel_entry;
          e->takes |= one.takes;
          e->takes_unknown |= one.takes_unknown;
          e->rel_unknown |= one.rel_unknown;
        }
      first = false;
    }
  return true;
}

/* What the functions of the unit whose addresses a call passes (callbacks
 * such as qsort's comparator, which run inside it) may do to locks, their
 * summaries joined (in their own names: only "anything at all" counts). */
lock_summary
callback_effect (wmm_unitinfo *u, gimple *stmt)
{
  lock_summary all = { 0, 0, false, 0, 0, 0, false };
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      tree a = gimple_call_arg (stmt, i);
      lock_summary *cs;
      if (TREE_CODE (a) == ADDR_EXPR
          && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL
          && body_of (TREE_OPERAND (a, 0))
          && (cs = u->lock_facts->sum.get (TREE_OPERAND (a, 0))))
        {
          all.acq |= cs->acq;
          all.rel |= cs->rel;
          all.rel_unknown |= cs->rel_unknown;
          all.takes |= cs->takes;
          all.takes_unknown |= cs->takes_unknown;
        }
    }
  return all;
}

/* The locks a release of the locks `m` (named ones) may release: a
 * slot's pointer may point to any object whose address was stored (not
 * a hidden one), so releasing a named lock may release what a slot
 * points to, and releasing through a slot any lock but a hidden one. */
wmm_region_set
released_with (wmm_unitinfo *u, wmm_region_set m)
{
  wmm_lock_facts *f = u->lock_facts;
  if (!m || !f->slots)
    return m;
  bool through_slot = m & f->slots;
  m |= f->slots;
  wmm_region_set all = u->lock_ids.length () >= 64
                       ? ~0ULL : (1ULL << u->lock_ids.length ()) - 1;
  return through_slot ? m | (all & ~f->hidden) : m;
}

/* The effect of one statement of function `fn` on the held set; releases
 * are added to *rel (may be NULL). */
wmm_region_set
step (wmm_unitinfo *u, gimple *stmt, wmm_region_set held, lock_summary *rel)
{
  wmm_lock_facts *f = u->lock_facts;
  /* a local lock's pointer defined again names another object */
  if (held & f->local)
    {
      tree def;
      ssa_op_iter it;
      FOR_EACH_SSA_TREE_OPERAND (def, stmt, it, SSA_OP_DEF)
        held = kill_local (u, def, held);
    }
  if (!is_gimple_call (stmt) || gimple_call_internal_p (stmt))
    return held;
  int b;
  wmm_region_set more;
  lock_op k = lock_call (u, stmt, &b, NULL, NULL, &more);
  if (k != LK_NONE)
    {
      if (rel && k != LK_RELEASE)
        {
          if (b >= 0)
            rel->takes |= both_sides (u, b) | more;
          else
            rel->takes_unknown = true;
        }
      if (k == LK_ACQUIRE || k == LK_READ)
        return (b >= 0 ? held | (1ULL << b) : held) | more;
      if (k == LK_TRY || k == LK_TRY_NZ)
        return held;   /* taken on the success edge only (try_gain) */
      /* A local lock may be any lock its pointer reaches: its release
         is one of an unnamed lock (below); any other release may be of
         the object a local lock's pointer points to. */
      if (b >= 0 && !(f->local & (1ULL << b)))
        {
          wmm_region_set both = both_sides (u, b);
          if (rel)
            {
              rel->rel |= both;
              rel->rel_entry |= both & ~held;
            }
          return held & ~released_with (u, both) & ~f->local;
        }
      /* A lock the unit cannot name here (&locks[i], a PHI of two
         addresses) may be a hidden one too. */
      if (rel)
        {
          rel->rel_unknown = true;
          rel->rel |= f->hidden;
          rel->rel_entry |= f->hidden & ~held;
        }
      return 0;
    }
  tree callee = gimple_call_fndecl (stmt);
  lock_summary e;
  bool summarised = callee_effect (u, stmt, &e);
  if (summarised && rel)
    {
      rel->rel |= e.rel;
      rel->rel_unknown |= e.rel_unknown;
      rel->rel_entry |= e.rel_entry & ~held;
      rel->takes |= e.takes | e.acq;
      rel->takes_unknown |= e.takes_unknown;
    }
  /* Nothing after a call that never returns runs.  A longjmp out of it
     leaves by an abnormal edge of some caller, which keeps only what was
     held before and was not released: its releases (above) still count. */
  if (callee && f->noreturn.contains (callee))
    return ~0ULL;
  if (summarised)
    {
      held &= ~released_with (u, e.rel);
      if (e.rel)
        held &= ~f->local;
      if (e.rel_unknown)
        held &= f->hidden;
      return held | e.acq;
    }
  /* A function of the unit passed to a library function (qsort's
     comparator) may run inside it. */
  lock_summary cb = callback_effect (u, stmt);
  if (cb.rel || cb.rel_unknown)
    {
      if (rel)
        rel->rel_unknown = true;
      return held & f->hidden;
    }
  if (callee && (lock_library_call (callee)
                 || wmm_never_starts_threads (callee)
                 || wmm_std_scalar_call (stmt)))
    return held;   /* releases no lock of the program (condition waits
                      hand theirs back) */
  if (rel)
    rel->rel_unknown = true;
  return held & f->hidden;
}

/* Must-held locks of every block of fn (entry set `entry`): in[bb->index];
 * *exit: held at every return; *rel: releases.  Call sites' held sets go
 * to *calls when given. */
void
dataflow (wmm_unitinfo *u, function *fn, wmm_region_set entry,
          vec<wmm_region_set> *in, wmm_region_set *exit, lock_summary *rel,
          vec<std::pair<gimple *, wmm_region_set> > *calls)
{
  int nb = last_basic_block_for_fn (fn);
  in->truncate (0);
  in->safe_grow_cleared (nb);
  auto_vec<wmm_region_set> out, last_in;
  auto_vec<bool> seen;
  out.safe_grow_cleared (nb);
  last_in.safe_grow_cleared (nb);
  seen.safe_grow_cleared (nb);
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  /* Greatest fixpoint: intersection over the predecessors seen so far. */
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          wmm_region_set s = ~0ULL;
          bool any = false;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->preds)
            {
              if (e->src->index < NUM_FIXED_BLOCKS)
                {
                  s &= entry;
                  any = true;
                }
              else if (seen[e->src->index])
                {
                  /* An abnormal edge leaves from inside the block's last
                     call (a longjmp), an EH edge when it throws (a C++
                     lock that fails): what the call acquires may not be
                     held, what it releases is not. */
                  s &= (e->flags & (EDGE_ABNORMAL | EDGE_EH))
                       ? out[e->src->index] & last_in[e->src->index]
                       : out[e->src->index] | try_gain (u, e);
                  any = true;
                }
            }
          if (!any)
            s = 0;
          /* a PHI defines a local lock's pointer again (a loop) */
          for (gphi_iterator pi = gsi_start_phis (bb);
               (s & u->lock_facts->local) && !gsi_end_p (pi); gsi_next (&pi))
            s = kill_local (u, gimple_phi_result (pi.phi ()), s);
          (*in)[bb->index] = s;
          wmm_region_set before = s;
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              before = s;
              s = step (u, gsi_stmt (gsi), s, rel);
            }
          last_in[bb->index] = before;
          if (!seen[bb->index] || s != out[bb->index])
            {
              out[bb->index] = s;
              seen[bb->index] = true;
              changed = true;
            }
        }
    }
  free (rpo);
  if (exit)
    {
      wmm_region_set s = ~0ULL;
      bool any = false;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
        if (e->src->index >= NUM_FIXED_BLOCKS && seen[e->src->index])
          {
            s &= out[e->src->index];
            any = true;
          }
      *exit = any ? s : 0;
    }
  if (calls)
    {
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        {
          wmm_region_set s = (*in)[bb->index];
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              gimple *stmt = gsi_stmt (gsi);
              if (is_gimple_call (stmt) && !gimple_call_internal_p (stmt))
                calls->safe_push (std::make_pair (stmt, s));
              s = step (u, stmt, s, NULL);
            }
        }
    }
}

/* The effect of one statement on the locks that must be held before it
 * because every path from it to a return releases them first (backward). */
wmm_region_set
step_back (wmm_unitinfo *u, gimple *stmt, wmm_region_set ant)
{
  if (!is_gimple_call (stmt) || gimple_call_internal_p (stmt))
    return ant;
  wmm_lock_facts *f = u->lock_facts;
  int b;
  bool rw, unowned;
  wmm_region_set more;
  lock_op k = lock_call (u, stmt, &b, &rw, &unowned, &more);
  /* the further locks taken here are not needed before */
  for (int m = 0; more && m < 64; m++)
    if (more & (1ULL << m))
      ant &= ~both_sides (u, m);
  if (k != LK_NONE)
    {
      if (b < 0)
        return k != LK_RELEASE ? ant : ant & f->hidden;
      /* A release that is no sign of holding says nothing of before
         (two threads that post a semaphore initialised to 0 do not both
         hold it). */
      if (k != LK_RELEASE || unowned)
        return ant & ~both_sides (u, b);
      /* An rwlock_unlock may release a read lock: only the read side is
         known to be held before it (it protects less than the write side). */
      int r = rw ? reader_bit (u, b) : b;
      return r >= 0 ? ant | (1ULL << r) : ant;
    }
  lock_summary e;
  if (callee_effect (u, stmt, &e))
    {
      /* what the callee may take, even on some path only, is no sign of
         holding before it (as a trylock here is not) */
      ant &= ~(e.rel | e.acq | e.takes);
      if (e.rel_unknown)
        ant &= f->hidden;
      if (e.takes_unknown)
        ant = 0;
      return ant | e.pre;
    }
  tree callee = gimple_call_fndecl (stmt);
  /* A callback of the unit that touches locks may run inside. */
  lock_summary cb = callback_effect (u, stmt);
  if (cb.rel || cb.rel_unknown || cb.acq || cb.takes || cb.takes_unknown)
    return 0;
  if (callee && (lock_library_call (callee)
                 || wmm_never_starts_threads (callee)))
    return ant;
  return ant & f->hidden;
}

/* Locks function fn must hold at entry: on every path from the entry to
 * a return, released before any other operation on them (releasing a
 * mutex the thread does not hold is undefined).  Blocks that cannot
 * reach a return count as "holds nothing". */
wmm_region_set
precondition (wmm_unitinfo *u, function *fn)
{
  int nb = last_basic_block_for_fn (fn);
  auto_vec<wmm_region_set> ant_in;
  auto_vec<bool> reaches;
  ant_in.safe_grow_cleared (nb);
  reaches.safe_grow_cleared (nb);
  /* Blocks from which a return is reachable. */
  auto_vec<basic_block> work;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    if (e->src->index >= NUM_FIXED_BLOCKS && !reaches[e->src->index])
      {
        reaches[e->src->index] = true;
        work.safe_push (e->src);
      }
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      FOR_EACH_EDGE (e, ei, bb->preds)
        if (e->src->index >= NUM_FIXED_BLOCKS && !reaches[e->src->index])
          {
            reaches[e->src->index] = true;
            work.safe_push (e->src);
          }
    }
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    ant_in[bb->index] = reaches[bb->index] ? ~0ULL : 0;
  for (bool changed = true; changed;)
    {
      changed = false;
      FOR_EACH_BB_REVERSE_FN (bb, fn)
        {
          if (!reaches[bb->index])
            continue;
          wmm_region_set s = ~0ULL;
          FOR_EACH_EDGE (e, ei, bb->succs)
            s &= e->dest->index < NUM_FIXED_BLOCKS ? 0 : ant_in[e->dest->index];
          for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
               gsi_prev (&gsi))
            s = step_back (u, gsi_stmt (gsi), s);
          if (s != ant_in[bb->index])
            {
              ant_in[bb->index] = s;
              changed = true;
            }
        }
    }
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fn));
  return first->index >= NUM_FIXED_BLOCKS ? ant_in[first->index] : 0;
}

/* Can fn return: does a path lead from its entry to a return without a
 * call that never returns (noreturn in GCC's eyes, or in f->noreturn)? */
bool
may_return (wmm_lock_facts *f, function *fn)
{
  return wmm_path_leaves (fn, [f] (gimple *s) {
    gcall *c = dyn_cast<gcall *> (s);
    tree d = c ? gimple_call_fndecl (c) : NULL_TREE;
    return c && ((gimple_call_flags (c) & ECF_NORETURN)
                 || (d && f->noreturn.contains (d)));
  }, [] (gimple *) { return false; }, false);
}

/* The functions of the unit that never return (yarn's `fail`, which
 * prints and exits), to a fixpoint: a wrapper that only calls one never
 * returns either.  A lock wrapper `if (pthread_mutex_lock (m)) fail ();`
 * then holds m at every return. */
void
find_noreturn (wmm_lock_facts *f, const vec<tree> &fns)
{
  for (bool changed = true; changed;)
    {
      changed = false;
      for (tree d : fns)
        if (!f->noreturn.contains (d) && !may_return (f, body_of (d)))
          {
            f->noreturn.add (d);
            changed = true;
          }
    }
}

/* One pass of the dataflow over function d from an empty held set, with
 * the current summaries of its callees: its releases in the returned
 * summary, the locks held at every return in its acq. */
lock_summary
pass_over (wmm_unitinfo *u, tree d)
{
  function *fn = body_of (d);
  lock_summary s = { 0, 0, false, 0, 0, 0, false };
  auto_vec<wmm_region_set> in;
  push_cfun (fn);
  dataflow (u, fn, 0, &in, &s.acq, &s, NULL);
  pop_cfun ();
  return s;
}

/* The releases of every function with a body (rel, rel_unknown,
 * rel_entry; acquiring and requiring nothing): the least fixpoint, from
 * "releases nothing".  What a function may release is what its own
 * statements release and what its callees may, whatever it holds, so
 * the fixpoint is exact for recursion too (a recursive `_M_erase (x)`
 * releases nothing), where iterating down from "may release anything"
 * stays there.  Every summary "may release anything" when no fixpoint is
 * reached in `rounds` passes. */
void
least_releases (wmm_unitinfo *u, const vec<tree> &fns, int rounds)
{
  wmm_lock_facts *f = u->lock_facts;
  for (tree d : fns)
    f->sum.put (d, lock_summary { 0, 0, false, 0, 0, 0, false });
  for (int r = 0; r < rounds; r++)
    {
      bool changed = false;
      for (tree d : fns)
        {
          lock_summary s = pass_over (u, d);
          lock_summary *old = f->sum.get (d);
          s.rel |= old->rel;
          s.rel_entry |= old->rel_entry;
          s.rel_unknown |= old->rel_unknown;
          s.takes |= old->takes;
          s.takes_unknown |= old->takes_unknown;
          if (old->rel != s.rel || old->rel_unknown != s.rel_unknown
              || old->rel_entry != s.rel_entry || old->takes != s.takes
              || old->takes_unknown != s.takes_unknown)
            {
              *old = lock_summary { 0, s.rel, s.rel_unknown, 0, s.rel_entry,
                                    s.takes, s.takes_unknown };
              changed = true;
            }
        }
      if (!changed)
        return;
    }
  for (tree d : fns)
    f->sum.put (d, lock_summary { 0, 0, true, 0, 0, 0, true });
}

/* Summaries of every function with a body, iterated to a fixpoint (at
 * most `rounds` passes; each pass is sound on its own, from the least
 * releases and no acquisition). */
void
compute_summaries (wmm_unitinfo *u, const vec<tree> &fns, int rounds)
{
  wmm_lock_facts *f = u->lock_facts;
  least_releases (u, fns, 4 * rounds);
  for (int r = 0; r < rounds; r++)
    {
      bool changed = false;
      for (tree d : fns)
        {
          function *fn = body_of (d);
          lock_summary s = pass_over (u, d);
          /* Keep acquisitions of static objects and of own parameters. */
          wmm_region_set keep = f->statics;
          for (unsigned b = 0; b < u->lock_ids.length (); b++)
            {
              tree sb = u->lock_ids[b].first;
              HOST_WIDE_INT sp;
              slot_parts (sb, &sb, &sp);
              if (TREE_CODE (sb) == PARM_DECL && wmm_param_index (d, sb) >= 0)
                keep |= 1ULL << b;
            }
          s.acq &= keep;
          push_cfun (fn);
          s.pre = precondition (u, fn) & keep;
          pop_cfun ();
          lock_summary *old = f->sum.get (d);
          /* (what it may take only grows) */
          s.takes |= old->takes;
          s.takes_unknown |= old->takes_unknown;
          if (old->acq != s.acq || old->rel != s.rel
              || old->rel_unknown != s.rel_unknown || old->pre != s.pre
              || old->rel_entry != s.rel_entry || old->takes != s.takes
              || old->takes_unknown != s.takes_unknown)
            {
              *old = s;
              changed = true;
            }
        }
      if (!changed)
        return;
    }
}


/* Does function decl start no thread, itself or through what it calls
 * (every callee has a body or starts none; an indirect call only one
 * entries.cc resolved, to its targets: std::function's members)? */
static bool
starts_no_thread (wmm_unitinfo *u, tree decl, hash_map<tree, bool> *memo)
{
  if (bool *known = memo->get (decl))
    return *known;
  bool ok = true;
  auto_vec<cgraph_node *> work;
  hash_set<cgraph_node *> seen;
  cgraph_node *n = cgraph_node::get (decl);
  if (!n)
    ok = false;
  else
    work.safe_push (n->ultimate_alias_target ());
  while (ok && !work.is_empty ())
    {
      cgraph_node *f = work.pop ();
      if (seen.add (f))
        continue;
      if (!body_of (f->decl))
        {
          ok = !f->indirect_calls && wmm_never_starts_threads (f->decl);
          continue;
        }
      ok = wmm_push_resolved_callees (u, f, &work);
      for (cgraph_edge *e = f->callees; e; e = e->next_callee)
        work.safe_push (e->callee->ultimate_alias_target ());
    }
  memo->put (decl, ok);
  return ok;
}

/* Calls of main made where no thread it started may run (before the
 * first create, after the last join) to functions that start none: what
 * they hold does not matter, nothing runs beside them (and their code is
 * not collected there). */
static void
sequential_calls (wmm_unitinfo *u, hash_set<gimple *> *out)
{
  hash_map<tree, bool> memo;
  hash_set<gimple *> quiet;
  wmm_quiet_stmts (u, &quiet);
  for (gimple *c : quiet)
    if (is_gimple_call (c) && gimple_call_fndecl (c)
        && starts_no_thread (u, gimple_call_fndecl (c), &memo))
      out->add (c);
}

/* Functions that may run beside a thread: the entries, the functions
 * code of other units may call with what it holds (exported or address
 * given away, but not of vague linkage: compute_entries), and what they
 * call.  Static constructors and exit-time destructors are not among
 * them. */
static void
concurrent_fns (wmm_unitinfo *u, const vec<tree> &fns, hash_set<tree> *out)
{
  auto_vec<cgraph_node *> work;
  auto push = [&] (cgraph_node *n) {
    n = n->ultimate_alias_target ();
    if (n && !out->add (n->decl))
      work.safe_push (n);
  };
  for (const wmm_unit &unit : u->units)
    if (unit.entry && unit.node)
      push (unit.node);
  for (tree d : fns)
    {
      cgraph_node *n = cgraph_node::get (d);
      if (n && !wmm_vague_linkage (n)
          && (wmm_called_back_by_name (n) || wmm_address_given_away (n)))
        push (n);
    }
  while (!work.is_empty ())
    for (cgraph_edge *e = work.pop ()->callees; e; e = e->next_callee)
      push (e->callee);
}

/* Held sets at entry of the functions called only from the unit: the
 * intersection over their call sites where threads may run (greatest
 * fixpoint); others 0.  A function of vague linkage (C++ inline and
 * template code, whose address is not taken) may also be called by code
 * of other units, but only on memory those reach through pointers: never
 * a hidden object (an inline function names no internal object), and
 * what they reach the stand-in of the unknown call that runs them
 * already touches without the locks (collect.cc). */
/* The bit of the key of lock b's object at position pos (its read side
 * at pos | 1, its write side at pos & ~1), or none: 0. */
static wmm_region_set
other_side (wmm_unitinfo *u, unsigned b, HOST_WIDE_INT pos)
{
  for (unsigned k = 0; k < u->lock_ids.length () && k < 64; k++)
    if (u->lock_ids[k].first == u->lock_ids[b].first
        && u->lock_ids[k].second == pos)
      return 1ULL << k;
  return 0;
}

/* set with the read side of each read-write lock whose write side it
 * holds: a writer excludes every section a reader's would, so a callee
 * called under wrlock (l) by one caller and rdlock (l) by another runs
 * with l's read side held (a std::map's comparator under a shared_mutex's
 * unique_lock and shared_lock). */
wmm_region_set
with_read_sides (wmm_unitinfo *u, wmm_region_set set)
{
  wmm_region_set out = set;
  for (unsigned w = 0; w < u->lock_ids.length () && w < 64; w++)
    if ((set & (1ULL << w)) && !(u->lock_ids[w].second & 1))
      out |= other_side (u, w, u->lock_ids[w].second | 1);
  return out;
}

/* The functions of the unit call `call` may call: its callee, or the
 * targets entries.cc resolved for an indirect call (none: unknown). */
static auto_vec<tree, 4>
callees_of (wmm_unitinfo *u, gimple *call)
{
  auto_vec<tree, 4> out;
  if (tree fn = gimple_call_fndecl (call))
    out.safe_push (fn);
  else if (vec<tree> *targets = wmm_resolved_targets (u, call))
    for (tree t : *targets)
      out.safe_push (t);
  return out;
}

/* A call of a confined function (confined.cc) whose every pointer
 * argument points to memory no other thread reaches (a worker's local
 * std::function given to its members): it touches nothing another thread
 * does, so what is held there does not bound its callee's entry set. */
static bool
private_call (wmm_unitinfo *u, gimple *call)
{
  auto_vec<tree, 4> callees = callees_of (u, call);
  bool any = false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (!POINTER_TYPE_P (TREE_TYPE (a)) && TREE_CODE (a) != ADDR_EXPR)
        continue;
      if (!wmm_private_argument (a))
        return false;
      any = true;
    }
  if (!any || callees.is_empty ())
    return false;
  for (tree t : callees)
    if (!wmm_param_confined (u, wmm_alias_target (t)))
      return false;
  return true;
}

void
compute_entries (wmm_unitinfo *u, const vec<tree> &fns)
{
  wmm_lock_facts *f = u->lock_facts;
  hash_set<tree> local;
  hash_set<gimple *> sequential;
  sequential_calls (u, &sequential);
  hash_set<tree> resolved_callees;
  if (u->resolved_calls)
    for (auto r : *u->resolved_calls)
      for (tree t : r.second)
        resolved_callees.add (wmm_alias_target (t));
  hash_set<tree> running;
  concurrent_fns (u, fns, &running);
  for (tree d : fns)
    {
      cgraph_node *n = cgraph_node::get (d);
      int unit = wmm_unit_of (u, d);
      /* (a function whose address goes only into members whose indirect
         calls entries.cc resolved, std::function's _M_manager: called
         only there and directly) */
      bool *escapes = u->fn_escapes && n ? u->fn_escapes->get (n->decl) : NULL;
      bool hooked = escapes && !*escapes && resolved_callees.contains (d);
      bool ok = n && (n->only_called_directly_p () || wmm_vague_linkage (n)
                      || hooked)
                && !(unit >= 0 && u->units[unit].entry)
                && !MAIN_NAME_P (DECL_NAME (d));
      bool called = hooked;
      if (ok)
        wmm_each_caller (n, [&] (cgraph_edge *e) {
          called = true;
          ok &= e->call_stmt && body_of (e->caller->decl); });
      ok &= called;
      if (ok)
        local.add (d);
      f->entry.put (d, ok ? ~0ULL : 0);
    }
  /* Rounds of a Jacobi iteration: each takes every entry set from the
     previous round's.  A function's contributions (the held sets at its
     calls) change only when its own entry set did, so only those are
     computed again: the C++ library's call chains, deeper than a few
     rounds, cost a round per level but only a few functions each. */
  auto_vec<vec<std::pair<tree, wmm_region_set> > > contrib;
  contrib.safe_grow_cleared (fns.length ());
  auto_vec<bool> dirty;
  dirty.safe_grow (fns.length ());
  for (unsigned i = 0; i < fns.length (); i++)
    dirty[i] = true;
  bool fixpoint = false;
  for (int r = 0; r < 64 + (int) fns.length () && !fixpoint; r++)
    {
      /* (a lock named for the first time may be one more static: then
         every contribution is computed again) */
      wmm_region_set statics = f->statics;
      for (unsigned i = 0; i < fns.length (); i++)
        {
          tree d = fns[i];
          if (!dirty[i] || !running.contains (d))
            continue;   /* unchanged, or its calls never run beside a thread */
          contrib[i].truncate (0);
          function *fn = body_of (d);
          auto_vec<wmm_region_set> in;
          auto_vec<std::pair<gimple *, wmm_region_set> > calls;
          push_cfun (fn);
          dataflow (u, fn, *f->entry.get (d), &in, NULL, NULL, &calls);
          for (auto &c : calls)
            if (!sequential.contains (c.first) && !private_call (u, c.first))
              for (tree t : callees_of (u, c.first))
                contrib[i].safe_push (std::make_pair (
                  wmm_alias_target (t),
                  with_read_sides (u, c.second) & f->statics));
          pop_cfun ();
        }
      hash_map<tree, wmm_region_set> next;
      for (tree d : fns)
        if (local.contains (d))
          next.put (d, ~0ULL);
      for (unsigned i = 0; i < fns.length (); i++)
        if (running.contains (fns[i]))
          for (auto &c : contrib[i])
            if (wmm_region_set *e = next.get (c.first))
              *e &= c.second;
      bool changed = false, renamed = statics != f->statics;
      for (unsigned i = 0; i < fns.length (); i++)
        {
          dirty[i] = renamed;
          if (wmm_region_set *e = next.get (fns[i]))
            if (*e != *f->entry.get (fns[i]))
              {
                f->entry.put (fns[i], *e);
                dirty[i] = changed = true;
              }
        }
      fixpoint = !changed && !renamed;
    }
  for (auto &c : contrib)
    c.release ();
  if (fixpoint)
    return;
  /* No fixpoint: forget every entry set (sound). */
  for (tree d : fns)
    f->entry.put (d, 0);
}

} // anon namespace

wmm_escapes *
wmm_locks_escaped (wmm_unitinfo *u, hash_set<tree> **params)
{
  *params = &u->lock_facts->params;
  return &u->lock_facts->escaped;
}

bool
wmm_lock_key_words (tree base, HOST_WIDE_INT pos,
                    vec<std::pair<tree, HOST_WIDE_INT> > *out)
{
  bool outside = false;
  return words_of (base, pos, 0, out, &outside) && !outside;
}

lock_op_shape
wmm_spin_shape (gimple *stmt, int *order)
{
  tree fn = gimple_call_fndecl (stmt);
  *order = -1;
  if (!fn || !DECL_NAME (fn))
    return WMM_SPIN_NONE;
  lock_op k = spin_shape (stmt, IDENTIFIER_POINTER (DECL_NAME (fn)), order);
  return k == LK_RELEASE ? WMM_SPIN_FREE
         : k == LK_TRY || k == LK_TRY_NZ ? WMM_SPIN_TAKE : WMM_SPIN_NONE;
}

bool
wmm_lock_key (tree addr, tree *base, HOST_WIDE_INT *pos)
{
  return pointer_key (addr, base, pos);
}

bool
wmm_lock_call_keeps_no_copy (gcall *call, unsigned a)
{
  tree fndecl = gimple_call_fndecl (call);
  wmm_cxx_lock l;
  if (!wmm_cxx_lock_call (fndecl, &l))
    return lock_library_call (fndecl);
  /* A guard constructor keeps the mutex in the guard: not beyond the
     guard's life when the guard is a local that names it. */
  tree m;
  if (l.binds && (int) a == l.lock_arg)
    return TREE_CODE (gimple_call_arg (call, l.guard_arg)) == ADDR_EXPR
           && wmm_cxx_guard_mutex (TREE_OPERAND (gimple_call_arg
                                                   (call, l.guard_arg), 0),
                                   &m);
  return l.op != WMM_CXX_GUARD_USE;
}

bool
wmm_atomic_builtin_call (tree fndecl)
{
  return atomic_builtin_call (fndecl);
}

static void summarise (wmm_unitinfo *u, const vec<tree> &fns);

/* Every semaphore some sem_post of the unit makes without holding it is
 * no lock (f->sem_broken); true when one was found. */
static bool
break_unheld_posts (wmm_unitinfo *u, const vec<tree> &fns)
{
  wmm_lock_facts *f = u->lock_facts;
  bool changed = false;
  for (tree d : fns)
    {
      function *fn = body_of (d);
      wmm_locks *l = wmm_locks_begin (u, fn);
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        {
          wmm_region_set held = wmm_locks_at (l, bb);
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              gimple *s = gsi_stmt (gsi);
              lock_use use;
              int b;
              if (is_gimple_call (s) && lock_kind (s, &use) == LK_RELEASE
                  && (use.sem || use.ticket)
                  && lock_call (u, s, &b) == LK_RELEASE && b >= 0
                  && !(held & (1ULL << b)))
                {
                  (use.sem ? f->sem_broken : f->ticket_broken)
                    .safe_push (u->lock_ids[b]);
                  changed = true;
                }
              held = step (u, s, held, NULL);
            }
        }
      wmm_locks_end (l);
    }
  return changed;
}

namespace {

/* The conditions value v reaches through copies and conversions (and,
 * `strict`, comparisons with a constant), into *conds; with `strict`,
 * false when it has any other use (it is then more than tested). */
bool
value_conds (tree v, vec<gimple *> *conds, bool strict)
{
  auto_vec<tree, 4> work;
  work.safe_push (v);
  for (unsigned n = 0; !work.is_empty (); n++)
    {
      if (n > 16)
        return false;
      tree x = work.pop ();
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, x)
        {
          gimple *st = USE_STMT (use);
          if (is_gimple_debug (st))
            continue;
          if (gimple_code (st) == GIMPLE_COND)
            {
              conds->safe_push (st);
              continue;
            }
          gassign *g = dyn_cast<gassign *> (st);
          bool passes = g && TREE_CODE (gimple_assign_lhs (g)) == SSA_NAME
                        && (gimple_assign_ssa_name_copy_p (g)
                            || gimple_assign_cast_p (g)
                            || (strict
                                && TREE_CODE_CLASS (gimple_assign_rhs_code (g))
                                   == tcc_comparison
                                && CONSTANT_CLASS_P (gimple_assign_rhs2 (g))));
          if (passes)
            work.safe_push (gimple_assign_lhs (g));
          else if (strict)
            return false;
        }
    }
  return true;
}

/* Does the value v (through copies and conversions) reach the test of a
 * ticket lock's take (ticket_cond)? */
bool
feeds_ticket_cond (tree v)
{
  auto_vec<gimple *, 4> conds;
  value_conds (v, &conds, false);
  for (gimple *c : conds)
    {
      tree serving, next;
      bool eq;
      if (ticket_cond (as_a<gcond *> (c), &serving, &next, &eq))
        return true;
    }
  return false;
}

/* Is access i of unit (site `site`) to a word of ticket lock (serving
 * word, bit b; dispenser) one of the lock's own operations: an addition on
 * the dispenser, a take's acquiring load of the serving word, a release,
 * or a read of the serving word by its holder? */
bool
ticket_operation (const wmm_site &site, tree decl, tree serving, int b)
{
  gimple *s = site.stmt;
  tree a;
  if (!s || site.summary)
    return false;
  if (decl != serving)
    return is_gimple_call (s) && positive_add (s);
  if (is_gimple_call (s))
    return ticket_release (s, &a)
           || (sized_builtin (s, "__atomic_load_")
               && ((site.held & (1ULL << b))
                   || (gimple_call_lhs (s)
                       && feeds_ticket_cond (gimple_call_lhs (s)))));
  return gimple_assign_load_p (s) && site.operand == 1
         && (site.held & (1ULL << b));
}

/* Is the address of variable d, wherever the unit takes it, only the
 * word argument of atomic builtins (directly or through one SSA name used
 * only so), never named in an initialiser?  Then no pointer of the unit
 * reaches d: an access to an unknown address does not touch it. */
bool
only_atomic_addresses (tree d)
{
  if (wmm_initializers_mention (d))
    return false;
  auto atomic_arg = [] (gimple *st, tree a) {
    tree fn = is_gimple_call (st) ? gimple_call_fndecl (st) : NULL_TREE;
    return fn && atomic_builtin_call (fn) && gimple_call_num_args (st)
           && gimple_call_arg (st, 0) == a;
  };
  bool ok = true;
  wmm_each_body ([&] (cgraph_node *, function *fn) {
      wmm_each_stmt (fn, [&] (gimple *st) {
        for (unsigned i = 0; ok && i < gimple_num_ops (st); i++)
          {
            tree op = gimple_op (st, i);
            if (!op || !wmm_mentions (op, d))
              continue;
            if (TREE_CODE (op) != ADDR_EXPR)
              {
                /* d named in an access: no address (an ADDR_EXPR inside,
                   `MEM[&d]`, is the access itself) */
                tree base = get_base_address (op);
                if (base == d || (base && TREE_CODE (base) == MEM_REF
                                  && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR
                                  && TREE_OPERAND (TREE_OPERAND (base, 0), 0) == d))
                  continue;
                ok = false;
              }
            else if (get_base_address (TREE_OPERAND (op, 0)) != d)
              ok = false;
            else if (atomic_arg (st, op))
              continue;
            else if (gimple_assign_single_p (st) && i == 1
                     && TREE_CODE (gimple_assign_lhs (st)) == SSA_NAME)
              {
                /* p = &d, every use of p an atomic builtin's word */
                imm_use_iterator it;
                gimple *u;
                FOR_EACH_IMM_USE_STMT (u, it, gimple_assign_lhs (st))
                  if (!is_gimple_debug (u)
                      && !atomic_arg (u, gimple_assign_lhs (st)))
                    ok = false;
              }
            else
              ok = false;
          }
      });
      wmm_each_phi (fn, [&] (gphi *phi) {
        for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
          if (wmm_mentions (gimple_phi_arg_def (phi, i), d))
            ok = false;
      });
  });
  return ok;
}

} // anon namespace

namespace {

/* Is the value of load `ld` (of the word at addr) only tested
 * (value_conds), and does every way out of its tests go back to ld or on to a take of the
 * same word before any other memory access, as test-and-test-and-set's
 * inner loop does (`while (xchg (l)) while (load (l)) ;`)?  A wait on the
 * word that goes on to read data (`while (load (l)) ; r = x;`) uses it
 * as a flag: not an operation of the lock. */
bool
ttas_load (gimple *ld, tree addr)
{
  auto_vec<gimple *, 4> conds;
  tree v = gimple_get_lhs (ld);
  if (!v || TREE_CODE (v) != SSA_NAME || !value_conds (v, &conds, true)
      || conds.is_empty ())
    return false;
  for (gimple *c : conds)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, gimple_bb (c)->succs)
        {
          basic_block bb = e->dest;
          bool fine = false;
          for (int steps = 0; steps < 4 && !fine; steps++)
            {
              gimple *mem = NULL;
              for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
                   !gsi_end_p (gsi) && !mem; gsi_next (&gsi))
                if (gimple_vuse (gsi_stmt (gsi)))
                  mem = gsi_stmt (gsi);
              if (mem)
                {
                  tree fn = is_gimple_call (mem) ? gimple_call_fndecl (mem)
                                                 : NULL_TREE;
                  lock_op k = fn && DECL_NAME (fn)
                              ? spin_kind (mem, IDENTIFIER_POINTER (DECL_NAME (fn)))
                              : LK_NONE;
                  fine = mem == ld
                         || ((k == LK_TRY || k == LK_TRY_NZ)
                             && same_key (gimple_call_arg (mem, 0), addr));
                  if (!fine)
                    return false;
                  break;
                }
              if (!single_succ_p (bb))
                return false;
              bb = single_succ (bb);
            }
          if (!fine)
            return false;
        }
    }
  return true;
}

/* Is the access at `site` (in function fndecl) to a spin-lock word one of
 * the lock's operations: a take or a release (spin_kind), a load whose
 * value only a spin loop tests (test-and-test-and-set), or an atomic in
 * the body of a C++ spin-lock member (cxxlocks.cc: its calls are the
 * operations, checked where they are made)? */
bool
spin_operation (const wmm_site &site, tree fndecl)
{
  gimple *s = site.stmt;
  wmm_cxx_lock l;
  if (!s || site.summary)
    return false;
  if (is_gimple_call (s) && gimple_call_fndecl (s)
      && atomic_builtin_call (gimple_call_fndecl (s))
      && wmm_cxx_lock_call (fndecl, &l) && l.spin)
    return true;
  if (is_gimple_call (s))
    {
      tree fn = gimple_call_fndecl (s);
      if (fn && DECL_NAME (fn)
          && spin_kind (s, IDENTIFIER_POINTER (DECL_NAME (fn))) != LK_NONE)
        return true;
      return sized_builtin (s, "__atomic_load_")
             && ttas_load (s, gimple_call_arg (s, 0));
    }
  return gimple_assign_load_p (s) && site.operand == 1
         && ttas_load (s, build_fold_addr_expr (gimple_assign_rhs1 (s)));
}

/* Is every access of running code (wmm_running_units) that may touch the
 * variables `words` one that `op` (site, the variable it touches, the
 * site's function) accepts?  An access to an unknown address cannot touch them when no
 * pointer of the unit reaches them (only_atomic_addresses), unless it is
 * an unknown call's stand-in and they are exported (that code may name
 * them). */
template <typename F>
bool
only_operations (wmm_unitinfo *u, const vec<tree> &words, F op)
{
  wmm_program *p = u->prog;
  auto_vec<bool> runs;
  wmm_running_units (u, &runs);
  bool unaddressed = true, named_outside = false;
  for (tree w : words)
    {
      unaddressed &= only_atomic_addresses (w);
      named_outside |= TREE_PUBLIC (w) || DECL_EXTERNAL (w);
    }
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int k = 0; runs[unit.thread] && k < t->ncode
                      && k < (int) unit.sites.length (); k++)
        {
          const wmm_instr *in = &t->code[k];
          if (!wmm_instr_is_access (in))
            continue;
          int l = in->addr.loc_hint;
          if (l >= 0)
            {
              tree d = wmm_location_decl (l);
              function *fn = unit.sites[k].fn ? unit.sites[k].fn : unit.fn;
              if (words.contains (d)
                  && !op (unit.sites[k], d, fn ? fn->decl : NULL_TREE))
                return false;
              continue;
            }
          /* (code outside the unit, an unknown call's stand-in, may name
             an exported word) */
          if (unaddressed && !(named_outside && unit.sites[k].summary))
            continue;
          /* (a wrapper's operation through its pointer parameter is one
             of the lock's whatever word it is given) */
          function *fn = unit.sites[k].fn ? unit.sites[k].fn : unit.fn;
          for (int m = 0; m < p->nlocs; m++)
            {
              tree d = wmm_location_decl (m);
              if (words.contains (d) && !p->locs[m].is_private
                  && wmm_alias_contains (p, in->addr.alias, m)
                  && !op (unit.sites[k], d, fn ? fn->decl : NULL_TREE))
                return false;
            }
        }
    }
  return true;
}

} // anon namespace

int
wmm_lock_internals (wmm_unitinfo *u)
{
  wmm_lock_facts *f = u ? u->lock_facts : NULL;
  wmm_program *p = u ? u->prog : NULL;
  if (!f || !p || (f->tickets.is_empty () && !f->spin))
    return 0;
  hash_set<tree> words;
  int tickets = 0, spins = 0;
  for (unsigned i = 0; i < f->tickets.length (); i++)
    {
      tree serving = f->tickets[i].first, next = f->ticket_next[i].first;
      tree addr = build_fold_addr_expr (serving);
      if (f->tickets[i].second || f->ticket_next[i].second
          || !INTEGRAL_TYPE_P (TREE_TYPE (serving))
          || !INTEGRAL_TYPE_P (TREE_TYPE (next)) || !ticket_word (u, addr))
        continue;
      int b = pointer_bit (u, addr);
      auto_vec<tree, 2> both;
      both.safe_push (serving);
      both.safe_push (next);
      if (b >= 0
          && only_operations (u, both, [&] (const wmm_site &site, tree d,
                                             tree) {
               return ticket_operation (site, d, serving, b); }))
        {
          words.add (serving);
          words.add (next);
          tickets++;
        }
    }
  for (unsigned b = 0; b < u->lock_ids.length () && b < 64; b++)
    {
      tree base = u->lock_ids[b].first;
      if (!(f->spin & (1ULL << b)) || !VAR_P (base) || words.contains (base)
          || spin_word_broken (u, b))
        continue;
      auto_vec<tree, 1> one;
      one.safe_push (base);
      if (only_operations (u, one, [&] (const wmm_site &site, tree,
                                        tree fn) {
            return spin_operation (site, fn); }))
        {
          words.add (base);
          spins++;
        }
    }
  if (words.is_empty ())
    return 0;
  /* Only where every other shared access of running code is protected:
     a cycle through a lock's hand-off (a release read by a take) and
     accesses outside the sections (W x; unlock || lock; R y || W y; R x)
     is no internal one. */
  auto_vec<bool> runs;
  wmm_running_units (u, &runs);
  /* (a location no running code writes takes part in no cycle) */
  auto_vec<bool> written;
  written.safe_grow_cleared (p->nlocs);
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      for (int k = 0; runs[unit.thread] && k < t->ncode; k++)
        {
          const wmm_instr *in = &t->code[k];
          if (!wmm_instr_is_access (in) || !wmm_instr_writes (in))
            continue;
          for (int m = 0; m < p->nlocs; m++)
            if (in->addr.loc_hint >= 0 ? m == in->addr.loc_hint
                : wmm_alias_contains (p, in->addr.alias, m))
              written[m] = true;
        }
    }
  for (const wmm_unit &unit : u->units)
    {
      const wmm_thread *t = &p->threads[unit.thread];
      if (!runs[unit.thread])
        continue;
      for (int k = 0; k < t->ncode && k < (int) unit.sites.length (); k++)
        {
          const wmm_instr *in = &t->code[k];
          int l = in->addr.loc_hint;
          if (!wmm_instr_is_access (in)
              || (l >= 0 && (p->locs[l].is_private
                             || words.contains (wmm_location_decl (l))
                             || (!written[l] && !wmm_instr_writes (in))))
              || (in->flags & (WMM_ACC_SECTION | WMM_ACC_SECTION_LW)))
            continue;
          /* (a wrapper's operation through its parameter) */
          gimple *st = unit.sites[k].stmt;
          function *fn = unit.sites[k].fn ? unit.sites[k].fn : unit.fn;
          tree a;
          if (l < 0 && st && is_gimple_call (st)
              && (spin_operation (unit.sites[k], fn ? fn->decl : NULL_TREE)
                  || ticket_release (st, &a) || positive_add (st)))
            continue;
          return 0;
        }
    }
  int fresh = -1;
  int n = wmm_move_to_private (u, &fresh, "(lock word)",
                               [&] (const wmm_unit &unit, int k) {
                                 int l = p->threads[unit.thread].code[k]
                                           .addr.loc_hint;
                                 return l >= 0
                                        && words.contains (wmm_location_decl (l));
                               },
                               [] (int, int, int) {});
  if (n)
    wmm_note (u, "%d accesses to the words of %d ticket and %d spin locks "
              "are the locks' own operations (taking, waiting, freeing): "
              "like a mutex's, they order the critical sections and are "
              "not data", n, tickets, spins);
  return n;
}

void
wmm_locks_analyse (wmm_unitinfo *u)
{
  omp_locks[0] = omp_locks[1] = NULL_TREE;   /* made again for this unit */
  delete param_objects;
  param_objects = NULL;
  pair_keys.release ();
  slot_keys.release ();
  u->lock_facts = new wmm_lock_facts;
  u->lock_facts->hidden = u->lock_facts->statics = u->lock_facts->spin = 0;
  u->lock_facts->slots = u->lock_facts->counted = 0;
  u->lock_facts->local = 0;
  u->lock_facts->sem_none = false;
  wmm_find_escaped_statics (&u->lock_facts->escaped, &u->lock_facts->params);
  find_broken_words (u->lock_facts);
  auto_vec<tree> fns;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (body_of (node->decl) && !node->inlined_to)
      fns.safe_push (node->decl);
  fns.qsort ([] (const void *a, const void *b) {
    int oa = cgraph_node::get (*(const tree *) a)->order;
    int ob = cgraph_node::get (*(const tree *) b)->order;
    return oa < ob ? -1 : oa > ob;
  });
  find_noreturn (u->lock_facts, fns);
  find_sem_inits (u->lock_facts, fns);
  find_tickets (u->lock_facts, fns);
  /* Semaphores are taken for locks until a post without holding shows
     one is not (each round breaks at least one, so this ends). */
  do
    summarise (u, fns);
  while (break_unheld_posts (u, fns));
}

/* Summaries and entry sets of the unit's functions. */
static void
summarise (wmm_unitinfo *u, const vec<tree> &fns)
{
  compute_summaries (u, fns, (int) fns.length () + 2);
  /* Code outside the unit cannot name a hidden lock, but it may call back
     a function of the unit that releases one its caller holds: such a
     lock is not hidden after all. */
  wmm_lock_facts *f = u->lock_facts;
  for (int round = 0; ; round++)
    {
      wmm_region_set cb = 0;
      for (tree d : fns)
        {
          cgraph_node *n = cgraph_node::get (d);
          if (n && (wmm_called_back_by_name (n) || wmm_address_given_away (n)))
            cb |= f->sum.get (d)->rel_entry;
        }
      if (!(cb & f->hidden))
        break;
      /* The objects lose it for good (bits named later, too). */
      for (unsigned b = 0; b < u->lock_ids.length (); b++)
        if (round >= 4 || ((cb & f->hidden) >> b & 1))
          {
            f->escaped.any.add (u->lock_ids[b].first);
            f->escaped.whole.add (u->lock_ids[b].first);
          }
      f->hidden = round < 4 ? f->hidden & ~cb : 0;
      compute_summaries (u, fns, (int) fns.length () + 2);
    }
  compute_entries (u, fns);
}

void
wmm_locks_free (wmm_unitinfo *u)
{
  delete u->lock_facts;
  u->lock_facts = NULL;
}

struct wmm_locks {
  wmm_unitinfo *u;
  auto_vec<wmm_region_set> in;   /* must-held locks at each block entry */
};

wmm_region_set
wmm_locks_step (wmm_locks *l, gimple *stmt, wmm_region_set held)
{
  return step (l->u, stmt, held, NULL);
}

wmm_locks *
wmm_locks_begin_from (wmm_unitinfo *u, function *fn, wmm_region_set held)
{
  if (!u->lock_facts)
    wmm_locks_analyse (u);
  wmm_locks *l = new wmm_locks;
  l->u = u;
  wmm_region_set *e = u->lock_facts->entry.get (fn->decl);
  lock_summary *s = u->lock_facts->sum.get (fn->decl);
  /* Only locks named the same way in every function pass into it, but
     when nothing in it may release a lock: then the caller's locks,
     named by the caller's parameters, stay held all through it (its
     accesses meet them through the call's arguments: caller_own). */
  if (!s || s->rel || s->rel_unknown || s->rel_entry)
    held &= u->lock_facts->statics;
  dataflow (u, fn, (e ? *e : 0) | (s ? s->pre : 0) | held, &l->in, NULL,
            NULL, NULL);
  return l;
}

wmm_locks *
wmm_locks_begin (wmm_unitinfo *u, function *fn)
{
  return wmm_locks_begin_from (u, fn, 0);
}

wmm_region_set
wmm_locks_at (const wmm_locks *l, basic_block bb)
{
  return bb->index < (int) l->in.length () ? l->in[bb->index] : 0;
}

wmm_region_set
wmm_locks_before (wmm_locks *l, gimple *stmt)
{
  basic_block bb = gimple_bb (stmt);
  if (!bb)
    return 0;
  wmm_region_set held = wmm_locks_at (l, bb);
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
       !gsi_end_p (gsi) && gsi_stmt (gsi) != stmt; gsi_next (&gsi))
    held = wmm_locks_step (l, gsi_stmt (gsi), held);
  return held;
}

/* The "lock of its T object" keys of the held locks inside the object at
 * bit `obj` of `base` (a parameter's *P or a declared struct), T its type:
 * keyed by T and the lock's offset in the T object, doubled (even, never
 * a read side).  Two accesses to one word as members of T objects name
 * one object (objects do not overlap), so they hold one lock. */
static wmm_region_set
own_key (wmm_unitinfo *u, wmm_region_set held, tree base, HOST_WIDE_INT obj,
         tree type)
{
  wmm_region_set out = 0;
  for (unsigned k = 0; k < u->lock_ids.length () && k < 64; k++)
    if ((held & (1ULL << k)) && u->lock_ids[k].first == base
        && !(u->lock_ids[k].second & 1))
      {
        int o = key_bit (u, type, 2 * (u->lock_ids[k].second - obj));
        if (o >= 0)
          out |= 1ULL << o;
      }
  return out;
}

/* The operands of SSA name v when it is MIN_EXPR <a, b> (code MIN_EXPR)
 * or MAX_EXPR <a, b> (MAX_EXPR), in *a and *b. */
static bool
min_max_of (tree v, enum tree_code code, tree *a, tree *b)
{
  gassign *g = TREE_CODE (v) == SSA_NAME
               ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v)) : NULL;
  if (!g || gimple_assign_rhs_code (g) != code)
    return false;
  *a = gimple_assign_rhs1 (g);
  *b = gimple_assign_rhs2 (g);
  return true;
}

/* The "lock of its T object" keys for the T object at bit obj of element
 * x of array `table` when the locks at one offset of table[min (x, y)]
 * and table[max (x, y)] are both held (a transfer taking two accounts'
 * locks in index order); with table NULL, of *x (x a pointer, through
 * copies) when the local locks of *MIN_EXPR <x, y> and *MAX_EXPR <x, y>
 * are (`first = from < to ? from : to`, GCC's MIN_EXPR of the pointers).
 * Element x (object *x) is one of the two locked, so its own lock is
 * held. */
static wmm_region_set
min_max_own (wmm_unitinfo *u, wmm_region_set held, tree table, tree x,
             HOST_WIDE_INT obj, tree type)
{
  /* the name a key locks an element (an object) of: the index of one of
     table's elements, or the local pointer */
  auto name = [&] (tree k) {
    if (table)
      return TREE_CODE (k) == TREE_LIST && TREE_PURPOSE (k) == table
             ? TREE_VALUE (k) : NULL_TREE;
    return TREE_CODE (k) == SSA_NAME ? k : NULL_TREE;
  };
  auto is_x = [&] (tree v) { return table ? v == x : pointer_root (v) == x; };
  wmm_region_set out = 0;
  for (unsigned i = 0; i < u->lock_ids.length () && i < 64; i++)
    {
      tree ki = u->lock_ids[i].first, ni = name (ki), a, b;
      if (!(held & (1ULL << i)) || !ni || !min_max_of (ni, MIN_EXPR, &a, &b)
          || (!is_x (a) && !is_x (b)))
        continue;
      for (unsigned j = 0; j < u->lock_ids.length () && j < 64; j++)
        {
          tree nj = name (u->lock_ids[j].first), c, d;
          if ((held & (1ULL << j)) && nj
              && u->lock_ids[j].second == u->lock_ids[i].second
              && min_max_of (nj, MAX_EXPR, &c, &d)
              && ((c == a && d == b) || (c == b && d == a)))
            out |= own_key (u, 1ULL << i, ki, obj, type);
        }
    }
  return out;
}

/* May pointer value p point into variable d (any of its bits)? */
static bool
may_point_into (tree p, tree d)
{
  if (!p || !POINTER_TYPE_P (TREE_TYPE (p)))
    return false;
  if (TREE_CODE (p) == ADDR_EXPR)
    {
      tree b = get_base_address (TREE_OPERAND (p, 0));
      if (b && DECL_P (b))
        return b == d;
      return !b || TREE_CODE (b) != MEM_REF
             || may_point_into (TREE_OPERAND (b, 0), d);
    }
  if (TREE_CODE (p) != SSA_NAME)
    return !CONSTANT_CLASS_P (p);
  int set = wmm_threadlocal_targets (p);
  return set < 0 || wmm_threadlocal_may_target (set, d);
}

/* May a store to `lhs` write bits [pos, pos + size) of variable d?  By
 * the access path when its base is a variable, else by the points-to
 * sets of its pointer (where the pointer would have to point for the
 * store to reach those bits). */
static bool
may_write_bits (tree lhs, tree d, HOST_WIDE_INT pos, HOST_WIDE_INT size)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (lhs, &bitsize, &bitpos, &offset);
  HOST_WIDE_INT at = 0, len = 0;
  bool exact = b && !offset && bitpos.is_constant (&at)
               && bitsize.is_constant (&len) && len > 0;
  if (!b)
    return true;
  if (DECL_P (b))
    return b == d && (!exact || (at < pos + size && pos < at + len));
  if (TREE_CODE (b) != MEM_REF || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    return may_point_into (TREE_OPERAND (b, 0), d);
  tree ptr = TREE_OPERAND (b, 0);
  if (!exact)
    return may_point_into (ptr, d);
  at += tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      tree pb = get_base_address (TREE_OPERAND (ptr, 0));
      if (!pb || !DECL_P (pb))
        return true;
      if (pb != d)
        return false;
      poly_int64 ps, pp;
      tree po;
      tree inner = wmm_inner_ref (TREE_OPERAND (ptr, 0), &ps, &pp, &po);
      HOST_WIDE_INT from;
      if (inner != d || po || !pp.is_constant (&from))
        return true;
      at += from;
      return at < pos + size && pos < at + len;
    }
  if (TREE_CODE (ptr) != SSA_NAME)
    return !CONSTANT_CLASS_P (ptr);
  int set = wmm_threadlocal_targets (ptr);
  if (set < 0)
    return true;
  /* the store covers [x + at, x + at + len) for a pointer x into d */
  HOST_WIDE_INT lo = pos - at - len + 1, hi = pos + size - at;
  if (lo < 0)
    lo = 0;
  return hi > lo && wmm_threadlocal_may_target (set, d, lo, hi - lo);
}

/* Does the pointer slot at bit pos of variable d keep its value while
 * threads run: code outside cannot name or reach it, and no statement
 * of running code (wmm_locks_note_running) may write it?  Then the lock
 * it points to is one object for as long as threads use it (a slot set
 * before the threads start, or after they were joined). */
static bool
slot_stable (wmm_unitinfo *u, tree d, HOST_WIDE_INT pos)
{
  wmm_lock_facts *f = u->lock_facts;
  tree key = slot_key (d, pos);
  if (bool *known = f->slot_stable_memo.get (key))
    return *known;
  HOST_WIDE_INT size = POINTER_SIZE;
  bool ok = VAR_P (d) && one_object_var (d) && !TREE_PUBLIC (d)
            && !DECL_EXTERNAL (d) && wmm_threadlocal_unreached (d, pos, size);
  for (unsigned i = 0; ok && i < f->running_stores.length (); i++)
    {
      gimple *s = f->running_stores[i];
      if (gassign *g = dyn_cast<gassign *> (s))
        ok = !may_write_bits (gimple_assign_lhs (g), d, pos, size);
      else if (gcall *c = dyn_cast<gcall *> (s))
        {
          tree lhs = gimple_call_lhs (c);
          if (lhs && TREE_CODE (lhs) != SSA_NAME
              && may_write_bits (lhs, d, pos, size))
            ok = false;
          tree fn = gimple_call_fndecl (c);
          /* a function of the unit: its statements are running code of
             their own; the threads library writes only its objects */
          if (body_of (fn) || lock_library_call (fn))
            continue;
          for (unsigned a = 0; ok && a < gimple_call_num_args (c); a++)
            ok = !may_point_into (gimple_call_arg (c, a), d);
        }
      else if (gasm *a = dyn_cast<gasm *> (s))
        ok = gimple_asm_noutputs (a) == 0 && gimple_asm_ninputs (a) == 0;
    }
  f->slot_stable_memo.put (key, ok);
  return ok;
}

/* Does the slot at bit pos of the object base stands for (a variable, or
 * a parameter's object: every variable its callers pass) keep its
 * value while threads run? */
static bool
slot_sources_stable (wmm_unitinfo *u, tree base, HOST_WIDE_INT pos)
{
  if (VAR_P (base))
    return slot_stable (u, base, pos);
  auto_vec<std::pair<tree, HOST_WIDE_INT> > words;
  bool outside = false;
  if (TREE_CODE (base) != PARM_DECL
      || !words_of (base, pos, 0, &words, &outside) || outside)
    return false;
  for (auto &w : words)
    if (!slot_stable (u, w.first, w.second))
      return false;
  return true;
}

/* The "lock its T object's slot points to" keys of the held locks reached
 * through a slot inside the object at bit `obj` of `base` (as own_key):
 * slot_key (T, slot offset in the T object), the lock's offset in what
 * the slot points to doubled.  Two accesses to one word as members of T
 * objects name one object, whose slot holds one lock while it keeps its
 * value (every variable the base may stand for: slot_sources_stable). */
static wmm_region_set
own_slot_key (wmm_unitinfo *u, wmm_region_set held, tree base,
              HOST_WIDE_INT obj, tree type)
{
  wmm_region_set out = 0;
  held &= u->lock_facts->slots;
  for (unsigned k = 0; held && k < u->lock_ids.length () && k < 64; k++)
    {
      tree sb;
      HOST_WIDE_INT sp;
      if (!(held & (1ULL << k)) || (u->lock_ids[k].second & 1)
          || !slot_parts (u->lock_ids[k].first, &sb, &sp) || sb != base
          || !slot_sources_stable (u, sb, sp))
        continue;
      int o = key_bit (u, slot_key (type, sp - obj),
                       2 * u->lock_ids[k].second);
      if (o >= 0)
        out |= 1ULL << o;
    }
  return out;
}

/* Does lock key b name one lock object wherever it is held?  A global or
 * static (not thread-local), a local of main (which runs once), or "the
 * lock of the T object" of an access (wmm_locks_own) do; a lock relative
 * to a parameter or a local of any other function does not: two
 * instances, or two calls, may hold two different locks under one key. */
static bool
one_object_key (wmm_unitinfo *u, unsigned b)
{
  tree base = u->lock_ids[b].first, sb;
  HOST_WIDE_INT sp;
  if (slot_parts (base, &sb, &sp))
    return TYPE_P (sb) || VAR_P (sb);
  return TYPE_P (base) || one_object (base)
         || (TREE_CODE (base) == TREE_LIST && VAR_P (TREE_VALUE (base)));
}

tree
wmm_pointer_root (tree p)
{
  return pointer_root (p);
}

wmm_region_set
wmm_locks_one_object (wmm_unitinfo *u, wmm_region_set set)
{
  for (unsigned b = 0; b < u->lock_ids.length () && b < 64; b++)
    if ((set & (1ULL << b)) && !one_object_key (u, b))
      set &= ~(1ULL << b);
  return set;
}

/* The stripe keys of the held element locks whose index is the index of
 * ref's element of a declared array data (`counts[h]` while `locks[h]`
 * is held), or a function of it (`locks[h % NL]`, index_function): "the
 * lock in locks at g of this access's index", one bit per (locks, g,
 * data, lock offset), the same in every function.  Two accesses to one
 * element of data have one index value, so they hold one element of
 * locks (lock striping: `pthread_mutex_t locks[N]` beside `struct entry
 * *buckets[N]`). */
static wmm_region_set
stripe_key (wmm_unitinfo *u, tree ref, wmm_region_set held)
{
  tree t = ref;
  while (TREE_CODE (t) == COMPONENT_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != ARRAY_REF || !VAR_P (TREE_OPERAND (t, 0))
      || TREE_CODE (TREE_OPERAND (t, 1)) != SSA_NAME
      || TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) != ARRAY_TYPE)
    return 0;
  tree data = TREE_OPERAND (t, 0), index = TREE_OPERAND (t, 1);
  wmm_region_set out = 0;
  held &= u->lock_facts->local;
  for (unsigned k = 0; held && k < u->lock_ids.length () && k < 64; k++)
    {
      tree key = u->lock_ids[k].first;
      HOST_WIDE_INT pos = u->lock_ids[k].second;
      char sig[SIG_LEN];
      if (!(held & (1ULL << k)) || TREE_CODE (key) != TREE_LIST
          || TREE_PURPOSE (key) == data || (pos & 1)
          || !index_function (TREE_VALUE (key), index, sig))
        continue;
      /* locks[i], or locks[g (i)] for a function g of the index (`buckets[h]`
         under `locks[h % NL]`): one key per array pair and g */
      tree lock_array = TREE_VALUE (key) == index
                        ? TREE_PURPOSE (key)
                        : pair_key (TREE_PURPOSE (key), get_identifier (sig));
      int o = key_bit (u, pair_key (lock_array, data), 2 * pos);
      if (o >= 0)
        out |= 1ULL << o;
    }
  return out;
}

/* The "lock of its T object" keys for an access to the object of type
 * `inner` at bit obj of *parm, parm a parameter of callee fndecl collected
 * for call `via` that passes `&q->f` for it (q a parameter of the
 * caller's, through copies): the access lies in member f of the caller's
 * *q when it lies within f, and so in the T object *q is (`swap
 * (&lhs->detail, ...)` while lhs->m is held). */
static wmm_region_set
caller_own (wmm_unitinfo *u, wmm_region_set held, gimple *via, tree fndecl,
            tree parm, HOST_WIDE_INT obj, tree inner)
{
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (fndecl); p && p != parm; p = DECL_CHAIN (p))
    i++;
  if (!via || !is_gimple_call (via) || i >= gimple_call_num_args (via)
      || !COMPLETE_TYPE_P (inner) || !tree_fits_shwi_p (TYPE_SIZE (inner)))
    return 0;
  tree a = gimple_call_arg (via, i);
  if (TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  if (TREE_CODE (a) != ADDR_EXPR)
    return 0;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (TREE_OPERAND (a, 0), &bitsize, &bitpos, &offset);
  HOST_WIDE_INT size;
  if (!b || offset || TREE_CODE (b) != MEM_REF || !bitpos.is_constant ()
      || !bitsize.is_constant (&size)
      || !tree_fits_shwi_p (TREE_OPERAND (b, 1))
      || !RECORD_OR_UNION_TYPE_P (TREE_TYPE (b))
      || obj < 0 || obj + tree_to_shwi (TYPE_SIZE (inner)) > size)
    return 0;
  tree q = param_through_copies (TREE_OPERAND (b, 0));
  if (!q)
    return 0;
  return own_key (u, held, param_lock_base (q),
                  tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT,
                  TYPE_MAIN_VARIANT (TREE_TYPE (b)));
}

wmm_region_set
wmm_locks_own (wmm_unitinfo *u, tree ref, tree fndecl, wmm_region_set held,
               gimple *via)
{
  if (!held || !ref || !fndecl)
    return 0;
  /* data[i] while locks[i] is held */
  wmm_region_set stripes = held & u->lock_facts->local
                           ? stripe_key (u, ref, held) : 0;
  /* an element of an array member (`q->buf[i]`, any index) lies inside
     the member, so inside the same object as the member */
  while (TREE_CODE (ref) == ARRAY_REF
         && TREE_CODE (TREE_TYPE (TREE_OPERAND (ref, 0))) == ARRAY_TYPE)
    ref = TREE_OPERAND (ref, 0);
  /* or bits of one object read at once (GCC merges `q->count == 0 &&
     !q->done` into one BIT_FIELD_REF of *q) */
  bool bits = TREE_CODE (ref) == BIT_FIELD_REF
              && RECORD_OR_UNION_TYPE_P (TREE_TYPE (TREE_OPERAND (ref, 0)));
  if (TREE_CODE (ref) != COMPONENT_REF && !bits)
    return stripes;
  /* a member of table[i] while the lock in table[i] is held, or the
     locks of table[min (i, j)] and table[max (i, j)] */
  HOST_WIDE_INT epos;
  tree etype;
  if (held & u->lock_facts->local)
    if (tree k = element_key (ref, &epos, &etype))
      return stripes | own_key (u, held & u->lock_facts->local, k, 0, etype)
             | min_max_own (u, held & u->lock_facts->local, TREE_PURPOSE (k),
                            TREE_VALUE (k), 0, etype);
  poly_int64 bitsize, bitpos;
  tree offset;
  tree b = wmm_inner_ref (ref, &bitsize, &bitpos, &offset);
  HOST_WIDE_INT at;
  if (!b || offset || !bitpos.is_constant (&at)
      || !RECORD_OR_UNION_TYPE_P (TREE_TYPE (b)))
    return 0;
  if (bits && !(TYPE_SIZE (TREE_TYPE (b)) && bitsize.is_constant ()
                && tree_fits_shwi_p (TYPE_SIZE (TREE_TYPE (b)))
                && at >= 0 && at + bitsize.to_constant ()
                              <= tree_to_shwi (TYPE_SIZE (TREE_TYPE (b)))))
    return 0;
  /* A member of a declared struct (`p.stop` under `&p.lock`, p a local or
     a global): the lock at that offset of the same object. */
  if (VAR_P (b))
    return own_key (u, held, b, 0, TYPE_MAIN_VARIANT (TREE_TYPE (b)))
           | own_slot_key (u, held, b, 0, TYPE_MAIN_VARIANT (TREE_TYPE (b)));
  if (TREE_CODE (b) != MEM_REF || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    return 0;
  /* the object the member is part of: *P at this offset, of type T */
  HOST_WIDE_INT obj = tree_to_shwi (TREE_OPERAND (b, 1)) * BITS_PER_UNIT;
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (b));
  /* the base pointer: a parameter of fndecl, through copies, or the
     object of an allocation made once */
  if (tree heap = wmm_heap_once (TREE_OPERAND (b, 0)))
    return own_key (u, held, heap, obj, type);
  /* a local pointer whose object's lock is held (local_lock_bit) */
  if (held & u->lock_facts->local)
    if (tree root = pointer_root (TREE_OPERAND (b, 0)))
      if (wmm_region_set own = own_key (u, held & u->lock_facts->local, root,
                                        obj, type))
        return own;
  /* from->balance while the locks of *MIN_EXPR <from, to> and *MAX_EXPR
     <from, to> are held (transfers that lock in address order) */
  if (held & u->lock_facts->local)
    if (tree root = pointer_root (TREE_OPERAND (b, 0)))
      if (wmm_region_set own = min_max_own (u, held & u->lock_facts->local,
                                            NULL_TREE, root, obj, type))
        return own;
  tree parm = param_through_copies (TREE_OPERAND (b, 0));
  if (!parm || DECL_CONTEXT (parm) != fndecl)
    return 0;
  return own_key (u, held, param_lock_base (parm), obj, type)
         | own_slot_key (u, held, param_lock_base (parm), obj, type)
         | caller_own (u, held, via, fndecl, parm, obj, type);
}

void
wmm_locks_note_running (wmm_unitinfo *u, gimple *stmt)
{
  if (u->lock_facts && (gimple_vdef (stmt) || is_a<gasm *> (stmt)))
    u->lock_facts->running_stores.safe_push (stmt);
}

int
wmm_locks_check_slots (wmm_unitinfo *u)
{
  wmm_lock_facts *f = u->lock_facts;
  wmm_region_set drop = 0;
  for (unsigned b = 0; f && f->slots && b < u->lock_ids.length () && b < 64;
       b++)
    {
      tree sb;
      HOST_WIDE_INT sp;
      if (slot_parts (u->lock_ids[b].first, &sb, &sp) && VAR_P (sb)
          && !slot_stable (u, sb, sp))
        drop |= 1ULL << b;
    }
  int n = 0;
  for (wmm_unit &unit : u->units)
    for (wmm_site &site : unit.sites)
      if (site.held & drop)
        {
          site.held &= ~drop;
          n++;
        }
  return n;
}

wmm_region_set
wmm_locks_excluding (wmm_unitinfo *u, wmm_region_set held, bool writes)
{
  wmm_region_set out = 0;
  for (unsigned b = 0; b < u->lock_ids.length () && b < 64; b++)
    {
      if (!(held & (1ULL << b)))
        continue;
      if (!(u->lock_ids[b].second & 1))
        out |= 1ULL << b;
      else if (!writes)
        out |= other_side (u, b, u->lock_ids[b].second & ~1);
    }
  return out;
}

bool
wmm_std_scalar_call (gimple *stmt)
{
  tree callee = gimple_call_fndecl (stmt);
  if (!callee)
    return false;
  wmm_cxx_lock l;
  if (!wmm_std_fn (callee)
      || wmm_analysable_body (cgraph_node::get (wmm_alias_target (callee)))
      || wmm_cxx_lock_call (callee, &l))
    return false;
  bool method = TREE_CODE (TREE_TYPE (callee)) == METHOD_TYPE;
  for (unsigned i = method ? 1 : 0; i < gimple_call_num_args (stmt); i++)
    {
      tree t = TREE_TYPE (gimple_call_arg (stmt, i));
      if (!INTEGRAL_TYPE_P (t) && !SCALAR_FLOAT_TYPE_P (t))
        return false;
    }
  return true;
}

bool
wmm_one_object_var (tree x)
{
  return one_object_var (x);
}

void
wmm_locks_end (wmm_locks *l)
{
  delete l;
}

bool
wmm_ticket_addition (const gimple *stmt)
{
  return positive_add (stmt);
}

gcall *
wmm_ticket_result_of (tree v)
{
  return result_of (v);
}

bool
wmm_ticket_increment (tree v, tree addr)
{
  return ticket_increment (v, addr);
}
