#!/usr/bin/env bash
# heap_regions.sh — heap regions (threadlocal.cc find_regions, tbaa.cc)
# and what a library stores into memory that holds no pointer
# (threadlocal.cc scalar_out_param).  Read back from the assembly on
# every target:
#  - heap_regions.c: main reads a byte through a cursor into its input
#    buffer and records an error code; workers kept in a list of nodes
#    (pthread_create writing each node's pthread_t) unlink themselves
#    under a lock and record one too.  The cursor's buffers and the
#    nodes are two regions: no fence anywhere;
#  - -DALIAS (the cursor may point into a node), -DJOIN (a helper wipes
#    a node and a buffer through one pointer: one region), -DEXPORTED
#    (code outside may set the cursor), -fno-strict-aliasing (the heap is
#    untyped: the regions' words are typed): main keeps a full fence;
#  - heap_once_targets.c: an object allocated once meets no access
#    through a pointer that cannot point to it (tbaa.cc heap_once_target):
#    no fence; -DALIAS (the pointer walks that object): fenced on the weak
#    targets (message passing; x86 keeps its order);
#  - object_regions.c: buffers inside two static structs, reached through
#    pointers kept in statics, message passing from one to the other:
#    each declared variable is a region of its own (threadlocal.cc
#    region_object), no fence (Power: 2 lwsyncs before 2026-12-06);
#    -DSAME (both pointers into one struct's buffer): fenced on the weak
#    targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

check() {
  wmm_expect_fences "regions-$T" "$P/heap_regions.c" ""
  for v in ALIAS JOIN EXPORTED; do
    wmm_expect_full "regions-$v-$T" "$P/heap_regions.c" main -D$v
  done
  wmm_expect_full "regions-nostrict-$T" "$P/heap_regions.c" main \
    -fno-strict-aliasing
  wmm_expect_fences "once-targets-$T" "$P/heap_once_targets.c" ""
  [ $T = x86 ] ||
    wmm_asm_fenced "once-targets-alias" "$P/heap_once_targets.c" \
      "main worker" -DALIAS
  wmm_expect_fences "object-regions-$T" "$P/object_regions.c" ""
  wmm_expect_weak_fenced "object-regions-same-$T" "$P/object_regions.c" \
    "reader main" -DSAME
}
wmm_each_target check
