#!/usr/bin/env bash
# varargs.sh — variadic arguments in the points-to analysis
# (threadlocal.cc: each function's varargs node, va_start's va_list,
# VA_ARG), read back from the assembly on every target:
#  - varargs_logged.c: two workers log a job of their own through a
#    variadic function of the unit, which reads it with va_arg, then use
#    it (store buffering between the workers, were the jobs shared): the
#    jobs are private, no fence (before 2026-12-06 every variadic
#    argument escaped: 3 mfences on x86);
#  - -DPUBLISH (a helper given a va_copy keeps the last job in a global)
#    and -DOUTSIDE (the va_list goes to code outside): the jobs are
#    shared, the workers fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

check() {
  wmm_expect_fences "varargs-$T" "$P/varargs_logged.c" ""
  for v in PUBLISH OUTSIDE; do
    wmm_asm_fenced "varargs-$v" "$P/varargs_logged.c" worker -D$v
  done
}
wmm_each_target check
