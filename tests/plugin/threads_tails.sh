#!/usr/bin/env bash
# threads_tails.sh — what a helper does after joining every thread main
# started runs alone (docs/plugin.md, "Thread entries and instances";
# region.cc, join tails; handles.cc, member vectors of threads): IRIW's
# workers, then writes of x and y after the joins.
#  - threads_finish.c: pool_finish (p) joins p->threads[i] and then
#    writes and prints; only main calls it, and the call ends every thread;
#  - pool_heap.c: a C thread pool (tasks from a list under the pool's
#    lock; the handles in a heap array p->threads = calloc (...)) whose
#    pool_destroy joins every worker, then frees; main sums after it.
#    The pool is calloc'd by pool_create, which main calls once: the
#    workers', pool_submit's and pool_destroy's `&p->lock` are one lock
#    (heaponce.cc), so no fence at all on any target, also when the
#    workers find the pool in a static pointer (-DGLOBAL); -DTWO (a
#    second pool, p's tasks linked in under q's lock) keeps the workers'
#    fences on the weak targets (x86 keeps that message passing itself),
#    with the static pointer on every target;
#  - pool_start.c: a C pool on main's stack (or static), filled in and
#    started by pool_start (&pool), every job and the stop flag under the
#    pool's mutex, pool_stop (&pool) joins: the helper's parameter always
#    holds &pool, and so does the workers' argument, so the workers'
#    lock and fields are pool's (locks.cc, memloc.cc, localfields.cc
#    wmm_one_address) and the helper's code before its creates runs alone
#    (region.cc, create heads): no fence at all on any target; -DLATE
#    (pool_start races with the workers after its creates) keeps
#    pool_start's fences;
#  - cxx_pool_queue.cc: the usual C++ pool (a std::queue of jobs, a
#    mutex and a condition variable, workers `[this] { ... }` in a member
#    vector, main's local pool): the workers' `this` is main's pool, the
#    constructor's exception cleanup of its members and the destructor's
#    code after the joins run alone, and the deque's copies of its map
#    move node pointers only (collect.cc library_copy_type): no fence on
#    x86, on the weak targets 1 (ARMv7 2) left inside libstdc++'s code,
#    none in the pool's code or main; store buffering outside the lock
#    keeps the worker's and main's;
#    The same pool made by `new ThreadPool (4)` and destroyed by
#    `delete` (-DHEAP) gets the same: its object is one object
#    (heaponce.cc) whose members are locations of their own (memloc.cc),
#    and delete's null test always reaches the destructor's joins;
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

# library_only TAG SOURCE MAX [OPTION...]: the report's fences (at most
# MAX) are all in the standard library's code (std::..., operator new:
# inlined there or not), none in the program's
library_only() {
  wmm_report_fences "$P/$2" $M "${@:4}" || { wmm_fail "$1: $WMM_ERR"; return; }
  local fns own n
  fns=$(sed -n 's/.*{"function": "\([^"]*\)".*"kind": "[^"]*", "instruction".*/\1/p' \
    "$WMM_TMP/r.json")
  n=$(printf '%s\n' "$fns" | grep -c .)
  own=$(printf '%s\n' "$fns" | grep -v '^std::\|^operator \|^__gnu_cxx::\|^$' \
    | sort -u | tr '\n' ';')
  if [ -n "$own" ]; then wmm_fail "$1: fences in the program's code ($own)"
  elif [ "$n" -gt "$3" ]; then wmm_fail "$1: $n fences, more than $3"
  else wmm_pass "$1: $n fences, none in the program's code"; fi
}

# both_racy TAG SOURCE F1 F2 VARIANT WHY: functions F1 and F2 (patterns)
# both keep fences
both_racy() {
  wmm_compile_asm $1 "$P/$2" -D$5 || return
  both_racy_asm $1 "$3" "$4" "$6"
}

# both_racy_asm TAG F1 F2 WHY: the same in TAG's assembly, compiled
both_racy_asm() {
  local got; got=" $(wmm_fence_counts "$WMM_TMP/$1.s") "
  case $got in
    *" "$2*) case $got in
      *" "$3*) wmm_pass "$1: $4: fences kept"; return ;; esac ;;
  esac
  wmm_fail "$1: $2 or $3 lost its fences though $4 ($got)"
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
  wmm_expect_fences $T.heap_pool "$P/pool_heap.c" ""
  # (x86 keeps this race's message passing by itself; its mfence until
  # the address keys ordered a worker's write of p->head before its own
  # read of p->head, one address)
  [ $T = x86 ] || racy $T.heap_pool_two pool_heap.c worker TWO "tasks go into one pool under another pool's lock"
  wmm_expect_fences $T.heap_pool_global "$P/pool_heap.c" "" -DGLOBAL
  racy $T.heap_pool_global_two pool_heap.c worker "GLOBAL -DTWO" "the static pointer holds one of two pools"
  # store buffering on an object allocated once: one full fence per thread,
  # also when one thread reaches it through a global pointer
  wmm_expect_full $T.heap_once_alias "$P/heap_once_alias.c" "t1 t2"
  wmm_expect_full $T.heap_once_same "$P/heap_once_alias.c" "t1 t2" -DSAME
  wmm_expect_fences $T.pool_start "$P/pool_start.c" ""
  wmm_expect_fences $T.pool_start_static "$P/pool_start.c" "" -DSTATIC
  racy $T.pool_start_racy pool_start.c worker RACY "the worker and main race outside the lock"
  racy $T.pool_start_late pool_start.c pool_start LATE "pool_start races with the workers after its creates"
  # (x86 needs no fence there: main and pool_destroy only read and free)
  [ $T = x86 ] || racy $T.heap_pool_short pool_heap.c pool_destroy SHORT "a worker is not joined"
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  library_only $T.pool_queue cxx_pool_queue.cc $(case $T in x86) echo 0;; arm) echo 2;; *) echo 1;; esac)
  both_racy $T.pool_queue_racy cxx_pool_queue.cc 'main:' '_ZZN10ThreadPoolC4E*clEv:' RACY "the workers and main race outside the lock"
  library_only $T.pool_queue_heap cxx_pool_queue.cc $(case $T in x86) echo 0;; arm) echo 2;; *) echo 1;; esac) -DHEAP
  wmm_compile_asm $T.pool_queue_heap_racy "$P/cxx_pool_queue.cc" -DHEAP -DRACY \
    && both_racy_asm $T.pool_queue_heap_racy 'main:' '_ZZN10ThreadPoolC4E*clEv:' "the workers and main race outside the lock (a pool made by new)"
  alone $T.member cxx_pool_member.cc _ZN4PoolD2Ev
  racy $T.member_swap cxx_pool_member.cc _ZN4PoolD2Ev SWAP "the vector may be swapped away"
  racy $T.member_break cxx_pool_member.cc _ZN4PoolD2Ev BREAK "the join loop may stop early"
  WMM_T_GCC=$GCC_C
}
wmm_each_target per_target
