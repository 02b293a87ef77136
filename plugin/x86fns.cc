/* x86fns.cc — x86's machine builtins that store around the cache or order
 * memory: what the collector makes of them.
 *
 * Streaming (non-temporal) stores, `_mm_stream_si32 (p, v)` and the other
 * _mm_stream_* / _mm_maskmoveu_si128 builtins, write *p through the
 * write-combining buffers: x86-TSO does not keep them in order with the
 * thread's other stores (ir.h, WMM_ACC_STREAM), so message passing whose
 * data is streamed needs an sfence or mfence before the flag's store.
 * `_mm_sfence ()` orders stores with stores, `_mm_mfence ()` is the full
 * fence, `_mm_lfence ()` orders no store (on x86-TSO loads are in order
 * already): a compiler barrier.  `_mm_stream_load_si128` reads *p as a
 * load does (its hint only changes write-combining memory, which programs
 * do not share through).
 * Example: `__builtin_ia32_movnti (&data, 42)` -> a streaming store of
 *   data (argument 0); `__builtin_ia32_sfence ()` -> fence sfence.
 */
#include "plugin.h"

/* Streaming stores and the argument that holds the address stored to. */
struct x86_store { const char *name; unsigned addr_arg; };
static const x86_store x86_stream_stores[] = {
  { "__builtin_ia32_movnti", 0 }, { "__builtin_ia32_movnti64", 0 },
  { "__builtin_ia32_movntq", 0 }, { "__builtin_ia32_movntdq", 0 },
  { "__builtin_ia32_movntdq256", 0 }, { "__builtin_ia32_movntdq512", 0 },
  { "__builtin_ia32_movntps", 0 }, { "__builtin_ia32_movntps256", 0 },
  { "__builtin_ia32_movntps512", 0 }, { "__builtin_ia32_movntpd", 0 },
  { "__builtin_ia32_movntpd256", 0 }, { "__builtin_ia32_movntpd512", 0 },
  { "__builtin_ia32_movntss", 0 }, { "__builtin_ia32_movntsd", 0 },
  { "__builtin_ia32_maskmovdqu", 2 }, { "__builtin_ia32_maskmovq", 2 },
};

/* Streaming loads (address argument 0). */
static const char *const x86_stream_loads[] = {
  "__builtin_ia32_movntdqa", "__builtin_ia32_movntdqa256",
  "__builtin_ia32_movntdqa512",
};

/* The name of machine builtin fn, or NULL for any other function. */
static const char *
md_builtin_name (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_MD) || !DECL_NAME (fn))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (fn));
}

int
wmm_x86_stream_access (tree fn, bool *is_store)
{
  const char *name = md_builtin_name (fn);
  if (!name)
    return -1;
  for (const x86_store &s : x86_stream_stores)
    if (!strcmp (name, s.name))
      {
        *is_store = true;
        return (int) s.addr_arg;
      }
  for (const char *l : x86_stream_loads)
    if (!strcmp (name, l))
      {
        *is_store = false;
        return 0;
      }
  return -1;
}

wmm_fence
wmm_x86_fence (const char *insn, wmm_model m)
{
  if (!strcmp (insn, "mfence"))
    return wmm_full_fence (m);
  if (!strcmp (insn, "sfence"))
    return m == WMM_MODEL_TSO ? WMM_FENCE_SFENCE : WMM_FENCE_COMPILER;
  if (!strcmp (insn, "lfence"))
    return WMM_FENCE_COMPILER;
  return WMM_FENCE_NONE;
}

wmm_fence
wmm_x86_fence_builtin (tree fn, wmm_model m)
{
  const char *name = md_builtin_name (fn);
  const char *prefix = "__builtin_ia32_";
  if (!name || strncmp (name, prefix, strlen (prefix)))
    return WMM_FENCE_NONE;
  return wmm_x86_fence (name + strlen (prefix), m);
}
