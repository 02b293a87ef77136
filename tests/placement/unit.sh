#!/usr/bin/env bash
# tests/placement/unit.sh — the placement unit tests (tests/unit/placement_unit.c):
# cover solvers, event graph, requirements checked against every fence
# assignment, placement rules.  One PASS/FAIL line per check.
set -u
"$WMM_BUILDDIR/tests/unit/placement_unit"
