#!/usr/bin/env bash
# flagpub.sh — data published through a release/acquire flag
# (plugin/flagpub.cc; docs/plugin.md, "Data published by a flag"): the
# producer writes, then stores the flag with release; the consumer reads
# after an acquire load that saw it set.  The fences the plugin places
# (the JSON report's, per function) on every target (x86-64, ppc64le,
# aarch64, armv7):
#   flag_pub.c   C11 builtins (or <stdatomic.h>: -DSTDATOMIC), spin or
#                `if`: none; the racy variants
#                (-DRELAXED load, -DTWICE producers) keep message
#                passing's fences (a relaxed load with the builtins: the
#                one after the wait, which the message's own cycles need
#                no more than, docs/placement.md "Hand-offs whose flag is
#                not ordered yet"); -DRESET (the consumer stores 0 into
#                the flag after it has read) is no race: the reads come
#                after the only store of 1 (docs/placement.md, "Flag
#                hand-offs"; the bundled BMC finds the unfenced code
#                robust on Power and ARMv7): none with the builtins since
#                2026-11-29, still the fences through <stdatomic.h>,
#                whose stores go through a temporary (no constant);
#                `atomic_bool` (-DSTDATOMIC -DBOOL) as `atomic_int`;
#                -DEARLY (a read before the
#                flag) and -DLATE (a write after it) keep the field they
#                touch shared, which the acquire spin orders (its isync
#                on Power, docs/placement.md "Dependencies"): no fence
#   flag_array.c  a buffer filled in a loop before the release, summed
#                after the acquire: none; -DRELAXED, -DLATE (written
#                after the release), -DEARLY (read before the acquire),
#                -DTWICE (two producers) keep message passing's fences
#   flag_fences.c  a relaxed flag between a release fence and an acquire
#                fence (fence-fence synchronisation): none; without either
#                fence message passing's fences stay, a payload read
#                before the acquire fence gets one in the consumer
#   cxx_flag.cc  std::atomic<bool> with an array: none; -DRELAXED: the
#                fence after the relaxed load;
#                -DLAMBDA (lambdas run by std::thread, std::atomic<int>):
#                none; a producer lambda started twice or a relaxed load:
#                fences
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

# expect TAG PROGRAM WANT [OPTIONS...]: "FUNCTION:N ..." of the report's
# fences on the current target ($T, model $M, compiler $CC)
expect() { wmm_expect_report "$T.$1" "$P/$2" "$3" "${@:4}"; }

ran=0
for T in x86 ppc aarch64 arm; do
  wmm_target $T || { echo "skipping $T: $WMM_T_WHY"; continue; }
  ran=1
  M=$WMM_T_MODEL
  RACY='consumer:1 producer:1'
  RESET=
  case $T in
    x86) EARLY= RELAXED= RESET11= TWICE= RACY= ;;
    ppc) EARLY= RELAXED='consumer:2 producer:1'
         RESET11='consumer:1 producer:1' TWICE='consumer:2 producer:2' ;;
    *) EARLY= RELAXED='consumer:2 producer:1' RESET11='consumer:1 producer:1'
       TWICE='consumer:1 producer:1' ;;
  esac
  # the builtins' relaxed load: the flag's own cycle needs one fence after
  # the wait, and the message's cycles nothing more (a hand-off whose
  # pairs the fences order, placement.c handoff_needs; the release store
  # orders the producer's writes already)
  RELAXED_B=${RELAXED:+consumer:1}
  CC=$WMM_T_GCC
  expect c flag_pub.c ""
  expect c_if flag_pub.c "" -DIF
  expect c_early flag_pub.c "$EARLY" -DEARLY
  expect c_late flag_pub.c "$EARLY" -DLATE
  expect c_relaxed flag_pub.c "$RELAXED_B" -DRELAXED
  expect c_reset flag_pub.c "$RESET" -DRESET
  expect c_twice flag_pub.c "$TWICE" -DTWICE
  # <stdatomic.h>: the flag's address and value through temporaries
  for v in "" IF EARLY LATE RELAXED RESET TWICE; do
    case $v in ""|IF) want= ;; EARLY|LATE) want=$EARLY ;; RELAXED) want=$RELAXED ;;
      RESET) want=$RESET11 ;; TWICE) want=$TWICE ;; esac
    expect "c11${v:+_$v}" flag_pub.c "$want" -DSTDATOMIC ${v:+-D$v}
    # atomic_bool: the values through VIEW_CONVERT_EXPRs, the same fences
    expect "c11bool${v:+_$v}" flag_pub.c "$want" -DSTDATOMIC -DBOOL ${v:+-D$v}
  done
  # a buffer filled and summed in loops (flag_array.c): its computed
  # indices touch only its words, each published by the flag
  case $T in
    x86) AR= AL= AE= ;;
    *) AR='consumer:1 producer:1' AL='consumer:1 producer:2'
       AE='consumer:2 producer:1' ;;
  esac
  expect array flag_array.c ""
  expect array_relaxed flag_array.c "$AR" -DRELAXED
  expect array_late flag_array.c "$AL" -DLATE
  expect array_early flag_array.c "$AE" -DEARLY
  expect array_twice flag_array.c "$AR" -DTWICE
  # C11 fences around a relaxed flag
  case $T in x86) FMP= FEARLY= ;; *) FMP='consumer:1 producer:1' FEARLY='consumer:1' ;; esac
  expect fences flag_fences.c ""
  expect fences_no_release flag_fences.c "$FMP" -DNO_RELEASE
  expect fences_no_acquire flag_fences.c "$FMP" -DNO_ACQUIRE
  expect fences_early_read flag_fences.c "$FEARLY" -DEARLY_READ
  if [ $T = x86 ]; then
    if grep -q "written before a release store of a flag and read after an acquire load" "$WMM_TMP/$T.c.json"
    then wmm_pass "$T.c: the report says which accesses became private"
    else wmm_fail "$T.c: no note on the published accesses"; fi
  fi
  CC=${WMM_T_GCC/gcc/g++}
  command -v "$CC" >/dev/null 2>&1 || continue
  expect cxx cxx_flag.cc "" -std=c++17
  # a relaxed load: one fence after it, on the consumer's way out of its
  # wait (inside the load member every caller shares before 2026-12-07,
  # once per spin), as for the builtins above
  CR= LR=
  [ $T = x86 ] || CR='consumer:1' LR="main()::<lambda()>::operator()'2:1"
  expect cxx_relaxed cxx_flag.cc "$CR" -std=c++17 -DRELAXED
  LRACY=
  [ $T = x86 ] || LRACY="main()::<lambda()>::operator():1 main()::<lambda()>::operator()'2:1"
  expect cxx_lambda cxx_flag.cc "" -std=c++17 -DLAMBDA
  expect cxx_lambda_twice cxx_flag.cc "$LRACY" -std=c++17 -DLAMBDA -DTWICE
  expect cxx_lambda_relaxed cxx_flag.cc "$LR" -std=c++17 -DLAMBDA -DRELAXED
done
[ $ran = 1 ] || { echo "SKIP: no target"; exit 77; }
