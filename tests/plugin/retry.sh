#!/usr/bin/env bash
# retry.sh — loops none of whose iterations but the last changes anything
# (plugin/retry.cc, analysis/placement/aeg.h): two monitors snapshot two
# status words, reading again while the first says BUSY, in opposite
# orders (IRIW written with retry loops, programs/retry_snapshot.c).  Only
# the last iteration's reads count: one full fence (Power sync, ARMv7
# dmb) or dmb ishld (ARMv8) per monitor between its two reads, none on
# x86 — before, a second one ordered an iteration's second read before
# the next one's first.  The loop counting its retries (-DCOUNT, a value
# carried to the next iteration) keeps both; each iteration recording a
# read in a global (-DLAST, a store) keeps them too and adds the store
# buffering through that global.  A retry that runs `cpu_relax ()` (a
# helper with a pause / yield hint) under a likely () test (-DRELAX), or
# sched_yield () (-DYIELD), or with relaxed C11 atomics (-DC11), is
# still one.  Assembly read back per function.
#
# A seqlock reader copying the record into a local struct in its retry
# loop (retry_seqcopy.c): the copy, overwritten by each iteration before
# any use and before the loop leaves, lets iterations but the last go:
# two fences per side on the weak targets (the writer's third, between
# its two data stores, ordered them for one iteration's copy and the
# next one's, and went); the loop leaving before the copy (-DEARLY) or a
# copy member by member (-DPARTIAL) keeps them.  The report's fences per
# function.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/retry_snapshot.c
Q=$WMM_TESTDIR/programs/retry_seqcopy.c

per_target() {
  case $T in
    x86) one="" two="" last="monitor_ab:1 monitor_ba:1"
         copy="" early="" partial="" ;;
    *) one="monitor_ab:1 monitor_ba:1" two="monitor_ab:2 monitor_ba:2"
       last="monitor_ab:3 monitor_ba:3"
       copy="reader:2 writer:2" early="reader:2 writer:3"
       partial="reader:3 writer:3" ;;
  esac
  wmm_expect_fences $T.retry "$P" "$one"
  case $T in ppc|arm) wmm_expect_full $T.retry_full "$P" "monitor_ab monitor_ba" ;; esac
  wmm_expect_fences $T.relax "$P" "$one" -DRELAX
  wmm_expect_fences $T.c11 "$P" "$one" -DC11
  # (GCC copies the loop's head before it: the report counts fences
  # inserted, the assembly each copy)
  wmm_expect_report $T.yield "$P" "$one" -DYIELD
  wmm_expect_fences $T.count "$P" "$two" -DCOUNT
  wmm_expect_fences $T.last "$P" "$last" -DLAST
  wmm_expect_report $T.seqcopy "$Q" "$copy"
  wmm_expect_report $T.seqcopy_early "$Q" "$early" -DEARLY
  wmm_expect_report $T.seqcopy_partial "$Q" "$partial" -DPARTIAL
}
wmm_each_target per_target
