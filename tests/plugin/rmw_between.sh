#!/usr/bin/env bash
# rmw_between.sh — an atomic read-modify-write between a store and a load
# (programs/rmw_between.c; analysis/placement/pairs.c, locked_rmw): on
# x86 a locked instruction is a full fence, so store buffering whose
# store and load it separates needs no mfence; the weak targets keep what
# their mapping of the addition leaves unordered.  Checked on the fences
# of the JSON report per function, on the x86 assembly (no mfence and no
# `lock or` beyond plain gcc's), and with the bundled model checker on
# the code as written (mode=report check: robust under tso, and not when
# the addition is on one path only, -DMAYBE).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# expect TAG WANT [OPTIONS...]: "FUNCTION:N ..." of the report's fences
expect() { wmm_expect_report "$T.$1" "$P/rmw_between.c" "$2" "${@:3}"; }

ran=0
for T in x86 ppc aarch64 arm; do
  wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
  ran=1 M=$WMM_T_MODEL CC=$WMM_T_GCC
  case $T in
    x86) W= WR= WM='waiter:1' ;;
    ppc) W='starter:1' WR='starter:1 waiter:1' WM='starter:1' ;;
    aarch64) W='starter:1 waiter:1' WR='starter:1 waiter:2' WM=$W ;;
    arm) W= WR='waiter:2' WM='waiter:1' ;;
  esac
  expect base "$W"
  expect relaxed "$WR" -DRELAXED
  expect maybe "$WM" -DMAYBE
done
[ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }

# x86: the assembly has no full fence beyond plain gcc's (the seq_cst
# store's), and the model checker finds the code as written robust
if wmm_target x86; then
  CC=$WMM_T_GCC
  fences() { grep -cE '^[[:space:]]*(mfence|lock or)' "$1"; }
  "$CC" -O2 -S -o "$WMM_TMP/plain.s" "$P/rmw_between.c"
  if [ "$(fences "$WMM_TMP/x86.base.s")" = "$(fences "$WMM_TMP/plain.s")" ]; then
    wmm_pass "x86: no fence added to the assembly"
  else
    wmm_fail "x86: $(fences "$WMM_TMP/x86.base.s") full fences, plain gcc $(fences "$WMM_TMP/plain.s")"
  fi
  for v in base MAYBE; do
    case $v in base) def= want='robustness\): safe' ;;
      *) def=-D$v want='robustness\): unsafe' ;; esac
    "$CC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-mode=report \
      -fplugin-arg-wmmfence-check $def "$P/rmw_between.c" 2> "$WMM_TMP/check.$v.err"
    if grep -Eq "$want" "$WMM_TMP/check.$v.err"; then wmm_pass "x86 $v: check as written: $want"
    else wmm_fail "x86 $v: check says $(grep -m1 'check' "$WMM_TMP/check.$v.err")"; fi
  done
fi
