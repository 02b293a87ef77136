#!/usr/bin/env bash
# member_views.sh — the points-to analysis keeps the member of a record a
# pointer was formed from (docs/plugin.md, "Objects only one thread
# reaches, by points-to": member views).  programs/member_buffer.c: stdio
# is given a record's buffer member (setvbuf), a worker stores x and calls
# code outside the program (tzset), main sets another member and reads x.
# A library given one member reaches that member only: no store buffering
# through the call, no fence on any target.  Given the whole record
# (WHOLE), the buffer given to a function of another unit (OTHER_UNIT:
# it may compute the record from the member), or the buffer as the
# record's first member (IN_FIRST: its address is the record's), the call
# may write `st.ready`: a full fence in main and one in the worker (dmb
# ishst on ARMv8).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/member_buffer.c

check_target() {
  wmm_expect_fences "$T.member" "$P" ''
  local v
  for v in WHOLE OTHER_UNIT IN_FIRST; do
    wmm_expect_sb_fences "$T.$v" "$P" worker -D$v
  done
}
wmm_each_target check_target
