#!/usr/bin/env bash
# tests/models/unit.sh — the relation algebra and the seven models on the
# classic litmus shapes (unit programs tests/unit/rel_test, model_test).
set -u
ok=0
for prog in rel_test model_test; do
  bin=$WMM_BUILDDIR/tests/unit/$prog
  if [ ! -x "$bin" ]; then
    (cd "$WMM_BUILDDIR" && make -s "tests/unit/$prog" >/dev/null 2>&1)
  fi
  if [ ! -x "$bin" ]; then
    echo "FAIL: $prog was not built"
    ok=1
    continue
  fi
  "$bin" || ok=1
done
exit $ok
