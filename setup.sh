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
 gcc-12-source valgrind python3"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing:$missing"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi
[ -f configure ] || autoreconf -fi
[ -f Makefile ] || ./configure --quiet
make -j"$(nproc)"
echo "== message passing on Power, store buffering on x86-TSO and under SC"
tools/wmmfence-litmus check examples/MP.litmus
tools/wmmfence-litmus check examples/SB.litmus
tools/wmmfence-litmus check --model sc examples/SB.litmus
echo "== the cheapest fences for message passing on Power, and the fenced test"
tools/wmmfence-litmus fence --model power examples/MP.litmus -o examples/MP.fenced.litmus
tools/wmmfence-litmus check examples/MP.fenced.litmus
