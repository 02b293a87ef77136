#!/usr/bin/env bash
# search_budget.sh — the cycle search past its bound (docs/placement.md,
# "When the search is too big"): programs/budget_many.c (four threads, five
# flags, hundreds of critical cycles) compiled with a small max-cycles, on
# x86-64 and ppc64le.  Every fence of the per-pair decision has a witness
# cycle in the JSON report (the note says "0 fences without a witness
# cycle") that passes through the pair it orders, the bounded placement costs at least the full search's, the
# full search puts its fences in the assembly (8 mfences on x86-64: one
# per store-to-load pair of a store-buffering chain), and the bundled model
# checker (check key) finds the bounded placement's code robust while the
# code as written is not.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
prog=$WMM_TESTDIR/programs/budget_many.c

# fences_without_witness JSON: how many fences order no pair with a cycle
fences_without_witness() {
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
print(sum(1 for f in j["fences"] if not any(o.get("cycle") for o in f["orders"])))' "$1"
}
# own_cycles JSON: "N BAD": the orders with a cycle, and those whose pair
# is not two neighbours of their cycle
own_cycles() {
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
key = lambda a: (a["function"], a["index"], a["access"])
n = bad = 0
for f in j["fences"]:
    for o in f["orders"]:
        c = [key(e) for e in o.get("cycle", [])]
        if not c:
            continue
        n += 1
        pairs = [(c[i], c[(i + 1) % len(c)]) for i in range(len(c))]
        bad += (key(o["from"]), key(o["to"])) not in pairs
print(n, bad)' "$1"
}
json_field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

for arch in x86 ppc; do
  wmm_target $arch || { echo "SKIP: $arch: $WMM_T_WHY"; continue; }
  m=$WMM_T_MODEL
  run() {  # run TAG OPTIONS...: compile to TAG.s with TAG.json
    local tag=$1; shift
    "$WMM_T_GCC" -O2 -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-arch="$m" -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" \
      "$@" "$prog" 2> "$WMM_TMP/$tag.err"
  }
  if ! run "$arch-full" -fplugin-arg-wmmfence-quiet || ! run "$arch-bound" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-max-cycles=20; then
    wmm_fail "$arch: compiling: $(head -n 3 "$WMM_TMP"/$arch-*.err)"
    continue
  fi
  full_note=$(json_field "$WMM_TMP/$arch-full.json" note)
  note=$(json_field "$WMM_TMP/$arch-bound.json" note)
  case $full_note in
    *bound*) wmm_fail "$arch: the full search reached its bound: $full_note" ;;
    *) wmm_pass "$arch: the default bound enumerates every cycle" ;;
  esac
  case $note in
    *"cycle search bound reached"*"(0 fences without a witness cycle)"*)
      wmm_pass "$arch: max-cycles=20 reaches the bound; the note counts no fence without a witness" ;;
    *) wmm_fail "$arch: bounded note: $note" ;;
  esac
  n=$(fences_without_witness "$WMM_TMP/$arch-bound.json")
  nf=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["fences"]))' "$WMM_TMP/$arch-bound.json")
  if [ "$n" = 0 ] && [ "$nf" -gt 0 ]; then
    wmm_pass "$arch: each of the $nf fences of the bounded search has a witness cycle in the report"
  else
    wmm_fail "$arch: $n of $nf fences of the bounded search have no witness cycle"
  fi
  # each order's witness passes through the order's own two accesses (a
  # cycle found for the pair's classes shows the pair, not other members
  # of its classes: REWRITE writes two flags twice in one thread)
  run "$arch-rewrite" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-max-cycles=20 -DREWRITE
  for v in full bound rewrite; do
    own=$(own_cycles "$WMM_TMP/$arch-$v.json")
    if [ "${own#* }" = 0 ] && [ "${own% *}" -gt 0 ]; then
      wmm_pass "$arch $v: each of the ${own% *} witnessed pairs lies on its own cycle in the report"
    else
      wmm_fail "$arch $v: witnessed pairs, pairs whose cycle misses them: $own"
    fi
  done
  c0=$(json_field "$WMM_TMP/$arch-full.json" total_cost)
  c1=$(json_field "$WMM_TMP/$arch-bound.json" total_cost)
  if awk -v a="$c1" -v b="$c0" 'BEGIN { exit !(a >= b && b > 0) }'; then
    wmm_pass "$arch: bounded cost $c1 >= full search's $c0"
  else
    wmm_fail "$arch: bounded cost $c1, full search's $c0"
  fi
  if [ "$arch" = x86 ]; then
    got=$(grep -Ec 'mfence|lock or' "$WMM_TMP/$arch-full.s")
    [ "$got" = 8 ] && wmm_pass "x86: the full search's 8 mfences are in the assembly" ||
      wmm_fail "x86: $got mfences in the assembly of the full search (expected 8)"
  fi
  # the model checker on the bounded placement's code, and on the code as written
  for mode in insert report; do
    run "$arch-check-$mode" -fplugin-arg-wmmfence-max-cycles=20 \
      -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-mode=$mode
    v=$(grep -o "check ($m, mode=$mode, robustness): [a-z]*" "$WMM_TMP/$arch-check-$mode.err")
    want=safe; [ $mode = report ] && want=unsafe
    [ "${v##*: }" = $want ] && wmm_pass "$arch: check mode=$mode: $want" ||
      wmm_fail "$arch: check mode=$mode: '$v' (expected $want)"
  done
done
