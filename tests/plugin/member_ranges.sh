#!/usr/bin/env bash
# member_ranges.sh — an access at a computed index into an array member
# touches that member only (C 6.5.6; docs/plugin.md "Declared objects"):
# Lamport's ring with its slot array and its head / tail indices in one
# struct (member_array.c).  The JSON report's fences (FUNCTION:KIND) on
# x86-64, ppc64le, aarch64 and armv7 with from=sc (store buffering on the
# indices: a full fence per thread) and from=tso; -DWHOLE (the consumer
# reads through an int pointer to the whole struct, which may reach the
# indices) keeps the fences the slot accesses need.  Before the member
# rule: power from=sc 2 sync + 2 lwsync, from=tso 3 lwsync; aarch64 from=sc
# 2 dmb ish + 1 dmb ishld.  The same ring as a C++ class with std::atomic
# indices (cxx_ring_class.cc), the fences' kinds: power from=sc 1 sync,
# from=tso 1 lwsync, each before the atomic load every pair's second
# access follows (before: sync, sync, lwsync and 3 lwsync; 2 sync and 2
# lwsync while the assertions' __builtin_unreachable () paths returned
# from the atomic members without their load or store); x86
# from=tso none.  With from=tso the fences ARMv7 and ARMv8 put beside an
# acquire load or a release store are no fences of the reference (x86
# compiles those orders as plain moves, docs/placement.md "Keeping a
# reference model"): aarch64 dmb ishld + dmb ishst (was 2 dmb ish), armv7
# none (was 2 dmb).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
SRC=$WMM_TESTDIR/programs/member_array.c

expect() {   # TAG WANT OPTION...
  local tag=$1 want=$2; shift 2
  if ! wmm_report_fences "$SRC" "$M" "$@"; then wmm_fail "$T $tag: $WMM_ERR"; return; fi
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$T $tag: ${want:-no fence}"
  else wmm_fail "$T $tag: '$WMM_FENCES', expected '$want'"; fi
}

# kinds TAG WANT OPTION...: the kinds of the fences of cxx_ring_class.cc.
kinds() {
  local tag=$1 want=$2 got; shift 2
  if ! WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences \
       "$WMM_TESTDIR/programs/cxx_ring_class.cc" "$M" "$@"; then
    wmm_fail "$T $tag: $WMM_ERR"; return
  fi
  got=$(sed -n 's/.*"kind": "\([^"]*\)", "instruction".*/\1/p' "$WMM_TMP/r.json" |
        sort | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then wmm_pass "$T $tag: ${want:-no fence}"
  else wmm_fail "$T $tag: '$got', expected '$want'"; fi
}

check() {
  case $T in
    x86)
      expect sc "consumer:mfence producer:mfence"
      expect tso "" -fplugin-arg-wmmfence-from=tso
      wmm_expect_fences x86.asm "$SRC" "consumer:1 producer:1"
      kinds class-tso "" -fplugin-arg-wmmfence-from=tso ;;
    ppc)
      expect sc "consumer:sync producer:sync"
      expect tso "producer:lwsync" -fplugin-arg-wmmfence-from=tso
      expect whole-sc "consumer:lwsync consumer:sync producer:sync" -DWHOLE
      expect whole-tso "consumer:lwsync producer:lwsync" -DWHOLE -fplugin-arg-wmmfence-from=tso
      kinds class-sc "sync"
      kinds class-tso "lwsync" -fplugin-arg-wmmfence-from=tso ;;
    aarch64)
      expect sc "consumer:dmb ish producer:dmb ish"
      expect tso "consumer:dmb ishld producer:dmb ishst" -fplugin-arg-wmmfence-from=tso ;;
    arm)
      expect sc "consumer:dmb producer:dmb"
      expect tso "" -fplugin-arg-wmmfence-from=tso ;;
  esac
}
wmm_each_target check
