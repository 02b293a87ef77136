#!/usr/bin/env bash
# private.sh — private and unpublished data (docs/plugin.md, "Private
# data"): thread-argument structs on the heap and in the creator's frame,
# thread-local variables, thread-specific data (also behind a getter that
# returns it), locals given only to calls
# that keep no copy, fresh heap memory never published.  Each program does
# store buffering on data only one thread reaches: no fence (the minimum,
# counted in the x86-64 and ppc64le assembly; the programs have no loops
# in the threads).  The variants that make the data reachable by another
# thread (one struct to two threads, one struct to every iteration of a
# create loop, the pointer or a TLS address stored into a global, the
# creator touching the struct while the thread runs, pointer arithmetic
# into a neighbour's element, getspecific of a shared object) keep store
# buffering's fences: one full fence per thread on x86 (mfence or lock
# or), sync or lwsync+sync on Power.  A private copy sorted with qsort
# (private_qsort.c, four models).  Tasks stepped through a helper of the
# unit given a member's address, set up through a pointer to the element
# before the create, or returned to the joiner (private_helper_seed.c).  Per-thread state built by helpers
# with pointer parameters (private_helpers.c: a local struct pointing at
# shared options and at heap memory the helpers allocate) is private by
# the points-to analysis (threadlocal.cc); the cache stored in a global,
# in an integer, in a static struct's member, copied out with memcpy, or
# the state's address kept: fenced.  Allocated through an xmalloc wrapper
# that also makes a shared object: one object per call of the wrapper,
# still no fence.  Fresh memory handed to the other thread through a pipe,
# a union, a struct's integer member, a helper (private_escapes.c):
# fenced.  Workers' structs allocated in a create loop and kept in a
# handle array of main's frame, read back after each join
# (private_arg_handles.c, ppc64le): no fence; read before the join, the
# other worker's struct read, or the struct kept in a global: fenced.
# Arrays each worker's struct owns (`j->a = calloc (...)` in the create
# loop, private_arg_owned.c, x86-64 and ppc64le): no fence; the array
# touched by main after the create, also given to a monitor through a
# global or a memcpy'd copy of the struct, or one array for every worker:
# store buffering's one fence per racing thread.  The same with the
# structs in an array of main's frame (-DSTACK) or in a calloc'd one
# (-DHEAPARR), filled in place through the member in a loop of the
# create's iteration.  A result array the worker allocates and leaves in
# its struct, read after the join (-DRESULT): no fence; also put into a
# global a monitor reads (-DLEAK): fenced.  Heap buffers a worker keeps
# in a `static __thread` pointer (private_tls_heap.c): no fence; kept in
# a global too, the pointer's address in a global, or the pointer
# exported: fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# build TAG PROGRAM MODEL [OPTIONS...]: $WMM_TMP/TAG.s and TAG.ir (-O2)
build() {
  local tag=$1 prog=$2 model=$3; shift 3
  if "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$model" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$P/$prog.c" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# fences ASM: "FUNCTION:N ..." (sorted) of the fence instructions ($FENCE)
fences() {
  FENCE=$FENCE awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { fn = substr($0, 1, length($0) - 1) }
      $0 ~ ENVIRON["FENCE"] { n[fn]++ }
      END { for (f in n) print f ":" n[f] }' "$1" | sort | tr '\n' ' ' | sed 's/ $//'
}
# expect_fenced TAG PROGRAM MODEL "FUNCTION..." [OPTIONS...]: each of
# the functions has a fence (others may too)
expect_fenced() {
  local tag=$1 prog=$2 model=$3 fns=$4 f; shift 4
  build "$tag" "$prog" "$model" "$@" || return
  local got; got=" $(fences "$WMM_TMP/$tag.s") "
  for f in $fns; do
    case $got in
      *" $f:"[1-9]*) ;;
      *) wmm_fail "$tag: got '$got', expected a fence in $f"; return ;;
    esac
  done
  wmm_pass "$tag: $fns fenced"
}
# expect TAG PROGRAM MODEL WANT [OPTIONS...]: the fences per function
expect() {
  local tag=$1 prog=$2 model=$3 want=$4; shift 4
  build "$tag" "$prog" "$model" "$@" || return
  local got; got=$(fences "$WMM_TMP/$tag.s")
  if [ "$got" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$got', expected '$want'"; fi
}

# ---------------------------------------------------------------- x86-64
FENCE='lock or|mfence'
SB2='P0:1 P1:1'
expect heap private_arg_heap tso ""
hasnt "heap: P0's accesses through its argument are private" "$WMM_TMP/heap.ir" "j->a"
expect heap_loop private_arg_heap tso "" -DLOOP
expect heap_same private_arg_heap tso "$SB2" -DSAME
expect heap_publish private_arg_heap tso "$SB2" -DPUBLISH
expect heap_late private_arg_heap tso "P0:1 main:1" -DLATE
has "heap_late: P1's job stays private" "$WMM_TMP/heap_late.ir" "unit P1 entry"
hasnt "heap_late: P1's writes are not collected" "$WMM_TMP/heap_late.ir" "W \?\(j->b\)"
expect heap_loopsame private_arg_heap tso "P0:2" -DLOOPSAME
expect stack private_arg_stack tso ""
expect stack_two private_arg_stack tso "" -DTWO
expect stack_two_same private_arg_stack tso "$SB2" -DTWO -DTWO_SAME
# (the worker's full fence shows its accesses are shared; main's two went
# on 2026-12-01, when `j->a` stopped meeting the `b` members main writes
# and reads back: the access path, tbaa.cc member_within)
for v in GLOBAL TOUCH NEIGHBOUR; do
  expect "stack_$v" private_arg_stack tso "P0:1" -D$v
done
# (-DONE: every create gives &jobs[0], so P0's j is that element
# (memloc.cc param_one_place over the creates): main's writes of
# jobs[1] in the create loop are other words, and its stores need no
# fence on x86)
expect stack_ONE private_arg_stack tso "P0:1" -DONE
# The same objects as statics only main names (main runs once): the same
# answers; another function naming the array, or a create loop in a
# helper that runs twice, keep store buffering's fences.
expect static private_arg_stack tso "" -DSTATIC
expect static_two private_arg_stack tso "" -DSTATIC -DTWO
expect static_two_same private_arg_stack tso "$SB2" -DSTATIC -DTWO -DTWO_SAME
for v in GLOBAL TOUCH NEIGHBOUR NAMED; do
  expect "static_$v" private_arg_stack tso "P0:1" -DSTATIC -D$v
done
expect static_ONE private_arg_stack tso "P0:1" -DSTATIC -DONE
expect static_HELPER private_arg_stack tso "P0:1" -DSTATIC -DHELPER
expect tls private_tls tso ""
expect tls_local_addr private_tls tso "" -DLOCAL_ADDR
hasnt "tls: x is not collected" "$WMM_TMP/tls_local_addr.ir" " x( |$)"
# P0's own __sync_synchronize is one of its two fences.
expect tls_escape private_tls tso "P0:2 P1:1" -DESCAPE
has "tls_escape: x is a shared location" "$WMM_TMP/tls_escape.ir" "W x = 1"
expect tls_escape_call private_tls tso "P0:2 P1:1" -DESCAPE_CALL
# heap buffers kept in thread-local pointers (private_tls_heap.c): the
# two workers' store buffering on their own buffers needs no fence; a
# buffer also in a global, a pointer's address in a global, an exported
# __thread pointer: the worker's fence
expect tls_heap private_tls_heap tso ""
for v in LEAK ADDR PUBLIC; do
  expect_fenced "tls_heap_$v" private_tls_heap tso "worker" -D$v
done
expect tsd private_tsd tso ""
expect tsd_shared private_tsd tso "$SB2" -DSHARED
expect tsd_leak private_tsd tso "$SB2" -DLEAK
# thread-specific data behind a getter that returns it (private_tsd_getter.c)
expect tsd_getter private_tsd_getter tso ""
expect tsd_getter_shared private_tsd_getter tso "$SB2" -DSHARED
expect tsd_getter_leak private_tsd_getter tso "$SB2" -DLEAK
expect calls private_calls tso ""
hasnt "calls: read() is a write of its buffer, not an unknown call" "$WMM_TMP/calls.ir" "(R|W|RMW) \?\(read\)"
# (the escaped local's digits are also read by atoi: one more mfence in P0)
# (one fence per thread: atoi reads s.digits as a string, not y, since
# 2026-12-06; P0 had a second mfence for that read)
expect calls_keep private_calls tso "P0:1 P1:1" -DKEEP
expect calls_heap private_calls tso "" -DHEAP
expect calls_heap_pub private_calls tso "$SB2" -DHEAP_PUB
# Unchanged by privacy: fresh memory that is published (min_heap.c).
expect min_heap_pub min_heap tso ""
# Fresh memory through an allocation wrapper, a va_list, cursors and a
# write loop (private_wrappers.c); its racy variants keep store
# buffering's fences (P0's second one orders its store before writen's
# read of the published buffer).
expect wrappers private_wrappers tso ""
hasnt "wrappers: the va_list is no shared location" "$WMM_TMP/wrappers.ir" "put\.ap"
hasnt "wrappers: put's cursor writes a private buffer" "$WMM_TMP/wrappers.ir" "W \?\(\*"
for v in PUBLISH KEEP REUSE; do
  expect "wrappers_$v" private_wrappers tso "P0:2 P1:1" -D$v
done
expect helpers private_helpers tso ""
# (one fence fewer since 2026-12-01: `result[id]`, an exported array of a
# unit no other unit's code runs beside, is each worker's own element)
for v in LEAK COOKIE INSIDE MEMCPY; do
  expect "helpers_$v" private_helpers tso "worker:3" -D$v
done
expect helpers_KEEP private_helpers tso "worker:4" -DKEEP
expect helpers_WRAPPER private_helpers tso "" -DWRAPPER
expect helpers_WRAPPER_LEAK private_helpers tso "worker:3" -DWRAPPER -DLEAK
# Fresh memory whose pointer reaches the other thread through a pipe, a
# union, an integer member of a struct copied out, a helper's store:
# store buffering fenced in both threads (private_escapes.c).
for v in "" PIPE UNION BOXCOPY BOXMEMCPY TWICE; do
  expect "escapes${v:+_$v}" private_escapes tso "P0:1 P1:1" ${v:+-D$v}
done
# A Monte Carlo estimate drawing with rand_r on its element's seed
# (private_seed.c): rand_r touches only the seed, so the element stays the
# thread's own; every thread given tasks[0], or a draw from the next
# element's seed, keeps the fences.
expect seed private_seed tso ""
expect seed_SHARED private_seed tso "estimate:2" -DSHARED
expect seed_NEIGHBOUR private_seed tso "estimate:3" -DNEIGHBOUR
# The same with the program's own generator, a helper given &t->seed
# (private_helper_seed.c): the helper's accesses through its parameter
# stay inside the seed; with -DHEAP the routine returns its task to the
# joiner.  The task given to every thread, the helper stirring the next
# element, the task left in a global, the count cleared after the
# create: fenced.
expect helper_seed private_helper_seed tso ""
expect helper_seed_HEAP private_helper_seed tso "" -DHEAP
expect helper_seed_SHARED private_helper_seed tso "estimate:2" -DSHARED
expect helper_seed_NEIGHBOUR private_helper_seed tso "estimate:6" -DNEIGHBOUR
expect helper_seed_LEAK private_helper_seed tso "estimate:4" -DHEAP -DLEAK
expect helper_seed_LATE private_helper_seed tso "estimate:4" -DLATE
expect helper_seed_HEAP_LATE private_helper_seed tso "estimate:4" -DHEAP -DLATE
expect arg_owned private_arg_owned tso ""
expect arg_owned_LATE private_arg_owned tso "main:1 work:1" -DLATE
expect arg_owned_GLOBAL private_arg_owned tso "monitor:1 work:1" -DGLOBAL
expect arg_owned_COPY private_arg_owned tso "monitor:1 work:1" -DCOPY
expect arg_owned_ONCE private_arg_owned tso "work:1" -DONCE
# (the structs in main's frame: main's own fill loop keeps fences in the
# racy variants, where it runs beside an earlier worker or before a
# monitor that may run beside it)
expect arg_owned_STACK private_arg_owned tso "" -DSTACK
expect arg_owned_HEAPARR private_arg_owned tso "" -DHEAPARR
# (-DRESULT: the worker's own result array left in its struct)
for v in "" STACK HEAPARR; do
  expect "arg_owned_RESULT${v:+_$v}" private_arg_owned tso "" -DRESULT ${v:+-D$v}
  expect "arg_owned_RESULT_LEAK${v:+_$v}" private_arg_owned tso "monitor:1 work:1" -DRESULT -DLEAK ${v:+-D$v}
done
expect_fenced arg_owned_HEAPARR_LATE private_arg_owned tso "main work" -DHEAPARR -DLATE
expect_fenced arg_owned_HEAPARR_GLOBAL private_arg_owned tso "monitor work" -DHEAPARR -DGLOBAL
for v in LATE ONCE; do
  expect_fenced "arg_owned_STACK_$v" private_arg_owned tso "main work" -DSTACK -D$v
done
for v in GLOBAL COPY; do
  expect_fenced "arg_owned_STACK_$v" private_arg_owned tso "monitor work" -DSTACK -D$v
done

# ---------------------------------------------------------------- ppc64le
if ! wmm_target ppc; then
  echo "skipping the ppc64le checks: $WMM_T_WHY"
  exit 0
fi
FENCE='^[[:space:]]*((hw|lw)?sync|isync)$'
SB2='P0:2 P1:2'
# store buffering on two fields of one heap object or local: one sync per
# thread, the minimum (its fields are words of their own: tbaa.cc)
SB1='P0:1 P1:1'
expect ppc_heap private_arg_heap power ""
expect ppc_heap_loop private_arg_heap power "" -DLOOP
expect ppc_heap_same private_arg_heap power "$SB1" -DSAME
hasnt "ppc_heap_same: store buffering's fences are syncs" "$WMM_TMP/ppc_heap_same.s" lwsync
expect ppc_heap_publish private_arg_heap power "$SB1" -DPUBLISH
expect ppc_heap_loopsame private_arg_heap power "P0:4" -DLOOPSAME
expect ppc_stack private_arg_stack power ""
expect ppc_stack_two private_arg_stack power "" -DTWO
expect ppc_stack_two_same private_arg_stack power "$SB1" -DTWO -DTWO_SAME
expect ppc_stack_ONE private_arg_stack power "P0:1 main:2" -DONE
expect ppc_static private_arg_stack power "" -DSTATIC
expect ppc_static_ONE private_arg_stack power "P0:1 main:2" -DSTATIC -DONE
expect ppc_static_NAMED private_arg_stack power "P0:3 main:2" -DSTATIC -DNAMED
expect ppc_static_HELPER private_arg_stack power "P0:2 start:2" -DSTATIC -DHELPER
expect ppc_tls private_tls power ""
expect ppc_tls_heap private_tls_heap power ""
for v in LEAK ADDR PUBLIC; do
  expect_fenced "ppc_tls_heap_$v" private_tls_heap power "worker" -D$v
done
# workers' structs allocated in the create loop, kept in a handle array
# of main's frame and read back after each join (private_arg_handles.c):
# no fence; read before the join, another worker's read after the join,
# or the struct also kept in a global: the worker's lwsync
expect ppc_arg_handles private_arg_handles power ""
for v in EARLY OTHER KEEP; do
  expect "ppc_arg_handles_$v" private_arg_handles power "work:1" -D$v
done
# arrays the workers' structs own (private_arg_owned.c): no fence; the
# racy variants' syncs (main's memcpy of the struct also leaves main's
# accesses shared: -DCOPY checks only the two racing threads)
expect ppc_arg_owned private_arg_owned power ""
expect ppc_arg_owned_LATE private_arg_owned power "main:1 work:1" -DLATE
expect ppc_arg_owned_GLOBAL private_arg_owned power "monitor:1 work:1" -DGLOBAL
expect_fenced ppc_arg_owned_COPY private_arg_owned power "monitor work" -DCOPY
expect ppc_arg_owned_ONCE private_arg_owned power "work:1" -DONCE
expect ppc_arg_owned_STACK private_arg_owned power "" -DSTACK
expect_fenced ppc_arg_owned_STACK_LATE private_arg_owned power "main work" -DSTACK -DLATE
expect ppc_arg_owned_HEAPARR private_arg_owned power "" -DHEAPARR
expect ppc_arg_owned_RESULT private_arg_owned power "" -DRESULT -DSTACK
expect_fenced ppc_arg_owned_RESULT_LEAK private_arg_owned power "monitor work" -DRESULT -DLEAK -DSTACK
expect_fenced ppc_arg_owned_HEAPARR_ONCE private_arg_owned power "main work" -DHEAPARR -DONCE
expect ppc_seed private_seed power ""
expect ppc_helper_seed private_helper_seed power ""
expect ppc_helper_seed_HEAP private_helper_seed power "" -DHEAP
expect ppc_helper_seed_NEIGHBOUR private_helper_seed power "main:1 next_rand:7" -DNEIGHBOUR
expect ppc_helper_seed_LATE private_helper_seed power "estimate:8 main:2" -DLATE
# main's elements of an exported array given to its threads, in a unit
# that calls no other unit's code (private_exported.c): no fence; written
# again after the create, read by another thread, or beside a call of
# another unit: fenced
expect ppc_exported private_exported power ""
expect ppc_exported_LATE private_exported power "main:3 print_hello:3" -DLATE
expect ppc_exported_WATCHER private_exported power "main:2 print_hello:3" -DWATCHER
expect ppc_exported_FOREIGN private_exported power "main:3 print_hello:3" -DFOREIGN
expect ppc_seed_SHARED private_seed power "estimate:3 main:1" -DSHARED
expect ppc_seed_NEIGHBOUR private_seed power "estimate:9 main:2" -DNEIGHBOUR
expect ppc_tls_escape private_tls power "P0:2 P1:1" -DESCAPE
expect ppc_tsd private_tsd power ""
expect ppc_tsd_leak private_tsd power "$SB1" -DLEAK
expect ppc_tsd_getter private_tsd_getter power ""
expect ppc_tsd_getter_shared private_tsd_getter power "P0:2 P1:2" -DSHARED
expect ppc_calls private_calls power ""
expect ppc_calls_heap private_calls power "" -DHEAP
expect ppc_helpers private_helpers power ""
for v in LEAK COOKIE MEMCPY; do
  expect "ppc_helpers_$v" private_helpers power "worker:11" -D$v
done
# (-DINSIDE: the cache reached through registry.cache has one allocation
# call's targets, and the options read through s->options the static
# opts, none of that call's objects: no pair of the two to order, one
# sync fewer; store buffering between the workers keeps the rest)
expect ppc_helpers_INSIDE private_helpers power "worker:10" -DINSIDE
expect ppc_helpers_KEEP private_helpers power "worker:20" -DKEEP
expect ppc_helpers_WRAPPER private_helpers power "" -DWRAPPER
# (the wrapper, which touches no memory, gets no fence: main, into which
# GCC inlines it, had 2 and the worker 14 until 2026-11-29)
expect ppc_helpers_WRAPPER_LEAK private_helpers power "worker:11" -DWRAPPER -DLEAK
for v in "" PIPE UNION BOXCOPY BOXMEMCPY TWICE; do
  expect "ppc_escapes${v:+_$v}" private_escapes power "P0:1 P1:1" ${v:+-D$v}
done
expect ppc_calls_heap_pub private_calls power "P0:1 P1:1" -DHEAP_PUB
expect ppc_wrappers private_wrappers power ""
for v in PUBLISH KEEP REUSE; do
  expect "ppc_wrappers_$v" private_wrappers power "P0:4 P1:2 put:4" -D$v
done
# A private copy sorted with qsort (private_qsort.c): the array and the
# comparator's reads are the reader's own on every model (JSON reports);
# sorting the shared table without the lock, or a comparator keeping the
# address of an element, keep fences in the reader and the comparator
# (the latter only in the comparator on tso).
wmm_target x86
for m in tso power armv8 armv7; do
  if wmm_report_fences "$P/private_qsort.c" $m; then
    if [ -z "$WMM_FENCES" ]; then wmm_pass "qsort $m: no fence"
    else wmm_fail "qsort $m: got '$WMM_FENCES', expected none"; fi
  else wmm_fail "qsort $m: $WMM_ERR"; fi
  for v in SHARED KEEP; do
    # (KEEP on tso: the adder writes only the table's heap records and
    # nrec, which the sorter's copy cannot be (points-to): store
    # buffering through the copy needs no fence in the sorter there)
    want="by_score and sorter"
    [ "$v.$m" = KEEP.tso ] && want="by_score"
    if wmm_report_fences "$P/private_qsort.c" $m -D$v; then
      case "$want: $WMM_FENCES" in
        "by_score and sorter:"*" by_score:"*" sorter:"*|"by_score:"*" by_score:"*)
          wmm_pass "qsort_$v $m: fenced ($WMM_FENCES)" ;;
        *) wmm_fail "qsort_$v $m: got '$WMM_FENCES', expected $want fenced" ;;
      esac
    else wmm_fail "qsort_$v $m: $WMM_ERR"; fi
  done
done
# A start routine's accesses through its parameter at one offset touch
# one address in its run (ir.h, addr_key): `me->hits++` is no load
# buffering between two elements (Power 3 syncs, ARMv8 3 dmbs before; the
# one left orders `me->hits` before `me->seen`, whose alias sets share
# the struct array's words); two routines on one struct through two
# members (-DSB) keep store buffering's fences.
for v in "power:run:sync" "armv8:run:dmb ish" "tso:"; do
  m=${v%%:*} want=${v#*:}
  if wmm_report_fences "$P/param_same.c" $m; then
    if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "param_same $m: ${want:-no fence}"
    else wmm_fail "param_same $m: got '$WMM_FENCES', expected '$want'"; fi
  else wmm_fail "param_same $m: $WMM_ERR"; fi
done
for v in "power:run_a:sync run_b:sync" "armv8:run_a:dmb ish run_b:dmb ish" \
    "tso:run_a:mfence run_b:mfence"; do
  m=${v%%:*} want=${v#*:}
  if wmm_report_fences "$P/param_same.c" $m -DSB; then
    if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "param_same_SB $m: $want"
    else wmm_fail "param_same_SB $m: got '$WMM_FENCES', expected '$want'"; fi
  else wmm_fail "param_same_SB $m: $WMM_ERR"; fi
done
# private_tsd_published.c: thread-specific data also published in a
# global registry (threadlocal.cc specific_call): store buffering through
# the context, a full fence in main and in the worker.
for v in "power:main:sync worker:sync" "armv8:main:dmb ish worker:dmb ish" \
    "tso:main:mfence worker:mfence"; do
  m=${v%%:*} want=${v#*:}
  if wmm_report_fences "$P/private_tsd_published.c" $m; then
    if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "tsd_published $m: $want"
    else wmm_fail "tsd_published $m: got '$WMM_FENCES', expected '$want'"; fi
  else wmm_fail "tsd_published $m: $WMM_ERR"; fi
done
