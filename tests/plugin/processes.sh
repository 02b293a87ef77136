#!/usr/bin/env bash
# processes.sh — processes of a fork that share memory (processes.cc):
# fork_shm.c, store buffering between a child and its parent through an
# anonymous MAP_SHARED mapping (-DSHMAT: shmget / shmat), the parent
# reading the child's results after waitpid.  Before, a unit that starts
# no thread was "not concurrent": no fence.  Now each side has a full
# fence between its store and its load on every target (x86: exactly
# those two; the weak targets more, since the mapping's words are unknown
# addresses that may be each other and the two processes run one code);
# a MAP_PRIVATE mapping (-DPRIVATE) or globals, which a fork copies
# (-DGLOBALS), share nothing: no fence.  The notes say which case it is.
# daemon_fork.c: a fork whose parent leaves at once (`if (pid > 0)
# _exit (0)`, a daemon's) never has two processes run together: no fence
# and no "two processes" note (before: main ran as two instances and
# store buffering through the mapping got a full fence); -DBOTH keeps the
# parent running: a full fence between the store and the load.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/fork_shm.c

# sb_fenced TAG [OPTION...]: a full fence between `s[0] = 1` and the load
# of s[1] after it, and between `s[1] = 1` and the load of s[0] (the two
# sides of store buffering), in main's -O2 assembly.
sb_fenced() {
  local tag=$1; shift
  wmm_compile_asm "$tag" "$P" "$@" || return
  local n
  n=$(FULL=$FULL awk '/^main:$/ { on = 1 } on && /^\.?[A-Za-z_][A-Za-z0-9_.$]*:$/ && !/^main:$/ && !/^\.L/ { on = 0 }
        on && $0 ~ ENVIRON["FULL"] { n++ } END { print n + 0 }' "$WMM_TMP/$tag.s")
  if [ "$n" -ge 2 ]; then wmm_pass "$tag: $n full fences in main"
  else wmm_fail "$tag: $n full fences in main, expected at least 2"; fi
}

check() {
  case $T in
    x86) wmm_expect_fences $T.shared "$P" "main:2"
         wmm_expect_fences $T.shmat "$P" "main:2" -DSHMAT ;;
    *) sb_fenced $T.shared
       sb_fenced $T.shmat -DSHMAT ;;
  esac
  wmm_expect_note $T.shared "main runs as two processes at once"
  wmm_expect_note $T.shared "processes only: declared objects and locals are each process's own"
  if wmm_report_fences "$P" "$M" -DPRIVATE && [ -z "$WMM_FENCES" ]; then
    wmm_pass "$T.private: no fence"
  else wmm_fail "$T.private: '$WMM_FENCES'"; fi
  if wmm_report_fences "$P" "$M" -DGLOBALS && [ -z "$WMM_FENCES" ]; then
    wmm_pass "$T.globals: no fence"
  else wmm_fail "$T.globals: '$WMM_FENCES'"; fi
  local D=$WMM_TESTDIR/programs/daemon_fork.c
  wmm_expect_fences $T.daemon "$D" ""
  wmm_expect_no_note $T.daemon "main runs as two processes at once"
  wmm_expect_full $T.both "$D" "main" -DBOTH
  wmm_expect_note $T.both "main runs as two processes at once"
}
wmm_each_target check
