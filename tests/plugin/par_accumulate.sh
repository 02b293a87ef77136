#!/usr/bin/env bash
# par_accumulate.sh — threads kept in a sized std::vector<std::thread>
# (moved into threads[i]) and joined through std::for_each with
# std::mem_fn (&std::thread::join) or a lambda that joins, a range-for
# (its join guarded by joinable () or not), an iterator loop (`it->`,
# `it < end ()`, `it++`) or an index loop up to size ()
# (programs/cxx_par_accumulate.cc; docs/plugin.md, "Threads moved into a
# sized vector"), on x86-64, ppc64le, aarch64 and armv7, from the assembly:
#   default, -DRANGE_FOR, -DINDEXED, -DINT_INDEX, -DLAMBDA, -DJOINABLE,
#   -DARROW, -DPOST_LT:
#   no fence (x86-64 1 mfence, Power 3 fences before: the joins were not
#   matched, and each sum's load and store through its reference were two
#   places)
#   -DMISS_LAST, -DDETACH, -DFROM_ONE, -DLAMBDA_DETACH, -DSTRIDE, -DREFILL
#   (the join loop starts a new thread in each element; a thread may still
#   run when main sets done): parallel_accumulate keeps its fence
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_par_accumulate.cc

one_target() {
  local v
  for v in '' RANGE_FOR INDEXED INT_INDEX LAMBDA JOINABLE ARROW POST_LT; do
    wmm_asm_none "acc${v:+_$v}" "$P" ${v:+-D$v}
  done
  for v in MISS_LAST DETACH FROM_ONE LAMBDA_DETACH STRIDE REFILL; do
    wmm_asm_fenced "acc_$v" "$P" '_Z19parallel_accumulate[A-Za-z0-9_]*' -D$v
  done
}

wmm_each_target one_target
