#!/usr/bin/env bash
# tests/placement/corpus.sh — soundness of `fence` over the whole corpus
# (tests/corpus/verdicts.tsv, every test and model): each test herd7 calls
# Allowed is Forbidden after fencing (fenced test printed, parsed back and
# checked); each test herd7 calls Forbidden gets no fence.  The same with
# the greedy cover, with GLPK made to fail, with every cycle fenced
# (--all-cycles) and with the per-pair fallback forced (--max-cycles 1).
set -u
sweep=$WMM_BUILDDIR/tests/unit/placement_sweep
V=$WMM_CORPUS/verdicts.tsv

# run NAME ARGS...: no FAIL line, and the summary's counts add up
run() {
  local name=$1
  shift
  local out
  out=$("$sweep" --quiet "$@" "$V" "$WMM_CORPUS")
  local summary
  summary=$(printf '%s\n' "$out" | tail -n 1)
  local fails
  fails=$(printf '%s\n' "$out" | grep -c '^FAIL' || true)
  # allowed A fixed F ...: F must equal A; forbidden B untouched U: U = B
  local a f b u
  a=$(printf '%s' "$summary" | sed -n 's/^allowed \([0-9]*\) fixed \([0-9]*\).*/\1/p')
  f=$(printf '%s' "$summary" | sed -n 's/^allowed \([0-9]*\) fixed \([0-9]*\).*/\2/p')
  b=$(printf '%s' "$summary" | sed -n 's/.*forbidden \([0-9]*\) untouched \([0-9]*\).*/\1/p')
  u=$(printf '%s' "$summary" | sed -n 's/.*forbidden \([0-9]*\) untouched \([0-9]*\).*/\2/p')
  if [ "$fails" -eq 0 ] && [ -n "$a" ] && [ "$a" -gt 0 ] && [ "$a" = "$f" ] && [ "$b" = "$u" ]; then
    echo "PASS: $name ($summary)"
  else
    echo "FAIL: $name ($summary)"
    printf '%s\n' "$out" | grep '^FAIL' | head -n 20
  fi
}

run "corpus: every allowed test fixed, forbidden ones untouched"
run "corpus, greedy cover" --greedy
run "corpus, GLPK failure injected" --ilp-fault
run "corpus, every critical cycle fenced" --all-cycles
run "corpus, per-pair fallback forced" --all-cycles --max-cycles 1
