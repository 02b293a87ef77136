#!/usr/bin/env bash
# semaphores.sh — a binary semaphore used as a lock is a lock (docs/plugin.md,
# "Locks"; plugin/locks.cc, sem_broken): store buffering whose two sides
# each run under sem_wait / sem_post of a static semaphore initialised to
# 1 needs no fence (also through static wrappers, and with sem_trywait).
# Every variant where two threads may hold it at once, or that the unit
# cannot check, keeps SB's full fence in both threads: initialised to 2,
# a post without a wait, an exported semaphore, no sem_init in the unit,
# a post through a pointer that may point to either of two semaphores, a
# thread that does not take it (a helper only ever given &s posts s: a
# lock, no fence), two threads that only post it, initialised to 0
# (POST_ONLY: both were taken to hold it until 2026-11-29).  A signalling
# semaphore (initialised to 0, posted by main) beside it is no lock and
# does not spoil it.  Fences counted per function in the -O2 assembly of
# every target (programs/sem_lock.c).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

per_target() {
  wmm_expect_fences $T.lock "$P/sem_lock.c" ""
  wmm_expect_fences $T.wrapped "$P/sem_lock.c" "" -DWRAPPED
  wmm_expect_fences $T.trywait "$P/sem_lock.c" "" -DTRYWAIT
  wmm_expect_fences $T.ptr_one "$P/sem_lock.c" "" -DPTR_ONE
  for v in INIT2 EXTRA_POST EXPORTED NO_INIT PTR_POST NOLOCK POST_ONLY; do
    wmm_expect_full "$T.$v" "$P/sem_lock.c" "p0 p1" "-D$v"
  done
}
wmm_each_target per_target
