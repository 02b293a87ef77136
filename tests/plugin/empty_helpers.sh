#!/usr/bin/env bash
# empty_helpers.sh — no fence inside a helper that touches no memory: on
# every target (x86-64, ppc64le, aarch64, armv7) the -O2 assembly has
# exactly one full fence in each thread and none elsewhere for
#   empty_helper.c        store buffering with a call of a small helper
#                         without memory accesses between the store and
#                         the load (GCC inlines it into both threads and
#                         main: a fence inside it went to all three);
#                         -DTOUCH, the helper counting its calls in a
#                         global: each thread still keeps a full fence;
#                         -DBARRIER, a compiler barrier in the helper (a
#                         fence, no access): one per thread, none in main
#                         (main had 3 before)
#   atomics_sb_relaxed.cc store buffering with relaxed std::atomic<int>
#                         (std::__is_constant_evaluated, called by every
#                         store() and load(), is such a helper: 5 fences
#                         per thread before)
#   cxx_sb_lambdas.cc     the same between two std::thread lambdas; its
#                         report counts the fence of store()'s unit, which
#                         serves both lambdas, at the cost of one fence
#                         (it said 0 when the copy came first)
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
LAMBDA='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE'

check() {
  wmm_expect_fences $T.empty "$P/empty_helper.c" "t0:1 t1:1"
  wmm_expect_full $T.touch "$P/empty_helper.c" "t0 t1" -DTOUCH
  wmm_expect_fences $T.barrier "$P/empty_helper.c" "t0:1 t1:1" -DBARRIER
  WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_expect_fences $T.sbr "$P/atomics_sb_relaxed.cc" "P0:1 P1:1"
  WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_expect_fences $T.lambdas "$P/cxx_sb_lambdas.cc" \
    "${LAMBDA}0_EEEEE6_M_runEv:1 ${LAMBDA}_EEEEE6_M_runEv:1" -pthread
  local want
  case $T in x86) want=1 ;; ppc|aarch64|arm) want=2 ;; esac
  if WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx_sb_lambdas.cc" "$M" &&
     [ "$WMM_COST" = "$want" ]; then wmm_pass "$T.lambdas: report cost $want"
  else wmm_fail "$T.lambdas: report cost '$WMM_COST', expected $want"; fi
}
wmm_each_target check
