#!/usr/bin/env bash
# messages.sh — every message the plugin can print, with its exact text.
# 1. The catalogue: the format string of every diagnostic call (error,
#    warning, warning_at, inform) and every analysis note (wmm_note, shown
#    with -fplugin-arg-wmmfence-verbose and in the JSON "notes") in
#    plugin/*.cc is listed below, and every listed one still exists; a new
#    message fails this test until its text is added here.
# 2. Each message that a small input triggers: the whole stderr, exactly
#    (LC_ALL=C quotes, -fno-diagnostics-show-caret for one line each).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
cd "$WMM_TMP" || exit 1
PL=$WMM_T_PLUGIN
CC=$WMM_T_GCC

# The first string literal of each message call, as in the source.
cat > catalogue.txt <<'EOF'
%qE attribute applies only to functions
%qE attribute argument must be 1 or 2 (instances)
wmmfence: %s
wmmfence: %s%qs (%s) in %qs %s
wmmfence: cannot write %qs: %m
wmmfence: check (%s, mode=%s): unknown: %s
wmmfence: check (%s, mode=%s, %s): safe %s%d
wmmfence: check (%s, mode=%s, %s): unsafe: %s
wmmfence: check: event %d: thread %s: %s %s = %lld 
wmmfence: check: the explicit checker replays the 
wmmfence: debug mark %s:%d: %qs has %d instructions
wmmfence: debug mark %s:%d: no code unit %qs (see 
wmmfence: missing %qs fence in %qs: %s
wmmfence: option %<-fplugin-arg-wmmfence-%s%> expects %s, 
wmmfence: option %<-fplugin-arg-wmmfence-%s%> needs a value 
wmmfence: option %<-fplugin-arg-wmmfence-%s%> takes no value 
wmmfence: option %<-fplugin-arg-wmmfence-%s%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-%s%>: unknown value 
wmmfence: option %<-fplugin-arg-wmmfence-arch%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-calls%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-from%>: %qs cannot 
wmmfence: option %<-fplugin-arg-wmmfence-goal%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-inline-depth%>: 
wmmfence: option %<-fplugin-arg-wmmfence-max-cycles%>: 
wmmfence: option %<-fplugin-arg-wmmfence-mode%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-notes%> takes no 
wmmfence: option %<-fplugin-arg-wmmfence-threads%>: unknown 
wmmfence: option %<-fplugin-arg-wmmfence-time-limit%>: 
wmmfence: option %<-fplugin-arg-wmmfence-unwind%>: 
wmmfence: out of memory while collecting the program
wmmfence: %qs was compiled with %<%s%> at the compile 
wmmfence: this plugin was built for GCC %s (%s, %s) but was loaded 
wmmfence: unknown option %<-fplugin-arg-wmmfence-%s%> (known: arch, 
note: %s
note: %d accesses are protected by locks: no fence orders them 
note: heap memory by type: %d classes of anonymous words 
note: lock and unlock calls are taken as full fences 
note: %d accesses to fresh objects before their address may 
note: %d accesses to fresh objects before their publication 
note: %d accesses to fresh objects and escaping locals before 
note: %d accesses to %d locations written before a release 
note: %d accesses to %d locations written before a flag is set 
note: %d accesses to %d locations written before the one 
note: %d accesses in OpenMP single regions and sections run by 
note: %d accesses to %d arrays whose elements each thread 
note: %d additions to %d counters that running code never 
note: %d locations of %d arrays whose every element one thread 
note: %d accesses to the words of %d ticket and %d spin locks 
note: %u ticket-lock operations made acquire or release: with 
note: %d locations of arrays whose every element one thread of 
note: %d accesses to %d variables written by a once routine and 
note: %d accesses to memory a once routine allocates, reached 
note: %d locations are written only by a block behind a flag 
note: %d accesses of the thread-safe construction of %d 
note: %d more functions whose address escapes are treated as 
note: %s is started as a thread but defined in another unit: 
note: %s runs in the threads of an OpenMP construct 
note: %s's address %s: treated as a thread entry with 
note: a fence between two accesses of one statement 
note: a thread is started with a start routine that is not 
note: deps=addr: %d accesses have an address dependency on one 
note: indirect calls: every address-taken function of the 
note: virtual calls: every address-taken virtual method of 
note: main may run concurrently with threads started by 
note: nothing in this unit runs concurrently (no threads are 
note: overlapping accesses to parts of one object (unions, 
note: points-to analysis of private objects stopped after 
note: reference model %s: %ld critical cycle(s) it allows kept 
note: the compiler-order analysis failed: every shared 
note: the memory order of '%s' in '%s' differs between call 
note: %s runs once through pthread_once/call_once, in the 
note: %s is a static object's destructor, registered 
note: %s is exported by a unit with main that calls 
note: %s is the destructor of a thread-specific key 
note: %s is a static constructor that may leave a 
note: %s calls the function its thread argument 
note: %s's indirect call calls the functions its 
note: %s's indirect call calls the function 
note: %s's indirect call through '%s' calls 
note: %s's indirect call through member '%s' 
note: %s's indirect call through the read-only 
note: %s's virtual call calls the methods of 
note: %d accesses of '%s' run only in the thread barrier '%s' 
note: barrier '%s' (count %d) orders the rounds of the %d 
note: '%s' and '%s' name different objects ('%s', '%s') and 
note: '%s' swaps its pointers to '%s' and '%s' once per 
note: '%s' indexes the rows of '%s' by two values that 
note: '%s' chooses the rows of '%s' by the parity of a 
note: '%s' is only ever stored one constant while the threads 
note: %s %s only ever updated by atomic operations that 
note: %d accesses of %d locals shared only with their 
note: the team barriers of '%s' order the rounds of its OpenMP 
note: the %d OpenMP teams of the unit run one after another 
note: %s() is exported and starts threads of the routine it 
note: library unit (no main): every exported function 
note: '%s' is an exit or signal handler of a unit 
note: the unit forks and maps shared memory (mmap 
note: processes only: declared objects and locals are each 
note: %s() is called by %s(), whose code is not 
note: link step: %s() was compiled without the plugin (no 
note: link step: %d fences of the compile steps' per-unit 
note: link step: %d accesses the compile step kept in program 
note: compile step of -flto: every shared access is kept in 
note: link step: this LTRANS partition holds only part of the 
note: %u spin-lock operations made acquire or release: with 
wmmfence: %s %qs the %s spin lock %qs in %qs (as %s 
wmmfence: the %s spin lock %qs in %qs must 
EOF
{
  grep -ohE '\b(error|warning|warning_at|inform|error_at|fatal_error|sorry) \([^"]*"([^"\\]|\\.)*"' "$WMM_SRCDIR"/plugin/*.cc \
    | sed -E 's/^[a-z_]+ \([^"]*"//; s/"$//'
  grep -ohE '\bwmm_note \([^"]*"([^"\\]|\\.)*"' "$WMM_SRCDIR"/plugin/*.cc | sed -E 's/^[a-z_]+ \([^"]*"/note: /; s/"$//'
} | sort -u > found.txt
sort -u catalogue.txt > listed.txt
if cmp -s found.txt listed.txt; then
  wmm_pass "catalogue: the $(wc -l < listed.txt) message formats of plugin/*.cc"
else
  wmm_fail "catalogue differs from plugin/*.cc (< in the source only: add its text here; > listed only: remove it): $(diff found.txt listed.txt | grep '^[<>]' | tr '\n' '|')"
fi
unlisted=$(grep -nE '\b(error|warning|warning_at|inform|error_at|fatal_error|sorry|wmm_note) \(' "$WMM_SRCDIR"/plugin/*.cc \
  | grep -v '"' | grep -v 'wmm_note (wmm_unitinfo')
if [ -z "$unlisted" ]; then wmm_pass "catalogue: every message call has its text on its first line"
else wmm_fail "message calls without a literal on their first line: $unlisted"; fi

cp "$WMM_TESTDIR/programs/sb.c" sb.c
cat > mp.c <<'EOF'
#include <pthread.h>
int data, flag, r1, r2;
void *P0(void *a) { data = 1; flag = 1; return 0; }
void *P1(void *a) { r1 = flag; r2 = data; return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, P0, 0); pthread_create(&b, 0, P1, 0);
  pthread_join(a, 0); pthread_join(b, 0); return 0; }
EOF
printf 'int x;\nint get (void) { return x; }\n' > lib.c
cp "$WMM_TESTDIR/programs/locks_after.c" lock.c
printf 'int x __attribute__((wmmfence_thread));\n__attribute__((wmmfence_thread(3))) void f(void){}\n' > attr.c

# msg CASE FILE EXPECTED ARGS...: the whole stderr is EXPECTED.
msg() {
  local case=$1 file=$2 want=$3; shift 3
  "$CC" -O2 -S -o out.s -fno-diagnostics-show-caret -fplugin="$PL" "$@" "$file" > /dev/null 2> out.txt
  sed -E 's/\(20[0-9]{6}, /(DATE, /g' out.txt > got.txt   # GCC's build date
  if [ -n "$want" ]; then printf '%s\n' "$want" > want.txt; else : > want.txt; fi
  if cmp -s want.txt got.txt; then wmm_pass "$case"
  else wmm_fail "$case: got '$(tr '\n' '|' < got.txt)'"; fi
}
K="(known: arch, from, mode, report, threads, calls, notes, summary, verbose, quiet, disable, time-limit, max-cycles, inline-depth, greedy, dump-ir, debug-fence, debug-volatile, check, unwind, goal, deps, locks)"
O=-fplugin-arg-wmmfence
msg "unknown option" sb.c "cc1: error: wmmfence: unknown option '$O-bogus' $K" $O-bogus=1
msg "unknown architecture" sb.c "cc1: error: wmmfence: option '$O-arch': unknown architecture 'sparc' (use sc, tso, x86, pso, rmo, power, armv7 or armv8)" $O-arch=sparc
msg "needs a value" sb.c "cc1: error: wmmfence: option '$O-arch' needs a value ('$O-arch=...')" $O-arch
msg "unknown goal" sb.c "cc1: error: wmmfence: option '$O-goal': unknown goal 'speed' (sc or assertions)" $O-goal=speed
msg "unknown mode" sb.c "cc1: error: wmmfence: option '$O-mode': unknown mode 'lint' (use insert, warn or report)" $O-mode=lint
msg "unknown threads" sb.c "cc1: error: wmmfence: option '$O-threads': unknown value 'all' (use auto, create or exported)" $O-threads=all
msg "unknown calls" sb.c "cc1: error: wmmfence: option '$O-calls': unknown value 'maybe' (use sound or barrier)" $O-calls=maybe
msg "unknown deps" sb.c "cc1: error: wmmfence: option '$O-deps': unknown value 'data' (none or addr)" $O-deps=data
msg "bad time limit" sb.c "cc1: error: wmmfence: option '$O-time-limit': 'soon' is not a number of seconds" $O-time-limit=soon
msg "bad max-cycles" sb.c "cc1: error: wmmfence: option '$O-max-cycles': 'x' is not a number" $O-max-cycles=x
msg "bad inline-depth" sb.c "cc1: error: wmmfence: option '$O-inline-depth': 'deep' is not a number from 0 to $(sed -n 's/^#define WMM_MAX_INLINE_DEPTH *\([0-9]*\).*/\1/p' "$WMM_SRCDIR"/plugin/*.h | head -n 1)" $O-inline-depth=deep
msg "bad flag value" sb.c "cc1: error: wmmfence: option '$O-verbose' takes no value or 0/1, not 'loud'" $O-verbose=loud
msg "bad notes value" sb.c "cc1: error: wmmfence: option '$O-notes' takes no value, 0, 1 or 2 (2: with the cycle), not '3'" $O-notes=3
msg "malformed debug-fence" sb.c "cc1: error: wmmfence: option '$O-debug-fence' expects FUNCTION:INDEX:KIND, not 'P0'" $O-debug-fence=P0
msg "malformed debug-volatile" sb.c "cc1: error: wmmfence: option '$O-debug-volatile' expects FUNCTION:INDEX, not 'P0'" $O-debug-volatile=P0
msg "unknown fence kind" sb.c "cc1: error: wmmfence: option '$O-debug-fence': unknown fence kind 'mbar'" $O-debug-fence=P0:1:mbar
msg "debug mark: no code unit" sb.c "sb.c:19:1: error: wmmfence: debug mark P7:0: no code unit 'P7' (see '$O-dump-ir')" $O-debug-fence=P7:0:sync
msg "debug mark: index out of range" sb.c "sb.c:19:1: error: wmmfence: debug mark P0:99: 'P0' has 3 instructions" $O-debug-fence=P0:99:sync
msg "cannot write the report" sb.c "sb.c:19:1: error: wmmfence: cannot write '/nonexistent/r.json': No such file or directory" $O-report=/nonexistent/r.json
msg "attribute errors" attr.c "attr.c:1:1: warning: 'wmmfence_thread' attribute applies only to functions [-Wattributes]
attr.c:2:1: error: 'wmmfence_thread' attribute argument must be 1 or 2 (instances)"
msg "insert: quiet by default" sb.c ""
msg "insert: notes, one line each" sb.c "sb.c:7:45: note: wmmfence: inserted 'mfence' (lock orq \$0,(%rsp) / mfence) in 'P0' orders P0 W x sb.c:7:37 before P0 R y sb.c:7:45
sb.c:8:45: note: wmmfence: inserted 'mfence' (lock orq \$0,(%rsp) / mfence) in 'P1' orders P1 W y sb.c:8:37 before P1 R x sb.c:8:45" $O-notes
msg "notes=2: with the cycle" sb.c "sb.c:7:45: note: wmmfence: inserted 'sync' (lock orq \$0,(%rsp) / mfence) in 'P0' orders P0 W x sb.c:7:37 before P0 R y sb.c:7:45; cycle: P0 W x sb.c:7:37 -> P0 R y sb.c:7:45 -> P1 W y sb.c:8:37 -> P1 R x sb.c:8:45
sb.c:8:45: note: wmmfence: inserted 'sync' (lock orq \$0,(%rsp) / mfence) in 'P1' orders P1 W y sb.c:8:37 before P1 R x sb.c:8:45; cycle: P0 W x sb.c:7:37 -> P0 R y sb.c:7:45 -> P1 W y sb.c:8:37 -> P1 R x sb.c:8:45" $O-notes=2 $O-arch=power -fdiagnostics-path-format=none
msg "warn: a warning per missing fence" sb.c "sb.c:7:45: warning: wmmfence: missing 'mfence' fence in 'P0': orders P0 W x sb.c:7:37 before P0 R y sb.c:7:45
sb.c:8:45: warning: wmmfence: missing 'mfence' fence in 'P1': orders P1 W y sb.c:8:37 before P1 R x sb.c:8:45" $O-mode=warn
msg "report: notes and summary" sb.c "sb.c:7:45: note: wmmfence: needs 'mfence' (lock orq \$0,(%rsp) / mfence) in 'P0' orders P0 W x sb.c:7:37 before P0 R y sb.c:7:45
sb.c:8:45: note: wmmfence: needs 'mfence' (lock orq \$0,(%rsp) / mfence) in 'P1' orders P1 W y sb.c:8:37 before P1 R x sb.c:8:45
cc1: note: wmmfence: sb.c: 2 fences needed (2 mfence), cost 2 (model tso, optimal)" $O-mode=report $O-summary
msg "summary: inserted" sb.c "cc1: note: wmmfence: sb.c: 2 fences inserted (2 mfence), cost 2 (model tso, optimal)" $O-summary
msg "summary: missing" sb.c "sb.c:7:45: warning: wmmfence: missing 'mfence' fence in 'P0': orders P0 W x sb.c:7:37 before P0 R y sb.c:7:45
sb.c:8:45: warning: wmmfence: missing 'mfence' fence in 'P1': orders P1 W y sb.c:8:37 before P1 R x sb.c:8:45
cc1: note: wmmfence: sb.c: 2 fences missing (2 mfence), cost 2 (model tso, optimal)" $O-mode=warn $O-summary
msg "summary: power, two kinds" mp.c "cc1: note: wmmfence: mp.c: 2 fences inserted (2 lwsync), cost 2 (model power, optimal)" $O-summary $O-arch=power
msg "summary: -flto compile step" sb.c "cc1: note: wmmfence: sb.c: 2 fences inserted (2 mfence), cost 2 (model tso, optimal)
cc1: note: wmmfence: compile step of -flto: every shared access is kept in program order and this unit's fences stand in until the link step, given the plugin too, replaces them by the whole program's" $O-summary $O-verbose -flto
msg "summary: no fence needed" mp.c "cc1: note: wmmfence: mp.c: no fence needed (model tso, optimal)" $O-summary
msg "summary: nothing concurrent" lib.c "cc1: note: wmmfence: lib.c: nothing runs concurrently, no fence (model tso)" $O-summary $O-threads=create
msg "summary: debug placement" sb.c "sb.c:7:45: note: wmmfence: inserted 'sync' (lock orq \$0,(%rsp) / mfence) in 'P0' requested by -fplugin-arg-wmmfence-debug-fence
cc1: note: wmmfence: sb.c: 1 fence inserted (1 sync), cost 0 (model tso, debug)" $O-debug-fence=P0:1:sync $O-summary $O-notes
msg "verbose: the analysis' note" lib.c "cc1: note: wmmfence: nothing in this unit runs concurrently (no threads are started and no entry is marked); see -fwmm-threads" $O-verbose $O-threads=create
msg "verbose: locks=full's assumption (Power)" lock.c "cc1: note: wmmfence: lock and unlock calls are taken as full fences (locks=full); glibc's are acquire / release on Power: locks=acqrel credits only what they order
cc1: note: wmmfence: 3 accesses are protected by locks: no fence orders them inside their critical sections" $O-verbose $O-arch=power
msg "verbose: locks=acqrel: no assumption" lock.c "cc1: note: wmmfence: 3 accesses are protected by locks: no fence orders them inside their critical sections" $O-verbose $O-arch=power $O-locks=acqrel
msg "locks: unknown value" sb.c "cc1: error: wmmfence: option '$O-locks': unknown value 'some' (full or acqrel)" $O-locks=some
msg "verbose: deps=addr's count" mp.c "cc1: note: wmmfence: deps=addr: 0 accesses have an address dependency on one of 0 pointer loads" $O-verbose $O-deps=addr $O-arch=power
msg "quiet wins" sb.c "" $O-notes=2 $O-summary $O-quiet

# The version check, when a cross compiler of the same version is there.
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
if command -v "powerpc64le-linux-gnu-gcc-$major" >/dev/null 2>&1; then
  full=$("$CC" -dumpfullversion)
  CC=powerpc64le-linux-gnu-gcc-$major msg "version check" sb.c "cc1: error: wmmfence: this plugin was built for GCC $full (DATE, $("$WMM_T_GCC" -dumpmachine)) but was loaded into GCC $full (DATE, powerpc64le-linux-gnu): the targets differ; load the plugin built for this compiler ('make install' puts it into the directory that '-print-file-name=plugin' names)
cc1: error: failed to initialize plugin $PL"
fi
