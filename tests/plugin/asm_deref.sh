#!/usr/bin/env bash
# asm_deref.sh — an inline asm that writes through a register operand
# (asm_deref.c: "movl $1,(%0)" with "r" (&x), Power's "stw %1,0(%0)",
# ARM's "str %1,[%0]") is an access of what the register points to
# (asm.cc wmm_asm_derefs): store buffering keeps a full fence in each
# thread on x86-64, ppc64le, aarch64 and armv7 (-O2 assembly); a named
# operand (-DNAMED) is an unknown access, fenced too.  Before, the store
# was not seen and neither thread got a fence.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/asm_deref.c

check() {
  wmm_expect_full $T.reg "$P" "t0 t1"
  wmm_expect_full $T.named "$P" "t0 t1" -DNAMED
}
wmm_each_target check
