#!/usr/bin/env bash
# tests/bmc/random.sh — the bounded model checker against the explicit
# checker on random programs with 2–4 threads, branches, loops,
# dependencies, fences, RMWs/exclusives and C11 annotations (tests/unit/
# gen_programs.c), under all seven models; every Allowed verdict's witness
# is validated.  A fixed seed keeps it reproducible; `make check-bmc-random`
# runs thousands.
set -u
prog=$WMM_BUILDDIR/tests/unit/bmc_random
if [ ! -x "$prog" ]; then
  echo "bmc_random not built (make check builds it)"
  exit 77
fi
"$prog" --seed 20260101 --count 60 --timeout 4
