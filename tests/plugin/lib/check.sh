# tests/plugin/lib/check.sh — helpers of the tests of the check key
# (check.sh, check_goal.sh, svcomp.sh): compile one program with the check
# and the JSON report, read the report's "check" object, and require that
# every counterexample was replayed by the explicit checker.
# Sourced after common.sh and wmm_scratch.  Example:
#   wmm_check_run "$P/check_mp.c" power report && [ "$(wmm_check_verdict)" = unsafe ]

# wmm_check_run FILE MODEL MODE [EXTRA...]: compile FILE with the check;
# the report goes to $WMM_TMP/r.json, stderr to $WMM_TMP/err.
wmm_check_run() {
  local file=$1 model=$2 mode=$3
  shift 3
  "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-arch="$model" -fplugin-arg-wmmfence-mode="$mode" \
    -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-time-limit=60 \
    -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" "$@" "$file" \
    2> "$WMM_TMP/err"
}

# wmm_check_verdict: the "check" object's verdict and property
wmm_check_verdict() {
  sed -n 's/.*"check": {"verdict": "\([a-z]*\)", "property": "\([a-z]*\)".*/\1 \2/p' "$WMM_TMP/r.json"
}

# wmm_check_replayed LABEL: for an unsafe verdict, the explicit checker
# replayed the counterexample (its path, values read and inputs) and
# confirmed it, in the JSON and in the note; nothing to check otherwise.
wmm_check_replayed() {
  case $(wmm_check_verdict) in
    unsafe*)
      if grep -q '"replay": "confirmed"' "$WMM_TMP/r.json" &&
         grep -q 'explicit checker replays the counterexample: confirmed' "$WMM_TMP/err"
      then wmm_pass "$1: the explicit checker confirms the counterexample"
      else wmm_fail "$1: replay: $(grep -o '"replay[^}]*' "$WMM_TMP/r.json" | head -c 300)"; fi ;;
  esac
}

# wmm_check_expect LABEL FILE MODEL MODE "VERDICT PROPERTY" [EXTRA...]:
# compile FILE with the check; PASS when the verdict is the one wanted,
# and an unsafe verdict's counterexample must be replayed.
wmm_check_expect() {
  local label=$1 file=$2 model=$3 mode=$4 want=$5 got
  shift 5
  if ! wmm_check_run "$file" "$model" "$mode" "$@"; then
    wmm_fail "$label: $(head -n 2 "$WMM_TMP/err")"
    return
  fi
  got=$(wmm_check_verdict)
  if [ "$got" = "$want" ]; then wmm_pass "$label: $want"
  else wmm_fail "$label: got '$got', expected '$want'"; fi
  wmm_check_replayed "$label"
}
