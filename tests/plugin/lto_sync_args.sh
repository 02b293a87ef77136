#!/usr/bin/env bash
# lto_sync_args.sh — a synchronisation object given to the C library
# receives no pointer (threadlocal.cc sync_object_arg), also under
# -flto, whose link step may keep only the name of the union a typedef
# names (`union pthread_mutex_t`): box_lock.c's `*b->slot = 1` touches
# the words of the int allocated for it (dump-ir: `@box_lock.c:`), the
# same locations per unit and at the -flto link step.  Before, the link
# step took pthread_mutex_init (&b->lock) for a store of unknown
# pointers into the whole struct, and `*b->slot` for an access to any
# heap int.  x86-64 (the host compiler).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
src=$WMM_TESTDIR/programs/box_lock.c
opts=(-fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=tso)

# may_set IRFILE: the may-set of the store through `*b->slot`.
may_set() {
  grep -o 'W ?(\*ptr) = 1 may {[^}]*}' "$1" | head -n 1
}

if "$WMM_T_GCC" -O2 -pthread -c -o "$WMM_TMP/u.o" "${opts[@]}" \
     -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/unit.ir" "$src" 2> "$WMM_TMP/err" \
   && "$WMM_T_GCC" -O2 -pthread -flto -c -o "$WMM_TMP/l.o" "${opts[@]}" "$src" \
        2>> "$WMM_TMP/err" \
   && "$WMM_T_GCC" -O2 -pthread -flto -o "$WMM_TMP/prog" "${opts[@]}" \
        -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/lto.ir" "$WMM_TMP/l.o" 2>> "$WMM_TMP/err"
then
  unit=$(may_set "$WMM_TMP/unit.ir")
  lto=$(may_set "$WMM_TMP/lto.ir")
  case $unit in
    *"@box_lock.c:"*) wmm_pass "per unit: *b->slot touches its allocation's words ($unit)" ;;
    *) wmm_fail "per unit: '$unit'" ;;
  esac
  if [ -n "$lto" ] && [ "$lto" = "$unit" ]; then
    wmm_pass "-flto: the same locations as per unit"
  else wmm_fail "-flto: '$lto', per unit '$unit'"; fi
else
  wmm_fail "compiling box_lock.c: $(head -n 3 "$WMM_TMP/err")"
fi
