#!/usr/bin/env bash
# exit_handlers.sh — exit handlers run while threads still run
# (entries.cc exit_entries; exit_handler.c): store buffering between an
# atexit handler (-DQUICK: at_quick_exit, a worker calling quick_exit)
# and a detached worker keeps a full fence in each on x86-64, ppc64le,
# aarch64 and armv7 (none before: handlers were assumed to run alone);
# so does a destructor function (-DDTOR), a handler a library unit
# registers beside its exported functions (-DLIBRARY), and a static C++
# object's destructor that touches other globals (exit_dtor.cc); one that
# touches only its object (-DOWN) stays no entry: no fence.  A thread_local
# object's destructor runs as each thread exits: store buffering with
# main keeps a full fence in each (thread_local_dtor.cc; -DOWN: none).
# With no thread in the unit (-DNOTHREAD) the handler runs alone: no
# fence.  The notes name the handlers.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/exit_handler.c

check() {
  wmm_expect_full $T.atexit "$P" "bye worker"
  wmm_expect_note $T.atexit "'bye' is an exit or signal handler of a unit that starts threads"
  wmm_expect_full $T.quick "$P" "bye worker" -DQUICK
  wmm_expect_full $T.signal "$P" "on_signal worker" -DSIGNAL
  wmm_expect_full $T.dtor "$P" "bye worker" -DDTOR
  wmm_expect_full $T.library "$P" "bye lib_step" -DLIBRARY
  local GXX=${WMM_T_GCC/gcc/g++}
  WMM_T_GCC=$GXX wmm_expect_full $T.static_dtor "$WMM_TESTDIR/programs/exit_dtor.cc" "_ZN7FlusherD2Ev _ZL6workerv"
  wmm_expect_note $T.static_dtor "'Flusher::~Flusher' is an exit or signal handler"
  WMM_T_GCC=$GXX wmm_expect_fences $T.own_dtor "$WMM_TESTDIR/programs/exit_dtor.cc" "" -DOWN
  # a thread_local object's destructor, run by each thread as it exits
  WMM_T_GCC=$GXX wmm_expect_full $T.tls_dtor "$WMM_TESTDIR/programs/thread_local_dtor.cc" "_ZN7CounterD2Ev main"
  wmm_expect_note $T.tls_dtor "Counter::~Counter is the destructor of a thread-specific key or thread_local object"
  WMM_T_GCC=$GXX wmm_expect_fences $T.tls_own "$WMM_TESTDIR/programs/thread_local_dtor.cc" "" -DOWN
  wmm_expect_note $T.own_dtor "static object's destructor, registered to run at exit"
  if wmm_report_fences "$P" "$M" -DNOTHREAD && [ -z "$WMM_FENCES" ]; then
    wmm_pass "$T.nothread: no fence"
  else wmm_fail "$T.nothread: '$WMM_FENCES' $WMM_ERR"; fi
}
wmm_each_target check
