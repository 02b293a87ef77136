# lib/litmus_asm.sh ARCH — the 68 plain critical cycles of tests/corpus/c/
# as pthread programs, compiled at -O2 with the plugin for ARCH; the fences
# and accesses of the assembly must make each test Forbidden under the
# target's model at the optimal cost (tests/unit/plugin_asmcheck).
# Sourced by tests/plugin/litmus_ARCH.sh.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
arch=$1
wmm_target "$arch" || { echo "SKIP: $WMM_T_WHY"; exit 77; }
checker=$WMM_BUILDDIR/tests/unit/plugin_asmcheck
[ -x "$checker" ] || { echo "SKIP: $checker not built (make check builds it)"; exit 77; }
wmm_scratch
for f in "$WMM_SRCDIR"/tests/corpus/c/*.litmus; do
  n=$(basename "$f" .litmus)
  c=$WMM_TMP/$n.c
  if ! awk -f "$WMM_TESTDIR/litmus2pthread.awk" "$f" > "$c"; then
    wmm_fail "$arch $n: conversion"; continue
  fi
  if ! "$WMM_T_GCC" -O2 -fno-section-anchors -fplugin="$WMM_T_PLUGIN" \
       -fplugin-arg-wmmfence-quiet -S "$c" -o "$WMM_TMP/$n.s" 2> "$WMM_TMP/$n.err"; then
    wmm_fail "$arch $n: compilation: $(head -n 3 "$WMM_TMP/$n.err")"; continue
  fi
  awk -v arch="$arch" -f "$WMM_TESTDIR/asmseq.awk" "$WMM_TMP/$n.s" "$WMM_TMP/$n.s" > "$WMM_TMP/$n.seq"
  out=$("$checker" "$WMM_T_MODEL" "$f" "$WMM_TMP/$n.seq" 2>&1)
  case $out in
    PASS:*) echo "PASS: $arch ${out#PASS: }" ;;
    *) echo "FAIL: $arch $n: ${out#FAIL: }"; sed 's/^/    /' "$WMM_TMP/$n.seq" ;;
  esac
done
