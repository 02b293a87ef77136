#!/usr/bin/env bash
# threads_units.sh — functions that run code without starting threads,
# and units without main (docs/plugin.md, "Thread entries and
# instances"): pthread_once's routine is an entry with one instance (a
# note says so), barriers and condition variables start nothing and the
# barrier counts as a full fence; a unit without main that starts its own
# thread still makes its exported functions entries (store buffering
# between its service thread and an exported function is fenced on both
# sides), and the note names the assumption.  x86-64; the IR dump and the
# assembly are checked.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

build() {
  local tag=$1 prog=$2 level=$3; shift 3
  if "$WMM_T_GCC" "$level" -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=tso \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$P/$prog" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# fenced CASE ASM STORE LOAD: one function has STORE, a full fence, LOAD
fenced() {
  if S=$3 L=$4 awk '
      /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { k = 0; next }
      k == 0 && $0 ~ ENVIRON["S"] { k = 1; next }
      k == 1 && /lock or|mfence/ { k = 2; next }
      k == 2 && $0 ~ ENVIRON["L"] { found = 1 }
      END { exit !found }' "$2"; then wmm_pass "$1"
  else wmm_fail "$1 (no /$3/, fence, /$4/ in one function of $(basename "$2"))"; fi
}

for o in -O0 -O2; do
  t=sync$o
  if build $t threads_sync.c $o; then
    has "$t: pthread_once's routine: an entry with one instance" "$WMM_TMP/$t.ir" "^unit init entry instances=1"
    has "$t: the note says so" "$WMM_TMP/$t.ir" "^note: init runs once through pthread_once"
    has "$t: P0 one instance" "$WMM_TMP/$t.ir" "^unit P0 entry instances=1"
    # The routine also runs inside the call, between its two fences.
    if awk '/^unit P0 /{u=1;next} /^unit /{u=0} u' "$WMM_TMP/$t.ir" | grep -A2 "F " | grep -q "CALL init"; then
      wmm_pass "$t: P0 runs init inside pthread_once"
    else wmm_fail "$t: P0 has no CALL init at pthread_once"; fi
    has "$t: P1 one instance" "$WMM_TMP/$t.ir" "^unit P1 entry instances=1"
    hasnt "$t: barrier/condition variable start nothing: main not concurrent after the joins" "$WMM_TMP/$t.ir" "W after"
    hasnt "$t: no note of threads main cannot join" "$WMM_TMP/$t.ir" "main may run concurrently"
    n=$(grep -cE 'lock or|mfence' "$WMM_TMP/$t.s")
    if [ "$n" -eq 0 ]; then wmm_pass "$t: the barrier orders the store buffering: no fence"
    else wmm_fail "$t: $n fences, expected 0"; fi
  fi
  t=library$o
  if build $t threads_library.c $o; then
    has "$t: no main, own thread: exported set_and_read is an entry" "$WMM_TMP/$t.ir" "^unit set_and_read entry instances=2"
    has "$t: the service is an entry" "$WMM_TMP/$t.ir" "^unit service entry instances=2"
    has "$t: the note names the library assumption" "$WMM_TMP/$t.ir" "^note: library unit \(no main\)"
    fenced "$t: set_and_read: W x; fence; R y" "$WMM_TMP/$t.s" '\$1, x\(%rip\)' 'y\(%rip\), '
    fenced "$t: service: W y; fence; R x" "$WMM_TMP/$t.s" '\$1, y\(%rip\)' 'x\(%rip\), '
  fi
done
# The note reaches the JSON report.
if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" "$P/collect_library.c" 2> "$WMM_TMP/json.err"; then
  has "report: a library unit's note is in the JSON notes" "$WMM_TMP/r.json" "\"library unit \(no main\)"
else
  wmm_fail "report: $(head -n 2 "$WMM_TMP/json.err")"
fi
# threads=create: the unit's own creates only, no library assumption.
if build create threads_library.c -O2 -fplugin-arg-wmmfence-threads=create; then
  hasnt "threads=create: exported functions are no entries" "$WMM_TMP/create.ir" "^unit set_and_read entry"
  hasnt "threads=create: no library note" "$WMM_TMP/create.ir" "library unit"
fi
exit 0
