#!/usr/bin/env bash
# bench/svcomp.sh — the plugin's check on SV-COMP concurrency tasks: every
# task file (a .yml with the unreach-call property, as in sv-benchmarks'
# c/pthread and c/pthread-atomic) is compiled with the check under each
# model, and its verdict compared with the task's expected verdict.
# The expected verdicts are for sequential consistency: under sc a "safe"
# must meet `true` and an "unsafe" `false`; under tso (or any weaker model)
# an "unsafe" where sc is safe is a weak-memory counterexample, not a
# disagreement.  "unknown" (time limit, bound, values the check does not
# model) counts apart: it is never a guess.
# Usage: bench/svcomp.sh [options] DIR...
#   --build DIR     the build tree (default: the repository root)
#   --models "M.."  models (default "sc tso")
#   --unwind N      loop bound (default 2); --timeout S (default 60)
#   --cc GCC        the compiler (default gcc-12)
# A task whose input_files (.i) is missing is run from the .c of the same
# name.  Example: bench/svcomp.sh ~/sv-benchmarks/c/pthread-atomic
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
build=$src models="sc tso" unwind=2 timeout=60 cc=gcc-12
dirs=()
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    --unwind) unwind=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "svcomp.sh: unknown option $1" >&2; exit 2 ;;
    *) dirs+=("$1"); shift ;;
  esac
done
[ ${#dirs[@]} -gt 0 ] || { echo "usage: bench/svcomp.sh [options] DIR..." >&2; exit 2; }
plugin=$build/plugin/wmmfence.so
[ -f "$plugin" ] || { echo "svcomp.sh: no $plugin (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expected YML: true / false for unreach-call, empty when the task has none
expected() {
  awk '/property_file:/ { p = ($0 ~ /unreach-call/) }
       p && /expected_verdict:/ { print $2; exit }' "$1"
}
# input YML: the task's source (its .i, else the .c of the same name)
input() {
  local d f
  d=$(dirname "$1")
  f=$(sed -n "s/^input_files: *'\{0,1\}\([^']*\)'\{0,1\}.*/\1/p" "$1" | head -n 1)
  [ -n "$f" ] || return 1
  if [ -f "$d/$f" ]; then echo "$d/$f"
  elif [ -f "$d/${f%.i}.c" ]; then echo "$d/${f%.i}.c"
  else return 1; fi
}

printf '%-28s %-6s' task expect
for m in $models; do printf ' %-9s %6s' "$m" secs; done
printf '  %s\n' "replays"
declare -A agree disagree unknown weak
total=0
for d in "${dirs[@]}"; do
  for y in "$d"/*.yml; do
    [ -f "$y" ] || continue
    exp=$(expected "$y")
    [ -n "$exp" ] || continue
    file=$(input "$y") || continue
    total=$((total + 1))
    printf '%-28s %-6s' "$(basename "$y" .yml)" "$exp"
    replays=""
    sc_verdict=""
    for m in $models; do
      t0=$(date +%s.%N)
      "$cc" -O2 -c -o /dev/null -w -fplugin="$plugin" -fplugin-arg-wmmfence-quiet \
        -fplugin-arg-wmmfence-arch="$m" -fplugin-arg-wmmfence-mode=report \
        -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-unwind="$unwind" \
        -fplugin-arg-wmmfence-time-limit="$timeout" \
        -fplugin-arg-wmmfence-report="$tmp/r.json" "$file" 2> "$tmp/err"
      rc=$?
      t1=$(date +%s.%N)
      v=$(sed -n 's/.*"check": {"verdict": "\([a-z]*\)".*/\1/p' "$tmp/r.json" 2>/dev/null)
      [ $rc -eq 0 ] && [ -n "$v" ] || v=error
      rp=$(sed -n 's/.*"replay": "\([a-z]*\)".*/\1/p' "$tmp/r.json" 2>/dev/null)
      [ -n "$rp" ] && replays="$replays $m:$rp"
      rm -f "$tmp/r.json"
      printf ' %-9s %6.1f' "$v" "$(echo "$t1 - $t0" | bc)"
      [ "$m" = sc ] && sc_verdict=$v
      case $v:$exp in
        safe:true|unsafe:false) agree[$m]=$(( ${agree[$m]:-0} + 1 )) ;;
        unknown:*|error:*) unknown[$m]=$(( ${unknown[$m]:-0} + 1 )) ;;
        unsafe:true)
          if [ "$m" != sc ] && [ "$sc_verdict" != unsafe ]; then
            weak[$m]=$(( ${weak[$m]:-0} + 1 ))
          else disagree[$m]=$(( ${disagree[$m]:-0} + 1 )); fi ;;
        *) disagree[$m]=$(( ${disagree[$m]:-0} + 1 )) ;;
      esac
    done
    printf ' %s\n' "${replays# }"
  done
done
echo
for m in $models; do
  printf '%s: %d tasks: %d agree, %d disagree, %d unknown' "$m" "$total" \
    "${agree[$m]:-0}" "${disagree[$m]:-0}" "${unknown[$m]:-0}"
  [ "$m" = sc ] || printf ', %d unsafe only under %s (weak-memory counterexamples)' "${weak[$m]:-0}" "$m"
  echo
done
