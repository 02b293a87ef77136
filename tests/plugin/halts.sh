#!/usr/bin/env bash
# halts.sh — calls after which a thread runs nothing of its own (halts.cc):
# a worker that stores an error flag and exits through a helper
# (programs/die_helper.c; docs/plugin.md, "Calls that do not come back"),
# on x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default, -DNESTED (the exit two helpers down), -DABORT: no fence
#   (x86-64 1 mfence, Power 2 fences before)
#   -DLONGJMP (the helper jumps back into the worker), -DSOMETIMES (it
#   may return), -DTHREAD_END (pthread_exit): main's pair fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/die_helper.c

one_target() {
  local v
  for v in '' NESTED ABORT; do wmm_asm_none "die${v:+_$v}" "$P" ${v:+-D$v}; done
  for v in LONGJMP SOMETIMES THREAD_END; do
    wmm_asm_fenced "die_$v" "$P" main -D$v
  done
}

wmm_each_target one_target
