#!/usr/bin/env bash
# bench_plugin.sh — compile-time overhead of the wmmfence plugin, as a ratio
# to plain gcc, on real code:
#   1. zlib 1.2.x as shipped in the GCC 12 source tarball (gcc-12-source:
#      /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz, directory zlib/), its 15
#      library files (~10,000 lines), compiled at -O2 with arch=power; zlib
#      has no main and starts no threads, so the plugin treats every exported
#      function as a thread entry with two instances (library mode): the
#      worst case, every pointer access is shared;
#   2. the first N compile tests of GCC's c-torture suite (synthetic code,
#      many small units), threads=exported.
# CPU time (user+sys) per file, best of R runs.
# Usage: WMM_SRCDIR=. WMM_BUILDDIR=build bench/bench_plugin.sh [R] [N]
# Example output line:
#   zlib   plain 9.1 s   plugin 12.3 s   ratio 1.35   fences 700
set -u
: "${WMM_SRCDIR:?}" "${WMM_BUILDDIR:?}"
R=${1:-3}
N=${2:-300}
CC=${WMM_GCC:-gcc}
PLUGIN=$WMM_BUILDDIR/plugin/wmmfence.so
out=$WMM_BUILDDIR/bench/plugin
[ -f "$PLUGIN" ] || { echo "bench_plugin: no plugin at $PLUGIN (make first)" >&2; exit 2; }
major=$($CC -dumpfullversion | cut -d. -f1)
tarball=$(ls /usr/src/gcc-"$major"/gcc-*.tar.* 2>/dev/null | grep -v gm2 | head -n 1)
[ -n "$tarball" ] || { echo "bench_plugin: install gcc-$major-source" >&2; exit 77; }
mkdir -p "$out/zlib" "$out/torture"
if [ ! -f "$out/zlib/inflate.c" ]; then
  tar -xf "$tarball" -C "$out/zlib" --strip-components=2 --wildcards \
    '*/zlib/*.c' '*/zlib/*.h' 2>/dev/null || { echo "bench_plugin: cannot extract zlib" >&2; exit 2; }
fi
if [ ! -d "$out/torture/compile" ]; then
  tar -xf "$tarball" -C "$out/torture" --strip-components=4 --wildcards \
    '*/gcc/testsuite/gcc.c-torture/compile/*' 2>/dev/null || { echo "bench_plugin: cannot extract c-torture" >&2; exit 2; }
fi

# cpu_time CMD...: best user+sys seconds of R runs (prints it).
cpu_time() {
  local best= t
  for _ in $(seq "$R"); do
    t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | awk '{print $1 + $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
  done
  echo "$best"
}

# bench NAME DIR FILES OPTIONS...: totals over FILES ($PLUGIN_EXTRA: more
# options for the plugin runs only).
bench() {
  local name=$1 dir=$2 files=$3; shift 3
  local plain=0 plug=0 fences=0 f tp tq
  printf '%-14s %9s %9s %7s %7s\n' "$name file" plain plugin ratio fences
  for f in $files; do
    tp=$(cpu_time "$CC" -O2 -w -c -o /dev/null "$@" "$dir/$f")
    tq=$(cpu_time "$CC" -O2 -w -c -o /dev/null "$@" -fplugin="$PLUGIN" \
         -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-quiet \
         -fplugin-arg-wmmfence-report="$out/r.json" $PLUGIN_EXTRA "$dir/$f")
    local nf
    nf=$(grep -c '"kind"' "$out/r.json" 2>/dev/null)
    plain=$(awk -v a="$plain" -v b="$tp" 'BEGIN{print a + b}')
    plug=$(awk -v a="$plug" -v b="$tq" 'BEGIN{print a + b}')
    fences=$((fences + nf))
    [ "$name" = zlib ] && printf '%-14s %9.2f %9.2f %7.2f %7d\n' "$f" "$tp" "$tq" \
      "$(awk -v a="$tq" -v b="$tp" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$nf"
  done
  printf '%-14s %9.2f %9.2f %7.2f %7d   (CPU seconds, best of %d)\n' "$name total" "$plain" "$plug" \
    "$(awk -v a="$plug" -v b="$plain" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$fences" "$R"
}

zfiles="adler32.c compress.c crc32.c deflate.c gzclose.c gzlib.c gzread.c gzwrite.c
        infback.c inffast.c inflate.c inftrees.c trees.c uncompr.c zutil.c"
PLUGIN_EXTRA=
bench zlib "$out/zlib" "$zfiles" -DHAVE_UNISTD_H -DHAVE_STDARG_H
tfiles=$(cd "$out/torture/compile" && ls *.c | head -n "$N")
PLUGIN_EXTRA=-fplugin-arg-wmmfence-threads=exported
bench "c-torture($N)" "$out/torture/compile" "$tfiles"
