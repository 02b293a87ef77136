#!/usr/bin/env bash
# from_paths.sh — from=tso where a pair's paths differ in what x86-TSO
# orders (programs/from_paths.c: store buffering whose first thread has a
# full fence on one path between its store and its load, none on the
# other).  The path without it is store buffering with one fence, which
# x86-TSO allows; on the path with it both threads already have a full
# fence on every target: no fence is added (the JSON report lists none).
# With an atomic addition on that path in place of the fence (-DRMW: a
# locked instruction, a full fence to x86-TSO, none on Power or Arm) the
# first thread gets a full fence on the weak targets; from=sc fences both
# variants everywhere.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
SRC=$WMM_TESTDIR/programs/from_paths.c

check() {
  wmm_expect_report "$T-tso" "$SRC" "" -fplugin-arg-wmmfence-from=tso
  if [ $T = x86 ]; then
    wmm_expect_report "$T-tso-rmw" "$SRC" "" -DRMW -fplugin-arg-wmmfence-from=tso
  else
    wmm_expect_report "$T-tso-rmw" "$SRC" "first:1" -DRMW -fplugin-arg-wmmfence-from=tso
    wmm_expect_full "$T-tso-rmw-asm" "$SRC" first -DRMW -fplugin-arg-wmmfence-from=tso
  fi
  wmm_expect_report "$T-sc" "$SRC" "first:1"
}
wmm_each_target check
