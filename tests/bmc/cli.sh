#!/usr/bin/env bash
# tests/bmc/cli.sh — `wmmfence-litmus bmc` on hand-written tests: verdicts
# per model (the same as `check`), loops and --unwind, lwarx/stwcx. retry
# loops, x86 locked exchange, quantifiers, --witness / --check-witness /
# --stats output, --timeout, programs beyond the explicit checker's 64
# events, deterministic output, and bad input (file:line, exit 2, no
# verdict).  One PASS/FAIL line per case.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
C=$WMM_CORPUS

cmd=bmc
. "$WMM_SRCDIR/tests/lib/verdict_cli.sh"

expect "PPC test, default model power" "MP+lwsyncs Forbidden" "$C/ppc/MP+lwsyncs.litmus"
expect "MP+lwsync+isync allowed under power" "MP+lwsync+isync Allowed" "$C/ppc/MP+lwsync+isync.litmus"
expect "X86 test, default model tso" "SB Allowed" "$C/plain/X86/SB.litmus"
expect "X86 test under sc" "SB Forbidden" --model sc "$C/plain/X86/SB.litmus"
expect "X86 test under pso" "MP Allowed" --model pso "$C/plain/X86/MP.litmus"
expect "X86 test under tso" "MP Forbidden" --model tso "$C/plain/X86/MP.litmus"
expect "IRIW under power" "IRIW Allowed" "$C/plain/PPC/IRIW.litmus"
expect "IRIW under armv8 (other-multi-copy-atomic)" "IRIW Allowed" "$C/plain/AArch64/IRIW.litmus"
expect "C test under armv8" "MP Allowed" --model armv8 "$C/c/MP.litmus"
expect "C test under sc" "MP Forbidden" --model sc "$C/c/MP.litmus"
fails "power on an X86 test names the option" "\-\-model power" --model power "$C/plain/X86/SB.litmus"
fails "C test without --model" "needs --model" "$C/c/SB.litmus"
fails "unknown model" "\-\-model" --model vax "$C/plain/X86/SB.litmus"
fails "bad --unwind" "\-\-unwind" --unwind x "$C/plain/X86/SB.litmus"
fails "bad --timeout" "\-\-timeout" --timeout -3 "$C/plain/X86/SB.litmus"
fails "unknown option" "unknown option" --frob "$C/plain/X86/SB.litmus"
fails "missing file" "nosuch.litmus" "$tmp/nosuch.litmus"

printf 'PPC bad\n{\n0:r2=x;\n}\n P0 ;\n frob r1,0(r2) ;\nexists (0:r1=0)\n' >"$tmp/bad.litmus"
fails "unknown instruction: file:line" "bad.litmus:6:" "$tmp/bad.litmus"

# A good file after a bad one still gets its verdict; the exit status is 2.
out=$("$bin" bmc "$tmp/bad.litmus" "$C/plain/X86/SB.litmus" 2>/dev/null)
rc=$?
if [ $rc -eq 2 ] && [ "$out" = "SB Allowed" ]; then
  echo "PASS: bad file does not stop the others"
else
  echo "FAIL: bad file does not stop the others (exit $rc, '$out')"
fi

# Beyond the explicit checker: 70 stores and a read on one thread.
{ printf 'PPC BIG\n{\n0:r2=x; 1:r2=x;\n}\n P0 | P1 ;\n'
  for i in $(seq 1 70); do printf ' li r1,%d | ;\n stw r1,0(r2) | ;\n' "$i"; done
  printf ' | lwz r3,0(r2) ;\nexists (1:r3=35 /\\ x=70)\n'; } >"$tmp/big.litmus"
sed 's/^exists.*/exists (x=35)/' "$tmp/big.litmus" >"$tmp/big2.litmus"
expect "70 writes: a middle value can be read" "BIG Allowed" "$tmp/big.litmus"
expect "70 writes: the last write is co-last" "BIG Forbidden" "$tmp/big2.litmus"

out=$("$bin" bmc --witness --check-witness "$C/plain/PPC/IRIW.litmus")
if printf '%s\n' "$out" | head -n 1 | grep -q '^IRIW Allowed$' &&
   printf '%s\n' "$out" | grep -q 'rf from P0:1 W x=1' &&
   printf '%s\n' "$out" | grep -q 'rf from init y=0' &&
   printf '%s\n' "$out" | grep -q '^coherence order:' &&
   printf '%s\n' "$out" | grep -q '3:r3=0;' &&
   printf '%s\n' "$out" | grep -q '^witness: valid$'; then
  echo "PASS: --witness prints rf, co, the final state; it is valid"
else
  echo "FAIL: --witness output"; printf '%s\n' "$out"
fi
out=$("$bin" bmc --stats --model power "$C/ppc/MP+lwsyncs.litmus")
if printf '%s\n' "$out" | grep -q '^  events 6$' &&
   printf '%s\n' "$out" | grep -q '^  constraints.ppo ' &&
   printf '%s\n' "$out" | grep -q '^  most-costly [a-z]* ([0-9]*)$'; then
  echo "PASS: --stats prints events, constraints per relation, most costly"
else
  echo "FAIL: --stats"; printf '%s\n' "$out"
fi
a=$("$bin" bmc --witness --stats "$C/ppc/"2+2W*.litmus "$C/plain/AArch64/"*.litmus 2>&1)
b=$("$bin" bmc --witness --stats "$C/ppc/"2+2W*.litmus "$C/plain/AArch64/"*.litmus 2>&1)
if [ "$a" = "$b" ] && [ -n "$a" ]; then
  echo "PASS: output is deterministic"
else
  echo "FAIL: output differs between two runs"
fi
if "$bin" bmc --help | grep -q -- '--check-witness'; then
  echo "PASS: --help"
else
  echo "FAIL: --help"
fi
expect "--timeout that is not reached" "SB Allowed" --timeout 60 "$C/plain/X86/SB.litmus"

# A condition that folds to false before solving (regression: the solver
# did not exist yet when the false goal was asserted).
cat >"$tmp/false.litmus" <<'T'
X86 FALSE
{ x=0; }
 P0          ;
 MOV [x],$1  ;
exists (0:EAX=1 /\ 0:EAX=2)
T
expect "a condition false before solving" "FALSE Forbidden" "$tmp/false.litmus"
expect "... under every model" "FALSE Forbidden" --model sc "$tmp/false.litmus"

common_cases
expect "spin loop, --unwind 50" "MP+lwsync+spin-isync Forbidden" --unwind 50 "$tmp/spin-isync.litmus"
expect "SB+xchgs under sc" "SB+xchgs Forbidden" --model sc "$tmp/sbx.litmus"

# Every verdict above that the explicit checker can decide is the same.
for f in "$tmp"/spin*.litmus "$tmp"/atom*.litmus "$tmp"/sbx.litmus "$tmp"/sb-*.litmus; do
  for m in default sc; do
    args=()
    [ $m = sc ] && args=(--model sc)
    x=$("$bin" check "${args[@]}" "$f" 2>/dev/null)
    y=$("$bin" bmc "${args[@]}" "$f" 2>/dev/null)
    if [ -n "$x" ] && [ "$x" = "$y" ]; then
      echo "PASS: same verdict as check: $(basename "$f") $m"
    else
      echo "FAIL: check says '$x', bmc says '$y': $(basename "$f") $m"
    fi
  done
done

