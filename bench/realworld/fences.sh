#!/usr/bin/env bash
# bench/realworld/fences.sh — fences the plugin puts into each C file of a
# source tree, per file and in total (from its JSON reports).
#
# Usage: bench/realworld/fences.sh PLUGIN ARCH OUTDIR CC -- CFLAGS... -- FILE...
# Example:
#   bench/realworld/fences.sh plugin/wmmfence.so tso /tmp/pigz gcc \
#     -- -O3 -I/src/pigz -- /src/pigz/pigz.c /src/pigz/yarn.c
# Prints `FILE fences cost unexplained fallback seconds` lines (unexplained:
# fences whose report shows no witness cycle; fallback: 1 when the cycle
# search reached its bound in that unit; seconds: wall time of the
# compile) and `total fences cost unexplained fallback-units`; a file that
# does not compile prints `FILE error` (its message in OUTDIR/NAME.err).
set -u
plugin=$1 arch=$2 out=$3 cc=$4; shift 4
[ "${1:-}" = -- ] && shift
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
mkdir -p "$out"
tf=0 tc=0 tu=0 tb=0
for f in "$@"; do
  n=$(basename "$f" .c)
  j=$out/$n.$arch.json
  rm -f "$j"
  t0=$(date +%s.%N)
  if ! "$cc" "${flags[@]}" -c -o "$out/$n.o" -fplugin="$plugin" \
      -fplugin-arg-wmmfence-arch="$arch" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-report="$j" "$f" 2> "$out/$n.err"; then
    echo "$f error"; continue
  fi
  secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  read -r nf c nu fb < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
f = j["fences"]
print(len(f), j["total_cost"],
      sum(1 for x in f if not any(o.get("cycle") for o in x["orders"])),
      1 if "cycle search bound reached" in j["note"] else 0)' "$j")
  echo "$f $nf $c $nu $fb $secs"
  tf=$((tf + nf)); tc=$(awk -v a="$tc" -v b="$c" 'BEGIN { print a + b }')
  tu=$((tu + nu)); tb=$((tb + fb))
done
echo "total $tf $tc $tu $tb"
