#!/usr/bin/env bash
# silent.sh — locations only ever stored one constant (docs/placement.md,
# "Silent stores"): an exit status that workers and main set to 1 while the
# workers run and that main reads after the joins (status_flag.c) needs no
# fence on any target, and the report's note names it; main reading it
# while the workers run (-DPEEK) or a worker storing another value
# (-DCODE) keeps the fences (the worker's store of `failed`, then its poll
# of `stop`, against main's store of `stop`, then of `failed`: a cycle
# x86-TSO allows).  The fences are counted in the -O2 assembly of x86-64,
# ppc64le, aarch64 and armhf.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# fenced TAG "FUNCTION..." OPTION...: each function keeps a fence
fenced() {
  local tag=$1 fns=$2 got f; shift 2
  wmm_compile_asm "$tag" "$P/status_flag.c" "$@" || return
  got=" $(wmm_fence_counts "$WMM_TMP/$tag.s") "
  for f in $fns; do
    case $got in
      *" $f:"[1-9]*) ;;
      *) wmm_fail "$tag: got '$got', expected a fence in $f"; return ;;
    esac
  done
  wmm_pass "$tag: $fns fenced ($got)"
  wmm_expect_no_note "$tag" "'failed' is only ever stored one constant"
}

one_target() {
  wmm_expect_fences "$T.status" "$P/status_flag.c" ""
  wmm_expect_note "$T.status" "'failed' is only ever stored one constant while the threads run and none reads it"
  fenced "$T.peek" "main worker" -DPEEK
  # (on x86 main's two stores stay in order: only the worker's fence)
  fenced "$T.code" "worker" -DCODE
}
wmm_each_target one_target
