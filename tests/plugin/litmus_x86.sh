#!/usr/bin/env bash
# litmus_x86.sh — the 68 plain cycles compiled for x86 at -O2 with the
# plugin: fences in the assembly forbid each test at the optimal cost.
. "$WMM_SRCDIR/tests/plugin/lib/litmus_asm.sh" x86
