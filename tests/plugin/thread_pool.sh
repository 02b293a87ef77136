#!/usr/bin/env bash
# thread_pool.sh — the C++ thread pool of the tutorials
# (programs/cxx_thread_pool.cc: workers in a std::vector<std::thread>,
# std::function tasks in a std::queue under a std::mutex, a condition
# variable, joins in the destructor) on x86-64, ppc64le, aarch64 and armv7
# (docs/plugin.md, "std::function"):
#   default       no fence (x86-64 23 mfences, Power 115 fences before)
#   -DUNDER_LOCK  tasks run under the lock: no fence
#   -DPUBLISH     a task publishes a value through a plain flag main polls:
#                 the task orders payload before ready, main ready before
#                 payload (the weak targets)
#   -DPEEK, -DSELF  the queue read without the lock, a callable whose copy
#                 keeps its own address: more fences than the default (the
#                 pruning does not apply)
#   -DBIG         callables on the heap: the queue's destructor in the
#                 constructor's exception cleanup, whose std::function
#                 managers may clone with operator new, runs alone (no
#                 fence orders an access of it; 47 orders on Power before)
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_thread_pool.cc

# report TAG [OPTION...]: the JSON report of P under $M; N: its fences.
report() {
  local tag=$T.$1; shift
  N=
  "${WMM_T_GCC/gcc/g++}" -std=c++17 -O2 -pthread -c -o /dev/null \
      -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$P" \
      2> "$WMM_TMP/$tag.err" \
    || { wmm_fail "$tag: $(head -n 3 "$WMM_TMP/$tag.err")"; return 1; }
  N=$(grep -o '"instruction":' "$WMM_TMP/$tag.json" | wc -l)
}

# ordered TAG FROM TO: some fence of TAG's report orders FROM before TO.
ordered() {
  if python3 - "$WMM_TMP/$T.$1.json" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if any(o["from"]["location"] == sys.argv[2]
                  and o["to"]["location"] == sys.argv[3]
                  for f in d["fences"] for o in f["orders"]) else 1)
PY
  then wmm_pass "$T.$1: a fence orders $2 before $3"
  else wmm_fail "$T.$1: nothing orders $2 before $3"; fi
}

one_target() {
  local base v
  wmm_asm_none pool "$P"
  wmm_asm_none pool_UNDER_LOCK "$P" -DUNDER_LOCK
  report pool || return
  base=$N
  if [ $T != x86 ]; then
    report PUBLISH -DPUBLISH &&
      { ordered PUBLISH payload ready; ordered PUBLISH ready payload; }
  fi
  # (the queue's destructor, ~_Deque_base, runs only when a worker's
  # creation throws: then no worker uses the queue any more)
  if report BIG -DBIG; then
    if grep -q '"function": "[^"]*~_Deque_base' "$WMM_TMP/$T.BIG.json"; then
      wmm_fail "$T.BIG: a fence orders an access of the queue's destructor"
    else wmm_pass "$T.BIG: $N fences, none for the queue's destructor"; fi
  fi
  for v in PEEK SELF; do
    report $v -D$v || continue
    if [ "$N" -gt "$base" ]; then wmm_pass "$T.$v: $N fences (more than $base)"
    else wmm_fail "$T.$v: $N fences, not more than the default's $base"; fi
  done
}

wmm_each_target one_target
