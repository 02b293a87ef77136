#!/usr/bin/env bash
# classics_x86.sh — Dekker, Peterson, bakery, the PostgreSQL token ring,
# a seqlock and an SPSC ring buffer compiled for x86 with the plugin run
# correctly.
. "$WMM_SRCDIR/tests/plugin/lib/classics.sh" x86
