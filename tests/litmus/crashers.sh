#!/usr/bin/env bash
# tests/litmus/crashers.sh — inputs that once crashed, hung or broke the round
# trip of the parser (found by the fuzzer, tests/fuzz/): each must now either
# parse and print back stably (`print --roundtrip`, exit 0) or be refused
# with exit 2 and a `file:line: message`, within the time limit.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
cd "$WMM_SRCDIR/tests/litmus/crashers" || exit 1
n=0
for f in *; do
  [ -f "$f" ] || continue
  case $f in README*) continue ;; esac
  n=$((n + 1))
  err=$(timeout 20 "$bin" print --roundtrip -- "$f" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && printf '%s\n' "$err" | head -n 1 | grep -q "^$f:[0-9][0-9]*: "; }; then
    echo "PASS: crasher $f (exit $rc)"
  else
    echo "FAIL: crasher $f (exit $rc): $err"
  fi
done
[ "$n" -gt 0 ] || echo "FAIL: no crasher files found"
