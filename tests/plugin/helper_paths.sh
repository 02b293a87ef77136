#!/usr/bin/env bash
# helper_paths.sh — a helper called on two paths of one thread returns to
# the caller that called it (analysis/placement/callpaths.h): the worker
# of helper_paths.c either produces (counts, writes x) or consumes (reads
# y, counts), and the shared counting helper does not make the read come
# before the write: no load buffering with `other`, no fence on x86-64,
# ppc64le, aarch64, armhf (before: an lwsync in each thread on Power).
# -DBOTH consumes, then produces: load buffering, which Power and Arm
# allow: a fence in each thread there (the worker's may sit in the
# helper, on every path from the read to the write), none on x86.
# Fences counted in the -O2 assembly of each target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  wmm_expect_fences "$T.paths" "$P/helper_paths.c" ""
  wmm_expect_weak_fenced "$T.both" "$P/helper_paths.c" "other" -DBOTH
  if [ "$T" != x86 ]; then
    local got=" $(wmm_fence_counts "$WMM_TMP/$T.both.s") "
    if [[ $got =~ \ (worker|consume|produce|count):[1-9] ]]
    then wmm_pass "$T.both: the worker's read and write are ordered ($got)"
    else wmm_fail "$T.both: no fence between the worker's read and write ($got)"; fi
  fi
}
wmm_each_target one_target
