# tests/lib/verdict_cli.sh — helpers for the scripts that test a verdict
# command of wmmfence-litmus (check, bmc): sourced after setting bin (the
# tool), tmp (a scratch folder) and cmd (the subcommand).
# Example:
#   cmd=check; . "$WMM_SRCDIR/tests/lib/verdict_cli.sh"
#   expect "SB under sc" "SB Forbidden" --model sc SB.litmus

# expect NAME WANT_FIRST_LINE ARGS... : exit 0 and that first line of stdout
expect() {
  local name=$1 want=$2
  shift 2
  local out rc got
  out=$("$bin" "$cmd" "$@" 2>"$tmp/err")
  rc=$?
  got=$(printf '%s\n' "$out" | head -n 1)
  if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
    echo "PASS: $name"
  else
    echo "FAIL: $name (exit $rc, got '$got', want '$want')"
    cat "$tmp/err"
  fi
}

# fails NAME PATTERN ARGS... : exit 2, stderr matches PATTERN, no verdict
fails() {
  local name=$1 pat=$2
  shift 2
  local out rc
  out=$("$bin" "$cmd" "$@" 2>"$tmp/err")
  rc=$?
  if [ $rc -eq 2 ] && grep -q -- "$pat" "$tmp/err" &&
     ! printf '%s' "$out" | grep -q 'Allowed\|Forbidden'; then
    echo "PASS: $name"
  else
    echo "FAIL: $name (exit $rc, stderr: $(head -c 200 "$tmp/err"))"
  fi
}


# common_cases: hand-written tests both commands must decide alike (spin
# loops and --unwind, lwarx/stwcx. retry loops, x86 XCHG, quantifiers) and
# the --verdicts mismatch report.  Leaves the tests in $tmp for the caller.
# (The body is not indented: it holds here-documents.)
common_cases() {
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
out=$("$bin" "$cmd" --verdicts "$tmp/v.tsv" --root "$C")
rc=$?
if [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^DIFF plain/X86/SB.litmus tso: expected Forbidden, got Allowed$' &&
   printf '%s\n' "$out" | tail -n 1 | grep -q '^1 agree, 1 differ$'; then
  echo "PASS: --verdicts reports mismatches"
else
  echo "FAIL: --verdicts reports mismatches (exit $rc)"; printf '%s\n' "$out"
fi
}
