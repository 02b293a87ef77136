#!/usr/bin/env bash
# exit_handlers.sh — exit handlers run while threads still run
# (entries.cc exit_entries; exit_handler.c): store buffering between an
# atexit handler (-DQUICK: at_quick_exit, a worker calling quick_exit)
# and a detached worker keeps a full fence in each on x86-64, ppc64le,
# aarch64 and armv7 (none before: handlers were assumed to run alone);
# with no thread in the unit (-DNOTHREAD) the handler runs alone: no
# fence.  The note names the handler.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/exit_handler.c

check() {
  wmm_expect_full $T.atexit "$P" "bye worker"
  wmm_expect_note $T.atexit "'bye' is an exit or signal handler of a unit that starts threads"
  wmm_expect_full $T.quick "$P" "bye worker" -DQUICK
  wmm_expect_full $T.signal "$P" "on_signal worker" -DSIGNAL
  if wmm_report_fences "$P" "$M" -DNOTHREAD && [ -z "$WMM_FENCES" ]; then
    wmm_pass "$T.nothread: no fence"
  else wmm_fail "$T.nothread: '$WMM_FENCES' $WMM_ERR"; fi
}
wmm_each_target check
