#!/usr/bin/env bash
# publish_elements.sh — a fresh heap array published one element at a time
# (docs/plugin.md, "Fresh objects published under a lock", elements;
# plugin/pubelems.cc).  publish_elements.c: main fills task j of a
# calloc'd array and submits &tasks[j] to a queue under a mutex, workers
# read the task's input after taking it: no fence on x86-64, ppc64le,
# aarch64 and armv7, with an index (`tasks[j]`, also unsigned: -DUNSIGNED)
# or a stepping pointer (-DCURSOR), and with the tasks in an array of
# main's frame (-DSTACK) or a static array only main names (-DSTATIC).  The variants that race keep the worker's fence on the weak
# targets (x86 needs none for message passing): task j written again after
# its submission (AFTER, also with CURSOR), the previous task written
# (PREV), a worker reading the next task through its pointer (NEIGHBOUR:
# the slot readers must stay inside one element), the loop run twice over
# the same tasks (ROUNDS, also with CURSOR), each also with STACK and
# STATIC; the static array named by the workers too (STATIC PEEK); the
# workers given the whole array as their argument and reading two tasks
# through it (SHARE, heap or STACK).  Fences are counted in the
# -O2 assembly.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
NOTE="accesses to fresh objects before their publication"

# fenced TAG OPTION...: the worker keeps a fence on the weak targets, no
# fence on x86
fenced() {
  local tag=$1; shift
  wmm_expect_weak_fenced "$T.$tag" "$P/publish_elements.c" worker -pthread "$@"
}

one_target() {
  wmm_expect_fences "$T.tasks" "$P/publish_elements.c" "" -pthread
  wmm_expect_note "$T.tasks" "$NOTE"
  wmm_expect_fences "$T.cursor" "$P/publish_elements.c" "" -pthread -DCURSOR
  wmm_expect_fences "$T.unsigned" "$P/publish_elements.c" "" -pthread -DUNSIGNED
  wmm_expect_fences "$T.stack" "$P/publish_elements.c" "" -pthread -DSTACK
  wmm_expect_fences "$T.stack_unsigned" "$P/publish_elements.c" "" -pthread \
    -DSTACK -DUNSIGNED
  wmm_expect_fences "$T.stack_cursor" "$P/publish_elements.c" "" -pthread \
    -DSTACK -DCURSOR
  wmm_expect_fences "$T.static" "$P/publish_elements.c" "" -pthread -DSTATIC
  wmm_expect_fences "$T.static_cursor" "$P/publish_elements.c" "" -pthread \
    -DSTATIC -DCURSOR
  fenced after -DAFTER
  fenced prev -DPREV
  fenced neighbour -DNEIGHBOUR
  fenced rounds -DROUNDS
  fenced cursor_after -DCURSOR -DAFTER
  fenced cursor_rounds -DCURSOR -DROUNDS
  local v
  for v in AFTER PREV NEIGHBOUR ROUNDS SHARE; do
    fenced "stack_${v,,}" -DSTACK -D$v
    fenced "static_${v,,}" -DSTATIC -D$v
  done
  fenced static_peek -DSTATIC -DPEEK
  fenced share -DSHARE
  fenced stack_cursor_after -DSTACK -DCURSOR -DAFTER
  fenced stack_cursor_rounds -DSTACK -DCURSOR -DROUNDS
}
wmm_each_target one_target
