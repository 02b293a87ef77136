#!/usr/bin/env bash
# ctor_threads.sh — threads started before main by a static constructor
# (docs/plugin.md, "Thread entries and instances", static constructors;
# entries.cc constructor_entries): `__attribute__ ((constructor))` in C,
# a global object whose constructor starts a std::thread in C++.  Such a
# thread runs beside all of main, so store buffering between it and main
# keeps a full fence in each on every target (before, main was taken to
# run alone until its own first create, and neither got one); when main
# starts the thread itself after its accesses, they run alone: no fence.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
LAMBDA='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZN7StarterC4EvEUlvE_EEEEE6_M_runEv'

per_target() {
  wmm_expect_full $T.ctor "$P/ctor_thread.c" "worker main"
  wmm_expect_note $T.ctor "start is a static constructor that may leave a thread running"
  wmm_expect_fences $T.main_starts "$P/ctor_thread.c" "" -DMAIN_STARTS
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  wmm_expect_full $T.global_object "$P/ctor_thread.cc" "$LAMBDA main"
  WMM_T_GCC=$GCC_C
}
wmm_each_target per_target
