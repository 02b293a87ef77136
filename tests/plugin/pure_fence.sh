#!/usr/bin/env bash
# pure_fence.sh — a fence inside a function declared pure
# (programs/pure_fence.c: message passing read through `both`, pure).
# The placement puts the reader's fence inside `both`; the plugin then
# takes `both` for a function that writes memory and gives its callers'
# calls a virtual definition (plugin/emit.cc, update_call).  Each target
# compiles it (before 2026-12-01 GCC ran out of memory on every target
# but x86, whose fences it needs none of), with a fence in `both` on
# ppc64le, aarch64 and armv7; on x86-64 the program also runs, and a
# whole-program build (-flto, Power's fences as __atomic_thread_fence)
# links and runs.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/pure_fence.c

check_target() {
  wmm_compile_asm "$T.pure" "$P" || return
  local got
  got=$(wmm_fence_counts "$WMM_TMP/$T.pure.s")
  if [ $T = x86 ]; then
    wmm_pass "$T: compiles (fences '${got:-none}')"
    return
  fi
  case " $got " in
    *" both:"*) wmm_pass "$T: a fence in both ($got)" ;;
    *) wmm_fail "$T: fences '$got' (the reads in both need one)" ;;
  esac
}
wmm_each_target check_target

if wmm_target x86; then
  T=x86
  if "$WMM_T_GCC" -O2 -pthread -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
       -o "$WMM_TMP/pure" "$P" 2> "$WMM_TMP/run.err" && "$WMM_TMP/pure"; then
    wmm_pass "x86: runs and exits 0"
  else wmm_fail "x86: build or run failed: $(head -n 3 "$WMM_TMP/run.err")"; fi
  F=(-O2 -flto -pthread -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet
     -fplugin-arg-wmmfence-arch=power)
  if "$WMM_T_GCC" "${F[@]}" -c -o "$WMM_TMP/pure.o" "$P" 2> "$WMM_TMP/lto.err" &&
     "$WMM_T_GCC" "${F[@]}" -o "$WMM_TMP/pure-lto" "$WMM_TMP/pure.o" 2>> "$WMM_TMP/lto.err" &&
     "$WMM_TMP/pure-lto"; then
    wmm_pass "x86 -flto (power's placement): links and runs"
  else wmm_fail "x86 -flto (power's placement): $(grep -m 3 -i 'error\|exhausted' "$WMM_TMP/lto.err")"; fi
fi
