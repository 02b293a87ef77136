#!/usr/bin/env bash
# driver_specs.sh — `make install-driver-specs`, tested without touching the
# system compiler: everything is installed under a temporary compiler root
# (WMM_GCC_ROOT) and the compilers read that root's default `specs` file
# through -B (GCC looks for `specs` in its -B directories first).  Then the
# promised command line `gcc -fplugin=wmmfence.so -fwmm-arch=power -O2 -c`
# inserts fences, for gcc, g++, a link line and the ppc64le cross gcc; a
# compile without -fwmm-* gives byte-identical objects on c-torture samples;
# installing twice writes the same file; `make uninstall-driver-specs`
# restores a specs file that was there before, byte for byte.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
gcc_=$WMM_T_GCC
gxx=$(wmm_make_var WMM_GXX)
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
cross=$(wmm_make_var WMM_CROSS_TARGETS)
groot=$WMM_TMP/gcc
mk() { make -s -C "$WMM_BUILDDIR" prefix="$WMM_TMP/prefix" WMM_GCC_ROOT="$groot" "$@" > "$WMM_TMP/log" 2>&1; }
if mk install && mk install-driver-specs; then wmm_pass "make install install-driver-specs (WMM_GCC_ROOT)"
else wmm_fail "install-driver-specs: $(tail -n 3 "$WMM_TMP/log")"; exit 1; fi
B=$groot$(dirname "$("$gcc_" -print-libgcc-file-name)")
cd "$WMM_TMP" || exit 1
P=$WMM_TESTDIR/programs
if grep -q '^\*wmmfence_driver_specs:' "$B/specs" && grep -q '^\*cc1_options:' "$B/specs"; then
  wmm_pass "the default specs file holds the compiler's spec set and wmmfence's rules"
else wmm_fail "default specs file at $B/specs"; fi

# The promised command line.
if "$gcc_" -B"$B/" -fplugin=wmmfence.so -fwmm-arch=power -fwmm-report=a.json -O2 -c -o sb.o "$P/sb.c" 2> err.txt \
   && grep -q '"model": "power"' a.json && grep -q '"kind": "sync"' a.json; then
  wmm_pass "gcc -fplugin=wmmfence.so -fwmm-arch=power -O2 -c"
else wmm_fail "gcc -fplugin=wmmfence.so -fwmm-arch=power: $(head -n 2 err.txt)"; fi
if "$gcc_" -B"$B/" -fwmm-arch=power -fwmm-quiet -O2 -S -o sb.s "$P/sb.c" 2> err.txt && [ ! -s err.txt ] \
   && [ "$(grep -c 'lock orq' sb.s)" -eq 2 ]; then
  wmm_pass "gcc -fwmm-arch=power alone: two fences in SB"
else wmm_fail "gcc -fwmm-arch=power: $(head -n 2 err.txt)"; fi
if "$gcc_" -B"$B/" -fplugin=wmmfence.so -fwmm-quiet -fwmm-report=b.json -O2 -c -o sb.o "$P/sb.c" 2> err.txt \
   && grep -q '"model": "tso"' b.json; then
  wmm_pass "gcc -fplugin=wmmfence.so: the target's model"
else wmm_fail "gcc -fplugin=wmmfence.so: $(head -n 2 err.txt)"; fi
if "$gcc_" -B"$B/" -fwmm-arch=power -fwmm-quiet -O2 -pthread -o sb "$P/sb.c" 2> err.txt && [ -x sb ] \
   && "$gcc_" -B"$B/" -fwmm-arch=power -pthread -o sb2 sb.o 2>> err.txt; then
  wmm_pass "compile-and-link and link-only lines accept -fwmm-*"
else wmm_fail "link with -fwmm-*: $(head -n 2 err.txt)"; fi
if [ "$("$gcc_" -B"$B/" -fwmm-arch=power -E -dM "$P/sb.c" 2> err.txt | grep __WMMFENCE_MODEL__)" = '#define __WMMFENCE_MODEL__ "power"' ] \
   && "$gcc_" -B"$B/" -fwmm-arch=power -fwmm-quiet -save-temps -O2 -c -o st.o "$P/sb.c" 2>> err.txt \
   && [ "$(objdump -d st.o | grep -c 'lock orq')" -eq 2 ]; then
  wmm_pass "-E defines the plugin's macros; -save-temps compiles with fences"
else wmm_fail "-E / -save-temps: $(head -n 2 err.txt)"; fi
if "$gcc_" -B"$B/" -fwmm-bogus -O2 -c -o x.o "$P/sb.c" 2> err.txt; then wmm_fail "-fwmm-bogus accepted"
elif grep -q "unknown option '-fplugin-arg-wmmfence-bogus'" err.txt; then wmm_pass "-fwmm-bogus: the plugin names the key"
else wmm_fail "-fwmm-bogus: $(head -n 1 err.txt)"; fi
if command -v "$gxx" >/dev/null 2>&1; then
  if "$gxx" -B"$B/" -fwmm-arch=power -fwmm-report=x.json -fwmm-quiet -O2 -c -o x.o "$P/sb_cxx.cc" 2> err.txt \
     && grep -q '"kind": "sync"' x.json; then
    wmm_pass "g++ -fwmm-arch=power"
  else wmm_fail "g++: $(head -n 2 err.txt)"; fi
fi
case " $cross " in
  *" powerpc64le-linux-gnu "*)
    mk install-driver-specs
    ppc=powerpc64le-linux-gnu-gcc-$major
    PB=$groot$(dirname "$("$ppc" -print-libgcc-file-name)")
    if "$ppc" -B"$PB/" -fplugin=wmmfence.so -fwmm-quiet -O2 -S -o p.s "$P/sb.c" 2> err.txt \
       && [ "$(grep -cw sync p.s)" -eq 2 ]; then
      wmm_pass "$ppc -fplugin=wmmfence.so: its own plugin, two syncs"
    else wmm_fail "$ppc: $(head -n 2 err.txt)"; fi ;;
esac

# Without -fwmm-*: the same bytes as without the file, on c-torture samples.
src=$WMM_BUILDDIR/ctorture/src
if [ ! -d "$src/compile" ]; then
  tarball=$(ls /usr/src/gcc-"$major"/gcc-*.tar.* 2>/dev/null | grep -v gm2 | head -n 1)
  if [ -n "$tarball" ]; then
    mkdir -p "$src"
    tar -xf "$tarball" -C "$src" --strip-components=4 --wildcards \
      '*/gcc/testsuite/gcc.c-torture/compile/*' '*/gcc/testsuite/gcc.c-torture/execute/*'
  fi
fi
if [ -d "$src/compile" ]; then
  n=0 same=0 diffs=
  for f in $(ls "$src"/compile/*.c | awk 'NR % 40 == 1' | head -n 40) $(ls "$src"/execute/*.c | awk 'NR % 100 == 1' | head -n 10); do
    "$gcc_" -O2 -g -w -c -o plain.o "$f" 2>/dev/null || continue
    n=$((n + 1))
    "$gcc_" -B"$B/" -O2 -g -w -c -o spec.o "$f" 2>/dev/null
    if cmp -s plain.o spec.o; then same=$((same + 1)); else diffs="$diffs $(basename "$f")"; fi
  done
  if [ "$n" -ge 20 ] && [ "$same" -eq "$n" ]; then
    wmm_pass "c-torture: $same of $n objects byte-identical with the default specs file"
  else wmm_fail "c-torture: $same of $n identical; differ:$diffs"; fi
  f=$(ls "$src"/execute/*.c | head -n 1)
  "$gcc_" -O2 -w -o plain "$f" 2>/dev/null; "$gcc_" -B"$B/" -O2 -w -o spec "$f" 2>/dev/null
  if cmp -s plain spec; then wmm_pass "c-torture: linked executable byte-identical"
  else wmm_fail "c-torture: executables differ ($(basename "$f"))"; fi
else
  echo "(gcc-$major-source is not installed: the c-torture comparison is left out)"
fi

# Twice gives the same file; uninstall restores what was there.
cp "$B/specs" first.specs
mk install-driver-specs
if cmp -s first.specs "$B/specs"; then wmm_pass "install-driver-specs twice: the same file"
else wmm_fail "install-driver-specs twice differs"; fi
mk uninstall-driver-specs
if [ ! -e "$B/specs" ] && [ ! -e "$B/specs.wmmfence-orig" ]; then wmm_pass "uninstall-driver-specs removes it"
else wmm_fail "uninstall-driver-specs left $(ls "$B" | grep specs)"; fi
# A site's own file, with only the specs it changes (the rest built in).
printf '*wmm_site_spec:\n-DSITE_SPEC=1\n\n' > "$B/specs"
cp "$B/specs" orig.specs
mk install-driver-specs
if grep -q '^\*wmmfence_driver_specs:' "$B/specs" && grep -q 'SITE_SPEC' "$B/specs" \
   && "$gcc_" -B"$B/" -fwmm-arch=power -fwmm-quiet -O2 -S -o s.s "$P/sb.c" 2>/dev/null \
   && [ "$(grep -c 'lock orq' s.s)" -eq 2 ]; then
  wmm_pass "an existing (partial) specs file is kept inside the new one, -fwmm-* works"
else wmm_fail "existing specs file"; fi
mk uninstall-driver-specs
if cmp -s orig.specs "$B/specs" && [ ! -e "$B/specs.wmmfence-orig" ]; then
  wmm_pass "uninstall-driver-specs restores the existing file byte for byte"
else wmm_fail "existing specs file not restored"; fi
rm -f "$B/specs"
mk install-driver-specs
mk uninstall
left=$(find "$groot" "$WMM_TMP/prefix" -type f -o -type l)
if [ -z "$left" ]; then wmm_pass "make uninstall also removes the default specs files"
else wmm_fail "make uninstall left: $(echo $left)"; fi
