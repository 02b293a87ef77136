#!/usr/bin/env bash
# result_slot.sh — a C++ class returned by value through the hidden
# result reference is built in the caller's object; the call does not
# store that object's address into it (programs/cxx_result_slot.cc;
# docs/plugin.md, "Objects only one thread reaches, by points-to"), on
# x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default (each worker's line a local of its own): no fence (x86-64 3
#   mfences, Power 13 fences before: the line's members seemed to point to
#   the line, which the vector's element store then made escape)
#   -DPUBLISH (the workers read each other's lines): fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_result_slot.cc

one_target() {
  wmm_asm_none result_slot "$P"
  wmm_asm_fenced result_slot_PUBLISH "$P" _ZL6formati -DPUBLISH
}

wmm_each_target one_target
