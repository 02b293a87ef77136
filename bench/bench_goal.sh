#!/usr/bin/env bash
# bench/bench_goal.sh — goal=assertions (plugin/cegar.cc) against restoring
# SC (goal=sc): fence cost, checks run and compile time (with the check) per
# program and model.  Programs: tests/plugin/programs/check/*.c and the
# check_*.c programs that have assertions.
# Usage: bench/bench_goal.sh [BUILDDIR] [UNWIND] [MODELS] [PROGRAMS]
# Example: bench/bench_goal.sh . 1 "tso power armv8" "goal_mix qrcu"
set -eu
build=${1:-.}
unwind=${2:-1}
models=${3:-"tso power armv8"}
programs=${4:-"goal_mix bakery szymanski rwlock qrcu ../check_mp ../check_seqlock ../check_spsc ../check_peterson"}
src=$(cd "$(dirname "$0")/.." && pwd)
plugin=$build/plugin/wmmfence.so
[ -f "$plugin" ] || { echo "no $plugin (build first)" >&2; exit 2; }
gcc=${CC:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one GOAL PROGRAM MODEL: prints "cost seconds verdict checks"
one() {
  local t0 t1
  t0=$(date +%s.%N)
  "$gcc" -O2 -c -o /dev/null -fplugin="$plugin" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$3" -fplugin-arg-wmmfence-goal="$1" \
    -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-unwind="$unwind" \
    -fplugin-arg-wmmfence-time-limit=60 \
    -fplugin-arg-wmmfence-report="$tmp/r.json" "$src/tests/plugin/programs/check/$2.c" \
    2> /dev/null || true
  t1=$(date +%s.%N)
  local cost verdict checks
  cost=$(sed -n 's/.*"total_cost": *\([0-9.]*\).*/\1/p' "$tmp/r.json")
  verdict=$(sed -n 's/.*"check": {"verdict": "\([a-z]*\)".*/\1/p' "$tmp/r.json")
  checks=$(sed -n 's/.*"iterations": \([0-9]*\).*/\1/p' "$tmp/r.json")
  awk -v c="${cost:-?}" -v a="$t0" -v b="$t1" -v v="${verdict:-?}" -v k="${checks:--}" \
    'BEGIN { printf "%s %.2f %s %s", c, b - a, v, k }'
  rm -f "$tmp/r.json"
}
printf '%-16s %-6s %8s %7s %-7s %9s %7s %-7s %6s\n' program model sc_cost sc_s verdict goal_cost goal_s verdict checks
for p in $programs; do
  for m in $models; do
    set -- $(one sc "$p" "$m") $(one assertions "$p" "$m")
    printf '%-16s %-6s %8s %7s %-7s %9s %7s %-7s %6s\n' "${p#../}" "$m" "$1" "$2" "$3" "$5" "$6" "$7" "$8"
  done
done
