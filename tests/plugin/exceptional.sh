#!/usr/bin/env bash
# exceptional.sh — program order along exceptional and abnormal edges: a
# thrown exception's way to its landing pad (a catch handler, a destructor
# run while unwinding), a longjmp's way back to its setjmp, a computed
# goto's way to its label.  Store buffering whose first thread reaches its
# load only along such an edge needs a full fence in each thread on every
# target (x86-64, ppc64le, aarch64, armv7; read back from the -O2
# assembly); before these edges were followed neither thread got one.
# Without a shared load after the jump (-DNOREAD) there is no cycle and no
# fence.  The computed goto is also model-checked (the check key: the
# bundled BMC on the compiled code, tso / power / armv8): unfenced it is
# not robust (the explicit checker replays the counterexample), fenced it
# is.
#   exc_paths.c         setjmp + a helper that longjmps; -DGOTO computed goto
#   exc_catch.cc        a helper that throws, the load in the handler;
#                       -DRAII the load in a destructor run by the unwinding
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

check() {
  # the fence of t0's path goes into the helper, before its longjmp /
  # throw (on the exceptional path only), or into t0 before the goto
  wmm_expect_fences $T.longjmp "$P/exc_paths.c" "check:1 t1:1"
  wmm_expect_full $T.longjmp_full "$P/exc_paths.c" "check t1"
  wmm_expect_fences $T.goto "$P/exc_paths.c" "t0:1 t1:1" -DGOTO
  wmm_expect_full $T.goto_full "$P/exc_paths.c" "t0 t1" -DGOTO
  wmm_expect_fences $T.longjmp_noread "$P/exc_paths.c" "" -DNOREAD
  wmm_expect_fences $T.goto_noread "$P/exc_paths.c" "" -DGOTO -DNOREAD
  local GXX=${WMM_T_GCC/gcc/g++}
  WMM_T_GCC=$GXX wmm_expect_fences $T.catch "$P/exc_catch.cc" "_Z2t1Pv:1 _ZL5checkl:1"
  WMM_T_GCC=$GXX wmm_expect_full $T.catch_full "$P/exc_catch.cc" "_Z2t1Pv _ZL5checkl"
  WMM_T_GCC=$GXX wmm_expect_fences $T.raii "$P/exc_catch.cc" "_Z2t1Pv:1 _ZL5checkl:1" -DRAII
  WMM_T_GCC=$GXX wmm_expect_fences $T.catch_noread "$P/exc_catch.cc" "" -DNOREAD
}
wmm_each_target check

# The computed goto under the bundled BMC (x86-64 plugin, each model).
if wmm_target x86; then
  . "$WMM_SRCDIR/tests/plugin/lib/check.sh"
  for m in tso power armv8; do
    for mode in report insert; do
      case $mode in report) want="unsafe robustness" ;; insert) want="safe robustness" ;; esac
      if wmm_check_run "$P/exc_paths.c" $m $mode -DGOTO &&
         [ "$(wmm_check_verdict)" = "$want" ]; then
        wmm_pass "goto $m $mode: $want"
      else
        wmm_fail "goto $m $mode: got '$(wmm_check_verdict)', expected '$want': $(head -n 2 "$WMM_TMP/err")"
      fi
      wmm_check_replayed "goto $m $mode"
    done
  done
fi
