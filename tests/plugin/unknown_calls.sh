#!/usr/bin/env bash
# unknown_calls.sh — a call the unit cannot follow may store to shared
# memory (docs/plugin.md, "How accesses are collected"): store buffering
# whose store is made inside `set_x ()` of another unit keeps a full
# fence between the call and the caller's load, on every target (x86
# included: the callee's store may wait in the store buffer; an RMW
# stand-in counted as a locked instruction there hid it), and the other
# side keeps its own.  Checked in the -O2 assembly: in p0, after the call,
# a full fence, then the load of y.  libc_sb.c: the C library and zlib
# functions libfns.cc knows (they touch only what their arguments point
# to, or nothing of the program: asprintf, strdup, qsort and strtok_r on a
# line of the thread's own among them)
# are no unknown calls, nor is the abnormal dispatcher of a setjmp
# receiver: no fence.  libc_mp.c: what printf,
# atoi, strtol and snprintf read or write through their arguments is
# collected: message passing through them fenced on the weak targets.
# zlib_sb.c: zlib's stream functions (deflateInit2_ ... deflateEnd) on a
# stream with zlib's allocators touch only it and their arguments
# (zlibfns.cc), deflate and inflateBack also the buffers: no fence; an
# allocator of the program keeps them unknown calls, deflate into x or
# inflateBack's input from x is store buffering (a full fence in each
# thread).
# affinity.c: CPU affinity calls and a system call given only its number
# touch nothing of the program but the mask: no fence.  libevent_del.c:
# libevent's event_del is no unknown call either (x86: no fence), its
# loop is (-DLOOP: a full fence in both threads); libevent_member.c:
# event_del (&c->event) touches the member `event` of *c, by its declared
# `struct event *` parameter, not c->flags (no fence).  strtok_sb.c:
# strtok_r (NULL, ...) writes an earlier call's string (a full fence
# after it in p0 before the load of y; missed until 2026-11-29).
# libc_const_args.c: a library stores nothing where its parameter points
# to const (inet_ntop's source) or through an integer narrower than an
# address (fprintf's "%x"): the workers' arrays read back from their
# connections are their own, no fence; inet_pton's `void *` destination
# (-DPTON) or the whole address given to fprintf (-DWIDE) keep the
# workers' full fences, and so does ARMv7, where an unsigned can hold an
# address.
# sb_calls.c: store buffering made wholly by calls of another unit
# (set_x (); r0 = get_y ();): a full fence between the two calls in each
# thread, on every target (an unknown call's stand-in is a read, then a
# write, not one atomic read-modify-write, which Power and Arm order
# against the next one with lwsync / dmb ishld).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# after_call TAG: p0 has the call of set_x, then a full fence, then a load
# of y (the symbol y on its own in an operand)
after_call() {
  if CALL='set_x' FULLRE=$FULL awk '
      /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == "p0:"); k = 0; next }
      on && k == 0 && $0 ~ ENVIRON["CALL"] { k = 1; next }
      on && k == 1 && $0 ~ ENVIRON["FULLRE"] { k = 2; next }
      on && k == 2 && $0 ~ /[^A-Za-z0-9_.]y([^A-Za-z0-9_]|$)/ { found = 1 }
      END { exit !found }' "$WMM_TMP/$1.s"
  then wmm_pass "$1: p0 has a full fence between set_x () and its load of y"
  else wmm_fail "$1: no full fence between set_x () and the load of y in p0"; fi
}

# between_calls TAG FN CALL1 CALL2: function FN calls CALL1, then has a
# full fence, then calls CALL2
between_calls() {
  if FN=$2 C1=$3 C2=$4 FULLRE=$FULL awk '
      /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == ENVIRON["FN"] ":"); k = 0; next }
      on && k == 0 && $0 ~ ENVIRON["C1"] { k = 1; next }
      on && k == 1 && $0 ~ ENVIRON["FULLRE"] { k = 2; next }
      on && k == 2 && $0 ~ ENVIRON["C2"] { found = 1 }
      END { exit !found }' "$WMM_TMP/$1.s"
  then wmm_pass "$1: $2 has a full fence between $3 () and $4 ()"
  else wmm_fail "$1: no full fence between $3 () and $4 () in $2"; fi
}

# both_fenced TAG [OPTION...]: libc_mp.c's prod and cons each have a fence
both_fenced() {
  local tag=$1; shift
  wmm_compile_asm "$tag" "$P/libc_mp.c" "$@" || return
  local got; got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  case " $got" in
    *" cons:"*" prod:"*) wmm_pass "$tag: message passing fenced ($got)" ;;
    *) wmm_fail "$tag: got '$got', expected fences in cons and prod" ;;
  esac
}

# fence_after_last_call TAG CALL: in p0, a full fence after the last call
# of CALL and before the load of y
fence_after_last_call() {
  if CALL=$2 FULLRE=$FULL awk '
      /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == "p0:"); k = 0; next }
      on && $0 ~ ENVIRON["CALL"] { k = 1; next }
      on && k == 1 && $0 ~ ENVIRON["FULLRE"] { k = 2; next }
      on && $0 ~ /[^A-Za-z0-9_.]y([^A-Za-z0-9_]|$)/ { found = (k == 2); exit }
      END { exit !found }' "$WMM_TMP/$1.s"
  then wmm_pass "$1: p0 has a full fence between its last $2 and its load of y"
  else wmm_fail "$1: no full fence between the last $2 and the load of y in p0"; fi
}

per_target() {
  wmm_compile_asm $T.callee "$P/unknown_sb.c" -fno-section-anchors && after_call $T.callee
  wmm_expect_full $T.callee_p1 "$P/unknown_sb.c" "p1"
  wmm_compile_asm $T.before "$P/unknown_sb.c" -DBEFORE -fno-section-anchors && after_call $T.before
  if wmm_compile_asm $T.calls "$P/sb_calls.c"; then
    between_calls $T.calls p0 set_x get_y
    between_calls $T.calls p1 set_y get_x
  fi
  # C library and zlib calls known to touch only their arguments' memory
  # (or none) are no unknown calls: no store p1 could read, no fence
  wmm_expect_fences $T.libc "$P/libc_sb.c" ''
  wmm_expect_full $T.libc_unknown "$P/libc_sb.c" "p0 p1" -DUNKNOWN
  wmm_expect_full $T.libc_store "$P/libc_sb.c" "p0 p1" -DSTORE
  wmm_expect_full $T.libc_sscanf "$P/libc_sb.c" "p0 p1" -DSSCANF
  wmm_expect_full $T.libc_strtok "$P/libc_sb.c" "p0 p1" -DSTRTOK
  wmm_expect_full $T.libc_strtok_global "$P/libc_sb.c" "p0 p1" -DSTRTOK_GLOBAL
  # (ARMv7 is ILP32: an unsigned can hold an address)
  if [ $T = arm ]; then
    wmm_expect_full $T.libc_const "$P/libc_const_args.c" worker
  else
    wmm_expect_fences $T.libc_const "$P/libc_const_args.c" ''
  fi
  wmm_expect_full $T.libc_const_PTON "$P/libc_const_args.c" worker -DPTON
  wmm_expect_full $T.libc_const_WIDE "$P/libc_const_args.c" worker -DWIDE
  # zlib's stream functions on a stream with zlib's allocators touch the
  # stream and their arguments only (zlib_sb.c), deflate and inflateBack
  # also the buffers the stream points to; an allocator of the program
  # (set, or its address escaping) keeps them unknown, deflate writing x
  # or inflateBack's input being x are store buffering
  wmm_expect_fences $T.zlib "$P/zlib_sb.c" ''
  wmm_expect_fences $T.zlib_DEFLATE "$P/zlib_sb.c" '' -DDEFLATE
  for v in OWN_ALLOC SHAPED DEFLATE_X BACK_X; do
    wmm_expect_full $T.zlib_$v "$P/zlib_sb.c" "p0 p1" -D$v
  done
  # (the window inflateBack writes is kept by zlib: on the weak targets
  # its output callback, given any escaped pointer, meets p1's stores)
  [ $T = x86 ] && wmm_expect_fences $T.zlib_BACK "$P/zlib_sb.c" '' -DBACK
  # functions of the unit named like the C library's are the unit's
  wmm_expect_full $T.lib_names "$P/lib_names.c" "sleep p1"
  wmm_expect_full $T.lib_names_close "$P/lib_names.c" "close p1" -DCLOSE
  wmm_expect_full $T.lib_names_member "$P/lib_names.cc" "p0 p1"
  # strtok_r (NULL, ...) writes the first call's string (strtok_sb.c)
  wmm_compile_asm $T.strtok "$P/strtok_sb.c" -fno-section-anchors \
    && fence_after_last_call $T.strtok strtok_r
  wmm_expect_full $T.strtok_p1 "$P/strtok_sb.c" "p1"
  # what the library reads and writes through its arguments is collected:
  # message passing through printf / atoi / strtol / snprintf
  if [ $T = x86 ]; then
    wmm_expect_fences $T.libc_mp "$P/libc_mp.c" ''
  else
    both_fenced $T.libc_mp
    for v in ATOI STRTOL SPRINTF; do both_fenced $T.libc_mp_$v -D$v; done
  fi
  wmm_expect_fences $T.libc_mp_LOCAL "$P/libc_mp.c" '' -DLOCAL
  # threads pinning themselves (affinity.c): CPU_SET on a local mask,
  # sched_setaffinity (syscall (SYS_gettid), ...): no fence; store
  # buffering after it keeps one full fence per worker, a global mask
  # both fill keeps fences in pin ()
  wmm_expect_fences $T.affinity "$P/affinity.c" ''
  wmm_expect_full $T.affinity_SB "$P/affinity.c" "P0 P1" -DSB
  # (pin.isra.0: GCC 12 drops the unused result of pin ())
  wmm_expect_full $T.affinity_KEEP "$P/affinity.c" "pin.isra.0" -DKEEP
  # libevent's event_del runs no callback and touches the event given
  # (libevent_del.c): x86 no fence (message passing through x and y,
  # which x86 keeps); running the loop there (-DLOOP) may run the
  # callback, whose accesses its stand-in makes (and which, its address
  # given away, is a thread entry of its own too): its write of y and the
  # worker's read of it through the stand-in after x = 1 (RWC with the
  # reader) keep a full fence in the worker; writing r1 too, store
  # buffering with the reader, both fenced; a callback that writes
  # nothing: no fence
  if [ $T = x86 ]; then
    wmm_expect_fences $T.libevent "$P/libevent_del.c" ''
    wmm_expect_full $T.libevent_loop "$P/libevent_del.c" "worker" -DLOOP
    wmm_expect_full $T.libevent_loop_r1 "$P/libevent_del.c" "worker reader" -DLOOP -DCB_R1
    wmm_expect_fences $T.libevent_loop_quiet "$P/libevent_del.c" '' -DLOOP -DQUIET
    # event_del (&c->event) touches the struct event member of *c, not
    # c->flags (libevent_member.c): no fence; the worker writing flags
    # too (store buffering), or an int cast to the event type: fenced
    wmm_expect_fences $T.libevent_member "$P/libevent_member.c" ''
    wmm_expect_full $T.libevent_member_FLAGS "$P/libevent_member.c" "worker main" -DFLAGS
    wmm_expect_full $T.libevent_member_CAST "$P/libevent_member.c" "worker main" -DCAST
  fi
}
wmm_each_target per_target
