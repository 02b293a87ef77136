#!/usr/bin/env bash
# formats.sh — the outputs of `wmmfence-report list`: SARIF 2.1.0 checked
# structurally (version, driver, a rule per fence kind, each result at its
# source position with a codeFlow per ordered pair holding one location
# per access of the cycle), JSON against the plugin's own JSON report
# (same fences, pairs and cycles), Markdown (a table row per fence); an
# aarch64 object read on this machine; a ccache hit still carries records.
. "$WMM_SRCDIR/tests/report/lib/report.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
wmm_scratch
d=$WMM_TMP
for n in a b main; do wr_cc "$d" $n || wmm_fail "build $n: $(head -n 2 "$d/$n.err")"; done
"$WR" list --format=sarif "$d/a.o" "$d/b.o" "$d/main.o" > "$d/out.sarif" || wmm_fail "list --format=sarif: exit $?"
"$WR" list --format=json "$d/main.o" > "$d/out.json" || wmm_fail "list --format=json: exit $?"
python3 - "$d" <<'PY'
import json, sys
d = sys.argv[1]
def ok(c, what):
    print(("PASS: " if c else "FAIL: ") + what)
s = json.load(open(d + "/out.sarif"))
ok(s.get("version") == "2.1.0" and "sarif" in s.get("$schema", ""), "sarif: version 2.1.0 and $schema")
runs = s.get("runs", [])
ok(len(runs) == 1 and runs[0]["tool"]["driver"]["name"] == "wmmfence", "sarif: one run, driver wmmfence")
rules = runs[0]["tool"]["driver"].get("rules", [])
ids = [r["id"] for r in rules]
ok(len(ids) == len(set(ids)) and all(r.get("shortDescription", {}).get("text") for r in rules), "sarif: rules unique, each described")
res = runs[0].get("results", [])
total = 0
for n in ("a", "b", "main"):
    total += len(json.load(open(d + "/" + n + ".json"))["fences"])
ok(len(res) == total and total >= 5, "sarif: %d results = %d fences of the JSON reports" % (len(res), total))
good = True
for r in res:
    good &= r["ruleId"] in ids and ids[r["ruleIndex"]] == r["ruleId"]
    good &= r["ruleId"] == "wmmfence/" + rules[r["ruleIndex"]]["name"]
    good &= bool(r["message"]["text"])
    loc = r["locations"][0]["physicalLocation"]
    good &= loc["artifactLocation"]["uri"].endswith(".c") and loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    for cf in r.get("codeFlows", []):
        for tf in cf["threadFlows"]:
            good &= len(tf["locations"]) >= 2
            for l in tf["locations"]:
                good &= l["location"]["physicalLocation"]["region"]["startLine"] >= 1 and bool(l["location"]["message"]["text"])
ok(good, "sarif: every result has a known rule, a region and codeFlows of >= 2 located steps")
# the codeFlows of main.c are its fences' cycles
rep = json.load(open(d + "/main.json"))
want = [[(e["function"], e["location"], e["line"]) for e in o["cycle"]] for f in rep["fences"] for o in f["orders"]]
got = []
for r in res:
    if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("main.c"):
        for cf in r.get("codeFlows", []):
            got.append([(l["location"]["message"]["text"].split(" in ")[1], l["location"]["message"]["text"].split(" ")[1],
                         l["location"]["physicalLocation"]["region"]["startLine"]) for l in cf["threadFlows"][0]["locations"]])
ok(sorted(got) == sorted(want) and len(want) >= 2, "sarif: main.c's codeFlows are the %d cycles of its JSON report" % len(want))
# JSON output against the plugin's JSON report
j = json.load(open(d + "/out.json"))
u = j["units"][0]
def acc(a): return (a["function"], a["access"], a["location"], a["line"], a["column"])
same = len(u["fences"]) == len(rep["fences"])
for f, g in zip(u["fences"], rep["fences"]):
    same &= (f["function"], f["kind"], f["line"], f["column"], f["cost"]) == (g["function"], g["kind"], g["line"], g["column"], g["cost"])
    same &= [(acc(o["from"]), acc(o["to"]), [acc(e) for e in o["cycle"]]) for o in f["orders"]] == \
            [(acc(o["from"]), acc(o["to"]), [acc(e) for e in o["cycle"]]) for o in g["orders"]]
ok(same and u["reference"] == "sc" and u["model"] == rep["model"], "json: list --format=json main.o equals the plugin's report (fences, pairs, cycles)")
PY
rows=$("$WR" list --format=markdown "$d/main.o" | grep -c '^| `P[0-9]`')
if [ "$rows" = 2 ]; then wmm_pass "markdown: a table row per fence (2)"
else wmm_fail "markdown: $rows rows"; fi

# aarch64 object read here
if wmm_target aarch64; then
  mkdir -p "$d/arm"
  if wr_cc "$d/arm" main && "$WR" list "$d/arm/main.o" > "$d/arm.txt" &&
     "$WR" list "$d/arm/main.json" | cmp -s - "$d/arm.txt" && grep -q 'model armv8' "$d/arm.txt"; then
    wmm_pass "aarch64 object read on $(uname -m): equals its JSON report"
  else wmm_fail "aarch64 object: $(head -n 2 "$d/arm.txt")"; fi
else echo "SKIP-CASE: aarch64: $WMM_T_WHY"; fi

# ccache: a cached rebuild carries the records
wmm_target x86
if command -v ccache >/dev/null; then
  export CCACHE_DIR=$d/ccache CCACHE_NOHASHDIR=1
  mkdir -p "$d/cc"
  for k in 1 2; do
    ccache "$WMM_T_GCC" -O2 -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -c "$WR_PROGS/main.c" -o "$d/cc/main$k.o" 2>/dev/null
  done
  hits=$(ccache -s 2>/dev/null | sed -n 's/^ *Hits: *\([0-9]*\).*/\1/p' | head -n 1)
  if [ "${hits:-0}" -ge 1 ] && "$WR" diff "$d/main.o" "$d/cc/main2.o" >/dev/null && cmp -s "$d/cc/main1.o" "$d/cc/main2.o"; then
    wmm_pass "ccache hit ($hits): the cached object carries the same records"
  else wmm_fail "ccache: hits=${hits:-?}, records: $("$WR" list "$d/cc/main2.o" 2>&1 | head -n 1)"; fi
else echo "SKIP-CASE: ccache is not installed"; fi

# git textconv: `git diff` of a committed object shows the added fence
if command -v git >/dev/null; then
  g=$d/git
  mkdir -p "$g" && cd "$g" && git init -q . && git config user.email t@t && git config user.name t &&
  git config diff.wmmfence.textconv "$WR list" &&
  printf '*.o diff=wmmfence\n' > .gitattributes &&
  cp "$WR_PROGS/main.c" main.c && wr_cc "$g" main -ffile-prefix-map="$g"=/src &&
  git add .gitattributes main.o && git commit -qm old &&
  sed -i 's|/\* ADD-HERE \*/|m_r3 = m_b;|' main.c && wr_cc "$g" main -ffile-prefix-map="$g"=/src &&
  git diff main.o > "$d/gitdiff.txt"
  cd "$WMM_TMP"
  if grep -q '^+  P2: mfence' "$d/gitdiff.txt" && grep -q '^-/src/main.c: .*2 fences' "$d/gitdiff.txt"; then
    wmm_pass "git textconv driver: git diff on main.o shows the new P2 fence"
  else wmm_fail "git textconv: $(head -n 8 "$d/gitdiff.txt")"; fi
fi
