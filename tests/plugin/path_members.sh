#!/usr/bin/env bash
# path_members.sh — an access through a pointer to a record type reaches
# only the members of the records of that type an object holds
# (docs/plugin.md, "Type-based alias analysis"; programs/path_members.c).
# The worker sets `p->verbose` with p maybe &g.o, then reads g.count;
# main writes g.count and reads g.ret: no fence on any target.  Main
# reading g.o.verbose (SAME), or g.ret sharing its bytes with a char
# buffer (BYTES), is store buffering: a full fence in main and a fence in
# the worker's helper or the worker.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/path_members.c

check_target() {
  local v any full
  wmm_compile_asm "$T.path" "$P" || return
  any=$(wmm_fence_counts "$WMM_TMP/$T.path.s")
  if [ -z "$any" ]; then wmm_pass "$T: no fence"
  else wmm_fail "$T: fences '$any' (p->verbose is no g.ret)"; fi
  for v in SAME BYTES; do
    wmm_compile_asm "$T.$v" "$P" -D$v || continue
    full=$(FENCE=$FULL wmm_fence_counts "$WMM_TMP/$T.$v.s")
    any=$(wmm_fence_counts "$WMM_TMP/$T.$v.s")
    case " $full | $any " in
      *" main:"*"|"*" set_verbose:"*|*" main:"*"|"*" worker:"*)
        wmm_pass "$T $v: a full fence in main, a fence in the worker ($any)" ;;
      *) wmm_fail "$T $v: fences '$any', full '$full' (store buffering needs main's and the worker's)" ;;
    esac
  done
}
wmm_each_target check_target
