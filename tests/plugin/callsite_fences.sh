#!/usr/bin/env bash
# callsite_fences.sh — a fence that orders one call of a small callee
# against the next goes between the calls, in the caller, not inside the
# callee, where every call of it would run one (collect.cc marks each call
# site collected in place; placement.c prefers a place of the caller's
# own to a shared one of the same cost).  Message passing through inline
# relaxed-atomic accessors
# (programs/callsite_mp.c) and through relaxed std::atomic members
# (programs/callsite_mp.cc): one fence in the writer and one in the
# reader on ppc64le, aarch64 and armhf (before: four, one inside each
# accessor copy, the reader's in its spin loop), none on x86-64; the
# report names the threads' functions, not the accessors.  The programs'
# soundness across styles: styles_*.sh (s08, s09: the same accessors, read
# back and checked with the model).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# total N ASM: how many fence instructions the assembly has
total() { wmm_fence_counts "$1" | tr ' ' '\n' | awk -F: '{ n += $NF } END { print n + 0 }'; }

one_target() {
  local want=2 v got
  [ "$T" = x86 ] && want=0
  for v in "" -DTHREE; do
    wmm_compile_asm "$T.c$v" "$P/callsite_mp.c" -pthread $v || continue
    got=$(wmm_fence_counts "$WMM_TMP/$T.c$v.s")
    if [ "$want" = 0 ]; then
      [ -z "$got" ] && wmm_pass "$T.c$v: no fence" || wmm_fail "$T.c$v: got '$got', expected none"
    elif [ "$got" = "reader:1 writer:1" ]; then wmm_pass "$T.c$v: one fence in each thread"
    else wmm_fail "$T.c$v: got '$got', expected 'reader:1 writer:1'"; fi
    if grep -q '"function": "\(put\|get\)"' "$WMM_TMP/$T.c$v.json"; then
      wmm_fail "$T.c$v: the report places a fence in an accessor"
    else wmm_pass "$T.c$v: no fence in put or get"; fi
  done
  local gxx=${WMM_T_GCC/gcc/g++}
  if ! "$gxx" -std=c++17 -O2 -pthread -S -o "$WMM_TMP/$T.cc.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$T.cc.json" "$P/callsite_mp.cc" 2> "$WMM_TMP/err"; then
    wmm_fail "$T.cc: compiling: $(head -n 3 "$WMM_TMP/err")"
    return
  fi
  got=$(total "$WMM_TMP/$T.cc.s")
  [ "$got" = "$want" ] && wmm_pass "$T.cc: $want fences" || wmm_fail "$T.cc: $got fences, expected $want"
  if grep -q '"function": "std::' "$WMM_TMP/$T.cc.json"; then
    wmm_fail "$T.cc: the report places a fence in libstdc++'s code"
  else wmm_pass "$T.cc: fences in the lambdas only"; fi
}
wmm_each_target one_target
