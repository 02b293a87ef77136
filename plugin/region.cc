/* region.cc — where threads main started may still run (main's
 * concurrency region), and what each function does with the threads it
 * starts or is handed (its thread summary).
 *
 * Example: main () { t = launch (producer, 0); ... finish (t); x = 2; }
 *   with launch () returning the handle of the thread it created and
 *   finish () joining its parameter: the call of launch sets a group of
 *   threads keyed by the value t, finish (t) kills it, x = 2 is not
 *   concurrent.
 *
 * A group is one create site (or one handle a helper leaves running),
 * keyed by where its handle lives (handles.cc).  A join kills the groups
 * whose handle it reads; a loop of joins kills a group created by a loop
 * over the same array when it provably joins every element created; one
 * more group (UNKNOWN_GROUP) stands for threads no join can end.  A create
 * into a handle that may still hold a running thread's, a store over a
 * live handle, or passing a live handle's object to a call, sets the
 * unknown group (the old thread can no longer be joined by its handle).
 * Assumed: a function of the unit other than the one analysed does not
 * overwrite a live handle through a pointer (docs/plugin.md).
 */
#include "plugin.h"
#include "handles.h"

static const int UNKNOWN_GROUP = 63;   /* WMM_REGION_UNKNOWN */
static const int MAX_IFACE = 4;


/* A handle as a caller of a function sees it. */
enum iface_kind {
  IF_GLOBAL,      /* a global: decl + off */
  IF_PARAM_IND,   /* in *(parameter `param`) + off */
  IF_PARAM_VAL,   /* the value of parameter `param` */
  IF_RET_VAL,     /* the returned value */
  IF_RET_IND,     /* in *(returned pointer) + off */
  IF_PARAM_ARR,   /* in the elements init .. count of the array parameter
                     `param` points to (start_all (t, n) creating t[i]) */
  IF_RET_ARR      /* ... of the array member `via` of the fresh object the
                     function returns points to (pool_create (n): p =
                     calloc (...), p->threads = calloc (n, ...), creating
                     p->threads[i]) */
};

struct iface_handle {
  iface_kind kind;
  int param;
  tree decl;
  HOST_WIDE_INT off, size;
  tree field;           /* IF_PARAM_IND: the member of *param the handle
                           is (`pthread_create (&t->tid, ...)`), or NULL */
  bool fresh;           /* IF_RET_IND: the returned pointer is what a
                           malloc-like call gave that call of the function */
  /* IF_PARAM_ARR: elements of `stride` bits, the handle at [in_lo, in_hi)
     of each; indices from init while below count + adj (`!=`: ne), count
     the value of parameter count_param, the constant count when that is
     -1, or (-2) the member count_field of the object the parameter points
     to, which only one store of the unit, before the creates, writes.
     member: the array is the member at bits [arr_lo, arr_hi) of that
     object (`p->threads[i]`), else the parameter points to it. */
  HOST_WIDE_INT stride, in_lo, in_hi, init, count, arr_lo, arr_hi;
  int adj, count_param;
  bool ne, member;
  tree count_field;
  tree via;             /* the array is where this pointer member of the
                           object points (wmm_handle.via), or NULL */
};

/* What a function does with threads. */
struct thread_summary {
  bool untracked;       /* may return while threads it started run that no
                           handle of its interface names */
  int nleaves, njoins;
  iface_handle leaves[MAX_IFACE];   /* threads left running, by handle */
  iface_handle joins[MAX_IFACE];    /* handles joined on every path */
};

/* Summaries of the current unit's functions (reset per unit). */
static hash_map<tree, thread_summary> *summaries;

struct region_group {
  gimple *site;
  wmm_handle h;
  bool array;           /* created by a counting loop into an array */
  bool vector;          /* pushed into a local std::vector<std::thread>
                           (wmm_vector_create): killed by a loop that
                           joins every element, never overwritten */
  bool helper_array;    /* the elements a helper's create loop filled
                           (IF_PARAM_ARR): iv's init, bound, adj and ne
                           at the call, no loop */
  bool moved;           /* a std::thread moved into an element of a local
                           array (`ts[i] = std::thread (f)`, moved_to):
                           moving into a handle that holds a thread
                           terminates the program, so the element held
                           none, and one whole-array join loop joins
                           every thread the array holds */
  wmm_iv_range iv;
};

struct wmm_region {
  wmm_unitinfo *u;
  function *fn;
  auto_vec<region_group> groups;   /* bit i <-> groups[i] */
  hash_map<gimple *, int> first;   /* site -> its first group */
  hash_set<gimple *> pushes;       /* vector groups' sites */
  auto_vec<wmm_region_set> in;     /* per bb->index */
  auto_vec<std::pair<class loop *, wmm_region_set> > exit_kills;
};

/* A create: pthread_create, thrd_create (the handle: where argument 0
 * points) or a std::thread constructor (the handle: the object). */
static bool
is_create (gimple *stmt)
{
  tree fn;
  return wmm_is_thread_create (stmt, &fn) || wmm_std_thread_start (stmt);
}

/* Is stmt std::async (policy, f, ...) of a function f of the unit (or a
 * lambda or function object whose operator () is one) that starts no
 * thread itself: its one task thread is a group, with the
 * future the call returns as its handle, that get () or wait () ends? */
static bool
async_task_joinable (const wmm_unitinfo *u, gimple *stmt)
{
  if (!wmm_std_async_start (stmt))
    return false;
  tree f = wmm_std_async_callable (stmt);
  if (!f || TREE_CODE (f) != ADDR_EXPR)
    return false;
  tree fn = TREE_OPERAND (f, 0);
  /* a lambda or function object: the one operator () of its class */
  if (TREE_CODE (fn) != FUNCTION_DECL)
    {
      tree type = TREE_TYPE (fn);
      fn = NULL_TREE;
      if (TREE_CODE (type) != RECORD_TYPE)
        return false;
      for (tree m = TYPE_FIELDS (type); m; m = DECL_CHAIN (m))
        if (DECL_NAME (m)
            && !strcmp (IDENTIFIER_POINTER (DECL_NAME (m)), "operator()"))
          {
            if (fn || TREE_CODE (m) != FUNCTION_DECL)
              return false;
            fn = m;
          }
      if (!fn)
        return false;
    }
  cgraph_node *n = cgraph_node::get (fn);
  return n && n->has_gimple_body_p () && u->creators
         && !u->creators->contains (n->ultimate_alias_target ()->decl)
         && !u->creators->contains (fn);
}

/* Does a std::jthread destructor run no code of the program but its
 * join?  Its request_stop () calls the stop callbacks registered on the
 * thread's stop state, and no code can register one when the unit
 * constructs no std::stop_callback and never hands out a stop token or
 * source (get_token, get_stop_token, get_stop_source: the callable is
 * then given none either); every body readable. */
static bool
jthreads_alone (void)
{
  static int alone = -1;   /* per compilation: one unit */
  if (alone < 0)
    alone = wmm_every_body ([] (function *fn) {
        bool ok = true;
        wmm_each_stmt (fn, [&] (gimple *g) {
          const char *a = is_gimple_call (g) ? wmm_callee_asm_name (g) : "";
          ok &= !strstr (a, "stop_callback") && !strstr (a, "get_token")
                && !strstr (a, "get_stop_token")
                && !strstr (a, "get_stop_source");
        });
        return ok;
      });
  return alone == 1;
}

/* Do the unit's std::thread handles keep their threads until they are
 * joined?  No function of the unit detaches one, and the unit's own code
 * hands a std::thread (its address) only to what keeps the thread where
 * it is: join, joinable, get_id, the constructors from a callable and the
 * destructor of std::thread, the
 * members of std::vector<std::thread> and its iterators (a vector moving
 * its elements when it grows keeps them in the vector).  Not a move, a
 * swap, std::exchange, another container.  A std::thread destroyed while
 * it still holds a thread then terminates the program (std::terminate
 * from ~thread), so nothing after its destructor runs beside that
 * thread. */
static bool
std_threads_stay (void)
{
  static const char *const keep[] = {
    "_ZNSt6thread4joinEv", "_ZNKSt6thread8joinableEv",
    "_ZNKSt6thread6get_idEv", "_ZNSt6threadD1Ev", "_ZNSt6threadD2Ev",
    /* (constructors from a callable, and the empty one; the storage
       of destroyed ones freed) */
    "_ZNSt6threadC1I", "_ZNSt6threadC2I", "_ZNSt6threadC1Ev",
    "_ZNSt6threadC2Ev", "_ZdlPv", "_ZdaPv",
  };
  static int stay = -1;   /* per compilation: one unit */
  if (stay < 0)
    stay = wmm_every_body ([] (function *fn) {
        bool ok = true, lib = wmm_std_fn (fn->decl);
        wmm_each_stmt (fn, [&] (gimple *g) {
          const char *a = is_gimple_call (g) ? wmm_callee_asm_name (g) : "";
          ok &= !strstr (a, "_ZNSt6thread6detachEv");
          if (!ok || lib || !is_gimple_call (g))
            return;
          bool thread_arg = false;
          for (unsigned i = 0; i < gimple_call_num_args (g); i++)
            {
              tree t = TREE_TYPE (gimple_call_arg (g, i));
              thread_arg |= POINTER_TYPE_P (t)
                            && wmm_std_class_named (TYPE_MAIN_VARIANT (
                                                      TREE_TYPE (t)), "thread");
            }
          bool kept = wmm_std_thread_vector_fn (a);
          for (const char *k : keep)
            kept |= !strncmp (a, k, strlen (k));
          ok = !thread_arg || kept;
        });
        return ok;
      });
  return stay == 1;
}

static bool
jthread_end_alone (gimple *stmt)
{
  return wmm_std_jthread_end (stmt) && jthreads_alone ();
}

/* The summary of a call's callee, when it is a unit function. */
static const thread_summary *
callee_summary (gimple *stmt)
{
  tree callee = gimple_call_fndecl (stmt);
  if (!callee || !summaries)
    return NULL;
  if (cgraph_node *node = cgraph_node::get (callee))
    callee = node->ultimate_alias_target ()->decl;
  return summaries->get (callee);
}

/* Is pointer `p` loaded from an array element with a variable index
 * (`finish (jobs[i])`)?  Then *h: that element, holding the handle
 * `ind_off` bits into what it points to. */
static bool
element_pointer (tree p, HOST_WIDE_INT ind_off, wmm_handle *h)
{
  if (TREE_CODE (p) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (p)
      || !POINTER_TYPE_P (TREE_TYPE (p)) || ind_off < 0)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (p);
  if (!gimple_assign_load_p (def)
      || !wmm_handle_of_ref (gimple_assign_rhs1 (def), h)
      || !h->index || h->off >= 0)
    return false;
  h->indirect = true;
  h->ind_off = ind_off;
  return true;
}

/* The handle in member `field` of the object address `arg` names, when
 * that is an element of an array (`spawn (&ts[i])` for a callee creating
 * into `&t->tid`): the handle of `ts[i].tid`, as a create given that
 * address has.  False when arg names no element of the member's record
 * type. */
static bool
param_member_handle (tree arg, tree field, wmm_handle *h)
{
  tree ref = wmm_member_at (arg, field);
  return ref && wmm_handle_of_ref (ref, h) && h->index;
}

/* The handle `ih` of a callee seen at call `stmt`; false = none. */
static bool
map_iface (gimple *stmt, const iface_handle *ih, wmm_handle *h)
{
  memset (h, 0, sizeof *h);
  tree arg = ih->param >= 0 && (unsigned) ih->param < gimple_call_num_args (stmt)
             ? gimple_call_arg (stmt, ih->param) : NULL_TREE;
  tree lhs = gimple_call_lhs (stmt);
  switch (ih->kind)
    {
    case IF_GLOBAL:
      h->kind = WMM_H_DECL;
      h->base = ih->decl;
      h->off = ih->off;
      h->size = ih->size;
      return true;
    case IF_PARAM_VAL:
      return arg && wmm_handle_of_value (arg, h);
    case IF_PARAM_ARR:
    case IF_RET_ARR:
      return false;   /* map_array */
    case IF_PARAM_IND:
      if (arg && element_pointer (arg, ih->off, h))
        return true;
      if (arg && ih->field && param_member_handle (arg, ih->field, h))
        return true;
      if (!arg || !wmm_handle_of_addr (arg, h))
        return false;
      if (h->off >= 0)
        h->off += ih->off;
      else if (ih->off)
        h->index = NULL_TREE;
      h->size = ih->size;
      return true;
    case IF_RET_VAL:
    case IF_RET_IND:
      {
        /* `x = f (...)` [return slot optimization]: f builds its result
           in x, the pointer it returns is x's address */
        if (lhs && TREE_CODE (lhs) != SSA_NAME && ih->kind == IF_RET_IND
            && gimple_call_return_slot_opt_p (as_a<gcall *> (stmt)))
          {
            if (!wmm_handle_of_ref (lhs, h) || h->off < 0 || ih->off < 0)
              return false;
            h->off += ih->off;
            h->size = ih->size;
            return true;
          }
        if (!lhs || TREE_CODE (lhs) != SSA_NAME)
          return false;
        /* -O0: the result is stored into a variable right away. */
        use_operand_p use;
        gimple *user;
        tree store = NULL_TREE;
        if (single_imm_use (lhs, &use, &user) && gimple_assign_single_p (user)
            && gimple_assign_rhs1 (user) == lhs
            && !(TREE_CODE (gimple_assign_lhs (user)) == SSA_NAME))
          store = gimple_assign_lhs (user);
        if (ih->kind == IF_RET_VAL)
          {
            if (store)
              return wmm_handle_of_ref (store, h);
            h->kind = WMM_H_VALUE;
            h->base = lhs;
            h->size = -1;
            return true;
          }
        h->kind = WMM_H_PTR;
        h->base = lhs;
        if (store && DECL_P (store) && !is_global_var (store)
            && !TREE_ADDRESSABLE (store))
          h->base = store;
        h->off = ih->off;
        h->size = ih->size;
        return true;
      }
    }
  return false;
}

/* Is SSA name p what a malloc-like call returned? */
static bool
malloc_result (tree p)
{
  return TREE_CODE (p) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (p)
         && is_gimple_call (SSA_NAME_DEF_STMT (p))
         && (gimple_call_flags (SSA_NAME_DEF_STMT (p)) & ECF_MALLOC);
}

/* Does fn return, and is every value it returns an SSA name for which
 * ok (value) holds? */
template <typename F>
static bool
every_return (function *fn, F ok)
{
  bool any = false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    {
      greturn *ret = dyn_cast<greturn *> (last_stmt (e->src));
      tree v = ret ? gimple_return_retval (ret) : NULL_TREE;
      if (!v || TREE_CODE (v) != SSA_NAME || !ok (v))
        return false;
      any = true;
    }
  return any;
}

/* The parameter a handle base is (its default definition, or at -O0 the
 * PARM_DECL itself), or NULL. */
static tree
base_param (tree base)
{
  if (base && TREE_CODE (base) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (base)
      && SSA_NAME_VAR (base) && TREE_CODE (SSA_NAME_VAR (base)) == PARM_DECL)
    return SSA_NAME_VAR (base);
  if (base && TREE_CODE (base) == PARM_DECL)
    return base;
  return NULL_TREE;
}

/* How a caller of fn names handle h: a global, a parameter's pointee or
 * value, or (leaves only) what fn returns. */
static bool
iface_of (function *fn, const wmm_handle *h, bool leave, iface_handle *ih)
{
  memset (ih, 0, sizeof *ih);
  ih->param = -1;
  ih->off = h->off;
  ih->size = h->size;
  if (h->off < 0 || h->index)
    return false;
  tree p = base_param (h->base);
  if (h->kind == WMM_H_DECL && VAR_P (h->base) && is_global_var (h->base))
    {
      ih->kind = IF_GLOBAL;
      ih->decl = h->base;
      return true;
    }
  if (p && (h->kind == WMM_H_PTR || (h->kind == WMM_H_DECL && !h->off)
            || h->kind == WMM_H_VALUE))
    {
      ih->kind = h->kind == WMM_H_PTR ? IF_PARAM_IND : IF_PARAM_VAL;
      ih->param = wmm_param_index (fn->decl, p);
      /* the handle a member of *p: a caller's element `&ts[i]` then
         names that member of ts[i] (param_member_handle) */
      HOST_WIDE_INT lo, hi;
      if (h->kind == WMM_H_PTR && h->ref && TREE_CODE (h->ref) == COMPONENT_REF
          && TREE_CODE (TREE_OPERAND (h->ref, 0)) == MEM_REF
          && integer_zerop (TREE_OPERAND (TREE_OPERAND (h->ref, 0), 1))
          && wmm_field_bits (TREE_OPERAND (h->ref, 1), &lo, &hi)
          && lo == h->off && hi - lo == h->size)
        ih->field = TREE_OPERAND (h->ref, 1);
      return ih->param >= 0 && (h->kind == WMM_H_PTR || !leave);
    }
  if (!leave)
    return false;
  /* Returned: every return gives the handle's value / its pointer. */
  if (!every_return (fn, [&] (tree v) {
        if (h->kind == WMM_H_PTR)
          {
            HOST_WIDE_INT bytes;
            return wmm_pointer_root (v, &bytes) == h->base && !bytes;
          }
        wmm_handle vh;
        return wmm_handle_of_value (v, &vh) && wmm_same_handle (&vh, h);
      }))
    return false;
  ih->kind = h->kind == WMM_H_PTR ? IF_RET_IND : IF_RET_VAL;
  ih->fresh = h->kind == WMM_H_PTR && malloc_result (h->base);
  return true;
}

/* The member of the object pointer p points to that ref reads
 * (`p->n`), or NULL. */
static tree
own_member (tree ref, tree p)
{
  if (TREE_CODE (ref) != COMPONENT_REF || TREE_OPERAND (ref, 2)
      || TREE_CODE (TREE_OPERAND (ref, 0)) != MEM_REF
      || TREE_OPERAND (TREE_OPERAND (ref, 0), 0) != p
      || !integer_zerop (TREE_OPERAND (TREE_OPERAND (ref, 0), 1)))
    return NULL_TREE;
  return TREE_OPERAND (ref, 1);
}

/* A store `p->F = n` of the create loop's bound n (a parameter) into a
 * member of the object p points to, in a block that dominates the loop's
 * header: that member F, or NULL. */
static tree
mirrored_member (function *fn, tree p, const wmm_iv_range *iv)
{
  tree found = NULL_TREE;
  if (!iv->loop || fn != cfun)
    return NULL_TREE;
  bool had = dom_info_available_p (CDI_DOMINATORS);
  if (!had)
    calculate_dominance_info (CDI_DOMINATORS);
  wmm_each_stmt (fn, [&] (gimple *g) {
    if (!gimple_assign_single_p (g) || gimple_assign_rhs1 (g) != iv->bound)
      return;
    tree f = own_member (gimple_assign_lhs (g), p);
    if (f && dominated_by_p (CDI_DOMINATORS, iv->loop->header, gimple_bb (g)))
      found = f;
  });
  if (!had)
    free_dominance_info (CDI_DOMINATORS);
  return found;
}

/* Is `base` a pointer a malloc-like call of fn gave, which every return
 * of fn returns (or a null pointer: no object, no threads)? */
static bool
returns_fresh (function *fn, tree base)
{
  if (!malloc_result (base))
    return false;
  /* `return p;` through copies, or a PHI of p and null pointers */
  auto gives = [&] (tree x) {
    HOST_WIDE_INT bytes;
    gimple *d = TREE_CODE (x) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (x)
                ? SSA_NAME_DEF_STMT (x) : NULL;
    return integer_zerop (x)
           || (d && gimple_assign_single_p (d)
               && integer_zerop (gimple_assign_rhs1 (d)))
           || (TREE_CODE (x) == SSA_NAME
               && wmm_pointer_root (x, &bytes) == base && !bytes);
  };
  return every_return (fn, [&] (tree v) {
      if (gphi *phi = dyn_cast<gphi *> (SSA_NAME_DEF_STMT (v)))
        {
          for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
            if (!gives (gimple_phi_arg_def (phi, i)))
              return false;
          return true;
        }
      return gives (v);
    });
}

/* How a caller names an array of handles h (a heap-style element `t[i]`
 * of a pointer parameter t) filled or joined by the counting loop iv:
 * IF_PARAM_ARR, its count a constant or a parameter's value. */
static bool
array_iface (function *fn, const wmm_handle *h, const wmm_iv_range *iv,
             iface_handle *ih, bool create)
{
  memset (ih, 0, sizeof *ih);
  tree p = base_param (h->base);
  if (!h->index || TREE_CODE (h->base) != SSA_NAME)
    return false;
  ih->kind = IF_PARAM_ARR;
  if (p)
    ih->param = wmm_param_index (fn->decl, p);
  else if (create && h->via && returns_fresh (fn, h->base))
    {
      ih->kind = IF_RET_ARR;
      ih->param = -1;
    }
  else
    return false;
  /* the array a pointer member holds: the same one from the creates on */
  if (h->via && create
      && !wmm_member_written_once (h->via, fn, iv->loop, true))
    return false;
  ih->via = h->via;
  if (h->heap && h->stride > 0)
    {
      ih->stride = h->stride;
      ih->in_lo = h->in_lo;
      ih->in_hi = h->in_hi;
    }
  else if (!h->heap && h->kind == WMM_H_PTR && h->arr_hi > h->arr_lo
           && h->ref && TREE_CODE (h->ref) == ARRAY_REF
           && TREE_OPERAND (h->ref, 1) == h->index
           && TYPE_SIZE (TREE_TYPE (h->ref))
           && tree_fits_shwi_p (TYPE_SIZE (TREE_TYPE (h->ref)))
           && tree_to_shwi (TYPE_SIZE (TREE_TYPE (h->ref))) > 0)
    {
      /* `p->threads[i]`: whole elements of a member array */
      ih->member = true;
      ih->arr_lo = h->arr_lo;
      ih->arr_hi = h->arr_hi;
      ih->stride = tree_to_shwi (TYPE_SIZE (TREE_TYPE (h->ref)));
      ih->in_lo = 0;
      ih->in_hi = ih->stride;
    }
  else
    return false;
  ih->init = iv->init;
  ih->adj = iv->adj;
  ih->ne = iv->ne;
  ih->count_param = -1;
  tree field = NULL_TREE;
  if (TREE_CODE (iv->bound) == INTEGER_CST && tree_fits_shwi_p (iv->bound)
      && int_fits_type_p (iv->bound, TREE_TYPE (iv->phi)))
    ih->count = tree_to_shwi (iv->bound);
  else if (iv->bound_ref && (field = own_member (iv->bound_ref, h->base)))
    ih->count_param = -2;
  else if (tree bp = base_param (iv->bound))
    {
      ih->count_param = wmm_param_index (fn->decl, bp);
      if (ih->count_param < 0 || TREE_CODE (iv->bound) != SSA_NAME
          || !types_compatible_p (TREE_TYPE (iv->bound), TREE_TYPE (iv->phi)))
        return false;
      /* `p->n = n` before the loop: the count is that member too */
      field = create ? mirrored_member (fn, h->base, iv) : NULL_TREE;
      if (field)
        ih->count_param = -2;
    }
  else
    return false;
  if (ih->count_param == -2)
    {
      if (ih->ne || !wmm_member_written_once (field, create ? fn : NULL,
                                              create ? iv->loop : NULL, true))
        return false;
      ih->count_field = field;
    }
  return ih->param >= 0 || ih->kind == IF_RET_ARR;
}

/* The array handle `ih` of a callee at call `stmt`, in the caller's terms:
 * *h the elements from where the argument points (a local or global
 * array, `&t` / `&t[0]`, or a pointer root, a heap array), *iv the
 * indices (bound: the count argument, or the constant). */
static bool
map_array (gimple *stmt, const iface_handle *ih, wmm_handle *h,
           wmm_iv_range *iv)
{
  memset (h, 0, sizeof *h);
  memset (iv, 0, sizeof *iv);
  if (ih->kind == IF_RET_ARR)
    {
      /* the array of the object the call returned */
      tree lhs = gimple_call_lhs (stmt);
      if (!lhs || TREE_CODE (lhs) != SSA_NAME)
        return false;
      h->kind = WMM_H_PTR;
      h->heap = true;
      h->base = lhs;
    }
  else if (ih->kind != IF_PARAM_ARR
           || (unsigned) ih->param >= gimple_call_num_args (stmt))
    return false;
  tree arg = ih->kind == IF_PARAM_ARR ? gimple_call_arg (stmt, ih->param)
                                      : NULL_TREE;
  if (ih->kind == IF_RET_ARR)
    ;
  else if (ih->via || ih->member)
    {
      /* the object the argument points to (whose member is the array, or
         points to it): a declared one (`&pool`) or a pointer's root */
      HOST_WIDE_INT bytes = 0;
      if (TREE_CODE (arg) == ADDR_EXPR && VAR_P (TREE_OPERAND (arg, 0)))
        {
          h->kind = WMM_H_DECL;
          h->base = TREE_OPERAND (arg, 0);
        }
      else if (TREE_CODE (arg) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (arg)))
        {
          h->kind = WMM_H_PTR;
          h->base = wmm_pointer_root (arg, &bytes);
        }
      if (!h->base || bytes)
        return false;
      h->heap = ih->via != NULL_TREE;
      if (ih->member)
        {
          h->arr_lo = ih->arr_lo;
          h->arr_hi = ih->arr_hi;
        }
    }
  else if (TREE_CODE (arg) == ADDR_EXPR)
    {
      tree ref = TREE_OPERAND (arg, 0);
      if (TREE_CODE (ref) == ARRAY_REF && integer_zerop (TREE_OPERAND (ref, 1)))
        ref = TREE_OPERAND (ref, 0);
      HOST_WIDE_INT pos, size;
      tree base = wmm_ref_bits (ref, &pos, &size);
      if (!base || !DECL_P (base) || TREE_CODE (base) == FUNCTION_DECL
          || TREE_CODE (TREE_TYPE (ref)) != ARRAY_TYPE)
        return false;
      h->kind = WMM_H_DECL;
      h->base = base;
      h->arr_lo = pos;
      h->arr_hi = pos + size;
    }
  else if (TREE_CODE (arg) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (arg)))
    {
      HOST_WIDE_INT bytes;
      h->kind = WMM_H_PTR;
      h->heap = true;
      h->base = wmm_pointer_root (arg, &bytes);
      if (bytes || TREE_CODE (h->base) != SSA_NAME)
        return false;
    }
  else
    return false;
  h->off = -1;
  h->via = ih->via;
  h->size = ih->in_hi - ih->in_lo;
  h->stride = ih->stride;
  h->in_lo = ih->in_lo;
  h->in_hi = ih->in_hi;
  iv->init = ih->init;
  iv->adj = ih->adj;
  iv->ne = ih->ne;
  if (ih->count_param == -2)
    {
      /* the member itself (its FIELD_DECL): two calls' counts are equal
         when their arrays' objects are (array_joins_every) */
      iv->bound = ih->count_field;
      return true;
    }
  if (ih->count_param < 0)
    iv->bound = build_int_cst (long_integer_type_node, ih->count);
  else if ((unsigned) ih->count_param < gimple_call_num_args (stmt))
    iv->bound = gimple_call_arg (stmt, ih->count_param);
  return iv->bound && (TREE_CODE (iv->bound) == INTEGER_CST
                       || TREE_CODE (iv->bound) == SSA_NAME);
}

/* Does the helper join loop (jh, j) join every element the helper create
 * loop (ch, c) filled, both seen from one caller? */
static bool
array_joins_every (const wmm_handle *ch, const wmm_iv_range *c,
                   const wmm_handle *jh, const wmm_iv_range *j)
{
  if (ch->kind != jh->kind || ch->base != jh->base || ch->heap != jh->heap
      || ch->via != jh->via
      || ch->stride != jh->stride || ch->in_lo != jh->in_lo
      || ch->in_hi != jh->in_hi || ch->arr_lo != jh->arr_lo
      || ch->arr_hi != jh->arr_hi || j->init > c->init)
    return false;
  if (TREE_CODE (c->bound) == INTEGER_CST && TREE_CODE (j->bound) == INTEGER_CST)
    {
      if (!tree_fits_shwi_p (c->bound) || !tree_fits_shwi_p (j->bound))
        return false;
      HOST_WIDE_INT cb = tree_to_shwi (c->bound), jb = tree_to_shwi (j->bound);
      if ((c->ne && c->init > cb) || (j->ne && j->init > jb))
        return false;
      return cb + c->adj <= jb + j->adj;
    }
  /* SSA values, or the same member of the same object (FIELD_DECLs) */
  return c->bound == j->bound && !c->ne && !j->ne && c->adj <= j->adj;
}

/* ------------------------------------------------------------ groups */

/* Add a group for `site` with handle h (none when the set is full);
 * loops: loop structures and dominators are available. */
static void
add_group (wmm_region *r, gimple *site, const wmm_handle *h, bool ok,
           bool loops)
{
  region_group g;
  memset (&g, 0, sizeof g);
  g.site = site;
  if (ok)
    g.h = *h;
  if (ok && loops && h->index && h->off < 0)
    g.array = wmm_create_loop (site, h, &g.iv);
  if (r->groups.length () < UNKNOWN_GROUP)
    r->groups.safe_push (g);
}

/* The handle a create's thread ends up in: `ts[i] = std::thread (f)`
 * constructs into a temporary that one move assignment, dominated by the
 * constructor, then moves into ts[i]; the temporary has no other use than
 * its destructor.  addr (the create's handle argument) otherwise. */
static tree
moved_to (function *fn, gimple *create, tree addr)
{
  if (!wmm_std_thread_start (create) || TREE_CODE (addr) != ADDR_EXPR
      || !VAR_P (TREE_OPERAND (addr, 0))
      || is_global_var (TREE_OPERAND (addr, 0))
      || !dom_info_available_p (fn, CDI_DOMINATORS))
    return addr;
  tree tmp = TREE_OPERAND (addr, 0);
  gimple *move = NULL;
  tree dst = NULL_TREE;
  bool other = false;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (s == create || gimple_clobber_p (s) || is_gimple_debug (s))
      return;
    tree d, src;
    if (is_gimple_call (s) && wmm_std_thread_move (s, &d, &src)
        && TREE_CODE (src) == ADDR_EXPR && TREE_OPERAND (src, 0) == tmp
        && !wmm_mentions (d, tmp))
      {
        other |= move != NULL;
        move = s;
        dst = d;
        return;
      }
    bool dtor = is_gimple_call (s) && gimple_call_num_args (s) == 1
                && !strcmp (wmm_callee_asm_name (s), "_ZNSt6threadD1Ev");
    for (unsigned o = 0; o < gimple_num_ops (s) && !dtor; o++)
      other |= wmm_mentions (gimple_op (s, o), tmp);
  });
  if (!move || other
      || !dominated_by_p (CDI_DOMINATORS, gimple_bb (move), gimple_bb (create)))
    return addr;
  return dst;
}

/* A call of a helper that returns a fresh object holding the handle of
 * the thread it started (handle ih), whose result is only stored, in the
 * call's block, into an array element with a variable index (`jobs[i] =
 * launch (f, i)`): *h, that element holding the handle through the
 * pointer (each call's object is a new one, so each element's handle is
 * its own thread's). */
static bool
stored_to_element (gimple *stmt, const iface_handle *ih, wmm_handle *h)
{
  tree lhs = gimple_call_lhs (stmt);
  use_operand_p use;
  gimple *user;
  if (ih->kind != IF_RET_IND || !ih->fresh || ih->off < 0 || !lhs
      || TREE_CODE (lhs) != SSA_NAME || !single_imm_use (lhs, &use, &user)
      || !gimple_assign_single_p (user) || gimple_assign_rhs1 (user) != lhs
      || gimple_bb (user) != gimple_bb (stmt)
      || !wmm_handle_of_ref (gimple_assign_lhs (user), h)
      || !h->index || h->off >= 0)
    return false;
  h->indirect = true;
  h->ind_off = ih->off;
  return true;
}

/* Groups of every create and every call that leaves threads by handle. */
static void
find_groups (wmm_region *r, bool loops)
{
  wmm_each_stmt (r->fn, [&] (gimple *stmt) {
    if (!is_gimple_call (stmt))
      return;
    int before = r->groups.length ();
    wmm_handle vh;
    if (async_task_joinable (r->u, stmt))
      {
        wmm_handle h;
        /* a future pushed into a local vector: the vector's group */
        if (wmm_future_pushed (stmt, &h))
          {
            add_group (r, stmt, &h, true, false);
            if ((int) r->groups.length () > before)
              r->groups.last ().vector = true;
          }
        else
          add_group (r, stmt, &h, wmm_handle_of_ref (gimple_call_lhs (stmt),
                                                     &h), loops);
      }
    else if (is_create (stmt))
      {
        wmm_handle h;
        tree to = gimple_call_num_args (stmt)
                  ? moved_to (r->fn, stmt, gimple_call_arg (stmt, 0))
                  : NULL_TREE;
        bool ok = to && wmm_handle_of_addr (to, &h);
        unsigned n = r->groups.length ();
        add_group (r, stmt, &h, ok, loops);
        /* `threads[i] = std::thread (f)` into a local vector: its group,
           killed by a loop that joins every element (or its destructor) */
        if (ok && r->groups.length () > n && to != gimple_call_arg (stmt, 0)
            && wmm_thread_vector_element (to))
          r->groups.last ().vector = true;
        if (ok && r->groups.length () > n && to != gimple_call_arg (stmt, 0)
            && h.kind == WMM_H_DECL && !h.indirect && VAR_P (h.base)
            && !is_global_var (h.base)
            && (TREE_CODE (TREE_TYPE (h.base)) == ARRAY_TYPE
                || wmm_std_array_elems (TREE_TYPE (h.base))))
          r->groups.last ().moved = true;
      }
    else if (wmm_vector_create (stmt, &vh))
      {

        add_group (r, stmt, &vh, true, false);
        if ((int) r->groups.length () > before)
          r->groups.last ().vector = true;
        r->pushes.add (stmt);
      }
    else if (const thread_summary *s = callee_summary (stmt))
      for (int k = 0; k < s->nleaves
                      && before + s->nleaves <= UNKNOWN_GROUP; k++)
        {
          wmm_handle h;
          wmm_iv_range iv;
          if (s->leaves[k].kind == IF_PARAM_ARR
              || s->leaves[k].kind == IF_RET_ARR)
            {
              bool ok = map_array (stmt, &s->leaves[k], &h, &iv);
              unsigned n = r->groups.length ();
              add_group (r, stmt, &h, ok, false);
              if (ok && r->groups.length () > n)
                {
                  r->groups.last ().helper_array = true;
                  r->groups.last ().iv = iv;
                }
              continue;
            }
          bool ok = stored_to_element (stmt, &s->leaves[k], &h)
                    || map_iface (stmt, &s->leaves[k], &h);
          add_group (r, stmt, &h, ok, loops);
        }
    if ((int) r->groups.length () > before)
      r->first.put (stmt, before);
  });
}

/* Is `addr` the address of a local std::jthread of the current function
 * that no statement but its own constructor templates, destructor, join,
 * request_stop and const members names (so no move empties it)? */
static bool
jthread_kept (tree addr)
{
  if (TREE_CODE (addr) != ADDR_EXPR || !VAR_P (TREE_OPERAND (addr, 0))
      || is_global_var (TREE_OPERAND (addr, 0)) || !cfun)
    return false;
  tree j = TREE_OPERAND (addr, 0);
  bool ok = true;
  wmm_each_stmt (cfun, [&] (gimple *s) {
    if (!ok || gimple_clobber_p (s) || is_gimple_debug (s))
      return;
    const char *a = is_gimple_call (s) ? wmm_callee_asm_name (s) : "";
    bool own = is_gimple_call (s) && gimple_call_num_args (s) >= 1
               && (!strncmp (a, "_ZNSt7jthread", 13)
                   || !strncmp (a, "_ZNKSt7jthread", 14))
               && !wmm_std_jthread_other (s)
               && TREE_CODE (gimple_call_arg (s, 0)) == ADDR_EXPR
               && TREE_OPERAND (gimple_call_arg (s, 0), 0) == j;
    for (unsigned i = 0; i < gimple_num_ops (s) && ok; i++)
      if (wmm_mentions (gimple_op (s, i), j))
        ok = own && (!is_gimple_call (s) || i == 3);   /* (argument 0) */
  });
  wmm_each_phi (cfun, [&] (gphi *phi) {
    for (unsigned i = 0; i < gimple_phi_num_args (phi) && ok; i++)
      ok = !wmm_mentions (gimple_phi_arg_def (phi, i), j);
  });
  return ok;
}

/* Joins of `stmt` (a join, or a call whose callee joins), into hs[]. */
static int
joins_of (gimple *stmt, wmm_handle *hs, int max)
{
  if (wmm_is_thread_join (stmt))
    return gimple_call_num_args (stmt)
           && wmm_handle_of_value (gimple_call_arg (stmt, 0), &hs[0]) ? 1 : 0;
  if (wmm_std_thread_join (stmt) || wmm_std_future_wait (stmt))
    return wmm_handle_of_addr (gimple_call_arg (stmt, 0), &hs[0]) ? 1 : 0;
  /* ~thread returns only when its object holds no thread (else
     std::terminate); with no detach and the handles where they are, that
     thread was joined (an exception path that destroys a running
     std::thread ends the program there) */
  const char *a = is_gimple_call (stmt) ? wmm_callee_asm_name (stmt) : "";
  if ((!strcmp (a, "_ZNSt6threadD1Ev") || !strcmp (a, "_ZNSt6threadD2Ev"))
      && gimple_call_num_args (stmt) == 1 && std_threads_stay ())
    return wmm_handle_of_addr (gimple_call_arg (stmt, 0), &hs[0]) ? 1 : 0;
  /* ~jthread joins its thread when it is joinable, and a thread of a live
     group is: a local jthread that only its own members see (a move, a
     push into a container, a helper given it may leave it empty) */
  HOST_WIDE_INT lo, hi;
  if (tree f = wmm_std_jthread_end (stmt))
    return jthread_kept (gimple_call_arg (stmt, 0))
           && wmm_handle_of_addr (gimple_call_arg (stmt, 0), &hs[0])
           && hs[0].off >= 0 && wmm_field_bits (f, &lo, &hi)
           && (hs[0].off += lo, hs[0].size = hi - lo, true) ? 1 : 0;
  const thread_summary *s = callee_summary (stmt);
  int n = 0;
  for (int k = 0; s && k < s->njoins && n < max; k++)
    if (map_iface (stmt, &s->joins[k], &hs[n]))
      n++;
  return n;
}

/* Kills on the exits of loops of joins that join a whole array group. */
static void
find_loop_kills (wmm_region *r)
{
  wmm_each_stmt (r->fn, [&] (gimple *stmt) {
    if (!is_gimple_call (stmt))
      return;
    wmm_handle hs[MAX_IFACE];
    tree vec;
    class loop *vl;
    if ((wmm_std_thread_join (stmt) || wmm_std_future_wait (stmt))
        && wmm_vector_join_loop (stmt, &vec, &vl))
      {
        wmm_region_set kill = 0;
        /* a local vector, or a member one (where it lies in its object) */
        wmm_handle mh;
        bool member = TREE_CODE (vec) == COMPONENT_REF
                      && wmm_handle_of_ref (vec, &mh);
        for (unsigned g = 0; g < r->groups.length (); g++)
          if (r->groups[g].vector
              && (member ? wmm_same_handle (&r->groups[g].h, &mh)
                         : r->groups[g].h.base == vec))
            kill |= 1ULL << g;
        if (kill)
          r->exit_kills.safe_push (std::make_pair (vl, kill));
      }
    tree arr;
    class loop *al;
    if (wmm_std_thread_join (stmt) && wmm_array_join_loop (stmt, &arr, &al))
      {
        wmm_region_set kill = 0;
        for (unsigned g = 0; g < r->groups.length (); g++)
          if (!r->groups[g].vector && r->groups[g].h.kind == WMM_H_DECL
              && !r->groups[g].h.indirect && r->groups[g].h.base == arr)
            kill |= 1ULL << g;
        if (kill)
          r->exit_kills.safe_push (std::make_pair (al, kill));
      }
    int n = joins_of (stmt, hs, MAX_IFACE);
    for (int k = 0; k < n; k++)
      {
        wmm_iv_range jr;
        if (!hs[k].index || !wmm_join_loop (stmt, &hs[k], &jr))
          continue;
        wmm_region_set kill = 0;
        bool whole = wmm_std_thread_join (stmt)
                     && wmm_joins_whole_array (&hs[k], &jr);
        for (unsigned g = 0; g < r->groups.length (); g++)
          if ((r->groups[g].array
               && wmm_joins_every (&r->groups[g].h, &r->groups[g].iv,
                                   &hs[k], &jr))
              || (!r->groups[g].array && !r->groups[g].vector
                  && wmm_joins_element (&r->groups[g].h, &hs[k], &jr))
              || (whole && r->groups[g].moved
                  && r->groups[g].h.base == hs[k].base))
            kill |= 1ULL << g;
        if (kill)
          r->exit_kills.safe_push (std::make_pair (jr.loop, kill));
      }
  });
}

/* Does any live group's handle overlap h (the array group `self` of a
 * create repeating in its own loop excepted)? */
static bool
overlaps_live (const wmm_region *r, wmm_region_set s, const wmm_handle *h,
               int self)
{
  for (unsigned g = 0; g < r->groups.length (); g++)
    if ((s & (1ULL << g)) && !((int) g == self && r->groups[g].array)
        && !r->groups[g].vector
        && wmm_handles_overlap (&r->groups[g].h, h))
      return true;
  return false;
}

/* Set the groups of `stmt` (a create or a helper that leaves threads). */
static wmm_region_set
start_groups (const wmm_region *r, gimple *stmt, wmm_region_set s)
{
  const int *first = const_cast<wmm_region *> (r)->first.get (stmt);
  if (!first)
    return s;
  wmm_region_set add = 0;
  for (unsigned g = *first;
       g < r->groups.length () && r->groups[g].site == stmt; g++)
    {
      const region_group &grp = r->groups[g];
      if (grp.h.kind == WMM_H_NONE
          || (!grp.moved && overlaps_live (r, s, &grp.h, g)))
        add |= 1ULL << UNKNOWN_GROUP;
      add |= 1ULL << g;
    }
  return s | add;
}

/* Kill the groups whose fixed handle a join of `stmt` reads. */
static wmm_region_set
join_groups (const wmm_region *r, gimple *stmt, wmm_region_set s)
{
  /* std::vector<std::jthread>'s destructor joins every element (each
     jthread's destructor: its request_stop runs no code of the program,
     jthreads_alone); std::vector<std::thread>'s returns only when every
     element's thread was joined (std_threads_stay) */
  bool joins;
  tree vec = wmm_thread_vector_end (stmt, &joins);
  if (vec && !(joins ? jthreads_alone () : std_threads_stay ()))
    vec = NULL_TREE;
  /* std::for_each over the whole vector with a join (std::mem_fn
     (&std::thread::join), a joining lambda): returns only when every
     element was joined */
  if (!vec)
    vec = wmm_thread_vector_for_each_join (stmt);
  for (unsigned g = 0; vec && g < r->groups.length (); g++)
    if ((s & (1ULL << g)) && r->groups[g].vector
        && r->groups[g].h.base == vec)
      s &= ~(1ULL << g);
  wmm_handle hs[MAX_IFACE];
  int n = joins_of (stmt, hs, MAX_IFACE);
  for (int k = 0; k < n; k++)
    for (unsigned g = 0; g < r->groups.length (); g++)
      if ((s & (1ULL << g)) && !r->groups[g].array && !r->groups[g].vector
          && !r->groups[g].helper_array
          && wmm_same_handle (&r->groups[g].h, &hs[k]))
        s &= ~(1ULL << g);
  /* a helper joining every element a create loop filled, the helper's
     (helper_array) or this function's own (`for (i ...) pthread_create
     (&ts[i].tid, ...); wait_all (ts, n);`) */
  const thread_summary *sum = is_gimple_call (stmt) ? callee_summary (stmt)
                                                    : NULL;
  for (int k = 0; sum && k < sum->njoins; k++)
    {
      wmm_handle jh;
      wmm_iv_range jiv;
      if (!map_array (stmt, &sum->joins[k], &jh, &jiv))
        continue;
      for (unsigned g = 0; g < r->groups.length (); g++)
        if ((s & (1ULL << g))
            && (r->groups[g].helper_array
                || (r->groups[g].array && !r->groups[g].vector
                    && !r->groups[g].moved && r->groups[g].h.stride > 0))
            && array_joins_every (&r->groups[g].h, &r->groups[g].iv, &jh, &jiv))
          s &= ~(1ULL << g);
    }
  return s;
}

/* Does `stmt` write over a live handle (a store, or the address of a live
 * handle's object given to a call that neither creates nor joins)? */
static bool
clobbers_live (const wmm_region *r, gimple *stmt, wmm_region_set s)
{
  if (!(s & ~(1ULL << UNKNOWN_GROUP)))
    return false;
  if (is_gimple_call (stmt))
    {
      if (is_create (stmt) || wmm_is_thread_join (stmt)
          || wmm_std_thread_join (stmt) || wmm_std_future_wait (stmt)
          || wmm_std_thread_reads (stmt) || async_task_joinable (r->u, stmt))
        return false;
      /* std::jthread's members other than its constructor, destructor,
         join and those that only read it (detach, swap, a move) take
         its thread elsewhere: its summary would not say so */
      if (wmm_std_jthread_other (stmt))
        return true;
      /* A move into a handle that still holds a thread terminates the
         program; a move out of one takes the thread elsewhere: also the
         inline move constructor and swap, whose summaries say nothing of
         handles. */
      tree dst, src;
      bool move = wmm_std_thread_move (stmt, &dst, &src);
      const char *a = wmm_callee_asm_name (stmt);
      bool std_thread = (!strncmp (a, "_ZNSt6thread", 12)
                         && strcmp (a, "_ZNSt6threadD1Ev")
                         && strcmp (a, "_ZNSt6threadD2Ev"))
                        || !strncmp (a, "_ZSt4swapISt6thread", 19)
                        || !strncmp (a, "_ZSt8exchangeISt6thread", 23);
      if (!std_thread && callee_summary (stmt))
        return false;
      tree callee = gimple_call_fndecl (stmt);
      bool lib_sync = callee && !DECL_STRUCT_FUNCTION (callee)
                      && DECL_NAME (callee)
                      && wmm_lib_call_is_sync (callee, IDENTIFIER_POINTER
                                                         (DECL_NAME (callee)));
      for (unsigned i = move ? 1 : 0; i < gimple_call_num_args (stmt); i++)
        {
          tree a = gimple_call_arg (stmt, i);
          /* (a thread moved out through a reference, `keep = std::move
             (ts[1])` on a std::array) */
          if (std_thread)
            a = wmm_object_address (a);
          /* a pointer into a heap array of live handles (memset, realloc,
             a helper of the unit) */
          if (TREE_CODE (a) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (a)))
            {
              HOST_WIDE_INT bytes, stride;
              tree root, idx;
              if (!wmm_heap_element (a, &root, &idx, &stride))
                root = wmm_pointer_root (a, &bytes);
              for (unsigned g = 0; g < r->groups.length (); g++)
                if ((s & (1ULL << g)) && r->groups[g].h.heap
                    && r->groups[g].h.base == root)
                  return true;
            }
          if (TREE_CODE (a) != ADDR_EXPR)
            continue;
          /* A lock, condition variable or semaphore call writes only the
             object its argument points to (`&p.lock` beside the handles
             in p.threads[]). */
          wmm_handle ah;
          if (lib_sync && wmm_handle_of_ref (TREE_OPERAND (a, 0), &ah)
              && ah.off >= 0 && ah.size > 0 && !overlaps_live (r, s, &ah, -1))
            continue;
          tree base = get_base_address (TREE_OPERAND (a, 0));
          for (unsigned g = 0; g < r->groups.length (); g++)
            if ((s & (1ULL << g)) && r->groups[g].h.kind == WMM_H_DECL
                && r->groups[g].h.base == base && !r->groups[g].vector)
              return true;
        }
      return false;
    }
  /* A clobber ends the variable's scope: its value no longer matters. */
  if (!is_gimple_assign (stmt) || gimple_clobber_p (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt);
  if (TREE_CODE (lhs) == SSA_NAME)
    return false;
  /* -O0: a helper's result (a handle, or a pointer to one) stored into
     the variable its group names. */
  tree rhs = gimple_assign_rhs1 (stmt);
  if (gimple_assign_single_p (stmt) && TREE_CODE (rhs) == SSA_NAME
      && !SSA_NAME_IS_DEFAULT_DEF (rhs)
      && is_gimple_call (SSA_NAME_DEF_STMT (rhs))
      && const_cast<wmm_region *> (r)->first.get (SSA_NAME_DEF_STMT (rhs)))
    return false;
  wmm_handle h;
  if (wmm_handle_of_ref (lhs, &h) && overlaps_live (r, s, &h, -1))
    return true;
  /* -O0: the variable that holds a live handle's pointer. */
  for (unsigned g = 0; g < r->groups.length (); g++)
    if ((s & (1ULL << g)) && r->groups[g].h.kind == WMM_H_PTR
        && r->groups[g].h.base == lhs)
      return true;
  return false;
}

wmm_region_set
wmm_region_step (const wmm_region *r, gimple *stmt, wmm_region_set s)
{
  if (clobbers_live (r, stmt, s))
    s |= 1ULL << UNKNOWN_GROUP;
  if (!is_gimple_call (stmt))
    return s;
  bool task = async_task_joinable (r->u, stmt);
  bool create = is_create (stmt) || task
                || const_cast<wmm_region *> (r)->pushes.contains (stmt);
  /* std::future's get () and wait () start nothing (a deferred task runs
     in the caller, its own creates counted at its std::async) */
  bool wait = wmm_std_future_wait (stmt);
  const thread_summary *sum = create || wait ? NULL : callee_summary (stmt);
  s = join_groups (r, stmt, s);
  s = start_groups (r, stmt, s);
  /* A start whose groups did not fit in the set. */
  if ((create || (sum && sum->nleaves))
      && !const_cast<wmm_region *> (r)->first.get (stmt))
    s |= 1ULL << UNKNOWN_GROUP;
  /* Threads no join here can end: a routine that starts threads itself or
     is unknown, an unknown callee once some address escapes, a task, a
     helper that leaves threads no handle names. */
  if ((r->u->starters && r->u->starters->contains (stmt) && !wait && !task)
      || (sum && sum->untracked && !jthread_end_alone (stmt)))
    s |= 1ULL << UNKNOWN_GROUP;
  return s;
}

/* Is e the edge a test of a pointer against null takes when it is null,
 * for a pointer the throwing operator new returned (which never returns
 * null): `delete p`'s test before the destructor runs? */
static bool
null_side_of_new (edge e)
{
  gcond *c = safe_dyn_cast<gcond *> (last_stmt (e->src));
  if (!c || !integer_zerop (gimple_cond_rhs (c))
      || (gimple_cond_code (c) != EQ_EXPR && gimple_cond_code (c) != NE_EXPR)
      || (gimple_cond_code (c) == EQ_EXPR) != !!(e->flags & EDGE_TRUE_VALUE))
    return false;
  tree p = gimple_cond_lhs (c);
  for (int steps = 0; steps < 8 && TREE_CODE (p) == SSA_NAME
                      && !SSA_NAME_IS_DEFAULT_DEF (p); steps++)
    {
      gimple *def = SSA_NAME_DEF_STMT (p);
      if (gcall *call = dyn_cast<gcall *> (def))
        {
          tree fn = gimple_call_fndecl (call);
          /* (the nothrow forms take a std::nothrow_t reference) */
          return fn && DECL_IS_OPERATOR_NEW_P (fn)
                 && DECL_IS_REPLACEABLE_OPERATOR (fn)
                 && (gimple_call_num_args (call) < 2
                     || !POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, 1))));
        }
      if (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def))
        return false;
      p = gimple_assign_rhs1 (def);
    }
  return false;
}

/* The state on edge e, from the state at the end of its source. */
static wmm_region_set
edge_state (const wmm_region *r, edge e, wmm_region_set s)
{
  /* never taken */
  if (null_side_of_new (e))
    return 0;
  /* An exception out of a create (a std::thread constructor that could
     not start its thread) started nothing: the state before the call,
     which ends its block. */
  gimple *last = (e->flags & EDGE_EH) ? last_stmt (e->src) : NULL;
  if (last && is_create (last))
    {
      s = r->in[e->src->index];
      for (gimple_stmt_iterator gsi = gsi_start_bb (e->src);
           !gsi_end_p (gsi) && gsi_stmt (gsi) != last; gsi_next (&gsi))
        s = wmm_region_step (r, gsi_stmt (gsi), s);
    }
  /* A join loop's normal exit (an exception thrown out of it leaves
     before every join ran: its edge kills nothing). */
  for (const auto &k : r->exit_kills)
    if (flow_bb_inside_loop_p (k.first, e->src)
        && !flow_bb_inside_loop_p (k.first, e->dest)
        && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
      s &= ~k.second;
  /* A create loop entered again while its earlier threads may run
     overwrites their handles. */
  for (unsigned g = 0; g < r->groups.length (); g++)
    if ((s & (1ULL << g)) && r->groups[g].array
        && e->dest == r->groups[g].iv.loop->header
        && !flow_bb_inside_loop_p (r->groups[g].iv.loop, e->src))
      s |= 1ULL << UNKNOWN_GROUP;
  return s;
}

/* Compute r->in for every block; returns the union of the states at the
 * function's returns. */
static wmm_region_set
solve (wmm_region *r)
{
  function *fn = r->fn;
  bool had_dom = dom_info_available_p (fn, CDI_DOMINATORS);
  bool loops = loops_for_fn (fn)
               && !loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP);
  if (loops && !had_dom)
    calculate_dominance_info (CDI_DOMINATORS);
  find_groups (r, loops);
  if (loops)
    find_loop_kills (r);
  int nb = last_basic_block_for_fn (fn);
  r->in.safe_grow_cleared (nb);
  auto_vec<wmm_region_set> out;
  out.safe_grow_cleared (nb);
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          wmm_region_set s = 0;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->preds)
            if (e->src->index >= NUM_FIXED_BLOCKS)
              s |= edge_state (r, e, out[e->src->index]);
          r->in[bb->index] = s;
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            s = wmm_region_step (r, gsi_stmt (gsi), s);
          if (s != out[bb->index])
            {
              out[bb->index] = s;
              changed = true;
            }
        }
    }
  free (rpo);
  if (loops && !had_dom)
    free_dominance_info (CDI_DOMINATORS);
  wmm_region_set at_exit = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    if (e->src->index >= NUM_FIXED_BLOCKS)
      at_exit |= out[e->src->index];
  return at_exit;
}

wmm_region *
wmm_region_begin (wmm_unitinfo *u, wmm_unit *unit)
{
  wmm_region *r = new wmm_region;
  r->u = u;
  r->fn = unit->fn;
  solve (r);
  return r;
}

wmm_region_set
wmm_region_at (const wmm_region *r, basic_block bb)
{
  return bb->index < (int) r->in.length () ? r->in[bb->index] : 0;
}

int
wmm_region_group (const wmm_region *r, gimple *create)
{
  const int *first = const_cast<wmm_region *> (r)->first.get (create);
  return first ? *first : -1;
}

wmm_region_set
wmm_region_before (const wmm_region *r, gimple *stmt)
{
  basic_block bb = gimple_bb (stmt);
  wmm_region_set s = wmm_region_at (r, bb);
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
       !gsi_end_p (gsi) && gsi_stmt (gsi) != stmt; gsi_next (&gsi))
    s = wmm_region_step (r, gsi_stmt (gsi), s);
  return s;
}

void
wmm_region_end (wmm_region *r)
{
  delete r;
}

void
wmm_quiet_stmts (wmm_unitinfo *u, hash_set<gimple *> *out)
{
  if (u->join_tails)
    for (gimple *g : *u->join_tails)
      out->add (g);
  for (wmm_unit &unit : u->units)
    {
      if (!unit.region || !unit.fn)
        continue;
      push_cfun (unit.fn);
      wmm_region *r = wmm_region_begin (u, &unit);
      basic_block bb;
      FOR_EACH_BB_FN (bb, unit.fn)
        {
          wmm_region_set s = wmm_region_at (r, bb);
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              if (!s)
                out->add (gsi_stmt (gsi));
              s = wmm_region_step (r, gsi_stmt (gsi), s);
            }
        }
      wmm_region_end (r);
      pop_cfun ();
    }
}

/* ------------------------------------------------------------ summaries */

/* Handles (of the interface) fn joins on every path to its return. */
static void
must_joins (function *fn, thread_summary *s)
{
  struct cand { iface_handle ih; wmm_handle h; };
  auto_vec<cand> cands;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        wmm_handle hs[MAX_IFACE];
        int n = is_gimple_call (gsi_stmt (gsi))
                ? joins_of (gsi_stmt (gsi), hs, MAX_IFACE) : 0;
        for (int k = 0; k < n; k++)
          {
            iface_handle ih;
            bool known = false;
            for (const cand &c : cands)
              known |= wmm_same_handle (&c.h, &hs[k])
                       || (c.h.kind == WMM_H_VALUE && c.h.base == hs[k].base);
            if (!known && cands.length () < 32
                && iface_of (fn, &hs[k], false, &ih))
              cands.safe_push ({ ih, hs[k] });
          }
      }
  if (cands.is_empty ())
    return;
  /* A handle the function stores over is no longer the caller's. */
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        if (!is_gimple_assign (stmt) || gimple_clobber_p (stmt)
            || TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME)
          continue;
        wmm_handle h;
        tree lhs = gimple_assign_lhs (stmt);
        bool known = wmm_handle_of_ref (lhs, &h);
        for (unsigned c = 0; c < cands.length (); c++)
          if ((known && wmm_handles_overlap (&cands[c].h, &h))
              || cands[c].h.base == lhs)
            cands[c].h.kind = WMM_H_NONE;
      }
  int nb = last_basic_block_for_fn (fn);
  auto_vec<unsigned> out;
  out.safe_grow_cleared (nb);
  for (int i = 0; i < nb; i++)
    out[i] = ~0u;
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block b = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          unsigned st = ~0u;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, b->preds)
            st &= e->src->index < NUM_FIXED_BLOCKS ? 0u : out[e->src->index];
          for (gimple_stmt_iterator gsi = gsi_start_bb (b); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              if (!is_gimple_call (gsi_stmt (gsi)))
                continue;
              wmm_handle hs[MAX_IFACE];
              int n = joins_of (gsi_stmt (gsi), hs, MAX_IFACE);
              for (int j = 0; j < n; j++)
                for (unsigned c = 0; c < cands.length (); c++)
                  if (wmm_same_handle (&cands[c].h, &hs[j])
                      || (cands[c].h.kind == WMM_H_VALUE
                          && cands[c].h.base == hs[j].base))
                    st |= 1u << c;
            }
          if (st != out[b->index])
            {
              out[b->index] = st;
              changed = true;
            }
        }
    }
  free (rpo);
  unsigned at_exit = ~0u;
  bool any = false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    if (e->src->index >= NUM_FIXED_BLOCKS)
      {
        at_exit &= out[e->src->index];
        any = true;
      }
  for (unsigned c = 0; any && c < cands.length (); c++)
    if ((at_exit & (1u << c)) && cands[c].h.kind != WMM_H_NONE
        && s->njoins < MAX_IFACE)
      s->joins[s->njoins++] = cands[c].ih;
}

/* Run work () on fn (the current function) with its loop structures and
 * dominators, computed for it (and freed after) when they were not there;
 * nothing when its loops need fixing. */
template <typename F>
static void
with_loops (function *fn, F work)
{
  if (!loops_for_fn (fn) || loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP))
    return;
  bool had_dom = dom_info_available_p (fn, CDI_DOMINATORS);
  if (!had_dom)
    calculate_dominance_info (CDI_DOMINATORS);
  work ();
  if (!had_dom)
    free_dominance_info (CDI_DOMINATORS);
}

/* Does every return of fn come after loop (from outside it, in a block
 * its header dominates)?  Dominators needed. */
static bool
returns_after (function *fn, class loop *loop)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fn)->preds)
    if (flow_bb_inside_loop_p (loop, e->src)
        || !dominated_by_p (CDI_DOMINATORS, e->src, loop->header))
      return false;
  return true;
}

/* Does call g, given as argument i a pointer `bytes` past the base of
 * array handle h, leave h's handles alone: a lock library function (it
 * writes only the lock object its argument points to: `pthread_mutex_lock
 * (&p->mu)` beside the handles `p->t[i]`) whose object lies outside the
 * array? */
static bool
call_spares_handles (gcall *g, unsigned i, HOST_WIDE_INT bytes,
                     const wmm_handle *h)
{
  tree fn = gimple_call_fndecl (g);
  cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
  if (!fn || (node && wmm_analysable_body (node))
      || !wmm_lock_call_keeps_no_copy (g, i)
      || h->off >= 0 || h->arr_hi <= 0 || h->heap || h->via)
    return false;
  tree a = gimple_call_arg (g, i);
  tree t = POINTER_TYPE_P (TREE_TYPE (a)) ? TREE_TYPE (TREE_TYPE (a))
                                          : NULL_TREE;
  if (!t || !COMPLETE_TYPE_P (t) || !tree_fits_uhwi_p (TYPE_SIZE (t)))
    return false;
  HOST_WIDE_INT lo = bytes * BITS_PER_UNIT;
  HOST_WIDE_INT hi = lo + (HOST_WIDE_INT) tree_to_uhwi (TYPE_SIZE (t));
  return hi <= h->arr_lo || lo >= h->arr_hi;
}

/* Arrays (of the interface) fn joins whole on every path to its return:
 * a join loop over `t[i]`, t a pointer parameter (wmm_join_loop: every
 * iteration joins, the test its only exit), whose header dominates every
 * return from outside it, in a function that stores into no element and
 * gives t to no other call. */
static void
array_joins (function *fn, thread_summary *s)
{
  with_loops (fn, [&] {
    wmm_each_stmt (fn, [&] (gimple *stmt) {
      if (!is_gimple_call (stmt) || !wmm_is_thread_join (stmt)
          || s->njoins == MAX_IFACE)
        return;
      wmm_handle h;
      wmm_iv_range jr;
      iface_handle ih;
      if (joins_of (stmt, &h, 1) != 1 || !wmm_join_loop (stmt, &h, &jr)
          || !array_iface (fn, &h, &jr, &ih, false))
        return;
      if (!returns_after (fn, jr.loop))
        return;
      bool clean = true;
      wmm_each_stmt (fn, [&] (gimple *g) {
        if (is_gimple_assign (g) && !gimple_clobber_p (g)
            && TREE_CODE (gimple_assign_lhs (g)) != SSA_NAME)
          {
            wmm_handle w;
            if (!wmm_handle_of_ref (gimple_assign_lhs (g), &w)
                || wmm_handles_overlap (&w, &h))
              clean = false;
          }
        /* (freeing the array or its object ends the handles' use: a join
           after it would read freed memory) */
        if (is_gimple_call (g) && g != stmt
            && !gimple_call_builtin_p (g, BUILT_IN_FREE))
          for (unsigned i = 0; i < gimple_call_num_args (g); i++)
            {
              HOST_WIDE_INT bytes;
              tree a = gimple_call_arg (g, i);
              if (TREE_CODE (a) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (a))
                  && wmm_pointer_root (a, &bytes) == h.base
                  && !call_spares_handles (as_a<gcall *> (g), i, bytes, &h))
                clean = false;
            }
      });
      if (clean)
        s->joins[s->njoins++] = ih;
  });
  });
}

/* Member vectors of threads (wmm_member_vector_kept) fn joins whole on
 * every path to its return: `for (auto &w : workers) w.join ();` in a
 * class's destructor, the loop's header dominating every return from
 * outside it, and no push into that member in fn.  Each is a join of the
 * handle the constructor's pushes leave (IF_PARAM_IND: the member's bits
 * in the object a parameter points to). */
static void
vector_joins (function *fn, thread_summary *s)
{
  with_loops (fn, [&] {
    wmm_each_stmt (fn, [&] (gimple *stmt) {
      tree vec;
      class loop *loop;
      wmm_handle h;
      iface_handle ih;
      if (s->njoins == MAX_IFACE || !is_gimple_call (stmt)
          || !wmm_std_thread_join (stmt)
          || !wmm_vector_join_loop (stmt, &vec, &loop)
          || TREE_CODE (vec) != COMPONENT_REF || !wmm_handle_of_ref (vec, &h)
          || h.kind != WMM_H_PTR || !iface_of (fn, &h, false, &ih)
          || ih.kind != IF_PARAM_IND)
        return;
      if (!returns_after (fn, loop))
        return;
      bool pushes = false;
      wmm_each_stmt (fn, [&] (gimple *g) {
        wmm_handle ph;
        pushes |= is_gimple_call (g) && wmm_vector_create (g, &ph)
                  && ph.kind == h.kind && ph.base == h.base && ph.off == h.off;
      });
      for (int k = 0; k < s->njoins; k++)
        pushes |= !memcmp (&s->joins[k], &ih, sizeof ih);
      if (!pushes)
        s->joins[s->njoins++] = ih;
  });
  });
}

/* The summary of a unit, from its region and its joins. */
static thread_summary
summarise (wmm_unitinfo *u, wmm_unit *unit)
{
  thread_summary s;
  memset (&s, 0, sizeof s);
  push_cfun (unit->fn);
  wmm_region *r = new wmm_region;
  r->u = u;
  r->fn = unit->fn;
  wmm_region_set at_exit = solve (r);
  if (at_exit & (1ULL << UNKNOWN_GROUP))
    s.untracked = true;
  for (unsigned g = 0; g < r->groups.length () && !s.untracked; g++)
    {
      if (!(at_exit & (1ULL << g)))
        continue;
      iface_handle ih;
      if (s.nleaves == MAX_IFACE
          || (r->groups[g].array
              ? !array_iface (unit->fn, &r->groups[g].h, &r->groups[g].iv, &ih,
                              true)
              : r->groups[g].helper_array
                || !iface_of (unit->fn, &r->groups[g].h, true, &ih)))
        s.untracked = true;
      else
        s.leaves[s.nleaves++] = ih;
    }
  delete r;
  must_joins (unit->fn, &s);
  array_joins (unit->fn, &s);
  vector_joins (unit->fn, &s);
  pop_cfun ();
  return s;
}

static bool
same_summary (const thread_summary &a, const thread_summary &b)
{
  return !memcmp (&a, &b, sizeof a);
}

static void find_join_tails (wmm_unitinfo *u);
static void find_create_heads (wmm_unitinfo *u);
static void find_ctor_cleanups (wmm_unitinfo *u);
static void close_quiet (wmm_unitinfo *u);

void
wmm_thread_summaries (wmm_unitinfo *u)
{
  delete summaries;
  summaries = new hash_map<tree, thread_summary>;
  wmm_member_vectors_reset ();
  /* Start from "may leave untracked threads" for every function that may
     start threads, and refine: every round is sound. */
  for (wmm_unit &unit : u->units)
    {
      thread_summary s;
      memset (&s, 0, sizeof s);
      s.untracked = u->creators && u->creators->contains (unit.decl);
      summaries->put (unit.decl, s);
    }
  for (int round = 0; round < 4; round++)
    {
      bool changed = false;
      for (wmm_unit &unit : u->units)
        {
          thread_summary s = summarise (u, &unit);
          thread_summary *old = summaries->get (unit.decl);
          if (!same_summary (*old, s))
            {
              *old = s;
              changed = true;
            }
        }
      if (!changed)
        break;
    }
  find_join_tails (u);
  find_create_heads (u);
  find_ctor_cleanups (u);
  close_quiet (u);
}

/* ------------------------------------------------------------ join tails */

/* The summary joins of fn (s) that `stmt` performs, as bits: a join of a
 * handle the summary names (gen after stmt), or *loop_gen the bits of
 * the join loop around it (gen on its exits: a whole array or vector). */
static unsigned
join_bits (function *fn, const thread_summary *s, gimple *stmt,
           unsigned *loop_gen, class loop **loop)
{
  unsigned bits = 0;
  *loop_gen = 0;
  *loop = NULL;
  auto bit_of = [&] (const iface_handle &ih) {
    unsigned b = 0;
    for (int k = 0; k < s->njoins; k++)
      if (!memcmp (&s->joins[k], &ih, sizeof ih))
        b |= 1u << k;
    return b;
  };
  wmm_handle hs[MAX_IFACE];
  int n = joins_of (stmt, hs, MAX_IFACE);
  for (int k = 0; k < n; k++)
    {
      iface_handle ih;
      wmm_iv_range jr;
      if (iface_of (fn, &hs[k], false, &ih))
        bits |= bit_of (ih);
      if (hs[k].index && wmm_join_loop (stmt, &hs[k], &jr)
          && array_iface (fn, &hs[k], &jr, &ih, false) && bit_of (ih))
        {
          *loop_gen |= bit_of (ih);
          *loop = jr.loop;
        }
    }
  tree vec;
  class loop *vl;
  wmm_handle h;
  iface_handle ih;
  if (wmm_std_thread_join (stmt) && wmm_vector_join_loop (stmt, &vec, &vl)
      && TREE_CODE (vec) == COMPONENT_REF && wmm_handle_of_ref (vec, &h)
      && iface_of (fn, &h, false, &ih) && bit_of (ih))
    {
      *loop_gen |= bit_of (ih);
      *loop = vl;
    }
  return bits;
}

/* Into u->join_tails: the statements of fn that run after each of its
 * summary joins s (must: on every path from its entry). */
static void
add_tail (wmm_unitinfo *u, function *fn, const thread_summary *s)
{
  with_loops (fn, [&] {
    unsigned all = (1u << s->njoins) - 1;
    /* per statement: gen after it; per loop: gen on its normal exits */
    hash_map<gimple *, unsigned> gen;
    auto_vec<std::pair<class loop *, unsigned> > loop_gen;
    wmm_each_stmt (fn, [&] (gimple *g) {
      if (!is_gimple_call (g))
        return;
      unsigned lg;
      class loop *l;
      unsigned b = join_bits (fn, s, g, &lg, &l);
      if (b)
        gen.put (g, b);
      if (lg && l)
        loop_gen.safe_push (std::make_pair (l, lg));
  });
  int nb = last_basic_block_for_fn (fn);
  auto_vec<unsigned> out;
  out.safe_grow_cleared (nb);
  for (int i = 0; i < nb; i++)
    out[i] = all;
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  auto in_of = [&] (basic_block b) {
    unsigned st = all;
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE (e, ei, b->preds)
      {
        unsigned v = e->src->index < NUM_FIXED_BLOCKS ? 0u : out[e->src->index];
        for (const auto &lg : loop_gen)
          if (flow_bb_inside_loop_p (lg.first, e->src)
              && !flow_bb_inside_loop_p (lg.first, e->dest)
              && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
            v |= lg.second;
        st &= v;
      }
    return st;
  };
  for (bool changed = true; changed;)
    {
      changed = false;
      for (int k = 0; k < nrpo; k++)
        {
          basic_block b = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          unsigned st = in_of (b);
          for (gimple_stmt_iterator gsi = gsi_start_bb (b); !gsi_end_p (gsi);
               gsi_next (&gsi))
            if (unsigned *g = gen.get (gsi_stmt (gsi)))
              st |= *g;
          if (st != out[b->index])
            {
              out[b->index] = st;
              changed = true;
            }
        }
    }
  for (int k = 0; k < nrpo; k++)
    {
      basic_block b = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
      unsigned st = in_of (b);
      for (gimple_stmt_iterator gsi = gsi_start_bb (b); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          if (st == all)
            u->join_tails->add (gsi_stmt (gsi));
          if (unsigned *g = gen.get (gsi_stmt (gsi)))
            st |= *g;
        }
    }
  free (rpo);
  });
}

/* main's code unit (the one with a region), or NULL. */
static wmm_unit *
main_unit (wmm_unitinfo *u)
{
  wmm_unit *m = NULL;
  for (wmm_unit &unit : u->units)
    if (unit.region && unit.fn)
      m = &unit;
  return m;
}

/* Is every call of unit's function (through its aliases too: a C++
 * destructor's D1) one of main's (m), no other unit able to call it (an
 * exported function may be called by other units at any time; C++
 * inline code's calls by other units run on their objects, as tbaa.cc's
 * wmm_calls_all_seen takes it) and its address not taken?  The calls go
 * to *calls. */
static bool
only_main_calls (const wmm_unit &unit, const wmm_unit *m, vec<gimple *> *calls)
{
  if (&unit == m || !unit.fn || unit.entry || !unit.node)
    return false;
  bool ok = true;
  auto_vec<cgraph_node *> names;
  names.safe_push (unit.node);
  while (!names.is_empty () && ok)
    {
      cgraph_node *a = names.pop ();
      ok = !a->address_taken
           && (!TREE_PUBLIC (a->decl) || wmm_vague_linkage (a));
      for (cgraph_edge *e = a->callers; e && ok; e = e->next_caller)
        {
          ok = e->caller->decl == m->decl && e->call_stmt;
          calls->safe_push (e->call_stmt);
        }
      ipa_ref *ref;
      for (unsigned i = 0; a->iterate_direct_aliases (i, ref); i++)
        if (cgraph_node *al = dyn_cast<cgraph_node *> (ref->referring))
          names.safe_push (al);
    }
  return ok && !calls->is_empty ();
}

/* Does every call leave main's thread state empty (after: the state after
 * the call; else the state before it)?  *r: main's region, made at the
 * first question. */
static bool
calls_alone (wmm_unitinfo *u, wmm_unit *m, wmm_region **r,
             const vec<gimple *> &calls, bool after)
{
  push_cfun (m->fn);
  if (!*r)
    *r = wmm_region_begin (u, m);
  bool ok = true;
  for (gimple *call : calls)
    {
      wmm_region_set s = wmm_region_before (*r, call);
      ok &= (after ? wmm_region_step (*r, call, s) : s) == 0;
    }
  pop_cfun ();
  return ok;
}

/* Functions that only main calls (static, or C++ inline code, address
 * not taken), each call ending every thread main runs (the state after
 * it is empty: `pool.~ThreadPool ()`, `pool_destroy (p)`), that start
 * none themselves: what they do after their joins runs alone
 * (u->join_tails). */
static void
find_join_tails (wmm_unitinfo *u)
{
  wmm_unit *m = main_unit (u);
  if (!m)
    return;
  wmm_region *r = NULL;
  for (wmm_unit &unit : u->units)
    {
      const thread_summary *s = summaries->get (unit.decl);
      auto_vec<gimple *> calls;
      if (!s || s->njoins == 0 || s->njoins > 16 || s->untracked
          || s->nleaves
          || (u->creators && u->creators->contains (unit.decl))
          || !only_main_calls (unit, m, &calls)
          || !calls_alone (u, m, &r, calls, true))
        continue;
      if (!u->join_tails)
        u->join_tails = new hash_set<gimple *>;
      push_cfun (unit.fn);
      add_tail (u, unit.fn, s);
      pop_cfun ();
    }
  if (r)
    wmm_region_end (r);
}

/* ----------------------------------------------------------- create heads */

/* May call g start a thread (a create, a call of a function that starts
 * some, an indirect call, library code not known to start none)? */
static bool
may_start (const wmm_unitinfo *u, gimple *g)
{
  if (!is_gimple_call (g) || gimple_call_internal_p (g))
    return false;
  wmm_handle h;
  if (is_create (g) || wmm_vector_create (g, &h))
    return true;
  tree f = gimple_call_fndecl (g);
  if (!f)
    {
      /* a resolved indirect call (std::function's): one of its targets */
      vec<tree> *targets = wmm_resolved_targets (u, g);
      if (!targets)
        return true;
      for (tree t : *targets)
        if (wmm_unit_of (u, wmm_alias_target (t)) < 0
            || (u->creators && u->creators->contains (wmm_alias_target (t))))
          return true;
      return false;
    }
  f = wmm_alias_target (f);
  if (u->creators && u->creators->contains (f))
    return true;
  if (wmm_unit_of (u, f) >= 0)
    return false;
  cgraph_node *n = cgraph_node::get (f);
  return !(n && n->definition && wmm_analysable_body (n))
         && !wmm_never_starts_threads (f) && !wmm_lib_keeps_callbacks (f);
}

/* Functions that only main calls (static, or C++ inline code, address
 * not taken), every call made while no thread runs (`ThreadPool pool (4)`
 * before any create): what they do before they may start a thread runs
 * alone too, like main's code before its first create (added to
 * u->join_tails: the statements no other thread runs beside). */
static void
find_create_heads (wmm_unitinfo *u)
{
  wmm_unit *m = main_unit (u);
  if (!m)
    return;
  wmm_region *r = NULL;
  for (wmm_unit &unit : u->units)
    {
      auto_vec<gimple *> calls;
      if (!only_main_calls (unit, m, &calls)
          || !calls_alone (u, m, &r, calls, false))
        continue;
      /* forward: may a thread have started (on some path) before here? */
      function *fn = unit.fn;
      int nb = last_basic_block_for_fn (fn);
      auto_vec<bool> out;
      out.safe_grow_cleared (nb);
      int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
      int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
      auto in_of = [&] (basic_block b) {
        bool st = false;
        edge e;
        edge_iterator ei;
        FOR_EACH_EDGE (e, ei, b->preds)
          st |= e->src->index >= NUM_FIXED_BLOCKS && out[e->src->index];
        return st;
      };
      push_cfun (fn);
      for (bool changed = true; changed;)
        {
          changed = false;
          for (int k = 0; k < nrpo; k++)
            {
              basic_block b = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
              bool st = in_of (b);
              for (gimple_stmt_iterator gsi = gsi_start_bb (b);
                   !st && !gsi_end_p (gsi); gsi_next (&gsi))
                st = may_start (u, gsi_stmt (gsi));
              if (st != out[b->index])
                {
                  out[b->index] = st;
                  changed = true;
                }
            }
        }
      for (int k = 0; k < nrpo; k++)
        {
          basic_block b = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
          bool st = in_of (b);
          for (gimple_stmt_iterator gsi = gsi_start_bb (b);
               !st && !gsi_end_p (gsi); gsi_next (&gsi))
            {
              if (!u->join_tails)
                u->join_tails = new hash_set<gimple *>;
              u->join_tails->add (gsi_stmt (gsi));
              st = may_start (u, gsi_stmt (gsi));
            }
        }
      pop_cfun ();
      free (rpo);
    }
  if (r)
    wmm_region_end (r);
}

/* -------------------------------------------------------- ctor cleanups */

/* Does destructor d (with everything it calls) touch only memory its
 * calls are given: no global object, no indirect call, library code
 * only to allocate or free memory or terminate? */
static bool
touches_only_its_object (const wmm_unitinfo *u, tree d)
{
  auto_vec<cgraph_node *> work;
  hash_set<cgraph_node *> seen;
  cgraph_node *n = cgraph_node::get (d);
  if (!n)
    return false;
  work.safe_push (n->ultimate_alias_target ());
  while (!work.is_empty ())
    {
      cgraph_node *f = work.pop ();
      if (seen.add (f))
        continue;
      function *fn = wmm_analysable_body (f);
      if (!fn)
        {
          const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (f->decl));
          /* (the standard library's compiled destructors, such as
             condition_variable's, end only their object; the replaceable
             operator new, as malloc, makes a new object and touches no
             other: a std::function's manager cloning its callable) */
          if (!startswith (name, "_ZdlPv") && !startswith (name, "_ZdaPv")
              && strcmp (name, "free") && strcmp (name, "_ZSt9terminatev")
              && !(DECL_IS_REPLACEABLE_OPERATOR (f->decl)
                   && DECL_IS_OPERATOR_NEW_P (f->decl))
              && !(DECL_CXX_DESTRUCTOR_P (f->decl)
                   && startswith (name, "_ZNSt")))
            return false;
          continue;
        }
      /* (an indirect call entries.cc resolved, std::function's
         _M_manager: its targets) */
      if (!wmm_push_resolved_callees (u, f, &work))
        return false;
      bool ok = true;
      wmm_each_stmt (fn, [&] (gimple *g) {
        if (gimple_clobber_p (g))
          return;
        if (gimple_has_volatile_ops (g) || gimple_code (g) == GIMPLE_ASM)
          ok = false;
        for (unsigned i = 0; ok && i < gimple_num_ops (g); i++)
          {
            tree op = gimple_op (g, i);
            tree b = op && !is_gimple_call (g) ? get_base_address (op)
                                               : NULL_TREE;
            if (b && VAR_P (b) && is_global_var (b))
              ok = false;
          }
      });
      if (!ok)
        return false;
      for (cgraph_edge *e = f->callees; e; e = e->next_callee)
        work.safe_push (e->callee->ultimate_alias_target ());
    }
  return true;
}

/* Is `a` the address of a member of the object `self` points to
 * (`_5 = &this_2(D)->tasks`)? */
static bool
member_address (tree a, tree self)
{
  if (a && TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (a)))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  if (!a || TREE_CODE (a) != ADDR_EXPR)
    return false;
  tree b = get_base_address (TREE_OPERAND (a, 0));
  return b && TREE_CODE (b) == MEM_REF && TREE_OPERAND (b, 0) == self;
}

/* A constructor's exception cleanup (blocks only an EH edge reaches)
 * destroys the members it has built: `tasks.~queue ()` when a
 * `workers.emplace_back (...)` throws after threads have started.  A
 * thread that used the member then would use an object whose life is
 * ending (no fence repairs that), so when the destructor touches only
 * what it is given (touches_only_its_object), the call is quiet
 * (u->join_tails). */
static void
find_ctor_cleanups (wmm_unitinfo *u)
{
  for (wmm_unit &unit : u->units)
    {
      if (!unit.fn || !DECL_CXX_CONSTRUCTOR_P (unit.decl)
          || !DECL_ARGUMENTS (unit.decl))
        continue;
      function *fn = unit.fn;
      tree self = ssa_default_def (fn, DECL_ARGUMENTS (unit.decl));
      if (!self)
        continue;
      /* the blocks normal edges reach from the entry */
      auto_bitmap normal;
      auto_vec<basic_block> work;
      work.safe_push (ENTRY_BLOCK_PTR_FOR_FN (fn));
      while (!work.is_empty ())
        {
          basic_block b = work.pop ();
          if (!bitmap_set_bit (normal, b->index))
            continue;
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, b->succs)
            if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
              work.safe_push (e->dest);
        }
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        if (!bitmap_bit_p (normal, bb->index))
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            {
              gcall *c = dyn_cast<gcall *> (gsi_stmt (gsi));
              tree d = c ? gimple_call_fndecl (c) : NULL_TREE;
              if (!d || !DECL_CXX_DESTRUCTOR_P (d)
                  || gimple_call_num_args (c) < 1
                  || !member_address (gimple_call_arg (c, 0), self)
                  || !touches_only_its_object (u, d))
                continue;
              if (!u->join_tails)
                u->join_tails = new hash_set<gimple *>;
              u->join_tails->add (c);
            }
    }
}

/* Functions (static, or C++ inline code, address not taken) every call
 * of which is a quiet statement (u->join_tails: a helper's code before
 * its first create or after its joins, `tasks.~queue ()` in the pool's
 * destructor) run alone as a whole: their statements are quiet too. */
static void
close_quiet (wmm_unitinfo *u)
{
  if (!u->join_tails)
    return;
  hash_set<tree> done;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (wmm_unit &unit : u->units)
        {
          if (!unit.fn || unit.entry || unit.region || !unit.node
              || done.contains (unit.decl)
              || !wmm_calls_all_seen (unit.node))
            continue;
          bool ok = true, any = false;
          wmm_each_caller (unit.node, [&] (cgraph_edge *e) {
            any = true;
            ok &= e->call_stmt && u->join_tails->contains (e->call_stmt);
          });
          /* (and starts no thread) */
          wmm_each_stmt (unit.fn, [&] (gimple *g) { ok &= !may_start (u, g); });
          if (!ok || !any)
            continue;
          done.add (unit.decl);
          wmm_each_stmt (unit.fn, [&] (gimple *g) { u->join_tails->add (g); });
          changed = true;
        }
    }
}

bool
wmm_call_untracked (const wmm_unitinfo *u, gimple *stmt)
{
  if (jthread_end_alone (stmt))
    return false;
  if (wmm_std_future_wait (stmt))
    return false;
  if (u->starters && u->starters->contains (stmt)
      && !async_task_joinable (u, stmt))
    return true;
  wmm_handle h;
  const thread_summary *s = is_create (stmt) || wmm_vector_create (stmt, &h)
                            || async_task_joinable (u, stmt)
                            ? NULL : callee_summary (stmt);
  return s && s->untracked;
}
