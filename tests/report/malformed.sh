#!/usr/bin/env bash
# malformed.sh — wmmfence-report on bad input: a text file, a truncated
# object, records with a bad magic, another format version, a payload
# length past the section, a huge fence count, a cut payload, unknown
# lines; an object without records (stripped) and with them kept.  Each
# bad input gives `file: message` on stderr and exit 2, never a crash.
. "$WMM_SRCDIR/tests/report/lib/report.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
wmm_scratch
d=$WMM_TMP
wr_cc "$d" main || { wmm_fail "build: $(head -n 2 "$d/main.err")"; exit 0; }
objcopy --dump-section .wmm_records="$d/sec.bin" "$d/main.o" || wmm_fail "objcopy --dump-section"

# bad FILE PATTERN WHAT: exit 2, one line "FILE: ..." matching PATTERN
bad() {
  local f=$1 pat=$2 what=$3 rc
  "$WR" list "$f" > "$d/out" 2> "$d/err"; rc=$?
  if [ $rc = 2 ] && grep -q "^$f: .*$pat" "$d/err"; then wmm_pass "$what: exit 2, $(head -c 90 "$d/err")"
  else wmm_fail "$what: exit $rc: $(head -n 2 "$d/err")"; fi
}
# mk NAME PYTHON: a copy of main.o whose section is PYTHON applied to s
mk() {
  python3 - "$d/sec.bin" "$d/$1.bin" "$2" <<'PY'
import struct, sys
s = open(sys.argv[1], 'rb').read()
def rec(payload, version=1, length=None):
    return b'WMMFENCE' + struct.pack('<II', version, len(payload) if length is None else length) + payload
p = s[16:]
s = eval(sys.argv[3])
open(sys.argv[2], 'wb').write(s)
PY
  objcopy --update-section .wmm_records="$d/$1.bin" "$d/main.o" "$d/$1.o"
}

printf 'hello, world\n' > "$d/text.txt"
bad "$d/text.txt" "not an ELF file" "a text file"
: > "$d/empty"
bad "$d/empty" "not an ELF file" "an empty file"
head -c 100 "$d/main.o" > "$d/trunc.o"
bad "$d/trunc.o" "." "an object cut to 100 bytes"
sz=$(stat -c %s "$d/main.o")
head -c $((sz - 200)) "$d/main.o" > "$d/trunc2.o"
bad "$d/trunc2.o" "." "an object missing its last 200 bytes"
mk magic "b'WMMFENCX' + s[8:]";            bad "$d/magic.o" "bad magic" "bad magic"
mk version "rec(p, version=4)";            bad "$d/version.o" "format version 4" "format version 4"
mk length "rec(p, length=0xffffffff)";     bad "$d/length.o" "payload of 4294967295 bytes" "payload length 2^32-1"
mk count "rec(p.replace(b'\\t2\\n', b'\\t999999999\\n', 1))"; bad "$d/count.o" "'end' where 'fence' was expected" "fence count 999999999"
mk pairs "rec(p.replace(b'\\t1\\nat', b'\\t2000000000\\nat', 1))"; bad "$d/pairs.o" "not a number" "pair count 2*10^9"
mk cut "rec(p[:-20])";                     bad "$d/cut.o" "." "payload cut short (header fixed)"
mk hdr "s[:10]";                           bad "$d/hdr.o" "truncated header" "header cut to 10 bytes"
mk unknown "rec(p.replace(b'reference', b'refxrence', 1))"; bad "$d/unknown.o" "'refxrence' where 'reference'" "unknown line"
mk escape "rec(p.replace(b'model\\t', b'model\\t\\\\q', 1))"; bad "$d/escape.o" "unknown escape" "bad escape"
# the check lines exist from version 2 on, and are checked like the rest
mk v1check "rec(p.replace(b'end\\n', b'check\\tsafe\\tassertions\\treport\\t2\\t1\\t-\\t0\\t\\nend\\n'), version=1)"
bad "$d/v1check.o" "'check' where 'end' was expected" "a check line in a version 1 record"
mk checkcount "rec(p.replace(b'end\\n', b'check\\tunsafe\\tassertions\\treport\\t2\\t0\\tconfirmed\\t3\\t\\nend\\n'), version=2)"
bad "$d/checkcount.o" "'end' where 'cev' was expected" "a check announcing 3 events with none"
mk checkfields "rec(p.replace(b'end\\n', b'check\\tsafe\\n\\nend\\n'), version=2)"
bad "$d/checkfields.o" "'check' has 1 fields, not 8" "a check line with one field"
# the lockorder lines exist from version 3 on
lo="b'lockorder\\tspin_lock\\tl.c\\t5\\t3\\ttake\\tacquire\\tword\\n'"
mk v2lock "rec(p.replace(b'end\\n', $lo + b'end\\n'), version=2)"
bad "$d/v2lock.o" "'lockorder' where 'end' was expected" "a lockorder line in a version 2 record"
mk lockfields "rec(p.replace(b'end\\n', b'lockorder\\tspin_lock\\nend\\n'), version=3)"
bad "$d/lockfields.o" "'lockorder' has 1 fields, not 7" "a lockorder line with one field"
mk lockop "rec(p.replace(b'end\\n', $lo.replace(b'take', b'grab') + b'end\\n'), version=3)"
bad "$d/lockop.o" "lock operation 'grab'" "a lockorder line with an unknown operation"
mk lockok "rec(p.replace(b'end\\n', $lo + b'end\\n'), version=3)"
if "$WR" list "$d/lockok.o" > "$d/lockok.txt" 2> "$d/err" &&
   grep -q 'spin_lock: lock order: take of word at l.c:5:3 made acquire' "$d/lockok.txt"; then
  wmm_pass "a version 3 record's lockorder line is listed"
else wmm_fail "lockorder line: $(head -n 2 "$d/err") $(head -n 3 "$d/lockok.txt")"; fi
mk two "s + b'\\0\\0\\0' + s"
if "$WR" list "$d/two.o" | grep -c ': model ' | grep -qx 2; then wmm_pass "two records with padding between them: 2 units"
else wmm_fail "two records with padding"; fi
printf '{"tool": "wmmfence", "model": ' > "$d/bad.json"
bad "$d/bad.json" "1:" "a cut JSON report"
printf '{"tool": "other"}\n' > "$d/other.json"
bad "$d/other.json" "not a wmmfence JSON report" "a JSON file of another tool"

# the section removed: no records, said so; GNU strip keeps it
strip --remove-section=.wmm_records -o "$d/stripped.o" "$d/main.o"
bad "$d/stripped.o" "no wmmfence records" "object without the section (strip --remove-section)"
strip -o "$d/kept.o" "$d/main.o"
strip --keep-section=.wmm_records -o "$d/kept2.o" "$d/main.o"
if "$WR" list "$d/kept.o" | grep -q ': model tso' && "$WR" list "$d/kept2.o" | grep -q ': model tso'; then
  wmm_pass "GNU strip (plain and --keep-section=.wmm_records) keeps the records"
else wmm_fail "strip lost the records"; fi
"$WR" list "$d/main.o" "$d/text.txt" > "$d/out" 2> "$d/err"; rc=$?
if [ $rc = 2 ] && grep -q ': model tso' "$d/out"; then wmm_pass "list of a good and a bad file: the good one listed, exit 2"
else wmm_fail "list good+bad: exit $rc"; fi
"$WR" diff "$d/main.o" "$d/text.txt" 2> "$d/err" > /dev/null; rc=$?
if [ $rc = 2 ] && grep -q "^$d/text.txt: " "$d/err"; then wmm_pass "diff with a bad NEW: exit 2"
else wmm_fail "diff with a bad NEW: exit $rc"; fi
"$WR" list --format=yaml "$d/main.o" 2> "$d/err" > /dev/null; rc=$?
if [ $rc = 2 ] && grep -q -- "--format: 'yaml'" "$d/err"; then wmm_pass "--format=yaml: exit 2 naming the option"
else wmm_fail "--format=yaml: exit $rc"; fi

# archives: a member with a bad record is named; a cut archive is no crash
wr_cc "$d" a || wmm_fail "build a: $(head -n 2 "$d/a.err")"
ar rcs "$d/bad.a" "$d/a.o" "$d/version.o"
"$WR" list "$d/bad.a" > /dev/null 2> "$d/err"; rc=$?
if [ $rc = 2 ] && grep -q "^$d/bad.a: (version.o): .*format version 4" "$d/err"; then wmm_pass "archive with a bad member: exit 2 naming the member"
else wmm_fail "archive with a bad member: exit $rc: $(head -n 1 "$d/err")"; fi
ar rcs "$d/good.a" "$d/a.o" "$d/main.o"
asz=$(stat -c %s "$d/good.a")
for cut in 20 100 $((asz / 2)) $((asz - 10)); do
  head -c $cut "$d/good.a" > "$d/cut.a"
  "$WR" list "$d/cut.a" > /dev/null 2> "$d/err"; rc=$?
  if [ $rc = 0 ] || { [ $rc = 2 ] && grep -q "^$d/cut.a: " "$d/err"; }; then wmm_pass "archive cut to $cut bytes: exit $rc, no crash"
  else wmm_fail "archive cut to $cut bytes: exit $rc: $(head -n 1 "$d/err")"; fi
done
