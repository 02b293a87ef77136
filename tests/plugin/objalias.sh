#!/usr/bin/env bash
# objalias.sh — an access with a variable index into a declared array too
# large for a choice between its elements (an unknown address) touches only
# that array (GCC's base-object test; docs/plugin.md, "Type-based alias
# analysis"), with or without -fstrict-aliasing (programs/objalias.c):
# message passing whose flag and data are not the array costs nothing more
# for it (0 fences on every target: before, `big[i]` could be `y` and cost
# an lwsync per thread on Power), while message passing through the array
# keeps its minimum (Power: 2 lwsync; ARMv8: dmb ishst + dmb ishld;
# x86-64: none).  Checked on the fences of the generated assembly and on
# the IR dump (which locations `big[i]` may touch).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
prog=$WMM_TESTDIR/programs/objalias.c
# compile TAG [FLAGS...]: $WMM_TMP/TAG.s and TAG.ir with the current target
compile() {
  local tag=$1; shift
  if "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$WMM_T_MODEL" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$prog" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
expect() { if [ "$2" = "$3" ]; then wmm_pass "$1"; else wmm_fail "$1 (got $2, expected $3)"; fi; }
# fences ARCH FILE: the fence instructions of the assembly
fences() {
  case $1 in
    x86) grep -Ec 'mfence|lock or' "$2" ;;
    ppc) grep -Ec '^[[:space:]]*(lw|hw)?sync$' "$2" ;;
    aarch64) grep -Ec '^[[:space:]]*dmb' "$2" ;;
  esac
}
for arch in x86 ppc aarch64; do
  if ! wmm_target $arch; then echo "SKIP: $arch: $WMM_T_WHY"; continue; fi
  case $arch in x86) through=0 ;; *) through=2 ;; esac
  for flags in "" -fno-strict-aliasing; do
    t=$arch${flags:+-nostrict}
    compile "$t-apart" $flags &&
      expect "$t: MP beside the array: no fence" "$(fences $arch "$WMM_TMP/$t-apart.s")" 0
    compile "$t-through" -DTHROUGH $flags &&
      expect "$t: MP through the array: $through fences" "$(fences $arch "$WMM_TMP/$t-through.s")" $through
  done
  if [ $arch = aarch64 ]; then
    expect "aarch64: MP through the array: dmb ishst + dmb ishld" \
      "$(grep -Ec 'dmb[[:space:]]+ishst' "$WMM_TMP/aarch64-through.s") $(grep -Ec 'dmb[[:space:]]+ishld' "$WMM_TMP/aarch64-through.s")" "1 1"
  fi
done
# The IR: big[i] may touch the anonymous words only, never x or y.
wmm_target x86
compile ir
line=$(grep -F 'W ?(big[])' "$WMM_TMP/ir.ir" | head -n 1)
# (the four words of the class of int heap memory, tbaa.cc)
if [[ $line =~ may\ \{\?mem1\.[A-Za-z0-9_]+\ \?mem2\.[A-Za-z0-9_]+\ \?mem3\.[A-Za-z0-9_]+\ \?mem4\.[A-Za-z0-9_]+\} ]]; then
  wmm_pass "IR: big[i] may touch the anonymous words only"
else
  wmm_fail "IR: big[i]: '$line'"
fi
