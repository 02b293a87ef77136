#!/usr/bin/env bash
# generic_atomics.sh — libatomic's generic atomics (atomics_generic.cc:
# std::atomic of a 12-byte struct, `__atomic_load (12, &x, &ret, order)`
# with the size first): store buffering gets full fences on x86-64,
# ppc64le, aarch64 and armv7, relaxed or seq_cst (their orders are
# libatomic's, none credited); the JSON report's fences are all full and
# order each store before the load after it.  A second thread that only
# stores (-DNOLOAD): no cycle, no fence.  Before, the size was read as the
# object's address and both accesses were dropped: no fence at all.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/atomics_generic.cc

full_only() {
  local tag=$1 kinds; shift
  if ! WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P" "$M" -std=c++20 -pthread "$@"; then
    wmm_fail "$tag: $WMM_ERR"; return
  fi
  kinds=$(echo " $WMM_FENCES" | tr ' ' '\n' | sed -n 's/.*://p' | sort -u | tr '\n' ' ')
  case $T in
    x86) full="mfence " ;; ppc) full="sync " ;; aarch64) full="dmb ish " ;; arm) full="dmb " ;;
  esac
  # (aarch64's kind "dmb ish" splits in two words above: accept ish)
  [ $T = aarch64 ] && kinds=$(echo "$WMM_FENCES" | grep -o 'dmb [a-z]*' | sort -u | tr '\n' ' ')
  if [ -n "$WMM_FENCES" ] && [ "$kinds" = "$full" ] &&
     grep -Eq '"access": *"W", *"location": *"X"' "$WMM_TMP/r.json"; then
    wmm_pass "$tag: $WMM_FENCES"
  else wmm_fail "$tag: fences '$WMM_FENCES' (kinds '$kinds')"; fi
}

check() {
  full_only $T.relaxed
  full_only $T.seqcst -DSEQCST
  if WMM_T_GCC=${WMM_T_GCC/gcc/g++} wmm_report_fences "$P" "$M" -std=c++20 -pthread -DNOLOAD &&
     [ -z "$WMM_FENCES" ]; then wmm_pass "$T.noload: no fence"
  else wmm_fail "$T.noload: '$WMM_FENCES' $WMM_ERR"; fi
}
wmm_each_target check
