#!/usr/bin/env bash
# check_goal.sh — goal=assertions (plugin/cegar.cc) and the classic
# algorithms of tests/plugin/programs/check/ under the check.
# 1. goal_mix.c (message passing with an assertion next to an unasserted
#    store-buffering pair): goal=assertions meets the goal (the final check
#    says safe), costs less than restoring SC, and the x86 assembly has no
#    full fence where goal=sc has one.
# 2. Lamport's bakery, Szymanski, a read-write lock and qrcu-style counters
#    under sc, tso, power and armv8: unfenced (mode=report) as each is
#    known to behave, fenced (mode=insert) and with goal=assertions safe.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs/check
. "$WMM_SRCDIR/tests/plugin/lib/check.sh"
# run PROGRAM MODEL MODE [EXTRA...]: tests/plugin/programs/check/PROGRAM.c
run() { local prog=$1; shift; wmm_check_run "$P/$prog.c" "$@"; }
# the "check" object's verdict
verdict() { wmm_check_verdict | cut -d' ' -f1; }
# num KEY: a number of the "check" object
num() {
  sed -n "s/.*\"check\": {.*\"$1\": \\([0-9.]*\\).*/\\1/p" "$WMM_TMP/r.json"
}

# 1. goal_mix: cheaper than SC, and safe.
for m in tso power armv8; do
  if ! run goal_mix $m insert -fplugin-arg-wmmfence-goal=assertions; then
    wmm_fail "goal_mix $m: $(head -n 2 "$WMM_TMP/err")"; continue
  fi
  cost=$(num cost) sc=$(num sc_cost)
  if [ "$(verdict)" = safe ] && grep -q '"goal": "assertions", "goal_met": true' "$WMM_TMP/r.json" &&
     awk -v c="$cost" -v s="$sc" 'BEGIN { exit !(c < s) }'; then
    wmm_pass "goal_mix $m: safe at cost $cost < sc $sc"
  else
    wmm_fail "goal_mix $m: $(grep -o '"check".*' "$WMM_TMP/r.json")"
  fi
  if grep -q "note: wmmfence: goal=assertions: cost $cost after [0-9]* check(s) (restoring sc costs $sc); safe up to the bound, unwind 2" "$WMM_TMP/err"
  then wmm_pass "goal_mix $m: the note"
  else wmm_fail "goal_mix $m: no note: $(grep goal= "$WMM_TMP/err")"; fi
done
# The assembly: goal=sc fences the store-buffering pair, goal=assertions not.
for goal in sc assertions; do
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$goal.s" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch=tso -fplugin-arg-wmmfence-goal=$goal "$P/goal_mix.c" 2> "$WMM_TMP/err"
done
# (GCC 12 writes the full fence as mfence or as lock or, by tuning)
full='mfence|lock or'
if grep -qE "$full" "$WMM_TMP/sc.s" && ! grep -qE "$full" "$WMM_TMP/assertions.s"; then
  wmm_pass "goal_mix x86 assembly: a full fence only with goal=sc"
else
  wmm_fail "goal_mix x86 assembly: sc $(grep -cE "$full" "$WMM_TMP/sc.s"), assertions $(grep -cE "$full" "$WMM_TMP/assertions.s")"
fi
# With from=tso the cost of restoring tso comes too.
if run goal_mix power insert -fplugin-arg-wmmfence-goal=assertions -fplugin-arg-wmmfence-from=tso &&
   grep -q '"goal_met": true, .*"sc_cost": [0-9.]*, "from_cost": [0-9.]*}' "$WMM_TMP/r.json"; then
  wmm_pass "goal_mix power from=tso: from_cost"
else
  wmm_fail "goal_mix power from=tso: $(grep -o '"check".*' "$WMM_TMP/r.json")"
fi
# No assertion: the full placement is kept, and said so.
if run ../check_sb power insert -fplugin-arg-wmmfence-goal=assertions &&
   grep -q '"goal_met": false' "$WMM_TMP/r.json" &&
   grep -q 'goal=assertions: the unit has no assertions after 1 check(s): the full placement restoring sc is kept' "$WMM_TMP/err"; then
  wmm_pass "check_sb: no assertions, full placement"
else
  wmm_fail "check_sb: $(grep goal "$WMM_TMP/err")"
fi

# 2. The classics.  expect PROGRAM MODEL MODE VERDICT [EXTRA...]
expect() {
  local prog=$1 model=$2 mode=$3 want=$4
  shift 4
  if ! run "$prog" "$model" "$mode" "$@"; then
    wmm_fail "$prog $model $mode $*: $(head -n 2 "$WMM_TMP/err")"; return
  fi
  if [ "$(verdict)" = "$want" ]; then wmm_pass "$prog $model $mode $*: $want"
  else wmm_fail "$prog $model $mode $*: got '$(verdict)', expected '$want'"; fi
  wmm_check_replayed "$prog $model $mode $*"
}
G=-fplugin-arg-wmmfence-goal=assertions
U=-fplugin-arg-wmmfence-unwind=1
for m in sc tso power armv8; do
  # W->R: unsafe on every weak model; W->W (the plain release): power, armv8
  case $m in
    sc) wr=safe; ww=safe ;;
    tso) wr=unsafe; ww=safe ;;
    *) wr=unsafe; ww=unsafe ;;
  esac
  for prog in bakery szymanski qrcu rwlock; do
    want=$wr
    [ $prog = rwlock ] && want=$ww
    expect $prog $m report $want $U
    expect $prog $m insert safe $U
    expect $prog $m insert safe $U $G
  done
done
