#!/usr/bin/env bash
# buildsys.sh — the sample projects of tests/plugin/projects/ built against an
# installed wmmfence (make install under a temporary prefix and compiler root):
# pkg-config's flags, CMake (find_package + wmmfence_enable with ARCH, FROM and
# REPORT, and a cross toolchain file), Meson through pkg-config (and a cross
# file), autotools (WMMFENCE_ENABLE, and --host), a plain Makefile with
# pkg-config, each for x86-64 and for ppc64le: the program's worker has
# fences in its disassembly and the program runs correctly (qemu for
# ppc64le).  ccache: a cached rebuild gives the same objects and the same
# diagnostics, and a changed plugin is a miss.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
command -v pkg-config >/dev/null 2>&1 || { echo "SKIP: pkg-config is not installed (./setup.sh installs it)"; exit 77; }
wmm_scratch
gcc_=$WMM_T_GCC
major=$(wmm_make_var WMM_GCC_VERSION | cut -d. -f1)
prefix=$WMM_TMP/prefix
groot=$WMM_TMP/gcc
proj=$WMM_TESTDIR/projects
if make -s -C "$WMM_BUILDDIR" install prefix="$prefix" WMM_GCC_ROOT="$groot" > "$WMM_TMP/log" 2>&1; then
  wmm_pass "make install prefix=TMP WMM_GCC_ROOT=TMP"
else wmm_fail "make install: $(tail -n 3 "$WMM_TMP/log")"; exit 1; fi
hostplug=$groot$("$gcc_" -print-file-name=plugin)/wmmfence.so

# pkg-config: the flags for the target's model, and for another one.
got=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags wmmfence | sed "s/ *$//")
want="-I$prefix/include -fplugin=$hostplug -fplugin-arg-wmmfence-arch=tso"
if [ "$got" = "$want" ]; then wmm_pass "pkg-config --cflags wmmfence"
else wmm_fail "pkg-config --cflags: '$got', expected '$want'"; fi
got=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --define-variable=arch=power --cflags wmmfence | sed "s/ *$//")
if [ "$got" = "-I$prefix/include -fplugin=$hostplug -fplugin-arg-wmmfence-arch=power" ]; then
  wmm_pass "pkg-config --define-variable=arch=power --cflags wmmfence"
else wmm_fail "pkg-config arch=power: '$got'"; fi

# setup DIR KIND: a fresh copy of sample project KIND with the program.
setup() {
  rm -rf "$1"; mkdir -p "$1"
  cp -r "$proj/$2/." "$1/"
  cp "$proj/version.c" "$WMM_TESTDIR/programs/dekker.c" "$1/"
}
# check NAME EXE ARCH: fences in worker(), and the program runs.
check() {
  local name=$1 exe=$2 arch=$3 objdump=objdump pat='lock orq|mfence' run= iters=
  if [ "$arch" = ppc ]; then
    objdump=powerpc64le-linux-gnu-objdump pat='[[:space:]](sync|lwsync|hwsync)([[:space:]]|$)'
    run="qemu-ppc64le -L /usr/powerpc64le-linux-gnu" iters=2000
  fi
  if [ ! -x "$exe" ]; then wmm_fail "$name: not built ($(tail -n 2 "$WMM_TMP/log" | tr '\n' ' '))"; return; fi
  local n
  n=$("$objdump" -d "$exe" | awk '/<worker>:/{on=1; next} on && /^$/{on=0} on' | grep -Ec "$pat")
  local out
  out=$(timeout 300 $run "$exe" $iters 2>&1)
  if [ "$n" -gt 0 ] && [ "$out" = "dekker: ok" ]; then wmm_pass "$name: $n fences in worker, runs correctly"
  else wmm_fail "$name: $n fences, output '$out'"; fi
}

archs=x86
if [ -f "$WMM_BUILDDIR/plugin/cross/powerpc64le-linux-gnu/wmmfence.so" ] \
   && command -v qemu-ppc64le >/dev/null 2>&1 && command -v powerpc64le-linux-gnu-objdump >/dev/null 2>&1; then
  archs="x86 ppc"
else echo "(no ppc64le cross plugin, qemu-ppc64le or its objdump: the ppc64le builds are left out)"; fi
ppcgcc=powerpc64le-linux-gnu-gcc-$major

# CMake.
if command -v cmake >/dev/null 2>&1; then
  for a in $archs; do
    d=$WMM_TMP/cmake-$a; setup "$d" cmake
    tc=; [ $a = ppc ] && tc="-DCMAKE_TOOLCHAIN_FILE=$d/ppc64le.cmake"
    arch=; [ $a = x86 ] && arch=-DWMM_ARCH=power
    (cmake -S "$d" -B "$d/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release $tc $arch \
      && cmake --build "$d/build") > "$WMM_TMP/log" 2>&1
    check "CMake $a" "$d/build/dekker" $a
    want=tso; [ $a = x86 ] && want=power; [ $a = ppc ] && want=power
    if grep -q "\"model\": \"$want\"" "$d/build/fences/dekker.c.json" 2>/dev/null \
       && grep -q '"kind"' "$d/build/fences/dekker.c.json"; then
      wmm_pass "CMake $a: REPORT wrote fences/dekker.c.json (model $want)"
    else wmm_fail "CMake $a: REPORT"; fi
  done
  d=$WMM_TMP/cmake-from; setup "$d" cmake
  if cmake -S "$d" -B "$d/build" -DCMAKE_PREFIX_PATH="$prefix" -DWMM_ARCH=power -DWMM_FROM=tso \
       -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$WMM_TMP/log" 2>&1 \
     && grep -q -- "-fplugin=$hostplug -fplugin-arg-wmmfence-arch=power -fplugin-arg-wmmfence-from=tso" "$d/build/compile_commands.json"; then
    wmm_pass "CMake: wmmfence_enable(ARCH power FROM tso) gives the plugin's flags"
  else wmm_fail "CMake FROM: $(tail -n 2 "$WMM_TMP/log")"; fi
  mkdir -p "$WMM_TMP/cmake-target"
  cp "$proj/version.c" "$WMM_TMP/cmake-target/"
  printf 'cmake_minimum_required(VERSION 3.13)\nproject(p C)\nfind_package(wmmfence REQUIRED)\nadd_library(v STATIC version.c)\ntarget_link_libraries(v wmmfence::wmmfence)\n' \
    > "$WMM_TMP/cmake-target/CMakeLists.txt"
  if (cmake -S "$WMM_TMP/cmake-target" -B "$WMM_TMP/cmake-target/b" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON && cmake --build "$WMM_TMP/cmake-target/b") > "$WMM_TMP/log" 2>&1 \
     && grep -q -- "-fplugin=$hostplug" "$WMM_TMP/cmake-target/b/compile_commands.json"; then
    wmm_pass "CMake: linking wmmfence::wmmfence compiles with the plugin and its header"
  else wmm_fail "CMake imported target: $(tail -n 2 "$WMM_TMP/log")"; fi
  printf 'cmake_minimum_required(VERSION 3.13)\nproject(p C)\nfind_package(wmmfence 9.0)\nmessage(STATUS "found=${wmmfence_FOUND}")\n' > "$WMM_TMP/v.txt"
  mkdir -p "$WMM_TMP/cmake-ver"; mv "$WMM_TMP/v.txt" "$WMM_TMP/cmake-ver/CMakeLists.txt"
  if cmake -S "$WMM_TMP/cmake-ver" -B "$WMM_TMP/cmake-ver/b" -DCMAKE_PREFIX_PATH="$prefix" 2>&1 | grep -q "found=0"; then
    wmm_pass "CMake: find_package(wmmfence 9.0) refuses version 0.1.0"
  else wmm_fail "CMake version check"; fi
else echo "(cmake is not installed: the CMake project is left out)"; fi

# Meson (pkg-config).
if command -v meson >/dev/null 2>&1 && command -v ninja >/dev/null 2>&1; then
  for a in $archs; do
    d=$WMM_TMP/meson-$a; setup "$d" meson
    cross=
    if [ $a = ppc ]; then
      sed "s|@PREFIX@|$prefix|" "$d/ppc64le.ini.in" > "$d/ppc64le.ini"; cross="--cross-file $d/ppc64le.ini"
    fi
    pcpath=$prefix/lib/pkgconfig; [ $a = ppc ] && pcpath=   # the cross file names its own
    (cd "$d" && PKG_CONFIG_PATH=$pcpath meson setup $cross --buildtype=release build \
      && ninja -C build) > "$WMM_TMP/log" 2>&1
    check "Meson $a" "$d/build/dekker" $a
  done
else echo "(meson or ninja is not installed: the Meson project is left out)"; fi

# Autotools (WMMFENCE_ENABLE).
for a in $archs; do
  d=$WMM_TMP/autotools-$a; setup "$d" autotools
  host=; [ $a = ppc ] && host="--host=powerpc64le-linux-gnu CC=$ppcgcc"
  (cd "$d" && ACLOCAL_PATH=$prefix/share/aclocal autoreconf -fi && ./configure $host && make) > "$WMM_TMP/log" 2>&1
  check "autotools $a" "$d/dekker" $a
done
d=$WMM_TMP/autotools-x86
if grep -q "^WMMFENCE_CFLAGS = -fplugin=$hostplug " "$d/Makefile" 2>/dev/null; then
  wmm_pass "autotools: WMMFENCE_ENABLE sets WMMFENCE_CFLAGS"
else wmm_fail "autotools: WMMFENCE_CFLAGS"; fi
if (cd "$d" && ./configure --without-wmmfence > "$WMM_TMP/log" 2>&1) && grep -q "^WMMFENCE_CFLAGS = *$" "$d/Makefile"; then
  wmm_pass "autotools: --without-wmmfence"
else wmm_fail "autotools: --without-wmmfence"; fi

# A plain Makefile (pkg-config).
for a in $archs; do
  d=$WMM_TMP/make-$a; setup "$d" make
  if [ $a = ppc ]; then
    PKG_CONFIG_LIBDIR="$prefix/lib/powerpc64le-linux-gnu/pkgconfig" make -C "$d" CC="$ppcgcc" > "$WMM_TMP/log" 2>&1
  else
    PKG_CONFIG_PATH="$prefix/lib/pkgconfig" make -C "$d" WMM_ARCH=power > "$WMM_TMP/log" 2>&1
  fi
  check "Makefile $a" "$d/dekker" $a
done

# ccache: the cached rebuild gives the same objects and diagnostics.
if command -v ccache >/dev/null 2>&1; then
  d=$WMM_TMP/ccache; setup "$d" make
  export CCACHE_DIR=$WMM_TMP/ccache-dir CCACHE_NOHASHDIR=1 CCACHE_BASEDIR=$d
  mk() { PKG_CONFIG_PATH="$prefix/lib/pkgconfig" make -s -C "$d" CC="ccache $gcc_" WMM_ARCH=power \
           CFLAGS="-O2 -fplugin-arg-wmmfence-notes -fplugin-arg-wmmfence-summary" "$@"; }
  mk dekker.o version.o 2> "$WMM_TMP/first.txt" > /dev/null
  cp "$d/dekker.o" "$WMM_TMP/first.o"
  mk clean > /dev/null
  mk dekker.o version.o 2> "$WMM_TMP/second.txt" > /dev/null
  hits=$(ccache -s 2>/dev/null | awk '/[Hh]its:/ {print $2; exit}')
  if cmp -s "$d/dekker.o" "$WMM_TMP/first.o" && cmp -s "$WMM_TMP/first.txt" "$WMM_TMP/second.txt" \
     && [ -s "$WMM_TMP/first.txt" ] && [ "${hits:-0}" -ge 2 ]; then
    wmm_pass "ccache: $hits cache hits, the same objects and diagnostics"
  else wmm_fail "ccache: hits ${hits:-0}, objects/diagnostics differ"; fi
  # A new plugin (here: the same file with another time stamp) is a miss.
  touch -d '2001-01-01' "$hostplug"
  mk clean > /dev/null
  mk dekker.o 2> /dev/null > /dev/null
  hits2=$(ccache -s 2>/dev/null | awk '/[Hh]its:/ {print $2; exit}')
  if [ "${hits2:-0}" -eq "${hits:-0}" ]; then wmm_pass "ccache: a changed plugin is a cache miss"
  else wmm_fail "ccache: a changed plugin was a hit"; fi
else echo "(ccache is not installed: its case is left out)"; fi
