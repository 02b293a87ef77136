#!/usr/bin/env bash
# collect.sh — what the plugin collects from GIMPLE: shared accesses and
# their names, atomics per model, fences, locks, asm, calls, thread entries
# and main's concurrent region (checked on the IR dump, -fwmm-dump-ir).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# dump NAME MODEL [OPTIONS...]: the IR of programs/NAME.c into $WMM_TMP/NAME.MODEL.ir
dump() {
  local name=$1 model=$2; shift 2
  "$WMM_T_GCC" -O2 -S -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$model" -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$name.$model.ir" \
    "$@" "$P/$name.c" 2> "$WMM_TMP/$name.err" || { cat "$WMM_TMP/$name.err"; return 1; }
}
# has CASE FILE REGEX / hasnt CASE FILE REGEX
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# in_order CASE FILE UNIT PATTERN... : the patterns appear in this order in UNIT's code
in_order() {
  local case=$1 file=$2 unit=$3; shift 3
  local pats="$*"
  if awk -v unit="$unit" -v pats="$pats" '
      BEGIN { n = split(pats, p, "|"); k = 1 }
      /^unit / { inu = ($2 == unit); next }
      inu && k <= n && index($0, p[k]) { k++ }
      END { exit !(k > n) }' "$file"; then wmm_pass "$case"
  else wmm_fail "$case (not in order in $unit: $pats)"; fi
}

dump collect_shared power
f=$WMM_TMP/collect_shared.power.ir
has "global by name" "$f" ": W g = 2"
has "static by name" "$f" ": W s = "
has "struct field s.f" "$f" ": W st.f = 1"
has "constant index arr[2]" "$f" ": W arr\[2\] = 3"
hasnt "thread-local not collected" "$f" "tls"
hasnt "const not collected" "$f" "location k "
hasnt "local only dereferenced is private" "$f" "hidden"
hasnt "a compare-exchange's expected value is private" "$f" "expect"
has "the compare-exchange's object is collected" "$f" "RMW st.h"
has "escaped local is shared" "$f" ": W T.esc = 8"
in_order "variable index on a small array is a choice" "$f" T "BR*|W arr[0] = 4|J|W arr[1] = 4|W arr[3] = 4"
has "large array, variable index: unknown address" "$f" "W \?\(big\[\]\) = 5"
has "pointer of unknown target: unknown address" "$f" "W \?\(\*ptr\) = 6"
has "unknown call summarised: a read" "$f" "R \?\(publish\)"
has "unknown call summarised: then a write" "$f" "W \?\(publish\) = _"
has "function with 2 instances (created in a loop)" "$f" "^unit T entry instances=2"

dump collect_atomics power
f=$WMM_TMP/collect_atomics.power.ir
in_order "power: release store = lwsync; st" "$f" T "F lwsync|W x = 1"
in_order "power: acquire load = ld; cmp; beq; isync" "$f" T "R f -> r|CMP r, r|BEQ|F isync"
in_order "power: seq_cst RMW = sync; RMW; ctrl-isync" "$f" T "F sync|RMW y|CMP|BEQ|F isync"
in_order "power: thread fence, __sync_synchronize = sync; signal fence = compiler" "$f" T "F isync|F sync|F sync|F compiler|RMW x"
in_order "power: seq_cst store = sync; st" "$f" T "RMW x|F sync|W y = 3"
in_order "mutex lock/unlock = full fences; asm memory = compiler" "$f" T "W y = 3|F sync|W x|F sync|F compiler"
dump collect_atomics armv8
f=$WMM_TMP/collect_atomics.armv8.ir
has "armv8: release store = stlr" "$f" "W x = 1 rel"
has "armv8: acquire load = ldar" "$f" "R f acq"
has "armv8: seq_cst RMW acq+rel" "$f" "RMW y acq rel"
has "armv8: seq_cst fence = dmb ish" "$f" "F dmb ish +@"
dump collect_atomics tso
f=$WMM_TMP/collect_atomics.tso.ir
has "tso: RMW is a locked instruction" "$f" "RMW y .*atomic"
in_order "tso: seq_cst store = mov; mfence" "$f" T "W y = 3|F mfence"
in_order "tso: mutex lock/unlock = full fences (locked instructions)" "$f" T "W y = 3|F mfence|F mfence|W x|F mfence"
dump collect_atomics armv7
f=$WMM_TMP/collect_atomics.armv7.ir
in_order "armv7: acquire load = ldr; dmb" "$f" T "R f|F dmb"
in_order "armv7: mutex lock/unlock = full fences (dmb ish)" "$f" T "W y = 3|F dmb|W x|F dmb"

dump collect_asm power
f=$WMM_TMP/collect_asm.power.ir
in_order "asm lwsync / sync on power" "$f" power_fences "W x = 1|F lwsync|W y = 1|F sync|W x = 2"
has "attribute wmmfence_thread: entry with 2 instances" "$f" "^unit power_fences entry instances=2"
dump collect_asm armv8
f=$WMM_TMP/collect_asm.armv8.ir
in_order "asm dmb ishst / dmb ish on armv8" "$f" arm_fences "W x = 3|F dmb ishst|W y = 3|F dmb ish|W x = 4"
# dsb as the model has it: with ST it orders stores only (it was taken
# for a full fence, and store buffering around `dsb st` got none), with
# LD loads; dmb nsh orders nothing another processor sees
in_order "asm dsb st / dsb ld / dmb nsh / dsb sy on armv8" "$f" arm_dsb "W x = 5|F dmb ishst|W y = 5|F dmb ishld|W x = 6|F compiler|W y = 6|F dmb ish|W x = 7"
dump collect_asm armv7
f=$WMM_TMP/collect_asm.armv7.ir
in_order "asm dsb st / dsb sy on armv7" "$f" arm_dsb "W x = 5|F dmb st|W y = 5|F compiler|W x = 6|F compiler|W y = 6|F dmb|W x = 7"
# an xchg of two registers orders nothing (it was a full fence); a
# lock-prefixed instruction on memory is one
dump collect_asm tso
f=$WMM_TMP/collect_asm.tso.ir
in_order "asm xchg of registers / lock or on tso" "$f" x86_xchg "W x = 8|F compiler|W y = 8|F mfence|W x = 9"

dump collect_calls power
f=$WMM_TMP/collect_calls.power.ir
in_order "calls into the unit are followed" "$f" worker "CALL set_x|CALL get_y"
has "callee is a code unit" "$f" "^unit set_x instances=1"
has "printf touches no shared data (external () is read and written)" "$f" "W \?\(external\) = _"
hasnt "printf not summarised" "$f" "printf"
has "wmmfence_thread(1): one instance" "$f" "^unit other entry instances=1"

dump collect_library power
f=$WMM_TMP/collect_library.power.ir
has "library: exported functions are entries" "$f" "^unit push entry instances=2"
has "library: pop is an entry" "$f" "^unit pop entry instances=2"
has "library: static helper reached by a call" "$f" "^unit unused_helper instances=1"
dump collect_library power -fplugin-arg-wmmfence-threads=create
has "threads=create: a library alone is not concurrent" "$WMM_TMP/collect_library.power.ir" "nothing runs concurrently"

dump collect_region power
f=$WMM_TMP/collect_region.power.ir
hasnt "before the first create: not concurrent" "$f" "W x = 10"
in_order "between create and last join: concurrent" "$f" main "W y = 1|F sync|W y = 2|F sync"
hasnt "after the last join: not concurrent" "$f" "R result"

# -O0 and -O3 collect the same shared accesses for a simple program.
for o in -O0 -O3; do
  "$WMM_T_GCC" $o -S -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/r$o.ir" "$P/collect_region.c"
  if grep -q "W y = 2" "$WMM_TMP/r$o.ir" && grep -q "R y" "$WMM_TMP/r$o.ir"; then wmm_pass "collect at $o"
  else wmm_fail "collect at $o"; fi
done
