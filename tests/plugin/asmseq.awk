# asmseq.awk — the memory accesses and fences of the thread functions P0, P1,
# ... of a GCC assembly file, in the order they appear.
#
# Usage: awk -v arch=x86|ppc|aarch64|arm -f asmseq.awk FILE.s FILE.s
# (the file twice: the first pass reads ARM literal pools).
# Output, one line per thread function:
#   P0: W x; F lwsync; W y
#   P1: R y; F lwsync; R x; W out_1_r0; W out_1_r1
# Accesses are named by the global symbol they address (compile with
# -fno-section-anchors); fences by their mnemonic (mfence, lock, sync,
# lwsync, isync, eieio, dmb ish, dmb ishld, dmb ishst, ...).

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

function emit(item) { seq = seq (seq == "" ? "" : "; ") item }

# Symbol in an operand text, with relocation decorations removed.
function symbol_of(s,    m) {
  if (match(s, /:lo12:[A-Za-z_][A-Za-z0-9_.]*/))
    return substr(s, RSTART + 6, RLENGTH - 6)
  if (match(s, /[A-Za-z_][A-Za-z0-9_.]*@toc@l/))
    return substr(s, RSTART, RLENGTH - 6)
  if (match(s, /[A-Za-z_][A-Za-z0-9_.]*(\+[0-9]+)?\(%rip\)/)) {
    m = substr(s, RSTART, RLENGTH); sub(/(\+[0-9]+)?\(%rip\)$/, "", m)
    return m
  }
  return ""
}

# Base register of a memory operand "[r3]", "[x1, #4]", "0(9)".
function base_reg(s) {
  if (match(s, /\[[a-z0-9]+/)) return substr(s, RSTART + 1, RLENGTH - 1)
  if (match(s, /\([0-9]+\)/)) return substr(s, RSTART + 1, RLENGTH - 2)
  return ""
}

function fence_line(ins, ops) {
  if (ins == "mfence") { emit("F mfence"); return 1 }
  if (ins == "lock") { emit("F lock"); return 1 }
  if (ins == "sync" || ins == "hwsync" || ins == "lwsync" || ins == "isync" || ins == "eieio") {
    emit("F " (ins == "hwsync" ? "sync" : ins)); return 1
  }
  if (ins == "dmb" || ins == "dsb" || ins == "isb") {
    emit("F " trim(ins " " ops)); return 1
  }
  return 0
}

# First pass: literal pools ".Lk: .word SYM-(...)" -> pool[".Lk", offset].
NR == FNR {
  if ($0 ~ /^\.L[A-Za-z0-9_]+:/) { curpool = $0; sub(/:.*/, "", curpool); off = 0; next }
  if (curpool != "" && $1 == ".word") {
    w = $2; sub(/[-+(].*$/, "", w)
    pool[curpool, off] = w; off += 4; next
  }
  curpool = ""
  next
}

# Second pass.
/^P[0-9]+:/ {
  fn = $0; sub(/:.*/, "", fn); infn = 1; seq = ""; delete reg; next
}
infn && ($0 ~ /^\t\.cfi_endproc/ || $0 ~ /^\t\.size\t/ || $0 ~ /^[A-Za-z_][A-Za-z0-9_]*:/) {
  print fn ": " seq; infn = 0
  if ($0 ~ /^P[0-9]+:/) { fn = $0; sub(/:.*/, "", fn); infn = 1; seq = ""; delete reg }
  next
}
!infn { next }
/^[ \t]*[#@\/.]/ || /^\.L/ || /^[0-9]+:/ { next }
{
  line = $0; sub(/^[0-9]+:/, "", line)
  line = trim(line)
  if (line == "") next
  ins = line; sub(/[ \t].*$/, "", ins)
  ops = line; if (index(ops, " ") || index(ops, "\t")) sub(/^[^ \t]+[ \t]+/, "", ops); else ops = ""
  if (fence_line(ins, ops)) next
  if (arch == "x86") {
    s = symbol_of(ops)
    if (ins ~ /^lea/ && s != "") { n = split(ops, parts, ","); reg[trim(parts[n])] = s; next }
    if (s == "" && match(ops, /\(%[a-z0-9]+\)/)) {
      r = substr(ops, RSTART + 1, RLENGTH - 2)
      if (r in reg) {
        s = reg[r]
        n = split(ops, parts, ",")
        isdst = index(parts[n], "(" r ")") > 0
        if (ins ~ /^mov/) emit((isdst ? "W " : "R ") s)
        else { emit("R " s); if (isdst) emit("W " s) }
      }
      next
    }
    if (s == "") next
    n = split(ops, parts, ",")
    isdst = index(parts[n], "(%rip)") > 0
    if (ins ~ /^mov/) emit((isdst ? "W " : "R ") s)
    else { emit("R " s); if (isdst) emit("W " s) }
    next
  }
  if (arch == "ppc") {
    if (ins ~ /^addi$/ && index(ops, "@toc@l")) { split(ops, parts, ","); reg[parts[1]] = symbol_of(ops); next }
    if (ins ~ /^addis$/) next
    if (ins ~ /^(l[bhwd][a-z]*|lwa|ld)$/ || ins ~ /^st[bhwd][a-z]*$/) {
      s = symbol_of(ops)
      if (s == "") { r = base_reg(ops); s = (r in reg) ? reg[r] : "" }
      if (s != "") emit((ins ~ /^st/ ? "W " : "R ") s)
    }
    next
  }
  if (arch == "aarch64") {
    if (ins == "add" && index(ops, ":lo12:")) { split(ops, parts, ","); reg[trim(parts[1])] = symbol_of(ops); next }
    if (ins ~ /^(ldr|ldar|ldapr|ldxr|ldaxr)[bhw]?$/ || ins ~ /^(str|stlr|stxr|stlxr)[bhw]?$/ || ins == "stp" || ins == "ldp") {
      s = symbol_of(ops)
      if (s == "") { r = base_reg(ops); s = (r in reg) ? reg[r] : "" }
      if (s != "") emit((ins ~ /^st/ ? "W " : "R ") s)
    }
    next
  }
  if (arch == "arm") {
    split(ops, parts, ",")
    r0 = trim(parts[1])
    if (ins == "movw" && index(ops, ":lower16:")) { s = ops; sub(/^.*:lower16:/, "", s); reg[r0] = trim(s); next }
    if (ins == "movt" || (ins == "add" && trim(parts[2]) == "pc")) next
    if (ins == "ldr" && match(ops, /\.L[A-Za-z0-9_]+(\+[0-9]+)?$/)) {
      lab = substr(ops, RSTART, RLENGTH); o = 0
      if (index(lab, "+")) { o = substr(lab, index(lab, "+") + 1) + 0; sub(/\+.*/, "", lab) }
      if ((lab, o) in pool) reg[r0] = pool[lab, o]; else delete reg[r0]
      next
    }
    if (ins ~ /^(ldr|ldrex|lda)[bh]?$/ || ins ~ /^(str|strex|stl)[bh]?$/) {
      r = base_reg(ops)
      if (r in reg) emit((ins ~ /^st/ ? "W " : "R ") reg[r])
      else if (ins ~ /^ldr/) delete reg[r0]
      next
    }
    if (r0 in reg && ins !~ /^(cmp|tst|str)/) delete reg[r0]
    next
  }
}
END { if (infn) print fn ": " seq }
