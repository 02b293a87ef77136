#!/usr/bin/env bash
# loaded.sh — a pointer read from memory never holds the address of a
# static (or of main's local) whose address the unit's code never keeps
# anywhere: never stores, returns, nor gives to code it cannot see
# (tbaa.cc's never_kept, hidden.cc's escape walk; docs/plugin.md,
# "Type-based alias analysis").  loaded_ptr.c: store buffering between two
# threads that each write a static and read through a pointer from their
# argument struct, which points to heap memory: no fence; the usual worker
# pool reading its slice of a heap array through `w->data`: no fence.  As
# soon as such a pointer may reach the statics (their addresses stored,
# passed by parameter, returned, or the statics and the argument structs
# exported) both threads keep a full fence.  Checked in the -O2 assembly on every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

per_target() {
  wmm_expect_fences $T.loaded "$P/loaded_ptr.c" ''
  wmm_expect_fences $T.workers "$P/loaded_ptr.c" '' -DWORKERS
  # x and y exported, the arguments not: no other unit reaches them
  wmm_expect_fences $T.public_xy "$P/loaded_ptr.c" '' -DPUBLIC_XY
  for v in STORED PARAM RETURNED PUBLIC; do
    wmm_expect_full $T.$v "$P/loaded_ptr.c" "p0 p1" -D$v
  done
  wmm_expect_full $T.nostrict_stored "$P/loaded_ptr.c" "p0 p1" -DSTORED \
    -fno-strict-aliasing
}
wmm_each_target per_target
