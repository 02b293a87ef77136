#!/usr/bin/env bash
# atomics.sh — memory orders that become known only at the call sites
# (libstdc++'s std::atomic, C wrappers, variable-order fences: the weakest
# order over the callers) and inline asm that is one atomic read-modify-
# write (x86 xchg / lock, Power / ARM load-linked + store-conditional).
# Checked on the IR dump and on the fences of the generated assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
X86_GCC=$WMM_T_GCC X86_PLUGIN=$WMM_T_PLUGIN

# compiler CC FILE: the C++ driver for .cc files
compiler() { case $2 in *.cc) echo "${1%gcc*}g++${1#*gcc}" ;; *) echo "$1" ;; esac; }
# build OUT GCC PLUGIN FILE [OPTIONS...]: -S into $WMM_TMP/OUT.s (plus OUT.ir, OUT.json, OUT.err)
build() {
  local out=$1 gcc=$2 plugin=$3 file=$4; shift 4
  "$(compiler "$gcc" "$file")" -S -o "$WMM_TMP/$out.s" -fplugin="$plugin" \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$out.ir" \
    -fplugin-arg-wmmfence-report="$WMM_TMP/$out.json" "$@" "$file" 2> "$WMM_TMP/$out.err" \
    || { wmm_fail "$out: does not compile: $(head -n 3 "$WMM_TMP/$out.err")"; return 1; }
}
# plain OUT GCC FILE [OPTIONS...]: the same without the plugin
plain() {
  local out=$1 gcc=$2 file=$3; shift 3
  "$(compiler "$gcc" "$file")" -S -o "$WMM_TMP/$out.s" "$@" "$file"
}
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# unit_has CASE FILE UNIT PATTERN... : the patterns appear in this order in UNIT's IR
unit_has() {
  local case=$1 file=$2 unit=$3; shift 3
  if awk -v unit="$unit" -v pats="$*" '
      BEGIN { n = split(pats, p, "|"); k = 1 }
      /^unit / { inu = ($2 == unit); next }
      inu && k <= n && index($0, p[k]) { k++ }
      END { exit !(k > n) }' "$file"; then wmm_pass "$case"
  else wmm_fail "$case (not in order in $unit: $*)"; fi
}
# unit_hasnt CASE FILE UNIT TEXT: TEXT is not in UNIT's IR
unit_hasnt() {
  if awk -v unit="$3" -v t="$4" '/^unit / { inu = ($2 == unit); next }
      inu && index($0, t) { f = 1 } END { exit !f }' "$2"; then wmm_fail "$1 ('$4' in $3)"
  else wmm_pass "$1"; fi
}
# body FILE.s FUNCTION: the assembly of FUNCTION
body() { awk -v f="$2:" '$1 == f { on = 1 } on { print } on && /\.cfi_endproc|^\t\.size/ { exit }' "$1"; }
# count FILE.s FUNCTION REGEX: how many instructions of FUNCTION match
count() { body "$1" "$2" | grep -cE -- "$3"; }
# fence_between FILE.s FUNCTION A B: an x86 full fence after the first line
# naming symbol A and before the first naming symbol B
fence_between() {
  body "$1" "$2" | awk -v a="$3" -v b="$4" '
    $0 ~ "[^_a-zA-Z0-9]" b "[(@+]" && seen_a { done = 1; exit }
    $0 ~ "[^_a-zA-Z0-9]" a "[(@+]" { seen_a = 1 }
    seen_a && /mfence|lock|xchg/ { fence = 1 }
    END { exit !(done && fence) }'
}
# fences FILE.json: the inserted fences as FUNCTION:KIND, sorted
fences() { sed -n 's/.*{"function": "\([^"]*\)".*"kind": "\([^"]*\)", "instruction".*/\1:\2/p' "$1" | sort | tr '\n' ' ' | sed 's/ $//'; }
X86FULL='mfence|lock|xchg'

# --- A. std::atomic<int> store buffering on x86 ---------------------------
for o in -O0 -O2 -O3; do
  build sbr$o "$X86_GCC" "$X86_PLUGIN" "$P/atomics_sb_relaxed.cc" $o -fplugin-arg-wmmfence-quiet || continue
  for t in P0 P1; do
    a=x b=y; [ $t = P1 ] && a=y b=x
    if fence_between "$WMM_TMP/sbr$o.s" $t $a $b; then wmm_pass "x86 $o relaxed SB: full fence between store and load in $t"
    else wmm_fail "x86 $o relaxed SB: no full fence between store and load in $t"; fi
  done
done
unit_hasnt "x86 relaxed store(): no mfence credited" "$WMM_TMP/sbr-O2.ir" "std::__atomic_base<int>::store" "F mfence"
for o in -O2 -O3; do
  build sbs$o "$X86_GCC" "$X86_PLUGIN" "$P/atomics_sb_seqcst.cc" $o -fplugin-arg-wmmfence-quiet || continue
  plain sbs_plain$o "$X86_GCC" "$P/atomics_sb_seqcst.cc" $o
  for t in P0 P1; do
    got=$(count "$WMM_TMP/sbs$o.s" $t "$X86FULL") want=$(count "$WMM_TMP/sbs_plain$o.s" $t "$X86FULL")
    if [ "$got" = "$want" ] && [ "$got" -ge 1 ]; then wmm_pass "x86 $o seq_cst SB: only GCC's own fence in $t ($got)"
    else wmm_fail "x86 $o seq_cst SB: $got full fences in $t with the plugin, $want without"; fi
  done
  has "x86 $o seq_cst SB: nothing inserted" "$WMM_TMP/sbs$o.json" '"fences": \[\]'
done
unit_has "x86 seq_cst store(): mov; mfence" "$WMM_TMP/sbs-O2.ir" "std::__atomic_base<int>::store" "W ?(*ptr)|F mfence"

# --- A. C wrappers and variable-order fences (x86) ------------------------
build wrap "$X86_GCC" "$X86_PLUGIN" "$P/atomics_wrapper.c" -O2 -fplugin-arg-wmmfence-quiet && {
  unit_has "wrapper, constant seq_cst at all call sites (through st_outer, masked)" "$WMM_TMP/wrap.ir" st "W ?(*p)|F mfence"
  has "wrapper: seq_cst SB needs no fence" "$WMM_TMP/wrap.json" '"fences": \[\]'
}
build wrap2 "$X86_GCC" "$X86_PLUGIN" "$P/atomics_wrapper2.c" -O2 -fplugin-arg-wmmfence-quiet && {
  unit_hasnt "wrapper called relaxed and seq_cst: the weakest (relaxed)" "$WMM_TMP/wrap2.ir" st "F mfence"
  has "wrapper with two orders: a note in the report" "$WMM_TMP/wrap2.json" "memory order of '__atomic_store_4' in 'st' differs between call sites; the weakest \(relaxed\)"
  if fence_between "$WMM_TMP/wrap2.s" P0 x y; then wmm_pass "wrapper with two orders: P0 gets a full fence"
  else wmm_fail "wrapper with two orders: no full fence in P0"; fi
}
build fence "$X86_GCC" "$X86_PLUGIN" "$P/atomics_fence.c" -O2 -fplugin-arg-wmmfence-quiet && {
  unit_has "fence(mo) called with seq_cst: mfence" "$WMM_TMP/fence.ir" fence "F mfence"
  unit_hasnt "fence with an order from outside the unit: relaxed" "$WMM_TMP/fence.ir" fence_entry "F "
  got=$(fences "$WMM_TMP/fence.json")
  if [ "$got" = "fence_entry:mfence fence_entry:mfence" ]; then wmm_pass "variable-order fences: fences only where the order is unknown"
  else wmm_fail "variable-order fences: got '$got'"; fi
}
build wrapO0 "$X86_GCC" "$X86_PLUGIN" "$P/atomics_wrapper2.c" -O0 -fplugin-arg-wmmfence-quiet && \
  unit_has "-O0: a variable order stays variable, GCC and the model use seq_cst" "$WMM_TMP/wrapO0.ir" st "W ?(*p)|F mfence"

# --- B. x86 asm: xchg spinlock, lock xadd ---------------------------------
build spin "$X86_GCC" "$X86_PLUGIN" "$P/atomics_spinlock.c" -O2 -fplugin-arg-wmmfence-quiet && {
  unit_has "xchg with \"+m\": one locked RMW" "$WMM_TMP/spin.ir" acquire "F compiler|RMW lock atomic|F compiler"
  unit_hasnt "xchg: no separate read" "$WMM_TMP/spin.ir" acquire "R lock"
  unit_has "lock; xaddl: one locked RMW" "$WMM_TMP/spin.ir" count "RMW cnt atomic"
  unit_has "two locked instructions on two operands: plain model" "$WMM_TMP/spin.ir" twice "R a2|F mfence|W a2"
  n=$(grep -cE 'mfence|lock or' "$WMM_TMP/spin.s")
  if [ "$n" = 0 ]; then wmm_pass "xchg spinlock: no fence added on x86"
  else wmm_fail "xchg spinlock: $n fences added on x86"; fi
}

# --- cross targets: Power, ARMv8, ARMv7 -----------------------------------
if wmm_target ppc; then
  PG=$WMM_T_GCC PP=$WMM_T_PLUGIN
  for o in -O0 -O2 -O3; do
    build psbr$o "$PG" "$PP" "$P/atomics_sb_relaxed.cc" $o -fplugin-arg-wmmfence-quiet || continue
    for t in P0 P1; do
      n=$(count "$WMM_TMP/psbr$o.s" $t '^\s*(sync|hwsync)\b')
      if [ "$n" -ge 1 ]; then wmm_pass "power $o relaxed SB: sync in $t"
      else wmm_fail "power $o relaxed SB: no sync in $t"; fi
    done
  done
  for o in -O2 -O3; do
    build pmp$o "$PG" "$PP" "$P/atomics_mp.c" $o -fplugin-arg-wmmfence-quiet || continue
    has "power $o release/acquire MP (builtins): no fence inserted" "$WMM_TMP/pmp$o.json" '"fences": \[\]'
    n=$(count "$WMM_TMP/pmp$o.s" P0 '^\s*lwsync') m=$(count "$WMM_TMP/pmp$o.s" P1 '^\s*isync')
    if [ "$n" = 1 ] && [ "$m" = 1 ]; then wmm_pass "power $o MP: GCC's lwsync and isync only"
    else wmm_fail "power $o MP: $n lwsync in P0, $m isync in P1"; fi
  done
  # a spin on the acquire load: its isync orders the read after the loop
  build pmpspin "$PG" "$PP" "$P/atomics_mp.c" -O2 -DSPIN -fplugin-arg-wmmfence-quiet && {
    has "power MP, spin on an acquire load: no fence inserted" "$WMM_TMP/pmpspin.json" '"fences": \[\]'
  }
  build pmpspinr "$PG" "$PP" "$P/atomics_mp.c" -O2 -DSPIN -DRELAXED -fplugin-arg-wmmfence-quiet && {
    n=$(count "$WMM_TMP/pmpspinr.s" P1 '^\s*(lwsync|sync|isync)\b')
    if [ "$n" -ge 1 ]; then wmm_pass "power MP, spin on a relaxed load: P1 fenced ($n)"
    else wmm_fail "power MP, spin on a relaxed load: no fence in P1"; fi
  }
  build pmpxx "$PG" "$PP" "$P/atomics_mp.cc" -O2 -fplugin-arg-wmmfence-quiet && {
    has "power std::atomic MP: store() called relaxed and release: the weakest, with a note" "$WMM_TMP/pmpxx.json" "'__atomic_store_4' in 'std::__atomic_base<int>::store' differs between call sites; the weakest \(relaxed\)"
    n=$(count "$WMM_TMP/pmpxx.s" P0 '^\s*(lwsync|sync)\b')
    if [ "$n" -ge 1 ]; then wmm_pass "power std::atomic MP: P0's stores still ordered ($n fences)"
    else wmm_fail "power std::atomic MP: P0's stores not ordered"; fi
    has "power std::atomic MP: each call's own order (release store, acquire load): no fence inserted" "$WMM_TMP/pmpxx.json" '"fences": \[\]'
  }
  build pllsc "$PG" "$PP" "$P/atomics_llsc.c" -O2 -fplugin-arg-wmmfence-quiet && {
    unit_has "power lwsync; lwarx..stwcx.; bne; isync = lwsync, RMW, ctrl+isync" "$WMM_TMP/pllsc.ir" llsc "F lwsync|RMW x|CMP|BEQ|F isync"
    unit_hasnt "power LL/SC: no separate read" "$WMM_TMP/pllsc.ir" llsc "R x"
    unit_has "power lwarx without stwcx.: plain model" "$WMM_TMP/pllsc.ir" llsc "R z|W z"
  }
else
  echo "SKIP: power checks: $WMM_T_WHY"
fi
if wmm_target aarch64; then
  build allsc "$WMM_T_GCC" "$WMM_T_PLUGIN" "$P/atomics_llsc.c" -O2 -fplugin-arg-wmmfence-quiet && {
    unit_has "armv8 ldaxr..stlxr = one RMW, acquire + release" "$WMM_TMP/allsc.ir" llsc "RMW x acq rel"
    unit_has "armv8 ldxr without stxr: plain model" "$WMM_TMP/allsc.ir" llsc "R z|W z"
  }
else
  echo "SKIP: armv8 checks: $WMM_T_WHY"
fi
if wmm_target arm; then
  build vllsc "$WMM_T_GCC" "$WMM_T_PLUGIN" "$P/atomics_llsc.c" -O2 -fplugin-arg-wmmfence-quiet && \
    unit_has "armv7 dmb; ldrex..strex; dmb = dmb, RMW, dmb" "$WMM_TMP/vllsc.ir" llsc "F dmb|RMW x|F dmb"
else
  echo "SKIP: armv7 checks: $WMM_T_WHY"
fi
