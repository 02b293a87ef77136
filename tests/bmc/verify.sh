#!/usr/bin/env bash
# tests/bmc/verify.sh — wmm_bmc_verify and wmm_bmc_inline (the check of
# compiled code): inlining, nondeterministic values, robustness, the bound
# query, halting (unit program tests/unit/bmc_verify).
set -u
bin=$WMM_BUILDDIR/tests/unit/bmc_verify
if [ ! -x "$bin" ]; then
  (cd "$WMM_BUILDDIR" && make -s tests/unit/bmc_verify >/dev/null 2>&1)
fi
if [ ! -x "$bin" ]; then
  echo "FAIL: bmc_verify was not built"
  exit 1
fi
"$bin"
