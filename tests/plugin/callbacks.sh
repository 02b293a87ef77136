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

ran=0
for T in x86 ppc aarch64 arm; do
  wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
  ran=1
  case $T in
    x86) M=tso FULL='mfence|lock or' ;;
    ppc) M=power FULL='^[[:space:]]*(hw)?sync$' ;;
    aarch64) M=armv8 FULL='dmb[[:space:]]+ish$' ;;
    arm) M=armv7 FULL='dmb' ;;
  esac
  wmm_expect_full $T.sb "$P/callback_sb.c" "cmp p1"
  wmm_expect_full $T.cross "$P/callback_sb.c" "cmp p1" -DCROSS
done
[ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }
