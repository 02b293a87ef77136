#!/usr/bin/env bash
# context.sh — small helpers with pointer parameters are analysed per call
# site (inline-depth): WRC written with put/get accessors and store
# buffering through out-of-line accessors at their minimal fences, one
# fence inside a shared helper paid and emitted once; with inline-depth=0
# (context-insensitive) the arguments every call passes still bound *p;
# accessors on members of a heap object (ctx_members.c).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
# expect PROGRAM MODEL "FUNCTION:KIND ..." COST [OPTION] (from the JSON report)
expect() {
  local prog=$1 model=$2 want=$3 cost=$4 opt=${5:-}
  # shellcheck disable=SC2086
  wmm_report_fences "$WMM_TESTDIR/programs/ctx_$prog.c" "$model" $opt \
    || { wmm_fail "$prog $model: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ] && [ "$WMM_COST" = "$cost" ]; then
    wmm_pass "$prog $model $opt: ${want:-no fence}, cost $cost"
  else wmm_fail "$prog $model $opt: got '$WMM_FENCES' cost $WMM_COST, expected '$want' cost $cost"; fi
}
expect wrc tso "" 0
expect wrc power "P1:lwsync P2:lwsync" 2
expect wrc armv8 "P1:dmb ishld P2:dmb ishld" 2
expect sb tso "load:mfence" 1
expect sb power "load:sync" 2
expect sb armv8 "load:dmb ish" 2
expect sb_index tso "get_at:mfence" 1
expect sb_index power "get_at:sync" 2
expect sb_index armv8 "get_at:dmb ish" 2
expect wrc_idx tso "" 0
expect wrc_idx power "t1:lwsync t2:lwsync" 2
expect wrc_idx armv8 "t1:dmb ishld t2:dmb ishld" 2
# Context-insensitive (every call stays a call): what the calls pass
# bounds *p (`put (&x, 1)`, `get (&y)`: x or y, tbaa.cc), and one fence in
# the shared helper serves both threads (dearer before: 5 and 3).
expect wrc power "get:lwsync" 1 -fplugin-arg-wmmfence-inline-depth=0
expect sb power "store1:sync" 2 -fplugin-arg-wmmfence-inline-depth=0
# Accessors on members of a heap object (`set (&s->a, 1)`): *p is one of
# the members passed, not the int globals (cost 5 before); -DSETX also
# passes &x, -DSB reads the member written: store buffering's fences.
expect members tso "" 0
expect members power "" 0
expect members armv8 "" 0
expect members tso "P0:mfence get:mfence" 2 -DSETX
expect members power "P0:sync get:sync" 4 -DSETX
expect members power "get:sync set:sync" 4 -DSB
# The one fence of the shared helper is in the binary once, and the
# compiled program is the analysed one (sync inside load, called by both).
if wmm_target ppc; then
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/sb.s" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    "$WMM_TESTDIR/programs/ctx_sb.c" 2> "$WMM_TMP/err"
  n=$(grep -cE '^\s+(sync|hwsync)\b' "$WMM_TMP/sb.s")
  l=$(awk '/^load:/ { f = 1 } f && /^[ \t]+(sync|hwsync)([ \t]|$)/ { print "in load"; exit } /^[ \t]+blr/ { f = 0 }' "$WMM_TMP/sb.s")
  if [ "$n" = 1 ] && [ "$l" = "in load" ]; then wmm_pass "ppc64le asm: one sync, inside load"
  else wmm_fail "ppc64le asm: $n syncs (${l:-not in load})"; fi
fi
# A bad value names the option.
if ! "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-inline-depth=9 \
    "$WMM_TESTDIR/programs/ctx_sb.c" 2> "$WMM_TMP/err" \
   && grep -q "option '-fplugin-arg-wmmfence-inline-depth': '9' is not a number from 0 to 8" "$WMM_TMP/err"; then
  wmm_pass "inline-depth=9 is refused with the option's name"
else wmm_fail "inline-depth=9: $(head -n 2 "$WMM_TMP/err")"; fi
