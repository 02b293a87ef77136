#!/usr/bin/env bash
# treiber_tso.sh — Treiber stacks as people write them, on x86-64 with
# model tso: nodes filled by a helper or a C++ constructor before the
# compare-exchange loop that publishes them (publish.cc "Fresh objects on
# x86-TSO"; the helper's and the constructor's stores count as the
# creator's, a compare-exchange publishes only when it succeeds, the
# expected value handed down through std::atomic's members).
#   programs/treiber_init.c     C11, `node_init (n, v)`, `do n->next = old;
#                               while (!cas (&top, &old, n))`: no mfence
#                               (one in node_init before); -DLATE (the node
#                               written again after the push, store
#                               buffering through it): a full fence in the
#                               producer and the consumer; -DLEAK (the
#                               helper also keeps the node in a global):
#                               the producer fenced
#   programs/treiber_cppref.cc  the compare_exchange_weak example: no mfence
#                               (one in push before); -DLATE: both
#                               threads fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
T=x86 M=tso FENCE='mfence|lock or'

wmm_asm_none init "$P/treiber_init.c"
wmm_asm_none cppref "$P/treiber_cppref.cc"
# (GCC inlines push and pop into the threads' functions, node_init into
# the producer)
wmm_asm_fenced init_LATE "$P/treiber_init.c" "producer consumer" -DLATE
wmm_asm_fenced init_LEAK "$P/treiber_init.c" "producer" -DLEAK
# (the two lambdas' _M_run, where the stack's members end up)
wmm_asm_fenced cppref_LATE "$P/treiber_cppref.cc" \
  "_ZN[[:alnum:]_]*EUlvE_EEEEE6_M_runEv _ZN[[:alnum:]_]*EUlvE0_EEEEE6_M_runEv" -DLATE
