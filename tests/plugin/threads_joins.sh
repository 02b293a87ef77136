#!/usr/bin/env bash
# threads_joins.sh — thread structure (docs/plugin.md, "Thread entries and
# instances"): threads created into arrays (constant indices, counting
# loops) or struct fields and joined the same way, start routines read
# from a const table or given to helpers (launch (fn, arg), start (&t,
# fn)) and joined through helpers (finish (t), finish (job)).  main's
# accesses after provable joins are not concurrent: the IR dump leaves them
# out and the assembly has the minimal fences (x86-64 always, ppc64le when
# its cross compiler and plugin exist).  Variants where a thread may still
# run (a join loop one short, a loop that may break, handles overwritten,
# a bound re-read from a global, a helper that keeps no handle, a join on
# one path only) keep main concurrent and fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# build TAG PROGRAM LEVEL MODEL [OPTIONS...]: $WMM_TMP/TAG.s and TAG.ir
build() {
  local tag=$1 prog=$2 level=$3 model=$4; shift 4
  if "$WMM_T_GCC" "$level" -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$model" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$P/$prog" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  return 1
}
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# fences ASM [FUNCTION]: fences (pattern $FENCE) in the file or in one function
fences() {
  FN=${2:-} FENCE=$FENCE awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ENVIRON["FN"] == "" || $0 == ENVIRON["FN"] ":" }
      on && $0 ~ ENVIRON["FENCE"] { n++ } END { print n + 0 }' "$1"
}
# count CASE ASM FUNCTION|"" OP N: the number of fences compares (OP: -eq, -ge)
count() {
  local n; n=$(fences "$2" "$3")
  if [ "$n" "$4" "$5" ]; then wmm_pass "$1"; else wmm_fail "$1 ($n fences${3:+ in $3}, expected $4 $5)"; fi
}
# Main's accesses after the joins: `W after` in the IR dump.
AFTER='W after'

# ---------------------------------------------------------------- x86-64
FENCE='lock or|mfence'
for o in -O0 -O2; do
  t=array$o
  if build $t threads_array.c $o tso; then
    hasnt "$t: t[0]..t[3] joined: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: IRIW + main after the joins: no fence (minimum)" "$WMM_TMP/$t.s" "" -eq 0
  fi
  t=struct$o
  if build $t threads_struct.c $o tso; then
    hasnt "$t: jobs[k].tid and last->tid joined: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: no fence (minimum)" "$WMM_TMP/$t.s" "" -eq 0
  fi
  for v in "" GLOBAL_N; do
    t=loop${v:+_$v}$o
    if build $t threads_loop.c $o tso ${v:+-D$v}; then
      has "$t: worker created in a loop: several instances" "$WMM_TMP/$t.ir" "^unit worker entry instances=2"
      hasnt "$t: join loop with the same bounds: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
      count "$t: no fence in main" "$WMM_TMP/$t.s" main -eq 0
    fi
  done
  for v in JOIN_BOUND=3 BREAK TWICE; do
    t=loop_${v%%=*}$o
    build $t threads_loop.c $o tso -D$v || continue
    has "$t: a thread may still run: main concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: main fenced" "$WMM_TMP/$t.s" main -ge 1
  done
  # a const table and one local to main: routines P3 / rd1 of IRIW, the
  # note an escape of the table's functions would give
  for spec in "table:threads_table.c:P3:stored in the initialiser" \
      "table_local:threads_table_local.c:rd1:stored to memory"; do
    IFS=: read -r name prog fn escape <<< "$spec"
    t=$name$o
    build $t "$prog" $o tso || continue
    hasnt "$t: routines from a table: no unknown-routine fallback" "$WMM_TMP/$t.ir" "not a known function"
    hasnt "$t: the table's functions do not escape" "$WMM_TMP/$t.ir" "$escape"
    has "$t: one element per iteration: $fn one instance" "$WMM_TMP/$t.ir" "^unit $fn entry instances=1"
    hasnt "$t: main not concurrent after the join loop" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: IRIW + main after the joins: no fence (minimum)" "$WMM_TMP/$t.s" "" -eq 0
  done
  for v in ESCAPE TWICE; do
    t=table_local_$v$o
    build $t threads_table_local.c $o tso -D$v || continue
    has "$t: rd1 several instances" "$WMM_TMP/$t.ir" "^unit rd1 entry instances=2"
    [ $v = ESCAPE ] && has "$t: main concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
  done
  t=helper$o
  if build $t threads_helper.c $o tso; then
    has "$t: producer through launch(): one instance" "$WMM_TMP/$t.ir" "^unit producer entry instances=1"
    has "$t: consumer through start(): one instance" "$WMM_TMP/$t.ir" "^unit consumer entry instances=1"
    hasnt "$t: no escape note" "$WMM_TMP/$t.ir" "is passed to"
    hasnt "$t: finish() joins both: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: message passing through helpers: no fence (minimum)" "$WMM_TMP/$t.s" "" -eq 0
  fi
  for v in FIRE MAYBE; do
    t=helper_$v$o
    build $t threads_helper.c $o tso -D$v || continue
    has "$t: main concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: main fenced" "$WMM_TMP/$t.s" main -ge 1
  done
  t=helper_AGAIN$o
  if build $t threads_helper.c $o tso -DAGAIN; then
    has "$t: producer launched from two sites: two instances" "$WMM_TMP/$t.ir" "^unit producer entry instances=2"
    has "$t: consumer still one" "$WMM_TMP/$t.ir" "^unit consumer entry instances=1"
    hasnt "$t: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
  fi
  t=job$o
  if build $t threads_job.c $o tso; then
    has "$t: producer through launch(): one instance" "$WMM_TMP/$t.ir" "^unit producer entry instances=1"
    hasnt "$t: finish(job) joins job->tid: main not concurrent after" "$WMM_TMP/$t.ir" "$AFTER"
    count "$t: no fence in main" "$WMM_TMP/$t.s" main -eq 0
    [ $o = -O2 ] && count "$t: no fence at all (minimum)" "$WMM_TMP/$t.s" "" -eq 0
  fi
done

# ---------------------------------------------------------------- ppc64le
if ! wmm_target ppc; then
  echo "skipping the ppc64le checks: $WMM_T_WHY"
  exit 0
fi
FENCE='^[[:space:]]*((hw|lw)?sync|isync)$'
for spec in array:threads_array.c:2 struct:threads_struct.c:2 table:threads_table.c:2 \
    table_local:threads_table_local.c:2 \
    helper:threads_helper.c:2 job:threads_job.c:2; do
  IFS=: read -r name prog min <<< "$spec"
  t=ppc_$name
  build $t "$prog" -O2 power -fno-section-anchors || continue
  count "$t: $min fences (the minimum)" "$WMM_TMP/$t.s" "" -eq "$min"
  count "$t: none in main" "$WMM_TMP/$t.s" main -eq 0
done
exit 0
