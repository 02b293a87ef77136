#!/usr/bin/env bash
# libevent.sh — libevent's callbacks (threadlocal.cc event_registration,
# libfns.cc wmm_lib_keeps_callbacks), read back from the x86 assembly
# (the cross targets have no libevent headers):
#  - libevent_callback.c: main registers a connection with event_set and
#    then creates the thread that runs the loop; the callback counts bytes
#    into the connection it is given.  Registering starts no thread (main
#    is alone until its create) and the callback's argument is the
#    connection, not memory code outside may reach: main has no fence;
#    nor with -DVERSION (event_get_version gives no argument back);
#  - -DGETTER (the argument asked back with event_get_callback_arg: it
#    escapes) and -DSHARED (the callback adds to main's counter): store
#    buffering through the flag and the counter, fenced in main;
#  - -DSB: store buffering through the connection itself, fenced;
#  - libevent_owned.c: an object only the callback's argument gives the
#    loop's thread, store buffering through it: fenced in main and in the
#    callback, also when a helper registers the callback by pointer;
#  - libevent_embedded.c: a connection with its struct event inside, the
#    event's base read back: libevent reaches only the event's members,
#    main (whose read the connection's other pointer names) has no fence;
#    -DSB (main reads what the callback writes through the connection)
#    and -DPOKE (the program writes a member of the event: it escapes)
#    fence main.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
[ -f /usr/include/event.h ] || { echo "SKIP: no libevent headers"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
T=x86 M=tso FENCE='mfence|lock or' FULL=$FENCE

for v in "" VERSION; do
  tag=event-$T${v:+-$v}
  if wmm_compile_asm "$tag" "$P/libevent_callback.c" -pthread ${v:+-D$v}; then
    case " $(wmm_fence_counts "$WMM_TMP/$tag.s") " in
    *" main:"*) wmm_fail "$tag: main fenced ($(wmm_fence_counts "$WMM_TMP/$tag.s"))" ;;
    *) wmm_pass "$tag: no fence in main" ;;
    esac
  fi
done
for v in GETTER SHARED SB; do
  wmm_asm_fenced "event-$v" "$P/libevent_callback.c" main -D$v
done
# libevent_owned.c: the box the callback gets reaches the loop's thread
# through event_set alone (before 2026-12-06 it counted as private there:
# store buffering through it had no fence); also through a helper given
# the callback as a pointer.
for v in "" HELPER; do
  wmm_asm_fenced "owned${v:+-$v}" "$P/libevent_owned.c" 'main on_timer' ${v:+-D$v}
done
# libevent_embedded.c: the struct event inside the connection is
# libevent's, the connection is not (threadlocal.cc libevent_event_arg)
tag=event-embedded-$T
if wmm_compile_asm "$tag" "$P/libevent_embedded.c" -pthread; then
  case " $(wmm_fence_counts "$WMM_TMP/$tag.s") " in
  *" main:"*) wmm_fail "$tag: main fenced ($(wmm_fence_counts "$WMM_TMP/$tag.s"))" ;;
  *) wmm_pass "$tag: no fence in main" ;;
  esac
fi
for v in SB POKE; do
  wmm_asm_fenced "embedded-$v" "$P/libevent_embedded.c" main -D$v
done
