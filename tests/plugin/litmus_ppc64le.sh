#!/usr/bin/env bash
# litmus_ppc64le.sh — the 68 plain cycles compiled for ppc at -O2 with the
# plugin: fences in the assembly forbid each test at the optimal cost.
. "$WMM_SRCDIR/tests/plugin/lib/litmus_asm.sh" ppc
