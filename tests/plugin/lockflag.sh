#!/usr/bin/env bash
# lockflag.sh — data published through a flag kept under a lock
# (plugin/flagpub.cc, find_lock_flags; docs/plugin.md, "Data published by
# a flag"): lockflag.c's worker fills a result, sets `res.ready` under a
# mutex and signals; main waits under the mutex until it sees the flag,
# then reads the result outside the lock.  No fence on any target (Power
# and ARMv8 had message passing's two before).  The result written after
# the flag (AFTER) or the flag read without the lock (OUTSIDE) keep a
# fence in the worker and in main on the weak targets (message passing
# needs none on x86).  Checked in the -O2 assembly of every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# both_fenced TAG: worker and main each have a fence in TAG.s
both_fenced() {
  local got
  got=$(wmm_fence_counts "$WMM_TMP/$1.s")
  case " $got " in
    *" main:"*" worker:"*) wmm_pass "$1: worker and main keep a fence ($got)" ;;
    *) wmm_fail "$1: fences '$got', expected some in main and worker" ;;
  esac
}

per_target() {
  wmm_expect_fences $T.lockflag "$P/lockflag.c" ''
  wmm_expect_note $T.lockflag "written before a flag is set under a lock"
  for v in AFTER OUTSIDE; do
    if [ $T = x86 ]; then
      wmm_expect_fences $T.$v "$P/lockflag.c" '' -D$v
    else
      wmm_compile_asm $T.$v "$P/lockflag.c" -D$v && both_fenced $T.$v
    fi
  done
}
wmm_each_target per_target
