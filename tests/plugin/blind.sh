#!/usr/bin/env bash
# blind.sh — locations only ever updated by atomic operations that commute
# and whose old values nothing uses (docs/placement.md, "Blind updates"):
# a histogram an OpenMP loop fills with `#pragma omp atomic` increments and
# a mask of the buckets seen (omp_buckets.c), statistics in a heap
# object the workers add to and or into (heap_stats.c) and its C++ form
# (std::atomic members, fetch_add through libstdc++: cxx_heap_stats.cc),
# read after the loop or the joins, need no fence on any target, and the
# report's note names them.  Reading two of them while the threads run (-DPEEK), or
# using the value an addition returns (-DCAPTURE, -DLIMIT), keeps fences
# on the weak targets (x86's locked additions order everything around
# them: none there either way).  The fences are counted in the -O2
# assembly of x86-64, ppc64le, aarch64 and armhf.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
NOTE="only ever updated by atomic operations that commute and whose old values are used nowhere"

one_target() {
  # (x86: the plugin's full fence; the programs' own `lock orl` is none)
  [ "$T" = x86 ] && FENCE='mfence|lock orq [$]0,'
  wmm_expect_fences "$T.hist" "$P/omp_buckets.c" "" -fopenmp
  wmm_expect_note "$T.hist" "'main.seen', '?mem1.t1', '?mem2.t1' and 2 more are $NOTE"
  wmm_expect_weak_fenced "$T.hist_peek" "$P/omp_buckets.c" main._omp_fn.0 -fopenmp -DPEEK
  wmm_expect_weak_fenced "$T.hist_capture" "$P/omp_buckets.c" main._omp_fn.0 -fopenmp -DCAPTURE
  wmm_expect_no_note "$T.hist_capture" "'main.seen', '?mem1.t1'"
  wmm_expect_fences "$T.stats" "$P/heap_stats.c" "" -pthread
  wmm_expect_note "$T.stats" "$NOTE"
  wmm_expect_weak_fenced "$T.stats_peek" "$P/heap_stats.c" scan -pthread -DPEEK
  wmm_expect_weak_fenced "$T.stats_limit" "$P/heap_stats.c" scan -pthread -DLIMIT
  # C++: std::atomic members of a heap object, libstdc++'s fetch_add
  # returning the builtin's result to callers that all drop it
  wmm_asm_none cxx_stats "$P/cxx_heap_stats.cc"
  local v
  for v in USED PEEK; do
    if [ "$T" = x86 ]; then
      wmm_asm_none "cxx_stats_$v" "$P/cxx_heap_stats.cc" -D$v
    elif wmm_asm_pair "cxx_stats_$v" "$P/cxx_heap_stats.cc" -D$v; then
      if [ "$GOT" != "$BASE" ]; then wmm_pass "$T.cxx_stats_$v: fenced ($GOT)"
      else wmm_fail "$T.cxx_stats_$v: no fence added ($GOT)"; fi
    fi
  done
}
wmm_each_target one_target
