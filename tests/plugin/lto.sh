#!/usr/bin/env bash
# lto.sh — whole-program mode (-flto with the plugin on the compile and
# link lines; docs/plugin.md, "Whole-program mode (-flto)").  The fences
# are read back from the linked program: the LTRANS assembly that
# -save-temps keeps (the code the executable is assembled from) and
# objdump of the executable.
#  1. Plain critical cycles of tests/corpus/c/ (eight; all 68 with
#     WMM_LTO_LITMUS=all, `make check-lto-sweep`) as pthread programs split
#     one thread per file (lto_split.awk: glob.c, P0.c ..., main.c),
#     x86-64, ppc64le, aarch64 and armv7: Forbidden at the optimal cost
#     (tests/unit/plugin_asmcheck), the same fences as the one-file
#     program compiled per unit.
#  2. programs/lto/ (threads started in main.c through pool.c's helpers,
#     shared data in data.c, a single-threaded helper util.c): the same
#     fences (file, line, column, kind in the JSON report) as the same
#     program in one file; the fences of the assembly and of the
#     executable agree; it runs (x86-64).
#  3. Partitions: -flto-partition=none and =balanced give the same fences.
#  4. Records: the executable's .wmm_records name the program and the
#     fences' positions in every unit (wmmfence-report list).
#  5. The compile step's per-unit fences: a link without the plugin (or
#     -fno-lto with fat objects) keeps them, as many as per-unit builds
#     place, and every shared access stays volatile; the link step with
#     the plugin removes them (a note), places the whole program's and
#     makes the accesses it does not order plain again.
#  6. C++: store buffering between a lambda in std::thread and a function
#     of another unit in std::thread: a fence in each under -flto.
#  7. Mixed builds: an -flto object compiled without the plugin is unknown
#     code (a note names its functions, nothing of it is inlined into
#     analysed code); a main compiled without the plugin starts threads the
#     analysis cannot see: its routines become entries and are fenced.
#  8. The specs file: -fwmm-* on the compile and link lines alone (no
#     -fplugin) run the link step with the link line's options: the same
#     fences as -fplugin-arg-wmmfence-* give, and its report.
#  9. Per-thread state built by another unit's helpers with pointer
#     parameters (programs/lto_state/): per unit the helpers may keep the
#     state, under -flto the points-to analysis (threadlocal.cc) sees
#     every call: no fence; the cache also stored in a global (-DLEAK):
#     store buffering fenced.
# 10. A whole-struct copy and an enum variable (programs/lto_aggregate/):
#     the compile step warns about nothing (-Werror), the link step fences
#     their store buffering in both threads.
# 11. Thread-specific data by a key another unit defines
#     (programs/lto_tsd/: -flto reads it as `MEM[(unsigned int *)&key]`):
#     each worker's context is private, no fence; -DLEAK (a context also
#     in a global): store buffering fenced in the worker.
# 12. A socket address written by getpeername into a member
#     (programs/lto_sockaddr/: under -flto glibc's sockaddr types are
#     incomplete): the workers' arrays stay their own, no fence; -DLEAK
#     fenced in the worker.
# 13. Tables' initializers, which lto1 reads in only when asked
#     (programs/lto_tables/, plugin/lto.cc wmm_decl_initial): strlen of a
#     static table's string literal touches no variable (names.c: no
#     fence; unread, the read could touch any escaped variable: 2
#     mfences), and a counter named in a table is read through it
#     (watch.c: t2's store buffering fenced; unread, the counter was
#     taken for one only added to and the fence was missed).  The same
#     fences per unit.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
checker=$WMM_BUILDDIR/tests/unit/plugin_asmcheck
[ -x "$checker" ] || { echo "SKIP: $checker not built (make check builds it)"; exit 77; }
report=$WMM_BUILDDIR/tools/wmmfence-report
wmm_scratch
PROG=$WMM_TESTDIR/programs/lto
# WMM_LTO_LITMUS=all: every plain cycle of tests/corpus/c/ (make
# check-lto-sweep; the suite runs these eight)
LITMUS=${WMM_LTO_LITMUS:-"SB MP LB IRIW WRC ISA2 R 2+2W"}
if [ "$LITMUS" = all ]; then
  LITMUS=$(cd "$WMM_SRCDIR/tests/corpus/c" && ls ./*.litmus | sed 's#^\./##; s/\.litmus$//')
fi

# The fences of each thread of a .seq file: "P0: F sync|P1: ...".
fences_of() { sed -E 's/(W|R|RMW) [A-Za-z_0-9]+;? ?//g; s/; *$//' "$1" | sort | tr '\n' '|'; }
# Fences in an assembly file / in objdump of an executable.
asm_fences() { grep -cE '^\s*(lock or[a-z]*|mfence|sync|lwsync|hwsync|dmb)\b' "$1"; }
obj_fences() {
  local od=objdump
  case $WMM_T_GCC in *-linux-gnu*-gcc*) od=${WMM_T_GCC%-gcc*}-objdump ;; esac
  "$od" -d "$1" | grep -cE '\s(lock orq|mfence|sync|lwsync|hwsync|dmb)(\s|$)'
}
# JSON fences as sorted "FILE:LINE:COL=KIND" words ("dmb_ish").
json_fences() {
  sed -n 's/.*{"function": "[^"]*", "file": "\([^"]*\)", "line": \([0-9]*\), "column": \([0-9]*\).*"kind": "\([^"]*\)", "instruction".*/\1:\2:\3=\4/p' "$1" \
    | sed 's#.*/##; s/ /_/g' | sort | tr '\n' ' '
}

# compile_lto DIR CC PLUGIN FLAGS...: every DIR/*.c to DIR/*.o with -flto
# and the plugin; false (and a FAIL) on an error.
compile_lto() {
  local d=$1 cc=$2 pl=$3 f; shift 3
  for f in "$d"/*.c; do
    "$cc" -O2 -fno-section-anchors -flto -fplugin="$pl" -fplugin-arg-wmmfence-quiet "$@" \
      -c "$f" -o "${f%.c}.o" 2> "$d/err" || { wmm_fail "$d: compiling $(basename "$f"): $(head -n 2 "$d/err")"; return 1; }
  done
}
# link_lto DIR NAME CC PLUGIN FLAGS...: DIR/NAME from DIR's objects (not
# the link's own temporaries), its LTRANS assembly kept as
# DIR/NAME.ltrans0.ltrans.s.
link_lto() {
  local d=$1 name=$2 cc=$3 pl=$4; shift 4
  (cd "$d" && "$cc" -O2 -fno-section-anchors -flto -fplugin="$pl" -fplugin-arg-wmmfence-quiet \
     -save-temps "$@" -o "$name" $(ls ./*.o | grep -v ltrans) -lpthread) 2> "$d/err" \
    || { wmm_fail "$d: linking: $(grep -v '^$' "$d/err" | head -n 3)"; return 1; }
}

for arch in x86 ppc aarch64 arm; do
  if ! wmm_target "$arch"; then echo "note: $arch skipped: $WMM_T_WHY"; continue; fi
  # 1. split litmus programs
  for n in $LITMUS; do
    d=$WMM_TMP/$arch-$n
    mkdir -p "$d/split"
    awk -f "$WMM_TESTDIR/litmus2pthread.awk" "$WMM_SRCDIR/tests/corpus/c/$n.litmus" > "$d/$n.c" \
      || { wmm_fail "$arch $n: conversion"; continue; }
    awk -v dir="$d/split" -f "$WMM_TESTDIR/lto_split.awk" "$d/$n.c"
    compile_lto "$d/split" "$WMM_T_GCC" "$WMM_T_PLUGIN" || continue
    link_lto "$d/split" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" || continue
    s=$d/split/prog.ltrans0.ltrans.s
    awk -v arch="$arch" -f "$WMM_TESTDIR/asmseq.awk" "$s" "$s" > "$d/lto.seq"
    out=$("$checker" "$WMM_T_MODEL" "$WMM_SRCDIR/tests/corpus/c/$n.litmus" "$d/lto.seq" 2>&1)
    case $out in
      PASS:*) wmm_pass "$arch $n split over $(ls "$d/split"/*.c | wc -l) files, -flto: ${out#PASS: }" ;;
      *) wmm_fail "$arch $n split, -flto: ${out#FAIL: } ($(tr '\n' '|' < "$d/lto.seq"))"; continue ;;
    esac
    "$WMM_T_GCC" -O2 -fno-section-anchors -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
      -S "$d/$n.c" -o "$d/one.s" 2> "$d/err" || { wmm_fail "$arch $n: one file: $(head -n 2 "$d/err")"; continue; }
    awk -v arch="$arch" -f "$WMM_TESTDIR/asmseq.awk" "$d/one.s" "$d/one.s" > "$d/one.seq"
    a=$(fences_of "$d/lto.seq") b=$(fences_of "$d/one.seq")
    if [ "$a" = "$b" ]; then wmm_pass "$arch $n: the same fences as in one file ($a)"
    else wmm_fail "$arch $n: -flto '$a', one file '$b'"; fi
  done

  # 2. the multi-file program against the same program in one file
  d=$WMM_TMP/$arch-prog
  mkdir -p "$d/lto"
  cp "$PROG"/*.c "$d/lto/"
  printf '#define LTO_ONE_FILE\n#include "main.c"\n#include "pool.c"\n#include "data.c"\n#include "util.c"\n' > "$d/one.c"
  if compile_lto "$d/lto" "$WMM_T_GCC" "$WMM_T_PLUGIN" -I"$PROG" \
     && link_lto "$d/lto" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" -fplugin-arg-wmmfence-report="$d/lto.json" \
     && (cd "$d/lto" && "$WMM_T_GCC" -O2 -fno-section-anchors -I"$PROG" -fplugin="$WMM_T_PLUGIN" \
           -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-report="$d/one.json" -S ../one.c -o ../one.s) 2> "$d/err"; then
    a=$(json_fences "$d/lto.json") b=$(json_fences "$d/one.json")
    if [ -n "$a" ] && [ "$a" = "$b" ]; then wmm_pass "$arch program over 4 files, -flto: the fences of the one-file program ($a)"
    else wmm_fail "$arch program: -flto '$a', one file '$b'"; fi
    na=$(asm_fences "$d/lto/prog.ltrans0.ltrans.s") nb=$(asm_fences "$d/one.s") ne=$(obj_fences "$d/lto/prog")
    want=$(echo "$a" | wc -w)
    if [ "$na" -eq "$want" ] && [ "$nb" -eq "$want" ] && [ "$ne" -eq "$want" ]; then
      wmm_pass "$arch program: $na fence instructions in the LTRANS assembly, the executable and the one-file assembly"
    elif [ "$arch" = arm ] && [ "$na" -eq "$nb" ] && [ "$ne" -eq "$nb" ] && [ "$na" -gt 0 ] \
         && [ "$na" -le "$want" ]; then
      # GCC 12 for arm merges the identical `dmb ish` of job()'s two
      # branches (inlined into worker) into one after the join.
      wmm_pass "$arch program: $na fence instructions in the LTRANS assembly, the executable and the one-file assembly ($want placed, identical ones of two branches merged)"
    else wmm_fail "$arch program: fence instructions: LTRANS $na, executable $ne, one file $nb, report $want"; fi
    if [ "$arch" = x86 ]; then
      # util.c's accesses, inlined into main before any thread starts, are
      # plain again: GCC forwards the store of cfg_a to its load.
      if awk '/^main:/,/\.size\tmain/' "$d/lto/prog.ltrans0.ltrans.s" | grep -q 'cfg_a(%rip), %'; then
        wmm_fail "x86 program: main still loads cfg_a (the compile step's volatile was kept)"
      else wmm_pass "x86 program: accesses the whole program does not order are plain again (cfg_a's load forwarded in main)"; fi
      if "$d/lto/prog" > "$d/run.out"; then wmm_pass "x86 program runs: $(cat "$d/run.out")"
      else wmm_fail "x86 program exits with $?"; fi
    fi
  else
    [ -s "$d/err" ] && wmm_fail "$arch program, one file: $(head -n 2 "$d/err")"
  fi
done

wmm_target x86
d=$WMM_TMP/x86-prog
# 3. partitions
for part in none balanced; do
  p=$WMM_TMP/part-$part
  mkdir -p "$p"
  cp "$d"/lto/*.o "$p/" 2>/dev/null
  if link_lto "$p" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" -flto-partition=$part -fplugin-arg-wmmfence-report="$p/r.json"; then
    a=$(json_fences "$p/r.json") b=$(json_fences "$d/lto.json")
    if [ "$a" = "$b" ]; then wmm_pass "-flto-partition=$part: the same fences"
    else wmm_fail "-flto-partition=$part: '$a', default '$b'"; fi
  fi
done

# 4. records in the executable
if [ -x "$report" ] && "$report" list "$d/lto/prog" > "$WMM_TMP/list.txt" 2>&1; then
  if grep -q '^prog (-flto): model tso' "$WMM_TMP/list.txt"; then wmm_pass "records: the unit is the program ('prog (-flto)')"
  else wmm_fail "records: no unit 'prog (-flto)': $(head -n 1 "$WMM_TMP/list.txt")"; fi
  if grep -q 'mfence .* at .*/main\.c:13:6' "$WMM_TMP/list.txt" && grep -q 'cycle: .*main\.c:21:5' "$WMM_TMP/list.txt"; then
    wmm_pass "records: fences and cycles with positions in the units"
  else wmm_fail "records: positions missing: $(head -n 3 "$WMM_TMP/list.txt" | tr '\n' '|')"; fi
else
  wmm_fail "records: wmmfence-report list: $(head -n 2 "$WMM_TMP/list.txt" 2>/dev/null)"
fi

# 5. the compile step's fences
per_unit=0
for f in main pool data util; do
  "$WMM_T_GCC" -O2 -I"$PROG" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -S "$PROG/$f.c" \
    -o "$WMM_TMP/unit-$f.s" && per_unit=$((per_unit + $(asm_fences "$WMM_TMP/unit-$f.s")))
done
k=$WMM_TMP/noplugin
mkdir -p "$k"
cp "$d"/lto/main.o "$d"/lto/pool.o "$d"/lto/data.o "$d"/lto/util.o "$k/"
if (cd "$k" && "$WMM_T_GCC" -O2 -flto -o prog ./*.o -lpthread) 2> "$k/err"; then
  n=$(obj_fences "$k/prog")
  if [ "$n" -eq "$per_unit" ]; then wmm_pass "link without the plugin: the $n per-unit fences stay"
  else wmm_fail "link without the plugin: $n fences, per-unit builds place $per_unit"; fi
  if objdump -d "$k/prog" | awk '/<main>:/,/^$/' | grep -q 'cfg_a'; then
    wmm_pass "link without the plugin: the compile step's volatile accesses stay (main loads cfg_a)"
  else wmm_fail "link without the plugin: main no longer reads cfg_a"; fi
else wmm_fail "link without the plugin: $(head -n 2 "$k/err")"; fi
if link_lto "$k" prog2 "$WMM_T_GCC" "$WMM_T_PLUGIN" -fplugin-arg-wmmfence-verbose \
   && grep -q "note: wmmfence: link step: $per_unit fences of the compile steps' per-unit placements removed; the whole program's replace them" "$k/err"; then
  wmm_pass "link step: the $per_unit compile-step fences removed (note)"
else wmm_fail "link step: no note on $per_unit removed fences: $(grep -v '^$' "$k/err" | head -n 3 | tr '\n' '|')"; fi
f=$WMM_TMP/fat
mkdir -p "$f"
cp "$PROG"/*.c "$f/"
if compile_lto "$f" "$WMM_T_GCC" "$WMM_T_PLUGIN" -I"$PROG" -ffat-lto-objects \
   && (cd "$f" && "$WMM_T_GCC" -O2 -fno-lto -o native ./*.o -lpthread) 2> "$f/err" \
   && link_lto "$f" prog "$WMM_T_GCC" "$WMM_T_PLUGIN"; then
  a=$(obj_fences "$f/native") b=$(obj_fences "$f/prog") c=$(obj_fences "$d/lto/prog")
  if [ "$a" -eq "$per_unit" ] && [ "$b" -eq "$c" ]; then
    wmm_pass "fat objects: -fno-lto links the $a per-unit fences, -flto the whole program's $b"
  else wmm_fail "fat objects: -fno-lto $a (per unit $per_unit), -flto $b (slim objects $c)"; fi
fi

# 6. C++ across units
cx=$WMM_TMP/cxx
mkdir -p "$cx"
GXX=${WMM_T_GCC/gcc/g++}
if command -v "$GXX" > /dev/null 2>&1; then
  unit=0
  for f in cxx_main cxx_body; do
    "$GXX" -O2 -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -S "$PROG/$f.cc" -o "$cx/$f.s" \
      && unit=$((unit + $(asm_fences "$cx/$f.s")))
    "$GXX" -O2 -flto -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -c "$PROG/$f.cc" -o "$cx/$f.o"
  done
  if (cd "$cx" && "$GXX" -O2 -flto -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -save-temps \
        -o prog cxx_main.o cxx_body.o -pthread) 2> "$cx/err"; then
    s=$cx/prog.ltrans0.ltrans.s
    if S='\$1, y\(%rip\)' L='x\(%rip\), ' awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { k = 0; next }
          k == 0 && $0 ~ ENVIRON["S"] { k = 1; next } k == 1 && /lock or|mfence/ { k = 2; next }
          k == 2 && $0 ~ ENVIRON["L"] { found = 1 } END { exit !found }' "$s" \
       && S='\$1, x\(%rip\)' L='y\(%rip\), ' awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { k = 0; next }
          k == 0 && $0 ~ ENVIRON["S"] { k = 1; next } k == 1 && /lock or|mfence/ { k = 2; next }
          k == 2 && $0 ~ ENVIRON["L"] { found = 1 } END { exit !found }' "$s"; then
      wmm_pass "C++ std::thread across units: W y; mfence; R x in t1 and W x; mfence; R y in the lambda ($(asm_fences "$s") fences; per unit $unit)"
    else wmm_fail "C++ across units: store buffering not fenced in both threads ($(asm_fences "$s") fences)"; fi
  else wmm_fail "C++ link: $(head -n 3 "$cx/err")"; fi
fi

# 7. mixed builds
m=$WMM_TMP/mixed
mkdir -p "$m"
cp "$d"/lto/main.o "$d"/lto/pool.o "$d"/lto/data.o "$m/"
if "$WMM_T_GCC" -O2 -flto -I"$PROG" -c "$PROG/util.c" -o "$m/util.o" \
   && link_lto "$m" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" -fplugin-arg-wmmfence-verbose \
        -fplugin-arg-wmmfence-report="$m/r.json"; then
  if grep -q "note: wmmfence: link step: cfg_swap_a[.a-z]*() was compiled without the plugin (no -fplugin on its -flto compile line): its body is unknown code, summarised as a call of another object" "$m/err"; then
    wmm_pass "mixed: the note names a function compiled without the plugin"
  else wmm_fail "mixed: no note on cfg_swap_a: $(grep -v '^$' "$m/err" | head -n 3 | tr '\n' '|')"; fi
  if grep -qE 'call\s+cfg_swap_a' "$m/prog.ltrans0.ltrans.s"; then wmm_pass "mixed: unknown code is not inlined into analysed code"
  else wmm_fail "mixed: cfg_swap_a was inlined into main"; fi
  a=$(json_fences "$m/r.json") b=$(json_fences "$d/lto.json")
  if [ "$a" = "$b" ]; then wmm_pass "mixed: the analysed units keep their fences"
  else wmm_fail "mixed: '$a', all with the plugin '$b'"; fi
fi
# A main compiled without the plugin starts SB's threads: the routines'
# addresses are used by code the analysis cannot read, so they are
# entries, and each gets its fence.
s=$WMM_TMP/x86-SB/split
if [ -f "$s/main.c" ] && mkdir -p "$WMM_TMP/fmain" && cp "$s"/*.c "$WMM_TMP/fmain/" \
   && compile_lto "$WMM_TMP/fmain" "$WMM_T_GCC" "$WMM_T_PLUGIN" \
   && "$WMM_T_GCC" -O2 -flto -c "$s/main.c" -o "$WMM_TMP/fmain/main.o" \
   && link_lto "$WMM_TMP/fmain" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" -fplugin-arg-wmmfence-report="$WMM_TMP/fmain/r.json"; then
  if grep -q '"P0.s address is used in main(), whose code is not analysed' "$WMM_TMP/fmain/r.json" \
     || grep -q "P0's address is used in main(), whose code is not analysed" "$WMM_TMP/fmain/r.json"; then
    wmm_pass "foreign main: the routines' addresses escape to unknown code (note)"
  else wmm_fail "foreign main: no escape note: $(grep -o '"notes": .*' "$WMM_TMP/fmain/r.json" | head -c 300)"; fi
  n=$(asm_fences "$WMM_TMP/fmain/prog.ltrans0.ltrans.s")
  if [ "$n" -eq 2 ]; then wmm_pass "foreign main: SB fenced in both threads"
  else wmm_fail "foreign main: $n fences, expected 2"; fi
fi
# 8. -fwmm-* through the specs file: the driver rewrites them (self_spec),
# so lto-wrapper passes them to lto1 and the link step runs.
s=$WMM_TMP/x86-SB/split
f=$WMM_TMP/specs
if [ -f "$s/main.c" ] && mkdir -p "$f" && cp "$s"/*.c "$f/" \
   && (cd "$f" && "$WMM_T_GCC" -specs="$WMM_T_SPECS" -fwmm-arch=tso -O2 -flto -c *.c \
         2> "$f/err" \
       && "$WMM_T_GCC" -specs="$WMM_T_SPECS" -fwmm-arch=tso -fwmm-report="$f/r.json" \
         -O2 -flto -save-temps -pthread *.o -o prog 2>> "$f/err"); then
  if grep -q '"file": "prog (-flto)"' "$f/r.json" 2> /dev/null; then
    wmm_pass "specs: -fwmm-* on the link line run the link step (report of 'prog (-flto)')"
  else wmm_fail "specs: no link-step report: $(head -n 3 "$f/err" | tr '\n' '|')"; fi
  n=$(asm_fences "$f/prog.ltrans0.ltrans.s")
  m=$(obj_fences "$f/prog")
  if [ "$n" -eq 2 ] && [ "$m" -eq 2 ]; then wmm_pass "specs: SB fenced in both threads (LTRANS assembly and executable)"
  else wmm_fail "specs: $n fences in the assembly, $m in the executable, expected 2"; fi
else wmm_fail "specs: -flto build with -fwmm-* failed: $(head -n 3 "$f/err" 2> /dev/null | tr '\n' '|')"
fi
# private_pair NAME DIR PRIVATE LEAKED: the program of programs/DIR/
# under -flto has no fence; with -DLEAK (the data also in a global) at
# least two, two of them in worker (store buffering).  PRIVATE and LEAKED
# say what each case shows.
private_pair() {
  local name=$1 dir=$2 v st n
  for v in "" LEAK; do
    st=$WMM_TMP/$name${v:+_$v}
    mkdir -p "$st" && cp "$WMM_TESTDIR"/programs/$dir/*.c "$st/"
    if compile_lto "$st" "$WMM_T_GCC" "$WMM_T_PLUGIN" -I"$WMM_TESTDIR/programs/$dir" ${v:+-D$v} \
       && link_lto "$st" prog "$WMM_T_GCC" "$WMM_T_PLUGIN"; then
      n=$(asm_fences "$st/prog.ltrans0.ltrans.s")
      if [ -z "$v" ] && [ "$n" -eq 0 ]; then
        wmm_pass "$name: $3 (no fence)"
      elif [ -n "$v" ] && [ "$n" -ge 2 ] \
           && awk '/^worker[.a-z0-9]*:$/ { w = 1; next } /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { w = 0 }
                   w && /lock or|mfence/ { n++ } END { exit n < 2 }' "$st/prog.ltrans0.ltrans.s"; then
        wmm_pass "${name}_LEAK: $4: store buffering fenced in the worker ($n fences)"
      else wmm_fail "$name${v:+_$v}: $n fences"; fi
    fi
  done
}
# 9. per-thread state through another unit's helpers
private_pair state lto_state \
  "a worker's cache built by another unit's helpers is private under -flto" \
  "the cache in a global"
# 10. whole-struct and enum accesses: no attribute variant of such a type
# exists, so the compile step leaves them volatile unmarked, without the
# warning GCC gives for one (a -Werror build stays green), and the link
# step still orders them
ag=$WMM_TMP/aggregate
mkdir -p "$ag" && cp "$WMM_TESTDIR"/programs/lto_aggregate/agg.c "$ag/"
if compile_lto "$ag" "$WMM_T_GCC" "$WMM_T_PLUGIN" -Werror \
   && link_lto "$ag" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" -Werror; then
  n=$(awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { f = $1 } /lock or|mfence/ { print f }' \
        "$ag/prog.ltrans0.ltrans.s" | sort | tr '\n' ' ')
  if [ "$n" = "reader: writer: " ]; then
    wmm_pass "aggregate: struct and enum accesses compile with -Werror under -flto; store buffering fenced in both threads"
  else wmm_fail "aggregate: fences in '$n', expected reader and writer"; fi
fi
# 11. a key of another unit (private.cc key_of, wmm_whole_variable)
private_pair tsd lto_tsd \
  "contexts kept by another unit's key are private under -flto" \
  "a context also in a global"
# 12. socket addresses hold no pointer (threadlocal.cc socket_address)
private_pair sockaddr lto_sockaddr \
  "getpeername into a connection leaves its array pointer alone under -flto" \
  "the array also in a global"
# 13. initializers read in under -flto: fences per function, -flto
# against per unit
for t in names:0 watch:1; do
  f=${t%%:*} want=${t#*:}
  st=$WMM_TMP/tables_$f
  mkdir -p "$st" && cp "$WMM_TESTDIR/programs/lto_tables/$f.c" "$st/"
  compile_lto "$st" "$WMM_T_GCC" "$WMM_T_PLUGIN" && link_lto "$st" prog "$WMM_T_GCC" "$WMM_T_PLUGIN" || continue
  "$WMM_T_GCC" -O2 -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet -S "$st/$f.c" -o "$st/one.s" 2> "$st/err" \
    || { wmm_fail "tables $f: per unit: $(head -n 2 "$st/err")"; continue; }
  per_fn() { awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { f = $1; sub(/\..*/, "", f); sub(/:$/, "", f) }
                  /lock or|mfence/ { print f }' "$1" | sort | tr '\n' ' '; }
  a=$(per_fn "$st/prog.ltrans0.ltrans.s") b=$(per_fn "$st/one.s")
  n=$(echo "$a" | wc -w)
  if [ "$n" -eq "$want" ] && [ "$a" = "$b" ] && { [ "$want" -eq 0 ] || [ "$a" = "t2 " ]; }; then
    wmm_pass "tables $f: -flto fences '${a:-none}' as per unit"
  else wmm_fail "tables $f: -flto '$a', per unit '$b', expected $want"; fi
done
exit 0
