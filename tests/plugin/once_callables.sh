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

# build TAG SOURCE [OPTIONS...]: GOT and BASE, the fences of SOURCE's
# assembly with the plugin and without
build() {
  local tag=$T.$1 src=$2 cc=${WMM_T_GCC/gcc/g++}; shift 2
  if ! "$cc" -O2 -pthread -std=c++17 -S -o "$WMM_TMP/$tag.s" \
      -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-arch="$M" "$@" "$P/$src" 2> "$WMM_TMP/$tag.err" \
     || ! "$cc" -O2 -pthread -std=c++17 -S -o "$WMM_TMP/$tag.0.s" "$@" \
      "$P/$src" 2>> "$WMM_TMP/$tag.err"; then
    wmm_fail "$tag: compiling $src: $(head -n 3 "$WMM_TMP/$tag.err")"
    return 1
  fi
  GOT=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  BASE=$(wmm_fence_counts "$WMM_TMP/$tag.0.s")
}
none() {
  local tag=$1; build "$@" || return
  if [ "$GOT" = "$BASE" ]; then wmm_pass "$T.$tag: no fence added"
  else wmm_fail "$T.$tag: got '$GOT', without the plugin '$BASE'"; fi
}
# count ERE COUNTS: the fences of the function ERE names in COUNTS
count() {
  grep -Eo "(^| )$1:[0-9]+" <<< "$2" | sed 's/.*://' | head -n 1 | grep . || echo 0
}
# fenced TAG SOURCE 'ERE...' [OPTIONS...]: each ERE names a function
# with more fences than without the plugin
fenced() {
  local tag=$1 src=$2 want=$3 re missing=; shift 3
  build "$tag" "$src" "$@" || return
  for re in $want; do
    [ "$(count "$re" "$GOT")" -gt "$(count "$re" "$BASE")" ] \
      || missing="$missing $re"
  done
  if [ -z "$missing" ]; then wmm_pass "$T.$tag: fenced ($GOT)"
  else wmm_fail "$T.$tag: no fence in$missing (got '$GOT')"; fi
}

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
