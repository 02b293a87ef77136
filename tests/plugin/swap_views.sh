#!/usr/bin/env bash
# swap_views.sh — double buffers (docs/plugin.md, "Double buffers";
# plugin/swapviews.cc): two static pointers that start on different
# buffers and that main swaps only while no thread runs, on x86-64,
# ppc64le, aarch64 and armv7, fences counted per function in the -O2
# assembly:
#   swap_buffers.c  a round of threads reads the current buffer through
#                   cur and writes one cell of the next through nxt, main
#                   joins them and swaps: no fence (Power 2 fences cost 4
#                   before); -DWRITE_CUR (a thread also clears its cell of
#                   the current buffer), -DSAME (both pointers start on one
#                   buffer), -DLATE_SWAP (the swap before the joins),
#                   -DBROKEN (a "swap" that leaves both on one buffer) and
#                   -DPEEK (main reads and writes cells while the threads
#                   run: load buffering): the threads fenced on the weak
#                   targets, none on x86-64
#   barrier_swap.c  the same with a pthread barrier, the serial thread
#                   swapping between two waits: no fence on x86-64 (1
#                   mfence before); the weak targets keep one for two
#                   threads' cells written through nxt (2+2W); -DPEEK (a
#                   read of cur in the swap's round), -DHOLD (pointers
#                   kept across the waits), -DONE_WAIT, -DEVERY: fenced
#                   on x86-64 too
#   omp_swap.c      the same with an OpenMP `parallel for` per step: no
#                   fence on x86-64 (1 mfence before), the outlined loop
#                   fenced on Power (two threads' blocks written through
#                   nxt); -DWRITE_CUR: the mfence on x86-64 again
#   barrier_parity.c  a pthread barrier's threads choosing the grid they
#                   read and the one they write by the step's parity
#                   (`grid[s & 1]`, `grid[(s + 1) & 1]`): no fence on
#                   x86-64 (1 mfence before), fewer than its racy twins
#                   on the weak targets (one left for the rows two
#                   threads write: 2+2W); -DSAME (`(s + 2) & 1`) and
#                   -DSKEW (odd threads start a step late): fenced
#                   everywhere, as before
#   omp_local_swap.c  the OpenMP form: pointer locals of a parallel
#                   region's threads swapped after each step's `omp for`
#                   (accesses of any location: each view gets its copies
#                   of every location): no fence on x86-64 (1 mfence
#                   before), Power 1 lwsync (4 syncs before); -DSAME (both
#                   on one grid): fenced everywhere
#   omp_region_rows.c  the OpenMP form of barrier_parity.c: the rows of
#                   a static grid by `int src = t % 2, dst = 1 - src` in a
#                   parallel region's step loop: no fence on x86-64 (1
#                   mfence before), one left on the weak targets (5
#                   before); -DSAME (`(t + 2) % 2`): fenced everywhere
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  local v
  wmm_asm_none swap_buffers "$P/swap_buffers.c"
  for v in WRITE_CUR SAME LATE_SWAP BROKEN PEEK; do
    if [ $T = x86 ]; then wmm_asm_none "swap_buffers_$v" "$P/swap_buffers.c" -D$v
    else wmm_asm_fenced "swap_buffers_$v" "$P/swap_buffers.c" relax -D$v; fi
  done
  if [ $T = x86 ]; then wmm_asm_none barrier_swap "$P/barrier_swap.c"
  else wmm_asm_fenced barrier_swap "$P/barrier_swap.c" relax; fi
  for v in PEEK HOLD ONE_WAIT EVERY; do
    wmm_asm_fenced "barrier_swap_$v" "$P/barrier_swap.c" relax -D$v
  done
  if [ $T = x86 ]; then wmm_asm_none barrier_parity "$P/barrier_parity.c"
  else wmm_asm_fenced barrier_parity "$P/barrier_parity.c" relax; fi
  for v in SAME SKEW; do
    wmm_asm_fenced "barrier_parity_$v" "$P/barrier_parity.c" relax -D$v
  done
  if [ $T = x86 ]; then wmm_asm_none omp_local_swap "$P/omp_local_swap.c" -fopenmp
  else wmm_asm_fenced omp_local_swap "$P/omp_local_swap.c" 'main\._omp_fn\.0' -fopenmp; fi
  wmm_asm_fenced omp_local_swap_SAME "$P/omp_local_swap.c" 'main\._omp_fn\.0' -fopenmp -DSAME
  if [ $T = x86 ]; then wmm_asm_none omp_region_rows "$P/omp_region_rows.c" -fopenmp
  else wmm_asm_fenced omp_region_rows "$P/omp_region_rows.c" 'main\._omp_fn\.0' -fopenmp; fi
  wmm_asm_fenced omp_region_rows_SAME "$P/omp_region_rows.c" 'main\._omp_fn\.0' -fopenmp -DSAME
  if [ $T = x86 ]; then
    wmm_asm_none omp_swap "$P/omp_swap.c" -fopenmp
    wmm_asm_fenced omp_swap_WRITE_CUR "$P/omp_swap.c" 'main\._omp_fn\.0' -fopenmp -DWRITE_CUR
  elif [ $T = ppc ]; then
    wmm_asm_fenced omp_swap "$P/omp_swap.c" 'main\._omp_fn\.0' -fopenmp
  fi
}

wmm_each_target one_target
