#!/usr/bin/env bash
# bank.sh — accounts with a mutex each, a transfer locking
# accounts[min (from, to)] and accounts[max (from, to)]
# (plugin/locks.cc min_max_own; bank_transfer.c): no fence on
# x86-64, ppc64le, aarch64 and armv7 (Power 3 syncs before); the racy
# variants keep a full fence in transfer:
# -DONE_LOCK (only the lower lock), -DOTHER (the second lock another
# account's), -DAUDIT (an auditor reading the balances unlocked: its
# thread too).  The same with account pointers locked in address order
# (`first = from < to ? from : to`: bank_pointers.c, min_max_own),
# -DONE_LOCK, -DFEE (a third account touched unlocked), -DAUDIT keep a full
# fence.  Fences counted per function in the -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/bank_transfer.c
Q=$WMM_TESTDIR/programs/bank_pointers.c

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
  # transfers between account pointers, locked in address order
  # (bank_pointers.c, locks.cc min_max_own; transfer is inlined
  # into teller)
  wmm_expect_fences $T.bank_ptr "$Q" ""
  for v in ONE_LOCK FEE AUDIT; do
    wmm_expect_full $T.bank_ptr_$v "$Q" "teller" -D$v
  done
}
wmm_each_target check
