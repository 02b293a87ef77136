#!/usr/bin/env bash
# slot_locks.sh — mutexes a lock library allocates and the program reaches
# through a pointer slot (docs/plugin.md, "Locks reached through a
# pointer"): each program is data-race free (no fence on any target),
# each variant keeps store buffering's fences:
#   locks_slots.c       two global lock pointers main sets before the
#                       worker starts (LATE: set again while it runs;
#                       WRONG: the worker takes the other lock; PTR: set
#                       again through a pointer; ESCAPE: the slot's address
#                       goes to code outside)
#   locks_pool_slots.c  a lock per pool through `pool->have`, two static
#                       pools (OTHER: take replaces a pool's lock; CROSS:
#                       give updates the other pool's counter)
# and locks_slots.c with the library in another unit (lock_library.c),
# linked with -flto: no fence; LATE: main and worker fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
D=$WMM_TESTDIR/programs

check_target() {
  local v
  wmm_expect_fences "$T.slots" "$D/locks_slots.c" ''
  for v in LATE WRONG PTR ESCAPE; do
    wmm_expect_sb_fences "$T.slots.$v" "$D/locks_slots.c" worker -D$v
  done
  wmm_expect_fences "$T.pools" "$D/locks_pool_slots.c" ''
  # (main's sections are give and take, inlined or not)
  for v in OTHER CROSS; do
    wmm_compile_asm "$T.pools.$v" "$D/locks_pool_slots.c" -D$v || continue
    local full
    full=$(FENCE=$FULL wmm_fence_counts "$WMM_TMP/$T.pools.$v.s")
    if [ -n "$full" ]; then wmm_pass "$T.pools.$v: full fences ($full)"
    else wmm_fail "$T.pools.$v: no full fence ($(wmm_fence_counts "$WMM_TMP/$T.pools.$v.s"))"; fi
  done
}
# Whole-program mode: the lock library in a unit of its own, linked with
# -flto (x86-64; the compile step keeps shared accesses volatile).
check_lto() {
  local v got want
  for v in BASE LATE; do
    if ! "$WMM_T_GCC" -O2 -flto -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-arch=tso \
          -c "$D/lock_library.c" 2> "$WMM_TMP/lto.$v.err" ||
       ! "$WMM_T_GCC" -O2 -flto -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-arch=tso \
          -DLOCK_LIBRARY_EXTERN -D$v -c "$D/locks_slots.c" 2>> "$WMM_TMP/lto.$v.err" ||
       ! "$WMM_T_GCC" -O2 -flto -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-arch=tso \
          -fplugin-arg-wmmfence-report="$WMM_TMP/lto.$v.json" -o "$WMM_TMP/lto.$v" \
          lock_library.o locks_slots.o -pthread 2>> "$WMM_TMP/lto.$v.err"; then
      wmm_fail "lto.$v: $(head -n 3 "$WMM_TMP/lto.$v.err")"
      continue
    fi
    got=$(grep -o '"function": *"[^"]*", "file"' "$WMM_TMP/lto.$v.json" \
          | sed 's/"function": *"\([^"]*\)".*/\1/' | sort -u | tr '\n' ' ')
    want=''
    [ $v = LATE ] && want='main worker '
    if [ "$got" = "$want" ]; then wmm_pass "lto.$v: fences in '${want:-none}'"
    else wmm_fail "lto.$v: fences in '$got', expected '$want'"; fi
  done
}
wmm_each_target check_target
if wmm_target x86; then (cd "$WMM_TMP" && check_lto); fi
