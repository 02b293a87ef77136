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

# A spin loop: P1 waits for y=1 then reads x.
cat >"$tmp/spin.litmus" <<'T'
PPC MP+lwsync+spin
{
0:r2=x; 0:r4=y;
1:r2=y; 1:r4=x;
}
 P0           | P1           ;
 li r1,1      | L0:          ;
 stw r1,0(r2) | lwz r1,0(r2) ;
 lwsync       | cmpwi r1,0   ;
 li r3,1      | beq L0       ;
 stw r3,0(r4) | lwz r3,0(r4) ;
exists (1:r1=1 /\ 1:r3=0)
T
sed 's/| beq L0       ;/| beq L0       ;\n              | isync        ;/' "$tmp/spin.litmus" |
  sed 's/MP+lwsync+spin/MP+lwsync+spin-isync/' >"$tmp/spin-isync.litmus"
sed 's/^exists.*/exists (1:r1=0)/' "$tmp/spin.litmus" >"$tmp/spin-exit0.litmus"
expect "spin loop, ctrl only: allowed" "MP+lwsync+spin Allowed" "$tmp/spin.litmus"
expect "spin loop, ctrl+isync: forbidden" "MP+lwsync+spin-isync Forbidden" "$tmp/spin-isync.litmus"
expect "spin loop never exits with 0 (unwind 2)" "MP+lwsync+spin Forbidden" "$tmp/spin-exit0.litmus"
expect "spin loop, --unwind 0" "MP+lwsync+spin Allowed" --unwind 0 "$tmp/spin.litmus"
expect "spin loop, --unwind 5" "MP+lwsync+spin-isync Forbidden" --unwind 5 "$tmp/spin-isync.litmus"

# Atomic increments by lwarx/stwcx. retry loops: x=1 would lose an update.
cat >"$tmp/atom.litmus" <<'T'
PPC INC+INC
{
0:r2=x; 1:r2=x;
}
 P0             | P1             ;
 L0:            | L1:            ;
 lwarx r1,0,r2  | lwarx r1,0,r2  ;
 addi r1,r1,1   | addi r1,r1,1   ;
 stwcx. r1,0,r2 | stwcx. r1,0,r2 ;
 bne L0         | bne L1         ;
exists (x=1)
T
sed 's/^exists.*/exists (x=2 \/\\ 0:r1=2)/' "$tmp/atom.litmus" >"$tmp/atom2.litmus"
expect "lwarx/stwcx. increments are atomic" "INC+INC Forbidden" "$tmp/atom.litmus"
expect "lwarx/stwcx. increments reach 2" "INC+INC Allowed" "$tmp/atom2.litmus"

# x86 XCHG is a locked RMW: it orders SB under TSO.
cat >"$tmp/sbx.litmus" <<'T'
X86 SB+xchgs
{
}
 P0           | P1           ;
 MOV EAX,$1   | MOV EAX,$1   ;
 XCHG [x],EAX | XCHG [y],EAX ;
 MOV EBX,[y]  | MOV EBX,[x]  ;
exists (0:EBX=0 /\ 1:EBX=0)
T
expect "XCHG orders W->R under tso" "SB+xchgs Forbidden" "$tmp/sbx.litmus"
expect "XCHG orders W->R under pso" "SB+xchgs Forbidden" --model pso "$tmp/sbx.litmus"

# Quantifiers: forall P is Allowed when a valid execution violates P.
sed 's/^exists (\(.*\))$/forall (~(\1))/' "$C/plain/X86/SB.litmus" >"$tmp/sb-forall.litmus"
sed 's/^exists/~exists/' "$C/plain/X86/SB.litmus" >"$tmp/sb-notexists.litmus"
expect "forall ~P under tso: a counterexample exists" "SB Allowed" "$tmp/sb-forall.litmus"
expect "forall ~P under sc: holds" "SB Forbidden" --model sc "$tmp/sb-forall.litmus"
expect "~exists P reads P" "SB Allowed" "$tmp/sb-notexists.litmus"

# --verdicts reports a mismatch and exits 1.
printf 'plain/X86/SB.litmus\ttso\tForbidden\nplain/X86/SB.litmus\tsc\tForbidden\n' >"$tmp/v.tsv"
out=$("$bin" check --verdicts "$tmp/v.tsv" --root "$C")
rc=$?
if [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^DIFF plain/X86/SB.litmus tso: expected Forbidden, got Allowed$' &&
   printf '%s\n' "$out" | tail -n 1 | grep -q '^1 agree, 1 differ$'; then
  echo "PASS: --verdicts reports mismatches"
else
  echo "FAIL: --verdicts reports mismatches (exit $rc)"; printf '%s\n' "$out"
fi
