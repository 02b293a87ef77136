# lib/classics.sh ARCH — the classic algorithms of programs/ (Dekker,
# Peterson, Lamport's bakery, the PostgreSQL latch/flag token ring, a
# seqlock, an SPSC ring buffer), written with plain ints and no fences,
# compiled at -O2 with the plugin for ARCH and run (under qemu for cross
# targets): each must finish and print "NAME: ok".
# Sourced by tests/plugin/classics_ARCH.sh.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
arch=$1
wmm_target "$arch" || { echo "SKIP: $WMM_T_WHY"; exit 77; }
[ "$WMM_T_RUN" = none ] && { echo "SKIP: no qemu to run $arch binaries (qemu-user)"; exit 77; }
wmm_scratch
iters=
[ -n "$WMM_T_RUN" ] && iters=2000
for p in dekker peterson bakery pgsql seqlock spsc; do
  bin=$WMM_TMP/$p
  if ! "$WMM_T_GCC" -O2 -pthread -o "$bin" -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
       -fplugin-arg-wmmfence-report="$bin.json" "$WMM_TESTDIR/programs/$p.c" 2> "$bin.err"; then
    wmm_fail "$arch $p: compilation: $(head -n 2 "$bin.err")"; continue
  fi
  fences=$(grep -c '"kind"' "$bin.json")
  out=$(timeout 300 $WMM_T_RUN "$bin" $iters 2>&1)
  rc=$?
  if [ "$rc" -eq 0 ] && [ "$out" = "$p: ok" ] && [ "$fences" -gt 0 ]; then
    wmm_pass "$arch $p ($fences fences)"
  else
    wmm_fail "$arch $p: exit $rc, '$out', $fences fences"
  fi
done
