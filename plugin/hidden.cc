/* hidden.cc — static objects (and main's locals) whose address never
 * leaves the unit's code.
 *
 * Code the unit cannot see (an unknown or indirect call) can reach a
 * static object only through its address, or by calling back a function
 * of the unit that touches it.  This file finds the first way: a static
 * (file-scope or function-scope, not TREE_PUBLIC, not extern) object is
 * *escaped* when its address, followed through SSA copies, PHIs, constant
 * offsets, conversions, `&p->field` and the parameters of the unit's own
 * functions (a create's thread argument: its routine's), is stored to
 * memory, returned, given to a callee the unit
 * has no body for (other than a library function that keeps no copy:
 * libfns.cc, locks, atomics), used by an asm, or named in a variable's
 * initialiser; the address of one member (not the first, of a record
 * declared in the unit's own file) that only library functions keep
 * escapes that member alone (wmm_escapes).  Dereferences and comparisons keep it hidden.  protect.cc
 * uses the answer: the stand-in access of an unknown call does not touch
 * a hidden object (callbacks into the unit are its own code units).
 *
 * Example:  static thread *threads;  ...  thread **prior = &threads;
 *   while ((m = *prior) != NULL) prior = &m->next;  *prior = m->next;
 *   `threads` stays hidden: its address only reaches dereferences (through
 *   a PHI with &m->next).  `register_list (&threads)` with an external
 *   register_list escapes it.
 */
#include "plugin.h"

namespace {

/* Does tree t contain v: anywhere (deref true), or as a value only, not
 * as the base of a dereference (MEM_REF operand, `&v->f`)? */
bool
contains (tree t, tree v, bool deref)
{
  if (t == v)
    return true;
  if (t && TREE_CODE (t) == CONSTRUCTOR)
    {
      unsigned i;
      tree e;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, e)
        if (contains (e, v, deref))
          return true;
      return false;
    }
  if (!t || !EXPR_P (t))
    return false;
  if (!deref && (TREE_CODE (t) == MEM_REF || TREE_CODE (t) == TARGET_MEM_REF))
    return false;
  for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
    if (contains (TREE_OPERAND (t, k), v, deref))
      return true;
  return false;
}

bool holds (tree t, tree v) { return contains (t, v, false); }
bool mentions (tree t, tree v) { return contains (t, v, true); }

struct walker {
  hash_set<tree> seen;   /* SSA names already followed */
  hash_set<tree> *params;   /* parameters the address reaches (or NULL) */
  int budget = 4096;     /* SSA names followed in all, then "escapes" */
  bool to_library = false;  /* a library function (a builtin or one
                               declared in a system header) keeps a copy:
                               it reaches the bytes pointed to, but does
                               not step back from a member to its
                               container as another unit's code may */
};

bool value_stays (walker *w, tree v, int depth);

/* May argument `a` of `call`, which carries the address, be kept by the
 * callee beyond the call? */
bool
arg_escapes (walker *w, gcall *call, unsigned a, int depth)
{
  if (gimple_call_internal_p (call))
    return true;
  tree fn = gimple_call_fndecl (call);
  if (!fn)
    return true;
  if (wmm_lock_call_keeps_no_copy (call, a) || wmm_atomic_builtin_call (fn))
    return false;
  /* a create's thread argument goes to its start routine's parameter,
     when the routine is the unit's */
  tree routine;
  if (wmm_is_thread_create (call, &routine) && routine
      && (int) a == wmm_thread_arg_index (call))
    {
      fn = routine;
      a = 0;
    }
  const char *name = DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn))
                                    : NULL;
  cgraph_node *node = cgraph_node::get (fn);
  /* A body another definition may replace at link or load time (ELF
     interposition with -fPIC) is no body. */
  function *body = wmm_binding_body (node);
  if (!body)
    {
      tree lhs = gimple_call_lhs (call);
      /* memcpy & co return their first argument: that copy must not be
         used. */
      if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs))
          && !(TREE_CODE (lhs) == SSA_NAME && has_zero_uses (lhs)))
        return true;
      if (name && wmm_lib_keeps_no_copy_at (name, a, call))
        return false;
      if (!DECL_IN_SYSTEM_HEADER (fn) && !fndecl_built_in_p (fn))
        return true;
      w->to_library = true;   /* (and the other uses are followed) */
      return false;
    }
  if (!body->cfg || !gimple_in_ssa_p (body) || stdarg_p (TREE_TYPE (fn)))
    return true;
  tree p = DECL_ARGUMENTS (fn);
  for (unsigned k = 0; p && k < a; k++)
    p = DECL_CHAIN (p);
  if (!p)
    return true;
  if (TREE_ADDRESSABLE (p))
    return true;
  if (w->params)
    w->params->add (p);
  tree d = ssa_default_def (body, p);
  return d && !value_stays (w, d, depth + 1);
}

/* Where the address reaches statement s as v (an SSA name holding it, or
 * the ADDR_EXPR itself), may it leave the unit's code?  What s derives
 * from it (a PHI's result, q = v + 4) is followed further. */
bool
use_escapes (walker *w, gimple *s, tree v, int depth)
{
  if (is_gimple_debug (s) || gimple_code (s) == GIMPLE_COND)
    return false;
  if (gphi *phi = dyn_cast<gphi *> (s))
    return !value_stays (w, gimple_phi_result (phi), depth);
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      if (gimple_call_fn (call) && mentions (gimple_call_fn (call), v))
        return true;
      if (gimple_call_lhs (call) && holds (gimple_call_lhs (call), v))
        return true;
      for (unsigned a = 0; a < gimple_call_num_args (call); a++)
        {
          tree arg = gimple_call_arg (call, a);
          if (!mentions (arg, v))
            continue;
          /* A dereference read from memory (an aggregate argument)
             passes a value, not the address. */
          if (!holds (arg, v)
              && !(TREE_CODE (arg) == ADDR_EXPR
                   && mentions (TREE_OPERAND (arg, 0), v)))
            continue;
          if (arg_escapes (w, call, a, depth))
            return true;
        }
      return false;
    }
  gassign *as = dyn_cast<gassign *> (s);
  if (!as)
    return true;   /* return, asm, switch on a pointer, ... */
  tree lhs = gimple_assign_lhs (as);
  enum tree_code code = gimple_assign_rhs_code (as);
  if (TREE_CODE_CLASS (code) == tcc_comparison)
    return false;
  bool in_value = false;
  for (unsigned k = 1; k < gimple_num_ops (as); k++)
    if (holds (gimple_op (as, k), v)
        || (TREE_CODE (gimple_op (as, k)) == ADDR_EXPR
            && mentions (TREE_OPERAND (gimple_op (as, k), 0), v)))
      in_value = true;
  if (holds (lhs, v))
    return true;
  if (!in_value)
    return false;   /* only dereferenced here */
  /* q = v, q = v + k, q = (T *) v, q = &v->f: follow q. */
  bool derives = code == SSA_NAME || code == ADDR_EXPR
                 || code == POINTER_PLUS_EXPR || CONVERT_EXPR_CODE_P (code);
  if (code == POINTER_PLUS_EXPR && holds (gimple_assign_rhs2 (as), v))
    derives = false;
  return !derives || TREE_CODE (lhs) != SSA_NAME
         || !POINTER_TYPE_P (TREE_TYPE (lhs))
         || !value_stays (w, lhs, depth);
}

/* Is the pointer value v (an SSA name) only dereferenced, compared,
 * derived into values that are, and passed where no copy is kept? */
bool
value_stays (walker *w, tree v, int depth)
{
  if (depth > 16 || --w->budget < 0)
    return false;
  if (w->seen.add (v))
    return true;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, v)
    if (use_escapes (w, USE_STMT (use), v, depth))
      return false;
  return true;
}

/* A static object of the unit that may be hidden at all. */
bool
candidate (tree b)
{
  if (!b || !VAR_P (b) || DECL_THREAD_LOCAL_P (b))
    return false;
  if (TREE_STATIC (b))
    return !TREE_PUBLIC (b) && !DECL_EXTERNAL (b);
  /* one object, which unknown code reaches only through its address */
  return wmm_main_local (b);
}

struct addr_ctx {
  wmm_escapes *escaped;
  hash_set<tree> *params;
  gimple *stmt;
};

/* The address &op of a part of candidate object b leaves the unit's code:
 * which bits of b may code outside reach through it?  Pointer arithmetic
 * stays inside the member pointed to (C11 6.5.6p8), an array's element
 * stands for the array and a first member for the object holding it
 * (6.7.2.1p15: the pointers convert), so climb those; a member of a record
 * declared outside the unit's main file may be taken back to its
 * container by code that names the type (container_of): all of b then, as
 * for a base-class subobject.  False: all of b. */
bool
member_range (tree op, tree b, HOST_WIDE_INT *pos, HOST_WIDE_INT *size)
{
  tree r = op;
  for (;;)
    {
      while (TREE_CODE (r) == ARRAY_REF || TREE_CODE (r) == ARRAY_RANGE_REF)
        r = TREE_OPERAND (r, 0);
      if (TREE_CODE (r) != COMPONENT_REF)
        break;
      tree field = TREE_OPERAND (r, 1);
      tree rec = TREE_TYPE (TREE_OPERAND (r, 0));
      if (TREE_CODE (rec) != RECORD_TYPE || DECL_ARTIFICIAL (field)
          || DECL_BIT_FIELD (field) || !wmm_record_of_main_file (rec, b))
        return false;
      if (!integer_zerop (DECL_FIELD_OFFSET (field))
          || !integer_zerop (DECL_FIELD_BIT_OFFSET (field)))
        break;
      r = TREE_OPERAND (r, 0);
    }
  if (TREE_CODE (r) != COMPONENT_REF)
    return false;
  poly_int64 bpos, bsize, bmax;
  bool reverse;
  tree base = get_ref_base_and_extent (r, &bpos, &bsize, &bmax, &reverse);
  HOST_WIDE_INT p, sz, mx;
  if (base != b || !bpos.is_constant (&p) || !bsize.is_constant (&sz)
      || !bmax.is_constant (&mx) || sz != mx || sz <= 0)
    return false;
  *pos = p;
  *size = sz;
  return true;
}

/* walk_tree callback: an address of a candidate object in ctx->stmt. */
tree
note_addr (tree *t, int *walk_subtrees, void *data)
{
  addr_ctx *ctx = (addr_ctx *) data;
  if (TREE_CODE (*t) == MEM_REF || TREE_CODE (*t) == TARGET_MEM_REF)
    {
      /* MEM[&x + 4] is an access of x, not its address taken; look only
         into the offset operands. */
      for (int k = 1; k < TREE_OPERAND_LENGTH (*t); k++)
        walk_tree_without_duplicates (&TREE_OPERAND (*t, k), note_addr, data);
      tree base = TREE_OPERAND (*t, 0);
      if (TREE_CODE (base) != ADDR_EXPR)
        walk_tree_without_duplicates (&TREE_OPERAND (*t, 0), note_addr, data);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*t) != ADDR_EXPR)
    return NULL_TREE;
  tree b = get_base_address (TREE_OPERAND (*t, 0));
  if (!candidate (b) || ctx->escaped->whole.contains (b))
    return NULL_TREE;
  walker w;
  w.params = ctx->params;
  bool out = use_escapes (&w, ctx->stmt, *t, 0);
  if (!out && !w.to_library)
    return NULL_TREE;
  ctx->escaped->any.add (b);
  HOST_WIDE_INT pos, size;
  if (!out && member_range (TREE_OPERAND (*t, 0), b, &pos, &size))
    ctx->escaped->members.safe_push (std::make_pair (b,
                                                     std::make_pair (pos, size)));
  else
    ctx->escaped->whole.add (b);
  return NULL_TREE;
}


/* walk_tree callback: a static object named in the code. */
tree
note_static (tree *t, int *, void *data)
{
  if (VAR_P (*t) && TREE_STATIC (*t) && !TREE_PUBLIC (*t))
    ((hash_set<tree> *) data)->add (*t);
  return NULL_TREE;
}

} // anon namespace

bool
wmm_main_local (tree b)
{
  if (!VAR_P (b) || is_global_var (b))
    return false;
  tree ctx = DECL_CONTEXT (b);
  cgraph_node *n = ctx && TREE_CODE (ctx) == FUNCTION_DECL
                   ? cgraph_node::get (ctx) : NULL;
  return n && MAIN_NAME_P (DECL_NAME (ctx)) && !n->callers
         && !n->address_taken;
}

bool
wmm_called_back_by_name (cgraph_node *node)
{
  /* main is never called again (entries.cc makes the same assumption:
     it runs once). */
  if (DECL_NAME (node->decl) && MAIN_NAME_P (DECL_NAME (node->decl)))
    return false;
  /* In a unit with main that calls no code it cannot see but libraries
     that start no thread and call nothing back, no code of another unit
     runs beside its threads to call it (claims.cc and entries.cc make the
     same assumption). */
  return (TREE_PUBLIC (node->decl) || node->externally_visible)
         && wmm_foreign_code_may_run ();
}

bool
wmm_address_given_away (cgraph_node *node)
{
  ipa_ref *ref;
  for (unsigned i = 0; node->iterate_referring (i, ref); i++)
    {
      tree fn;
      if (ref->use != IPA_REF_ADDR)
        continue;
      /* Only a thread start routine: it runs as its own entry; or a
         static object's destructor run at exit. */
      if (ref->stmt
          && wmm_exit_dtor_of (ref->stmt) == wmm_alias_target (node->decl))
        continue;
      if (!ref->stmt || !is_a<cgraph_node *> (ref->referring)
          || !wmm_is_thread_create (ref->stmt, &fn) || fn != node->decl)
        return true;
    }
  return false;
}

bool
wmm_called_from_outside (wmm_unitinfo *u, cgraph_node *node)
{
  bool *e = u && u->fn_escapes ? u->fn_escapes->get (node->decl) : NULL;
  return e ? *e : wmm_address_given_away (node);
}

bool
wmm_vague_linkage (cgraph_node *n)
{
  return DECL_COMDAT (n->decl) && !wmm_address_given_away (n);
}

void
wmm_callback_statics (wmm_unitinfo *u, const vec<bool> *runs,
                      hash_set<tree> *out)
{
  auto_vec<cgraph_node *> work;
  hash_set<cgraph_node *> seen;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (wmm_called_back_by_name (node) || wmm_called_from_outside (u, node))
      if (!seen.add (node))
        work.safe_push (node);
  while (!work.is_empty ())
    {
      cgraph_node *n = work.pop ();
      int k = wmm_unit_of (u, n->decl);
      if (runs && k >= 0 && u->units[k].thread >= 0
          && (*runs)[u->units[k].thread])
        continue;
      function *fn = wmm_analysable_body (n);
      if (!fn)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        for (unsigned o = 0; o < gimple_num_ops (s); o++)
          if (gimple_op (s, o))
            walk_tree_without_duplicates (gimple_op_ptr (s, o), note_static,
                                          out);
      });
      for (cgraph_edge *e = n->callees; e; e = e->next_callee)
        if (!seen.add (e->callee))
          work.safe_push (e->callee);
    }
}

void
wmm_find_escaped_statics (wmm_escapes *escaped, hash_set<tree> *params)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn || !fn->cfg)
        continue;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
             gsi_next (&pi))
          for (unsigned a = 0; a < gimple_phi_num_args (pi.phi ()); a++)
            {
              tree arg = gimple_phi_arg_def (pi.phi (), a);
              addr_ctx ctx = { escaped, params, pi.phi () };
              if (TREE_CODE (arg) == ADDR_EXPR)
                walk_tree_without_duplicates (&arg, note_addr, &ctx);
            }
      wmm_each_stmt (fn, [&] (gimple *s) {
        addr_ctx ctx = { escaped, params, s };
        for (unsigned k = 0; k < gimple_num_ops (s); k++)
          if (gimple_op (s, k))
            walk_tree_without_duplicates (gimple_op_ptr (s, k), note_addr,
                                          &ctx);
      });
    }
  /* Addresses in initialisers (tables of pointers) and aliases. */
  varpool_node *v;
  FOR_EACH_VARIABLE (v)
    {
      ipa_ref *ref;
      for (unsigned i = 0; v->iterate_reference (i, ref); i++)
        if (ref->use == IPA_REF_ADDR && VAR_P (ref->referred->decl))
          {
            escaped->any.add (ref->referred->decl);
            escaped->whole.add (ref->referred->decl);
          }
      if (v->alias || v->transparent_alias)
        {
          escaped->any.add (v->decl);
          escaped->whole.add (v->decl);
        }
    }
}

bool
wmm_static_part_hidden (wmm_escapes &escaped, tree decl,
                        HOST_WIDE_INT pos, HOST_WIDE_INT size)
{
  if (!candidate (decl) || lookup_attribute ("used", DECL_ATTRIBUTES (decl)))
    return false;
  if (!escaped.any.contains (decl))
    return true;
  if (escaped.whole.contains (decl) || pos < 0)
    return false;
  for (const auto &m : escaped.members)
    if (m.first == decl && pos < m.second.first + m.second.second
        && m.second.first < pos + size)
      return false;
  return true;
}

/* The main source file of the translation unit decl belongs to (with
 * -flto: the unit it came from), NULL when not known. */
static const char *
unit_file_of (tree decl)
{
  for (tree c = decl; c; c = DECL_P (c) ? DECL_CONTEXT (c)
                             : TYPE_P (c) ? TYPE_CONTEXT (c) : NULL_TREE)
    if (TREE_CODE (c) == TRANSLATION_UNIT_DECL)
      return DECL_NAME (c) ? IDENTIFIER_POINTER (DECL_NAME (c)) : NULL;
  return in_lto_p ? NULL : main_input_filename;
}

bool
wmm_record_of_main_file (tree rec, tree obj)
{
  rec = TYPE_MAIN_VARIANT (rec);
  tree stub = TYPE_STUB_DECL (rec);
  /* -flto streams no declaration of a type: a record with no name at all
     (no tag, no typedef) of the object's own unit, which no library's
     code can name either */
  if (in_lto_p && !stub)
    return obj && !TYPE_NAME (rec) && unit_file_of (obj)
           && unit_file_of (obj) == unit_file_of (rec);
  const char *file = obj ? unit_file_of (obj) : in_lto_p ? NULL
                                                         : main_input_filename;
  return stub && file && !DECL_IN_SYSTEM_HEADER (stub)
         && !strcmp (DECL_SOURCE_FILE (stub), file);
}

/* Is every value the pointer ptr may hold obtained from memory, from a
 * call, or from a parameter no address of a static object reaches (the
 * roots of its copies, offsets, conversions and PHIs)?  Such a pointer
 * never points to a hidden object: its address was never stored, returned
 * nor passed there. */
static bool
from_outside (tree ptr, hash_set<tree> *params, hash_set<tree> *seen,
              int depth)
{
  if (TREE_CODE (ptr) == INTEGER_CST)
    return true;
  if (TREE_CODE (ptr) != SSA_NAME || depth > 32)
    return false;
  if (seen->add (ptr))
    return true;
  if (SSA_NAME_IS_DEFAULT_DEF (ptr))
    /* A parameter: only those the unit passes an address to may hold
       one (code outside cannot name the object). */
    return SSA_NAME_VAR (ptr) && TREE_CODE (SSA_NAME_VAR (ptr)) == PARM_DECL
           && !(params && params->contains (SSA_NAME_VAR (ptr)));
  gimple *d = SSA_NAME_DEF_STMT (ptr);
  if (is_gimple_call (d))
    return true;
  if (gphi *phi = dyn_cast<gphi *> (d))
    {
      for (unsigned a = 0; a < gimple_phi_num_args (phi); a++)
        if (!from_outside (gimple_phi_arg_def (phi, a), params, seen,
                          depth + 1))
          return false;
      return true;
    }
  gassign *as = dyn_cast<gassign *> (d);
  if (!as)
    return false;
  enum tree_code code = gimple_assign_rhs_code (as);
  tree rhs = gimple_assign_rhs1 (as);
  if (code == SSA_NAME || code == POINTER_PLUS_EXPR
      || CONVERT_EXPR_CODE_P (code))
    return from_outside (rhs, params, seen, depth + 1);
  /* A load: memory never holds a hidden object's address. */
  return gimple_assign_single_p (as) && TREE_CODE (rhs) != ADDR_EXPR
         && !CONSTANT_CLASS_P (rhs) && REFERENCE_CLASS_P (rhs);
}

bool
wmm_ref_never_hidden (tree ref, hash_set<tree> *params)
{
  tree b = ref ? get_base_address (ref) : NULL_TREE;
  if (!b || (TREE_CODE (b) != MEM_REF && TREE_CODE (b) != TARGET_MEM_REF))
    return false;
  hash_set<tree> seen;
  return from_outside (TREE_OPERAND (b, 0), params, &seen, 0);
}
