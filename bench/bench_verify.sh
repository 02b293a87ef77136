#!/usr/bin/env bash
# bench/bench_verify.sh — the plugin's `check` key: compile time of each
# tests/plugin/programs/check_*.c program with the check, per model, mode
# and loop bound (unwind), next to the same compilation without the check,
# and the verdict.  Shows how the check time grows with the bound.
# Usage: bench/bench_verify.sh [BUILDDIR] [MAX_UNWIND] [MODELS] [PROGRAMS]
# Example: bench/bench_verify.sh . 3 "tso power" "mp peterson dekker"
set -eu
build=${1:-.}
max=${2:-3}
models=${3:-"tso power armv8"}
programs=${4:-}
src=$(cd "$(dirname "$0")/.." && pwd)
plugin=$build/plugin/wmmfence.so
[ -f "$plugin" ] || { echo "no $plugin (build first)" >&2; exit 2; }
gcc=${CC:-gcc}
secs() {   # seconds of one compilation (wall clock)
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > /dev/null 2> "$tmp/err" || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-10s %-6s %-7s %6s %7s %8s  %s\n' program model mode unwind plain_s check_s verdict
for f in "$src"/tests/plugin/programs/check_*.c; do
  prog=$(basename "$f" .c)
  prog=${prog#check_}
  if [ -n "$programs" ] && ! [[ " $programs " == *" $prog "* ]]; then continue; fi
  for m in $models; do
    for mode in report insert; do
      base=(-O2 -c -o /dev/null -fplugin="$plugin" -fplugin-arg-wmmfence-quiet
            -fplugin-arg-wmmfence-arch="$m" -fplugin-arg-wmmfence-mode="$mode")
      plain=$(secs "$gcc" "${base[@]}" "$f")
      for u in $(seq 0 "$max"); do
        t=$(secs "$gcc" "${base[@]}" -fplugin-arg-wmmfence-check \
              -fplugin-arg-wmmfence-time-limit=120 \
              -fplugin-arg-wmmfence-unwind="$u" "$f")
        v=$(sed -n 's/.*wmmfence: check ([^)]*): \([a-z]*\)\(.*\)/\1\2/p' "$tmp/err" | head -n 1 | cut -c1-40)
        printf '%-10s %-6s %-7s %6s %7s %8s  %s\n' "$prog" "$m" "$mode" "$u" "$plain" "$t" "$v"
      done
    done
  done
done
