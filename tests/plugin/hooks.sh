#!/usr/bin/env bash
# hooks.sh — calls through hooks, static function pointers only the unit
# assigns (docs/plugin.md, "Thread entries and instances"; entries.cc):
#  - hook_sb.c: a logging hook that may hold a function storing x; the
#    call runs it in the caller's thread, so store buffering keeps a full
#    fence on each side (p0's inside note_x, after its store: every call
#    of it needs one), and no function becomes an entry of its own;
#  - hook_alloc.c: allocation hooks holding malloc and free touch no
#    shared memory: no fence (the unknown call's stand-in cost two); every
#    variant that lets a hook hold unknown code keeps both fences;
#  - tramp_cleanup.c: a trampoline written as pigz's yarn.c (allocation
#    and free through hooks, a cleanup routine of pthread_cleanup_push):
#    resolved to its two bodies, message passing at the counts of an
#    impure trampoline (tramp_done.c in trampoline.sh);
#  - pool_hdr.c: a pool's `j->run (j->arg)` with the job type in the
#    program's header pool_job.h: resolved to the two functions main
#    stores there, which run in the workers (no entry of their own, no
#    fence in the workers); -DFOREIGN (main also calls another unit's
#    code): unresolved, the catch-all of indirect calls;
#  - hook_table.c: commands dispatched through a read-only table of
#    { name, handler }: the call calls one of the table's two functions
#    (entries.cc table_targets), no fence; the table writable
#    (-DWRITABLE) or holding another unit's function (-DFOREIGN): unknown
#    code, the workers fenced;
#  - hook_two_threads.c: store buffering through a job table's function
#    member run by two different thread functions: each thread's store
#    is ordered before its load by a full fence (between its two calls,
#    in put after the store or in get before the load; the JSON report's
#    positions), on every target.
# Fences are counted per function in the -O2 assembly of every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs


# both_ordered TAG: hook_two_threads.c's report has a full fence in get
# before its load, in put after its store, or one in each of t0 and t1
both_ordered() {
  if ! wmm_report_fences "$P/hook_two_threads.c" "$M"; then wmm_fail "$1: $WMM_ERR"; return; fi
  if python3 - "$WMM_TMP/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
full = {"mfence", "sync", "dmb ish", "dmb"}
fs = [f for f in r["fences"] if f["kind"] in full]
def at(fn, pred):
    return any(f["function"] == fn and pred(f) for f in fs)
ok = (at("get_impl", lambda f: f["before"] is not None and f["before"]["access"] == "R")
      or at("put_impl", lambda f: f["before"] is None or f["before"]["access"] != "W")
      or (at("t0", lambda f: True) and at("t1", lambda f: True)))
sys.exit(0 if ok else 1)
PY
  then wmm_pass "$1: each thread's store ordered before its load ($WMM_FENCES)"
  else wmm_fail "$1: a thread's store and load not ordered by a full fence ($WMM_FENCES)"; fi
}

per_target() {
  wmm_expect_full $T.sb "$P/hook_sb.c" "note_x p1"
  wmm_expect_note $T.sb "p0's indirect call through 'log_hook' calls the functions stored there: note_x, quiet"
  wmm_expect_no_note $T.sb "treated as a thread entry"
  wmm_expect_fences $T.alloc "$P/hook_alloc.c" ''
  wmm_expect_note $T.alloc "p0's indirect call through 'my_alloc' calls the functions stored there: malloc"
  for v in EXPORTED SETTER COPIED ADDRESS POOL; do
    wmm_expect_full "$T.alloc_$v" "$P/hook_alloc.c" "p0 p1" "-D$v"
    wmm_expect_no_note "$T.alloc_$v" "through 'my_alloc'"
  done
  case $T in
    x86) want='consumer:1' ;;
    *) want='consumer:2 producer:1 run:1' ;;   # (main's launch, after its
  esac                                          # create, runs beside them)
  wmm_expect_fences $T.cleanup "$P/tramp_cleanup.c" "$want"
  wmm_expect_note $T.cleanup "run calls the function its thread argument carries (a trampoline): producer, consumer, in its thread"
  wmm_expect_no_note $T.cleanup "treated as a thread entry"
  wmm_compile_asm $T.pool "$P/pool_hdr.c" || return
  wmm_expect_note $T.pool "worker's indirect call through member 'run' calls the functions stored there: square, log_it"
  wmm_expect_no_note $T.pool "treated as a thread entry"
  case " $(wmm_fence_counts "$WMM_TMP/$T.pool.s") " in
    *" worker:"*) wmm_fail "$T.pool: worker fenced" ;;
    *) wmm_pass "$T.pool: no fence in worker" ;;
  esac
  wmm_compile_asm $T.pool_foreign "$P/pool_hdr.c" -DFOREIGN || return
  wmm_expect_no_note $T.pool_foreign "through member 'run'"
  wmm_expect_note $T.pool_foreign "indirect calls: every address-taken function"
  both_ordered $T.two_threads
  wmm_expect_fences $T.table "$P/hook_table.c" ''
  wmm_expect_note $T.table "worker's indirect call through the read-only table 'cmds' calls one of its functions: do_get, do_set"
  for v in WRITABLE FOREIGN; do
    wmm_compile_asm "$T.table_$v" "$P/hook_table.c" "-D$v" || continue
    wmm_expect_no_note "$T.table_$v" "read-only table"
    case " $(wmm_fence_counts "$WMM_TMP/$T.table_$v.s") " in
      *" worker:"[1-9]*) wmm_pass "$T.table_$v: worker fenced (the call is unknown code)" ;;
      *) wmm_fail "$T.table_$v: worker not fenced ($(wmm_fence_counts "$WMM_TMP/$T.table_$v.s"))" ;;
    esac
  done
}
wmm_each_target per_target
