#!/usr/bin/env bash
# barriers.sh — the rounds of a pthread barrier or an OpenMP team (plugin/barriers.cc,
# docs/plugin.md "Barrier rounds"): a stencil whose threads read their
# neighbours' elements in one phase and write their own in the next
# (programs/barrier_rounds.c) keeps only the fences of writes within one
# phase; every variant outside the rule keeps all of its fences, and a
# race inside one round stays fenced.  Pointers each worker swaps itself
# after its waits (programs/barrier_local_swap.c) take a view each.
# Costs from the JSON report, the note from the verbose output.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs/barrier_rounds.c
# cost MODEL WANT [OPTION...]
cost() {
  local model=$1 want=$2
  shift 2
  wmm_report_fences "$P" "$model" "$@" || { wmm_fail "$model $*: $WMM_ERR"; return; }
  if [ "$WMM_COST" = "$want" ]; then wmm_pass "$model $*: cost $want ($WMM_FENCES)"
  else wmm_fail "$model $*: cost '$WMM_COST' ($WMM_FENCES), expected $want"; fi
}
# the rounds apply: the reads of a no longer meet its writes (and b's
# slices, one per thread, are claims); a's writes are each thread's own
# slice (one writer per element): no fence.  A write into the next slice
# (SMEAR) keeps an lwsync / dmb ishst for two writes of a in one phase
cost tso 0
cost power 0
cost armv8 0
cost tso 0 -DSMEAR
cost power 100 -DSMEAR
cost armv8 100 -DSMEAR
# the barrier and the arrays exported (as most programs write them): the
# same rounds (power 800 before 2026-12-07)
cost power 0 -DEXPORTED
cost armv8 0 -DEXPORTED
cost power 800 -DEXPORTED -DPEEK
# where the rule does not apply the reads of a meet its writes again:
# power 800 (the slices of b stay claims; x86 needs nothing either way)
for v in PEEK COUNT; do
  cost tso 0 -D$v
  cost power 800 -D$v
done
# SB inside the first phase: a full fence on each side stays
wmm_report_fences "$P" tso -DSAMEROUND || wmm_fail "SAMEROUND: $WMM_ERR"
if [ "$WMM_FENCES" = "work:mfence work:mfence" ]; then
  wmm_pass "tso -DSAMEROUND: store buffering in one round keeps two mfences"
else wmm_fail "tso -DSAMEROUND: got '$WMM_FENCES'"; fi
# the note names the barrier, its count and the routine
"$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
  -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose "$P" \
  2> "$WMM_TMP/notes" || wmm_fail "verbose: $(head -n 2 "$WMM_TMP/notes")"
if grep -q "barrier 'bar' (count 4) orders the rounds of the 4 threads of 'work': [0-9]* accesses split into 2 round classes" "$WMM_TMP/notes"; then
  wmm_pass "note: barrier 'bar', 4 threads of work, 2 round classes"
else wmm_fail "note: $(grep -i barrier "$WMM_TMP/notes" | head -n 2)"; fi
if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
     -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose -DPEEK "$P" 2>&1 \
     | grep -q "orders the rounds"; then
  wmm_fail "PEEK: the rounds were used although main reads while the threads run"
else wmm_pass "PEEK: no rounds (main reads a[] while the threads run)"; fi
# An OpenMP team (omp_stencil.c): the implicit barriers at the ends of the
# two worksharing loops are team barriers, full fences, and their rounds
# keep cur's reads and writes apart, whose writes are each thread's own
# block: no fence (x86 1 mfence, Power 800, ARMv8 420 before); a write
# into the neighbour's block (SMEAR) keeps the copy loop's fences, and
# without the first barrier (NOWAIT) message passing keeps its fences
P=$WMM_TESTDIR/programs/omp_stencil.c
cost tso 0 -fopenmp
cost power 0 -fopenmp
cost armv8 0 -fopenmp
cost power 200 -fopenmp -DSMEAR
cost tso 200 -fopenmp -DNOWAIT
cost power 1200 -fopenmp -DNOWAIT
"$WMM_T_GCC" -O2 -fopenmp -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
  -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose "$P" \
  2> "$WMM_TMP/notes" || wmm_fail "omp verbose: $(head -n 2 "$WMM_TMP/notes")"
if grep -q "the team barriers of 'main._omp_fn.0' order the rounds of its OpenMP team: [0-9]* accesses split into 2 round classes" "$WMM_TMP/notes"; then
  wmm_pass "note: the team barriers of main._omp_fn.0, 2 round classes"
else wmm_fail "omp note: $(grep -i barrier "$WMM_TMP/notes" | head -n 2)"; fi
# The step only the thread a wait returns PTHREAD_BARRIER_SERIAL_THREAD to
# runs (barrier_serial.c: sum the threads' slots, count the round, swap
# two pointers; barriers.cc mark_serial): one thread per round, so no
# fence (tso 2, power cost 10, armv8 7 before); run by every thread, by
# the others, or again after the next wait: all of them kept
P=$WMM_TESTDIR/programs/barrier_serial.c
cost tso 0
cost power 0
cost armv8 0
for v in EVERY OTHERS; do
  cost tso 2 -D$v
  cost power 10 -D$v
  cost armv8 7 -D$v
done
cost tso 11 -DTWICE
cost power 50 -DTWICE
"$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
  -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose "$P" \
  2> "$WMM_TMP/notes" || wmm_fail "serial verbose: $(head -n 2 "$WMM_TMP/notes")"
if grep -q "[0-9]* accesses of 'work' run only in the thread barrier 'bar' makes the serial one, one thread per round" "$WMM_TMP/notes"; then
  wmm_pass "note: the serial thread's accesses of work"
else wmm_fail "serial note: $(grep -i serial "$WMM_TMP/notes" | head -n 2)"; fi
# Each worker swapping its own pair of pointers to the two grids after
# every wait (barrier_local_swap.c; swapviews.cc wmm_swap_views_local),
# main filling the workers' ranges into a local array in the create
# loop: the reads through one pointer never meet the writes through the
# other (x86 1 mfence, Power 800 before); one lwsync / dmb stays for two
# writes of one grid in a round.  Two grids by name, copied back in a
# second phase (PHASES): no fence (Power 800 before: main's writes of the
# ranges kept the rounds off).  One worker swapping alone, or main
# reading the grid while the workers run: fenced as before.
P=$WMM_TESTDIR/programs/barrier_local_swap.c
cost tso 0
cost power 100
cost armv8 100
for m in tso power armv8; do cost $m 0 -DPHASES; done
for v in ONESWAP PEEK; do
  cost tso 100 -D$v
  cost power 800 -D$v
done
"$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
  -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose "$P" \
  2> "$WMM_TMP/notes" || wmm_fail "local swap verbose: $(head -n 2 "$WMM_TMP/notes")"
if grep -q "'work' swaps its pointers to 'a' and 'b' once per round of its barrier, as every thread of it does: 4 accesses" "$WMM_TMP/notes"; then
  wmm_pass "note: work's own pair of pointers, 4 accesses"
else wmm_fail "local swap note: $(grep -i swap "$WMM_TMP/notes" | head -n 2)"; fi
for v in ONESWAP PEEK; do
  if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" \
       -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-verbose -D$v "$P" 2>&1 \
       | grep -q "swaps its pointers"; then
    wmm_fail "$v: the pointers took views"
  else wmm_pass "$v: no views"; fi
done
