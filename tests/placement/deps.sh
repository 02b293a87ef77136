#!/usr/bin/env bash
# tests/placement/deps.sh — an address dependency through a register held
# two instructions back (P1: load the pointer into r4, an unrelated load,
# then a load through r4: pointer publication, inputs/*-ptr*.litmus) is
# credited the same way by the placement (`fence --all-cycles`), the
# explicit checker (`check`) and the bounded model checker (`bmc`): all
# three follow register data flow (pairs.c, exec_trace.c, ses.c), which is
# how the plugin's deps=addr hands them the dependency (plugin/deps.cc).
# For each test, as written and with P0's fence removed: check and bmc
# give the same verdict; the placement puts no fence in P1 when P1's load
# is address-dependent (and P0's lwsync / DMB ISHST when it is missing), a
# fence in P1 when it is not (po-ptr); every fenced test is Forbidden for
# check and bmc.  The -abs test makes the placement build P1's pair from
# its abstract shape (the dependency from dep_flow) instead of its code.
# One PASS/FAIL line per case.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
in=$WMM_SRCDIR/tests/placement/inputs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# threads with a fence in the placement's report: "P0", "P1", "P0 P1" or ""
fenced_threads() {
  grep -oE '^  P[0-9]+ before instruction' "$1" | awk '{print $1}' | sort -u | tr '\n' ' ' | sed 's/ $//'
}

for t in MP+lwsync+addr-ptr MP+lwsync+addr-ptr-abs MP+dmb.st+addr-ptr MP+lwsync+po-ptr; do
  f=$in/$t.litmus
  # as written, then without P0's fence
  sed -E 's/^( )(lwsync|DMB ST)( +)\|/ \3      |/' "$f" > "$tmp/$t-nof.litmus"
  for v in "" -nof; do
    src=$f; [ -n "$v" ] && src=$tmp/$t$v.litmus
    c=$("$bin" check "$src" | awk '{print $2}')
    b=$("$bin" bmc "$src" | awk '{print $2}')
    "$bin" fence --all-cycles -o "$tmp/out.litmus" "$src" > /dev/null 2>&1 &&
      "$bin" fence --all-cycles "$src" > "$tmp/rep.txt" 2>&1
    th=$(fenced_threads "$tmp/rep.txt")
    fc=$("$bin" check "$tmp/out.litmus" | awk '{print $2}')
    fb=$("$bin" bmc "$tmp/out.litmus" | awk '{print $2}')
    case $t$v in
      *po-ptr) want="Allowed Allowed P1" ;;
      *po-ptr-nof) want="Allowed Allowed P0 P1" ;;
      *-nof) want="Allowed Allowed P0" ;;
      *) want="Forbidden Forbidden " ;;
    esac
    got="$c $b $th"
    if [ "$got" = "$want" ] && [ "$fc" = Forbidden ] && [ "$fb" = Forbidden ]; then
      echo "PASS: $t$v: check $c, bmc $b, fences in [${th:-none}], fenced: Forbidden for both"
    else
      echo "FAIL: $t$v: got '$got' want '$want', fenced check $fc bmc $fb; $(head -n 3 "$tmp/rep.txt" | tr '\n' '|')"
    fi
  done
done
