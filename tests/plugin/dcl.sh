#!/usr/bin/env bash
# dcl.sh — double-checked initialisation (plugin/dclonce.cc; docs/plugin.md,
# "Double-checked initialisation"): dcl_config.c's getter tests a plain
# flag, takes a mutex, tests it again and, when still clear, writes the
# config and sets the flag.  The block runs at most once, so the config and
# the flag have one writer, and the reads after the getter need nothing
# but the flag's message passing (analysis/placement/syncread.c, a
# once-group's guards): two fences on the weak targets (six full fences
# before), none on x86; the bundled BMC finds the fenced code safe and the
# code as written unsafe (its assertions, -DASSERT) on Power, ARMv8 and
# ARMv7.  Variants that keep more fences: the second test without the
# mutex (-DNOLOCK: two initialisers), the second test of a value loaded
# before the mutex was taken (-DSTALE), a worker clearing the flag again
# (-DRESET), the config also written outside the block (-DOUTSIDE).  The
# config written by a function only the block calls (-DINITFN) is the
# block's too (two fences); called outside as well, it is not.  The
# flag with C11 atomics (-DATOMIC: acquire tests, a release store) needs
# no fence at all (six full fences before).  A getter called in a loop
# (-DLOOP) gets the same two once the cycle search completes
# (max-cycles=0; the default bound gives way to the per-pair fallback),
# the BMC agreeing; without the mutex it keeps more.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/dcl_config.c

# count TAG OPTION...: sets N to the number of fences in the report
count() {
  local tag=$1; shift
  if ! wmm_report_fences "$P" "$M" -pthread "$@"; then
    wmm_fail "$T $tag: $WMM_ERR"; N=-1; return 1
  fi
  N=$WMM_NFENCES
}

check() {
  count default -fplugin-arg-wmmfence-verbose || return
  local want=2
  [ $T = x86 ] && want=0
  if [ "$N" = $want ]; then wmm_pass "$T default: $N fences ($WMM_FENCES)"
  else wmm_fail "$T default: $N fences ($WMM_FENCES), expected $want"; fi
  if grep -q "double-checked initialisation" "$WMM_TMP/r.json"; then
    wmm_pass "$T default: the report says which locations have one writer"
  else wmm_fail "$T default: no note on the double-checked block"; fi
  count initfn -DINITFN || return
  if [ "$N" = $want ]; then wmm_pass "$T INITFN: $N fences (the writes in a function only the block calls)"
  else wmm_fail "$T INITFN: $N fences ($WMM_FENCES), expected $want"; fi
  # a getter called in a loop: the search completes with max-cycles=0,
  # and a second run of the block or writes by two threads are no cycles
  count loop -DLOOP -fplugin-arg-wmmfence-max-cycles=0 || return
  if [ "$N" = $want ]; then wmm_pass "$T LOOP: $N fences (a getter called in a loop)"
  else wmm_fail "$T LOOP: $N fences ($WMM_FENCES), expected $want"; fi
  count atomic -DATOMIC || return
  if [ "$N" = 0 ]; then wmm_pass "$T ATOMIC: no fence (the acquire and release are all it needs)"
  else wmm_fail "$T ATOMIC: $N fences ($WMM_FENCES), expected none"; fi
  [ $T = x86 ] && return
  local v
  for v in NOLOCK STALE RESET OUTSIDE "INITFN -DOUTSIDE" \
           "LOOP -DNOLOCK -fplugin-arg-wmmfence-max-cycles=0"; do
    # shellcheck disable=SC2086
    count "$v" -D$v || continue
    if [ "$N" -gt 2 ]; then wmm_pass "$T $v: $N fences (more than the block's two)"
    else wmm_fail "$T $v: $N fences ($WMM_FENCES), expected more than 2"; fi
  done
  count nolock_note -DNOLOCK -fplugin-arg-wmmfence-verbose &&
    if grep -q "double-checked initialisation" "$WMM_TMP/r.json"; then
      wmm_fail "$T NOLOCK: a block without the mutex taken for one that runs once"
    else wmm_pass "$T NOLOCK: no block that runs once"; fi
  local mode want_bmc loop
  for loop in "" "-DLOOP -fplugin-arg-wmmfence-max-cycles=0"; do
    for mode in insert report; do
      case $mode in insert) want_bmc=safe ;; report) want_bmc=unsafe ;; esac
      # shellcheck disable=SC2086
      "$WMM_T_GCC" -O2 -pthread -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
        -fplugin-arg-wmmfence-arch="$M" -fplugin-arg-wmmfence-check \
        -fplugin-arg-wmmfence-mode=$mode -DASSERT $loop "$P" 2> "$WMM_TMP/bmc.txt"
      if grep -q "check ($M, mode=$mode, assertions): $want_bmc" "$WMM_TMP/bmc.txt"; then
        wmm_pass "$T BMC ($mode${loop:+, loop}): $want_bmc"
      else wmm_fail "$T BMC ($mode${loop:+, loop}): $(grep -m2 check "$WMM_TMP/bmc.txt")"; fi
    done
  done
}
wmm_each_target check
