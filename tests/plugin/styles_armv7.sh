#!/usr/bin/env bash
# styles_armv7.sh — SB MP LB IRIW WRC written in every style of starting
# threads and using atomics (programs/styles/), compiled for arm at
# -O0/-O2/-O3 with the plugin: the assembly read back is Forbidden.
. "$WMM_SRCDIR/tests/plugin/lib/styles.sh" arm
