#!/usr/bin/env bash
# fnparams.sh — an indirect call through a function pointer parameter is
# resolved at each call of its function (docs/plugin.md, "Thread entries
# and instances"): store buffering whose stores are made by functions
# given to `each (void (*f) (void))` keeps its two full fences on every
# target, each ordering its thread's store before its load (the JSON
# report's pairs W x -> R y and W y -> R x), at -O0 and -O2; with the
# whole side in the given function (-DBODY) too.
# (Before, the given functions became thread entries of their own and
# the pair through the call was lost: x86 placed no fence at all.)
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# orders TAG FROM TO: some fence of the report orders W FROM before R TO
orders() {
  if python3 - "$WMM_TMP/$1.json" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ok = any(o["from"]["access"] == "W" and o["from"]["location"] == sys.argv[2]
         and o["to"]["access"] == "R" and o["to"]["location"] == sys.argv[3]
         and f["kind"] in ("mfence", "sync", "hwsync", "dmb ish", "dmb")
         for f in d["fences"] for o in f["orders"])
sys.exit(0 if ok else 1)
PY
  then wmm_pass "$1: a full fence orders W $2 before R $3"
  else wmm_fail "$1: no full fence orders W $2 before R $3"; fi
}

per_target() {
  for O in 0 2; do
    wmm_compile_asm $T.split$O "$P/fnparam_sb.c" -O$O && {
      orders $T.split$O x y
      orders $T.split$O y x
      if grep -q "indirect call calls the functions its callers give it: s0, s1" "$WMM_TMP/$T.split$O.json"
      then wmm_pass "$T.split$O: the note names s0 and s1"
      else wmm_fail "$T.split$O: no note on the resolved call"; fi
    }
  done
  wmm_compile_asm $T.body "$P/fnparam_sb.c" -DBODY && {
    orders $T.body x y
    orders $T.body y x
  }
}
wmm_each_target per_target
