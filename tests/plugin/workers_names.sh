#!/usr/bin/env bash
# workers_names.sh — members of a struct type through a pointer against
# locations char accesses name (tbaa.cc may_touch): workers in main's
# local array of structs with a char array member main sets before each
# create (programs/workers_names.c).  `w->id` through the thread's
# pointer is an int member of a struct worker at its own offset; the
# char member's bytes are no part of it, though char accesses may touch
# anything by alias sets (GCC's access-path test, which it applies when
# the declared object's alias set is not 0).  No fence on x86-64,
# ppc64le, aarch64, armhf (before: 3 on Power and ARMv8, in main and in
# the worker).  -DRACE (store buffering on element 0's name and result
# while worker 0 runs): a full fence in main and a fence in the worker
# on every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/workers_names.c

one_target() {
  wmm_expect_fences "$T.names" "$P" "" -pthread
  wmm_expect_sb_fences "$T.race" "$P" "run" -pthread -DRACE
}

wmm_each_target one_target
