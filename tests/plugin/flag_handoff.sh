#!/usr/bin/env bash
# flag_handoff.sh — reads that a flag hand-off orders after the writes
# they would have to miss (docs/placement.md, "Flag hand-offs";
# analysis/placement/syncread.c): a message published with a release
# store of a flag and read after an acquire wait loop, in C with the
# __atomic builtins (flag_handoff.c) and in C++ with std::atomic<bool>
# (cxx_flag_handoff.cc), gets no fence on x86-64, ppc64le, aarch64 and
# armv7 (before: an lwsync / dmb in each thread on the weak targets).
# Variants that keep fences on the weak targets (the JSON report's
# functions): a relaxed flag store (the producer), a relaxed load (the
# consumer), the message read before the wait too (the consumer), two
# producers, a second store of the flag in main, or a flag that its
# struct's initializer already sets (both; in C++ a std::atomic<bool>
# initialized true).  The bundled
# BMC checks the unfenced default on Power: safe.
# A plain (volatile) flag and a message of three words (-DPLAIN): the
# flag's own cycle needs a fence in each thread, and the message's
# cycles need nothing beyond it (placement.c handoff_needs): exactly one
# fence in the producer and one in the consumer on the weak targets
# (three each before), none on x86, also where the flag is a pointer to
# the message (-DPOINTER: `box = &msg`, `while (!(m = box)) ;`, a store
# the front end finds non-null); the BMC finds the fenced code safe
# and the code as written unsafe on each weak target; two producers
# (-DPLAIN -DTWO) keep more.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# fenced TAG SRC "FUNCTION..." OPTION...: each function has a fence in
# the report.
fenced() {
  local tag=$1 src=$2 fns=$3 fn; shift 3
  if ! wmm_report_fences "$src" "$M" "$@"; then wmm_fail "$T $tag: $WMM_ERR"; return; fi
  for fn in $fns; do
    case " $WMM_FENCES " in
      *" $fn:"*) wmm_pass "$T $tag: $fn fenced" ;;
      *) wmm_fail "$T $tag: no fence in $fn ('$WMM_FENCES')" ;;
    esac
  done
}

none() {
  local tag=$1 src=$2; shift 2
  if ! wmm_report_fences "$src" "$M" "$@"; then wmm_fail "$T $tag: $WMM_ERR"; return; fi
  if [ -z "$WMM_FENCES" ]; then wmm_pass "$T $tag: no fence"
  else wmm_fail "$T $tag: '$WMM_FENCES', expected no fence"; fi
}

# one_each TAG OPTION...: exactly one fence in the producer and one in the
# consumer (the report's).
one_each() {
  local tag=$1; shift
  if wmm_report_fences "$P/flag_handoff.c" "$M" "$@"; then
    local f=" $WMM_FENCES "
    if [[ $f == *" consumer:"* && $f == *" producer:"* ]] &&
       [ "$WMM_NFENCES" = 2 ]; then
      wmm_pass "$T $tag: one fence in each thread ($WMM_FENCES)"
    else wmm_fail "$T $tag: '$WMM_FENCES', expected one fence in each thread"; fi
  else wmm_fail "$T $tag: $WMM_ERR"; fi
}

check() {
  none c "$P/flag_handoff.c"
  # the assembly has GCC's own fences for the two orders, no more
  if wmm_compile_asm $T.asm "$P/flag_handoff.c" &&
     "$WMM_T_GCC" -O2 -pthread -S -o "$WMM_TMP/plain.s" "$P/flag_handoff.c"; then
    local got want
    got=$(wmm_fence_counts "$WMM_TMP/$T.asm.s")
    want=$(wmm_fence_counts "$WMM_TMP/plain.s")
    if [ "$got" = "$want" ]; then wmm_pass "$T asm: the fences GCC emits without the plugin (${want:-none})"
    else wmm_fail "$T asm: '$got', without the plugin '$want'"; fi
  fi
  WMM_T_GCC=${WMM_T_GCC/gcc/g++} none cxx "$P/cxx_flag_handoff.cc"
  [ $T = x86 ] && return
  fenced relaxed_store "$P/flag_handoff.c" "producer" -DRELAXED_STORE
  fenced relaxed_load "$P/flag_handoff.c" "consumer" -DRELAXED_LOAD
  fenced nowait "$P/flag_handoff.c" "consumer" -DNOWAIT
  fenced two "$P/flag_handoff.c" "consumer producer" -DTWO
  fenced other "$P/flag_handoff.c" "consumer producer" -DOTHER
  fenced starts_set "$P/flag_handoff.c" "consumer producer" -DSTARTS_SET
  if WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx_flag_handoff.cc" "$M" -DRELAXED &&
     [ -n "$WMM_FENCES" ]; then wmm_pass "$T cxx_relaxed: fenced ($WMM_FENCES)"
  else wmm_fail "$T cxx_relaxed: no fence"; fi
  if WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P/cxx_flag_handoff.cc" "$M" -DSTARTS_SET &&
     [ -n "$WMM_FENCES" ]; then wmm_pass "$T cxx_starts_set: fenced ($WMM_FENCES)"
  else wmm_fail "$T cxx_starts_set: no fence"; fi
  one_each plain -DPLAIN
  one_each plain_pointer -DPLAIN -DPOINTER
  if wmm_report_fences "$P/flag_handoff.c" "$M" -DPLAIN -DTWO &&
     [ "$WMM_NFENCES" -gt 2 ]; then
    wmm_pass "$T plain_two: fenced more ($WMM_FENCES)"
  else wmm_fail "$T plain_two: '$WMM_FENCES', expected more than two fences"; fi
  local mode want
  for mode in insert report; do
    case $mode in insert) want="safe" ;; report) want="unsafe" ;; esac
    "$WMM_T_GCC" -O2 -pthread -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-arch="$M" -fplugin-arg-wmmfence-check \
      -fplugin-arg-wmmfence-mode=$mode -DASSERT -DPLAIN "$P/flag_handoff.c" \
      2> "$WMM_TMP/check_plain.txt"
    if grep -q "check ($M, mode=$mode, assertions): $want" "$WMM_TMP/check_plain.txt"; then
      wmm_pass "$T plain BMC ($mode): $want"
    else wmm_fail "$T plain BMC ($mode): $(grep -m2 check "$WMM_TMP/check_plain.txt")"; fi
  done
  if [ $T = ppc ]; then
    "$WMM_T_GCC" -O2 -pthread -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-check \
      -DASSERT "$P/flag_handoff.c" 2> "$WMM_TMP/check.txt"
    if grep -q "check (power, mode=insert, assertions): safe" "$WMM_TMP/check.txt"; then
      wmm_pass "ppc: the BMC finds the unfenced hand-off safe"
    else wmm_fail "ppc BMC: $(grep -m2 check "$WMM_TMP/check.txt")"; fi
  fi
}
wmm_each_target check
