#!/usr/bin/env bash
# publish.sh — fresh objects published under a lock (docs/plugin.md,
# "Fresh objects published under a lock"; plugin/publish.cc).  A producer
# fills a fresh message and publishes it into a lock-protected slot
# (publish_slot.c: a global; publish_list.c: a stack in a struct with its
# mutex, pushed and popped through helpers; publish_queue.c: a FIFO with
# head, tail and a condition variable, jobs made inline or by a static
# constructor); the consumer takes it out under the lock and reads the
# fields after unlocking.  Message passing through the fields needs
# no fence: the fences are counted in the -O2 assembly of every target
# (x86-64, ppc64le, aarch64, armv7).  The variants that let the message
# race keep message passing's fences: the producer keeps it in a global
# (LEAK, KEEP), writes it again after publishing (LATE), the consumer
# stores it into a global (RESTORE), a third thread reads the stack
# without the lock (PEEK).  publish_walk.c: the consumer walks a list under
# the lock (n = n->next) and reads the node it finds: no fence; walking it
# without the lock, or a node also kept in a global, keeps the fences.
# publish_chain.c: a producer's own chain of fresh nodes linked into the
# shared list at once: no fence; each node published as it is made (the
# next linked to it outside the lock), or the list walked without the
# lock: fenced.
# publish_names.c: entries named with snprintf, found with strcmp and
# copied out with snprintf under the lock: no fence; walked without the
# lock, or the whole entry copied out with memcpy: fenced.
# publish_strkeys.c: a hash table with strdup'd string keys under a
# read-write lock, looked up with strcmp: no fence; walked without the
# lock, or an entry also kept in a global: fenced.
# publish_buckets.c: a hash table with a mutex per bucket, entries pushed
# on the bucket's list under its lock (their `next` read-only once
# published): no fence; an entry moved to the front by a reader, or the
# head read without the lock: fenced.
# publish_queue_param.c: exported queue helpers taking the queue as a
# pointer, an exported queue, in a main unit that calls no code of
# another unit: no fence; a monitor reading the head without the lock
# (PEEK), or a call into another unit that may use the helpers (FOREIGN),
# keep the fences.
# publish_nested.c: a connection and the read buffer it owns, filled
# through the member (`c->rbuf`) before the connection is queued: no
# fence, also filled byte by byte (BYTES); queued before the buffer is
# filled (LATE: the worker's reads) or allocated (AFTER), or the buffer
# read back into a global a monitor reads (LEAK): fenced.
# publish_config.c: a config filled with stores, memcpy and strcpy, then
# swapped in under a read-write lock: no fence; renamed and bumped after
# its publication (LATE): message passing fenced on the weak targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# fences ASM: "FUNCTION:N ..." (sorted) of the fence instructions ($FENCE)
fences() {
  FENCE=$FENCE awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { fn = substr($0, 1, length($0) - 1) }
      $0 ~ ENVIRON["FENCE"] { n[fn]++ }
      END { for (f in n) print f ":" n[f] }' "$1" | sort | tr '\n' ' ' | sed 's/ $//'
}
# build TAG PROGRAM [OPTIONS...]: $WMM_TMP/$T.TAG.s (and .json) on the
# current target ($T, model $M)
build() {
  local tag=$T.$1 prog=$2; shift 2
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$P/$prog.c" \
      2> "$WMM_TMP/$tag.err" && return 0
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
# expect TAG PROGRAM WANT [OPTIONS...]: the fences per function
expect() {
  local tag=$T.$1 prog=$2 want=$3; shift 3
  build "${tag#*.}" "$prog" "$@" || return
  local got; got=$(fences "$WMM_TMP/$tag.s")
  if [ "$got" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$got', expected '$want'"; fi
}
# fenced_in TAG PROGRAM "FUNCTION..." [OPTIONS...]: each function named
# has a fence
fenced_in() {
  local tag=$T.$1 prog=$2 fns=$3; shift 3
  build "${tag#*.}" "$prog" "$@" || return
  local got f ok=1; got=$(fences "$WMM_TMP/$tag.s")
  for f in $fns; do
    [[ " $got " =~ \ $f:[1-9] ]] || ok=0
  done
  if [ $ok = 1 ]; then wmm_pass "$tag: fenced in $fns ($got)"
  else wmm_fail "$tag: got '$got', expected fences in $fns"; fi
}
note() {
  if grep -q "accesses to fresh objects before their publication" "$WMM_TMP/$T.$1.json"
  then wmm_pass "$T.$1: the report says which accesses became private"
  else wmm_fail "$T.$1: no note on the private accesses"; fi
}

ran=0
for T in x86 ppc aarch64 arm; do
  wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
  ran=1
  # (a pair that starts or ends at an access its lock protects is
  # ordered by the sections of that lock: protect.cc; `bad = 1`, stored
  # by two threads and read after the joins, is silent since 2026-12-06:
  # its cycles took a fence more from the peeker and the consumer, and
  # x86's only one, docs/placement.md "Silent stores")
  PEEK='consumer:1 peeker:4 producer:1'
  EXPORTED='consumer:1 new_job:2 producer:2'
  MONITOR='consumer:3 monitor:4 producer:2'
  TAILPEEK='consumer:7 producer:3'
  # (publish_tso.c on the weak targets: message passing of the state
  # through the plain publication needs a fence on each side, and the
  # store buffering through the state and `busy` needs nothing more once
  # it has them: the worker reads the state only after it saw the
  # pointer, stored after the state; two per thread until 2026-12-07,
  # docs/placement.md "Hand-offs whose flag is not ordered yet")
  TSO='acceptor:1 worker:1'
  [ $T = aarch64 ] && TSO='acceptor:2 worker:1'
  case $T in
    x86) M=tso FENCE='mfence|lock or' MP= PEEK= EXPORTED=
         MONITOR= TAILPEEK= ;;
    ppc) M=power FENCE='^[[:space:]]*((hw|lw)?sync|isync)$'
         MP='consumer:1 producer:1' ;;
    aarch64) M=armv8 FENCE='dmb' MP='consumer:1 producer:1' ;;
    arm) M=armv7 FENCE='dmb' MP='consumer:1 producer:1' ;;
  esac
  expect slot publish_slot ""
  note slot
  expect slot_leak publish_slot "$MP" -DLEAK
  expect slot_late publish_slot "$MP" -DLATE
  expect slot_restore publish_slot "$MP" -DRESTORE
  expect list publish_list ""
  note list
  expect list_keep publish_list "$MP" -DKEEP
  # a racy reader of the stack: its own fences, and the producer's and
  # consumer's message passing stays fenced
  expect list_peek publish_list "$PEEK" -DPEEK
  expect queue publish_queue ""
  note queue
  expect queue_ctor publish_queue "" -DCTOR
  expect queue_exported publish_queue "$EXPORTED" -DCTOR -DEXPORTED
  expect queue_monitor publish_queue "$MONITOR" -DMONITOR
  expect queue_param publish_queue_param ""
  note queue_param
  if [ $T != x86 ]; then
    fenced_in queue_param_peek publish_queue_param "dequeue enqueue monitor" -DPEEK
    fenced_in queue_param_foreign publish_queue_param "dequeue enqueue" -DFOREIGN
  fi
  # a pool's submit() links the task in and clears its link before that
  expect submit publish_submit ""
  note submit
  if [ $T != x86 ]; then
    fenced_in submit_late publish_submit "square" -DLATE
    fenced_in submit_twice publish_submit "main square" -DTWICE
    fenced_in submit_resubmit publish_submit "main square worker" -DRESUBMIT
  fi
  expect config publish_config ""
  [ $T = x86 ] || fenced_in config_late publish_config "reader reloader" -DLATE
  expect walk publish_walk ""
  if [ $T = x86 ]; then
    expect walk_unlocked publish_walk "" -DUNLOCKED
    expect walk_keep publish_walk "" -DKEEP
  else
    fenced_in walk_unlocked publish_walk "consumer producer" -DUNLOCKED
    fenced_in walk_keep publish_walk "consumer producer" -DKEEP
  fi
  # entries named with snprintf, found by strcmp and copied out with
  # snprintf under the lock: a string read touches the name member only
  # (collect.cc string_read), not the links
  expect names publish_names ""
  if [ $T != x86 ]; then
    fenced_in names_unlocked publish_names "consumer producer" -DUNLOCKED
    fenced_in names_bytes publish_names "consumer producer" -DBYTES
  fi
  # string keys: strdup'd from each writer's own buffer, compared with
  # strcmp under the read lock (memloc.cc: a malloc-like result is no
  # copy of its argument; publish.cc: strcmp only reads)
  expect strkeys publish_strkeys ""
  if [ $T != x86 ]; then
    fenced_in strkeys_peek publish_strkeys "reader writer" -DPEEK
    fenced_in strkeys_keep publish_strkeys "reader writer" -DKEEP
  fi
  # a chain of fresh nodes built by the producer and published at once
  expect chain publish_chain ""
  if [ $T != x86 ]; then
    fenced_in chain_each publish_chain "consumer producer" -DEACH
    fenced_in chain_peek publish_chain "consumer producer" -DPEEK
  fi
  # a table with a mutex per bucket, entries pushed on a bucket's list
  # under its lock: an entry's `next` is written only before the entry
  # is linked in (read-only once published: a slot without a lock); an
  # entry moved to the front by a reader (next written after publication)
  # or a head read without the lock keep message passing's fences
  expect buckets publish_buckets ""
  if [ $T != x86 ]; then
    fenced_in buckets_unlink publish_buckets "consumer producer" -DUNLINK
    fenced_in buckets_peek publish_buckets "consumer producer" -DPEEK
  else
    fenced_in buckets_unlink publish_buckets "consumer" -DUNLINK
  fi
  # a connection's own read buffer (`c->rbuf = malloc (...)`), filled
  # through the member before the connection is queued
  expect nested publish_nested ""
  note nested
  expect nested_bytes publish_nested "" -DBYTES
  if [ $T != x86 ]; then
    fenced_in nested_late publish_nested "worker" -DLATE
    fenced_in nested_leak publish_nested "main monitor worker" -DLEAK
    fenced_in nested_after publish_nested "main worker" -DAFTER
  fi
  expect tailq publish_tailq ""
  expect tailq_late publish_tailq "$MP" -DLATE
  expect tailq_peek publish_tailq "$TAILPEEK" -DPEEK
  if [ $T = x86 ]; then
    expect tso publish_tso ""
    note_tso() {
      if grep -q "before their address may leave the thread are private" "$WMM_TMP/$T.$1.json"
      then wmm_pass "$T.$1: the report says which accesses became private"
      else wmm_fail "$T.$1: no note on the private accesses"; fi
    }
    note_tso tso
    expect tso_late publish_tso "acceptor:1 worker:1" -DLATE
    expect tso_local publish_tso_local "client:1"
    expect tso_local_late publish_tso_local "client:2 server:1" -DLATE
    # C++: new and std::thread (the worker keeps one mfence: the std::thread
    # constructor and destructor in main are code the unit cannot follow)
    if "${WMM_T_GCC/gcc/g++}" -O2 -S -o "$WMM_TMP/cxx.s" -fplugin="$WMM_T_PLUGIN" \
        -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=tso \
        "$P/publish_tso_cxx.cc" 2> "$WMM_TMP/cxx.err"; then
      got=$(fences "$WMM_TMP/cxx.s")
      case " $got " in
        *acceptor*) wmm_fail "x86.tso_cxx: the acceptor has fences: '$got'" ;;
        *) wmm_pass "x86.tso_cxx: no fence in the acceptor ($got)" ;;
      esac
    else wmm_fail "x86.tso_cxx: $(head -n 3 "$WMM_TMP/cxx.err")"; fi
  else
    expect tso publish_tso "$TSO"
  fi
done
L=$WMM_BUILDDIR/tools/wmmfence-litmus
for t in publish_tso:Forbidden publish_tso_read:Forbidden publish_tso_s:Forbidden \
    publish_tso_nopub:Allowed; do
  got=$("$L" check --model tso "$P/${t%%:*}.litmus" 2>&1 | awk '{print $NF}')
  if [ "$got" = "${t#*:}" ]; then wmm_pass "litmus ${t%%:*}: $got under tso"
  else wmm_fail "litmus ${t%%:*}: got '$got' under tso, expected ${t#*:}"; fi
done
[ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }
