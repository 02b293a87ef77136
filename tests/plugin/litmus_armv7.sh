#!/usr/bin/env bash
# litmus_armv7.sh — the 68 plain cycles compiled for arm at -O2 with the
# plugin: fences in the assembly forbid each test at the optimal cost.
. "$WMM_SRCDIR/tests/plugin/lib/litmus_asm.sh" arm
