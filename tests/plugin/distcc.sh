#!/usr/bin/env bash
# distcc.sh — distcc over localhost with a distccd started here.  distccd
# (3.3 and later) refuses jobs that carry -fplugin= or -specs= ("insecure and
# not supported"): distcc then compiles them locally, with the same object.
# With the default specs file of `make install-driver-specs` on both sides,
# plain -fwmm-* options carry no plugin path: the job runs remotely, the
# remote compiler loads its own plugin, and the object is the same as a local
# compile.  The system compiler is not touched: a wrapper named like it adds
# -B for the temporary compiler root on both sides.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
command -v distcc >/dev/null 2>&1 && command -v distccd >/dev/null 2>&1 \
  || { echo "SKIP: distcc is not installed (apt-get install distcc)"; exit 77; }
wmm_scratch
chmod 755 "$WMM_TMP"   # distccd drops root: its user reads the plugin here
gcc_=$WMM_T_GCC
groot=$WMM_TMP/gcc
if make -s -C "$WMM_BUILDDIR" install install-driver-specs prefix="$WMM_TMP/prefix" \
     WMM_GCC_ROOT="$groot" > "$WMM_TMP/log" 2>&1; then
  wmm_pass "make install install-driver-specs (WMM_GCC_ROOT)"
else wmm_fail "install: $(tail -n 3 "$WMM_TMP/log")"; exit 1; fi
B=$groot$(dirname "$("$gcc_" -print-libgcc-file-name)")
plugin=$groot$("$gcc_" -print-file-name=plugin)/wmmfence.so
cd "$WMM_TMP" || exit 1
mkdir -m 755 wrap ddir logs
chmod 777 logs   # distccd's user writes its log here
real=$(command -v "$gcc_")
for n in gcc "$("$gcc_" -dumpmachine)-gcc"; do
  printf '#!/bin/sh\nexec %s -B%s/ "$@"\n' "$real" "$B" > "wrap/$n"
  chmod 755 "wrap/$n"
done
cp "$WMM_TESTDIR/programs/dekker.c" .
port=$((30000 + $$ % 20000))
PATH=$WMM_TMP/wrap:$PATH distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 \
  --port "$port" --log-file "$WMM_TMP/logs/distccd.log" --log-level info &
dpid=$!
trap 'kill "$dpid" 2>/dev/null; rm -rf "$WMM_TMP"' EXIT
sleep 1
kill -0 "$dpid" 2>/dev/null || { echo "SKIP: distccd did not start on port $port"; exit 77; }
export DISTCC_DIR=$WMM_TMP/ddir DISTCC_HOSTS=127.0.0.1:$port

# -fplugin=PATH: refused by the server, compiled locally, the same object.
"$gcc_" -O2 -c -o local1.o -fplugin="$plugin" dekker.c 2>/dev/null
timeout 120 distcc gcc -O2 -c -o dist1.o -fplugin="$plugin" dekker.c 2> err1.txt
if cmp -s local1.o dist1.o && grep -q -- "-fplugin= and/or -specs= passed, which are insecure and not supported" logs/distccd.log \
   && grep -q "running locally instead" err1.txt; then
  wmm_pass "distcc -fplugin=PATH: distccd refuses it, the local compile gives the same object"
else wmm_fail "distcc -fplugin=PATH: $(tail -n 2 err1.txt | tr '\n' ' ')"; fi

# -fwmm-* through the default specs file on both sides: compiled remotely.
"$gcc_" -B"$B/" -O2 -c -o local2.o -fwmm-arch=power dekker.c 2>/dev/null
: > logs/distccd.log
rm -rf ddir; mkdir ddir   # forget that the host refused a job
PATH=$WMM_TMP/wrap:$PATH DISTCC_FALLBACK=0 timeout 120 distcc gcc -O2 -c -o dist2.o -fwmm-arch=power dekker.c 2> err2.txt
# The fence records name the compiled file: distccd compiles a preprocessed
# copy under another name, so compare the objects without them.
objcopy -R .wmm_records local2.o local2.code.o && objcopy -R .wmm_records dist2.o dist2.code.o
if cmp -s local2.code.o dist2.code.o && grep -q "COMPILE_OK" logs/distccd.log \
   && [ "$(objdump -d dist2.o | grep -c 'lock orq')" -gt 0 ]; then
  wmm_pass "distcc -fwmm-arch=power with driver specs on both sides: compiled remotely, the same fenced object"
else wmm_fail "distcc -fwmm-arch=power: $(tail -n 2 err2.txt | tr '\n' ' ')"; fi
