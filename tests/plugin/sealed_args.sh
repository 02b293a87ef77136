#!/usr/bin/env bash
# sealed_args.sh — pointer members of a thread's argument that only the
# creating function writes and the threads only read hold the one address
# stored there (plugin/sealedargs.cc): programs/sealed_args.c passes
# `struct ctx c = { &data, &flag, &seen, ... }` to its threads.  Message
# passing: one fence in each thread on ppc64le, aarch64, armhf (before:
# two in the reader, `*c->seen` taken for any int), none on x86-64.
# -DLEAK (the writer hands its context to another unit): the reader keeps
# its second fence.  -DGLOBAL (a static context only its initializer
# writes): one fence in each thread; -DTAKEN (its address given to
# another unit) keeps the second.  -DSB (store buffering through the
# members, local or -DGLOBAL): a full fence in each thread on every
# target, x86 included.  programs/sealed_arg_array.c: threads started in
# a loop with `&args[i]`, every element's members pointing at main's
# mutex and counters: no fence on any target (before: the lock and the
# counters were unknown addresses, 1 mfence on x86, 2 fences elsewhere);
# -DTWO (odd threads get another mutex): fenced.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs

one_target() {
  if [ "$T" = x86 ]; then
    wmm_expect_fences "$T.mp" "$P/sealed_args.c" "" -pthread
    wmm_expect_fences "$T.global" "$P/sealed_args.c" "" -pthread -DGLOBAL
  else
    wmm_expect_fences "$T.mp" "$P/sealed_args.c" "reader:1 writer:1" -pthread
    wmm_expect_fences "$T.global" "$P/sealed_args.c" "reader:1 writer:1" -pthread -DGLOBAL
    local v got
    for v in -DLEAK "-DGLOBAL -DTAKEN"; do
      # shellcheck disable=SC2086
      wmm_compile_asm "$T.keep" "$P/sealed_args.c" -pthread $v || continue
      got=$(wmm_fence_counts "$WMM_TMP/$T.keep.s")
      if [[ " $got " =~ \ reader:([2-9]) ]]; then wmm_pass "$T $v: the reader keeps two fences ($got)"
      else wmm_fail "$T $v: got '$got', expected two fences in the reader"; fi
    done
  fi
  # threads in a loop, each given an element of an array of contexts
  wmm_expect_fences "$T.array" "$P/sealed_arg_array.c" "" -pthread
  wmm_compile_asm "$T.array-two" "$P/sealed_arg_array.c" -pthread -DTWO || return
  local got
  got=" $(wmm_fence_counts "$WMM_TMP/$T.array-two.s") "
  if [[ $got == *" work:"[1-9]* ]]; then wmm_pass "$T.array -DTWO: the threads keep their fences ($got)"
  else wmm_fail "$T.array -DTWO: got '$got', expected a fence in work"; fi
  local g full
  for g in "" -DGLOBAL; do
    # shellcheck disable=SC2086
    wmm_compile_asm "$T.sb" "$P/sealed_args.c" -pthread -DSB $g || continue
    full=" $(FENCE=$FULL wmm_fence_counts "$WMM_TMP/$T.sb.s") "
    if [[ $full == *" reader:"[1-9]* && $full == *" writer:"[1-9]* ]]; then
      wmm_pass "$T.sb $g: a full fence in each thread ($full)"
    else wmm_fail "$T.sb $g: full fences '$full', expected one in the writer and one in the reader"; fi
  done
}
wmm_each_target one_target
