#!/usr/bin/env bash
# cuts.sh — a fence may go at any point that every path between the two
# accesses of a pair passes, not only next to one of them
# (analysis/placement/pairs.c, cut_positions): message passing with an
# acknowledgement in a loop whose consumer branches on the message
# (programs/check_mpack.c) gets, keeping x86-TSO's behaviours (from=tso),
# one lwsync per ordering on Power — 4, as an expert writes them, where
# the placement that only looked next to the accesses put 6 (a fence on
# each arm of the branch and one inside the spin loop's exit) — and the
# fenced code is checked safe by the bundled model checker while the code
# as written is not.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
. "$WMM_SRCDIR/tests/plugin/lib/check.sh"
prog=$WMM_TESTDIR/programs/check_mpack.c
expect() { if [ "$2" = "$3" ]; then wmm_pass "$1"; else wmm_fail "$1 (got $2, expected $3)"; fi; }
# asm ARCH: the assembly of prog for ARCH with from=tso, in $WMM_TMP/ARCH.s
asm() {
  wmm_target "$1" || { echo "SKIP: $1: $WMM_T_WHY"; return 1; }
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$1.s" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$WMM_T_MODEL" -fplugin-arg-wmmfence-from=tso "$prog" \
    2> "$WMM_TMP/$1.err" || { wmm_fail "$1: $(head -n 2 "$WMM_TMP/$1.err")"; return 1; }
}
if asm ppc; then
  expect "power: 4 lwsync" "$(grep -Ec '^[[:space:]]*lwsync$' "$WMM_TMP/ppc.s")" 4
  expect "power: no sync" "$(grep -Ec '^[[:space:]]*(hw)?sync$' "$WMM_TMP/ppc.s")" 0
  # the consumer: one lwsync after the flag's spin loop, one after the
  # message read (before the branch), none on the branch's arms
  expect "power: 2 lwsync in the consumer" \
    "$(awk '/^consumer:/,/\.size[[:space:]]+consumer/' "$WMM_TMP/ppc.s" | grep -Ec '^[[:space:]]*lwsync$')" 2
fi
if asm aarch64; then
  expect "armv8: 4 barriers" "$(grep -Ec '^[[:space:]]*dmb' "$WMM_TMP/aarch64.s")" 4
fi
if asm x86; then
  expect "x86: no fence" "$(grep -Ec 'mfence|lock or' "$WMM_TMP/x86.s")" 0
fi
# The bundled model checker: the code as written fails its assertion on
# power, the fenced code (from=tso) does not.
wmm_target x86
for mode in report insert; do
  want=unsafe; [ $mode = insert ] && want=safe
  if wmm_check_run "$prog" power $mode -fplugin-arg-wmmfence-from=tso; then
    expect "check power mode=$mode: $want" "$(wmm_check_verdict | cut -d' ' -f1)" $want
    wmm_check_replayed "check power mode=$mode"
  else
    wmm_fail "check power mode=$mode: $(head -n 2 "$WMM_TMP/err")"
  fi
done
