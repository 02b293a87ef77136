#!/usr/bin/env bash
# setup.sh — install what is missing (Debian bookworm), build wmmfence, and run
# the main job on a bundled example.  Example: ./setup.sh
set -euo pipefail
cd "$(dirname "$0")"
pkgs="build-essential autoconf automake pkg-config g++-12 gcc-12-plugin-dev
 libglpk-dev libelf-dev libjansson-dev libz3-dev help2man
 gcc-12-powerpc64le-linux-gnu gcc-12-plugin-dev-powerpc64le-linux-gnu
 gcc-12-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
 gcc-12-arm-linux-gnueabihf gcc-12-plugin-dev-arm-linux-gnueabihf
 g++-12-powerpc64le-linux-gnu g++-12-aarch64-linux-gnu g++-12-arm-linux-gnueabihf
 libc6-dev-ppc64el-cross libc6-dev-arm64-cross libc6-dev-armhf-cross
 qemu-user binutils-powerpc64le-linux-gnu binutils-aarch64-linux-gnu
 binutils-arm-linux-gnueabihf
 gcc-12-source valgrind python3
 help2man cmake meson ninja-build ccache distcc
 libevent-dev"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  n=$(echo $missing | wc -w)
  echo "setup: [1/4] installing $n packages:$missing"
  echo "setup: apt-get's own lines follow (several minutes on a fresh machine);"
  echo "setup: when another apt or dpkg holds the lock, apt waits up to 10 minutes"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  apt_opts="-o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0 -q"
  $sudo apt-get $apt_opts update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get $apt_opts install -y $missing
else
  echo "setup: [1/4] every package is installed"
fi
echo "setup: [2/4] configure"
if [ ! -f configure ]; then
  out=$(autoreconf -fi 2>&1) || { echo "$out"; exit 1; }
fi
[ -f Makefile ] || ./configure --quiet
echo "setup: [3/4] make (the core, wmmfence-litmus, the plugin for every GCC 12 found)"
make -j"$(nproc)"
echo "setup: [4/4] the checker on the bundled examples"
echo "== message passing (examples/MP.litmus, a Power test): Allowed on Power"
tools/wmmfence-litmus check examples/MP.litmus
echo "== store buffering (examples/SB.litmus, an x86 test): Allowed on x86-TSO, Forbidden under SC"
tools/wmmfence-litmus check examples/SB.litmus
tools/wmmfence-litmus check --model sc examples/SB.litmus
echo "== the cheapest fences for message passing on Power, and the fenced test: Forbidden"
tools/wmmfence-litmus fence --model power examples/MP.litmus -o examples/MP.fenced.litmus
tools/wmmfence-litmus check examples/MP.fenced.litmus
echo "setup: done; next: make check (the test suite), make install (README: Installing)"
