#!/usr/bin/env bash
# streams.sh — x86 streaming stores (programs/stream_mp.c): message
# passing whose data goes through _mm_stream_si32 gets a fence between it
# and the flag's store (x86-TSO keeps stores in order, streaming ones
# excepted), read back in the assembly; the program's own _mm_sfence, an
# exchange (locked) setting the flag, and a stream into the writer's own
# buffer need none; a block streamed in a loop gets one fence, a streamed
# flag one.  The bundled BMC finds the assertion's failure in the code as
# written and none in the fenced code or with the sfence.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_target x86 || { echo "SKIP: $WMM_T_WHY"; exit 77; }
wmm_scratch
SRC=$WMM_TESTDIR/programs/stream_mp.c
T=x86 M=tso FULL='mfence|lock or'

# expect TAG WANT [OPTION...]: the report's fences, "FUNCTION:KIND ..."
expect() {
  local tag=$1 want=$2; shift 2
  if ! wmm_report_fences "$SRC" tso "$@"; then
    wmm_fail "$tag: $WMM_ERR"
  elif [ "$WMM_FENCES" = "$want" ]; then wmm_pass "$tag: ${want:-no fence}"
  else wmm_fail "$tag: got '$WMM_FENCES', expected '$want'"; fi
}
expect base "writer:mfence"
wmm_expect_full base-asm "$SRC" writer
expect sfence "" -DSFENCE
expect asm-sfence "" -DASMSFENCE
expect asm-stream "writer:mfence" -DASMSTREAM
expect asm-stream-sfence "" -DASMSTREAM -DASMSFENCE
expect locked "" -DLOCKED
# GCC's seq_cst store is collected as a store and an mfence after it
# (the mapping every x86 tuning shares): the stream before it is fenced
expect seqcst "writer:mfence" -DSEQCST
# (before the flag's streaming store: at the intrinsic's call in the
# writer, callsite_fences.sh; GCC inlines the intrinsic there anyway)
expect ntflag "writer:mfence" -DNTFLAG
wmm_expect_full ntflag-asm "$SRC" writer -DNTFLAG
expect private "" -DPRIVATE
# the block's fence after the loop, not after each streamed vector
expect block "writer:mfence" -DBLOCK
wmm_compile_asm block-asm "$SRC" -DBLOCK || true
if awk '/^writer:$/ { on = 1 } on && /movntdq/ { s = NR } on && /lock or|mfence/ { f = NR }
        on && /jne/ { j = NR } on && /ret/ { exit }
        END { exit !(s && f > j && j > s) }' "$WMM_TMP/block-asm.s"
then wmm_pass "block-asm: the fence follows the loop"
else wmm_fail "block-asm: $(sed -n '/^writer:/,/ret/p' "$WMM_TMP/block-asm.s" | tr '\n' ' ')"; fi

. "$WMM_SRCDIR/tests/plugin/lib/check.sh"
check() {
  local tag=$1 mode=$2 want=$3; shift 3
  wmm_check_expect "check $tag" "$SRC" tso "$mode" "$want" "$@"
}
# (the builtin called directly: the check resolves its address)
check report report "unsafe assertions" -DBUILTIN
check insert insert "safe assertions" -DBUILTIN
check sfence report "safe assertions" -DBUILTIN -DSFENCE
