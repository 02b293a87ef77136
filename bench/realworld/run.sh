#!/usr/bin/env bash
# bench/realworld/run.sh — the plugin on real programs: for each source tree
# given (pigz, memcached, concurrencykit; fetched by the user, never part of
# this repository) and each model, the fences and their total cost per unit
# group, and the compile-time ratio to plain gcc (CPU time of the whole
# group).  Figures go to docs/plugin.md; nothing here is a test.
#
# Usage: WMM_BUILDDIR=. bench/realworld/run.sh [-a "tso power armv8"] [-n N] DIR...
#   DIR: a pigz tree (pigz.c), a memcached tree (memcached.c, configured by
#   this script if config.h is missing; needs libevent-dev), or a
#   concurrencykit tree (include/ck_pr.h; configured if ck_md.h is missing).
#   -n N: time each compile N times, with and without the plugin in
#   turns, and keep the least CPU time of each (default 1; the machine's
#   noise, 10 to 20 % on a shared 2-core machine, is what N > 1 removes).
# Output lines:  PROGRAM GROUP MODEL fences N cost C compile-ratio R
#                unexplained U fallback-units B/UNITS [asm-fences A]
# (unexplained: fences whose report shows no witness cycle; fallback-units:
# units whose cycle search reached its bound; compile-ratio: the CPU time
# of the group's compiles with the plugin over that without, the reports'
# reading not counted; asm-fences, for tso: the mfence and lock-or
# instructions the plugin adds to the x86 assembly, which counts a fence
# placed in a helper once per copy GCC inlines, where the report counts it
# once)
set -u
archs="tso power armv8"
runs=1
while [ $# -gt 0 ]; do
  case $1 in
    -a) archs=$2; shift 2 ;;
    -n) runs=$2; shift 2 ;;
    *) break ;;
  esac
done
B=${WMM_BUILDDIR:-.}
plugin=$(cd "$B" && pwd)/plugin/wmmfence.so
here=$(cd "$(dirname "$0")" && pwd)
[ -f "$plugin" ] || { echo "run.sh: no plugin at $plugin (make first)" >&2; exit 2; }
out=${TMPDIR:-/tmp}/wmm-realworld.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

# seconds CMD...: user+sys seconds of one run.
seconds() {
  { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | awk '{print $1 + $2}'
}

# cpu_pair ARCH FLAGS FILE: "PLAIN PLUGIN", the least user+sys seconds of
# $runs compiles each, without and with the plugin, taken in turns (the
# machine's load drifts: both sides see the same).
cpu_pair() {
  local arch=$1 flags=$2 f=$3 bp= bq= t i
  for ((i = 0; i < runs; i++)); do
    t=$(seconds gcc $flags -c -o "$out/x.o" "$f")
    bp=$(awk -v a="$bp" -v b="$t" 'BEGIN{print (a == "" || b + 0 < a + 0) ? b : a}')
    t=$(seconds gcc $flags -c -o "$out/x.o" -fplugin="$plugin" \
          -fplugin-arg-wmmfence-arch="$arch" "$f")
    bq=$(awk -v a="$bq" -v b="$t" 'BEGIN{print (a == "" || b + 0 < a + 0) ? b : a}')
  done
  echo "$bp $bq"
}

# asm_fences FLAGS FILE...: fences the plugin adds to the x86 assembly of
# the files (tso), over those plain gcc emits.
asm_fences() {
  local flags=$1 f n=0 a b; shift
  for f in "$@"; do
    a=$(gcc $flags -S -o - -fplugin="$plugin" -fplugin-arg-wmmfence-arch=tso \
          -fplugin-arg-wmmfence-quiet "$f" 2>/dev/null | grep -Ec 'mfence|lock or')
    b=$(gcc $flags -S -o - "$f" 2>/dev/null | grep -Ec 'mfence|lock or')
    n=$((n + a - b))
  done
  echo "$n"
}

# group PROGRAM GROUP DIR "CFLAGS" FILE...: one line per model.
group() {
  local prog=$1 grp=$2 dir=$3 flags=$4; shift 4
  local f a
  for a in $archs; do
    local s=0 plain=0 p q
    for f in "$@"; do
      read -r p q < <(cd "$dir" && cpu_pair "$a" "$flags" "$f")
      plain=$(awk -v a="$plain" -v b="$p" 'BEGIN{print a + b}')
      s=$(awk -v a="$s" -v b="$q" 'BEGIN{print a + b}')
    done
    (cd "$dir" && "$here/fences.sh" "$plugin" "$a" "$out/$prog.$grp" gcc -- $flags -- "$@" \
       > "$out/r.txt")
    read -r _ nf cost nu nb < <(tail -n 1 "$out/r.txt")
    local err; err=$(grep -c ' error$' "$out/r.txt")
    local asm=
    [ "$a" = tso ] && asm=" asm-fences $(cd "$dir" && asm_fences "$flags" "$@")"
    printf '%-10s %-10s %-6s fences %5d cost %7s compile-ratio %5.2f unexplained %d fallback-units %d/%d%s%s\n' \
      "$prog" "$grp" "$a" "$nf" "$cost" \
      "$(awk -v a="$s" -v b="$plain" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$nu" "$nb" "$#" \
      "$asm" "$([ "$err" -gt 0 ] && echo "  ($err files did not compile)")"
  done
}

for d in "$@"; do
  d=$(cd "$d" && pwd)
  if [ -f "$d/pigz.c" ]; then
    group pigz threads "$d" "-O3 -w" pigz.c yarn.c try.c
    group pigz zopfli "$d" "-O3 -w" $(cd "$d" && ls zopfli/src/zopfli/*.c | grep -v zopfli_bin)
  elif [ -f "$d/memcached.c" ]; then
    if [ ! -f "$d/config.h" ]; then
      (cd "$d" && { [ -x configure ] || ./autogen.sh; } && ./configure) >/dev/null 2>&1 \
        || { echo "memcached: configure failed (libevent-dev installed?)"; continue; }
    fi
    group memcached all "$d" "-O2 -w -DHAVE_CONFIG_H -I. -pthread" \
      $(cd "$d" && ls *.c | grep -v '_priv\.c\|testapp\|timedrun\|sizes\|proxy\|sasl_defs\|tls')
  elif [ -f "$d/include/ck_pr.h" ]; then
    [ -f "$d/include/ck_md.h" ] || (cd "$d" && ./configure) >/dev/null 2>&1
    group ck src "$d" "-O2 -w -D_GNU_SOURCE -Iinclude -pthread" $(cd "$d" && ls src/*.c)
    group ck validate "$d" "-O2 -w -D_GNU_SOURCE -Iinclude -Iregressions -pthread" \
      regressions/ck_ring/validate/ck_ring_spsc.c regressions/ck_fifo/validate/ck_fifo_spsc.c \
      regressions/ck_spinlock/validate/ck_fas.c
  else
    echo "run.sh: $d: not a pigz, memcached or concurrencykit tree" >&2
  fi
done
