# lib/report.sh — shared by the tests/report/*.sh tests (sourced, not run by
# tests/run): the plugin helpers of tests/plugin/lib/common.sh plus
#   WR                 the wmmfence-report binary of the build
#   wr_build ARCH DIR  compile programs/{a,b,q,main}.c into DIR with the
#                      target's plugin (JSON reports beside the objects),
#                      then libab.a, libq.so and the executable prog
# Example: wr_build x86 "$WMM_TMP/x86" || wmm_fail "build"
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
WR=$WMM_BUILDDIR/tools/wmmfence-report
WR_PROGS=$WMM_SRCDIR/tests/report/programs
[ -x "$WR" ] || { echo "SKIP: $WR is not built"; exit 77; }

# wr_cc DIR NAME [FLAGS...]: DIR/NAME.o and DIR/NAME.json from NAME.c
# (DIR/NAME.c when it exists, else programs/NAME.c).
wr_cc() {
  local dir=$1 name=$2 src
  shift 2
  src=$WR_PROGS/$name.c
  [ -f "$dir/$name.c" ] && src=$dir/$name.c
  "$WMM_T_GCC" -O2 -fPIC -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-quiet \
    -fplugin-arg-wmmfence-report="$dir/$name.json" "$@" -c "$src" \
    -o "$dir/$name.o" 2> "$dir/$name.err"
}

wr_build() {
  local arch=$1 dir=$2 n
  wmm_target "$arch" || return 1
  mkdir -p "$dir"
  for n in a b q main; do
    wr_cc "$dir" $n || return 1
  done
  rm -f "$dir/libab.a"
  ar rcs "$dir/libab.a" "$dir/a.o" "$dir/b.o" &&
  "$WMM_T_GCC" -shared -o "$dir/libq.so" "$dir/q.o" &&
  "$WMM_T_GCC" -o "$dir/prog" "$dir/main.o" "$dir/libab.a" -L"$dir" -lq \
    -lpthread 2> "$dir/link.err"
}
