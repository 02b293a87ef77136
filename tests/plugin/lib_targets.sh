#!/usr/bin/env bash
# lib_targets.sh — what a pointer given to or returned by a library call
# may touch (docs/plugin.md, "Objects only one thread reaches, by
# points-to": member views, pointers from code outside, null pointers).
# programs/lib_targets.c: store buffering between main (`st.data`, then
# `st.flag`) and a worker whose first access goes through such a pointer.
# No fence on any target when the worker's library call writes the
# record's buffer member only (default), when it writes through getenv's
# result (ENV: memory of code outside, which cannot name the static
# record), or when a helper hands the library a null buffer (NULLBUF); a
# full fence in main and a fence in the worker when the call is given the
# whole record (WHOLE), when fgets returns the `st.flag` it was given
# (GIVEN) and when strtol's end pointer points into it (OUTPARAM).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/lib_targets.c

check_target() {
  local v any full
  for v in default ENV NULLBUF; do
    if [ $v = default ]; then wmm_compile_asm "$T.$v" "$P" || continue
    else wmm_compile_asm "$T.$v" "$P" -D$v || continue; fi
    any=$(wmm_fence_counts "$WMM_TMP/$T.$v.s")
    if [ -z "$any" ]; then wmm_pass "$T $v: no fence"
    else wmm_fail "$T $v: fences '$any' (no store buffering through the call)"; fi
  done
  for v in WHOLE GIVEN OUTPARAM; do
    wmm_compile_asm "$T.$v" "$P" -D$v || continue
    full=$(FENCE=$FULL wmm_fence_counts "$WMM_TMP/$T.$v.s")
    any=$(wmm_fence_counts "$WMM_TMP/$T.$v.s")
    case " $full | $any " in
      *" main:"*"|"*" worker:"*) wmm_pass "$T $v: a full fence in main, a fence in the worker ($any)" ;;
      *) wmm_fail "$T $v: fences '$any', full '$full' (store buffering through the call needs main's and the worker's)" ;;
    esac
  done
}
wmm_each_target check_target
