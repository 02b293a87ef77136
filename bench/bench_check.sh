#!/usr/bin/env bash
# bench/bench_check.sh — time `wmmfence-litmus check` on each corpus folder
# the way herd7 was timed (one process per folder, every file on the command
# line, the folder's default model; x86 under sc, tso, pso and rmo) and print
# the ratio to herd7 7.57's times in tests/corpus/timing.txt.
# Usage: bench/bench_check.sh [BUILDDIR]   (default: the repository root)
set -eu
. "$(dirname "$0")/corpus_lib.sh"

printf '%-14s %6s %7s %12s %12s %10s %9s\n' folder tests models wmmfence_s herd7_s ms/check speedup
for spec in "${corpus_timed_specs[@]}"; do
  set -- $spec
  folder=$1
  shift
  n=$(ls "$corpus/$folder"/*.litmus | wc -l)
  ours=$(corpus_time check "$folder" "$@")
  herd=$(herd_secs "$folder")
  awk -v f="$folder/" -v n="$n" -v k="$#" -v o="$ours" -v h="$herd" 'BEGIN {
    printf "%-14s %6d %7d %12.3f %12.1f %10.3f %8.0fx\n", f, n, k, o, h, 1000 * o / (n * k), h / o }'
done
# Folders herd7 was not timed on.
for spec in "${corpus_other_specs[@]}"; do
  set -- $spec
  folder=$1
  shift
  n=$(ls "$corpus/$folder"/*.litmus | wc -l)
  ours=$(corpus_time check "$folder" "$@")
  awk -v f="$folder/" -v n="$n" -v k="$#" -v o="$ours" 'BEGIN {
    printf "%-14s %6d %7d %12.3f %12s %10.3f %9s\n", f, n, k, o, "-", 1000 * o / (n * k), "-" }'
done
# The whole verdicts.tsv in one process (what tests/models/corpus.sh runs).
t0=$(now)
"$bin" check --verdicts "$corpus/verdicts.tsv" | tail -n 1
t1=$(now)
echo "$t0 $t1" | awk '{ printf "verdicts.tsv in one process: %.3f s\n", $2 - $1 }'
