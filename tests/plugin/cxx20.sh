#!/usr/bin/env bash
# cxx20.sh — C++20 waiting (cxx20_wait.cc): libstdc++'s waiting machinery
# (waiter pool, spin loops, futex calls; libfns.cc wmm_wait_lib_fn) is the
# library's own memory, and the predicates it calls are the caller's.
#  - a std::latch two workers count down before main reads their parts:
#    no fence on any target (the report's, GCC's own release / acquire
#    mappings aside); before, the pool's counters and the futex call's
#    stand-in closed cycles with the message (x86 2 mfences);
#  - std::atomic<int>::wait / notify_one with release / acquire
#    (-DWAIT): no fence on x86 (2 before);
#  - relaxed store and wait (-DWAIT -DRELAXED): message passing keeps a
#    fence on each side on the weak targets.
# cxx_wait_pred.cc: waits whose inline bodies read the flag (atomic and
# atomic_flag wait, condition_variable(_any)::wait with a predicate,
# wait_for) keep a fence between main's data and flag on the weak
# targets (they were taken for fences by name, the flag's read lost), the
# only one, and add none on x86.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
GXX_FLAGS="-std=c++20 -pthread"

# report TAG WANT_FENCES [OPTION...]: the JSON report's fences are WANT.
report() {
  local tag=$1 want=$2; shift 2
  # shellcheck disable=SC2086
  if ! WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx20_wait.cc" "$M" $GXX_FLAGS "$@"; then
    wmm_fail "$tag: $WMM_ERR"; return
  fi
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$WMM_FENCES', expected '$want'"; fi
}

check() {
  report $T.latch ""
  [ $T = x86 ] && report $T.wait "" -DWAIT
  case $T in
    x86) report $T.relaxed "" -DWAIT -DRELAXED ;;   # x86 keeps MP as it is
    *)
      # shellcheck disable=SC2086
      if WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx20_wait.cc" "$M" $GXX_FLAGS -DWAIT -DRELAXED &&
         echo " $WMM_FENCES " | grep -q ' read_message:' &&
         echo " $WMM_FENCES " | grep -Eq ' (produce|std::__atomic_base<int>::store):'
      then wmm_pass "$T.relaxed: fenced on both sides ($WMM_FENCES)"
      else wmm_fail "$T.relaxed: got '$WMM_FENCES'"; fi ;;
  esac
}
# waits VARIANT: the report orders main's stores on the weak targets with
# one fence (in main or in the flag's store, inlined there; the assembly's
# main has the library's own fences from notify_one anyway) and needs none
# on the waiting side (an acquire wait: its order followed through the
# predicate's closure), none on x86.
waits() {
  local tag=$T.wait_pred${1:+.${1#-D}}
  # shellcheck disable=SC2086
  WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx_wait_pred.cc" "$M" \
    $GXX_FLAGS $1 || { wmm_fail "$tag: $WMM_ERR"; return; }
  local n
  n=$(grep -c '"instruction"' "$WMM_TMP/r.json")
  case $T:" $WMM_FENCES " in
    x86:"  ") wmm_pass "$tag: no fence" ;;
    x86:*) wmm_fail "$tag: got '$WMM_FENCES', expected no fence" ;;
    *) [ "$n" = 1 ] || { wmm_fail "$tag: got '$WMM_FENCES', expected main's one fence"; return; } ;;&
    *" main:"*|*" publish:"*|*"::store:"*|*"::test_and_set:"*)
      wmm_pass "$tag: main's stores ordered, nothing else ($WMM_FENCES)" ;;
    *) wmm_fail "$tag: got '$WMM_FENCES', main's stores unordered" ;;
  esac
}

check_waits() {
  local v
  for v in "" -DFLAG -DCV -DCVANY -DWAITFOR; do waits "$v"; done
}
wmm_each_target check
wmm_each_target check_waits
