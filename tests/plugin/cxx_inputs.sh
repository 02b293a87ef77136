#!/usr/bin/env bash
# cxx_inputs.sh — std::istream input in threads and static objects
# destroyed at exit (plugin/libfns.cc wmm_istream_input, wmm_stream_setup;
# threadlocal.cc istream_call, stream_setup_call, exit_registration;
# memloc.cc call_keeps_no_copy).
# cxx_istream_mp.cc: the data of message passing written by an
# extraction (operator>> of an int, -DSTRING of a std::string,
# -DGETLINE std::getline, -DCHARS istream::getline into a char array):
# the extraction is a write of it, so the producer keeps a fence before
# the flag's store and the consumer one after its load on ppc64le,
# aarch64 and armv7; x86-64 none (the assembly of four targets).
# cxx_istream_sum.cc: a worker's own std::istringstream read through a
# helper into a local int: neither the stream nor the int is a location
# of the IR (they were, given to unknown calls), nor in a witness cycle;
# -DSHARED (a global int) is a location, in witness cycles.
# cxx_registry.cc: a static std::vector<std::string> appended to under a
# mutex, its destructor registered with __cxa_atexit: the characters
# std::char_traits<char>::assign stores may touch no word of the vector
# (before: every location), and no witness cycle goes through it;
# -DUNLOCKED (appends without the lock) keeps the cycles.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
MP=$WMM_TESTDIR/programs/cxx_istream_mp.cc
SUM=$WMM_TESTDIR/programs/cxx_istream_sum.cc
REG=$WMM_TESTDIR/programs/cxx_registry.cc

# message passing through an extraction's data, on each target
check_mp() {
  local GXX=${WMM_T_GCC/gcc/g++} v tag got
  for v in NUM STRING GETLINE CHARS; do
    tag=$T.mp.$v
    if [ $T = x86 ]; then
      WMM_T_GCC=$GXX wmm_expect_fences $tag "$MP" "" -D$v
      continue
    fi
    WMM_T_GCC=$GXX wmm_compile_asm $tag "$MP" -D$v || continue
    got=$(wmm_fence_counts "$WMM_TMP/$tag.s")
    case " $got " in
      *" _ZL8producerv:"*) ;;
      *) wmm_fail "$tag: no fence in the producer ('$got')"; continue ;;
    esac
    case " $got " in
      *" _ZL8consumerv:"*)
        wmm_pass "$tag: producer and consumer fenced ($got)" ;;
      *) wmm_fail "$tag: no fence in the consumer ('$got')" ;;
    esac
  done
}
wmm_each_target check_mp

wmm_target x86 || { echo "skipping the IR checks: $WMM_T_WHY"; exit 0; }
# through TAG NAME WHAT zero|some: witness-cycle accesses of TAG's report
# to location NAME (or NAME+offset), WHAT naming it: none, or some
through() {
  local n
  n=$(grep -c "\"location\": *\"$2[+\"]" "$WMM_TMP/$1.json")
  case $4:$n in
    zero:0|some:[1-9]*) wmm_pass "$1: $n witness-cycle accesses to $3" ;;
    *) wmm_fail "$1: $n witness-cycle accesses to $3, expected $4" ;;
  esac
}
# named TAG REGEX: does the IR of TAG name a location matching REGEX?
named() { grep -q "^location $2" "$WMM_TMP/$1.ir"; }

for arch in tso power; do
  if wmm_ir_report $arch.sum "$SUM" $arch; then
    if named $arch.sum 'worker\.in\|parse\.x'; then
      wmm_fail "$arch.sum: the worker's stream or number is a location"
    else wmm_pass "$arch.sum: the worker's stream and number are its own"; fi
    through $arch.sum 'worker\.in' "the stream" zero
  fi
  if wmm_ir_report $arch.shared "$SUM" $arch -DSHARED; then
    if named $arch.shared 'x '; then
      wmm_pass "$arch.shared: the global number is a location"
    else wmm_fail "$arch.shared: the global number is no location"; fi
    through $arch.shared x "the global number" some
  fi
  if wmm_ir_report $arch.reg "$REG" $arch; then
    # the store of std::char_traits<char>::assign and its may-set
    line=$(awk '/^unit std::char_traits<char>::assign /{ on = 1; next }
                /^unit /{ on = 0 }
                on && /W \?\(\*__c1\)/' "$WMM_TMP/$arch.reg.ir")
    case $line in
      "") wmm_fail "$arch.reg: no character store of assign in the IR" ;;
      *" may {"*" names"[+}\ ]*)
        wmm_fail "$arch.reg: the character store may touch the vector" ;;
      *" may {"*)
        wmm_pass "$arch.reg: the character store touches no vector word" ;;
      *) wmm_fail "$arch.reg: the character store may touch every location" ;;
    esac
    through $arch.reg names "the vector" zero
  fi
  # the appends without the lock: cycles through the vector stay
  if wmm_ir_report $arch.unlocked "$REG" $arch -DUNLOCKED; then
    through $arch.unlocked names "the vector" some
  fi
done
