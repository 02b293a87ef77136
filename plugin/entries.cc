/* entries.cc — which functions of the unit run as threads, in how many
 * instances, which functions their code reaches, and (for main) where the
 * threads it starts are running.
 *
 * Example: main() { pthread_create(&a,0,P0,0); pthread_create(&b,0,P1,0);
 *   pthread_join(a,0); pthread_join(b,0); printf(...); }
 *   -> entries main (1 instance, region), P0 (1), P1 (1); the code of main
 *   before the first create and after the last join is not concurrent.
 *
 * Rules (docs/plugin.md, "Thread entries and instances"):
 *  - a function passed to pthread_create/thrd_create is an entry; it has 2
 *    instances when it is created at several sites, in a loop, or by a
 *    function that may run more than once (runs_once), unless no path
 *    from main makes two of its creates (creations_once); a routine that is
 *    a parameter of the creating function is resolved at each call of it
 *    (launch (producer, 0)), one loaded from a const table is any of the
 *    table's functions; an unresolved start routine makes every
 *    address-taken and every exported function an entry with 2 instances,
 *    a routine defined in another unit (or an exported helper that creates
 *    its parameter) every exported function;
 *  - a trampoline (a start routine that calls the body its argument
 *    carries, trampoline.cc) calls the bodies the unit's creates put in
 *    that field: threads of their own when it does nothing else, else
 *    its callees;
 *  - pthread_once / call_once routines are entries (1 instance for one
 *    call with a global once-control);
 *  - a function whose address escapes to code the unit cannot see (an
 *    external callee outside libfns.cc's table, memory, a variable's
 *    initialiser such as a C++ vtable, a return) is an entry with 2
 *    instances: std::thread's _State_impl::_M_run, launch (worker, 0);
 *  - functions passed to libgomp (GOMP_parallel*, GOMP_task, ...) are
 *    entries with 2 instances;
 *  - main is an entry with 1 instance, concurrent only between the first
 *    create and the last provable join (region.cc), or from the first call
 *    that may start threads it cannot join (an unknown callee once
 *    something escapes, a task, a helper that keeps no handle, ...) to its
 *    end;
 *  - __attribute__((wmmfence_thread)) / wmmfence_thread(N) marks an entry
 *    with N (default 2) instances;
 *  - threads=exported, or threads=auto in a unit without main (a library,
 *    also one that starts threads of its own) and without the attribute,
 *    makes every exported function an entry with 2 instances (a note);
 *  - functions called indirectly from concurrent code are entries too (an
 *    over-approximation: they may run in any thread).
 * Every assumption taken is a note (wmm_note).
 */
#include "plugin.h"
#include "handles.h"

/* Every function of the unit with a GIMPLE body in SSA form, sorted by
 * symbol order (stable across runs). */
static void
unit_functions (vec<cgraph_node *> *out)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      if (node->inlined_to || !wmm_analysable_body (node))
        continue;
      out->safe_push (node);
    }
  out->qsort ([] (const void *a, const void *b) {
    int oa = (*(cgraph_node *const *) a)->order;
    int ob = (*(cgraph_node *const *) b)->order;
    return oa < ob ? -1 : oa > ob;
  });
}


/* The function whose address `arg` is, or NULL. */
static tree
function_address (tree arg)
{
  if (arg && TREE_CODE (arg) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (arg, 0)) == FUNCTION_DECL)
    return TREE_OPERAND (arg, 0);
  return NULL_TREE;
}

/* The start-routine argument of a thread create call, or -1 when the call
 * is no create. */
static int
create_argno (gimple *stmt)
{
  const char *name = wmm_callee_name (stmt);
  if (!name)
    return -1;
  if (!strcmp (name, "pthread_create"))
    return 2;
  if (!strcmp (name, "thrd_create"))
    return 1;
  return -1;
}

int
wmm_thread_arg_index (gimple *stmt)
{
  int argno = create_argno (stmt);
  return argno < 0 ? -1 : argno + 1;
}

bool
wmm_is_thread_create (gimple *stmt, tree *fn)
{
  int argno = create_argno (stmt);
  if (argno < 0)
    return false;
  *fn = NULL_TREE;
  if (gimple_call_num_args (stmt) > (unsigned) argno)
    *fn = function_address (gimple_call_arg (stmt, argno));
  return true;
}

/* A libgomp call that runs outlined functions (its function-address
 * arguments) in a team of threads: GOMP_parallel*, GOMP_teams_reg (*sync:
 * every thread has finished when it returns), GOMP_task, GOMP_taskloop,
 * GOMP_target_ext (tasks may still run after it returns). */
static bool
is_omp_start (gimple *stmt, bool *sync)
{
  const char *n = wmm_callee_name (stmt);
  if (!n)
    return false;
  if (!strncmp (n, "__builtin_", 10))
    n += 10;
  if (strncmp (n, "GOMP_", 5))
    return false;
  bool fn_arg = false;
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    fn_arg |= function_address (gimple_call_arg (stmt, i)) != NULL_TREE;
  *sync = !strncmp (n, "GOMP_parallel", 13) || !strcmp (n, "GOMP_teams_reg");
  return fn_arg;
}

/* Does some operand of statement g mention d? */
static bool
stmt_mentions (gimple *g, tree d)
{
  for (unsigned k = 0; k < gimple_num_ops (g); k++)
    if (gimple_op (g, k) && wmm_mentions (gimple_op (g, k), d))
      return true;
  return false;
}

/* Is `x` a local variable of function `in` (not static)? */
static bool
frame_var (tree x, function *in)
{
  return x && VAR_P (x) && !is_global_var (x) && DECL_CONTEXT (x) == in->decl;
}

tree
wmm_thread_method_object (gimple *stmt, function *in, tree method)
{
  if (!gimple_assign_single_p (stmt))
    return NULL_TREE;
  tree lhs = gimple_assign_lhs (stmt), rhs = gimple_assign_rhs1 (stmt);
  if (TREE_CODE (rhs) == ADDR_EXPR)
    rhs = TREE_OPERAND (rhs, 0);
  if (rhs != method || TREE_CODE (lhs) != COMPONENT_REF
      || !DECL_NAME (TREE_OPERAND (lhs, 1))
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (lhs, 1))),
                 "__pfn"))
    return NULL_TREE;
  tree pmf = TREE_OPERAND (lhs, 0);
  if (!frame_var (pmf, in))
    return NULL_TREE;
  /* The constructor call that takes &X, and the local Y it takes after. */
  gcall *ctor = NULL;
  bool ok = true;
  wmm_each_stmt (in, [&] (gimple *g) {
    if (!ok || g == stmt || gimple_clobber_p (g) || !stmt_mentions (g, pmf))
      return;
    if (gimple_assign_single_p (g))
      {
        tree l = gimple_assign_lhs (g);
        /* (the this-adjustment: none) */
        ok = TREE_CODE (l) == COMPONENT_REF && TREE_OPERAND (l, 0) == pmf
             && integer_zerop (gimple_assign_rhs1 (g))
             && !wmm_mentions (gimple_assign_rhs1 (g), pmf);
        return;
      }
    gcall *c = dyn_cast<gcall *> (g);
    tree fd = c ? gimple_call_fndecl (c) : NULL_TREE;
    const char *mangled = fd && DECL_ASSEMBLER_NAME_SET_P (fd)
                          ? IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fd)) : "";
    ok = !ctor && c && !strncmp (mangled, "_ZNSt6threadC", 13)
         && gimple_call_num_args (c) >= 3
         && TREE_CODE (gimple_call_arg (c, 1)) == ADDR_EXPR
         && TREE_OPERAND (gimple_call_arg (c, 1), 0) == pmf;
    for (unsigned i = 0; ok && i < gimple_call_num_args (c); i++)
      ok = i == 1 || !wmm_mentions (gimple_call_arg (c, i), pmf);
    if (ok)
      ctor = c;
  });
  if (!ok || !ctor || TREE_CODE (gimple_call_arg (ctor, 2)) != ADDR_EXPR)
    return NULL_TREE;
  tree holder = TREE_OPERAND (gimple_call_arg (ctor, 2), 0);
  if (!frame_var (holder, in) || !POINTER_TYPE_P (TREE_TYPE (holder)))
    return NULL_TREE;
  /* Y's one store, and nothing else that names it but the constructor */
  tree obj = NULL_TREE;
  wmm_each_stmt (in, [&] (gimple *g) {
    if (!ok || g == ctor || gimple_clobber_p (g) || !stmt_mentions (g, holder))
      return;
    ok = !obj && gimple_assign_single_p (g) && gimple_assign_lhs (g) == holder
         && !wmm_mentions (gimple_assign_rhs1 (g), holder);
    if (ok)
      obj = gimple_assign_rhs1 (g);
  });
  for (unsigned i = 0; ok && i < gimple_call_num_args (ctor); i++)
    ok = i == 2 || !wmm_mentions (gimple_call_arg (ctor, i), holder);
  return ok ? obj : NULL_TREE;
}

bool
wmm_is_thread_join (gimple *stmt)
{
  const char *name = wmm_callee_name (stmt);
  return name && (!strcmp (name, "pthread_join")
                  || !strcmp (name, "thrd_join"));
}

/* Blocks that lie on a cycle of the CFG (Tarjan's SCCs); scc[bb->index]
 * gets the block's component, cyclic[c] whether component c is a loop. */
static void
cfg_sccs (function *fn, vec<int> *scc, vec<bool> *cyclic)
{
  int n = last_basic_block_for_fn (fn);
  auto_vec<int> index, low, stack;
  auto_vec<bool> on_stack;
  index.safe_grow_cleared (n);
  low.safe_grow_cleared (n);
  on_stack.safe_grow_cleared (n);
  scc->safe_grow_cleared (n);
  for (int i = 0; i < n; i++)
    {
      index[i] = -1;
      (*scc)[i] = -1;
    }
  int counter = 0;
  /* Iterative DFS: frames of (block, next successor). */
  auto_vec<std::pair<basic_block, unsigned> > frames;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (index[bb->index] >= 0)
        continue;
      frames.safe_push (std::make_pair (bb, 0u));
      index[bb->index] = low[bb->index] = counter++;
      stack.safe_push (bb->index);
      on_stack[bb->index] = true;
      while (!frames.is_empty ())
        {
          basic_block b = frames.last ().first;
          unsigned k = frames.last ().second;
          if (k < EDGE_COUNT (b->succs))
            {
              frames.last ().second++;
              basic_block s = EDGE_SUCC (b, k)->dest;
              if (s->index < NUM_FIXED_BLOCKS || s->index >= n)
                continue;
              if (index[s->index] < 0)
                {
                  index[s->index] = low[s->index] = counter++;
                  stack.safe_push (s->index);
                  on_stack[s->index] = true;
                  frames.safe_push (std::make_pair (s, 0u));
                }
              else if (on_stack[s->index])
                low[b->index] = MIN (low[b->index], index[s->index]);
              continue;
            }
          frames.pop ();
          if (!frames.is_empty ())
            {
              int p = frames.last ().first->index;
              low[p] = MIN (low[p], low[b->index]);
            }
          if (low[b->index] == index[b->index])
            {
              int c = cyclic->length ();
              int members = 0, w;
              bool self = false;
              do
                {
                  w = stack.pop ();
                  on_stack[w] = false;
                  (*scc)[w] = c;
                  members++;
                }
              while (w != b->index);
              edge e;
              edge_iterator ei;
              FOR_EACH_EDGE (e, ei, b->succs)
                if (e->dest == b)
                  self = true;
              cyclic->safe_push (members > 1 || self);
            }
        }
    }
}

/* Is the block part of a loop? */
static bool
in_loop (const vec<int> &scc, const vec<bool> &cyclic, basic_block bb)
{
  int c = bb->index < (int) scc.length () ? scc[bb->index] : -1;
  return c >= 0 && cyclic[c];
}

/* How a call may start threads. */
enum start_kind {
  START_NONE,       /* none by itself: a direct call of a unit function */
  START_CREATE,     /* pthread_create / thrd_create */
  START_OMP_SYNC,   /* GOMP_parallel*, GOMP_teams_reg: the team ends inside */
  START_OMP_ASYNC,  /* GOMP_task & co: tasks may outlive the call */
  START_UNKNOWN     /* code the unit cannot see (an external or indirect
                       callee): it may start threads that run escaped
                       functions of the unit */
};

/* A call that may start threads, or a direct call of a unit function. */
struct call_fact {
  gimple *stmt;
  start_kind kind;
  int target;       /* the unit function created, run or called; -1: none,
                       or one defined elsewhere */
  bool loop;        /* the call is in a loop */
  bool param;       /* a create whose start routine is a parameter or
                       comes from a table (create sites made elsewhere) */
};

/* What the scan of one function found. */
struct fn_facts {
  cgraph_node *node;
  auto_vec<int> callees;        /* indices of unit functions called */
  auto_vec<call_fact> calls;    /* calls that start or may start threads */
  bool indirect;                /* makes an indirect call */
  bool only_virtual;            /* ... each one left a virtual call */
  bool leaves_threads;          /* may return while threads it started run */
  bool leaves_tasks;            /* ... or OpenMP tasks it started */
  bool may_create;              /* either */
  bool called;                  /* called directly by a unit function */
  int entry;                    /* 0, or the entry's instances */
  bool other_entry;             /* an entry for a reason other than the
                                   unit's own creates (private.cc) */
  bool region;
};

/* A thread create whose start routine is a unit function (fn: where its
 * address is given, to the create or to a helper that creates). */
struct create_site {
  int target, fn;
  bool in_loop;
  bool via_param;       /* resolved through a helper's parameter or a
                           table of routines */
  gimple *stmt;         /* the create itself in fn, or NULL */
};

/* A create in function fn whose start routine is fn's parameter. */
struct param_create {
  int fn, param;
  bool loop;
};

/* A pthread_once / call_once of a unit function. */
struct once_site {
  int target;
  tree control;          /* the once-control: a global variable, or NULL */
};

/* What wmm_find_entries works with. */
struct entries_ctx {
  wmm_unitinfo *u;
  auto_vec<cgraph_node *> fns;
  hash_map<tree, int> index;    /* decl -> index in fns */
  fn_facts *facts;
  int main_fn;
  auto_vec<create_site> creates;
  bool unresolved;              /* a start routine is no known function */
  tree external;                /* a start routine defined in another unit */
  bool any_attribute;
  bool omp;                     /* OpenMP constructs start threads */
  bool forks;                   /* main forks a process it shares a
                                   mapping with (processes.cc) */
  auto_vec<param_create> param_creates;
  bool param_routine_creates;   /* a routine given through a parameter
                                   starts threads itself, or is unknown */
  tree public_helper;           /* an exported function that creates a
                                   thread of its parameter */
  auto_vec<once_site> onces;
  hash_set<tree> std_runs;      /* _M_run of std::thread states the unit's
                                   std::thread constructors start */
  hash_set<gimple *> tramp_stores;  /* stores of a routine into the object
                                   a trampoline is given, into a hook, or
                                   into the member-function pointer a
                                   std::thread or call_once is given
                                   (resolved), and the calls giving a
                                   std::function its function pointer
                                   (std_function_pointer_targets) */
  hash_set<tree> field_hook_fails;  /* members no field hook resolves
                                   (field_hook_targets, asked once each) */
  hash_set<tree> exit_dtors;    /* static objects' destructors, registered
                                   with __cxa_atexit: run at exit */
  hash_set<tree> exit_objects;  /* the objects they destroy */
  hash_set<tree> exit_handlers; /* functions given to atexit,
                                   at_quick_exit, on_exit or signal */
  hash_set<tree> key_dtors;     /* destructors of thread-specific keys
                                   (pthread_key_create, tss_create): run by
                                   exiting threads */
  hash_set<tree> hook_vars;     /* hooks whose calls are resolved, and
                                   constants copied into resolved local
                                   tables of routines */
  int no_callers = -1;          /* no_stored_calls (), once asked */
  bool closed_members = false;  /* main's unit calls other units' code only
                                   through members every store of the unit
                                   resolves (closed_member_calls) */
  hash_map<tree, bool> stays;   /* record_stays_in_unit, once per record */
  const vec<int> *scc;          /* the CFG components of the function
                                   being scanned (cfg_sccs) */
};

/* Index of a function among the unit's functions (-1: none). */
static int
find_fn (hash_map<tree, int> *index, tree decl)
{
  int *i = index->get (decl);
  return i ? *i : -1;
}

/* Raise the instances of entry f to n. */
static void
make_entry (fn_facts *f, int n)
{
  if (f->entry < n)
    f->entry = n;
  f->other_entry = true;
}

/* The same for a start routine of a create of the unit. */
static void
make_create_entry (fn_facts *f, int n)
{
  if (f->entry < n)
    f->entry = n;
}

/* The name a note gives a function (the IR's unit name). */
static const char *
fn_name (tree decl)
{
  const char *n = lang_hooks.decl_printable_name (decl, 1);
  return n ? n : "?";
}

tree
wmm_alias_target (tree decl)
{
  cgraph_node *node = cgraph_node::get (decl);
  return node ? node->ultimate_alias_target ()->decl : decl;
}

/* The index of the parameter of `fn` whose value `v` is (through copies
 * and conversions; at -O0 a load of the parameter), or -1. */
static int
routine_param (function *fn, tree v)
{
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME; depth++)
    {
      tree parm = NULL_TREE;
      if (SSA_NAME_IS_DEFAULT_DEF (v))
        parm = SSA_NAME_VAR (v);
      else
        {
          gimple *def = SSA_NAME_DEF_STMT (v);
          if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
            return -1;
          tree rhs = gimple_assign_rhs1 (def);
          if (TREE_CODE (rhs) == PARM_DECL && !TREE_ADDRESSABLE (rhs))
            parm = rhs;
          else
            {
              v = rhs;
              continue;
            }
        }
      if (!parm || TREE_CODE (parm) != PARM_DECL)
        return -1;
      int k = 0;
      for (tree a = DECL_ARGUMENTS (fn->decl); a; a = DECL_CHAIN (a), k++)
        if (a == parm)
          return k;
      return -1;
    }
  return -1;
}

/* The read-only variable with an initialiser that reference `ref` reads
 * (a part of), or NULL. */
static tree
readonly_table (tree ref)
{
  tree base = get_base_address (ref);
  if (base && TREE_CODE (base) == MEM_REF
      && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
    base = TREE_OPERAND (TREE_OPERAND (base, 0), 0);
  tree init = base && VAR_P (base) && TREE_READONLY (base)
              ? wmm_decl_initial (base) : NULL_TREE;
  return init && TREE_CODE (init) == CONSTRUCTOR ? base : NULL_TREE;
}

/* The read-only table (a const variable with an initialiser: an array
 * of start routines, of structs holding them) value v is loaded from, or
 * NULL. */
static tree
routine_table (tree v)
{
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (gimple_assign_load_p (def))
        return readonly_table (gimple_assign_rhs1 (def));
      if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
        return NULL_TREE;
      v = gimple_assign_rhs1 (def);
    }
  return NULL_TREE;
}

/* Every function whose address is in initialiser `init`, into out. */
static void
table_functions (tree init, vec<tree> *out)
{
  if (!init)
    return;
  if (tree fn = function_address (init))
    {
      out->safe_push (fn);
      return;
    }
  if (TREE_CODE (init) == NOP_EXPR || TREE_CODE (init) == CONVERT_EXPR)
    table_functions (TREE_OPERAND (init, 0), out);
  if (TREE_CODE (init) == CONSTRUCTOR)
    {
      unsigned k;
      tree val;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (init), k, val)
        table_functions (val, out);
    }
}

/* Does create `stmt` start table[idx] for distinct elements only: the
 * routine is loaded with the counter of the create's loop as index, the
 * create runs at most once per iteration, and the loop is no inner loop
 * (entered once per run of the function)?  Needs loops and dominators. */
static bool
one_per_element (entries_ctx *c, gimple *stmt, tree routine)
{
  function *fn = cfun;
  if (!loops_for_fn (fn) || loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP)
      || !dom_info_available_p (fn, CDI_DOMINATORS)
      || TREE_CODE (routine) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (routine))
    return false;
  gimple *def = SSA_NAME_DEF_STMT (routine);
  wmm_handle h;
  wmm_iv_range r;
  if (!gimple_assign_load_p (def)
      || !wmm_handle_of_ref (gimple_assign_rhs1 (def), &h)
      || !h.index || h.off >= 0 || !wmm_create_loop (stmt, &h, &r)
      || loop_depth (r.loop) != 1)
    return false;
  /* No way back into the loop from outside it (irreducible flow). */
  int comp = (*c->scc)[gimple_bb (stmt)->index];
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    if ((*c->scc)[bb->index] == comp && !flow_bb_inside_loop_p (r.loop, bb))
      return false;
  return true;
}

/* A local array of start routines (`void *(*body[4]) (void *) = { P0,
 * P1, ... }` in the creator): the local `routine` is loaded from, when
 * every statement of function fn that names it stores a function's
 * address into one element or loads an element whose value only goes to
 * creates as their routine (or ends its life), or copies a constant's
 * initialiser into the whole table; its functions (one per store or
 * initialiser entry) into *fns, its stores into *stores, the constants
 * into *inits. */
static tree
local_routine_table (function *fn, tree routine, vec<tree> *fns,
                     vec<gimple *> *stores, vec<tree> *inits)
{
  if (TREE_CODE (routine) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (routine))
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (routine);
  if (!gimple_assign_load_p (def)
      || TREE_CODE (gimple_assign_rhs1 (def)) != ARRAY_REF)
    return NULL_TREE;
  tree table = TREE_OPERAND (gimple_assign_rhs1 (def), 0);
  if (!VAR_P (table) || is_global_var (table) || DECL_CONTEXT (table) != fn->decl
      || TREE_THIS_VOLATILE (table))
    return NULL_TREE;
  bool ok = true;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (!ok)
      return;
    if (!wmm_stmt_mentions (s, table) || gimple_clobber_p (s))
      return;
    tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s) : NULL_TREE;
    /* body = *.LC0: the initialiser copied whole from a constant */
    if (lhs == table)
      {
        if (tree init = readonly_table (gimple_assign_rhs1 (s)))
          {
            table_functions (wmm_decl_initial (init), fns);
            inits->safe_push (init);
          }
        else
          ok = false;
        return;
      }
    if (lhs && TREE_CODE (lhs) == ARRAY_REF && TREE_OPERAND (lhs, 0) == table)
      {
        tree f = function_address (gimple_assign_rhs1 (s));
        if (f && TREE_CODE (TREE_OPERAND (lhs, 1)) == INTEGER_CST)
          {
            fns->safe_push (f);
            stores->safe_push (s);
          }
        else
          ok = false;
        return;
      }
    /* a load of an element, its value a create's routine only */
    if (lhs && TREE_CODE (lhs) == SSA_NAME
        && TREE_CODE (gimple_assign_rhs1 (s)) == ARRAY_REF
        && TREE_OPERAND (gimple_assign_rhs1 (s), 0) == table)
      {
        gimple *use;
        imm_use_iterator it;
        FOR_EACH_IMM_USE_STMT (use, it, lhs)
          if (!is_gimple_debug (use)
              && !(is_gimple_call (use) && create_argno (use) >= 0
                   && gimple_call_arg (use, create_argno (use)) == lhs))
            ok = false;
        return;
      }
    ok = false;
  });
  wmm_each_phi (fn, [&] (gphi *phi) {
    for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
      if (wmm_mentions (gimple_phi_arg_def (phi, i), table))
        ok = false;
  });
  return ok && !fns->is_empty () ? table : NULL_TREE;
}

/* A create whose routine is loaded from a read-only table, or from a
 * local table of routines: each function of the table is a possible
 * routine.  false when it is not that. */
static bool
table_creates (entries_ctx *c, int i, gimple *stmt, tree routine, bool loop)
{
  auto_vec<tree> fns, inits;
  auto_vec<gimple *> stores;
  tree table = routine_table (routine);
  if (table)
    table_functions (wmm_decl_initial (table), &fns);
  else if (local_routine_table (c->fns[i]->get_fun (), routine, &fns, &stores,
                                &inits))
    {
      /* resolved: no escape */
      for (gimple *s : stores)
        c->tramp_stores.add (s);
      for (tree v : inits)
        c->hook_vars.add (v);
    }
  else
    return false;
  if (loop && one_per_element (c, stmt, routine))
    loop = false;   /* each element once: a site per element */
  if (fns.is_empty ())
    return false;
  for (tree fn : fns)
    {
      int t = find_fn (&c->index, wmm_alias_target (fn));
      if (t >= 0)
        c->creates.safe_push ({ t, i, loop, true, NULL });
      else if (!c->external)
        c->external = fn;
    }
  return true;
}

/* The method a pointer-to-member-function temporary `var` holds at stmt:
 * `D.1.__pfn = join; D.1.__delta = 0; D.2 = D.1; call (..., &D.2)`, the
 * stores just before stmt in its block, into the compiler's own
 * temporaries (a virtual method's pfn is an offset: NULL).  *store: the
 * store of the method's address. */
static tree
pmf_constant (gimple *stmt, tree var, gimple **store)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
  for (int n = 0; n < 16 && (gsi_prev (&gsi), !gsi_end_p (gsi)); n++)
    {
      gimple *s = gsi_stmt (gsi);
      if (is_gimple_debug (s) || gimple_clobber_p (s))
        continue;
      if (!gimple_assign_single_p (s) || !DECL_ARTIFICIAL (var)
          || is_global_var (var))
        return NULL_TREE;
      tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
      if (lhs == var && VAR_P (rhs))
        var = rhs;   /* an aggregate copy */
      else if (TREE_CODE (lhs) == COMPONENT_REF
               && TREE_OPERAND (lhs, 0) == var)
        {
          tree f = DECL_NAME (TREE_OPERAND (lhs, 1));
          tree fn = function_address (rhs);
          if (!f || strcmp (IDENTIFIER_POINTER (f), "__pfn"))
            continue;
          if (store)
            *store = s;
          return fn ? fn : TREE_CODE (rhs) == FUNCTION_DECL ? rhs : NULL_TREE;
        }
      else if (lhs == var
               || (TREE_CODE (lhs) != SSA_NAME && !VAR_P (lhs)))
        return NULL_TREE;   /* (another variable's store leaves var) */
    }
  return NULL_TREE;
}

/* The one operator () of class `type` (a lambda's or function object's),
 * or NULL when it has none or several (*any: it has one at least). */
static tree
call_operator (tree type, bool *any)
{
  tree found = NULL_TREE;
  int n = 0;
  for (tree m = TYPE_FIELDS (type); m; m = DECL_CHAIN (m))
    if (TREE_CODE (m) == FUNCTION_DECL && DECL_NAME (m)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (m)), "operator()"))
      {
        n++;
        found = m;
      }
  *any = n > 0;
  return n == 1 ? found : NULL_TREE;
}

/* The function a callable argument `arg` of call stmt (std::call_once's,
 * std::thread's) runs: a function's address, the one operator () of a
 * lambda's or function object's class (`&closure`), or the method of a
 * member-function pointer temporary (*pfn_store: the store of its
 * address); NULL when it is none of these (a function pointer variable). */
static tree
callable_function (gimple *stmt, tree arg, gimple **pfn_store)
{
  if (tree fn = function_address (arg))
    return fn;
  if (TREE_CODE (arg) != ADDR_EXPR || !VAR_P (TREE_OPERAND (arg, 0)))
    return NULL_TREE;
  tree obj = TREE_OPERAND (arg, 0), type = TREE_TYPE (obj);
  if (TREE_CODE (type) != RECORD_TYPE)
    return NULL_TREE;
  bool any;
  tree op = call_operator (type, &any);
  return any ? op : pmf_constant (stmt, obj, pfn_store);
}

bool
wmm_once_call (gimple *stmt)
{
  const char *name = wmm_callee_name (stmt);
  return name && gimple_call_num_args (stmt) >= 2
         && (!strcmp (name, "pthread_once") || !strcmp (name, "call_once"));
}

/* wmm_once_routine, and in *pfn_store the store of a member-function
 * pointer's method std::call_once is given. */
static tree
once_routine (gimple *stmt, gimple **pfn_store)
{
  if (!wmm_once_call (stmt))
    return NULL_TREE;
  tree fndecl = gimple_call_fndecl (stmt);
  if (fndecl && wmm_once_internal (fndecl))
    return callable_function (stmt, gimple_call_arg (stmt, 1), pfn_store);
  return function_address (gimple_call_arg (stmt, 1));
}

tree
wmm_once_routine (gimple *stmt)
{
  return once_routine (stmt, NULL);
}

/* pthread_once / call_once: the routine (argument 1) runs once, in the
 * thread that calls first, before that call returns. */
static void
scan_once (entries_ctx *c, int i, gimple *stmt, bool loop)
{
  gimple *pfn_store = NULL;
  tree fn = once_routine (stmt, &pfn_store);
  int t = fn ? find_fn (&c->index, wmm_alias_target (fn)) : -1;
  /* (a member-function pointer's method: its store is no escape) */
  if (t >= 0 && pfn_store)
    c->tramp_stores.add (pfn_store);
  if (t < 0)
    {
      /* another unit's routine, or a callable not resolved: it may
         start threads (std::thread's own members do not) */
      if (wmm_once_call (stmt)
          && (!fn || !(wmm_never_starts_threads (fn)
                       || wmm_thread_lib_fn (fn))))
        c->facts[i].calls.safe_push ({ stmt, START_UNKNOWN, -1, loop,
                                       false });
      return;
    }
  tree ctl = gimple_call_arg (stmt, 0);
  bool global = TREE_CODE (ctl) == ADDR_EXPR
                && VAR_P (TREE_OPERAND (ctl, 0))
                && is_global_var (TREE_OPERAND (ctl, 0));
  c->onces.safe_push ({ t, global ? TREE_OPERAND (ctl, 0) : NULL_TREE });
  c->facts[i].callees.safe_push (t);
}

bool
wmm_std_state_type (tree type)
{
  if (!type || TREE_CODE (type) != RECORD_TYPE || !TYPE_NAME (type))
    return false;
  tree n = TYPE_NAME (type);
  n = TREE_CODE (n) == TYPE_DECL ? DECL_NAME (n) : n;
  return n && !strcmp (IDENTIFIER_POINTER (n), "_State_impl");
}

/* Is SSA value v the entry value of parameter `self`, or derived from it
 * by copies, conversions, constant or variable offsets and member
 * addresses (&self->f)? */
static bool
derived_from (tree v, tree self, int depth = 0)
{
  if (depth > 16 || !v)
    return false;
  if (TREE_CODE (v) == ADDR_EXPR)
    {
      tree b = get_base_address (TREE_OPERAND (v, 0));
      return b && TREE_CODE (b) == MEM_REF
             && derived_from (TREE_OPERAND (b, 0), self, depth + 1);
    }
  if (TREE_CODE (v) != SSA_NAME)
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (v))
    return SSA_NAME_VAR (v) == self;
  gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v));
  if (!a)
    return false;
  enum tree_code code = gimple_assign_rhs_code (a);
  if (code == SSA_NAME || code == POINTER_PLUS_EXPR || code == ADDR_EXPR
      || CONVERT_EXPR_CODE_P (code))
    return derived_from (gimple_assign_rhs1 (a), self, depth + 1);
  return false;
}

static tree std_function_member (entries_ctx *c, gimple *stmt,
                                 bool *invoker);
static bool std_function_targets (entries_ctx *c, gimple *stmt,
                                  vec<int> *targets, vec<gimple *> *stores,
                                  tree *field_out);

/* The callable type F a std::function manager's class cls manages:
 * std::_Function_handler<R (A...), F> or one of its bases,
 * std::_Function_base::_Base_manager<F>, declares _M_get_pointer,
 * returning F *; NULL_TREE when none is found. */
static tree
managed_type (tree cls, int depth = 0)
{
  if (!cls || !RECORD_OR_UNION_TYPE_P (cls) || depth > 2)
    return NULL_TREE;
  for (tree f = TYPE_FIELDS (cls); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FUNCTION_DECL && DECL_NAME (f)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), "_M_get_pointer")
        && POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (f))))
      return TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (TREE_TYPE (f))));
  tree binfo = TYPE_BINFO (cls);
  for (unsigned i = 0; binfo && i < BINFO_N_BASE_BINFOS (binfo); i++)
    if (tree t = managed_type (BINFO_TYPE (BINFO_BASE_BINFO (binfo, i)),
                               depth + 1))
      return t;
  return NULL_TREE;
}

/* Has an object of type t nothing to destroy: a scalar, pointer or
 * reference, an array of such, or a class declaring no destructor of its
 * own (an implicit one destroys the members) whose members are such (a
 * lambda capturing numbers, pointers, references)? */
static bool
nothing_to_destroy (tree t, int depth = 0)
{
  if (!t || depth > 8)
    return false;
  if (TREE_CODE (t) == ARRAY_TYPE)
    return nothing_to_destroy (TREE_TYPE (t), depth + 1);
  if (!RECORD_OR_UNION_TYPE_P (t))
    return INTEGRAL_TYPE_P (t) || SCALAR_FLOAT_TYPE_P (t) || POINTER_TYPE_P (t)
           || TREE_CODE (t) == ENUMERAL_TYPE;
  for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
    if ((TREE_CODE (f) == FUNCTION_DECL && DECL_CXX_DESTRUCTOR_P (f)
         && !DECL_ARTIFICIAL (f))
        || (TREE_CODE (f) == FIELD_DECL
            && !nothing_to_destroy (TREE_TYPE (f), depth + 1)))
      return false;
  return true;
}

/* Is call the destruction of a std::function that is part of a std::thread
 * state, self (`_M_manager (&f._M_functor, &f._M_functor,
 * __destroy_functor)`, from ~_Function_base), when every manager it may
 * call is one the unit stores (std_function_targets) for a callable with
 * nothing to destroy: it at most frees the state's own copy of the
 * callable. */
static bool
destroys_own_callable (entries_ctx *c, gcall *call, tree self)
{
  auto_vec<int> targets;
  tree field, op = gimple_call_num_args (call) == 3
                   ? gimple_call_arg (call, 2) : NULL_TREE;
  /* (std::_Manager_operation: __get_type_info, __get_functor_ptr,
     __clone_functor, __destroy_functor) */
  if (!op || TREE_CODE (op) != INTEGER_CST || !tree_fits_shwi_p (op)
      || tree_to_shwi (op) != 3
      || !derived_from (gimple_call_arg (call, 0), self)
      || !derived_from (gimple_call_arg (call, 1), self)
      || !std_function_targets (c, call, &targets, NULL, &field)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (field)), "_M_manager"))
    return false;
  for (int t : targets)
    if (!nothing_to_destroy (managed_type (DECL_CONTEXT (c->fns[t]->decl))))
      return false;
  return true;
}

/* Does destructor (or member function) fn of a std::thread state touch
 * nothing but its own object — every load and store through `this`, every
 * call a destructor of the unit with the same property on a part of the
 * object, operator delete, or the state's base destructor in the library
 * (std::thread::_State::~_State, which has nothing to destroy)?  Then the
 * state's destructor, which the thread runs after _M_run when the library
 * deletes its state, touches only the thread's own state object. */
static bool
state_dtor_private (entries_ctx *c, tree fn, int depth = 0)
{
  cgraph_node *node = cgraph_node::get (fn);
  function *body = node ? wmm_analysable_body (node) : NULL;
  tree self = DECL_ARGUMENTS (fn);
  if (!body || !body->cfg || !gimple_in_ssa_p (body) || !self || depth > 8)
    return false;
  bool ok = true;
  auto own = [&] (tree ref) {
    tree b = get_base_address (ref);
    return b && (TREE_CODE (b) == MEM_REF || TREE_CODE (b) == TARGET_MEM_REF)
           && derived_from (TREE_OPERAND (b, 0), self);
  };
  wmm_each_stmt (body, [&] (gimple *s) {
    if (!ok || gimple_code (s) == GIMPLE_RETURN || gimple_code (s) == GIMPLE_COND
        || gimple_code (s) == GIMPLE_LABEL || gimple_code (s) == GIMPLE_NOP)
      return;
    if (gcall *call = dyn_cast<gcall *> (s))
      {
        tree callee = gimple_call_fndecl (call);
        if (!callee && destroys_own_callable (c, call, self))
          return;
        if (!callee || gimple_call_lhs (call))
          ok = false;
        else if (DECL_IS_OPERATOR_DELETE_P (callee)
                 && DECL_IS_REPLACEABLE_OPERATOR (callee))
          ok = gimple_call_num_args (call) > 0
               && derived_from (gimple_call_arg (call, 0), self);
        else if (DECL_CXX_DESTRUCTOR_P (callee) && gimple_call_num_args (call) > 0
                 && derived_from (gimple_call_arg (call, 0), self))
          {
            tree ctx = DECL_CONTEXT (callee);
            tree n = ctx && TYPE_P (ctx) && TYPE_NAME (ctx) ? TYPE_NAME (ctx) : NULL_TREE;
            n = n && TREE_CODE (n) == TYPE_DECL ? DECL_NAME (n) : n;
            bool base = n && !strcmp (IDENTIFIER_POINTER (n), "_State")
                        && !wmm_analysable_body (cgraph_node::get_create (callee));
            ok = base || state_dtor_private (c, wmm_alias_target (callee),
                                                 depth + 1);
          }
        else
          ok = false;
        return;
      }
    gassign *a = dyn_cast<gassign *> (s);
    if (!a)
      {
        ok = false;
        return;
      }
    tree lhs = gimple_assign_lhs (a);
    if (TREE_CODE (lhs) != SSA_NAME && !own (lhs))
      ok = false;
    for (unsigned k = 1; ok && k < gimple_num_ops (a); k++)
      {
        tree op = gimple_op (a, k);
        if (op && REFERENCE_CLASS_P (op) && !DECL_P (op) && !own (op))
          ok = false;
      }
  });
  return ok;
}

/* The _M_run of the state class a std::thread constructor call builds
 * (its body, or a function it calls, constructs a _State_impl), or
 * NULL. */
static tree
state_run (entries_ctx *c, gimple *stmt)
{
  tree ctor = wmm_alias_target (gimple_call_fndecl (stmt));
  cgraph_node *node = cgraph_node::get (ctor);
  function *fn = node ? wmm_analysable_body (node) : NULL;
  tree state = NULL_TREE;
  if (!fn)
    return NULL_TREE;
  wmm_each_stmt (fn, [&] (gimple *s) {
    tree callee = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
    tree ctx = callee ? DECL_CONTEXT (callee) : NULL_TREE;
    if (ctx && DECL_CXX_CONSTRUCTOR_P (callee) && wmm_std_state_type (ctx))
      state = TYPE_MAIN_VARIANT (ctx);
  });
  if (!state)
    return NULL_TREE;
  for (cgraph_node *f : c->fns)
    if (DECL_CONTEXT (f->decl) && TYPE_P (DECL_CONTEXT (f->decl))
        && TYPE_MAIN_VARIANT (DECL_CONTEXT (f->decl)) == state
        && DECL_NAME (f->decl)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f->decl)), "_M_run"))
      return f->decl;
  return NULL_TREE;
}

/* `std::thread t (f, args...)` in function i: a create of the callable f
 * when it is a function (of the unit; of another unit as pthread_create
 * of it) and of the _M_run of the state the constructor builds, which
 * calls a lambda or functor. */
static void
scan_std_thread (entries_ctx *c, int i, gimple *stmt, bool loop)
{
  tree callable = gimple_call_arg (stmt, 1);
  tree fn = function_address (callable);
  int t = fn ? find_fn (&c->index, wmm_alias_target (fn)) : -1;
  /* `std::thread t (&worker::run, &w)`: the method a member-function
     pointer temporary holds, which _M_run calls through the pointer; the
     store of its address into the temporary is no escape */
  gimple *pfn_store = NULL;
  tree method = fn ? NULL_TREE
                   : callable_function (stmt, callable, &pfn_store);
  if (method && pfn_store
      && (t = find_fn (&c->index, wmm_alias_target (method))) >= 0)
    c->tramp_stores.add (pfn_store);
  if (t >= 0)
    c->creates.safe_push ({ t, i, loop, false, stmt });
  else if (fn && !c->external)
    c->external = fn;
  else if (!fn && POINTER_TYPE_P (TREE_TYPE (callable))
           && TREE_CODE (TREE_TYPE (TREE_TYPE (callable))) == FUNCTION_TYPE)
    {
      /* a function given to a helper (`ts.emplace_back (work, id)`
         reaches the constructor through the allocator's construct):
         resolved per call site, as pthread_create's routine parameter;
         the state's _M_run calls it through a pointer, which stays no
         call of unknown code */
      int p = routine_param (c->fns[i]->get_fun (), callable);
      if (p >= 0)
        c->param_creates.safe_push ({ i, p, loop });
      else
        c->unresolved = true;
    }
  tree run = state_run (c, stmt);
  int r = run ? find_fn (&c->index, run) : -1;
  if (run)
    {
      c->creates.safe_push ({ r, i, loop, false, stmt });
      c->std_runs.add (run);
    }
  /* The call starts a thread as pthread_create does (its _M_run, or code
     the unit cannot see when no state class is found): the caller may
     run beside it from here until a join. */
  c->facts[i].calls.safe_push ({ stmt, START_CREATE, r >= 0 ? r : t, loop,
                                 false });
}

/* Record what call `stmt` of function i starts, creates or calls. */
static void
scan_call (entries_ctx *c, int i, gimple *stmt, bool loop)
{
  fn_facts *f = &c->facts[i];
  tree target;
  bool sync;
  if (wmm_is_thread_create (stmt, &target))
    {
      int t = target ? find_fn (&c->index, target) : -1;
      int p = -1;
      bool resolved = false;
      if (!target)
        {
          tree routine = gimple_call_arg (stmt, create_argno (stmt));
          p = routine_param (c->fns[i]->get_fun (), routine);
          if (p >= 0)
            c->param_creates.safe_push ({ i, p, loop });
          else if (table_creates (c, i, stmt, routine, loop))
            resolved = true;
          else
            c->unresolved = true;
        }
      else if (t < 0 && !c->external)
        c->external = target;
      if (t >= 0)
        c->creates.safe_push ({ t, i, loop, false, stmt });
      f->calls.safe_push ({ stmt, START_CREATE, t, loop,
                            p >= 0 || resolved });
      return;
    }
  scan_once (c, i, stmt, loop);
  if (wmm_std_thread_start (stmt))
    scan_std_thread (c, i, stmt, loop);
  if (is_omp_start (stmt, &sync))
    {
      c->omp = true;
      for (unsigned k = 0; k < gimple_call_num_args (stmt); k++)
        if (tree fn = function_address (gimple_call_arg (stmt, k)))
          f->calls.safe_push ({ stmt, sync ? START_OMP_SYNC : START_OMP_ASYNC,
                                find_fn (&c->index, fn), loop, false });
      return;
    }
  tree callee = gimple_call_fndecl (stmt);
  if (!callee)
    {
      if (gimple_call_internal_p (stmt))
        return;
      /* std::thread's call of its callable: the thread scan_std_thread
         found (one of another unit: the unit takes its address); but a
         std::function callable's call of what the unit stored in it
         (std_function_targets) is a call in the thread */
      tree self = c->fns[i]->decl;
      bool invoker;
      if (wmm_thread_lib_fn (self)
          && wmm_thread_side_fn (wmm_stmt_origin (stmt, self))
          && !wmm_foreign_callable (c->u)
          && !std_function_member (c, stmt, &invoker))
        return;
      f->indirect = true;
      f->calls.safe_push ({ stmt, START_UNKNOWN, -1, loop, false });
      return;
    }
  /* qsort's comparator: code of this thread, called inside the call. */
  if (wmm_lib_runs_callbacks (callee))
    for (unsigned k = 0; k < gimple_call_num_args (stmt); k++)
      if (tree fn = function_address (gimple_call_arg (stmt, k)))
        {
          int cb = find_fn (&c->index, wmm_alias_target (fn));
          if (cb >= 0 && !f->callees.contains (cb))
            {
              f->callees.safe_push (cb);
              f->calls.safe_push ({ stmt, START_NONE, cb, true, false });
            }
        }
  /* std::call_once's own body is the library's (collect.cc models the
     call by name: its routine, between full fences) */
  if (wmm_once_internal (callee))
    return;
  int t = find_fn (&c->index, wmm_alias_target (callee));
  if (t >= 0)
    {
      f->callees.safe_push (t);
      f->calls.safe_push ({ stmt, START_NONE, t, loop, false });
    }
  else if (!wmm_never_starts_threads (callee)
           && !wmm_lib_keeps_callbacks (callee)
           && !(flags_from_decl_or_type (callee) & ECF_NORETURN))
    f->calls.safe_push ({ stmt, START_UNKNOWN, -1, loop, false });
}

/* Scan function i: main?, calls, the attribute. */
static void
scan_function (entries_ctx *c, int i)
{
  tree decl = c->fns[i]->decl;
  if (DECL_NAME (decl) && MAIN_NAME_P (DECL_NAME (decl))
      && TREE_PUBLIC (decl)
      && (!DECL_CONTEXT (decl)
          || TREE_CODE (DECL_CONTEXT (decl)) == TRANSLATION_UNIT_DECL))
    c->main_fn = i;
  function *fn = c->fns[i]->get_fun ();
  auto_vec<int> scc;
  auto_vec<bool> cyclic;
  cfg_sccs (fn, &scc, &cyclic);
  c->scc = &scc;
  push_cfun (fn);
  bool had_dom = dom_info_available_p (fn, CDI_DOMINATORS);
  if (!had_dom && loops_for_fn (fn))
    calculate_dominance_info (CDI_DOMINATORS);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi)))
        scan_call (c, i, gsi_stmt (gsi), in_loop (scc, cyclic, bb));
  if (!had_dom && loops_for_fn (fn))
    free_dominance_info (CDI_DOMINATORS);
  pop_cfun ();
  c->scc = NULL;
  if (lookup_attribute ("wmmfence_thread", DECL_ATTRIBUTES (decl)))
    c->any_attribute = true;
}

/* ------------------------------------------------------------- trampolines */

/* Visit every direct call of unit function f of the unit: visit (g,
 * arg, loop) with the caller g, the call's argument p (NULL when it has
 * none: p < 0 or too few) and whether the call is in a loop; stops and
 * returns false when visit does. */
template <typename F>
static bool
each_call_of (entries_ctx *c, int f, int p, F visit)
{
  for (unsigned g = 0; g < c->fns.length (); g++)
    for (const call_fact &k : c->facts[g].calls)
      if (k.kind == START_NONE && k.target == f)
        {
          tree arg = p >= 0 && (unsigned) p < gimple_call_num_args (k.stmt)
                     ? gimple_call_arg (k.stmt, p) : NULL_TREE;
          if (!visit ((int) g, arg, k.loop))
            return false;
        }
  return true;
}

/* Are function types a and b one signature (the same return and
 * parameter types, both functions or both methods)?  A call through a
 * pointer of type b calls only functions of type b (C11 6.3.2.3p8). */
static bool
same_signature (tree a, tree b)
{
  auto same = [] (tree x, tree y) {
    x = TYPE_MAIN_VARIANT (x);
    y = TYPE_MAIN_VARIANT (y);
    return x == y || (TYPE_CANONICAL (x) && TYPE_CANONICAL (x) == TYPE_CANONICAL (y));
  };
  if (TREE_CODE (a) != TREE_CODE (b) || !same (TREE_TYPE (a), TREE_TYPE (b)))
    return false;
  tree x = TYPE_ARG_TYPES (a), y = TYPE_ARG_TYPES (b);
  for (; x && y; x = TREE_CHAIN (x), y = TREE_CHAIN (y))
    if (!same (TREE_VALUE (x), TREE_VALUE (y)))
      return false;
  return !x && !y;
}

/* Push the index of function decl (through its alias) onto *out once;
 * false when it is no function of the unit. */
static bool
push_unit_fn (entries_ctx *c, tree decl, vec<int> *out)
{
  int t = find_fn (&c->index, wmm_alias_target (decl));
  if (t < 0)
    return false;
  if (!out->contains (t))
    out->safe_push (t);
  return true;
}

/* Every unit function value v of function f may be, into *out: a
 * function's address, or a parameter of f resolved at each call of f
 * (f neither exported, nor address-taken, nor main).  false: some value
 * is no function of the unit. */
static bool
value_functions (entries_ctx *c, int f, tree v, vec<int> *out, int depth)
{
  if (tree fn = function_address (v))
    return push_unit_fn (c, fn, out);
  int p = routine_param (c->fns[f]->get_fun (), v);
  tree decl = c->fns[f]->decl;
  if (p < 0 || depth > 6 || c->fns[f]->address_taken || f == c->main_fn)
    return false;
  if (TREE_PUBLIC (decl))
    {
      /* A library's inline template (`ostream::operator<< (__pf)`, which
         calls the manipulator it is given): other units' calls of it
         pass their own functions, or this unit's exported ones of the
         parameter's type. */
      if (!DECL_IN_SYSTEM_HEADER (decl) || !POINTER_TYPE_P (TREE_TYPE (v))
          || !FUNC_OR_METHOD_TYPE_P (TREE_TYPE (TREE_TYPE (v))))
        return false;
      for (unsigned t = 0; t < c->fns.length (); t++)
        if (TREE_PUBLIC (c->fns[t]->decl)
            && same_signature (TREE_TYPE (c->fns[t]->decl),
                               TREE_TYPE (TREE_TYPE (v)))
            && !out->contains (t))
          out->safe_push (t);
    }
  return each_call_of (c, f, p, [&] (int g, tree arg, bool) {
    return arg && value_functions (c, g, arg, out, depth + 1);
  });
}

/* Is function r only a start routine: not exported, not called, its
 * address only the routine of the unit's creates? */
static bool
only_started (entries_ctx *c, int r)
{
  cgraph_node *node = c->fns[r];
  if (TREE_PUBLIC (node->decl) || c->facts[r].called || r == c->main_fn)
    return false;
  ipa_ref *ref;
  for (unsigned k = 0; node->iterate_referring (k, ref); k++)
    {
      tree fn;
      gimple *stmt = ref->stmt;
      if (!stmt || !wmm_is_thread_create (stmt, &fn) || fn != node->decl)
        return false;
      for (unsigned a = 0; a < gimple_call_num_args (stmt); a++)
        if ((int) a != create_argno (stmt)
            && wmm_mentions (gimple_call_arg (stmt, a), node->decl))
          return false;
    }
  return true;
}

/* The functions indirect call `stmt` of start routine r may call when r
 * is a trampoline: the values every create of r stores into the field
 * the call reads (trampoline.cc), resolved. */
/* A value a create of a trampoline puts into the field its call reads. */
struct tramp_source {
  int fn;           /* the function of the create */
  tree value;       /* a function address or a parameter of fn */
  bool loop;        /* the create is in a loop */
};

static bool
trampoline_targets (entries_ctx *c, int r, gimple *stmt, vec<int> *targets,
                    vec<gimple *> *stores, vec<tramp_source> *sources)
{
  if (!only_started (c, r))
    return false;
  tree field = wmm_trampoline_field (c->fns[r]->get_fun (), stmt);
  if (!field)
    return false;
  bool any = false;
  for (unsigned g = 0; g < c->fns.length (); g++)
    for (const call_fact &k : c->facts[g].calls)
      {
        if (k.kind != START_CREATE || k.target != r)
          continue;
        int a = wmm_thread_arg_index (k.stmt);
        auto_vec<tree> values;
        if (a < 0 || (unsigned) a >= gimple_call_num_args (k.stmt)
            || !wmm_trampoline_values (k.stmt, gimple_call_arg (k.stmt, a),
                                       field, &values, stores))
          return false;
        for (tree v : values)
          {
            if (!value_functions (c, g, v, targets, 0))
              return false;
            sources->safe_push ({ (int) g, v, k.loop });
          }
        any = true;
      }
  return any && !targets->is_empty ();
}

/* The functions an indirect call of function r may call when its callee
 * is a function address copied into a register, or a parameter of r (r
 * neither exported, nor address-taken, nor main) resolved at each call of
 * r: `static void each (int *a, int n, void (*f) (int *)) { ... f (&a[i]);
 * }` called with `bump` and `clear`.  false: some value is unknown. */
/* The value v is a copy of (through plain copies and conversions, up to
 * 8 of them): a function address, a variable, a parameter, or the SSA
 * name a copy chain ends at. */
static tree
copied_from (tree v)
{
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
        break;
      v = gimple_assign_rhs1 (def);
    }
  return v;
}

static bool
param_targets (entries_ctx *c, int r, gimple *stmt, vec<int> *targets)
{
  tree callee = gimple_call_fn (stmt), v = copied_from (callee);
  if (!function_address (v))
    v = callee;   /* a parameter: routine_param follows the copies */
  return v && value_functions (c, r, v, targets, 0) && !targets->is_empty ();
}

/* ------------------------------------------------------------------ hooks */

/* The functions value v of function f (f < 0: a static initializer) may
 * be when stored into a hook: a function's address (a unit function into
 * *targets, a library function that never starts threads into *libs),
 * a null pointer (nothing to call), or a parameter of f resolved at each
 * call of f (f neither exported, nor address-taken, nor main).  false:
 * some value is unknown. */
/* Function fn as a target of an indirect call: a unit function into
 * *targets, a library function that never starts threads into *libs;
 * false for any other. */
static bool
add_call_target (entries_ctx *c, tree fn, vec<int> *targets, vec<tree> *libs)
{
  fn = wmm_alias_target (fn);
  int t = find_fn (&c->index, fn);
  if (t >= 0 && !targets->contains (t))
    targets->safe_push (t);
  else if (t < 0 && (DECL_STRUCT_FUNCTION (fn)
                     || !wmm_never_starts_threads (fn)))
    return false;
  else if (t < 0 && !libs->contains (fn))
    libs->safe_push (fn);
  return true;
}

static bool
hook_values (entries_ctx *c, int f, tree v, vec<int> *targets,
             vec<tree> *libs, int depth)
{
  if (v && integer_zerop (v))
    return true;
  if (tree fn = function_address (v))
    return add_call_target (c, fn, targets, libs);
  if (f < 0 || depth > 6)
    return false;
  /* a choice between such values (`h = verbose ? log_on : log_off`) */
  if (v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v))
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (gphi *phi = dyn_cast<gphi *> (def))
        {
          for (unsigned a = 0; a < gimple_phi_num_args (phi); a++)
            if (!hook_values (c, f, gimple_phi_arg_def (phi, a), targets,
                              libs, depth + 1))
              return false;
          return true;
        }
      if ((gimple_assign_single_p (def) || gimple_assign_cast_p (def))
          && TREE_CODE (gimple_assign_rhs1 (def)) != PARM_DECL
          && (TREE_CODE (gimple_assign_rhs1 (def)) == SSA_NAME
              || function_address (gimple_assign_rhs1 (def))
              || integer_zerop (gimple_assign_rhs1 (def))))
        return hook_values (c, f, gimple_assign_rhs1 (def), targets, libs,
                            depth + 1);
    }
  int p = routine_param (c->fns[f]->get_fun (), v);
  if (p < 0 || (TREE_PUBLIC (c->fns[f]->decl) && !c->closed_members)
      || c->fns[f]->address_taken || f == c->main_fn)
    return false;
  return each_call_of (c, f, p, [&] (int g, tree arg, bool) {
    return arg && hook_values (c, g, arg, targets, libs, depth + 1);
  });
}

tree
wmm_whole_variable (tree t)
{
  if (t && TREE_CODE (t) == MEM_REF
      && TREE_CODE (TREE_OPERAND (t, 0)) == ADDR_EXPR
      && integer_zerop (TREE_OPERAND (t, 1)))
    t = TREE_OPERAND (TREE_OPERAND (t, 0), 0);
  return t && VAR_P (t) ? t : NULL_TREE;
}

/* Is every use of SSA name v (a function pointer value) a statement
 * `other` accepts, a copy or choice whose result is again only so used,
 * or the callee (and no argument) of an indirect call `call_ok` accepts?
 * Then the functions it may hold are only called there. */
template <typename C, typename O>
static bool
only_called (tree v, int depth, C call_ok, O other)
{
  if (!v || TREE_CODE (v) != SSA_NAME || depth > 6)
    return false;
  gimple *use;
  imm_use_iterator it;
  FOR_EACH_IMM_USE_STMT (use, it, v)
    {
      if (is_gimple_debug (use) || other (use))
        continue;
      tree lhs = is_a<gphi *> (use) ? gimple_phi_result (use)
                 : is_gimple_assign (use) && (gimple_assign_single_p (use)
                                              || gimple_assign_cast_p (use))
                 ? gimple_assign_lhs (use) : NULL_TREE;
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
        {
          if (!only_called (lhs, depth + 1, call_ok, other))
            return false;
          continue;
        }
      if (!is_gimple_call (use) || gimple_call_fn (use) != v
          || !call_ok (use))
        return false;
      for (unsigned a = 0; a < gimple_call_num_args (use); a++)
        if (gimple_call_arg (use, a) == v)
          return false;
    }
  return true;
}

/* Is a hook's loaded value v only called (by calls the hook resolves) or
 * tested, so that no function it holds can reach other code through it? */
static bool
hook_load_only_called (tree v)
{
  return only_called (v, 0, [] (gimple *) { return true; },
                      [] (gimple *use) {
    return gimple_code (use) == GIMPLE_COND
           || (is_gimple_assign (use)
               && TREE_CODE_CLASS (gimple_assign_rhs_code (use))
                  == tcc_comparison); });
}

/* A hook: an indirect call through a static function pointer variable
 * that no other unit can name, whose address is never taken, that only
 * plain assignments write (`my_malloc_f = lease;`, resolved at each call
 * of yarn_mem) and its initializer sets, and whose value is only called
 * or tested where it is read.  The call may call any value
 * stored there: the unit functions into *targets, the library functions
 * into *libs, the assignments into *stores; *var_out: the variable.
 * false: not such a hook. */
static bool
hook_targets (entries_ctx *c, gimple *stmt, vec<int> *targets,
              vec<tree> *libs, vec<gimple *> *stores, tree *var_out)
{
  tree v = *var_out = wmm_whole_variable (copied_from (gimple_call_fn (stmt)));
  if (!v || !TREE_STATIC (v) || TREE_PUBLIC (v) || DECL_EXTERNAL (v)
      || TREE_ADDRESSABLE (v) || TREE_THIS_VOLATILE (v))
    return false;
  varpool_node *var = varpool_node::get (v);
  if (!var)
    return false;
  tree init = wmm_decl_initial (v);
  if (init == error_mark_node)
    return false;
  if (init)
    STRIP_NOPS (init);
  if (init && !hook_values (c, -1, init, targets, libs, 0))
    return false;
  ipa_ref *ref;
  for (unsigned k = 0; var->iterate_referring (k, ref); k++)
    {
      gimple *s = ref->stmt;
      if (ref->use == IPA_REF_LOAD)
        {
          /* its value only called or tested where it is read */
          if (!s || !gimple_assign_single_p (s)
              || wmm_whole_variable (gimple_assign_rhs1 (s)) != v
              || !hook_load_only_called (gimple_assign_lhs (s)))
            return false;
          continue;
        }
      int g = find_fn (&c->index, ref->referring->decl);
      if (ref->use != IPA_REF_STORE || !s || g < 0
          || !gimple_assign_single_p (s)
          || wmm_whole_variable (gimple_assign_lhs (s)) != v
          || !hook_values (c, g, gimple_assign_rhs1 (s), targets, libs, 0))
        return false;
      stores->safe_push (s);
    }
  return !targets->is_empty () || !libs->is_empty ();
}

/* A call through a read-only table (`cmds[i].fn (&r)`, `static const
 * struct { const char *name; void (*fn) (struct req *); } cmds[] =
 * {...}`): the table cannot change, so the call calls one of the
 * functions its initializer holds (all of them: a superset of those the
 * loaded member can be), the unit's into *targets, the library's into
 * *libs; *var_out: the table.  false: no such table, or a function of it
 * is neither. */
static bool
table_targets (entries_ctx *c, gimple *stmt, vec<int> *targets,
               vec<tree> *libs, tree *var_out)
{
  tree table = *var_out = routine_table (gimple_call_fn (stmt));
  tree init = table ? wmm_decl_initial (table) : NULL_TREE;
  if (!init || init == error_mark_node)
    return false;
  auto_vec<tree> fns;
  table_functions (init, &fns);
  for (tree fn : fns)
    if (!add_call_target (c, fn, targets, libs))
      return false;
  return !targets->is_empty () || !libs->is_empty ();
}

/* Does reference or address t select member `field` somewhere? */
static bool
names_field (tree t, tree field)
{
  if (t && TREE_CODE (t) == ADDR_EXPR)
    t = TREE_OPERAND (t, 0);
  for (; t && handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == COMPONENT_REF && TREE_OPERAND (t, 1) == field)
      return true;
  return false;
}

static bool field_hook_scan (entries_ctx *c, tree field, vec<int> *targets,
                             vec<tree> *libs, vec<gimple *> *stores);

/* A field hook: an indirect call through function pointer member F of a
 * struct, loaded from some object (`t->fn (t->arg)` in a thread pool's
 * worker).  Every value F can hold is one the unit stores there when
 * no other unit can write F: outside whole-program mode, the struct is
 * declared in the main file (no other unit names the type), or in a
 * header of the program while no other unit's code runs
 * (closed_members, program_record), no pointer
 * that leads to such an object reaches code the unit cannot see (but
 * library functions that touch no user memory or only synchronise), no
 * exported function takes one and no exported variable holds one; F's
 * address is never taken; every store to F stores values hook_values
 * knows; every load of F is only called or tested.  The unit functions
 * into *targets, the library functions into *libs, the stores into
 * *stores; *field_out: F.  false: not such a hook. */
/* The member an indirect call's callee value is loaded from (`t->fn (t)`:
 * fn), through copies; NULL_TREE when it is no member load. */
static tree
called_member (gimple *stmt)
{
  /* the load the callee value copies (copied_from would go past it) */
  tree v = gimple_call_fn (stmt);
  gimple *def = NULL;
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (v); depth++)
    {
      def = SSA_NAME_DEF_STMT (v);
      if (!(gimple_assign_single_p (def) || gimple_assign_cast_p (def))
          || TREE_CODE (gimple_assign_rhs1 (def)) != SSA_NAME)
        break;
      v = gimple_assign_rhs1 (def);
    }
  if (!def || !gimple_assign_load_p (def)
      || TREE_CODE (gimple_assign_rhs1 (def)) != COMPONENT_REF)
    return NULL_TREE;
  return TREE_OPERAND (gimple_assign_rhs1 (def), 1);
}

/* Is record rec declared by the program (in a header of its own, not a
 * system header: no library's code knows its layout)?  Where no other
 * unit's code runs (closed_members), only the unit's code and the
 * libraries it hands such objects to write their members, wherever the
 * program declares the type (`struct job` of a pool.h). */
static bool
program_record (tree rec)
{
  tree stub = TYPE_STUB_DECL (TYPE_MAIN_VARIANT (rec));
  return stub && DECL_SOURCE_FILE (stub) && !DECL_IN_SYSTEM_HEADER (stub);
}

static bool
field_hook_targets (entries_ctx *c, gimple *stmt, vec<int> *targets,
                    vec<tree> *libs, vec<gimple *> *stores, tree *field_out)
{
  tree field = *field_out = called_member (stmt);
  if (!field || wmm_lto_phase_now () == WMM_LTO_LINK)
    return false;
  if (c->field_hook_fails.contains (field))
    return false;
  bool ok = field_hook_scan (c, field, targets, libs, stores);
  if (!ok)
    c->field_hook_fails.add (field);
  return ok;
}

/* field_hook_targets for member `field`, the whole unit scanned. */
static bool
field_hook_scan (entries_ctx *c, tree field, vec<int> *targets,
                 vec<tree> *libs, vec<gimple *> *stores)
{
  tree rec = DECL_CONTEXT (field);
  if (TREE_CODE (field) != FIELD_DECL || !rec || TREE_CODE (rec) != RECORD_TYPE
      || !(wmm_record_of_main_file (rec)
           || (c->closed_members && program_record (rec))))
    return false;
  rec = TYPE_MAIN_VARIANT (rec);
  auto leads = [&] (tree x) {
    return x && (wmm_type_holds (TREE_TYPE (x), rec, true)
                 || wmm_type_holds (TREE_TYPE (copied_from (x)), rec, true));
  };
  /* exported variables and functions that lead to such objects */
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    if ((TREE_PUBLIC (var->decl) || DECL_EXTERNAL (var->decl))
        && wmm_type_holds (TREE_TYPE (var->decl), rec, true))
      return false;
  for (unsigned f = 0; f < c->fns.length (); f++)
    {
      tree fd = c->fns[f]->decl;
      if (TREE_PUBLIC (fd) && (int) f != c->main_fn && !c->closed_members)
        for (tree a = DECL_ARGUMENTS (fd); a; a = DECL_CHAIN (a))
          if (wmm_type_holds (TREE_TYPE (a), rec, true))
            return false;
    }
  bool ok = true, self_calls = false;
  for (unsigned f = 0; f < c->fns.length () && ok; f++)
    wmm_each_stmt (c->fns[f]->get_fun (), [&] (gimple *st) {
      if (!ok)
        return;
      for (unsigned o = 0; o < gimple_num_ops (st) && ok; o++)
        {
          tree op = gimple_op (st, o);
          if (op && TREE_CODE (op) == ADDR_EXPR && names_field (op, field))
            ok = false;
        }
      if (!ok)
        return;
      if (is_gimple_assign (st) && gimple_assign_single_p (st))
        {
          tree lhs = gimple_assign_lhs (st), rhs = gimple_assign_rhs1 (st);
          if (names_field (lhs, field))
            {
              if (TREE_CODE (lhs) != COMPONENT_REF
                  || TREE_OPERAND (lhs, 1) != field
                  || !hook_values (c, f, rhs, targets, libs, 0))
                ok = false;
              else
                stores->safe_push (st);
            }
          else if (names_field (rhs, field)
                   && !(TREE_CODE (rhs) == COMPONENT_REF
                        && TREE_OPERAND (rhs, 1) == field
                        && TREE_CODE (lhs) == SSA_NAME
                        && hook_load_only_called (lhs)))
            ok = false;
          return;
        }
      gcall *call = dyn_cast<gcall *> (st);
      if (!call)
        return;
      tree callee = gimple_call_fndecl (call);
      if (callee && find_fn (&c->index, wmm_alias_target (callee)) >= 0)
        return;
      const char *n = callee && DECL_NAME (callee)
                      ? IDENTIFIER_POINTER (DECL_NAME (callee)) : NULL;
      if (callee && (wmm_lib_call_is_private (callee, n)
                     || wmm_lib_call_is_sync (callee, n)))
        return;
      /* a call through the member itself (`t->fn (t)`) calls what the
         stores put there: unit functions, or library functions that must
         then pass the rule above (checked once all are known) */
      if (!callee && called_member (call) == field)
        {
          self_calls = true;
          return;
        }
      if (leads (gimple_call_lhs (call)))
        ok = false;
      for (unsigned a = 0; a < gimple_call_num_args (call) && ok; a++)
        if (leads (gimple_call_arg (call, a)))
          ok = false;
    });
  if (ok && self_calls)
    for (tree lib : *libs)
      {
        const char *n = DECL_NAME (lib) ? IDENTIFIER_POINTER (DECL_NAME (lib))
                                        : NULL;
        if (!wmm_lib_call_is_private (lib, n) && !wmm_lib_call_is_sync (lib, n))
          ok = false;
      }
  return ok && (!targets->is_empty () || !libs->is_empty ());
}

bool
wmm_std_class_named (tree t, const char *name)
{
  if (!t || TREE_CODE (t) != RECORD_TYPE || !TYPE_NAME (t))
    return false;
  tree n = TYPE_NAME (t);
  if (TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  if (!n || TREE_CODE (n) != IDENTIFIER_NODE
      || strcmp (IDENTIFIER_POINTER (n), name))
    return false;
  tree ctx = TYPE_CONTEXT (t);
  while (ctx && TYPE_P (ctx))
    ctx = TYPE_CONTEXT (ctx);
  return ctx && TREE_CODE (ctx) == NAMESPACE_DECL && DECL_NAME (ctx)
         && !strcmp (IDENTIFIER_POINTER (DECL_NAME (ctx)), "std");
}

static bool record_stays_scan (entries_ctx *c, tree rec);

/* Do all objects that lead to a record of type rec come from this unit:
 * no function of another unit the unit calls takes or returns one, no
 * exported function of the unit (other than C++ inline code, whose calls
 * by other units run on their objects) takes one, no exported or
 * external variable holds one? */
static bool
record_stays_in_unit (entries_ctx *c, tree rec)
{
  if (bool *known = c->stays.get (rec))
    return *known;
  bool ok = record_stays_scan (c, rec);
  c->stays.put (rec, ok);
  return ok;
}

/* Is n a method of a class of family rec (a shared_ptr control block's,
 * a program class's: ctlblocks.cc), of vague linkage (other units calling
 * their copy run it on their own objects; its address is in the family's
 * vtables)? */
static bool
block_method (cgraph_node *n, tree rec)
{
  tree ctx = DECL_CONTEXT (n->decl);
  return DECL_COMDAT (n->decl) && ctx && TYPE_P (ctx)
         && RECORD_OR_UNION_TYPE_P (ctx) && wmm_vcall_family (ctx) == rec;
}

/* record_stays_in_unit, the unit scanned. */
static bool
record_stays_scan (entries_ctx *c, tree rec)
{
  varpool_node *var;
  FOR_EACH_VARIABLE (var)
    if ((TREE_PUBLIC (var->decl) || DECL_EXTERNAL (var->decl))
        && wmm_type_holds (TREE_TYPE (var->decl), rec, true))
      return false;
  /* (with_this false: the first parameter, a method's object, left out) */
  auto leads = [&] (tree fntype, bool with_this = true) {
    if (!fntype)
      return true;
    if (wmm_type_holds (TREE_TYPE (fntype), rec, true))
      return true;
    tree a = TYPE_ARG_TYPES (fntype);
    if (!with_this && a)
      a = TREE_CHAIN (a);
    for (; a; a = TREE_CHAIN (a))
      if (TREE_VALUE (a) && wmm_type_holds (TREE_VALUE (a), rec, true))
        return true;
    return false;
  };
  for (unsigned f = 0; f < c->fns.length (); f++)
    {
      cgraph_node *n = c->fns[f];
      /* A virtual method only the unit's vtables hold runs from outside on
         an object the unit gave out as one of its bases (std::thread's
         state, deleted by libstdc++ after its run): its object brings
         nothing in, its other parameters may. */
      tree fntype = TREE_TYPE (n->decl);
      if ((int) f != c->main_fn && TREE_PUBLIC (n->decl)
          && !wmm_vague_linkage (n) && !block_method (n, rec)
          && leads (fntype, !(TREE_CODE (fntype) == METHOD_TYPE
                              && wmm_own_vtable_method (n))))
        return false;
      for (cgraph_edge *e = n->callees; e; e = e->next_callee)
        {
          tree d = wmm_alias_target (e->callee->decl);
          if (find_fn (&c->index, d) < 0 && leads (TREE_TYPE (d)))
            return false;
        }
    }
  return true;
}

/* The member of a std::function (its _M_invoker, *invoker set) or of a
 * std::_Function_base (its _M_manager) the indirect call stmt calls
 * through, when no object of that class comes from code the unit cannot
 * see (record_stays_in_unit); else NULL_TREE. */
static tree
std_function_member (entries_ctx *c, gimple *stmt, bool *invoker)
{
  tree field = called_member (stmt);
  if (!field || !DECL_NAME (field) || wmm_lto_phase_now () == WMM_LTO_LINK)
    return NULL_TREE;
  const char *fname = IDENTIFIER_POINTER (DECL_NAME (field));
  tree rec = TYPE_MAIN_VARIANT (DECL_CONTEXT (field));
  *invoker = !strcmp (fname, "_M_invoker")
             && wmm_std_class_named (rec, "function");
  bool manager = !strcmp (fname, "_M_manager")
                 && wmm_std_class_named (rec, "_Function_base");
  return (*invoker || manager) && record_stays_in_unit (c, rec) ? field
                                                                 : NULL_TREE;
}

/* std::function: an indirect call through a std::function<R (A...)>'s
 * _M_invoker (its call operator) or a std::_Function_base's _M_manager
 * (copies and destruction) calls what libstdc++ stores there when the
 * object is made from a callable F: _Function_handler<R (A...), F>::
 * _M_invoke, and the _M_manager of F's handler; copies, moves and swaps
 * keep them.  When no std::function object comes from code the unit
 * cannot see (record_stays_in_unit), every F is one this unit makes
 * them of, so the targets are the unit's instances of those functions
 * (of the call's type).  The stores of their addresses into the members
 * go to *stores, unless it is NULL (they let no code outside the unit
 * call them). */
static bool
std_function_targets (entries_ctx *c, gimple *stmt, vec<int> *targets,
                      vec<gimple *> *stores, tree *field_out)
{
  bool invoker;
  tree field = *field_out = std_function_member (c, stmt, &invoker);
  if (!field)
    return false;
  tree fntype = gimple_call_fntype (stmt);
  for (unsigned f = 0; f < c->fns.length (); f++)
    {
      tree d = c->fns[f]->decl;
      tree ctx = DECL_CONTEXT (d);
      if (!DECL_NAME (d) || !ctx || !TYPE_P (ctx)
          || strcmp (IDENTIFIER_POINTER (DECL_NAME (d)),
                     invoker ? "_M_invoke" : "_M_manager"))
        continue;
      if (!wmm_std_class_named (ctx, "_Function_handler")
          && !(!invoker && wmm_std_class_named (ctx, "_Base_manager")))
        continue;
      if (!fntype || !types_compatible_p (TREE_TYPE (d), fntype))
        continue;
      targets->safe_push ((int) f);
    }
  if (targets->is_empty ())
    return false;
  /* the stores of their addresses into the member (when asked for) */
  for (unsigned f = 0; stores && f < c->fns.length (); f++)
    wmm_each_stmt (c->fns[f]->get_fun (), [&] (gimple *st) {
      if (!gimple_assign_single_p (st))
        return;
      tree lhs = gimple_assign_lhs (st), rhs = gimple_assign_rhs1 (st);
      if (TREE_CODE (lhs) == COMPONENT_REF && TREE_OPERAND (lhs, 1) == field
          && TREE_CODE (rhs) == ADDR_EXPR
          && TREE_CODE (TREE_OPERAND (rhs, 0)) == FUNCTION_DECL)
        stores->safe_push (st);
    });
  return true;
}

/* Is fn the _M_invoke of a std::_Function_handler? */
static bool
handler_invoke (tree fn)
{
  tree ctx = DECL_CONTEXT (fn);
  return DECL_NAME (fn) && ctx && TYPE_P (ctx)
         && !strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)), "_M_invoke")
         && wmm_std_class_named (ctx, "_Function_handler");
}

/* Is node libstdc++ code only std::_Function_handler's _M_invoke calls,
 * directly or through such code (std::__invoke_r, std::__invoke_impl)? */
static bool
only_handlers_call (cgraph_node *node, int depth = 0)
{
  if (!wmm_std_fn (node->decl) || node->address_taken || !node->callers
      || depth > 4)
    return false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (!handler_invoke (e->caller->decl)
        && !only_handlers_call (e->caller, depth + 1))
      return false;
  return true;
}

/* Does parameter type t carry a function (a pointer or reference to one)? */
static bool
function_carrier (tree t)
{
  return t && (POINTER_TYPE_P (t) || TREE_CODE (t) == REFERENCE_TYPE)
         && TREE_CODE (TREE_TYPE (t)) == FUNCTION_TYPE;
}

/* A std::function made of a function pointer: its handler's _M_invoke
 * calls the pointer the object holds, directly or in libstdc++'s
 * std::__invoke_impl, which only such handlers call.  When no
 * std::function object comes from code the unit cannot see and every
 * function the unit gives a std::function member (its constructor,
 * assignment) is a constant address of its own, the pointer is the
 * address of a function of the unit (one the unit takes the address of,
 * of the call's type: into *targets; no function of another unit of that
 * type has its address taken).  Those member calls go to *passes (the
 * addresses given there do not escape). */
static bool
std_function_pointer_targets (entries_ctx *c, int r, gimple *stmt,
                              vec<int> *targets, vec<gimple *> *passes)
{
  cgraph_node *node = c->fns[r];
  tree fn = node->decl;
  if ((!handler_invoke (wmm_stmt_origin (stmt, fn))
       && !only_handlers_call (node))
      || wmm_lto_phase_now () == WMM_LTO_LINK)
    return false;
  tree fntype = gimple_call_fntype (stmt);
  bool ok = fntype != NULL_TREE;
  tree rec = NULL_TREE;
  for (unsigned f = 0; ok && f < c->fns.length (); f++)
    wmm_each_stmt (c->fns[f]->get_fun (), [&] (gimple *st) {
      tree callee = is_gimple_call (st) ? gimple_call_fndecl (st) : NULL_TREE;
      tree ctx = callee ? DECL_CONTEXT (callee) : NULL_TREE;
      if (!ok || !ctx || !TYPE_P (ctx) || !wmm_std_class_named (ctx, "function"))
        return;
      tree parm = TYPE_ARG_TYPES (TREE_TYPE (callee));
      bool any = false;
      for (unsigned i = 0; i < gimple_call_num_args (st) && parm;
           i++, parm = TREE_CHAIN (parm))
        if (function_carrier (TREE_VALUE (parm)))
          {
            tree d = function_address (gimple_call_arg (st, i));
            ok = ok && d && find_fn (&c->index, wmm_alias_target (d)) >= 0;
            any = true;
          }
      if (any)
        {
          passes->safe_push (st);
          rec = TYPE_MAIN_VARIANT (ctx);
        }
    });
  if (!ok || !rec || !record_stays_in_unit (c, rec))
    return false;
  cgraph_node *n;
  FOR_EACH_FUNCTION (n)
    if (n->address_taken && !wmm_abstract_slot (n->decl)
        && types_compatible_p (TREE_TYPE (n->decl), fntype))
      {
        int t = find_fn (&c->index, wmm_alias_target (n->decl));
        if (t < 0)
          return false;
        if (!targets->contains (t))
          targets->safe_push (t);
      }
  return !targets->is_empty ();
}

static bool program_call (gimple *stmt);

/* The unit's functions a virtual call on a class of a family (a control
 * block's `this->_M_dispose ()` in _M_release, a worker's `job->run ()`)
 * calls when every object of the family comes from the unit
 * (record_stays_in_unit): the method of the call's slot in one of the
 * unit's classes deriving from the call's (ctlblocks.cc), into *targets;
 * false when the family may hold objects of other code, or a slot's
 * method is no function of the unit. */
static bool
unit_vcall (entries_ctx *c, gimple *stmt, vec<int> *targets)
{
  auto_vec<tree> decls;
  tree cls = wmm_vcall_class (stmt);
  if (!cls || wmm_lto_phase_now () == WMM_LTO_LINK
      || !record_stays_in_unit (c, wmm_vcall_family (cls))
      || !wmm_vcall_targets (stmt, &decls))
    return false;
  for (tree d : decls)
    if (!push_unit_fn (c, d, targets))
      return false;
  return true;
}

/* A call of the unit that may run code of other units of the program
 * (an unknown call outside the library's headers, but a unit_vcall), or
 * NULL.  (A unit_vcall runs the unit's own methods: by induction over a
 * run, until another unit's code runs no object of such a family can
 * come from it.) */
static gimple *
other_units_call (entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    for (const call_fact &k : c->facts[i].calls)
      if (k.kind == START_UNKNOWN && program_call (k.stmt))
        {
          auto_vec<int> targets;
          if (!unit_vcall (c, k.stmt, &targets))
            return k.stmt;
        }
  return NULL;
}

/* Is every object of class family `base` (a shared_ptr control block's, a
 * program class's: ctlblocks.cc) the unit's code can meet one the unit
 * made: none comes from code the unit cannot see (record_stays_in_unit;
 * nor thrown by it: the unit calls no code of other units of the
 * program)?  Then the unit's vtables of the family are all the dynamic
 * types an object has, and code outside calls none of their methods. */
static bool
family_closed (entries_ctx *c, tree base)
{
  return base && wmm_lto_phase_now () != WMM_LTO_LINK
         && record_stays_in_unit (c, base) && !other_units_call (c);
}

/* A virtual call on a class of a closed family (family_closed: unit_vcall
 * holds, and the unit calls no code of other units) calls unit_vcall's
 * targets: their indices to *targets. */
static bool
vcall_targets (entries_ctx *c, gimple *stmt, vec<int> *targets)
{
  return unit_vcall (c, stmt, targets) && !other_units_call (c);
}

/* Append the name of function decl to the list *names (", "). */
static void
append_name (char **names, tree decl)
{
  const char *n = fn_name (decl);
  char *more = *names ? xasprintf ("%s, %s", *names, n) : xstrdup (n);
  free (*names);
  *names = more;
}

/* Trampolines: a start routine's indirect call of the function its
 * argument carries calls the functions the unit's creates put there; the
 * call is no unknown code, and their addresses given to the creating
 * helper do not escape.  When the routine touches nothing else
 * (wmm_trampoline_pure), each is a thread started by the routine's
 * creates, resolved per call of the helper as a routine it creates
 * itself would be; otherwise they are callees of the routine (run in its
 * thread, in its instances).
 * One pass over the unresolved indirect calls: as trampolines (when
 * `tramps`), then as calls through function pointer parameters or copied
 * addresses, then through hooks. */
static void
resolve_indirect_calls (entries_ctx *c, bool tramps)
{
  for (unsigned r = 0; r < c->fns.length (); r++)
    {
      fn_facts *f = &c->facts[r];
      if (!f->indirect)
        continue;
      bool left = false;
      auto_vec<call_fact> calls;
      for (const call_fact &k : f->calls)
        {
          auto_vec<int> targets;
          auto_vec<gimple *> stores;
          auto_vec<tramp_source> sources;
          auto_vec<tree> libs;
          bool tramp = false, hook = false, field = false, block = false;
          bool held = false, table = false;
          tree var = NULL_TREE;
          if (k.kind != START_UNKNOWN || gimple_call_fndecl (k.stmt))
            calls.safe_push (k);
          else if (!(tramps
                     && (tramp = trampoline_targets (c, r, k.stmt, &targets,
                                                     &stores, &sources)))
                   && !(targets.truncate (0),
                        param_targets (c, r, k.stmt, &targets))
                   && !(targets.truncate (0), stores.truncate (0),
                        field = std_function_targets (c, k.stmt, &targets,
                                                      &stores, &var))
                   && !(targets.truncate (0), stores.truncate (0),
                        held = std_function_pointer_targets (c, r, k.stmt,
                                                             &targets,
                                                             &stores))
                   && !(targets.truncate (0), stores.truncate (0),
                        block = vcall_targets (c, k.stmt, &targets))
                   && !(targets.truncate (0),
                        hook = hook_targets (c, k.stmt, &targets, &libs,
                                             &stores, &var))
                   && !(targets.truncate (0), libs.truncate (0),
                        stores.truncate (0),
                        table = table_targets (c, k.stmt, &targets, &libs,
                                               &var))
                   /* (after the trampolines: a trampoline's call
                      through its argument's member is one) */
                   && !(tramps && (targets.truncate (0), stores.truncate (0),
                                   libs.truncate (0),
                                   field = field_hook_targets (c, k.stmt,
                                                               &targets, &libs,
                                                               &stores,
                                                               &var))))
            {
              left = true;
              calls.safe_push (k);
            }
          else
            {
              if (!c->u->resolved_calls)
                c->u->resolved_calls = new hash_map<gimple *, vec<tree> >;
              bool pure = tramp
                          && wmm_trampoline_pure (c->fns[r]->get_fun (),
                                                  k.stmt);
              if (!pure)
                sources.truncate (0);   /* the bodies run in r's thread */
              for (const tramp_source &src : sources)
                if (tree fn = function_address (src.value))
                  c->creates.safe_push ({ find_fn (&c->index,
                                                   wmm_alias_target (fn)),
                                          src.fn, src.loop, true, NULL });
                else
                  c->param_creates.safe_push
                    ({ src.fn, routine_param (c->fns[src.fn]->get_fun (),
                                              src.value), src.loop });
              vec<tree> decls = vNULL;
              char *names = NULL;
              for (int t : targets)
                {
                  if (!pure)
                    {
                      calls.safe_push ({ k.stmt, START_NONE, t, k.loop,
                                         false });
                      f->callees.safe_push (t);
                      c->facts[t].called = true;
                      decls.safe_push (c->fns[t]->decl);
                    }
                  append_name (&names, c->fns[t]->decl);
                }
              for (tree lib : libs)
                {
                  decls.safe_push (lib);
                  append_name (&names, lib);
                }
              c->u->resolved_calls->put (k.stmt, decls);
              for (gimple *s : stores)
                c->tramp_stores.add (s);
              if (field)
                wmm_note (c->u, "%s's indirect call through member '%s' "
                          "calls the functions stored there: %s",
                          fn_name (c->fns[r]->decl),
                          IDENTIFIER_POINTER (DECL_NAME (var)), names);
              else if (hook)
                {
                  c->hook_vars.add (var);
                  wmm_note (c->u, "%s's indirect call through '%s' calls "
                            "the functions stored there: %s",
                            fn_name (c->fns[r]->decl),
                            lang_hooks.decl_printable_name (var, 2), names);
                }
              else if (table)
                wmm_note (c->u, "%s's indirect call through the read-only "
                          "table '%s' calls one of its functions: %s",
                          fn_name (c->fns[r]->decl),
                          lang_hooks.decl_printable_name (var, 2), names);
              else if (block)
                wmm_note (c->u, "%s's virtual call calls the methods of "
                          "the unit's classes: %s",
                          fn_name (c->fns[r]->decl), names);
              else if (held)
                wmm_note (c->u, "%s's indirect call calls the function "
                          "pointer a std::function holds, one the unit "
                          "gives std::function: %s",
                          fn_name (c->fns[r]->decl), names);
              else if (tramp)
                wmm_note (c->u, "%s calls the function its thread argument "
                          "carries (a trampoline): %s, %s",
                          fn_name (c->fns[r]->decl), names,
                          pure ? "each a thread of its own (it touches no "
                                 "other memory)" : "in its thread");
              else
                wmm_note (c->u, "%s's indirect call calls the functions its "
                          "callers give it: %s", fn_name (c->fns[r]->decl),
                          names);
              free (names);
            }
        }
      f->calls.truncate (0);
      f->only_virtual = true;
      for (const call_fact &k : calls)
        {
          f->calls.safe_push (k);
          if (k.kind == START_UNKNOWN && !gimple_call_fndecl (k.stmt)
              && TREE_CODE (gimple_call_fn (k.stmt)) != OBJ_TYPE_REF)
            f->only_virtual = false;
        }
      f->indirect = left;
    }
}

/* Sets c->closed_members when main's unit calls no code of other units
 * but through members of its records (`t->fn (t->arg)`, a thread pool's
 * task) and, taking exported functions to be called by the unit alone,
 * field_hook_scan resolves every such member.  exported_callee_entries
 * takes other units' code to call the unit's exported functions only from
 * threads the unit's own calls of that code start; by induction over a
 * run, no such call happens (a member holds only what the unit's own
 * stores put there, values of the unit's own calls), so an exported
 * `pool_submit (p, fn, arg)` is called with the unit's functions only.
 * Not with threads= set, the attribute, or at the link step of -flto. */
static void
closed_member_calls (entries_ctx *c)
{
  if (c->u->opts->threads != WMM_THREADS_AUTO || c->main_fn < 0
      || c->any_attribute || wmm_lto_phase_now () == WMM_LTO_LINK)
    return;
  auto_vec<tree> fields;
  for (unsigned i = 0; i < c->fns.length (); i++)
    for (const call_fact &k : c->facts[i].calls)
      if (k.kind == START_UNKNOWN && program_call (k.stmt))
        {
          tree field = gimple_call_fndecl (k.stmt) ? NULL_TREE
                       : called_member (k.stmt);
          if (!field)
            return;
          if (!fields.contains (field))
            fields.safe_push (field);
        }
  if (fields.is_empty ())
    return;
  c->closed_members = true;
  for (tree field : fields)
    {
      auto_vec<int> targets;
      auto_vec<tree> libs;
      auto_vec<gimple *> stores;
      if (!field_hook_scan (c, field, &targets, &libs, &stores))
        {
          /* (nor without the unit's calls alone: field_hook_targets
             need not scan it again) */
          c->field_hook_fails.add (field);
          c->closed_members = false;
          return;
        }
    }
}

/* Hooks and parameters first, trampolines in a second pass: their
 * matchers take a hook holding only free (or malloc) for free (or
 * malloc), and follow the task into the functions a resolved call may
 * call (the cleanup routine of pthread_cleanup_push). */
static void
resolve_trampolines (entries_ctx *c)
{
  resolve_indirect_calls (c, false);
  wmm_trampoline_resolved (c->u->resolved_calls);
  resolve_indirect_calls (c, true);
  wmm_trampoline_resolved (NULL);
}

/* ------------------------------------------------------ escaping addresses */

static bool param_only_starts (entries_ctx *c, int f, int p, int depth);

/* Can no code call a function through a pointer loaded from memory?
 * Every call of the unit is direct, to a function of the unit or to a
 * library function that calls back nothing it finds in memory (one known
 * not to start threads or call back, or a thread or lock primitive: a
 * create calls its routine argument, which the create's own analysis
 * resolves).  Asked once per unit. */
static bool
no_stored_calls (entries_ctx *c)
{
  if (c->no_callers >= 0)
    return c->no_callers;
  c->no_callers = 1;
  for (cgraph_node *node : c->fns)
    {
      function *fn = node->get_fun ();
      if (!fn || !fn->cfg)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        if (!c->no_callers || !is_gimple_call (s) || gimple_call_internal_p (s))
          return;
        tree callee = gimple_call_fndecl (s);
        if (!callee)
          c->no_callers = 0;
        else if (find_fn (&c->index, wmm_alias_target (callee)) < 0
                 && !wmm_never_starts_threads (callee)
                 && !wmm_lib_keeps_callbacks (callee)
                 && !wmm_lib_call_is_sync (callee, DECL_NAME (callee)
                     ? IDENTIFIER_POINTER (DECL_NAME (callee)) : NULL))
          c->no_callers = 0;
      });
    }
  return c->no_callers;
}

/* Is every use of value v (a function address held in an SSA name of
 * function f) the start routine of a create, or an argument of a unit
 * function that only starts threads with that parameter? */
static bool
value_only_starts (entries_ctx *c, tree v, int depth)
{
  gimple *use;
  imm_use_iterator it;
  FOR_EACH_IMM_USE_STMT (use, it, v)
    {
      if (is_gimple_debug (use))
        continue;
      if (is_gimple_assign (use) && (gimple_assign_single_p (use)
                                     || gimple_assign_cast_p (use))
          && TREE_CODE (gimple_assign_lhs (use)) == SSA_NAME)
        {
          if (!value_only_starts (c, gimple_assign_lhs (use), depth + 1))
            return false;
          continue;
        }
      if (c->tramp_stores.contains (use))
        continue;   /* run by a trampoline: resolved per call site */
      /* kept in memory (`job->fn = fn`) where nothing calls it */
      if (gimple_assign_single_p (use) && gimple_assign_rhs1 (use) == v
          && TREE_CODE (gimple_assign_lhs (use)) != SSA_NAME
          && no_stored_calls (c))
        continue;
      if (!is_gimple_call (use) || depth > 6)
        return false;
      int routine = create_argno (use);
      tree callee = gimple_call_fndecl (use);
      int g = callee ? find_fn (&c->index, wmm_alias_target (callee)) : -1;
      /* (std::thread's constructor template: its callable, argument 1,
         is a known start, as in call_escape) */
      if (routine < 0 && wmm_std_thread_start (use))
        routine = 1;
      for (unsigned k = 0; k < gimple_call_num_args (use); k++)
        if (gimple_call_arg (use, k) == v && (int) k != routine
            && (routine >= 0 || g < 0
                || !param_only_starts (c, g, k, depth + 1)))
          return false;
    }
  return true;
}

/* Does function f only start threads with (the function in) its
 * parameter p: no other use, no escape (a store into memory only where no
 * code calls through memory: no_stored_calls)? */
static bool
param_only_starts (entries_ctx *c, int f, int p, int depth)
{
  if (depth > 6)
    return false;
  function *fn = c->fns[f]->get_fun ();
  tree parm = DECL_ARGUMENTS (fn->decl);
  for (int k = 0; parm && k < p; k++)
    parm = DECL_CHAIN (parm);
  if (!parm || TREE_ADDRESSABLE (parm))
    return false;
  if (tree def = ssa_default_def (fn, parm))
    if (!value_only_starts (c, def, depth))
      return false;
  /* -O0: the parameter lives in memory; only loads of it may use it. */
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        if (is_gimple_debug (stmt))
          continue;
        bool load = gimple_assign_single_p (stmt)
                    && gimple_assign_rhs1 (stmt) == parm
                    && TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME;
        if (load)
          {
            if (!value_only_starts (c, gimple_assign_lhs (stmt), depth))
              return false;
            continue;
          }
        for (unsigned o = 0; o < gimple_num_ops (stmt); o++)
          if (tree op = gimple_op (stmt, o))
            if (op == parm || (!is_gimple_call (stmt) && walk_tree (&op,
                [] (tree *t, int *, void *d) -> tree {
                  return *t == (tree) d ? *t : NULL_TREE; }, parm, NULL)))
              return false;
      }
  return true;
}

/* The address operand of argument `which` (0 the destructor, 1 the
 * object) of an exit registration (__cxa_atexit (dtor, object, dso); ARM
 * EABI: __aeabi_atexit (object, dtor, dso)), or NULL_TREE. */
static tree
exit_registration_arg (gimple *stmt, unsigned which)
{
  const char *n = wmm_callee_name (stmt);
  if (!n)
    return NULL_TREE;
  bool cxa = !strcmp (n, "__cxa_atexit");
  if (!cxa && strcmp (n, "__aeabi_atexit"))
    return NULL_TREE;   /* (before, any call's fourth argument: qsort's
                           comparator was taken for a destructor) */
  unsigned argno = cxa ? which : 1 - which;
  if (argno >= gimple_call_num_args (stmt))
    return NULL_TREE;
  tree a = gimple_call_arg (stmt, argno);
  STRIP_NOPS (a);
  return TREE_CODE (a) == ADDR_EXPR ? TREE_OPERAND (a, 0) : NULL_TREE;
}

tree
wmm_exit_dtor_of (gimple *stmt)
{
  tree f = exit_registration_arg (stmt, 0);
  return f && TREE_CODE (f) == FUNCTION_DECL ? wmm_alias_target (f) : NULL_TREE;
}

/* The static object a __cxa_atexit registration destroys, or NULL_TREE. */
static tree
exit_object_of (gimple *stmt)
{
  tree o = exit_registration_arg (stmt, 1);
  if (o)
    o = get_base_address (o);
  return o && VAR_P (o) ? o : NULL_TREE;
}

/* Why passing function `decl` to call `stmt` (in function `where`) may let
 * it run as a thread: xasprintf'd, NULL = it cannot. */
static char *
call_escape (entries_ctx *c, gimple *stmt, tree decl, tree where)
{
  tree callee = gimple_call_fndecl (stmt);
  int routine = create_argno (stmt);
  bool sync, omp = is_omp_start (stmt, &sync);
  unsigned found = 0;
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      if (function_address (gimple_call_arg (stmt, i)) != decl)
        continue;
      found++;
      if ((int) i == routine || omp || (i == 1 && wmm_std_thread_start (stmt))
          || (i == 1 && wmm_once_routine (stmt)))
        continue;   /* a known start: an entry anyway (a once routine runs
                       in the caller's thread, scan_once) */
      if (!callee)
        return xasprintf ("is passed to an indirect call in %s()",
                          fn_name (where));
      if (wmm_exit_dtor_of (stmt) == wmm_alias_target (decl))
        {
          c->exit_dtors.add (wmm_alias_target (decl));
          if (tree obj = exit_object_of (stmt))
            c->exit_objects.add (obj);
          continue;   /* runs at exit, after the threads (escape_entries) */
        }
      const char *cn = fn_name (callee);
      if ((i == 0 && (!strcmp (cn, "atexit") || !strcmp (cn, "at_quick_exit")
                      || !strcmp (cn, "on_exit")))
          || (i == 1 && (!strcmp (cn, "signal") || !strcmp (cn, "sigset")
                         || !strcmp (cn, "bsd_signal")
                         || !strcmp (cn, "sysv_signal"))))
        {
          c->exit_handlers.add (wmm_alias_target (decl));
          continue;   /* run by the thread that exits or takes the signal
                         (exit_entries) */
        }
      if ((i == 1 && (!strcmp (cn, "pthread_key_create")
                      || !strcmp (cn, "tss_create")))
          || (i == 0 && (!strcmp (cn, "__cxa_thread_atexit")
                         || !strcmp (cn, "__cxa_thread_atexit_impl"))))
        {
          c->key_dtors.add (wmm_alias_target (decl));
          continue;   /* run by threads as they exit (escape_entries) */
        }
      int g = find_fn (&c->index, wmm_alias_target (callee));
      if (g >= 0 && param_only_starts (c, g, i, 0))
        continue;   /* a helper that starts it: resolved per call site */
      if (c->tramp_stores.contains (stmt))
        continue;   /* kept by a std::function whose calls are resolved
                       (std_function_pointer_targets) */
      if (g >= 0)
        return xasprintf ("is passed to %s() (what a function of this unit "
                          "does with it is not followed)", fn_name (callee));
      if (!wmm_never_starts_threads (callee))
        return xasprintf ("escapes to %s()", fn_name (callee));
    }
  if (!found)
    return xasprintf ("is used by a call in %s()", fn_name (where));
  return NULL;
}

/* A static read-only table of start routines read only to start
 * threads (each load's value only a create's routine): its functions run
 * as the threads those creates start, they do not escape. */
static bool
table_only_starts (entries_ctx *c, varpool_node *var)
{
  tree decl = var->decl;
  if (TREE_PUBLIC (decl) || !TREE_READONLY (decl) || !wmm_decl_initial (decl))
    return false;
  ipa_ref *ref;
  bool any = false;
  for (unsigned k = 0; var->iterate_referring (k, ref); k++)
    {
      gimple *stmt = ref->stmt;
      if (ref->use != IPA_REF_LOAD || !stmt || !gimple_assign_load_p (stmt)
          || TREE_CODE (gimple_assign_lhs (stmt)) != SSA_NAME
          || find_fn (&c->index, ref->referring->decl) < 0
          || routine_table (gimple_assign_lhs (stmt)) != decl)
        return false;
      push_cfun (DECL_STRUCT_FUNCTION (ref->referring->decl));
      bool ok = value_only_starts (c, gimple_assign_lhs (stmt), 0);
      pop_cfun ();
      if (!ok)
        return false;
      any = true;
    }
  return any;
}

/* Is SSA name v (a copied function address) only the callee of calls
 * that are resolved (the copy is followed: param_targets) or stored into
 * a resolved hook (hook_values), through copies and choices?  Then the
 * function is only called, in the caller's thread.  pthread_cleanup_push
 * keeps its routine so. */
static bool
value_only_called (entries_ctx *c, tree v)
{
  return only_called (v, 0, [&] (gimple *call) {
    return c->u->resolved_calls && c->u->resolved_calls->get (call); },
                      [&] (gimple *use) {
    return c->tramp_stores.contains (use); });
}

/* Does the unit's std::thread start the _M_run of state type `type`? */
static bool
std_state_run_of (entries_ctx *c, tree type)
{
  if (!type || !TYPE_P (type) || !wmm_std_state_type (type))
    return false;
  for (tree run : c->std_runs)
    if (DECL_CONTEXT (run) && TYPE_P (DECL_CONTEXT (run))
        && TYPE_MAIN_VARIANT (DECL_CONTEXT (run)) == TYPE_MAIN_VARIANT (type))
      return true;
  return false;
}

/* Why an address reference `ref` to function `decl` lets code the unit
 * cannot see call it; NULL = it does not. */
static char *
ref_escape (entries_ctx *c, ipa_ref *ref, tree decl)
{
  if (varpool_node *var = dyn_cast<varpool_node *> (ref->referring))
    {
      if (table_only_starts (c, var) || c->hook_vars.contains (var->decl))
        return NULL;
      /* the state's _M_run, started by the unit's std::thread */
      if (c->std_runs.contains (decl) && DECL_VIRTUAL_P (var->decl))
        return NULL;
      /* its destructor, which the thread runs when the library deletes
         the state after _M_run: nothing to analyse when it touches only
         the state object itself (captures by value or reference) */
      if (DECL_VIRTUAL_P (var->decl) && DECL_CXX_DESTRUCTOR_P (decl)
          && std_state_run_of (c, DECL_CONTEXT (decl))
          && state_dtor_private (c, wmm_alias_target (decl)))
        return NULL;
      tree ctx = DECL_CONTEXT (var->decl);
      /* a method of a closed family's class (a shared_ptr control
         block's): called by the unit's resolved virtual calls alone
         (vcall_targets) */
      if (DECL_VIRTUAL_P (var->decl) && ctx && TYPE_P (ctx)
          && RECORD_OR_UNION_TYPE_P (ctx)
          && family_closed (c, wmm_vcall_family (ctx)))
        return NULL;
      if (DECL_VIRTUAL_P (var->decl) && ctx && TYPE_P (ctx) && TYPE_NAME (ctx))
        return xasprintf ("is stored in the vtable of '%s'",
                          lang_hooks.decl_printable_name (TYPE_NAME (ctx), 2));
      return xasprintf ("is stored in the initialiser of '%s'",
                        lang_hooks.decl_printable_name (var->decl, 2));
    }
  tree where = ref->referring->decl;
  gimple *stmt = ref->stmt;
  if (find_fn (&c->index, where) < 0)
    return xasprintf ("is used in %s(), whose code is not analysed",
                      fn_name (where));
  if (!stmt)
    return xasprintf ("is used in %s()", fn_name (where));
  if (is_gimple_call (stmt))
    return call_escape (c, stmt, decl, where);
  if (gimple_code (stmt) == GIMPLE_RETURN)
    return xasprintf ("is returned by %s()", fn_name (where));
  if (c->tramp_stores.contains (stmt))
    return NULL;   /* into a resolved hook or trampoline */
  if (gimple_store_p (stmt))
    return xasprintf ("is stored to memory in %s()", fn_name (where));
  if (is_gimple_assign (stmt) && value_only_called (c, gimple_assign_lhs (stmt)))
    return NULL;
  return xasprintf ("is used as a value in %s()", fn_name (where));
}

/* Why the address of symbol `sym` (a unit function or an alias of one)
 * escapes to code the unit cannot see; NULL = it does not. */
static char *
escape_reason (entries_ctx *c, symtab_node *sym)
{
  ipa_ref *ref;
  for (unsigned i = 0; sym->iterate_referring (i, ref); i++)
    {
      char *why = NULL;
      if (ref->use == IPA_REF_ALIAS)
        why = escape_reason (c, ref->referring);
      else if (ref->use == IPA_REF_ADDR)
        why = ref_escape (c, ref, sym->decl);
      if (why)
        return why;
    }
  /* A C++ thunk (this-adjusting, in a vtable) calls it. */
  if (cgraph_node *node = dyn_cast<cgraph_node *> (sym))
    for (cgraph_edge *e = node->callers; e; e = e->next_caller)
      if (wmm_node_is_thunk (e->caller))
        if (char *why = escape_reason (c, e->caller))
          return why;
  return NULL;
}

/* Notes naming an escaping function (C++ vtables give many). */
static const int MAX_ESCAPE_NOTES = 8;

/* May call `stmt` run code of the program's other units, which knows the
 * unit's exported functions by name?  A function declared in a system
 * header is a library's (the C or C++ library, libevent, zlib), which
 * calls the program only through the pointers it is given (escapes); so
 * is an indirect call written in a system header (a stream's virtual
 * call inlined from libstdc++), and std::thread's start, which runs the
 * state the unit's own constructor made (its _M_run: escape_entries). */
static bool
program_call (gimple *stmt)
{
  if (tree callee = gimple_call_fndecl (stmt))
    return !DECL_IN_SYSTEM_HEADER (callee);
  return !in_system_header_at (gimple_location (stmt));
}

/* A unit with main whose code calls code of other units of the program
 * that may start threads (an unknown call not in libfns.cc's table of
 * functions that start none, nor a library's: program_call): those
 * threads may call what the unit exports by name, a worker of another
 * unit calling back into main's unit while main runs.  Each exported
 * function is then an entry with several instances, and the unknown calls
 * count as thread starts, as for an escaping address; not main, not
 * inline definitions that every unit using them has its own copy of or
 * that a system header makes, and not the unit's own thread routines,
 * which keep their instances (other units are taken not to call them).
 * Not at the link step of -flto, which sees the callers.  Example:
 * main () { start_workers (); x = 1; r = y; } beside an exported
 * on_event () { y = 1; s = x; } that start_workers' threads call. */
static void
exported_callee_entries (entries_ctx *c)
{
  if (c->u->opts->threads != WMM_THREADS_AUTO || c->main_fn < 0
      || c->any_attribute || wmm_lto_phase_now () == WMM_LTO_LINK)
    return;
  gimple *unknown = other_units_call (c);
  if (!unknown)
    return;
  tree callee = gimple_call_fndecl (unknown);
  int count = 0;
  for (unsigned i = 0; i < c->fns.length (); i++)
    {
      tree decl = c->fns[i]->decl;
      if (!TREE_PUBLIC (decl) || (int) i == c->main_fn || DECL_COMDAT (decl)
          || DECL_EXTERNAL (decl) || DECL_IN_SYSTEM_HEADER (decl)
          || c->facts[i].entry)
        continue;   /* (a library's inline definition: glibc's atoi) */
      make_entry (&c->facts[i], 2);
      c->u->escapes = true;
      if (++count <= MAX_ESCAPE_NOTES)
        wmm_note (c->u, "%s is exported by a unit with main that calls "
                  "code of other units (%s) which may start threads: they "
                  "may call it, a thread entry with several instances",
                  fn_name (decl),
                  callee ? fn_name (callee) : "an indirect call");
    }
}

/* Functions whose address escapes may run as threads (2 instances). */
static void
escape_entries (entries_ctx *c)
{
  if (c->u->opts->threads == WMM_THREADS_CREATE)
    return;
  int count = 0;
  if (!c->u->fn_escapes)
    c->u->fn_escapes = new hash_map<tree, bool>;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (wmm_once_internal (c->fns[i]->decl))
      /* called back inside pthread_once by std::call_once */
      c->u->fn_escapes->put (c->fns[i]->decl, true);
    else if (char *why = escape_reason (c, c->fns[i]))
      {
        c->u->fn_escapes->put (c->fns[i]->decl, true);
        make_entry (&c->facts[i], 2);
        c->u->escapes = true;
        if (++count <= MAX_ESCAPE_NOTES)
          wmm_note (c->u, "%s's address %s: treated as a thread entry with "
                    "several instances", fn_name (c->fns[i]->decl), why);
        free (why);
      }
    else
      /* (a key's destructor, which pthread_exit may run: below) */
      c->u->fn_escapes->put (c->fns[i]->decl,
                             c->key_dtors.contains (c->fns[i]->decl));
  if (count > MAX_ESCAPE_NOTES)
    wmm_note (c->u, "%d more functions whose address escapes are treated as "
              "thread entries with several instances (dump-ir lists them)",
              count - MAX_ESCAPE_NOTES);
  /* A key's destructor runs in each thread that set a value for the key,
     as the thread exits: an entry with several instances, beside every
     thread; the library keeps its address, so no other code can start
     it (the unit's unknown calls stay no thread starts). */
  count = 0;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (c->key_dtors.contains (c->fns[i]->decl) && !c->facts[i].entry)
      {
        make_entry (&c->facts[i], 2);
        if (++count <= MAX_ESCAPE_NOTES)
          wmm_note (c->u, "%s is the destructor of a thread-specific key "
                    "or thread_local object, run by threads as they exit: "
                    "treated as a thread entry with several instances",
                    fn_name (c->fns[i]->decl));
      }
}

/* ------------------------------------------------------------ thread starts */

/* Does call k start threads by itself that its caller cannot join?
 * (OpenMP tasks are counted apart: the team's barrier ends them.) */
static bool
starts_unjoined (const entries_ctx *c, const call_fact &k)
{
  return k.kind == START_CREATE
         || (k.kind == START_UNKNOWN && c->u->escapes);
}

/* One round of propagation over the calls of function i; true when a flag
 * of i changed.  Threads left running propagate through direct calls and
 * OpenMP teams; tasks only through direct calls. */
static bool
propagate_starts (entries_ctx *c, unsigned i)
{
  fn_facts *f = &c->facts[i];
  bool threads = f->leaves_threads, tasks = f->leaves_tasks;
  for (const call_fact &k : f->calls)
    {
      if (k.target < 0)
        continue;
      const fn_facts *t = &c->facts[k.target];
      if (k.kind == START_NONE || k.kind == START_OMP_SYNC)
        f->leaves_threads |= t->leaves_threads;
      if (k.kind == START_NONE)
        f->leaves_tasks |= t->leaves_tasks;
    }
  return threads != f->leaves_threads || tasks != f->leaves_tasks;
}

/* leaves_threads, leaves_tasks and may_create of every function. */
static void
compute_may_create (entries_ctx *c)
{
  unsigned n = c->fns.length ();
  for (unsigned i = 0; i < n; i++)
    for (const call_fact &k : c->facts[i].calls)
      {
        c->facts[i].leaves_threads |= starts_unjoined (c, k);
        c->facts[i].leaves_tasks |= k.kind == START_OMP_ASYNC;
      }
  for (bool changed = true; changed;)
    {
      changed = false;
      for (unsigned i = 0; i < n; i++)
        changed |= propagate_starts (c, i);
    }
  for (unsigned i = 0; i < n; i++)
    c->facts[i].may_create = c->facts[i].leaves_threads
                             || c->facts[i].leaves_tasks;
}

/* After call k, may threads run that no join of the caller ends? */
static bool
is_starter (const entries_ctx *c, const call_fact &k)
{
  const fn_facts *t = k.target >= 0 ? &c->facts[k.target] : NULL;
  switch (k.kind)
    {
    case START_CREATE:
      if (k.param)
        return c->param_routine_creates;
      return !t || t->may_create;
    case START_NONE:
      return t && t->may_create;
    case START_OMP_SYNC:
      return t && t->leaves_threads;
    case START_OMP_ASYNC:
      return true;
    default:
      return starts_unjoined (c, k);
    }
}

/* What a note calls the callee of a call (builtins without their
 * "__builtin_" prefix). */
static const char *
starter_name (gimple *stmt)
{
  tree callee = gimple_call_fndecl (stmt);
  if (!callee)
    return "an indirect call";
  const char *n = fn_name (callee);
  return strncmp (n, "__builtin_", 10) ? n : n + 10;
}

/* Say from where on main runs next to threads it cannot join. */
static void
note_main_starter (entries_ctx *c)
{
  if (c->main_fn < 0 || !c->facts[c->main_fn].region)
    return;
  for (const call_fact &k : c->facts[c->main_fn].calls)
    if (wmm_call_untracked (c->u, k.stmt))
      {
        int line = LOCATION_LINE (gimple_location (k.stmt));
        char *at = line > 0 ? xasprintf (" (line %d)", line) : xstrdup ("");
        wmm_note (c->u, "main may run concurrently with threads started by "
                  "%s%s from there to its end: no join can be matched to "
                  "them", starter_name (k.stmt), at);
        free (at);
        return;
      }
}

/* ----------------------------------------------------------------- entries */

/* Resolve a create in function f of its parameter p through every call
 * of f: the function addresses its callers give become create sites
 * (in_loop when any call on the way is in a loop). */
static void
resolve_param (entries_ctx *c, int f, int p, bool loop, int depth)
{
  tree decl = c->fns[f]->decl;
  /* (the standard library's templates on the way to std::thread's
     constructor, `emplace_back` and the allocator's `construct`, start
     threads as the constructor does: no helper of this unit's own) */
  if (TREE_PUBLIC (decl) && !DECL_IN_SYSTEM_HEADER (decl)
      && !c->public_helper)
    c->public_helper = decl;
  if (depth > 6 || c->fns[f]->address_taken || f == c->main_fn)
    {
      c->unresolved = true;
      return;
    }
  each_call_of (c, f, p, [&] (int g, tree arg, bool in_loop) {
    tree fn = function_address (arg);
    int t = fn ? find_fn (&c->index, wmm_alias_target (fn)) : -1;
    int q = arg && !fn ? routine_param (c->fns[g]->get_fun (), arg) : -1;
    if (t >= 0)
      c->creates.safe_push ({ t, g, loop || in_loop, true, NULL });
    else if (fn && !c->external)
      c->external = fn;
    else if (q >= 0)
      resolve_param (c, g, q, loop || in_loop, depth + 1);
    else if (!fn)
      c->unresolved = true;
    return true;
  });
}

/* Does function f run at most once: main (never called), or a static
 * function called from one place, outside loops (a CFG cycle, also one
 * through setjmp's abnormal edges), in one that does?  Its address goes
 * nowhere, through no alias either. */
static bool
runs_once (entries_ctx *c, int f, int depth)
{
  if (f == c->main_fn)
    return !c->facts[f].called;
  if (depth > 8 || TREE_PUBLIC (c->fns[f]->decl)
      || !wmm_calls_all_seen (c->fns[f]))
    return false;
  int sites = 0, from = -1;
  if (!each_call_of (c, f, -1, [&] (int g, tree, bool in_loop) {
        sites++;
        from = g;
        return !in_loop;
      }))
    return false;
  return sites == 1 && from != f && runs_once (c, from, depth + 1);
}

/* The unit's functions that run at most once (runs_once), kept for
 * wmm_runs_once after the facts are gone. */
static hash_set<tree> *once_fns;

static void
record_once (entries_ctx *c)
{
  delete once_fns;
  once_fns = new hash_set<tree>;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (runs_once (c, i, 0))
      once_fns->add (c->fns[i]->decl);
}

bool
wmm_runs_once (tree fndecl)
{
  return once_fns && fndecl && once_fns->contains (fndecl);
}

/* How many creates of `target` one run of function f may make: 0, 1, or
 * 2 for several (a create or a call that makes one in a loop, two of them
 * on one path, a recursive call, a site with no statement).  memo: -1 not
 * yet asked, -2 being asked. */
static int
creations_in (entries_ctx *c, int f, int target, vec<int> *memo)
{
  if ((*memo)[f] != -1)
    return (*memo)[f] == -2 ? 2 : (*memo)[f];
  (*memo)[f] = -2;
  auto_vec<gimple *> stmts;    /* statements that make creates */
  int n = 0;
  for (const create_site &k : c->creates)
    if (k.target == target && k.fn == f)
      {
        n = MAX (n, k.stmt && !k.in_loop ? 1 : 2);
        stmts.safe_push (k.stmt);
      }
  for (const call_fact &k : c->facts[f].calls)
    if (k.kind == START_NONE && k.target >= 0)
      if (int m = creations_in (c, k.target, target, memo))
        {
          n = MAX (n, k.loop ? 2 : m);
          stmts.safe_push (k.stmt);
        }
  /* two on one path, or one on a cycle (setjmp's abnormal edges too) */
  for (unsigned a = 0; n == 1 && a < stmts.length (); a++)
    for (unsigned b = 0; n == 1 && b < stmts.length (); b++)
      if (wmm_reaches_avoiding (stmts[a], stmts[b], NULL))
        n = 2;
  (*memo)[f] = n;
  return n;
}

/* The creates of `target` a run of the program makes, counted along
 * main's paths through its calls: 1 when at most one runs (the sites are
 * on no common path: `ts.emplace_back (lambda)` constructs the thread in
 * place or in the branch that grows the vector first), else 2.  Only
 * when every function that makes one is main or called only by such
 * functions, directly, and static (runs_once's conditions). */
static int
creations_once (entries_ctx *c, int target)
{
  int m = c->main_fn;
  if (m < 0 || c->facts[m].called)
    return 2;
  auto_vec<int> memo;
  memo.safe_grow (c->fns.length ());
  for (int &x : memo)
    x = -1;
  if (creations_in (c, m, target, &memo) != 1)
    return 2;
  /* every create of it made on main's paths (not in an exit handler, a
     callback, code no direct call of main's reaches) */
  for (const create_site &k : c->creates)
    if (k.target == target && memo[k.fn] <= 0)
      return 2;
  for (unsigned f = 0; f < c->fns.length (); f++)
    {
      if ((int) f == m || memo[f] <= 0)
        continue;
      /* (C++ inline code: other units' calls of their copies start
         threads of theirs, outside what a unit sees) */
      if ((TREE_PUBLIC (c->fns[f]->decl) && !wmm_vague_linkage (c->fns[f]))
          || !wmm_calls_all_seen (c->fns[f]))
        return 2;
      bool closed = each_call_of (c, f, -1, [&] (int g, tree, bool) {
        return memo[g] > 0;
      });
      if (!closed)
        return 2;
    }
  return 1;
}

/* Entries of pthread_create / thrd_create with a known unit routine. */
static void
create_entries (entries_ctx *c)
{
  for (const param_create &pc : c->param_creates)
    resolve_param (c, pc.fn, pc.param, pc.loop, 0);
  if (c->public_helper)
    wmm_note (c->u, "%s() is exported and starts threads of the routine it "
              "is given: other units may start their own through it, so "
              "every exported function is treated as a thread entry with "
              "several instances", fn_name (c->public_helper));
  hash_map<int_hash<int, -1, -2>, int> once;   /* target -> creations_once */
  for (const create_site &k : c->creates)
    {
      int sites = 0;
      for (const create_site &other : c->creates)
        sites += other.target == k.target;
      bool many = sites > 1 || k.in_loop || !runs_once (c, k.fn, 0);
      if (many)
        {
          bool existed;
          int &n = once.get_or_insert (k.target, &existed);
          if (!existed)
            n = creations_once (c, k.target);
          many = n != 1;
        }
      if (k.via_param)
        make_entry (&c->facts[k.target], many ? 2 : 1);
      else
        make_create_entry (&c->facts[k.target], many ? 2 : 1);
    }
}

/* pthread_once / call_once routines: they run once per once-control, in
 * the thread that calls first; an entry with one instance when every such
 * call of it names one global control (a helper inlined at many places
 * still runs it once), else several. */
static void
once_entries (entries_ctx *c)
{
  for (const once_site &k : c->onces)
    {
      bool many = !k.control;
      for (const once_site &other : c->onces)
        many |= other.target == k.target && other.control != k.control;
      if (!c->facts[k.target].entry)
        wmm_note (c->u, "%s runs once through pthread_once/call_once, in the "
                  "thread that calls it first: treated as a thread entry "
                  "with %s", fn_name (c->fns[k.target]->decl),
                  many ? "several instances" : "one instance");
      make_entry (&c->facts[k.target], many ? 2 : 1);
    }
}

/* Outlined OpenMP functions: run by a team, an entry with 2 instances. */
static void
omp_entries (entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    for (const call_fact &k : c->facts[i].calls)
      if ((k.kind == START_OMP_SYNC || k.kind == START_OMP_ASYNC)
          && k.target >= 0 && !c->facts[k.target].entry)
        {
          make_entry (&c->facts[k.target], 2);
          wmm_note (c->u, "%s runs in the threads of an OpenMP construct "
                    "(%s): a thread entry with several instances",
                    fn_name (c->fns[k.target]->decl), starter_name (k.stmt));
        }
}

/* Every exported function but main: an entry with 2 instances. */
static void
exported_entries (entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (TREE_PUBLIC (c->fns[i]->decl) && (int) i != c->main_fn)
      make_entry (&c->facts[i], 2);
}

/* Start routines that are not known unit functions. */
static void
unknown_routine_entries (entries_ctx *c)
{
  if (c->external)
    wmm_note (c->u, "%s is started as a thread but defined in another unit: "
              "every exported function of this unit is treated as a thread "
              "entry with several instances", fn_name (c->external));
  if (c->unresolved)
    {
      wmm_note (c->u, "a thread is started with a start routine that is not "
                "a known function: every address-taken and every exported "
                "function is treated as a thread entry with several "
                "instances");
      for (unsigned i = 0; i < c->fns.length (); i++)
        if (c->fns[i]->address_taken)
          make_entry (&c->facts[i], 2);
    }
  if (c->external || c->unresolved || c->public_helper)
    exported_entries (c);
}

/* Link step of -flto: a function called by code compiled without the
 * plugin (unknown code that may run in any thread) is an entry with
 * several instances, as an exported function of a library is. */
static void
foreign_caller_entries (entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    for (cgraph_edge *e = c->fns[i]->callers; e; e = e->next_caller)
      if (wmm_lto_foreign (e->caller->decl))
        {
          wmm_note (c->u, "%s() is called by %s(), whose code is not "
                    "analysed: treated as a thread entry with several "
                    "instances", fn_name (c->fns[i]->decl),
                    fn_name (e->caller->decl));
          make_entry (&c->facts[i], 2);
          break;
        }
}

/* Compile step of -flto: every function is code of the program, in
 * several instances (what runs concurrently is decided at the link step). */
static void
prepare_entries (entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    {
      make_entry (&c->facts[i], 2);
      c->facts[i].region = false;
    }
}

/* Static constructors (`__attribute__ ((constructor))`, a C++ global's
 * dynamic initialisation) run one after the other before main, in the
 * main thread.  When one of them may leave a thread running, that thread
 * runs beside the constructors after it and beside all of main: each
 * constructor becomes an entry of one instance, and neither they nor main
 * count as running alone before their own creates (no region).
 * Example: static struct starter s;  (its constructor starts a
 *   std::thread that main's code then races with) */
static void
constructor_entries (entries_ctx *c)
{
  int starts = 0, starter = -1;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (DECL_STATIC_CONSTRUCTOR (c->fns[i]->decl) && c->facts[i].may_create)
      {
        if (!starts)
          wmm_note (c->u, "%s is a static constructor that may leave a "
                    "thread running: the other constructors and main run "
                    "beside it", fn_name (c->fns[i]->decl));
        starts++;
        starter = i;
      }
  if (!starts)
    return;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (DECL_STATIC_CONSTRUCTOR (c->fns[i]->decl))
      {
        make_entry (&c->facts[i], 1);
        c->facts[i].region = false;
      }
  /* The only one that starts threads runs alone up to its first create:
     the unit's constructors that ran before it started none. */
  if (starts == 1 && !c->facts[starter].called)
    c->facts[starter].region = true;
  if (c->main_fn >= 0)
    c->facts[c->main_fn].region = false;
}

/* Attribute, library rule, main. */
static void
other_entries (entries_ctx *c)
{
  unsigned n = c->fns.length ();
  for (unsigned i = 0; i < n; i++)
    {
      tree attr = lookup_attribute ("wmmfence_thread",
                                    DECL_ATTRIBUTES (c->fns[i]->decl));
      if (!attr)
        continue;
      int inst = 2;
      if (TREE_VALUE (attr)
          && tree_fits_shwi_p (TREE_VALUE (TREE_VALUE (attr))))
        inst = tree_to_shwi (TREE_VALUE (TREE_VALUE (attr))) > 1 ? 2 : 1;
      make_entry (&c->facts[i], inst);
    }
  wmm_threads_mode mode = c->u->opts->threads;
  /* Without main the unit is called by a program it cannot see: any of
     its exported functions may run in any thread, concurrently with
     itself (also when the unit starts threads of its own). */
  bool library = mode == WMM_THREADS_EXPORTED
                 || (mode == WMM_THREADS_AUTO && c->main_fn < 0
                     && !c->any_attribute);
  if (library)
    exported_entries (c);
  if (library && mode == WMM_THREADS_AUTO)
    for (unsigned i = 0; i < n; i++)
      if (TREE_PUBLIC (c->fns[i]->decl))
        {
          wmm_note (c->u, "library unit (no main): every exported function "
                    "may run in any thread of the program, several at once, "
                    "and is treated as a thread entry with several "
                    "instances (threads=create assumes none runs "
                    "concurrently)");
          break;
        }
  if (c->main_fn >= 0)
    {
      fn_facts *m = &c->facts[c->main_fn];
      /* a fork with memory both processes map: main's code runs twice */
      c->forks = wmm_forks_sharing_memory (c->fns);
      if (c->forks)
        wmm_note (c->u, "the unit forks and maps shared memory (mmap "
                  "MAP_SHARED, shmat or shm_open): main runs as two "
                  "processes at once, which share only such mappings");
      make_entry (m, c->forks ? 2 : 1);
      /* Only the part of main that runs while its threads run matters,
         unless main itself can run concurrently with other code. */
      m->region = m->entry == 1 && !m->called
                  && mode != WMM_THREADS_EXPORTED;
    }
  constructor_entries (c);
}

/* Does unit function i, or a unit function it calls, name a variable of
 * static storage that is not one of the objects destroyed at exit
 * (exit_objects) and not read-only?  seen: functions already asked. */
static bool
names_other_statics (entries_ctx *c, int i, vec<bool> *seen)
{
  if ((*seen)[i])
    return false;
  (*seen)[i] = true;
  function *fn = DECL_STRUCT_FUNCTION (c->fns[i]->decl);
  if (!fn || !fn->cfg)
    return false;
  bool named = false;
  wmm_each_stmt (fn, [&] (gimple *stmt) {
    for (unsigned o = 0; o < gimple_num_ops (stmt) && !named; o++)
      if (tree op = gimple_op (stmt, o))
        named = walk_tree_without_duplicates (&op,
                  [] (tree *t, int *walk_subtrees, void *d) -> tree {
                    if (TYPE_P (*t))
                      *walk_subtrees = 0;
                    else if (VAR_P (*t) && is_global_var (*t)
                             && !TREE_READONLY (*t)
                             && !((hash_set<tree> *) d)->contains (*t))
                      return *t;
                    return NULL_TREE; }, &c->exit_objects) != NULL_TREE;
  });
  if (named)
    return true;
  for (int k : c->facts[i].callees)
    if (names_other_statics (c, k, seen))
      return true;
  return false;
}

/* Exit handlers in a unit that starts threads: they run in the thread
 * that exits or takes the signal while the others still run.  So do C's
 * destructor functions (`__attribute__ ((destructor))`), and a static
 * object's destructor that touches other static data (a global whose
 * lifetime does not end with the object's). */
static bool
is_exit_handler (entries_ctx *c, unsigned i)
{
  tree decl = c->fns[i]->decl;
  if (c->exit_handlers.contains (decl) || DECL_STATIC_DESTRUCTOR (decl))
    return true;
  if (!c->exit_dtors.contains (decl))
    return false;
  auto_vec<bool> seen;
  seen.safe_grow_cleared (c->fns.length ());
  return names_other_statics (c, i, &seen);
}

/* Does some function of the unit start threads (compute_may_create)? */
static bool
starts_threads (const entries_ctx *c)
{
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (c->facts[i].may_create)
      return true;
  return false;
}

/* Exit handlers (atexit, at_quick_exit, on_exit) run in the thread that
 * calls exit (or returns from main) while every other thread still runs:
 * a detached one, or all of them when a worker calls exit; a signal
 * handler (signal & co) in whichever thread takes the signal.  In a unit
 * that starts threads, or one whose functions are entries anyway (a
 * library's exported functions), each is an entry of its own (one
 * instance); in one that starts none they run alone, after main's code or
 * between two of its statements (a compiler matter, not the hardware's). */
static void
exit_entries (entries_ctx *c)
{
  /* a unit that starts threads, or whose functions run in threads of the
     program (a library's exported functions, escaped callbacks) */
  auto_vec<bool> handler;
  handler.safe_grow_cleared (c->fns.length ());
  bool threads = starts_threads (c);
  for (unsigned i = 0; i < c->fns.length (); i++)
    {
      handler[i] = is_exit_handler (c, i);
      threads |= c->facts[i].entry && (int) i != c->main_fn && !handler[i];
    }
  unsigned count = 0;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (threads && handler[i])
      {
        make_entry (&c->facts[i], 1);
        wmm_note (c->u, "'%s' is an exit or signal handler of a unit "
                  "that starts threads: it may run while they do, an entry "
                  "of its own", fn_name (c->fns[i]->decl));
      }
  /* A static object's destructor that touches only its object: running it
     while another thread still uses the object is a data race on the
     object's lifetime, which no fence makes defined: no entry. */
    else if (c->exit_dtors.contains (c->fns[i]->decl)
             && !c->facts[i].entry && ++count <= MAX_ESCAPE_NOTES)
      wmm_note (c->u, "%s is a static object's destructor, registered "
                "to run at exit: taken to run after the threads that use the "
                "object", fn_name (c->fns[i]->decl));
}

/* May a virtual call (through a vtable) call function decl of the unit?
 * Only a virtual method or a thunk to one: a C++ vtable holds nothing
 * else. */
static bool
vtable_function (tree decl)
{
  return DECL_VIRTUAL_P (decl) || DECL_ARTIFICIAL (decl);
}

/* Reachable functions: from entries through direct calls; indirect calls
 * make every address-taken function an entry (virtual calls, every
 * address-taken virtual method) but std::call_once's own lambdas.  Sets
 * reached[]. */
static void
reach (entries_ctx *c, vec<bool> *reached)
{
  unsigned n = c->fns.length ();
  auto_vec<int> work;
  reached->safe_grow_cleared (n);
  bool indirect = false, virt = false;
  for (unsigned i = 0; i < n; i++)
    if (c->facts[i].entry)
      {
        (*reached)[i] = true;
        work.safe_push (i);
      }
  while (!work.is_empty ())
    {
      int i = work.pop ();
      bool any = c->facts[i].indirect && !c->facts[i].only_virtual;
      if (c->facts[i].indirect && (any ? !indirect : !virt))
        {
          indirect |= any;
          virt = true;
          for (unsigned j = 0; j < n; j++)
            if (c->fns[j]->address_taken && !c->facts[j].entry
                /* (std::call_once's trampoline: only __once_proxy calls
                   it, inside the call_once that runs its routine) */
                && !wmm_once_internal (c->fns[j]->decl)
                && (any || vtable_function (c->fns[j]->decl)))
              {
                make_entry (&c->facts[j], 2);
                if (!(*reached)[j])
                  {
                    (*reached)[j] = true;
                    work.safe_push (j);
                  }
              }
        }
      for (int k : c->facts[i].callees)
        if (!(*reached)[k])
          {
            (*reached)[k] = true;
            work.safe_push (k);
          }
    }
  if (indirect)
    wmm_note (c->u, "indirect calls: every address-taken function of the "
              "unit is treated as a thread entry with several instances");
  else if (virt)
    wmm_note (c->u, "virtual calls: every address-taken virtual method of "
              "the unit is treated as a thread entry with several "
              "instances");
}

/* Is stmt a std::thread constructor (or a push that constructs one in a
 * std::vector<std::thread>) whose thread may itself start threads no
 * join of the caller ends (its callable, or the _M_run of the state it
 * builds, may create; or neither is a known unit function)?
 * The region takes the constructor for one create, as pthread_create's
 * START_CREATE call is when its routine starts none. */
static bool
std_thread_starts_more (entries_ctx *c, gimple *stmt)
{
  if (wmm_thread_vector_push (stmt))
    {
      /* `ts.emplace_back (f)` / `(lambda)`: the thread runs f, or the one
         operator () of the lambda's or function object's class;
         `push_back (std::thread (...))` moves a thread its own
         constructor started (judged there) */
      if (gimple_call_num_args (stmt) < 2)
        return true;
      tree a = gimple_call_arg (stmt, 1);
      if (TREE_CODE (a) != ADDR_EXPR)
        return true;
      tree obj = TREE_OPERAND (a, 0), type = TREE_TYPE (obj);
      if (TREE_CODE (obj) == FUNCTION_DECL)
        {
          int t = find_fn (&c->index, wmm_alias_target (obj));
          return t < 0 || c->facts[t].may_create;
        }
      if (wmm_std_class_named (TYPE_MAIN_VARIANT (type), "thread"))
        return false;
      if (TREE_CODE (type) != RECORD_TYPE)
        return true;
      bool any;
      tree op = call_operator (type, &any);
      int found = op ? find_fn (&c->index, wmm_alias_target (op)) : -1;
      return found < 0 || c->facts[found].may_create;
    }
  if (!wmm_std_thread_start (stmt))
    return false;
  tree fn = function_address (gimple_call_arg (stmt, 1));
  tree run = fn ? NULL_TREE : state_run (c, stmt);
  int t = fn ? find_fn (&c->index, wmm_alias_target (fn))
          : run ? find_fn (&c->index, run) : -1;
  return t < 0 || c->facts[t].may_create;
}

/* u->creators and u->starters for main's region. */
static void
record_starts (entries_ctx *c)
{
  c->u->creators = new hash_set<tree>;
  c->u->starters = new hash_set<gimple *>;
  for (unsigned i = 0; i < c->fns.length (); i++)
    {
      if (c->facts[i].may_create)
        c->u->creators->add (c->fns[i]->decl);
      /* Calls of unit functions: their thread summaries (region.cc). */
      for (const call_fact &k : c->facts[i].calls)
        if ((k.kind != START_NONE && is_starter (c, k))
            || std_thread_starts_more (c, k.stmt))
          c->u->starters->add (k.stmt);
    }
}

/* The code units: every reached function. */
static void
make_units (entries_ctx *c, const vec<bool> &reached)
{
  wmm_unitinfo *u = c->u;
  for (unsigned i = 0; i < c->fns.length (); i++)
    if (reached[i])
      {
        wmm_unit unit;
        memset (&unit, 0, sizeof unit);
        unit.node = c->fns[i];
        unit.decl = c->fns[i]->decl;
        unit.fn = c->fns[i]->get_fun ();
        unit.thread = -1;
        unit.entry = c->facts[i].entry > 0;
        unit.instances = c->facts[i].entry > 0 ? c->facts[i].entry : 1;
        unit.region = c->facts[i].region;
        unit.create_only = c->facts[i].entry > 0 && !c->facts[i].other_entry
                           && !c->facts[i].called;
        unit.sites = vNULL;
        u->units.safe_push (unit);
        if (!u->unit_index)
          u->unit_index = new hash_map<tree, int>;
        u->unit_index->put (unit.decl, u->units.length () - 1);
      }
}

bool
wmm_find_entries (wmm_unitinfo *u)
{
  entries_ctx c;
  c.u = u;
  c.main_fn = -1;
  c.unresolved = c.any_attribute = c.omp = c.forks = false;
  wmm_set_processes_only (false);
  c.param_routine_creates = false;
  c.external = c.public_helper = NULL_TREE;
  unit_functions (&c.fns);
  unsigned n = c.fns.length ();
  for (unsigned i = 0; i < n; i++)
    c.index.put (c.fns[i]->decl, i);
  c.facts = new fn_facts[n];
  for (unsigned i = 0; i < n; i++)
    {
      fn_facts *f = &c.facts[i];
      f->node = c.fns[i];
      f->indirect = f->may_create = f->called = f->region = false;
      f->only_virtual = false;
      f->leaves_threads = f->leaves_tasks = false;
      f->entry = 0;
      f->other_entry = false;
      scan_function (&c, i);
    }
  for (unsigned i = 0; i < n; i++)
    for (int k : c.facts[i].callees)
      c.facts[k].called = true;
  closed_member_calls (&c);
  resolve_trampolines (&c);

  escape_entries (&c);
  create_entries (&c);
  exported_callee_entries (&c);
  compute_may_create (&c);
  for (const create_site &k : c.creates)
    if (k.via_param && c.facts[k.target].may_create)
      c.param_routine_creates = true;
  c.param_routine_creates |= c.unresolved;
  once_entries (&c);
  omp_entries (&c);
  unknown_routine_entries (&c);
  other_entries (&c);
  exit_entries (&c);
  foreign_caller_entries (&c);
  if (u->lto_prepare)
    prepare_entries (&c);
  auto_vec<bool> reached;
  reach (&c, &reached);

  /* Is anything concurrent?  A region-restricted main counts only when it
     starts threads. */
  int total = 0;
  for (unsigned i = 0; i < n; i++)
    if (c.facts[i].entry)
      total += (c.facts[i].region && !c.facts[i].may_create)
               ? 0 : c.facts[i].entry;
  u->concurrent = total >= 2;
  /* Processes alone: every declared object is each process's own. */
  bool others = starts_threads (&c);
  for (unsigned i = 0; i < n; i++)
    others |= c.facts[i].entry && (int) i != c.main_fn;
  wmm_set_processes_only (c.forks && !others);
  if (c.forks && !others)
    wmm_note (u, "processes only: declared objects and locals are each "
              "process's own after the fork; accesses through pointers "
              "the unit cannot place (the shared mapping's) are shared");
  record_starts (&c);
  make_units (&c, reached);
  wmm_thread_summaries (u);
  note_main_starter (&c);
  record_once (&c);
  delete[] c.facts;
  return u->concurrent;
}

int
wmm_unit_of (const wmm_unitinfo *u, tree decl)
{
  int *i = u->unit_index ? u->unit_index->get (decl) : NULL;
  return i ? *i : -1;
}

vec<tree> *
wmm_resolved_targets (const wmm_unitinfo *u, gimple *g)
{
  vec<tree> *targets = g && u->resolved_calls && is_gimple_call (g)
                       && !gimple_call_internal_p (g)
                       ? u->resolved_calls->get (g) : NULL;
  return targets && !targets->is_empty () ? targets : NULL;
}

bool
wmm_push_resolved_callees (const wmm_unitinfo *u, cgraph_node *f,
                           vec<cgraph_node *> *work)
{
  for (cgraph_edge *e = f->indirect_calls; e; e = e->next_callee)
    {
      vec<tree> *targets = wmm_resolved_targets (u, e->call_stmt);
      if (!targets)
        return false;
      for (tree t : *targets)
        if (cgraph_node *tn = cgraph_node::get (t))
          work->safe_push (tn->ultimate_alias_target ());
        else
          return false;
    }
  return true;
}
