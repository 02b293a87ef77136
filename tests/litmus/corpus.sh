#!/usr/bin/env bash
# tests/litmus/corpus.sh — every litmus test of the corpus parses, and
# printing is a stable round trip: print(parse(f)) parses to the same IR and
# prints to the same bytes.  One process per corpus folder.
set -u
bin=$WMM_BUILDDIR/tools/wmmfence-litmus
for d in ppc armv7 aarch64 x86 c plain/PPC plain/ARM plain/AArch64 plain/X86; do
  dir=$WMM_CORPUS/$d
  n=$(find "$dir" -maxdepth 1 -name '*.litmus' | wc -l)
  out=$(find "$dir" -maxdepth 1 -name '*.litmus' -print0 | sort -z |
        xargs -0 "$bin" print --roundtrip 2>&1)
  errors=$(printf '%s\n' "$out" | grep -v -e '^roundtrip:' -e '^FAIL:' | head -n 3)
  # xargs may split a long file list over several runs: add their summaries.
  summary=$(printf '%s\n' "$out" | awk '/^roundtrip:/ {
      gsub(",", ""); f += $2; s += $4; u += $6; e += $8; n++ }
    END { if (n) printf "roundtrip: %d files, %d stable, %d unstable, %d errors", f, s, u, e }')
  if [ "$n" -gt 0 ] && [ -z "$errors" ]; then
    echo "PASS: parse $d: all $n files"
  else
    echo "FAIL: parse $d: $n files, errors:"
    printf '%s\n' "$errors"
  fi
  if [ "$summary" = "roundtrip: $n files, $n stable, 0 unstable, 0 errors" ]; then
    echo "PASS: roundtrip $d: $n files byte-stable"
  else
    echo "FAIL: roundtrip $d: $summary"
    printf '%s\n' "$out" | grep '^FAIL:' | head -n 5
  fi
done
