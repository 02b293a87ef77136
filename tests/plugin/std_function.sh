#!/usr/bin/env bash
# std_function.sh — calls through std::function objects (docs/plugin.md,
# "Thread entries and instances", std::function calls; entries.cc
# std_function_targets): a pool's workers run std::function<void ()>
# tasks; the invoker's indirect call calls the handler of the lambda main
# enqueues, in the worker's thread.  The task and main race by store
# buffering outside the pool's lock, so the handler (the lambda inlined
# there) and main keep a full fence on every target, and the report says
# how the call was resolved.  With a task made by another unit
# (-DEXTERN) the call is not resolved (std::function objects come from
# code the unit cannot see): the handler is taken for a thread of several
# instances, and still fenced.
# A list of std::function jobs, one std::thread each
# (programs/cxx_function_list.cc): the thread's state holds a copy of the
# std::function, its _M_run calls what the unit stored there, and the
# state's destructor, which libstdc++ runs through the state's vtable,
# frees at most the thread's own copy of a callable with nothing to
# destroy; no fence (before: x86 9 mfences, Power 18 fences).  Store
# buffering between two jobs (-DSB) is fenced in left and right, and so
# it stays with a job from another unit (-DSB -DEXTERN).  std::function
# objects holding function pointers (-DFNPTR): the pointer's call in
# libstdc++'s __invoke_impl calls one the unit gives std::function: no
# fence, and left and right given as pointers (-DSB -DFNPTR) fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
INVOKE=_ZNSt17_Function_handlerIFvvEZ4mainEUlvE_E9_M_invokeERKSt9_Any_data

per_target() {
  GCC_C=$WMM_T_GCC
  WMM_T_GCC=${GCC_C%gcc*}g++${GCC_C##*gcc}
  wmm_expect_full $T.pool "$P/cxx_pool_function.cc" "main $INVOKE"
  wmm_expect_note $T.pool "indirect call through member '_M_invoker' calls the functions stored there"
  wmm_expect_no_note $T.pool "_M_invoke's address is stored to memory"
  wmm_expect_full $T.pool_extern "$P/cxx_pool_function.cc" "main $INVOKE" -DEXTERN
  wmm_expect_no_note $T.pool_extern "indirect call through member '_M_invoker'"
  wmm_expect_note $T.pool_extern "_M_invoke's address is stored to memory"
  WMM_T_GCC=$GCC_C
  wmm_asm_none list "$P/cxx_function_list.cc"
  wmm_asm_fenced list_SB "$P/cxx_function_list.cc" '_Z4leftv _Z5rightv' -DSB
  wmm_asm_fenced list_EXTERN "$P/cxx_function_list.cc" '_Z4leftv _Z5rightv' \
    -DSB -DEXTERN
  wmm_asm_none list_FNPTR "$P/cxx_function_list.cc" -DFNPTR
  wmm_asm_fenced list_FNPTR_SB "$P/cxx_function_list.cc" \
    '_Z4leftv _Z5rightv' -DSB -DFNPTR
}
wmm_each_target per_target
