#!/usr/bin/env bash
# check.sh — the check's verdict in the fence records: message passing
# (tests/plugin/programs/check_mp.c) compiled with the check for the Power model, as
# written (unsafe, with its counterexample) and fenced (safe).  The records
# read back by wmmfence-report equal the plugin's JSON report (verdict,
# property, bound, replay, every event), text and Markdown show them, a
# diff of the two objects names the verdict change, and a record without a
# check (no `check` key) shows none.
. "$WMM_SRCDIR/tests/report/lib/report.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
wmm_scratch
d=$WMM_TMP
A=-fplugin-arg-wmmfence-arch=power   # the model; the object stays x86-64
src=$WMM_SRCDIR/tests/plugin/programs/check_mp.c
cp "$src" "$d/mp.c"
for mode in report insert; do
  cp "$src" "$d/mp_$mode.c"
  wr_cc "$d" "mp_$mode" $A -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-mode=$mode ||
    wmm_fail "build mp_$mode: $(head -n 2 "$d/mp_$mode.err")"
done
wr_cc "$d" mp $A || wmm_fail "build mp: $(head -n 2 "$d/mp.err")"
for mode in report insert; do
  "$WR" list --format=json "$d/mp_$mode.o" > "$d/$mode.obj.json" || wmm_fail "list $mode.o: exit $?"
  "$WR" list --format=json "$d/mp_$mode.json" > "$d/$mode.rep.json" || wmm_fail "list $mode.json: exit $?"
done
python3 - "$d" <<'PY'
import json, sys
d = sys.argv[1]
def ok(c, what):
    print(("PASS: " if c else "FAIL: ") + what)
for mode, want in (("report", "unsafe"), ("insert", "safe")):
    plugin = json.load(open("%s/mp_%s.json" % (d, mode)))["check"]
    obj = json.load(open("%s/%s.obj.json" % (d, mode)))["units"][0].get("check")
    rep = json.load(open("%s/%s.rep.json" % (d, mode)))["units"][0].get("check")
    ok(obj is not None and obj["verdict"] == want == plugin["verdict"],
       "%s: the record's verdict is %s, as the plugin's report" % (mode, want))
    ok(obj is not None and obj == rep,
       "%s: the record's check equals the JSON report's, read the same way" % mode)
    if obj is None:
        continue
    ok(obj["property"] == plugin["property"] and obj["bound"] == plugin["bound"]
       and obj["complete"] == plugin["complete"] and obj["mode"] == mode,
       "%s: property, bound, completeness and mode" % mode)
    evs = plugin.get("events", [])
    same = len(evs) == len(obj["events"]) and all(
        e["thread"] == o["thread"] and e["access"] == o["access"] and
        e["location"] == o["location"] and str(e["value"]) == o["value"] and
        e["position"].endswith("%s:%d:%d" % (o["file"].split("/")[-1], o["line"], o["column"]))
        for e, o in zip(evs, obj["events"]))
    ok(same and (mode == "insert" or len(evs) >= 4),
       "%s: %d events, each as the plugin's report has it" % (mode, len(evs)))
    if mode == "report":
        ok(obj["replay"] == plugin.get("replay") == "confirmed",
           "report: the replay (confirmed) travels with the record")
        ok(any(o["location"] == "data" and o["value"] == "0" and o["access"] == "R"
               for o in obj["events"]), "report: the stale read R data = 0 is in the record")
PY
"$WR" list "$d/mp_report.o" > "$d/text" || wmm_fail "list text: exit $?"
if grep -q '^  check: unsafe (assertions), mode=report, up to unwind 2, replay confirmed$' "$d/text" &&
   grep -q '^    event [0-9]*: thread reader: R data = 0 at .*mp_report.c:8:[0-9]*$' "$d/text"
then wmm_pass "text: the verdict line and the stale read's event"
else wmm_fail "text: $(grep -A3 check: "$d/text" | tr '\n' '|')"; fi
"$WR" list --format=markdown "$d/mp_insert.o" > "$d/md" || wmm_fail "list markdown: exit $?"
if grep -q '^Check (mode=insert, unwind 2, complete): \*\*safe\*\*\.$' "$d/md"
then wmm_pass "markdown: the verdict"
else wmm_fail "markdown: $(grep -i check "$d/md")"; fi
# the same unit (mp.c) as written and fenced: the diff names the verdict change
cp "$d/mp_report.c" "$d/mp.c"
wr_cc "$d" mp $A -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-mode=report && mv "$d/mp.o" "$d/old.o"
wr_cc "$d" mp $A -fplugin-arg-wmmfence-check -fplugin-arg-wmmfence-mode=insert && mv "$d/mp.o" "$d/new.o"
"$WR" diff "$d/old.o" "$d/new.o" > "$d/diff"; rc=$?
if [ $rc = 1 ] && grep -q '^~ check .*mp.c: unsafe -> safe$' "$d/diff"
then wmm_pass "diff: '~ check mp.c: unsafe -> safe', exit 1"
else wmm_fail "diff: exit $rc: $(tr '\n' '|' < "$d/diff")"; fi
# without the check key: no check in the record
wr_cc "$d" mp $A || wmm_fail "build mp without the check"
"$WR" list "$d/mp.o" > "$d/plain" || wmm_fail "list plain: exit $?"
if ! grep -q 'check:' "$d/plain" && ! "$WR" list --format=json "$d/mp.o" | grep -q '"check"'
then wmm_pass "no check key: no check in the record"
else wmm_fail "a record without the check shows one"; fi
