#!/usr/bin/env bash
# callbacks.sh — functions a library call runs inside it (docs/plugin.md,
# "Callbacks run inside a library call"): store buffering with one side in
# qsort's comparator keeps a full fence in the comparator and one in the
# other thread, with the pair within one run (callback_sb.c) and from one
# run to the next (-DCROSS: the load comes first, so only a later run's
# load follows an earlier run's store).  Before, the comparator was not
# collected and nothing was fenced.  Fences per function in the -O2
# assembly of every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

per_target() {
  wmm_expect_full $T.sb "$P/callback_sb.c" "cmp p1"
  # the comparator is no exit-time destructor (qsort's fourth argument
  # was once taken for __cxa_atexit's first)
  wmm_expect_no_note $T.sb "cmp is a static object's destructor"
  wmm_expect_no_note $T.sb "'cmp' is an exit or signal handler"
  wmm_expect_full $T.cross "$P/callback_sb.c" "cmp p1" -DCROSS
}
wmm_each_target per_target
