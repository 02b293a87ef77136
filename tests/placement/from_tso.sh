#!/usr/bin/env bash
# tests/placement/from_tso.sh — placement that keeps x86-TSO (`from` = tso)
# on the 68 plain critical cycles of the corpus (plain/{PPC,ARM,AArch64,X86}
# and their C twins): a test whose x86 twin herd7 forbids under tso gets the
# brute-force optimum and is Forbidden on its target once fenced, a test tso
# allows gets no fence (tests/unit/placement_optimal.c --from), the checker's
# tso verdict on each test equals herd7's on its x86 twin (verdicts.tsv), and
# the totals are the brute-force optima: power 140, armv7 181, armv8 114,
# x86 0.  Also the CLI: `fence --from`, `cycles --from` and their errors,
# and orders only the reference has (locked exchanges, exclusive pairs).
set -u
opt=$WMM_BUILDDIR/tests/unit/placement_optimal
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
C=$WMM_CORPUS
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | head -n 20; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

run() {   # model folder expected-total
  local m=$1 dir=$2 want=$3 out
  out=$("$opt" --from tso --model "$m" "$C"/plain/"$dir"/*.litmus)
  printf '%s\n' "$out" | grep -E '^(PASS|FAIL): '
  local total
  total=$(printf '%s\n' "$out" | sed -n "s/^total $m cost //p")
  [ "$total" = "$want" ] && pass "plain/$dir from tso: total cost $total (brute force $want)" ||
    fail "plain/$dir from tso: total cost '$total', brute force $want"
  # the checker's tso verdict on each asm test = herd7's on its x86 twin
  local bad=0 n=0 line f name v want_v
  while IFS= read -r line; do
    case $line in PASS:*reference*) ;; *) continue ;; esac
    f=${line#PASS: }; f=${f%% *}; name=$(basename "$f")
    v=$(printf '%s\n' "$line" | sed -n 's/.*reference \([A-Za-z]*\),.*/\1/p')
    want_v=$(awk -F'\t' -v p="plain/X86/$name" '$1 == p && $2 == "tso" {print $3}' "$C/verdicts.tsv")
    n=$((n + 1))
    [ "$v" = "$want_v" ] || { bad=$((bad + 1)); echo "  $name: checker $v, herd7 x86 twin $want_v"; }
  done <<<"$out"
  [ "$n" -eq 68 ] && [ "$bad" -eq 0 ] &&
    pass "plain/$dir: the 68 reference verdicts equal herd7's tso verdicts of the x86 twins" ||
    fail "plain/$dir: $bad of $n reference verdicts differ from herd7's (68 expected)"
}
run power PPC 140
run armv7 ARM 181
run armv8 AArch64 114
run tso X86 0
# the C twins: optimal and sound per model (their fence kinds are C11's)
out=$("$opt" --from tso --model power --model armv7 --model armv8 --model tso "$C"/c/*.litmus)
printf '%s\n' "$out" | grep -E '^(PASS|FAIL): ' | grep -c '^PASS' | grep -qx 272 &&
  pass "c/: 68 tests x 4 models from tso, optimal and Forbidden once fenced" ||
  fail "c/ from tso" "$(printf '%s\n' "$out" | grep '^FAIL' )"

# CLI
out=$("$bin" fence --model power --from tso "$C/plain/PPC/SB.litmus" 2>&1)
[ "$(printf '%s\n' "$out" | head -n 1)" = "SB under power from tso: 0 fences, total cost 0 (optimal)" ] &&
  printf '%s\n' "$out" | grep -q '^1 critical cycle kept: tso allows it too$' &&
  pass "fence --from tso: SB keeps its store buffering" || fail "fence --from tso SB" "$out"
# the halves of a load-reserve / store-conditional pair are a locked
# read-modify-write to x86-TSO: store buffering through two of them is no
# behaviour tso has (it was kept unfenced), so both threads get a sync
ex=$WMM_SRCDIR/tests/placement/inputs/SB+exclusives.litmus
out=$("$bin" fence --model power --from tso "$ex" -o "$tmp/sbx.litmus" 2>&1)
if [ "$(printf '%s\n' "$out" | head -n 1)" = "SB+exclusives under power from tso: 2 fences, total cost 4 (optimal)" ] &&
   ! printf '%s\n' "$out" | grep -Eq '^[1-9][0-9]* critical cycles? kept' &&
   [ "$(grep -o sync "$tmp/sbx.litmus" | wc -l)" = 2 ] &&
   "$bin" check --model power "$tmp/sbx.litmus" | grep -qx 'SB+exclusives Forbidden'; then
  pass "fence --from tso: store buffering through exclusive pairs gets a sync per thread, Forbidden"
else fail "fence --from tso SB+exclusives" "$out"; fi
out=$("$bin" fence --model power --from tso "$C/plain/PPC/MP.litmus" -o - 2>&1)
[ "$(printf '%s\n' "$out" | grep -c lwsync)" = 2 ] &&
  pass "fence --from tso -o -: MP gets its two lwsyncs" || fail "fence --from tso MP" "$out"
out=$("$bin" fence --from=tso --format=json "$C/plain/AArch64/SB.litmus" 2>&1)
printf '%s' "$out" | grep -q '"model":"armv8","from":"tso",' &&
  printf '%s' "$out" | grep -q '"kept_cycles":1}' &&
  pass "fence --format=json: from and kept_cycles" || fail "fence json from" "$out"
out=$("$bin" fence --format=json "$C/plain/AArch64/SB.litmus" 2>&1)
printf '%s' "$out" | grep -q '"from":"sc",' && pass "fence --format=json: from defaults to sc" ||
  fail "fence json default from" "$out"
out=$("$bin" cycles --from tso "$C/plain/PPC/SB.litmus" 2>&1)
[ "$out" = "SB under power from tso (1 kept: tso allows them): 0 critical cycles, 0 delays" ] &&
  pass "cycles --from tso" || fail "cycles --from tso" "$out"
out=$("$bin" fence --from power "$C/plain/PPC/SB.litmus" 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$out" = "wmmfence-litmus fence: --from: power cannot be a reference model (sc, tso, pso, rmo)" ] &&
  pass "fence --from power: refused, naming the option" || fail "fence --from power ($rc)" "$out"
out=$("$bin" cycles --from nope "$C/plain/PPC/SB.litmus" 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$out" = "wmmfence-litmus cycles: --from: unknown model 'nope' (sc, tso, pso, rmo)" ] &&
  pass "cycles --from nope: refused, naming the option" || fail "cycles --from nope ($rc)" "$out"
"$bin" fence --help | grep -q -- '--from R' && "$bin" cycles --help | grep -q -- '--from R' &&
  pass "--help of fence and cycles documents --from" || fail "--help --from"

# An ordering the reference finds between the pair's accesses (a locked
# exchange under tso) must be credited to the reference, not the target.
X=$WMM_SRCDIR/tests/placement/inputs/SB+xchgs.litmus
for m in power armv7 armv8; do
  before=$("$bin" check --model $m "$X"); ref=$("$bin" check --model tso "$X")
  if "$bin" fence --model $m --from tso "$X" -o "$tmp/f.litmus" >/dev/null &&
     [ "$before" = "SB+xchgs Allowed" ] && [ "$ref" = "SB+xchgs Forbidden" ] &&
     [ "$("$bin" check --model $m "$tmp/f.litmus")" = "SB+xchgs Forbidden" ]; then
    pass "SB+xchgs $m from tso: the locked exchange tso orders by is kept by fences"
  else fail "SB+xchgs $m from tso" "$before / $ref / $("$bin" check --model $m "$tmp/f.litmus" 2>&1)"; fi
done
