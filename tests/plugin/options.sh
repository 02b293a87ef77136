#!/usr/bin/env bash
# options.sh — the plugin's options and the specs file: errors naming the
# option, -fwmm-KEY=VALUE for gcc and g++, modes insert / warn / report,
# notes (none by default, one line, with the cycle), summary, disable, the JSON report (valid, deterministic, atomic), the macro and the
# attribute of runtime/wmmfence.h.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
CC=$WMM_T_GCC
PL=$WMM_T_PLUGIN
cd "$WMM_TMP" || exit 1

# bad_option CASE EXPECTED-TEXT ARGS...: compilation fails naming the option
bad_option() {
  local case=$1 want=$2; shift 2
  if "$CC" -O2 -c -o o.o -fplugin="$PL" "$@" "$P/sb.c" 2> err.txt; then
    wmm_fail "$case (compiled)"
  elif grep -q -- "$want" err.txt && ! grep -qi "internal compiler error" err.txt; then
    wmm_pass "$case"
  else
    wmm_fail "$case: $(head -n 2 err.txt)"
  fi
}
bad_option "unknown key" "fplugin-arg-wmmfence-bogus" -fplugin-arg-wmmfence-bogus=1
bad_option "unknown arch" "unknown architecture 'sparc'" -fplugin-arg-wmmfence-arch=sparc
bad_option "arch without value" "needs a value" -fplugin-arg-wmmfence-arch
bad_option "unknown mode" "fplugin-arg-wmmfence-mode" -fplugin-arg-wmmfence-mode=lint
bad_option "unknown threads" "fplugin-arg-wmmfence-threads" -fplugin-arg-wmmfence-threads=all
bad_option "unknown calls" "fplugin-arg-wmmfence-calls" -fplugin-arg-wmmfence-calls=maybe
bad_option "bad time limit" "fplugin-arg-wmmfence-time-limit" -fplugin-arg-wmmfence-time-limit=soon
bad_option "bad flag value" "fplugin-arg-wmmfence-verbose" -fplugin-arg-wmmfence-verbose=loud
bad_option "malformed debug-fence" "FUNCTION:INDEX:KIND" -fplugin-arg-wmmfence-debug-fence=P0
bad_option "unknown fence kind" "unknown fence kind 'mbar'" -fplugin-arg-wmmfence-debug-fence=P0:1:mbar
bad_option "debug-fence on a missing function" "no code unit 'P7'" -fplugin-arg-wmmfence-debug-fence=P7:0:sync
bad_option "specs: unknown -fwmm key" "fplugin-arg-wmmfence-bogus" -fplugin-arg-wmmfence-bogus

# The specs file: -fwmm-arch=power with gcc and g++.
SPECS=$WMM_T_SPECS
if "$CC" -specs="$SPECS" -fwmm-arch=power -fwmm-report=r.json -fwmm-quiet -O2 -c -o o.o "$P/sb.c" 2> err.txt \
   && grep -q '"model": "power"' r.json && grep -q '"kind": "sync"' r.json; then
  wmm_pass "specs: gcc -fwmm-arch=power -fwmm-report"
else wmm_fail "specs: gcc: $(head -n 3 err.txt)"; fi
GXX=$(wmm_make_var WMM_GXX)
if command -v "$GXX" >/dev/null 2>&1 && "$GXX" --version >/dev/null 2>&1; then
  if "$GXX" -specs="$SPECS" -fwmm-arch=power -fwmm-report=rx.json -fwmm-quiet -O2 -c -o o.o "$P/sb_cxx.cc" 2> err.txt \
     && grep -q '"kind": "sync"' rx.json; then
    wmm_pass "specs: g++ -fwmm-arch=power"
  else wmm_fail "specs: g++: $(head -n 3 err.txt)"; fi
fi
if "$CC" -specs="$SPECS" -O2 -c -o o.o "$P/sb.c" 2> err.txt && [ ! -s err.txt ]; then
  wmm_pass "specs without -fwmm options: plain gcc"
else wmm_fail "specs without -fwmm options: $(head -n 2 err.txt)"; fi

# Modes.
"$CC" -O2 -S -o plain.s "$P/sb.c"
"$CC" -O2 -S -o insert.s -fplugin="$PL" "$P/sb.c" 2> insert.txt
if grep -Eq "lock orq|mfence" insert.s && [ ! -s insert.txt ]; then
  wmm_pass "insert: fences, and no output by default"
else wmm_fail "insert: $(head -n 2 insert.txt)"; fi
"$CC" -O2 -S -o notes.s -fplugin="$PL" -fplugin-arg-wmmfence-notes "$P/sb.c" 2> notes.txt
if [ "$(grep -c "note: wmmfence: inserted 'mfence'" notes.txt)" -eq 2 ] && [ "$(wc -l < notes.txt)" -eq 2 ] \
   && ! grep -q "cycle:" notes.txt && cmp -s notes.s insert.s; then
  wmm_pass "notes: one line per fence, same code"
else wmm_fail "notes: $(head -n 3 notes.txt)"; fi
"$CC" -O2 -S -o o.s -fplugin="$PL" -fplugin-arg-wmmfence-notes=2 "$P/sb.c" 2> insert.txt
if grep -q "cycle: P0 W x .*sb.c:7:.* -> P0 R y .*-> P1 W y .*-> P1 R x" insert.txt \
   && grep -q "(1) W x in P0" insert.txt; then
  wmm_pass "notes=2: the cycle with locations, and as a diagnostic path"
else wmm_fail "note cycle: $(grep -m1 cycle insert.txt)"; fi
"$CC" -O2 -S -o o.s -fplugin="$PL" -fplugin-arg-wmmfence-summary "$P/sb.c" 2> sum.txt
if [ "$(cat sum.txt)" = "cc1: note: wmmfence: $P/sb.c: 2 fences inserted (2 mfence), cost 2 (model tso, optimal)" ]; then
  wmm_pass "summary: one line for the unit"
else wmm_fail "summary: $(cat sum.txt)"; fi
"$CC" -O2 -S -o warn.s -fplugin="$PL" -fplugin-arg-wmmfence-mode=warn "$P/sb.c" 2> warn.txt
if [ "$(grep -c "warning: wmmfence: missing 'mfence' fence" warn.txt)" -eq 2 ] \
   && ! grep -Eq "lock orq|mfence" warn.s; then
  wmm_pass "warn: a warning per missing fence, nothing inserted"
else wmm_fail "warn: $(head -n 2 warn.txt)"; fi
if "$CC" -O2 -Werror -c -o o.o -fplugin="$PL" -fplugin-arg-wmmfence-mode=warn "$P/sb.c" 2>/dev/null; then
  wmm_fail "warn + -Werror fails the build"
else wmm_pass "warn + -Werror fails the build"; fi
"$CC" -O2 -S -o report.s -fplugin="$PL" -fplugin-arg-wmmfence-mode=report -fplugin-arg-wmmfence-report=rep.json "$P/sb.c" 2> report.txt
if grep -q "note: wmmfence: needs 'mfence'" report.txt && ! grep -Eq "lock orq|mfence" report.s \
   && grep -q '"mode": "report"' rep.json; then
  wmm_pass "report: notes and JSON, nothing inserted"
else wmm_fail "report mode"; fi
"$CC" -O2 -S -o dis.s -fplugin="$PL" -fplugin-arg-wmmfence-disable -fplugin-arg-wmmfence-report=dis.json "$P/sb.c" 2> dis.txt
if cmp -s dis.s plain.s && [ ! -s dis.txt ] && [ ! -e dis.json ]; then wmm_pass "disable: same code as plain gcc"
else wmm_fail "disable"; fi
"$CC" -O2 -S -o quiet.s -fplugin="$PL" -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-notes=2 \
  -fplugin-arg-wmmfence-summary "$P/sb.c" 2> quiet.txt
if [ ! -s quiet.txt ] && cmp -s quiet.s notes.s; then wmm_pass "quiet: no notes or summary, same code"
else wmm_fail "quiet"; fi
printf 'int x;\nint get (void) { return x; }\n' > lib.c
"$CC" -O2 -S -o v.s -fplugin="$PL" -fplugin-arg-wmmfence-threads=create lib.c 2> v0.txt
"$CC" -O2 -S -o v.s -fplugin="$PL" -fplugin-arg-wmmfence-threads=create -fplugin-arg-wmmfence-verbose lib.c 2> v.txt
if [ ! -s v0.txt ] && grep -q "^cc1: note: wmmfence: nothing in this unit runs concurrently" v.txt; then
  wmm_pass "verbose: the analysis' notes, only on request"
else wmm_fail "verbose: $(head -n 1 v.txt)"; fi

# The report: deterministic, valid JSON, written atomically.
for k in 1 2; do
  "$CC" -O2 -S -o d$k.s -fplugin="$PL" -fplugin-arg-wmmfence-report=d$k.json "$P/dekker.c" 2> d$k.txt
done
if cmp -s d1.json d2.json && cmp -s d1.txt d2.txt && cmp -s d1.s d2.s; then
  wmm_pass "deterministic: same report, notes and code"
else wmm_fail "deterministic"; fi
if command -v python3 >/dev/null 2>&1; then
  if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["fences"] and all("cycle" in o for f in d["fences"] for o in f["orders"])' d1.json 2>/dev/null; then
    wmm_pass "report is valid JSON with fences and cycles"
  else wmm_fail "report JSON"; fi
fi
# A delay across a call: the report names each end in its own function.
"$CC" -O2 -S -o call.s -fplugin="$PL" -fplugin-arg-wmmfence-arch=tso -fplugin-arg-wmmfence-notes \
  -fplugin-arg-wmmfence-report=call.json "$P/sb_call.c" 2> call.txt
if grep -q "orders P0 W x [^ ]*sb_call.c:6:[0-9]* before ry R y [^ ]*sb_call.c:5:" call.txt \
   && grep -q '"from": {"function":"P0","index":0,"access":"W","location":"x".*"line":6,.*"to": {"function":"ry","index":0,"access":"R","location":"y","known_address":true,"file":"[^"]*sb_call.c","line":5,' call.json; then
  wmm_pass "report: a delay across a call names the callee's access"
else wmm_fail "report across a call: $(grep -m1 'orders' call.txt)"; fi
if ls | grep -q "tmp"; then wmm_fail "temporary files left"; else wmm_pass "no temporary files left"; fi
if "$CC" -O2 -S -o o.s -fplugin="$PL" -fplugin-arg-wmmfence-report=/nonexistent/dir/r.json "$P/sb.c" 2> err.txt; then
  wmm_fail "unwritable report path fails"
elif grep -q "cannot write '/nonexistent/dir/r.json'" err.txt; then wmm_pass "unwritable report path fails"
else wmm_fail "unwritable report path: $(head -n 1 err.txt)"; fi

# runtime/wmmfence.h: the attribute and the macros.
if "$CC" -O2 -S -o a.s -I"$WMM_SRCDIR/runtime" -fplugin="$PL" -fplugin-arg-wmmfence-arch=power \
     -fplugin-arg-wmmfence-dump-ir=a.ir -fplugin-arg-wmmfence-quiet "$P/annotated.c" 2> err.txt \
   && grep -q "^unit writer entry instances=2" a.ir && grep -q "^unit reader entry instances=1" a.ir \
   && grep -q '"power"' a.s; then
  wmm_pass "WMM_THREAD, WMM_THREAD_ONCE and __WMMFENCE_MODEL__"
else wmm_fail "annotations: $(head -n 2 err.txt)"; fi
if "$CC" -O2 -Wall -Wextra -Werror -c -o o.o -I"$WMM_SRCDIR/runtime" "$P/annotated.c" 2> err.txt; then
  wmm_pass "wmmfence.h compiles cleanly without the plugin"
else wmm_fail "wmmfence.h without the plugin: $(head -n 1 err.txt)"; fi
if nm -D "$PL" | grep -q " plugin_is_GPL_compatible$"; then wmm_pass "exports plugin_is_GPL_compatible"
else wmm_fail "plugin_is_GPL_compatible"; fi
