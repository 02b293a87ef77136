#!/usr/bin/env bash
# tests/models/corpus.sh — every line of tests/corpus/verdicts.tsv (about
# 6,960 test x model pairs) checked in one process; one PASS/FAIL line per
# model, one FAIL line per mismatch.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
tsv=$WMM_CORPUS/verdicts.tsv
out=$("$bin" check --verdicts "$tsv" 2>&1)
rc=$?
echo "$out" | grep '^DIFF ' | sed 's/^DIFF /FAIL: /'
echo "$out" | grep -v '^DIFF ' | grep -v ' agree, ' | sed 's/^/error: /'
for m in sc tso pso rmo power armv7 armv8; do
  want=$(awk -F'\t' -v m="$m" '$2 == m' "$tsv" | wc -l)
  bad=$(echo "$out" | grep -c "^DIFF [^ ]* $m:")
  if [ "$want" -gt 0 ] && [ "$bad" -eq 0 ] && [ "$rc" -ne 2 ]; then
    echo "PASS: corpus $m ($want verdicts agree with herd7)"
  else
    echo "FAIL: corpus $m ($bad of $want verdicts differ, exit $rc)"
  fi
done
echo "$out" | tail -n 1
