#!/usr/bin/env bash
# block_rounds.sh — blocks of an array written by thread number at offsets
# from the loop's counter, and three rounds of a barrier (docs/plugin.md,
# "Elements claimed through a counter" and "Barrier rounds"), on x86-64,
# ppc64le, aarch64 and armv7, fences counted per function in the -O2
# assembly:
#   block_offsets.c  a[i] += a[i - 1] for i from lo + 1, a[hi - 1]: no
#                    fence (x86 1 mfence, Power 3 fences cost 60 before);
#                    -DPLUS1_OK, -DAT_LO inside the block: none;
#                    -DMINUS2, -DPLUS1, -DAT_HI, -DFROM_BELOW reach a
#                    neighbour's block: fenced
#   prefix_scan.c    a blocked prefix sum (scan, barrier, block sums,
#                    barrier, offsets; `int id = (int) (long) arg`): no
#                    fence (x86 2 mfences, Power 6 cost 102 before);
#                    -DNO_BARRIER1 and -DNEXT_BLOCK fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  local v
  for v in '' PLUS1_OK AT_LO; do
    wmm_asm_none "block_offsets${v:+_$v}" "$P/block_offsets.c" ${v:+-D$v}
  done
  for v in MINUS2 PLUS1 AT_HI FROM_BELOW; do
    wmm_asm_fenced "block_offsets_$v" "$P/block_offsets.c" scan -D$v
  done
  wmm_asm_none prefix_scan "$P/prefix_scan.c"
  for v in NO_BARRIER1 NEXT_BLOCK; do
    wmm_asm_fenced "prefix_scan_$v" "$P/prefix_scan.c" scan -D$v
  done
}

wmm_each_target one_target
