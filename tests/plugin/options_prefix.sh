#!/usr/bin/env bash
# options_prefix.sh — option parsers, setlocale and syslog start no
# thread (libfns.cc): main of options_prefix.c sets its locale, opens the
# log, parses its options with getopt_long and -o's suboptions with
# getsubopt before it starts the worker, in a unit that gives a
# function's address away (exit_hook), where a library call that might
# start threads would end main's part that runs alone.  Before, getsubopt
# (then setlocale) was such a call and the option loop raced with the
# worker: 5 (6) mfences on x86.  Now no fence on x86-64, ppc64le,
# aarch64, armhf.  -DLATE parses after the worker started: store
# buffering between main's `verbose` then `port` and the worker's `port`
# then `verbose`, a full fence in main and a fence in the worker.  Fences
# counted in the -O2 assembly of each target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  wmm_expect_fences "$T.prefix" "$P/options_prefix.c" ""
  wmm_expect_sb_fences "$T.late" "$P/options_prefix.c" "worker" -DLATE
}
wmm_each_target one_target
