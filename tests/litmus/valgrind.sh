#!/usr/bin/env bash
# tests/litmus/valgrind.sh — no leak or invalid access on a few good and bad
# inputs (valgrind memcheck; skipped when valgrind is not installed).  Blocks
# still reachable at exit are not leaks (libz3's static initialisers keep some).
set -u
command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed"; exit 77; }
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
src=$WMM_SRCDIR/tests/litmus
run() {  # name, expected exit status, args...
  local name=$1 want=$2; shift 2
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 \
    "$bin" "$@" >/dev/null 2>/tmp/wmm-vg.$$
  local rc=$?
  if [ "$rc" -eq "$want" ] && ! grep -q '^==' /tmp/wmm-vg.$$; then
    echo "PASS: valgrind $name"
  else
    echo "FAIL: valgrind $name (exit $rc)"; head -n 20 /tmp/wmm-vg.$$
  fi
}
run "roundtrip ppc/CoWR2" 0 print --roundtrip "$WMM_CORPUS/ppc/CoWR2.litmus"
run "roundtrip inputs" 0 print --roundtrip "$src"/inputs/*.litmus
run "ir armv7/RSW" 0 print --ir "$WMM_CORPUS/armv7/RSW.litmus"
run "errors" 2 print "$src"/errors/bad-cond.litmus "$src"/errors/undefined-label.litmus \
  "$src"/errors/c-control.litmus "$src"/errors/deep-condition.litmus \
  "$src"/errors/missing-thread.litmus "$src"/errors/bad-reg.litmus
rm -f /tmp/wmm-vg.$$
