#!/usr/bin/env bash
# ctorture_quick.sh — a sample of GCC's c-torture suite with the plugin
# (arch=power, threads=exported): no internal compiler error, execute tests
# still pass.  The whole suite: `make ctorture` (bench/ctorture_plugin.sh).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
ls /usr/src/gcc-"$major"/gcc-*.tar.* >/dev/null 2>&1 || { echo "SKIP: gcc-$major-source is not installed"; exit 77; }
out=$(WMM_GCC=$WMM_T_GCC WMM_CTORTURE_LIMIT=40 bash "$WMM_SRCDIR/bench/ctorture_plugin.sh" 2>&1)
rc=$?
echo "$out" | grep -v '^FAILED'
echo "$out" | awk '/^(compile|execute) /{ if ($8 == 0 && $10 == 0) print "PASS: c-torture " $1 " " $2 " (" $6 " pass)"; else print "FAIL: c-torture " $1 " " $2 ": " $8 " ICE, " $10 " broken" }'
echo "$out" | grep '^FAILED' | sed 's/^FAILED/FAIL:/'
[ "$rc" -eq 0 ]
