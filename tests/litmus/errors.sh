#!/usr/bin/env bash
# tests/litmus/errors.sh — malformed or unsupported tests: exit status 2 and
# exactly the `file:line: message` listed in tests/litmus/errors/expected.txt,
# nothing on stdout.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
cd "$WMM_SRCDIR/tests/litmus/errors" || exit 1
while IFS= read -r want; do
  [ -z "$want" ] && continue
  f=${want%%:*}
  err=$(timeout 20 "$bin" print "$f" 2>&1 >/tmp/wmm-parse-out.$$)
  rc=$?
  if [ "$rc" -eq 2 ] && [ "$err" = "$want" ] && [ ! -s /tmp/wmm-parse-out.$$ ]; then
    echo "PASS: error $f"
  else
    echo "FAIL: error $f (exit $rc)"
    echo "  want: $want"
    echo "  got:  $err"
  fi
done < expected.txt
rm -f /tmp/wmm-parse-out.$$
# Every error case is listed.
for f in *.litmus; do
  grep -q "^$f:" expected.txt || echo "FAIL: error $f has no expected message"
done
# A missing file is an I/O error, exit 2.
err=$("$bin" print no-such-file.litmus 2>&1)
if [ $? -eq 2 ] && [ "$err" = "no-such-file.litmus: cannot open: No such file or directory" ]; then
  echo "PASS: error missing file"
else
  echo "FAIL: error missing file: $err"
fi
