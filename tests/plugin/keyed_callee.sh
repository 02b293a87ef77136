#!/usr/bin/env bash
# keyed_callee.sh — a load and a store through a helper's pointer
# parameter touch one address in each call; when the helper runs once in
# a thread, two threads' calls form no cycle between them
# (programs/keyed_callee.c; docs/plugin.md, "One address per call"), on
# x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default: no fence (Power and ARMv7 1 fence before: the address key
#   counted in a thread's entry function only)
#   -DTWICE (the helper runs twice in a thread, on two counters): fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/keyed_callee.c

one_target() {
  wmm_asm_none keyed "$P"
  wmm_asm_fenced keyed_TWICE "$P" '(bump|worker)' -DTWICE
}

wmm_each_target one_target
