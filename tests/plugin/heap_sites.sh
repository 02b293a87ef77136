#!/usr/bin/env bash
# heap_sites.sh — heap memory by allocation call (tbaa.cc): the objects of
# two malloc calls are two objects, and join loops whose counters have
# different types but count to one global (handles.cc).  Read back from
# the assembly on every target:
#  - heap_sites.c: workers square an input vector into an output vector,
#    both malloc'd by main and handed over in a job struct: no fence on
#    x86 (the worker's full fence before), one fence in the worker on the
#    weak targets (two workers' blocks of the output, 2+2W); the vectors
#    as halves of one allocation, squared in place, or one of them chosen
#    at run time keep a full fence in the worker on x86;
#  - matmul_heap.c: a matrix product over three malloc'd matrices, `long
#    t` creating and `int t` joining up to the thread count: no fence on
#    x86, one in mul elsewhere, none in main; a join loop stopping short
#    or a count changed between the loops give main its fences back.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
P=$WMM_TESTDIR/programs

# has_fence TAG FUNCTION: the assembly of TAG has a fence in FUNCTION
has_fence() {
  case " $(wmm_fence_counts "$WMM_TMP/$1.s") " in
    *" $2:"*) wmm_pass "$1: a fence in $2" ;;
    *) wmm_fail "$1: no fence in $2 ($(wmm_fence_counts "$WMM_TMP/$1.s"))" ;;
  esac
}

# only TAG FUNCTION: the assembly of TAG has fences in FUNCTION only (GCC
# may copy the loop the report's one fence is in)
only() {
  local got
  got=$(wmm_fence_counts "$WMM_TMP/$1.s" | sed 's/:[0-9]*//g')
  if [ "$got" = "$2" ]; then wmm_pass "$1: fences in $2 only"
  else wmm_fail "$1: fences in '$got', expected in $2 only"; fi
}

# weak TAG SOURCE FUNCTION [OPTION...]: x86 no fence (assembly); the weak
# targets one fence in FUNCTION (report), in its code only (assembly)
weak() {
  local tag=$1 src=$2 fn=$3; shift 3
  if [ $T = x86 ]; then
    wmm_expect_fences "$tag" "$src" "" "$@"
  else
    wmm_expect_report "$tag" "$src" "$fn:1" "$@" && only "$tag" "$fn"
  fi
}

check() {
  weak "sites-$T" "$P/heap_sites.c" work
  for v in HALVES SAME EITHER; do
    wmm_expect_full "sites-$v-$T" "$P/heap_sites.c" work -D$v
  done
  weak "matmul-$T" "$P/matmul_heap.c" mul
  if [ $T != x86 ]; then
    for v in SHORT CHANGE; do
      wmm_compile_asm "matmul-$v-$T" "$P/matmul_heap.c" -D$v && has_fence "matmul-$v-$T" main
    done
  fi
}
wmm_each_target check
