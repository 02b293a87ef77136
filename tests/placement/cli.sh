#!/usr/bin/env bash
# tests/placement/cli.sh — `wmmfence-litmus fence` and `cycles`: the report
# (text and JSON), the fenced test (-o, atomic, re-checked), credited
# fences, the GLPK fallback (--greedy, --ilp-fault, a tiny --time-limit),
# bad input and bad options.  One PASS/FAIL line per case.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
gen=$WMM_BUILDDIR/bench/gen_synth
C=$WMM_CORPUS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; shift; [ $# -gt 0 ] && printf '%s\n' "$@" | head -n 20; }
check_is() {  # check_is NAME WANT FILE [--model M]
  local name=$1 want=$2 file=$3
  shift 3
  local v
  v=$("$bin" check "$@" "$file" 2>&1 | awk '{print $2}')
  if [ "$v" = "$want" ]; then pass "$name"; else fail "$name (got '$v')"; fi
}

# text report and the fenced test
out=$("$bin" fence "$C/plain/PPC/MP.litmus" -o "$tmp/mp.litmus")
rc=$?
if [ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "MP under power: 2 fences, total cost 2 (optimal)" ] &&
   printf '%s\n' "$out" | grep -q 'lwsync, cost 1' &&
   printf '%s\n' "$out" | grep -q 'orders P0:1 `stw r1,0(r2)` -> P0:3 `stw r3,0(r4)`' &&
   printf '%s\n' "$out" | grep -q 'cycle P0:1 W x -> P0:3 W y -> P1:0 R y -> P1:1 R x'; then
  pass "fence: text report of MP under power"
else
  fail "fence: text report of MP under power" "$out"
fi
[ "$(grep -c '^ *[a-z]*lwsync *|\|| *lwsync' "$tmp/mp.litmus")" -ge 1 ] &&
  pass "fence -o: the fenced test holds lwsync" || fail "fence -o: the fenced test holds lwsync" "$(cat "$tmp/mp.litmus")"
check_is "fence -o: the fenced test is Forbidden" Forbidden "$tmp/mp.litmus"
out=$("$bin" fence "$tmp/mp.litmus")
printf '%s\n' "$out" | head -n 1 | grep -q '^MP under power: no fence needed' &&
  pass "fence: a fenced test needs nothing more" || fail "fence: a fenced test needs nothing more" "$out"
out=$("$bin" fence --all-cycles "$tmp/mp.litmus")
printf '%s\n' "$out" | head -n 1 | grep -q '^MP under power: 0 fences, total cost 0' &&
  pass "fence --all-cycles: existing fences are credited" || fail "fence --all-cycles: existing fences are credited" "$out"
out=$("$bin" fence "$C/ppc/MP+lwsync+isync.litmus" | head -n 1)
[ "$out" = "MP+lwsync+isync under power: 1 fence, total cost 1 (optimal)" ] &&
  pass "fence: lwsync of MP+lwsync+isync credited, one fence added" || fail "fence: MP+lwsync+isync" "$out"

# every syntax
for t in "X86 tso" "X86 pso" "X86 rmo" "PPC power" "ARM armv7" "AArch64 armv8"; do
  set -- $t
  "$bin" fence --model "$2" "$C/plain/$1/IRIW.litmus" -o "$tmp/iriw-$2.litmus" >/dev/null &&
    check_is "fence: IRIW in $1 syntax under $2 becomes Forbidden" Forbidden "$tmp/iriw-$2.litmus" --model "$2" ||
    fail "fence: IRIW in $1 syntax under $2"
done
"$bin" fence --model armv8 "$C/c/MP.litmus" -o "$tmp/mpc.litmus" >/dev/null
grep -q 'atomic_thread_fence(memory_order_acquire);' "$tmp/mpc.litmus" &&
  grep -q 'atomic_thread_fence(memory_order_seq_cst);' "$tmp/mpc.litmus" &&
  pass "fence: C test under armv8 gets C11 fences (acquire = dmb ishld)" ||
  fail "fence: C test under armv8" "$(cat "$tmp/mpc.litmus")"
check_is "fence: fenced C test is Forbidden under armv8" Forbidden "$tmp/mpc.litmus" --model armv8

# JSON
json=$("$bin" fence --format=json "$C/plain/PPC/WRC.litmus")
if command -v python3 >/dev/null; then
  if printf '%s' "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["test"] == "WRC" and d["model"] == "power" and d["status"] == "optimal"
assert d["total_cost"] == 2 and len(d["fences"]) == 2
for f in d["fences"]:
    assert f["kind"] == "lwsync" and f["instruction"] == "lwsync"
    assert f["position"]["thread"] in ("P1", "P2") and f["position"]["line"] > 0
    assert f["orders"] and f["orders"][0]["cycle"]["events"]
    ev = f["orders"][0]["cycle"]["events"]
    assert {e["loc"] for e in ev} == {"x", "y"}
assert d["stats"]["critical_cycles"] == 1
'; then pass "fence --format=json: fences, positions, pairs and witness cycles"
  else fail "fence --format=json" "$json"; fi
else
  printf '%s' "$json" | grep -q '"fences":\[{"position":{"thread":"P1"' &&
    pass "fence --format=json (no python3: shape only)" || fail "fence --format=json" "$json"
fi

# fallback paths
out=$("$bin" fence --format=json --greedy "$C/plain/PPC/IRIW.litmus" -o "$tmp/g.litmus")
printf '%s' "$out" | grep -q '"status":"greedy"' && printf '%s' "$out" | grep -q 'greedy cover requested' &&
  pass "fence --greedy: status and note say greedy" || fail "fence --greedy" "$out"
check_is "fence --greedy: still Forbidden" Forbidden "$tmp/g.litmus"
out=$("$bin" fence --ilp-fault "$C/plain/PPC/IRIW.litmus" -o "$tmp/f.litmus")
printf '%s\n' "$out" | head -n 1 | grep -q '(greedy)$' && printf '%s\n' "$out" | grep -q 'note: GLPK reported an internal error' &&
  pass "fence --ilp-fault: GLPK error caught, greedy cover, said in the note" || fail "fence --ilp-fault" "$out"
check_is "fence --ilp-fault: still Forbidden" Forbidden "$tmp/f.litmus"
if [ -x "$gen" ]; then
  "$gen" --accesses 6000 --threads 32 --emit "$tmp/big.litmus"
  # Under tso every cycle has one alternative: the cover's reductions
  # (ilp/reduce.c) settle it before GLPK's clock matters.
  out=$("$bin" fence --all-cycles --time-limit 0.001 "$tmp/big.litmus" -o "$tmp/big-fenced.litmus")
  rc=$?
  head=$(printf '%s\n' "$out" | head -n 1)
  if [ $rc -eq 0 ] && printf '%s\n' "$head" | grep -q 'total cost [0-9]* (optimal)$' &&
     [ -s "$tmp/big-fenced.litmus" ]; then
    pass "fence --time-limit 0.001 on 6000 accesses (tso): the reduced cover is optimal"
  else
    fail "fence --time-limit 0.001 (tso)" "$head"
  fi
  # Under power cycles have alternatives: GLPK runs out of time.
  out=$("$gen" --accesses 6000 --threads 32 --place power --time-limit 0.001)
  if printf '%s\n' "$out" | grep -q 'status=\(greedy\|feasible\) .*note=.*time limit'; then
    pass "time limit 0.001 on 6000 accesses (power): best found or greedy, said in the note"
  else
    fail "time limit 0.001 (power)" "$out"
  fi
  out2=$("$bin" fence --all-cycles "$tmp/big.litmus" | head -n 1)
  printf '%s\n' "$out2" | grep -q '(optimal)$' &&
    pass "fence on 6000 accesses without a limit: optimal" || fail "fence on 6000 accesses" "$out2"
fi

# cycles
out=$("$bin" cycles "$C/plain/PPC/IRIW.litmus")
printf '%s\n' "$out" | head -n 1 | grep -q '^IRIW under power: 1 critical cycle, 2 delays$' &&
  printf '%s\n' "$out" | grep -q 'needs one of: {sync, sync}' &&
  pass "cycles: IRIW under power needs sync, sync" || fail "cycles: IRIW" "$out"
out=$("$bin" cycles --model tso "$C/plain/X86/MP.litmus")
printf '%s\n' "$out" | head -n 1 | grep -q '0 critical cycles' &&
  pass "cycles: MP has no critical cycle under tso" || fail "cycles: MP under tso" "$out"

# determinism
a=$("$bin" fence --format=json "$C/plain/PPC/W+RWC.litmus"); b=$("$bin" fence --format=json "$C/plain/PPC/W+RWC.litmus")
[ "$a" = "$b" ] && pass "fence: output is deterministic" || fail "fence: output is deterministic"

# bad input and options
printf 'PPC bad\n{\n0:r2=x;\n}\n P0 ;\n frob r1,0(r2) ;\nexists (0:r1=0)\n' >"$tmp/bad.litmus"
"$bin" fence "$tmp/bad.litmus" -o "$tmp/bad-out.litmus" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q 'bad.litmus:6:' "$tmp/err" && [ ! -e "$tmp/bad-out.litmus" ] && [ ! -s "$tmp/out" ] &&
  pass "fence: bad input: file:line, exit 2, no output file" || fail "fence: bad input (exit $rc)" "$(cat "$tmp/err")"
"$bin" fence "$C/plain/PPC/MP.litmus" -o "$tmp/nodir/x.litmus" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q 'cannot write' "$tmp/err" && [ -z "$(ls "$tmp" | grep tmp)" ] &&
  pass "fence -o into a missing directory: exit 2, nothing left behind" || fail "fence -o missing dir (exit $rc)" "$(cat "$tmp/err")"
for args in "--frobnicate" "--model vax" "--model power $C/plain/X86/SB.litmus" "--time-limit x"; do
  "$bin" fence $args "$C/plain/X86/SB.litmus" >/dev/null 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ -s "$tmp/err" ] && pass "fence $args: exit 2 with a message" || fail "fence $args (exit $rc)"
done
"$bin" fence "$C/c/SB.litmus" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'needs --model' "$tmp/err" && pass "fence: a C test needs --model" || fail "fence: C test without --model"
"$bin" fence --help | grep -q -- '--time-limit' && pass "fence --help" || fail "fence --help"
"$bin" cycles --help | grep -q -- '--model' && pass "cycles --help" || fail "cycles --help"
