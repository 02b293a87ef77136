#!/usr/bin/env bash
# lock_helpers.sh — a helper given members of locked objects
# (programs/cxx_swap_helper.cc: the books' swap of two objects under both
# their mutexes, the data swapped by an out-of-line helper given the
# objects' members by reference).  The helper is collected for its call
# site; when nothing in it may release a lock, the caller's locks (named
# by the caller's parameters) pass into it, and an access through a
# parameter given `&q->f` is a member of the caller's *q, under *q's lock
# (locks.cc, caller_own; docs/plugin.md, "Locks through helpers").  On
# x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default: no fence (x86-64 1 mfence, Power 4 syncs before)
#   -DOUTSIDE (the helper runs after the guards are gone), -DRELEASE (the
#   helper unlocks one mutex before it swaps): fenced in the helper
# And lock wrappers given the pointers of an address-ordered pair
# (programs/lock_order.c: `acct_lock (first); acct_lock (second);` with
# first = MIN (from, to)): the wrapper's lock of its parameter is the
# caller's lock of what `first` points to, and both accounts' balances are
# under their locks: no fence (x86 1 mfence, Power 3 fences before
# 2026-12-07); one lock taken (-DONE), the first taken twice (-DSAME):
# fenced in transfer (inlined into teller) on every target; the second
# released before the credit (-DEARLY): fenced on the weak targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_swap_helper.cc

one_target() {
  wmm_asm_none swap_helper "$P"
  wmm_asm_fenced swap_helper_OUTSIDE "$P" '_Z9swap_dataR10big_objectS0_' -DOUTSIDE
  wmm_asm_fenced swap_helper_RELEASE "$P" '_Z9swap_dataR10big_objectS0_' -DRELEASE
  local L=$WMM_TESTDIR/programs/lock_order.c
  wmm_asm_none lock_order "$L"
  wmm_asm_fenced lock_order_ONE "$L" 'teller' -DONE
  wmm_asm_fenced lock_order_SAME "$L" 'teller' -DSAME
  if [ "$T" = x86 ]; then wmm_asm_none lock_order_EARLY "$L" -DEARLY
  else wmm_asm_fenced lock_order_EARLY "$L" 'teller' -DEARLY; fi
}

wmm_each_target one_target
