#!/usr/bin/env bash
# bench/realworld/lto.sh — whole-program mode (-flto) against per-unit
# builds of a real program: fences, compile time, and whether the program
# still runs.  The tree given (memcached, configured: config.h; or pigz) is
# fetched by the user and never part of this repository; it is copied to a
# scratch directory and built there three times with its own build rules:
# plain gcc, the plugin per unit, the plugin with -flto on the compile and
# link lines.  x86-64 only (the cross targets have no libevent / zlib).
# Figures go to docs/plugin.md; nothing here is a test.
#
# Usage: WMM_BUILDDIR=. bench/realworld/lto.sh [-a "tso power"] DIR...
# Output lines:
#   PROGRAM MODEL per-unit N lto M seconds plain T0 per-unit T1 lto T2 runs ok|FAIL
# (N: the sum of the units' fences from their summary notes; M: the link
# step's fences for the whole program; runs: memcached answers a `version`
# and `stats` over its socket / pigz round-trips a file.)
set -u
archs="tso"
[ "${1:-}" = -a ] && { archs=$2; shift 2; }
B=${WMM_BUILDDIR:-.}
plugin=$(cd "$B" && pwd)/plugin/wmmfence.so
[ -f "$plugin" ] || { echo "lto.sh: no plugin at $plugin (make first)" >&2; exit 2; }
out=${TMPDIR:-/tmp}/wmm-lto.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

# build KIND MODEL SRC: copy SRC to $out/KIND and build it; prints the
# wall seconds, leaves the compiler's messages in $out/KIND.err.
build() {
  local kind=$1 model=$2 src=$3 flags="" lflags=""
  rm -rf "$out/$kind"; cp -a "$src" "$out/$kind"
  case $kind in
    unit) flags="-fplugin=$plugin -fplugin-arg-wmmfence-arch=$model -fplugin-arg-wmmfence-summary" ;;
    lto) flags="-flto -fplugin=$plugin -fplugin-arg-wmmfence-arch=$model"
         lflags="-flto -fplugin=$plugin -fplugin-arg-wmmfence-arch=$model -fplugin-arg-wmmfence-summary" ;;
  esac
  local t0; t0=$(date +%s.%N)
  if [ -f "$src/memcached.c" ]; then
    (cd "$out/$kind" && make -s clean >/dev/null 2>&1
     make -j2 -s memcached CFLAGS="-O2 -pthread -w $flags" LDFLAGS="$lflags") \
      > "$out/$kind.err" 2>&1
  else
    (cd "$out/$kind" && gcc -O3 -w $flags -c pigz.c yarn.c try.c \
       $(ls zopfli/src/zopfli/*.c | grep -v zopfli_bin) \
     && gcc -O3 $flags $lflags -o pigz ./*.o -lz -lm -lpthread) > "$out/$kind.err" 2>&1
  fi
  local rc=$?
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'
  return $rc
}

# runs KIND SRC: does the built program work?
runs() {
  local d=$out/$1
  if [ -f "$2/memcached.c" ]; then
    local sock=$d/mc.sock
    # memcached refuses to run as root without -u
    "$d/memcached" -u "$(id -un)" -U 0 -s "$sock" -t 4 >/dev/null 2>&1 &
    local pid=$!
    local ok=FAIL i
    for i in 1 2 3 4 5 6 7 8 9 10; do
      [ -S "$sock" ] && break; sleep 0.3
    done
    if python3 - "$sock" <<'EOF'
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.settimeout(5)
def ask(q, end):
    s.sendall(q); buf = b""
    while not buf.endswith(end): buf += s.recv(65536)
    return buf
assert ask(b"version\r\n", b"\r\n").startswith(b"VERSION")
for i in range(200):
    assert ask(b"set k%d 0 0 5\r\nhello\r\n" % i, b"\r\n") == b"STORED\r\n"
assert ask(b"get k7\r\n", b"END\r\n") == b"VALUE k7 0 5\r\nhello\r\nEND\r\n"
assert b"curr_items 200" in ask(b"stats\r\n", b"END\r\n")
EOF
    then ok=ok; fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    echo $ok
  else
    head -c 3000000 /dev/urandom | base64 > "$d/in.txt"
    if "$d/pigz" -p 2 -c "$d/in.txt" | "$d/pigz" -d -c | cmp -s - "$d/in.txt"; then echo ok; else echo FAIL; fi
  fi
}

for src in "$@"; do
  src=$(cd "$src" && pwd)
  if [ -f "$src/memcached.c" ]; then
    prog=memcached
    [ -f "$src/config.h" ] || { echo "lto.sh: $src: configure memcached first" >&2; continue; }
  elif [ -f "$src/pigz.c" ]; then prog=pigz
  else echo "lto.sh: $src: not a memcached or pigz tree" >&2; continue; fi
  tp=$(build plain tso "$src") || { echo "$prog: plain build failed: $(head -n 3 "$out/plain.err")"; continue; }
  echo "$prog plain runs $(runs plain "$src")"
  for m in $archs; do
    tu=$(build unit "$m" "$src") || { echo "$prog $m: per-unit build failed: $(grep -m 3 error "$out/unit.err")"; continue; }
    nu=$(sed -n 's/.*wmmfence: .*: \([0-9]*\) fences\{0,1\} inserted.*/\1/p' "$out/unit.err" | awk '{ s += $1 } END { print s + 0 }')
    tl=$(build lto "$m" "$src") || { echo "$prog $m: -flto build failed: $(grep -m 3 error "$out/lto.err")"; continue; }
    nl=$(sed -n 's/^lto1: note: wmmfence: .*(-flto): \([0-9]*\) fences\{0,1\} inserted.*/\1/p' "$out/lto.err" | awk '{ s += $1 } END { print s + 0 }')
    r="-"
    [ "$m" = tso ] && r="unit $(runs unit "$src") lto $(runs lto "$src")"
    echo "$prog $m per-unit $nu lto $nl seconds plain $tp per-unit $tu lto $tl runs $r"
  done
done
