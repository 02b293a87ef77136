#!/usr/bin/env bash
# tests/models/cli.sh — `wmmfence-litmus check` on hand-written tests: the
# default model per arch, --model errors, --witness, bad input, loops and
# --unwind, load-reserve/store-conditional, x86 locked exchange, forall and
# ~exists.  One PASS/FAIL line per case.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmd=check
. "$WMM_SRCDIR/tests/lib/verdict_cli.sh"

C=$WMM_CORPUS
# Loops whose exit depends on a value the thread itself wrote before the
# loop (regression: writes of paths cut by the loop bound were missing from
# the value domain, so the exit value was never guessed).
L=$WMM_SRCDIR/tests/models/loops
for m in sc power; do
  expect "spin on an own write exits ($m)" "spin-own-write Allowed" --model $m "$L/spin-own-write.litmus"
  expect "spin, then a write after the loop ($m)" "spin-then-write Allowed" --model $m "$L/spin-then-write.litmus"
  expect "a loop that never exits has no execution ($m)" "spin-forever Forbidden" --model $m "$L/spin-forever.litmus"
done
expect "default model of a PPC test (power)" "MP+lwsyncs Forbidden" "$C/ppc/MP+lwsyncs.litmus"
expect "default model of a PPC test allows MP+lwsync+isync" "MP+lwsync+isync Allowed" "$C/ppc/MP+lwsync+isync.litmus"
expect "default model of an X86 test (tso)" "SB Allowed" "$C/plain/X86/SB.litmus"
expect "X86 test under sc" "SB Forbidden" --model sc "$C/plain/X86/SB.litmus"
expect "X86 test under pso" "MP Allowed" --model pso "$C/plain/X86/MP.litmus"
expect "X86 test under tso" "MP Forbidden" --model tso "$C/plain/X86/MP.litmus"
expect "C test under armv8" "MP Allowed" --model armv8 "$C/c/MP.litmus"
expect "C test under sc" "MP Forbidden" --model sc "$C/c/MP.litmus"
fails "power on an X86 test names the option" "\-\-model power" --model power "$C/plain/X86/SB.litmus"
fails "C test without --model" "needs --model" "$C/c/SB.litmus"
fails "unknown model" "\-\-model" --model vax "$C/plain/X86/SB.litmus"
fails "bad --unwind" "\-\-unwind" --unwind x "$C/plain/X86/SB.litmus"
fails "missing file" "nosuch.litmus" "$tmp/nosuch.litmus"

printf 'PPC bad\n{\n0:r2=x;\n}\n P0 ;\n frob r1,0(r2) ;\nexists (0:r1=0)\n' >"$tmp/bad.litmus"
fails "unknown instruction: file:line" "bad.litmus:6:" "$tmp/bad.litmus"

{ printf 'PPC BIG\n{\n0:r2=x;\n}\n P0 ;\n'
  for i in $(seq 1 70); do printf ' stw r1,0(r2) ;\n'; done
  printf 'exists (x=0)\n'; } >"$tmp/big.litmus"
fails "more than 64 events: a limit error, not a crash" "big.litmus:[0-9]*: .*more than 64" "$tmp/big.litmus"

out=$("$bin" check --witness "$C/plain/PPC/IRIW.litmus")
if printf '%s\n' "$out" | head -n 1 | grep -q '^IRIW Allowed$' &&
   printf '%s\n' "$out" | grep -q 'rf from P0:1 W x=1' &&
   printf '%s\n' "$out" | grep -q 'rf from init y=0' &&
   printf '%s\n' "$out" | grep -q '^coherence order:' &&
   printf '%s\n' "$out" | grep -q '3:r3=0;'; then
  echo "PASS: --witness prints rf, co and the final state"
else
  echo "FAIL: --witness output"; printf '%s\n' "$out"
fi
if "$bin" check --help | grep -q -- '--verdicts'; then
  echo "PASS: --help"
else
  echo "FAIL: --help"
fi

common_cases

