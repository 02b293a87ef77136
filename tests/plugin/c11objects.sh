#!/usr/bin/env bash
# c11objects.sh — C11 atomics on members of heap objects reached through
# pointers, as programs write them: a reference-counted configuration
# swapped under a mutex (refcount_config.c) and store buffering through
# atomic and char members of a shared struct (atomics_members.c); a
# double-checked initialisation with release / acquire (publish_dcl.c);
# lazy initialisation installed with a compare-exchange (publish_cas.c);
# a compare-exchange's expected value in shared memory (cas_expected.c).
# The atomic builtins keep no copy of the object they operate on (so a
# fresh object's count initialised before its publication under a lock is
# private), name it by the address expression their SSA argument holds
# (type-based alias analysis as for `c->refs`), and a char member of *p at
# known bits is heap memory of its own.  The racy variants keep their
# fences.  Fences read from the JSON report of the x86-64 plugin under
# each model.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs
# expect FILE MODEL "FUNCTION:KIND ..." [OPTIONS...]
expect() {
  local file=$1 model=$2 want=$3
  shift 3
  local what="$file $* $model"
  wmm_report_fences "$P/$file" "$model" "$@" || { wmm_fail "$what: $WMM_ERR"; return; }
  if [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$what: ${want:-no fence}"
  else wmm_fail "$what: got '$WMM_FENCES', expected '$want'"; fi
}
# The configuration: no fence on any target (was 7 on Power: the count's
# atomic_init and the fetches made the object escape, the members shared
# one heap word, and reading `current` then taking the reference in
# config_get is ordered by the sections of cfg_mu: `current` is protected).
for m in tso power armv8 armv7; do
  expect refcount_config.c $m ""
done
# Written after the publication, outside the lock: message passing from
# config_set's name[0], level to the readers' level, name[0].
for m in power armv8; do
  wmm_report_fences "$P/refcount_config.c" $m -DLATE \
    || { wmm_fail "refcount_config -DLATE $m: $WMM_ERR"; continue; }
  case " $WMM_FENCES " in
    *" config_set:"*" reader:"*) wmm_pass "refcount_config -DLATE $m: writer and reader fenced" ;;
    *) wmm_fail "refcount_config -DLATE $m: got '$WMM_FENCES'" ;;
  esac
done
# Double-checked initialisation (publish_dcl.c): the table built before
# its release store is private, its readers only read, and the relaxed
# counter of lookups is a blind counter (counters.cc: added to, never
# read while the threads run): no fence (until 2026-11-30 the counter's
# order with the table pointer kept two lwsyncs on Power, one barrier on
# ARM); a relaxed publication or a relaxed fast-path load keeps the
# readers' fences (user).
expect publish_dcl.c tso ""
expect publish_dcl.c power ""
expect publish_dcl.c armv8 ""
expect publish_dcl.c armv7 ""
for v in RELAXED_STORE RELAXED_LOAD; do
  for m in power armv8; do
    wmm_report_fences "$P/publish_dcl.c" $m -D$v || { wmm_fail "publish_dcl -D$v $m: $WMM_ERR"; continue; }
    case " $WMM_FENCES " in
      *" user:"*) wmm_pass "publish_dcl -D$v $m: the readers keep fences" ;;
      *) wmm_fail "publish_dcl -D$v $m: no fence in user ('$WMM_FENCES')" ;;
    esac
  done
done
# Installed with a compare-exchange (publish_cas.c): the cache built
# before the seq_cst compare-exchange is private, every pointer to it is
# loaded with acquire (the fast path, the failure value left in a local
# and returned): no fence (Power had 4 syncs, cost 62, before the
# compare-exchange counted as a release slot's store).  A relaxed
# compare-exchange, a relaxed failure value or a relaxed fast path keep
# message passing's fences in the builder and the readers; a write after
# the installation keeps the readers' fences.
for m in tso power armv8 armv7; do
  expect publish_cas.c $m ""
done
for v in RELAXED_CAS RELAXED_FAIL RELAXED_LOAD LATE; do
  for m in power armv8 armv7; do
    wmm_report_fences "$P/publish_cas.c" $m -D$v || { wmm_fail "publish_cas -D$v $m: $WMM_ERR"; continue; }
    case " $WMM_FENCES:$v " in
      *" worker:"*":LATE "|*" cache_get:"*" worker:"*) wmm_pass "publish_cas -D$v $m: fenced ($WMM_FENCES)" ;;
      *) wmm_fail "publish_cas -D$v $m: got '$WMM_FENCES'" ;;
    esac
  done
done
wmm_report_fences "$P/publish_cas.c" tso -DLATE || wmm_fail "publish_cas -DLATE tso: $WMM_ERR"
case " $WMM_FENCES " in
  *" cache_get:mfence "*) wmm_pass "publish_cas -DLATE tso: the late write fenced" ;;
  *) wmm_fail "publish_cas -DLATE tso: got '$WMM_FENCES'" ;;
esac

# Store buffering through members of *sh: a full fence on each side.
expect atomics_members.c tso "P0:mfence P1:mfence"
expect atomics_members.c power "P0:sync P1:sync"
expect atomics_members.c armv8 "P0:dmb ish P1:dmb ish"
expect atomics_members.c tso "P0:mfence P1:mfence" -DCHAR
expect atomics_members.c power "P0:sync P1:sync" -DCHAR

# A compare-exchange's expected value lives in memory (cas_expected.c):
# its failure writes the value found back there, after the exchange.
# Store buffering through that write keeps a full fence in each thread
# (until 2026-12-01 the read and the write of *expected were not
# collected: no fence, on every target); a local expected value shares
# nothing; a Treiber stack's push, whose failure writes go to the node it
# has not published yet, needs no fence on x86-TSO.
expect cas_expected.c tso "p0:mfence p1:mfence"
expect cas_expected.c power "p0:sync p1:sync"
expect cas_expected.c armv8 "p0:dmb ish p1:dmb ish"
expect cas_expected.c armv7 "p0:dmb p1:dmb"
for m in tso power armv8 armv7; do
  expect cas_expected.c $m "" -DLOCAL
done
expect cas_expected.c tso "" -DTREIBER
# ... also through a helper of the unit collected at its call, unless the
# helper stores the node elsewhere before its exchange (-DLEAKY: the
# pusher keeps its fence, before 2026-12-01 none).
expect cas_expected.c tso "pusher:mfence watcher:mfence" -DTREIBER -DLEAKY
# The same with std::atomic (cxx_cas_expected.cc): libstdc++'s
# compare_exchange_strong, collected at its call, keeps store buffering's
# fences, placed as in the C version: in each thread, after its call of
# the store or of the exchange (callsite_fences.sh), not inside libstdc++'s
# members, which every call would run; a Treiber push through
# compare_exchange_weak needs none on x86-TSO.
expect cxx_cas_expected.cc tso "p0:mfence p1:mfence"
expect cxx_cas_expected.cc power "p0:sync p1:sync"
expect cxx_cas_expected.cc armv8 "p0:dmb ish p1:dmb ish"
expect cxx_cas_expected.cc armv7 "p0:dmb p1:dmb"
expect cxx_cas_expected.cc tso "" -DTREIBER
