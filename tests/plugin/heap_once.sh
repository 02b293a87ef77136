#!/usr/bin/env bash
# heap_once.sh — an array allocated once, written at computed offsets
# where it was allocated and read at known offsets by a worker given it
# (heap_once_index.c): main's loop `tasks[j].in = j + 1` may touch the
# words the worker's `all[15].in`, `all[14].in` name (heaponce.cc), so
# message passing through the array keeps a fence in main and one in the
# worker on ppc64le, aarch64 and armv7, inline or through a helper
# (-DHELPER); x86 needs none.  Filled before the create (-DBEFORE): no
# fence.  Fences are counted in the -O2 assembly.
# heap_once_refs.c: an object main allocates and hands to two workers,
# which read its payload (`o->payload[i]` in a loop and `o->payload[0]`)
# and drop a reference with an atomic decrement of `o->refs`: the
# payload's words, named by both, are no part of `refs` (tbaa.cc
# heap_once_words: no fence on any target, where Power, ARMv8 and ARMv7
# had one; the report is read, the atomic's own barriers stay in the
# assembly); store buffering through `payload[i]` and `refs` (-DSB) keeps
# a full fence in each worker.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  wmm_expect_weak_fenced "$T.index" "$P/heap_once_index.c" "main worker" \
    -pthread
  wmm_expect_weak_fenced "$T.helper" "$P/heap_once_index.c" "main worker" \
    -pthread -DHELPER
  wmm_expect_fences "$T.before" "$P/heap_once_index.c" "" -pthread -DBEFORE
  wmm_expect_report "$T.refs" "$P/heap_once_refs.c" "" -pthread
  wmm_expect_full "$T.refs_sb" "$P/heap_once_refs.c" "writer updater" \
    -pthread -DSB
}
wmm_each_target one_target
