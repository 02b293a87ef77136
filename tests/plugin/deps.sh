#!/usr/bin/env bash
# deps.sh — deps=addr (-fplugin-arg-wmmfence-deps=addr, -fwmm-deps=addr):
# the address dependency of a dereference of a just-loaded pointer is
# credited.  Pointer publication (programs/deps_pub.c) on ppc64le,
# aarch64 and armhf: with deps=addr the reader (READ_ONCE or a relaxed
# atomic load) has no fence between the pointer load and its field loads,
# the writer keeps its lwsync / dmb ishst (or its release store); without
# it the reader gets one.  Variants where no
# dependency may be credited keep the reader's fence: the address does not
# depend on the pointer, the pointer is compared with &node, an integer
# `& 0` trick.  Fields of one type are two members of the record, as
# two types are (the access path: no fence between the field loads).  A
# reader that waits for the pointer (DEPS_WAIT, a retry loop) keeps the
# dependency of the last load; counting the tries (DEPS_WAIT_COUNT) keeps
# the fence.  x86: the assembly is the same
# with and without.  Also the IR dump, the JSON report and verbose note,
# the specs spelling, errors, and the default unchanged.
. "$WMM_SRCDIR/tests/plugin/lib/common.sh"
wmm_scratch
P=$WMM_TESTDIR/programs/deps_pub.c
cd "$WMM_TMP" || exit 1

# seq ARCH FILE.s FUNC: FUNC's loads and fences in order, as letters:
# L a load, F a fence (lwsync, sync, dmb), S a release store (stlr).
seq_of() {
  sed -n "/^$3:/,/^[[:space:]]*\.size[[:space:]]*$3,/p" "$2" | awk -v arch="$1" '
    { sub(/#.*/, ""); sub(/\/\/.*/, "") }
    arch == "ppc" && /^[ \t]+(lwsync|sync|hwsync)([ \t]|$)/ { printf "F"; next }
    arch == "ppc" && /^[ \t]+(ld|lwz|lwa|lbz|lhz|lha)[ \t]+[0-9]+,/ && !/@toc@ha/ { printf "L"; next }
    arch == "aarch64" && /^[ \t]+dmb[ \t]/ { printf "F"; next }
    arch == "aarch64" && /^[ \t]+stlr/ { printf "S"; next }
    arch == "aarch64" && /^[ \t]+(ldr|ldar|ldapr)[bhw]?[ \t]/ { printf "L"; next }
    arch == "arm" && /^[ \t]+dmb[ \t]/ { printf "F"; next }
    arch == "arm" && /^[ \t]+ldr[a-z]*[ \t]+r[0-9]+, *\[/ { printf "L"; next }
    END { print "" }'
}

# build ARCH DEPS VARIANT: the assembly of deps_pub.c as v-DEPS-VARIANT.s
build() {
  local d=() v=()
  [ "$2" != default ] && d=(-fplugin-arg-wmmfence-deps="$2")
  [ "$3" != base ] && v=(-D"$3")
  "$WMM_T_GCC" -O2 -S -o "$1-$2-$3.s" -fplugin="$WMM_T_PLUGIN" "${d[@]}" "${v[@]}" "$P" \
    2> "$1-$2-$3.err"
}

for arch in ppc aarch64 arm; do
  if ! wmm_target $arch; then echo "($arch skipped: $WMM_T_WHY)"; continue; fi
  for v in base DEPS_RELEASE DEPS_RELAXED DEPS_NODEP DEPS_CMP DEPS_INTCAST DEPS_SAMETYPE \
           DEPS_WAIT DEPS_WAIT_COUNT; do
    build $arch none $v && build $arch addr $v ||
      wmm_fail "$arch $v: does not compile: $(head -n 2 $arch-*-$v.err)"
  done
  s() { seq_of $arch "$arch-$1-$2.s" "$3"; }
  # writer: a fence (or the release store) before the publication
  case $arch in ppc|arm) wrel=F ;; aarch64) wrel=S ;; esac
  # reader: load gp, then the two fields
  if [ "$(s addr base reader)" = LLL ] && [ "$(s none base reader)" = LFLL ] &&
     [ "$(s addr base writer)" = F ] && [ "$(s none base writer)" = F ]; then
    wmm_pass "$arch: deps=addr: reader $(s addr base reader), no fence after the pointer load (without: $(s none base reader)); writer keeps its fence"
  else wmm_fail "$arch base: reader addr '$(s addr base reader)' none '$(s none base reader)', writer addr '$(s addr base writer)' none '$(s none base writer)'"; fi
  if [ "$(s addr DEPS_RELEASE reader)" = LLL ] && [ "$(s none DEPS_RELEASE reader)" = LFLL ] &&
     [ "$(s addr DEPS_RELEASE writer)" = $wrel ]; then
    wmm_pass "$arch: release publication: reader $(s addr DEPS_RELEASE reader) with deps=addr, writer $wrel"
  else wmm_fail "$arch release: reader '$(s addr DEPS_RELEASE reader)' / '$(s none DEPS_RELEASE reader)', writer '$(s addr DEPS_RELEASE writer)'"; fi
  if [ "$(s addr DEPS_RELAXED reader)" = LLL ] && [ "$(s none DEPS_RELAXED reader)" = LFLL ]; then
    wmm_pass "$arch: a relaxed __atomic_load_n of the pointer is a source too (LFLL -> LLL)"
  else wmm_fail "$arch relaxed: reader '$(s addr DEPS_RELAXED reader)' / '$(s none DEPS_RELAXED reader)'"; fi
  for v in DEPS_NODEP DEPS_CMP DEPS_INTCAST; do
    if [ "$(s addr $v reader)" = LFL ] && [ "$(s none $v reader)" = LFL ] &&
       [ "$(s addr $v writer)" = F ]; then
      wmm_pass "$arch $v: no dependency credited, the reader keeps its fence (LFL)"
    else wmm_fail "$arch $v: reader addr '$(s addr $v reader)' none '$(s none $v reader)' writer '$(s addr $v writer)'"; fi
  done
  # one field type: p->seq and p->payload are still two members of the
  # record (the access path), no cycle between them: as two types
  if [ "$(s addr DEPS_SAMETYPE reader)" = LLL ] && [ "$(s none DEPS_SAMETYPE reader)" = LFLL ]; then
    wmm_pass "$arch: fields of one type: told apart by their place, LFLL -> LLL as two types"
  else wmm_fail "$arch same type: addr '$(s addr DEPS_SAMETYPE reader)' none '$(s none DEPS_SAMETYPE reader)'"; fi
  # a wait for the pointer: a retry loop, only its last load counts
  if [ "$(s addr DEPS_WAIT reader)" = LLL ] && [ "$(s none DEPS_WAIT reader)" = LFLL ] &&
     [ "$(s addr DEPS_WAIT writer)" = F ]; then
    wmm_pass "$arch: a wait for the pointer (retry loop): LFLL -> LLL"
  else wmm_fail "$arch wait: reader addr '$(s addr DEPS_WAIT reader)' none '$(s none DEPS_WAIT reader)' writer '$(s addr DEPS_WAIT writer)'"; fi
  if [[ $(s addr DEPS_WAIT_COUNT reader) == *F*L ]]; then
    wmm_pass "$arch: a wait that counts its tries (no retry) keeps the fence ($(s addr DEPS_WAIT_COUNT reader))"
  else wmm_fail "$arch wait_count: reader addr '$(s addr DEPS_WAIT_COUNT reader)'"; fi
  # the default is deps=none
  build $arch default base
  cmp -s $arch-default-base.s $arch-none-base.s &&
    wmm_pass "$arch: no deps key = deps=none (same assembly)" ||
    wmm_fail "$arch: default differs from deps=none"
done

if wmm_target ppc; then
  # -O3 and the specs spelling
  "$WMM_T_GCC" -O3 -S -o o3.s -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps=addr "$P"
  "$WMM_T_GCC" -O2 -S -o specs.s -specs="$WMM_T_SPECS" -fwmm-deps=addr "$P"
  if [ "$(seq_of ppc o3.s reader)" = LLL ] && cmp -s specs.s ppc-addr-base.s; then
    wmm_pass "ppc: -O3 reader LLL; -fwmm-deps=addr through the specs file = the plugin key"
  else wmm_fail "ppc -O3 '$(seq_of ppc o3.s reader)' / specs $(cmp specs.s ppc-addr-base.s)"; fi
  # IR dump: the pointer load's register and the dereferences' base
  "$WMM_T_GCC" -O2 -S -o d.s -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps=addr \
    -fplugin-arg-wmmfence-dump-ir=d.ir "$P"
  "$WMM_T_GCC" -O2 -S -o c.s -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps=addr \
    -fplugin-arg-wmmfence-dump-ir=c.ir -DDEPS_CMP "$P"
  reg=$(sed -n 's/.*R gp -> \([^ ]*\) .*/\1/p' d.ir)
  if [ -n "$reg" ] && [ "$(grep -c "R ?(p->[a-z]*) via $reg " d.ir)" = 2 ] &&
     ! grep -q ' via ' c.ir && ! grep -q 'R gp ->' c.ir; then
    wmm_pass "IR dump: R gp -> $reg, both fields via $reg; compared with &node: no register"
  else wmm_fail "IR dump: $(grep -E 'R gp|p->' d.ir | tr '\n' '|') / $(grep -E 'R gp|p->' c.ir | tr '\n' '|')"; fi
else echo "(IR and specs checks skipped: $WMM_T_WHY)"; fi

# x86: nothing changes (tso keeps R->R), for every variant
if wmm_target x86; then
  same=0 n=0
  for v in base DEPS_RELEASE DEPS_RELAXED DEPS_NODEP DEPS_CMP DEPS_INTCAST DEPS_SAMETYPE; do
    build x86 none $v && build x86 addr $v
    n=$((n + 1))
    cmp -s x86-none-$v.s x86-addr-$v.s && ! grep -qE 'mfence|lock or' x86-addr-$v.s && same=$((same + 1))
  done
  [ $same = $n ] && wmm_pass "x86: the same assembly with and without deps=addr, no fence ($n variants)" ||
    wmm_fail "x86: $same of $n variants unchanged"
  # report and notes
  "$WMM_T_GCC" -O2 -S -o r.s -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps=addr \
    -fplugin-arg-wmmfence-verbose -fplugin-arg-wmmfence-report=r.json "$P" 2> r.txt
  "$WMM_T_GCC" -O2 -S -o r0.s -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-report=r0.json "$P"
  if grep -q '"deps": "addr",' r.json && ! grep -q '"deps"' r0.json &&
     grep -q 'note: wmmfence: deps=addr: 2 accesses have an address dependency on one of 1 pointer loads' r.txt; then
    wmm_pass "report: \"deps\": \"addr\" (absent by default), the verbose note counts 2 dependent accesses"
  else wmm_fail "report/note: $(grep deps r.json) $(head -n 2 r.txt)"; fi
  # errors name the option
  if "$WMM_T_GCC" -O2 -c -o o.o -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps=data "$P" 2> e.txt; then
    wmm_fail "deps=data compiled"
  elif grep -q "option '-fplugin-arg-wmmfence-deps': unknown value 'data' (none or addr)" e.txt; then
    wmm_pass "deps=data: an error naming the option"
  else wmm_fail "deps=data: $(head -n 2 e.txt)"; fi
  if "$WMM_T_GCC" -O2 -c -o o.o -fplugin="$WMM_T_PLUGIN" -fplugin-arg-wmmfence-deps "$P" 2> e.txt; then
    wmm_fail "deps without a value compiled"
  else grep -q "needs a value" e.txt && wmm_pass "deps without a value: an error" ||
    wmm_fail "deps without a value: $(head -n 2 e.txt)"; fi
else echo "(x86 checks skipped: $WMM_T_WHY)"; fi
