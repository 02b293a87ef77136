#!/usr/bin/env bash
# tests/placement/from_random.sh — placement with a reference model is sound
# on random programs (tests/unit/placement_from_random.c): every outcome of
# the fenced program under the target (power, armv7, armv8, or pso / rmo for
# x86 code) is an outcome of the program as written under the reference
# (tso, pso, rmo, sc), both enumerated with the explicit checker.  Fixed
# seeds keep it reproducible; programs over the time budget are skipped.
set -u
prog=$WMM_BUILDDIR/tests/unit/placement_from_random
if [ ! -x "$prog" ]; then
  echo "placement_from_random not built (make check builds it)"
  exit 77
fi
rc=0
"$prog" --seed 1 --count 60 --timeout 4 || rc=1
"$prog" --seed 500 --count 20 --from tso --arch PPC --timeout 4 || rc=1
exit $rc
