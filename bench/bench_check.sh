#!/usr/bin/env bash
# bench/bench_check.sh — time `wmmfence-litmus check` on each corpus folder
# the way herd7 was timed (one process per folder, every file on the command
# line, the folder's default model; x86 under sc, tso, pso and rmo) and print
# the ratio to herd7 7.57's times in tests/corpus/timing.txt.
# Usage: bench/bench_check.sh [BUILDDIR]   (default: the repository root)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-${WMM_BUILDDIR:-$src}}
bin=$build/tools/wmmfence-litmus
corpus=$src/tests/corpus
[ -x "$bin" ] || { echo "bench_check: $bin not built" >&2; exit 2; }

now() { date +%s.%N; }

# herd7 seconds for a folder from timing.txt ("ppc/  1979 tests  128.8 s ...")
herd_secs() {
  awk -v f="$1/" '$1 == f { for (i = 2; i < NF; i++) if ($(i + 1) == "s") { print $i; exit } }' \
    "$corpus/timing.txt"
}

# run FOLDER MODEL...: total seconds for all models (empty MODEL = default)
run() {
  local folder=$1
  shift
  local t0 t1
  t0=$(now)
  for m in "$@"; do
    if [ "$m" = default ]; then
      "$bin" check "$corpus/$folder"/*.litmus >/dev/null
    else
      "$bin" check --model "$m" "$corpus/$folder"/*.litmus >/dev/null
    fi
  done
  t1=$(now)
  echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}

printf '%-14s %6s %7s %12s %12s %10s %9s\n' folder tests models wmmfence_s herd7_s ms/check speedup
for spec in "ppc default" "armv7 default" "aarch64 default" "x86 sc tso pso rmo"; do
  set -- $spec
  folder=$1
  shift
  n=$(ls "$corpus/$folder"/*.litmus | wc -l)
  ours=$(run "$folder" "$@")
  herd=$(herd_secs "$folder")
  awk -v f="$folder/" -v n="$n" -v k="$#" -v o="$ours" -v h="$herd" 'BEGIN {
    printf "%-14s %6d %7d %12.3f %12.1f %10.3f %8.0fx\n", f, n, k, o, h, 1000 * o / (n * k), h / o }'
done
# Folders herd7 was not timed on.
for spec in "plain/X86 sc tso pso rmo" "plain/PPC default" "plain/ARM default" \
            "plain/AArch64 default" "c sc tso pso rmo power armv7 armv8"; do
  set -- $spec
  folder=$1
  shift
  n=$(ls "$corpus/$folder"/*.litmus | wc -l)
  ours=$(run "$folder" "$@")
  awk -v f="$folder/" -v n="$n" -v k="$#" -v o="$ours" 'BEGIN {
    printf "%-14s %6d %7d %12.3f %12s %10.3f %9s\n", f, n, k, o, "-", 1000 * o / (n * k), "-" }'
done
# The whole verdicts.tsv in one process (what tests/models/corpus.sh runs).
t0=$(now)
"$bin" check --verdicts "$corpus/verdicts.tsv" | tail -n 1
t1=$(now)
echo "$t0 $t1" | awk '{ printf "verdicts.tsv in one process: %.3f s\n", $2 - $1 }'
