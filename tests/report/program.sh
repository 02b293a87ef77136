#!/usr/bin/env bash
# program.sh — a program of several files, a static library (libab.a: a.o,
# b.o), a shared library (libq.so) and an executable, built with the plugin
# on x86-64 and ppc64le: `wmmfence-report list` on the executable and the
# shared library equals the union of the per-object JSON reports, and on
# the archive the union of its members'; two builds are byte-identical;
# a one-line change that adds a fence is exactly one "+ added" in `diff`
# (exit 1); an unrelated edit above (a comment, a new static function) is
# no diff (exit 0).  (A new exported function is no unrelated edit: other
# units' threads may call it, docs/plugin.md "Exported functions of a unit
# with main".)
. "$WMM_SRCDIR/tests/report/lib/report.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch

for arch in x86 ppc; do
  d=$WMM_TMP/$arch
  if ! wr_build $arch "$d"; then
    if [ $arch = x86 ]; then wmm_fail "$arch: build: $(cat "$d"/*.err | head -n 3)"
    else echo "SKIP-CASE: $arch: ${WMM_T_WHY:-build failed}"; fi
    continue
  fi
  "$WR" list "$d/prog" "$d/libq.so" > "$d/bin.txt"; rc=$?
  "$WR" list "$d"/{a,b,q,main}.json > "$d/json.txt"
  n=$(grep -c '^  [^ ].*: .* at ' "$d/json.txt")
  if [ $rc = 0 ] && [ "$n" -ge 6 ] && cmp -s "$d/bin.txt" "$d/json.txt"; then
    wmm_pass "$arch: list prog libq.so = union of 4 JSON reports ($n fences)"
  else wmm_fail "$arch: list prog libq.so (rc $rc) differs from the JSON reports: $(diff "$d/bin.txt" "$d/json.txt" | head -n 4)"; fi
  "$WR" list "$d/libab.a" > "$d/ar.txt"
  "$WR" list "$d/a.json" "$d/b.json" > "$d/arjson.txt"
  if cmp -s "$d/ar.txt" "$d/arjson.txt" && grep -q '^.*/a\.c: ' "$d/ar.txt"; then
    wmm_pass "$arch: list libab.a = a.json + b.json"
  else wmm_fail "$arch: list libab.a differs: $(diff "$d/ar.txt" "$d/arjson.txt" | head -n 4)"; fi
  # the records of the executable itself: main, a, b (not q: it is in libq.so)
  u=$("$WR" list "$d/prog" | grep -c '^[^ ].*: model ')
  if [ "$u" = 3 ]; then wmm_pass "$arch: prog carries 3 units' records"
  else wmm_fail "$arch: prog carries $u units' records, expected 3"; fi
  # diff of a build against itself, and against the JSON reports
  if "$WR" diff "$d/prog" "$d/prog" > "$d/same.txt" && [ ! -s "$d/same.txt" ]; then
    wmm_pass "$arch: diff prog prog: equal, exit 0"
  else wmm_fail "$arch: diff prog prog: $(head -n 2 "$d/same.txt")"; fi
  "$WR" diff "$d/main.json" "$d/main.o" > "$d/jo.txt"; rc=$?
  if [ $rc = 0 ]; then wmm_pass "$arch: diff main.json main.o: equal"
  else wmm_fail "$arch: diff main.json main.o: exit $rc: $(head -n 2 "$d/jo.txt")"; fi
done

# Two builds (another directory, same prefix map) are byte-identical.
wmm_target x86
mkdir -p "$WMM_TMP/r1/src" "$WMM_TMP/r2/src"
for r in r1 r2; do
  cp "$WR_PROGS"/*.c "$WMM_TMP/$r/src/"
  ok=1
  for n in a b q main; do
    (cd "$WMM_TMP/$r/src" && "$WMM_T_GCC" -O2 -fPIC -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -ffile-prefix-map="$WMM_TMP/$r"=/build -g \
      -c "$WMM_TMP/$r/src/$n.c" -o "$WMM_TMP/$r/$n.o") || ok=0
  done
done
same=1
for n in a b q main; do cmp -s "$WMM_TMP/r1/$n.o" "$WMM_TMP/r2/$n.o" || same=0; done
if [ $ok = 1 ] && [ $same = 1 ]; then wmm_pass "two builds in two directories (-ffile-prefix-map): objects byte-identical"
else wmm_fail "two builds differ (ok=$ok)"; fi
if "$WR" list "$WMM_TMP/r1/main.o" | grep -q '^/build/src/main.c: ' &&
   ! "$WR" list "$WMM_TMP/r1/main.o" | grep -q "$WMM_TMP"; then
  wmm_pass "records name files through -ffile-prefix-map (/build/src/main.c)"
else wmm_fail "records keep the build path: $("$WR" list "$WMM_TMP/r1/main.o" | head -n 1)"; fi

# One-line change that adds a fence; unrelated edit above.
d=$WMM_TMP/edit
mkdir -p "$d/old" "$d/new" "$d/moved"
cp "$WR_PROGS/main.c" "$d/old/main.c"
sed 's|/\* ADD-HERE \*/|m_r3 = m_b;|' "$WR_PROGS/main.c" > "$d/new/main.c"
{ echo '/* a new comment'; echo '   over two lines */'; echo 'static __attribute__ ((unused)) int unrelated_helper(int v) { return v * 3; }'; cat "$WR_PROGS/main.c"; } > "$d/moved/main.c"
for v in old new moved; do wr_cc "$d/$v" main -ffile-prefix-map="$d/$v"=/src || wmm_fail "edit: $v: $(head -n 2 "$d/$v/main.err")"; done
"$WR" diff "$d/old/main.o" "$d/new/main.o" > "$d/add.txt"; rc=$?
if [ $rc = 1 ] && [ "$(wc -l < "$d/add.txt")" = 1 ] &&
   grep -q '^+ added: .*main.c: P2: mfence .* orders W m_a .* before R m_b ' "$d/add.txt"; then
  wmm_pass "one-line change: diff shows exactly the new fence in P2, exit 1"
else wmm_fail "one-line change: exit $rc: $(head -n 3 "$d/add.txt")"; fi
# the same change built in one directory: JSON reports against objects
mkdir -p "$d/j"
for v in old new; do
  cp "$d/$v/main.c" "$d/j/main.c"
  wr_cc "$d/j" main && mv "$d/j/main.json" "$d/j/$v.json" && mv "$d/j/main.o" "$d/j/$v.o"
done
"$WR" diff "$d/j/old.json" "$d/j/new.json" > "$d/addj.txt"; rc=$?
"$WR" diff "$d/j/old.json" "$d/j/new.o" > "$d/addjo.txt"; rc2=$?
if [ $rc = 1 ] && [ $rc2 = 1 ] && [ "$(wc -l < "$d/addj.txt")" = 1 ] &&
   grep -q '^+ added: .*main.c: P2: mfence' "$d/addj.txt" && cmp -s "$d/addj.txt" "$d/addjo.txt"; then
  wmm_pass "one-line change: JSON reports (and JSON against object) give the same one-fence diff"
else wmm_fail "one-line change, JSON reports: exit $rc $rc2: $(cat "$d/addj.txt" "$d/addjo.txt" | head -n 3)"; fi
"$WR" diff "$d/old/main.o" "$d/moved/main.o" > "$d/mv.txt"; rc=$?
if [ $rc = 0 ] && [ ! -s "$d/mv.txt" ] &&
   ! cmp -s <("$WR" list "$d/old/main.o") <("$WR" list "$d/moved/main.o"); then
  wmm_pass "unrelated edit above (lines moved by 3, a new function): no diff, exit 0"
else wmm_fail "unrelated edit: exit $rc: $(head -n 3 "$d/mv.txt")"; fi
"$WR" diff "$d/new/main.o" "$d/old/main.o" > "$d/rm.txt"; rc=$?
if [ $rc = 1 ] && grep -q '^- removed: .*P2: mfence' "$d/rm.txt"; then
  wmm_pass "reverse: the fence is removed, exit 1"
else wmm_fail "reverse: exit $rc: $(head -n 2 "$d/rm.txt")"; fi
# check: the new build against the old baseline fails, against itself passes
"$WR" check "$d/j/new.o" --baseline "$d/j/old.json" > "$d/ck.txt"; rc1=$?
"$WR" check "$d/j/old.o" --baseline "$d/j/old.json" --max-cost 2 > "$d/ck2.txt"; rc2=$?
"$WR" check "$d/j/new.o" --max-cost=2 > "$d/ck3.txt"; rc3=$?
if [ $rc1 = 1 ] && [ $rc2 = 0 ] && [ $rc3 = 1 ] && grep -q 'above --max-cost 2' "$d/ck3.txt"; then
  wmm_pass "check: baseline and --max-cost gate (1, 0, 1)"
else wmm_fail "check: exits $rc1 $rc2 $rc3: $(cat "$d/ck3.txt" | head -n 2)"; fi
