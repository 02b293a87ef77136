#!/usr/bin/env bash
# keyed_members.sh — an address one activation computes from members of
# its private thread argument it only reads (`a->partial[a->id]`) is one
# address however often the loop runs (addrkey.cc; docs/plugin.md, "One
# address through a parameter"), on x86-64, ppc64le, aarch64 and armv7,
# from the assembly of programs/partial_args.c:
#   default: no fence (x86 1 mfence, Power and ARMv7 2 syncs before)
#   -DMOVE_ID, -DLATE (the index written by the worker, or by main while
#   the worker runs), -DSB (store buffering on flags): the worker fenced
#   -DFLAG (message passing to main): fenced on the weak targets
# and of programs/cxx_partial_lambda.cc (std::threads running a lambda
# that adds into `partial[t]`, t captured by value; also a std::array,
# whose operator[] returns the element's address):
#   default, -DSTDARRAY, -DVECTOR (std::vectors of main by reference: the
#   vector's start pinned, std::thread's library code only runs the
#   state; threadlocal.cc): no fence (x86 1 mfence, Power 2 syncs before);
#   -DVECTOR with -DGROW (main reserves while the lambdas run) or -DSWAP
#   (main swaps the vector), -DBYREF, -DSB: fenced
# and of programs/partial_static.c (`out[a->id] +=`, out a static
# pointer main sets before the creates: a pinned location):
#   default: no fence (x86 1 mfence, Power 2 syncs before); -DMOVE (main
#   moves out while the workers run): fenced
#   -DBYREF (t captured by reference), -DSB: the lambda fenced (inlined
#   into its std::thread state's _M_run)
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/partial_args.c
S=$WMM_TESTDIR/programs/partial_static.c
L=$WMM_TESTDIR/programs/cxx_partial_lambda.cc

one_target() {
  wmm_asm_none partial "$P"
  local v
  for v in MOVE_ID LATE SB; do
    wmm_asm_fenced "partial_$v" "$P" sum "-D$v"
  done
  [ $T = x86 ] || wmm_asm_fenced partial_FLAG "$P" sum -DFLAG
  wmm_asm_none static "$S"
  wmm_asm_fenced static_MOVE "$S" sum -DMOVE
  wmm_asm_none lambda "$L"
  wmm_asm_none lambda_STDARRAY "$L" -DSTDARRAY
  wmm_asm_none lambda_VECTOR "$L" -DVECTOR
  for v in GROW SWAP; do
    wmm_asm_fenced "lambda_VECTOR_$v" "$L" \
      '_ZNSt6thread11_State_impl[A-Za-z0-9_]*_M_runEv' -DVECTOR "-D$v"
  done
  local c
  for c in "" STDARRAY VECTOR; do
    for v in BYREF SB; do
      wmm_asm_fenced "lambda_${c:+${c}_}$v" "$L" \
        '_ZNSt6thread11_State_impl[A-Za-z0-9_]*_M_runEv' ${c:+-D$c} "-D$v"
    done
  done
}

wmm_each_target one_target
