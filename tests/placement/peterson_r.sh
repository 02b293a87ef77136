#!/usr/bin/env bash
# tests/placement/peterson_r.sh — one round of Peterson's lock (bench/expert/
# litmus/) under each model: the x86 code (a full fence between the turn
# store and the loads) excludes on tso and sc but not on power, armv8 or
# armv7, where the flag and turn stores form the R shape; the fences
# experts usually write (a full fence after the turn store only) leave it
# Allowed on all three, smp_wmb's lwsync too on Power; a sync (Power) or
# dmb st (ARM) between the two stores forbids it; and `fence --from tso`
# on the x86 code orders exactly those two stores in each thread, the
# fenced test being Forbidden.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
L=$WMM_SRCDIR/bench/expert/litmus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; }

verdict() {   # model file expected
  local got
  got=$("$bin" check --model "$1" "$L/$2" 2>&1)
  [ "$got" = "${2%.litmus} $3" ] && pass "$2 under $1: $3" || fail "$2 under $1: '$got', expected $3"
}
verdict sc peterson.litmus Forbidden
verdict tso peterson.litmus Forbidden
verdict power peterson.litmus Allowed
verdict armv8 peterson.litmus Allowed
verdict armv7 peterson.litmus Allowed
verdict power peterson-ppc-expert.litmus Allowed
verdict power peterson-ppc-lwsync.litmus Allowed
verdict power peterson-ppc-sync.litmus Forbidden
verdict armv8 peterson-a64-expert.litmus Allowed
verdict armv8 peterson-a64-st.litmus Forbidden
verdict armv7 peterson-arm-expert.litmus Allowed
verdict armv7 peterson-arm-st.litmus Forbidden

# the BMC's witness for the expert's Power fences: the R shape, P1 reading
# the initial flag0 while its turn store is last in coherence order
w=$("$bin" bmc --witness --model power "$L/peterson-ppc-expert.litmus" 2>&1)
if printf '%s\n' "$w" | grep -q 'P1:6 R flag0=0  rf from init' &&
   printf '%s\n' "$w" | grep -q 'turn: init turn=0 -> P0:4 W turn=1 -> P1:4 W turn=0'; then
  pass "bmc witness on Power: the R shape (P1 reads the initial flag0, its turn store last)"
else fail "bmc witness: $(printf '%s\n' "$w" | head -n 12)"; fi

# fence --from tso orders the two stores of each thread and nothing else
for m in power armv8 armv7; do
  out=$("$bin" fence --model "$m" --from tso "$L/peterson.litmus" 2>&1)
  orders=$(printf '%s\n' "$out" | sed -n 's/^ *orders \(P[01]:[0-9]*\) .* -> \(P[01]:[0-9]*\) .*/\1-\2/p' | sort | tr '\n' ' ')
  if [ "$orders" = "P0:0-P0:1 P1:0-P1:1 " ] &&
     "$bin" fence --model "$m" --from tso -o "$tmp/f.litmus" "$L/peterson.litmus" &&
     [ "$("$bin" check --model "$m" "$tmp/f.litmus")" = "peterson Forbidden" ]; then
    pass "fence --model $m --from tso: the flag and turn stores ordered, fenced test Forbidden"
  else fail "fence --model $m --from tso: orders '$orders'"; fi
done
out=$("$bin" fence --model tso --from tso "$L/peterson.litmus" 2>&1)
case $out in
  *"no fence needed"*) pass "fence --model tso --from tso: no fence" ;;
  *) fail "fence --model tso --from tso: $out" ;;
esac
