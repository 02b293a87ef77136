# lib/common.sh — shared by the plugin tests (sourced, not run by tests/run).
# Finds the compiler, the plugin and the runner for a target:
#   wmm_target ARCH      ARCH = x86 | ppc | aarch64 | arm; sets WMM_T_GCC,
#                        WMM_T_PLUGIN, WMM_T_SPECS, WMM_T_RUN (qemu prefix or
#                        empty), WMM_T_MODEL; returns 1 (and WMM_T_WHY) when
#                        the compiler is not installed.
# Example: wmm_target ppc || { echo "SKIP: $WMM_T_WHY"; exit 77; }
set -u
: "${WMM_SRCDIR:?}" "${WMM_BUILDDIR:?}"
WMM_TESTDIR=$WMM_SRCDIR/tests/plugin
export LC_ALL=C   # ASCII quotes in GCC diagnostics

# A variable of the build's Makefile (configure's result).
wmm_make_var() {
  sed -n "s/^$1 = *//p" "$WMM_BUILDDIR/Makefile" | head -n 1
}

wmm_target() {
  local arch=$1 triple model qemu major main_t main_gcc
  case $arch in
    x86) triple=x86_64-linux-gnu model=tso qemu= ;;
    ppc) triple=powerpc64le-linux-gnu model=power qemu=qemu-ppc64le ;;
    aarch64) triple=aarch64-linux-gnu model=armv8 qemu=qemu-aarch64 ;;
    arm) triple=arm-linux-gnueabihf model=armv7 qemu=qemu-arm ;;
    *) WMM_T_WHY="unknown target $arch"; return 1 ;;
  esac
  main_t=$(wmm_make_var WMM_GCC_TARGET)
  main_gcc=$(wmm_make_var WMM_GCC)
  major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
  WMM_T_MODEL=$model
  if [ "$triple" = "$main_t" ]; then
    WMM_T_GCC=$main_gcc
    WMM_T_PLUGIN=$WMM_BUILDDIR/plugin/wmmfence.so
    WMM_T_SPECS=$WMM_BUILDDIR/plugin/local/wmmfence.specs
  else
    WMM_T_GCC=$triple-gcc-$major
    WMM_T_PLUGIN=$WMM_BUILDDIR/plugin/cross/$triple/wmmfence.so
    WMM_T_SPECS=$WMM_BUILDDIR/plugin/cross/$triple/wmmfence.specs
  fi
  if ! command -v "$WMM_T_GCC" >/dev/null 2>&1; then
    WMM_T_WHY="$WMM_T_GCC is not installed (./setup.sh installs it)"
    return 1
  fi
  if [ ! -f "$WMM_T_PLUGIN" ]; then
    WMM_T_WHY="no plugin for $triple at $WMM_T_PLUGIN (install gcc-$major-plugin-dev-$triple and re-run configure)"
    return 1
  fi
  WMM_T_RUN=
  if [ -n "$qemu" ] && [ "$(uname -m)" != "${triple%%-*}" ]; then
    if command -v "$qemu" >/dev/null 2>&1; then
      WMM_T_RUN="$qemu -L /usr/$triple"
    else
      WMM_T_RUN=none
    fi
  fi
  return 0
}

# A fresh scratch directory under the build tree, removed on exit.
wmm_scratch() {
  WMM_TMP=$(mktemp -d "$WMM_BUILDDIR/tests/plugin-tmp.XXXXXX")
  trap 'rm -rf "$WMM_TMP"' EXIT
}

# wmm_report_fences SOURCE MODEL [OPTION...]: compile SOURCE with the
# plugin of the current target (-O2) and set WMM_FENCES to its fences as
# sorted "FUNCTION:KIND" words, WMM_NFENCES to their number and WMM_COST
# to the total cost, all from the JSON report; returns 1 with the
# compiler's message in WMM_ERR.
wmm_report_fences() {
  local src=$1 model=$2
  shift 2
  "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$model" -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" "$@" \
    "$src" 2> "$WMM_TMP/err" || { WMM_ERR=$(head -n 2 "$WMM_TMP/err"); return 1; }
  WMM_FENCES=$(sed -n 's/.*{"function": "\([^"]*\)".*"kind": "\([^"]*\)", "instruction".*/\1:\2/p' \
    "$WMM_TMP/r.json" | sort | tr '\n' ' ' | sed 's/ $//')
  WMM_NFENCES=$(grep -c '{"function": "[^"]*".*"kind": "[^"]*", "instruction"' "$WMM_TMP/r.json")
  WMM_COST=$(sed -n 's/.*"total_cost": *\([0-9.]*\).*/\1/p' "$WMM_TMP/r.json")
}

# wmm_each_target FUNCTION: run FUNCTION once per target whose compiler
# and plugin exist (x86-64, ppc64le, aarch64, armv7), with T (x86, ppc,
# aarch64, arm), M (its model), FENCE (any fence instruction) and FULL (a
# full fence) set; SKIP (exit 77) when there is none.
wmm_each_target() {
  local ran=0
  for T in x86 ppc aarch64 arm; do
    wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
    ran=1
    case $T in
      x86) M=tso FENCE='mfence|lock or' FULL=$FENCE ;;
      ppc) M=power FENCE='^[[:space:]]*((hw|lw)?sync|isync)$'
           FULL='^[[:space:]]*(hw)?sync$' ;;
      aarch64) M=armv8 FENCE='dmb' FULL='dmb[[:space:]]+ish$' ;;
      arm) M=armv7 FENCE='dmb' FULL='dmb' ;;
    esac
    "$1"
  done
  [ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }
}

# wmm_fence_counts ASM: "FUNCTION:N ..." (sorted) of the lines matching
# $FENCE in each function of the assembly.
wmm_fence_counts() {
  FENCE=$FENCE awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { fn = substr($0, 1, length($0) - 1) }
      $0 ~ ENVIRON["FENCE"] { n[fn]++ }
      END { for (f in n) print f ":" n[f] }' "$1" | sort | tr '\n' ' ' | sed 's/ $//'
}

# wmm_compile_asm TAG SOURCE [OPTION...]: -O2 assembly $WMM_TMP/TAG.s and
# JSON report $WMM_TMP/TAG.json of SOURCE with the current target's plugin
# and model $M; a FAIL line and status 1 when it does not compile.
wmm_compile_asm() {
  local tag=$1 src=$2; shift 2
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
    -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" \
    -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$src" \
    2> "$WMM_TMP/$tag.err" && return 0
  wmm_fail "$tag: compiling $(basename "$src"): $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}

# wmm_expect_sb_fences TAG SOURCE 'F1 F2 ...' [OPTION...]: store buffering
# between main and a worker: SOURCE compiled by wmm_compile_asm has a full
# fence in main and a fence in one of the functions F1 F2 ... (the worker,
# or the helper it calls; ARMv8 may order the worker's stores with dmb
# ishst).
wmm_expect_sb_fences() {
  local tag=$1 src=$2 workers=$3 full any w; shift 3
  wmm_compile_asm "$tag" "$src" "$@" || return
  full=$(FENCE=$FULL wmm_fence_counts "$WMM_TMP/$tag.s")
  any=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  for w in $workers; do
    case " $full | $any " in
      *" main:"*"|"*" $w:"*)
        wmm_pass "$tag: a full fence in main, a fence in $w ($any)"; return ;;
    esac
  done
  wmm_fail "$tag: fences '$any', full '$full' (store buffering needs a full fence in main and one in ${workers// / or })"
}

# wmm_expect_fences TAG SOURCE WANT [OPTION...]: the fences per function
# (wmm_fence_counts) of SOURCE compiled by wmm_compile_asm are WANT.
wmm_expect_fences() {
  local tag=$1 src=$2 want=$3 got; shift 3
  wmm_compile_asm "$tag" "$src" "$@" || return
  got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  if [ "$got" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$got', expected '$want'"; fi
}

# wmm_expect_weak_fenced TAG SOURCE "FUNCTION..." [OPTION...]: no fence on
# x86 (message passing needs none there); on the weak targets each function
# named has a fence, in the assembly of wmm_compile_asm.
wmm_expect_weak_fenced() {
  local tag=$1 src=$2 fns=$3 got f missing=; shift 3
  wmm_compile_asm "$tag" "$src" "$@" || return
  got=" $(wmm_fence_counts "$WMM_TMP/$tag.s") "
  if [ "$T" = x86 ]; then
    if [ "$got" = "  " ]; then wmm_pass "$tag: no fence on x86"
    else wmm_fail "$tag: got '$got', expected none on x86"; fi
    return
  fi
  for f in $fns; do
    [[ $got == *" $f:"[1-9]* ]] || missing="$missing $f"
  done
  if [ -z "$missing" ]; then wmm_pass "$tag: fenced in $fns ($got)"
  else wmm_fail "$tag: got '$got', expected a fence in$missing"; fi
}

# wmm_expect_report TAG SOURCE WANT [OPTION...]: the fences of SOURCE's
# JSON report per function, "FUNCTION:N ..." sorted, are WANT (compiler
# $CC, or the current target's; model $M).  -O2 -S into $WMM_TMP/TAG.s.
wmm_expect_report() {
  local tag=$1 src=$2 want=$3 got; shift 3
  if ! "${CC:-$WMM_T_GCC}" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$src" \
      2> "$WMM_TMP/$tag.err"; then
    wmm_fail "$tag: compiling $(basename "$src"): $(head -n 3 "$WMM_TMP/$tag.err")"
    return
  fi
  got=$(grep -o '"function": *"[^"]*", "file"' "$WMM_TMP/$tag.json" \
        | sed 's/"function": *"\([^"]*\)".*/\1/' | sort | uniq -c \
        | awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
  if [ "$got" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$got', expected '$want'"; fi
}

# wmm_expect_full TAG SOURCE "FUNCTION..." [OPTION...]: each function has a
# line matching $FULL (a full fence) in the assembly of wmm_compile_asm.
wmm_expect_full() {
  local tag=$1 src=$2 fns=$3 fn n; shift 3
  wmm_compile_asm "$tag" "$src" "$@" || return
  for fn in $fns; do
    n=$(FN=$fn FULL=$FULL awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == ENVIRON["FN"] ":") }
        on && $0 ~ ENVIRON["FULL"] { n++ } END { print n + 0 }' "$WMM_TMP/$tag.s")
    if [ "$n" -ge 1 ]; then wmm_pass "$tag: $fn keeps a full fence"
    else wmm_fail "$tag: no full fence in $fn"; fi
  done
}

# wmm_expect_note TAG TEXT: the JSON report of wmm_compile_asm's TAG has
# a note containing TEXT (wmm_expect_no_note: none has).
wmm_expect_note() {
  if grep -q -- "$2" "$WMM_TMP/$1.json"; then wmm_pass "$1: note '$2'"
  else wmm_fail "$1: no note '$2'"; fi
}
wmm_expect_no_note() {
  if grep -q -- "$2" "$WMM_TMP/$1.json"; then wmm_fail "$1: note '$2'"
  else wmm_pass "$1: no note '$2'"; fi
}

# wmm_asm_pair TAG SOURCE [OPTION...]: the -O2 -pthread assembly of
# SOURCE (g++ -std=c++17 for .cc) with the current target's plugin under
# model $M, and without the plugin; GOT and BASE: their fences
# (wmm_fence_counts); a FAIL line and status 1 when either fails.
wmm_asm_pair() {
  local tag=$T.$1 src=$2 cc=$WMM_T_GCC; shift 2
  case $src in *.cc) cc=${WMM_T_GCC/gcc/g++}; set -- -std=c++17 "$@" ;; esac
  if ! "$cc" -O2 -pthread -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$M" "$@" \
      "$src" 2> "$WMM_TMP/$tag.err" \
     || ! "$cc" -O2 -pthread -S -o "$WMM_TMP/$tag.0.s" "$@" "$src" \
      2>> "$WMM_TMP/$tag.err"; then
    wmm_fail "$tag: compiling $src: $(head -n 3 "$WMM_TMP/$tag.err")"
    return 1
  fi
  GOT=$(wmm_fence_counts "$WMM_TMP/$tag.s")
  BASE=$(wmm_fence_counts "$WMM_TMP/$tag.0.s")
}

# wmm_asm_none TAG SOURCE [OPTION...]: PASS when the plugin adds no fence.
wmm_asm_none() {
  local tag=$1; wmm_asm_pair "$@" || return
  if [ "$GOT" = "$BASE" ]; then wmm_pass "$T.$tag: no fence added"
  else wmm_fail "$T.$tag: got '$GOT', without the plugin '$BASE'"; fi
}

# wmm_asm_fenced TAG SOURCE 'ERE...' [OPTION...]: PASS when each function
# an ERE names has more fences with the plugin than without.
wmm_asm_fenced() {
  local tag=$1 src=$2 want=$3 re missing= n0 n1; shift 3
  wmm_asm_pair "$tag" "$src" "$@" || return
  for re in $want; do
    n1=$(grep -Eo "(^| )$re:[0-9]+" <<< "$GOT" | sed 's/.*://' | head -n 1)
    n0=$(grep -Eo "(^| )$re:[0-9]+" <<< "$BASE" | sed 's/.*://' | head -n 1)
    [ "${n1:-0}" -gt "${n0:-0}" ] || missing="$missing $re"
  done
  if [ -z "$missing" ]; then wmm_pass "$T.$tag: fenced ($GOT)"
  else wmm_fail "$T.$tag: no fence in$missing (got '$GOT')"; fi
}

# wmm_ir_report TAG SOURCE ARCH [OPTION...]: IR dump $WMM_TMP/TAG.ir and
# JSON report $WMM_TMP/TAG.json of SOURCE (-O2 -pthread, g++ for the
# current target's compiler) under model ARCH; a FAIL line and status 1
# when it does not compile.
wmm_ir_report() {
  local tag=$1 src=$2 arch=$3; shift 3
  "${WMM_T_GCC/gcc/g++}" -O2 -pthread -c -o /dev/null \
      -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-arch="$arch" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$src" \
      2> "$WMM_TMP/$tag.err" && return 0
  wmm_fail "$tag: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}

wmm_pass() { echo "PASS: $*"; }
wmm_fail() { echo "FAIL: $*"; }
