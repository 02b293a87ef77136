#!/usr/bin/env bash
# tests/placement/optimal.sh — optimality: on the 68 plain critical cycles
# (tests/corpus/c/ and their asm twins in plain/), under every model, the
# placement costs exactly the cheapest fence assignment found by brute
# force with the checker (tests/unit/placement_optimal.c).
set -u
opt=$WMM_BUILDDIR/tests/unit/placement_optimal
C=$WMM_CORPUS
"$opt" --model sc --model tso --model pso --model rmo "$C"/plain/X86/*.litmus
"$opt" --model power "$C"/plain/PPC/*.litmus
"$opt" --model armv7 "$C"/plain/ARM/*.litmus
"$opt" --model armv8 "$C"/plain/AArch64/*.litmus
"$opt" --model sc --model tso --model pso --model rmo --model power \
  --model armv7 --model armv8 "$C"/c/*.litmus
