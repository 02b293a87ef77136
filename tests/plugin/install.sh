#!/usr/bin/env bash
# install.sh — `make install` into a DESTDIR with prefix /opt/wmm: every file
# for the configured GCC and each cross GCC the plugin was built for (the
# plugin and specs in the compiler's own directories, a pkg-config file per
# compiler), wmmfence-litmus, wmmfence.h, the CMake files, the autoconf macro
# and the man pages; the specs and pkg-config files name the installed
# plugin; `make uninstall` leaves no file (the leftovers are listed).  Then an
# install under a temporary compiler root (WMM_GCC_ROOT) that compiles:
# -specs=wmmfence.specs for gcc and the ppc64le cross gcc, and the message
# naming what differs when the host plugin is loaded into the cross compiler.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
plugdir=$(wmm_make_var WMM_PLUGIN_DIR)
gcc_=$(wmm_make_var WMM_GCC)
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
cross=$(wmm_make_var WMM_CROSS_TARGETS)
[ -n "$plugdir" ] && [ -f "$WMM_BUILDDIR/plugin/wmmfence.so" ] \
  || { echo "SKIP: the plugin is not built (configure found no plugin headers, or --disable-plugin)"; exit 77; }
root=$WMM_TMP/root
if make -s -C "$WMM_BUILDDIR" install DESTDIR="$root" prefix=/opt/wmm > "$WMM_TMP/log" 2>&1; then
  wmm_pass "make install DESTDIR prefix=/opt/wmm"
else wmm_fail "make install: $(tail -n 3 "$WMM_TMP/log")"; exit 1; fi

# The files each compiler gets.
expect=$WMM_TMP/expected
: > "$expect"
for cc in "$gcc_" $(for t in $cross; do echo "$t-gcc-$major"; done); do
  pd=$("$cc" -print-file-name=plugin)
  sd=$(dirname "$("$cc" -print-libgcc-file-name)")
  t=$("$cc" -dumpmachine)
  echo "$pd/wmmfence.so" >> "$expect"
  echo "$pd/wmmfence-bmc.so" >> "$expect"
  echo "$sd/wmmfence.specs" >> "$expect"
  if [ "$cc" = "$gcc_" ]; then pc=/opt/wmm/lib/pkgconfig/wmmfence.pc
  else pc=/opt/wmm/lib/$t/pkgconfig/wmmfence.pc; fi
  echo "$pc" >> "$expect"
  if [ -f "$root$pd/wmmfence.so" ] && grep -q -- "-fplugin=$pd/wmmfence.so" "$root$sd/wmmfence.specs" \
     && grep -q "%{fwmm-\*:-fplugin-arg-wmmfence-%\*}" "$root$sd/wmmfence.specs" \
     && grep -qx "plugin=$pd/wmmfence.so" "$root$pc"; then
    wmm_pass "$cc: plugin in $pd, specs and pkg-config file name it"
  else wmm_fail "$cc: plugin, specs or pkg-config file"; fi
  if cmp -s "$root$pd/wmmfence.so" "$WMM_BUILDDIR/$( [ "$cc" = "$gcc_" ] && echo plugin || echo "plugin/cross/$t")/wmmfence.so"; then
    wmm_pass "$cc: the plugin built for it"
  else wmm_fail "$cc: another compiler's plugin installed"; fi
done
cat >> "$expect" <<EOF
/opt/wmm/bin/wmmfence-litmus
/opt/wmm/include/wmmfence.h
/opt/wmm/lib/cmake/wmmfence/wmmfenceConfig.cmake
/opt/wmm/lib/cmake/wmmfence/wmmfenceConfigVersion.cmake
/opt/wmm/share/aclocal/wmmfence.m4
/opt/wmm/share/man/man1/wmmfence-litmus.1
/opt/wmm/share/man/man7/wmmfence.7
EOF
echo /opt/wmm/include/wmmfence-report-format.h >> "$expect"
[ -f "$WMM_BUILDDIR/tools/wmmfence-report" ] && echo /opt/wmm/bin/wmmfence-report >> "$expect"
[ -f "$WMM_BUILDDIR/tools/wmmfence-report.1" ] && echo /opt/wmm/share/man/man1/wmmfence-report.1 >> "$expect"
(cd "$root" && find . -type f | sed 's|^\.||') | sort > "$WMM_TMP/installed"
sort "$expect" > "$WMM_TMP/expected.sorted"
if diff "$WMM_TMP/expected.sorted" "$WMM_TMP/installed" > "$WMM_TMP/diff"; then
  wmm_pass "installed exactly the $(wc -l < "$expect") expected files"
else wmm_fail "installed files differ from the expected: $(tr '\n' ' ' < "$WMM_TMP/diff")"; fi
if grep -q '^\.TH WMMFENCE-LITMUS "1"' "$root/opt/wmm/share/man/man1/wmmfence-litmus.1" \
   && grep -q 'usage: wmmfence\\-litmus COMMAND' "$root/opt/wmm/share/man/man1/wmmfence-litmus.1"; then
  wmm_pass "man page of wmmfence-litmus from its --help"
else wmm_fail "man page of wmmfence-litmus"; fi
# wmmfence.7 and docs/plugin.md name every key the plugin knows.
keys=$(sed -n '/(known: /,/key);/p' "$WMM_SRCDIR/plugin/options.cc" | tr -d '"' \
  | sed 's/.*known://; s/).*//' | tr ', ' '\n\n' | grep -E '^[a-z-]+$')
missing=
for k in $keys; do
  grep -q "$(echo "$k" | sed 's/-/\\\\-/g')" "$WMM_SRCDIR/man/wmmfence.7" || missing="$missing man:$k"
  grep -q "^| \`$k\`" "$WMM_SRCDIR/docs/plugin.md" || missing="$missing docs:$k"
done
if [ -n "$keys" ] && [ -z "$missing" ]; then wmm_pass "wmmfence.7 and docs/plugin.md name all $(echo $keys | wc -w) option keys"
else wmm_fail "option keys not documented:$missing"; fi
if grep -q "set(WMMFENCE_INCLUDE_DIR \"/opt/wmm/include\")" "$root/opt/wmm/lib/cmake/wmmfence/wmmfenceConfig.cmake" \
   && grep -q "AC_DEFUN(\[WMMFENCE_ENABLE\]" "$root/opt/wmm/share/aclocal/wmmfence.m4"; then
  wmm_pass "CMake package and autoconf macro"
else wmm_fail "CMake package or autoconf macro"; fi
if make -s -C "$WMM_BUILDDIR" uninstall DESTDIR="$root" prefix=/opt/wmm > "$WMM_TMP/log" 2>&1; then
  left=$(cd "$root" && find . -type f -o -type l)
  if [ -z "$left" ]; then wmm_pass "make uninstall leaves no file"
  else wmm_fail "make uninstall left: $(echo $left)"; fi
else wmm_fail "make uninstall: $(tail -n 3 "$WMM_TMP/log")"; fi

# An install that compiles: the compilers' directories under a temporary root.
groot=$WMM_TMP/gcc
if make -s -C "$WMM_BUILDDIR" install prefix="$WMM_TMP/prefix" WMM_GCC_ROOT="$groot" > "$WMM_TMP/log" 2>&1; then
  wmm_pass "make install prefix=TMP WMM_GCC_ROOT=TMP"
else wmm_fail "make install WMM_GCC_ROOT: $(tail -n 3 "$WMM_TMP/log")"; fi
cd "$WMM_TMP" || exit 1
specs=$groot$(dirname "$("$gcc_" -print-libgcc-file-name)")/wmmfence.specs
if "$gcc_" -specs="$specs" -fwmm-arch=power -fwmm-report=r.json -O2 -c -o sb.o "$WMM_TESTDIR/programs/sb.c" 2> err.txt \
   && grep -q '"kind": "sync"' r.json; then
  wmm_pass "installed specs: gcc -specs=wmmfence.specs -fwmm-arch=power"
else wmm_fail "installed specs: $(head -n 2 err.txt)"; fi
if "$gcc_" -specs="$specs" -fplugin=wmmfence.so -fwmm-report=r2.json -O2 -c -o sb.o "$WMM_TESTDIR/programs/sb.c" 2> err.txt \
   && grep -q '"model": "tso"' r2.json; then
  wmm_pass "installed specs: -fplugin=wmmfence.so loads the installed plugin"
else wmm_fail "installed specs -fplugin=wmmfence.so: $(head -n 2 err.txt)"; fi
ppc=powerpc64le-linux-gnu-gcc-$major
case " $cross " in
  *" powerpc64le-linux-gnu "*)
    pspecs=$groot$(dirname "$("$ppc" -print-libgcc-file-name)")/wmmfence.specs
    if "$ppc" -specs="$pspecs" -fwmm-report=p.json -O2 -S -o sb.s "$WMM_TESTDIR/programs/sb.c" 2> err.txt \
       && grep -q '"model": "power"' p.json && grep -qw sync sb.s; then
      wmm_pass "installed cross plugin: $ppc -specs=wmmfence.specs -fwmm-*"
    else wmm_fail "installed cross plugin: $(head -n 2 err.txt)"; fi
    "$ppc" -fplugin="$WMM_BUILDDIR/plugin/wmmfence.so" -O2 -c -o sb.o "$WMM_TESTDIR/programs/sb.c" 2> err.txt
    host_t=$("$gcc_" -dumpmachine)
    full=$("$gcc_" -dumpfullversion)
    want="wmmfence: this plugin was built for GCC $full ([0-9]*, $host_t) but was loaded into GCC $full ([0-9]*, powerpc64le-linux-gnu): the targets differ; load the plugin built for this compiler ('make install' puts it into the directory that '-print-file-name=plugin' names)"
    if grep -q "cc1: error: $want" err.txt; then
      wmm_pass "host plugin in the cross compiler: the message names both targets"
    else wmm_fail "version message: $(head -n 1 err.txt)"; fi
    ;;
  *) echo "(no ppc64le cross plugin: its cases are left out)" ;;
esac
make -s -C "$WMM_BUILDDIR" uninstall prefix="$WMM_TMP/prefix" WMM_GCC_ROOT="$groot" > "$WMM_TMP/log" 2>&1
left=$(find "$groot" "$WMM_TMP/prefix" -type f -o -type l)
if [ -z "$left" ]; then wmm_pass "uninstall under WMM_GCC_ROOT leaves no file"
else wmm_fail "uninstall under WMM_GCC_ROOT left: $(echo $left)"; fi
