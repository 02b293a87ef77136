#!/usr/bin/env bash
# check.sh — the check key: the bundled BMC's verdict on small versions of
# the classic algorithms, unfenced (mode=report: the code as written) and
# fenced (mode=insert: the code with the plugin's fences), under sc, tso,
# power and armv8.  Each verdict is what the algorithm is known to do:
# message passing, the seqlock (also its reader retrying in a loop) and the
# SPSC ring need their order only on
# power/armv8 (TSO keeps W->W and R->R); Dekker, Peterson and store
# buffering fail on every model but SC (W->R); fenced, all are safe.  Also:
# the counterexample's text, the JSON "check" object, completeness, and
# "unknown" (never "safe") for code the check cannot model.  Every unsafe
# verdict's counterexample is replayed by the explicit checker.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
. "$WMM_SRCDIR/tests/plugin/lib/check.sh"
# run PROGRAM MODEL MODE [EXTRA...]: tests/plugin/programs/check_PROGRAM.c
run() { local prog=$1; shift; wmm_check_run "$P/check_$prog.c" "$@"; }
verdict() { wmm_check_verdict; }
# expect PROGRAM MODEL MODE VERDICT PROPERTY [EXTRA...]
expect() {
  local prog=$1 model=$2 mode=$3 want="$4 $5"
  shift 5
  wmm_check_expect "$prog $model $mode" "$P/check_$prog.c" "$model" "$mode" \
    "$want" "$@"
}
for mode in report insert; do
  for m in sc tso power armv8; do
    # unfenced verdicts: the order each algorithm needs
    case $mode:$m in
      report:power|report:armv8) mp=unsafe; sb=unsafe ;;
      report:tso) mp=safe; sb=unsafe ;;
      *) mp=safe; sb=safe ;;
    esac
    expect mp $m $mode $mp assertions
    expect seqlock $m $mode $mp assertions
    expect seqlock $m $mode $mp assertions -DRETRY
    expect spsc $m $mode $mp assertions
    expect peterson $m $mode $sb assertions
    expect dekker $m $mode $sb assertions -fplugin-arg-wmmfence-unwind=1
    expect sb $m $mode $sb robustness
  done
done

# SV-COMP's conventions: nondet, atomic sections, a mutex, joins.
for m in sc tso power; do
  expect svcomp $m report safe assertions
  expect svcomp $m report unsafe assertions -DLIMIT=3
done

# A compare-and-swap spin lock (load/store-exclusive pair, the lost race
# halts): mutual exclusion on every model; without the lock, none.
for m in sc tso power armv8; do
  expect caslock $m report safe assertions
done
expect caslock sc report unsafe assertions -DNOLOCK
# The same race when the id is the create's argument, which the check does
# not follow: the counterexample depends on that value, so it is no
# evidence ("unknown", never a guessed "unsafe").
expect caslock sc report unknown assertions -DNOLOCK -DARG_ID
if grep -q 'unknown: the counterexample depends on a value the check does not model (thread worker, line [0-9]*): it may be spurious' "$WMM_TMP/err"
then wmm_pass "caslock ARG_ID: the reason names the thread and line"
else wmm_fail "caslock ARG_ID: $(grep unknown "$WMM_TMP/err")"; fi

# The counterexample of message passing on power: the reader sees the flag
# and the old data, and the assertion's failure, each with its position.
run mp power report
for want in 'check (power, mode=report, assertions): unsafe: an assertion can fail' \
            'thread writer: W data = 42 at .*check_mp.c:6:' \
            'thread writer: W flag = 1 at .*check_mp.c:6:' \
            'thread reader: R flag = 1 at .*check_mp.c:8:' \
            'thread reader: R data = 0 at .*check_mp.c:8:' \
            'thread reader: W __wmm_error = 1 at .*check_mp.c:8:'; do
  if grep -q "note: wmmfence: .*$want" "$WMM_TMP/err"; then wmm_pass "mp counterexample: $want"
  else wmm_fail "mp counterexample: no '$want' in: $(grep -c note "$WMM_TMP/err") notes"; fi
done
# The same counterexample as a diagnostic path on the verdict: one event per
# access at its own position (-fdiagnostics-path-format=separate-events
# prints each as a note "(N) ...").
run mp power report -fdiagnostics-path-format=separate-events
for want in 'check_mp.c:6:[0-9]*: note: ([0-9]*) thread writer: W data = 42' \
            'check_mp.c:6:[0-9]*: note: ([0-9]*) thread writer: W flag = 1' \
            'check_mp.c:8:[0-9]*: note: ([0-9]*) thread reader: R flag = 1' \
            'check_mp.c:8:[0-9]*: note: ([0-9]*) thread reader: R data = 0'; do
  if grep -q "$want" "$WMM_TMP/err"; then wmm_pass "mp counterexample path: $want"
  else wmm_fail "mp counterexample path: no '$want' in: $(grep -c 'note: (' "$WMM_TMP/err") path events"; fi
done
run mp power report
if grep -q '"events": \[{"thread": "writer", "access": "R", "location": "__wmm_started"' "$WMM_TMP/r.json" &&
   grep -q '{"thread": "reader", "access": "R", "location": "data", "value": 0, "position": "[^"]*check_mp.c:8:[0-9]*"}' "$WMM_TMP/r.json"; then
  wmm_pass "mp counterexample in the JSON report"
else
  wmm_fail "mp counterexample in the JSON report: $(grep '"check"' "$WMM_TMP/r.json")"
fi

# Completeness: loop-free code is complete; a spin loop at any bound is not.
run mp tso report
if grep -q '"bound": 2, "complete": true}' "$WMM_TMP/r.json" &&
   grep -q 'safe (complete) with unwind 2' "$WMM_TMP/err"; then wmm_pass "mp tso: complete"
else wmm_fail "mp tso: not complete: $(grep '"check"' "$WMM_TMP/r.json")"; fi
for u in 0 3; do
  run peterson sc report -fplugin-arg-wmmfence-unwind=$u
  if grep -q "\"bound\": $u, \"complete\": false}" "$WMM_TMP/r.json" &&
     grep -q "safe up to unwind $u" "$WMM_TMP/err"; then wmm_pass "peterson sc unwind $u: bounded"
  else wmm_fail "peterson sc unwind $u: $(grep '"check"' "$WMM_TMP/r.json")"; fi
done

# Code beyond the check: unknown with the reason, never "safe".
run unknown tso report
if [ "$(verdict)" = "unknown assertions" ] &&
   grep -q 'unknown: .*check_unknown.c:[0-9]*: an access to an address the plugin cannot resolve' "$WMM_TMP/err"; then
  wmm_pass "unresolved pointer: unknown, with the reason"
else
  wmm_fail "unresolved pointer: $(grep '"check"' "$WMM_TMP/r.json")"
fi

# With the cross compilers' plugins: the fences GCC emits for ppc64le and
# aarch64 (lwsync, dmb ishld, asm mnemonics) are what the check sees.
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
for t in powerpc64le-linux-gnu:power aarch64-linux-gnu:armv8; do
  triple=${t%%:*} model=${t#*:}
  cplug=$WMM_BUILDDIR/plugin/cross/$triple/wmmfence.so
  cgcc=$triple-gcc-$major
  if [ ! -f "$cplug" ] || ! command -v "$cgcc" > /dev/null 2>&1; then continue; fi
  for prog in mp seqlock spsc peterson; do
    for mode in report insert; do
      "$cgcc" -O2 -c -o /dev/null -fplugin="$cplug" -fplugin-arg-wmmfence-quiet \
        -fplugin-arg-wmmfence-mode=$mode -fplugin-arg-wmmfence-check \
        "$P/check_$prog.c" 2> "$WMM_TMP/err"
      want=safe
      [ $mode = report ] && want=unsafe
      if grep -q "check ($model, mode=$mode, assertions): $want" "$WMM_TMP/err"; then
        wmm_pass "$prog $triple $mode: $want"
      else
        wmm_fail "$prog $triple $mode: $(grep 'check (' "$WMM_TMP/err")"
      fi
    done
  done
done

# Options: unwind needs a bound; -fwmm-check and -fwmm-unwind through the specs.
if "$WMM_T_GCC" -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-unwind=x \
     "$P/check_mp.c" 2> "$WMM_TMP/err"; then wmm_fail "unwind=x accepted"
elif grep -q "unwind.*'x' is not a loop bound" "$WMM_TMP/err"; then wmm_pass "unwind=x: error"
else wmm_fail "unwind=x: $(cat "$WMM_TMP/err")"; fi
if [ -f "$WMM_BUILDDIR/plugin/local/wmmfence.specs" ]; then
  "$WMM_T_GCC" -specs="$WMM_BUILDDIR/plugin/local/wmmfence.specs" -O2 -c -o /dev/null \
    -fwmm-arch=power -fwmm-mode=report -fwmm-check -fwmm-unwind=1 -fwmm-quiet \
    "$P/check_mp.c" 2> "$WMM_TMP/err"
  if grep -q 'check (power, mode=report, assertions): unsafe' "$WMM_TMP/err"; then wmm_pass "specs: -fwmm-check"
  else wmm_fail "specs: -fwmm-check: $(head -n 3 "$WMM_TMP/err")"; fi
fi

# The checker is wmmfence-bmc.so, loaded from the plugin's directory only
# to check a unit (plugin/bmcload.cc): the plugin itself needs neither Z3
# nor libstdc++, and without the checker a check says "unknown" and why.
needed=$(readelf -d "$WMM_T_PLUGIN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
case $needed in
  *libz3*|*libstdc++*) wmm_fail "the plugin needs $needed" ;;
  *libglpk*) wmm_pass "the plugin loads no Z3 and no libstdc++ ($needed)" ;;
  *) wmm_fail "the plugin's libraries: $needed" ;;
esac
if readelf -d "$(dirname "$WMM_T_PLUGIN")/wmmfence-bmc.so" | grep -q 'NEEDED.*libz3'; then
  wmm_pass "wmmfence-bmc.so next to the plugin links Z3"
else wmm_fail "no wmmfence-bmc.so with Z3 next to $WMM_T_PLUGIN"; fi
mkdir -p "$WMM_TMP/alone"
cp "$WMM_T_PLUGIN" "$WMM_TMP/alone/wmmfence.so"
if WMM_T_PLUGIN=$WMM_TMP/alone/wmmfence.so run mp power report \
   && [ "$(verdict)" = "unknown assertions" ] \
   && grep -q "wmmfence-bmc.so cannot be loaded" "$WMM_TMP/r.json"; then
  wmm_pass "without wmmfence-bmc.so: verdict unknown, the file named"
else wmm_fail "without wmmfence-bmc.so: $(verdict) $(head -n 2 "$WMM_TMP/err")"; fi
rm -f "$WMM_TMP/r.json"
if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_TMP/alone/wmmfence.so" \
     -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" \
     "$P/check_mp.c" 2> "$WMM_TMP/err" && grep -q '"kind": "lwsync"\|"kind": "sync"' "$WMM_TMP/r.json"; then
  wmm_pass "without wmmfence-bmc.so: placement alone works (fences in the report)"
else wmm_fail "without wmmfence-bmc.so, no check: $(head -n 2 "$WMM_TMP/err")"; fi
