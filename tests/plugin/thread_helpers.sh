#!/usr/bin/env bash
# thread_helpers.sh — per-thread task structs started and joined through
# helpers, as C code writes them (programs/thread_helpers.c; docs/plugin.md
# "Private data", "Threads started through wrappers"): the handle in the
# task and a helper joining the whole array (`wait_all (ts, NT)`), on the
# stack or in a calloc'd array, or the threads started and joined through
# error-checking wrappers (`xcreate (&tid[i], run, &ts[i])`, `xjoin`), or
# through a helper given the task (`spawn (&ts[i])`).
# Each thread's task is its own and main touches it only before the
# thread starts or after the helper joined every thread: no fence added
# on any target (assembly with and without the plugin).  The racy
# variants (a helper joining all but the last thread, the range written
# after the start, a wrapper that also keeps its argument in a global)
# keep message passing's fences in the thread (`run`) on the weak targets
# (x86-TSO needs none for message passing).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/thread_helpers.c

check() {
  wmm_asm_none own "$P"
  wmm_asm_none own_heap "$P" -DHEAP
  wmm_asm_none wrap "$P" -DWRAP
  wmm_asm_none wrap_heap "$P" -DWRAP -DHEAP
  wmm_asm_none spawn "$P" -DSPAWN
  wmm_asm_none spawn_heap "$P" -DSPAWN -DHEAP
  if [ "$T" = x86 ]; then
    wmm_asm_none short "$P" -DSHORT
    return
  fi
  wmm_asm_fenced short "$P" 'run' -DSHORT
  wmm_asm_fenced short_heap "$P" 'run' -DSHORT -DHEAP
  wmm_asm_fenced late "$P" 'run' -DLATE
  wmm_asm_fenced late_wrap "$P" 'run' -DLATE -DWRAP
  wmm_asm_fenced short_spawn "$P" 'run' -DSHORT -DSPAWN
  wmm_asm_fenced late_spawn "$P" 'run' -DLATE -DSPAWN
  wmm_asm_fenced keep "$P" 'run' -DWRAP -DKEEP
}
wmm_each_target check

# The report names no fence for the helpers' programs (x86 and Power).
wmm_target x86 || exit 0
for v in "" -DWRAP -DSPAWN; do
  if ! wmm_report_fences "$P" tso $v; then wmm_fail "report tso $v: $WMM_ERR"
  elif [ "$WMM_COST" = 0 ]; then wmm_pass "report tso $v: cost 0"
  else wmm_fail "report tso $v: cost '$WMM_COST' ($WMM_FENCES)"; fi
done
