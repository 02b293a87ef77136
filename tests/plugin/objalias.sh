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
# the IR dump (which locations `big[i]` may touch).  Members of an array's
# elements (elem_members.c): computed indices naming different members
# never meet, through a pointer to the element type either.
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
# full_fence ARCH: a line of the assembly that is a full fence
full_fence() {
  case $1 in
    x86) echo 'mfence|lock or' ;;
    ppc) echo '^[[:space:]]*(hw)?sync$' ;;
    aarch64) echo '^[[:space:]]*dmb[[:space:]]+ish$' ;;
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
# The IR: big[i] may touch big's own words only, never x or y, nor the
# heap's anonymous words.
wmm_target x86
compile ir
line=$(grep -F 'W ?(big[])' "$WMM_TMP/ir.ir" | head -n 1)
if [[ $line =~ may\ \{big\[\*1\]\ big\[\*2\]\ big\[\*3\]\ big\[\*4\]\} ]]; then
  wmm_pass "IR: big[i] may touch big's four words only"
else
  wmm_fail "IR: big[i]: '$line'"
fi
# Computed indices into different arrays never meet (programs/objwords.c):
# no fence; store buffering over the same arrays, through int or char
# pointers to them, or over two elements of one array keeps a full fence
# per thread, with or without -fno-strict-aliasing.
prog=$WMM_TESTDIR/programs/objwords.c
for arch in x86 ppc aarch64; do
  if ! wmm_target $arch; then continue; fi
  for flags in "" -fno-strict-aliasing; do
    t=$arch${flags:+-nostrict}
    compile "$t-words" $flags &&
      expect "$t: four arrays apart: no fence" "$(fences $arch "$WMM_TMP/$t-words.s")" 0
    full=$(full_fence $arch)
    for v in SAME POINTER CHARPTR ONE; do
      compile "$t-words-$v" -D$v $flags &&
        expect "$t: $v: a full fence per thread" \
          "$(grep -Ec "$full" "$WMM_TMP/$t-words-$v.s")" 2
    done
  done
done
# A member reached through a pointer against a declared array
# (programs/objpath.c): `p->flag` (a struct job) is no element of `int
# table[64]` under strict aliasing (GCC's access-path test): the store
# buffering that needs them to meet has no fence; with an array of struct
# jobs (-DJOBS), or without strict aliasing, a full fence per thread.
prog=$WMM_TESTDIR/programs/objpath.c
for arch in x86 ppc aarch64; do
  if ! wmm_target $arch; then continue; fi
  full=$(full_fence $arch)
  compile "$arch-path" &&
    expect "$arch: p->flag is no element of int table[64]: no fence" "$(fences $arch "$WMM_TMP/$arch-path.s")" 0
  compile "$arch-path-jobs" -DJOBS &&
    expect "$arch: an array of struct jobs: a full fence per thread" \
      "$(grep -Ec "$full" "$WMM_TMP/$arch-path-jobs.s")" 2
  compile "$arch-path-nostrict" -fno-strict-aliasing &&
    expect "$arch: -fno-strict-aliasing: a full fence per thread" \
      "$(grep -Ec "$full" "$WMM_TMP/$arch-path-nostrict.s")" 2
done
# Members of the elements of a declared array (programs/elem_members.c):
# store buffering's shape where p0 writes items[i].in at computed indices
# and p1 reads member out through a pointer into the array, or at a
# computed index of its own (INDEXED): the members do not overlap, no
# fence; p1 reading member in (SAME), or p0 writing whole elements
# (WHOLE), keeps a full fence per thread; without strict aliasing the
# pointer may view the array's bytes any way: fenced.
prog=$WMM_TESTDIR/programs/elem_members.c
for arch in x86 ppc aarch64; do
  if ! wmm_target $arch; then continue; fi
  full=$(full_fence $arch)
  compile "$arch-members" &&
    expect "$arch: items[i].in against p->out: no fence" "$(fences $arch "$WMM_TMP/$arch-members.s")" 0
  compile "$arch-members-indexed" -DINDEXED &&
    expect "$arch: items[i].in against items[slot].out: no fence" "$(fences $arch "$WMM_TMP/$arch-members-indexed.s")" 0
  for v in SAME WHOLE "INDEXED -DSAME" "INDEXED -DWHOLE"; do
    t=$arch-members-${v// -D/-}
    compile "$t" -D$v &&
      expect "$arch: $v: a full fence per thread" "$(grep -Ec "$full" "$WMM_TMP/$t.s")" 2
  done
  compile "$arch-members-nostrict" -fno-strict-aliasing &&
    expect "$arch: -fno-strict-aliasing: a full fence per thread" \
      "$(grep -Ec "$full" "$WMM_TMP/$arch-members-nostrict.s")" 2
done
# The IR: items' words come in member in's group (the only member its
# computed indices name); p->out may touch none of them, p->in (SAME)
# those of in.
wmm_target x86
compile members-ir && compile members-ir-same -DSAME
line=$(grep -F 'R ?(p->out)' "$WMM_TMP/members-ir.ir" | head -n 1)
same=$(grep -F 'R ?(p->in)' "$WMM_TMP/members-ir-same.ir" | head -n 1)
if ! [[ $line =~ items\[ ]] && [[ $same =~ items\[\*1\]\.in ]]; then
  wmm_pass "IR: p->out touches no word of items, p->in those of member in"
else
  wmm_fail "IR: p->out: '$line'; p->in: '$same'"
fi
