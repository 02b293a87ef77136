#!/usr/bin/env bash
# bench/realworld/causes.sh — every fence of a set of JSON reports with the
# race it orders: the pair, the witness cycle, and the kind of race the
# cycle is, so that the fences left on a real program can be read (and
# counted) by cause.
#
# Usage: bench/realworld/causes.sh [-s] REPORT.json...
#   (the reports of bench/realworld/fences.sh: OUTDIR/*.ARCH.json)
#   -s  only the summary
# Prints one line per fence:
#   UNIT FUNCTION:LINE KIND | FROM -> TO | CAUSE | cycle: F ACC LOC, ...
# then per cause the number of fences and of units.  Causes (the first
# that fits the witness cycle):
#   no-witness    the per-pair fallback placed it; no cycle within budget
#   unknown-code  the cycle goes through a call the unit cannot follow
#                 (an RMW on any memory: the call's stand-in)
#   one-function  every access is in one function: a function that runs
#                 in several instances (an escaped callback, an exported
#                 function of a library unit) races with itself
#   library       a unit with no main and no thread of its own: its
#                 exported functions are assumed to run concurrently
#   main          main (or the code it calls) against a thread
#   threads       accesses of different thread functions
# Example:
#   bench/realworld/fences.sh plugin/wmmfence.so tso /tmp/mc gcc -- -O2 \
#     -DHAVE_CONFIG_H -I. -pthread -- *.c
#   bench/realworld/causes.sh -s /tmp/mc/*.tso.json
set -u
summary=0
[ "${1:-}" = -s ] && { summary=1; shift; }
[ $# -gt 0 ] || { echo "usage: causes.sh [-s] REPORT.json..." >&2; exit 2; }
python3 - "$summary" "$@" <<'EOF'
import json, os, re, signal, sys
from collections import Counter, defaultdict

signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # ... | head
only_summary = sys.argv[1] == "1"
ident = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

def standin(a):
    # the stand-in of an unknown call: an access (its read, its write, or
    # both) of no known address named after the callee
    return not a["known_address"] and ident.match(a["location"])

def cause(cycle, library):
    if not cycle:
        return "no-witness"
    if any(standin(a) for a in cycle):
        return "unknown-code"
    fns = {a["function"] for a in cycle}
    if len(fns) == 1:
        return "one-function"
    if library:
        return "library"
    if "main" in fns:
        return "main"
    return "threads"

def acc(a):
    return "%s %s %s" % (a["function"], a["access"], a["location"])

fences = Counter()
units = defaultdict(set)
for path in sys.argv[2:]:
    try:
        r = json.load(open(path))
    except (OSError, ValueError) as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        continue
    unit = r.get("file") or os.path.basename(path)
    library = any(n.startswith("library unit") for n in r.get("notes", []))
    for f in r["fences"]:
        first = f["orders"][0] if f["orders"] else None
        cyc = next((o.get("cycle") for o in f["orders"] if o.get("cycle")), None)
        c = cause(cyc, library)
        fences[c] += 1
        units[c].add(unit)
        if not only_summary:
            pair = "%s -> %s" % (acc(first["from"]), acc(first["to"])) if first else "-"
            print("%s %s:%d %s | %s | %s | cycle: %s" % (
                unit, f["function"], f["line"], f["kind"], pair, c,
                ", ".join(acc(a) for a in cyc) if cyc else "-"))
total = sum(fences.values())
for c in ("no-witness", "unknown-code", "one-function", "library", "main",
          "threads"):
    print("cause %-13s fences %6d  units %4d" % (c, fences[c], len(units[c])))
print("total fences %d" % total)
EOF
