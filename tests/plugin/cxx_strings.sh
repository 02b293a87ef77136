#!/usr/bin/env bash
# cxx_strings.sh — std::string locals in threads (plugin/libfns.cc
# wmm_std_string_method, memloc.cc call_keeps_no_copy): std::string's
# members, inline in the unit or compiled into libstdc++, keep no pointer
# to a string but its own small buffer's address in its data pointer, so
# a local string whose address goes only to them stays its thread's own
# (no location of the IR names it).  cxx_string_locals.cc: `body`, built
# with operator= and operator+=, is no location; a pointer into it stored
# in a global (-DLEAK, body.c_str ()) or an iterator into it kept there
# (-DITER) make it one, and the thread's accesses to it stay shared.
# The fences of the JSON report on tso and power are checked too: the
# private local takes part in no cycle, the leaked one does.
# cxx_string_mp.cc (a string published by a release store, compared by
# the consumer with operator==): a compiled const member writes nothing
# (collect.cc), no fence on x86; relaxed atomics keep message passing's
# fences on Power.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_string_locals.cc
GXX=${WMM_T_GCC/gcc/g++}

# run TAG ARCH [OPTIONS...]: IR dump and JSON report of the program
run() { local tag=$1 arch=$2; shift 2; wmm_ir_report "$tag" "$P" "$arch" "$@"; }
# named TAG: does the IR name the local `body` as a location?
named() { grep -q 'save\.body' "$WMM_TMP/$1.ir"; }
# in_cycles TAG: does a witness cycle of the report go through `body`?
in_cycles() { grep -q '"location": *"save\.body' "$WMM_TMP/$1.json"; }

for arch in tso power; do
  if run "$arch.private" "$arch"; then
    if named "$arch.private"; then
      wmm_fail "$arch: the local string body is a shared location"
    else wmm_pass "$arch: the local string body stays the thread's own"; fi
  fi
  for v in LEAK ITER; do
    run "$arch.$v" "$arch" -D$v || continue
    if named "$arch.$v"; then
      wmm_pass "$arch -D$v: body escapes, its accesses stay shared"
    else wmm_fail "$arch -D$v: body taken for the thread's own"; fi
  done
done
# the leaked local's characters order against main's read of them: on
# power a witness cycle goes through body
if in_cycles power.LEAK; then
  wmm_pass "power -DLEAK: a witness cycle goes through body"
else wmm_fail "power -DLEAK: no witness cycle through body"; fi
# cxx_string_mp.cc: a compiled const member (compare, through operator==)
# writes nothing, so the consumer's comparison is no store that could
# meet the int: no fence on x86 (2 mfences before); relaxed atomics keep
# message passing's fences on Power (the pointer's store and the
# consumer)
S=$WMM_TESTDIR/programs/cxx_string_mp.cc
if WMM_T_GCC=$GXX wmm_report_fences "$S" tso; then
  if [ -z "$WMM_FENCES" ]; then wmm_pass "string_mp tso: no fence"
  else wmm_fail "string_mp tso: got '$WMM_FENCES', expected none"; fi
else wmm_fail "string_mp tso: $WMM_ERR"; fi
if WMM_T_GCC=$GXX wmm_report_fences "$S" power -DRELAXED; then
  case " $WMM_FENCES " in
    *"::store:lwsync"*) ;;
    *) wmm_fail "string_mp power -DRELAXED: no fence before the pointer's store ('$WMM_FENCES')" ;;
  esac
  case " $WMM_FENCES " in
    *" consumer:"*) wmm_pass "string_mp power -DRELAXED: fenced ($WMM_FENCES)" ;;
    *) wmm_fail "string_mp power -DRELAXED: no fence in the consumer ('$WMM_FENCES')" ;;
  esac
else wmm_fail "string_mp power -DRELAXED: $WMM_ERR"; fi
if WMM_T_GCC=$GXX wmm_report_fences "$S" power; then
  case " $WMM_FENCES " in
    *"::store:"*) wmm_fail "string_mp power: a fence before the release store ('$WMM_FENCES')" ;;
    *) wmm_pass "string_mp power: the release store needs no fence ($WMM_FENCES)" ;;
  esac
else wmm_fail "string_mp power: $WMM_ERR"; fi
# cxx_to_string.cc: std::to_string's digits come from read-only data that
# holds no pointer (threadlocal.cc), so the local message's characters
# touch only its own buffer: message passing costs x86 nothing and Power
# one lwsync on each side (7 fences, cost 25, before 2026-12-07)
S=$WMM_TESTDIR/programs/cxx_to_string.cc
for m in tso power; do
  case $m in tso) want=0 ;; power) want=2 ;; esac
  if WMM_T_GCC=$GXX wmm_report_fences "$S" $m -std=c++17; then
    if [ "$WMM_COST" = "$want" ]; then wmm_pass "to_string $m: cost $want ($WMM_FENCES)"
    else wmm_fail "to_string $m: cost '$WMM_COST' ($WMM_FENCES), expected $want"; fi
  else wmm_fail "to_string $m: $WMM_ERR"; fi
done
