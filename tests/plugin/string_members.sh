#!/usr/bin/env bash
# string_members.sh — the string functions touch the char array member
# their argument names (programs/msgqueue_strings.c: messages with a text
# member main fills with snprintf and queues under a mutex, consumers
# reading it with strlen and strcmp; collect.cc string_access, the
# sprintf family's and strcpy's destinations in private_call_args): no
# fence on x86-64, ppc64le, aarch64, armhf (before: 4 fences on Power,
# ARMv8 and ARMv7: strlen's read of an unknown address could be the
# message's link and id, and kept main's writes from being private before
# the publication).  -DFLAG (a status text main writes with strcpy while
# the consumers run, behind a plain flag): fenced in main and in the
# consumer on the weak targets, also with snprintf writing it (-DFMT).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/msgqueue_strings.c

one_target() {
  wmm_expect_fences "$T.queue" "$P" "" -pthread
  wmm_expect_note "$T.queue" "accesses to fresh objects before their publication"
  wmm_expect_weak_fenced "$T.flag" "$P" "main consumer" -pthread -DFLAG
  wmm_expect_weak_fenced "$T.fmt" "$P" "main consumer" -pthread -DFLAG -DFMT
}

wmm_each_target one_target
