#!/usr/bin/env bash
# treiber.sh — Treiber stacks as people write them (publish.cc).
#   programs/treiber_init.c     C11, nodes filled by `node_init (n, v)`,
#                               `do n->next = old; while (!cas (&top, &old,
#                               n, release, relaxed))`, pop with acquire:
#                               no fence added on x86-64, ppc64le, aarch64,
#                               armv7 (before: 1 mfence; 7, 7 and 6 fences).
#                               x86: the helper's stores count as the
#                               creator's and the exchange publishes only
#                               when it succeeds ("Fresh objects on
#                               x86-TSO"); the weak targets: the head,
#                               written by read-modify-writes only, is one
#                               release sequence, so the push's relaxed
#                               load (kept in the node, never dereferenced)
#                               and the pop's exchange of a published node
#                               need no acquire / release.
#                               -DLATE (the node written again after the
#                               push, store buffering through it on x86,
#                               message passing elsewhere) and -DRELAXED
#                               (the push's exchange relaxed, weak targets)
#                               add fences; -DLEAK (the helper keeps the
#                               node in a global) too; -DRESET (a null head
#                               stored by the consumer) and -DSPARE (popped
#                               nodes handed on through a second slot: the
#                               head's release sequence trusted only as the
#                               one slot) take no node for published
#   programs/treiber_cppref.cc  the compare_exchange_weak example, x86: no
#                               mfence (one in push before); -DLATE: both
#                               threads fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs
PUBLISHED="before their publication under a lock or by a release store"

# more TAG OPTION...: the plugin adds fences to treiber_init.c built so.
more() {
  local tag=$1; shift
  wmm_asm_pair "$tag" "$P/treiber_init.c" "$@" || return
  if [ "$GOT" != "$BASE" ]; then wmm_pass "$T.$tag: fenced ($GOT; without the plugin '$BASE')"
  else wmm_fail "$T.$tag: no fence added ('$GOT')"; fi
}

one_target() {
  wmm_asm_none init "$P/treiber_init.c"
  more LATE -DLATE
  more LEAK -DLEAK
  if [ "$T" = x86 ]; then
    wmm_asm_none cppref "$P/treiber_cppref.cc"
    # (the two lambdas' _M_run, where the stack's members end up)
    wmm_asm_fenced cppref_LATE "$P/treiber_cppref.cc" \
      "_ZN[[:alnum:]_]*EUlvE_EEEEE6_M_runEv _ZN[[:alnum:]_]*EUlvE0_EEEEE6_M_runEv" -DLATE
    return
  fi
  more RELAXED -DRELAXED
  wmm_compile_asm "$T.init" "$P/treiber_init.c" -pthread &&
    wmm_expect_note "$T.init" "$PUBLISHED"
  local v
  for v in RESET SPARE; do
    wmm_compile_asm "$T.$v" "$P/treiber_init.c" -pthread -D$v &&
      wmm_expect_no_note "$T.$v" "$PUBLISHED"
  done
}

wmm_each_target one_target
