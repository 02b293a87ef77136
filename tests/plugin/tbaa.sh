#!/usr/bin/env bash
# tbaa.sh — type-based alias analysis (docs/plugin.md, "Type-based alias
# analysis"): message passing through a heap object published through a
# global pointer (programs/tbaa_mp.c) costs its minimum under
# -fstrict-aliasing (GCC's default at -O2): one lwsync per thread on Power
# (ppc64le), dmb ishst + dmb ishld on ARMv8 (aarch64), nothing on x86-64 —
# the minimum of the litmus test MP (wmmfence-litmus fence), also with
# char fields (members of *m: GCC's base alias set and size still apply)
# and with a consumer compiled without strict aliasing (optimize
# attribute: its reads may touch anything, but the producer's writes,
# compiled with it, are no part of `box`, a pointer); it keeps the
# conservative cost (4 fences: the fields may be the pointer `box`) with
# -fno-strict-aliasing, at -O1 (no strict aliasing) and with fields of a
# may_alias type.  Checked on the fences in the
# generated assembly of each target whose compiler and plugin exist, and on
# the IR dump (x86-64): which locations the field accesses may touch; and
# which globals of several types reads through pointers may touch
# (programs/tbaa_kinds.c: int, float, a struct member, unions, char,
# atomics); a struct member read against a char flag (tbaa_decl.c); a
# pointer whose targets points-to knows (pts_arg.c), a name from a table
# of string literals (pts_strings.c).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
prog=$WMM_TESTDIR/programs/tbaa_mp.c

# compile TAG LEVEL [FLAGS...]: $WMM_TMP/TAG.s (and TAG.ir) with the current
# target; returns 1 (after a FAIL line) when the compiler fails.
compile() {
  local tag=$1 level=$2; shift 2
  if "$WMM_T_GCC" "$level" -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$WMM_T_MODEL" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$prog" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
# count FILE REGEX: lines of the assembly matching REGEX
count() { grep -Ec -- "$2" "$1"; }
# expect CASE GOT WANT
expect() { if [ "$2" = "$3" ]; then wmm_pass "$1"; else wmm_fail "$1 (got $2, expected $3)"; fi; }

# The variants: strict aliasing (the default at -O2) and the conservative ones.
variants() {
  echo "strict -O2"
  echo "nostrict -O2 -fno-strict-aliasing"
  echo "O1 -O1"
  echo "char -O2 -DTBAA_CHAR"
  echo "mayalias -O2 -DTBAA_MAY_ALIAS"
  echo "consnostrict -O2 -DTBAA_CONS_NOSTRICT"
}

# ------------------------------------------------------- x86-64: IR, fences
while read -r v level flags; do
  t=x86-$v
  # shellcheck disable=SC2086
  compile "$t" "$level" $flags || continue
  expect "$t: no fence on x86-64" "$(count "$WMM_TMP/$t.s" 'mfence|lock or')" 0
  case $v in
    strict)
      for a in 'W ?(m->payload) = _' 'W ?(m->ready) = 1' 'R ?(m->ready)' 'R ?(m->payload)'; do
        line=$(grep -F -- "$a may {" "$WMM_TMP/$t.ir" | head -n 1)
        if [[ $line =~ may\ \{\?mem1\.[A-Za-z0-9_]+\ \?mem2\.[A-Za-z0-9_]+\ \?mem3\.[A-Za-z0-9_]+\ \?mem4\.[A-Za-z0-9_]+\} ]]; then
          wmm_pass "$t: '$a' may touch only the heap (not box, not got)"
        else
          wmm_fail "$t: '$a' may touch only the heap: $(grep -F -- "$a" "$WMM_TMP/$t.ir")"
        fi
      done ;;
    char)
      # char members of *m: GCC's base alias set (struct msg) and size
      # still keep them apart from box, got and scale, and each is heap
      # memory of its own (a member of *m at known bits)
      for a in 'W ?(m->payload) = _' 'W ?(m->ready) = 1' 'R ?(m->ready)' 'R ?(m->payload)'; do
        line=$(grep -F -- "$a may {" "$WMM_TMP/$t.ir" | head -n 1)
        m=${a#*->}; m=${m%%)*}
        if [[ $line =~ may\ \{\?mem1\.${m}_[0-9]+\ \?mem2\.${m}_[0-9]+\ \?mem3\.${m}_[0-9]+\ \?mem4\.${m}_[0-9]+\} ]]; then
          wmm_pass "$t: '$a' (a char member) may touch only the heap"
        else
          wmm_fail "$t: '$a' (a char member) may touch only the heap: $(grep -F -- "$a" "$WMM_TMP/$t.ir")"
        fi
      done ;;
    consnostrict)
      n=$(awk '/^unit prod/ { u = 1; next } /^unit / { u = 0 } u && /may \{/' "$WMM_TMP/$t.ir" | wc -l)
      expect "$t: the producer (strict) has alias sets" "$n" 2
      n=$(awk '/^unit cons/ { u = 1; next } /^unit / { u = 0 } u && /may \{/' "$WMM_TMP/$t.ir" | wc -l)
      expect "$t: the consumer (no strict aliasing) may touch anything" "$n" 0 ;;
    *)
      expect "$t: every field access may touch anything" "$(grep -c 'may {' "$WMM_TMP/$t.ir")" 0 ;;
  esac
done < <(variants)

# ------------------------------------- x86-64: which globals, by type (IR)
# mayset CASE N INCLUDED EXCLUDED: the N-th alias set of unit t2 of
# tbaa_kinds.c holds every location of INCLUDED and none of EXCLUDED.
mayset() {
  local set l
  set=" $(awk '/^unit t2/ { u = 1; next } /^unit / { u = 0 }
      u && /may \{/ { sub(/.*may \{/, ""); sub(/\}.*/, ""); print }' "$WMM_TMP/kinds.ir" | sed -n "${2}p") "
  for l in $3; do
    case $set in *" $l "*) ;; *) wmm_fail "$1: $l is not in {$set}"; return ;; esac
  done
  for l in $4; do
    case $set in *" $l "*) wmm_fail "$1: $l is in {$set}"; return ;; esac
  done
  wmm_pass "$1"
}
if "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/kinds.s" -fplugin="$WMM_T_PLUGIN" \
    -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=power \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/kinds.ir" \
    "$WMM_TESTDIR/programs/tbaa_kinds.c" 2> "$WMM_TMP/kinds.err"; then
  # heap memory by type (tbaa.cc): the words of int, float and of
  # struct msg's member `ready`
  conservative="gu.i gc gw"
  int="?mem1.int_1 ?mem2.int_1 ?mem3.int_1 ?mem4.int_1"
  flt="?mem1.float_2 ?mem2.float_2 ?mem3.float_2 ?mem4.float_2"
  ready="?mem1.ready_3 ?mem2.ready_3 ?mem3.ready_3 ?mem4.ready_3"
  mayset "kinds: *ip (int): int globals and heap ints, not float, long or pointers" 1 \
    "gi gp.a $conservative $int $ready" "fl gl ga ip fp mp cp $flt"
  mayset "kinds: *fp (float): float globals and heap floats, not int, long or pointers" 2 \
    "fl $conservative $flt" "gi gp.a gl ga ip $int $ready"
  # (a member of *mp touches no declared object smaller than a struct
  # msg, gu.i and gc, nor one whose alias set conflicts with none of
  # struct msg's, gw: whatever they were accessed with)
  mayset "kinds: mp->ready: not an int too small for a struct msg, not a struct pair's member, no float" 3 \
    "$int $ready" "gi gp.a fl gl ga mp $flt $conservative"
  mayset "kinds: atomic load of &mp->payload: the member, as mp->ready" 4 \
    "$int" "gi gp.a fl gl ga mp $flt $ready $conservative"
  n=$(awk '/^unit t2/ { u = 1; next } /^unit / { u = 0 } u && /may \{/' "$WMM_TMP/kinds.ir" | wc -l)
  expect "kinds: the atomic through ip and *cp (char) may touch anything" "$n" 4
else
  wmm_fail "kinds: compiling: $(head -n 3 "$WMM_TMP/kinds.err")"
fi

# --------------------------------------------------------- ppc64le: Power
if wmm_target ppc; then
  while read -r v level flags; do
    t=ppc-$v
    # shellcheck disable=SC2086
    compile "$t" "$level" $flags || continue
    lw=$(count "$WMM_TMP/$t.s" '^[[:space:]]*lwsync$')
    full=$(count "$WMM_TMP/$t.s" '^[[:space:]]*(hw)?sync$')
    if [ "$v" = strict ] || [ "$v" = char ] || [ "$v" = consnostrict ]; then
      expect "$t: MP through the heap object: 2 lwsync" "$lw" 2
    else
      expect "$t: conservative: 4 lwsync (as without TBAA)" "$lw" 4
    fi
    expect "$t: no sync" "$full" 0
  done < <(variants)
else
  echo "SKIP: ppc64le: $WMM_T_WHY"
fi

# --------------------------------------------------------- aarch64: ARMv8
if wmm_target aarch64; then
  while read -r v level flags; do
    t=aarch64-$v
    # shellcheck disable=SC2086
    compile "$t" "$level" $flags || continue
    st=$(count "$WMM_TMP/$t.s" '^[[:space:]]*dmb[[:space:]]+ishst$')
    ld=$(count "$WMM_TMP/$t.s" '^[[:space:]]*dmb[[:space:]]+ishld$')
    full=$(count "$WMM_TMP/$t.s" '^[[:space:]]*dmb[[:space:]]+(ish|sy)$')
    if [ "$v" = strict ] || [ "$v" = char ] || [ "$v" = consnostrict ]; then
      expect "$t: MP through the heap object: dmb ishst + dmb ishld" "$st+$ld" 1+1
    else
      expect "$t: conservative: dmb ishst + 3 dmb ishld (as without TBAA)" "$st+$ld" 1+3
    fi
    expect "$t: no full dmb" "$full" 0
  done < <(variants)
else
  echo "SKIP: aarch64: $WMM_T_WHY"
fi

# A member read through a struct pointer against a char flag
# (programs/tbaa_decl.c, GCC's pointer-against-declaration test), on
# every target: no cycle, no fence; the flag in a 64-byte char array
# (which may hold the struct) is store buffering, a full fence in both
# threads; a long written as bytes: no fence.
decl_target() {
  local decl=$WMM_TESTDIR/programs/tbaa_decl.c
  wmm_expect_fences $T-decl "$decl" ''
  wmm_expect_full $T-decl_BIG "$decl" "t1 t2" -DBIG
  wmm_expect_fences $T-decl_LONG "$decl" '' -DLONG
  # a thread's argument pointing into a static array (pts_arg.c,
  # points-to): no fence, also when memchr found it in the array; the
  # pointer maybe x, or from a library call (getenv), store buffering
  # fenced in both threads
  local pts=$WMM_TESTDIR/programs/pts_arg.c
  wmm_expect_fences $T-pts "$pts" ''
  wmm_expect_fences $T-pts_FIND "$pts" '' -DFIND
  wmm_expect_full $T-pts_X "$pts" "fill other" -DX
  wmm_expect_full $T-pts_LIB "$pts" "fill other" -DLIB
  # a name from a table of string literals printed against a heap
  # buffer's writer (pts_strings.c): no fence; the buffer in the table,
  # fenced in both threads
  local str=$WMM_TESTDIR/programs/pts_strings.c
  wmm_expect_fences $T-strings "$str" ''
  wmm_expect_full $T-strings_HEAP "$str" "speaker writer" -DHEAP
  # two pointer accesses to a member of one of two statics meet on the
  # member's anonymous words (pts_pick.c): store buffering, fenced
  wmm_expect_full $T-pick "$WMM_TESTDIR/programs/pts_pick.c" "t1 t2"
}
wmm_each_target decl_target
