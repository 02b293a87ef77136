#!/usr/bin/env bash
# crashers.sh — the inputs fuzzing (make fuzz-report) found, kept as
# regression tests: each tests/report/crashers/*.bin is an ELF file, or
# the bytes of a .wmm_records section put into an object; `list` must
# exit 0 or 2 (never a signal), and a file that lists must diff equal to
# itself.
. "$WMM_SRCDIR/tests/report/lib/report.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
d=$WMM_TMP
wr_cc "$d" main || { wmm_fail "build: $(head -n 2 "$d/main.err")"; exit 0; }
for c in "$WMM_SRCDIR"/tests/report/crashers/*.bin; do
  n=$(basename "$c" .bin)
  if [ "$(head -c 4 "$c" | od -An -c | tr -d ' ')" = '177ELF' ]; then f=$c
  else f=$d/$n.o; objcopy --update-section .wmm_records="$c" "$d/main.o" "$f"; fi
  "$WR" list "$f" > /dev/null 2> "$d/err"; rc=$?
  if [ $rc = 0 ]; then
    "$WR" diff "$f" "$f" > "$d/out"; rc2=$?
    if [ $rc2 = 0 ] && [ ! -s "$d/out" ]; then wmm_pass "$n: lists, diff with itself is equal"
    else wmm_fail "$n: diff with itself: exit $rc2: $(head -n 1 "$d/out")"; fi
  elif [ $rc = 2 ] && [ -s "$d/err" ]; then wmm_pass "$n: exit 2: $(head -c 80 "$d/err")"
  else wmm_fail "$n: exit $rc"; fi
done
