#!/usr/bin/env bash
# rows.sh — an OpenMP team that writes one row of a static array and reads
# another, by indices that always differ in one start of the team
# (plugin/rowviews.cc): a Jacobi sweep over `u[2][N]` with the rows chosen
# by the step's parity (omp_rows.c: `u[(t + 1) % 2][i]` from `u[t % 2][i
# - 1]`, or `src = t % 2; dst = 1 - src` handed to the team, -DFIELDS;
# a 3-D grid `g[dst][i][j]`, -DGRID).
# The neighbours' reads no longer race with the writes, and each element
# of the row written is its thread's (omp.cc, row writes `u[E][i]`): no
# fence on x86-64, ppc64le, aarch64 and armhf, and the note names the
# array.  Rows that may be one (-DSAME: `(t + 2) % 2`; -DSOMETIMES: `dst =
# t == 50 ? src : 1 - src`) or that follow the iteration (-DITER: `i %
# 2`) keep the team's fences.  Fences counted in the -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
NOTE="'main._omp_fn.0' indexes the rows of 'u' by two values that always differ while its team runs"
FN=main._omp_fn.0

one_target() {
  local v tag got
  for v in "" FIELDS GRID; do
    tag=$T.rows${v:+_$v}
    wmm_expect_fences "$tag" "$P/omp_rows.c" "" -fopenmp ${v:+-D$v}
    if [ "$v" = GRID ]; then wmm_expect_note "$tag" "${NOTE//\'u\'/\'g\'}"
    else wmm_expect_note "$tag" "$NOTE"; fi
  done
  for v in SAME ITER SOMETIMES; do
    tag=$T.rows_$v
    wmm_compile_asm "$tag" "$P/omp_rows.c" -fopenmp -D$v || continue
    got=" $(wmm_fence_counts "$WMM_TMP/$tag.s") "
    case $got in
      *" $FN:"[1-9]*) wmm_pass "$tag: $FN fenced ($got)" ;;
      *) wmm_fail "$tag: got '$got', expected a fence in $FN" ;;
    esac
    wmm_expect_no_note "$tag" "indexes the rows of"
  done
}
wmm_each_target one_target
