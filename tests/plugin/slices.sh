#!/usr/bin/env bash
# slices.sh — a pair given to the model as its own code (a slice,
# analysis/placement/pairs.c group_slice) with a read of an unknown address
# between its two accesses (programs/slice_unknown.c: MP with `dd = *dp`
# between the reader's loads).  The cycle program cannot run that read (its
# address is no location), so such a pair gets no slice: the reader and the
# writer keep their lwsync on Power (before, every run was discarded, the
# cycle was taken for forbidden and neither thread got a fence).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target ppc || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
cd "$WMM_TMP" || exit 1
P=$WMM_TESTDIR/programs/slice_unknown.c
fences() { sed -n "/^$2:/,/^[[:space:]]*\.size[[:space:]]*$2,/p" "$1" | grep -cE '^[[:space:]]+(lwsync|sync)$'; }
for o in -O2 -O3; do
  "$WMM_T_GCC" $o -S -o s.s -fplugin="$WMM_T_PLUGIN" "$P"
  if [ "$(fences s.s P0)" = 1 ] && [ "$(fences s.s P1)" = 1 ]; then
    wmm_pass "power $o: an lwsync in the writer and in the reader (the read of *dp between the reader's loads hides nothing)"
  else wmm_fail "power $o: P0 $(fences s.s P0), P1 $(fences s.s P1) fences"; fi
done
