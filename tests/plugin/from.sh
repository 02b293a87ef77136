#!/usr/bin/env bash
# from.sh — the plugin's reference model (-fplugin-arg-wmmfence-from=MODEL,
# -fwmm-from=MODEL through the specs): with from=tso the store buffering of
# sb.c keeps its relaxed order (no mfence on x86, no sync on Power) while
# from=sc (the default) fences it; the single-producer ring (spsc.c) gets
# no fence on x86 and only lwsyncs on Power; the JSON report says "from" and
# the verbose notes and every fence note name the reference model; a model that cannot be a
# reference is an error naming the option.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
CC=$WMM_T_GCC
PL=$WMM_T_PLUGIN
SPECS=$WMM_T_SPECS
cd "$WMM_TMP" || exit 1
count() { grep -Ec "$1" "$2"; }

"$CC" -O2 -S -o sc.s -fplugin="$PL" "$P/sb.c" 2> sc.txt
"$CC" -O2 -S -o tso.s -fplugin="$PL" -fplugin-arg-wmmfence-from=tso \
  -fplugin-arg-wmmfence-verbose "$P/sb.c" 2> tso.txt
if [ "$(count 'mfence|lock or' sc.s)" -ge 2 ] && [ "$(count 'mfence|lock or' tso.s)" = 0 ] &&
   ! grep -q "inserted" tso.txt; then
  wmm_pass "x86 sb.c: from=sc fences the store buffering, from=tso keeps it"
else wmm_fail "x86 sb.c: sc $(count 'mfence|lock or' sc.s) tso $(count 'mfence|lock or' tso.s)"; fi
if grep -q "note: wmmfence: reference model tso: 1 critical cycle(s) it allows kept without a fence" tso.txt; then
  wmm_pass "from=tso: the verbose note names the reference model"
else wmm_fail "from=tso note: $(head -n 3 tso.txt)"; fi

if "$CC" -specs="$SPECS" -fwmm-from=tso -fwmm-report=r.json -fwmm-quiet -O2 -S -o spsc.s "$P/spsc.c" 2> err.txt &&
   grep -q '"from": "tso",' r.json && [ "$(count 'mfence|lock or' spsc.s)" = 0 ]; then
  wmm_pass "specs -fwmm-from=tso: spsc.c without a fence on x86, report says from"
else wmm_fail "specs -fwmm-from=tso: $(head -n 3 err.txt)"; fi
"$CC" -specs="$SPECS" -fwmm-report=d.json -fwmm-quiet -O2 -S -o d.s "$P/sb.c" 2> err.txt
grep -q '"from": "sc",' d.json && wmm_pass "report: from defaults to sc" ||
  wmm_fail "report default from: $(grep -m1 from d.json)"

# errors name the option
for bad in power nonsense; do
  if "$CC" -O2 -c -o o.o -fplugin="$PL" -fplugin-arg-wmmfence-from=$bad "$P/sb.c" 2> err.txt; then
    wmm_fail "from=$bad compiled"
  elif grep -q "fplugin-arg-wmmfence-from.*'$bad' cannot be a reference model" err.txt &&
       ! grep -qi "internal compiler error" err.txt; then
    wmm_pass "from=$bad: an error naming the option"
  else wmm_fail "from=$bad: $(head -n 2 err.txt)"; fi
done
if "$CC" -O2 -c -o o.o -fplugin="$PL" -fplugin-arg-wmmfence-from "$P/sb.c" 2> err.txt; then
  wmm_fail "from without a value compiled"
else grep -q "needs a value" err.txt && wmm_pass "from without a value: an error" ||
  wmm_fail "from without a value: $(head -n 2 err.txt)"; fi

# Each fence note names the reference model when it is not sc.
"$CC" -O2 -S -o n-tso.s -fplugin="$PL" -fplugin-arg-wmmfence-arch=power \
  -fplugin-arg-wmmfence-from=tso -fplugin-arg-wmmfence-notes "$P/spsc.c" 2> n-tso.txt
"$CC" -O2 -S -o n-sc.s -fplugin="$PL" -fplugin-arg-wmmfence-arch=power \
  -fplugin-arg-wmmfence-notes "$P/spsc.c" 2> n-sc.txt
n_all=$(count 'note: wmmfence: inserted' n-tso.txt)
n_keep=$(count "note: wmmfence: inserted .* orders .* \(keeps x86-TSO behaviour\)\$" n-tso.txt)
if [ "$n_all" -ge 1 ] && [ "$n_keep" = "$n_all" ] && [ "$(count 'inserted' n-sc.txt)" -ge 1 ] &&
   ! grep -q "keeps x86-TSO" n-sc.txt; then
  wmm_pass "from=tso: each of the $n_all fence notes says it keeps x86-TSO behaviour (from=sc: none)"
else wmm_fail "fence notes from=tso: $n_keep of $n_all name the reference; $(head -n 2 n-tso.txt)"; fi

# The two-lock queue of bench/expert: fences inserted in a function whose
# callee the collector followed, then inlined by GCC (an internal compiler
# error when the fence kept the callee's BLOCK in its location).
if "$CC" -O2 -pthread -S -o twolock.s -fplugin="$PL" "$WMM_SRCDIR/bench/expert/twolock.c" 2> tl.txt &&
   [ "$(count 'mfence|lock or' twolock.s)" -ge 1 ]; then
  wmm_pass "bench/expert/twolock.c: fenced from=sc, inlined without an internal error"
else wmm_fail "twolock.c from=sc: $(grep -m1 error tl.txt)"; fi

# Power: sb keeps its order (no sync), spsc gets lwsyncs only
if wmm_target ppc; then
  "$WMM_T_GCC" -specs="$WMM_T_SPECS" -fwmm-from=tso -fwmm-quiet -O2 -S -o sb-ppc.s "$P/sb.c"
  "$WMM_T_GCC" -specs="$WMM_T_SPECS" -fwmm-quiet -O2 -S -o sb-ppc-sc.s "$P/sb.c"
  "$WMM_T_GCC" -specs="$WMM_T_SPECS" -fwmm-from=tso -fwmm-quiet -O2 -S -o spsc-ppc.s "$P/spsc.c"
  s_tso=$(count '^\s+(sync|hwsync)\b' sb-ppc.s); s_sc=$(count '^\s+(sync|hwsync)\b' sb-ppc-sc.s)
  if [ "$s_tso" = 0 ] && [ "$s_sc" -ge 2 ]; then
    wmm_pass "power sb.c: from=sc $s_sc syncs, from=tso none"
  else wmm_fail "power sb.c: from=sc $s_sc syncs, from=tso $s_tso"; fi
  if [ "$(count '^\s+(sync|hwsync)\b' spsc-ppc.s)" = 0 ] && [ "$(count lwsync spsc-ppc.s)" -ge 2 ]; then
    wmm_pass "power spsc.c from=tso: lwsyncs only"
  else wmm_fail "power spsc.c from=tso: $(count '^\s+(sync|hwsync)\b' spsc-ppc.s) syncs, $(count lwsync spsc-ppc.s) lwsyncs"; fi
else
  echo "(power checks skipped: $WMM_T_WHY)"
fi
