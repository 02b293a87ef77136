#!/usr/bin/env bash
# once_callables.sh — std::call_once's routine and std::thread's
# callable when they are no function's address (docs/plugin.md, "Data a
# once routine initialises"), on x86-64, ppc64le, aarch64 and armv7,
# fences counted per function in the -O2 assembly (on aarch64 also the
# acquire loads and release stores the plugin may place instead of a dmb):
#   cxx_once_callable.cc  the routine writes x then y, another thread
#                      reads y then x without the flag (message passing):
#                      the routine and the reader fenced on the weak
#                      targets, none on x86-64, for a lambda, a capturing
#                      lambda, a function object and a member-function
#                      pointer; a function pointer variable (an unknown
#                      routine): the reader fenced on every target
#   cxx_call_once.cc -DLAMBDA  a table a lambda given to std::call_once
#                      fills, read by threads after their call: no fence
#                      (as for a function's address)
#   cxx_async_sum.cc   std::async tasks summing slices of a vector: no
#                      fence (call_once (flag, &thread::join, ...) inside
#                      the library's state); -DRACE (a plain flag from
#                      main): main and the task fenced on the weak targets
#   cxx_pmf_mp.cc      std::threads running methods of one object
#                      (`std::thread a (&box::produce, &b)`), message
#                      passing: one thread each, fenced on the weak
#                      targets, none on x86-64 (was 1 mfence); -DSB: both
#                      methods fenced everywhere
# Before 2026-12-03 the first file had no fence on any target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

none() { wmm_asm_none "$1" "$P/$2" "${@:3}"; }
fenced() { wmm_asm_fenced "$1" "$P/$2" "${@:3}"; }

one_target() {
  command -v "${WMM_T_GCC/gcc/g++}" >/dev/null 2>&1 \
    || { echo "skipping $T: no ${WMM_T_GCC/gcc/g++}"; return; }
  [ $T = aarch64 ] && FENCE='dmb|ldar|stlr'
  local fun='_ZZNSt9once_flag18_Prepare_execution[A-Za-z0-9_]*_FUNEv'
  local reader=_ZL6readerv v
  for v in LAMBDA CAPTURE FUNCTOR PMF; do
    local routine=$fun
    [ $v = PMF ] && routine=_ZN6config4loadEv
    if [ $T = x86 ]; then none "once_callable_$v" cxx_once_callable.cc -D$v
    else fenced "once_callable_$v" cxx_once_callable.cc "$routine $reader" -D$v; fi
  done
  if [ $T = x86 ]; then fenced once_callable_FNPTR cxx_once_callable.cc $reader -DFNPTR
  else fenced once_callable_FNPTR cxx_once_callable.cc "$reader (_ZL9init_bothv|_ZL6writerv)" -DFNPTR; fi
  none call_once_LAMBDA cxx_call_once.cc -DLAMBDA
  if [ $T = x86 ]; then none pmf_mp cxx_pmf_mp.cc
  else fenced pmf_mp cxx_pmf_mp.cc '_ZN3box7produceEv _ZN3box7consumeEv'; fi
  fenced pmf_mp_SB cxx_pmf_mp.cc '_ZN3box7produceEv _ZN3box7consumeEv' -DSB
  none async_sum cxx_async_sum.cc
  if [ $T = x86 ]; then none async_sum_RACE cxx_async_sum.cc -DRACE
  else fenced async_sum_RACE cxx_async_sum.cc '_ZL9sum_range[A-Za-z0-9_]* main' -DRACE; fi
}

wmm_each_target one_target
