#!/usr/bin/env bash
# locks.sh — data under locks needs no fence, through the ways programs
# take locks: wrapper functions (static, or exported with a pointer
# parameter like a lock library's possess/release), helpers called inside
# a critical section, static lock objects unknown code cannot name; and
# the cases that must keep their fences: a wrapper that locks only on some
# paths, a helper also called without the lock, unknown code called inside
# a critical section of an exported lock (it may release it), a wrapper
# of a trylock whose result is dropped; static data
# code outside the unit cannot reach, and wrappers whose error path never
# returns (locks_hidden.c, locks_noreturn.c); spin locks written for x86
# (a relaxed exchange, a plain store of 0), made acquire / release on the
# weak targets because the reference model orders them
# (locks_spin_relaxed.c); members under the mutex of their own object
# through a pointer parameter (locks_own.c); a thread pool on main's
# stack (locks_pool.c); a mutex per thread is no common lock
# (locks_instances.c); a recursive helper called inside a critical
# section (locks_recursive.c); buckets with their own mutex reached
# through local pointers (locks_buckets.c); lock striping, an array of
# mutexes beside the data, element for element (locks_stripes.c), or a
# function of the index (`locks[h % NLOCKS]`, locks_hash_stripes.c).  Also
# trylocks, read-write locks, spin locks written with atomics and stdio's
# FILE locks, C11 threads under an atomic_flag lock (below).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
# expect PROGRAM MODEL "FUNCTION:KIND ..." (sorted, from the JSON report)
expect() {
  local prog=$1 model=$2 want=$3
  wmm_report_fences "$WMM_TESTDIR/programs/locks_$prog.c" "$model" \
    || { wmm_fail "$prog $model: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$prog $model: ${want:-no fence}"
  else wmm_fail "$prog $model: got '$WMM_FENCES', expected '$want'"; fi
}
for m in tso power armv8; do
  expect wrapper $m ""
  expect callee $m ""
done
# Soundness: the same store buffering without a lock it can count on.
expect maybe tso "P0:mfence P1:mfence"
expect maybe power "P0:sync P1:sync"
expect callee_open tso "push:mfence"
expect callee_open power "push:sync"
# Lock objects of exported wrappers with a pointer parameter; the wrapper's
# own accesses to the lock object cannot touch x and y (alias sets).
for m in tso power armv8; do
  expect param $m ""
done
# Members under the mutex inside the same object (`c->value` while
# holding `c->lock`, c a parameter): no fence; locking another counter's
# mutex, or reading the members without it, keeps message passing's
# fences (locks_own.c, Power).
for m in tso power armv8; do
  expect own $m ""
done
for v in "WRONGLOCK:bump:lwsync read_counter:lwsync" \
    "NOLOCK:bump:lwsync mon:lwsync mon:lwsync"; do
  if wmm_report_fences "$WMM_TESTDIR/programs/locks_own.c" power -D${v%%:*}; then
    if [ "$WMM_FENCES" = "${v#*:}" ]; then wmm_pass "own ${v%%:*} power: ${v#*:}"
    else wmm_fail "own ${v%%:*} power: got '$WMM_FENCES', expected '${v#*:}'"; fi
  else wmm_fail "own ${v%%:*}: $WMM_ERR"; fi
done
# Each thread its own mutex (a local of a routine started twice; a
# helper locking the struct it is given, two structs): no exclusion, SB
# keeps its fences (a lock named through a parameter or a local of a
# function other than main names one lock per instance or call).
xexpect_instances() {
  local v=$1 model=$2 want=$3 f=
  [ "$v" = local ] || f=-D$v
  # shellcheck disable=SC2086
  wmm_report_fences "$WMM_TESTDIR/programs/locks_instances.c" "$model" $f \
    || { wmm_fail "instances $v $model: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "instances $v $model: $want"
  else wmm_fail "instances $v $model: got '$WMM_FENCES', expected '$want'"; fi
}
xexpect_instances local tso "P:mfence P:mfence"
xexpect_instances local power "P:sync P:sync"
xexpect_instances PARAM tso "both:mfence both:mfence"
xexpect_instances PARAM power "both:sync both:sync"
# A thread pool: the pool is main's local with its lock inside, workers
# take tasks under `p->lock` (p a copy of the thread argument, which every
# create gives &pool), main stops them under `p.lock`: the pool's members
# and the task list are protected: no fence on any target (before
# 2026-11-28 the weak targets kept one in job, ordering a task's argument
# before the result it writes: `t->arg`, a member of a struct task, was
# taken to be possibly an element of `long sums[64]`, which no struct task
# lies in; tbaa.cc, GCC's access-path test).  Stopping under another mutex
# keeps the workers' fences.
expect pool tso ""
expect pool power ""
expect pool armv8 ""
wmm_report_fences "$WMM_TESTDIR/programs/locks_pool.c" power -DOTHERLOCK \
  || wmm_fail "pool -DOTHERLOCK power: $WMM_ERR"
case " $WMM_FENCES " in
  *" worker:sync "*) wmm_pass "pool -DOTHERLOCK power: the worker keeps a sync" ;;
  *) wmm_fail "pool -DOTHERLOCK power: no sync in worker ('$WMM_FENCES')" ;;
esac
# The same pool with function pointers in its tasks (pool_fnptr.c): the
# workers' `t->fn (t->arg)` calls only the function the unit stores there
# (a member of a struct of this file that no other unit reaches), the
# tasks are filled before they are linked in under the lock (the pool,
# main's local, reached by the unit's code only): no fence anywhere; nor
# with an exported submit or the struct from the program's header, main's
# unit calling no code of other units (entries.cc closed_member_calls,
# program_record).  A task shown to another unit: the call is unknown code
# and the worker keeps its fences.
for m in tso power armv8; do
  for v in "" EXPORTED HEADER; do
    wmm_report_fences "$WMM_TESTDIR/programs/pool_fnptr.c" $m ${v:+-D$v} \
      || wmm_fail "pool_fnptr $v $m: $WMM_ERR"
    if [ -z "$WMM_FENCES" ]; then wmm_pass "pool_fnptr $v $m: no fence"
    else wmm_fail "pool_fnptr $v $m: got '$WMM_FENCES'"; fi
  done
done
# A pool whose tasks' functions write their results into the task, added
# to the pool's total under the lock (pool_results.c): no fence; without
# the lock the total races between the workers.
for m in tso power armv8 armv7; do
  wmm_report_fences "$WMM_TESTDIR/programs/pool_results.c" $m \
    || wmm_fail "pool_results $m: $WMM_ERR"
  if [ -z "$WMM_FENCES" ]; then wmm_pass "pool_results $m: no fence"
  else wmm_fail "pool_results $m: got '$WMM_FENCES'"; fi
done
wmm_report_fences "$WMM_TESTDIR/programs/pool_results.c" tso -DUNLOCKED \
  || wmm_fail "pool_results -DUNLOCKED tso: $WMM_ERR"
if [ "$WMM_FENCES" = "square:mfence" ]; then wmm_pass "pool_results -DUNLOCKED tso: square:mfence"
else wmm_fail "pool_results -DUNLOCKED tso: got '$WMM_FENCES'"; fi
wmm_report_fences "$WMM_TESTDIR/programs/pool_results.c" power -DUNLOCKED \
  || wmm_fail "pool_results -DUNLOCKED power: $WMM_ERR"
case " $WMM_FENCES " in
  *" worker:sync "*) wmm_pass "pool_results -DUNLOCKED power: the worker keeps a sync" ;;
  *) wmm_fail "pool_results -DUNLOCKED power: no sync in worker ('$WMM_FENCES')" ;;
esac
# The workers hand the task itself to its function (`t->fn (t)`): the
# call through the member passes the task to the functions stored there
# only (no other code can see it), no fence either.
for m in tso power armv8; do
  for v in SELF "SELF -DHEADER"; do
    wmm_report_fences "$WMM_TESTDIR/programs/pool_fnptr.c" $m -D$v \
      || wmm_fail "pool_fnptr -D$v $m: $WMM_ERR"
    if [ -z "$WMM_FENCES" ]; then wmm_pass "pool_fnptr -D$v $m: no fence"
    else wmm_fail "pool_fnptr -D$v $m: got '$WMM_FENCES'"; fi
  done
done
for v in EXTERNAL "HEADER -DEXTERNAL" "SELF -DHEADER -DEXTERNAL"; do
  wmm_report_fences "$WMM_TESTDIR/programs/pool_fnptr.c" power -D$v \
    || wmm_fail "pool_fnptr -D$v power: $WMM_ERR"
  case " $WMM_FENCES " in
    *" pool_worker:sync "*) wmm_pass "pool_fnptr -D$v power: the worker keeps a sync" ;;
    *) wmm_fail "pool_fnptr -D$v power: no sync in pool_worker ('$WMM_FENCES')" ;;
  esac
done
# Unknown code called in a critical section may release the exported m
# (fences for x, y), never the static s guarding static u, v.
expect unknown tso "P0:mfence P1:mfence"
# (Power: syncs, an unknown call being a read, then a write: the store
# of one call and the load of the next are W->R, collect.cc effect_ops)
expect unknown power "P0:sync P0:sync P0:sync P1:sync P1:sync P1:sync"
# trylock: held on the branch where it returned 0 only; a failure branch
# that touches the data keeps the fences.  Read-write locks: reads under
# rdlock are guarded against writes under wrlock, writes under rdlock are
# not (and a function ending with pthread_rwlock_unlock may hold a read
# lock only).
for m in tso power armv8; do
  expect try $m ""
  expect rw $m ""
done
# Spin locks built from atomics (exchange loop, test-and-test-and-set with
# a boolean CAS, atomic_flag); broken ones (wrong polarity, a relaxed
# store of 0 to the word) keep a fence in every thread.
for m in tso power armv8; do
  expect spin $m ""
  expect spin_wrapper $m ""
done
wmm_report_fences "$WMM_TESTDIR/programs/locks_spin_wrapper.c" tso -DBROKEN \
  || wmm_fail "spin_wrapper -DBROKEN tso: $WMM_ERR"
if [ "$WMM_FENCES" = "P0:mfence P1:mfence" ]; then
  wmm_pass "spin_wrapper -DBROKEN tso: P0:mfence P1:mfence"
else wmm_fail "spin_wrapper -DBROKEN tso: got '$WMM_FENCES'"; fi
# C11 <stdatomic.h> spin locks, whose macros pass the value and the order
# through temporaries (an atomic_int, -DFLAG an atomic_flag): no fence; a
# relaxed exchange is made acquire (reflocks.cc, the report's lock_orders);
# a word freed with 2 (-DTWO) is no lock.
expect_with() {
  local tag=$1 prog=$2 model=$3 want=$4; shift 4
  wmm_report_fences "$WMM_TESTDIR/programs/locks_$prog.c" "$model" "$@" \
    || { wmm_fail "$tag $model: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$tag $model: ${want:-no fence}"
  else wmm_fail "$tag $model: got '$WMM_FENCES', expected '$want'"; fi
}
for m in tso power armv8; do
  expect_with spin_c11 spin_c11 $m ""
  expect_with spin_c11_FLAG spin_c11 $m "" -DFLAG
  expect_with spin_c11_RELAXED spin_c11 $m "" -DRELAXED
done
if tr -d ' \n' < "$WMM_TMP/r.json" \
    | grep -q '"operation":"take","order":"acquire","lock":"l"'
then wmm_pass "spin_c11_RELAXED: the exchange made acquire"
else wmm_fail "spin_c11_RELAXED: no lock_orders take in the report"; fi
# C11 threads: thrd_create's argument is main's local, not the total
# under the atomic_flag lock (locks_c11_threads.c); a total added outside
# the lock keeps fences
for m in tso power armv8; do
  expect_with c11_threads c11_threads $m ""
  if wmm_report_fences "$WMM_TESTDIR/programs/locks_c11_threads.c" $m -DRACY \
     && grep -q '^run:' <<< "$WMM_FENCES"
  then wmm_pass "c11_threads_RACY $m: fenced ($WMM_FENCES)"
  else wmm_fail "c11_threads_RACY $m: no fence in run ('$WMM_FENCES' $WMM_ERR)"; fi
done
expect_with spin_c11_TWO spin_c11 tso "P0:mfence P1:mfence" -DTWO
expect_with spin_c11_TWO spin_c11 power "P0:sync P1:sync" -DTWO
expect_with spin_c11_TWO spin_c11 armv8 "P0:dmb ish P1:dmb ish" -DTWO
# A C11 ticket lock (fetch_add for a ticket, an acquiring wait, a
# releasing increment by the holder): no fence; a relaxed wait, the word
# set back by a thread, or a second free without holding keep SB's fences.
for m in tso power armv8; do
  expect_with ticket ticket $m ""
done
expect_with ticket_RELAXED ticket tso "P0:mfence P1:mfence" -DRELAXED
expect_with ticket_RELAXED ticket power "P0:lwsync P0:sync P1:lwsync P1:sync" -DRELAXED
expect_with ticket_RESET ticket tso "P0:mfence P1:mfence" -DRESET
expect_with ticket_RESET ticket power "P0:lwsync P0:sync P1:lwsync P1:sync" -DRESET
expect_with ticket_UNHELD ticket tso "P0:mfence P1:mfence" -DUNHELD
expect_with ticket_UNHELD ticket armv8 "P0:dmb ish P1:dmb ish" -DUNHELD
# The same lock written for x86 (a relaxed addition, volatile load and
# store): made acquire / release (the report's lock_orders), then a lock.
for m in tso power armv8; do
  expect_with ticket_X86 ticket $m "" -DX86
done
if tr -d ' \n' < "$WMM_TMP/r.json" \
    | grep -q '"operation":"take","order":"acquire","lock":"now_serving_x86"}.*"operation":"free","order":"release","lock":"now_serving_x86"'
then wmm_pass "ticket_X86: the wait made acquire, the store release"
else wmm_fail "ticket_X86: no lock_orders take and free in the report"; fi
expect_with ticket_X86_RESET ticket tso "P0:mfence P1:mfence" -DX86 -DRESET
expect_with ticket_X86_RESET ticket armv8 "P0:dmb ish P0:dmb ishld P1:dmb ish P1:dmb ishld unlock:dmb ishld" -DX86 -DRESET
expect_with ticket_X86_UNHELD ticket power "P0:lwsync P0:sync P1:lwsync P1:sync" -DX86 -DUNHELD
# Two spin locks used one after the other: the words' own accesses make
# no cycle (lock internals): no fence; a relaxed wait on a word followed by
# a read of data outside any section uses the word as a flag (and that data
# is unprotected, so the words stay in the analysis): P1 keeps its fences
# on the weak targets.
for m in tso power armv8; do
  expect_with spin_two spin_two $m ""
done
expect_with spin_two_FLAG spin_two power "P1:lwsync P1:sync take:sync" -DFLAG
expect_with spin_two_FLAG spin_two armv8 "P1:dmb ish P1:dmb ishld take:dmb ish" -DFLAG
# Buckets with their own mutex, reached through local pointers (`b =
# &table[h % NB]; lock (&b->lock); b->head`) or an index (`table[i].head`
# under `&table[i].lock`, -DINDEX): store buffering through two
# buckets' heads with both locks held: no fence; without the second lock,
# reading a third bucket, or after freeing a lock another pointer names
# (which may be either bucket's), the fences stay.
for m in tso power armv8; do
  expect_with buckets buckets $m ""
  expect_with buckets_INDEX buckets $m "" -DINDEX
  expect_with buckets_FIND buckets $m "" -DFIND
done
expect_with buckets_FIND_NOLOCK buckets power "move:lwsync move:lwsync move:sync move:sync" -DFIND -DNOLOCK
expect_with buckets_INDEX_NOLOCK buckets tso "move:mfence move:mfence" -DINDEX -DNOLOCK
expect_with buckets_INDEX_NOLOCK buckets armv8 "move:dmb ish move:dmb ish move:dmb ishld move:dmb ishld" -DINDEX -DNOLOCK
expect_with buckets_INDEX_RELEASE buckets power "move:lwsync move:lwsync move:sync move:sync" -DINDEX -DRELEASE
expect_with buckets_NOLOCK buckets tso "move:mfence move:mfence" -DNOLOCK
expect_with buckets_NOLOCK buckets power "move:lwsync move:lwsync move:sync move:sync" -DNOLOCK
expect_with buckets_OTHER buckets tso "move:mfence" -DOTHER
expect_with buckets_OTHER buckets armv8 "move:dmb ish" -DOTHER
expect_with buckets_RELEASE buckets tso "move:mfence move:mfence" -DRELEASE
expect_with buckets_RELEASE buckets armv8 "move:dmb ish move:dmb ish move:dmb ishld move:dmb ishld" -DRELEASE
# A mailbox per worker in a global array, posted under `workers[k].lock`,
# taken under `w->lock`, the worker's sum updated through its argument:
# no fence.
for m in tso power armv8; do
  expect_with inbox inbox $m ""
done
# Lock striping: `locks[i]` guards `heads[i]` (the same index name): no
# fence; without the second lock, or reading another index, SB's fences.
for m in tso power armv8; do
  expect_with stripes stripes $m ""
done
expect_with stripes_NOLOCK stripes tso "move:mfence move:mfence" -DNOLOCK
expect_with stripes_NOLOCK stripes power "move:lwsync move:lwsync move:sync move:sync" -DNOLOCK
expect_with stripes_SHIFT stripes tso "move:mfence" -DSHIFT
expect_with stripes_SHIFT stripes armv8 "move:dmb ish" -DSHIFT
# Lock striping over a hash table with fewer locks than buckets:
# `locks[h % NLOCKS]` guards `buckets[h]` (one function of one index
# name): no fence; another function, another index, no lock: fenced.
for m in tso power armv8; do
  expect_with hash_stripes hash_stripes $m ""
done
for v in NARROW SHIFT NOLOCK REHASH; do
  expect_with "hash_stripes_$v" hash_stripes tso "put:mfence" -D$v
  expect_with "hash_stripes_$v" hash_stripes power "get:sync get:sync put:sync put:sync put:sync put:sync put:sync put:sync put:sync" -D$v
done
expect spin_broken tso "P0:mfence P1:mfence P2:mfence P3:mfence"
wmm_report_fences "$WMM_TESTDIR/programs/locks_spin_broken.c" power \
  || wmm_fail "spin_broken power: $WMM_ERR"
for t in P0 P1 P2 P3; do
  case " $WMM_FENCES " in
    *" $t:sync "*) wmm_pass "spin_broken power: $t keeps a sync" ;;
    *) wmm_fail "spin_broken power: no sync in $t ('$WMM_FENCES')" ;;
  esac
done
# Unknown code inside spin sections may release the exported word, never
# the static one whose address only reaches atomic builtins.
expect spin_unknown tso "P0:mfence P1:mfence"
wmm_report_fences "$WMM_TESTDIR/programs/locks_spin_unknown.c" power \
  || wmm_fail "spin_unknown power: $WMM_ERR"
case " $WMM_FENCES " in
  *" P0:sync "*" P1:sync "*) wmm_pass "spin_unknown power: P0, P1 keep a sync" ;;
  *) wmm_fail "spin_unknown power: P0, P1 without sync ('$WMM_FENCES')" ;;
esac
# (Q0, Q1 may keep fences for cycles through the unknown calls and the
# lock words, but none orders u or v: protected by the static word)
if grep -Eq '"(from|to)": ?\{[^}]*"location": ?"(u|v)"' "$WMM_TMP/r.json"; then
  wmm_fail "spin_unknown power: a fence orders u or v ('$WMM_FENCES')"
else wmm_pass "spin_unknown power: no fence orders u or v (static word)"; fi
expect try_fail tso "P0:mfence P1:mfence"
expect try_fail power "P0:sync P1:sync"
# A wrapper of a trylock whose result is dropped takes nothing for sure:
# the unlock after the accesses is no sign the lock was held at entry
# (locks_try_wrapper.c; -DSPIN a spin lock).
for v in "" -DSPIN; do
  for m in tso power armv8; do
    case $m in tso) want="P0:mfence P1:mfence" ;; power) want="P0:sync P1:sync" ;;
               armv8) want="P0:dmb ish P1:dmb ish" ;; esac
    if wmm_report_fences "$WMM_TESTDIR/programs/locks_try_wrapper.c" $m $v; then
      if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "try_wrapper $v $m: $want"
      else wmm_fail "try_wrapper $v $m: got '$WMM_FENCES', expected '$want'"; fi
    else wmm_fail "try_wrapper $v $m: $WMM_ERR"; fi
  done
done
expect rw_wrong tso "put_x:mfence put_y:mfence"
expect rw_wrong power "put_x:sync put_y:sync"
# Static data whose address never leaves the unit, under a static lock:
# code the unit cannot see (a hook called through a pointer, a write
# through a pointer read from memory) cannot touch it.  Twins: the address
# given away, an exported function that writes it (the hook may call it
# back), one that releases the lock, a helper given &x outside the lock.
# xexpect PROGRAM MODEL WANT CFLAGS...
xexpect() {
  local prog=$1 model=$2 want=$3
  shift 3
  wmm_report_fences "$WMM_TESTDIR/programs/locks_$prog.c" "$model" "$@" \
    || { wmm_fail "$prog $model $*: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$prog $model $*: ${want:-no fence}"
  else wmm_fail "$prog $model $*: got '$WMM_FENCES', expected '$want'"; fi
}
# (x and y need no fence on any target.  On the weak targets P1 keeps one
# fence for its read of `pool` and its write of `n->v`: with P0's hook, a
# read and then a write of unknown memory, they are load buffering, whose
# other side is the hook's own order; until 2026-12-07 the hook stood for
# one atomic read-modify-write and no cycle went through it.)
expect hidden tso ""
expect hidden power "P1:lwsync"
expect hidden armv8 "P1:dmb ishld"
# (x may be written outside the lock; y, whose address nothing takes,
# stays protected, and the lock orders P0's critical section wholly
# before P1's or after it: store buffering between the two sections is
# impossible, whatever else writes x.  A pair that starts or ends at a
# protected access counts as ordered, protect.cc.)
xexpect hidden tso "" -DESCAPE
xexpect hidden power "P1:lwsync P1:lwsync" -DESCAPE
xexpect hidden tso "" -DCALLBACK
xexpect hidden power "P1:lwsync P1:lwsync main:lwsync" -DCALLBACK
xexpect hidden tso "P0:mfence P1:mfence" -DRELEASE
xexpect hidden tso "" -DPARAM
xexpect hidden power "P1:lwsync P1:lwsync set_many:sync" -DPARAM
# Soundness: a pair of unprotected accesses inside a critical section is
# not ordered by a protected access between them (locks_span.c: store
# buffering through x and y in P0's section around a read of the
# protected a, before 2026-11-28 taken as ordered: a missed fence); and
# store buffering with one side outside the lock (locks_after.c).
for m in tso power armv8 armv7; do
  case $m in tso) f=mfence ;; power) f=sync ;; armv8) f="dmb ish" ;; armv7) f=dmb ;; esac
  xexpect span $m "P0:$f P1:$f"
  xexpect after $m ""
  xexpect after $m "P1:$f" -DNOLOCK
  xexpect wrwc $m "P2:$f"
  # a recursive walk inside the sections releases nothing (least
  # fixpoint); a recursion that unlocks at its bottom keeps SB's fences
  xexpect recursive $m ""
  xexpect recursive $m "P0:$f P1:$f" -DRELEASE
done
# locks=acqrel: lock and unlock as glibc has them on Power (lwarx/stwcx.
# + isync, lwsync + store) and ARMv8 (acquire / release).  P0's unlock no
# longer orders its store before its load (both sides fenced); the
# sections' own cycles stay unfenced (two threads, or only protected
# accesses: the read-write lock); through three threads the Power lock's
# lwsync / isync leave W+RWC allowed (locks_wrwc.c: P0 and P1 fenced
# too), while ARMv8, multi-copy atomic, orders it.  x86 and ARMv7 do not
# change (their lock code has full fences).
A=-fplugin-arg-wmmfence-locks=acqrel
xexpect after power "P0:sync P1:sync" -DNOLOCK $A
xexpect after armv8 "P0:dmb ish P1:dmb ish" -DNOLOCK $A
xexpect after tso "P1:mfence" -DNOLOCK $A
xexpect after armv7 "P1:dmb" -DNOLOCK $A
xexpect after power "" $A
xexpect span power "P0:sync P1:sync" $A
xexpect wrwc power "P0:sync P1:sync P2:sync" $A
xexpect wrwc armv8 "P2:dmb ish" $A
expect rw power ""
wmm_report_fences "$WMM_TESTDIR/programs/locks_rw.c" power $A \
  || wmm_fail "rw power locks=acqrel: $WMM_ERR"
if [ -z "$WMM_FENCES" ]; then wmm_pass "rw power locks=acqrel: no fence"
else wmm_fail "rw power locks=acqrel: got '$WMM_FENCES'"; fi
if grep -q '"locks": "acqrel"' "$WMM_TMP/r.json"; then wmm_pass "locks=acqrel: in the JSON report"
else wmm_fail "locks=acqrel: not in the JSON report"; fi
# A test-and-set lock written for x86: relaxed exchange, plain store of 0
# (reflocks.cc).  sc and tso order it, so the plugin makes it acquire /
# release and SB under it needs no fence; the JSON report lists both
# changes.  Twins: the word also written with 2 (no lock: nothing
# changed, fences), the unlock wrapper exported (its pointer may be any
# word: the word is no lock, fences), an exported setter writing an int
# through its pointer (fences only when the word is exported too).
for m in tso power armv8; do
  expect spin_relaxed $m ""
done
orders() { grep -o '"line": [0-9]*, "column": [0-9]*, "operation": "[a-z]*", "order": "[a-z]*", "lock": "[a-z]*"' "$WMM_TMP/r.json" | sed 's/"[a-z]*": //g; s/"//g' | tr '\n' ';'; }
wmm_report_fences "$WMM_TESTDIR/programs/locks_spin_relaxed.c" power \
  || wmm_fail "spin_relaxed power: $WMM_ERR"
got=$(orders)
if [ "$got" = "44, 10, take, acquire, word;56, 6, free, release, word;" ]; then
  wmm_pass "spin_relaxed power: lock_orders $got"
else wmm_fail "spin_relaxed power: lock_orders '$got'"; fi
# ... and so do the records in the object (format version 3), which
# `wmmfence-report` lists and diffs: the lock orders go when the word is
# no lock (-DOTHER) and fences come, and `check` against the build with
# lock orders fails on the added fences, the other way passes.
WR=$WMM_BUILDDIR/tools/wmmfence-report
for v in lock other; do
  f=; [ $v = other ] && f=-DOTHER
  # shellcheck disable=SC2086
  "$WMM_T_GCC" -O2 -c -o "$WMM_TMP/$v.o" -fplugin="$WMM_T_PLUGIN" \
    -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=power $f \
    "$WMM_TESTDIR/programs/locks_spin_relaxed.c" 2> "$WMM_TMP/err" ||
    wmm_fail "records $v: $(head -n 2 "$WMM_TMP/err")"
done
got=$("$WR" list "$WMM_TMP/lock.o" | sed -n 's/^ *\([a-z_]*\): lock order: \([a-z]*\) of \([a-z]*\) at [^ ]*:\([0-9]*:[0-9]*\) made \([a-z]*\)$/\1 \2 \3 \4 \5/p' | tr '\n' ';')
if [ "$got" = "spin_lock take word 44:10 acquire;spin_unlock free word 56:6 release;" ]; then
  wmm_pass "records: list shows both lock orders"
else wmm_fail "records: list: '$got'"; fi
"$WR" diff "$WMM_TMP/lock.o" "$WMM_TMP/other.o" > "$WMM_TMP/diff.txt"; rc=$?
if [ $rc = 1 ] && [ "$(grep -c '^- lock order removed: .*: spin_\(lock\|unlock\): ' "$WMM_TMP/diff.txt")" = 2 ] &&
   grep -q '^+ added: ' "$WMM_TMP/diff.txt"; then
  wmm_pass "records: diff shows the lock orders removed and fences added (exit 1)"
else wmm_fail "records: diff exit $rc: $(head -n 3 "$WMM_TMP/diff.txt")"; fi
if "$WR" check "$WMM_TMP/lock.o" --baseline "$WMM_TMP/other.o" > /dev/null; then
  wmm_fail "records: check passes lock orders added against a baseline without them"
else wmm_pass "records: check fails on lock orders added"; fi
if "$WR" check "$WMM_TMP/other.o" --baseline "$WMM_TMP/other.o" > /dev/null; then
  wmm_pass "records: check passes a build against itself"
else wmm_fail "records: check of a build against itself"; fi
xexpect spin_relaxed tso "P0:mfence P1:mfence" -DOTHER
# (the release before the unlock's store: one lwsync inside the wrapper
# serves both threads, where one at each call would be two)
xexpect spin_relaxed power "P0:sync P1:sync spin_lock:lwsync spin_unlock:lwsync" -DOTHER
got=$(orders)
if [ -z "$got" ]; then wmm_pass "spin_relaxed power -DOTHER: nothing changed"
else wmm_fail "spin_relaxed power -DOTHER: lock_orders '$got'"; fi
xexpect spin_relaxed tso "P0:mfence P1:mfence" -DCALLED
# (main's call of another unit makes the exported wrapper a thread entry
# of its own too: a sync in it and in main)
xexpect spin_relaxed power "P0:lwsync P0:sync P1:lwsync P1:sync main:sync spin_lock:lwsync spin_unlock:sync" -DCALLED
# (An acquire exchange with that exported plain-store unlock got no fence
# before: the store through the parameter was not seen to free the word.)
xexpect spin_relaxed power "P0:lwsync P0:sync P1:lwsync P1:sync main:sync spin_lock:lwsync spin_unlock:sync" -DCALLED -DACQ
xexpect spin_relaxed power "" -DSETTER
# exported wrappers in a unit no other unit's code runs beside: a lock
xexpect spin_relaxed power "" -DLONE
xexpect spin_relaxed tso "" -DLONE -DSETTER -DPUBLIC
xexpect spin_relaxed tso "P0:mfence P1:mfence" -DSETTER -DPUBLIC
xexpect spin_relaxed power "P0:lwsync P0:sync P1:lwsync P1:sync main:sync spin_lock:lwsync spin_unlock:sync" -DSETTER -DPUBLIC
# from=pso orders no plain store: nothing is changed (the lock word's own
# cycles that pso forbids keep their lwsyncs).
xexpect spin_relaxed power "spin_lock:lwsync spin_unlock:lwsync" -fplugin-arg-wmmfence-from=pso
got=$(orders)
if [ -z "$got" ]; then wmm_pass "spin_relaxed power from=pso: nothing changed"
else wmm_fail "spin_relaxed power from=pso: lock_orders '$got'"; fi
# A lock wrapper whose error path calls a function that never returns
# (it prints, calls an unknown hook and exits) holds the lock at every
# return; when that function may return, SB keeps its fences.  (The hook
# is code of other units that may start threads, which may call the
# exported wrappers: they are entries of their own, and fail's and main's
# fences order the hook's unknown accesses against theirs: full fences
# on the weak targets since 2026-11-30; since 2026-12-04 nothing of a
# caller follows fail's exit, so the sync / dmb ish that ordered its
# reads before the caller's stores after a return is gone.)
expect noreturn tso ""
expect noreturn power "fail:sync fail:sync main:sync"
expect noreturn armv8 "fail:dmb ishld fail:dmb ishld main:dmb ishld"
# (fail's own mfence: the hook may store to shared memory, and fail then
# reads verbose; on x86 a call is no locked instruction)
xexpect noreturn tso "P0:mfence P1:mfence fail:mfence" -DRETURNS
xexpect noreturn power "P0:sync P0:sync P1:sync P1:sync fail:sync fail:sync fail:sync fail:sync main:sync" -DRETURNS
# The same minimal counts in the assembly (x86-64; ppc64le when its cross
# compiler and plugin exist): fences with the plugin less those GCC emits
# for the program's own atomics without it.
# asm_fences PROGRAM MODEL PATTERN WANT [CFLAGS...]
asm_fences() {
  local prog=$1 model=$2 pat=$3 want=$4 n base
  shift 4
  if ! "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/a.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$model" "$@" \
      "$WMM_TESTDIR/programs/locks_$prog.c" 2> "$WMM_TMP/a.err" \
     || ! "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/b.s" "$@" \
      "$WMM_TESTDIR/programs/locks_$prog.c" 2> "$WMM_TMP/a.err"; then
    wmm_fail "$prog asm $model: $(head -n 2 "$WMM_TMP/a.err")"; return
  fi
  n=$(grep -Ec -- "$pat" "$WMM_TMP/a.s")
  base=$(grep -Ec -- "$pat" "$WMM_TMP/b.s")
  n=$((n - base))
  if [ "$n" = "$want" ]; then wmm_pass "$prog asm $model $*: $want fences added"
  else wmm_fail "$prog asm $model $*: $n fences added, expected $want"; fi
}
for p in try rw spin spin_wrapper hidden noreturn; do
  asm_fences $p tso 'mfence|lock or' 0
done
asm_fences hidden tso 'mfence|lock or' 0 -DCALLBACK
asm_fences span tso 'mfence|lock or' 2
asm_fences noreturn tso 'mfence|lock or' 3 -DRETURNS
asm_fences try_fail tso 'mfence|lock or' 2
asm_fences try_wrapper tso 'mfence|lock or' 2
asm_fences try_wrapper tso 'mfence|lock or' 2 -DSPIN
asm_fences rw_wrong tso 'mfence|lock or' 2
asm_fences spin_broken tso 'mfence|lock or' 4
asm_fences spin_relaxed tso 'mfence|lock or' 0
asm_fences spin_relaxed tso 'mfence|lock or' 2 -DOTHER
# stdio's FILE lock around a log (locks_flockfile.c): flockfile /
# funlockfile of a static stream set before the threads start protect
# `lines`; a worker re-pointing the stream while they run: fenced.
for m in tso power armv8; do
  expect flockfile $m ""
  if wmm_report_fences "$WMM_TESTDIR/programs/locks_flockfile.c" $m -DRESET; then
    case " $WMM_FENCES " in
      *" log_line:"*) wmm_pass "flockfile -DRESET $m: fenced ($WMM_FENCES)" ;;
      *) wmm_fail "flockfile -DRESET $m: got '$WMM_FENCES'" ;;
    esac
  else wmm_fail "flockfile -DRESET $m: $WMM_ERR"; fi
done
if wmm_target ppc; then
  for p in try rw spin spin_wrapper; do
    asm_fences $p power '^\s+(hw|lw)?sync' 0
  done
  # (P1's load buffering with the hook's read and write, above)
  asm_fences hidden power '^\s+(hw|lw)?sync' 1
  asm_fences hidden power '^\s+(hw|lw)?sync' 3 -DCALLBACK
  asm_fences span power '^\s+(hw|lw)?sync' 2
  asm_fences try_fail power '^\s+(hw|lw)?sync' 2
  asm_fences try_wrapper power '^\s+(hw|lw)?sync' 2
  asm_fences try_wrapper power '^\s+(hw|lw)?sync' 2 -DSPIN
  asm_fences rw_wrong power '^\s+(hw|lw)?sync' 2
  # The relaxed spin lock: the exchange acquire (its loop ends in isync),
  # one lwsync before the store of 0, no sync; in report mode the code is
  # what it was.
  asm_fences spin_relaxed power '^\s+lwsync' 2
  asm_fences spin_relaxed power '^\s+(hw)?sync' 0
  asm_fences spin_relaxed power '^\s+isync' 2
  if "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/r.s" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
       -fplugin-arg-wmmfence-mode=report "$WMM_TESTDIR/programs/locks_spin_relaxed.c" \
     && "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/n.s" "$WMM_TESTDIR/programs/locks_spin_relaxed.c" \
     && cmp -s <(grep -v '^\s*\.' "$WMM_TMP/r.s") <(grep -v '^\s*\.' "$WMM_TMP/n.s"); then
    wmm_pass "spin_relaxed power mode=report: the code is the code without the plugin"
  else wmm_fail "spin_relaxed power mode=report: the code changed"; fi
else
  echo "skipping the ppc64le checks: $WMM_T_WHY"
fi
