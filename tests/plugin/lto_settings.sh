#!/usr/bin/env bash
# lto_settings.sh — the compile and link steps of -flto must run with the
# same wmmfence settings (lto.cc wmm_lto_settings): the compile step keeps
# in program order only what its own options call shared (x86-TSO's
# fresh objects are private there, Power's are not), so a link step with
# another arch would analyse code GCC may already have reordered.  Each
# function's mark carries its compile step's settings; box_lock.c compiled
# with arch=tso and linked with arch=power stops with an error naming both
# and the options to align (no executable); linked with arch=tso it links;
# objects compiled without the plugin stay unknown code as before.
# x86-64 (the host compiler).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
src=$WMM_TESTDIR/programs/box_lock.c
pl=(-fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet)
cd "$WMM_TMP" || exit 1

if ! "$WMM_T_GCC" -O2 -pthread -flto -c -o tso.o "${pl[@]}" \
     -fplugin-arg-wmmfence-arch=tso "$src" 2> err; then
  wmm_fail "compile step: $(head -n 3 err)"
  exit 0
fi
if "$WMM_T_GCC" -O2 -pthread -flto -o power.out "${pl[@]}" \
     -fplugin-arg-wmmfence-arch=power tso.o 2> err; then
  wmm_fail "arch=tso objects linked with arch=power: no error"
else
  if grep -q "wmmfence: .main. was compiled with .arch=tso from=sc threads=auto calls=sound locks=full deps=none. at the compile step of .-flto., and the link step has .arch=power from=sc" err \
     && grep -q "give the compile and link lines the same .-fwmm-arch." err; then
    wmm_pass "arch=tso objects linked with arch=power: the error names both settings"
  else wmm_fail "arch=tso objects linked with arch=power: $(grep -m1 error err)"; fi
  if [ ! -e power.out ]; then wmm_pass "no executable from the mismatched link"
  else wmm_fail "an executable from the mismatched link"; fi
fi
if "$WMM_T_GCC" -O2 -pthread -flto -o tso.out "${pl[@]}" \
     -fplugin-arg-wmmfence-arch=tso tso.o 2> err && [ -x tso.out ]; then
  wmm_pass "the same settings link"
else wmm_fail "the same settings: $(head -n 3 err)"; fi
