#!/usr/bin/env bash
# fresh.sh — objects a thread allocates and never frees (docs/plugin.md,
# "Fresh objects never freed"; plugin/publish.cc wmm_publish_fresh,
# WMM_ACC_FRESH).  programs/fresh_msgs.c: two producer threads each fill
# a message of their own and publish it with a plain store, a consumer
# reads both.  One producer's writes before its publication never touch
# the other's message, so on the weak targets message passing costs
# lwsync / dmb ishst, no full fence (Power: 4 syncs -> 4 lwsyncs; ARMv7
# 4 dmb -> 1 dmb + 3 dmb st).  A message the consumer frees (directly,
# through a pointer to free, through a helper of the unit) or gives to
# another unit's function may become the other producer's next one: the
# full fences stay.  x86-TSO needs no fence in any variant.  Also the
# report's note, and the dump's `fresh` marks.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/fresh_msgs.c

check_target() {
  local full_re
  case $T in
    x86) full_re=$FULL ;;
    ppc) full_re='^[[:space:]]*(hw)?sync$' ;;
    aarch64) full_re='dmb[[:space:]]+ish$' ;;
    arm) full_re='dmb[[:space:]]+ish$' ;;
  esac
  wmm_compile_asm "$T.kept" "$P" || return
  local full any
  full=$(FENCE=$full_re wmm_fence_counts "$WMM_TMP/$T.kept.s")
  any=$(wmm_fence_counts "$WMM_TMP/$T.kept.s")
  if [ $T = x86 ]; then
    [ -z "$any" ] && wmm_pass "$T kept: no fence" || wmm_fail "$T kept: fences '$any'"
  else
    # (ARMv7 orders the consumer's loads with a full dmb only)
    case " $full " in
      *" producer:"*) wmm_fail "$T kept: full fences in the producer '$full' ($any)" ;;
      *) [ $T = arm ] || [ -z "$full" ] \
           && wmm_pass "$T kept: no full fence in the producer ($any)" \
           || wmm_fail "$T kept: full fences '$full' ($any)" ;;
    esac
    case " $any " in
      *" consumer:"*" producer:"*) wmm_pass "$T kept: message passing still fenced on both sides" ;;
      *) wmm_fail "$T kept: fences '$any' (need the consumer's and the producer's)" ;;
    esac
    if grep -q "objects never freed" "$WMM_TMP/$T.kept.json"; then
      wmm_pass "$T kept: the report notes the fresh accesses"
    else wmm_fail "$T kept: no note on the fresh accesses"; fi
  fi
  local v
  for v in FREE FREE_HOOK FREE_WRAP RETIRE; do
    wmm_compile_asm "$T.$v" "$P" -D$v || continue
    full=$(FENCE=$full_re wmm_fence_counts "$WMM_TMP/$T.$v.s")
    any=$(wmm_fence_counts "$WMM_TMP/$T.$v.s")
    case $T in
      x86)
        [ -z "$any" ] && wmm_pass "$T $v: no fence" || wmm_fail "$T $v: fences '$any'" ;;
      aarch64)
        # (other-multi-copy atomic: ordering the stores is all it needs)
        case " $any " in
          *" producer:"*) wmm_pass "$T $v: the producer keeps its fences ($any)" ;;
          *) wmm_fail "$T $v: fences '$any' (the producer's are needed)" ;;
        esac ;;
      *)
        case " $full " in
          *" producer:"*) wmm_pass "$T $v: the producer keeps its full fences ($full)" ;;
          *) wmm_fail "$T $v: full fences '$full' (the producer's are needed)" ;;
        esac
        if grep -q "objects never freed" "$WMM_TMP/$T.$v.json"; then
          wmm_fail "$T $v: the freed messages' accesses were taken for fresh"
        else wmm_pass "$T $v: no fresh accesses"; fi ;;
    esac
  done
}
wmm_each_target check_target

# The IR dump marks the fresh accesses (Power: the producer's three fields).
if wmm_target ppc; then
  if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch=power \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/ir.txt" "$P" 2> "$WMM_TMP/ir.err"; then
    n=$(awk '/^unit producer/ { on = 1; next } /^unit / { on = 0 } on && / fresh @/' "$WMM_TMP/ir.txt" | wc -l)
    m=$(awk '/^unit consumer/ { on = 1; next } /^unit / { on = 0 } on && / fresh @/' "$WMM_TMP/ir.txt" | wc -l)
    if [ "$n" -gt 0 ] && [ "$m" = 0 ]; then wmm_pass "dump: $n fresh writes in the producer, none in the consumer"
    else wmm_fail "dump: producer $n, consumer $m fresh accesses"; fi
  else wmm_fail "dump: $(head -n 2 "$WMM_TMP/ir.err")"; fi
fi
