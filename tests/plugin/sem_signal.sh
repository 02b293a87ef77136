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
# the weak targets.  cxx_sem_ring.cc (a bounded buffer on two
# std::counting_semaphores): no fence added; -DPEEK fenced on the weak
# targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/sem_signal.c
C=$WMM_TESTDIR/programs/cxx_binary_semaphore.cc
R=$WMM_TESTDIR/programs/cxx_sem_ring.cc

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
  cxx_check "$C" cxx "" TWICE EARLY ONE
  # the bounded buffer with two std::counting_semaphores: their release
  # and acquire order the slots' accesses (no fence); -DPEEK reads a
  # slot it did not acquire (fenced on the weak targets)
  cxx_check "$R" ring "" PEEK
}

# cxx_check SOURCE TAG VARIANT...: the fences in the assembly of SOURCE
# with each variant (-DVARIANT; "" none) against those without the
# plugin (the library's own atomics have barriers: counted without the
# plugin too, and only the difference is the plugin's): none added for
# the first variant and on x86, some for the others.
cxx_check() {
  local src=$1 tag=$2 first=$3 v got base
  shift 2
  local GXX=${WMM_T_GCC/gcc/g++}
  for v in "$@"; do
    WMM_T_GCC=$GXX wmm_compile_asm "$T.$tag$v" "$src" -std=c++20 ${v:+-D$v} \
      || continue
    "$GXX" -O2 -S -std=c++20 ${v:+-D$v} -o "$WMM_TMP/$T.$tag$v.0.s" "$src"
    got=$(wmm_fence_counts "$WMM_TMP/$T.$tag$v.s")
    base=$(wmm_fence_counts "$WMM_TMP/$T.$tag$v.0.s")
    if [ "$v" = "$first" ] || [ $T = x86 ]; then
      # (x86: message passing needs no fence)
      if [ "$got" = "$base" ]; then wmm_pass "$T.$tag$v: no fence added"
      else wmm_fail "$T.$tag$v: got '$got', without the plugin '$base'"; fi
    elif [ "$got" != "$base" ]; then wmm_pass "$T.$tag$v: fenced ($got)"
    else wmm_fail "$T.$tag$v: no fence added"; fi
  done
}
wmm_each_target check
