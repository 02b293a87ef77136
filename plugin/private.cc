/* private.cc — memory only one thread can reach, beyond memloc.cc's
 * non-escaping locals: thread-argument objects, thread-specific data, fresh
 * heap memory that is never published, and which thread-local variables
 * have their address escape (docs/plugin.md, "Private data").
 *
 * Example:
 *   struct job *j = malloc (sizeof *j); j->in = 1;
 *   pthread_create (&t, 0, worker, j); pthread_join (t, 0); use (j->out);
 *   void *worker (void *arg) { struct job *j = arg; j->out = j->in * 2; ... }
 *   -> worker's accesses through arg are private: the object is fresh, given
 *   to one thread only, the creator touches it only before the create and
 *   after the join, and worker never stores the pointer anywhere.
 *
 * The unit of decision is a pointer *web*: the SSA names connected by
 * copies, conversions, constant or variable offsets (p + k, &p->f) and
 * PHIs.  A web is private when every value it starts from (its roots) is
 * a private object of the running thread and every other use of its names
 * only reaches memory (a dereference, a comparison) or passes the pointer
 * where no copy is kept (memloc.cc's table and parameter rule).  Roots:
 *   - a malloc-like call (ECF_MALLOC): fresh memory;
 *   - pthread_getspecific / tss_get of a private key: every
 *     pthread_setspecific / tss_set of the key stores a private web, and
 *     the key's value reaches nothing but those calls;
 *   - the parameter of a start routine whose every create passes an object
 *     only that thread reaches (below);
 *   - a null constant (a PHI argument).
 * A start routine's object, at each create of the unit (the routine being
 * an entry for nothing else and never called): a fresh heap object whose
 * web in the creator has no other capture, or a local (a whole variable,
 * an element with a constant index, or an element indexed by the create
 * loop's counter; a static only the creator names, when the creator runs
 * once, counts as one of its locals, and so does an exported one when no
 * code of another unit may run), and every other touch of it by the creator happens
 * where no thread of that create can run (before the create, or after a
 * join of its handle: region.cc's groups) — for the heap object also
 * whenever the malloc ran again in between (a new object).  An element of
 * an array bounds the routine: its pointer may only be dereferenced
 * within the element (no PHI, constant offsets, calls only of functions
 * whose parameter does the same), since pointer arithmetic may reach the
 * neighbours.  The creator may fill the element through a pointer to it
 * before the create (`t = &tasks[i]; t->id = i;`).
 * Members the argument owns (`j->in = malloc (n)` before the create, or
 * `j->res = malloc (n)` in the routine): an allocation whose objects no
 * memory but the argument's object holds (points-to), each object given
 * to one create, the creator's names of it used where that thread does
 * not run: a pointer read from such a member is a private root.
 */
#include "plugin.h"
#include "handles.h"

namespace {

const int MAX_WEB = 512;

/* Per unit (wmm_private_reset). */
hash_set<tree> *escaped_tls;
hash_map<tree, HOST_WIDE_INT> *private_params;   /* PARM_DECL -> bound in
                                                    bytes (-1: none) */
hash_set<tree> *private_keys;                    /* key VAR_DECLs */
hash_set<tree> *returned_params;                 /* private PARM_DECLs the
                                                    function returns, whose
                                                    callers' webs take in
                                                    the result */
hash_map<tree, bool> *web_cache;                 /* SSA name -> private */
hash_map<gimple *, vec<tree> > *resolved_targets; /* the unit's indirect
                                                    calls entries.cc
                                                    resolved (owned by
                                                    the unit) */
hash_map<tree, bool> *cas_locals;                /* cas_expected_local's
                                                    answers */
hash_map<tree, tree> *param_objects;             /* PARM_DECL -> the global
                                                    object every create's
                                                    argument points into */
/* A call of a create wrapper (`xcreate (&t[i], worker, &args[i])`,
 * create_wrapper): it starts `routine` on its argument argno, the
 * handle going where its argument handleno points. */
struct wrap_create {
  tree routine;
  unsigned argno, handleno, routineno;
  tree fixed;           /* the wrapper's own routine (`spawn (t)` calling
                           pthread_create (&t->tid, 0, run, t)), or NULL:
                           argument routineno's */
  tree field;           /* the handle is this member of the argument's
                           object, or NULL: argument handleno */
};
hash_map<gimple *, wrap_create> *wrap_sites;     /* per unit */
hash_map<tree, wrap_create> *wrappers;           /* create_wrapper's
                                                    answers (routine
                                                    error_mark_node: no) */
hash_map<tree, tree> *static_owner;              /* static VAR_DECL -> the
                                                    one function naming it,
                                                    or NULL_TREE */
hash_set<gimple *> *thread_returns;              /* the returns (and
                                                    pthread_exit calls) of
                                                    start routines only the
                                                    unit's creates start:
                                                    what they return goes
                                                    to their joiner */
hash_map<gimple *, tree> *return_fns;            /* each return of the
                                                    unit's bodies -> its
                                                    function (filled on
                                                    first use) */
hash_set<tree> *creator_roots;                   /* heap roots (malloc
                                                    results) of objects a
                                                    creator gives its
                                                    threads, every touch of
                                                    which it makes where
                                                    no such thread runs */
auto_vec<int> *owned_objs;                       /* allocation objects
                                                    (threadlocal.cc) each
                                                    of which one thread's
                                                    argument owns: held by
                                                    its object only, the
                                                    creator's names of it
                                                    used where that thread
                                                    does not run */

struct web {
  auto_vec<tree, 16> names;
  hash_set<tree> seen;
  auto_vec<tree, 4> roots;      /* names not derived from another name */
  auto_vec<gimple *, 16> uses;  /* statements using a name otherwise */
  bool bad;                     /* not analysable: never private */
  bool phi;                     /* PHIs merge names */
  bool loads_join = false;      /* a load through a name may define a name
                                   (slots: a list walked under its lock) */
};

void
add_name (web *w, tree n)
{
  if (w->bad || w->seen.add (n))
    return;
  if (w->names.length () >= (unsigned) MAX_WEB)
    w->bad = true;
  else
    w->names.safe_push (n);
}

/* Is l a variable of its function's own frame whose address is never
 * taken (only the activation that owns it reads or writes it)? */
bool
frame_local (tree l)
{
  return l && VAR_P (l) && !TREE_STATIC (l) && !DECL_EXTERNAL (l)
         && !TREE_ADDRESSABLE (l) && DECL_CONTEXT (l)
         && TREE_CODE (DECL_CONTEXT (l)) == FUNCTION_DECL
         && DECL_STRUCT_FUNCTION (DECL_CONTEXT (l));
}

/* Does assignment g write memory of local l? */
bool
writes_local (gimple *g, tree l)
{
  return is_gimple_assign (g) && gimple_vdef (g)
         && get_base_address (gimple_assign_lhs (g)) == l;
}

/* Is g a plain store into a frame local (its reference in *ref)? */
bool
frame_local_store_stmt (gimple *g, tree *ref)
{
  if (!gimple_assign_single_p (g) || !gimple_vdef (g)
      || gimple_has_volatile_ops (g))
    return false;
  *ref = gimple_assign_lhs (g);
  return frame_local (get_base_address (*ref));
}

/* Blocks a read back may be forwarded through: the store's own, then
 * those whose single predecessor is such a block (at most this many). */
const int MAX_FORWARD_BLOCKS = 16;

/* The loads of pointers after store u into a frame local that read back
 * what u stored: the same reference, in u's block or one entered only
 * from it (through single-predecessor blocks), and no store to the local
 * in between (`jobs[i] = p; if (!jobs[i]) ...; jobs[i]->in = 1`, as the
 * pass sees it before GCC forwards the store): copies of the stored
 * value. */
template <typename F>
void
each_forwarded_load (gimple *u, F visit)
{
  tree ref;
  if (!frame_local_store_stmt (u, &ref))
    return;
  tree l = get_base_address (ref);
  auto_vec<std::pair<basic_block, gimple_stmt_iterator>, 8> work;
  gimple_stmt_iterator gsi = gsi_for_stmt (u);
  gsi_next (&gsi);
  work.safe_push (std::make_pair (gimple_bb (u), gsi));
  for (int blocks = 0; !work.is_empty () && blocks < MAX_FORWARD_BLOCKS;
       blocks++)
    {
      auto item = work.pop ();
      bool killed = false;
      for (gsi = item.second; !gsi_end_p (gsi) && !killed; gsi_next (&gsi))
        {
          gimple *g = gsi_stmt (gsi);
          if (is_gimple_debug (g))
            continue;
          if (gimple_assign_load_p (g) && gimple_assign_single_p (g)
              && operand_equal_p (gimple_assign_rhs1 (g), ref, 0)
              && TREE_CODE (gimple_assign_lhs (g)) == SSA_NAME
              && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (g))))
            visit (gimple_assign_lhs (g));
          else if (writes_local (g, l))
            killed = true;
        }
      if (killed)
        continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, item.first->succs)
        if (single_pred_p (e->dest) && e->dest != item.first
            && e->dest->index >= NUM_FIXED_BLOCKS)
          work.safe_push (std::make_pair (e->dest, gsi_start_bb (e->dest)));
    }
}

/* The value load g reads back when it is one of each_forwarded_load's
 * (the stored SSA name), else NULL. */
tree
forwarded_value (gimple *g)
{
  if (!gimple_assign_load_p (g) || !gimple_assign_single_p (g)
      || !frame_local (get_base_address (gimple_assign_rhs1 (g))))
    return NULL_TREE;
  tree l = get_base_address (gimple_assign_rhs1 (g));
  basic_block bb = gimple_bb (g);
  gimple_stmt_iterator gsi = gsi_for_stmt (g);
  gsi_prev (&gsi);
  for (int blocks = 0; blocks < MAX_FORWARD_BLOCKS; blocks++)
    {
      for (; !gsi_end_p (gsi); gsi_prev (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          tree ref;
          if (is_gimple_debug (s) || !writes_local (s, l))
            continue;
          if (frame_local_store_stmt (s, &ref)
              && operand_equal_p (ref, gimple_assign_rhs1 (g), 0)
              && TREE_CODE (gimple_assign_rhs1 (s)) == SSA_NAME)
            return gimple_assign_rhs1 (s);
          return NULL_TREE;
        }
      if (!single_pred_p (bb) || single_pred (bb) == bb
          || single_pred (bb)->index < NUM_FIXED_BLOCKS)
        return NULL_TREE;
      bb = single_pred (bb);
      gsi = gsi_last_bb (bb);
    }
  return NULL_TREE;
}

/* Is g an assignment deriving its SSA pointer result from one pointer name
 * (a copy, a conversion, p + k, &p->f, a read back of a frame local the
 * name was just stored into)?  *src = that name. */
bool
copy_like (gimple *g, tree *src)
{
  if (!is_gimple_assign (g))
    return false;
  tree lhs = gimple_assign_lhs (g), rhs = gimple_assign_rhs1 (g);
  if (TREE_CODE (lhs) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (lhs)))
    return false;
  if (tree v = forwarded_value (g))
    if (POINTER_TYPE_P (TREE_TYPE (v)))
      {
        *src = v;
        return true;
      }
  enum tree_code code = gimple_assign_rhs_code (g);
  if ((code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
       || code == POINTER_PLUS_EXPR)
      && TREE_CODE (rhs) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (rhs)))
    {
      *src = rhs;
      return true;
    }
  if (code == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (rhs, 0));
      if (base && TREE_CODE (base) == MEM_REF
          && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME)
        {
          *src = TREE_OPERAND (base, 0);
          return true;
        }
    }
  return false;
}

/* The parameters call g's callee returns (wmm_returned_params), when g
 * is a call with an SSA result; 0 otherwise. */
unsigned
returned_by (gimple *g)
{
  if (!is_gimple_call (g) || gimple_call_internal_p (g)
      || !gimple_call_lhs (g) || TREE_CODE (gimple_call_lhs (g)) != SSA_NAME)
    return 0;
  return wmm_returned_params (gimple_call_fndecl (g));
}

/* Does call u return (a copy of) its argument n? */
bool
returns_arg (gimple *u, tree n)
{
  unsigned m = returned_by (u);
  for (unsigned k = 0; m && k < gimple_call_num_args (u) && k < 32; k++)
    if ((m & (1u << k)) && gimple_call_arg (u, k) == n)
      return true;
  return false;
}

/* The web of SSA pointer `start`. */
void
grow (web *w, tree start)
{
  w->bad = w->phi = false;
  add_name (w, start);
  for (unsigned i = 0; i < w->names.length () && !w->bad; i++)
    {
      tree n = w->names[i], src;
      gimple *def = SSA_NAME_DEF_STMT (n);
      if (SSA_NAME_IS_DEFAULT_DEF (n))
        w->roots.safe_push (n);
      else if (gphi *phi = dyn_cast<gphi *> (def))
        {
          w->phi = true;
          for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
            {
              tree a = gimple_phi_arg_def (phi, k);
              if (TREE_CODE (a) == SSA_NAME)
                add_name (w, a);
              else if (!integer_zerop (a))
                w->bad = true;   /* &object: not followed */
            }
        }
      else if (copy_like (def, &src))
        add_name (w, src);
      else if (unsigned m = returned_by (def))
        {
          /* n = get (p): what the callee returns is one of its arguments. */
          w->phi |= (m & (m - 1)) != 0;
          for (unsigned k = 0; k < gimple_call_num_args (def); k++)
            if (m & (1u << k))
              {
                tree a = gimple_call_arg (def, k);
                if (TREE_CODE (a) == SSA_NAME)
                  add_name (w, a);
                else if (!integer_zerop (a))
                  w->bad = true;
              }
        }
      else
        w->roots.safe_push (n);
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, n)
        {
          gimple *u = USE_STMT (use);
          if (is_gimple_debug (u))
            continue;
          if (gphi *phi = dyn_cast<gphi *> (u))
            {
              w->phi = true;
              add_name (w, gimple_phi_result (phi));
            }
          else if (copy_like (u, &src) && src == n)
            add_name (w, gimple_assign_lhs (u));
          else
            {
              /* p stored into a frame local and read back: copies */
              each_forwarded_load (u, [&] (tree r) { add_name (w, r); });
              /* q = get (n): q joins the web; the call stays a use (the
                 callee must keep no copy). */
              if (returns_arg (u, n))
                add_name (w, gimple_call_lhs (u));
              if (!w->uses.contains (u))
                w->uses.safe_push (u);
            }
        }
    }
}

/* walk_tree callback: count the web's names. */
tree
count_names (tree *tp, int *walk_subtrees, void *data)
{
  std::pair<web *, int> *d = (std::pair<web *, int> *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (d->first->seen.contains (*tp))
        d->second++;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

int
names_in (web *w, tree t)
{
  if (!t)
    return 0;
  std::pair<web *, int> d (w, 0);
  walk_tree_without_duplicates (&t, count_names, &d);
  return d.second;
}

/* Does operand t use the web's names only as the base of a dereference
 * (*p, p->f, p[3])? */
bool
only_as_base (web *w, tree t)
{
  int n = names_in (w, t);
  if (n == 0)
    return true;
  if (n > 1 || TREE_CODE (t) == SSA_NAME || TREE_CODE (t) == ADDR_EXPR)
    return false;
  tree base = get_base_address (t);
  return base && TREE_CODE (base) == MEM_REF
         && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME
         && w->seen.contains (TREE_OPERAND (base, 0));
}

/* The key a pthread_getspecific / pthread_setspecific / tss_* call's
 * first argument is loaded from (a VAR_DECL), or NULL. */
tree
key_of (gimple *call)
{
  if (!gimple_call_num_args (call))
    return NULL_TREE;
  tree a = gimple_call_arg (call, 0);
  if (TREE_CODE (a) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (a))
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (a);
  return gimple_assign_single_p (def) ? wmm_whole_variable (gimple_assign_rhs1 (def))
                                      : NULL_TREE;
}

const char *
call_name (gimple *stmt)
{
  tree fn = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  return fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn)) : NULL;
}

bool
is_named (gimple *stmt, const char *a, const char *b)
{
  const char *n = call_name (stmt);
  return n && (!strcmp (n, a) || !strcmp (n, b));
}

int store_of_name (web *w, gimple *u);

/* Is ref part of the object a private parameter points to (`t->out`, t
 * a start routine's parameter no other thread reaches while it runs, or
 * a copy of it)? */
bool
in_private_param (tree ref)
{
  tree base = get_base_address (ref);
  tree p = base && TREE_CODE (base) == MEM_REF
           ? wmm_pointer_root (TREE_OPERAND (base, 0)) : NULL_TREE;
  tree var = p && SSA_NAME_IS_DEFAULT_DEF (p) ? SSA_NAME_VAR (p) : NULL_TREE;
  return var && TREE_CODE (var) == PARM_DECL && private_params->get (var);
}

/* Does use statement u only reach memory through the web's names, test
 * them, or pass them where no copy is kept?  `allowed` (may be NULL) is a
 * call that may take a name as its argument `allowed_arg`. */
bool
use_ok (web *w, gimple *u, gimple *allowed, unsigned allowed_arg)
{
  if (gimple_code (u) == GIMPLE_COND)
    return true;
  /* A result left in the thread's private argument (`t->out = r`): only
     this thread reaches it until the creator reads it after the join. */
  if (store_of_name (w, u) == 0 && in_private_param (gimple_assign_lhs (u)))
    return true;
  if (is_gimple_assign (u))
    {
      if (!gimple_assign_single_p (u))
        return (TREE_CODE_CLASS (gimple_assign_rhs_code (u)) == tcc_comparison
                || gimple_assign_rhs_code (u) == POINTER_DIFF_EXPR)
               && names_in (w, gimple_assign_lhs (u)) == 0;
      tree lhs = gimple_assign_lhs (u);
      /* n = n->next: a load through a name into another name, itself a
         root of the web whose uses the web checks */
      if (w->loads_join && TREE_CODE (lhs) == SSA_NAME && w->seen.contains (lhs)
          && gimple_assign_load_p (u))
        return only_as_base (w, gimple_assign_rhs1 (u));
      return only_as_base (w, lhs)
             && only_as_base (w, gimple_assign_rhs1 (u));
    }
  gcall *call = dyn_cast<gcall *> (u);
  if (!call || gimple_call_internal_p (call)
      || names_in (w, gimple_call_fn (call)))
    return false;
  tree lhs = gimple_call_lhs (call);
  if (!(lhs && w->seen.contains (lhs) && returned_by (call))
      && !only_as_base (w, lhs))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (TREE_CODE (a) != SSA_NAME || !w->seen.contains (a))
        {
          if (!only_as_base (w, a))
            return false;
          continue;
        }
      if (u == allowed && i == allowed_arg)
        continue;
      /* Stored in this thread's own slot of a private key. */
      if (i == 1 && is_named (u, "pthread_setspecific", "tss_set")
          && key_of (u) && private_keys->contains (key_of (u)))
        continue;
      if (wmm_ptr_kept_by_call (u, a))
        return false;
    }
  return true;
}

/* The call of a sized atomic store, exchange or compare-exchange
 * (`__atomic_store_8 (&slot, _7, 3)`, `__atomic_compare_exchange_8
 * (&slot, &expected, _7, 0, 5, 5)`) whose stored value is u's result,
 * when u converts a name of the web to an integer only for that (GCC
 * stores a pointer into an _Atomic pointer so), and its object is no
 * name of the web (a compare-exchange's expected value may be one); else
 * NULL. */
gimple *
atomic_store_of (web *w, gimple *u)
{
  if (!is_gimple_assign (u) || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (u))
      || TREE_CODE (gimple_assign_lhs (u)) != SSA_NAME
      || !INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (u))))
    return NULL;
  tree x = gimple_assign_lhs (u);
  use_operand_p use;
  gimple *call;
  if (!single_imm_use (x, &use, &call) || !wmm_sized_atomic_call (call)
      || gimple_call_num_args (call) < 3 || names_in (w, gimple_call_arg (call, 0)))
    return NULL;
  const char *n = call_name (call);
  if (!n)
    return NULL;
  /* (a compare-exchange's expected value may be a member of the object
     it installs, `cas (&top, &n->next, n)`: the exchange reads it, and
     writes it back only when it fails, nothing installed; publish.cc
     takes both accesses for the object's own before the publication) */
  if (!strncmp (n, "__atomic_compare_exchange_", 26))
    {
      tree e = gimple_call_arg (call, 1);
      return gimple_call_num_args (call) == 6 && gimple_call_arg (call, 2) == x
             && (!names_in (w, e)
                 || (TREE_CODE (e) == SSA_NAME && w->seen.contains (e)))
             ? call : NULL;
    }
  return gimple_call_arg (call, 1) == x
         && (!strncmp (n, "__atomic_store_", 15)
             || !strncmp (n, "__atomic_exchange_", 18)) ? call : NULL;
}

/* When u stores one of the web's names, as a value, into memory: how
 * many names of the web its address mentions (0: `slot = p`); else -1. */
int
store_of_name (web *w, gimple *u)
{
  if (!gimple_assign_single_p (u))
    return -1;
  tree rhs = gimple_assign_rhs1 (u), lhs = gimple_assign_lhs (u);
  return TREE_CODE (rhs) == SSA_NAME && w->seen.contains (rhs)
         && TREE_CODE (lhs) != SSA_NAME ? names_in (w, lhs) : -1;
}

/* Is u a store of one of the web's names, as a value, into memory that
 * no name of the web addresses (`slot = p`)? */
bool
stores_name (web *w, gimple *u)
{
  return store_of_name (w, u) == 0;
}

/* The names that hold only the object `start` points to: copies and
 * offsets of it, no PHI. */
void
own_names (tree start, hash_set<tree> *names)
{
  auto_vec<tree, 16> work;
  names->add (start);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      tree n = work.pop (), src;
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, n)
        {
          gimple *u = USE_STMT (use);
          if (!is_gimple_debug (u) && copy_like (u, &src) && src == n
              && !names->add (gimple_assign_lhs (u)))
            work.safe_push (gimple_assign_lhs (u));
          if (!is_gimple_debug (u))
            each_forwarded_load (u, [&] (tree r) {
              if (!names->add (r))
                work.safe_push (r);
            });
        }
    }
}

/* A segment of a fresh object in a callee that a call of the allocating
 * function gives it to (the call, the segment). */
typedef auto_vec<std::pair<gimple *, wmm_fresh_segment *> > callee_segments;

bool uses_or_stores (web *w, tree fndecl, vec<gimple *> *stores,
                     vec<gimple *> *points, vec<gimple *> *returns,
                     int depth, callee_segments *csegs = NULL);

/* Is every call of `callee` (also through its aliases) one of the web's
 * uses, all its calls seen (wmm_calls_all_seen: inline and template
 * code, whose other units' calls run on their own memory, counts with
 * this unit's calls; docs/plugin.md, "What is sound where")? */
bool
called_only_by (web *w, tree callee)
{
  cgraph_node *node = cgraph_node::get (callee);
  node = node ? node->ultimate_alias_target () : NULL;
  if (!node || !wmm_calls_all_seen (node))
    return false;
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    ok = ok && e->call_stmt && w->uses.contains (e->call_stmt);
  });
  return ok;
}

bool callee_keeps (web *w, gcall *call, tree callee, bool indirect,
                   vec<gimple *> *stores, int depth, callee_segments *csegs);
tree nth_param_def (tree decl, function *fn, unsigned argno);
vec<tree> *resolved_call_targets (gcall *call);

/* Is call u, which passes names of the web as arguments, to a function of
 * the unit whose parameters' webs only keep the object or store it into
 * memory (pushed to *stores)?  With csegs, a callee that only the web's
 * calls call gets a segment per parameter (its points: the stores and
 * calls after which the address may be in memory; no statement makes the
 * object anew inside it). */
bool
callee_stores (web *w, gimple *u, vec<gimple *> *stores, int depth,
               callee_segments *csegs)
{
  gcall *call = dyn_cast<gcall *> (u);
  tree callee = call && !gimple_call_internal_p (call)
                ? gimple_call_fndecl (call) : NULL_TREE;
  /* An indirect call whose every target entries.cc knows (`j->fn (j)`,
     the functions stored in the member) keeps what each target keeps. */
  vec<tree> *targets = call ? resolved_call_targets (call) : NULL;
  if (targets)
    {
      for (tree t : *targets)
        if (!callee_keeps (w, call, t, true, stores, depth, NULL))
          return false;
      return true;
    }
  return callee_keeps (w, call, callee, false, stores, depth, csegs);
}

/* callee_stores for one function `callee` call u may run (`indirect`:
 * one of the targets of a resolved indirect call). */
bool
callee_keeps (web *w, gcall *call, tree callee, bool indirect,
              vec<gimple *> *stores, int depth, callee_segments *csegs)
{
  gimple *u = call;
  /* (a C++ complete-object constructor runs its base-object body) */
  cgraph_node *cn = callee ? cgraph_node::get (callee) : NULL;
  cn = cn ? cn->ultimate_alias_target () : NULL;
  function *fn = cn ? wmm_analysable_body (cn) : NULL;
  /* (a resolved indirect call's function pointer, loaded from the
     object, is one of its targets' addresses: calling it keeps nothing) */
  if (!fn || (!indirect && names_in (w, gimple_call_fn (call)))
      || !only_as_base (w, gimple_call_lhs (call)))
    return false;
  tree parm = DECL_ARGUMENTS (cn->decl);
  for (unsigned i = 0; i < gimple_call_num_args (call);
       i++, parm = parm ? DECL_CHAIN (parm) : NULL_TREE)
    {
      tree a = gimple_call_arg (call, i);
      if (TREE_CODE (a) != SSA_NAME || !w->seen.contains (a))
        {
          if (!only_as_base (w, a))
            return false;
          continue;
        }
      if (!parm)
        return false;
      tree d = ssa_default_def (fn, parm);
      if (!d)
        continue;
      web cw;
      cw.loads_join = w->loads_join;
      grow (&cw, d);
      bool own = csegs && called_only_by (w, callee);
      auto_vec<gimple *> points;
      if (!uses_or_stores (&cw, callee, stores, own ? &points : NULL, NULL,
                           depth + 1))
        return false;
      if (own)
        {
          wmm_fresh_segment *seg = new wmm_fresh_segment;
          seg->avoid = NULL;
          seg->points.safe_splice (points);
          if (cw.roots.length () == 1 && cw.roots[0] == d)
            for (tree n : cw.names)
              seg->names.add (n);
          else
            own_names (d, &seg->names);
          csegs->safe_push (std::make_pair (u, seg));
        }
    }
  return true;
}

/* Visit (edge, result) for every call of fndecl that uses its result,
 * when every call is in the unit (fndecl neither exported, but for inline
 * and template code, nor address-taken) in an analysable function; false
 * when not, or when a visit says no. */
template <typename F>
bool
each_caller_result (tree fndecl, F visit)
{
  cgraph_node *node = fndecl ? cgraph_node::get (fndecl) : NULL;
  /* (inline and template code: its other units' calls run their own
     copies, on their own memory: docs/plugin.md, "What is sound where") */
  if (!node || (TREE_PUBLIC (fndecl) && !wmm_vague_linkage (node))
      || node->address_taken)
    return false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    {
      if (!e->call_stmt || !wmm_analysable_body (e->caller))
        return false;
      tree lhs = gimple_call_lhs (e->call_stmt);
      if (lhs && !visit (e, lhs))
        return false;
    }
  return true;
}

/* Does every caller of fndecl (whose returns give a name of a web) only
 * keep the result or store it into memory (pushed to *stores)? */
bool
callers_store (tree fndecl, vec<gimple *> *stores, int depth)
{
  return each_caller_result (fndecl, [&] (cgraph_edge *e, tree lhs) {
    if (TREE_CODE (lhs) != SSA_NAME)
      return false;
    web cw;
    grow (&cw, lhs);
    return uses_or_stores (&cw, e->caller->decl, stores, NULL, NULL,
                           depth + 1);
  });
}

/* The one root of the web that is not a name set to a null pointer
 * (`tail = 0` before a list is built holds no object), or NULL when there
 * is none or several. */
tree
only_root (const web *w)
{
  tree only = NULL_TREE;
  for (tree r : w->roots)
    {
      gimple *def = SSA_NAME_IS_DEFAULT_DEF (r) ? NULL : SSA_NAME_DEF_STMT (r);
      if (def && gimple_assign_single_p (def)
          && integer_zerop (gimple_assign_rhs1 (def)))
        continue;
      if (only)
        return NULL_TREE;
      only = r;
    }
  return only;
}

bool reaches (gimple *from, gimple *to, gimple *avoid);

/* Does u store a name of the web into a member of an object a name of
 * the web points to (`tail->next = n` while a list of fresh nodes is
 * built)? */
bool
links_within (web *w, gimple *u)
{
  return store_of_name (w, u) == 1 && only_as_base (w, gimple_assign_lhs (u));
}

bool cas_expected_local (tree l);
bool cas_on_expected (gimple *g, tree l);

/* Call u of a function of the unit given names of the web, checked by
 * callee_stores with segments (an init helper that also keeps no copy
 * gets the object's accesses through its parameter as a segment of its
 * own, when only the web's calls call it); *point: whether it stored the
 * address.  False when callee_stores says no, or (no_store) when the
 * callee stores it: nothing added then but a mark that u's callee is no
 * segment's (u with no segment, keep_early_segments). */
bool
own_callee (web *w, gimple *u, vec<gimple *> *stores, int depth,
            callee_segments *csegs, bool *point, bool no_store = false)
{
  unsigned before = stores->length (), segs = csegs->length ();
  if (callee_stores (w, u, stores, depth, csegs)
      && !(no_store && stores->length () != before))
    {
      *point = stores->length () != before;
      return true;
    }
  stores->truncate (before);
  while (csegs->length () > segs)
    delete csegs->pop ().second;
  csegs->safe_push (std::make_pair (u, (wmm_fresh_segment *) NULL));
  return false;
}

/* The segments of csegs whose callee runs before every point of its
 * caller's segment: no point reaches one of its calls without running
 * `avoid` again, and no call of it was refused a segment (own_callee's
 * marks); pushed to *extra, the others deleted. */
void
keep_early_segments (callee_segments &csegs, const vec<gimple *> &points,
                     gimple *avoid, vec<wmm_fresh_segment *> *extra)
{
  hash_set<tree> late;
  for (auto &cs : csegs)
    {
      if (!cs.second)
        late.add (gimple_call_fndecl (cs.first));
      for (gimple *p : points)
        if (reaches (p, cs.first, avoid))
          late.add (gimple_call_fndecl (cs.first));
    }
  for (auto &cs : csegs)
    if (cs.second && !late.contains (gimple_call_fndecl (cs.first)))
      extra->safe_push (cs.second);
    else
      delete cs.second;
}

/* The local the store u of a web's name writes when it is a variable of
 * the function's own frame whose address is never taken (a handle array
 * `jobs[i] = p` of main's), or taken only as compare-exchanges' expected
 * value: only this activation can read it back.  NULL otherwise. */
tree
frame_local_store (web *w, gimple *u)
{
  tree ref;
  if (!stores_name (w, u))
    return NULL_TREE;
  if (frame_local_store_stmt (u, &ref))
    return get_base_address (ref);
  /* a local whose address only compare-exchanges take, as their expected
     value (`n = atomic_load (&top); while (n && !cas (&top, &n, n->next))`) */
  if (!gimple_assign_single_p (u) || gimple_has_volatile_ops (u))
    return NULL_TREE;
  tree l = get_base_address (gimple_assign_lhs (u));
  return cas_expected_local (l) ? l : NULL_TREE;
}

/* Is g a sized compare-exchange whose expected value is `&l` and which
 * mentions l nowhere else? */
bool
cas_on_expected (gimple *g, tree l)
{
  const char *n = is_gimple_call (g) && wmm_sized_atomic_call (g)
                  ? call_name (g) : NULL;
  if (!n || strncmp (n, "__atomic_compare_exchange_", 26)
      || gimple_call_num_args (g) != 6)
    return false;
  tree e = gimple_call_arg (g, 1);
  if (TREE_CODE (e) != ADDR_EXPR || TREE_OPERAND (e, 0) != l)
    return false;
  for (unsigned k = 0; k < gimple_call_num_args (g); k++)
    if (k != 1 && wmm_mentions (gimple_call_arg (g, k), l))
      return false;
  return !gimple_call_lhs (g) || !wmm_mentions (gimple_call_lhs (g), l);
}

/* Is l a local of a function with a body, not static, whose address
 * only compare-exchanges take, as their expected value (cas_on_expected:
 * the exchange reads it and writes back the value it found)?  Only this
 * activation reads it back then. */
bool
cas_expected_local (tree l)
{
  if (!l || !VAR_P (l) || TREE_STATIC (l) || DECL_EXTERNAL (l)
      || !TREE_ADDRESSABLE (l) || !DECL_CONTEXT (l)
      || TREE_CODE (DECL_CONTEXT (l)) != FUNCTION_DECL
      || !DECL_STRUCT_FUNCTION (DECL_CONTEXT (l)))
    return false;
  function *fn = DECL_STRUCT_FUNCTION (DECL_CONTEXT (l));
  if (!fn->cfg || !gimple_in_ssa_p (fn))
    return false;
  /* (one walk of the function per local and unit) */
  if (bool *known = cas_locals->get (l))
    return *known;
  bool ok = true, any = false;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!ok || is_gimple_debug (g) || gimple_clobber_p (g))
      return;
    if (cas_on_expected (g, l))
      {
        any = true;
        return;
      }
    /* plain stores into it and loads from it (no address taken) */
    if (gimple_assign_single_p (g))
      {
        tree lhs = gimple_assign_lhs (g), rhs = gimple_assign_rhs1 (g);
        if ((lhs == l && !wmm_mentions (rhs, l))
            || (rhs == l && TREE_CODE (lhs) == SSA_NAME))
          return;
      }
    for (unsigned k = 0; ok && k < gimple_num_ops (g); k++)
      if (gimple_op (g, k) && wmm_mentions (gimple_op (g, k), l))
        ok = false;
  });
  cas_locals->put (l, ok && any);
  return ok && any;
}

/* Where the pointers read back from frame local l go: every statement of
 * its function that mentions l stores into it, or loads a pointer from it
 * into an SSA name whose web only keeps the object to the thread or
 * stores it (into *stores; the statements that may let it out into
 * *points, as the web's own).  The names read back may hold other
 * objects too: they stay out of the segment, only their stores count. */
bool
frame_local_loads (tree l, vec<gimple *> *stores, vec<gimple *> *points,
                   int depth)
{
  function *fn = DECL_STRUCT_FUNCTION (DECL_CONTEXT (l));
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!ok || is_gimple_debug (g))
      return;
    bool stores_into = writes_local (g, l);
    tree lhs = gimple_get_lhs (g);
    bool loads_from = gimple_assign_load_p (g) && gimple_assign_single_p (g)
                      && get_base_address (gimple_assign_rhs1 (g)) == l;
    if (loads_from && lhs && TREE_CODE (lhs) == SSA_NAME)
      {
        /* (a read back of what was just stored is a copy of the stored
           name, in the web of that name) */
        if (POINTER_TYPE_P (TREE_TYPE (lhs)) && !forwarded_value (g))
          {
            web w2;
            grow (&w2, lhs);
            ok = uses_or_stores (&w2, NULL_TREE, stores, points, NULL,
                                 depth + 1, NULL);
          }
        return;   /* (a number read back carries no address) */
      }
    if (stores_into && !wmm_mentions (gimple_assign_rhs1 (g), l))
      return;
    /* a compare-exchange's expected value: it compares it and writes
       back what it found in its object (a load of a slot, checked as
       such where the exchange is) */
    if (cas_on_expected (g, l))
      return;
    for (unsigned k = 0; ok && k < gimple_num_ops (g); k++)
      if (!(stores_into && k == 0) && wmm_mentions (gimple_op (g, k), l))
        ok = false;
  });
  return ok;
}

/* Does every use of the web (of function fndecl) keep the object to this
 * thread (use_ok) or store a name into memory (pushed to *stores), also
 * through calls to functions of the unit and, when fndecl is given,
 * through its returns to its callers?  *points (may be NULL): the
 * statements of the web's own function after which the address may be in
 * memory (its stores and the calls that store it).  *returns (may be
 * NULL): the returns of a name, left to the caller to follow. */
bool
uses_or_stores (web *w, tree fndecl, vec<gimple *> *stores,
                vec<gimple *> *points, vec<gimple *> *returns, int depth,
                callee_segments *csegs)
{
  if (w->bad || depth > 4)
    return false;
  /* Stores that link objects of the web to one another: neither
     publications nor leaks while no point of the web reaches them (the
     object stored into is then as unpublished as the one stored), when
     the web holds the objects of one allocation and null only. */
  auto_vec<gimple *> links;
  hash_set<tree> locals_done;
  tree root = points ? only_root (w) : NULL_TREE;
  bool own = root && !SSA_NAME_IS_DEFAULT_DEF (root)
             && is_gimple_call (SSA_NAME_DEF_STMT (root))
             && (gimple_call_flags (SSA_NAME_DEF_STMT (root)) & ECF_MALLOC);
  for (gimple *u : w->uses)
    {
      bool point = true;
      gimple *as = NULL;
      if (own && links_within (w, u))
        {
          links.safe_push (u);
          continue;
        }
      /* kept in the frame's own local, read back only by this activation
         (what it does with the names read back counts) */
      if (tree l = frame_local_store (w, u))
        {
          /* (each local's reads back once, however many stores) */
          if (!locals_done.add (l)
              && !frame_local_loads (l, stores, points, depth))
            return false;
          continue;
        }
      if (stores_name (w, u))
        stores->safe_push (u);
      else if ((as = atomic_store_of (w, u)))
        {
          stores->safe_push (as);
          if (points)
            points->safe_push (as);
          point = false;
        }
      /* (an allocation's own web: an object a constructor returns may
         have been published inside it) */
      else if (own && csegs && is_gimple_call (u) && gimple_call_fndecl (u)
               && own_callee (w, u, stores, depth, csegs, &point))
        ;
      else if (use_ok (w, u, NULL, 0))
        point = false;
      else if (is_gimple_call (u))
        {
          unsigned before = stores->length ();
          if (!callee_stores (w, u, stores, depth, csegs))
            return false;
          point = stores->length () != before;
        }
      else if (gimple_code (u) == GIMPLE_RETURN)
        {
          if (returns)
            returns->safe_push (u);
          else if (!callers_store (fndecl, stores, depth))
            return false;
          point = false;
        }
      else
        return false;
      if (point && points)
        points->safe_push (u);
    }
  for (gimple *l : links)
    for (gimple *p : *points)
      if (reaches (p, l, NULL))
        return false;
  return true;
}

bool web_private (tree name, int depth);

/* May the web's names be returned: is every root a parameter whose
 * callers' webs, checked private, take in what the call returns? */
bool
returns_to_callers (const web *w)
{
  for (tree r : w->roots)
    if (!SSA_NAME_IS_DEFAULT_DEF (r) || !SSA_NAME_VAR (r)
        || !returned_params->contains (SSA_NAME_VAR (r)))
      return false;
  return !w->roots.is_empty ();
}

/* Is pointer a, at call `call` of the function a belongs to, null: a null
 * constant, or a parameter's entry value the call passes null for? */
bool
null_at (tree a, gimple *call)
{
  if (integer_zerop (a))
    return true;
  if (TREE_CODE (a) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (a)
      || !SSA_NAME_VAR (a) || TREE_CODE (SSA_NAME_VAR (a)) != PARM_DECL)
    return false;
  int i = wmm_param_index (DECL_CONTEXT (SSA_NAME_VAR (a)), SSA_NAME_VAR (a));
  return i >= 0 && (unsigned) i < gimple_call_num_args (call)
         && integer_zerop (gimple_call_arg (call, i));
}

/* Check (web &) each value the function `call` calls returns (its body
 * read by the analysis, a pointer result, at most 4 calls deep): the web
 * of every returned name, none of them empty of roots or not analysable;
 * a returned null constant is skipped when null_ok, else it fails.  True
 * when there is one and every check says yes. */
template <typename F>
bool
each_return_web (gimple *call, int depth, F check, bool null_ok)
{
  tree fn = gimple_call_fndecl (call);
  cgraph_node *node = fn && depth < 4 ? cgraph_node::get (fn) : NULL;
  function *body = node && !wmm_lto_foreign (fn)
                   ? wmm_analysable_body (node->ultimate_alias_target ())
                   : NULL;
  if (!body || !POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (fn))))
    return false;
  bool ok = true, any = false;
  wmm_each_stmt (body, [&] (gimple *g) {
    greturn *ret = dyn_cast<greturn *> (g);
    if (!ok || !ret)
      return;
    tree v = gimple_return_retval (ret);
    if (null_ok && v && integer_zerop (v))
      return;
    if (!v || TREE_CODE (v) != SSA_NAME)
      {
        ok = false;
        return;
      }
    any = true;
    web w;
    grow (&w, v);
    ok = !w.bad && !w.roots.is_empty () && check (w);
  });
  return ok && any;
}

/* Does `call`, of a function of the unit, return fresh memory: every
 * return of the callee gives a web whose roots are malloc-like calls,
 * reallocations of a pointer null at this call, or such calls in turn,
 * and which the callee otherwise only uses where no copy is kept?  (An
 * allocation wrapper: `p = realloc (p, n); if (!p) fail (); return p;`
 * called as alloc (NULL, n).) */
bool
returns_fresh (gimple *call, int depth)
{
  return each_return_web (call, depth, [&] (web &w) {
    auto_vec<gimple *, 4> reallocs;
    bool ok = true;
    for (unsigned i = 0; ok && i < w.roots.length (); i++)
      {
        tree r = w.roots[i];
        gimple *def = SSA_NAME_IS_DEFAULT_DEF (r) ? NULL
                      : SSA_NAME_DEF_STMT (r);
        if (!def)
          ok = null_at (r, call);
        else if (gimple_call_builtin_p (def, BUILT_IN_REALLOC))
          {
            ok = null_at (gimple_call_arg (def, 0), call);
            reallocs.safe_push (def);
          }
        else
          ok = is_gimple_call (def)
               && ((gimple_call_flags (def) & ECF_MALLOC)
                   || returns_fresh (def, depth + 1));
      }
    for (unsigned i = 0; ok && i < w.uses.length (); i++)
      ok = gimple_code (w.uses[i]) == GIMPLE_RETURN
           || reallocs.contains (w.uses[i])
           || use_ok (&w, w.uses[i], NULL, 0);
    return ok;
  }, false);
}

bool root_private (tree r, int depth, bool *bound);

/* Does `call`, of a function of the unit, return an object private to
 * the calling thread: every return gives a web whose roots are private
 * objects of the running thread (not the callee's parameters) or null,
 * and which the callee otherwise only uses where no copy is kept?  (A
 * getter of thread-specific data: `b = pthread_getspecific (key); if
 * (!b) { b = malloc (n); pthread_setspecific (key, b); } return b;`.) */
bool
returns_private (gimple *call, int depth)
{
  return each_return_web (call, depth, [&] (web &w) {
    bool ok = true, bound = false;
    for (unsigned i = 0; ok && i < w.roots.length (); i++)
      ok = !SSA_NAME_IS_DEFAULT_DEF (w.roots[i])
           && root_private (w.roots[i], depth + 1, &bound);
    for (unsigned i = 0; ok && i < w.uses.length (); i++)
      ok = gimple_code (w.uses[i]) == GIMPLE_RETURN
           || use_ok (&w, w.uses[i], NULL, 0);
    return ok;
  }, true);
}

/* Is root r (a name of a web) a private object of the running thread? */
bool
root_private (tree r, int depth, bool *bound)
{
  if (SSA_NAME_IS_DEFAULT_DEF (r))
    {
      tree var = SSA_NAME_VAR (r);
      if (!var || TREE_CODE (var) != PARM_DECL)
        return false;
      tree arg = wmm_memloc_bound_argument (r);
      if (arg)
        {
          *bound = true;
          return TREE_CODE (arg) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (arg))
                 && web_private (arg, depth + 1);
        }
      return private_params->get (var) != NULL;
    }
  gimple *def = SSA_NAME_DEF_STMT (r);
  /* A member a thread's argument owns, read back: the object of the
     thread that holds the argument (`in = j->in`; find_owned_members). */
  if (owned_objs && !owned_objs->is_empty () && gimple_assign_load_p (def)
      && !gimple_has_volatile_ops (def))
    {
      int set = wmm_threadlocal_targets (r);
      if (set >= 0 && wmm_threadlocal_set_meets (set, *owned_objs) == 1)
        return true;
    }
  /* (`_38 = 0B` returned on a failed allocation: no object at all) */
  if (gimple_assign_single_p (def) && integer_zerop (gimple_assign_rhs1 (def)))
    return true;
  if (!is_gimple_call (def))
    return false;
  if ((gimple_call_flags (def) & ECF_MALLOC) || returns_fresh (def, depth))
    return true;
  if (is_named (def, "pthread_getspecific", "tss_get"))
    return key_of (def) && private_keys->contains (key_of (def));
  return returns_private (def, depth);
}

/* The function return statement ret belongs to, or NULL. */
tree
return_fn (gimple *ret)
{
  if (!return_fns)
    {
      return_fns = new hash_map<gimple *, tree>;
      wmm_each_body ([] (cgraph_node *node, function *fn) {
        wmm_each_stmt (fn, [&] (gimple *g) {
          if (gimple_code (g) == GIMPLE_RETURN)
            return_fns->put (g, node->decl);
        });
      });
    }
  tree *f = return_fns->get (ret);
  return f ? *f : NULL_TREE;
}

/* Does every caller of fndecl (all of them the unit's, in bodies it
 * reads) keep no copy of the pointer the call returns: its web only
 * reaches memory, tests it, passes it where no copy is kept, or returns
 * it to callers that do the same?  (A getter of thread-specific data
 * returns the thread's own object to code that only uses it.) */
bool
callers_keep_no_copy (tree fndecl, int depth)
{
  if (!fndecl || depth > 4)
    return false;
  return each_caller_result (fndecl, [&] (cgraph_edge *e, tree lhs) {
    if (TREE_CODE (lhs) != SSA_NAME)
      return false;
    web cw;
    grow (&cw, lhs);
    if (cw.bad)
      return false;
    for (gimple *u : cw.uses)
      if (!(gimple_code (u) == GIMPLE_RETURN
            ? callers_keep_no_copy (e->caller->decl, depth + 1)
            : use_ok (&cw, u, NULL, 0)))
        return false;
    return true;
  });
}

/* Is the web of `name` private (roots and uses)? */
bool
web_private (tree name, int depth)
{
  if (depth > 8)
    return false;
  if (bool *c = web_cache->get (name))
    return *c;
  web w;
  grow (&w, name);
  bool ok = !w.bad && !w.roots.is_empty ();
  /* The creator's own web of an object it gives its threads (creator_ok
     checked every touch of it): no other thread reaches what it touches
     where it touches it. */
  bool created = ok;
  for (unsigned i = 0; created && i < w.roots.length (); i++)
    created = creator_roots && creator_roots->contains (w.roots[i]);
  if (created)
    {
      for (tree n : w.names)
        web_cache->put (n, true);
      return true;
    }
  bool bound = false;
  for (unsigned i = 0; ok && i < w.roots.length (); i++)
    ok = root_private (w.roots[i], depth, &bound);
  /* (a start routine's result, returned or given to pthread_exit, goes
     to the thread that joins it, once it has ended) */
  for (unsigned i = 0; ok && i < w.uses.length (); i++)
    ok = thread_returns->contains (w.uses[i])
         || (gimple_code (w.uses[i]) == GIMPLE_RETURN
             && (returns_to_callers (&w)
                 || callers_keep_no_copy (return_fn (w.uses[i]), depth)))
         || use_ok (&w, w.uses[i], NULL, 0);
  if (!bound)
    for (tree n : w.names)
      web_cache->put (n, ok);
  return ok;
}

/* Does the web of d (a parameter's default definition) keep no copy:
 * every use reaches memory through it, tests it, or passes it where no
 * copy is kept?  (Answers computed before, with other parameters private
 * or not, are dropped.) */
bool
web_keeps_no_copy (tree d)
{
  web_cache->empty ();
  web w;
  grow (&w, d);
  bool ok = !w.bad;
  /* Returned (put (p, ...) returns its cursor): find_callee_params
     checked that every caller's web takes in the call's result; a start
     routine's result (returned or given to pthread_exit) goes to the
     thread that joins it, once it has ended. */
  for (gimple *u : w.uses)
    ok = ok && ((gimple_code (u) == GIMPLE_RETURN && returns_to_callers (&w))
                || thread_returns->contains (u) || use_ok (&w, u, NULL, 0));
  return ok;
}

/* ------------------------------------------------------------ TLS */

bool
note_tls_address (gimple *stmt, tree op, tree, void *data)
{
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (!base || !VAR_P (base) || !DECL_THREAD_LOCAL_P (base))
    return false;
  if (!data || wmm_address_escapes (stmt, base))
    escaped_tls->add (base);
  return false;
}

/* Thread-locals whose address is stored, returned, merged or passed where
 * a copy may be kept, in any function of the unit. */
void
find_escaped_tls (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg)
        continue;
      /* Without SSA the uses cannot be followed: any address escapes. */
      void *ssa = gimple_in_ssa_p (fn) ? (void *) fn : NULL;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        {
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            if (!is_gimple_debug (gsi_stmt (gsi)))
              walk_stmt_load_store_addr_ops (gsi_stmt (gsi), ssa, NULL, NULL,
                                             note_tls_address);
          for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi);
               gsi_next (&gpi))
            walk_stmt_load_store_addr_ops (gpi.phi (), NULL, NULL, NULL,
                                           note_tls_address);
        }
    }
}

/* ------------------------------------------------------------ keys */

/* Is every reference to key K of the unit one of: &K given to
 * pthread_key_create / tss_create, a load of K whose value only goes to
 * the key's get/set/delete calls? */
bool
key_contained (tree k, const vec<gimple *> &stmts)
{
  for (gimple *s : stmts)
    {
      if (is_gimple_call (s))
        {
          if (!is_named (s, "pthread_key_create", "tss_create"))
            return false;
          for (unsigned i = 1; i < gimple_call_num_args (s); i++)
            if (walk_tree_without_duplicates (gimple_call_arg_ptr (s, i),
                                              [] (tree *tp, int *, void *d) {
                                                return *tp == (tree) d ? *tp
                                                       : NULL_TREE; }, k))
              return false;
          continue;
        }
      if (!gimple_assign_single_p (s)
          || wmm_whole_variable (gimple_assign_rhs1 (s)) != k
          || TREE_CODE (gimple_assign_lhs (s)) != SSA_NAME)
        return false;
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, gimple_assign_lhs (s))
        {
          gimple *u = USE_STMT (use);
          if (is_gimple_debug (u))
            continue;
          if (!is_gimple_call (u) || gimple_call_num_args (u) < 1
              || gimple_call_arg (u, 0) != gimple_assign_lhs (s))
            return false;
          for (unsigned i = 1; i < gimple_call_num_args (u); i++)
            if (gimple_call_arg (u, i) == gimple_assign_lhs (s))
              return false;
          if (!is_named (u, "pthread_getspecific", "pthread_setspecific")
              && !is_named (u, "pthread_key_delete", "tss_delete")
              && !is_named (u, "tss_get", "tss_set"))
            return false;
        }
    }
  return true;
}

/* The statements that name each global variable. */
struct var_refs {
  hash_map<tree, int> index;
  auto_vec<tree> vars;
  auto_vec<vec<gimple *> > stmts;
  ~var_refs ()
  {
    for (vec<gimple *> &v : stmts)
      v.release ();
  }
};

bool
note_key_ref (gimple *stmt, tree op, tree, void *data)
{
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (base && VAR_P (base) && is_global_var (base))
    {
      var_refs *refs = (var_refs *) data;
      bool existed;
      int &i = refs->index.get_or_insert (base, &existed);
      if (!existed)
        {
          i = refs->vars.length ();
          refs->vars.safe_push (base);
          refs->stmts.safe_push (vNULL);
        }
      if (!refs->stmts[i].contains (stmt))
        refs->stmts[i].safe_push (stmt);
    }
  return false;
}

/* Private keys: static, contained, and every set stores a private web
 * (greatest fixpoint: a set may store what a get of a key returned). */
void
find_private_keys (const vec<cgraph_node *> &fns)
{
  var_refs refs;
  auto_vec<gimple *> sets;
  for (cgraph_node *node : fns)
    {
      function *fn = node->get_fun ();
      wmm_each_stmt (fn, [&] (gimple *s) {
        walk_stmt_load_store_addr_ops (s, &refs, note_key_ref, note_key_ref,
                                       note_key_ref);
        if (is_named (s, "pthread_setspecific", "tss_set"))
          sets.safe_push (s);
      });
    }
  for (unsigned i = 0; i < refs.vars.length (); i++)
    {
      tree k = refs.vars[i];
      if (TREE_PUBLIC (k) || DECL_EXTERNAL (k) || TREE_THIS_VOLATILE (k))
        continue;
      bool created = false;
      for (gimple *s : refs.stmts[i])
        created |= is_named (s, "pthread_key_create", "tss_create");
      if (created && key_contained (k, refs.stmts[i]))
        private_keys->add (k);
    }
  for (bool changed = true; changed;)
    {
      changed = false;
      web_cache->empty ();
      for (gimple *s : sets)
        {
          tree k = key_of (s);
          if (!k || !private_keys->contains (k)
              || gimple_call_num_args (s) < 2)
            continue;
          tree v = gimple_call_arg (s, 1);
          if (integer_zerop (v))
            continue;
          if (TREE_CODE (v) != SSA_NAME || !web_private (v, 0))
            {
              private_keys->remove (k);
              changed = true;
            }
        }
    }
  web_cache->empty ();
}

/* ------------------------------------------------------------ routines */

/* One create of a candidate routine. */
struct create_use {
  gimple *stmt;
  function *fn;        /* the creator */
  unsigned argno;      /* the thread argument */
};

/* Is there a path from just after `from` to `to` that does not run
 * `avoid` (NULL: none)? */
bool
reaches (gimple *from, gimple *to, gimple *avoid)
{
  basic_block fb = gimple_bb (from);
  gimple_stmt_iterator gsi = gsi_for_stmt (from);
  for (gsi_next (&gsi); !gsi_end_p (gsi); gsi_next (&gsi))
    {
      if (gsi_stmt (gsi) == to)
        return true;
      if (gsi_stmt (gsi) == avoid)
        return false;
    }
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, fb->succs)
    if (wmm_block_reaches (e->dest, to, avoid))
      return true;
  return false;
}

/* The index of parameter default definition d among fn's parameters,
 * when d has no other use than `only`; else -1. */
int
sole_param_use (function *fn, tree d, gimple *only, gimple *also = NULL)
{
  if (TREE_CODE (d) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (d)
      || TREE_CODE (SSA_NAME_VAR (d)) != PARM_DECL)
    return -1;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, d)
    if (!is_gimple_debug (USE_STMT (use)) && USE_STMT (use) != only
        && USE_STMT (use) != also)
      return -1;
  int i = 0;
  for (tree p = DECL_ARGUMENTS (fn->decl); p; p = DECL_CHAIN (p), i++)
    if (p == SSA_NAME_VAR (d))
      return i;
  return -1;
}

/* Is node a create wrapper: a static function of the unit, called only
 * directly, whose one thread create (outside loops) takes its routine,
 * thread argument and handle pointer straight from three of its
 * parameters, which nothing else uses (`static void xcreate (pthread_t
 * *t, void *(*f) (void *), void *a) { if (pthread_create (t, 0, f, a))
 * die (); }`)?  *w: their indices. */
bool
find_wrapper (cgraph_node *node, wrap_create *w)
{
  function *fn = wmm_analysable_body (node);
  if (!fn || TREE_PUBLIC (node->decl) || !wmm_calls_all_seen (node))
    return false;
  gimple *create = NULL;
  bool several = false;
  wmm_each_stmt (fn, [&] (gimple *g) {
    tree routine;
    if (is_gimple_call (g) && (wmm_is_thread_create (g, &routine)
                               || wmm_std_thread_start (g)))
      {
        several |= create != NULL;
        create = g;
      }
  });
  tree routine;
  if (!create || several || !wmm_is_thread_create (create, &routine)
      || reaches (create, create, NULL))
    return false;
  int a = wmm_thread_arg_index (create);
  if (a < 1 || (unsigned) a >= gimple_call_num_args (create))
    return false;
  /* the handle: a parameter, or `_1 = &t->tid` of the argument t */
  tree ha = gimple_call_arg (create, 0);
  gimple *hdef = NULL;
  w->field = NULL_TREE;
  int h = sole_param_use (fn, ha, create);
  use_operand_p use;
  gimple *only;
  if (h < 0 && TREE_CODE (ha) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (ha)
      && single_imm_use (ha, &use, &only) && only == create
      && gimple_assign_single_p (hdef = SSA_NAME_DEF_STMT (ha))
      && TREE_CODE (gimple_assign_rhs1 (hdef)) == ADDR_EXPR)
    {
      tree m = TREE_OPERAND (gimple_assign_rhs1 (hdef), 0);
      if (TREE_CODE (m) == COMPONENT_REF
          && TREE_CODE (TREE_OPERAND (m, 0)) == MEM_REF
          && TREE_OPERAND (TREE_OPERAND (m, 0), 0) == gimple_call_arg (create, a)
          && integer_zerop (TREE_OPERAND (TREE_OPERAND (m, 0), 1)))
        w->field = TREE_OPERAND (m, 1);
    }
  /* the routine: a parameter, or the wrapper's own function */
  w->fixed = routine;
  int r = routine ? 0 : sole_param_use (fn, gimple_call_arg (create, a - 1),
                                        create);
  int t = sole_param_use (fn, gimple_call_arg (create, a), create,
                          w->field ? hdef : NULL);
  if ((h < 0 && !w->field) || r < 0 || t < 0)
    return false;
  w->routine = NULL_TREE;
  w->handleno = h < 0 ? 0 : h;
  w->routineno = r;
  w->argno = t;
  return true;
}

/* find_wrapper, remembered per function. */
bool
create_wrapper (cgraph_node *node, wrap_create *w)
{
  if (!wrappers)
    wrappers = new hash_map<tree, wrap_create>;
  if (wrap_create *known = wrappers->get (node->decl))
    {
      *w = *known;
      return w->routine != error_mark_node;
    }
  bool yes = find_wrapper (node, w);
  if (!yes)
    w->routine = error_mark_node;
  wrappers->put (node->decl, *w);
  return yes;
}

/* The unit's calls of create wrappers with a function of the unit for
 * routine, into wrap_sites. */
void
find_wrap_sites (const vec<cgraph_node *> &fns)
{
  delete wrap_sites;
  wrap_sites = new hash_map<gimple *, wrap_create>;
  for (cgraph_node *node : fns)
    {
      wrap_create w;
      if (!create_wrapper (node, &w))
        continue;
      wmm_each_caller (node, [&] (cgraph_edge *e) {
        gimple *call = e->call_stmt;
        if (!call || !is_gimple_call (call)
            || gimple_call_num_args (call) <= MAX (w.routineno,
                                                   MAX (w.argno, w.handleno)))
          return;
        tree r = w.fixed ? NULL_TREE : gimple_call_arg (call, w.routineno);
        if (r && (TREE_CODE (r) != ADDR_EXPR
                  || TREE_CODE (TREE_OPERAND (r, 0)) != FUNCTION_DECL))
          return;
        wrap_create site = w;
        site.routine = wmm_alias_target (r ? TREE_OPERAND (r, 0) : w.fixed);
        wrap_sites->put (call, site);
      });
    }
}

/* The pointer a create (or a create wrapper's call) stores the thread's
 * handle through. */
tree
create_handle (gimple *create)
{
  wrap_create *w = wrap_sites ? wrap_sites->get (create) : NULL;
  if (w && w->field)
    {
      /* `spawn (&ts[i])`: the handle is &ts[i].tid */
      tree ref = wmm_member_at (gimple_call_arg (create, w->argno), w->field);
      return ref ? build_fold_addr_expr (ref) : null_pointer_node;
    }
  return gimple_call_arg (create, w ? w->handleno : 0);
}

/* Is `create` a create of a known routine (*routine), or a call of a
 * create wrapper with one? */
bool
create_routine (gimple *create, tree *routine)
{
  if (wrap_create *w = wrap_sites ? wrap_sites->get (create) : NULL)
    {
      *routine = w->routine;
      return true;
    }
  return wmm_is_thread_create (create, routine);
}

} // namespace

/* (plugin.h) */
bool
wmm_create_wrapper (tree fndecl, int *routineno, int *argno, int *handleno)
{
  cgraph_node *node = fndecl ? cgraph_node::get (fndecl) : NULL;
  wrap_create w;
  if (!node || !create_wrapper (node, &w) || w.fixed || w.field)
    return false;
  *routineno = w.routineno;
  *argno = w.argno;
  *handleno = w.handleno;
  return true;
}

/* (plugin.h) */
tree
wmm_tsd_key (gimple *call)
{
  return key_of (call);
}

/* (plugin.h) */
bool
wmm_key_contained (tree k)
{
  varpool_node *var = varpool_node::get (k);
  if (!var)
    return false;
  auto_vec<gimple *> stmts;
  ipa_ref *ref;
  for (unsigned i = 0; var->iterate_referring (i, ref); i++)
    {
      /* (an initializer's reference, or a body not read) */
      if (!ref->stmt)
        return false;
      if (!stmts.contains (ref->stmt))
        stmts.safe_push (ref->stmt);
    }
  return key_contained (k, stmts);
}

/* (plugin.h) */
bool
wmm_block_reaches (basic_block from, gimple *to, gimple *avoid)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  work.safe_push (from);
  bitmap_set_bit (seen, from->index);
  return wmm_walk_blocks (work, seen, to, [&] (gimple *g) {
    return g == avoid; });
}

namespace {

/* The object a create gives its thread. */
struct thread_object {
  gimple *malloc_call;      /* heap: the allocation; else NULL */
  tree decl;                /* stack: the local */
  HOST_WIDE_INT lo, hi;     /* stack: its bytes (hi -1: to the end) */
  tree index;               /* stack: the create loop's counter, or NULL */
  tree elem;                /* stack: the element given (`args[i]`), with index */
  HOST_WIDE_INT bound;      /* bytes the routine may reach (-1: any) */
  tree heap_root;           /* heap array: the allocation's pointer, with
                               index and bound (the element's bytes) */
};

/* What the creator's own touches of the object may be, and when. */
struct creator_ctx {
  gimple *create;
  gimple *arg_def;          /* _1 = &args[i] for the create's argument _1 */
  const thread_object *obj;
  wmm_region *region;
  int group;
};

/* May the creator touch at s what `avoid` (NULL: nothing) makes anew:
 * no thread of the create runs there with it (s before the create, `avoid`
 * run again on every path from the create to s, or after its join)? */
bool
touch_ok_after (const creator_ctx *c, gimple *s, gimple *avoid)
{
  if (!reaches (c->create, s, avoid))
    return s != c->create;
  if (s == c->create)
    return false;
  if (c->group < 0)
    return false;
  wmm_region_set live = wmm_region_before (c->region, s);
  return !(live & ((1ULL << c->group) | WMM_REGION_UNKNOWN));
}

/* May the creator touch the object at s: no thread of the create runs
 * there (before it, after its join, or a new allocation in between)? */
bool
touch_ok (const creator_ctx *c, gimple *s)
{
  return touch_ok_after (c, s, c->obj->malloc_call);
}

/* Does reference t (an operand naming the local) stay clear of the
 * object's bytes? */
bool
disjoint (const thread_object *o, tree t)
{
  if (o->index)
    return false;
  poly_int64 bitsize, bitpos;
  tree offset;
  tree inner = TREE_CODE (t) == ADDR_EXPR ? TREE_OPERAND (t, 0) : t;
  tree base = wmm_inner_ref (inner, &bitsize, &bitpos, &offset);
  HOST_WIDE_INT pos, size;
  if (base != o->decl || offset || !bitpos.is_constant (&pos)
      || !bitsize.is_constant (&size) || size <= 0 || o->hi < 0)
    return false;
  /* An address may be moved within the whole array. */
  if (TREE_CODE (t) == ADDR_EXPR)
    return false;
  return pos / BITS_PER_UNIT >= o->hi
         || (pos + size + BITS_PER_UNIT - 1) / BITS_PER_UNIT <= o->lo;
}

/* Is block `to` inside `loop` reached from the end of block `from` by
 * a path that stays in the loop and does not enter its header (one that
 * stays in the iteration)? */
static bool
reaches_in_iteration (class loop *loop, basic_block from, basic_block to)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  edge e;
  edge_iterator ei;
  work.safe_push (from);
  while (!work.is_empty ())
    {
      basic_block b = work.pop ();
      FOR_EACH_EDGE (e, ei, b->succs)
        if (e->dest != loop->header && flow_bb_inside_loop_p (loop, e->dest)
            && bitmap_set_bit (seen, e->dest->index))
          {
            if (e->dest == to)
              return true;
            work.safe_push (e->dest);
          }
    }
  return false;
}

/* Does s run before `create` in each iteration of their loop: its block
 * dominates the create's, and in one block it comes first?  (A path from
 * s to the create around the loop is the next iteration's create.)  In
 * a loop inside the create's loop (a fill loop: `for (i ...) args[k].in[i]
 * = i;`), s runs before the create in each iteration when no path from
 * the create reaches it without starting the next iteration. */
bool
before_in_iteration (gimple *s, gimple *create)
{
  basic_block sb = gimple_bb (s), cb = gimple_bb (create);
  class loop *cl = cb->loop_father;
  if (sb->loop_father != cl && cl && loop_outer (cl)
      && flow_bb_inside_loop_p (cl, sb))
    return sb != cb && !reaches_in_iteration (cl, cb, sb);
  if (sb->loop_father != cb->loop_father
      || !dominated_by_p (CDI_DOMINATORS, cb, sb))
    return false;
  if (sb != cb)
    return true;
  for (gimple_stmt_iterator gsi = gsi_for_stmt (s); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == create)
      return true;
  return false;
}

/* Before the create in the same iteration of its loop, touching only the
 * element the counter names: args[i].in = i;  pthread_create (..., &args[i]). */
bool
same_iteration_element (const creator_ctx *c, gimple *s, tree t)
{
  const thread_object *o = c->obj;
  if (!o->index || TREE_CODE (t) == ADDR_EXPR
      || !before_in_iteration (s, c->create))
    return false;
  wmm_handle h;
  return wmm_handle_of_ref (t, &h) && h.kind == WMM_H_DECL
         && h.base == o->decl && h.index == o->index;
}

/* The join of the thread in element `idx` of the create's handle array
 * (ch: `&t[i]`), in s's iteration of its loop: a join dominating s,
 * inside the same loop.  When idx is the counter of a loop around s (a
 * PHI of its header), that loop: a join there dominating s ran in s's
 * iteration of it, whatever inner loops s is in (`pthread_join (t[k],
 * 0); for (i ...) sum += jobs[k]->out[i];`). */
static gimple *
joined_before (const wmm_handle &ch, gimple *s, tree idx)
{
  if ((ch.kind != WMM_H_DECL && !ch.heap) || !ch.index)
    return NULL;
  class loop *loop = gimple_bb (s)->loop_father;
  bool nested = false;   /* (blocks of loops inside `loop` too) */
  gimple *def = TREE_CODE (idx) == SSA_NAME ? SSA_NAME_DEF_STMT (idx) : NULL;
  if (def && gimple_code (def) == GIMPLE_PHI)
    {
      class loop *outer = gimple_bb (def)->loop_father;
      if (outer && outer->header == gimple_bb (def)
          && flow_bb_inside_loop_p (outer, gimple_bb (s)))
        loop = outer, nested = true;
    }
  for (basic_block b = gimple_bb (s);
       b && (nested ? flow_bb_inside_loop_p (loop, b) : b->loop_father == loop);
       b = get_immediate_dominator (CDI_DOMINATORS, b))
    {
      /* in s's own block only what precedes s (a join after it reaches
         s around the loop, in the next iteration: not this one's) */
      gimple_stmt_iterator gsi = gsi_last_bb (b);
      if (b == gimple_bb (s))
        {
          gsi = gsi_for_stmt (s);
          gsi_prev (&gsi);
        }
      for (; !gsi_end_p (gsi); gsi_prev (&gsi))
        {
          gimple *j = gsi_stmt (gsi);
          wmm_handle jh;
          if (is_gimple_call (j) && wmm_is_thread_join (j)
              && wmm_handle_of_value (gimple_call_arg (j, 0), &jh)
              && jh.kind == ch.kind && jh.heap == ch.heap
              && jh.base == ch.base && jh.index == idx
              && (ch.heap ? jh.stride == ch.stride && jh.in_lo == ch.in_lo
                            && jh.in_hi == ch.in_hi
                          : wmm_same_element (ch.ref, ch.index, jh.ref,
                                              jh.index)))
            return j;
        }
      if (b == loop->header)
        break;
    }
  return NULL;
}

/* After the join in the same iteration of a join loop, touching only the
 * element the join loop's counter names, where the create loop gave
 * element k to the thread whose handle is t[k]:
 *   for (i ...) pthread_create (&t[i], 0, f, &args[i]);
 *   for (j ...) { pthread_join (t[j], 0); sum += args[j].out; } */
static bool
joined_iteration_element (const creator_ctx *c, gimple *s, tree t)
{
  const thread_object *o = c->obj;
  if (!o->index || !o->elem || TREE_CODE (t) == ADDR_EXPR
      || gimple_bb (s)->loop_father == gimple_bb (c->create)->loop_father)
    return false;
  wmm_handle ch, h;
  if (!wmm_handle_of_addr (create_handle (c->create), &ch)
      || ch.index != o->index
      || !wmm_handle_of_ref (t, &h) || h.kind != WMM_H_DECL
      || h.base != o->decl || !h.index
      || !wmm_same_element (o->elem, o->index, t, h.index))
    return false;
  /* The handles still name the threads created into them. */
  if (wmm_region_before (c->region, s) & WMM_REGION_UNKNOWN)
    return false;
  return joined_before (ch, s, h.index) != NULL;
}

/* Is s a store of the creator's object into a handle array of its own
 * frame, `jobs[k] = j`, k the index of the create's handle (`&t[k]`) in
 * a loop that creates one thread per index, before the create in its
 * iteration, where every other statement naming the array stores into
 * it or reads an element whose thread its iteration joined before
 * (`pthread_join (t[m], 0); sum += jobs[m]->out`), the pointer read
 * kept (use_ok)?  The object read back is then an ended thread's. */
static bool
handle_array_store (const creator_ctx *c, web *w, gimple *s)
{
  if (!gimple_assign_single_p (s) || gimple_has_volatile_ops (s))
    return false;
  tree lhs = gimple_assign_lhs (s), v = gimple_assign_rhs1 (s);
  if (TREE_CODE (lhs) != ARRAY_REF || TREE_CODE (v) != SSA_NAME
      || !w->seen.contains (v))
    return false;
  tree arr = TREE_OPERAND (lhs, 0), k = TREE_OPERAND (lhs, 1);
  wmm_handle ch;
  wmm_iv_range iv;
  if (!frame_local (arr) || TREE_CODE (k) != SSA_NAME
      || !wmm_handle_of_addr (create_handle (c->create), &ch)
      || ch.index != k || !wmm_create_loop (c->create, &ch, &iv)
      || !before_in_iteration (s, c->create))
    return false;
  bool ok = true;
  wmm_each_stmt (cfun, [&] (gimple *g) {
    if (!ok || g == s || gimple_clobber_p (g) || is_gimple_debug (g)
        || !wmm_stmt_mentions (g, arr))
      return;
    ok = false;
    if (!gimple_assign_single_p (g) || gimple_has_volatile_ops (g))
      return;
    tree l = gimple_assign_lhs (g), r = gimple_assign_rhs1 (g);
    /* another store into the array (of something that is no name of
       the object: those are uses of its web, checked as this one) */
    if (get_base_address (l) == arr && !wmm_mentions (r, arr))
      {
        ok = !(TREE_CODE (r) == SSA_NAME && w->seen.contains (r));
        return;
      }
    if (TREE_CODE (l) != SSA_NAME || TREE_CODE (r) != ARRAY_REF
        || TREE_OPERAND (r, 0) != arr
        || TREE_CODE (TREE_OPERAND (r, 1)) != SSA_NAME
        || (wmm_region_before (c->region, g) & WMM_REGION_UNKNOWN)
        || !joined_before (ch, g, TREE_OPERAND (r, 1)))
      return;
    web back;
    grow (&back, l);
    ok = !back.bad;
    for (gimple *u : back.uses)
      ok = ok && use_ok (&back, u, NULL, 0);
  });
  return ok;
}

struct local_walk {
  const creator_ctx *c;
  bool ok;
};

bool handle_member (const creator_ctx *c, tree ref);
tree create_handle_field (gimple *create);
template <typename F>
bool handle_reader_call (gimple *s, tree field, F named);
bool routine_avoids (gimple *create, HOST_WIDE_INT bound, HOST_WIDE_INT lo,
                     HOST_WIDE_INT hi);

/* Is s a call of a helper that reads only the handle members of the
 * local array of the create loop's objects, the create writing each
 * thread's handle into its own element's member, a member the routine
 * never touches (handle_reader_call)?  local_addr: does an argument take
 * the local's address? */
template <typename F>
bool
stack_handle_reader (const creator_ctx *c, gimple *s, F local_addr)
{
  const thread_object *o = c->obj;
  tree field = is_gimple_call (s) && o->decl && o->index
               ? create_handle_field (c->create) : NULL_TREE;
  tree type = o->decl ? TREE_TYPE (o->decl) : NULL_TREE;
  HOST_WIDE_INT lo, hi;
  wmm_handle h;
  if (!field || TREE_CODE (type) != ARRAY_TYPE
      || TYPE_MAIN_VARIANT (TREE_TYPE (type))
         != TYPE_MAIN_VARIANT (DECL_CONTEXT (field))
      || !wmm_handle_of_addr (create_handle (c->create), &h) || !h.ref
      || get_base_address (h.ref) != o->decl
      || !wmm_field_bits (field, &lo, &hi)
      || !routine_avoids (c->create, o->bound, lo, hi))
    return false;
  return handle_reader_call (s, field, local_addr);
}

bool
check_local_op (gimple *s, tree op, tree ref, void *data)
{
  /* op: the base of a load or store, the operand of an address; ref: the
     whole reference, or the ADDR_EXPR. */
  local_walk *lw = (local_walk *) data;
  const creator_ctx *c = lw->c;
  tree base = op ? get_base_address (op) : NULL_TREE;
  if (base != c->obj->decl || !lw->ok)
    return false;
  if (s == c->create || s == c->arg_def)
    return false;   /* checked by the caller: the argument only */
  if (gimple_clobber_p (s))
    return false;   /* the end of its life: no instruction touches it */
  lw->ok = false;
  /* Another create of the local: fine when it gives a disjoint part to a
     candidate routine (checked there), never for a loop's elements. */
  tree fn;
  if (is_gimple_call (s) && create_routine (s, &fn))
    {
      lw->ok = !c->obj->index && c->obj->hi >= 0;
      for (unsigned i = 0; lw->ok && i < gimple_call_num_args (s); i++)
        {
          tree a = gimple_call_arg (s, i);
          if (TREE_CODE (a) == ADDR_EXPR
              && get_base_address (TREE_OPERAND (a, 0)) == base)
            lw->ok = disjoint (c->obj, build_fold_indirect_ref (a))
                     && fn && private_params->get (DECL_ARGUMENTS (fn));
        }
      return false;
    }
  /* Does s take the local's address (`&data` stored into it does not)? */
  auto local_addr = [base] (tree t) {
    return TREE_CODE (t) == ADDR_EXPR
           && get_base_address (TREE_OPERAND (t, 0)) == base;
  };
  bool addr = false;
  if (is_gimple_assign (s) && local_addr (gimple_assign_rhs1 (s)))
    addr = true;
  if (is_gimple_call (s))
    for (unsigned i = 0; i < gimple_call_num_args (s); i++)
      addr |= local_addr (gimple_call_arg (s, i));
  /* The address of the create's handle member, given to the create
     alone: no touch. */
  gimple *only;
  use_operand_p use;
  if (is_gimple_assign (s) && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME
      && TREE_CODE (gimple_assign_rhs1 (s)) == ADDR_EXPR
      && single_imm_use (gimple_assign_lhs (s), &use, &only)
      && only == c->create
      && create_handle (c->create) == gimple_assign_lhs (s)
      && handle_member (c, TREE_OPERAND (gimple_assign_rhs1 (s), 0)))
    {
      lw->ok = true;
      return false;
    }
  /* wait_all (ts, n): a helper reading the handles only */
  if (addr && stack_handle_reader (c, s, local_addr))
    {
      lw->ok = true;
      return false;
    }
  if (addr || gimple_code (s) == GIMPLE_PHI || gimple_code (s) == GIMPLE_ASM)
    {
      if (gimple_code (s) == GIMPLE_PHI || gimple_code (s) == GIMPLE_ASM
          || wmm_address_escapes (s, base))
        return false;
      /* p = &local: every dereference of p is a touch. */
      if (is_gimple_assign (s) && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME)
        {
          web w;
          grow (&w, gimple_assign_lhs (s));
          if (w.bad)
            return false;
          for (gimple *u : w.uses)
            if (!touch_ok (c, u))
              return false;
          lw->ok = touch_ok (c, s);
          return false;
        }
    }
  /* A direct access (or a call reading and writing through &local); a
     read of a handle member (the join's argument) at any time. */
  lw->ok = touch_ok (c, s)
           || (!addr && ref && (disjoint (c->obj, ref)
                                || same_iteration_element (c, s, ref)
                                || joined_iteration_element (c, s, ref)
                                || (gimple_assign_single_p (s)
                                    && gimple_assign_rhs1 (s) == ref
                                    && handle_member (c, ref))));
  return false;
}

/* `&w[i]` of an array the creator allocated (`w = calloc (n, sizeof *w)`),
 * i the create loop's counter: element i is the thread's object, bound
 * to its bytes. */
bool
heap_element_object (gimple *create, tree a, thread_object *o)
{
  tree root, idx;
  HOST_WIDE_INT stride;
  wmm_handle h;
  wmm_iv_range iv;
  if (!wmm_heap_element (a, &root, &idx, &stride)
      || SSA_NAME_IS_DEFAULT_DEF (root)
      || !is_gimple_call (SSA_NAME_DEF_STMT (root))
      || !(gimple_call_flags (SSA_NAME_DEF_STMT (root)) & ECF_MALLOC)
      || !wmm_handle_of_addr (a, &h) || !h.heap
      || !wmm_create_loop (create, &h, &iv))
    return false;
  o->heap_root = root;
  o->index = h.index;
  o->bound = stride;
  return true;
}

/* May the creator touch `t` (a reference through the heap array's web;
 * `store`: written) at s: the handle member of any element read (a join's
 * argument), element i before the create of its iteration, or an element
 * whose thread the join loop's iteration has joined?  ch: the create's
 * handle. */
bool
heap_touch_ok (const creator_ctx *c, const wmm_handle &ch, gimple *s, tree t,
               bool store)
{
  const thread_object *o = c->obj;
  wmm_handle h;
  if (!wmm_handle_of_ref (t, &h) || !h.heap || h.base != o->heap_root
      || h.stride != o->bound * BITS_PER_UNIT)
    return false;
  if (!store && ch.heap && ch.base == o->heap_root && h.in_lo == ch.in_lo
      && h.in_hi == ch.in_hi)
    return true;
  if (h.index == o->index)
    return before_in_iteration (s, c->create);
  if (gimple_bb (s)->loop_father == gimple_bb (c->create)->loop_father
      || ch.index != o->index
      || (wmm_region_before (c->region, s) & WMM_REGION_UNKNOWN))
    return false;
  return joined_before (ch, s, h.index) != NULL;
}

template <typename F>
bool param_accesses (tree d, HOST_WIDE_INT off, int depth, F ok,
                    function *reader = NULL);

/* Does the start routine of `create`, given an object of `bound` bytes
 * (-1: any), stay inside it and clear of its bits [lo, hi) (a handle
 * member the create writes)? */
bool
routine_avoids (gimple *create, HOST_WIDE_INT bound, HOST_WIDE_INT lo,
                HOST_WIDE_INT hi)
{
  tree fn;
  if (!create_routine (create, &fn) || !fn)
    return false;
  lo /= BITS_PER_UNIT;   /* the bytes the member covers */
  hi = (hi + BITS_PER_UNIT - 1) / BITS_PER_UNIT;
  function *body = DECL_STRUCT_FUNCTION (fn);
  tree parm = DECL_ARGUMENTS (fn);
  tree d = body && parm && body->gimple_df ? ssa_default_def (body, parm)
                                           : NULL_TREE;
  return !d || param_accesses (d, 0, 0, [&] (HOST_WIDE_INT a, HOST_WIDE_INT b) {
    return a >= 0 && (bound < 0 || b <= bound) && (b <= lo || a >= hi); });
}

/* The member of the threads' objects a create stores its handle in
 * (`pthread_create (&ts[i].tid, ...)`, also through a name set to that
 * address), or NULL_TREE. */
tree
create_handle_field (gimple *create)
{
  tree a = wmm_object_address (create_handle (create));
  if (!a || TREE_CODE (a) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (a, 0)) != COMPONENT_REF)
    return NULL_TREE;
  return TREE_OPERAND (TREE_OPERAND (a, 0), 1);
}

/* Is call s one of the unit's functions that, through each argument the
 * predicate `named` picks (a pointer into the creator's object), only
 * loads member `field` of elements (`static void wait_all (struct task
 * *ts, int n) { for (...) pthread_join (ts[i].tid, 0); }`): pointer
 * arithmetic, tests and those loads, nothing else, no copy kept?  The
 * routine never touching the member (the caller checks), the call meets
 * none of the threads' accesses. */
template <typename F>
bool
handle_reader_call (gimple *s, tree field, F named)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  cgraph_node *node = fn && field ? cgraph_node::get (fn) : NULL;
  function *body = node ? wmm_binding_body (node) : NULL;
  if (!body || !gimple_in_ssa_p (body))
    return false;
  tree parm = DECL_ARGUMENTS (body->decl);
  for (unsigned i = 0; i < gimple_call_num_args (s);
       i++, parm = parm ? DECL_CHAIN (parm) : NULL_TREE)
    {
      if (!named (gimple_call_arg (s, i)))
        continue;
      if (!parm)
        return false;
      tree d = ssa_default_def (body, parm);
      if (!d)
        continue;
      web w;
      grow (&w, d);
      if (w.bad || w.roots.length () != 1)
        return false;
      for (gimple *u : w.uses)
        {
          if (gimple_code (u) == GIMPLE_COND)
            continue;
          if (!is_gimple_assign (u))
            return false;
          tree lhs = gimple_assign_lhs (u), rhs = gimple_assign_rhs1 (u);
          if (!gimple_assign_single_p (u))
            {
              if (TREE_CODE_CLASS (gimple_assign_rhs_code (u)) != tcc_comparison
                  || names_in (&w, lhs))
                return false;
              continue;
            }
          /* h = p->tid: the handle member of an element, read whole */
          tree base = TREE_CODE (rhs) == COMPONENT_REF
                      ? TREE_OPERAND (rhs, 0) : NULL_TREE;
          if (!base || TREE_OPERAND (rhs, 1) != field || names_in (&w, lhs)
              || TREE_CODE (base) != MEM_REF
              || !w.seen.contains (TREE_OPERAND (base, 0))
              || !integer_zerop (TREE_OPERAND (base, 1)))
            return false;
        }
    }
  return true;
}

/* The creator's every touch of a heap array whose elements a create loop
 * gives its threads (heap_element_object). */
bool
heap_elements_ok (const creator_ctx *c, const create_use *cu)
{
  const thread_object *o = c->obj;
  if (wmm_region_before (c->region, cu->stmt) & WMM_REGION_UNKNOWN)
    return false;
  web w;
  grow (&w, o->heap_root);
  if (w.bad || w.phi)
    return false;
  wmm_handle ch;
  if (!wmm_handle_of_addr (create_handle (cu->stmt), &ch))
    return false;
  for (gimple *s : w.uses)
    {
      if (s == cu->stmt)
        {
          for (unsigned i = 0; i < gimple_call_num_args (s); i++)
            {
              tree a = gimple_call_arg (s, i);
              if (!names_in (&w, a) || i == cu->argno)
                continue;
              /* &w[i].th: the thread's handle in its own element, a
                 member the routine never touches */
              if (i != 0 || !ch.heap || ch.base != o->heap_root
                  || ch.index != o->index
                  || !routine_avoids (s, o->bound, ch.in_lo, ch.in_hi))
                return false;
            }
          continue;
        }
      if (gimple_code (s) == GIMPLE_COND)
        continue;
      if (is_gimple_call (s))
        {
          /* wait_all (ts, n): a helper reading the handles only */
          tree field = create_handle_field (cu->stmt);
          if (field && ch.heap
              && routine_avoids (cu->stmt, o->bound, ch.in_lo, ch.in_hi)
              && handle_reader_call (s, field, [&] (tree a) {
                   return names_in (&w, a) != 0; }))
            continue;
          if (!touch_ok (c, s) || !use_ok (&w, s, NULL, 0))
            return false;
          continue;
        }
      if (!is_gimple_assign (s))
        return false;
      if (!gimple_assign_single_p (s))
        {
          if (TREE_CODE_CLASS (gimple_assign_rhs_code (s)) != tcc_comparison
              || names_in (&w, gimple_assign_lhs (s)))
            return false;
          continue;
        }
      tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
      if (!only_as_base (&w, lhs) || !only_as_base (&w, rhs))
        return false;
      if (touch_ok (c, s))
        continue;
      if ((names_in (&w, lhs) && !heap_touch_ok (c, ch, s, lhs, true))
          || (names_in (&w, rhs) && !heap_touch_ok (c, ch, s, rhs, false)))
        return false;
    }
  return true;
}

/* walk_tree callback: does the operand name decl `data`? */
tree
names_decl (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The one function of the unit whose code names static `decl`, or
 * NULL_TREE (none, several, or a variable's initialiser names it). */
tree
static_owner_of (tree decl)
{
  if (tree *known = static_owner->get (decl))
    return *known;
  tree owner = NULL_TREE;
  bool several = false;
  varpool_node *var = varpool_node::get (decl);
  ipa_ref *ref;
  for (unsigned i = 0; var && var->iterate_referring (i, ref); i++)
    several |= is_a<varpool_node *> (ref->referring);
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      bool named = false;
      if (several || !fn || !fn->cfg)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        for (unsigned k = 0; k < gimple_num_ops (s) && !named; k++)
          named = gimple_op (s, k)
                  && walk_tree_without_duplicates (gimple_op_ptr (s, k),
                                                   names_decl, decl);
      });
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gphi_iterator gpi = gsi_start_phis (bb);
             !gsi_end_p (gpi) && !named; gsi_next (&gpi))
          for (unsigned k = 0; k < gimple_phi_num_args (gpi.phi ()) && !named;
               k++)
            {
              tree a = gimple_phi_arg_def (gpi.phi (), k);
              named = walk_tree_without_duplicates (&a, names_decl, decl);
            }
      if (named && owner)
        several = true;
      else if (named)
        owner = node->decl;
    }
  if (several)
    owner = NULL_TREE;
  static_owner->put (decl, owner);
  return owner;
}

/* May a create of the current function (cfun) give its thread static
 * `base` (or a part of it) as it may a local: a file- or function-scope
 * static no other unit sees, which only this function names and which
 * runs at most once, so that no other call of it hands the object out
 * again (`static struct slot slots[N]; ... pthread_create (&t[i], 0,
 * work, &slots[i])` in main).  An exported one counts too in main's unit
 * when no code of another unit may run (wmm_foreign_code_may_run): only
 * the unit's code names it then (`struct thread_data thread_data_array[
 * NUM_THREADS];` of the classic hello example). */
bool
creator_static (tree base)
{
  return TREE_STATIC (base)
         && (!TREE_PUBLIC (base) || !wmm_foreign_code_may_run ())
         && !DECL_EXTERNAL (base)
         && !DECL_THREAD_LOCAL_P (base) && cfun
         && wmm_runs_once (cfun->decl)
         && static_owner_of (base) == cfun->decl;
}

/* Are the uses of `a` (the create's argument, `_1 = &args[i]`) but the
 * create plain loads and stores through it at constant offsets, each
 * passing at (S, LO, HI), its bytes from the argument's address?  (The
 * create names it once.) */
template <typename F>
bool
arg_name_touches (tree a, gimple *create, F at)
{
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, a)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u))
        continue;
      if (u == create)
        {
          unsigned n = 0;
          for (unsigned i = 0; i < gimple_call_num_args (create); i++)
            n += gimple_call_arg (create, i) == a;
          if (n != 1)
            return false;
          continue;
        }
      if (!gimple_assign_single_p (u) || gimple_has_volatile_ops (u))
        return false;
      tree lhs = gimple_assign_lhs (u), rhs = gimple_assign_rhs1 (u);
      if (lhs == a || rhs == a || TREE_CODE (rhs) == ADDR_EXPR)
        return false;
      tree t = TREE_CODE (lhs) == SSA_NAME ? rhs : lhs;
      tree b = get_base_address (t);
      poly_int64 pos, size, most;
      bool reverse;
      HOST_WIDE_INT p, n;
      if (!b || TREE_CODE (b) != MEM_REF || TREE_OPERAND (b, 0) != a
          || (t == lhs && TREE_CODE (rhs) != SSA_NAME
              && !is_gimple_min_invariant (rhs))
          || get_ref_base_and_extent (t, &pos, &size, &most, &reverse) != b
          || !pos.is_constant (&p) || !size.is_constant (&n) || n <= 0
          || maybe_ne (size, most) || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
        return false;
      HOST_WIDE_INT lo = tree_to_shwi (TREE_OPERAND (b, 1)) + p / BITS_PER_UNIT;
      if (!at (u, lo, lo + (n + BITS_PER_UNIT - 1) / BITS_PER_UNIT))
        return false;
    }
  return true;
}

/* The object of the create's argument `a`, when it is one only this
 * thread may reach; false otherwise. */
bool
object_of (gimple *create, tree a, thread_object *o)
{
  memset (o, 0, sizeof *o);
  o->bound = -1;
  o->hi = -1;
  if (TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a))
    {
      gimple *def = SSA_NAME_DEF_STMT (a);
      /* _1 = &args[i] (-O0 and some -O2 shapes), used by the create
         and by the creator's plain accesses through it, which creator_ok
         checks (arg_name_touches): `t = &tasks[i]; t->id = i; create
         (..., t)`. */
      if (gimple_assign_single_p (def)
          && TREE_CODE (gimple_assign_rhs1 (def)) == ADDR_EXPR)
        a = gimple_assign_rhs1 (def);
      else if (heap_element_object (create, a, o))
        return true;
      else
        {
          web w;
          grow (&w, a);
          if (w.bad || w.phi || w.roots.length () != 1)
            return false;
          gimple *m = SSA_NAME_DEF_STMT (w.roots[0]);
          if (SSA_NAME_IS_DEFAULT_DEF (w.roots[0]) || !is_gimple_call (m)
              || !(gimple_call_flags (m) & ECF_MALLOC))
            return false;
          o->malloc_call = m;
          return true;
        }
    }
  if (TREE_CODE (a) != ADDR_EXPR)
    return false;
  tree ref = TREE_OPERAND (a, 0);
  tree base = get_base_address (ref);
  if (!base || !VAR_P (base) || TREE_THIS_VOLATILE (base)
      || (is_global_var (base) && !creator_static (base)))
    return false;
  o->decl = base;
  if (ref == base)
    return true;   /* the whole variable */
  wmm_handle h;
  if (!wmm_handle_of_addr (a, &h) || h.kind != WMM_H_DECL || h.base != base)
    return false;
  HOST_WIDE_INT bytes = int_size_in_bytes (TREE_TYPE (ref));
  if (bytes <= 0)
    return false;
  o->bound = bytes;
  if (h.index)
    {
      wmm_iv_range iv;
      if (h.off >= 0 || !wmm_create_loop (create, &h, &iv))
        return false;
      o->index = h.index;
      o->elem = ref;
      return true;
    }
  if (h.off < 0 || h.off % BITS_PER_UNIT)
    return false;
  o->lo = h.off / BITS_PER_UNIT;
  o->hi = o->lo + bytes;
  return true;
}

/* ------------------------------------------------ owned members */

/* Where a thread's argument is, for its owned members: the creator's web
 * of a heap object or of a heap array (an element of it: the create
 * loop's counter), or its local (an element of it: index). */
struct owner_ref {
  const creator_ctx *c;
  web *w;                   /* heap: the web of the object or array; else
                               NULL */
  tree arr;                 /* heap object: the handle array it is kept in,
                               or NULL */
};

/* For a heap array, the element of it ref names, when one (its index in
 * *idx); else false. */
static bool
heap_element (const owner_ref &r, tree ref, tree *idx)
{
  const thread_object *o = r.c->obj;
  wmm_handle h;
  if (!wmm_handle_of_ref (ref, &h) || !h.heap || h.base != o->heap_root
      || h.stride != o->bound * BITS_PER_UNIT || !h.index)
    return false;
  *idx = h.index;
  return true;
}

/* Is ref (a load's or store's reference) a member of the argument this
 * create gives: through a name of its web, or in the element of the
 * local the create's iteration gives? */
static bool
in_argument (const owner_ref &r, gimple *s, tree ref)
{
  const thread_object *o = r.c->obj;
  tree idx;
  if (o->heap_root)
    return names_in (r.w, ref) > 0 && heap_element (r, ref, &idx)
           && idx == o->index && before_in_iteration (s, r.c->create);
  if (r.w)
    return names_in (r.w, ref) > 0;
  if (get_base_address (ref) != o->decl)
    return false;
  return o->index ? same_iteration_element (r.c, s, ref) : !disjoint (o, ref);
}

/* The index of the element of another iteration's argument that load `l`
 * reads a member of, when read back after the joins (the handle array's
 * `_7 = jobs[k]; _8 = _7->out;`, or the local's `_8 = args[k].out`);
 * else NULL. */
static tree
read_back_index (const owner_ref &r, gimple *l)
{
  tree ref = gimple_assign_rhs1 (l);
  tree idx;
  if (r.c->obj->heap_root)
    return names_in (r.w, ref) > 0 && heap_element (r, ref, &idx)
           && TREE_CODE (idx) == SSA_NAME ? idx : NULL_TREE;
  if (!r.w)
    {
      wmm_handle h;
      return r.c->obj->index && wmm_handle_of_ref (ref, &h)
             && h.kind == WMM_H_DECL && h.base == r.c->obj->decl && h.index
             && TREE_CODE (h.index) == SSA_NAME
             && wmm_same_element (r.c->obj->elem, r.c->obj->index, ref,
                                  h.index) ? h.index : NULL_TREE;
    }
  tree base = get_base_address (ref);
  if (!r.arr || !base || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return NULL_TREE;
  web pw;
  grow (&pw, TREE_OPERAND (base, 0));
  if (pw.bad || pw.phi || pw.roots.length () != 1
      || SSA_NAME_IS_DEFAULT_DEF (pw.roots[0]))
    return NULL_TREE;
  gimple *e = SSA_NAME_DEF_STMT (pw.roots[0]);
  tree a = gimple_assign_single_p (e) ? gimple_assign_rhs1 (e) : NULL_TREE;
  return a && TREE_CODE (a) == ARRAY_REF && TREE_OPERAND (a, 0) == r.arr
         && TREE_CODE (TREE_OPERAND (a, 1)) == SSA_NAME
         ? TREE_OPERAND (a, 1) : NULL_TREE;
}

/* Does the creator's web nw of an object its thread owns (`store`
 * stores it into the argument; m makes it) keep no copy of it and reach
 * it only where that thread does not run?  Its one root: m's result
 * (used where m ran again since the create, or after the join), a load
 * of the member from the argument after `store` in each iteration (used
 * where that load ran again since the create, or after the join), or a
 * load of it after the join of the thread whose element it reads. */
static bool
owned_web_ok (const owner_ref &r, web *nw, gimple *store, gimple *m)
{
  const creator_ctx *c = r.c;
  if (nw->bad || nw->phi || nw->roots.length () != 1
      || SSA_NAME_IS_DEFAULT_DEF (nw->roots[0]))
    return false;
  gimple *d = SSA_NAME_DEF_STMT (nw->roots[0]);
  gimple *since = NULL;     /* what makes the name anew */
  tree idx = NULL_TREE;     /* read back: the joined element */
  if (m && d == m)
    since = m;
  else if (!gimple_assign_load_p (d) || gimple_has_volatile_ops (d))
    return false;
  else if (in_argument (r, d, gimple_assign_rhs1 (d)))
    {
      /* (a worker's object, store NULL: such a read may see the one an
         earlier run of the create's thread left) */
      if (!store || reaches (c->create, d, store))
        return false;
      since = d;
    }
  else if (!(idx = read_back_index (r, d)))
    return false;
  /* (the create's handle is the element's thread: `&t[i]` for args[i],
     or a store into the handle array with the handle's index) */
  wmm_handle ch;
  if (idx && (!wmm_handle_of_addr (create_handle (c->create), &ch)
              || (!r.arr && ch.index != c->obj->index)))
    return false;
  for (gimple *u : nw->uses)
    {
      if (u == store)
        continue;
      if (u == c->create || store_of_name (nw, u) >= 0
          || !use_ok (nw, u, NULL, 0))
        return false;
      if (gimple_code (u) == GIMPLE_COND)
        continue;
      bool ok = idx ? (!(wmm_region_before (c->region, u) & WMM_REGION_UNKNOWN)
                       && joined_before (ch, u, idx))
                    : touch_ok_after (c, u, since);
      if (!ok)
        return false;
    }
  return true;
}

/* Does every name of the creator that may point to object o (by the
 * points-to analysis) lie in a web owned_web_ok accepts? */
static bool
owned_names_ok (const owner_ref &r, int o, gimple *store, gimple *m)
{
  auto_vec<int, 1> objs;
  objs.safe_push (o);
  hash_set<tree> done;
  unsigned i;
  tree n;
  FOR_EACH_SSA_NAME (i, n, cfun)
    {
      int set = wmm_threadlocal_targets (n);
      if (set < 0 || wmm_threadlocal_set_meets (set, objs) == 0
          || done.contains (n))
        continue;
      web nw;
      grow (&nw, n);
      for (tree x : nw.names)
        done.add (x);
      if (!owned_web_ok (r, &nw, store, m))
        return false;
    }
  return true;
}

/* The allocation call the one root of web mw is (`_5 = malloc (n)`, no
 * PHI), or NULL. */
static gimple *
single_allocation (const web &mw)
{
  if (mw.bad || mw.phi || mw.roots.length () != 1
      || SSA_NAME_IS_DEFAULT_DEF (mw.roots[0]))
    return NULL;
  gimple *m = SSA_NAME_DEF_STMT (mw.roots[0]);
  return is_gimple_call (m) && (gimple_call_flags (m) & ECF_MALLOC) ? m : NULL;
}

/* Members the thread's argument owns (`j->in = malloc (n)`, `args[k].in
 * = malloc (n)` before the create): the fresh object stored, made again
 * between two runs of the create, held by no memory but the argument's
 * object (points-to), every name of it the creator has used where the
 * thread does not run, never copied.  Only the thread whose argument
 * holds it reaches it while the thread runs, so a pointer read from such
 * a member is that thread's own (root_private).  Their objects go to
 * `owned`. */
static void
find_owned_members (const creator_ctx *c, web *w, vec<int> *owned)
{
  const thread_object *obj = c->obj;
  gimple *alloc = obj->heap_root ? SSA_NAME_DEF_STMT (obj->heap_root)
                                 : obj->malloc_call;
  int holder = alloc ? wmm_threadlocal_alloc_object (alloc)
                     : wmm_threadlocal_decl_object (obj->decl);
  if (holder < 0)
    return;
  owner_ref r = { c, w, NULL_TREE };
  auto_vec<gimple *, 8> stores;
  if (w)
    for (gimple *s : w->uses)
      {
        /* (the heap object's handle array: handle_array_store) */
        if (!obj->heap_root && gimple_assign_single_p (s)
            && TREE_CODE (gimple_assign_lhs (s)) == ARRAY_REF
            && frame_local (TREE_OPERAND (gimple_assign_lhs (s), 0))
            && TREE_CODE (gimple_assign_rhs1 (s)) == SSA_NAME
            && w->seen.contains (gimple_assign_rhs1 (s)))
          r.arr = TREE_OPERAND (gimple_assign_lhs (s), 0);
        stores.safe_push (s);
      }
  else
    wmm_each_stmt (cfun, [&] (gimple *s) {
      if (gimple_assign_single_p (s)
          && get_base_address (gimple_assign_lhs (s)) == obj->decl)
        stores.safe_push (s);
    });
  for (gimple *s : stores)
    {
      if (!gimple_assign_single_p (s) || gimple_has_volatile_ops (s))
        continue;
      tree v = gimple_assign_rhs1 (s), lhs = gimple_assign_lhs (s);
      if (TREE_CODE (v) != SSA_NAME || (w && w->seen.contains (v))
          || !POINTER_TYPE_P (TREE_TYPE (v)) || TREE_CODE (lhs) == SSA_NAME
          || !in_argument (r, s, lhs))
        continue;
      web mw;
      grow (&mw, v);
      gimple *m = single_allocation (mw);
      if (!m || reaches (c->create, c->create, m))
        continue;
      int o = wmm_threadlocal_alloc_object (m);
      if (o >= 0 && !owned->contains (o)
          && wmm_threadlocal_held_only_by (o, holder)
          && owned_web_ok (r, &mw, s, m) && owned_names_ok (r, o, s, m))
        owned->safe_push (o);
    }
  /* The thread's own objects left in its argument (`j->res = malloc
     (...)` in the start routine): the thread may do what it likes with
     them, the creator may read them back after the join. */
  tree routine = NULL_TREE;
  if (!create_routine (c->create, &routine) || !routine)
    return;
  function *fn = DECL_STRUCT_FUNCTION (routine);
  tree p = DECL_ARGUMENTS (routine);
  tree d = fn && p && gimple_in_ssa_p (fn) ? ssa_default_def (fn, p) : NULL;
  if (!d)
    return;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!gimple_assign_single_p (s) || gimple_has_volatile_ops (s))
      return;
    tree v = gimple_assign_rhs1 (s);
    tree base = get_base_address (gimple_assign_lhs (s));
    if (TREE_CODE (v) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (v))
        || !base || TREE_CODE (base) != MEM_REF
        || wmm_pointer_root (TREE_OPERAND (base, 0)) != d)
      return;
    web mw;
    grow (&mw, v);
    gimple *m = single_allocation (mw);
    if (!m)
      return;
    int o = wmm_threadlocal_alloc_object (m);
    if (o >= 0 && !owned->contains (o)
        && wmm_threadlocal_held_only_by (o, holder)
        && owned_names_ok (r, o, NULL, NULL))
      owned->safe_push (o);
  });
}

/* Does the creator of `cu` give its thread an object no other thread can
 * reach, touched by the creator only while no thread of the create runs?
 * The objects of members that object owns go to `owned`. */
bool
creator_ok (wmm_unitinfo *u, const create_use *cu, vec<int> *owned)
{
  thread_object o;
  tree a = gimple_call_arg (cu->stmt, cu->argno);
  if (!object_of (cu->stmt, a, &o))
    return false;
  int ui = -1;
  for (unsigned i = 0; i < u->units.length (); i++)
    if (u->units[i].fn == cu->fn)
      ui = i;
  if (ui < 0)
    return false;
  wmm_region *r = wmm_region_begin (u, &u->units[ui]);
  creator_ctx c = { cu->stmt, NULL, &o, r, wmm_region_group (r, cu->stmt) };
  if (TREE_CODE (a) == SSA_NAME && !o.malloc_call && !o.heap_root)
    c.arg_def = SSA_NAME_DEF_STMT (a);
  bool ok = true;
  if (o.heap_root)
    {
      ok = heap_elements_ok (&c, cu);
      if (ok)
        {
          web w;
          grow (&w, o.heap_root);
          find_owned_members (&c, &w, owned);
        }
    }
  else if (o.malloc_call)
    {
      web w;
      grow (&w, a);
      for (gimple *s : w.uses)
        ok = ok && (handle_array_store (&c, &w, s)
                    || (use_ok (&w, s, cu->stmt, cu->argno)
                        && (s == cu->stmt || touch_ok (&c, s))));
      ok = ok && !reaches (cu->stmt, cu->stmt, o.malloc_call);
      if (ok)
        find_owned_members (&c, &w, owned);
    }
  else
    {
      /* The create's other arguments do not name the local, but for its
         handle in a member the routine never touches. */
      for (unsigned i = 0; ok && i < gimple_call_num_args (cu->stmt); i++)
        if (i != cu->argno && TREE_CODE (gimple_call_arg (cu->stmt, i))
                              == ADDR_EXPR
            && get_base_address (TREE_OPERAND (gimple_call_arg (cu->stmt, i),
                                               0)) == o.decl
            && !(i == 0 && handle_member (&c, TREE_OPERAND (gimple_call_arg
                                                            (cu->stmt, 0), 0))))
          ok = false;
      if (ok && o.index)
        {
          wmm_region_set live = wmm_region_before (r, cu->stmt);
          ok = !(live & WMM_REGION_UNKNOWN);
        }
      else if (ok)
        ok = !reaches (cu->stmt, cu->stmt, NULL);
      /* the creator's accesses through the argument's name: inside the
         element (or the object), before the create in its iteration
         (or where no thread of the create runs) */
      if (ok && c.arg_def)
        ok = arg_name_touches (a, cu->stmt, [&] (gimple *s, HOST_WIDE_INT lo,
                                                 HOST_WIDE_INT hi) {
          return lo >= 0 && (o.bound < 0 || hi <= o.bound)
                 && (o.index ? before_in_iteration (s, cu->stmt)
                             : touch_ok (&c, s));
        });
      local_walk lw = { &c, ok };
      basic_block bb;
      FOR_EACH_BB_FN (bb, cu->fn)
        {
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
               !gsi_end_p (gsi) && lw.ok; gsi_next (&gsi))
            if (!is_gimple_debug (gsi_stmt (gsi)))
              walk_stmt_load_store_addr_ops (gsi_stmt (gsi), &lw,
                                             check_local_op, check_local_op,
                                             check_local_op);
          for (gphi_iterator gpi = gsi_start_phis (bb);
               !gsi_end_p (gpi) && lw.ok; gsi_next (&gpi))
            walk_stmt_load_store_addr_ops (gpi.phi (), &lw, NULL, NULL,
                                           check_local_op);
        }
      ok = lw.ok;
      if (ok)
        find_owned_members (&c, NULL, owned);
    }
  wmm_region_end (r);
  return ok;
}

/* The entry value of parameter `argno` of the function `call` calls,
 * when the unit's body of it is the one that runs (wmm_binding_body) and
 * declares that parameter, or NULL. */
tree
unit_param (gcall *call, unsigned argno)
{
  tree callee = gimple_call_fndecl (call);
  function *fn = callee ? wmm_binding_body (cgraph_node::get (callee)) : NULL;
  return fn ? nth_param_def (callee, fn, argno) : NULL_TREE;
}

/* The entry value of parameter argno of function decl (body fn), or NULL
 * when it has none (unused) or there is no such parameter. */
tree
nth_param_def (tree decl, function *fn, unsigned argno)
{
  tree p = DECL_ARGUMENTS (decl);
  for (unsigned i = 0; p && i < argno; i++)
    p = DECL_CHAIN (p);
  return p ? ssa_default_def (fn, p) : NULL_TREE;
}

/* The functions indirect call `call` may call when entries.cc resolved it
 * (a non-empty set), else NULL. */
vec<tree> *
resolved_call_targets (gcall *call)
{
  vec<tree> *t = !gimple_call_fndecl (call) && !gimple_call_internal_p (call)
                 && resolved_targets ? resolved_targets->get (call) : NULL;
  return t && !t->is_empty () ? t : NULL;
}

/* May a store put pointer d into `lhs` for a slot reader: memory a
 * pointer names or a global, not a frame local read back into names the
 * reader's check would not see (or d's own object)? */
bool
reader_store_ok (tree lhs, tree d)
{
  tree b = get_base_address (lhs);
  return b && !wmm_mentions (lhs, d)
         && (TREE_CODE (b) == MEM_REF || (VAR_P (b) && is_global_var (b)));
}

/* Check (name, caller's function) every direct call of fn's function
 * gives its result to: true when all its calls are seen and each check
 * says yes (a call dropping the result passes). */
template <typename F>
bool
callers_results (function *fn, F check)
{
  cgraph_node *node = fn ? cgraph_node::get (fn->decl) : NULL;
  if (!node || !wmm_calls_all_seen (node))
    return false;
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    tree lhs = e->call_stmt ? gimple_call_lhs (e->call_stmt) : error_mark_node;
    function *caller = DECL_STRUCT_FUNCTION (e->caller->decl);
    if (!ok || !lhs)
      return;
    ok = TREE_CODE (lhs) == SSA_NAME && caller && check (lhs, caller);
  });
  return ok;
}

/* Does every access through the routine's parameter web (d, at byte
 * offset off of the object) pass ok (LO, HI), its bytes: constant
 * offsets, dereferences, calls of C library functions that touch one
 * object of their parameter's type (wmm_lib_pointee_bytes) and calls of
 * the unit's functions whose parameter web does the same, no PHI? */
template <typename F>
bool
param_accesses (tree d, HOST_WIDE_INT off, int depth, F ok, function *reader)
{
  if (depth > 8)
    return false;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, d)
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u) || gimple_code (u) == GIMPLE_COND)
        continue;
      /* a reader (function `reader`) may store the pointer (its loads are
         checked where they are) and return it to callers that do the
         same */
      if (reader && gimple_assign_single_p (u) && gimple_assign_rhs1 (u) == d
          && reader_store_ok (gimple_assign_lhs (u), d))
        continue;
      if (reader && gimple_code (u) == GIMPLE_RETURN)
        {
          if (!callers_results (reader, [&] (tree r, function *caller) {
                return param_accesses (r, off, depth + 1, ok, caller); }))
            return false;
          continue;
        }
      /* rand_r (&t->seed): a C library function touching one object of
         its parameter's pointee type */
      if (gcall *call = dyn_cast<gcall *> (u))
        {
          if (gimple_call_lhs (call) == d)
            return false;
          for (unsigned i = 0; i < gimple_call_num_args (call); i++)
            if (gimple_call_arg (call, i) == d)
              {
                /* `j->fn (j)`: every target of a resolved indirect call
                   keeps its parameter's accesses inside */
                vec<tree> *targets = resolved_call_targets (call);
                if (targets)
                  {
                    for (tree t : *targets)
                      {
                        function *tf = wmm_binding_body (cgraph_node::get (t));
                        tree td = tf ? nth_param_def (t, tf, i) : NULL_TREE;
                        if (!tf || (td && !param_accesses (td, off, depth + 1,
                                                           ok, reader ? tf : NULL)))
                          return false;
                      }
                    continue;
                  }
                /* next_rand (&w->seed): a function of the unit whose
                   parameter's own accesses stay inside */
                tree callee_d = unit_param (call, i);
                HOST_WIDE_INT n = wmm_lib_pointee_bytes (call, i);
                function *callee_fn = callee_d && reader
                  ? wmm_binding_body (cgraph_node::get (gimple_call_fndecl (call)))
                  : NULL;
                if (callee_d ? !param_accesses (callee_d, off, depth + 1, ok,
                                                callee_fn)
                             : n <= 0 || !ok (off, off + n))
                  return false;
              }
          continue;
        }
      if (!is_gimple_assign (u))
        return false;
      tree lhs = gimple_assign_lhs (u), rhs = gimple_assign_rhs1 (u);
      enum tree_code code = gimple_assign_rhs_code (u);
      /* _1 = &t->seed: a pointer at a constant offset of the object */
      if (code == ADDR_EXPR && TREE_CODE (lhs) == SSA_NAME)
        {
          tree ref = TREE_OPERAND (rhs, 0);
          tree b = get_base_address (ref);
          poly_int64 pos, size, most;
          bool reverse;
          HOST_WIDE_INT p;
          if (!b || TREE_CODE (b) != MEM_REF || TREE_OPERAND (b, 0) != d
              || !tree_fits_shwi_p (TREE_OPERAND (b, 1))
              || get_ref_base_and_extent (ref, &pos, &size, &most, &reverse)
                 != b
              || !pos.is_constant (&p) || maybe_ne (size, most)
              || !known_size_p (size)
              || !param_accesses (lhs, off + tree_to_shwi (TREE_OPERAND (b, 1))
                                       + p / BITS_PER_UNIT, depth + 1, ok,
                                  reader))
            return false;
          continue;
        }
      if (TREE_CODE (lhs) == SSA_NAME && rhs == d
          && POINTER_TYPE_P (TREE_TYPE (lhs))
          && (code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
              || code == POINTER_PLUS_EXPR))
        {
          HOST_WIDE_INT k = 0;
          if (code == POINTER_PLUS_EXPR)
            {
              tree t = gimple_assign_rhs2 (u);
              if (TREE_CODE (t) != INTEGER_CST || !tree_fits_shwi_p (t))
                return false;
              k = tree_to_shwi (t);
            }
          if (!param_accesses (lhs, off + k, depth + 1, ok, reader))
            return false;
          continue;
        }
      if (!gimple_assign_single_p (u))
        {
          if (TREE_CODE_CLASS (code) != tcc_comparison)
            return false;
          continue;
        }
      if (lhs == d || rhs == d)
        return false;
      for (tree t : { lhs, rhs })
        {
          tree inner = TREE_CODE (t) == ADDR_EXPR ? TREE_OPERAND (t, 0) : t;
          tree b = get_base_address (inner);
          if (!b || TREE_CODE (b) != MEM_REF || TREE_OPERAND (b, 0) != d)
            continue;
          if (TREE_CODE (t) == ADDR_EXPR)
            return false;
          poly_int64 bitsize, bitpos;
          tree offset;
          wmm_inner_ref (t, &bitsize, &bitpos, &offset);
          HOST_WIDE_INT pos, size;
          /* A variable index: the member array it indexes when that is
             not at the end of its struct (C 6.5.6; GCC's largest extent
             of the reference, which leaves out the MEM_REF's offset). */
          poly_int64 o, sz, most;
          bool reverse;
          if (offset
              && get_ref_base_and_extent (t, &o, &sz, &most, &reverse) == b
              && known_size_p (most))
            {
              offset = NULL_TREE;
              bitpos = o;
              bitsize = most;
            }
          if (offset || !bitpos.is_constant (&pos)
              || !bitsize.is_constant (&size) || size <= 0
              || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
            return false;
          HOST_WIDE_INT lo = off + tree_to_shwi (TREE_OPERAND (b, 1))
                             + pos / BITS_PER_UNIT;
          HOST_WIDE_INT hi = off + tree_to_shwi (TREE_OPERAND (b, 1))
                             + (pos + size + BITS_PER_UNIT - 1) / BITS_PER_UNIT;
          if (!ok (lo, hi))
            return false;
        }
    }
  return true;
}

/* Does the routine's parameter web stay inside `bound` bytes? */
bool
bounded (tree d, HOST_WIDE_INT bound, HOST_WIDE_INT off, int depth)
{
  return param_accesses (d, off, depth, [&] (HOST_WIDE_INT lo, HOST_WIDE_INT hi) {
    return lo >= 0 && hi <= bound; });
}

/* A handle member: `&L[i].F` given to the create as the thread's handle,
 * with &L[i] its argument (pthread_create (&w[i].th, 0, fn, &w[i]), the
 * way the manual's example keeps thread ids).  The routine never touches
 * F through its parameter, so the create's write of the id and the
 * creator's reads of it (the join's argument) meet nothing of the
 * thread's. */
bool
handle_member (const creator_ctx *c, tree ref)
{
  const thread_object *o = c->obj;
  /* (elements of a create loop: no other create may name the local) */
  if (!o->decl || !o->index || TREE_CODE (ref) != COMPONENT_REF)
    return false;
  tree inner = TREE_OPERAND (ref, 0);
  if (get_base_address (inner) != o->decl || TREE_CODE (inner) != ARRAY_REF
      || TREE_OPERAND (inner, 0) != o->decl)
    return false;
  /* the create's own handle: the same member */
  wmm_handle h;
  HOST_WIDE_INT lo, hi;
  if (!wmm_handle_of_addr (create_handle (c->create), &h) || !h.ref
      || TREE_CODE (h.ref) != COMPONENT_REF
      || TREE_OPERAND (h.ref, 1) != TREE_OPERAND (ref, 1)
      || TREE_OPERAND (ref, 2) || !wmm_field_bits (TREE_OPERAND (ref, 1), &lo, &hi))
    return false;
  return routine_avoids (c->create, o->bound, lo, hi);
}

/* The global object an address points into: &D, &D[i], &D.f, or an SSA
 * name set to one of those; NULL otherwise. */
tree
global_object_of (tree a)
{
  if (TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  if (TREE_CODE (a) != ADDR_EXPR)
    return NULL_TREE;
  tree base = get_base_address (TREE_OPERAND (a, 0));
  return base && VAR_P (base) && is_global_var (base) ? base : NULL_TREE;
}

/* Is unit an entry of the unit's own (not exported) that some create
 * wrapper's call starts?  Then every statement naming it must start it
 * (started_only_by_creates: not `bad`), as create_only asks of the
 * creates alone. */
bool
wrap_started (const wmm_unit &unit)
{
  if (!unit.entry || TREE_PUBLIC (unit.decl) || !wrap_sites)
    return false;
  for (auto site : *wrap_sites)
    if (site.second.routine == unit.decl)
      return true;
  return false;
}

/* Is unit a start routine only ever started by the unit's own creates:
 * an entry for no other reason, its address nowhere else (no direct
 * call, no variable's initialiser, no alias)? */
bool
started_only_by_creates (const wmm_unit &unit,
                         hash_map<tree, int> &create_index,
                         hash_set<tree> &bad)
{
  if ((!unit.create_only && !wrap_started (unit))
      || !DECL_ARGUMENTS (unit.decl)
      || bad.contains (unit.decl) || !create_index.get (unit.decl)
      || unit.node->callers || unit.node->alias)
    return false;
  ipa_ref *ref;
  for (int i = 0; unit.node->iterate_referring (i, ref); i++)
    if (!is_a<cgraph_node *> (ref->referring))
      return false;
  return true;
}

/* Start routines only ever started by creates whose every create passes an address into
 * one global object D: accesses through the parameter stay inside D (C's
 * pointer arithmetic cannot leave an object), so they touch no other
 * declared object (tbaa.cc's object rule).
 * Example:  pthread_create (&c1, 0, consumer, &received[0]);
 *           pthread_create (&c2, 0, consumer, &received[1]);
 *   consumer's `*got` is part of `received`. */
void
find_param_objects (wmm_unitinfo *u, hash_map<tree, int> &create_index,
                    const vec<vec<create_use> > &creates,
                    hash_set<tree> &bad)
{
  for (const wmm_unit &unit : u->units)
    {
      if (!started_only_by_creates (unit, create_index, bad))
        continue;
      tree obj = NULL_TREE;
      for (const create_use &cu : creates[*create_index.get (unit.decl)])
        {
          tree o = global_object_of (gimple_call_arg (cu.stmt, cu.argno));
          if (!o || (obj && o != obj))
            {
              obj = NULL_TREE;
              break;
            }
          obj = o;
        }
      if (obj)
        param_objects->put (DECL_ARGUMENTS (unit.decl), obj);
    }
}

/* Start routines whose objects are private (greatest fixpoint: a local
 * may give disjoint parts to several candidate routines). */
void
find_private_params (wmm_unitinfo *u, const vec<cgraph_node *> &fns)
{
  hash_map<tree, int> create_index;
  auto_vec<vec<create_use> > creates;
  hash_set<tree> bad;
  find_wrap_sites (fns);
  for (cgraph_node *node : fns)
    {
      function *fn = node->get_fun ();
      wrap_create own;
      bool wrapper_fn = create_wrapper (node, &own);
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        {
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            gimple *s = gsi_stmt (gsi);
            if (is_gimple_debug (s))
              continue;
            tree routine = NULL_TREE;
            int argno = -1, routineno = -1;
            wrap_create *w = wrap_sites->get (s);
            if (w)
              {
                routine = w->routine;
                argno = w->argno;
                routineno = w->routineno;
              }
            else if (is_gimple_call (s) && wmm_is_thread_create (s, &routine))
              {
                argno = wmm_thread_arg_index (s);
                routineno = argno - 1;
              }
            /* Any other address of a function: not a candidate. */
            for (unsigned i = 0; i < gimple_num_ops (s); i++)
              {
                tree op = gimple_op (s, i);
                if (op && TREE_CODE (op) == ADDR_EXPR
                    && TREE_CODE (TREE_OPERAND (op, 0)) == FUNCTION_DECL
                    && !(routine
                         && (TREE_OPERAND (op, 0) == routine
                             || wmm_alias_target (TREE_OPERAND (op, 0))
                                == routine)
                         && is_gimple_call (s)
                         && (int) i == 3 + routineno))
                  bad.add (TREE_OPERAND (op, 0));
              }
            /* (a wrapper's own create: its calls are the creates) */
            if (routine && argno >= 0 && !w && wrapper_fn)
              continue;
            if (routine && argno >= 0
                && gimple_call_num_args (s) > (unsigned) argno)
              {
                bool existed;
                int &k = create_index.get_or_insert (routine, &existed);
                if (!existed)
                  {
                    k = creates.length ();
                    creates.safe_push (vNULL);
                  }
                creates[k].safe_push ({ s, fn, (unsigned) argno });
              }
          }
      for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi);
           gsi_next (&gpi))
        for (unsigned k = 0; k < gimple_phi_num_args (gpi.phi ()); k++)
          {
            tree a = gimple_phi_arg_def (gpi.phi (), k);
            if (TREE_CODE (a) == ADDR_EXPR
                && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL)
              bad.add (TREE_OPERAND (a, 0));
          }
        }
    }
  /* Candidates: entries of creates only, whose parameter web keeps no
     copy. */
  auto_vec<tree> cands;
  hash_map<tree, auto_vec<tree> > roots;   /* routine -> creators' roots */
  hash_map<tree, auto_vec<int> > owned;    /* routine -> owned members'
                                              objects */
  find_param_objects (u, create_index, creates, bad);
  for (const wmm_unit &unit : u->units)
    {
      tree p = DECL_ARGUMENTS (unit.decl);
      if (!started_only_by_creates (unit, create_index, bad)
          || !POINTER_TYPE_P (TREE_TYPE (p)) || !ssa_default_def (unit.fn, p))
        continue;
      private_params->put (p, -1);
      cands.safe_push (unit.decl);
      basic_block bb;
      FOR_EACH_BB_FN (bb, unit.fn)
        if (greturn *r = safe_dyn_cast<greturn *> (last_stmt (bb)))
          thread_returns->add (r);
      /* pthread_exit (v) in the routine ends the thread as `return v`
         does: v goes to its joiner */
      wmm_each_stmt (unit.fn, [] (gimple *g) {
        if (is_named (g, "pthread_exit", "thrd_exit"))
          thread_returns->add (g);
      });
    }
  for (bool changed = true; changed;)
    {
      changed = false;
      for (tree f : cands)
        {
          tree p = DECL_ARGUMENTS (f);
          if (!private_params->get (p))
            continue;
          HOST_WIDE_INT bound = -1;
          bool ok = true;
          auto_vec<tree> &heap = roots.get_or_insert (f);
          heap.truncate (0);
          auto_vec<int> &own = owned.get_or_insert (f);
          own.truncate (0);
          for (const create_use &cu : creates[*create_index.get (f)])
            {
              thread_object o;
              push_cfun (cu.fn);
              bool had_dom = dom_info_available_p (CDI_DOMINATORS);
              bool loops = loops_for_fn (cu.fn)
                           && !loops_state_satisfies_p (cu.fn, LOOPS_NEED_FIXUP);
              if (loops && !had_dom)
                calculate_dominance_info (CDI_DOMINATORS);
              bool here = loops && creator_ok (u, &cu, &own)
                          && object_of (cu.stmt,
                                        gimple_call_arg (cu.stmt, cu.argno),
                                        &o);
              if (loops && !had_dom)
                free_dominance_info (CDI_DOMINATORS);
              pop_cfun ();
              ok = ok && here;
              if (here && o.bound >= 0 && (bound < 0 || o.bound < bound))
                bound = o.bound;
              if (here && o.heap_root)
                heap.safe_push (o.heap_root);
              else if (here && o.malloc_call && gimple_call_lhs (o.malloc_call))
                heap.safe_push (gimple_call_lhs (o.malloc_call));
            }
          function *fn = DECL_STRUCT_FUNCTION (f);
          tree d = ssa_default_def (fn, p);
          if (ok && d)
            ok = web_keeps_no_copy (d)
                 && (bound < 0 || bounded (d, bound, 0, 0));
          if (!ok)
            {
              private_params->remove (p);
              changed = true;
            }
          else
            *private_params->get (p) = bound;
        }
    }
  web_cache->empty ();
  for (tree f : cands)
    if (private_params->get (DECL_ARGUMENTS (f)))
      {
        for (tree r : *roots.get (f))
          creator_roots->add (r);
        for (int o : *owned.get (f))
          owned_objs->safe_push (o);
      }
  for (vec<create_use> &v : creates)
    v.release ();
}

/* Is fndecl the _M_run of a std::thread state (`_State_impl<...>`)? */
static bool
std_state_run (tree fndecl)
{
  return DECL_NAME (fndecl)
         && !strcmp (IDENTIFIER_POINTER (DECL_NAME (fndecl)), "_M_run")
         && wmm_std_state_type (DECL_CONTEXT (fndecl));
}

/* The state a std::thread constructor builds (its callable and the
 * arguments, copied or moved into a fresh heap object) is handed to the
 * new thread alone, which runs _M_run on it and deletes it: _M_run's
 * `this` is a private object when its web keeps no copy.  A lambda's
 * captures, read through its closure (part of the state), are then the
 * thread's own copies. */
void
find_state_params (const vec<cgraph_node *> &fns)
{
  for (cgraph_node *node : fns)
    {
      tree p = DECL_ARGUMENTS (node->decl);
      function *fn = node->get_fun ();
      tree d = p ? ssa_default_def (fn, p) : NULL_TREE;
      if (!std_state_run (node->decl) || !d || !POINTER_TYPE_P (TREE_TYPE (p)))
        continue;
      private_params->put (p, -1);
      if (!web_keeps_no_copy (d))
        private_params->remove (p);
    }
  web_cache->empty ();
}

/* The calls that may run function node's body (*sites): its direct calls
 * when the unit sees them all, or, for a function whose address goes only
 * into members whose indirect calls entries.cc resolved (std::function's
 * _M_invoke and _M_manager), those calls too.  False when not known. */
bool
call_sites (wmm_unitinfo *u, cgraph_node *node,
            hash_map<tree, vec<gimple *> > &resolved_sites,
            vec<gimple *> *sites)
{
  tree f = node->decl;
  const vec<gimple *> *hooked = NULL;
  if (!wmm_calls_all_seen (node))
    {
      bool *escapes = u->fn_escapes ? u->fn_escapes->get (f) : NULL;
      hooked = escapes && !*escapes ? resolved_sites.get (f) : NULL;
      if (!hooked)
        return false;
    }
  bool ok = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    tree called = e->call_stmt ? gimple_call_fndecl (e->call_stmt)
                               : NULL_TREE;
    ok = ok && called && wmm_analysable_body (e->caller)
         && wmm_alias_target (called) == f;
    if (ok)
      sites->safe_push (e->call_stmt);
  });
  if (hooked)
    for (gimple *g : *hooked)
      sites->safe_push (g);
  return ok && !sites->is_empty ();
}

/* Parameters of functions of the unit every call of which passes a
 * private pointer (a least fixpoint from the start routines' and states'
 * parameters): std::thread's _M_run hands its state down to the lambda's
 * operator () through _Invoker, std::get and std::__invoke; a worker's
 * local std::function called (`task ()`) hands its stored callable down
 * through _M_invoke to the lambda's operator (). */
void
find_callee_params (wmm_unitinfo *u, const vec<cgraph_node *> &fns)
{
  /* the resolved indirect calls of each target */
  hash_map<tree, vec<gimple *> > resolved_sites;
  if (u->resolved_calls)
    for (auto r : *u->resolved_calls)
      for (tree t : r.second)
        resolved_sites.get_or_insert (wmm_alias_target (t)).safe_push (r.first);
  for (bool changed = true; changed;)
    {
      changed = false;
      for (cgraph_node *node : fns)
        {
          tree f = node->decl;
          /* (the calls of its aliases too: a C++ complete-object
             constructor's calls run this base-object body) */
          auto_vec<gimple *> sites;
          if (!call_sites (u, node, resolved_sites, &sites))
            continue;
          unsigned i = 0;
          for (tree p = DECL_ARGUMENTS (f); p; p = DECL_CHAIN (p), i++)
            {
              tree d = ssa_default_def (node->get_fun (), p);
              if (!d || !POINTER_TYPE_P (TREE_TYPE (p))
                  || private_params->get (p))
                continue;
              bool ok = true;
              for (gimple *call : sites)
                {
                  tree a = ok && i < gimple_call_num_args (call)
                           ? gimple_call_arg (call, i) : NULL_TREE;
                  ok = a && wmm_private_argument (a);
                }
              if (!ok)
                continue;
              private_params->put (p, -1);
              /* every caller's web has the call's result in it (grow) */
              bool returned = i < 32 && (wmm_returned_params (f) >> i & 1);
              if (returned)
                returned_params->add (p);
              if (web_keeps_no_copy (d))
                changed = true;
              else
                {
                  private_params->remove (p);
                  returned_params->remove (p);
                }
              web_cache->empty ();
            }
        }
    }
  for (auto r : resolved_sites)
    r.second.release ();
}

/* Comparators of qsort: a function of the unit whose address only goes
 * to qsort calls as their comparator, and that nothing calls directly,
 * runs inside those calls on pointers into their arrays: when every such
 * array is private, so are its two pointer parameters (when their webs
 * keep no copy).  `qsort (local, n, sizeof *local, cmp)` in a thread. */
void
find_comparator_params (const vec<cgraph_node *> &fns)
{
  for (cgraph_node *node : fns)
    {
      tree f = node->decl, p0 = DECL_ARGUMENTS (f);
      tree p1 = p0 ? DECL_CHAIN (p0) : NULL_TREE;
      if (!p1 || node->callers || TREE_PUBLIC (f) || node->has_aliases_p ())
        continue;
      bool ok = true, any = false;
      ipa_ref *ref;
      for (int i = 0; ok && node->iterate_referring (i, ref); i++)
        {
          gimple *s = ref->stmt;
          tree a = s && wmm_sort_comparator (s) == f
                   ? gimple_call_arg (s, 0) : NULL_TREE;
          ok = a && wmm_private_argument (a);
          any = true;
        }
      if (!ok || !any)
        continue;
      for (tree p : { p0, p1 })
        {
          tree d = ssa_default_def (node->get_fun (), p);
          if (!d || !POINTER_TYPE_P (TREE_TYPE (p)) || private_params->get (p))
            continue;
          private_params->put (p, -1);
          if (!web_keeps_no_copy (d))
            private_params->remove (p);
          web_cache->empty ();
        }
    }
}

} // namespace

void
wmm_private_reset (void)
{
  delete escaped_tls;
  delete wrap_sites;
  wrap_sites = NULL;
  delete wrappers;
  wrappers = NULL;
  delete private_params;
  delete private_keys;
  delete returned_params;
  delete web_cache;
  delete param_objects;
  delete static_owner;
  delete creator_roots;
  delete owned_objs;
  delete thread_returns;
  delete return_fns;
  return_fns = NULL;
  thread_returns = NULL;
  creator_roots = NULL;
  owned_objs = NULL;
  param_objects = NULL;
  static_owner = NULL;
  escaped_tls = NULL;
  private_params = NULL;
  private_keys = NULL;
  returned_params = NULL;
  web_cache = NULL;
  resolved_targets = NULL;
  delete cas_locals;
  cas_locals = NULL;
}

void
wmm_private_analyse (wmm_unitinfo *u)
{
  wmm_private_reset ();
  escaped_tls = new hash_set<tree>;
  private_params = new hash_map<tree, HOST_WIDE_INT>;
  private_keys = new hash_set<tree>;
  returned_params = new hash_set<tree>;
  web_cache = new hash_map<tree, bool>;
  resolved_targets = u->resolved_calls;
  cas_locals = new hash_map<tree, bool>;
  param_objects = new hash_map<tree, tree>;
  static_owner = new hash_map<tree, tree>;
  creator_roots = new hash_set<tree>;
  owned_objs = new auto_vec<int> ();
  thread_returns = new hash_set<gimple *>;
  find_escaped_tls ();
  auto_vec<cgraph_node *> fns;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = node->get_fun ();
      if (!node->alias && !node->inlined_to && fn && fn->cfg
          && gimple_in_ssa_p (fn))
        fns.safe_push (node);
    }
  find_private_keys (fns);
  find_private_params (u, fns);
  find_state_params (fns);
  find_callee_params (u, fns);
  find_comparator_params (fns);
}

bool
wmm_tls_escapes (tree decl)
{
  return !escaped_tls || escaped_tls->contains (decl);
}

bool
wmm_private_pointer (tree ptr)
{
  if (!web_cache || !ptr || TREE_CODE (ptr) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (ptr)))
    return false;
  return web_private (ptr, 0) || wmm_threadlocal_pointer (ptr);
}

/* The walk of wmm_param_object and wmm_param_object_at: back through
 * copies, conversions and offsets, and through the parameters of a callee
 * collected for one call site (collect.cc) to the caller's argument.
 * bits NULL: any offset (C 6.5.6: the arithmetic stays inside the
 * object); else only constant ones, the object's bit offset in *bits. */
static tree
object_walk (tree ptr, HOST_WIDE_INT *bits)
{
  HOST_WIDE_INT off = 0;
  for (int steps = 0; ptr && steps < 16; steps++)
    {
      if (TREE_CODE (ptr) == ADDR_EXPR)
        {
          tree ref = TREE_OPERAND (ptr, 0);
          if (bits)
            {
              poly_int64 pos, size, max;
              bool reverse;
              HOST_WIDE_INT p;
              tree base = get_ref_base_and_extent (ref, &pos, &size, &max,
                                                   &reverse);
              if (!base || !VAR_P (base) || !pos.is_constant (&p))
                return NULL_TREE;
              *bits = off + p;
              return base;
            }
          tree base = get_base_address (ref);
          if (base && TREE_CODE (base) == MEM_REF)
            {
              ptr = TREE_OPERAND (base, 0);
              continue;
            }
          return base && VAR_P (base) ? base : NULL_TREE;
        }
      if (TREE_CODE (ptr) != SSA_NAME)
        return NULL_TREE;
      if (SSA_NAME_IS_DEFAULT_DEF (ptr))
        {
          if (tree arg = wmm_memloc_bound_argument (ptr))
            {
              ptr = arg;
              continue;
            }
          /* a start routine's parameter points somewhere into its object */
          tree var = SSA_NAME_VAR (ptr);
          tree *o = !bits && var && param_objects ? param_objects->get (var)
                                                  : NULL;
          return o ? *o : NULL_TREE;
        }
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr));
      if (!def)
        return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code == POINTER_PLUS_EXPR && bits)
        {
          tree k = gimple_assign_rhs2 (def);
          if (TREE_CODE (k) != INTEGER_CST || !tree_fits_shwi_p (k))
            return NULL_TREE;
          off += tree_to_shwi (k) * BITS_PER_UNIT;
        }
      else if (code != POINTER_PLUS_EXPR && !CONVERT_EXPR_CODE_P (code)
               && code != SSA_NAME)
        return NULL_TREE;
      ptr = gimple_assign_rhs1 (def);
    }
  return NULL_TREE;
}

tree
wmm_param_object_at (tree ptr, HOST_WIDE_INT *bits)
{
  return object_walk (ptr, bits);
}

tree
wmm_param_object (tree ptr)
{
  return object_walk (ptr, NULL);
}

/* A segment of a fresh object: the web of `start` (its only root), its
 * points, and `avoid`; NULL when the web has other roots or lets the
 * object out otherwise than by stores (pushed to *stores); its returns go
 * to *returns when that is given.  The segments of callees that only this
 * web's calls call, every call made before the object may be in memory
 * (no point reaches it, itself included, without `avoid`), go to *extra:
 * what the callee does to the object before its own points comes before
 * the publication too (a `submit (q, job)` that sets `job->next = 0` and
 * then links the job in under the lock). */
wmm_fresh_segment *
fresh_segment (tree start, gimple *avoid, vec<gimple *> *stores,
               vec<gimple *> *returns, tree fndecl,
               vec<wmm_fresh_segment *> *extra)
{
  if (TREE_CODE (start) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (start)))
    return NULL;
  web w;
  grow (&w, start);
  wmm_fresh_segment *seg = new wmm_fresh_segment;
  seg->avoid = avoid;
  /* Merged with other pointers (`t = p ? p : malloc (...)`, a
     double-checked initialisation): the segment is the names that hold
     only this object, and what the function returns is its callers'
     (checked as any pointer's: no constructor). */
  bool merged = only_root (&w) != start;
  callee_segments csegs;
  if ((merged && !w.roots.contains (start))
      || !uses_or_stores (&w, merged ? fndecl : NULL_TREE, stores,
                          &seg->points, merged ? NULL : returns, 0,
                          merged ? NULL : &csegs))
    {
      for (auto &cs : csegs)
        delete cs.second;
      delete seg;
      return NULL;
    }
  /* a callee counts when each of its calls is early */
  keep_early_segments (csegs, seg->points, avoid, extra);
  if (merged)
    own_names (start, &seg->names);
  else
    for (tree n : w.names)
      seg->names.add (n);
  return seg;
}

bool
wmm_fresh_object (gimple *root, tree fndecl, vec<gimple *> *stores,
                  vec<wmm_fresh_segment *> *segs)
{
  tree lhs = gimple_call_lhs (root);
  if (!web_cache || !lhs)
    return false;
  auto_vec<gimple *> returns;
  auto_vec<wmm_fresh_segment *> extra;
  wmm_fresh_segment *seg = fresh_segment (lhs, root, stores, &returns, fndecl,
                                          &extra);
  if (!seg)
    return false;
  segs->safe_push (seg);
  segs->safe_splice (extra);
  extra.truncate (0);
  if (returns.is_empty ())
    return true;
  /* A constructor: every caller's result is a segment of its own. */
  return each_caller_result (fndecl, [&] (cgraph_edge *e, tree lhs) {
    wmm_fresh_segment *cs = fresh_segment (lhs, e->call_stmt, stores, NULL,
                                           e->caller->decl, &extra);
    if (cs)
      segs->safe_push (cs);
    segs->safe_splice (extra);
    extra.truncate (0);
    return cs != NULL;
  });
}

bool
wmm_web_stores (tree name, tree fndecl, vec<gimple *> *stores)
{
  if (!web_cache || TREE_CODE (name) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (name)))
    return false;
  web w;
  w.loads_join = true;
  grow (&w, name);
  return uses_or_stores (&w, fndecl, stores, NULL, NULL, 0);
}

bool local_opaque (tree l, int depth);

/* Is every use of the web a store of a name into memory (as a value), a
 * test or a comparison, or a store into a local that only this
 * activation reads back and compare-exchanges take as their expected
 * value, whose reads back do the same (local_opaque)?  No dereference, no
 * call, no return. */
bool
web_opaque (web *w, int depth)
{
  if (w->bad || depth > 4)
    return false;
  for (gimple *u : w->uses)
    {
      if (gimple_code (u) == GIMPLE_COND)
        continue;
      if (tree l = frame_local_store (w, u))
        {
          if (!local_opaque (l, depth))
            return false;
          continue;
        }
      if (stores_name (w, u))
        continue;
      if (is_gimple_assign (u) && !gimple_assign_single_p (u)
          && TREE_CODE_CLASS (gimple_assign_rhs_code (u)) == tcc_comparison
          && names_in (w, gimple_assign_lhs (u)) == 0)
        continue;
      return false;
    }
  return true;
}

/* Do the statements of local l's function only store into it, give it
 * to compare-exchanges as their expected value, and load from it into
 * names whose webs are opaque (web_opaque)? */
bool
local_opaque (tree l, int depth)
{
  function *fn = DECL_STRUCT_FUNCTION (DECL_CONTEXT (l));
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!ok || is_gimple_debug (g) || gimple_clobber_p (g)
        || cas_on_expected (g, l))
      return;
    if (gimple_assign_single_p (g))
      {
        tree lhs = gimple_assign_lhs (g), rhs = gimple_assign_rhs1 (g);
        if (get_base_address (lhs) == l && !wmm_mentions (rhs, l))
          return;
        if (rhs == l && TREE_CODE (lhs) == SSA_NAME)
          {
            if (POINTER_TYPE_P (TREE_TYPE (lhs)))
              {
                web w;
                grow (&w, lhs);
                ok = web_opaque (&w, depth + 1);
              }
            return;
          }
      }
    for (unsigned k = 0; ok && k < gimple_num_ops (g); k++)
      if (gimple_op (g, k) && wmm_mentions (gimple_op (g, k), l))
        ok = false;
  });
  return ok;
}

bool
wmm_cas_expected_local (tree l)
{
  return web_cache && cas_expected_local (l);
}

bool
wmm_web_opaque (tree name)
{
  if (!web_cache || TREE_CODE (name) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (name)))
    return false;
  web w;
  grow (&w, name);
  return web_opaque (&w, 0);
}

bool
wmm_web_kept (tree name, hash_set<tree> *names)
{
  if (!web_cache || TREE_CODE (name) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (name)))
    return false;
  web w;
  grow (&w, name);
  auto_vec<gimple *> stores;
  if (w.bad || w.phi || w.roots.length () != 1 || w.roots[0] != name
      || !uses_or_stores (&w, NULL_TREE, &stores, NULL, NULL, 0)
      || !stores.is_empty ())
    return false;
  for (tree n : w.names)
    names->add (n);
  return true;
}

bool
wmm_reaches_avoiding (gimple *from, gimple *to, gimple *avoid)
{
  return reaches (from, to, avoid);
}

bool
wmm_address_segment (tree name, tree fndecl, vec<gimple *> *stores,
                     wmm_fresh_segment *into)
{
  if (!web_cache)
    return false;
  auto_vec<wmm_fresh_segment *> extra;
  wmm_fresh_segment *seg = fresh_segment (name, NULL, stores, NULL, fndecl,
                                          &extra);
  for (wmm_fresh_segment *e : extra)
    delete e;
  if (!seg)
    return false;
  for (tree n : seg->names)
    into->names.add (n);
  into->points.safe_splice (seg->points);
  delete seg;
  return true;
}

bool
wmm_fresh_escapes (gimple *root, wmm_fresh_segment *seg,
                   vec<wmm_fresh_segment *> *extra)
{
  tree lhs = gimple_call_lhs (root);
  if (!web_cache || !lhs || TREE_CODE (lhs) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (lhs)))
    return false;
  web w;
  grow (&w, lhs);
  if (w.bad)
    return false;
  callee_segments csegs;
  for (gimple *u : w.uses)
    {
      /* A call of a function of the unit that keeps no copy (`node_init
         (n, v)`, a C++ constructor): no point; what the callee does
         through its parameter is a segment of its own when only this
         web's calls call it (callee_stores' csegs). */
      auto_vec<gimple *> stores;
      bool point;
      if (is_gimple_call (u) && gimple_call_fndecl (u)
          && own_callee (&w, u, &stores, 0, &csegs, &point, true))
        continue;
      if (!use_ok (&w, u, NULL, 0))
        seg->points.safe_push (u);
    }
  own_names (lhs, &seg->names);
  seg->avoid = root;
  keep_early_segments (csegs, seg->points, root, extra);
  return true;
}

bool
wmm_after_own_join (wmm_unitinfo *u, wmm_unit *unit, gimple *create,
                    tree counter, gimple *s, tree idx)
{
  if (!unit->fn || gimple_bb (s)->loop_father == gimple_bb (create)->loop_father)
    return false;
  wmm_handle ch;
  if (!wmm_handle_of_addr (gimple_call_arg (create, 0), &ch)
      || ch.index != counter)
    return false;
  return wmm_with_dominators (unit->fn, [&] () {
    wmm_region *r = wmm_region_begin (u, unit);
    /* the handles still name the threads created into them */
    bool ok = r && !(wmm_region_before (r, s) & WMM_REGION_UNKNOWN)
              && joined_before (ch, s, idx) != NULL;
    if (r)
      wmm_region_end (r);
    return ok;
  });
}

bool
wmm_before_own_create (wmm_unit *unit, gimple *create, tree counter,
                       gimple *s, tree idx)
{
  if (!unit->fn || !counter || idx != counter || !create
      || gimple_bb (s) == NULL || gimple_bb (create) == NULL)
    return false;
  return wmm_with_dominators (unit->fn, [&] () {
    return before_in_iteration (s, create);
  });
}

bool
wmm_initializers_mention (tree decl, tree except)
{
  varpool_node *v;
  FOR_EACH_VARIABLE (v)
    if (v->decl != except)
      {
        /* (an initializer lto1 cannot give may mention it) */
        tree init = wmm_decl_initial (v->decl);
        if (init == error_mark_node || wmm_mentions (init, decl))
          return true;
      }
  return false;
}

tree
wmm_site_object (const wmm_site &site)
{
  if (!site.stmt || site.summary || !gimple_assign_single_p (site.stmt)
      || site.operand < 0)
    return NULL_TREE;
  return get_base_address (site.operand == 0 ? gimple_assign_lhs (site.stmt)
                                             : gimple_assign_rhs1 (site.stmt));
}

int
wmm_move_objects_to_private (wmm_unitinfo *u, const char *name,
                             hash_set<tree> &objs)
{
  int fresh = -1;
  return wmm_move_to_private (u, &fresh, name,
                              [&] (const wmm_unit &unit, int i) {
                                tree o = wmm_site_object (unit.sites[i]);
                                return o && objs.contains (o);
                              },
                              [] (int, int, int) {});
}

/* (plugin.h) */
bool
wmm_reader_within (tree name, function *fn, HOST_WIDE_INT bound)
{
  return TREE_CODE (name) == SSA_NAME && fn && bound > 0
         && param_accesses (name, 0, 0, [&] (HOST_WIDE_INT lo,
                                             HOST_WIDE_INT hi) {
              return lo >= 0 && hi <= bound; }, fn);
}

/* (plugin.h) */
bool
wmm_creator_static (tree base, function *fn)
{
  if (!static_owner || !fn)
    return false;
  push_cfun (fn);
  bool r = creator_static (base);
  pop_cfun ();
  return r;
}
