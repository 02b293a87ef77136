#!/usr/bin/env bash
# locks.sh — data under locks needs no fence, through the ways programs
# take locks: wrapper functions (static, or exported with a pointer
# parameter like a lock library's possess/release), helpers called inside
# a critical section, static lock objects unknown code cannot name; and
# the cases that must keep their fences: a wrapper that locks only on some
# paths, a helper also called without the lock, unknown code called inside
# a critical section of an exported lock (it may release it).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
# expect PROGRAM MODEL "FUNCTION:KIND ..." (sorted, from the JSON report)
expect() {
  local prog=$1 model=$2 want=$3 got
  "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$model" -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" \
    "$WMM_TESTDIR/programs/locks_$prog.c" 2> "$WMM_TMP/err" || { wmm_fail "$prog $model: $(head -n 2 "$WMM_TMP/err")"; return; }
  got=$(sed -n 's/.*{"function": "\([^"]*\)".*"kind": "\([^"]*\)", "instruction".*/\1:\2/p' "$WMM_TMP/r.json" | sort | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then wmm_pass "$prog $model: ${want:-no fence}"
  else wmm_fail "$prog $model: got '$got', expected '$want'"; fi
}
for m in tso power armv8; do
  expect wrapper $m ""
  expect callee $m ""
done
# Soundness: the same store buffering without a lock it can count on.
expect maybe tso "P0:mfence P1:mfence"
expect maybe power "P0:sync P1:sync"
expect callee_open tso "push:mfence"
expect callee_open power "push:sync"
# Lock objects of exported wrappers with a pointer parameter; the wrapper's
# own accesses to the lock object cannot touch x and y (alias sets).
for m in tso power armv8; do
  expect param $m ""
done
# Unknown code called in a critical section may release the exported m
# (fences for x, y), never the static s guarding static u, v.
expect unknown tso "P0:mfence P1:mfence"
expect unknown power "P0:lwsync P0:lwsync P0:sync P1:lwsync P1:lwsync P1:sync"
