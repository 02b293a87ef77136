#!/usr/bin/env bash
# tests/models/stream.sh — x86 streaming stores (MOVNTI) under tso: the
# explicit checker and the BMC give each hand-written test in
# tests/models/stream/ its verdict (message passing through a streaming
# store is Allowed; an SFENCE, an MFENCE or a locked instruction between
# the stores forbids it; a read and a later streaming store stay in
# order; SFENCE does not order a store with a later load), and `fence`
# puts an MFENCE between the streaming store and the flag, after which
# the test is Forbidden.  Under sc every test is Forbidden.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S=$WMM_SRCDIR/tests/models/stream

verdicts="MP+nt:Allowed MP+ntflag:Allowed MP+nt+sfence:Forbidden
  MP+nt+mfence:Forbidden MP+nt+lock:Forbidden LB+nt:Forbidden
  SB+nt+sfences:Allowed"
for cmd in check bmc; do
  . "$WMM_SRCDIR/tests/lib/verdict_cli.sh"
  for v in $verdicts; do
    t=${v%%:*}
    expect "$cmd $t (tso)" "$t ${v#*:}" --model tso "$S/$t.litmus"
    expect "$cmd $t (sc)" "$t Forbidden" --model sc "$S/$t.litmus"
  done
done

for t in MP+nt MP+ntflag; do
  if "$bin" fence --model tso -o "$tmp/$t.litmus" "$S/$t.litmus" > "$tmp/out" 2>&1 &&
     grep -q "P0 before instruction 2 .*: MFENCE, cost 1" "$tmp/out" &&
     [ "$(grep -c MFENCE "$tmp/$t.litmus")" = 1 ]; then
    echo "PASS: fence $t: one MFENCE between the two stores"
  else
    echo "FAIL: fence $t: $(head -c 300 "$tmp/out")"
  fi
  cmd=check
  expect "fenced $t is Forbidden" "$t Forbidden" --model tso "$tmp/$t.litmus"
done
if "$bin" fence --model tso "$S/MP+nt+sfence.litmus" 2>&1 | grep -q "no fence needed"; then
  echo "PASS: fence MP+nt+sfence: no fence needed"
else
  echo "FAIL: fence MP+nt+sfence: a fence was placed"
fi
