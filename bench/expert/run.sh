#!/usr/bin/env bash
# bench/expert/run.sh — expert fences against wmmfence's, per program and
# architecture.  Each program of bench/expert/ is compiled at -O2 three ways
# (barriers.h): the expert's fences without the plugin; no fence with the
# plugin and from=sc (restore sequential consistency); the x86 code (only
# the full fences x86 itself needs) with the plugin and from=tso (keep what
# x86 code relies on).  The cost of the fences in the assembly (README's
# table: x86 mfence / lock or 1; power lwsync 1, sync 2; armv8 dmb ishld /
# ishst 1, dmb ish 2; armv7 dmb ishst 1, dmb ish 2), counted statically over
# the whole file, and the number of fence instructions, are printed as a
# table.  With --run, each build is also run once (its stress test asserts
# correctness): natively on x86-64, under qemu-user for the others (20000
# rounds; qemu runs the threads on the host, so this checks the programs
# and builds, not the weak hardware).  With --time, the
# x86-64 run time of the unfenced build (the expert's x86 code: volatile
# accesses, no fence for spsc and seqlock; no plugin) against the plugin's
# from=tso build (median of 5 runs each).  With --deps, a fourth column:
# the from=tso build with deps=addr (the address dependency of a
# dereference of a just-loaded pointer credited, docs/plugin.md).
# Usage: bench/expert/run.sh [--run | --time] [--deps] [PROGRAM...]   (from the build tree;
#        WMM_BUILDDIR, WMM_SRCDIR default to the repository root)
# Example: bench/expert/run.sh spsc seqlock
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${WMM_SRCDIR:-$(cd "$here/../.." && pwd)}
build=${WMM_BUILDDIR:-$src}
run=0 timing=0
if [ "${1:-}" = --run ]; then run=1; shift; fi
if [ "${1:-}" = --time ]; then timing=1; shift; fi
deps=0
if [ "${1:-}" = --deps ]; then deps=1; shift; fi
builds="expert sc tso"
[ $deps = 1 ] && builds="expert sc tso tsodeps"
progs=${*:-mp_flag spsc seqlock ptr_pub peterson dekker ticket twolock chaselev}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# cost ARCH FILE.s -> "cost fences"
cost() {
  awk -v arch="$1" '
    { sub(/#.*/, ""); sub(/@.*/, "") }
    arch == "x86" && /(^|[ \t])(mfence|lock[ \t]+or[lq]?)([ \t]|$)/ { c += 1; n++ }
    arch == "ppc" && /(^|[ \t])lwsync([ \t]|$)/ { c += 1; n++ }
    arch == "ppc" && /(^|[ \t])(sync|hwsync)([ \t]|$)/ { c += 2; n++ }
    (arch == "aarch64" || arch == "arm") && /(^|[ \t])dmb[ \t]+(ish|sy)[ \t]*$/ { c += 2; n++ }
    (arch == "aarch64" || arch == "arm") && /(^|[ \t])dmb[ \t]+(ishst|st)[ \t]*$/ { c += 1; n++ }
    arch == "aarch64" && /(^|[ \t])dmb[ \t]+(ishld|ld)[ \t]*$/ { c += 1; n++ }
    END { printf "%d %d", c, n }' "$2"
}

# median ELAPSED seconds of 5 runs of a program
median5() {
  local i a b ts=()
  for i in 1 2 3 4 5; do
    a=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    b=$(date +%s.%N)
    ts+=("$(echo "$b - $a" | bc -l)")
  done
  printf '%s\n' "${ts[@]}" | sort -n | sed -n 3p | xargs printf '%.3f'
}
if [ $timing = 1 ]; then
  specs=$build/plugin/local/wmmfence.specs
  printf '%-9s %12s %12s %s\n' program "unfenced (s)" "wmm tso (s)" "fences: unfenced, tso build"
  for prog in ${*:-spsc seqlock}; do
    s=$here/$prog.c o=$tmp/$prog
    gcc-12 -O2 -pthread -DEXPERT -o "$o-plain" "$s" &&
      gcc-12 -O2 -pthread -DEXPERT -S -o "$o-plain.s" "$s" &&
      gcc-12 -O2 -pthread -specs="$specs" -fwmm-quiet -fwmm-from=tso -DX86 -o "$o-tso" "$s" &&
      gcc-12 -O2 -pthread -specs="$specs" -fwmm-quiet -fwmm-from=tso -DX86 -S -o "$o-tso.s" "$s" || exit 2
    case $prog in seqlock) n=20000000 ;; *) n=1000000 ;; esac
    printf '%-9s %12s %12s %s\n' "$prog" "$(median5 "$o-plain" $n)" "$(median5 "$o-tso" $n)" \
      "$(cost x86 "$o-plain.s" | cut -d' ' -f2), $(cost x86 "$o-tso.s" | cut -d' ' -f2)"
  done
  exit 0
fi

if [ $deps = 1 ]; then
  printf '%-9s %-8s %8s %8s %8s %10s   (cost / fence instructions)\n' program arch expert "wmm sc" "wmm tso" "tso+deps"
else
  printf '%-9s %-8s %8s %8s %8s   (cost / fence instructions)\n' program arch expert "wmm sc" "wmm tso"
fi
for prog in $progs; do
  for arch in x86 ppc aarch64 arm; do
    case $arch in
      x86) cc=gcc-12; specs=$build/plugin/local/wmmfence.specs ;;
      ppc) cc=powerpc64le-linux-gnu-gcc-12; specs=$build/plugin/cross/powerpc64le-linux-gnu/wmmfence.specs ;;
      aarch64) cc=aarch64-linux-gnu-gcc-12; specs=$build/plugin/cross/aarch64-linux-gnu/wmmfence.specs ;;
      arm) cc=arm-linux-gnueabihf-gcc-12; specs=$build/plugin/cross/arm-linux-gnueabihf/wmmfence.specs ;;
    esac
    if ! command -v "$cc" >/dev/null 2>&1 || [ ! -f "$specs" ]; then
      printf '%-9s %-8s (no %s or no plugin for it)\n' "$prog" "$arch" "$cc"
      continue
    fi
    s=$here/$prog.c
    o=$tmp/$prog-$arch
    # a build that does not compile shows "failed" in its column (its
    # diagnostics in $o-BUILD.err, the first lines printed below the row)
    cols=()
    for v in $builds; do
      case $v in
        expert) flags="-DEXPERT" ;; sc) flags="-specs=$specs -fwmm-quiet" ;;
        tso) flags="-specs=$specs -fwmm-quiet -fwmm-from=tso -DX86" ;;
        tsodeps) flags="-specs=$specs -fwmm-quiet -fwmm-from=tso -fwmm-deps=addr -DX86" ;;
      esac
      # shellcheck disable=SC2086
      if "$cc" -O2 -pthread $flags -S -o "$o-$v.s" "$s" 2> "$o-$v.err"; then
        read -r c n <<<"$(cost $arch "$o-$v.s")"; cols+=("$c/$n")
      else cols+=(failed); fi
    done
    if [ $deps = 1 ]; then
      printf '%-9s %-8s %8s %8s %8s %10s\n' "$prog" "$arch" "${cols[@]}"
    else
      printf '%-9s %-8s %8s %8s %8s\n' "$prog" "$arch" "${cols[@]}"
    fi
    for v in $builds; do
      [ -s "$o-$v.err" ] && grep -m1 -E 'error' "$o-$v.err" | sed "s/^/  $v: /"
    done
    if [ $run = 1 ]; then
      case $arch in
        x86) pre=() n= ;;
        ppc) pre=(qemu-ppc64le -L /usr/powerpc64le-linux-gnu) n=20000 ;;
        aarch64) pre=(qemu-aarch64 -L /usr/aarch64-linux-gnu) n=20000 ;;
        arm) pre=(qemu-arm -L /usr/arm-linux-gnueabihf) n=20000 ;;
      esac
      if [ ${#pre[@]} -gt 0 ] && ! command -v "${pre[0]}" >/dev/null 2>&1; then
        printf '%-9s %-8s   run skipped: no %s\n' "$prog" "$arch" "${pre[0]}"
        continue
      fi
      for v in $builds; do
        case $v in
          expert) flags="-DEXPERT" ;; sc) flags="-specs=$specs -fwmm-quiet" ;;
          tso) flags="-specs=$specs -fwmm-quiet -fwmm-from=tso -DX86" ;;
          tsodeps) flags="-specs=$specs -fwmm-quiet -fwmm-from=tso -fwmm-deps=addr -DX86" ;;
        esac
        # shellcheck disable=SC2086
        if "$cc" -O2 -pthread $flags -o "$o-$v" "$s" &&
           timeout 120 "${pre[@]}" "$o-$v" $n >/dev/null; then
          r=ok; else r=FAILED; fi
        printf '%-9s %-8s   run %-6s %s\n' "$prog" "$arch" "$v" "$r"
      done
    fi
  done
done
