#!/usr/bin/env bash
# classics_ppc64le.sh — Dekker, Peterson, bakery, the PostgreSQL token ring,
# a seqlock and an SPSC ring buffer compiled for ppc with the plugin run
# correctly.
. "$WMM_SRCDIR/tests/plugin/lib/classics.sh" ppc
