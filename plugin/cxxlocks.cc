/* cxxlocks.cc — the C++ standard library's mutexes, lock guards and
 * condition variables (libstdc++'s assembler names), for the lock analysis
 * (locks.cc), the collection of accesses (libfns.cc: which calls are full
 * fences) and hidden lock objects (hidden.cc).
 *
 * The library's inline bodies cannot be followed: a guard's constructor is
 * an alias of its body, std::mutex::lock takes the lock only when
 * __gthread_active_p () says threads may exist, and the guard keeps the
 * mutex in a field.  So the calls are known by name:
 *   - m.lock () / m.unlock () / m.try_lock () of std::mutex,
 *     recursive_mutex, timed_mutex, recursive_timed_mutex, shared_mutex,
 *     shared_timed_mutex (lock_shared: the read side);
 *   - the constructors of lock_guard, unique_lock, shared_lock and a
 *     one-mutex scoped_lock take the mutex (the adopt_lock, defer_lock
 *     and try_to_lock forms do not) and bind the guard to it; the
 *     destructor, unique_lock::unlock and ::lock act on the bound mutex;
 *   - std::lock (l1, l2, ...) takes every mutex it is given, or every
 *     mutex the unique_locks it is given are bound to;
 *   - condition_variable::wait hands the guard's mutex back before it
 *     returns; notify_one / notify_all only synchronise;
 *   - std::atomic_flag::test_and_set (acquire) takes a spin lock where it
 *     returned false, clear (release) frees it: atomics, no full fences,
 *     and the word must not be written otherwise (locks.cc); so do
 *     exchange (a non-zero constant, acquire) and store (0, release) of a
 *     std::atomic of an integral type or bool (their own bodies, which
 *     pass the value and order on, are no writes of their own).
 * A guard names its mutex when it is a local of the function whose
 * address goes only to these calls (and the predicate forms of wait),
 * every constructor binding it to the same mutex: a guard moved from,
 * assigned or passed elsewhere names none (its releases may be of any
 * lock, its acquisitions count for nothing).
 *
 * Example:  static std::mutex m;  { std::lock_guard<std::mutex> g (m);
 *   x = 1; }  ->  m is held at the store (the guard's constructor takes
 *   &m, its destructor releases what g was bound to: m).
 */
#include "plugin.h"

namespace {

/* The standard mutex types, as they appear in a mangled name. */
const char *const mutex_types[] = {
  "St5mutex", "St15recursive_mutex", "St11timed_mutex",
  "St21recursive_timed_mutex", "St12shared_mutex", "St18shared_timed_mutex",
};

/* After `s` starts with one of the mutex types: the rest, or NULL. */
const char *
skip_mutex (const char *s)
{
  for (const char *m : mutex_types)
    if (!strncmp (s, m, strlen (m)))
      return s + strlen (m);
  return NULL;
}

/* A mutex's own member functions (after "_ZN<mutex>"). */
bool
mutex_member (const char *rest, wmm_cxx_lock *out)
{
  static const struct { const char *name; wmm_cxx_lock_op op; } members[] = {
    { "4lockEv", WMM_CXX_ACQUIRE }, { "6unlockEv", WMM_CXX_RELEASE },
    { "8try_lockEv", WMM_CXX_TRY }, { "11lock_sharedEv", WMM_CXX_READ },
    { "13unlock_sharedEv", WMM_CXX_RELEASE },
  };
  for (auto &m : members)
    if (!strcmp (rest, m.name))
      {
        out->op = m.op;
        out->lock_arg = 0;
        return true;
      }
  return false;
}

/* A guard's member functions (after "_ZNSt<guard>I<mutex>E"); `shared`:
 * a shared_lock, whose lock takes the read side. */
bool
guard_member (const char *rest, bool shared, bool scoped, wmm_cxx_lock *out)
{
  out->guard_arg = 0;
  wmm_cxx_lock_op take = shared ? WMM_CXX_READ : WMM_CXX_ACQUIRE;
  bool ctor = (rest[0] == 'C' && (rest[1] == '1' || rest[1] == '2'));
  if (ctor && !strncmp (rest + 2, "ERS0_", 5))
    {
      const char *tag = rest + 7;
      out->lock_arg = 1;
      out->binds = true;
      if (!*tag)
        out->op = take;
      else if (!scoped && (!strcmp (tag, "St12adopt_lock_t")
                           || !strcmp (tag, "St12defer_lock_t")
                           || !strcmp (tag, "St13try_to_lock_t")))
        out->op = WMM_CXX_BIND;
      else
        return false;
      return true;
    }
  if (rest[0] == 'D' && (rest[1] == '1' || rest[1] == '2')
      && !strcmp (rest + 2, "Ev"))
    {
      out->op = WMM_CXX_RELEASE;
      return true;
    }
  if (scoped)
    return false;
  /* unique_lock / shared_lock: lock, unlock, try_lock (not lock_guard's:
     it has none, the names cannot occur). */
  if (!strcmp (rest, "4lockEv"))
    out->op = take;
  else if (!strcmp (rest, "6unlockEv"))
    out->op = WMM_CXX_RELEASE;
  else if (!strcmp (rest, "8try_lockEv"))
    out->op = WMM_CXX_TRY;
  else
    return false;
  return true;
}

/* The constructor of std::scoped_lock of n mutexes of one type (after
 * its template arguments: `C2ERS0_S2_`, M&, then the same type again)
 * takes them all, arguments 1 .. n.  (Its destructor is guard_member's:
 * a release of the guard's mutex, which names no single lock for such a
 * guard, wmm_cxx_guard_mutex.) */
bool
several_mutexes (const char *rest, int n, wmm_cxx_lock *out)
{
  out->guard_arg = 0;
  if (rest[0] != 'C' || (rest[1] != '1' && rest[1] != '2')
      || strncmp (rest + 2, "ERS0_", 5))
    return false;
  const char *r = rest + 7;
  if (n > WMM_CXX_MAX_LOCKS)
    return false;
  for (int k = 1; k < n; k++, r += 3)
    if (strncmp (r, "S2_", 3))
      return false;
  if (*r)
    return false;
  out->op = WMM_CXX_ACQUIRE;
  out->lock_arg = 1;
  out->nlocks = n;
  return true;
}

/* std::lock (l1, l2, ...) of lockables of one type takes them all, from
 * argument 0 on: mutexes (`_ZSt4lockISt5mutexS0_JS0_EEvRT_RT0_DpRT1_`,
 * three std::mutex), or unique_locks of a mutex type whose bound mutexes
 * it takes (`_ZSt4lockISt11unique_lockISt5mutexES2_JEEvRT_RT0_DpRT1_`). */
bool
std_lock (const char *a, wmm_cxx_lock *out)
{
  static const char head[] = "_ZSt4lockI", unique[] = "St11unique_lockI";
  if (strncmp (a, head, sizeof head - 1))
    return false;
  const char *r = a + sizeof head - 1;
  bool guards = !strncmp (r, unique, sizeof unique - 1);
  r = skip_mutex (guards ? r + sizeof unique - 1 : r);
  if (!r || (guards && *r++ != 'E'))
    return false;
  /* the type again: a back reference to the mutex (S0_) or to
     unique_lock<mutex> (S2_), for the second lockable and each of the
     pack's */
  const char *again = guards ? "S2_" : "S0_";
  int n = 1;
  if (strncmp (r, again, 3))
    return false;
  r += 3, n++;
  if (*r++ != 'J')
    return false;
  for (; !strncmp (r, again, 3); r += 3)
    n++;
  if (strcmp (r, "EEvRT_RT0_DpRT1_") || n > WMM_CXX_MAX_LOCKS)
    return false;
  *out = { WMM_CXX_ACQUIRE, guards ? -1 : 0, guards ? 0 : -1, false, -1,
           false };
  out->nlocks = n;
  return true;
}

/* The guard templates, as they appear in a mangled name. */
struct guard_kind { const char *prefix; bool shared, scoped; };
const guard_kind guard_kinds[] = {
  { "_ZNSt10lock_guardI", false, false },
  { "_ZNSt11unique_lockI", false, false },
  { "_ZNSt11shared_lockI", true, false },
  { "_ZNSt11scoped_lockIJ", false, true },
};

/* Functions that take a guard (argument 1) and leave it bound to the same
 * mutex: the predicate and timed forms of condition_variable::wait (inline
 * bodies the unit analyses). */
const char *const guard_users[] = {
  "_ZNSt18condition_variable4waitI", "_ZNSt18condition_variable8wait_forI",
  "_ZNSt18condition_variable10wait_untilI",
};

/* exchange (v, order) and store (v, order) of std::atomic<T> and its base
 * std::__atomic_base<T>, T a builtin integral type or bool (one letter of
 * the mangling), plain or volatile: `_ZNSt6atomicIbE8exchangeEbSt12memory_order`. */
bool
atomic_member (const char *a, wmm_cxx_lock *out)
{
  static const char *const classes[] = {
    "_ZNSt6atomicI", "_ZNVSt6atomicI", "_ZNSt13__atomic_baseI",
    "_ZNVSt13__atomic_baseI",
  };
  for (const char *c : classes)
    {
      size_t n = strlen (c);
      if (strncmp (a, c, n) || !a[n] || !strchr ("bcahstijlmxy", a[n])
          || a[n + 1] != 'E')
        continue;
      char t = a[n];
      const char *m = a + n + 2;
      bool take = !strncmp (m, "8exchangeE", 10);
      if (!take && strncmp (m, "5storeE", 7))
        return false;
      m += take ? 10 : 7;
      if (m[0] != t || strcmp (m + 1, "St12memory_order"))
        return false;
      *out = { take ? WMM_CXX_TAKE_ZERO : WMM_CXX_RELEASE, 0, -1, false, 2,
               true, 1 };
      return true;
    }
  return false;
}

/* The member function `name` of record type t taking only `this`, or
 * NULL. */
tree
plain_method (tree t, const char *name)
{
  for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FUNCTION_DECL && DECL_NAME (f)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name)
        && DECL_ARGUMENTS (f) && !DECL_CHAIN (DECL_ARGUMENTS (f)))
      return f;
  return NULL_TREE;
}

} // anon namespace

bool
wmm_cxx_lock_call (tree fndecl, wmm_cxx_lock *out)
{
  *out = { WMM_CXX_NONE, -1, -1, false, -1, false };
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return false;
  const char *a = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (std_lock (a, out))
    return true;
  if (strncmp (a, "_ZN", 3))
    return false;
  /* std::atomic_flag as a spin lock: test_and_set takes it where it
     returned false, clear releases it (orders checked by the caller). */
  static const char *const flag_take[] = {
    "_ZNSt11atomic_flag12test_and_setESt12memory_order",
    "_ZNVSt11atomic_flag12test_and_setESt12memory_order",
  };
  static const char *const flag_clear[] = {
    "_ZNSt11atomic_flag5clearESt12memory_order",
    "_ZNVSt11atomic_flag5clearESt12memory_order",
  };
  for (const char *n : flag_take)
    if (!strcmp (a, n))
      {
        *out = { WMM_CXX_TAKE_ZERO, 0, -1, false, 1, true };
        return true;
      }
  for (const char *n : flag_clear)
    if (!strcmp (a, n))
      {
        *out = { WMM_CXX_RELEASE, 0, -1, false, 1, true };
        return true;
      }
  if (atomic_member (a, out))
    return true;
  if (const char *rest = skip_mutex (a + 3))
    return mutex_member (rest, out);
  for (const guard_kind &g : guard_kinds)
    if (!strncmp (a, g.prefix, strlen (g.prefix)))
      {
        const char *rest = skip_mutex (a + strlen (g.prefix));
        /* scoped_lock<M, M, ...>: the type again is "S0_" */
        int n = 1;
        while (rest && g.scoped && !strncmp (rest, "S0_", 3))
          rest += 3, n++;
        if (!rest || *rest++ != 'E' || (g.scoped && *rest++ != 'E'))
          return false;
        if (n > 1 && rest[0] == 'C')
          return several_mutexes (rest, n, out);
        if (guard_member (rest, g.shared, g.scoped, out))
          return true;
        *out = { WMM_CXX_NONE, -1, -1, false, -1, false };
        return false;
      }
  static const char cv[] = "_ZNSt18condition_variable";
  if (strncmp (a, cv, sizeof cv - 1))
    return false;
  const char *m = a + sizeof cv - 1;
  if (!strcmp (m, "4waitERSt11unique_lockISt5mutexE"))
    *out = { WMM_CXX_WAIT, -1, 1, false, -1, false };
  else if (!strcmp (m, "10notify_oneEv") || !strcmp (m, "10notify_allEv"))
    *out = { WMM_CXX_NOTIFY, -1, -1, false, -1, false };
  else
    for (const char *p : guard_users)
      if (!strncmp (a, p, strlen (p)))
        *out = { WMM_CXX_GUARD_USE, -1, 1, false, -1, false };
  return out->op != WMM_CXX_NONE;
}

bool
wmm_cxx_lock_sync (tree fndecl)
{
  wmm_cxx_lock l;
  return wmm_cxx_lock_call (fndecl, &l) && l.op != WMM_CXX_BIND
         && l.op != WMM_CXX_GUARD_USE && !l.spin;
}

bool
wmm_mentions (tree t, tree d)
{
  return t && walk_tree_without_duplicates
                (&t, [] (tree *tp, int *, void *data) -> tree {
                   return *tp == (tree) data ? *tp : NULL_TREE;
                 }, d);
}

bool
wmm_stmt_mentions (gimple *s, tree d)
{
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    if (wmm_mentions (gimple_op (s, i), d))
      return true;
  return false;
}

namespace {

/* Is `op` the address of `guard`? */
bool
guard_address (tree op, tree guard)
{
  return op && TREE_CODE (op) == ADDR_EXPR && TREE_OPERAND (op, 0) == guard;
}

} // anon namespace

bool
wmm_cxx_guard_mutex (tree guard, tree *mutex_arg_out)
{
  if (!guard || !VAR_P (guard) || TREE_STATIC (guard)
      || DECL_EXTERNAL (guard) || !DECL_CONTEXT (guard)
      || TREE_CODE (DECL_CONTEXT (guard)) != FUNCTION_DECL)
    return false;
  function *fn = DECL_STRUCT_FUNCTION (DECL_CONTEXT (guard));
  if (!fn || !fn->cfg)
    return false;
  bool ok = true;
  tree mutex = NULL_TREE;
  tree mbase = NULL_TREE;
  HOST_WIDE_INT mpos = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      for (gphi_iterator pi = gsi_start_phis (bb); ok && !gsi_end_p (pi);
           gsi_next (&pi))
        for (unsigned i = 0; i < gimple_phi_num_args (pi.phi ()); i++)
          ok &= !wmm_mentions (gimple_phi_arg_def (pi.phi (), i), guard);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           ok && !gsi_end_p (gsi); gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s))
            continue;
          if (gimple_clobber_p (s) && gimple_assign_lhs (s) == guard)
            continue;
          gcall *call = dyn_cast<gcall *> (s);
          if (!call)
            {
              for (unsigned i = 0; i < gimple_num_ops (s); i++)
                ok &= !wmm_mentions (gimple_op (s, i), guard);
              continue;
            }
          wmm_cxx_lock l;
          bool known = wmm_cxx_lock_call (gimple_call_fndecl (call), &l);
          /* (a guard of a lockable class of the program: its
             constructor binds it, its destructor releases) */
          tree method;
          if (int u = known ? 0 : wmm_cxx_user_guard (gimple_call_fndecl (call),
                                                      &method))
            {
              l = { u == 1 ? WMM_CXX_ACQUIRE : WMM_CXX_RELEASE,
                    u == 1 ? 1 : -1, 0, u == 1, -1, false };
              known = true;
            }
          ok &= !wmm_mentions (gimple_call_lhs (call), guard)
                && !wmm_mentions (gimple_call_fn (call), guard);
          for (unsigned i = 0; ok && i < gimple_call_num_args (call); i++)
            {
              tree a = gimple_call_arg (call, i);
              if (!wmm_mentions (a, guard))
                continue;
              /* Only as a guard argument of a guard operation (std::lock
                 of guards has several). */
              int nguards = l.lock_arg < 0 ? l.nlocks : 1;
              if (!known || l.guard_arg < 0 || (int) i < l.guard_arg
                  || (int) i >= l.guard_arg + nguards
                  || !guard_address (a, guard))
                {
                  ok = false;
                  break;
                }
              /* a guard of several mutexes names no one lock */
              if (l.nlocks > 1 && l.lock_arg >= 0)
                {
                  ok = false;
                  break;
                }
              if (!l.binds)
                continue;
              tree m = gimple_call_arg (call, l.lock_arg);
              tree b;
              HOST_WIDE_INT p;
              if (!wmm_lock_key (m, &b, &p)
                  || (mbase && (b != mbase || p != mpos)))
                ok = false;
              mbase = b;
              mpos = p;
              mutex = m;
            }
        }
      if (!ok)
        break;
    }
  if (!ok || !mutex)
    return false;
  *mutex_arg_out = mutex;
  return true;
}

int
wmm_cxx_user_guard (tree fndecl, tree *method)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || (!DECL_CXX_CONSTRUCTOR_P (fndecl) && !DECL_CXX_DESTRUCTOR_P (fndecl)))
    return 0;
  tree g = DECL_CONTEXT (fndecl);
  if (!g || !TYPE_P (g) || TREE_CODE (g) != RECORD_TYPE || !TYPE_NAME (g))
    return 0;
  g = TYPE_MAIN_VARIANT (g);
  tree n = TYPE_NAME (g);
  tree ctx = TREE_CODE (n) == TYPE_DECL ? DECL_CONTEXT (n) : NULL_TREE;
  const char *gn = TREE_CODE (n) == TYPE_DECL && DECL_NAME (n)
                   ? IDENTIFIER_POINTER (DECL_NAME (n)) : "";
  if ((strcmp (gn, "lock_guard") && strcmp (gn, "scoped_lock"))
      || !ctx || TREE_CODE (ctx) != NAMESPACE_DECL || !DECL_NAME (ctx)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (ctx)), "std"))
    return 0;
  /* the one mutex it holds by reference */
  tree dev = NULL_TREE;
  for (tree f = TYPE_FIELDS (g); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
        if (dev || !DECL_NAME (f)
            || strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), "_M_device")
            || TREE_CODE (TREE_TYPE (f)) != REFERENCE_TYPE)
          return 0;
        dev = f;
      }
  tree m = dev ? TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (dev))) : NULL_TREE;
  if (!m || TREE_CODE (m) != RECORD_TYPE)
    return 0;
  wmm_cxx_lock l;
  if (wmm_cxx_lock_call (fndecl, &l))
    return 0;   /* (a standard mutex's guard: known by name) */
  tree args = DECL_ARGUMENTS (fndecl);
  int nargs = 0;
  for (tree a = args; a; a = DECL_CHAIN (a))
    nargs++;
  if (DECL_CXX_CONSTRUCTOR_P (fndecl) && nargs == 2
      && TREE_CODE (TREE_TYPE (DECL_CHAIN (args))) == REFERENCE_TYPE
      && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (DECL_CHAIN (args)))) == m)
    return (*method = plain_method (m, "lock")) ? 1 : 0;
  if (DECL_CXX_DESTRUCTOR_P (fndecl) && nargs == 1)
    return (*method = plain_method (m, "unlock")) ? 2 : 0;
  return 0;
}

