#!/usr/bin/env bash
# bench/bench_place.sh — time and peak memory of fence placement on
# synthetic programs of 10^2 .. 10^5 accesses (bench/gen_synth.c: threads in
# groups of two sharing a few locations and a function, loops, calls,
# private data), per model, and how they grow from one size to the next.
# Also the whole `wmmfence-litmus fence` run (parse, place, print) on an
# emitted X86 litmus test.  Needs /usr/bin/time (GNU time) for the memory.
#
# usage: bench/bench_place.sh [BUILDDIR] [MODELS...]
# Example: bench/bench_place.sh build-place power tso armv8
set -u
B=${1:-${WMM_BUILDDIR:-.}}
shift || true
models=${*:-power tso armv8}
gen=$B/bench/gen_synth
bin=$B/tools/wmmfence-litmus
[ -x "$gen" ] || { echo "bench_place: build $gen first (make bench/gen_synth)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timer=/usr/bin/time
[ -x $timer ] || timer=

measure() {  # measure CMD...: prints "seconds maxrss_kb" of the command
  if [ -n "$timer" ]; then
    $timer -f '%e %M' -o "$tmp/t" "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; return 1; }
    cat "$tmp/t"
  else
    local s=$(date +%s.%N)
    "$@" >"$tmp/out" 2>"$tmp/err" || return 1
    echo "$(echo "$(date +%s.%N) - $s" | bc) ?"
  fi
}

printf '%-7s %8s %7s %8s %8s %7s %7s %9s %6s %8s\n' model accesses threads cycles delays fences status seconds x_time rss_MB
for m in $models; do
  prev_t= prev_m=
  for n in 100 1000 10000 100000; do
    r=$(measure "$gen" --accesses $n --place $m) || { echo "$m $n failed"; continue; }
    set -- $r
    secs=$1 kb=$2
    line=$(cat "$tmp/out")
    get() { printf '%s' "$line" | sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
    grow=-
    [ -n "$prev_t" ] && grow=$(awk -v a="$secs" -v b="$prev_t" 'BEGIN { printf "%.1f", (b > 0.005 ? a / b : 0) }')
    printf '%-7s %8s %7s %8s %8s %7s %7s %9s %6s %8.1f\n' $m "$(get accesses)" "$(get threads)" \
      "$(get cycles)" "$(get delays)" "$(get fences)" "$(get status)" "$secs" "$grow" \
      "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')"
    prev_t=$secs
  done
done
echo
echo "whole command (parse + place + print), X86 litmus, tso:"
for n in 1000 10000; do
  "$gen" --accesses $n --emit "$tmp/s$n.litmus" >/dev/null
  r=$(measure "$bin" fence --all-cycles --model tso "$tmp/s$n.litmus" -o "$tmp/f$n.litmus")
  set -- $r
  printf '  %6s accesses: %6s s, %7.1f MB  (%s)\n' $n "$1" "$(awk -v k="$2" 'BEGIN { print k / 1024 }')" \
    "$(head -n 1 "$tmp/out")"
done
