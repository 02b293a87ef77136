#!/usr/bin/env bash
# bench/bench_bmc.sh — the bounded model checker's speed.
#  1. Time per test on the corpus: `wmmfence-litmus bmc` and `check` (the
#     explicit checker) on each folder, one process per folder as herd7 was
#     timed, with herd7 7.57's recorded time (tests/corpus/timing.txt).
#  2. Growth on generated programs of 10 ... 10^4 events (bench/bmc_scale):
#     formula size and BMC time against enumeration, per model.
# Usage: bench/bench_bmc.sh [BUILDDIR] [-- bmc_scale options]
# Example: bench/bench_bmc.sh build -- --sizes 10,100,1000 --timeout 20
set -eu
. "$(dirname "$0")/corpus_lib.sh"
scale_args=()
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then shift; scale_args=("$@"); break; fi
  shift
done

echo "== time per test on the corpus (ms per test and model, wall clock)"
printf '%-14s %6s %7s %10s %10s %10s %11s %11s\n' folder tests models check_ms bmc_ms herd7_ms bmc/check herd7/bmc
for spec in "${corpus_timed_specs[@]}" "${corpus_other_specs[@]}"; do
  set -- $spec
  folder=$1
  shift
  n=$(ls "$corpus/$folder"/*.litmus | wc -l)
  chk=$(corpus_time check "$folder" "$@")
  bmc=$(corpus_time bmc "$folder" "$@")
  herd=$(herd_secs "$folder")
  awk -v f="$folder/" -v n="$n" -v k="$#" -v c="$chk" -v b="$bmc" -v h="${herd:--}" 'BEGIN {
    per = 1000 / (n * k)
    hs = h == "-" ? "-" : sprintf("%.2f", h * per)
    hr = h == "-" ? "-" : sprintf("%.1fx", h / b)
    printf "%-14s %6d %7d %10.3f %10.2f %10s %10.0fx %11s\n", f, n, k, c * per, b * per, hs, b / c, hr }'
done

echo
echo "== growth on generated programs (CPU time; bench/bmc_scale)"
"$corpus_build/bench/bmc_scale" "${scale_args[@]}"
