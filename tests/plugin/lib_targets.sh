#!/usr/bin/env bash
# lib_targets.sh — what a pointer given to or returned by a library call
# may touch (docs/plugin.md, "Objects only one thread reaches, by
# points-to": member views, pointers from code outside, null pointers).
# programs/lib_targets.c: store buffering between main (`st.data`, then
# `st.flag`) and a worker whose first access goes through such a pointer.
# No fence on any target when the worker's library call writes the
# record's buffer member only (default), when it writes through getenv's
# result (ENV: memory of code outside, which cannot name the static
# record), or when a helper hands the library a null buffer (NULLBUF); a
# full fence in main and a fence in the worker when the call is given the
# whole record (WHOLE), when fgets returns the `st.flag` it was given
# (GIVEN), when strtol's end pointer points into it (OUTPARAM) and when
# strsep returns what its slot held, `&st.flag` (SLOT).
# programs/lib_extent.c: how far a library call given a pointer reaches —
# `read ()` through a helper given `(char *) &st` writes the whole record,
# `memset (&a[0], 0xff, 2 * sizeof a[0])` writes a[1] too (store
# buffering through the far part: fenced in main and the worker; both
# were missed before 2026-12-07), a read into a char array member writes
# that member only (MEMBER: no fence).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/lib_targets.c

check_target() {
  local v
  wmm_expect_fences "$T.default" "$P" ''
  for v in ENV NULLBUF; do
    wmm_expect_fences "$T.$v" "$P" '' -D$v
  done
  for v in WHOLE GIVEN OUTPARAM SLOT; do
    wmm_expect_sb_fences "$T.$v" "$P" 'worker readn' -D$v
  done
  local E=$WMM_TESTDIR/programs/lib_extent.c
  wmm_expect_sb_fences "$T.extent" "$E" 'worker readn'
  wmm_expect_sb_fences "$T.extent_ARRAY" "$E" 'worker' -DARRAY
  wmm_expect_fences "$T.extent_MEMBER" "$E" '' -DMEMBER
}
wmm_each_target check_target
