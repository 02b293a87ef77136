/* fence.c — the fence tables of placement: the cost of each kind
 * under each model (tests/corpus/README.md's table), which kinds may be
 * inserted in which syntax, and which kind covers which.
 *
 * C11 fences (C litmus syntax) cost what the instruction GCC 12 emits for
 * them costs: seq_cst is the full fence; acq_rel / release / acquire are
 * lwsync on power, dmb on armv7, dmb ish (acquire: dmb ishld) on armv8, and
 * nothing on tso / pso / rmo (cost 0: never placed).
 *
 * Example: wmm_fence_cost(WMM_MODEL_POWER, WMM_FENCE_SYNC) == 2.
 */
#include "placement.h"

/* What a kind orders under a model, as a small class. */
enum { FC_NONE = 0, FC_FULL, FC_LIGHT, FC_WW, FC_LD, FC_CTRL };

static int fence_class(wmm_model m, wmm_fence f)
{
  switch (f) {
  case WMM_FENCE_NONE:
  case WMM_FENCE_COMPILER:
  case WMM_FENCE_COUNT:
    return FC_NONE;
  case WMM_FENCE_ISYNC:
  case WMM_FENCE_ISB:
    return FC_CTRL;
  case WMM_FENCE_SFENCE:
    return m == WMM_MODEL_TSO ? FC_WW : FC_NONE;
  case WMM_FENCE_EIEIO:
  case WMM_FENCE_DMB_ST:
  case WMM_FENCE_DSB_ST:
  case WMM_FENCE_DMB_ISHST:
    return m == WMM_MODEL_TSO || m == WMM_MODEL_PSO || m == WMM_MODEL_RMO
               ? FC_NONE : FC_WW;
  case WMM_FENCE_MFENCE:
  case WMM_FENCE_SYNC:
  case WMM_FENCE_DMB:
  case WMM_FENCE_DSB:
  case WMM_FENCE_DMB_ISH:
  case WMM_FENCE_C_SEQ_CST:
    return FC_FULL;
  case WMM_FENCE_LWSYNC:
    return m == WMM_MODEL_POWER ? FC_LIGHT : m == WMM_MODEL_ARMV7 ||
           m == WMM_MODEL_ARMV8 ? FC_FULL : FC_NONE;
  case WMM_FENCE_DMB_ISHLD:
    return m == WMM_MODEL_ARMV8 ? FC_LD : m == WMM_MODEL_POWER ? FC_LIGHT
           : m == WMM_MODEL_ARMV7 ? FC_FULL : FC_NONE;
  case WMM_FENCE_C_ACQ_REL:
  case WMM_FENCE_C_RELEASE:
  case WMM_FENCE_C_ACQUIRE:
    if (m == WMM_MODEL_POWER)
      return FC_LIGHT;
    if (m == WMM_MODEL_ARMV7)
      return FC_FULL;
    if (m == WMM_MODEL_ARMV8)
      return f == WMM_FENCE_C_ACQUIRE ? FC_LD : FC_FULL;
    return FC_NONE;
  }
  return FC_NONE;
}

double wmm_fence_cost(wmm_model m, wmm_fence f)
{
  int c = fence_class(m, f);
  switch (m) {
  case WMM_MODEL_TSO:
  case WMM_MODEL_PSO:
  case WMM_MODEL_RMO:
    return (f == WMM_FENCE_MFENCE || f == WMM_FENCE_C_SEQ_CST) ? 1 : 0;
  case WMM_MODEL_POWER:
    if (f == WMM_FENCE_SYNC || f == WMM_FENCE_C_SEQ_CST)
      return 2;
    if (f == WMM_FENCE_LWSYNC || f == WMM_FENCE_C_ACQ_REL ||
        f == WMM_FENCE_C_RELEASE || f == WMM_FENCE_C_ACQUIRE)
      return 1;
    return 0;
  case WMM_MODEL_ARMV7:
    if (f == WMM_FENCE_DMB || (f >= WMM_FENCE_C_SEQ_CST && f <= WMM_FENCE_C_RELEASE))
      return 2;
    if (f == WMM_FENCE_DMB_ST)
      return 1;
    return 0;
  case WMM_MODEL_ARMV8:
    if (f == WMM_FENCE_DMB_ISH || (f >= WMM_FENCE_C_SEQ_CST && f <= WMM_FENCE_C_RELEASE))
      return c == FC_LD ? 1 : 2;
    if (f == WMM_FENCE_DMB_ISHLD || f == WMM_FENCE_DMB_ISHST)
      return 1;
    return 0;
  default:
    return 0;
  }
}

int wmm_fence_covers(wmm_model m, wmm_fence have, wmm_fence need)
{
  if (have == need)
    return 1;
  int h = fence_class(m, have), n = fence_class(m, need);
  if (n == FC_NONE)
    return 1;
  if (h == n)
    return 1;
  if (h == FC_FULL && n != FC_CTRL)
    return 1;
  if (h == FC_LIGHT && n == FC_WW)
    return 1;
  return 0;
}

int wmm_place_kinds(wmm_model m, wmm_arch arch, wmm_fence *kinds)
{
  static const wmm_fence x86[] = {WMM_FENCE_MFENCE};
  static const wmm_fence ppc[] = {WMM_FENCE_LWSYNC, WMM_FENCE_SYNC};
  static const wmm_fence arm[] = {WMM_FENCE_DMB_ST, WMM_FENCE_DMB};
  static const wmm_fence a64[] = {WMM_FENCE_DMB_ISHLD, WMM_FENCE_DMB_ISHST,
                                  WMM_FENCE_DMB_ISH};
  static const wmm_fence c11[] = {WMM_FENCE_C_SEQ_CST, WMM_FENCE_C_ACQ_REL,
                                  WMM_FENCE_C_ACQUIRE};
  const wmm_fence *cand = NULL;
  int ncand = 0;
  switch (arch) {
  case WMM_ARCH_X86: cand = x86, ncand = 1; break;
  case WMM_ARCH_PPC: cand = ppc, ncand = 2; break;
  case WMM_ARCH_ARM: cand = arm, ncand = 2; break;
  case WMM_ARCH_AARCH64: cand = a64, ncand = 3; break;
  case WMM_ARCH_C: cand = c11, ncand = 3; break;
  default:
    /* GIMPLE: the instructions of the model's own architecture */
    switch (m) {
    case WMM_MODEL_POWER: cand = ppc, ncand = 2; break;
    case WMM_MODEL_ARMV7: cand = arm, ncand = 2; break;
    case WMM_MODEL_ARMV8: cand = a64, ncand = 3; break;
    default: cand = x86, ncand = 1; break;
    }
  }
  int n = 0;
  for (int i = 0; i < ncand; i++) {
    if (wmm_fence_cost(m, cand[i]) <= 0)
      continue;
    /* C11: keep one kind per class, the first listed (on power acq_rel
     * and acquire are both lwsync; on armv7 every C11 fence is dmb). */
    int dup = 0;
    for (int j = 0; j < n; j++)
      if (wmm_fence_covers(m, kinds[j], cand[i]) &&
          wmm_fence_covers(m, cand[i], kinds[j]))
        dup = 1;
    if (dup)
      continue;
    kinds[n++] = cand[i];
  }
  /* cheapest first (stable) */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && wmm_fence_cost(m, kinds[j]) <
                                 wmm_fence_cost(m, kinds[j - 1]); j--) {
      wmm_fence t = kinds[j];
      kinds[j] = kinds[j - 1];
      kinds[j - 1] = t;
    }
  return n;
}
