#!/usr/bin/env bash
# sockets.sh — socket, descriptor and id calls of the C library are what
# their pointer arguments reach, not unknown code (libfns.cc
# arg_touch_fns), read back from the assembly on every target:
#  - sockets.c: main binds and listens around a flag store, a worker
#    makes a socket, asks its address, sets an option and reads the
#    flag: no fence;
#  - -DUNKNOWN: a function of another unit instead of listen and
#    setsockopt (it may touch any escaped memory): fences in main and in
#    the worker, more than without the plugin.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

check() {
  wmm_expect_fences "sockets-$T" "$P/sockets.c" ""
  wmm_asm_fenced "sockets-unknown" "$P/sockets.c" "main worker" -DUNKNOWN
}
wmm_each_target check
