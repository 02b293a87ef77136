#!/usr/bin/env bash
# tests/placement/prune.sh — the cycle search's reachability table
# (analysis/placement/cycles.h) loses no cycle: placement with and without
# it gives the same critical cycles, fences and cost on 1500 random programs
# (2 to 4 threads, some in two instances; tso, power, armv8) and on every
# plain litmus test of the corpus (tests/unit/placement_prune.c).
set -u
prog=$WMM_BUILDDIR/tests/unit/placement_prune
if [ ! -x "$prog" ]; then
  echo "placement_prune not built (make check builds it)"
  exit 77
fi
rc=0
"$prog" --seed 1 --count 1000 || rc=1
"$prog" --seed 77 --count 500 "$WMM_SRCDIR"/tests/corpus/plain/*/*.litmus || rc=1
exit $rc
