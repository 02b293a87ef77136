#!/usr/bin/env bash
# threads_arrays.sh — threads kept in arrays and joined in loops
# (docs/plugin.md, "Thread entries and instances"; region.cc,
# handles.cc): store buffering between two threads, then main reads both
# locations after joining them, alone (no fence in main).
#  - c_array.c: pthread_create into t[0] and t[1], joined by an index loop;
#  - cxx_array.cc: `ts[0] = std::thread (p0)` (a temporary moved into the
#    array), joined by a range-for or an index loop; two named handles
#    filled by move assignment.
#  - cxx_array_loop.cc: `ts[i] = std::thread (work, i)` in a loop whose
#    counter the constructor takes by reference, joined over the whole
#    array (range-for or index loop), a C array or a std::array; a
#    partial join, reads before the joins or a thread moved out through
#    a reference keep main's fences.
#  - threads_bound.c: IRIW created and joined by loops bounded by a count
#    in memory (`i < cfg.n`) that nothing changes between them (-DLONG:
#    long counters, the count widened in each test);
#  - threads_jobs.c: IRIW started by `jobs[i] = launch (worker, i)` (a
#    fresh job holding the handle) and joined by `finish (jobs[i])`;
#  - threads_helpers.c: IRIW started by a helper's loop into the array it
#    is given, start_all (t, n), and joined by join_all (t, n);
#  - threads_pool.c: IRIW started by pool_start (p, n) into p->threads[i]
#    (p->nthreads = n first) and joined by pool_wait (p) up to
#    p->nthreads;
#  - threads_pool_ptr.c: the same with the handles in a heap array the
#    pool points to (p->threads = calloc (n, ...)), the pool returned by
#    pool_create (n) or a static one filled by pool_init (&pool, n), and
#    joined by pool_destroy (p);
#  - threads_key.c: IRIW whose workers set a thread-specific key created
#    with a destructor: main alone after the joins (pthread_key_create
#    starts no thread); the destructor doing store buffering with a
#    worker (DTOR_SB) keeps a full fence in both;
#  - pool_cond.c: a C pool on main's stack, its workers started into
#    pool->th[i] by pool_init (&pool) and joined by pool_destroy (&pool),
#    which first locks the pool's mutex, sets its stop member and
#    broadcasts: no fence (a lock call or a store outside the handles'
#    array leaves them alone); three of four joined (SHORT) or a handle
#    copied over another (CLOBBER): main keeps its fence;
#  - cxx_jthread_vector.cc: std::jthread emplaced into a std::vector in
#    an inner scope, joined by the vector's destructor: main has no fence
#    after the scope; a detached worker (DETACH) keeps main's fence;
#  - cxx_jthread_stop.cc: a jthread worker polling its stop token does
#    store buffering with main: a full fence on both sides (the stop
#    state's library code is not collected, and credited with nothing);
#  - cxx_vector_cout.cc: std::thread emplaced into a std::vector with a
#    lambda, a range-for join, then std::cout: no fence (the lambda
#    state's destructor, in its vtable, starts nothing); -DGUARD, a
#    captured guard whose destructor does store buffering with main,
#    keeps a full fence in main and in the guard's destructor;
#  - cxx_emplace_args.cc: `ts.emplace_back (count_words, std::cref
#    (words), id, lo, hi)`, a std::map<std::string, int> under a mutex,
#    std::cout after the joins: no fence (the function reaches
#    std::thread's constructor through emplace_back: a known start, no
#    escape); -DRACE keeps store buffering's full fences in main and the
#    worker, -DBREAK main's fences on the weak targets;
#  - cxx_endl.cc: std::thread with std::ref arguments, std::endl after the
#    joins: no fence (the manipulator is operator<<'s callee, widen's
#    virtual call reaches no function of the unit); -DRACE and -DVIRT (a
#    Task's virtual run in a thread) keep store buffering's full fences.
# Variants where main still runs next to a thread keep main's fences on
# the weak targets (x86 needs none there): a loop that joins one element,
# a join loop that may leave early, a thread moved out of the array; and
# on every target a count a worker, main or another unit may change.
# Fences counted per function in the -O2 assembly of every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# main_fenced TAG: the weak targets' main has a fence (x86: nothing asked)
main_fenced() {
  [ $T = x86 ] && return
  case " $(wmm_fence_counts "$WMM_TMP/$1.s") " in
    *" main:"*) wmm_pass "$1: main, still next to a thread, keeps fences" ;;
    *) wmm_fail "$1: main has no fence though a thread may still run" ;;
  esac
}

# iriw_case TAG PROGRAM [OPTION...]: main has no fence, and x86 none at
# all (IRIW is forbidden there once main no longer races)
iriw_case() {
  local tag=$1 prog=$2; shift 2
  wmm_compile_asm $tag "$P/$prog.c" "$@" || return
  local got; got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  case " $got " in
    *" main:"*) wmm_fail "$tag: main keeps fences ($got)"; return ;;
  esac
  if [ $T = x86 ] && [ -n "$got" ]; then wmm_fail "$tag: x86 fences ($got)"
  else wmm_pass "$tag: main not concurrent after the join loop (${got:-no fence})"; fi
}

# still_runs TAG PROGRAM VARIANT WHY: main keeps fences on every target
still_runs() {
  wmm_compile_asm $1 "$P/$2.c" -D$3 || return
  case " $(wmm_fence_counts "$WMM_TMP/$1.s") " in
    *" main:"*) wmm_pass "$1: $4: main keeps fences" ;;
    *) wmm_fail "$1: main has no fence though $4" ;;
  esac
}

per_target() {
  iriw_case $T.bound threads_bound
  iriw_case $T.bound_LONG threads_bound -DLONG
  for v in WRITER BETWEEN HOOK ALIAS; do
    still_runs $T.bound_$v threads_bound $v "the count may change"
  done
  still_runs $T.bound_LONG_BETWEEN threads_bound "LONG -DBETWEEN" \
    "the count may change"
  iriw_case $T.jobs threads_jobs
  for v in SHORT SHARED TWICE SWAP; do
    still_runs $T.jobs_$v threads_jobs $v "a thread may not be joined"
  done
  iriw_case $T.helpers threads_helpers
  iriw_case $T.helpers_heap threads_helpers -DHEAP
  for v in SHORT MAYBE SWAP EARLY; do
    still_runs $T.helpers_$v threads_helpers $v "a thread may not be joined"
  done
  iriw_case $T.pool threads_pool
  iriw_case $T.pool_heap threads_pool -DHEAP
  for v in SHORT RESIZE LATE; do
    still_runs $T.pool_$v threads_pool $v "a thread may not be joined"
  done
  iriw_case $T.pool_ptr threads_pool_ptr
  iriw_case $T.pool_ptr_init threads_pool_ptr -DINIT
  for v in SHORT GROW TWICE; do
    still_runs $T.pool_ptr_$v threads_pool_ptr $v "a thread may not be joined"
  done
  iriw_case $T.key threads_key
  wmm_expect_full $T.key_DTOR_SB "$P/threads_key.c" "release worker" -DDTOR_SB
  wmm_expect_fences $T.pool_cond "$P/pool_cond.c" ''
  for v in SHORT CLOBBER; do
    wmm_compile_asm $T.pool_cond_$v "$P/pool_cond.c" -D$v && main_fenced $T.pool_cond_$v
  done
  wmm_expect_fences $T.c_array "$P/c_array.c" "p0:1 p1:1"
  wmm_compile_asm $T.c_partial "$P/c_array.c" -DPARTIAL && main_fenced $T.c_partial
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  wmm_expect_fences $T.cxx_array "$P/cxx_array.cc" "_ZL2p0v:1 _ZL2p1v:1"
  wmm_expect_fences $T.cxx_index "$P/cxx_array.cc" "_ZL2p0v:1 _ZL2p1v:1" -DINDEX_JOIN
  wmm_expect_fences $T.cxx_named "$P/cxx_array.cc" "_ZL2p0v:1 _ZL2p1v:1" -DNAMED
  for v in PARTIAL BREAK MOVED_OUT; do
    wmm_compile_asm $T.cxx_$v "$P/cxx_array.cc" -D$v && main_fenced $T.cxx_$v
  done
  # created in a loop, `ts[i] = std::thread (work, i)` (the counter in
  # memory: passed by reference), joined over the whole array, a C array
  # or a std::array: main alone
  for v in RANGE INDEX_JOIN STDARRAY STDARRAY_INDEX; do
    flags="-D$v"
    [ $v = STDARRAY_INDEX ] && flags="-DSTDARRAY -DINDEX_JOIN"
    if wmm_compile_asm $T.cxx_loop_$v "$P/cxx_array_loop.cc" $flags; then
      case " $(wmm_fence_counts "$WMM_TMP/$T.cxx_loop_$v.s") " in
        *" main:"*) wmm_fail "$T.cxx_loop_$v: main keeps fences after the joins" ;;
        *" _ZL4worki:"*) wmm_pass "$T.cxx_loop_$v: main alone after the joins, work fenced" ;;
        *) wmm_fail "$T.cxx_loop_$v: no fence in work (store buffering)" ;;
      esac
    fi
  done
  for v in PARTIAL EARLY MOVED_OUT; do
    wmm_compile_asm $T.cxx_loop_$v "$P/cxx_array_loop.cc" -D$v \
      && main_fenced $T.cxx_loop_$v
    wmm_compile_asm $T.cxx_loop_std_$v "$P/cxx_array_loop.cc" -DSTDARRAY -D$v \
      && main_fenced $T.cxx_loop_std_$v
  done
  # std::jthread in a std::vector destroyed at the end of a scope: main
  # alone after it; one worker detached: main keeps its fence
  if wmm_compile_asm $T.jthread_vector "$P/cxx_jthread_vector.cc" -std=c++20; then
    case " $(wmm_fence_counts "$WMM_TMP/$T.jthread_vector.s") " in
      *" main:"*) wmm_fail "$T.jthread_vector: main keeps fences after the vector's end" ;;
      *) wmm_pass "$T.jthread_vector: main alone after the jthreads' vector ends" ;;
    esac
  fi
  if wmm_compile_asm $T.jthread_DETACH "$P/cxx_jthread_vector.cc" -std=c++20 -DDETACH; then
    case " $(wmm_fence_counts "$WMM_TMP/$T.jthread_DETACH.s") " in
      *" main:"*) wmm_pass "$T.jthread_DETACH: main keeps its fence (a detached worker)" ;;
      *) wmm_fail "$T.jthread_DETACH: main has no fence though a detached worker may run" ;;
    esac
  fi
  # a jthread worker polling its stop token, store buffering with main:
  # both keep a full fence (the library's stop state is not collected)
  wmm_expect_full $T.jthread_stop "$P/cxx_jthread_stop.cc" \
    "main _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlSt10stop_tokenE_S3_EEEEE6_M_runEv" \
    -std=c++20
  # std::vector<std::thread>, range-for joins, then std::cout: the
  # lambda state's destructor starts nothing (cxx_vector_cout.cc)
  wmm_expect_fences $T.cxx_vector_cout "$P/cxx_vector_cout.cc" ''
  wmm_expect_full $T.cxx_vector_guard "$P/cxx_vector_cout.cc" \
    "main _ZN5GuardD2Ev" -DGUARD
  # a function and its arguments emplaced (cxx_emplace_args.cc): a known
  # start through emplace_back, no escape; store buffering beside it
  # keeps both full fences, a join loop that may leave early main's
  wmm_expect_fences $T.cxx_emplace_args "$P/cxx_emplace_args.cc" ''
  wmm_expect_full $T.cxx_emplace_race "$P/cxx_emplace_args.cc" \
    "main _ZL11count_wordsRKSt6vectorINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESaIS5_EEill" \
    -DRACE
  wmm_compile_asm $T.cxx_emplace_break "$P/cxx_emplace_args.cc" -DBREAK \
    && main_fenced $T.cxx_emplace_break
  # std::endl after the joins (cxx_endl.cc): operator<<'s call of its
  # manipulator resolved per call site, widen's virtual call reaches no
  # function of the unit; store buffering beside the workers, or through
  # a virtual method a thread calls, keeps both full fences
  wmm_expect_fences $T.cxx_endl "$P/cxx_endl.cc" ''
  wmm_expect_full $T.cxx_endl_race "$P/cxx_endl.cc" "main _ZL3addRll" -DRACE
  wmm_expect_full $T.cxx_endl_virt "$P/cxx_endl.cc" "main _ZN5Adder3runEv" \
    -DVIRT
  WMM_T_GCC=$GCC_C
}
wmm_each_target per_target
