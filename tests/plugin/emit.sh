#!/usr/bin/env bash
# emit.sh — fence emission and volatile marking driven by a hand-written
# placement (-fplugin-arg-wmmfence-debug-fence / debug-volatile), on every
# target whose compiler is installed: each fence kind becomes its
# instruction between the two accesses; a fence at every position of a
# function with branches, a loop, a switch, a call and a block copy
# compiles at -O0, -O2 and -O3; volatile is per access.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
ran=0

# kind_case ARCH KIND EXPECTED: debug-fence P0:1:KIND on sb.c puts EXPECTED
# (an asmseq item, or "" for a compiler barrier) between W x and R y.
kind_case() {
  local arch=$1 kind=$2 want=$3
  local s=$WMM_TMP/$arch.$kind.s
  if ! "$WMM_T_GCC" -O2 -fno-section-anchors -S -o "$s" -fplugin="$WMM_T_PLUGIN" \
       -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-debug-fence=P0:1:"$kind" \
       -fplugin-arg-wmmfence-debug-volatile=P0:0 -fplugin-arg-wmmfence-debug-volatile=P0:1 \
       "$P/sb.c" 2> "$WMM_TMP/err"; then
    wmm_fail "$arch $kind: $(head -n 2 "$WMM_TMP/err")"; return
  fi
  local seq
  seq=$(awk -v arch="$arch" -f "$WMM_TESTDIR/asmseq.awk" "$s" "$s" | sed -n 's/^P0: //p')
  local expect="W x; ${want:+$want; }R y"
  case "$seq" in
    "$expect"*) wmm_pass "$arch $kind -> ${want:-compiler barrier}" ;;
    *) wmm_fail "$arch $kind: P0 is '$seq', expected '$expect...'" ;;
  esac
}

for arch in x86 ppc aarch64 arm; do
  wmm_target "$arch" || { echo "($arch skipped: $WMM_T_WHY)"; continue; }
  ran=1
  case $arch in
    x86) kind_case x86 mfence "F lock"; kind_case x86 sync "F lock"
         kind_case x86 lwsync ""; kind_case x86 dmb_ishst "" ;;
    ppc) kind_case ppc sync "F sync"; kind_case ppc lwsync "F lwsync"
         kind_case ppc eieio "F eieio"; kind_case ppc isync "F isync"
         kind_case ppc dmb_ish "F sync" ;;
    aarch64) kind_case aarch64 dmb_ish "F dmb ish"; kind_case aarch64 dmb_ishld "F dmb ishld"
         kind_case aarch64 dmb_ishst "F dmb ishst"; kind_case aarch64 isb "F isb"
         kind_case aarch64 sync "F dmb ish" ;;
    arm) kind_case arm dmb "F dmb ish"; kind_case arm dmb_st "F dmb ishst"
         kind_case arm dmb_ishld "F dmb ish"; kind_case arm isb "F isb" ;;
  esac
  # A fence at every position of emit_cfg.c's two functions.
  "$WMM_T_GCC" -O2 -S -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/cfg.ir" -fplugin-arg-wmmfence-debug-fence=P0:0:sync "$P/emit_cfg.c"
  bad=0 total=0
  for fn in P0 P1; do
    n=$(awk -v fn="$fn" '/^unit /{u=$2} u==fn && /^  [0-9]+:/{c++} END{print c+0}' "$WMM_TMP/cfg.ir")
    for i in $(seq 0 "$n"); do
      for o in -O0 -O2 -O3; do
        total=$((total + 1))
        if ! "$WMM_T_GCC" $o -c -o "$WMM_TMP/cfg.o" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
             -fplugin-arg-wmmfence-debug-fence="$fn:$i:sync" -fplugin-arg-wmmfence-debug-volatile=P0:0 \
             "$P/emit_cfg.c" 2> "$WMM_TMP/err"; then
          bad=$((bad + 1)); echo "    $fn:$i $o: $(head -n 2 "$WMM_TMP/err")"
        fi
      done
    done
  done
  if [ "$bad" -eq 0 ] && [ "$total" -gt 20 ]; then wmm_pass "$arch: a fence at each of $total positions x levels compiles"
  else wmm_fail "$arch: $bad of $total fence positions fail"; fi
done

# Volatile per access (x86 only: the test reads x86 loops).
if wmm_target x86; then
  ran=1
  s=$WMM_TMP/vol.s
  # (the load's index in P0: a jump into the loop may come first)
  "$WMM_T_GCC" -O2 -S -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/vol.ir" "$P/emit_volatile.c"
  ld=$(awk '/^unit /{u=$2} u=="P0" && $2=="R" && $3=="flag"{sub(":","",$1); print $1; exit}' "$WMM_TMP/vol.ir")
  "$WMM_T_GCC" -O2 -S -o "$s" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-debug-volatile="P0:${ld:-0}" "$P/emit_volatile.c"
  # P0: the load is inside the loop (a label, then the load, then a branch back).
  if awk '/^P0:/{f=1} /^P1:/{f=0} f' "$s" | awk '/^\.L[0-9]+:/{l=$0; sub(":","",l); inl=1; next} inl && /mov.*(flag|%r[a-z0-9]+\))/{ld=1} inl && ld && $0 ~ ("j[a-z]+\t" l "$"){ok=1} END{exit !ok}'; then
    wmm_pass "volatile access keeps the load in its loop"
  else wmm_fail "volatile access keeps the load in its loop"; fi
  if awk '/^P1:/{f=1} f' "$s" | awk '/^\.L[0-9]+:/{l=$0; sub(":","",l); getline; if ($0 ~ ("jmp\t" l "$")) ok=1} END{exit !ok}'; then
    wmm_pass "the same loop elsewhere is still optimised (declaration unchanged)"
  else wmm_fail "the other loop is optimised"; fi
fi
[ "$ran" -eq 1 ] || { echo "SKIP: no compiler with a plugin"; exit 77; }
