# tests/lib/verdict_cli.sh — helpers for the scripts that test a verdict
# command of wmmfence-litmus (check, bmc): sourced after setting bin (the
# tool), tmp (a scratch folder) and cmd (the subcommand).
# Example:
#   cmd=check; . "$WMM_SRCDIR/tests/lib/verdict_cli.sh"
#   expect "SB under sc" "SB Forbidden" --model sc SB.litmus

# expect NAME WANT_FIRST_LINE ARGS... : exit 0 and that first line of stdout
expect() {
  local name=$1 want=$2
  shift 2
  local out rc got
  out=$("$bin" "$cmd" "$@" 2>"$tmp/err")
  rc=$?
  got=$(printf '%s\n' "$out" | head -n 1)
  if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
    echo "PASS: $name"
  else
    echo "FAIL: $name (exit $rc, got '$got', want '$want')"
    cat "$tmp/err"
  fi
}

# fails NAME PATTERN ARGS... : exit 2, stderr matches PATTERN, no verdict
fails() {
  local name=$1 pat=$2
  shift 2
  local out rc
  out=$("$bin" "$cmd" "$@" 2>"$tmp/err")
  rc=$?
  if [ $rc -eq 2 ] && grep -q -- "$pat" "$tmp/err" &&
     ! printf '%s' "$out" | grep -q 'Allowed\|Forbidden'; then
    echo "PASS: $name"
  else
    echo "FAIL: $name (exit $rc, stderr: $(head -c 200 "$tmp/err"))"
  fi
}
