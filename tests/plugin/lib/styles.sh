# lib/styles.sh ARCH — read-back soundness across the ways people start
# threads and use atomics.  Sourced by tests/plugin/styles_ARCH.sh.
#
# Each litmus test (SB MP LB IRIW WRC of tests/corpus/c/) is written as a
# program in each style of tests/plugin/programs/styles/ (pthread, a helper
# of another unit, std::thread with functions or lambdas, jthread, async,
# OpenMP sections, relaxed std::atomic, C11 wrappers, callback structs,
# a table of start routines, static data with unknown hooks; README.md
# there), compiled with the plugin
# (default mode and model) at -O0, -O2 and -O3 for ARCH, and the whole
# assembly read back (styleseq.awk): tests/unit/plugin_stylecheck finds the
# code of each thread by the test locations it touches, wherever the
# compiler put it (a lambda's operator() or _M_run, a case of
# main._omp_fn.0, main itself), and checks with the explicit checker that
# the test with the fences and orderings of every copy found is Forbidden.
# One line per case:  PASS: ARCH STYLE TEST -OL   /   FAIL: ... : why
# Also, per ARCH, the controls: SB in style s01 compiled WITHOUT the plugin
# at -O0 must be found Allowed, at -O2 Allowed or out of program order
# (shows that the harness can fail); and on the
# build machine's own target, every program is linked and run once.
#
# Environment (all optional):
#   WMM_STYLES="s01_pthread s05_thread_lambda"   styles (default: all)
#   WMM_STYLE_TESTS="SB MP"                      tests (default: SB MP LB IRIW WRC)
#   WMM_STYLE_LEVELS="0 2 3"                     optimisation levels
#   WMM_STYLE_JOBS=2                             compilations at once
#   WMM_STYLE_KEEP=DIR                           keep the programs, .s, streams
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
arch=$1
wmm_target "$arch" || { echo "SKIP: $WMM_T_WHY"; exit 77; }
checker=$WMM_BUILDDIR/tests/unit/plugin_stylecheck
[ -x "$checker" ] || { echo "SKIP: $checker not built (make check builds it)"; exit 77; }
gcc_t=$WMM_T_GCC
gxx_t=${gcc_t%gcc*}g++${gcc_t##*gcc}
command -v "$gxx_t" >/dev/null 2>&1 || { echo "SKIP: $gxx_t is not installed"; exit 77; }
styledir=$WMM_TESTDIR/programs/styles
corpus=$WMM_SRCDIR/tests/corpus/c
tests=${WMM_STYLE_TESTS:-SB MP LB IRIW WRC}
levels=${WMM_STYLE_LEVELS:-0 2 3}
jobs=${WMM_STYLE_JOBS:-2}
if [ -n "${WMM_STYLES:-}" ]; then
  styles=$WMM_STYLES
else
  styles=$(cd "$styledir" && ls s[0-9]*.in | grep -v '\.helper\.' | sed 's/\..*//' | sort -u)
fi
if [ -n "${WMM_STYLE_KEEP:-}" ]; then
  mkdir -p "$WMM_STYLE_KEEP"; WMM_TMP=$WMM_STYLE_KEEP
else
  wmm_scratch
fi
demangle() { if command -v c++filt >/dev/null 2>&1; then c++filt; else cat; fi; }

# The template of a style: s05_thread_lambda -> .../s05_thread_lambda.cc.in
template_of() { ls "$styledir/$1".c.in "$styledir/$1".cc.in 2>/dev/null | head -n 1; }

# Compiler and flags of a style's main unit.
compiler_of() {
  case $1 in
    *.cc.in) echo "$gxx_t -std=c++20" ;;
    *) echo "$gcc_t -std=gnu11" ;;
  esac
}
# (s24, s25: GCC's cross-jumping merges the identical tails of two readers'
# inlined bodies, IRIW's, into one stretch reached with different
# addresses in registers, which styleseq.awk's one pass over the text
# cannot tell apart: -fno-crossjumping keeps them apart; the fences are
# placed long before, in GIMPLE)
flags_of() {
  case $1 in
    s07_omp*|s22_omp*) echo -fopenmp ;;
    s24_omp*) echo -fopenmp -fno-crossjumping ;;
    s25_*) echo -fno-crossjumping ;;
  esac
}

# One case: STYLE TEST LEVEL [noplugin] -> prints its PASS/FAIL line.
run_case() {
  local style=$1 test=$2 level=$3 noplugin=${4:-} tmpl src base plug out
  tmpl=$(template_of "$style")
  src=$WMM_TMP/$style-$test.${tmpl##*/$style.}; src=${src%.in}
  base=$WMM_TMP/$style-$test-O$level$noplugin
  plug="-fplugin=$WMM_T_PLUGIN -fplugin-arg-wmmfence-quiet"
  [ -n "$noplugin" ] && plug=
  # shellcheck disable=SC2046
  if ! $(compiler_of "$tmpl") $(flags_of "$style") -O"$level" -fno-section-anchors \
       $plug -S "$src" -o "$base.s" 2> "$base.err"; then
    echo "FAIL: $arch $style $test -O$level: compilation: $(grep -m 3 -i 'error' "$base.err" | tr '\n' ' ')"
    return
  fi
  awk -v arch="$arch" -f "$WMM_TESTDIR/styleseq.awk" "$base.s" "$base.s" > "$base.tok"
  out=$("$checker" "$WMM_T_MODEL" "$corpus/$test.litmus" "$base.tok" 2>&1 | grep -E '^(PASS|FAIL)' | head -n 1 | demangle)
  if [ -n "$noplugin" ]; then
    # -O0 keeps the order: the fence-free test must be Allowed; at -O2 the
    # weak targets' schedulers may also swap the accesses
    case $level:$out in
      *:FAIL:*Allowed*) echo "PASS: $arch control $style $test -O$level without the plugin: Allowed, as it must be" ;;
      [1-9]:FAIL:*"out of program order"*) echo "PASS: $arch control $style $test -O$level without the plugin: out of program order, as it may be" ;;
      *) echo "FAIL: $arch control $style $test -O$level without the plugin: expected Allowed, got: $out" ;;
    esac
    return
  fi
  case $out in
    PASS:*) echo "PASS: $arch $style $test -O$level (${out#PASS: $test $WMM_T_MODEL })" ;;
    FAIL:*) echo "FAIL: $arch $style $test -O$level: ${out#FAIL: $test $WMM_T_MODEL: }" ;;
    *) echo "FAIL: $arch $style $test -O$level: checker: $out" ;;
  esac
}

# Link and run a style's program once (the build machine's own target).
run_program() {
  local style=$1 test=$2 tmpl src helper exe out
  tmpl=$(template_of "$style")
  src=$WMM_TMP/$style-$test.${tmpl##*/$style.}; src=${src%.in}
  exe=$WMM_TMP/$style-$test.run
  helper=
  [ -f "$WMM_TMP/$style-$test.helper.c" ] && helper=$WMM_TMP/$style-$test.helper.c
  # shellcheck disable=SC2046
  if ! $(compiler_of "$tmpl") $(flags_of "$style") -O2 -fplugin="$WMM_T_PLUGIN" \
       -fplugin-arg-wmmfence-quiet "$src" ${helper:+"$helper"} -pthread -o "$exe" \
       2> "$exe.err"; then
    echo "FAIL: $arch $style $test run: build: $(grep -m 3 -i 'error' "$exe.err" | tr '\n' ' ')"
    return
  fi
  out=$(timeout 20 "$exe" 2>&1)
  if echo "$out" | grep -Eq "^$test:( [0-9]+:r[0-9]+=-?[0-9]+)+ exists=[01]\$"; then
    echo "PASS: $arch $style $test run ($out)"
  else
    echo "FAIL: $arch $style $test run: unexpected output '$out'"
  fi
}

# Generate the programs (and the control's).
gen_control=1
for style in $styles; do
  for test in $tests; do [ "$style-$test" = s01_pthread-SB ] && gen_control=; done
done
[ -n "$gen_control" ] && awk -v tmpl="$styledir/s01_pthread.c.in" -f "$styledir/gen.awk" \
  "$corpus/SB.litmus" > "$WMM_TMP/s01_pthread-SB.c"
for style in $styles; do
  tmpl=$(template_of "$style")
  [ -n "$tmpl" ] || { wmm_fail "$arch $style: no template $styledir/$style.c.in or .cc.in"; continue; }
  for test in $tests; do
    src=$WMM_TMP/$style-$test.${tmpl##*/$style.}; src=${src%.in}
    awk -v tmpl="$tmpl" -f "$styledir/gen.awk" "$corpus/$test.litmus" > "$src" ||
      wmm_fail "$arch $style $test: generation"
    if [ -f "$styledir/$style.helper.c.in" ]; then
      awk -v tmpl="$styledir/$style.helper.c.in" -f "$styledir/gen.awk" \
        "$corpus/$test.litmus" > "$WMM_TMP/$style-$test.helper.c" ||
        wmm_fail "$arch $style $test: generation of the helper unit"
    fi
  done
done

# The cases, $jobs at a time; lines printed in order.
cases=()
cases+=("s01_pthread SB 0 -noplugin" "s01_pthread SB 2 -noplugin")
for style in $styles; do
  for test in $tests; do
    for level in $levels; do cases+=("$style $test $level"); done
  done
done
native=
[ "$gcc_t" = "$(wmm_make_var WMM_GCC)" ] && native=1
if [ -n "$native" ]; then
  for style in $styles; do
    for test in $tests; do cases+=("run $style $test"); done
  done
fi
i=0
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  set -- $c
  if [ "$1" = run ]; then
    run_program "$2" "$3" > "$WMM_TMP/case.$i" &
  else
    run_case "$@" > "$WMM_TMP/case.$i" &
  fi
  i=$((i + 1))
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait
for ((k = 0; k < i; k++)); do cat "$WMM_TMP/case.$k"; done > "$WMM_TMP/all"
cat "$WMM_TMP/all"
# The matrix (+ PASS, - FAIL), for people reading the log.
echo "# $arch: style x level: $tests"
for style in $styles; do
  row="# $(printf '%-18s' "$style")"
  for level in $levels; do
    row="$row  -O$level "
    for test in $tests; do
      if grep -q "^PASS: $arch $style $test -O$level " "$WMM_TMP/all"; then row="$row+"
      else row="$row-"; fi
    done
  done
  echo "$row"
done
