#!/usr/bin/env bash
# idioms.sh — thread and lock idioms as C programmers write them, each
# data-race free (no fence on any target) with a racy variant that keeps
# store buffering's fences (docs/plugin.md, "Thread-argument objects" and
# "Locks"):
#   threads_checked.c  per-thread parts of a local array, the create's
#                      result checked with an early return (RACE: main and
#                      worker 0 on part 0's flags)
#   threads_members.c  workers in a local array holding their handle and a
#                      global array's address (RACE: the same on element 0)
#   locks_condqueue.c  a bounded buffer with condition variables, array
#                      member indexed through the parameter, while-loop
#                      waits (OUTSIDE: an element and a member without the
#                      lock)
#   locks_logger.c     messages filled in, pushed under the mutex of the
#                      struct that holds the list, printed after the
#                      unlock (SB: two members of that struct unlocked)
#   refcount_tail.c    atomic reference counts beside a trailing array the
#                      readers sum (SB: a flag and an element)
#   threads_results.c  results allocated by the workers, left in their task
#                      and returned, read by main after each join (PEEK:
#                      main reads a task's result before the join; SHARE:
#                      a worker also publishes it in a global; both compile
#                      -- PEEK on x86 once overran the placement's tables;
#                      EXIT: pthread_exit (r) instead of return r, the
#                      same)
#   once_heap.c        a table a pthread_once routine builds on the heap,
#                      read after the once call (LATE: workers also write
#                      it after the call: a full fence in the workers;
#                      PEEK: a monitor reads it without the call: fences
#                      in the routine and the monitor on the weak targets)
#   once_getter.c      a record a pthread_once routine mallocs and fills,
#                      read through a getter whose every return follows
#                      the once call (WRITE: workers also write it; MAYBE:
#                      the getter skips the call when the pointer is set:
#                      fences in the routine and the workers on the weak
#                      targets)
#   pool_handles.c     a worker pool: jobs allocated into main's local array
#                      of handles, filled and queued under the queue's
#                      mutex, results read after the joins (LATE: main
#                      writes a queued job and reads its flag unlocked: a
#                      full fence in main; LEAK: each job also put in a
#                      global a monitor reads unlocked: on the weak targets
#                      fences in main and the monitor)
#   cxx_strings.cc     std::string locals built in a std::thread and in
#                      main (SB: a global string main assigns while the
#                      worker reads its size: a full fence in main and in
#                      the thread's _M_run, where the lambda is inlined)
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
D=$WMM_TESTDIR/programs

# expect_mp TAG SOURCE WRITER READER OPTION: message passing from WRITER
# to READER: no fence on x86-TSO, a fence in each on the weak targets.
expect_mp() {
  local tag=$1 src=$2 writer=$3 reader=$4 got; shift 4
  if [ $M = tso ]; then
    wmm_expect_fences "$tag" "$src" '' "$@"
    return
  fi
  wmm_compile_asm "$tag" "$src" "$@" || return
  got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  case " $got " in
    *" $writer:"*" $reader:"*|*" $reader:"*" $writer:"*)
      wmm_pass "$tag: fences in $writer and $reader ($got)" ;;
    *) wmm_fail "$tag: got '$got' (message passing needs a fence in $writer and in $reader)" ;;
  esac
}

check_target() {
  wmm_expect_fences "$T.checked" "$D/threads_checked.c" ''
  wmm_expect_sb_fences "$T.checked.RACE" "$D/threads_checked.c" sum_part -DRACE
  wmm_expect_fences "$T.members" "$D/threads_members.c" ''
  wmm_expect_sb_fences "$T.members.RACE" "$D/threads_members.c" consume -DRACE
  wmm_expect_fences "$T.condqueue" "$D/locks_condqueue.c" ''
  wmm_expect_sb_fences "$T.condqueue.OUTSIDE" "$D/locks_condqueue.c" consume -DOUTSIDE
  wmm_expect_fences "$T.logger" "$D/locks_logger.c" ''
  wmm_expect_sb_fences "$T.logger.SB" "$D/locks_logger.c" log_main -DSB
  # (GCC's own barriers of the atomics are in the assembly: the report)
  wmm_expect_report "$T.refcount" "$D/refcount_tail.c" ''
  # (Power had a third in obj_put until 2026-12-07, when o->refs became
  # other memory than the data words main's object names: tbaa.cc)
  wmm_expect_report "$T.refcount.SB" "$D/refcount_tail.c" 'main:1 reader:1' -DSB
  wmm_expect_fences "$T.results" "$D/threads_results.c" ''
  wmm_expect_sb_fences "$T.results.PEEK" "$D/threads_results.c" run -DPEEK
  wmm_expect_sb_fences "$T.results.SHARE" "$D/threads_results.c" run -DSHARE
  wmm_expect_fences "$T.results.EXIT" "$D/threads_results.c" '' -DEXIT
  wmm_expect_sb_fences "$T.results.EXIT.SHARE" "$D/threads_results.c" run -DEXIT -DSHARE
  wmm_expect_fences "$T.once" "$D/once_heap.c" ''
  wmm_expect_full "$T.once.LATE" "$D/once_heap.c" user -DLATE
  expect_mp "$T.once.PEEK" "$D/once_heap.c" init_table monitor -DPEEK
  wmm_expect_fences "$T.once_getter" "$D/once_getter.c" ''
  expect_mp "$T.once_getter.WRITE" "$D/once_getter.c" init_config worker -DWRITE
  expect_mp "$T.once_getter.MAYBE" "$D/once_getter.c" init_config worker -DMAYBE
  wmm_expect_fences "$T.handles" "$D/pool_handles.c" ''
  wmm_expect_full "$T.handles.LATE" "$D/pool_handles.c" main -DLATE
  expect_mp "$T.handles.LEAK" "$D/pool_handles.c" main monitor -DLEAK
  wmm_expect_fences "$T.strings" "$D/cxx_strings.cc" ''
  wmm_expect_sb_fences "$T.strings.SB" "$D/cxx_strings.cc" \
    _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv -DSB
}
wmm_each_target check_target
