# bench/corpus_lib.sh — shared by the corpus benchmarks (bench_check.sh,
# bench_bmc.sh): the tool's path, herd7's recorded times, and the timing of
# one `wmmfence-litmus CMD` per folder (every file on one command line, as
# herd7 was timed).  Sourced, not run.
# Example: . "$src/bench/corpus_lib.sh"; corpus_time check ppc default
corpus_src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus_build=${1:-${WMM_BUILDDIR:-$corpus_src}}
bin=$corpus_build/tools/wmmfence-litmus
corpus=$corpus_src/tests/corpus
[ -x "$bin" ] || { echo "$(basename "$0"): $bin not built" >&2; exit 2; }

now() { date +%s.%N; }

# herd_secs FOLDER: herd7's seconds from timing.txt ("ppc/  1979 tests  128.8 s")
herd_secs() {
  awk -v f="$1/" '$1 == f { for (i = 2; i < NF; i++) if ($(i + 1) == "s") { print $i; exit } }' \
    "$corpus/timing.txt"
}

# corpus_time CMD FOLDER MODEL...: seconds for `CMD` on every file of FOLDER
# under each MODEL (default = the folder's own model), summed.
corpus_time() {
  local cmd=$1 folder=$2
  shift 2
  local t0 t1
  t0=$(now)
  for m in "$@"; do
    if [ "$m" = default ]; then
      "$bin" "$cmd" "$corpus/$folder"/*.litmus >/dev/null
    else
      "$bin" "$cmd" --model "$m" "$corpus/$folder"/*.litmus >/dev/null
    fi
  done
  t1=$(now)
  echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}

# Folders herd7 was timed on, then the others: "FOLDER MODEL..." each.
corpus_timed_specs=("ppc default" "armv7 default" "aarch64 default" "x86 sc tso pso rmo")
corpus_other_specs=("plain/X86 sc tso pso rmo" "plain/PPC default" "plain/ARM default"
                    "plain/AArch64 default" "c sc tso pso rmo power armv7 armv8")
