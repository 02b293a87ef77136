#!/usr/bin/env bash
# virtual_jobs.sh — polymorphic jobs run through a base class's virtual
# call by std::thread workers (programs/cxx_jobs.cc): a virtual call on a
# program's class family whose objects all come from the unit resolves
# to the unit's classes' methods (plugin/ctlblocks.cc, entries.cc
# vcall_targets), which then run in the worker's thread and are no thread
# entries of their own; the points-to analysis binds a virtual method's
# object only to what the unit's calls pass (threadlocal.cc: own vtables,
# abstract slots, bodies returning a parameter such as the placement new
# per call).  On x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default: no fence (before: x86 5 mfences, Power 23 fences)
#   -DSB: store buffering between left::run and right::run: a fence in each
#   -DMAIN_SB: store buffering between main and left::run: a fence in each
#   -DSB -DOUTSIDE (a job from another unit): fenced, the note says every
#   virtual method is an entry
#   -DSB -DMULTI (left has two bases): fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_jobs.cc

one_target() {
  wmm_asm_none jobs "$P"
  wmm_asm_fenced jobs_SB "$P" '_ZN4left3runEv _ZN5right3runEv' -DSB
  wmm_asm_fenced jobs_MAIN_SB "$P" 'main _ZN4left3runEv' -DMAIN_SB
  wmm_asm_fenced jobs_OUTSIDE "$P" '_ZN4left3runEv _ZN5right3runEv' \
    -DSB -DOUTSIDE
  wmm_asm_fenced jobs_MULTI "$P" '_ZN4left3runEv _ZN5right3runEv' \
    -DSB -DMULTI
  CC=${WMM_T_GCC/gcc/g++} wmm_expect_report "$T.jobs_report" "$P" "" -pthread
  wmm_expect_note "$T.jobs_report" \
    "virtual call calls the methods of the unit's classes: sum_job::run, count_job::run"
  wmm_compile_asm "$T.jobs_outside" "$P" -pthread -DOUTSIDE || return
  wmm_expect_note "$T.jobs_outside" \
    "every address-taken virtual method of the unit is treated as a thread entry"
}

wmm_each_target one_target
