#!/usr/bin/env bash
# threads_tails.sh — what a helper does after joining every thread main
# started runs alone (docs/plugin.md, "Thread entries and instances";
# region.cc, join tails; handles.cc, member vectors of threads): IRIW's
# workers, then writes of x and y after the joins.
#  - threads_finish.c: pool_finish (p) joins p->threads[i] and then
#    writes and prints; only main calls it, and the call ends every thread;
#  - pool_heap.c: a C thread pool (tasks from a list under the pool's
#    lock; the handles in a heap array p->threads = calloc (...)) whose
#    pool_destroy joins every worker, then frees; main sums after it;
#  - cxx_pool_member.cc: a class starts the workers into a member
#    std::vector<std::thread> in its constructor and joins them with a
#    range-for in its destructor, which then writes; main writes after
#    the pool's scope.
# Clean programs: no fence in main or the helper, and none at all on x86
# (IRIW is forbidden there).  Variants where a thread may still run keep
# fences in the helper or main on every target (pool_heap.c: the weak
# ones): a join loop one short, a
# worker that may call the helper too, a helper that starts a thread after
# its joins, an exported helper (other units may call it), a member that
# swaps the vector away, a join loop that may
# stop early.  Fences counted per function in the -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# alone TAG SOURCE HELPER [OPTION...]: neither main nor HELPER (or its
# clones, HELPER.constprop.0) has a fence,
# and x86 has none at all
alone() {
  local tag=$1 src=$2 helper=$3; shift 3
  wmm_compile_asm $tag "$P/$src" "$@" || return
  local got; got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  case " $got " in
    *" main:"*|*" $helper"[.:]*) wmm_fail "$tag: main or $helper keeps fences ($got)"; return ;;
  esac
  if [ $T = x86 ] && [ -n "$got" ]; then wmm_fail "$tag: x86 fences ($got)"
  else wmm_pass "$tag: nothing runs next to the code after the joins (${got:-no fence})"; fi
}

# racy TAG SOURCE HELPER VARIANT WHY: main or HELPER keeps fences
racy() {
  wmm_compile_asm $1 "$P/$2" -D$4 || return
  case " $(wmm_fence_counts "$WMM_TMP/$1.s") " in
    *" main:"*|*" $3"[.:]*) wmm_pass "$1: $5: fences kept" ;;
    *) wmm_fail "$1: no fence in main or $3 though $5" ;;
  esac
}

per_target() {
  alone $T.finish threads_finish.c pool_finish
  racy $T.finish_short threads_finish.c pool_finish SHORT "a thread is not joined"
  racy $T.finish_watch threads_finish.c pool_finish WATCH "a worker may call the helper"
  racy $T.finish_start threads_finish.c pool_finish START "the helper starts a thread"
  racy $T.finish_exported threads_finish.c pool_finish EXPORTED "another unit may call the helper"
  alone $T.heap_pool pool_heap.c pool_destroy
  # (x86 needs no fence there: main and pool_destroy only read and free)
  [ $T = x86 ] || racy $T.heap_pool_short pool_heap.c pool_destroy SHORT "a worker is not joined"
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  alone $T.member cxx_pool_member.cc _ZN4PoolD2Ev
  racy $T.member_swap cxx_pool_member.cc _ZN4PoolD2Ev SWAP "the vector may be swapped away"
  racy $T.member_break cxx_pool_member.cc _ZN4PoolD2Ev BREAK "the join loop may stop early"
  WMM_T_GCC=$GCC_C
}
wmm_each_target per_target
