#!/usr/bin/env bash
# cxx_ptr_publish.sh — a heap message published through std::atomic<Msg *>
# (programs/cxx_ptr_publish.cc): release store, acquire load, each call of
# libstdc++'s load / store giving its own memory order (collect.cc
# site_context) and the loaded pointer seen where the caller uses it
# (wmm_site.result): no fence added on x86-64, ppc64le, aarch64, armv7,
# nor in the report of the x86-64 compiler under the models power, armv8
# and armv7 (before: 2 fences in each, the calls' orders taken for the
# weakest, relaxed).  -DRELAXED (relaxed store) and -DRELAXED_LOAD
# (relaxed load): fences added on the weak targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_ptr_publish.cc

one_target() {
  wmm_asm_none publish "$P"
  # (the report too: a fence the placement wants may fall where the
  # compiler's own for the acquire load already is)
  if wmm_report_fences "$P" "$M" -std=c++17 -pthread -x c++; then
    if [ -z "$WMM_FENCES" ]; then wmm_pass "$T.publish: the report has no fence"
    else wmm_fail "$T.publish: report fences '$WMM_FENCES'"; fi
  else wmm_fail "$T.publish: $WMM_ERR"; fi
  [ "$T" = x86 ] && return
  local v
  for v in RELAXED RELAXED_LOAD; do
    wmm_asm_pair "$v" "$P" -D$v || continue
    if [ "$GOT" != "$BASE" ]; then wmm_pass "$T.$v: fenced ($GOT)"
    else wmm_fail "$T.$v: no fence added ('$GOT')"; fi
  done
}

wmm_each_target one_target

# the x86-64 compiler under the weak models
if wmm_target x86; then
  for M in power armv8 armv7; do
    if wmm_report_fences "$P" "$M" -std=c++17 -pthread -x c++; then
      if [ -z "$WMM_FENCES" ]; then wmm_pass "x86 under $M: the report has no fence"
      else wmm_fail "x86 under $M: report fences '$WMM_FENCES'"; fi
    else wmm_fail "x86 under $M: $WMM_ERR"; fi
    wmm_report_fences "$P" "$M" -std=c++17 -pthread -x c++ -DRELAXED_LOAD &&
      if [ -n "$WMM_FENCES" ]; then wmm_pass "x86 under $M -DRELAXED_LOAD: $WMM_FENCES"
      else wmm_fail "x86 under $M -DRELAXED_LOAD: no fence"; fi
  done
fi
