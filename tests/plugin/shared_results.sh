#!/usr/bin/env bash
# shared_results.sh — the textbook thread-safe queue whose wait_and_pop
# returns a std::shared_ptr made under the lock (programs/
# cxx_shared_queue.cc): the virtual calls of the shared_ptr's control
# block are resolved to the unit's control block classes (plugin/
# ctlblocks.cc; docs/plugin.md, "Virtual calls of shared_ptr control
# blocks"), so they neither start threads nor make the block's methods
# thread entries, and a small callee given the thread's own block is
# collected for that call (collect.cc, narrower_targets); on x86-64,
# ppc64le, aarch64 and armv7, from the assembly:
#   default: no fence (x86-64 4 mfences, Power 35 fences before; armv7
#   kept one dmb in the deque's _M_push_back_aux until the points-to
#   changes of 2026-12-05: docs/plugin.md, "Virtual calls of the
#   program's class families")
#   -DDTOR_RACE (the item's destructor, run by the block's _M_dispose in
#   the consumer, and the producer do store buffering): fenced in both
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_shared_queue.cc

one_target() {
  wmm_asm_none shared_queue "$P"
  wmm_asm_fenced shared_queue_DTOR_RACE "$P" \
    '(_ZN4itemD[12]Ev|_ZNSt23_Sp_counted_ptr_inplaceI4item[A-Za-z0-9_]*_M_disposeEv) _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv' \
    -DDTOR_RACE
}

wmm_each_target one_target
