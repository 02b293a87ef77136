#!/usr/bin/env bash
# tests/bmc/corpus.sh — the bounded model checker against herd7 7.57 on the
# whole litmus corpus (tests/corpus/verdicts.tsv: every test and model),
# with every Allowed verdict's witness validated by the explicit checker.
# One PASS/FAIL line per model (how many tests agree), one FAIL line per
# mismatch or invalid witness.  `make check-bmc-corpus` prints the timing.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
tsv=$WMM_CORPUS/verdicts.tsv
out=$("$bin" bmc --verdicts "$tsv" --check-witness 2>&1)
rc=$?
printf '%s\n' "$out" | grep '^DIFF \|^BADWITNESS ' | sed 's/^/FAIL: /'
for m in sc tso pso rmo power armv7 armv8; do
  total=$(awk -F'\t' -v m="$m" '$2 == m' "$tsv" | wc -l)
  bad=$(printf '%s\n' "$out" | grep -c "^DIFF [^ ]* $m:\|^BADWITNESS [^ ]* $m:")
  if [ "$total" -gt 0 ] && [ "$bad" -eq 0 ]; then
    echo "PASS: corpus $m: $total tests agree with herd7"
  else
    echo "FAIL: corpus $m: $bad of $total tests differ or have a bad witness"
  fi
done
last=$(printf '%s\n' "$out" | tail -n 2)
echo "# $last" | tr '\n' ' '; echo
if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^DIFF \|^BADWITNESS '; then
  echo "FAIL: bmc --verdicts exited $rc"
  printf '%s\n' "$out" | tail -n 5
fi
