#!/usr/bin/env bash
# overlap.sh — parts of one object accessed whole and by parts
# (docs/plugin.md, "Overlapping parts"): a statistics struct cleared with
# memset and stamped with gettimeofday on one member is at unknown
# addresses, but touches nothing outside the struct, so the worker's
# stamp, then its read of `ready`, against main's store of `ready`, then
# its read of `count` (an exported int other units may point to), is no
# cycle: no fence on x86-64, ppc64le, aarch64, armhf.  Main reading the
# stamp instead (-DRACY) is store buffering: a full fence in main and one
# in the worker.  Fences counted in the -O2 assembly of each target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  wmm_expect_fences "$T.parts" "$P/overlap_parts.c" ""
  wmm_expect_note "$T.parts" "overlapping accesses to parts of one object"
  wmm_expect_sb_fences "$T.racy" "$P/overlap_parts.c" "worker" -DRACY
}
wmm_each_target one_target
