#!/usr/bin/env bash
# svcomp.sh — the check on programs in SV-COMP's style
# (tests/plugin/programs/svcomp/): each program's `expect:` lines give the
# verdict per model (and per -D variant); every unsafe verdict's
# counterexample must be confirmed by the explicit checker's replay, and
# every "unknown" must say why.  bench/svcomp.sh runs sv-benchmarks' own
# tasks the same way.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
. "$WMM_SRCDIR/tests/plugin/lib/check.sh"
programs=("$WMM_TESTDIR"/programs/svcomp/*.c)
set -f   # the expect lines' words are no file patterns
for f in "${programs[@]}"; do
  prog=$(basename "$f" .c)
  # lines "expect: m=v ..." and "expect(-DX): m=v ..."
  sed -n 's/^ \* expect\(([^)]*)\)\{0,1\}: /&/p' "$f" | while read -r line; do
    def=$(printf '%s\n' "$line" | sed -n 's/.*expect(\([^)]*\)):.*/\1/p')
    for mv in $(printf '%s\n' "$line" | sed 's/.*: //; s|\*/||'); do
      m=${mv%%=*} want=${mv#*=}
      label="$prog $m${def:+ $def}"
      if ! wmm_check_run "$f" "$m" report -w $def; then
        wmm_fail "$label: $(head -n 2 "$WMM_TMP/err")"; continue
      fi
      got=$(wmm_check_verdict | cut -d' ' -f1)
      if [ "$got" = "$want" ]; then wmm_pass "$label: $want"
      else wmm_fail "$label: got '$got', expected '$want' $(grep -o '"reason": "[^"]*' "$WMM_TMP/r.json")"; fi
      wmm_check_replayed "$label"
      if [ "$got" = unknown ]; then
        if grep -q '"reason": "the counterexample depends on a value the check does not model' "$WMM_TMP/r.json"
        then wmm_pass "$label: unknown, because the counterexample uses a value the check does not model"
        else wmm_fail "$label: unknown without the reason: $(grep -o '"reason": "[^"]*' "$WMM_TMP/r.json")"; fi
      fi
    done
  done
done
