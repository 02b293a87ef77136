#!/usr/bin/env bash
# trampoline.sh — threads started through a trampoline (docs/plugin.md,
# "Thread entries and instances"; plugin/trampoline.cc): a helper packs a
# body and its argument into a fresh task, one start routine unpacks and
# calls it.  The call is resolved to the bodies the unit's spawns give:
#  - tramp_mp.c: the routine does nothing else, so each body is a thread
#    of its own, one instance per spawn (message passing at its minimum:
#    x86 none, one lwsync / dmb per body on the weak targets);
#  - tramp_done.c: the routine sets `done` after the body returns; the
#    bodies run inside its thread, so the producer's store stays ordered
#    before `done` (the JSON report shows that pair);
#  - tramp_sb.c: store buffering keeps one full fence per body, resolved
#    or not; the variants the plugin must not resolve as a trampoline (the
#    task kept in a global, the field written by the routine, an exported
#    helper, the task given to the body) say so in a note;
#  - pool_exported.c: a thread pool with exported functions in main's
#    unit, tasks called through their member: the unit's task functions,
#    not unknown code (store buffering between them keeps their full
#    fences; a task of another unit, or main calling another unit, keep
#    the unknown call's fences).
# Fences are counted per function in the -O2 assembly of every target.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs


per_target() {
  # the bodies run in run's thread, as several copies: the consumer's
  # result stores are ordered too (sound, above the minimum of 1 fence
  # per thread)
  MP= DONE=consumer:1
  [ $T = x86 ] || { MP='consumer:1 producer:1' DONE='consumer:3 run:1'; }
  wmm_expect_fences $T.mp "$P/tramp_mp.c" "$MP"
  wmm_expect_note $T.mp "run calls the function its thread argument carries (a trampoline): producer, consumer, each a thread of its own"
  if [ $T = ppc ] || [ $T = aarch64 ]; then
    full=$(grep -Ec "$FULL" "$WMM_TMP/$T.mp.s")
    if [ "$full" = 0 ]; then wmm_pass "$T.mp: no full fence (message passing needs none)"
    else wmm_fail "$T.mp: $full full fences"; fi
  fi
  wmm_expect_fences $T.done "$P/tramp_done.c" "$DONE"
  wmm_expect_note $T.done "run calls the function its thread argument carries (a trampoline): producer, consumer, in its thread"
  if python3 - "$WMM_TMP/$T.done.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ok = any(f["function"] == "run" and any(
         o["from"]["function"] == "producer" and o["from"]["location"] == "data"
         and o["to"]["function"] == "run" and o["to"]["location"] == "done"
         for o in f["orders"]) for f in d["fences"])
sys.exit(0 if ok or d["model"] == "tso" else 1)
PY
  then wmm_pass "$T.done: the producer's store is ordered before run's store of done"
  else wmm_fail "$T.done: no fence in run orders producer's data before done"; fi
  wmm_expect_fences $T.sb "$P/tramp_sb.c" "p0:1 p1:1"
  wmm_expect_note $T.sb "run calls the function its thread argument carries (a trampoline): p0, p1, each a thread of its own"
  for v in KEEP_TASK CLEAR_BODY EXPORTED PASS_TASK; do
    wmm_expect_full "$T.sb_$v" "$P/tramp_sb.c" "p0 p1" "-D$v"
    # (a trampoline that clears the member it calls through, or gives the
    # body the whole task, is no pure trampoline, but the member holds only
    # what the unit stores there: its bodies are callees of run, in run's
    # thread)
    # (an exported spawn: main's unit calls no other unit's code, so no
    # other unit calls spawn either, entries.cc closed_member_calls)
    if [ $v = CLEAR_BODY ] || [ $v = PASS_TASK ] || [ $v = EXPORTED ]; then
      wmm_expect_note "$T.sb_$v" "run's indirect call through member 'body' calls the functions stored there: p0, p1"
    else
      wmm_expect_note "$T.sb_$v" "indirect calls: every address-taken function"
    fi
  done
  # a pool with exported functions in main's unit, which calls no other
  # unit's code: `t->fn (t->arg)` calls the unit's task functions
  # (pool_exported.c; entries.cc closed_member_calls)
  if [ $T = x86 ]; then
    wmm_expect_fences $T.pool_exported "$P/pool_exported.c" ""
  else
    wmm_expect_fences $T.pool_exported "$P/pool_exported.c" \
      "cube:1 pool_submit:2 pool_worker:1 square:1"
  fi
  wmm_expect_note $T.pool_exported "pool_worker's indirect call through member 'fn' calls the functions stored there: cube, square"
  wmm_expect_full $T.pool_exported_SB "$P/pool_exported.c" "square cube" -DSB
  for v in EXTERNAL OUTSIDE; do
    wmm_compile_asm "$T.pool_exported_$v" "$P/pool_exported.c" -D$v || continue
    wmm_expect_note "$T.pool_exported_$v" "pool_submit is exported by a unit with main that calls code of other units"
    if [ $T != x86 ]; then
      n=$(grep -Ec "$FENCE" "$WMM_TMP/$T.pool_exported_$v.s")
      if [ "$n" -ge 19 ]; then wmm_pass "$T.pool_exported_$v: $n fences"
      else wmm_fail "$T.pool_exported_$v: $n fences (the unknown call's 19 expected)"; fi
    fi
  done
}
wmm_each_target per_target
