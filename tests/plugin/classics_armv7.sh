#!/usr/bin/env bash
# classics_armv7.sh — Dekker, Peterson, bakery, the PostgreSQL token ring,
# a seqlock and an SPSC ring buffer compiled for arm with the plugin run
# correctly.
. "$WMM_SRCDIR/tests/plugin/lib/classics.sh" arm
