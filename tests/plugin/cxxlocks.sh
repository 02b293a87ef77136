#!/usr/bin/env bash
# cxxlocks.sh — C++ threads and locks as C++ code writes them
# (plugin/cxxlocks.cc; docs/plugin.md, "Locks" and "C++ threads"):
# std::mutex taken by m.lock (), std::lock_guard, std::unique_lock (with
# unlock ()), std::scoped_lock, a std::atomic_flag spin lock; a
# std::condition_variable wait with a predicate; threads started by
# std::thread and joined by join ().  The
# fences are counted per function in the -O2 assembly of every target
# (x86-64, ppc64le, aarch64, armv7):
#   cxx_mailbox.cc   message passing through a `new` object published
#                    under a lock_guard: none; -DPEEK (a read of the
#                    mailbox without the lock): the consumer's fences
#   cxx_sb_mutex.cc  store buffering inside critical sections, three lock
#                    styles: none; -DRACY (one side unlocked): SB's two;
#                    -DMOVED (a guard moved into another: the move
#                    constructor's body releases nothing): none; -DMOVED
#                    -DUNLOCK (the new guard unlocks first): fences on both
#                    sides
#   cxx_condvar.cc   hand-off through a condition variable: none; -DRACY
#                    (written again and read after unlocking): fences
#   cxx_join.cc      SB between two std::threads: their two fences, none in
#                    main after the joins; -DEARLY (main races before the
#                    second join): one in main too
#   cxx_vector.cc    a pool in a std::vector<std::thread> joined by a
#                    range-for, the workers' sums under a lock_guard, read
#                    by main after the loop: none in the workers and main;
#                    -DBREAK (the loop may leave early): fences; -DMAP
#                    (counts in a std::unordered_map, walked by main after
#                    the loop): none
#   cxx_scoped_two.cc  SB through two accounts under std::scoped_lock of
#                    both their mutexes: none; -DRACY (only one mutex),
#                    -DWRONG (the second a local mutex): fenced
#   cxx_spinflag.cc  SB in sections of a std::atomic_flag spin lock: no
#                    fence but the flag's own; -DRELAXED (no lock): fences;
#                    -DBOOL (a std::atomic<bool> in a class: exchange /
#                    store): none; -DBOOL -DRELAXED, -DBOOL -DSETS (freed
#                    by storing true): fences; -DLATCH (C++20: both
#                    threads wait on a std::latch first, whose counter
#                    the library updates with atomic builtins): none, and
#                    -DLATCH -DRELAXED fenced
#   cxx_twice.cc     one function (-DLAMBDA: one lambda) started by two
#                    std::threads: two instances, SB between them fenced
#   cxx_queue.cc     a global std::queue (-DVECTOR: std::vector, -DMAP:
#                    std::unordered_map, -DSET: std::set, -DLIST:
#                    std::list) used by
#                    two threads under a lock_guard, through the library's
#                    inline and template code, its static destructor run
#                    at exit: no fence on any target; -DPEEK (q.empty ()
#                    read before the lock): fenced (the consumer itself on
#                    the weak targets)
#   cxx_static_local.cc  a table built on first use by a function-local
#                    static's constructor, read by two threads: no fence;
#                    -DLEAK (the constructor publishes `this`): message
#                    passing fenced on the weak targets; -DWRITE (store
#                    buffering on the table after its construction): fenced
#   cxx_shared_ptr.cc  a std::shared_ptr captured by value by two
#                    threads' lambdas, read only: no fence on x86; -DSB
#                    (store buffering on its members): fenced
#   cxx_condqueue.cc a std::queue under a mutex and a condition variable,
#                    the consumer's sum stored through a captured
#                    reference: no fence on x86
#   cxx_index.cc     an unordered_map of vectors under a class's mutex,
#                    four workers in a std::vector: none; -DDETACH (one
#                    more worker detached, racing with the index's
#                    destruction): fenced
#   cxx_capture_ref.cc  lambdas capturing main's locals by reference: a
#                    reader under a shared_mutex stores its count into
#                    main's local: no fence; -DMP (message passing through
#                    two captured locals): main and the lambda fenced on
#                    the weak targets, nothing on x86
#   cxx_capture_mutex.cc  workers push into main's vector under main's
#                    mutex, both captured by reference: no fence; -DUNLOCKED
#                    (odd workers push without the lock): fenced
#   cxx_member_thread.cc  a class starting its worker as `t_ (&Worker::run,
#                    this)`, queue and flags under the member mutex: no
#                    fence; -DSB (store buffering on two members outside
#                    the lock): fences in run and post
#   cxx_pmf_threads.cc  `std::thread a (&Pipe::produce, &p), b (&Pipe::
#                    consume, &p)` on main's object: no fence; -DSB: fences
#                    in both methods
#   cxx_queue_workers.cc  a ThreadSafeQueue<T> template, producers and
#                    consumers in std::vectors, the sum under main's second
#                    mutex: no fence; -DPEEK (the size read unlocked): fenced
#   cxx_lock_two.cc  transfers under std::lock (m1, m2) with adopting
#                    lock_guards, -DGUARDS std::lock of two deferred
#                    unique_locks: no fence; -DRACY (one transfer takes only
#                    one lock): fenced
#   cxx_rwmap.cc     a std::map in a class under a std::shared_mutex
#                    (unique_lock writers, shared_lock readers): no fence;
#                    -DOTHER (readers under another mutex; x86 needs no
#                    fence), -DSHARED (writers under the read side): fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# fences ASM: "FUNCTION:N ..." (sorted) of the fence instructions ($FENCE)
fences() {
  FENCE=$FENCE awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { fn = substr($0, 1, length($0) - 1) }
      $0 ~ ENVIRON["FENCE"] { n[fn]++ }
      END { for (f in n) print f ":" n[f] }' "$1" | sort | tr '\n' ' ' | sed 's/ $//'
}
# expect TAG PROGRAM WANT [OPTIONS...]: the fences per function on the
# current target ($T, model $M)
expect() {
  local tag=$T.$1 prog=$2 want=$3; shift 3
  if ! "$CXX" -std=c++17 -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$P/$prog.cc" \
      2> "$WMM_TMP/$tag.err"; then
    wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
    return
  fi
  local got; got=$(fences "$WMM_TMP/$tag.s")
  if [ -n "${ONLY:-}" ]; then
    got=$(tr ' ' '\n' <<< "$got" | grep -E "$ONLY" | tr '\n' ' ' | sed 's/ $//')
  fi
  if [ "$got" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$got', expected '$want'"; fi
}

# expect_both TAG PROGRAM [OPTIONS...]: fences in both _ZL4leftv and
# _ZL5rightv (how many depends on the target)
# compile_asm TAG PROGRAM [OPTIONS...]: $WMM_TMP/TAG.s with the plugin
compile_asm() {
  local tag=$1 prog=$2; shift 2
  "$CXX" -std=c++17 -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
    -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" "$@" \
    "$P/$prog.cc" 2> "$WMM_TMP/$tag.err" && return 0
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}

expect_both() {
  local tag=$T.$1 prog=$2; shift 2
  compile_asm "$tag" "$prog" "$@" || return
  local got; got=$(fences "$WMM_TMP/$tag.s")
  case " $got" in
    *" _ZL4leftv:"*" _ZL5rightv:"*) wmm_pass "$tag: both sides fenced ($got)" ;;
    *) wmm_fail "$tag: got '$got', expected fences in both threads" ;;
  esac
}

# expect_some TAG PROGRAM [OPTIONS...]: fences somewhere (a racy variant)
expect_some() {
  local tag=$T.$1 prog=$2; shift 2
  compile_asm "$tag" "$prog" "$@" || return
  local got; got=$(fences "$WMM_TMP/$tag.s")
  if [ -n "$got" ]; then wmm_pass "$tag: fenced ($got)"
  else wmm_fail "$tag: no fence"; fi
}

# expect_none TAG PROGRAM [OPTIONS...]: the same fences as without the
# plugin (the atomics' own: Power's isync / lwsync, ARMv7's dmb)
expect_none() {
  local tag=$T.$1 prog=$2; shift 2
  if ! "$CXX" -std=c++17 -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" "$@" \
      "$P/$prog.cc" 2> "$WMM_TMP/$tag.err" \
     || ! "$CXX" -std=c++17 -O2 -S -o "$WMM_TMP/$tag.0.s" "$@" "$P/$prog.cc" \
      2>> "$WMM_TMP/$tag.err"; then
    wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
    return
  fi
  local got want
  got=$(fences "$WMM_TMP/$tag.s") want=$(fences "$WMM_TMP/$tag.0.s")
  if [ "$got" = "$want" ]; then wmm_pass "$tag: no fence added (${want:-none})"
  else wmm_fail "$tag: got '$got', without the plugin '$want'"; fi
}

# expect_report TAG PROGRAM REGEX [OPTIONS...]: the JSON report's fences,
# as "FUNCTION:KIND" words (wmm_report_fences), match REGEX (extended)
expect_report() {
  local tag=$T.$1 prog=$2 re=$3; shift 3
  if ! wmm_report_fences "$P/$prog.cc" "$M" -std=c++17 "$@"; then
    wmm_fail "$tag: compiling $prog: $WMM_ERR"
    return
  fi
  if grep -Eq -- "$re" <<< "$WMM_FENCES"; then wmm_pass "$tag: fences match /$re/"
  else wmm_fail "$tag: fences '$WMM_FENCES' do not match /$re/"; fi
}

ran=0
SB='_ZL4leftv:1 _ZL5rightv:1'
for T in x86 ppc aarch64 arm; do
  wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
  CXX=${WMM_T_GCC/gcc/g++}
  command -v "$CXX" >/dev/null 2>&1 || { echo "skipping $T: no $CXX"; continue; }
  ran=1
  ONLY=
  # (main:2 until 2026-11-29: a return edge of a helper without memory
  # accesses, called before and after main's two reads, made them a loop
  # that read them in both orders; one fence between them now)
  VBREAK='_ZL6workeri:1 main:1'
  case $T in
    # (x86 keeps the racy variants' message passing by itself: no fence)
    x86) M=tso FENCE='mfence|lock or' PEEK= CV= VBREAK=_ZL6workeri:1 ;;
    ppc) M=power FENCE='^[[:space:]]*((hw|lw)?sync|isync)$'
         PEEK='_ZL8consumerv:3 _ZL8producerv:1'
         CV='_ZL8consumerv:1 _ZL8producerv:1' ;;
    aarch64) M=armv8 FENCE='dmb' PEEK='_ZL8consumerv:3 _ZL8producerv:1'
             CV='_ZL8consumerv:1 _ZL8producerv:1' ;;
    arm) M=armv7 FENCE='dmb' PEEK='_ZL8consumerv:3 _ZL8producerv:1'
         CV='_ZL8consumerv:1 _ZL8producerv:1' ;;
  esac
  expect mailbox cxx_mailbox ""
  expect mailbox_peek cxx_mailbox "$PEEK" -DPEEK
  for s in 0 1 2; do
    expect sb_style$s cxx_sb_mutex "" -DSTYLE=$s
    expect sb_style${s}_racy cxx_sb_mutex "$SB" -DSTYLE=$s -DRACY
  done
  # a guard moved into another: the move constructor (its body, through
  # the complete-object alias) keeps the lock held; an unlock through the
  # new guard may release any lock (both sides fenced)
  expect sb_moved cxx_sb_mutex "" -DMOVED
  expect_both sb_moved_unlock cxx_sb_mutex -DMOVED -DUNLOCK
  expect condvar cxx_condvar ""
  expect condvar_racy cxx_condvar "$CV" -DRACY
  expect join cxx_join "$SB"
  expect join_early cxx_join "$SB main:1" -DEARLY
  # the library's own code (vector reallocation) may keep fences where a
  # size_t is an int (armv7): only the program's functions are counted
  ONLY='^(_ZL6workeri|main):'
  expect vector cxx_vector ""
  expect vector_break cxx_vector "$VBREAK" -DBREAK
  # the pool counting into a std::unordered_map: its members, called under
  # the lock, and the vector's, called by main on its own local
  expect vector_map cxx_vector "" -DMAP
  ONLY=
  [ $T = x86 ] && expect vector_map_all cxx_vector "" -DMAP
  expect_some vector_map_break cxx_vector -DMAP -DBREAK
  # std::scoped_lock of two mutexes (a transfer between accounts): both
  # locks held, no fence; one of them missing or local to the call: SB's
  expect_none scoped_two cxx_scoped_two
  expect scoped_two_racy cxx_scoped_two "_ZL4moveR7accountS0_l.constprop.0:1" -DRACY
  expect scoped_two_wrong cxx_scoped_two "_ZL4moveR7accountS0_l.constprop.0:1" -DWRONG
  # a std::atomic_flag spin lock (acquire / release): a lock
  expect_none spinflag cxx_spinflag
  expect_both spinflag_relaxed cxx_spinflag -DRELAXED
  expect_none spinbool cxx_spinflag -DBOOL
  expect_both spinbool_relaxed cxx_spinflag -DBOOL -DRELAXED
  expect_both spinbool_sets cxx_spinflag -DBOOL -DSETS
  expect_none spinflag_latch cxx_spinflag -std=c++20 -DLATCH
  expect_both spinflag_latch_relaxed cxx_spinflag -std=c++20 -DLATCH -DRELAXED
  # one function / one lambda started by two std::threads: two instances,
  # store buffering between them keeps its two fences
  expect twice cxx_twice "_ZL1wi:2"
  # library containers under a lock: the lock reaches their inline code
  expect_report queue cxx_queue '^$'
  expect_report queue_vector cxx_queue '^$' -DVECTOR
  expect_report queue_map cxx_queue '^$' -DMAP
  # std::set and std::list: their node helpers in libstdc++.so touch
  # nodes only (collect.cc node_helper_call), the tree's recursive
  # _M_erase releases nothing (locks.cc least_releases)
  # an index of vectors in an unordered_map, a pool joined by range-for;
  # the index destroyed after the pool on main's exception path
  expect_report index cxx_index '^$'
  expect_some index_detach cxx_index -DDETACH
  expect_some index_exchange cxx_index -DEXCHANGE
  expect_report queue_set cxx_queue '^$' -DSET
  expect_report queue_list cxx_queue '^$' -DLIST
  if [ $T = x86 ]; then expect_report queue_peek cxx_queue 'mfence' -DPEEK
  else
    expect_report queue_peek cxx_queue '(^| )consumer:' -DPEEK
    expect_report queue_set_peek cxx_queue '(^| )consumer:' -DSET -DPEEK
  fi
  # a function-local static's construction races with nothing
  # (guardinit.cc); its constructor leaking `this` or later writes keep
  # their fences
  expect_report static_local cxx_static_local '^$'
  if [ $T = x86 ]; then expect_report static_local_leak cxx_static_local '^$' -DLEAK
  else expect_report static_local_leak cxx_static_local \
         'Table::Table:.*operator\(\)'"'"'2:' -DLEAK; fi
  expect_report static_local_write cxx_static_local \
    'lambda\(\)>::operator\(\):.*(^| )table:' -DWRITE
  # a std::shared_ptr copied into two threads' lambdas: the closures'
  # implicit constructors are the thread's side; store buffering on the
  # shared object stays fenced (x86: a full fence in each thread's code,
  # in the assembly: one fence in the shared_ptr's operator->, which both
  # threads call between their store and their load, may serve both)
  if [ $T = x86 ]; then
    expect_report shared_ptr cxx_shared_ptr '^$'
    if wmm_compile_asm $T.shared_ptr_sb_asm "$P/cxx_shared_ptr.cc" -std=c++17 -DSB; then
      n=$(wmm_fence_counts "$WMM_TMP/$T.shared_ptr_sb_asm.s" | tr ' ' '\n' | grep -c '_M_runEv:')
      if [ "$n" = 2 ]; then wmm_pass "$T.shared_ptr_sb: both threads' code has a full fence"
      else wmm_fail "$T.shared_ptr_sb: fences in $n of the 2 threads' code ($(wmm_fence_counts "$WMM_TMP/$T.shared_ptr_sb_asm.s"))"; fi
    fi
  else
    expect_report shared_ptr_sb cxx_shared_ptr '(sync|dmb)' -DSB
  fi
  # a condition-variable queue: no mfence on x86 (the deque's copies of
  # its map move node pointers only, collect.cc library_copy_type, so
  # they cannot touch the consumer's sum written outside the lock), the
  # weak targets a few (docs/plugin.md)
  if [ $T = x86 ]; then
    if wmm_report_fences "$P/cxx_condqueue.cc" "$M" -std=c++17; then
      n=$(grep -o ':mfence' <<< "$WMM_FENCES" | wc -l)
      if [ "$n" -eq 0 ]; then wmm_pass "$T.condqueue: $n mfences"
      else wmm_fail "$T.condqueue: $n mfences ('$WMM_FENCES')"; fi
    else wmm_fail "$T.condqueue: compiling: $WMM_ERR"; fi
  fi
  # a lambda's captures by reference are main's locals (localfields.cc)
  expect_report capture_ref cxx_capture_ref '^$'
  if [ $T = x86 ]; then expect_report capture_ref_mp cxx_capture_ref '^$' -DMP
  else expect_report capture_ref_mp cxx_capture_ref \
         '(^| )main:.*lambda\(\)>::operator\(\):|lambda\(\)>::operator\(\):.* main:' -DMP; fi
  # a mutex of main captured by reference names one lock (locks.cc
  # pointer_key through the closure's member)
  expect_report capture_mutex cxx_capture_mutex '^$'
  expect_report capture_mutex_unlocked cxx_capture_mutex '(mfence|sync|dmb)' -DUNLOCKED
  # a method a std::thread runs on the constructor's object: `this` is
  # main's w (entries.cc wmm_thread_method_object)
  expect_report member_thread cxx_member_thread '^$'
  expect_report member_thread_sb cxx_member_thread 'Worker::post:[^ ]+ .*Worker::run:' -DSB
  expect_report pmf_threads cxx_pmf_threads '^$'
  expect_report pmf_threads_sb cxx_pmf_threads 'Pipe::consume:[^ ]+ .*Pipe::produce:' -DSB
  expect twice_lambda cxx_twice \
    "_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUliE_iEEEEE6_M_runEv:2" -DLAMBDA
  # a std::map under a shared_mutex: its code called under both sides
  # runs with the read side held (locks.cc with_read_sides)
  expect_none rwmap cxx_rwmap
  # held locks reach the deque's deep call chains (compute_entries)
  expect_report queue_workers cxx_queue_workers '^$'
  expect_some queue_workers_peek cxx_queue_workers -DPEEK
  # std::lock of two mutexes (adopted by lock_guards) or of two
  # unique_locks with defer_lock: both held (cxxlocks.cc std_lock)
  expect_none lock_two cxx_lock_two
  expect_none lock_two_guards cxx_lock_two -DGUARDS
  expect_some lock_two_racy cxx_lock_two -DRACY
  expect_some lock_two_guards_racy cxx_lock_two -DGUARDS -DRACY
  # (readers under another mutex race with add's writes: message
  # passing's shapes, which x86 keeps; find writes nothing, and the adds'
  # sections are ordered by their mutex, so x86 has no store buffering:
  # since a node's constructor counts as its creator's, before the insert
  # publishes it, "Fresh objects on x86-TSO", no mfence there)
  if [ "$T" = x86 ]; then expect_none rwmap_OTHER cxx_rwmap -DOTHER
  else expect_some rwmap_OTHER cxx_rwmap -DOTHER; fi
  expect_some rwmap_SHARED cxx_rwmap -DSHARED
done
# The report names the locks it used.
if [ $ran = 1 ]; then
  if grep -q "protected by locks" "$WMM_TMP/$T.sb_style1.json"
  then wmm_pass "$T.sb_style1: the report says accesses are protected by locks"
  else wmm_fail "$T.sb_style1: no note on lock protection"; fi
fi
[ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }
