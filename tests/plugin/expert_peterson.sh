#!/usr/bin/env bash
# expert_peterson.sh — bench/expert/peterson.c as written for x86 (-DX86: a
# seq_cst fence between the turn store and the loads), compiled with
# from=tso on every target: the flag and turn stores of each thread form
# the R shape with the other thread's turn store and flag load, which
# x86-TSO forbids and Power and Arm allow (tests/placement/peterson_r.sh),
# so the plugin puts a fence between the two stores in both threads: a
# sync on Power (lwsync is not enough), a dmb on ARMv8 and ARMv7; on x86
# nothing is added between them.  The fence found between the first two
# stores of each thread function in the -O2 assembly is checked.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
SRC=$WMM_SRCDIR/bench/expert/peterson.c

# between FN STORE FENCE ASM: the lines between the first two lines of
# function FN that match STORE, those that match FENCE ("" when none).
between() {
  FN=$1 ST=$2 FE=$3 awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == ENVIRON["FN"] ":") }
      on && $0 ~ ENVIRON["ST"] { n++; if (n == 2) exit; next }
      on && n == 1 && $0 ~ ENVIRON["FE"] { gsub(/^[ \t]+/, ""); print }' "$4" | tr '\n' ' '
}

check() {
  local st want
  case $T in
    x86) st='^[[:space:]]*movl[[:space:]]+\$[01], ' want= ;;
    ppc) st='^[[:space:]]*stw ' want='sync ' ;;
    aarch64) st='^[[:space:]]*str[[:space:]]' want='dmb ishst ' ;;
    arm) st='^[[:space:]]*str[[:space:]]' want='dmb ishst ' ;;
  esac
  wmm_compile_asm "$T" "$SRC" -DX86 -fplugin-arg-wmmfence-from=tso || return
  local fn got
  for fn in t0 t1; do
    got=$(between "$fn" "$st" "$FENCE|dmb" "$WMM_TMP/$T.s")
    if [ "$got" = "$want" ]; then
      wmm_pass "$T from=tso: $fn's flag and turn stores: ${want:-no fence between them}"
    else wmm_fail "$T from=tso: $fn's flag and turn stores: '$got' between them, expected '$want'"; fi
  done
}
wmm_each_target check
