#!/usr/bin/env bash
# bench/realworld/runtime.sh — does a real program still work with the
# plugin's fences, and what do they cost at run time?  For each tree given
# (pigz or concurrencykit; fetched by the user, never part of this
# repository) and each target, builds the program twice (plain gcc, and gcc
# with the plugin for the target's model), runs its own checks on both and
# times a workload.  Figures go to docs/plugin.md; nothing here is a test.
#
# Usage: WMM_BUILDDIR=. bench/realworld/runtime.sh [-t "x86 aarch64 ppc"] DIR...
#   pigz: the whole program (pigz.c yarn.c try.c and zopfli) against the
#     system zlib, x86 only (no cross zlib); checks: round trips of every
#     format (gzip, zlib, zip, -b 32, -p 1, -11) checked by pigz -t and cmp;
#     workload: compress a deterministic 48 MB file with -p 2, best of 3.
#   concurrencykit: the validate programs of its SPSC ring, SPSC fifo and
#     FAS spinlock (their own assertions); cross targets are built static
#     and run under qemu (correctness only: times under qemu mean nothing),
#     with ck_md.h switched to RMO as ck's configure does there.
# Output lines:
#   PROGRAM TARGET MODEL fences N checks plain=ok|FAIL plugin=ok|FAIL run-ratio R
set -u
targets="x86"
[ "${1:-}" = -t ] && { targets=$2; shift 2; }
B=${WMM_BUILDDIR:-.}
B=$(cd "$B" && pwd)
out=${TMPDIR:-/tmp}/wmm-runtime.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

# target T: sets cc, plugin, model, run (qemu prefix) and static for T.
target() {
  case $1 in
    x86) cc=gcc plugin=$B/plugin/wmmfence.so model=tso run= static= ;;
    aarch64) cc=aarch64-linux-gnu-gcc-12 model=armv8 run="qemu-aarch64" static=-static
      plugin=$B/plugin/cross/aarch64-linux-gnu/wmmfence.so ;;
    ppc) cc=powerpc64le-linux-gnu-gcc-12 model=power run="qemu-ppc64le" static=-static
      plugin=$B/plugin/cross/powerpc64le-linux-gnu/wmmfence.so ;;
    *) echo "runtime.sh: unknown target $1" >&2; return 1 ;;
  esac
  command -v "$cc" >/dev/null && [ -f "$plugin" ] \
    || { echo "runtime.sh: $1: no $cc or no plugin at $plugin" >&2; return 1; }
}

# best3 CMD...: the best wall time of three runs, in seconds.
best3() {
  local best= t i
  for i in 1 2 3; do
    t=$( { TIMEFORMAT=%R; time "$@" >/dev/null 2>&1; } 2>&1 )
    best=$(awk -v a="$best" -v b="$t" 'BEGIN{print (a == "" || b < a) ? b : a}')
  done
  echo "$best"
}

# fences DIR: fences in the JSON reports written under DIR.
fences() { cat "$1"/*.json 2>/dev/null | grep -c '"kind"'; }

pigz_checks() {   # pigz_checks BIN
  local p=$1 w=$out/work f
  rm -rf "$w"; mkdir -p "$w"
  head -c 3000000 "$out/data" > "$w/in"
  for f in "" "-b 32" "-p 1" "-11" "-z" "-K"; do
    # shellcheck disable=SC2086
    "$p" -kf $f -c "$w/in" > "$w/c" || return 1
    "$p" -dc < "$w/c" > "$w/d" 2>/dev/null || { [ "$f" = -K ] && unzip -p "$w/c" > "$w/d" 2>/dev/null; } || return 1
    cmp -s "$w/in" "$w/d" || return 1
  done
  printf 'xyz' | "$p" -cdf | cmp -s - <(printf 'xyz')
}

pigz_one() {   # pigz_one DIR TARGET
  local d=$1 t=$2
  [ "$t" = x86 ] || { echo "pigz       $t: skipped (no zlib for the target)"; return; }
  local srcs="pigz.c yarn.c try.c $(cd "$d" && ls zopfli/src/zopfli/*.c | grep -v zopfli_bin | tr '\n' ' ')"
  mkdir -p "$out/pigz.r"
  (cd "$d" && $cc -O3 -w -o "$out/pigz.plain" $srcs -lz -lpthread -lm) || { echo "pigz: plain build failed"; return; }
  local f
  for f in $srcs; do
    (cd "$d" && $cc -O3 -w -c -o "$out/pigz.r/$(basename "$f" .c).o" -fplugin="$plugin" \
      -fplugin-arg-wmmfence-arch=$model -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-report="$out/pigz.r/$(basename "$f" .c).json" "$f") \
      || { echo "pigz: $f did not compile with the plugin"; return; }
  done
  $cc -o "$out/pigz.fenced" "$out"/pigz.r/*.o -lz -lpthread -lm || return
  [ -f "$out/data" ] || seq 1 6000000 | awk '{print $1 * 2654435761 % 1000003, $1}' | head -c 48000000 > "$out/data"
  local c1=FAIL c2=FAIL
  pigz_checks "$out/pigz.plain" && c1=ok
  pigz_checks "$out/pigz.fenced" && c2=ok
  local t1 t2
  t1=$(best3 "$out/pigz.plain" -p 2 -c "$out/data")
  t2=$(best3 "$out/pigz.fenced" -p 2 -c "$out/data")
  printf '%-10s %-8s %-6s fences %5d checks plain=%s plugin=%s run-ratio %s\n' pigz "$t" "$model" \
    "$(fences "$out/pigz.r")" "$c1" "$c2" "$(awk -v a="$t2" -v b="$t1" 'BEGIN{printf "%.2f", a / b}')"
}

ck_one() {   # ck_one DIR TARGET
  local d=$1 t=$2 inc=$1/include
  if [ "$t" != x86 ]; then
    inc=$out/ck-include-$t
    rm -rf "$inc"; cp -r "$d/include" "$inc"
    sed -i 's/CK_MD_TSO/CK_MD_RMO/g' "$inc/ck_md.h"
  fi
  local prog src args
  for prog in ck_ring_spsc ck_fifo_spsc ck_fas; do
    case $prog in
      ck_ring_spsc) src=regressions/ck_ring/validate/ck_ring_spsc.c args="2 1 2048"
        extra=src/ck_barrier_centralized.c ;;
      ck_fifo_spsc) src=regressions/ck_fifo/validate/ck_fifo_spsc.c args="2 1 2048" extra= ;;
      ck_fas) src=regressions/ck_spinlock/validate/ck_fas.c args="2 1" extra= ;;
    esac
    local flags="-O2 -w -D_GNU_SOURCE -I$inc -I$d/regressions -pthread $static"
    mkdir -p "$out/$prog.$t"
    rm -f "$out/$prog.$t"/*
    (cd "$d" && $cc $flags -o "$out/$prog.plain" $src $extra) || { echo "$prog $t: plain build failed"; continue; }
    local f objs= ok=1
    for f in $src $extra; do
      (cd "$d" && $cc $flags -c -o "$out/$prog.$t/$(basename "$f" .c).o" -fplugin="$plugin" \
        -fplugin-arg-wmmfence-arch=$model -fplugin-arg-wmmfence-quiet \
        -fplugin-arg-wmmfence-report="$out/$prog.$t/$(basename "$f" .c).json" "$f") || ok=0
      objs="$objs $out/$prog.$t/$(basename "$f" .c).o"
    done
    # shellcheck disable=SC2086
    [ $ok = 1 ] && $cc $flags -o "$out/$prog.fenced" $objs \
      || { echo "$prog $t: build with the plugin failed"; continue; }
    local c1=FAIL c2=FAIL
    # shellcheck disable=SC2086
    timeout 300 $run "$out/$prog.plain" $args >/dev/null 2>&1 && c1=ok
    # shellcheck disable=SC2086
    timeout 300 $run "$out/$prog.fenced" $args >/dev/null 2>&1 && c2=ok
    local ratio=-
    if [ -z "$run" ]; then
      # shellcheck disable=SC2086
      ratio=$(awk -v a="$(best3 "$out/$prog.fenced" $args)" -v b="$(best3 "$out/$prog.plain" $args)" \
        'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}')
    fi
    printf '%-12s %-8s %-6s fences %5d checks plain=%s plugin=%s run-ratio %s\n' "$prog" "$t" "$model" \
      "$(fences "$out/$prog.$t")" "$c1" "$c2" "$ratio"
  done
}

for d in "$@"; do
  d=$(cd "$d" && pwd)
  for t in $targets; do
    target "$t" || continue
    if [ -f "$d/pigz.c" ]; then pigz_one "$d" "$t"
    elif [ -f "$d/include/ck_pr.h" ]; then
      [ -f "$d/include/ck_md.h" ] || (cd "$d" && ./configure) >/dev/null 2>&1
      ck_one "$d" "$t"
    else echo "runtime.sh: $d: not a pigz or concurrencykit tree" >&2; fi
  done
done
