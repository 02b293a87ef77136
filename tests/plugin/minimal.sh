#!/usr/bin/env bash
# minimal.sh — fence counts on small programs against the minimum: code that
# is already fenced, protected by a mutex or thread-local needs none; SB
# through helper functions needs one fence inside the shared helper on
# x86-TSO; message passing over an array in a loop needs lwsync / dmb
# ishst + ishld on Power / ARMv8; SB with a branch and SB through pointers
# need one full fence per thread; a freshly allocated node published with
# a release store and a flag needs two lwsyncs on Power (one in each
# thread: the consumer reads the node only after it saw the flag, so the
# lwsync after its wait serves the node's own cycle too; three until
# 2026-12-07), none on x86-TSO; a spin on a flag, then a loop over the
# data (min_spin_data.c), has the consumer's fence on the way into the
# loop: weighted cost 2 on Power and ARMv8 (11 before 2026-12-07).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
# expect PROGRAM MODEL "FUNCTION:KIND ..." (sorted)
expect() {
  local prog=$1 model=$2 want=$3
  wmm_report_fences "$WMM_TESTDIR/programs/min_$prog.c" "$model" \
    || { wmm_fail "$prog $model: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$prog $model: ${want:-no fence}"
  else wmm_fail "$prog $model: got '$WMM_FENCES', expected '$want'"; fi
}
for m in tso power armv8; do
  expect fenced $m ""
  expect mutex $m ""
  expect tls $m ""
done
expect calls tso "get:mfence"
expect branch tso "P0:mfence P1:mfence"
expect branch power "P0:sync P1:sync"
expect ptr2 tso "P0:mfence P1:mfence"
expect loop tso ""
expect loop power "P0:lwsync P1:lwsync"
expect loop armv8 "P0:dmb ishst P1:dmb ishld"
expect heap power "cons:lwsync prod:lwsync"
expect heap tso ""
# a spin, then a loop over the data: the consumer's fence on the edge
# into the loop (weighted cost 1), not in the loop's head (cost 10)
expect_cost() {
  local prog=$1 model=$2 want=$3 cost=$4
  expect "$prog" "$model" "$want"
  if [ "$WMM_COST" = "$cost" ]; then wmm_pass "$prog $model: cost $cost"
  else wmm_fail "$prog $model: cost $WMM_COST, expected $cost"; fi
}
expect spin_data tso ""
expect_cost spin_data power "consumer:lwsync producer:lwsync" 2
expect_cost spin_data armv8 "consumer:dmb ishld producer:dmb ishst" 2
expect_cost spin_data armv7 "consumer:dmb producer:dmb st" 3
