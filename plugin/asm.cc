/* asm.cc — what the text of an inline asm statement does to memory.
 *
 * The text is split into instructions (at ';' and newlines, labels
 * dropped, lower case, blanks squeezed); each is a fence of the model
 * (mfence, sfence, lfence, lock, xchg, sync, lwsync, isync, eieio, dmb,
 * dsb, isb), an x86 locked instruction (lock-prefixed or xchg), a
 * load-linked (lwarx, ldarx,
 * ldxr, ldaxr, ldrex, ...), a store-conditional (stwcx., stdcx., stxr,
 * stlxr, strex, ...) or something else.  An asm is recognised as ONE atomic
 * read-modify-write of a memory operand when that operand is its only
 * memory operand, it is both written and read ("+m", or "=m" and a matching
 * input), and either exactly one locked instruction or a load-linked
 * before a store-conditional names it (as %N, or through a register input
 * holding its address).  Otherwise collect.cc keeps the plain model: the
 * memory operands are a read and a write, the fence mnemonics fences.
 *
 * Example:  asm volatile("xchgl %0,%1" : "=r"(v), "+m"(lock) : "0"(1) : "memory")
 *   one insn, WMM_ASM_LOCKED, naming %1; the RMW operand is `lock`.
 */
#include "plugin.h"

namespace {

/* An instruction of the text as a lower-case string with single blanks. */
struct asm_line {
  char buf[64];
  const char *raw;     /* the instruction in the text, for operand names */
  size_t rawlen;
};

/* Skip a label ("1:", "loop:") at the start of an instruction. */
const char *
skip_label (const char *p, const char *end)
{
  const char *q = p;
  while (q < end && (ISALNUM (*q) || *q == '_' || *q == '.' || *q == '$'))
    q++;
  if (q > p && q < end && *q == ':')
    {
      q++;
      while (q < end && ISSPACE (*q))
        q++;
      return q;
    }
  return p;
}

/* Normalise the instruction [p, end) into *l. */
void
normalise (const char *p, const char *end, asm_line *l)
{
  while (p < end && ISSPACE (*p))
    p++;
  p = skip_label (p, end);
  l->raw = p;
  l->rawlen = end - p;
  size_t n = 0;
  bool blank = false;
  for (; p < end && n + 2 < sizeof l->buf; p++)
    {
      if (ISSPACE (*p))
        {
          blank = n > 0;
          continue;
        }
      if (blank)
        l->buf[n++] = ' ';
      blank = false;
      l->buf[n++] = TOLOWER (*p);
    }
  l->buf[n] = 0;
}

/* Does the mnemonic (first word of s) start with one of the prefixes? */
bool
mnemonic_in (const char *s, const char *const *prefixes, size_t n)
{
  for (size_t k = 0; k < n; k++)
    if (!strncmp (s, prefixes[k], strlen (prefixes[k])))
      return true;
  return false;
}

/* Is the mnemonic an x86 streaming store (movnti, movntdq, maskmovdqu,
 * their VEX forms; movntdqa is a load)? */
bool
stream_store (const char *s)
{
  static const char *const st[] = { "movnt", "vmovnt", "maskmov",
                                     "vmaskmov" };
  static const char *const loads[] = { "movntdqa", "vmovntdqa" };
  return mnemonic_in (s, st, ARRAY_SIZE (st))
         && !mnemonic_in (s, loads, ARRAY_SIZE (loads));
}

/* Classify a load-linked / store-conditional mnemonic; sets *flags for
 * ARMv8's acquire / release forms. */
wmm_asm_class
llsc_class (const char *s, unsigned *flags)
{
  static const char *const acq[] = { "ldaxr", "ldaxp", "ldaex" };
  static const char *const ll[] = { "lwarx", "ldarx", "lbarx", "lharx",
                                    "lqarx", "ldxr", "ldxp", "ldrex" };
  static const char *const rel[] = { "stlxr", "stlxp", "stlex" };
  static const char *const sc[] = { "stwcx.", "stdcx.", "stbcx.", "sthcx.",
                                    "stqcx.", "stxr", "stxp", "strex" };
  if (mnemonic_in (s, acq, ARRAY_SIZE (acq)))
    return *flags = WMM_ACC_ACQUIRE, WMM_ASM_LL;
  if (mnemonic_in (s, ll, ARRAY_SIZE (ll)))
    return WMM_ASM_LL;
  if (mnemonic_in (s, rel, ARRAY_SIZE (rel)))
    return *flags = WMM_ACC_RELEASE, WMM_ASM_SC;
  if (mnemonic_in (s, sc, ARRAY_SIZE (sc)))
    return WMM_ASM_SC;
  return WMM_ASM_OTHER;
}

/* Does the instruction name one of the operands in `ops` (%N, %wN, ...)? */
bool
names_operand (const char *p, size_t len, const auto_vec<int> &ops)
{
  const char *end = p + len;
  for (; p < end; p++)
    {
      if (*p != '%')
        continue;
      if (p + 1 < end && p[1] == '%')
        {
          p++;
          continue;
        }
      const char *q = p + 1;
      while (q < end && ISALPHA (*q))
        q++;
      if (q >= end || !ISDIGIT (*q))
        continue;
      int n = atoi (q);
      for (int o : ops)
        if (o == n)
          return true;
    }
  return false;
}

/* Is a memory reference of an asm operand (not a register, not a value)? */
bool
memory_operand (tree v, bool input)
{
  return !is_gimple_reg (v) && TREE_CODE (v) != SSA_NAME
         && !(input && is_gimple_min_invariant (v));
}

/* Is v (an input) the address of mem? */
bool
address_of (tree v, tree mem)
{
  if (TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (v)))
    {
      tree rhs = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (v));
      if (TREE_CODE (rhs) == ADDR_EXPR)
        v = rhs;
    }
  if (TREE_CODE (v) == ADDR_EXPR)
    return operand_equal_p (TREE_OPERAND (v, 0), mem, 0);
  return TREE_CODE (mem) == MEM_REF && integer_zerop (TREE_OPERAND (mem, 1))
         && operand_equal_p (TREE_OPERAND (mem, 0), v, 0);
}

/* The asm's only memory operand when it is written and read, with the
 * operand numbers that stand for it or its address (*ops); else NULL. */
tree
rmw_operand (gasm *stmt, auto_vec<int> *ops)
{
  tree mem = NULL;
  unsigned nout = gimple_asm_noutputs (stmt);
  for (unsigned i = 0; i < nout; i++)
    {
      tree v = TREE_VALUE (gimple_asm_output_op (stmt, i));
      if (!memory_operand (v, false))
        continue;
      if (mem)
        return NULL;
      mem = v;
      ops->safe_push (i);
    }
  bool read = false;
  for (unsigned i = 0; mem && i < gimple_asm_ninputs (stmt); i++)
    {
      tree v = TREE_VALUE (gimple_asm_input_op (stmt, i));
      if (memory_operand (v, true))
        {
          if (!operand_equal_p (v, mem, 0))
            return NULL;
          read = true;
          ops->safe_push (nout + i);
        }
      else if (address_of (v, mem))
        ops->safe_push (nout + i);
    }
  return read ? mem : NULL;
}

/* Visit each instruction of an asm's text (split at ';' and newlines,
 * normalised, empty ones skipped): visit (l) with an asm_line. */
template <typename F>
void
each_insn (const char *text, F visit)
{
  for (const char *p = text; p && *p;)
    {
      const char *next = strpbrk (p, ";\n");
      const char *end = next ? next : p + strlen (p);
      asm_line l;
      normalise (p, end, &l);
      p = next ? next + 1 : NULL;
      if (l.buf[0])
        visit (l);
    }
}

/* Split the text into classified instructions, remembering where each
 * locked / LL / SC one is in *where. */
void
split (const char *text, wmm_model m, vec<wmm_asm_insn> *out,
       auto_vec<asm_line> *where)
{
  bool lock_prefix = false;
  each_insn (text, [&] (const asm_line &l) {
      wmm_asm_insn in;
      memset (&in, 0, sizeof in);
      in.fence = wmm_asm_fence_kind (m, l.buf);
      if (lock_prefix)
        {
          /* "lock; xaddl %0,%1": the prefix and its instruction are one. */
          (*where)[where->length () - 1] = l;
          lock_prefix = false;
          return;
        }
      if (!strncmp (l.buf, "lock", 4) || !strncmp (l.buf, "xchg", 4))
        {
          in.cls = WMM_ASM_LOCKED;
          lock_prefix = !strcmp (l.buf, "lock");
        }
      else if (in.fence == WMM_FENCE_NONE)
        in.cls = llsc_class (l.buf, &in.flags);
      else
        in.cls = WMM_ASM_FENCE;
      if (m != WMM_MODEL_ARMV8)
        in.flags = 0;
      if (in.cls == WMM_ASM_OTHER && stream_store (l.buf))
        in.flags = WMM_ACC_STREAM;
      out->safe_push (in);
      where->safe_push (l);
    });
}

} // anon namespace

wmm_fence
wmm_full_fence (wmm_model m)
{
  switch (m)
    {
    case WMM_MODEL_POWER: return WMM_FENCE_SYNC;
    case WMM_MODEL_ARMV7: return WMM_FENCE_DMB;
    case WMM_MODEL_ARMV8: return WMM_FENCE_DMB_ISH;
    default: return WMM_FENCE_MFENCE;
    }
}

/* An ARM barrier (dmb or dsb, both ordering as the models have them: a
 * dsb with an ST option orders stores only, as dmb st does) by its option:
 * none, sy, ish, osh order everything; *st stores; *ld loads before
 * anything; nsh* only this processor's own accesses, nothing another
 * thread sees (no credit).  NONE for an option this does not know. */
static wmm_fence
arm_barrier_kind (wmm_model m, const char *opt)
{
  bool v7 = m == WMM_MODEL_ARMV7, v8 = m == WMM_MODEL_ARMV8;
  while (*opt == ' ' || *opt == '\t')
    opt++;
  if (!strncmp (opt, "nsh", 3) || !strncmp (opt, "un", 2))
    return WMM_FENCE_COMPILER;
  if (!*opt || !strcmp (opt, "sy") || !strcmp (opt, "ish")
      || !strcmp (opt, "osh") || !strcmp (opt, "sh"))
    return wmm_full_fence (m);
  size_t n = strlen (opt);
  if (n >= 2 && !strcmp (opt + n - 2, "st"))
    return v8 ? WMM_FENCE_DMB_ISHST : v7 ? WMM_FENCE_DMB_ST
           : WMM_FENCE_COMPILER;
  if (n >= 2 && !strcmp (opt + n - 2, "ld"))
    return v8 ? WMM_FENCE_DMB_ISHLD : WMM_FENCE_COMPILER;
  return WMM_FENCE_NONE;
}

wmm_fence
wmm_asm_fence_kind (wmm_model m, const char *buf)
{
  bool power = m == WMM_MODEL_POWER, v7 = m == WMM_MODEL_ARMV7,
       v8 = m == WMM_MODEL_ARMV8;
  if ((!strncmp (buf, "dmb", 3) || !strncmp (buf, "dsb", 3))
      && (!buf[3] || buf[3] == ' ' || buf[3] == '\t'))
    return arm_barrier_kind (m, buf + 3);
  wmm_fence x86 = wmm_x86_fence (buf, m);
  if (x86 != WMM_FENCE_NONE)
    return x86;
  if (!strncmp (buf, "lock", 4) || !strncmp (buf, "xchg", 4)
      || !strcmp (buf, "sync") || !strcmp (buf, "hwsync")
      || !strcmp (buf, "sync 0"))
    return wmm_full_fence (m);
  if (!strcmp (buf, "lwsync") || !strcmp (buf, "sync 1"))
    return power ? WMM_FENCE_LWSYNC : WMM_FENCE_COMPILER;
  if (!strcmp (buf, "isync"))
    return power ? WMM_FENCE_ISYNC : WMM_FENCE_COMPILER;
  if (!strcmp (buf, "eieio"))
    return power ? WMM_FENCE_EIEIO : WMM_FENCE_COMPILER;
  if (!strcmp (buf, "isb"))
    return v7 || v8 ? WMM_FENCE_ISB : WMM_FENCE_COMPILER;
  return WMM_FENCE_NONE;
}

/* The numbers of the asm's memory operands (outputs, then inputs). */
static void
memory_operands (gasm *stmt, auto_vec<int> *ops)
{
  unsigned nout = gimple_asm_noutputs (stmt);
  for (unsigned i = 0; i < nout; i++)
    if (memory_operand (TREE_VALUE (gimple_asm_output_op (stmt, i)), false))
      ops->safe_push (i);
  for (unsigned i = 0; i < gimple_asm_ninputs (stmt); i++)
    if (memory_operand (TREE_VALUE (gimple_asm_input_op (stmt, i)), true))
      ops->safe_push (nout + i);
}

tree
wmm_asm_parse (gasm *stmt, wmm_model m, vec<wmm_asm_insn> *insns)
{
  auto_vec<asm_line> where;
  split (gimple_asm_string (stmt), m, insns, &where);
  int locked = 0, ll = 0, sc = 0;
  bool sc_first = false;
  auto_vec<int> ops, memops;
  tree mem = rmw_operand (stmt, &ops);
  memory_operands (stmt, &memops);
  for (unsigned k = 0; k < insns->length (); k++)
    {
      /* An xchg of two registers is no locked instruction and orders
         nothing ("xchg %%bx, %%bx"); one with a memory operand is. */
      const asm_line &l = where[k];
      if ((*insns)[k].cls == WMM_ASM_LOCKED && !strncmp (l.buf, "xchg", 4)
          && !memchr (l.raw, '(', l.rawlen) && !memchr (l.raw, '[', l.rawlen)
          && !names_operand (l.raw, l.rawlen, memops))
        {
          (*insns)[k].cls = WMM_ASM_OTHER;
          (*insns)[k].fence = WMM_FENCE_NONE;
        }
      wmm_asm_class cls = (*insns)[k].cls;
      if (cls == WMM_ASM_OTHER || cls == WMM_ASM_FENCE)
        continue;
      if (!names_operand (l.raw, l.rawlen, ops))
        mem = NULL;
      locked += cls == WMM_ASM_LOCKED;
      ll += cls == WMM_ASM_LL;
      sc += cls == WMM_ASM_SC;
      sc_first |= cls == WMM_ASM_SC && ll == 0;
    }
  bool x86 = locked == 1 && ll == 0 && sc == 0;
  bool llsc = locked == 0 && ll > 0 && sc > 0 && !sc_first;
  return x86 || llsc ? mem : NULL;
}

namespace {

/* Is the instruction a prefetch (a hint: no access the program sees)? */
bool
prefetch_insn (const char *buf)
{
  static const char *const hints[] = {
    "prefetch", "dcbt", "dcbtst", "pld", "pldw", "prfm",
  };
  return mnemonic_in (buf, hints, ARRAY_SIZE (hints));
}

/* What instruction `buf` (normalised) does to a memory reference of
 * its: bit 0 reads, bit 1 writes; `last` when the reference ends its
 * operands (x86's destination).  Loads (Power's l*, ARM's ld*) read,
 * stores (st*) write, x86's lea reaches no memory, compares and tests
 * read, an x86 source operand is read; anything else both. */
int
reference_mode (const char *buf, bool last)
{
  static const char *const none[] = { "lea" };
  static const char *const reads[] = {
    "ld", "lw", "lb", "lh", "lf", "lv", "cmp", "test", "crc32", "bt ",
    "btl", "btq",
  };
  static const char *const writes[] = { "st" };
  if (mnemonic_in (buf, none, ARRAY_SIZE (none)))
    return 0;
  if (mnemonic_in (buf, reads, ARRAY_SIZE (reads)))
    return 1;
  if (mnemonic_in (buf, writes, ARRAY_SIZE (writes)))
    return 2;
  return last ? 3 : 1;
}

/* An operand named inside a memory reference, and whether that
 * reference ends the instruction (x86's destination). */
struct operand_ref {
  int num;
  bool last;
};

/* The operands named inside the memory references ("(...)", "[...]") of
 * instruction [p, p + len) into *refs; *named when one is named
 * (%[name]), which this does not resolve. */
void
referenced_operands (const char *p, size_t len, auto_vec<operand_ref> *refs,
                     bool *named)
{
  const char *start = p, *end = p + len;
  int depth = 0;
  unsigned open = 0;   /* the first of refs in the current reference */
  for (; p < end; p++)
    {
      if (*p == '(' || *p == '[')
        {
          /* ARM's "[%1]" and Power's / x86's "0(%1)"; an operand
             reference "%[name]" opens no memory reference */
          if (*p == '[' && p > start && p[-1] == '%')
            continue;
          if (!depth++)
            open = refs->length ();
          continue;
        }
      if (*p == ')' || *p == ']')
        {
          if (depth && !--depth)
            {
              const char *q = p + 1;
              while (q < end && (ISSPACE (*q) || *q == '!'))
                q++;
              for (unsigned k = open; k < refs->length (); k++)
                (*refs)[k].last = q >= end;
            }
          continue;
        }
      if (*p != '%' || !depth)
        continue;
      if (p + 1 < end && p[1] == '%')
        {
          p++;          /* %%rax: a register of the machine */
          continue;
        }
      const char *q = p + 1;
      if (q < end && *q == '[')
        {
          *named = true;
          continue;
        }
      while (q < end && ISALPHA (*q))
        q++;
      if (q < end && ISDIGIT (*q))
        refs->safe_push ({ atoi (q), true });
    }
}

} // anon namespace

bool
wmm_asm_derefs (gasm *stmt, vec<wmm_asm_deref> *out)
{
  bool unknown = false;
  unsigned nout = gimple_asm_noutputs (stmt);
  unsigned nin = gimple_asm_ninputs (stmt);
  each_insn (gimple_asm_string (stmt), [&] (const asm_line &l) {
      if (prefetch_insn (l.buf))
        return;
      auto_vec<operand_ref> refs;
      bool named = false;
      referenced_operands (l.raw, l.rawlen, &refs, &named);
      unknown |= named;
      for (const operand_ref &r : refs)
        {
          int n = r.num;
          int mode = reference_mode (l.buf, r.last);
          if (!mode)
            continue;
          tree v = n >= 0 && (unsigned) n < nout
                   ? TREE_VALUE (gimple_asm_output_op (stmt, n))
                   : n >= 0 && (unsigned) n < nout + nin
                   ? TREE_VALUE (gimple_asm_input_op (stmt, n - nout))
                   : NULL_TREE;
          if (!v)
            unknown = true;
          else if (memory_operand (v, (unsigned) n >= nout))
            ;   /* an "m" operand inside a reference: collected as one */
          else if (POINTER_TYPE_P (TREE_TYPE (v)))
            out->safe_push ({ v, mode });
          else if (!INTEGRAL_TYPE_P (TREE_TYPE (v))
                   || TYPE_PRECISION (TREE_TYPE (v)) >= POINTER_SIZE)
            unknown = true;   /* an address held in an integer */
        }
    });
  return unknown;
}

/* Is the asm's one instruction a load into a register output: a mov or
 * load mnemonic (x86 mov*, Power l*z / ld, Arm ldr*), its outputs all
 * registers, what it reaches through register operands only read (ck's
 * `ck_pr_load_uint`: "movl %1, %0" : "=q" (r) : "m" (*target))? */
static bool
asm_load (gasm *stmt, const char *text)
{
  int n = 0;
  bool load = false;
  each_insn (text, [&] (const asm_line &l) {
      n++;
      load = !strncmp (l.buf, "mov", 3) || !strncmp (l.buf, "ld", 2)
             || (l.buf[0] == 'l' && strchr ("bhw", l.buf[1])
                 && l.buf[2] == 'z');
    });
  if (n != 1 || !load || !gimple_asm_noutputs (stmt))
    return false;
  for (unsigned i = 0; i < gimple_asm_noutputs (stmt); i++)
    {
      tree v = TREE_VALUE (gimple_asm_output_op (stmt, i));
      if (!is_gimple_reg (v) && TREE_CODE (v) != SSA_NAME)
        return false;
    }
  auto_vec<wmm_asm_deref> derefs;
  if (wmm_asm_derefs (stmt, &derefs))
    return false;
  for (const wmm_asm_deref &d : derefs)
    if (d.mode & 2)
      return false;
  return true;
}

/* Does the asm at most read memory: a load into a register output
 * (asm_load), or no operands and each instruction of its text a fence of
 * the model (no locked one) or a spin-wait hint (`cpu_relax ()`'s "pause"
 * or "rep; nop", "yield", "wfe", "nop"; the empty compiler barrier)? */
bool
wmm_asm_idle (gasm *stmt, wmm_model m)
{
  const char *text = gimple_asm_string (stmt);
  if (gimple_asm_nlabels (stmt))
    return false;
  if (gimple_asm_noutputs (stmt) || gimple_asm_ninputs (stmt))
    return asm_load (stmt, text);
  static const char *const hints[] = { "pause", "rep", "rep nop", "nop", "yield",
                                        "wfe" };
  bool idle = true;
  each_insn (text, [&] (const asm_line &l) {
      bool hint = false;
      for (const char *h : hints)
        hint |= !strcmp (l.buf, h);
      if (!hint && (wmm_asm_fence_kind (m, l.buf) == WMM_FENCE_NONE
                    || !strncmp (l.buf, "lock", 4)
                    || !strncmp (l.buf, "xchg", 4)))
        idle = false;
    });
  return idle;
}
