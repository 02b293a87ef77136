#!/usr/bin/env bash
# tests/placement/alias.sh — alias sets of unknown addresses
# (tests/unit/alias_unit.c): the IR functions, the event graph's classes
# and the cycles and fences that go away with locations outside a set.
# One PASS/FAIL line per check.
set -u
"$WMM_BUILDDIR/tests/unit/alias_unit"
