#!/usr/bin/env bash
# path_members.sh — an access through a pointer to a record type reaches
# only the members of the records of that type an object holds
# (docs/plugin.md, "Type-based alias analysis"; programs/path_members.c).
# The worker sets `p->verbose` with p maybe &g.o, then reads g.count;
# main writes g.count and reads g.ret: no fence on any target.  Main
# reading g.o.verbose (SAME), or g.ret sharing its bytes with a char
# buffer (BYTES), is store buffering: a full fence in main and a fence in
# the worker's helper or the worker.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/path_members.c

check_target() {
  local v
  wmm_expect_fences "$T.path" "$P" ''
  for v in SAME BYTES; do
    wmm_expect_sb_fences "$T.$v" "$P" 'set_verbose worker' -D$v
  done
}
wmm_each_target check_target
