#!/usr/bin/env bash
# entries.sh — every thread the binary will have is seen (docs/plugin.md,
# "Thread entries and instances"): functions whose address escapes to code
# the unit cannot see (a helper of another unit, a table of callbacks),
# pthread_create of a routine defined elsewhere, std::thread / std::async,
# OpenMP parallel sections and tasks.  Each program is store buffering (or
# message passing) between such a thread and main or another one; checked
# on the IR dump (entries, instances, main's region, notes) and on the
# fences in the assembly: x86-64 (tso) always, ppc64le (power) when its
# cross compiler and plugin exist.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# The C++ driver next to a C driver name (gcc -> g++, x-gcc-12 -> x-g++-12).
cxx_of() { echo "${1%gcc*}g++${1##*gcc}"; }

# build TAG PROGRAM LEVEL MODEL [OPTIONS...]: assembly $WMM_TMP/TAG.s and IR
# dump $WMM_TMP/TAG.ir of programs/PROGRAM with the current target.
build() {
  local tag=$1 prog=$2 level=$3 model=$4 cc=$WMM_T_GCC; shift 4
  case $prog in *.cc) cc=$(cxx_of "$WMM_T_GCC") ;; esac
  if "$cc" "$level" -S -o "$WMM_TMP/$tag.s" -fplugin="$WMM_T_PLUGIN" \
      -fplugin-arg-wmmfence-quiet -fplugin-arg-wmmfence-arch="$model" \
      -fplugin-arg-wmmfence-dump-ir="$WMM_TMP/$tag.ir" "$@" "$P/$prog" \
      2> "$WMM_TMP/$tag.err"; then return 0; fi
  wmm_fail "$tag: compiling $prog: $(head -n 3 "$WMM_TMP/$tag.err")"
  : > "$WMM_TMP/$tag.s"; : > "$WMM_TMP/$tag.ir"
  return 1
}
# has CASE FILE REGEX / hasnt CASE FILE REGEX
has() { if grep -Eq -- "$3" "$2"; then wmm_pass "$1"; else wmm_fail "$1 (no /$3/ in $(basename "$2"))"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then wmm_fail "$1 (/$3/ in $(basename "$2"))"; else wmm_pass "$1"; fi; }
# cxx_cost TAG MODEL PROGRAM WANT [FLAG...]: the JSON report's total cost
# of C++ PROGRAM (the current target's g++, -O2) under MODEL is WANT, or
# more than N when WANT is `>N`.
cxx_cost() {
  local tag=$1 m=$2 prog=$3 want=$4 cc=$WMM_T_GCC ok=
  shift 4
  WMM_T_GCC=$(cxx_of "$cc")
  if wmm_report_fences "$P/$prog" "$m" "$@"; then
    case $want in
      '>'*) [ "${WMM_COST%.*}" -gt "${want#>}" ] && ok=1 ;;
      *) [ "$WMM_COST" = "$want" ] && ok=1 ;;
    esac
    if [ -n "$ok" ]; then wmm_pass "$tag: cost $WMM_COST ($WMM_FENCES)"
    else wmm_fail "$tag: cost '$WMM_COST' ($WMM_FENCES), expected $want"; fi
  else wmm_fail "$tag: $WMM_ERR"; fi
  WMM_T_GCC=$cc
}
# fenced CASE ASM STORE FENCE LOAD: some function of the assembly has a
# line matching STORE, a later one matching FENCE, then one matching LOAD.
fenced() {
  local case=$1 file=$2
  if S=$3 F=$4 L=$5 awk '
      /^[A-Za-z_][A-Za-z0-9_.$]*:$/ { k = 0; next }
      k == 0 && $0 ~ ENVIRON["S"] { k = 1; next }
      k == 1 && $0 ~ ENVIRON["F"] { k = 2; next }
      k == 2 && $0 ~ ENVIRON["L"] { found = 1 }
      END { exit !found }' "$file"; then wmm_pass "$case"
  else wmm_fail "$case (no /$3/ then /$4/ then /$5/ in one function of $(basename "$file"))"; fi
}
# full_fences CASE ASM FUNCTION MIN: FUNCTION has at least MIN full fences
full_fences() {
  local n
  n=$(FN=$3 FULL=$FULL awk '/^[A-Za-z_][A-Za-z0-9_.$]*:$/ { on = ($0 == ENVIRON["FN"] ":") }
      on && $0 ~ ENVIRON["FULL"] { n++ } END { print n + 0 }' "$2")
  if [ "$n" -ge "$4" ]; then wmm_pass "$1"; else wmm_fail "$1 ($n full fences in $3, expected $4 or more)"; fi
}
# Patterns of the current target: a store of 1 to x / y, a load of x / y, a
# full fence, any fence.
x86_patterns() {
  ST_X='\$1, x\(%rip\)'; ST_Y='\$1, y\(%rip\)'; LD_X='x\(%rip\), '; LD_Y='y\(%rip\), '
  FULL='lock or|mfence'; ANY=$FULL
}
ppc_patterns() {
  ST_X='stw .*,x@toc@l'; ST_Y='stw .*,y@toc@l'; LD_X='lwz .*,x@toc@l'; LD_Y='lwz .*,y@toc@l'
  FULL='^[[:space:]]*(hw)?sync$'; ANY='^[[:space:]]*(hw|lw)?sync$'
}
# sb TAG: both threads of a store-buffering program are fenced
sb() {
  fenced "$1: W x; fence; R y" "$WMM_TMP/$1.s" "$ST_X" "$FULL" "$LD_Y"
  fenced "$1: W y; fence; R x" "$WMM_TMP/$1.s" "$ST_Y" "$FULL" "$LD_X"
}

# ---------------------------------------------------------------- x86-64, IR
x86_patterns
for o in -O0 -O2; do
  t=launch$o
  build $t entries_launch.c $o tso || continue
  has "$t: worker escapes to launch(): entry, 2 instances" "$WMM_TMP/$t.ir" "^unit worker entry instances=2"
  has "$t: the note names launch()" "$WMM_TMP/$t.ir" "^note: worker's address escapes to launch\(\): treated as a thread entry"
  has "$t: main's region" "$WMM_TMP/$t.ir" "^unit main entry instances=1 region"
  hasnt "$t: before launch(): not concurrent" "$WMM_TMP/$t.ir" "W before"
  has "$t: after launch(): concurrent" "$WMM_TMP/$t.ir" "W x = 1"
  has "$t: main's note names launch()" "$WMM_TMP/$t.ir" "^note: main may run concurrently with threads started by launch"
  hasnt "$t: qsort's comparator is no entry" "$WMM_TMP/$t.ir" "^unit cmp entry"
  has "$t: qsort's comparator is code of its caller's thread" "$WMM_TMP/$t.ir" "^unit cmp instances=1"
  sb $t
done

t=table
if build $t entries_table.c -O2 tso; then
  has "$t: callback in an initialised table: entry" "$WMM_TMP/$t.ir" "^unit consume entry instances=2"
  has "$t: the other callback too" "$WMM_TMP/$t.ir" "^unit produce entry instances=2"
  has "$t: the note names the table" "$WMM_TMP/$t.ir" "^note: consume's address is stored in the initialiser of 'table'"
fi

t=extern
if build $t entries_extern.c -O2 tso; then
  has "$t: routine of another unit: exported functions are entries" "$WMM_TMP/$t.ir" "^unit set_and_read entry instances=2"
  has "$t: the note names the routine" "$WMM_TMP/$t.ir" "^note: remote_worker is started as a thread but defined in another unit"
  hasnt "$t: before the create: not concurrent" "$WMM_TMP/$t.ir" "W before"
  has "$t: after the join still concurrent (unknown routine)" "$WMM_TMP/$t.ir" "R r1"
  sb $t
fi

for o in -O0 -O2; do
  t=thread$o
  build $t entries_thread.cc $o tso || continue
  # one constructor call outside loops: one thread (its _M_run and the
  # function it calls are entries of one instance)
  has "$t: std::thread's _M_run: entry of one instance" "$WMM_TMP/$t.ir" "^unit std::thread::_State_impl<.*>::_M_run entry instances=1"
  hasnt "$t: _M_run is no escape" "$WMM_TMP/$t.ir" "_M_run's address is stored in the vtable of"
  has "$t: the named function: entry of one instance" "$WMM_TMP/$t.ir" "^unit worker entry instances=1"
  hasnt "$t: before the constructor: not concurrent" "$WMM_TMP/$t.ir" "W before"
  has "$t: after the constructor: concurrent" "$WMM_TMP/$t.ir" "W x = 1"
  sb $t
  t=lambda$o
  build $t entries_lambda.cc $o tso || continue
  n=$(grep -Ec "^unit std::thread::_State_impl<.*lambda.*>::_M_run('[0-9]+)? entry instances=1" "$WMM_TMP/$t.ir")
  if [ "$n" -eq 2 ]; then wmm_pass "$t: two std::threads with lambdas: two _M_run entries"
  else wmm_fail "$t: $n _M_run entries, expected 2"; fi
  has "$t: a lambda's operator() is a code unit" "$WMM_TMP/$t.ir" "^unit main\(\)::<lambda\(\)>::operator\(\) instances=1"
  sb $t
done

t=jthread
if build $t entries_jthread.cc -O2 tso -std=c++20; then
  n=$(grep -Ec "^unit std::thread::_State_impl<.*lambda.*>::_M_run('[0-9]+)? entry instances=1" "$WMM_TMP/$t.ir")
  if [ "$n" -eq 2 ]; then wmm_pass "$t: two std::jthreads: two _M_run entries"
  else wmm_fail "$t: $n _M_run entries, expected 2"; fi
  sb $t
fi

# A std::thread whose lambda starts a detached thread (also pushed into a
# std::vector<std::thread>): main after the join still runs next to it
# (store buffering: a full fence in main on x86); without the inner
# thread main is alone (entries_thread_spawn.cc).
cc=$WMM_T_GCC
WMM_T_GCC=$(cxx_of "$cc")
for v in "" VECTOR PLAIN; do
  t="thread_spawn${v:+_$v} tso"
  if ! wmm_report_fences "$P/entries_thread_spawn.cc" tso ${v:+-D$v}; then
    wmm_fail "$t: $WMM_ERR"; continue
  fi
  case "$v: $WMM_FENCES" in
    ": "*" main:mfence"*|"VECTOR: "*" main:mfence"*) wmm_pass "$t: the detached thread still runs: main fenced" ;;
    ": "*|"VECTOR: "*) wmm_fail "$t: main has no fence though the detached thread may run ($WMM_FENCES)" ;;
    *" main:"*) wmm_fail "$t: main fenced though it is alone after the join ($WMM_FENCES)" ;;
    *) wmm_pass "$t: main alone after the join, no fence in main" ;;
  esac
done
WMM_T_GCC=$cc

# std::jthreads joined by their destructors at the end of their scope
# (entries_jthread_join.cc): main's writes after the scope get no fence;
# a detached or swapped jthread, one moved into a vector, or a thread
# given a stop token (a stop callback may run in main), keep main's
# fences (Power).
if wmm_target ppc; then
  cc=$WMM_T_GCC
  WMM_T_GCC=$(cxx_of "$cc")
  for v in "" DETACH TOKEN SWAP VECTOR; do
    t="jthread_join${v:+_$v} power"
    if ! wmm_report_fences "$P/entries_jthread_join.cc" power -std=c++20 ${v:+-D$v}; then
      wmm_fail "$t: $WMM_ERR"; continue
    fi
    case "$v: $WMM_FENCES" in
      ": "*" main:"*) wmm_fail "$t: main fenced after the scope ($WMM_FENCES)" ;;
      ": "*) wmm_pass "$t: no fence in main after the jthreads' scope" ;;
      *" main:"*) wmm_pass "$t: a thread may still run: main fenced" ;;
      *) wmm_fail "$t: main has no fence though a thread may still run ($WMM_FENCES)" ;;
    esac
  done
  WMM_T_GCC=$cc
  wmm_target x86
fi

# Two lambdas emplaced into a std::vector<std::thread> (cxx_vector_threads.cc):
# emplace_back constructs each thread in place or in the branch that grows
# the vector first, never both: one instance each, and message passing
# gets one lwsync on each side on Power (2 syncs before 2026-12-07); the
# producer's closure emplaced twice on one path, or in a loop, has two.
for v in "" TWICE LOOP; do
  t=vector${v:+_$v}
  build $t cxx_vector_threads.cc -O2 tso ${v:+-D$v} || continue
  n=$(grep -c '_M_run.* entry instances=1$' "$WMM_TMP/$t.ir")
  m=$(grep -c '_M_run.* entry instances=2$' "$WMM_TMP/$t.ir")
  case $v in "") want="2 0" ;; *) want="1 1" ;; esac
  if [ "$n $m" = "$want" ]; then wmm_pass "$t: one-instance and two-instance threads: $want"
  else wmm_fail "$t: one-instance and two-instance threads '$n $m', expected '$want'"; fi
done
if wmm_target ppc; then
  cxx_cost "vector power" power cxx_vector_threads.cc 2
  cxx_cost "vector_TWICE power" power cxx_vector_threads.cc 4 -DTWICE
  wmm_target x86
fi

t=async
if build $t entries_async.cc -O2 tso; then
  has "$t: std::async's _M_run: an entry of one instance (one call of std::async, inline code: creations_once)" "$WMM_TMP/$t.ir" "^unit std::__future_base::_Async_state_impl<.*>::_M_run entry instances=1"
  has "$t: the named function is reached" "$WMM_TMP/$t.ir" "^unit worker "
  sb $t
fi

# The library's own code for std::async (its shared state, reference
# counts, call_once) gets no fence: only the program's functions do.
for m in tso power; do
  [ $m = power ] && { wmm_target ppc || continue; }
  cc=$WMM_T_GCC
  WMM_T_GCC=$(cxx_of "$cc")
  if ! wmm_report_fences "$P/entries_async_mp.cc" $m; then
    wmm_fail "async_mp $m: $WMM_ERR"
  else
    case $m in tso) want="" ;; power) want="main:sync produce:sync" ;; esac
    if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "async_mp $m: fences '${want:-none}', none in the library"
    else wmm_fail "async_mp $m: got '$WMM_FENCES', expected '$want'"; fi
  fi
  WMM_T_GCC=$cc
  wmm_target x86
done

# Message passing between two std::async tasks through a struct captured
# by reference (cxx_async_capture.cc): the closures' loads of the capture
# read one address, no access (localfields.cc, collect.cc): x86 none (1
# mfence before 2026-12-07), Power a sync in each task (6, cost 12,
# before); store buffering (-DSB) keeps a full fence in each task.
for m in tso power; do
  [ $m = power ] && { wmm_target ppc || continue; }
  case $m in tso) want=0 sb=2 ;; power) want=4 sb=4 ;; esac
  cxx_cost "async_capture $m" $m cxx_async_capture.cc $want
  cxx_cost "async_capture_SB $m" $m cxx_async_capture.cc $sb -DSB
  wmm_target x86
done

# Threads owned by objects (cxx_raii_threads.cc: a Producer and a Consumer
# starting their methods in their constructors, C++ inline code, each
# made once by main): one thread per method (creations_once), and release
# / acquire atomics need nothing more: cost 0 (x86 1 mfence, Power 4
# syncs before 2026-12-07); relaxed atomics keep message passing's lwsync
# on each side on Power; two Producers run the method twice: more.
for m in tso power; do
  [ $m = power ] && { wmm_target ppc || continue; }
  case $m in tso) relaxed=0 twice='>0' ;; power) relaxed=2 twice='>2' ;; esac
  cxx_cost "raii $m" $m cxx_raii_threads.cc 0
  cxx_cost "raii_RELAXED $m" $m cxx_raii_threads.cc $relaxed -DRELAXED
  cxx_cost "raii_RELAXED_TWICE $m" $m cxx_raii_threads.cc "$twice" -DRELAXED -DTWICE
  wmm_target x86
done

# async_check TAG PROGRAM MODEL VARIANT WANT: the report of PROGRAM
# (-DVARIANT) has exactly the fences WANT, or, with WANT empty (a task may
# still run when main goes on), a fence in main.
async_check() {
  local t=$1 prog=$2 m=$3 v=$4 want=$5
  if ! wmm_report_fences "$P/$prog" $m ${v:+-D$v}; then
    wmm_fail "$t: $WMM_ERR"; return
  fi
  if [ -n "$want" ]; then
    if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$t: the tasks' fences only ($WMM_FENCES)"
    else wmm_fail "$t: got '$WMM_FENCES', expected '$want'"; fi
  else
    case " $WMM_FENCES" in
      *" main:"*) wmm_pass "$t: a task may still run: main fenced" ;;
      *) wmm_fail "$t: main has no fence though a task may still run ($WMM_FENCES)" ;;
    esac
  fi
}

# std::async tasks (named functions that start no thread) are joined by
# their futures' get () or wait (): store buffering between two tasks
# fences the tasks only; main fenced when it waits for one future, on one
# path, through a moved future, or when a task starts a thread of its own.
# Futures main keeps in a std::vector (`futs.push_back (std::async
# (...))`) and ends with a loop of get () (entries_async_vector.cc): the
# tasks' fences only; a loop that may stop early, a get of the first
# future only, or the vector moved before the loop keep main's fences
# (Power; main needs none on x86 there).
for m in tso power; do
  [ $m = power ] && { wmm_target ppc || continue; }
  cc=$WMM_T_GCC
  WMM_T_GCC=$(cxx_of "$cc")
  full=mfence
  [ $m = power ] && full=sync
  for v in "" WAIT LAMBDA NOPOLICY NOGET MAYBE SPAWN MOVED; do
    case $v in ""|WAIT|LAMBDA|NOPOLICY) want="p0:$full p1:$full" ;; *) want= ;; esac
    async_check "async_join${v:+_$v} $m" entries_async_join.cc $m "$v" "$want"
  done
  for v in "" BREAK FIRST MOVED; do
    [ $m = tso ] && [ -n "$v" ] && continue
    want=
    [ -z "$v" ] && want="task:$full task:$full"
    async_check "async_vector${v:+_$v} $m" entries_async_vector.cc $m "$v" "$want"
  done
  WMM_T_GCC=$cc
  wmm_target x86
done

# A helper that keeps the routine in its job (j->fn = fn): one thread per
# launch where nothing calls through memory; several when main calls
# j->fn itself or the job goes to another unit (judged under power on the
# report: lwsyncs for one instance each, syncs for several; with EXTERN
# the other unit's register_job runs after the create, beside the
# threads: one more sync in reader).
for v in "" CALL EXTERN; do
  if ! wmm_report_fences "$P/launch_keep.c" power ${v:+-D$v}; then
    wmm_fail "launch_keep $v: $WMM_ERR"; continue
  fi
  case $v in
    "") want="reader:lwsync writer:lwsync" ;;
    CALL) want="reader:sync reader:sync writer:sync" ;;
    EXTERN) want="reader:sync reader:sync writer:sync" ;;
  esac
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "launch_keep ${v:-kept}: $want"
  else wmm_fail "launch_keep ${v:-kept}: got '$WMM_FENCES', expected '$want'"; fi
done

t=omp
if build $t entries_omp.c -O2 tso -fopenmp; then
  has "$t: outlined parallel sections: entry" "$WMM_TMP/$t.ir" "^unit main\._omp_fn\.0 entry instances=2"
  has "$t: the note names GOMP_parallel_sections" "$WMM_TMP/$t.ir" "^note: main\._omp_fn\.0 runs in the threads of an OpenMP construct \(GOMP_parallel_sections\)"
  hasnt "$t: main before the construct: not concurrent" "$WMM_TMP/$t.ir" "W before"
  hasnt "$t: main after the construct: not concurrent" "$WMM_TMP/$t.ir" "W after"
  # .omp_data_i is main's data block (.omp_data_o.N): `local`, copied in
  # and out, is a named location of it
  has "$t: a shared local is a shared access" "$WMM_TMP/$t.ir" "W main\.\.omp_data_o\.[0-9]+[^ ]* = 1"
  sb $t
fi

t=task
if build $t entries_task.c -O2 tso -fopenmp; then
  has "$t: outlined task: entry" "$WMM_TMP/$t.ir" "^unit main\._omp_fn\.0 entry instances=2"
  hasnt "$t: before the task: not concurrent" "$WMM_TMP/$t.ir" "W before"
  has "$t: the creator stays concurrent" "$WMM_TMP/$t.ir" "^note: main may run concurrently with threads started by GOMP_task"
  sb $t
fi

# threads=create trusts that only the unit's own creates start threads.
t=create
if build $t entries_launch.c -O2 tso -fplugin-arg-wmmfence-threads=create; then
  has "$t: threads=create: no escape rule" "$WMM_TMP/$t.ir" "nothing runs concurrently"
fi
# The notes reach the JSON report.
if "$WMM_T_GCC" -O2 -c -o /dev/null -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-report="$WMM_TMP/r.json" "$P/entries_launch.c" 2> "$WMM_TMP/json.err"; then
  has "report: the escape note is in the JSON notes" "$WMM_TMP/r.json" "\"worker's address escapes to launch\(\): treated as a thread entry"
else
  wmm_fail "report: $(head -n 2 "$WMM_TMP/json.err")"
fi

# ---------------------------------------------------------------- ppc64le
if ! wmm_target ppc; then
  echo "skipping the ppc64le checks: $WMM_T_WHY"
  exit 0
fi
ppc_patterns
for spec in launch:entries_launch.c extern:entries_extern.c \
    thread:entries_thread.cc lambda:entries_lambda.cc task:entries_task.c; do
  t=ppc_${spec%%:*}
  build $t "${spec#*:}" -O2 power -fno-section-anchors -fopenmp || continue
  sb $t
done
# The sections' loop keeps &x and &y in registers: count the fences.
t=ppc_omp
if build $t entries_omp.c -O2 power -fno-section-anchors -fopenmp; then
  full_fences "$t: both sections fenced" "$WMM_TMP/$t.s" main._omp_fn.0 2
fi
t=ppc_table
if build $t entries_table.c -O2 power -fno-section-anchors; then
  fenced "$t: produce: W data; fence; W flag" "$WMM_TMP/$t.s" "stw .*,data@toc@l" "$ANY" "stw .*,flag@toc@l"
  fenced "$t: consume: R flag; fence; R data" "$WMM_TMP/$t.s" "lwz .*,flag@toc@l" "$ANY|isync" "lwz .*,data@toc@l"
fi
exit 0
