#!/usr/bin/env bash
# sem_signal.sh — a semaphore posted once is a flag (plugin/flagpub.cc;
# docs/plugin.md, "Data published by a flag"): sem_signal.c's worker
# writes a result and posts `done`, main waits and reads it.  The fences
# in the assembly per function on every target (x86-64, ppc64le,
# aarch64, armv7): none; -DPOLL (sem_trywait until 0) and -DTESTED
# (sem_wait's result tested) none; the racy variants keep message
# passing's fences: -DLATE (written after the post), -DEARLY (read before
# the wait), -DTWICE (two workers post), -DONE (`done` starts at 1),
# -DTRY (one sem_trywait, result not tested), -DEXPORT (exported, main
# calls another unit that may post); the note names the semaphore rule.
# cxx_binary_semaphore.cc (std::binary_semaphore constructed with 0,
# released once, acquired): no fence; -DTWICE, -DEARLY, -DONE fenced on
# the weak targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/sem_signal.c
C=$WMM_TESTDIR/programs/cxx_binary_semaphore.cc

check() {
  local RACY TWICE
  case $T in
    x86) RACY= TWICE= ;;
    ppc) RACY='main:1 worker:1' TWICE='main:1 worker:1' ;;
    *) RACY='main:1 worker:1' TWICE='main:1 worker:1' ;;
  esac
  wmm_expect_fences $T.signal "$P" ""
  wmm_expect_note $T.signal "before the one sem_post of a semaphore that starts at 0"
  wmm_expect_fences $T.poll "$P" "" -DPOLL
  wmm_expect_fences $T.tested "$P" "" -DTESTED
  wmm_expect_fences $T.late "$P" "$RACY" -DLATE
  wmm_expect_fences $T.early "$P" "$RACY" -DEARLY
  wmm_expect_fences $T.twice "$P" "$TWICE" -DTWICE
  wmm_expect_fences $T.one "$P" "$RACY" -DONE
  wmm_expect_fences $T.try "$P" "$RACY" -DTRY
  wmm_expect_fences $T.export "$P" "$RACY" -DEXPORT
  wmm_expect_no_note $T.export "sem_post of a semaphore"
  # C++20's std::binary_semaphore, released once: the same rule
  # (the library's own atomics have barriers: counted without the plugin
  # too, and only the difference is the plugin's)
  local GXX=${WMM_T_GCC/gcc/g++} v got base
  for v in "" TWICE EARLY ONE; do
    WMM_T_GCC=$GXX wmm_compile_asm "$T.cxx$v" "$C" -std=c++20 ${v:+-D$v} \
      || continue
    "$GXX" -O2 -S -std=c++20 ${v:+-D$v} -o "$WMM_TMP/$T.cxx$v.0.s" "$C"
    got=$(wmm_fence_counts "$WMM_TMP/$T.cxx$v.s")
    base=$(wmm_fence_counts "$WMM_TMP/$T.cxx$v.0.s")
    if [ -z "$v" ] || [ $T = x86 ]; then
      # (x86: message passing needs no fence)
      if [ "$got" = "$base" ]; then wmm_pass "$T.cxx$v: no fence added"
      else wmm_fail "$T.cxx$v: got '$got', without the plugin '$base'"; fi
    elif [ "$got" != "$base" ]; then wmm_pass "$T.cxx$v: fenced ($got)"
    else wmm_fail "$T.cxx$v: no fence added"; fi
  done
}
wmm_each_target check
