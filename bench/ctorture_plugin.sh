#!/usr/bin/env bash
# ctorture_plugin.sh — GCC's c-torture suite (package gcc-12-source) with the
# wmmfence plugin: every compile test at -O0 and -O2 must compile without an
# internal compiler error (and whenever plain gcc compiles it, so must gcc
# with the plugin); every execute test that plain gcc compiles and runs must
# still run correctly.  Run by `make ctorture` (several minutes on 2 cores).
#
# Plugin options: arch=power (on the host compiler) and threads=exported,
# so that every exported function counts as a thread entry with two
# instances: the analysis, the placement and the emission run on all of the
# suite's code.  WMM_CTORTURE_THREADS=auto runs the default mode instead;
# WMM_CTORTURE_LIMIT=N takes the first N tests of each directory;
# WMM_CTORTURE_PLUGIN=FILE tests another copy of the plugin.
#
# Output: counts per directory and level, and the failures, also written to
# $WMM_BUILDDIR/ctorture/results.txt.
# Example: WMM_SRCDIR=. WMM_BUILDDIR=build bench/ctorture_plugin.sh
set -u
: "${WMM_SRCDIR:?}" "${WMM_BUILDDIR:?}"
CC=${WMM_GCC:-gcc}
PLUGIN=${WMM_CTORTURE_PLUGIN:-$WMM_BUILDDIR/plugin/wmmfence.so}
THREADS=${WMM_CTORTURE_THREADS:-exported}
LIMIT=${WMM_CTORTURE_LIMIT:-0}
JOBS=${WMM_JOBS:-2}
out=$WMM_BUILDDIR/ctorture
src=$out/src
[ -f "$PLUGIN" ] || { echo "ctorture: no plugin at $PLUGIN (make first)" >&2; exit 2; }
major=$($CC -dumpfullversion | cut -d. -f1)
if [ ! -d "$src/execute" ]; then
  tarball=$(ls /usr/src/gcc-"$major"/gcc-*.tar.* 2>/dev/null | grep -v gm2 | head -n 1)
  [ -n "$tarball" ] || { echo "ctorture: install gcc-$major-source" >&2; exit 77; }
  mkdir -p "$src"
  echo "ctorture: extracting the c-torture tests from $tarball"
  tar -xf "$tarball" -C "$src" --strip-components=4 --wildcards \
    '*/gcc/testsuite/gcc.c-torture/compile/*' '*/gcc/testsuite/gcc.c-torture/execute/*' || exit 2
fi
mkdir -p "$out/work"

# One test: prints "KIND LEVEL RESULT FILE" where RESULT is pass, ice, fail
# (plugin breaks what plain gcc does) or base (plain gcc cannot do it).
# The test's dg-options are added to both compilations.
one() {
  local kind=$1 level=$2 f=$3
  local n w base=ok plug=ok
  n=$(basename "$f" .c)
  w=$(mktemp -d "$out/work/$n.XXXXXX")
  # The test's own options (dg-options, dg-additional-options).
  local extra
  extra=$(sed -n 's/.*{ *dg-\(additional-\)\{0,1\}options "\([^"]*\)".*/\2/p' "$f" | tr '\n' ' ')
  local opts=(-w -fno-diagnostics-color "$level" $extra)
  local popts=(-fplugin="$PLUGIN" -fplugin-arg-wmmfence-arch=power
               -fplugin-arg-wmmfence-threads="$THREADS" -fplugin-arg-wmmfence-quiet
               -fplugin-arg-wmmfence-time-limit=5)
  # With the plugin first; plain gcc only to tell "broken by the plugin"
  # from "plain gcc cannot either".
  if [ "$kind" = compile ]; then
    timeout 300 "$CC" "${opts[@]}" "${popts[@]}" -c -o "$w/b.o" "$f" > "$w/err" 2>&1 || plug=no
    [ "$plug" = ok ] || timeout 120 "$CC" "${opts[@]}" -c -o "$w/a.o" "$f" >/dev/null 2>&1 || base=no
  else
    if timeout 300 "$CC" "${opts[@]}" "${popts[@]}" -o "$w/b" "$f" -lm > "$w/err" 2>&1; then
      (cd "$w" && timeout 20 ./b >/dev/null 2>&1) || plug=run
    else plug=no; fi
    if [ "$plug" != ok ]; then
      if timeout 120 "$CC" "${opts[@]}" -o "$w/a" "$f" -lm >/dev/null 2>&1 \
         && (cd "$w" && timeout 20 ./a >/dev/null 2>&1); then :; else base=no; fi
    fi
  fi
  local r=pass
  if grep -qi "internal compiler error\|Segmentation fault\|plugin .* failed" "$w/err"; then r=ice
  elif [ "$base" = no ]; then r=base
  elif [ "$plug" != ok ]; then r=fail
  fi
  echo "$kind $level $r $n"
  [ "$r" = pass ] || [ "$r" = base ] || sed "s|^|  $n: |" "$w/err" | head -n 5 >&2
  rm -rf "$w"
}
export -f one
export CC PLUGIN THREADS out

start=$(date +%s)
: > "$out/results.raw"
: > "$out/errors.txt"
for kind in compile execute; do
  files=$(ls "$src/$kind"/*.c)
  [ "$LIMIT" -gt 0 ] && files=$(echo "$files" | head -n "$LIMIT")
  for level in -O0 -O2; do
    echo "$files" | xargs -P "$JOBS" -I{} bash -c 'one "$@"' _ "$kind" "$level" {} \
      >> "$out/results.raw" 2>> "$out/errors.txt"
  done
done
{
  echo "c-torture with wmmfence (arch=power, threads=$THREADS), $(date -u +%Y-%m-%d), $(( $(date +%s) - start )) s"
  for kind in compile execute; do
    for level in -O0 -O2; do
      awk -v k="$kind" -v l="$level" '$1 == k && $2 == l { n++; c[$3]++ }
        END { printf "%-8s %-4s tests %5d  pass %5d  ice %3d  broken %3d  (plain gcc cannot: %d)\n",
              k, l, n, c["pass"], c["ice"], c["fail"], c["base"] }' "$out/results.raw"
    done
  done
  grep -E " (ice|fail) " "$out/results.raw" | sort | sed 's/^/FAILED: /'
} | tee "$out/results.txt"
! grep -qE " (ice|fail) " "$out/results.raw"
