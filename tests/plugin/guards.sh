#!/usr/bin/env bash
# guards.sh — critical cycles that the values rule out (value guards:
# docs/placement.md, "Value guards"; collect.cc add_value_guard,
# analysis/placement/guards.c).  A worker polls `while (!stop)` and reads
# main's data in the loop; main writes the data, then stop = 1.  Reading
# stop = 1 ends the loop, so the worker never reads the data after seeing
# the flag: no fence on any target (before: an lwsync / dmb in each on
# the weak targets).  Reading the data after the loop too (-DAFTER), or a
# flag value main does not know (-DNONCONST), keeps the message-passing
# fences; store buffering through the flag (-DSB) keeps a full fence in
# each on every target.  The same with a relaxed __atomic flag
# (-DRELAXED), and in C++ (stop_flag.cc: a lambda polls a relaxed
# std::atomic<bool>, whose load and store the plugin collects at each call
# site).  A reader that takes a slow path only while a pointer is null
# (null_guard.c: `if (!p) r = data;`) and a writer that stores a pointer
# that cannot be null (a declared object's address, a fresh object
# dereferenced or tested before the store): no fence on any target;
# a pointer never tested (-DMAYBE) or data also read after the test
# (-DAFTER) keeps message passing's fences.  Assembly read back per
# function.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/stop_flag.c
PXX=$WMM_TESTDIR/programs/stop_flag.cc
PN=$WMM_TESTDIR/programs/null_guard.c
RUN='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv'

per_target() {
  case $T in
    x86) mp="" sbmp="main:1 worker:1" mpxx="" ;;
    # (C++: one fence per side since 2026-11-29; 3 before, placed inside
    # helpers without memory accesses that GCC inlines three times)
    *) mp="main:1 worker:1" sbmp="main:2 worker:2" mpxx="$RUN:1 main:1" ;;
  esac
  wmm_expect_fences $T.stop "$P" ""
  wmm_expect_fences $T.after "$P" "$mp" -DAFTER
  wmm_expect_fences $T.nonconst "$P" "$mp" -DNONCONST
  wmm_expect_full $T.sb "$P" "main worker" -DSB
  wmm_expect_fences $T.sb_after "$P" "$sbmp" -DSB -DAFTER
  wmm_expect_fences $T.relaxed "$P" "" -DRELAXED
  wmm_expect_fences $T.relaxed_after "$P" "$mp" -DRELAXED -DAFTER
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  wmm_expect_fences $T.cxx "$PXX" ""
  wmm_expect_fences $T.cxx_after "$PXX" "$mpxx" -DAFTER
  WMM_T_GCC=$GCC_C
  case $T in
    x86) nmp="" ;;
    *) nmp="reader:1 writer:1" ;;
  esac
  wmm_expect_fences $T.null_addr "$PN" ""
  wmm_expect_fences $T.null_deref "$PN" "" -DDEREF
  wmm_expect_fences $T.null_tested "$PN" "" -DTESTED
  wmm_expect_fences $T.null_maybe "$PN" "$nmp" -DMAYBE
  wmm_expect_fences $T.null_after "$PN" "$nmp" -DAFTER
  wmm_expect_fences $T.null_deref_after "$PN" "$nmp" -DDEREF -DAFTER
}
wmm_each_target per_target
