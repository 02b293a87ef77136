#!/usr/bin/env bash
# tests/placement/synth.sh — placement on synthetic programs (bench/gen_synth:
# threads in pairs sharing locations and a function, loops, calls, private
# data): every model completes optimally and deterministically; unknown
# addresses merge everything into one component, which hits the cycle-search
# bound and gets the per-pair fallback (said in the note).  No timing checks.
set -u
gen=$WMM_BUILDDIR/bench/gen_synth
if [ ! -x "$gen" ]; then
  echo "gen_synth not built (make bench/gen_synth)"; exit 77
fi
strip() { sed 's/ seconds=[^ ]* maxrss_kb=[0-9]*//'; }
for m in sc tso pso rmo power armv7 armv8; do
  a=$("$gen" --accesses 3000 --seed 7 --place $m | strip)
  b=$("$gen" --accesses 3000 --seed 7 --place $m | strip)
  if printf '%s' "$a" | grep -q 'status=optimal' && [ "$a" = "$b" ]; then
    echo "PASS: synthetic 3000 accesses under $m: optimal, deterministic"
  else
    echo "FAIL: synthetic 3000 accesses under $m"; echo "$a"; echo "$b"
  fi
done
out=$("$gen" --accesses 3000 --place power | strip)
printf '%s' "$out" | grep -q 'fences=0 ' && { echo "FAIL: power places fences on shared data"; echo "$out"; } ||
  echo "PASS: synthetic program under power gets fences"
out=$("$gen" --accesses 3000 --place sc | strip)
printf '%s' "$out" | grep -q 'fences=0 cost=0' && echo "PASS: nothing under sc" || { echo "FAIL: sc"; echo "$out"; }
for m in power armv8 tso; do
  out=$("$gen" --accesses 3000 --unknown 0.01 --place $m | strip)
  if printf '%s' "$out" | grep -q 'note=cycle search bound reached' &&
     printf '%s' "$out" | grep -q 'status=optimal'; then
    echo "PASS: unknown addresses under $m: search bound, per-pair fallback, optimal ILP"
  else
    echo "FAIL: unknown addresses under $m"; echo "$out"
  fi
done
out=$("$gen" --accesses 3000 --place power --greedy | strip)
printf '%s' "$out" | grep -q 'status=greedy' && printf '%s' "$out" | grep -q 'note=greedy cover requested' &&
  echo "PASS: --greedy on a synthetic program" || { echo "FAIL: --greedy"; echo "$out"; }
