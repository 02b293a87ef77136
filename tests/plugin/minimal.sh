#!/usr/bin/env bash
# minimal.sh — fence counts on small programs against the minimum: code that
# is already fenced, protected by a mutex or thread-local needs none; SB
# through helper functions needs one fence inside the shared helper on
# x86-TSO; message passing over an array in a loop needs lwsync / dmb
# ishst + ishld on Power / ARMv8; SB with a branch and SB through pointers
# need one full fence per thread; a freshly allocated node published with
# a release store needs three lwsyncs on Power, none on x86-TSO.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
# expect PROGRAM MODEL "FUNCTION:KIND ..." (sorted)
expect() {
  local prog=$1 model=$2 want=$3 got
  "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$model" -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" \
    "$WMM_TESTDIR/programs/min_$prog.c" 2> "$WMM_TMP/err" || { wmm_fail "$prog $model: $(head -n 2 "$WMM_TMP/err")"; return; }
  got=$(sed -n 's/.*{"function": "\([^"]*\)".*"kind": "\([^"]*\)", "instruction".*/\1:\2/p' "$WMM_TMP/r.json" | sort | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then wmm_pass "$prog $model: ${want:-no fence}"
  else wmm_fail "$prog $model: got '$got', expected '$want'"; fi
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
expect heap power "cons:lwsync cons:lwsync prod:lwsync"
expect heap tso ""
