/* check.cc — the `check` key: the unit's code, as GCC will compile it (with
 * the fences emit.cc inserted in mode=insert, as written in mode=report),
 * goes to the bounded model checker (bmc/bmc.h, wmm_bmc_verify) under the
 * model, and the verdict is a note and the JSON report's "check" object.
 *
 * The placement's IR (collect.cc) abstracts values away; the check needs
 * them, so this file builds a second, value-precise IR from GIMPLE: SSA
 * names and unshared scalar locals are registers, + - ^ & | and copies are
 * ALU/MOV instructions, other arithmetic gives a nondeterministic value,
 * conditions are CMP + BRANCH, PHIs are moves on the edges, calls to code
 * units pass "$argK" / "$ret" registers (bmc/inline.c inlines them).
 *   - assertion failure: __assert_fail, reach_error, __VERIFIER_error,
 *     abort, __VERIFIER_assert(0) store 1 to the location "__wmm_error" and
 *     halt the thread; the property is `exists [__wmm_error] = 1`.  With no
 *     such call the property is robustness (no execution SC forbids).  In
 *     a unit written to SV-COMP's conventions (it names reach_error,
 *     __VERIFIER_error or __VERIFIER_assert), abort() only halts the
 *     thread: there it states an assumption.
 *   - __VERIFIER_nondet_* give a nondeterministic value; __VERIFIER_assume
 *     halts the thread when false.
 *   - pthread_create / thrd_create add 1 to "__wmm_started"; a function
 *     some create starts waits for it (halts while it reads 0); a thread's
 *     end adds 1 to "__wmm_done"; the k-th join of a path halts unless it
 *     reads at least k (all seq_cst).  Mutex lock is an exchange of 1 that
 *     halts unless it read 0, unlock a store of 0; __VERIFIER_atomic_begin/
 *     end and calls of __VERIFIER_atomic_* functions are that on one lock
 *     "__wmm_atomic" (mutual exclusion between atomic sections).
 *   - an access of an address the plugin cannot resolve, an unknown call
 *     (calls=sound) or an asm read-modify-write make the verdict "unknown",
 *     with the reason: never a guess.
 * Halting a thread keeps the other threads running, so every real
 * execution is represented (the solver picks when a blocked read succeeds).
 *
 * Example:  gcc -fplugin=wmmfence -fplugin-arg-wmmfence-arch=power
 *             -fplugin-arg-wmmfence-mode=report -fplugin-arg-wmmfence-check
 *   note: wmmfence: check (power, mode=report): unsafe: assertion fails ...
 */
#include "plugin.h"
#include "file-prefix-map.h"
#include "bmc.h"
#include "litmus/litmus.h"

namespace {

/* Markers for the special locations (patched when the program is done). */
enum { SPECIAL_ERROR = -10, SPECIAL_STARTED = -11, SPECIAL_DONE = -12,
       SPECIAL_ATOMIC = -13, NSPECIAL = 4 };
const char *const special_names[NSPECIAL] = {
  "__wmm_error", "__wmm_started", "__wmm_done", "__wmm_atomic" };

/* Jump targets patched at the end of a unit. */
enum patch_kind { P_BLOCK, P_EPILOGUE, P_HALT, P_INDEX, P_BACK };

/* A fence of a candidate placement, where emit.cc would put it. */
enum planned_at { AT_BEFORE, AT_AFTER, AT_BB_END, AT_EDGE, AT_FN_END };
struct planned {
  planned_at at;
  gimple *stmt;
  basic_block bb;
  edge e;
  function *fn;
  wmm_fence kind;
};

struct patch {
  int idx;
  patch_kind kind;
  int arg;             /* block index / instruction index */
};

struct builder {
  wmm_unitinfo *u;
  wmm_program *p;
  wmm_thread *t;
  wmm_unit *unit;
  wmm_pos pos;
  vec<patch> patches;
  hash_set<tree> *started;   /* functions some create starts */
  bool has_error;            /* some assertion call was seen */
  bool abort_halts;          /* SV-COMP's conventions: abort() ends the
                                execution (an assumption), not an error */
  char *unsupported;         /* the first reason for "unknown" */
  int joins;                 /* register counting the joins on a path */
  int call_dst;              /* register for a call's result whose lhs is
                                memory (-1: the lhs is a register) */
  int *rpo_pos;              /* block index -> position in the layout */
  int cur_pos;               /* the block being laid out */
  const vec<planned> *plan;  /* fences not yet emitted (goal=assertions), or
                                NULL */
};

void fit_type (builder *b, int r, tree type);
void memory (builder *b, tree ref, bool store, int dst, wmm_operand val);

wmm_operand
imm (wmm_val v)
{
  wmm_operand o;
  memset (&o, 0, sizeof o);
  o.kind = WMM_OPND_IMM;
  o.imm = v;
  return o;
}

wmm_operand
reg (int r)
{
  wmm_operand o;
  memset (&o, 0, sizeof o);
  o.kind = WMM_OPND_REG;
  o.reg = r;
  return o;
}

void
unsupported (builder *b, const char *fmt, const char *what)
{
  if (b->unsupported)
    return;
  const char *file = b->pos.file >= 0 && b->pos.file < b->p->nfiles
                     ? b->p->files[b->pos.file] : "?";
  char *why = xasprintf (fmt, what);
  b->unsupported = xasprintf ("%s:%d: %s", file, b->pos.line, why);
  free (why);
}

int
emit (builder *b, wmm_instr in)
{
  in.pos = b->pos;
  int i = wmm_thread_append (b->t, &in);
  if (i < 0)
    unsupported (b, "%s", "out of memory");
  return i;
}

void
emit_jump (builder *b, wmm_opkind op, wmm_cond cond, patch_kind k, int arg)
{
  wmm_instr in = wmm_instr_init (op);
  in.cond = op == WMM_OP_JUMP ? WMM_COND_ALWAYS : cond;
  int i = emit (b, in);
  if (i >= 0)
    b->patches.safe_push ({ i, k, arg });
}

int
named_reg (builder *b, const char *name)
{
  int r = wmm_thread_reg (b->t, name);
  if (r < 0)
    unsupported (b, "%s", "out of memory");
  return r;
}

/* The register of an SSA name or an unshared scalar variable. */
int
tree_reg (builder *b, tree t)
{
  char buf[64];
  if (TREE_CODE (t) == SSA_NAME)
    snprintf (buf, sizeof buf, "_%u", SSA_NAME_VERSION (t));
  else
    snprintf (buf, sizeof buf, "v%u", DECL_UID (t));
  return named_reg (b, buf);
}

int
tmp_reg (builder *b)
{
  char buf[32];
  snprintf (buf, sizeof buf, "t%d", b->t->nregs);
  return named_reg (b, buf);
}

int
nondet (builder *b, int dst)
{
  wmm_instr in = wmm_instr_init (WMM_OP_NONDET);
  in.dst = dst;
  emit (b, in);
  return dst;
}

/* dst = a value the check does not model (an unmodelled operation, memory
 * it cannot name, an unknown function's result): any value, marked so
 * that a counterexample depending on it is not taken as evidence. */
int
abstract_value (builder *b, int dst)
{
  wmm_instr in = wmm_instr_init (WMM_OP_NONDET);
  in.dst = dst;
  in.flags = WMM_ACC_ABSTRACT;
  emit (b, in);
  return dst;
}

void
mov (builder *b, int dst, wmm_operand a)
{
  wmm_instr in = wmm_instr_init (WMM_OP_MOV);
  in.dst = dst;
  in.a = a;
  emit (b, in);
}

/* Is `t` a local scalar the other threads cannot see? */
bool
private_scalar (tree t)
{
  return (VAR_P (t) || TREE_CODE (t) == PARM_DECL
          || TREE_CODE (t) == RESULT_DECL)
         && !TREE_ADDRESSABLE (t) && !is_global_var (t)
         && (INTEGRAL_TYPE_P (TREE_TYPE (t))
             || POINTER_TYPE_P (TREE_TYPE (t)));
}

/* The value of an operand: a constant, a register, or a fresh
 * nondeterministic value. */
wmm_operand
value (builder *b, tree t)
{
  if (!t)
    return imm (0);
  if (TREE_CODE (t) == INTEGER_CST)
    return imm (tree_fits_shwi_p (t) ? tree_to_shwi (t)
                : (wmm_val) TREE_INT_CST_LOW (t));
  if (TREE_CODE (t) == SSA_NAME || private_scalar (t))
    return reg (tree_reg (b, t));
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      int loc, width;
      char *name = NULL;
      if (wmm_shared_ref (b->u, TREE_OPERAND (t, 0), &loc, &name, &width)
          && loc >= 0)
        {
          free (name);
          return imm (wmm_loc_addr (loc));
        }
      free (name);
    }
  return reg (abstract_value (b, tmp_reg (b)));
}

wmm_cond
cond_of (tree_code code)
{
  switch (code)
    {
    case EQ_EXPR: return WMM_COND_EQ;
    case NE_EXPR: return WMM_COND_NE;
    case LT_EXPR: return WMM_COND_LT;
    case LE_EXPR: return WMM_COND_LE;
    case GT_EXPR: return WMM_COND_GT;
    case GE_EXPR: return WMM_COND_GE;
    default: return WMM_COND_ANY;
    }
}

void
set_loc (wmm_instr *in, int loc, int width)
{
  in->addr.loc_hint = loc;
  in->addr.base = imm (loc >= 0 ? wmm_loc_addr (loc) : 0);
  if (width > 0)
    in->width = width;
}

/* A memory access of location loc (a special marker or an index). */
int
access (builder *b, wmm_opkind op, int loc, int dst, wmm_operand val,
        unsigned flags, wmm_alu alu)
{
  wmm_instr in = wmm_instr_init (op);
  set_loc (&in, loc, 0);
  in.dst = dst;
  in.a = val;
  in.flags = flags;
  in.alu = alu;
  return emit (b, in);
}

/* Store 1 to the error location and halt. */
void
assertion_fails (builder *b)
{
  b->has_error = true;
  access (b, WMM_OP_STORE, SPECIAL_ERROR, -1, imm (1), 0, WMM_ALU_ADD);
  emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_HALT, 0);
}

/* Halt unless register r compares `cond` with v. */
void
halt_unless (builder *b, wmm_operand a, wmm_cond cond, wmm_operand v)
{
  static const wmm_cond neg[] = {
    WMM_COND_ALWAYS, WMM_COND_NE, WMM_COND_EQ, WMM_COND_GE, WMM_COND_LT,
    WMM_COND_LE, WMM_COND_GT };
  wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
  cmp.a = a;
  cmp.b = v;
  emit (b, cmp);
  emit_jump (b, WMM_OP_BRANCH, neg[cond], P_HALT, 0);
}

unsigned
order_flags (enum memmodel mo)
{
  if (is_mm_seq_cst (mo))
    return WMM_ACC_ATOMIC;
  unsigned f = 0;
  if (is_mm_acquire (mo) || is_mm_acq_rel (mo) || is_mm_consume (mo))
    f |= WMM_ACC_ACQUIRE;
  if (is_mm_release (mo) || is_mm_acq_rel (mo))
    f |= WMM_ACC_RELEASE;
  return f;
}

wmm_fence
fence_of (enum memmodel mo)
{
  if (is_mm_seq_cst (mo))
    return WMM_FENCE_C_SEQ_CST;
  if (is_mm_acq_rel (mo))
    return WMM_FENCE_C_ACQ_REL;
  if (is_mm_acquire (mo) || is_mm_consume (mo))
    return WMM_FENCE_C_ACQUIRE;
  if (is_mm_release (mo))
    return WMM_FENCE_C_RELEASE;
  return WMM_FENCE_NONE;
}

void
fence (builder *b, wmm_fence f)
{
  if (f == WMM_FENCE_NONE)
    return;
  wmm_instr in = wmm_instr_init (WMM_OP_FENCE);
  in.fence = f;
  emit (b, in);
}

/* The planned fences of `at` for this statement, block, edge or function. */
void
planned_fences (builder *b, planned_at at, gimple *stmt, basic_block bb,
                edge e)
{
  if (!b->plan)
    return;
  for (const planned &f : *b->plan)
    if (f.at == at && f.stmt == stmt && f.bb == bb && f.e == e
        && (at != AT_FN_END || f.fn == cfun))
      fence (b, f.kind);
}

/* The location an atomic builtin's pointer names, or -1 (unknown). */
int
pointer_loc (builder *b, tree ptr)
{
  int loc;
  char *name = NULL;
  if (!wmm_shared_ptr (b->u, ptr, &loc, &name))
    loc = -2;                 /* not shared: private memory */
  free (name);
  if (loc == -1)
    unsupported (b, "%s", "an atomic access through a pointer the plugin "
                 "cannot resolve");
  return loc;
}

/* Lock: exchange 1, halt unless it read 0.  Unlock: store 0. */
void
lock_op (builder *b, int loc, bool lock)
{
  if (loc < 0 && loc > SPECIAL_ERROR)
    return;
  if (lock)
    {
      int r = tmp_reg (b);
      access (b, WMM_OP_RMW, loc, r, imm (1), WMM_ACC_ATOMIC, WMM_ALU_SECOND);
      halt_unless (b, reg (r), WMM_COND_EQ, imm (0));
    }
  else
    access (b, WMM_OP_STORE, loc, -1, imm (0), WMM_ACC_ATOMIC, WMM_ALU_ADD);
}

/* Does `name` start with `prefix`? */
bool
starts (const char *name, const char *prefix)
{
  return !strncmp (name, prefix, strlen (prefix));
}

/* Does the unit follow SV-COMP's conventions (its error is reach_error,
 * __VERIFIER_error or a failed __VERIFIER_assert)?  Then abort() is how
 * it states an assumption (assume_abort_if_not, `if (!c) abort();`): the
 * execution ends there, no error.  Any use of those names in the source,
 * macros included, is enough: the lexer has made their identifiers. */
bool
svcomp_unit (void)
{
  return maybe_get_identifier ("reach_error")
         || maybe_get_identifier ("__VERIFIER_error")
         || maybe_get_identifier ("__VERIFIER_assert");
}

bool
is_error_fn (const char *n)
{
  return !strcmp (n, "__assert_fail") || !strcmp (n, "reach_error")
         || !strcmp (n, "__VERIFIER_error") || !strcmp (n, "abort")
         || !strcmp (n, "__assert_perror_fail") || !strcmp (n, "__assert");
}

/* Sized builtins come in runs _N, _1, _2, _4, _8, _16. */
bool
in_run (int code, int first)
{
  return code >= first && code <= first + 5;
}

/* An __atomic / __sync builtin; false when `code` is none. */
bool
atomic_builtin (builder *b, gcall *stmt, int code)
{
  tree lhs = gimple_call_lhs (stmt);
  int dst = b->call_dst >= 0 ? b->call_dst
            : lhs && TREE_CODE (lhs) == SSA_NAME ? tree_reg (b, lhs) : -1;
  unsigned n = gimple_call_num_args (stmt);
  auto arg = [&] (unsigned i) { return i < n ? gimple_call_arg (stmt, i)
                                             : NULL_TREE; };
  auto order = [&] (unsigned i) { return wmm_order_arg (b->u, stmt, i); };
  if (code == BUILT_IN_ATOMIC_THREAD_FENCE)
    return fence (b, fence_of (order (0))), true;
  if (code == BUILT_IN_SYNC_SYNCHRONIZE)
    return fence (b, WMM_FENCE_C_SEQ_CST), true;
  if (code == BUILT_IN_ATOMIC_SIGNAL_FENCE)
    return true;
  int loc;
  if (in_run (code, BUILT_IN_ATOMIC_LOAD_N))
    {
      if ((loc = pointer_loc (b, arg (0))) >= 0)
        access (b, WMM_OP_LOAD, loc, dst, imm (0), order_flags (order (1)),
                WMM_ALU_ADD);
      else if (dst >= 0)
        abstract_value (b, dst);
      return true;
    }
  if (in_run (code, BUILT_IN_ATOMIC_STORE_N))
    {
      if ((loc = pointer_loc (b, arg (0))) >= 0)
        access (b, WMM_OP_STORE, loc, -1, value (b, arg (1)),
                order_flags (order (2)), WMM_ALU_ADD);
      return true;
    }
  static const struct { int first; wmm_alu alu; bool fetch_first; } runs[] = {
    { BUILT_IN_ATOMIC_EXCHANGE_N, WMM_ALU_SECOND, true },
    { BUILT_IN_ATOMIC_FETCH_ADD_N, WMM_ALU_ADD, true },
    { BUILT_IN_ATOMIC_FETCH_SUB_N, WMM_ALU_SUB, true },
    { BUILT_IN_ATOMIC_FETCH_AND_N, WMM_ALU_AND, true },
    { BUILT_IN_ATOMIC_FETCH_XOR_N, WMM_ALU_XOR, true },
    { BUILT_IN_ATOMIC_FETCH_OR_N, WMM_ALU_OR, true },
    { BUILT_IN_ATOMIC_ADD_FETCH_N, WMM_ALU_ADD, false },
    { BUILT_IN_ATOMIC_SUB_FETCH_N, WMM_ALU_SUB, false },
    { BUILT_IN_ATOMIC_AND_FETCH_N, WMM_ALU_AND, false },
    { BUILT_IN_ATOMIC_XOR_FETCH_N, WMM_ALU_XOR, false },
    { BUILT_IN_ATOMIC_OR_FETCH_N, WMM_ALU_OR, false },
  };
  for (auto &r : runs)
    if (in_run (code, r.first))
      {
        if ((loc = pointer_loc (b, arg (0))) < 0)
          {
            if (dst >= 0)
              abstract_value (b, dst);
            return true;
          }
        int old = tmp_reg (b);
        wmm_operand v = value (b, arg (1));
        access (b, WMM_OP_RMW, loc, old, v, order_flags (order (2)), r.alu);
        if (dst >= 0)
          {
            if (r.fetch_first)
              mov (b, dst, reg (old));
            else
              {
                wmm_instr in = wmm_instr_init (WMM_OP_ALU);
                in.dst = dst;
                in.a = reg (old);
                in.b = v;
                in.alu = r.alu;
                emit (b, in);
              }
          }
        return true;
      }
  static const struct { int first; wmm_alu alu; } sync_runs[] = {
    { BUILT_IN_SYNC_FETCH_AND_ADD_N, WMM_ALU_ADD },
    { BUILT_IN_SYNC_FETCH_AND_SUB_N, WMM_ALU_SUB },
    { BUILT_IN_SYNC_FETCH_AND_OR_N, WMM_ALU_OR },
    { BUILT_IN_SYNC_FETCH_AND_AND_N, WMM_ALU_AND },
    { BUILT_IN_SYNC_FETCH_AND_XOR_N, WMM_ALU_XOR },
    { BUILT_IN_SYNC_LOCK_TEST_AND_SET_N, WMM_ALU_SECOND },
  };
  for (auto &r : sync_runs)
    if (in_run (code, r.first))
      {
        if ((loc = pointer_loc (b, arg (0))) < 0)
          {
            if (dst >= 0)
              abstract_value (b, dst);
            return true;
          }
        access (b, WMM_OP_RMW, loc, dst >= 0 ? dst : tmp_reg (b),
                value (b, arg (1)), WMM_ACC_ATOMIC, r.alu);
        return true;
      }
  if (in_run (code, BUILT_IN_SYNC_LOCK_RELEASE_N))
    {
      if ((loc = pointer_loc (b, arg (0))) >= 0)
        access (b, WMM_OP_STORE, loc, -1, imm (0), WMM_ACC_RELEASE,
                WMM_ALU_ADD);
      return true;
    }
  bool sync_bool = in_run (code, BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_N);
  bool sync_val = in_run (code, BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_N);
  if (sync_bool || sync_val)
    {
      /* old = [p] (an RMW that writes old back unless it equals the
         expected value, then the new one). */
      if ((loc = pointer_loc (b, arg (0))) < 0)
        {
          if (dst >= 0)
            abstract_value (b, dst);
          return true;
        }
      wmm_operand expect = value (b, arg (1)), desired = value (b, arg (2));
      /* A load-exclusive / store-exclusive pair: the store happens only
         when the value matched and nothing intervened. */
      int old = tmp_reg (b), ok = tmp_reg (b);
      access (b, WMM_OP_LOAD_EX, loc, old, imm (0), WMM_ACC_ACQUIRE,
              WMM_ALU_ADD);
      mov (b, ok, imm (0));
      wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
      cmp.a = reg (old);
      cmp.b = expect;
      emit (b, cmp);
      int br = emit (b, wmm_instr_init (WMM_OP_BRANCH));
      int flag = tmp_reg (b);
      access (b, WMM_OP_STORE_EX, loc, flag, desired, WMM_ACC_RELEASE,
              WMM_ALU_ADD);
      /* A failed store-exclusive is a CAS that lost a race: halt (the
         solver can order the successful attempt instead). */
      halt_unless (b, reg (flag), WMM_COND_EQ, imm (0));
      mov (b, ok, imm (1));
      fence (b, WMM_FENCE_C_SEQ_CST);
      if (br >= 0)
        {
          b->t->code[br].cond = WMM_COND_NE;
          b->t->code[br].target = b->t->ncode;
        }
      if (dst >= 0)
        mov (b, dst, reg (sync_bool ? ok : old));
      return true;
    }
  if (in_run (code, BUILT_IN_ATOMIC_COMPARE_EXCHANGE_N))
    {
      unsupported (b, "%s", "__atomic_compare_exchange is not modelled by "
                   "the check yet");
      return true;
    }
  return false;
}

/* An x86 fence builtin, or a streaming store of a scalar (movnti): a
 * store flagged WMM_ACC_STREAM (x86fns.cc).  True when the call is one of
 * x86fns.cc's builtins (a vector stream or a streaming load: unsupported). */
bool
x86_builtin (builder *b, gcall *stmt, tree fndecl)
{
  wmm_fence f = wmm_x86_fence_builtin (fndecl, b->u->model);
  if (f != WMM_FENCE_NONE)
    {
      fence (b, f);
      return true;
    }
  bool store = false;
  int a = wmm_x86_stream_access (fndecl, &store);
  if (a < 0)
    return false;
  tree ptr = gimple_call_num_args (stmt) >= 2 ? gimple_call_arg (stmt, 0)
             : NULL_TREE;
  tree v = ptr ? gimple_call_arg (stmt, 1) : NULL_TREE;
  if (!store || a != 0 || !v || !INTEGRAL_TYPE_P (TREE_TYPE (v))
      || !POINTER_TYPE_P (TREE_TYPE (ptr)))
    {
      unsupported (b, "%s", "a vector or streaming load builtin");
      return true;
    }
  int from = b->t->ncode;
  memory (b, build_simple_mem_ref (ptr), true, -1, value (b, v));
  for (int k = from; k < b->t->ncode; k++)
    if (b->t->code[k].op == WMM_OP_STORE)
      b->t->code[k].flags |= WMM_ACC_STREAM;
  return true;
}

/* A call statement. */
void
call_stmt (builder *b, gcall *stmt)
{
  tree fndecl = gimple_call_fndecl (stmt);
  tree lhs = gimple_call_lhs (stmt);
  int dst = b->call_dst >= 0 ? b->call_dst
            : lhs && (TREE_CODE (lhs) == SSA_NAME || private_scalar (lhs))
            ? tree_reg (b, lhs) : -1;
  if (gimple_call_internal_p (stmt))
    {
      if (dst >= 0)
        abstract_value (b, dst);
      return;
    }
  if (!fndecl)
    {
      unsupported (b, "%s", "an indirect call");
      return;
    }
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL)
      && atomic_builtin (b, stmt, DECL_FUNCTION_CODE (fndecl)))
    return;
  if (fndecl_built_in_p (fndecl, BUILT_IN_MD) && x86_builtin (b, stmt, fndecl))
    return;
  /* a variable-length array's stack bookkeeping touches no user memory */
  if (fndecl_built_in_p (fndecl, BUILT_IN_STACK_SAVE)
      || fndecl_built_in_p (fndecl, BUILT_IN_STACK_RESTORE))
    return;
  if (b->abort_halts && !strcmp (name, "abort"))
    {
      emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_HALT, 0);
      return;
    }
  if (is_error_fn (name))
    {
      assertion_fails (b);
      return;
    }
  unsigned n = gimple_call_num_args (stmt);
  if (!strcmp (name, "__VERIFIER_assert") || !strcmp (name, "__VERIFIER_assume"))
    {
      if (!strcmp (name, "__VERIFIER_assert"))
        b->has_error = true;
      if (wmm_unit_of (b->u, fndecl) < 0 || !strcmp (name, "__VERIFIER_assume"))
        {
          wmm_operand c = value (b, n ? gimple_call_arg (stmt, 0) : NULL);
          wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
          cmp.a = c;
          cmp.b = imm (0);
          emit (b, cmp);
          if (!strcmp (name, "__VERIFIER_assume"))
            {
              emit_jump (b, WMM_OP_BRANCH, WMM_COND_EQ, P_HALT, 0);
              return;
            }
          int br = emit (b, wmm_instr_init (WMM_OP_BRANCH));
          assertion_fails (b);
          if (br >= 0)
            {
              b->t->code[br].cond = WMM_COND_NE;
              b->t->code[br].target = b->t->ncode;
            }
          return;
        }
    }
  if (starts (name, "__VERIFIER_nondet"))
    {
      /* any value of the function's return type */
      if (dst >= 0)
        {
          nondet (b, dst);
          fit_type (b, dst, gimple_call_return_type (stmt));
        }
      return;
    }
  if (!strcmp (name, "__VERIFIER_atomic_begin"))
    return lock_op (b, SPECIAL_ATOMIC, true);
  if (!strcmp (name, "__VERIFIER_atomic_end"))
    return lock_op (b, SPECIAL_ATOMIC, false);
  if (!strcmp (name, "pthread_create") || !strcmp (name, "thrd_create"))
    {
      access (b, WMM_OP_RMW, SPECIAL_STARTED, tmp_reg (b), imm (1),
              WMM_ACC_ATOMIC, WMM_ALU_ADD);
      if (dst >= 0)
        mov (b, dst, imm (0));
      return;
    }
  if (!strcmp (name, "pthread_join") || !strcmp (name, "thrd_join"))
    {
      if (b->joins < 0)
        b->joins = named_reg (b, "joins");
      wmm_instr add = wmm_instr_init (WMM_OP_ALU);
      add.dst = b->joins;
      add.a = reg (b->joins);
      add.b = imm (1);
      add.alu = WMM_ALU_ADD;
      emit (b, add);
      int d = tmp_reg (b);
      access (b, WMM_OP_LOAD, SPECIAL_DONE, d, imm (0), WMM_ACC_ATOMIC,
              WMM_ALU_ADD);
      halt_unless (b, reg (d), WMM_COND_GE, reg (b->joins));
      if (dst >= 0)
        mov (b, dst, imm (0));
      return;
    }
  bool lock = !strcmp (name, "pthread_mutex_lock")
              || !strcmp (name, "pthread_spin_lock") || !strcmp (name, "mtx_lock")
              || !strcmp (name, "omp_set_lock");
  bool unlock = !strcmp (name, "pthread_mutex_unlock")
                || !strcmp (name, "pthread_spin_unlock")
                || !strcmp (name, "mtx_unlock")
                || !strcmp (name, "omp_unset_lock");
  if (lock || unlock)
    {
      int loc = n ? pointer_loc (b, gimple_call_arg (stmt, 0)) : -1;
      if (loc >= 0)
        lock_op (b, loc, lock);
      else if (loc == -1 && n)
        unsupported (b, "%s", "a mutex the plugin cannot resolve");
      if (dst >= 0)
        mov (b, dst, imm (0));
      return;
    }
  int ui = wmm_unit_of (b->u, fndecl);
  if (ui >= 0)
    {
      bool atomic_fn = starts (name, "__VERIFIER_atomic_");
      if (atomic_fn)
        lock_op (b, SPECIAL_ATOMIC, true);
      for (unsigned i = 0; i < n; i++)
        {
          wmm_operand v = value (b, gimple_call_arg (stmt, i));
          char buf[32];
          snprintf (buf, sizeof buf, "$arg%u", i);
          mov (b, named_reg (b, buf), v);
        }
      wmm_instr call = wmm_instr_init (WMM_OP_CALL);
      call.target = b->u->units[ui].thread;
      emit (b, call);
      if (dst >= 0)
        mov (b, dst, reg (named_reg (b, "$ret")));
      if (atomic_fn)
        lock_op (b, SPECIAL_ATOMIC, false);
      return;
    }
  if (!strcmp (name, "exit") || !strcmp (name, "_exit")
      || !strcmp (name, "pthread_exit") || !strcmp (name, "thrd_exit"))
    {
      emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_HALT, 0);
      return;
    }
  if (wmm_lib_call_is_sync (fndecl, name))
    fence (b, WMM_FENCE_C_SEQ_CST);
  else if (!wmm_lib_call_is_private (fndecl, name) && !DECL_IS_MALLOC (fndecl)
           && b->u->opts->calls == WMM_CALLS_SOUND
           && !(flags_from_decl_or_type (fndecl) & (ECF_CONST | ECF_PURE)))
    unsupported (b, "a call to %s, whose code the unit does not have "
                 "(use -fwmm-calls=barrier to ignore it)", name);
  if (dst >= 0)
    abstract_value (b, dst);
}

/* Bring register r to what a value of integer type `type` can hold: the
 * low bits, sign-extended for a signed type (memory holds the low bits:
 * see memory ()). */
void
fit_type (builder *b, int r, tree type)
{
  if (!type || !INTEGRAL_TYPE_P (type) || TYPE_PRECISION (type) >= 64)
    return;
  unsigned prec = TYPE_PRECISION (type);
  wmm_val mask = (wmm_val) ((1ULL << prec) - 1);
  wmm_instr in = wmm_instr_init (WMM_OP_ALU);
  in.dst = r;
  in.a = reg (r);
  in.b = imm (mask);
  in.alu = WMM_ALU_AND;
  emit (b, in);
  if (TYPE_UNSIGNED (type))
    return;
  wmm_val sign = (wmm_val) (1ULL << (prec - 1));
  in.b = imm (sign);
  in.alu = WMM_ALU_XOR;
  emit (b, in);
  in.alu = WMM_ALU_SUB;
  emit (b, in);
}

/* A load into dst (-1: none) or a store of `val` through reference ref. */
void
memory (builder *b, tree ref, bool store, int dst, wmm_operand val)
{
  if (private_scalar (ref))
    {
      if (store)
        mov (b, tree_reg (b, ref), val);
      else if (dst >= 0)
        mov (b, dst, reg (tree_reg (b, ref)));
      return;
    }
  int loc, width;
  char *name = NULL;
  if (!wmm_shared_ref (b->u, ref, &loc, &name, &width))
    {
      free (name);
      if (!store && dst >= 0)
        abstract_value (b, dst);   /* private memory: any value */
      return;
    }
  free (name);
  unsigned flags = 0;
  tree type = TREE_TYPE (ref);
  if (store && INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) < 64)
    {
      /* memory holds the low bits */
      int t = tmp_reg (b);
      mov (b, t, val);
      fit_type (b, t, unsigned_type_for (type));
      val = reg (t);
    }
  if (loc >= 0)
    {
      access (b, store ? WMM_OP_STORE : WMM_OP_LOAD, loc, dst, val, flags,
              WMM_ALU_ADD);
      if (!store && dst >= 0)
        fit_type (b, dst, type);
      return;
    }
  /* A small array with a variable index: compare the index with each
     element's. */
  tree alts[16];
  int nalt = wmm_ref_alternatives (ref, alts, 16);
  tree idx = TREE_CODE (ref) == ARRAY_REF ? TREE_OPERAND (ref, 1) : NULL;
  int aloc[16];
  for (int k = 0; k < nalt; k++)
    {
      char *an = NULL;
      int w;
      if (!wmm_shared_ref (b->u, alts[k], &aloc[k], &an, &w) || aloc[k] < 0)
        nalt = 0;
      free (an);
    }
  if (nalt < 1 || !idx)
    {
      unsupported (b, "%s", "an access to an address the plugin cannot "
                   "resolve");
      return;
    }
  wmm_operand iv = value (b, idx);
  auto_vec<int> ends;
  for (int k = 0; k < nalt; k++)
    {
      wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
      cmp.a = iv;
      cmp.b = imm (k);
      emit (b, cmp);
      int br = emit (b, wmm_instr_init (WMM_OP_BRANCH));
      access (b, store ? WMM_OP_STORE : WMM_OP_LOAD, aloc[k], dst, val,
              flags, WMM_ALU_ADD);
      ends.safe_push (emit (b, wmm_instr_init (WMM_OP_JUMP)));
      if (br >= 0)
        {
          b->t->code[br].cond = WMM_COND_NE;
          b->t->code[br].target = b->t->ncode;
        }
    }
  /* An index out of the array's bounds: not modelled, the thread halts. */
  emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_HALT, 0);
  for (int e : ends)
    if (e >= 0)
      b->t->code[e].target = b->t->ncode;
  if (!store && dst >= 0)
    fit_type (b, dst, type);
}

/* A non-memory assignment lhs = rhs1 CODE rhs2. */
void
compute (builder *b, gassign *stmt, int dst)
{
  tree_code code = gimple_assign_rhs_code (stmt);
  wmm_operand a = value (b, gimple_assign_rhs1 (stmt));
  tree r2 = gimple_num_ops (stmt) > 2 ? gimple_assign_rhs2 (stmt) : NULL;
  wmm_instr in = wmm_instr_init (WMM_OP_ALU);
  in.dst = dst;
  in.a = a;
  switch (code)
    {
    case PLUS_EXPR: case POINTER_PLUS_EXPR: in.alu = WMM_ALU_ADD; break;
    case MINUS_EXPR: in.alu = WMM_ALU_SUB; break;
    case BIT_XOR_EXPR: in.alu = WMM_ALU_XOR; break;
    case BIT_AND_EXPR: in.alu = WMM_ALU_AND; break;
    case BIT_IOR_EXPR: in.alu = WMM_ALU_OR; break;
    case MULT_EXPR: in.alu = WMM_ALU_MUL; break;
    case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR:
      in.alu = TYPE_UNSIGNED (TREE_TYPE (gimple_assign_lhs (stmt)))
               ? WMM_ALU_UDIV : WMM_ALU_SDIV;
      break;
    case TRUNC_MOD_EXPR:
      in.alu = TYPE_UNSIGNED (TREE_TYPE (gimple_assign_lhs (stmt)))
               ? WMM_ALU_UREM : WMM_ALU_SREM;
      break;
    case LSHIFT_EXPR: in.alu = WMM_ALU_SHL; break;
    case RSHIFT_EXPR:
      in.alu = TYPE_UNSIGNED (TREE_TYPE (gimple_assign_rhs1 (stmt)))
               ? WMM_ALU_LSHR : WMM_ALU_ASHR;
      break;
    case MIN_EXPR: case MAX_EXPR:
      {
        /* dst = a, then b unless a is the smaller (larger); values fit
           their C types, so a signed comparison of the 64-bit registers
           orders every type narrower than 64 bits */
        wmm_operand y = value (b, r2);
        if (TYPE_UNSIGNED (TREE_TYPE (gimple_assign_lhs (stmt)))
            && TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (stmt))) >= 64)
          {
            abstract_value (b, dst);
            return;
          }
        wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
        cmp.a = a;
        cmp.b = y;
        emit (b, cmp);
        mov (b, dst, a);
        wmm_instr br = wmm_instr_init (WMM_OP_BRANCH);
        br.cond = code == MIN_EXPR ? WMM_COND_LE : WMM_COND_GE;
        br.target = b->t->ncode + 2;
        emit (b, br);
        mov (b, dst, y);
        return;
      }
    case NEGATE_EXPR:
      in.a = imm (0);
      in.b = a;
      in.alu = WMM_ALU_SUB;
      emit (b, in);
      fit_type (b, dst, TREE_TYPE (gimple_assign_lhs (stmt)));
      return;
    case BIT_NOT_EXPR:
      /* ~ of a bool (precision 1) is !; of an unsigned narrow type, its
         low bits */
      in.b = imm (-1);
      in.alu = WMM_ALU_XOR;
      emit (b, in);
      fit_type (b, dst, TREE_TYPE (gimple_assign_lhs (stmt)));
      return;
    case TRUTH_NOT_EXPR:
      in.b = imm (1);
      in.alu = WMM_ALU_XOR;
      emit (b, in);
      return;
    case SSA_NAME: case INTEGER_CST: case NOP_EXPR: case CONVERT_EXPR:
    case VAR_DECL: case PARM_DECL: case ADDR_EXPR: case VIEW_CONVERT_EXPR:
      if (code == VIEW_CONVERT_EXPR || code == ADDR_EXPR)
        a = value (b, gimple_assign_rhs1 (stmt));
      mov (b, dst, a);
      /* a conversion wraps to the new type (not to bool: that is != 0) */
      if ((code == NOP_EXPR || code == CONVERT_EXPR)
          && TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (stmt))) > 1)
        fit_type (b, dst, TREE_TYPE (gimple_assign_lhs (stmt)));
      return;
    case EQ_EXPR: case NE_EXPR: case LT_EXPR: case LE_EXPR: case GT_EXPR:
    case GE_EXPR:
      {
        wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
        cmp.a = a;
        cmp.b = value (b, r2);
        emit (b, cmp);
        mov (b, dst, imm (1));
        wmm_instr br = wmm_instr_init (WMM_OP_BRANCH);
        br.cond = cond_of (code);
        br.target = b->t->ncode + 2;
        emit (b, br);
        mov (b, dst, imm (0));
        return;
      }
    case COND_EXPR:
      {
        /* dst = a ? r2 : r3 */
        wmm_operand x = value (b, r2), y = value (b, gimple_assign_rhs3 (stmt));
        wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
        cmp.a = a;
        cmp.b = imm (0);
        emit (b, cmp);
        mov (b, dst, x);
        wmm_instr br = wmm_instr_init (WMM_OP_BRANCH);
        br.cond = WMM_COND_NE;
        br.target = b->t->ncode + 2;
        emit (b, br);
        mov (b, dst, y);
        return;
      }
    default:
      abstract_value (b, dst);
      return;
    }
  in.b = value (b, r2);
  emit (b, in);
  /* + - ^ & | wrap to the type, as the machine computes them */
  if (TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (stmt))) > 1)
    fit_type (b, dst, TREE_TYPE (gimple_assign_lhs (stmt)));
}

/* The source locations behind the check program's positions, so that a
 * counterexample's events (in the BMC's flattened program, which keeps
 * only the positions) become a diagnostic path. */
struct pos_location {
  wmm_pos pos;
  location_t loc;
};
static vec<pos_location> pos_locations;

/* Set b->pos to where loc is, and remember loc for it. */
void
set_pos (builder *b, location_t loc)
{
  expanded_location xl = expand_location (loc);
  if (!xl.file)
    return;
  b->pos.file = wmm_program_file (b->p, xl.file);
  b->pos.line = xl.line;
  b->pos.col = xl.column;
  if (pos_locations.is_empty ()
      || memcmp (&pos_locations.last ().pos, &b->pos, sizeof b->pos))
    pos_locations.safe_push ({ b->pos, LOCATION_LOCUS (loc) });
}

/* The location of a position of the check program (UNKNOWN_LOCATION when
 * none was seen). */
location_t
location_of_pos (const wmm_pos *pos)
{
  for (unsigned k = 0; k < pos_locations.length (); k++)
    if (pos_locations[k].pos.file == pos->file && pos_locations[k].pos.line == pos->line
        && pos_locations[k].pos.col == pos->col)
      return pos_locations[k].loc;
  return UNKNOWN_LOCATION;
}

void
statement (builder *b, gimple *stmt)
{
  set_pos (b, gimple_location (stmt));
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      {
        gassign *as = as_a<gassign *> (stmt);
        if (gimple_clobber_p (stmt))
          return;
        tree lhs = gimple_assign_lhs (stmt);
        bool lhs_reg = TREE_CODE (lhs) == SSA_NAME || private_scalar (lhs);
        int dst = lhs_reg ? tree_reg (b, lhs) : -1;
        if (gimple_assign_load_p (stmt) && gimple_assign_single_p (stmt))
          {
            tree rhs = gimple_assign_rhs1 (stmt);
            if (lhs_reg)
              {
                memory (b, rhs, false, dst, imm (0));
                return;
              }
            /* memory to memory */
            int t = tmp_reg (b);
            memory (b, rhs, false, t, imm (0));
            memory (b, lhs, true, -1, reg (t));
            return;
          }
        if (lhs_reg)
          {
            compute (b, as, dst);
            return;
          }
        int t = tmp_reg (b);
        compute (b, as, t);
        memory (b, lhs, true, -1, reg (t));
        return;
      }
    case GIMPLE_CALL:
      {
        /* x = f () with x in memory: the result goes through a register
           (nondeterministic unless the call sets it), then to x. */
        tree lhs = gimple_call_lhs (stmt);
        if (!lhs || TREE_CODE (lhs) == SSA_NAME || private_scalar (lhs))
          {
            call_stmt (b, as_a<gcall *> (stmt));
            return;
          }
        int t = abstract_value (b, tmp_reg (b));
        b->call_dst = t;
        call_stmt (b, as_a<gcall *> (stmt));
        b->call_dst = -1;
        memory (b, lhs, true, -1, reg (t));
        return;
      }
    case GIMPLE_ASM:
      {
        auto_vec<wmm_asm_insn> insns;
        tree mem = wmm_asm_parse (as_a<gasm *> (stmt), b->u->model, &insns);
        if (mem)
          unsupported (b, "%s", "an asm read-modify-write");
        for (auto &i : insns)
          if (i.fence != WMM_FENCE_NONE)
            fence (b, i.fence);
        return;
      }
    case GIMPLE_RETURN:
      {
        tree rv = gimple_return_retval (as_a<greturn *> (stmt));
        if (rv)
          mov (b, named_reg (b, "$ret"), value (b, rv));
        return;
      }
    default:
      return;
    }
}

/* The PHI moves of edge e (parallel: through temporaries), then a jump to
 * its destination. */
void
edge_moves (builder *b, edge e)
{
  planned_fences (b, AT_EDGE, NULL, NULL, e);
  if (e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
    planned_fences (b, AT_FN_END, NULL, NULL, NULL);
  auto_vec<std::pair<int, int> > tmp;
  for (gphi_iterator gsi = gsi_start_phis (e->dest); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res))
        continue;
      int t = tmp_reg (b);
      mov (b, t, value (b, gimple_phi_arg_def (phi, e->dest_idx)));
      tmp.safe_push (std::make_pair (tree_reg (b, res), t));
    }
  for (auto &m : tmp)
    mov (b, m.first, reg (m.second));
  if (e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
    emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_EPILOGUE, 0);
  else if (b->rpo_pos[e->dest->index] <= b->cur_pos)
    /* A loop's back edge: through the loop's one backward jump, so that
       the bound counts iterations, whichever latch they end at. */
    emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_BACK, e->dest->index);
  else
    emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_BLOCK, e->dest->index);
}

/* Build the value-precise code of one function. */
void
build_unit (builder *b, wmm_unit *unit)
{
  b->unit = unit;
  b->t = &b->p->threads[unit->thread];
  b->patches.truncate (0);
  b->joins = -1;
  function *fn = unit->fn;
  push_cfun (fn);
  b->pos.file = -1;
  b->pos.line = b->pos.col = 0;
  set_pos (b, DECL_SOURCE_LOCATION (unit->decl));
  /* Prologue: started by a create?  Parameters from $argK. */
  if (unit->entry && b->started->contains (unit->decl))
    {
      int r = tmp_reg (b);
      access (b, WMM_OP_LOAD, SPECIAL_STARTED, r, imm (0), WMM_ACC_ATOMIC,
              WMM_ALU_ADD);
      halt_unless (b, reg (r), WMM_COND_NE, imm (0));
    }
  unsigned k = 0;
  for (tree parm = DECL_ARGUMENTS (unit->decl); parm;
       parm = DECL_CHAIN (parm), k++)
    {
      char buf[32];
      snprintf (buf, sizeof buf, "$arg%u", k);
      int a = named_reg (b, buf);
      /* main's arguments are the environment's; a thread's argument is
         what its create passed, which the check does not follow */
      if (unit->entry && MAIN_NAME_P (DECL_NAME (unit->decl)))
        nondet (b, a);
      else if (unit->entry)
        abstract_value (b, a);
      tree def = ssa_default_def (fn, parm);
      if (def)
        mov (b, tree_reg (b, def), reg (a));
      else if (private_scalar (parm))
        mov (b, tree_reg (b, parm), reg (a));
    }
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fn));
  int nrpo = pre_and_rev_post_order_compute_fn (fn, NULL, rpo, false);
  auto_vec<int> start;
  start.safe_grow_cleared (last_basic_block_for_fn (fn));
  auto_vec<int> pos, back;
  pos.safe_grow_cleared (last_basic_block_for_fn (fn));
  back.safe_grow_cleared (last_basic_block_for_fn (fn));
  for (int i = 0; i < nrpo; i++)
    pos[rpo[i]] = i;
  b->rpo_pos = pos.address ();
  for (int i = 0; i < nrpo; i++)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fn, rpo[i]);
      b->cur_pos = i;
      start[bb->index] = b->t->ncode;
      gimple *last = NULL;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gimple *stmt = gsi_stmt (gsi);
          if (is_gimple_debug (stmt))
            continue;
          last = stmt;
          planned_fences (b, AT_BEFORE, stmt, NULL, NULL);
          if (gimple_code (stmt) != GIMPLE_COND)
            statement (b, stmt);
          if (gimple_code (stmt) != GIMPLE_COND)
            planned_fences (b, AT_AFTER, stmt, NULL, NULL);
        }
      planned_fences (b, AT_BB_END, NULL, bb, NULL);
      auto_vec<edge> succs;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (wmm_followed_edge (e))
          succs.safe_push (e);
      if (succs.is_empty ())
        {
          emit_jump (b, WMM_OP_JUMP, WMM_COND_ALWAYS, P_HALT, 0);
          continue;
        }
      if (last && gimple_code (last) == GIMPLE_COND && succs.length () == 2)
        {
          gcond *c = as_a<gcond *> (last);
          edge te, fe;
          extract_true_false_edges_from_block (bb, &te, &fe);
          wmm_instr cmp = wmm_instr_init (WMM_OP_CMP);
          cmp.a = value (b, gimple_cond_lhs (c));
          cmp.b = value (b, gimple_cond_rhs (c));
          emit (b, cmp);
          int br = emit (b, wmm_instr_init (WMM_OP_BRANCH));
          edge_moves (b, fe);
          if (br >= 0)
            {
              b->t->code[br].cond = cond_of (gimple_cond_code (c));
              b->t->code[br].target = b->t->ncode;
            }
          edge_moves (b, te);
          continue;
        }
      /* Any other branching (switch, ...): a nondeterministic choice. */
      auto_vec<int> brs;
      for (unsigned j = 0; j + 1 < succs.length (); j++)
        {
          wmm_instr br = wmm_instr_init (WMM_OP_BRANCH);
          br.cond = WMM_COND_ANY;
          brs.safe_push (emit (b, br));
        }
      edge_moves (b, succs.last ());
      for (unsigned j = 0; j + 1 < succs.length (); j++)
        {
          if (brs[j] >= 0)
            b->t->code[brs[j]].target = b->t->ncode;
          edge_moves (b, succs[j]);
        }
    }
  free (rpo);
  /* One backward jump per loop header, after the code (nothing falls
     through to it: every block ends with a jump). */
  for (auto &p : b->patches)
    if (p.kind == P_BACK && !back[p.arg])
      {
        back[p.arg] = b->t->ncode + 1;   /* + 1: 0 = none yet */
        wmm_instr j = wmm_instr_init (WMM_OP_JUMP);
        j.cond = WMM_COND_ALWAYS;
        j.target = start[p.arg];
        emit (b, j);
      }
  /* Epilogue: a started thread's end counts for the joins. */
  int epilogue = b->t->ncode;
  if (unit->entry && b->started->contains (unit->decl))
    access (b, WMM_OP_RMW, SPECIAL_DONE, tmp_reg (b), imm (1),
            WMM_ACC_ATOMIC, WMM_ALU_ADD);
  for (auto &p : b->patches)
    {
      int target = 0;
      switch (p.kind)
        {
        case P_BLOCK: target = start[p.arg]; break;
        case P_EPILOGUE: target = epilogue; break;
        case P_HALT: target = b->t->ncode + 1; break;
        case P_INDEX: target = p.arg; break;
        case P_BACK: target = back[p.arg] - 1; break;
        }
      b->t->code[p.idx].target = target;
    }
  pop_cfun ();
}

/* Functions that some create call of the unit starts. */
void
find_started (wmm_unitinfo *u, hash_set<tree> *started)
{
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      function *fn = u->units[k].fn;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          {
            tree f = NULL;
            if (wmm_is_thread_create (gsi_stmt (gsi), &f) && f
                && TREE_CODE (f) == FUNCTION_DECL)
              started->add (f);
          }
    }
}

/* The value-precise program of the unit (NULL when out of memory);
 * *why is set when something is beyond the check. */
wmm_program *
build_program (wmm_unitinfo *u, const vec<planned> *plan, bool *has_error,
               char **why)
{
  wmm_program *p = wmm_program_new (u->prog->name ? u->prog->name : "unit",
                                    WMM_ARCH_GIMPLE);
  if (!p)
    return NULL;
  for (int t = 0; t < u->prog->nthreads; t++)
    if (wmm_program_thread (p, u->prog->threads[t].name) != t)
      {
        wmm_program_free (p);
        return NULL;
      }
  hash_set<tree> started;
  find_started (u, &started);
  builder b;
  memset (&b, 0, sizeof b);
  b.u = u;
  b.p = p;
  b.started = &started;
  b.patches = vNULL;
  b.call_dst = -1;
  b.plan = plan;
  b.abort_halts = svcomp_unit ();
  for (unsigned k = 0; k < u->units.length (); k++)
    {
      wmm_unit *unit = &u->units[k];
      p->threads[unit->thread].entry = unit->entry;
      p->threads[unit->thread].instances = unit->entry ? unit->instances : 1;
      build_unit (&b, unit);
    }
  b.patches.release ();
  /* Locations: the unit's, then the special ones. */
  int base = u->prog->nlocs;
  for (int l = 0; l < base; l++)
    {
      int q = wmm_program_loc (p, u->prog->locs[l].name);
      if (q != l)
        {
          if (!b.unsupported)
            b.unsupported = xstrdup ("two locations have one name");
          break;
        }
      p->locs[q].init = u->prog->locs[l].init;
      p->locs[q].width = u->prog->locs[l].width;
    }
  for (int s = 0; s < NSPECIAL; s++)
    wmm_program_loc (p, special_names[s]);
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; i < p->threads[t].ncode; i++)
      {
        wmm_instr *in = &p->threads[t].code[i];
        if (wmm_instr_is_access (in) && in->addr.loc_hint <= SPECIAL_ERROR)
          {
            int l = base + (SPECIAL_ERROR - in->addr.loc_hint);
            in->addr.loc_hint = l;
            in->addr.base = imm (wmm_loc_addr (l));
          }
      }
  if (b.has_error)
    {
      wmm_prop *c = wmm_prop_new (WMM_PROP_LOC_EQ);
      if (!c)
        {
          wmm_program_free (p);
          free (b.unsupported);
          return NULL;
        }
      c->loc = base;
      c->val = 1;
      p->cond = c;
      p->quant = WMM_QUANT_EXISTS;
    }
  *has_error = b.has_error;
  *why = b.unsupported;
  return p;
}

/* Source position of a flat program's instruction, as text. */
void
format_pos (const wmm_program *p, const wmm_instr *in, wmm_strbuf *out)
{
  const char *file = in->pos.file >= 0 && in->pos.file < p->nfiles
                     ? p->files[in->pos.file] : "?";
  wmm_strbuf_printf (out, "%s:%d:%d", file, in->pos.line, in->pos.col);
}

/* Where emit.cc would put placement pl's fences, as planned fences. */
void
plan_of (wmm_unitinfo *u, const wmm_placement *pl, vec<planned> *plan)
{
  for (int f = 0; f < pl->nfences; f++)
    {
      const wmm_placed_fence *pf = &pl->fences[f];
      wmm_unit *unit = NULL;
      for (unsigned k = 0; k < u->units.length () && !unit; k++)
        if (u->units[k].thread == pf->thread)
          unit = &u->units[k];
      if (!unit)
        continue;
      const wmm_thread *t = &u->prog->threads[pf->thread];
      int i = pf->index;
      planned p;
      memset (&p, 0, sizeof p);
      p.kind = pf->kind;
      if (i >= t->ncode || i >= (int) unit->sites.length ())
        {
          p.at = AT_FN_END;
          p.fn = unit->fn;
          plan->safe_push (p);
          continue;
        }
      const wmm_site *s = &unit->sites[i];
      switch (s->kind)
        {
        case WMM_SITE_BB_END:
          p.at = AT_BB_END;
          p.bb = s->bb;
          plan->safe_push (p);
          continue;
        case WMM_SITE_EDGE:
          p.at = AT_EDGE;
          p.e = s->e;
          plan->safe_push (p);
          continue;
        case WMM_SITE_STMT:
          break;
        }
      bool before, after;
      wmm_fence_sides (t, s, i, &before, &after);
      p.stmt = s->stmt;
      if (before)
        {
          p.at = AT_BEFORE;
          plan->safe_push (p);
        }
      if (after)
        {
          /* after a statement that ends its block: at the block's end */
          if (stmt_ends_bb_p (s->stmt))
            {
              p.at = AT_BB_END;
              p.stmt = NULL;
              p.bb = gimple_bb (s->stmt);
            }
          else
            p.at = AT_AFTER;
          plan->safe_push (p);
        }
    }
}

} // anon namespace

void
wmm_check_placement (wmm_unitinfo *u, const wmm_placement *pl,
                     wmm_verify_result *r, bool *has_error)
{
  auto_vec<planned> plan;
  if (pl)
    plan_of (u, pl, &plan);
  char *why = NULL;
  *has_error = false;
  wmm_program *p = build_program (u, pl ? &plan : NULL, has_error, &why);
  memset (r, 0, sizeof *r);
  r->verdict = WMM_VERDICT_UNKNOWN;
  wmm_error err;
  memset (&err, 0, sizeof err);
  if (!p)
    snprintf (r->reason, sizeof r->reason, "out of memory");
  else if (why)
    snprintf (r->reason, sizeof r->reason, "%s", why);
  else
    {
      wmm_verify_opts o = wmm_verify_opts_default (u->model);
      o.bmc.unwind = u->opts->unwind;
      o.bmc.timeout = u->opts->time_limit;
      if (getenv ("WMMFENCE_CHECK_DEBUG"))
        {
          wmm_program *fl = NULL;
          if (wmm_bmc_inline (p, 8, &fl, &err) == 0)
            {
              wmm_strbuf d = WMM_STRBUF_INIT;
              wmm_litmus_dump (fl, 0, &d);
              fputs (wmm_strbuf_str (&d), stderr);
              wmm_strbuf_free (&d);
              wmm_program_free (fl);
            }
        }
      if (wmm_bmc_verify (p, &o, r, &err) < 0)
        {
          r->verdict = WMM_VERDICT_UNKNOWN;
          snprintf (r->reason, sizeof r->reason, "%s", err.msg);
        }
    }
  wmm_program_free (p);
  free (why);
}

/* The check of the unit; fills u->check_json (the report's "check"). */
void
wmm_check_unit (wmm_unitinfo *u)
{
  bool has_error = false;
  wmm_verify_result r;
  wmm_check_placement (u, NULL, &r, &has_error);
  const char *model = wmm_model_name (u->model);
  const char *mode = u->opts->mode == WMM_MODE_INSERT ? "insert" : "report";
  int unwind = u->opts->unwind;
  location_t where = u->units.length ()
                     ? DECL_SOURCE_LOCATION (u->units[0].decl)
                     : UNKNOWN_LOCATION;
  wmm_strbuf js = WMM_STRBUF_INIT;
  wmm_strbuf rec = WMM_STRBUF_INIT;   /* the record's check lines */
  wmm_strbuf events = WMM_STRBUF_INIT;
  int nevents = 0;
  wmm_strbuf_printf (&js, "{\"verdict\": ");
  const char *prop = has_error ? "assertions" : "robustness";
  wmm_strbuf_json_string (&js, wmm_verdict_name (r.verdict));
  wmm_strbuf_printf (&js, ", \"property\": \"%s\", \"model\": \"%s\", "
                     "\"mode\": \"%s\", \"bound\": %d, \"complete\": %s",
                     prop, model, mode, unwind, r.complete ? "true" : "false");
  if (r.verdict == WMM_VERDICT_UNKNOWN)
    {
      wmm_strbuf_puts (&js, ", \"reason\": ");
      wmm_strbuf_json_string (&js, r.reason);
      inform (where, "wmmfence: check (%s, mode=%s): unknown: %s", model,
              mode, r.reason);
    }
  else if (r.verdict == WMM_VERDICT_SAFE)
    inform (where, "wmmfence: check (%s, mode=%s, %s): safe %s%d", model,
            mode, prop, r.complete ? "(complete) with unwind " : "up to unwind ",
            unwind);
  else
    {
      /* the counterexample as a diagnostic path on the verdict, and as
         one note per event */
      pretty_printer event_pp;
      simple_diagnostic_path path (&event_pp);
      for (int i = 0; r.has_witness && i < r.witness.nev; i++)
        {
          const wmm_wit_event *e = &r.witness.ev[i];
          if (e->kind == WMM_EV_INIT || e->thread < 0
              || e->thread >= r.flat->nthreads
              || e->index < 0 || e->index >= r.flat->threads[e->thread].ncode)
            continue;
          const wmm_instr *in = &r.flat->threads[e->thread].code[e->index];
          location_t at = location_of_pos (&in->pos);
          path.add_event (at != UNKNOWN_LOCATION ? at : where, NULL_TREE, 0,
                          "thread %s: %s %s = %lld", r.flat->threads[e->thread].name,
                          e->kind == WMM_EV_READ ? "R" : "W",
                          e->loc >= 0 && e->loc < r.flat->nlocs
                          ? r.flat->locs[e->loc].name : "?", (long long) e->val);
        }
      gcc_rich_location rich (where);
      if (path.num_events ())
        rich.set_path (&path);
      inform (&rich, "wmmfence: check (%s, mode=%s, %s): unsafe: %s", model,
              mode, prop, has_error ? "an assertion can fail"
                                    : "an execution that SC forbids");
      wmm_strbuf_puts (&js, ", \"events\": [");
      int ne = 0;
      for (int i = 0; r.has_witness && i < r.witness.nev; i++)
        {
          const wmm_wit_event *e = &r.witness.ev[i];
          if (e->kind == WMM_EV_INIT || e->thread < 0
              || e->thread >= r.flat->nthreads)
            continue;
          const wmm_thread *t = &r.flat->threads[e->thread];
          if (e->index < 0 || e->index >= t->ncode)
            continue;
          const wmm_instr *in = &t->code[e->index];
          const char *loc = e->loc >= 0 && e->loc < r.flat->nlocs
                            ? r.flat->locs[e->loc].name : "?";
          const char *acc = e->kind == WMM_EV_READ ? "R" : "W";
          wmm_strbuf pos = WMM_STRBUF_INIT;
          format_pos (r.flat, in, &pos);
          inform (where, "wmmfence: check: event %d: thread %s: %s %s = %lld "
                  "at %s", ne + 1, t->name, acc, loc, (long long) e->val,
                  wmm_strbuf_str (&pos));
          wmm_strbuf_puts (&js, ne ? ", {\"thread\": " : "{\"thread\": ");
          wmm_strbuf_json_string (&js, t->name);
          wmm_strbuf_printf (&js, ", \"access\": \"%s\", \"location\": ", acc);
          wmm_strbuf_json_string (&js, loc);
          wmm_strbuf_printf (&js, ", \"value\": %lld, \"position\": ",
                             (long long) e->val);
          wmm_strbuf_json_string (&js, wmm_strbuf_str (&pos));
          wmm_strbuf_puts (&js, "}");
          wmm_strbuf_free (&pos);
          ne++;
          /* cev THREAD OP LOCATION VALUE FILE LINE COLUMN */
          expanded_location xl = expand_location (location_of_pos (&in->pos));
          char val[32];
          snprintf (val, sizeof val, "%lld", (long long) e->val);
          wmm_strbuf_puts (&events, "cev");
          wmm_record_field (&events, t->name);
          wmm_record_field (&events, acc);
          wmm_record_field (&events, loc);
          wmm_record_field (&events, val);
          wmm_record_field (&events, xl.file && *xl.file
                                     ? remap_debug_filename (xl.file) : "");
          wmm_strbuf_printf (&events, "\t%d\t%d\n", xl.line, xl.column);
          nevents++;
        }
      wmm_strbuf_puts (&js, "]");
      /* the explicit checker's second opinion on the counterexample */
      wmm_strbuf_printf (&js, ", \"replay\": \"%s\"",
                         wmm_replay_name (r.replay));
      if (r.replay == WMM_REPLAY_CONFIRMED)
        inform (where, "wmmfence: check: the explicit checker replays the "
                "counterexample: confirmed");
      else if (r.replay != WMM_REPLAY_NONE)
        {
          inform (where, "wmmfence: check: the explicit checker replays the "
                  "counterexample: %s: %s", wmm_replay_name (r.replay),
                  r.replay_why);
          wmm_strbuf_puts (&js, ", \"replay_reason\": ");
          wmm_strbuf_json_string (&js, r.replay_why);
        }
    }
  if (u->goal_json)
    wmm_strbuf_printf (&js, ", %s", u->goal_json);
  wmm_strbuf_puts (&js, "}");
  free (u->check_json);
  u->check_json = js.failed ? NULL : xstrdup (wmm_strbuf_str (&js));
  wmm_strbuf_free (&js);
  /* check VERDICT PROPERTY MODE BOUND COMPLETE REPLAY NEVENTS REASON */
  wmm_strbuf_puts (&rec, "check");
  wmm_record_field (&rec, wmm_verdict_name (r.verdict));
  wmm_record_field (&rec, r.verdict == WMM_VERDICT_UNKNOWN ? "-" : prop);
  wmm_record_field (&rec, mode);
  wmm_strbuf_printf (&rec, "\t%d\t%d", unwind, r.complete ? 1 : 0);
  wmm_record_field (&rec, r.replay == WMM_REPLAY_NONE
                          ? "-" : wmm_replay_name (r.replay));
  wmm_strbuf_printf (&rec, "\t%d", nevents);
  wmm_record_field (&rec, r.verdict == WMM_VERDICT_UNKNOWN ? r.reason : "");
  wmm_strbuf_puts (&rec, "\n");
  wmm_strbuf_puts (&rec, wmm_strbuf_str (&events));
  free (u->check_record);
  u->check_record = rec.failed || events.failed
                    ? NULL : xstrdup (wmm_strbuf_str (&rec));
  wmm_strbuf_free (&rec);
  wmm_strbuf_free (&events);
  wmm_verify_result_free (&r);
}
