#!/usr/bin/env bash
# tests/placement/twin.sh — wmm_place_twin (analysis/placement/placement.h),
# which places a program and its compiler view (every fence full, under
# rmo) on one event graph and one cycle search, gives the same fences,
# delays, cycles, cost and notes as two wmm_place calls: 600 random x86
# programs under sc, tso and pso, with the default cycle bound and with a
# bound of 2 (tests/unit/placement_twin.c).
set -u
prog=$WMM_BUILDDIR/tests/unit/placement_twin
if [ ! -x "$prog" ]; then
  echo "placement_twin not built (make check builds it)"
  exit 77
fi
"$prog" --seed 1 --count 600
