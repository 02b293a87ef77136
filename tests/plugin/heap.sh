#!/usr/bin/env bash
# heap.sh — heap memory by type (tbaa.cc): the members of heap objects are
# anonymous words of their own class, so
#  - a node filled by its producer, pushed on a list under a mutex and
#    popped under it by the consumer needs no fence (heap_handoff.c), and
#    the same node published by a plain store keeps message passing's
#    fence (-DRACY);
#  - store buffering, message passing and load buffering on the members of
#    one shared heap object get their litmus tests' minimal fences
#    (heap_shapes.c) on x86-64, ppc64le and aarch64, read back from the
#    assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# fences ARCH PROGRAM [FLAGS...]: the fence instructions of the program's
# -O2 assembly, counted by kind ("2 sync", "1 dmb ishld 1 dmb ishst", "")
fences() {
  local arch=$1 prog=$2 pat; shift 2
  wmm_target "$arch" || return 1
  case $arch in
    x86) pat='mfence|lock or' ;;
    ppc) pat='^[[:space:]]*(lw|hw)?sync$' ;;
    aarch64) pat='^[[:space:]]*dmb[[:space:]]' ;;
  esac
  "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$prog.$arch.s" -fplugin="$WMM_T_PLUGIN" \
    -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$WMM_T_MODEL" \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$prog.$arch.ir" "$@" \
    "$P/$prog.c" 2> "$WMM_TMP/err" || { echo "error: $(head -n 2 "$WMM_TMP/err")"; return 0; }
  # (x86's full fence is mfence or lock or, the same kind)
  grep -E -- "$pat" "$WMM_TMP/$prog.$arch.s" |
    sed 's/^[[:space:]]*//; s/[[:space:]]\+/ /g; s/^lock or.*/mfence/' |
    sort | uniq -c | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'
}
# expect LABEL ARCH PROGRAM WANT [FLAGS...]
expect() {
  local label=$1 arch=$2 prog=$3 want=$4 got; shift 4
  if ! wmm_target "$arch"; then
    echo "skipping $label on $arch: $WMM_T_WHY"; return
  fi
  got=$(fences "$arch" "$prog" "$@")
  if [ "$got" = "$want" ]; then wmm_pass "$label $arch: ${want:-no fence}"
  else wmm_fail "$label $arch: got '$got', expected '$want'"; fi
}

for a in x86 ppc aarch64; do
  expect handoff $a heap_handoff ""
done
expect handoff-racy x86 heap_handoff "" -DRACY
expect handoff-racy ppc heap_handoff "1 lwsync" -DRACY
expect handoff-racy aarch64 heap_handoff "1 dmb ishld" -DRACY

expect SB x86 heap_shapes "2 mfence" -DSB
expect SB ppc heap_shapes "2 sync" -DSB
expect SB aarch64 heap_shapes "2 dmb ish" -DSB
expect MP x86 heap_shapes "" -DMP
expect MP ppc heap_shapes "2 lwsync" -DMP
expect MP aarch64 heap_shapes "1 dmb ishld 1 dmb ishst" -DMP
expect LB x86 heap_shapes "" -DLB
expect LB ppc heap_shapes "2 lwsync" -DLB
expect LB aarch64 heap_shapes "2 dmb ishld" -DLB

# The IR: the handoff's members are words of their own class, and the
# consumer's read of it->a may touch only the words of member a.
wmm_target x86
fences x86 heap_handoff >/dev/null
line=$(grep -F 'R ?(it->a) may {' "$WMM_TMP/heap_handoff.x86.ir" | head -n 1)
# (the words of the node's allocation call: `?mem1.a_1@heap_handoff.c:15`)
w='a_[0-9]+(@heap_handoff\.c:[0-9]+)?'
if [[ $line =~ may\ \{\?mem1\.$w\ \?mem2\.$w\ \?mem3\.$w\ \?mem4\.$w\} ]]; then
  wmm_pass "IR: it->a may touch the words of member a only"
else
  wmm_fail "IR: it->a: '$line'"
fi
# Without strict aliasing, the heap is untyped again: the four words.
fences x86 heap_handoff -fno-strict-aliasing >/dev/null
if grep -q '^location ?mem1 ' "$WMM_TMP/heap_handoff.x86.ir" &&
   ! grep -q '^location ?mem1\.' "$WMM_TMP/heap_handoff.x86.ir"; then
  wmm_pass "-fno-strict-aliasing: untyped anonymous words"
else
  wmm_fail "-fno-strict-aliasing: $(grep '^location ?' "$WMM_TMP/heap_handoff.x86.ir" | tr '\n' ' ')"
fi
