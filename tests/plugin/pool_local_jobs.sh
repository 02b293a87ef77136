#!/usr/bin/env bash
# pool_local_jobs.sh — a thread pool running `j->fn (j)` on jobs that are
# elements of main's local array, filled and linked in under the pool's
# lock one at a time (programs/pool_local_jobs.c): the call through the
# member runs only the functions the unit stores there, which keep no copy
# of the job's address and stay inside it, so main's stores before each
# submit are before the job's publication (private.cc callee_stores and
# param_accesses follow a resolved indirect call into its targets).  No
# fence on x86-64, ppc64le, aarch64, armhf (before: 8 fences on Power,
# ARMv8 and ARMv7, in main's filling loop and in the stored functions).  -DLEAK (a stored function keeps the job in a
# global main reads) and -DNEIGHBOUR (one reads the next element, which
# main may be filling): main's stores stay shared, fences on the weak
# targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/pool_local_jobs.c

one_target() {
  wmm_expect_fences "$T.pool" "$P" "" -pthread
  wmm_expect_note "$T.pool" "accesses to fresh objects before their publication"
  [ "$T" = x86 ] && return
  local v got
  for v in LEAK NEIGHBOUR; do
    wmm_compile_asm "$T.$v" "$P" -pthread -D$v || continue
    wmm_expect_no_note "$T.$v" "accesses to fresh objects before their publication"
    got=" $(wmm_fence_counts "$WMM_TMP/$T.$v.s") "
    if [[ $got == *" main:"[1-9]* ]]; then wmm_pass "$T -D$v: main keeps its fences ($got)"
    else wmm_fail "$T -D$v: got '$got', expected a fence in main"; fi
  done
}

wmm_each_target one_target
