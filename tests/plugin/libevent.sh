#!/usr/bin/env bash
# libevent.sh — libevent's callbacks (threadlocal.cc event_registration,
# libfns.cc wmm_lib_keeps_callbacks), read back from the x86 assembly
# (the cross targets have no libevent headers):
#  - libevent_callback.c: main registers a connection with event_set and
#    then creates the thread that runs the loop; the callback counts bytes
#    into the connection it is given.  Registering starts no thread (main
#    is alone until its create) and the callback's argument is the
#    connection, not memory code outside may reach: main has no fence;
#  - -DGETTER (the argument asked back with event_get_callback_arg: it
#    escapes) and -DSHARED (the callback adds to main's counter): store
#    buffering through the flag and the counter, fenced in main.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
[ -f /usr/include/event.h ] || { echo "SKIP: no libevent headers"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
T=x86 M=tso FENCE='mfence|lock or' FULL=$FENCE

if wmm_compile_asm "event-$T" "$P/libevent_callback.c" -pthread; then
  case " $(wmm_fence_counts "$WMM_TMP/event-$T.s") " in
  *" main:"*) wmm_fail "event-$T: main fenced ($(wmm_fence_counts "$WMM_TMP/event-$T.s"))" ;;
  *) wmm_pass "event-$T: no fence in main" ;;
  esac
fi
for v in GETTER SHARED; do
  wmm_asm_fenced "event-$v" "$P/libevent_callback.c" main -D$v
done
