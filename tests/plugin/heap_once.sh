#!/usr/bin/env bash
# heap_once.sh — an array allocated once, written at computed offsets
# where it was allocated and read at known offsets by a worker given it
# (heap_once_index.c): main's loop `tasks[j].in = j + 1` may touch the
# words the worker's `all[15].in`, `all[14].in` name (heaponce.cc), so
# message passing through the array keeps a fence in main and one in the
# worker on ppc64le, aarch64 and armv7, inline or through a helper
# (-DHELPER); x86 needs none.  Filled before the create (-DBEFORE): no
# fence.  Fences are counted in the -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# both TAG OPTION...: main and worker fenced on the weak targets, nothing
# on x86
both() {
  local tag=$T.$1 got; shift
  wmm_compile_asm "$tag" "$P/heap_once_index.c" -pthread "$@" || return
  got=" $(wmm_fence_counts "$WMM_TMP/$tag.s") "
  case $T:$got in
    x86:"  ") wmm_pass "$tag: no fence on x86" ;;
    x86:*) wmm_fail "$tag: got '$got', expected none on x86" ;;
    *:*" main:"[1-9]*" worker:"[1-9]*) wmm_pass "$tag: main and worker fenced ($got)" ;;
    *) wmm_fail "$tag: got '$got', expected fences in main and worker" ;;
  esac
}

one_target() {
  both index
  both helper -DHELPER
  wmm_expect_fences "$T.before" "$P/heap_once_index.c" "" -pthread -DBEFORE
}
wmm_each_target one_target
