#!/usr/bin/env bash
# acq_helper.sh — an acquire load in an out-of-line helper orders what its
# caller does after it returns (acq_helper.c): Power's ld; cmp; beq; isync
# (and ARMv7's ldr; dmb, ARMv8's ldar) inside `ready ()` is credited to the
# consumer's later loads, which lie in another code unit (pairs.c
# dep_flow's exit dependencies).  Message passing and a release sequence
# of two producers (-DCOUNT) get no fence on x86-64, ppc64le, aarch64 and
# armv7 (the JSON report; Power had an lwsync in ready () before); the
# relaxed helper (-DRELAXED) gets one there on the weak targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/acq_helper.c

report() {
  local tag=$1 want=$2; shift 2
  if ! wmm_report_fences "$P" "$M" "$@"; then wmm_fail "$tag: $WMM_ERR"; return; fi
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$WMM_FENCES', expected '$want'"; fi
}

check() {
  report $T.mp ""
  report $T.count "" -DCOUNT
  local want
  case $T in
    x86) want="" ;;
    ppc) want="ready:lwsync" ;;
    aarch64) want="ready:dmb ishld" ;;
    arm) want="ready:dmb" ;;
  esac
  report $T.relaxed "$want" -DRELAXED
  report $T.count_relaxed "$want" -DCOUNT -DRELAXED
}
wmm_each_target check
