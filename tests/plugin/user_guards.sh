#!/usr/bin/env bash
# user_guards.sh — std::lock_guard and std::scoped_lock over a lockable
# class of the program (programs/cxx_user_guard.cc: store buffering under
# the guard; docs/plugin.md, "Guards of the program's lockable classes"),
# on x86-64, ppc64le, aarch64 and armv7, from the JSON report:
#   default (an std::atomic_flag spin lock), -DPTHREAD (a pthread mutex
#   inside), -DSCOPED (std::scoped_lock): no fence orders a thread's store
#   before its load (x86-64 2 mfences, Power 3 fences before)
#   -DNOLOCK (lock () does nothing), -DTWO (a mutex per thread): both
#   threads' pairs fenced
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/cxx_user_guard.cc

# sb TAG WANT [OPTION...]: the pairs (W x, R y) and (W y, R x) are fenced
# (WANT yes) or neither is (WANT no) in the report of P under $M.
sb() {
  local tag=$T.$1 want=$2; shift 2
  "${WMM_T_GCC/gcc/g++}" -std=c++17 -O2 -pthread -c -o /dev/null \
      -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
      -fplugin-arg-wmmfence-arch="$M" \
      -fplugin-arg-wmmfence-report="$WMM_TMP/$tag.json" "$@" "$P" \
      2> "$WMM_TMP/$tag.err" \
    || { wmm_fail "$tag: $(head -n 3 "$WMM_TMP/$tag.err")"; return; }
  local got
  got=$(python3 - "$WMM_TMP/$tag.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pairs = {(o["from"]["location"], o["to"]["location"])
         for f in d["fences"] for o in f["orders"]
         if o["from"]["access"] == "W" and o["to"]["access"] == "R"}
n = (("x", "y") in pairs) + (("y", "x") in pairs)
print("yes" if n == 2 else "no" if n == 0 else "one")
PY
)
  if [ "$got" = "$want" ]; then wmm_pass "$tag: store buffering fenced: $got"
  else wmm_fail "$tag: store buffering fenced: $got, expected $want"; fi
}

one_target() {
  local v
  for v in '' PTHREAD SCOPED; do sb "guard${v:+_$v}" no ${v:+-D$v}; done
  for v in NOLOCK TWO; do sb "guard_$v" yes -D$v; done
}

wmm_each_target one_target
