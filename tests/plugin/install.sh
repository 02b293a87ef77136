#!/usr/bin/env bash
# install.sh — `make install` puts wmmfence.so into the compiler's plugin
# directory and wmmfence.specs where `gcc -specs=wmmfence.specs` finds it
# (into a DESTDIR here; the specs file names the real plugin path).
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
plugdir=$(wmm_make_var WMM_PLUGIN_DIR)
specsdir=$(wmm_make_var WMM_SPECS_DIR)
[ -n "$plugdir" ] && [ -f "$WMM_BUILDDIR/plugin/wmmfence.so" ] \
  || { echo "SKIP: the plugin is not built (configure found no plugin headers, or --disable-plugin)"; exit 77; }
if make -s -C "$WMM_BUILDDIR" install DESTDIR="$WMM_TMP/root" > "$WMM_TMP/log" 2>&1; then
  wmm_pass "make install DESTDIR"
else wmm_fail "make install: $(tail -n 3 "$WMM_TMP/log")"; exit 1; fi
if [ -f "$WMM_TMP/root$plugdir/wmmfence.so" ]; then wmm_pass "wmmfence.so in $plugdir"
else wmm_fail "no wmmfence.so in $plugdir"; fi
specs=$WMM_TMP/root$specsdir/wmmfence.specs
if [ -f "$specs" ] && grep -q -- "-fplugin=$plugdir/wmmfence.so" "$specs" \
   && grep -q -- "%{fwmm-arch=\*:-fplugin-arg-wmmfence-arch=%\*}" "$specs"; then
  wmm_pass "wmmfence.specs in $specsdir names the installed plugin"
else wmm_fail "wmmfence.specs"; fi
if [ -f "$WMM_TMP/root/usr/local/include/wmmfence.h" ] || find "$WMM_TMP/root" -name wmmfence.h | grep -q .; then
  wmm_pass "wmmfence.h installed"
else wmm_fail "wmmfence.h not installed"; fi
# The search path of `gcc -specs=NAME` includes the specs directory.
gcc_=$(wmm_make_var WMM_GCC)
if [ "$("$gcc_" -print-file-name=wmmfence.specs)" = "$specsdir/wmmfence.specs" ] \
   || [ "$(dirname "$("$gcc_" -print-libgcc-file-name)")" = "$specsdir" ]; then
  wmm_pass "gcc looks for specs files in $specsdir"
else wmm_fail "specs directory"; fi
