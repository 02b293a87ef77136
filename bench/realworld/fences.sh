#!/usr/bin/env bash
# bench/realworld/fences.sh — fences the plugin puts into each C file of a
# source tree, per file and in total (from its JSON reports).
#
# Usage: bench/realworld/fences.sh PLUGIN ARCH OUTDIR CC -- CFLAGS... -- FILE...
# Example:
#   bench/realworld/fences.sh plugin/wmmfence.so tso /tmp/pigz gcc \
#     -- -O3 -I/src/pigz -- /src/pigz/pigz.c /src/pigz/yarn.c
# Prints `FILE fences cost` lines and `total fences cost`; a file that does
# not compile prints `FILE error` (its message in OUTDIR/NAME.err).
set -u
plugin=$1 arch=$2 out=$3 cc=$4; shift 4
[ "${1:-}" = -- ] && shift
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
mkdir -p "$out"
tf=0 tc=0
for f in "$@"; do
  n=$(basename "$f" .c)
  j=$out/$n.$arch.json
  rm -f "$j"
  if ! "$cc" "${flags[@]}" -c -o "$out/$n.o" -fplugin="$plugin" \
      -fplugin-arg-wmmfence-arch="$arch" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-report="$j" "$f" 2> "$out/$n.err"; then
    echo "$f error"; continue
  fi
  nf=$(grep -c '"kind"' "$j")
  c=$(sed -n 's/.*"total_cost": *\([0-9]*\).*/\1/p' "$j" | head -n 1)
  echo "$f $nf ${c:-0}"
  tf=$((tf + nf)); tc=$((tc + ${c:-0}))
done
echo "total $tf $tc"
