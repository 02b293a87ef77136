#!/usr/bin/env bash
# bank.sh — accounts with a mutex each, a transfer locking
# accounts[min (from, to)] and accounts[max (from, to)]
# (plugin/locks.cc min_max_own_key; bank_transfer.c): no fence on
# x86-64, ppc64le, aarch64 and armv7 (Power 3 syncs before); the racy
# variants keep a full fence in transfer:
# -DONE_LOCK (only the lower lock), -DOTHER (the second lock another
# account's), -DAUDIT (an auditor reading the balances unlocked: its
# thread too).  Fences counted per function in the -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/bank_transfer.c

check() {
  wmm_expect_fences $T.bank "$P" ""
  wmm_expect_full $T.one_lock "$P" "transfer" -DONE_LOCK
  wmm_expect_full $T.other "$P" "transfer" -DOTHER
  case $T in
    x86) wmm_expect_full $T.audit "$P" "transfer" -DAUDIT ;;
    *) wmm_expect_full $T.audit "$P" "transfer" -DAUDIT
       wmm_compile_asm $T.audit2 "$P" -DAUDIT &&
         case " $(wmm_fence_counts "$WMM_TMP/$T.audit2.s") " in
           *" auditor:"*) wmm_pass "$T.audit: a fence in auditor" ;;
           *) wmm_fail "$T.audit: no fence in auditor" ;;
         esac ;;
  esac
}
wmm_each_target check
