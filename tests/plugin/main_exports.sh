#!/usr/bin/env bash
# main_exports.sh — a unit with main calls code of other units that may
# start threads, which may call the unit's exported functions by name
# (entries.cc exported_callee_entries; main_exports.c): store buffering
# between main and an exported function keeps a full fence in each on
# x86-64, ppc64le, aarch64 and armv7 (none before: the unit was "not
# concurrent"), and the note names the function and the call.  A static
# function nothing calls (-DSTATIC), or a main that calls only C library
# functions that start no thread (-DTHREAD_FREE), or a C++ main that
# calls only the C++ library (main_exports.cc): no fence; the same calling
# another unit of the program (-DWORKERS): a full fence in each.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/main_exports.c
P_CXX=$WMM_TESTDIR/programs/main_exports.cc

check() {
  wmm_expect_full $T.exported "$P" "main on_event"
  wmm_expect_note $T.exported "on_event is exported by a unit with main that calls code of other units (start_workers)"
  wmm_expect_fences $T.static "$P" "" -DSTATIC
  wmm_expect_fences $T.thread_free "$P" "" -DTHREAD_FREE
  # C++: the library (streams, getline, map) calls no exported function
  # by name; another unit of the program may
  local GXX=${WMM_T_GCC/gcc/g++}
  WMM_T_GCC=$GXX wmm_expect_fences $T.cxx_library "$P_CXX" ""
  WMM_T_GCC=$GXX wmm_expect_full $T.cxx_workers "$P_CXX" "main _Z10count_lineRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" -DWORKERS
}
wmm_each_target check
