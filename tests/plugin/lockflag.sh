#!/usr/bin/env bash
# lockflag.sh — data published through a flag kept under a lock
# (plugin/flagpub.cc, find_lock_flags; docs/plugin.md, "Data published by
# a flag"): lockflag.c's worker fills a result, sets `res.ready` under a
# mutex and signals; main waits under the mutex until it sees the flag,
# then reads the result outside the lock.  No fence on any target (Power
# and ARMv8 had message passing's two before).  The result written after
# the flag (AFTER) keeps a fence in the worker and in main on the weak
# targets (message passing needs none on x86).  The flag read without the
# lock (OUTSIDE) keeps the fence after main's wait; the worker's lock
# call, a full fence under the default locks=full, orders its writes
# before the flag (since 2026-12-07 the result's own cycles need nothing
# more: docs/placement.md, "Hand-offs whose flag is not ordered yet");
# with locks=acqrel the worker keeps one too on Power and ARMv8.
# Checked in the -O2 assembly of every target.
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
  if [ $T = x86 ]; then
    wmm_expect_fences $T.AFTER "$P/lockflag.c" '' -DAFTER
    wmm_expect_fences $T.OUTSIDE "$P/lockflag.c" '' -DOUTSIDE
  else
    wmm_compile_asm $T.AFTER "$P/lockflag.c" -DAFTER && both_fenced $T.AFTER
    wmm_expect_fences $T.OUTSIDE "$P/lockflag.c" 'main:1' -DOUTSIDE
    # (ARMv7's lock and unlock are full fences either way: its dmb)
    [ $T = arm ] ||
      { wmm_compile_asm $T.OUTSIDE_acqrel "$P/lockflag.c" -DOUTSIDE \
          -fplugin-arg-wmmfence-locks=acqrel && both_fenced $T.OUTSIDE_acqrel; }
  fi
}
wmm_each_target per_target
