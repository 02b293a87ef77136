#!/usr/bin/env bash
# hidden.sh — a static whose address nothing takes is touched only by the
# references that name it, never through a pointer (tbaa.cc, GCC's
# may_be_aliased test; docs/plugin.md, "Type-based alias analysis"):
# store buffering on such a static against a thread that works through a
# char (or int) pointer needs no fence, with or without strict aliasing;
# as soon as the pointer may reach the static (its address taken in a
# body or a static initializer, the static exported or placed in a named
# section) both threads keep
# a full fence.  The same for the stand-in of a call to unknown code
# (unknown_unkept.c): a static whose address is taken only for a library
# call that keeps no copy (`time (&g.t)`) is out of its reach, store
# buffering with it needs no fence; the address given to unknown code,
# stored in an exported pointer, or the static exported: both fenced.
# A library given the address of one member (not the first, of a type
# declared in the unit's own file) reaches that member only (another
# unit's code may step back to the container); a function unknown code
# may call back adds what it touches, no longer everything.
# Checked in the -O2 assembly on every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

per_target() {
  wmm_expect_fences $T.hidden "$P/hidden_sb.c" ''
  wmm_expect_fences $T.hidden_int "$P/hidden_sb.c" '' -DINT
  wmm_expect_fences $T.hidden_nostrict "$P/hidden_sb.c" '' -fno-strict-aliasing
  for v in TAKEN_BODY TAKEN_INIT PUBLIC SECTION; do
    wmm_expect_full $T.$v "$P/hidden_sb.c" "p0 p1" -D$v
  done
  wmm_expect_full $T.int_taken "$P/hidden_sb.c" "p0 p1" -DINT -DTAKEN_BODY
  # an unknown call's stand-in touches no static whose address only goes
  # where no copy is kept (time (&g.t))
  wmm_expect_fences $T.unkept "$P/unknown_unkept.c" ''
  for v in GIVEN STORED PUBLIC OTHER FIRST CB_G; do
    wmm_expect_full $T.unkept_$v "$P/unknown_unkept.c" "main worker" -D$v
  done
  # only the member whose address it keeps, only what a callback touches
  wmm_expect_fences $T.unkept_member "$P/unknown_unkept.c" '' -DMEMBER
  wmm_expect_fences $T.unkept_cb "$P/unknown_unkept.c" '' -DCB
}
wmm_each_target per_target
