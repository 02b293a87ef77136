#!/usr/bin/env bash
# tests/litmus/ir.sh — the IR built for chosen tests, checked exactly against
# tests/litmus/expected/DIR__NAME.ir (DIR = a corpus folder, or "inputs" for
# tests/litmus/inputs/).  To refresh one after a deliberate change:
#   wmmfence-litmus print --ir FILE > tests/litmus/expected/DIR__NAME.ir
# and review the diff.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
here=$WMM_SRCDIR/tests/litmus
for exp in "$here"/expected/*.ir; do
  base=$(basename "$exp" .ir)
  d=${base%%__*}
  n=${base#*__}
  if [ "$d" = inputs ]; then src=$here/inputs/$n.litmus; else src=$WMM_CORPUS/$d/$n.litmus; fi
  got=$("$bin" print --ir "$src" 2>&1)
  if [ "$got" = "$(cat "$exp")" ]; then
    echo "PASS: ir $d/$n"
  else
    echo "FAIL: ir $d/$n"
    diff <(printf '%s\n' "$got") "$exp" | head -n 20
  fi
done
# The hand-written inputs also print back stably.
out=$("$bin" print --roundtrip "$here"/inputs/*.litmus 2>&1)
n=$(ls "$here"/inputs/*.litmus | wc -l)
if [ "$(printf '%s\n' "$out" | tail -n 1)" = "roundtrip: $n files, $n stable, 0 unstable, 0 errors" ]; then
  echo "PASS: roundtrip inputs: $n files"
else
  echo "FAIL: roundtrip inputs"; printf '%s\n' "$out"
fi
