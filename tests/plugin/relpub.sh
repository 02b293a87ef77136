#!/usr/bin/env bash
# relpub.sh — a fresh object published by a release store and read after
# an acquire load, in a unit without locks (plugin/publish.cc, release /
# acquire slots; docs/plugin.md, "Fresh objects published under a lock"):
# relpub.c's publisher fills a malloc'd config and stores its address into
# a static atomic pointer with release; the reader spins on an acquire
# load and reads the fields.  The fences the plugin places (the JSON
# report's, per function) on every target: none (Power had 3 lwsyncs,
# ARMv8 a dmb ishld and a dmb ishst).  A relaxed load (RELAXED) keeps the
# reader's fence, a relaxed store (STORE_RELAXED) the publisher's; the
# address also stored into a plain global that another thread
# dereferences (LEAK) or copied out of the slot with memcpy (COPY: a
# library call that writes what it reads) keep message passing's fences
# in the publisher and the thread that reads the object on the weak
# targets.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# fenced TAG [OPTIONS...]: "FUNCTION:N ..." of the report's fences
fenced() {
  local tag=$1; shift
  wmm_compile_asm "$tag" "$P/relpub.c" "$@" || return 1
  grep -o '"function": *"[^"]*", "file"' "$WMM_TMP/$tag.json" \
    | sed 's/"function": *"\([^"]*\)".*/\1/' | sort | uniq -c \
    | awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }'
}

per_target() {
  local got
  got=$(fenced $T.relpub) &&
    { [ -z "$got" ] && wmm_pass "$T.relpub: no fence" ||
        wmm_fail "$T.relpub: got '$got', expected none"; }
  # (a relaxed load leaves the reader's side of message passing to a
  # fence, the publisher's release store orders its side; a relaxed
  # store the other way round: since printf's %s reads only c->name,
  # no field-to-field cycle needs more, 2026-12-06)
  for v in RELAXED:reader STORE_RELAXED:publisher LEAK:peeker COPY:peeker; do
    got=$(fenced $T.${v%%:*} -D${v%%:*}) || continue
    if [ $T = x86 ]; then
      [ -z "$got" ] && wmm_pass "$T.${v%%:*}: no fence (message passing)" ||
        wmm_fail "$T.${v%%:*}: got '$got', expected none"
      continue
    fi
    case ${v%%:*}:" $got " in
      RELAXED:*" reader:"*|STORE_RELAXED:*" publisher:"*)
        wmm_pass "$T.${v%%:*}: ${v#*:} keeps its fence ($got)" ;;
      *RELAXED:*)
        wmm_fail "$T.${v%%:*}: got '$got', expected a fence in ${v#*:}" ;;
      *" publisher:"*" ${v#*:}:"*|*" ${v#*:}:"*" publisher:"*)
        wmm_pass "$T.${v%%:*}: publisher and ${v#*:} keep fences ($got)" ;;
      *) wmm_fail "$T.${v%%:*}: got '$got', expected publisher and ${v#*:}" ;;
    esac
  done
}
wmm_each_target per_target
