/* collect.cc — turn the GIMPLE of the code units into the core's program IR.
 *
 * Each function becomes one wmm_thread; its blocks are laid out in reverse
 * post-order; every statement that touches shared memory, fences, locks or
 * calls becomes one or more instructions, and the block ends become
 * BRANCH (nondeterministic) / JUMP glue so that the instruction array is the
 * control-flow graph.  Next to each instruction we keep its wmm_site (the
 * statement, block or edge it stands for) so that a fence placed "before
 * instruction i" can be put back into GIMPLE.
 *
 * Example:  void *P0(void *a) { x = 1; r0 = y; return 0; }   (power)
 *   code unit P0:  0: W x   1: R y          (sites: the two assignments)
 *   and for an acquire load of f:  R f (into r); CMP r,r; BEQ +1; isync
 *   (GCC's ld; cmp; bne; isync on Power).
 *
 * Atomics are expanded to what GCC 12 emits for the model's architecture
 * (docs/plugin.md, "Atomics"), so that the analysis credits exactly the
 * ordering the binary has.
 */
#include "plugin.h"
#include "handles.h"

namespace {

/* Calls to small functions of the unit are collected in place, for their
 * call site, -fplugin-arg-wmmfence-inline-depth deep at most. */
const int MAX_INLINE_DEPTH = WMM_MAX_INLINE_DEPTH;
/* "Small": at most this many statements. */
const int MAX_INLINE_STMTS = 40;

/* Where a scalar value comes from, for value guards: the LOAD at index
 * idx; for a call whose callee was collected at this call site, `ret` is
 * the value the callee returns, computed from its load statement `load`
 * (NULL for a load statement of the function itself). */
struct load_src
{
  int idx;
  tree ret;
  gimple *load;
};

/* State while one function is collected. */
struct collector {
  wmm_unitinfo *u;
  wmm_unit *unit;
  wmm_thread *t;
  wmm_model model;
  gimple *stmt;
  basic_block bb;
  double freq;
  wmm_pos pos;
  int group_first;
  int reg_unknown;
  int reg_tmp;
  int dep_dst;               /* deps=addr: the register the next load
                                writes (a dependency source), or -1 */
  int dep_base;              /* deps=addr: the register the next access's
                                unknown address is computed from, or -1 */
  unsigned long long held;   /* locks held before the current statement */
  wmm_locks *locks;          /* the function's must-held locks */
  function *fn;              /* the function being collected */
  double scale;              /* frequency of the call it is inlined for */
  tree inlined[MAX_INLINE_DEPTH];   /* callees collected for one call */
  gcall *sites[MAX_INLINE_DEPTH];   /* and the calls they are collected for */
  int depth;
  bool thread_lib;           /* in std::thread's own code (thread_lib_fn) */
  bool blind;                /* the RMW being added is a statement whose
                                old value is used nowhere (WMM_ACC_BLIND) */
  hash_map<gimple *, load_src> *loads;  /* the function's scalar loads
                                           and inlined calls returning one
                                           so far (value guards) */
  load_src ret_src;          /* what the function just collected returns */
  bool has_ret_src;
  struct addr_key_ent { char *form; HOST_WIDE_INT mo, o, size; } *keys;
  int nkeys, cap_keys;       /* the address keys given so far (addr_key) */
};

/* Is `stmt` std::thread's own code (thread_lib_fn), not the callable's
 * that GCC inlined into it (at the link step of -flto)? */
bool
thread_lib_stmt (collector *c, gimple *stmt)
{
  return c->thread_lib
         && wmm_thread_side_fn (wmm_stmt_origin (stmt, c->fn->decl));
}

/* Is `stmt` libstdc++'s waiting machinery's own (wmm_wait_lib_fn: its
 * pool, spins and futex calls), not a predicate it calls?  Its accesses
 * are skipped, its calls of other code followed. */
static bool
wait_lib_stmt (collector *c, gimple *stmt)
{
  return wmm_wait_lib_fn (wmm_stmt_origin (stmt, c->fn->decl));
}

/* Instruction template with the current statement's position. */
wmm_instr
make (collector *c, wmm_opkind op)
{
  wmm_instr in = wmm_instr_init (op);
  in.pos = c->pos;
  in.freq = c->freq;
  return in;
}

/* Where site s's code is collected: the callee, for which of the unit's
 * calls, how deep. */
static void
set_context (const collector *c, wmm_site *s)
{
  s->fn = c->fn != c->unit->fn ? c->fn : NULL;
  s->call = c->depth > 0 ? c->sites[0] : NULL;
  s->call_depth = c->depth;
  s->via = c->depth > 0 ? c->sites[c->depth - 1] : NULL;
}

/* Append an instruction with a statement site. */
int
add (collector *c, wmm_instr *in, int operand, char *name)
{
  if (wmm_instr_is_access (in))
    {
      /* deps=addr (deps.cc): the pointer a load reads, the pointer an
         unknown address is computed from */
      if (c->dep_dst >= 0 && wmm_instr_reads (in) && in->dst < 0)
        in->dst = c->dep_dst;
      if (c->dep_base >= 0 && in->addr.loc_hint < 0
          && in->addr.base.kind == WMM_OPND_NONE)
        {
          in->addr.base.kind = WMM_OPND_REG;
          in->addr.base.reg = c->dep_base;
        }
    }
  int idx = wmm_thread_append (c->t, in);
  if (idx < 0)
    {
      free (name);
      return -1;
    }
  wmm_site s;
  memset (&s, 0, sizeof s);
  s.kind = WMM_SITE_STMT;
  s.stmt = c->stmt;
  s.bb = c->bb;
  s.first = c->group_first;
  s.last = idx;
  s.operand = operand;
  s.name = name;
  s.loc = c->stmt ? gimple_location (c->stmt) : UNKNOWN_LOCATION;
  s.held = c->held;
  set_context (c, &s);
  c->unit->sites.safe_push (s);
  /* Every member of the group knows the group's last index. */
  for (int k = c->group_first; k < idx; k++)
    c->unit->sites[k].last = idx;
  return idx;
}

int
unknown_reg (collector *c)
{
  if (c->reg_unknown < 0)
    c->reg_unknown = wmm_thread_reg (c->t, "_");
  return c->reg_unknown;
}

/* The constant val is at this point, in the callees collected for their
 * call sites (level: how many of c->inlined enclose it): a parameter is
 * the argument its call site gives, through copies and conversions; NULL
 * when it is no constant.  Example: `stop.store (true)` stores 1 in
 * std::atomic<bool>'s store (its `__i`). */
tree
constant_at_site (collector *c, tree val, int level, int depth = 0)
{
  if (!val || depth > 16)
    return NULL_TREE;
  if (TREE_CODE (val) == INTEGER_CST)
    return val;
  if (TREE_CODE (val) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (val)))
    return NULL_TREE;
  tree var = SSA_NAME_VAR (val), inner;
  if (SSA_NAME_IS_DEFAULT_DEF (val) && var && TREE_CODE (var) == PARM_DECL)
    {
      if (level <= 0 || DECL_CONTEXT (var) != c->inlined[level - 1])
        return NULL_TREE;
      int i = wmm_param_index (c->inlined[level - 1], var);
      gcall *site = c->sites[level - 1];
      if (i < 0 || i >= (int) gimple_call_num_args (site))
        return NULL_TREE;
      inner = constant_at_site (c, gimple_call_arg (site, i), level - 1,
                                depth + 1);
    }
  else
    {
      gimple *d = SSA_NAME_DEF_STMT (val);
      if (!is_gimple_assign (d)
          || !(gimple_assign_single_p (d)
               || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d))))
        return NULL_TREE;
      inner = constant_at_site (c, gimple_assign_rhs1 (d), level, depth + 1);
    }
  return inner ? fold_convert (TREE_TYPE (val), inner) : NULL_TREE;
}

/* Is the pointer `val` that the current statement stores never null: the
 * address of a declared object that is not weak, or a name whose value
 * (through copies) a statement before the store on every path has
 * dereferenced (GCC's own assumption under -fdelete-null-pointer-checks)
 * or tested non-null?  Example: `c = malloc (...); c->size = 64; ...
 * instance = c;` stores a non-null pointer (value guards, guards.h). */
static bool
nonzero_pointer (collector *c, tree val)
{
  if (!val || !POINTER_TYPE_P (TREE_TYPE (val)) || !c->stmt || !c->fn)
    return false;
  if (TREE_CODE (val) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (val, 0));
      return base && DECL_P (base) && !DECL_WEAK (base);
    }
  if (TREE_CODE (val) != SSA_NAME)
    return false;
  /* the names holding the same value: its first name (through copies
     and conversions), then every copy or conversion of that which loses
     no bits (a value that went through a narrower integer is not one) */
  tree root = wmm_pointer_root (val);
  if (!root)
    return false;
  auto_vec<tree, 8> names;
  names.safe_push (root);
  for (unsigned i = 0; i < names.length () && names.length () < 32; i++)
    wmm_each_use (names[i], [&] (gimple *u) {
      tree l = is_gimple_assign (u) ? gimple_assign_lhs (u) : NULL_TREE;
      if (l && TREE_CODE (l) == SSA_NAME && gimple_assign_rhs1 (u) == names[i]
          && (gimple_assign_ssa_name_copy_p (u)
              || (CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (u))
                  && TYPE_PRECISION (TREE_TYPE (l))
                     >= TYPE_PRECISION (TREE_TYPE (names[i]))))
          && !names.contains (l))
        names.safe_push (l);
      return true;
    });
  if (!names.contains (val))
    return false;
  /* The uses that may prove it: a dereference (for the statement before
     the store), a test against null (for its non-null edge); dominators
     only when there is one. */
  auto_vec<std::pair<gimple *, edge>, 4> proofs;
  for (tree n : names)
    wmm_each_use (n, [&] (gimple *u) {
      if (flag_delete_null_pointer_checks
          && infer_nonnull_range_by_dereference (u, n))
        proofs.safe_push (std::make_pair (u, (edge) NULL));
      gcond *cond = dyn_cast<gcond *> (u);
      if (cond && gimple_cond_lhs (cond) == n
          && integer_zerop (gimple_cond_rhs (cond))
          && (gimple_cond_code (cond) == EQ_EXPR
              || gimple_cond_code (cond) == NE_EXPR))
        {
          edge t, f;
          extract_true_false_edges_from_block (gimple_bb (cond), &t, &f);
          edge nn = gimple_cond_code (cond) == NE_EXPR ? t : f;
          if (single_pred_p (nn->dest))
            proofs.safe_push (std::make_pair (u, nn));
        }
      return true;
    });
  if (proofs.is_empty ())
    return false;
  gimple *store = c->stmt;
  return wmm_with_dominators (c->fn, [&] () {
    for (auto &pf : proofs)
      if (pf.second ? dominated_by_p (CDI_DOMINATORS, gimple_bb (store),
                                      pf.second->dest)
                    : wmm_stmt_dominates (pf.first, store))
        return true;
    return false;
  });
}

/* The value operand of a store. */
wmm_operand
value_operand (collector *c, tree val)
{
  wmm_operand o;
  memset (&o, 0, sizeof o);
  if (val && TREE_CODE (val) == SSA_NAME)
    {
      tree k = constant_at_site (c, val, c->depth);
      if (k && TREE_CODE (k) == INTEGER_CST)
        val = k;
    }
  if (val && TREE_CODE (val) == INTEGER_CST && tree_fits_shwi_p (val))
    {
      o.kind = WMM_OPND_IMM;
      o.imm = tree_to_shwi (val);
    }
  else
    {
      o.kind = WMM_OPND_REG;
      o.reg = unknown_reg (c);
    }
  return o;
}

/* Store instruction in's value operand: val, marked never zero when it
 * is a pointer known to be non-null (value guards). */
static void
store_value (collector *c, wmm_instr *in, tree val)
{
  in->a = value_operand (c, val);
  if (in->a.kind == WMM_OPND_REG && nonzero_pointer (c, val))
    in->flags |= WMM_ACC_NONZERO;
}

void
set_addr (wmm_instr *in, int loc, int width)
{
  in->addr.loc_hint = loc;
  if (loc >= 0)
    {
      in->addr.base.kind = WMM_OPND_IMM;
      in->addr.base.imm = wmm_loc_addr (loc);
    }
  if (width > 0)
    in->width = width;
}

/* The full fence of the model. */
wmm_fence
full_fence (wmm_model m)
{
  return wmm_full_fence (m);
}

/* What a call of a synchronising library function `name` (a mutex's
 * lock or unlock, a semaphore, a barrier, a thread's creation or join,
 * OpenMP's flushes) orders by itself.  x86's locked instructions and
 * ARMv7's dmb are full fences.  On Power and ARMv8 glibc and libgomp
 * take and release with acquire / release atomics (lwarx/stwcx. + isync,
 * lwsync + stwcx.; ldaxr / stlr), which do not order a store before the
 * call with a load after it; by default (locks=full) the plugin still
 * takes them as full fences, with locks=acqrel as what they are: a
 * release (an unlock, sem_post, the end of an OpenMP critical section)
 * is Power's lwsync, anything else only a compiler barrier.  (What a
 * critical section orders, protect.cc credits to the accesses its lock
 * protects.)
 * Example: locks=acqrel, power, "pthread_mutex_unlock" -> lwsync. */
wmm_fence
sync_call_fence (const collector *c, const char *name)
{
  wmm_model m = c->model;
  if (!c->u->opts->locks_acqrel
      || (m != WMM_MODEL_POWER && m != WMM_MODEL_ARMV8))
    return full_fence (m);
  size_t n = name ? strlen (name) : 0;
  if (m == WMM_MODEL_POWER
      && ((n >= 6 && !strcmp (name + n - 6, "unlock"))
          || !strcmp (name, "sem_post") || !strcmp (name, "GOMP_critical_end")
          || !strcmp (name, "GOMP_critical_name_end")
          || !strcmp (name, "GOMP_atomic_end")))
    return WMM_FENCE_LWSYNC;
  return WMM_FENCE_COMPILER;
}

void
add_fence (collector *c, wmm_fence f, unsigned flags = 0)
{
  wmm_instr in = make (c, WMM_OP_FENCE);
  in.fence = f;
  in.flags = flags;
  add (c, &in, -1, NULL);
}

/* A fence the target's mapping of a C11 order puts beside an atomic; one
 * for an order weaker than seq_cst is marked (WMM_ACC_ORDER_FENCE: x86,
 * a reference model, has no fence there). */
void
add_order_fence (collector *c, wmm_fence f, bool sc)
{
  add_fence (c, f, sc ? 0 : WMM_ACC_ORDER_FENCE);
}

/* Power's ctrl+isync after a load into register r: cmp r,r; beq .+1; isync */
void
add_ctrl_isync (collector *c, int reg)
{
  wmm_instr cmp = make (c, WMM_OP_CMP);
  cmp.a.kind = cmp.b.kind = WMM_OPND_REG;
  cmp.a.reg = cmp.b.reg = reg;
  add (c, &cmp, -1, NULL);
  wmm_instr br = make (c, WMM_OP_BRANCH);
  br.cond = WMM_COND_EQ;
  br.target = c->t->ncode + 1;
  add (c, &br, -1, NULL);
  add_fence (c, WMM_FENCE_ISYNC);
}

enum access_kind { ACC_LOAD, ACC_STORE, ACC_RMW };

/* An atomic access with memory order `mo`, expanded as GCC 12 emits it for
 * the model's architecture. */
void
add_atomic (collector *c, access_kind k, enum memmodel mo, int loc,
            char *name, int width, wmm_operand val, wmm_alu alu)
{
  bool sc = is_mm_seq_cst (mo);
  bool acq = sc || is_mm_acquire (mo) || is_mm_acq_rel (mo) || is_mm_consume (mo);
  bool rel = sc || is_mm_release (mo) || is_mm_acq_rel (mo);
  if (k == ACC_LOAD)
    rel = false;
  if (k == ACC_STORE)
    acq = false;
  wmm_opkind op = k == ACC_LOAD ? WMM_OP_LOAD
                  : k == ACC_STORE ? WMM_OP_STORE : WMM_OP_RMW;
  wmm_instr in = make (c, op);
  set_addr (&in, loc, width);
  if (k != ACC_LOAD)
    in.a = val;
  in.alu = alu;
  if (k == ACC_RMW && c->blind)
    in.flags |= WMM_ACC_BLIND;
  if (sc)
    in.flags |= WMM_ACC_SEQCST;
  wmm_model m = c->model;
  wmm_fence full = full_fence (m);
  switch (m)
    {
    case WMM_MODEL_POWER:
      if (k == ACC_LOAD ? sc : rel)
        add_order_fence (c, sc ? WMM_FENCE_SYNC : WMM_FENCE_LWSYNC, sc);
      if (acq)
        {
          if (c->reg_tmp < 0)
            c->reg_tmp = wmm_thread_reg (c->t, "r");
          in.dst = c->dep_dst >= 0 && k == ACC_LOAD ? c->dep_dst : c->reg_tmp;
        }
      add (c, &in, k == ACC_LOAD ? 1 : 0, name);
      if (acq)
        add_ctrl_isync (c, in.dst);
      return;
    case WMM_MODEL_ARMV7:
      if (rel)
        add_order_fence (c, WMM_FENCE_DMB, sc);
      add (c, &in, -1, name);
      if (acq || (k == ACC_STORE && sc))
        add_order_fence (c, WMM_FENCE_DMB, sc);
      return;
    case WMM_MODEL_ARMV8:
      if (acq)
        in.flags |= WMM_ACC_ACQUIRE;
      if (rel)
        in.flags |= WMM_ACC_RELEASE;
      add (c, &in, -1, name);
      return;
    case WMM_MODEL_TSO:
    case WMM_MODEL_SC:
      if (k == ACC_RMW)
        in.flags |= WMM_ACC_ATOMIC;
      add (c, &in, -1, name);
      if (k == ACC_STORE && sc)
        add_fence (c, full);
      return;
    default:   /* pso, rmo: C11's leading/trailing full fences */
      if (k == ACC_RMW)
        in.flags |= WMM_ACC_ATOMIC;
      if (rel || (k == ACC_LOAD && sc))
        add_order_fence (c, full, sc);
      add (c, &in, -1, name);
      if (acq || (k == ACC_STORE && sc))
        add_order_fence (c, full, sc);
      return;
    }
}

/* Memory that no declaration of the unit names (heap, other units' data,
 * objects reached through parameters) exists too: unknown addresses may
 * touch it, and two unknown accesses may touch two different such words.
 * The analysis maps an unknown address to every location (or to those of
 * its alias set, which always holds these: tbaa.cc), so the program gets
 * ANON_LOCATIONS of them: enough for every critical cycle of at most four
 * threads to go through memory only pointers reach. */
const int ANON_LOCATIONS = 4;

/* Location index of anonymous word k (0-based), created when new. */
int
anonymous_location (wmm_unitinfo *u, int k)
{
  char name[32];
  snprintf (name, sizeof name, "?mem%d", k + 1);
  return wmm_program_loc (u->prog, name);
}

/* Heap memory by type (tbaa.cc): at most this many alias sets get words
 * of their own; the others use the untyped words. */
const int MAX_ANON_CLASSES = 16;

/* Memory by region (an allocation call's objects, a declared variable's
 * parts no access names, joined when one pointer reaches both: threadlocal.cc
 * find_regions): at most this many classes of one region's objects get
 * words (beside MAX_ANON_CLASSES); the accesses of the others use their
 * type's.  (pigz under -flto has 16 of heap memory alone.) */
const int MAX_SITE_CLASSES = 64;

/* How many classes with words are of one allocation call's objects
 * (sites) / of any heap memory. */
int
class_count (const wmm_unitinfo *u, bool sites)
{
  int n = 0;
  for (const wmm_anon_class &k : u->anon_classes)
    n += (k.site != 0) == sites;
  return n;
}

bool
class_known (const wmm_unitinfo *u, const wmm_anon_class &key)
{
  for (const wmm_anon_class &k : u->anon_classes)
    if (wmm_same_anon_class (k, key))
      return true;
  return false;
}

} // anon namespace

wmm_anon_class
wmm_anon_class_in (const wmm_unitinfo *u, const wmm_tbaa &a, bool made)
{
  wmm_anon_class k = wmm_anon_class_of (a);
  k.site = wmm_tbaa_heap_region (a);
  if (k.site && !class_known (u, k)
      && (made || class_count (u, true) >= MAX_SITE_CLASSES))
    k.site = 0;
  return k;
}

namespace {

/* Would the classes of accesses with alias sets `as` fit beside those
 * made so far (MAX_ANON_CLASSES), each of them typed (references into a
 * declared object need none)? */
bool
classes_fit (const wmm_unitinfo *u, const vec<wmm_tbaa> &as)
{
  auto_vec<wmm_anon_class, 8> added;
  for (const wmm_tbaa &a : as)
    {
      if (a.object)
        continue;   /* a declared object's words, no heap class */
      if (a.ref < 0 || (a.ref == 0 && !wmm_tbaa_member (a)))
        return false;
      /* (a class of one allocation call's objects falls back to its
         type's when there is no room: count that one) */
      wmm_anon_class key = wmm_anon_class_of (a);
      bool known = class_known (u, key);
      for (const wmm_anon_class &k : added)
        known |= wmm_same_anon_class (k, key);
      if (!known)
        added.safe_push (key);
    }
  return class_count (u, false) + added.length ()
         <= (unsigned) MAX_ANON_CLASSES;
}

/* Location index of the typed anonymous word k of the class of an access
 * with alias sets `a`, the class's words created when new (named by the
 * reference's type when `ref` is given: "?mem1.int", else by the class's
 * number); -1 when the class has no words of its own (alias set 0, or past
 * MAX_ANON_CLASSES). */
int
typed_anonymous_location (wmm_unitinfo *u, const wmm_tbaa &a, tree ref, int k)
{
  /* (a char member of *p at known bits, `c->name[0]`, has a class: *p's
     type and the bits tell it from the other members) */
  if (a.ref < 0)
    return -1;
  wmm_anon_class key = wmm_anon_class_in (u, a, false);
  /* (a char access of no member: words of its heap region, or none —
     the untyped words are any heap memory's; without strict aliasing
     the heap is untyped) */
  if (a.ref == 0 && !wmm_tbaa_member (a)
      && (!key.site || !flag_strict_aliasing))
    return -1;
  unsigned c = 0;
  while (c < u->anon_classes.length ()
         && !wmm_same_anon_class (u->anon_classes[c], key))
    c++;
  if (c < u->anon_classes.length ())
    {
      for (const std::pair<int, int> &w : u->anon_typed)
        if (w.second == (int) c && k-- == 0)
          return w.first;
      return -1;
    }
  if (!key.site && class_count (u, false) >= MAX_ANON_CLASSES)
    return -1;
  u->anon_classes.safe_push (key);
  /* the class's name: the member (or type) it holds, a star spelled p */
  char tname[40] = "";
  if (ref)
    {
      tree what = TREE_CODE (ref) == COMPONENT_REF ? TREE_OPERAND (ref, 1)
                                                  : TYPE_MAIN_VARIANT (TREE_TYPE (ref));
      char *t = print_generic_expr_to_str (what);
      size_t n = 0;
      for (const char *q = t; *q && n + 2 < sizeof tname; q++)
        if (ISALNUM (*q) || *q == '_')
          tname[n++] = *q;
        else if (*q == '*')
          tname[n++] = 'p';
        else if (*q == ' ' && n && tname[n - 1] != '_')
          tname[n++] = '_';
      tname[n] = 0;
      free (t);
    }
  /* ... and, for one region's objects, where its allocation call is or
     the variable it is */
  char where[40] = "";
  gimple *call = key.site ? wmm_threadlocal_site_call (key.site - 1) : NULL;
  tree var = key.site ? wmm_threadlocal_object_decl (key.site - 1) : NULL;
  if (call && gimple_has_location (call))
    {
      expanded_location x = expand_location (gimple_location (call));
      if (x.file)
        snprintf (where, sizeof where, "@%.24s:%d", lbasename (x.file),
                  x.line);
    }
  else if (var && DECL_NAME (var))
    snprintf (where, sizeof where, "@%.32s", IDENTIFIER_POINTER (DECL_NAME (var)));
  char name[112];
  snprintf (name, sizeof name, "%s%s%u%s", tname, tname[0] ? "_" : "t", c + 1,
            where);
  int loc = -1;
  for (int j = 0; j < ANON_LOCATIONS; j++)
    {
      char full[128];
      snprintf (full, sizeof full, "?mem%d.%s", j + 1, name);
      int l = wmm_program_loc (u->prog, full);
      if (l < 0)
        return -1;
      u->anon_typed.safe_push (std::make_pair (l, (int) c));
      if (j == k)
        loc = l;
    }
  return loc;
}

/* Largest array whose variable-index accesses become a choice between its
 * elements (larger ones: an access to an unknown address). */
const int MAX_ALTERNATIVES = 16;

/* The accesses appended since instruction `from` have alias sets `set`
 * (tbaa.cc). */
void
set_alias (collector *c, int from, const wmm_tbaa &set)
{
  for (int k = from; k < c->t->ncode; k++)
    if (wmm_instr_is_access (&c->t->code[k]))
      c->unit->sites[k].tbaa = set;
}

/* A choice between n single instructions, emit (k) adding the k-th:
 *   BR* alt1; ... BR* alt(n-1); alt0: I0; J next; alt1: I1; J next; ...
 * where next is the instruction after the choice (the last alternative
 * falls through to it), or `back` when it is not -1 (a loop: every
 * alternative jumps back).  Its sites are marked as alternatives (one
 * statement's: a fence before any = before it, at a jump = after it). */
template <typename F>
static void
add_choice (collector *c, int n, int back, F emit)
{
  int base = c->t->ncode, start = base + n - 1;
  int next = start + 2 * n - 1;
  for (int k = 1; k < n; k++)
    {
      wmm_instr br = make (c, WMM_OP_BRANCH);
      br.cond = WMM_COND_ANY;
      br.target = start + 2 * k;
      add (c, &br, -1, NULL);
    }
  for (int k = 0; k < n; k++)
    {
      emit (k);
      if (k + 1 < n || back >= 0)
        {
          wmm_instr j = make (c, WMM_OP_JUMP);
          j.target = back >= 0 ? back : next;
          add (c, &j, -1, NULL);
        }
    }
  for (int k = base; k < c->t->ncode; k++)
    c->unit->sites[k].alternatives = true;
}

/* wmm_form_loads.find for collector ctx: the known location of the one
 * load the unit collected for statement `load`, in the unit's own code
 * (via NULL) or in a callee collected for the call `via`; else -1. */
static int
collected_load (void *ctx, gimple *load, gimple *via)
{
  collector *c = (collector *) ctx;
  int loc = -1;
  for (const wmm_site &site : c->unit->sites)
    {
      if (site.stmt != load || site.operand != 1
          || (via ? site.via != via : site.fn != NULL))
        continue;
      const wmm_instr *in = &c->t->code[site.first];
      if (loc >= 0 || site.alternatives || site.summary
          || site.first != site.last || !wmm_instr_reads (in)
          || wmm_instr_writes (in) || in->addr.loc_hint < 0)
        return -1;
      loc = in->addr.loc_hint;
    }
  return loc;
}

/* The address key (ir.h, addr_key) of reference ref in the function's
 * own code (not a callee's collected for its call site): the same number
 * for every reference to one offset and size of the object at one address
 * form (addrkey.cc), or with one whole reference's form for a variable
 * index: `w->sum`, w a pointer parameter or a copy of it (it keeps its
 * value while the function runs), or `a->partial[a->id]` with both
 * members of a private argument the function only reads; 0 for any other
 * reference. */
int
addr_key (collector *c, tree ref)
{
  if (c->depth != 0 || c->fn != c->unit->fn || !ref)
    return 0;
  tree fn = c->unit->fn->decl;
  poly_int64 off, size, max;
  bool reverse;
  HOST_WIDE_INT o, sz, mx, mo = -1;
  char *form = NULL;
  wmm_form_loads loads;
  loads.find = collected_load;
  loads.ctx = c;
  loads.npins = 0;
  tree base = get_ref_base_and_extent (ref, &off, &size, &max, &reverse);
  if (base && TREE_CODE (base) == MEM_REF && off.is_constant (&o)
      && size.is_constant (&sz) && max.is_constant (&mx) && sz == mx
      && sz > 0 && tree_fits_shwi_p (TREE_OPERAND (base, 1)))
    {
      mo = tree_to_shwi (TREE_OPERAND (base, 1));
      form = wmm_address_form (fn, TREE_OPERAND (base, 0), &loads);
    }
  else
    {
      /* (a variable index: the whole reference's form) */
      o = sz = 0;
      form = wmm_reference_form (fn, ref, &loads);
    }
  if (!form)
    return 0;
  for (int k = 0; k < c->nkeys; k++)
    if (!strcmp (c->keys[k].form, form) && c->keys[k].mo == mo
        && c->keys[k].o == o && c->keys[k].size == sz)
      {
        free (form);
        return k + 1;
      }
  if (c->nkeys == c->cap_keys)
    {
      c->cap_keys = c->cap_keys ? 2 * c->cap_keys : 8;
      c->keys = XRESIZEVEC (collector::addr_key_ent, c->keys, c->cap_keys);
    }
  c->keys[c->nkeys++] = { form, mo, o, sz };
  if (loads.npins > 0)
    {
      /* (the form names the pins: every later use of it has them too) */
      wmm_pinned_key pk;
      pk.thread = c->unit->thread;
      pk.key = c->nkeys;
      pk.npins = loads.npins;
      memcpy (pk.pins, loads.pins, sizeof pk.pins);
      c->u->pinned_keys.safe_push (pk);
    }
  return c->nkeys;
}

/* A plain access to a shared reference; returns whether it was shared.
 * a[i] on a small array a becomes a nondeterministic choice between a[0],
 * a[1], ... (BR* to each alternative), so that its elements stay distinct
 * locations. */
bool add_plain_1 (collector *c, tree ref, bool is_store, tree value);

/* A plain access to a shared reference (add_plain_1), with deps=addr's
 * registers: the loaded pointer of an assignment's load, the pointer an
 * unknown address is computed from. */
bool
add_plain (collector *c, tree ref, bool is_store, tree value)
{
  gimple *st = c->stmt;
  c->dep_dst = !is_store && st && is_gimple_assign (st)
               && gimple_assign_rhs1 (st) == ref
               ? wmm_dep_source_reg (c->u, c->t, st, c->fn, c->unit->fn) : -1;
  c->dep_base = wmm_dep_ref_reg (c->u, c->t, ref, c->fn, c->unit->fn);
  bool shared = add_plain_1 (c, ref, is_store, value);
  c->dep_dst = c->dep_base = -1;
  return shared;
}

bool
add_plain_1 (collector *c, tree ref, bool is_store, tree value)
{
  int loc, width;
  char *name;
  /* A pointer member of a local class every store of which stores one
     address (a lambda's capture by reference, localfields.cc): a load of
     it reads that address whichever store it reads from, a constant, no
     access that could take part in a race (the closure of a std::async
     task lives in the shared state the future also reads) */
  if (!is_store && wmm_local_member_value (ref))
    return false;
  if (!wmm_shared_ref (c->u, ref, &loc, &name, &width))
    return false;
  int operand = gimple_assign_single_p (c->stmt)
                && gimple_code (c->stmt) == GIMPLE_ASSIGN
                ? (is_store ? 0 : 1) : -1;
  tree alts[MAX_ALTERNATIVES];
  int nalt = loc < 0 ? wmm_ref_alternatives (ref, alts, MAX_ALTERNATIVES) : 0;
  int aloc[MAX_ALTERNATIVES];
  char *aname[MAX_ALTERNATIVES];
  for (int k = 0; k < nalt; k++)
    {
      int w;
      if (!wmm_shared_ref (c->u, alts[k], &aloc[k], &aname[k], &w)
          || aloc[k] < 0)
        {
          for (int j = 0; j <= k; j++)
            free (aname[j]);
          nalt = 0;
        }
    }
  wmm_tbaa set = wmm_tbaa_of_ref (ref);
  if (nalt == 0 && loc < 0)
    set.args = wmm_tbaa_param_args (ref);
  if (nalt == 0 && loc < 0 && wmm_ref_fresh_heap (ref))
    {
      /* Fresh heap memory is no declared object: a choice between the
         anonymous words of its type (tbaa.cc), or the untyped ones. */
      for (nalt = 0; nalt < ANON_LOCATIONS; nalt++)
        {
          aloc[nalt] = typed_anonymous_location (c->u, set, ref, nalt);
          if (aloc[nalt] < 0)
            aloc[nalt] = anonymous_location (c->u, nalt);
          if (aloc[nalt] < 0)
            break;
          aname[nalt] = xstrdup (name);
        }
      if (nalt < ANON_LOCATIONS)
        {
          for (int j = 0; j < nalt; j++)
            free (aname[j]);
          nalt = 0;
        }
    }
  /* (the alternatives of one unknown address share its key) */
  int key = loc < 0 ? addr_key (c, ref) : 0;
  if (nalt < 2)
    {
      wmm_instr in = make (c, is_store ? WMM_OP_STORE : WMM_OP_LOAD);
      set_addr (&in, loc, width);
      in.addr_key = key;
      if (is_store)
        store_value (c, &in, value);
      int from = c->t->ncode;
      add (c, &in, operand, name);
      set_alias (c, from, set);
      return true;
    }
  free (name);
  /* One access per element. */
  int base = c->t->ncode;
  add_choice (c, nalt, -1, [&] (int k) {
    wmm_instr in = make (c, is_store ? WMM_OP_STORE : WMM_OP_LOAD);
    set_addr (&in, aloc[k], width);
    in.addr_key = key;
    if (is_store)
      store_value (c, &in, value);
    add (c, &in, operand, aname[k]);
  });
  set_alias (c, base, set);
  return true;
}

/* A call of code unit `unit` (its thread's unit when it is an entry). */
static void
add_unit_call (collector *c, int unit)
{
  wmm_instr call = make (c, WMM_OP_CALL);
  call.target = c->u->units[unit].thread >= 0
                ? c->u->units[unit].thread : unit;
  add (c, &call, -1, NULL);
}

/* The unit functions a library call runs inside (qsort's comparator,
 * wmm_lib_runs_callbacks), any number of times: a loop of a choice
 * between calls of each,
 *   top: BR* end; BR* alt1 ... BR* alt(n-1);
 *   alt0: CALL 0; J top; alt1: CALL 1; J top; ...  end:
 * The glue's positions all stand for the library call's statement, where
 * a fence cannot order one callback run before the next, so they are
 * weighted far above any other: the placement puts what they would order
 * inside the callbacks, on every path, at each run. */
static void
add_callbacks (collector *c, gimple *stmt)
{
  if (!wmm_lib_runs_callbacks (gimple_call_fndecl (stmt)))
    return;
  auto_vec<int> units;
  for (unsigned k = 0; k < gimple_call_num_args (stmt); k++)
    {
      tree a = gimple_call_arg (stmt, k);
      int unit = TREE_CODE (a) == ADDR_EXPR
                 && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL
                 ? wmm_unit_of (c->u, TREE_OPERAND (a, 0)) : -1;
      if (unit >= 0)
        units.safe_push (unit);
    }
  int n = units.length ();
  if (!n)
    return;
  double freq = c->freq;
  c->freq = 1e6 * (freq > 1 ? freq : 1);
  int top = c->t->ncode;
  wmm_instr br = make (c, WMM_OP_BRANCH);
  br.cond = WMM_COND_ANY;
  br.target = top + 3 * n;   /* after the loop */
  add (c, &br, -1, NULL);
  c->unit->sites[top].alternatives = true;
  add_choice (c, n, top, [&] (int k) { add_unit_call (c, units[k]); });
  c->freq = freq;
}

/* An indirect call entries.cc resolved (a trampoline's): a choice
 * between calls of each function it may call, or nothing when they run
 * as threads of their own.  false when it is not one (or a target has no
 * code unit). */
static bool
add_resolved_call (collector *c, gimple *stmt)
{
  vec<tree> *targets = c->u->resolved_calls
                       ? c->u->resolved_calls->get (stmt) : NULL;
  if (!targets)
    return false;   /* empty: its functions are threads of their own */
  /* Unit functions are calls of their code units; library functions a
     hook may hold (entries.cc) are nothing when they touch no shared
     memory (malloc, free), else the whole call is unknown code. */
  auto_vec<int> units;
  bool skip = false;
  for (tree t : *targets)
    {
      int unit = wmm_unit_of (c->u, t);
      if (unit >= 0)
        units.safe_push (unit);
      else if (wmm_lib_call_is_private (t, DECL_NAME (t)
                                        ? IDENTIFIER_POINTER (DECL_NAME (t))
                                        : NULL))
        skip = true;
      else
        return false;
    }
  if (skip && !units.is_empty ())
    units.safe_push (-1);
  add_choice (c, units.length (), -1, [&] (int k) {
    if (units[k] >= 0)
      add_unit_call (c, units[k]);
    else
      {
        wmm_instr nop = make (c, WMM_OP_NOP);
        add (c, &nop, -1, NULL);
      }
  });
  return true;
}

/* The instructions of a callee's read and write of memory the caller
 * cannot name: a read, then a write, on every model.  One RMW would be
 * atomic: on x86 (and the SPARC-like models) a locked instruction, which
 * orders the callee's writes before the caller's later reads; on Power
 * and Arm an atomic pair, whose store a later call's load cannot pass
 * unseen (store buffering through two such stand-ins is forbidden with
 * lwsync / dmb ishld between them), where a plain call storing x and
 * another loading y need sync / dmb ish.  Fills ops; how many. */
int
effect_ops (collector *, wmm_opkind ops[2])
{
  ops[0] = WMM_OP_LOAD;
  ops[1] = WMM_OP_STORE;
  return 2;
}

/* One such instruction: op on an address the caller cannot name, storing
 * a value it does not know.  The write after the read of effect_ops is
 * marked WMM_ACC_CALLEE: their order is the callee's, which no fence of
 * the caller can change (one between them would be emitted before and
 * after the call, ordering neither). */
wmm_instr
effect_instr (collector *c, wmm_opkind op)
{
  wmm_instr in = make (c, op);
  if (op != WMM_OP_LOAD)
    {
      in.alu = WMM_ALU_SECOND;
      in.a.kind = WMM_OPND_REG;
      in.a.reg = unknown_reg (c);
    }
  if (op == WMM_OP_STORE)
    in.flags |= WMM_ACC_CALLEE;
  return in;
}

/* One access of an unknown call's stand-in (op at an unknown address). */
static void
add_standin (collector *c, wmm_opkind op, const char *why)
{
  wmm_instr in = effect_instr (c, op);
  int idx = add (c, &in, -1, xstrdup (why));
  if (idx < 0)
    return;
  c->unit->sites[idx].summary = true;
  /* The callee's accesses may follow a release inside it. */
  if (c->locks && c->stmt)
    c->unit->sites[idx].held &= wmm_locks_step (c->locks, c->stmt, c->held);
}

/* A call's effect on unknown shared memory (a read and a write of an
 * unknown address), then the compiler barrier. */
void
add_unknown_call (collector *c, const char *why)
{
  if (c->u->opts->calls == WMM_CALLS_SOUND)
    {
      wmm_opkind ops[2];
      for (int k = 0, n = effect_ops (c, ops); k < n; k++)
        add_standin (c, ops[k], why);
    }
  wmm_instr call = make (c, WMM_OP_CALL);
  call.target = -1;
  add (c, &call, -1, NULL);
}

/* Memory order of argument i of an atomic builtin: in a callee collected
 * for its call site, the constant that call gives (std::atomic's load (m)
 * called with acquire here, relaxed elsewhere: inlined, GCC expands the
 * caller's constant; out of line, a variable order as seq_cst, which is
 * stronger); else the weakest of every caller (atomics.cc). */
enum memmodel
order_arg (collector *c, gimple *stmt, unsigned i)
{
  if (c->depth > 0 && i < gimple_call_num_args (stmt))
    {
      tree k = constant_at_site (c, gimple_call_arg (stmt, i), c->depth);
      if (k && TREE_CODE (k) == INTEGER_CST && tree_fits_uhwi_p (k))
        return memmodel_base (tree_to_uhwi (k));
    }
  return wmm_order_arg (c->u, stmt, i);
}

/* Compare-exchange: the join of the success and failure orders (each the
 * weakest its call sites give). */
enum memmodel
cas_order (collector *c, gimple *stmt)
{
  return wmm_order_join (order_arg (c, stmt, 4), order_arg (c, stmt, 5));
}

/* An atomic builtin on *ptr. */
void
atomic_on (collector *c, tree ptr, access_kind k, enum memmodel mo,
           int width, tree val, wmm_alu alu)
{
  int loc;
  char *name;
  if (!wmm_shared_ptr (c->u, ptr, &loc, &name))
    return;
  int from = c->t->ncode;
  c->dep_dst = k == ACC_LOAD ? wmm_dep_source_reg (c->u, c->t, c->stmt, c->fn,
                                                   c->unit->fn) : -1;
  c->dep_base = loc < 0 ? wmm_dep_ptr_reg (c->u, c->t, ptr, c->fn,
                                           c->unit->fn) : -1;
  add_atomic (c, k, mo, loc, name, width, value_operand (c, val), alu);
  c->dep_dst = c->dep_base = -1;
  set_alias (c, from, wmm_tbaa_of_ptr (ptr, width));
}

/* Pointer argument i of a call, or NULL. */
tree
arg (gimple *stmt, unsigned i)
{
  return i < gimple_call_num_args (stmt) ? gimple_call_arg (stmt, i) : NULL;
}

/* Sized builtins come in runs _N, _1, _2, _4, _8, _16. */
bool
in_run (int code, int first_n, int *width)
{
  if (code < first_n || code > first_n + 5)
    return false;
  int k = code - first_n;
  *width = k == 0 ? 0 : 1 << (k - 1);
  return true;
}

/* C11 fence of a given order, as the model's instruction. */
void
add_c11_fence (collector *c, enum memmodel mo)
{
  if (is_mm_relaxed (mo))
    return;
  bool sc = is_mm_seq_cst (mo);
  switch (c->model)
    {
    case WMM_MODEL_POWER:
      add_order_fence (c, sc ? WMM_FENCE_SYNC : WMM_FENCE_LWSYNC, sc);
      return;
    case WMM_MODEL_ARMV7:
      add_order_fence (c, WMM_FENCE_DMB, sc);
      return;
    case WMM_MODEL_ARMV8:
      add_order_fence (c, is_mm_acquire (mo) || is_mm_consume (mo)
                       ? WMM_FENCE_DMB_ISHLD : WMM_FENCE_DMB_ISH, sc);
      return;
    case WMM_MODEL_TSO:
    case WMM_MODEL_SC:
      add_fence (c, sc ? WMM_FENCE_MFENCE : WMM_FENCE_COMPILER);
      return;
    default:
      add_fence (c, WMM_FENCE_MFENCE);
      return;
    }
}

/* Plain access of the memory a pointer argument reaches (memcpy & co):
 * with `extent`, as far as a call of unknown length may reach from it,
 * else one object of the pointer's type (an atomic builtin's value, a
 * seed rand_r draws from); its index, or -1. */
int
ptr_access (collector *c, tree ptr, bool is_store, bool extent = true)
{
  int loc;
  char *name;
  if (!ptr || !wmm_shared_ptr (c->u, ptr, &loc, &name, extent))
    return -1;
  wmm_instr in = make (c, is_store ? WMM_OP_STORE : WMM_OP_LOAD);
  set_addr (&in, loc, 0);
  if (is_store)
    in.a = value_operand (c, NULL);
  int idx = add (c, &in, -1, name);
  if (idx >= 0)
    c->unit->sites[idx].ptr = ptr;
  return idx;
}

/* The bytes a zlib stream call reads through its stream's next_in or
 * writes (out) through next_out: an access to an unknown address whose
 * targets are what that member may hold (threadlocal.cc); none when they
 * are all memory no other thread reaches. */
static void
zlib_buffer_access (collector *c, gimple *call, bool out)
{
  int set = wmm_threadlocal_zlib_buffer (call, out);
  if (set >= 0 && wmm_threadlocal_set_private (set))
    return;
  wmm_instr in = make (c, out ? WMM_OP_STORE : WMM_OP_LOAD);
  set_addr (&in, -1, 0);
  if (out)
    in.a = value_operand (c, NULL);
  int from = c->t->ncode;
  add (c, &in, -1, xstrdup (out ? "*strm->next_out" : "*strm->next_in"));
  wmm_tbaa bytes = wmm_tbaa ();
  bytes.targets = set >= 0 ? 1 + set : 0;
  set_alias (c, from, bytes);
}

/* Argument argno of compare-exchange cas followed out through the calls
 * its code is collected for, while it is a parameter used by that one
 * call only (after one conversion at most: the callees do nothing else
 * with it): the value where it stops, the level of its function in
 * *level (0: the unit's own function, c->depth: the exchange's). */
static tree
handed_up (collector *c, gimple *cas, unsigned argno, int *level)
{
  tree v = gimple_call_arg (cas, argno);
  int k = c->depth;
  while (k > 0 && TREE_CODE (v) == SSA_NAME && has_single_use (v))
    {
      tree p = v;
      if (!SSA_NAME_IS_DEFAULT_DEF (p))
        {
          gimple *d = SSA_NAME_DEF_STMT (p);
          if (!is_gimple_assign (d)
              || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (d)))
            break;
          p = gimple_assign_rhs1 (d);
          if (TREE_CODE (p) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (p)
              || !has_single_use (p))
            break;
        }
      if (!SSA_NAME_VAR (p) || TREE_CODE (SSA_NAME_VAR (p)) != PARM_DECL)
        break;
      tree a = wmm_memloc_bound_argument (p);
      if (!a || a == p)
        break;
      v = a;
      k--;
    }
  *level = k;
  return v;
}

/* Compare-exchange cas's expected pointer where it comes from: the name
 * in the function of the calls its code is collected for (or its own)
 * that hands it and the new value down to it and to nothing else
 * (handed_up), each call from there on returning what the one it makes
 * returns; *at: the call of that function whose result is then the
 * exchange's success (cas itself in its own function).  NULL when
 * there is none. */
static tree
expected_in_unit (collector *c, gimple *cas, gimple **at)
{
  *at = NULL;
  int level, dlevel;
  tree p = handed_up (c, cas, 1, &level);
  handed_up (c, cas, 2, &dlevel);
  if (TREE_CODE (p) != SSA_NAME || dlevel > level)
    return NULL_TREE;
  tree lhs = gimple_call_lhs (cas);
  for (int k = c->depth - 1; k >= level; k--)
    {
      if (!lhs || !wmm_only_returned (lhs))
        return NULL_TREE;
      lhs = gimple_call_lhs (c->sites[k]);
    }
  *at = level < c->depth ? c->sites[level] : cas;
  return p;
}

/* The write of the value found back into *expected when a
 * compare-exchange fails: on the failure path only, `BR* end; W
 * *expected; end:` (the branch and the write are the statement's
 * alternatives); the write's index, or -1. */
static int
failure_write_back (collector *c, tree expected)
{
  int top = c->t->ncode;
  wmm_instr br = make (c, WMM_OP_BRANCH);
  br.cond = WMM_COND_ANY;
  br.target = top + 1;
  if (add (c, &br, -1, NULL) < 0)
    return -1;
  int idx = ptr_access (c, expected, true, false);
  c->t->code[top].target = c->t->ncode;
  for (int k = top; k < c->t->ncode; k++)
    c->unit->sites[k].alternatives = true;
  return idx;
}

/* What is done with SSA name v: 0 nothing (debug statements only), 1
 * returned (through conversions), -1 anything else. */
static int
value_uses (tree v, int depth)
{
  int got = 0;
  bool only = wmm_each_use (v, [&] (gimple *u) {
    int k = gimple_code (u) == GIMPLE_RETURN ? 1
            : depth < 4 && is_gimple_assign (u)
              && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (u))
              && TREE_CODE (gimple_assign_lhs (u)) == SSA_NAME
            ? value_uses (gimple_assign_lhs (u), depth + 1) : -1;
    got |= k > 0 ? k : 0;
    return k >= 0;
  });
  return only ? got : -1;
}

/* Does every call of function fn, through any of its names, drop the
 * value it returns, every call of it being one the unit sees
 * (wmm_calls_all_seen)? */
static bool
callers_drop_result (tree fn)
{
  cgraph_node *node = cgraph_node::get (fn);
  if (!node || !wmm_calls_all_seen (node))
    return false;
  bool any = false, drop = true;
  wmm_each_caller (node, [&] (cgraph_edge *e) {
    tree lhs = e->call_stmt ? gimple_call_lhs (e->call_stmt) : error_mark_node;
    any = true;
    drop &= !lhs || (TREE_CODE (lhs) == SSA_NAME && has_zero_uses (lhs));
  });
  return any && drop;
}

/* Is the value call stmt returns used nowhere: no lhs, an SSA name with
 * no use but debug statements, or one only returned by a callee collected
 * for a call (c->sites), or by the unit's function to callers, whose own
 * value is used nowhere (libstdc++'s `fetch_add` returning the builtin's
 * result to statements that drop it)? */
static bool
result_unused (collector *c, gimple *stmt)
{
  tree lhs = gimple_call_lhs (stmt);
  for (int level = c->depth; lhs; level--)
    {
      if (TREE_CODE (lhs) != SSA_NAME)
        return false;
      int uses = value_uses (lhs, 0);
      if (uses < 0)
        return false;
      if (uses == 0)
        return true;
      if (level <= 0)
        return callers_drop_result (c->fn->decl);
      lhs = gimple_call_lhs (c->sites[level - 1]);
    }
  return true;
}

/* An arithmetic RMW builtin (fetch-and-op, op-and-fetch) on *ptr: blind
 * when its result is unused and no other unit's code may run beside the
 * threads (wmm_foreign_code_may_run), which could read what it updates. */
static void
arith_rmw (collector *c, gimple *stmt, enum memmodel mo, int width,
           wmm_alu alu)
{
  c->blind = result_unused (c, stmt) && !wmm_foreign_code_may_run ();
  atomic_on (c, arg (stmt, 0), ACC_RMW, mo, width, arg (stmt, 1), alu);
  c->blind = false;
}

/* What an atomic builtin call is where its code is collected, on its
 * sites from `first` on, for the unit's later passes: the memory orders
 * (order_arg: a constant its call sites hand down; wmm_site.order), and
 * the name its result reaches where the calls its code is collected for
 * only return it (wmm_site.result). */
static void
site_context (collector *c, gimple *stmt, int first)
{
  unsigned n = gimple_call_num_args (stmt);
  tree result = gimple_call_lhs (stmt);
  int level = c->depth;
  while (level > 0 && result && TREE_CODE (result) == SSA_NAME
         && wmm_only_returned (result))
    result = gimple_call_lhs (c->sites[--level]);
  function *result_fn = NULL;
  if (level < c->depth && result && TREE_CODE (result) == SSA_NAME)
    {
      tree f = level > 0 ? gimple_call_fndecl (c->sites[level - 1])
                         : c->unit->fn->decl;
      cgraph_node *node = f ? cgraph_node::get (f) : NULL;
      result_fn = node ? wmm_analysable_body (node->ultimate_alias_target ())
                       : NULL;
    }
  if (!result_fn)
    result = NULL_TREE;
  for (unsigned i = first; i < c->unit->sites.length (); i++)
    {
      wmm_site &s = c->unit->sites[i];
      if (s.stmt != stmt)
        continue;
      s.result = result;
      s.result_fn = result_fn;
      for (unsigned k = 1; k < n && k < WMM_SITE_ORDERS; k++)
        if (INTEGRAL_TYPE_P (TREE_TYPE (gimple_call_arg (stmt, k))))
          {
            s.order[k] = (unsigned char) order_arg (c, stmt, k);
            s.order_set |= 1u << k;
          }
    }
}

/* Builtins of the __atomic and __sync families; true when handled. */
bool
atomic_builtin (collector *c, gimple *stmt, int code)
{
  int w;
  /* __atomic_* on sized objects. */
  if (in_run (code, BUILT_IN_ATOMIC_LOAD_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_LOAD, order_arg (c, stmt, 1), w,
                      NULL, WMM_ALU_SECOND), true;
  if (in_run (code, BUILT_IN_ATOMIC_STORE_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_STORE, order_arg (c, stmt, 2), w,
                      arg (stmt, 1), WMM_ALU_SECOND), true;
  if (in_run (code, BUILT_IN_ATOMIC_EXCHANGE_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_RMW, order_arg (c, stmt, 2), w,
                      arg (stmt, 1), WMM_ALU_SECOND), true;
  /* (the expected value is read from memory before, and the value found
     written back there when the exchange fails: plain accesses of what
     argument 1 points to, a local of the caller's at most times) */
  if (in_run (code, BUILT_IN_ATOMIC_COMPARE_EXCHANGE_N, &w))
    {
      gimple *at;
      tree seen = expected_in_unit (c, stmt, &at);
      int read = ptr_access (c, arg (stmt, 1), false, false);
      atomic_on (c, arg (stmt, 0), ACC_RMW, cas_order (c, stmt), w,
                 arg (stmt, 2), WMM_ALU_SECOND);
      int write = failure_write_back (c, arg (stmt, 1));
      for (int k : { read, write })
        if (k >= 0)
          {
            c->unit->sites[k].cas_object = seen;
            c->unit->sites[k].cas_call = seen ? at : NULL;
          }
      return true;
    }
  static const struct { int first; wmm_alu alu; } rmw_runs[] = {
    { BUILT_IN_ATOMIC_ADD_FETCH_N, WMM_ALU_ADD },
    { BUILT_IN_ATOMIC_SUB_FETCH_N, WMM_ALU_SUB },
    { BUILT_IN_ATOMIC_AND_FETCH_N, WMM_ALU_AND },
    { BUILT_IN_ATOMIC_NAND_FETCH_N, WMM_ALU_SECOND },
    { BUILT_IN_ATOMIC_XOR_FETCH_N, WMM_ALU_XOR },
    { BUILT_IN_ATOMIC_OR_FETCH_N, WMM_ALU_OR },
    { BUILT_IN_ATOMIC_FETCH_ADD_N, WMM_ALU_ADD },
    { BUILT_IN_ATOMIC_FETCH_SUB_N, WMM_ALU_SUB },
    { BUILT_IN_ATOMIC_FETCH_AND_N, WMM_ALU_AND },
    { BUILT_IN_ATOMIC_FETCH_NAND_N, WMM_ALU_SECOND },
    { BUILT_IN_ATOMIC_FETCH_XOR_N, WMM_ALU_XOR },
    { BUILT_IN_ATOMIC_FETCH_OR_N, WMM_ALU_OR },
  };
  for (auto &r : rmw_runs)
    if (in_run (code, r.first, &w))
      return arith_rmw (c, stmt, order_arg (c, stmt, 2), w, r.alu), true;
  static const struct { int first; wmm_alu alu; } sync_runs[] = {
    { BUILT_IN_SYNC_FETCH_AND_ADD_N, WMM_ALU_ADD },
    { BUILT_IN_SYNC_FETCH_AND_SUB_N, WMM_ALU_SUB },
    { BUILT_IN_SYNC_FETCH_AND_OR_N, WMM_ALU_OR },
    { BUILT_IN_SYNC_FETCH_AND_AND_N, WMM_ALU_AND },
    { BUILT_IN_SYNC_FETCH_AND_XOR_N, WMM_ALU_XOR },
    { BUILT_IN_SYNC_FETCH_AND_NAND_N, WMM_ALU_SECOND },
    { BUILT_IN_SYNC_ADD_AND_FETCH_N, WMM_ALU_ADD },
    { BUILT_IN_SYNC_SUB_AND_FETCH_N, WMM_ALU_SUB },
    { BUILT_IN_SYNC_OR_AND_FETCH_N, WMM_ALU_OR },
    { BUILT_IN_SYNC_AND_AND_FETCH_N, WMM_ALU_AND },
    { BUILT_IN_SYNC_XOR_AND_FETCH_N, WMM_ALU_XOR },
    { BUILT_IN_SYNC_NAND_AND_FETCH_N, WMM_ALU_SECOND },
  };
  for (auto &r : sync_runs)
    if (in_run (code, r.first, &w))
      return arith_rmw (c, stmt, MEMMODEL_SEQ_CST, w, r.alu), true;
  if (in_run (code, BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_N, &w)
      || in_run (code, BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_RMW, MEMMODEL_SEQ_CST, w,
                      arg (stmt, 2), WMM_ALU_SECOND), true;
  if (in_run (code, BUILT_IN_SYNC_LOCK_TEST_AND_SET_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_RMW, MEMMODEL_ACQUIRE, w,
                      arg (stmt, 1), WMM_ALU_SECOND), true;
  if (in_run (code, BUILT_IN_SYNC_LOCK_RELEASE_N, &w))
    return atomic_on (c, arg (stmt, 0), ACC_STORE, MEMMODEL_RELEASE, w,
                      integer_zero_node, WMM_ALU_SECOND), true;
  /* The generic forms, for objects of other sizes: GCC calls libatomic's
     `__atomic_load (12, &x, &ret, order)` with the size first (a pointer
     first is the user's spelling).  Their orders are libatomic's to keep
     (its lock, its barriers), none of GCC's mapping: relaxed here, so
     nothing they do is credited. */
  unsigned g = gimple_call_num_args (stmt) && !POINTER_TYPE_P (TREE_TYPE (
                 gimple_call_arg (stmt, 0))) ? 1 : 0;
  auto generic_order = [&] (enum memmodel mo) {
    return g ? MEMMODEL_RELAXED : mo; };
  switch (code)
    {
    case BUILT_IN_ATOMIC_LOAD:
      atomic_on (c, arg (stmt, g), ACC_LOAD,
                 generic_order (order_arg (c, stmt, g + 2)), 0, NULL,
                 WMM_ALU_SECOND);
      ptr_access (c, arg (stmt, g + 1), true, false);
      return true;
    case BUILT_IN_ATOMIC_STORE:
      ptr_access (c, arg (stmt, g + 1), false, false);
      atomic_on (c, arg (stmt, g), ACC_STORE,
                 generic_order (order_arg (c, stmt, g + 2)), 0, NULL,
                 WMM_ALU_SECOND);
      return true;
    case BUILT_IN_ATOMIC_EXCHANGE:
      ptr_access (c, arg (stmt, g + 1), false, false);
      atomic_on (c, arg (stmt, g), ACC_RMW,
                 generic_order (order_arg (c, stmt, g + 3)), 0, NULL,
                 WMM_ALU_SECOND);
      ptr_access (c, arg (stmt, g + 2), true, false);
      return true;
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE:
      /* (orders: arguments 4 and 5 in both spellings) */
      ptr_access (c, arg (stmt, g + 1), false, false);
      ptr_access (c, arg (stmt, g + 2), false, false);
      atomic_on (c, arg (stmt, g), ACC_RMW, generic_order (cas_order (c, stmt)),
                 0, NULL, WMM_ALU_SECOND);
      ptr_access (c, arg (stmt, g + 1), true, false);
      return true;
    case BUILT_IN_ATOMIC_TEST_AND_SET:
      atomic_on (c, arg (stmt, 0), ACC_RMW, order_arg (c, stmt, 1), 1,
                 integer_one_node, WMM_ALU_SECOND);
      return true;
    case BUILT_IN_ATOMIC_CLEAR:
      atomic_on (c, arg (stmt, 0), ACC_STORE, order_arg (c, stmt, 1), 1,
                 integer_zero_node, WMM_ALU_SECOND);
      return true;
    case BUILT_IN_ATOMIC_THREAD_FENCE:
      add_c11_fence (c, order_arg (c, stmt, 0));
      return true;
    case BUILT_IN_SYNC_SYNCHRONIZE:
      add_fence (c, full_fence (c->model));
      return true;
    case BUILT_IN_ATOMIC_SIGNAL_FENCE:
      add_fence (c, WMM_FENCE_COMPILER);
      return true;
    default:
      return false;
    }
}


/* The element type T of libstdc++'s copy of a trivially copyable range
 * (std::__copy_move<...>::__copy_m<T> and __copy_move_b: a memmove of
 * [first, last) of T objects to result; std::__relocate_a_1, a growing
 * vector moving its elements), when the memmove at stmt is its and T is
 * no char; with nptrs 1, the T of a memset of T objects in any code of
 * the library (a hashtable clearing its buckets); else NULL.  (The
 * library's contract: the range holds T objects, so the copy touches
 * only memory of T's alias set.) */
tree
library_copy_type (collector *c, gimple *stmt, unsigned nptrs)
{
  tree fn = c->fn ? c->fn->decl : NULL_TREE;
  const char *n = fn && DECL_ASSEMBLER_NAME_SET_P (fn)
                  ? IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn)) : "";
  if (nptrs == 2
      ? !startswith (n, "_ZNSt11__copy_moveI")
        && !startswith (n, "_ZNSt20__copy_move_backwardI")
        && !startswith (n, "_ZSt14__relocate_a_1I")
      : !wmm_std_fn (fn))
    return NULL_TREE;
  tree t = NULL_TREE;
  for (unsigned i = 0; i < nptrs && i < gimple_call_num_args (stmt); i++)
    {
      tree a = gimple_call_arg (stmt, i);
      /* back through the conversion to void * to the T * it was */
      while (TREE_CODE (a) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (a)
             && gimple_assign_cast_p (SSA_NAME_DEF_STMT (a)))
        a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
      tree pt = POINTER_TYPE_P (TREE_TYPE (a)) ? TREE_TYPE (TREE_TYPE (a))
                                               : NULL_TREE;
      if (!pt || VOID_TYPE_P (pt) || get_alias_set (pt) <= 0
          || (t && TYPE_MAIN_VARIANT (t) != TYPE_MAIN_VARIANT (pt)))
        return NULL_TREE;
      t = pt;
    }
  return t;
}

/* The accesses from instruction `from` on, of the string pointer
 * argument `a` points to, narrowed to the char array member `a` names
 * when it names one (`strlen (m->text)`, `printf ("%s", e->name)`: in C
 * a string read or written through a member's address stays inside it;
 * tbaa.cc's wmm_tbaa_of_string_arg keeps a trailing member's tail);
 * true then. */
static bool
string_member (collector *c, tree a, int from)
{
  wmm_tbaa str;
  if (!wmm_tbaa_of_string_arg (a, &str))
    return false;
  set_alias (c, from, str);
  return true;
}

/* A string builtin's read or write of the string argument i points to. */
static void
string_access (collector *c, gimple *stmt, unsigned i, bool is_store)
{
  int from = c->t->ncode;
  ptr_access (c, arg (stmt, i), is_store);
  string_member (c, gimple_call_arg (stmt, i), from);
}

/* String and memory builtins: their loads and stores through arguments. */
bool
memory_builtin (collector *c, gimple *stmt, int code)
{
  switch (code)
    {
    case BUILT_IN_MEMMOVE: case BUILT_IN_MEMCPY:
      if (tree t = opt_for_fn (c->fn->decl, flag_strict_aliasing)
                   ? library_copy_type (c, stmt, 2) : NULL_TREE)
        {
          int from = c->t->ncode;
          ptr_access (c, arg (stmt, 1), false);
          ptr_access (c, arg (stmt, 0), true);
          wmm_tbaa set = wmm_tbaa_of_ptr (NULL_TREE, 0);
          set.ref = get_alias_set (t);
          set_alias (c, from, set);
          return true;
        }
      /* FALLTHRU */
    case BUILT_IN_MEMPCPY:
    case BUILT_IN_MEMCPY_CHK: case BUILT_IN_MEMMOVE_CHK:
      ptr_access (c, arg (stmt, 1), false);
      ptr_access (c, arg (stmt, 0), true);
      return true;
    case BUILT_IN_STRCPY: case BUILT_IN_STRNCPY: case BUILT_IN_STPCPY:
    case BUILT_IN_STPNCPY: case BUILT_IN_STRCAT: case BUILT_IN_STRNCAT:
    case BUILT_IN_STRCPY_CHK: case BUILT_IN_STRNCPY_CHK:
      string_access (c, stmt, 1, false);
      string_access (c, stmt, 0, true);
      return true;
    case BUILT_IN_BCOPY:
      ptr_access (c, arg (stmt, 0), false);
      ptr_access (c, arg (stmt, 1), true);
      return true;
    case BUILT_IN_MEMSET:
      /* the library clearing an array of T (a hashtable's new buckets) */
      if (tree t = opt_for_fn (c->fn->decl, flag_strict_aliasing)
                   ? library_copy_type (c, stmt, 1) : NULL_TREE)
        {
          int from = c->t->ncode;
          ptr_access (c, arg (stmt, 0), true);
          wmm_tbaa set = wmm_tbaa_of_ptr (NULL_TREE, 0);
          set.ref = get_alias_set (t);
          set_alias (c, from, set);
          return true;
        }
      /* FALLTHRU */
    case BUILT_IN_BZERO: case BUILT_IN_MEMSET_CHK:
      ptr_access (c, arg (stmt, 0), true);
      return true;
    case BUILT_IN_MEMCMP: case BUILT_IN_BCMP:
      ptr_access (c, arg (stmt, 0), false);
      ptr_access (c, arg (stmt, 1), false);
      return true;
    case BUILT_IN_STRCMP: case BUILT_IN_STRNCMP: case BUILT_IN_STRCASECMP:
    case BUILT_IN_STRNCASECMP:
      string_access (c, stmt, 0, false);
      string_access (c, stmt, 1, false);
      return true;
    case BUILT_IN_MEMCHR:
      ptr_access (c, arg (stmt, 0), false);
      return true;
    case BUILT_IN_STRLEN: case BUILT_IN_STRNLEN: case BUILT_IN_STRCHR:
    case BUILT_IN_STRRCHR:
      string_access (c, stmt, 0, false);
      return true;
    /* A va_list (usually a local): written; the variadic arguments it
       walks are the caller's, no shared data. */
    case BUILT_IN_VA_START: case BUILT_IN_VA_END:
      ptr_access (c, arg (stmt, 0), true);
      return true;
    case BUILT_IN_VA_COPY:
      ptr_access (c, arg (stmt, 1), false);
      ptr_access (c, arg (stmt, 0), true);
      return true;
    default:
      return false;
    }
}



bool inline_call (collector *c, gcall *call, tree callee);

/* Is pointer type t one to a stdio stream or a directory stream (the
 * library's own objects)? */
bool
library_stream (tree t)
{
  if (!t || !POINTER_TYPE_P (t))
    return false;
  tree r = TYPE_MAIN_VARIANT (TREE_TYPE (t));
  tree n = TREE_CODE (r) == RECORD_TYPE ? TYPE_NAME (r) : NULL_TREE;
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE
         && (!strcmp (IDENTIFIER_POINTER (n), "_IO_FILE")
             || !strcmp (IDENTIFIER_POINTER (n), "__dirstream"));
}

/* Is t a va_list by its name (`va_list`, `__gnuc_va_list`): on ppc64le
 * it is a plain `char *`, which only the name tells from a buffer; its
 * memory is the caller's argument area, no data of the program. */
bool
va_list_type (tree t)
{
  tree n = t ? TYPE_NAME (t) : NULL_TREE;
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE
         && (!strcmp (IDENTIFIER_POINTER (n), "va_list")
             || !strcmp (IDENTIFIER_POINTER (n), "__gnuc_va_list")
             || !strcmp (IDENTIFIER_POINTER (n), "__builtin_va_list"));
}

/* After the read of argument i of library call `name` (ptr_access): when
 * the call only reads it, as a string, and it is the address of a char
 * array member (`printf ("%s", e->name)`), the read touches that member
 * only (its alias sets, given to its accesses from instruction `from`
 * on); true then. */
bool
string_read (collector *c, gimple *stmt, const char *name, unsigned i,
             unsigned reads, unsigned writes, int from)
{
  return ((reads >> i) & 1) && !((writes >> i) & 1)
         && wmm_lib_reads_string (name, i)
         && string_member (c, gimple_call_arg (stmt, i), from);
}

/* A call of a library function that touches nothing of the program but
 * what its pointer arguments reach (`printf ("%s", buf)` reads buf,
 * `sprintf (buf, ...)` writes it): those accesses.  Function pointers,
 * streams and va_lists are no data. */
void
private_call_args (collector *c, gcall *stmt, const char *name)
{
  unsigned reads, writes;
  wmm_lib_private_touch (name, &reads, &writes);
  tree fntype = gimple_call_fntype (stmt);
  tree parms = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  for (unsigned i = 0; i < gimple_call_num_args (stmt) && i < 32; i++)
    {
      tree a = gimple_call_arg (stmt, i);
      tree declared = parms ? TREE_VALUE (parms) : NULL_TREE;
      if (parms)
        parms = TREE_CHAIN (parms);
      if (!POINTER_TYPE_P (TREE_TYPE (a))
          || integer_zerop (a)
          || FUNC_OR_METHOD_TYPE_P (TREE_TYPE (TREE_TYPE (a)))
          || library_stream (TREE_TYPE (a)) || library_stream (declared)
          || va_list_type (TREE_TYPE (a)) || va_list_type (declared)
          || wmm_param_gets_constants (a))
        continue;
      int from = c->t->ncode;
      /* (rand_r (&seed): the one object its parameter's type names) */
      bool extent = wmm_lib_pointee_bytes (stmt, i) < 0;
      if ((reads >> i) & 1)
        ptr_access (c, arg (stmt, i), false, extent);
      string_read (c, stmt, name, i, reads, writes, from);
      if ((writes >> i) & 1)
        {
          int wfrom = c->t->ncode;
          ptr_access (c, arg (stmt, i), true, extent);
          if (wmm_lib_writes_string (name, i))
            string_member (c, a, wfrom);
        }
    }
}

/* A call of one of libstdc++'s node helpers (wmm_std_node_helper:
 * `_Rb_tree_increment (x)`): a read, or what an unknown call's stand-in
 * is when it changes them (add_unknown_call), of a whole node of that
 * type at an address the unit does not know.  The helper's own loads and
 * stores go through the links it follows; by its record type (tbaa.cc)
 * the access meets the node members the inline container code touches,
 * not every location of the program as an unknown call does.  False for
 * any other call. */
bool
node_helper_call (collector *c, tree fndecl)
{
  bool writes;
  tree type = wmm_std_node_helper (fndecl, &writes);
  if (!type)
    return false;
  tree ptype = build_pointer_type (type);
  tree node = build2 (MEM_REF, type, build_int_cst (ptype, 0),
                      build_int_cst (ptype, 0));
  wmm_tbaa set = wmm_tbaa_of_ref (node);
  HOST_WIDE_INT bytes = int_size_in_bytes (type);
  int width = bytes > 0 && bytes <= 64 ? (int) bytes : 0;
  wmm_opkind ops[2] = { WMM_OP_LOAD };
  int n = writes ? effect_ops (c, ops) : 1;
  const char *tname = TYPE_NAME (type) && DECL_P (TYPE_NAME (type))
                      && DECL_NAME (TYPE_NAME (type))
                      ? IDENTIFIER_POINTER (DECL_NAME (TYPE_NAME (type)))
                      : "node";
  for (int k = 0; k < n; k++)
    {
      wmm_instr in = effect_instr (c, ops[k]);
      set_addr (&in, -1, width);
      int from = c->t->ncode;
      add (c, &in, -1, xasprintf ("*(%s *)", tname));
      set_alias (c, from, set);
    }
  return true;
}

/* Does an object of type t hold no pointer (scalars, and records and
 * arrays of them)?  Code given only such an object and numbers can reach
 * no other memory of the program through it. */
bool
pointer_free_type (tree t, int depth = 0)
{
  if (!t || depth > 8)
    return false;
  switch (TREE_CODE (t))
    {
    case INTEGER_TYPE: case REAL_TYPE: case ENUMERAL_TYPE: case BOOLEAN_TYPE:
      return true;
    case ARRAY_TYPE:
      return pointer_free_type (TREE_TYPE (t), depth + 1);
    case RECORD_TYPE: case UNION_TYPE:
      for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
        if (TREE_CODE (f) == FIELD_DECL
            && !pointer_free_type (TREE_TYPE (f), depth + 1))
          return false;
      return COMPLETE_TYPE_P (t);
    default:
      return false;
    }
}

/* A call of the C++ library's own code given only numbers besides its
 * object (wmm_std_scalar_call: the hashtable's
 * `_Prime_rehash_policy::_M_need_rehash`) whose object holds no pointer:
 * it can read and write that object and nothing else of the program (the
 * library's own tables are no data of the program), so a read and a
 * write of `*this`, not an unknown call's stand-in.  False for any other
 * call. */
bool
scalar_object_call (collector *c, gcall *stmt, tree fndecl)
{
  tree type = wmm_std_scalar_object (stmt, fndecl);
  if (!type)
    return false;
  tree self = gimple_call_arg (stmt, 0);
  tree ref = build2 (MEM_REF, type, self,
                     build_int_cst (build_pointer_type (type), 0));
  add_plain (c, ref, false, NULL_TREE);
  add_plain (c, ref, true, NULL_TREE);
  return true;
}

/* An x86 streaming store or load, or fence builtin (x86fns.cc): true
 * when collected. */
bool
x86_builtin (collector *c, gimple *stmt, tree fndecl)
{
  wmm_fence f = wmm_x86_fence_builtin (fndecl, c->model);
  if (f != WMM_FENCE_NONE)
    {
      add_fence (c, f);
      return true;
    }
  bool store = false;
  int a = wmm_x86_stream_access (fndecl, &store);
  if (a < 0 || (unsigned) a >= gimple_call_num_args (stmt))
    return false;
  int idx = ptr_access (c, arg (stmt, a), store);
  if (idx >= 0 && store)
    c->t->code[idx].flags |= WMM_ACC_STREAM;
  return true;
}

/* A call statement. */
void
handle_call (collector *c, gcall *stmt)
{
  if (gimple_call_internal_p (stmt))
    {
      if (gimple_call_internal_fn (stmt) == IFN_ATOMIC_COMPARE_EXCHANGE)
        {
          atomic_on (c, arg (stmt, 0), ACC_RMW,
                     cas_order (c, stmt), 0,
                     arg (stmt, 2), WMM_ALU_SECOND);
          return;
        }
      /* va_arg before its lowering: reads and advances the va_list its
         first argument points to. */
      if (gimple_call_internal_fn (stmt) == IFN_VA_ARG)
        {
          ptr_access (c, arg (stmt, 0), false);
          ptr_access (c, arg (stmt, 0), true);
          return;
        }
      /* the abnormal edges of setjmp's receivers: control flow only */
      if (gimple_vdef (stmt)
          && gimple_call_internal_fn (stmt) != IFN_ABNORMAL_DISPATCHER)
        add_unknown_call (c, "internal call");
      return;
    }
  tree fndecl = gimple_call_fndecl (stmt);
  /* Aggregate arguments read from memory. */
  bool lib = thread_lib_stmt (c, stmt) || wait_lib_stmt (c, stmt);
  for (unsigned i = 0; i < gimple_call_num_args (stmt) && !lib; i++)
    {
      tree a = gimple_call_arg (stmt, i);
      if (!is_gimple_reg (a) && !is_gimple_min_invariant (a)
          && TREE_CODE (a) != SSA_NAME)
        add_plain (c, a, false, NULL);
    }
  const char *name = fndecl && DECL_NAME (fndecl)
                     ? IDENTIFIER_POINTER (DECL_NAME (fndecl)) : NULL;
  if (fndecl && fndecl_built_in_p (fndecl, BUILT_IN_MD)
      && x86_builtin (c, stmt, fndecl))
    goto lhs;
  if (fndecl && fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    {
      /* The thread and future library's own atomics and copies: on its
         state, which it synchronises itself (thread_lib_fn). */
      if (lib)
        goto lhs;
      int code = DECL_FUNCTION_CODE (fndecl);
      int first = c->unit->sites.length ();
      if (atomic_builtin (c, stmt, code))
        {
          site_context (c, stmt, first);
          goto lhs;
        }
      if (memory_builtin (c, stmt, code))
        goto lhs;
      /* the trap an OpenMP sections switch ends with: no memory */
      if (code == BUILT_IN_TRAP || code == BUILT_IN_UNREACHABLE)
        goto lhs;
    }
  /* A function-local static's guard (the C++ run time's thread-safe
     initialisation, guardinit.cc): taking it is an acquire on the guard's
     first byte, which the inline fast path reads with acquire; releasing
     (or abandoning) it a release store of that byte. */
  if (name && gimple_call_num_args (stmt) == 1
      && (!strcmp (name, "__cxa_guard_acquire")
          || !strcmp (name, "__cxa_guard_release")
          || !strcmp (name, "__cxa_guard_abort")))
    {
      bool take = !strcmp (name, "__cxa_guard_acquire");
      atomic_on (c, arg (stmt, 0), take ? ACC_RMW : ACC_STORE,
                 take ? MEMMODEL_ACQUIRE : MEMMODEL_RELEASE, 1, NULL_TREE,
                 WMM_ALU_SECOND);
      goto lhs;
    }
  /* std::for_each (v.begin (), v.end (), std::mem_fn (&std::thread::join))
     on a local vector: the joins, and nothing of the program's memory
     (its code calls join through a pointer to member) */
  if (wmm_thread_vector_for_each_join (stmt))
    {
      add_fence (c, sync_call_fence (c, "join"));
      goto lhs;
    }
  if (wmm_lib_call_is_sync (fndecl, name))
    {
      bool post;
      add_fence (c, sync_call_fence (c, !wmm_cxx_semaphore_op (fndecl, &post)
                                        ? name : post ? "sem_post"
                                        : "sem_wait"));
      c->u->lock_calls |= name && (strstr (name, "lock")
                                   || !strncmp (name, "sem_", 4)
                                   || !strncmp (name, "GOMP_critical", 13));
      /* pthread_once / call_once run their routine here, in this thread,
         the first time: its code between the call's two fences; a
         routine the unit does not define (another unit's function, a
         callable not resolved) is an unknown call there, but for
         std::thread's own members (std::async's state joins its thread
         through call_once (flag, &thread::join, ...)) */
      if (wmm_once_call (stmt))
        {
          tree once = wmm_once_routine (stmt);
          int ounit = once ? wmm_unit_of (c->u, once) : -1;
          if (ounit >= 0)
            add_unit_call (c, ounit);
          else if (!once || !wmm_thread_lib_fn (once))
            add_unknown_call (c, "a once routine the unit does not define");
          add_fence (c, sync_call_fence (c, NULL));
        }
      goto lhs;
    }
  if (wmm_lib_call_is_private (fndecl, name))
    {
      /* (the C++ run time's entries: its own objects only) */
      if (name && wmm_lib_is_private (name) && wmm_c_library_fn (fndecl))
        private_call_args (c, stmt, name);
      goto lhs;
    }
  /* Library functions of the tables (libfns.cc, zlibfns.cc): what they
     read and write of the program's memory. */
  if (name && fndecl && wmm_unit_of (c->u, fndecl) < 0
      && DECL_EXTERNAL (fndecl) && !DECL_STRUCT_FUNCTION (fndecl))
    {
      /* read (fd, buf, n): a write of *buf, nothing else of the program. */
      unsigned reads, writes;
      if (wmm_lib_arg_touch_at (name, stmt, &reads, &writes))
        {
          tree fntype = gimple_call_fntype (stmt);
          tree parms = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
          for (unsigned i = 0; i < gimple_call_num_args (stmt) && i < 32; i++)
            {
              tree declared = parms ? TREE_VALUE (parms) : NULL_TREE;
              if (parms)
                parms = TREE_CHAIN (parms);
              /* (a null pointer: nothing there is read or written, as
                 strtod (s, NULL) stores no end) */
              if (integer_zerop (gimple_call_arg (stmt, i))
                  || !POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (stmt, i))))
                continue;
              int from = c->t->ncode;
              bool extent = wmm_lib_pointee_bytes (stmt, i) < 0;
              if ((reads >> i) & 1)
                ptr_access (c, arg (stmt, i), false, extent);
              /* `printf ("%s", e->name)`: only the char array member */
              if (string_read (c, stmt, name, i, reads, writes, from))
                continue;
              if ((writes >> i) & 1)
                ptr_access (c, arg (stmt, i), true, extent);
              /* `event_del (&c->event)`: the struct event member of *c */
              set_alias (c, from, wmm_tbaa_of_record_arg (arg (stmt, i),
                                                          declared));
            }
          goto lhs;
        }
      /* deflate (&strm, flush): the stream read and written, the bytes
         at strm.next_in read and at strm.next_out written; the reads
         first (no store before a load inside the call, where no fence
         can go, as with an unknown call's stand-in) */
      bool in, out;
      if (wmm_zlib_stream_call (name, stmt, &in, &out) && (in || out))
        {
          ptr_access (c, arg (stmt, 0), false);
          if (in)
            zlib_buffer_access (c, stmt, false);
          ptr_access (c, arg (stmt, 0), true);
          if (out)
            zlib_buffer_access (c, stmt, true);
          goto lhs;
        }
    }
  /* std::istream's input into the program's memory (its stream is the
     library's): the number, characters or string it is given (a
     string's words are also read: its buffer may be reused) */
  if (wmm_istream_kind in = wmm_istream_input (fndecl))
    {
      if (gimple_call_num_args (stmt) > 1
          && !integer_zerop (gimple_call_arg (stmt, 1)))
        {
          if (in == WMM_ISTREAM_STRING)
            ptr_access (c, arg (stmt, 1), false);
          ptr_access (c, arg (stmt, 1), true);
        }
      goto lhs;
    }
  /* std::string's members compiled into libstdc++: what their pointer
     arguments reach, read, and written unless the parameter points to
     const (a const member's `this`: `s.compare ("x")`, `s.find (t)`) */
  if (wmm_std_string_member (fndecl))
    {
      tree parms = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
      for (unsigned i = 0; i < gimple_call_num_args (stmt);
           i++, parms = parms ? TREE_CHAIN (parms) : NULL_TREE)
        if (POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (stmt, i)))
            && !integer_zerop (gimple_call_arg (stmt, i)))
          {
            tree declared = parms ? TREE_VALUE (parms) : NULL_TREE;
            ptr_access (c, arg (stmt, i), false);
            if (!declared || !POINTER_TYPE_P (declared)
                || !TYPE_READONLY (TREE_TYPE (declared)))
              ptr_access (c, arg (stmt, i), true);
          }
      goto lhs;
    }
  if (fndecl && !gimple_vuse (stmt))
    goto lhs;   /* const function: no memory */
  if (node_helper_call (c, fndecl) || scalar_object_call (c, stmt, fndecl))
    goto lhs;
  /* strtok_r (NULL, delim, &save) going on cutting a private string:
     what it reads of delim (its state and the string are private) */
  if (fndecl && wmm_strtok_private (stmt))
    {
      ptr_access (c, arg (stmt, 1), false);
      goto lhs;
    }
  {
    /* C++ complete-object constructors and destructors are aliases of
       the base-object bodies (std::thread's: collected as its own code,
       thread_lib_fn): the body is the callee. */
    tree body = fndecl ? wmm_alias_target (fndecl) : NULL_TREE;
    if (body != fndecl
        && (wmm_thread_lib_fn (body) || wmm_unit_of (c->u, body) >= 0))
      fndecl = body;
    int unit = fndecl ? wmm_unit_of (c->u, fndecl) : -1;
    if (unit >= 0 && inline_call (c, stmt, fndecl))
      goto lhs;
    if (!fndecl && add_resolved_call (c, stmt))
      goto lhs;
    if (unit >= 0)
      add_unit_call (c, unit);
    else if (fndecl && fndecl_built_in_p (fndecl)
             && !gimple_vdef (stmt))
      ;   /* a builtin that only reads memory that is not shared data */
    else if (lib && (fndecl || !wmm_foreign_callable (c->u)))
      ;   /* std::thread's call of its callable (thread_lib_fn) */
    else if (!fndecl && wmm_stream_virtual_call (stmt))
      ;   /* a library facet's or stream buffer's own virtual member */
    else
      add_unknown_call (c, name ? name : "indirect call");
  }
lhs:
  add_callbacks (c, stmt);
  tree lhs = gimple_call_lhs (stmt);
  if (lhs && !is_gimple_reg (lhs) && TREE_CODE (lhs) != SSA_NAME
      && !lib)
    add_plain (c, lhs, true, NULL);
}

/* Does an asm statement clobber "memory"? */
bool
asm_clobbers_memory (gasm *stmt)
{
  for (unsigned i = 0; i < gimple_asm_nclobbers (stmt); i++)
    {
      tree cl = TREE_VALUE (gimple_asm_clobber_op (stmt, i));
      if (!strcmp (TREE_STRING_POINTER (cl), "memory"))
        return true;
    }
  return false;
}

/* An x86 locked instruction as the model sees it: a locked RMW (a full
 * fence) on x86 models, a RMW between full fences on the others. */
void
add_locked_rmw (collector *c, wmm_instr *in, int loc, char *name, int width)
{
  switch (c->model)
    {
    case WMM_MODEL_POWER: case WMM_MODEL_ARMV7: case WMM_MODEL_ARMV8:
      add_fence (c, full_fence (c->model));
      add (c, in, -1, name);
      add_fence (c, full_fence (c->model));
      return;
    default:
      add_atomic (c, ACC_RMW, MEMMODEL_SEQ_CST, loc, name, width, in->a,
                  WMM_ALU_SECOND);
      return;
    }
}

/* The RMW instruction of a recognised atomic asm on `mem` (nothing when
 * mem is not shared: then a locked instruction is only a full fence). */
void
add_asm_rmw_access (collector *c, tree mem, wmm_asm_class cls,
                    unsigned flags, bool isync_after)
{
  int loc = -1, width = 0;
  char *name = NULL;
  if (!wmm_shared_ref (c->u, mem, &loc, &name, &width))
    {
      if (cls == WMM_ASM_LOCKED)
        add_fence (c, full_fence (c->model));
      return;
    }
  wmm_instr in = make (c, WMM_OP_RMW);
  set_addr (&in, loc, width);
  in.a = value_operand (c, NULL);
  in.alu = WMM_ALU_SECOND;
  in.flags = flags;
  if (isync_after)
    {
      if (c->reg_tmp < 0)
        c->reg_tmp = wmm_thread_reg (c->t, "r");
      in.dst = c->reg_tmp;
    }
  if (cls == WMM_ASM_LOCKED)
    add_locked_rmw (c, &in, loc, name, width);
  else
    add (c, &in, -1, name);
}

/* A recognised atomic asm: its fences in text order, with the one RMW of
 * `mem` where the locked instruction or the first load-linked is; an isync
 * after it on Power follows the store-conditional's branch (ctrl+isync, as
 * GCC's own acquire RMW). */
void
add_asm_rmw (collector *c, tree mem, const vec<wmm_asm_insn> &insns,
             bool clobbers_memory)
{
  unsigned flags = 0;
  int first = -1;
  bool isync_after = false;
  for (unsigned k = 0; k < insns.length (); k++)
    {
      wmm_asm_class cls = insns[k].cls;
      flags |= insns[k].flags;
      if (first < 0 && (cls == WMM_ASM_LOCKED || cls == WMM_ASM_LL))
        first = k;
      isync_after |= first >= 0 && insns[k].fence == WMM_FENCE_ISYNC
                     && c->model == WMM_MODEL_POWER;
    }
  if (clobbers_memory)
    add_fence (c, WMM_FENCE_COMPILER);
  int rmw_idx = -1;
  for (unsigned k = 0; k < insns.length (); k++)
    {
      if ((int) k == first)
        {
          int before = c->t->ncode;
          add_asm_rmw_access (c, mem, insns[k].cls, flags, isync_after);
          rmw_idx = c->t->ncode > before ? before : -1;
        }
      else if (insns[k].cls != WMM_ASM_FENCE)
        continue;
      else if (insns[k].fence == WMM_FENCE_ISYNC && isync_after
               && (int) k > first && rmw_idx >= 0)
        add_ctrl_isync (c, c->reg_tmp);
      else
        add_fence (c, insns[k].fence);
    }
  if (clobbers_memory)
    add_fence (c, WMM_FENCE_COMPILER);
}

/* An asm statement: memory operands, fence instructions, "memory"; an
 * atomic RMW when asm.cc recognises one. */
void
handle_asm (collector *c, gasm *stmt)
{
  auto_vec<wmm_asm_insn> insns;
  tree rmw = wmm_asm_parse (stmt, c->model, &insns);
  bool clobbers_memory = asm_clobbers_memory (stmt);
  if (rmw)
    {
      add_asm_rmw (c, rmw, insns, clobbers_memory);
      return;
    }
  /* What its instructions reach through register operands ("(%0)",
     "[%0]"): reads and writes by the instruction's kind, on both sides of
     its fences (their order in the text is not followed). */
  auto_vec<wmm_asm_deref> derefs;
  bool unknown = wmm_asm_derefs (stmt, &derefs);
  /* (a streaming store in the text: every store of the asm may be it) */
  unsigned stream = 0;
  for (const wmm_asm_insn &k : insns)
    stream |= k.flags & WMM_ACC_STREAM;
  int first = c->t->ncode;
  auto reach = [&] () {
    for (const wmm_asm_deref &d : derefs)
      {
        if (d.mode & 1)
          ptr_access (c, d.ptr, false);
        if (d.mode & 2)
          ptr_access (c, d.ptr, true);
      }
    if (unknown)
      add_unknown_call (c, "asm");
  };
  reach ();
  for (unsigned i = 0; i < gimple_asm_ninputs (stmt); i++)
    {
      tree v = TREE_VALUE (gimple_asm_input_op (stmt, i));
      if (!is_gimple_reg (v) && !is_gimple_min_invariant (v)
          && TREE_CODE (v) != SSA_NAME)
        add_plain (c, v, false, NULL);
    }
  bool fenced = false;
  for (const wmm_asm_insn &k : insns)
    if (k.fence != WMM_FENCE_NONE)
      {
        add_fence (c, k.fence);
        fenced = true;
      }
  if (!fenced && clobbers_memory)
    add_fence (c, WMM_FENCE_COMPILER);
  if (fenced)
    reach ();
  for (unsigned i = 0; i < gimple_asm_noutputs (stmt); i++)
    {
      tree v = TREE_VALUE (gimple_asm_output_op (stmt, i));
      if (!is_gimple_reg (v) && TREE_CODE (v) != SSA_NAME)
        add_plain (c, v, true, NULL);
    }
  for (int k = first; k < c->t->ncode && stream; k++)
    if (c->t->code[k].op == WMM_OP_STORE)
      c->t->code[k].flags |= stream;
}

/* One statement. */
void note_scalar_load (collector *c, gimple *stmt);

void
handle_stmt (collector *c, gimple *stmt)
{
  c->stmt = stmt;
  c->group_first = c->t->ncode;
  expanded_location xl = expand_location (gimple_location (stmt));
  c->pos.file = xl.file ? wmm_program_file (c->u->prog, xl.file) : -1;
  c->pos.line = xl.line;
  c->pos.col = xl.column;
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      if (gimple_clobber_p (stmt) || thread_lib_stmt (c, stmt)
          || wait_lib_stmt (c, stmt))
        return;
      if (gimple_assign_load_p (stmt))
        {
          add_plain (c, gimple_assign_rhs1 (stmt), false, NULL);
          note_scalar_load (c, stmt);
        }
      if (gimple_store_p (stmt))
        add_plain (c, gimple_assign_lhs (stmt), true,
                   gimple_assign_single_p (stmt)
                   ? gimple_assign_rhs1 (stmt) : NULL);
      return;
    case GIMPLE_CALL:
      handle_call (c, as_a<gcall *> (stmt));
      {
        tree fn = gimple_call_fndecl (stmt);
        int w;
        if (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL)
            && in_run (DECL_FUNCTION_CODE (fn), BUILT_IN_ATOMIC_LOAD_N, &w))
          note_scalar_load (c, stmt);
      }
      return;
    case GIMPLE_ASM:
      handle_asm (c, as_a<gasm *> (stmt));
      return;
    default:
      return;
    }
}

/* Remember the LOAD of a load statement (or an __atomic_load) into a
 * scalar SSA name (one access, fences at most beside it), for the value
 * guards of the branches on it. */
void
note_scalar_load (collector *c, gimple *stmt)
{
  tree lhs = gimple_get_lhs (stmt);
  if (!c->loads || !lhs || TREE_CODE (lhs) != SSA_NAME
      || !(INTEGRAL_TYPE_P (TREE_TYPE (lhs))
           || POINTER_TYPE_P (TREE_TYPE (lhs))))
    return;
  int load = -1;
  for (int k = c->group_first; k < c->t->ncode; k++)
    {
      /* (fences, and Power's ctrl+isync of an acquire load: cmp r,r;
         beq .+1; isync) */
      const wmm_instr *in = &c->t->code[k];
      if (in->op == WMM_OP_FENCE || in->op == WMM_OP_CMP
          || (in->op == WMM_OP_BRANCH && in->target == k + 1))
        continue;
      if (c->t->code[k].op != WMM_OP_LOAD || load >= 0)
        return;
      load = k;
    }
  if (load >= 0)
    c->loads->put (stmt, load_src { load, NULL_TREE, NULL });
}

/* Is t a one-bit truth value? */
bool
truth_type_p (tree t)
{
  return TREE_CODE (t) == BOOLEAN_TYPE
         || (INTEGRAL_TYPE_P (t) && TYPE_PRECISION (t) == 1);
}

/* Trace the condition "(t == *k) xor *neg" back to a remembered load L:
 * the index of its LOAD, with *k and *neg rewritten so that the
 * condition is "(L == *k) xor *neg"; -1 when t is not such a value.
 * Steps: conversions that keep values apart, conversions to a truth
 * value, logical not of a truth value, comparisons with a constant, and
 * the value a callee collected at a call site returns.  `end` ends the
 * trace at a callee's load statement (LOAD end_idx); NULL: at a load of
 * the function's own map. */
int
trace_guard (collector *c, tree t, tree *k, bool *neg, gimple *end,
             int end_idx, int depth)
{
  if (depth > 8 || TREE_CODE (t) != SSA_NAME || TREE_CODE (*k) != INTEGER_CST)
    return -1;
  gimple *d = SSA_NAME_DEF_STMT (t);
  if (end && d == end)
    return end_idx;
  load_src *src = end ? NULL : c->loads->get (d);
  if (src && !src->ret)
    return src->idx;
  if (src)
    return types_compatible_p (TREE_TYPE (t), TREE_TYPE (src->ret))
           ? trace_guard (c, src->ret, k, neg, src->load, src->idx, depth + 1)
           : -1;
  if (!is_gimple_assign (d) || TREE_CODE (gimple_assign_rhs1 (d)) != SSA_NAME)
    return -1;
  enum tree_code code = gimple_assign_rhs_code (d);
  tree s0 = gimple_assign_rhs1 (d), type = TREE_TYPE (t), t0 = TREE_TYPE (s0);
  bool zero = integer_zerop (*k), one = integer_onep (*k);
  if (CONVERT_EXPR_CODE_P (code) && POINTER_TYPE_P (type)
      && (INTEGRAL_TYPE_P (t0) || POINTER_TYPE_P (t0))
      && TYPE_PRECISION (type) == TYPE_PRECISION (t0) && zero)
    {
      /* (T *) s0 == 0  is  s0 == 0 (a pointer made from a word) */
      *k = build_int_cst (t0, 0);
      return trace_guard (c, s0, k, neg, end, end_idx, depth + 1);
    }
  if (!INTEGRAL_TYPE_P (type)
      || !(INTEGRAL_TYPE_P (t0) || POINTER_TYPE_P (t0)))
    return -1;
  if (CONVERT_EXPR_CODE_P (code) && truth_type_p (type))
    {
      /* (bool) s0 == k  is  (s0 == 0) xor (k == 1) */
      if (!zero && !one)
        return -1;
      *neg ^= one;
      *k = build_int_cst (t0, 0);
    }
  else if (CONVERT_EXPR_CODE_P (code))
    {
      if (!INTEGRAL_TYPE_P (t0) || TYPE_PRECISION (type) < TYPE_PRECISION (t0))
        return -1;
      tree k0 = fold_convert (t0, *k), back = fold_convert (type, k0);
      if (TREE_CODE (k0) != INTEGER_CST || TREE_CODE (back) != INTEGER_CST
          || !tree_int_cst_equal (back, *k))
        return -1;
      *k = k0;
    }
  else if ((code == BIT_NOT_EXPR
            || (code == BIT_XOR_EXPR
                && integer_onep (gimple_assign_rhs2 (d))))
           && truth_type_p (type) && truth_type_p (t0))
    {
      /* !s0 == k  is  s0 == 1 - k */
      if (!zero && !one)
        return -1;
      *k = build_int_cst (t0, zero ? 1 : 0);
    }
  else if ((code == EQ_EXPR || code == NE_EXPR) && truth_type_p (type)
           && TREE_CODE (gimple_assign_rhs2 (d)) == INTEGER_CST)
    {
      /* (s0 == k2) == k  is  (s0 == k2) xor (k == 0); != adds a not */
      if (!zero && !one)
        return -1;
      *neg ^= zero ^ (code == NE_EXPR);
      *k = gimple_assign_rhs2 (d);
    }
  else
    return -1;
  return trace_guard (c, s0, k, neg, end, end_idx, depth + 1);
}

/* After collecting c->fn: what its returns give back, when every return
 * gives the same value computed from one remembered load. */
void
note_returned_load (collector *c)
{
  c->has_ret_src = false;
  tree r = NULL_TREE;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (c->fn)->preds)
    {
      greturn *ret = safe_dyn_cast<greturn *> (last_stmt (e->src));
      tree v = ret ? gimple_return_retval (ret) : NULL_TREE;
      if (!v || (r && v != r))
        return;
      r = v;
    }
  /* back through the steps of trace_guard (it checks them) to a load,
     or to a callee of this one returning such a value as it is */
  tree v = r;
  for (int depth = 0; depth < 8 && v && TREE_CODE (v) == SSA_NAME; depth++)
    {
      gimple *d = SSA_NAME_DEF_STMT (v);
      if (load_src *src = c->loads->get (d))
        {
          if (!src->ret)
            c->ret_src = load_src { src->idx, r, d };
          else if (depth == 0
                   && types_compatible_p (TREE_TYPE (r), TREE_TYPE (src->ret)))
            c->ret_src = *src;
          else
            return;
          c->has_ret_src = true;
          return;
        }
      if (!is_gimple_assign (d))
        return;
      v = gimple_assign_rhs1 (d);
    }
}

/* Give the BRANCH at index br (to the first successor of c->bb's final
 * condition) the value guard of that condition, when it compares a
 * remembered load's value with a constant (ir.h, guard_load). */
void
add_value_guard (collector *c, int br, edge first)
{
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (c->bb));
  if (!cond || !c->loads || br < 0 || EDGE_COUNT (c->bb->succs) != 2
      || c->t->code[br].op != WMM_OP_BRANCH)
    return;
  enum tree_code code = gimple_cond_code (cond);
  tree v = gimple_cond_lhs (cond), k = gimple_cond_rhs (cond);
  if ((code != EQ_EXPR && code != NE_EXPR) || TREE_CODE (k) != INTEGER_CST)
    return;
  bool neg = code == NE_EXPR;
  int idx = trace_guard (c, v, &k, &neg, NULL, -1, 0);
  if (idx < 0 || TREE_CODE (k) != INTEGER_CST)
    return;
  if (first->flags & EDGE_FALSE_VALUE)
    neg = !neg;
  else if (!(first->flags & EDGE_TRUE_VALUE))
    return;
  wmm_instr *in = &c->t->code[br];
  in->guard_load = idx + 1;
  in->guard_cond = neg ? WMM_COND_NE : WMM_COND_EQ;
  in->guard_imm = (wmm_val) TREE_INT_CST_LOW (k);
}

/* Where control goes along CFG edge e: its destination, except for a
 * longjmp's abnormal edge into a setjmp receiver, which returns non-zero
 * there: when the receiver only tests the result against 0 (through
 * copies, conversions and __builtin_expect, over blocks with nothing else:
 * pthread_cleanup_push's `if (__not_first_call)`), the side a non-zero
 * result takes.  (Else the setjmp's code after a longjmp would run the
 * first return's way again, a loop no execution takes.) */
static basic_block
edge_target (edge e)
{
  basic_block bb = e->dest;
  if (!(e->flags & EDGE_ABNORMAL) || bb->index < NUM_FIXED_BLOCKS)
    return bb;
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  gcall *call = gsi_end_p (gsi) ? NULL
                : dyn_cast<gcall *> (gsi_stmt (gsi));
  if (!call || !(gimple_call_flags (call) & ECF_RETURNS_TWICE)
      || !gimple_call_lhs (call)
      || TREE_CODE (gimple_call_lhs (call)) != SSA_NAME)
    return bb;
  hash_set<tree> result;
  result.add (gimple_call_lhs (call));
  gsi_next (&gsi);
  for (int blocks = 0; blocks < 4; blocks++)
    {
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s))
            continue;
          if (gcond *cond = dyn_cast<gcond *> (s))
            {
              tree v = gimple_cond_lhs (cond);
              edge te, fe;
              if (!result.contains (v) || !integer_zerop (gimple_cond_rhs (cond))
                  || (gimple_cond_code (cond) != NE_EXPR
                      && gimple_cond_code (cond) != EQ_EXPR))
                return e->dest;
              extract_true_false_edges_from_block (gimple_bb (cond), &te, &fe);
              return gimple_cond_code (cond) == NE_EXPR ? te->dest : fe->dest;
            }
          tree lhs = gimple_get_lhs (s);
          if (!lhs || TREE_CODE (lhs) != SSA_NAME || gimple_vuse (s))
            return e->dest;
          bool from_result = false;
          if (is_gimple_assign (s)
              && (gimple_assign_ssa_name_copy_p (s)
                  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (s))))
            from_result = result.contains (gimple_assign_rhs1 (s));
          else if (gimple_call_builtin_p (s, BUILT_IN_EXPECT))
            from_result = result.contains (gimple_call_arg (s, 0));
          else
            return e->dest;
          if (from_result)
            result.add (lhs);
        }
      /* on to the one normal successor */
      basic_block cur = gsi_bb (gsi);
      edge only = NULL;
      edge x;
      edge_iterator ei;
      FOR_EACH_EDGE (x, ei, cur->succs)
        if (!(x->flags & (EDGE_ABNORMAL | EDGE_EH | EDGE_FAKE)))
          {
            if (only)
              return e->dest;
            only = x;
          }
      if (!only || only->dest->index < NUM_FIXED_BLOCKS
          || !single_pred_p (only->dest))
        return e->dest;
      gsi = gsi_after_labels (only->dest);
    }
  return e->dest;
}

/* Append glue instruction op (a branch or jump, its target set by the
 * caller) for the current block's end or edge e, with its site; its
 * index, or -1. */
static int
append_glue (collector *c, wmm_opkind op, edge e)
{
  wmm_instr in = wmm_instr_init (op);
  in.cond = op == WMM_OP_BRANCH ? WMM_COND_ANY : WMM_COND_ALWAYS;
  in.freq = c->freq;
  profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (c->fn)->count;
  if (e && e->count ().initialized_p () && entry.initialized_p ()
      && entry.nonzero_p ())
    in.freq = e->count ().to_sreal_scale (entry).to_double ();
  in.pos = c->pos;
  int idx = wmm_thread_append (c->t, &in);
  if (idx < 0)
    return -1;
  wmm_site s;
  memset (&s, 0, sizeof s);
  /* (an exceptional or abnormal edge cannot be split: its fences go
     where a block end's go, insert_at_end) */
  s.kind = e && op == WMM_OP_JUMP && !(e->flags & (EDGE_EH | EDGE_ABNORMAL))
           ? WMM_SITE_EDGE : WMM_SITE_BB_END;
  s.bb = c->bb;
  s.e = e;
  s.first = s.last = idx;
  s.operand = -1;
  set_context (c, &s);
  gimple *last = last_stmt (c->bb);
  s.loc = last ? gimple_location (last) : UNKNOWN_LOCATION;
  c->unit->sites.safe_push (s);
  return idx;
}

/* Append a glue instruction (BRANCH/JUMP) whose target is block `dest`
 * (EXIT = the end of the code); patched later.  Its index, or -1. */
int
add_glue (collector *c, wmm_opkind op, basic_block dest, edge e,
          vec<std::pair<int, basic_block> > *patch)
{
  int idx = append_glue (c, op, e);
  if (idx >= 0)
    patch->safe_push (std::make_pair (idx, dest));
  return idx;
}

/* The end of a thread's path at a call that does not come back
 * (halts.cc): a jump to itself, which reaches nothing after it.  Its
 * position is the block's end, after the call. */
static void
add_halt (collector *c)
{
  int idx = append_glue (c, WMM_OP_JUMP, NULL);
  if (idx >= 0)
    c->t->code[idx].target = idx;
}

/* Glue instruction `glue` (-1: none) jumps from block `from` to `to`: mark
 * it when that is a jump back to the head of a retry loop (retry.cc). */
static void
mark_retry (collector *c, int glue, const wmm_retry_loops &retry,
            basic_block from, basic_block to)
{
  if (glue >= 0 && retry.back_edge (from, to))
    c->t->code[glue].flags |= WMM_ACC_RETRY;
}

/* Does edge e enter a loop from outside (forward in the reverse postorder
 * `order`, to a block some edge reaches backward)?  Its JUMP, kept even
 * when the loop's head is laid out next, is a place for a fence that runs
 * once per entry rather than once per iteration (`while (!ready) ;` then
 * a loop over the data: the consumer's fence on the way in, not in the
 * data loop's head). */
static bool
loop_entry (edge e, const vec<int> &order)
{
  basic_block d = e->dest;
  if (d->index < NUM_FIXED_BLOCKS || e->src->index < NUM_FIXED_BLOCKS
      || order[e->src->index] >= order[d->index])
    return false;
  edge p;
  edge_iterator ei;
  FOR_EACH_EDGE (p, ei, d->preds)
    if (p->src->index >= NUM_FIXED_BLOCKS && wmm_followed_edge (p)
        && order[p->src->index] >= order[d->index])
      return true;
  return false;
}

/* Collect the blocks of c->fn (the unit's function, or a callee for one
 * call site) into c->t; its returns continue after its code.  `region`:
 * main's concurrent region (NULL: all of it runs concurrently). */
void
collect_blocks (collector *c, wmm_region *region)
{
  function *fn = c->fn;
  wmm_locks *locks = c->locks;
  /* (a callee collected for a call site keeps loads of its own) */
  hash_map<gimple *, load_src> loads, *outer_loads = c->loads;
  c->loads = &loads;
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  auto_vec<int> start;
  start.safe_grow_cleared (last_basic_block_for_fn (fn));
  auto_vec<int> order;
  order.safe_grow_cleared (last_basic_block_for_fn (fn));
  for (int k = 0; k < nrpo; k++)
    order[rpo[k]] = k;
  auto_vec<std::pair<int, basic_block> > patch;
  wmm_retry_loops retry;
  wmm_retry_find (fn, c->model, &retry);
  for (int k = 0; k < nrpo; k++)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[k]);
      c->bb = bb;
      c->freq = c->scale * wmm_bb_frequency (fn, bb);
      start[bb->index] = c->t->ncode;
      wmm_region_set state = region ? wmm_region_at (region, bb) : 1;
      c->held = wmm_locks_at (locks, bb);
      bool halted = false;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gimple *stmt = gsi_stmt (gsi);
          if (is_gimple_debug (stmt))
            continue;
          wmm_region_set next = region ? wmm_region_step (region, stmt, state)
                                       : state;
          tree routine;
          /* (a helper that starts threads, called while none runs: its
             code after its creates runs beside them) */
          bool starts_here = !state && next && is_gimple_call (stmt)
                             && !wmm_is_thread_create (stmt, &routine);
          if ((state || starts_here)
              && !(c->u->join_tails && c->u->join_tails->contains (stmt)))
            {
              wmm_locks_note_running (c->u, stmt);
              handle_stmt (c, stmt);
            }
          state = next;
          c->held = wmm_locks_step (locks, stmt, c->held);
          if (wmm_call_halts (stmt))
            {
              halted = true;
              break;
            }
        }
      c->held = 0;
      c->stmt = NULL;
      if (halted)
        {
          add_halt (c);
          continue;
        }
      /* Block end: BRANCH to all successors but the last, then JUMP to the
         last unless it is laid out next. */
      auto_vec<edge> succs;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (wmm_followed_edge (e))
          succs.safe_push (e);
      basic_block next = k + 1 < nrpo ? BASIC_BLOCK_FOR_FN (fn, rpo[k + 1])
                                      : EXIT_BLOCK_PTR_FOR_FN (fn);
      if (succs.is_empty ())
        {
          if (k + 1 < nrpo)
            add_glue (c, WMM_OP_JUMP, EXIT_BLOCK_PTR_FOR_FN (fn), NULL,
                      &patch);
          continue;
        }
      for (unsigned j = 0; j + 1 < succs.length (); j++)
        {
          int glue = add_glue (c, WMM_OP_BRANCH, edge_target (succs[j]),
                               NULL, &patch);
          mark_retry (c, glue, retry, bb, edge_target (succs[j]));
          if (glue >= 0 && succs.length () == 2)
            add_value_guard (c, glue, succs[0]);
        }
      edge last_e = succs.last ();
      basic_block last_dest = edge_target (last_e);
      if (last_dest != next || loop_entry (last_e, order))
        mark_retry (c, add_glue (c, WMM_OP_JUMP, last_dest,
                                 succs.length () >= 2 ? last_e : NULL, &patch),
                    retry, bb, last_dest);
    }
  for (auto &p : patch)
    c->t->code[p.first].target
      = p.second->index < NUM_FIXED_BLOCKS ? c->t->ncode : start[p.second->index];
  free (rpo);
  note_returned_load (c);
  c->loads = outer_loads;
}

/* Number of statements of fn, stopping past `max`. */
int
count_stmts (function *fn, int max)
{
  int n = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (!is_gimple_debug (gsi_stmt (gsi)) && ++n > max)
        return n;
  return n;
}

/* Does fn start, join or wait for threads, or jump non-locally?  (Its
 * calls then decide concurrency and stay calls.) */
bool
has_thread_calls (function *fn)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *g = gsi_stmt (gsi);
        tree f;
        if (is_gimple_call (g)
            && (wmm_is_thread_create (g, &f) || wmm_is_thread_join (g)
                || (gimple_call_flags (g) & ECF_RETURNS_TWICE)))
          return true;
      }
  return false;
}

/* Does argument a reach fewer objects than parameter parm of fn, which
 * every call's argument flows into (a helper given a thread's own heap
 * object here, another thread's elsewhere)?  Asked of the library's
 * templates only (an allocator's construct, an iterator's members), which
 * every container's code shares: a program's own helper collected per
 * call would pay a fence per copy where one in its body serves all. */
static bool
narrower_targets (function *fn, tree parm, tree a)
{
  tree d = parm && TREE_CODE (a) == SSA_NAME
           && DECL_IN_SYSTEM_HEADER (fn->decl)
           ? ssa_default_def (fn, parm) : NULL_TREE;
  int at = d ? wmm_pointer_targets (a) : 0;
  return at > 0 && at != 1 + wmm_threadlocal_targets (d);
}

/* A call to a small function of the unit that is given the address of
 * something the caller can name: collect the callee's code here, for this
 * call, its pointer parameters resolved through the arguments (a fence in
 * it is emitted in the callee, sound for every caller).  False: leave the
 * call as a CALL of the callee's code unit. */
bool
inline_call (collector *c, gcall *call, tree callee)
{
  if (c->depth >= c->u->opts->inline_depth || c->u->opts->nmarks)
    return false;
  for (int k = 0; k < c->depth; k++)
    if (c->inlined[k] == callee)
      return false;
  cgraph_node *node = cgraph_node::get (callee);
  function *fn = wmm_analysable_body (node);
  if (!fn || fn == c->unit->fn || fn == c->fn || !fn->cfg
      || !gimple_in_ssa_p (fn) || stdarg_p (TREE_TYPE (callee)))
    return false;
  /* (a machine intrinsic, _mm_stream_si128 (&block[i], v), always
     inlined and artificial: GCC inlines it at every call, so its fences
     belong where it is called) */
  bool known = DECL_IN_SYSTEM_HEADER (callee)
               && lookup_attribute ("always_inline", DECL_ATTRIBUTES (callee))
               && lookup_attribute ("artificial", DECL_ATTRIBUTES (callee));
  tree parm = DECL_ARGUMENTS (callee);
  for (unsigned i = 0; i < gimple_call_num_args (call) && !known;
       i++, parm = parm ? DECL_CHAIN (parm) : NULL_TREE)
    {
      tree a = gimple_call_arg (call, i);
      known = POINTER_TYPE_P (TREE_TYPE (a))
              && (wmm_pointer_resolves (a) || narrower_targets (fn, parm, a));
    }
  if (!known || count_stmts (fn, MAX_INLINE_STMTS) > MAX_INLINE_STMTS
      || has_thread_calls (fn))
    return false;
  /* The call site itself: a place of the caller's own (before the call
     statement), so that a pair from one call to the next can be ordered
     there instead of inside the callee, where every call runs the fence
     (and GCC copies it into each one it inlines). */
  wmm_instr site = make (c, WMM_OP_NOP);
  add (c, &site, -1, NULL);
  collector saved = *c;
  /* The callee's locks start from those held at the call. */
  wmm_locks *locks = wmm_locks_begin_from (c->u, fn, c->held);
  /* (the body's own parameters: a destructor called by its alias, D1
     for D2, names other PARM_DECLs) */
  wmm_memloc_bind (fn->decl, call);
  push_cfun (fn);
  c->sites[c->depth] = call;
  c->inlined[c->depth++] = callee;
  c->fn = fn;
  c->locks = locks;
  c->scale = saved.freq;
  c->thread_lib = wmm_thread_side_fn (callee)
                  && (saved.thread_lib || wmm_thread_lib_fn (callee));
  collect_blocks (c, NULL);
  tree lhs = gimple_call_lhs (call);
  if (c->has_ret_src && c->loads && lhs && TREE_CODE (lhs) == SSA_NAME)
    c->loads->put (call, c->ret_src);
  pop_cfun ();
  wmm_memloc_unbind ();
  wmm_locks_end (locks);
  c->fn = saved.fn;
  c->locks = saved.locks;
  c->scale = saved.scale;
  c->thread_lib = saved.thread_lib;
  c->depth = saved.depth;
  c->bb = saved.bb;
  c->freq = saved.freq;
  c->held = saved.held;
  c->stmt = saved.stmt;
  c->pos = saved.pos;
  c->group_first = saved.group_first;
  return true;
}

/* Collect one code unit. */
bool
collect_unit (wmm_unitinfo *u, wmm_unit *unit)
{
  collector c;
  memset (&c, 0, sizeof c);
  c.u = u;
  c.unit = unit;
  c.t = &u->prog->threads[unit->thread];
  c.model = u->model;
  c.reg_unknown = c.reg_tmp = -1;
  c.dep_dst = c.dep_base = -1;
  c.fn = unit->fn;
  c.scale = 1;
  c.thread_lib = wmm_thread_lib_fn (unit->fn->decl);
  push_cfun (unit->fn);
  wmm_region *region = unit->region ? wmm_region_begin (u, unit) : NULL;
  c.locks = wmm_locks_begin (u, unit->fn);
  collect_blocks (&c, region);
  for (int k = 0; k < c.nkeys; k++)
    free (c.keys[k].form);
  XDELETEVEC (c.keys);
  if (region)
    wmm_region_end (region);
  wmm_locks_end (c.locks);
  pop_cfun ();
  return true;
}

/* A printable, unique name for the code unit of a function. */
char *
unit_name (wmm_unitinfo *u, tree decl)
{
  const char *n = lang_hooks.decl_printable_name (decl, 1);
  char *name = xstrdup (n ? n : "fn");
  for (int k = 2; wmm_program_find_loc (u->prog, name) >= 0 || [&] {
         for (int t = 0; t < u->prog->nthreads; t++)
           if (!strcmp (u->prog->threads[t].name, name))
             return true;
         return false;
       } (); k++)
    {
      free (name);
      name = xasprintf ("%s'%d", n ? n : "fn", k);
    }
  return name;
}


/* One instruction's place key (see assign_places). */
struct place_key {
  uintptr_t where;     /* statement, block or edge */
  int kind, offset, size;
  int unit, index;
};

int
cmp_place_key (const void *x, const void *y)
{
  const place_key *a = (const place_key *) x, *b = (const place_key *) y;
  if (a->where != b->where)
    return a->where < b->where ? -1 : 1;
  if (a->kind != b->kind)
    return a->kind - b->kind;
  if (a->offset != b->offset)
    return a->offset - b->offset;
  if (a->size != b->size)
    return a->size - b->size;
  if (a->unit != b->unit)
    return a->unit - b->unit;
  return a->index - b->index;
}

/* Instructions that stand for the same place of the compiled code (the
 * same statement, block end or edge, at the same offset of a group of the
 * same shape: a callee's code collected for several call sites, and its
 * own code unit) get one place id (ir.h), so that one fence there counts
 * once and is emitted once. */
void
assign_places (wmm_unitinfo *u)
{
  auto_vec<place_key> keys;
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      for (unsigned i = 0; i < unit->sites.length (); i++)
        {
          const wmm_site &s = unit->sites[i];
          uintptr_t w = s.kind == WMM_SITE_STMT ? (uintptr_t) s.stmt
                        : s.kind == WMM_SITE_EDGE ? (uintptr_t) s.e
                        : (uintptr_t) s.bb;
          if (!w)
            continue;
          keys.safe_push (place_key { w, (int) s.kind, (int) i - s.first,
                                      s.last - s.first, (int) k, (int) i });
        }
    }
  keys.qsort (cmp_place_key);
  int next = 1;
  for (unsigned a = 0; a < keys.length ();)
    {
      unsigned b = a + 1;
      while (b < keys.length () && keys[b].where == keys[a].where
             && keys[b].kind == keys[a].kind
             && keys[b].offset == keys[a].offset
             && keys[b].size == keys[a].size)
        b++;
      if (b - a > 1)
        {
          for (unsigned k = a; k < b; k++)
            u->prog->threads[u->units[keys[k].unit].thread]
              .code[keys[k].index].place = next;
          next++;
        }
      a = b;
    }
}

/* The anonymous words of the memory unknown addresses may touch: words
 * of each alias set an access to an unknown address has (tbaa.cc: it may
 * touch those of the sets that conflict with its own), and the untyped
 * words when some access has no typed words to meet others on. */
void
add_anonymous_memory (wmm_unitinfo *u)
{
  bool untyped = false, overflow = false;
  /* Two rounds: the accesses' own classes first; then those of *p whose
     calls all pass known references take the classes of those references
     (`set (&s->a)`: s->a's) when there is room left, their own else. */
  for (int round = 0; round < 2; round++)
    for (unsigned k = 0; k < u->units.length (); k++)
      {
        const wmm_unit *unit = &u->units[k];
        const wmm_thread *t = &u->prog->threads[unit->thread];
        for (int i = 0; i < t->ncode && i < (int) unit->sites.length (); i++)
          {
            if (!wmm_instr_is_access (&t->code[i])
                || t->code[i].addr.loc_hint >= 0)
              continue;
            const wmm_site *site = &unit->sites[i];
            const vec<wmm_tbaa> *args = site->summary ? NULL
                                        : wmm_tbaa_args (site->tbaa);
            if ((args != NULL) != (round == 1))
              continue;
            if (args && classes_fit (u, *args))
              {
                bool objects = false;
                for (const wmm_tbaa &a : *args)
                  if (a.object)
                    objects = true;
                  else if (typed_anonymous_location (u, a, NULL_TREE, 0) < 0)
                    overflow = true;
                /* a declared object named only through pointers has no
                   location of its own: such accesses meet on the words of
                   their own class */
                if (!objects)
                  continue;
              }
            /* the reference of an assignment names the class */
            tree ref = site->operand >= 0 && site->stmt
                       && is_gimple_assign (site->stmt)
                       ? gimple_op (site->stmt, site->operand == 0 ? 0 : 1)
                       : NULL_TREE;
            if (site->summary
                || (site->tbaa.ref == 0 && !wmm_tbaa_member (site->tbaa)
                    && (!flag_strict_aliasing
                        || !wmm_anon_class_in (u, site->tbaa, false).site)))
              untyped = true;
            else if (typed_anonymous_location (u, site->tbaa, ref, 0) < 0)
              overflow = true;
          }
      }
  /* Accesses of a set without words meet on the untyped words; so do
     accesses of set 0 when there are no typed words. */
  if (!overflow && !(untyped && u->anon_typed.is_empty ()))
    return;
  for (int k = 0; k < ANON_LOCATIONS; k++)
    anonymous_location (u, k);
}

} // anon namespace

tree
wmm_std_scalar_object (gimple *stmt, tree fndecl)
{
  if (!fndecl || TREE_CODE (TREE_TYPE (fndecl)) != METHOD_TYPE
      || gimple_call_num_args (stmt) == 0 || !wmm_std_scalar_call (stmt))
    return NULL_TREE;
  tree self = gimple_call_arg (stmt, 0);
  if (!POINTER_TYPE_P (TREE_TYPE (self)))
    return NULL_TREE;
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
  tree type = args && POINTER_TYPE_P (TREE_VALUE (args))
              ? TYPE_MAIN_VARIANT (TREE_TYPE (TREE_VALUE (args))) : NULL_TREE;
  return type && TREE_CODE (type) == RECORD_TYPE && pointer_free_type (type)
         ? type : NULL_TREE;
}


bool
wmm_followed_edge (edge e)
{
  return !(e->flags & EDGE_FAKE);
}

void
wmm_note (wmm_unitinfo *u, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = xvasprintf (fmt, ap);
  va_end (ap);
  for (char *n : u->notes)
    if (!strcmp (n, s))
      {
        free (s);
        return;
      }
  u->notes.safe_push (s);
}

bool
wmm_collect (wmm_unitinfo *u)
{
  wmm_memloc_reset ();
  wmm_tbaa_reset ();
  wmm_memloc_resolved_calls (u->resolved_calls);
  wmm_reflocks_strengthen (u);
  wmm_threadlocal_analyse (u);
  wmm_private_analyse (u);
  wmm_omp_analyse (u);
  const char *file = wmm_unit_name ();
  u->prog = wmm_program_new (file, WMM_ARCH_GIMPLE);
  if (!u->prog)
    return false;
  wmm_program_file (u->prog, file);
  wmm_locks_analyse (u);
  /* Create every code unit first so that calls can name their targets. */
  for (unsigned i = 0; i < u->units.length (); i++)
    {
      wmm_unit *unit = &u->units[i];
      char *name = unit_name (u, unit->decl);
      unit->thread = wmm_program_thread (u->prog, name);
      free (name);
      if (unit->thread < 0)
        return false;
      wmm_thread *t = &u->prog->threads[unit->thread];
      t->entry = unit->entry;
      t->instances = unit->instances;
    }
  for (unsigned i = 0; i < u->units.length (); i++)
    if (!collect_unit (u, &u->units[i]))
      return false;
  wmm_locks_check_slots (u);
  wmm_memloc_fix_overlaps (u);
  add_anonymous_memory (u);
  if (!u->anon_classes.is_empty ())
    wmm_note (u, "heap memory by type: %d classes of anonymous words "
              "(shared heap memory is taken to be accessed with one type at "
              "a time; -fno-strict-aliasing turns this off)",
              (int) u->anon_classes.length ());
  if (u->lock_calls && !u->opts->locks_acqrel
      && (u->model == WMM_MODEL_POWER || u->model == WMM_MODEL_ARMV8))
    wmm_note (u, "lock and unlock calls are taken as full fences "
              "(locks=full); glibc's are acquire / release on %s: "
              "locks=acqrel credits only what they order",
              u->model == WMM_MODEL_POWER ? "Power" : "ARMv8");
  wmm_tbaa_apply (u);
  /* (before any access leaves the IR: every running write is there) */
  wmm_unpin_keys (u);
  wmm_publish_flags (u);
  wmm_publish_onces (u);
  wmm_dcl_one_writer (u);
  wmm_publish_guarded (u);
  wmm_publish_claims (u);
  wmm_publish_blind_counters (u);
  wmm_omp_mark_one_writer (u);
  wmm_omp_single_bodies (u);
  wmm_omp_taskwait_locals (u);
  wmm_publish_tso (u);
  wmm_publish_fresh (u);
  wmm_order_protected (u);
  wmm_lock_internals (u);
  wmm_swap_views (u);
  wmm_barrier_rounds (u);
  wmm_omp_row_views (u);
  wmm_omp_team_epochs (u);
  assign_places (u);
  return true;
}

void
wmm_unitinfo_free (wmm_unitinfo *u)
{
  for (unsigned i = 0; i < u->units.length (); i++)
    {
      for (unsigned k = 0; k < u->units[i].sites.length (); k++)
        free (u->units[i].sites[k].name);
      u->units[i].sites.release ();
    }
  u->units.release ();
  wmm_locks_free (u);
  u->lock_ids.release ();
  u->anon_classes.release ();
  u->anon_typed.release ();
  u->pinned_keys.release ();
  for (char *n : u->notes)
    free (n);
  u->notes.release ();
  if (u->prog)
    wmm_program_free (u->prog);
  u->prog = NULL;
  delete u->creators;
  u->creators = NULL;
  delete u->starters;
  delete u->fn_escapes;
  u->fn_escapes = NULL;
  u->starters = NULL;
  delete u->join_tails;
  u->join_tails = NULL;
  if (u->resolved_calls)
    for (auto r : *u->resolved_calls)
      r.second.release ();
  delete u->resolved_calls;
  u->resolved_calls = NULL;
  delete u->unit_index;
  u->unit_index = NULL;
  wmm_memloc_reset ();
  wmm_private_reset ();
  wmm_threadlocal_reset ();
  wmm_omp_reset ();
  wmm_libfns_reset ();
  wmm_confined_reset ();
  wmm_halts_reset ();
}
