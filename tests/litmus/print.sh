#!/usr/bin/env bash
# tests/litmus/print.sh — inserted fences print in each syntax and read back
# (tests/unit/litmus_print_test.c).
set -u
prog=$WMM_BUILDDIR/tests/unit/litmus_print_test
if [ ! -x "$prog" ]; then
  make -C "$WMM_BUILDDIR" tests/unit/litmus_print_test >/dev/null 2>&1 || {
    echo "FAIL: cannot build tests/unit/litmus_print_test"; exit 1; }
fi
"$prog"
