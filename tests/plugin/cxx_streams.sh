#!/usr/bin/env bash
# cxx_streams.sh — std::cout in threads (plugin/libfns.cc
# wmm_ostream_output, wmm_stream_virtual_call; memloc.cc vtable_pointer;
# tbaa.cc: the size of *p for a class of alias set 0): libstdc++'s
# compiled inserters, put, flush, basic_ios::clear and the ctype facet's
# virtual do_widen touch only the library's stream state and return the
# stream; the inline operator<< reads a virtual-base offset in a virtual
# table (read-only); std::ctype<char>, whose char arrays make C++ give it
# alias set 0, is still too big to lie in a smaller declared object.
# cxx_account_cout.cc (an Account with a std::mutex member, a depositor
# and a reader that prints with std::cout << ... << std::endl): no fence
# on x86-64, ppc64le, aarch64 and armv7 (x86 5 mfence, Power 8 fences,
# ARMv8 8 before);
# -DRACY (the reader without the lock) keeps message passing's fences on
# the weak targets; -DSTREAMBUF (the unit's own stream buffer, whose
# overflow writes a global) keeps store buffering's full fences in both
# lambdas.  cxx_safe_queue.cc (a SafeQueue<T> class template over
# std::queue, a consumer printing with std::endl, whose inline widen reads
# the ctype facet's table: the library's state): no fence on every target
# (x86 16 mfences, Power 69 syncs with the plugin of 08c86ed); -DPEEK
# (the queue's size read unlocked) fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_account_cout.cc
Q=$WMM_TESTDIR/programs/cxx_safe_queue.cc
# the two lambdas, inlined into their threads' _M_run
L1='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv'
L2='_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE0_EEEEE6_M_runEv'

check() {
  local GXX=${WMM_T_GCC/gcc/g++} RACY
  case $T in
    x86) RACY= ;;
    # (the depositor's lwsync in its loop, the reader's two in
    # balance (), inlined into the reader and into main)
    *) RACY="$L2:2 $L1:1 main:1" ;;
  esac
  WMM_T_GCC=$GXX wmm_expect_fences $T.cout "$P" ""
  WMM_T_GCC=$GXX wmm_expect_fences $T.racy "$P" "$RACY" -DRACY
  WMM_T_GCC=$GXX wmm_expect_full $T.streambuf "$P" "$L1 $L2" -DSTREAMBUF
  # a queue class of the program's under a mutex, printed with std::endl
  WMM_T_GCC=$GXX wmm_expect_fences $T.queue "$Q" ""
  if WMM_T_GCC=$GXX wmm_compile_asm $T.peek "$Q" -DPEEK; then
    local got
    got=$(wmm_fence_counts "$WMM_TMP/$T.peek.s")
    if [ -n "$got" ]; then wmm_pass "$T.peek: fenced ($got)"
    else wmm_fail "$T.peek: no fence (an unlocked read of the queue)"; fi
  fi
}
wmm_each_target check
