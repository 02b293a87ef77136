#!/usr/bin/env bash
# classics_aarch64.sh — Dekker, Peterson, bakery, the PostgreSQL token ring,
# a seqlock and an SPSC ring buffer compiled for aarch64 with the plugin run
# correctly.
. "$WMM_SRCDIR/tests/plugin/lib/classics.sh" aarch64
