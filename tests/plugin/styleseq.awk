# styleseq.awk — every function of a GCC assembly file as a stream of the
# events that matter for memory ordering, one per line, for
# tests/unit/plugin_stylecheck (which finds the thread bodies in them).
#
# Usage: awk -v arch=x86|ppc|aarch64|arm -f styleseq.awk FILE.s FILE.s
# (the file twice: the first pass reads literal pools and TOC entries).
#
# Output, per function (NAME as in the assembly, e.g. mangled):
#   F NAME               a function starts
#   A R SYM | A W SYM    a load / store of the global SYM; SYM = ? when the
#                        address is not known (not a global, not the stack)
#   A R.acq SYM | A R.acqpc SYM | A W.rel SYM    aarch64 LDAR / LDAPR / STLR
#   M KIND               a fence: mfence, lock, sync, lwsync, isync, eieio,
#                        dmb ish, dmb ishld, dmb ishst, dmb, dmb st, dsb ..,
#                        isb (a locked x86 instruction is "M lock; A ..; M lock")
#   L LABEL              a label
#   J LABEL | JC LABEL   jump / conditional jump to a label (or, for J, a
#                        function: a tail call)
#   JI                   indirect jump (jump tables)
#   C NAME ARG           direct call of NAME; ARG is the global whose address
#                        is in the first argument register, or -
#   CI                   indirect call
#   RET                  return
#   E                    the function ends
# Addresses are followed through registers: x86 lea / GOTPCREL loads,
# aarch64 adrp+add / GOT loads, ppc addis+addi / TOC entries, arm
# movw/movt / literal pools; register copies propagate them, other writes
# and calls (caller-saved registers) forget them.  Accesses through the
# stack or frame pointer are left out.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function out(s) { print s }

# Canonical register name (x86: 64-bit name; aarch64: xN).
function creg(r) {
  r = trim(r)
  if (arch == "x86") {
    sub(/^%/, "", r)
    if (r ~ /^r[0-9]+[dwb]?$/) { sub(/[dwb]$/, "", r); return r }
    if (r ~ /^e?[abcd]x$/ || r ~ /^[abcd][lh]$/) return "r" substr(r, length(r) == 3 ? 2 : 1, 1) "x"
    if (r ~ /^e?(si|di|bp|sp)l?$/ || r ~ /^r(si|di|bp|sp)$/) {
      sub(/^[er]/, "", r); sub(/l$/, "", r); return "r" r
    }
    return r
  }
  if (arch == "aarch64") {
    if (r ~ /^[wx][0-9]+$/) return "x" substr(r, 2)
    if (r == "wsp") return "sp"
    return r
  }
  if (arch == "arm") {
    if (r == "ip") return "r12"
    if (r == "fp") return "r11"
    return r
  }
  return r
}

function is_frame(r) {
  if (arch == "x86") return r == "rsp" || r == "rbp"
  if (arch == "aarch64") return r == "sp" || r == "x29"
  if (arch == "ppc") return r == "1" || r == "31"
  return r == "sp" || r == "r7" || r == "r11"
}

function is_callee_saved(r,    n) {
  if (arch == "x86") return r ~ /^(rbx|rbp|rsp|r12|r13|r14|r15)$/
  if (arch == "aarch64") { n = substr(r, 2) + 0; return r == "sp" || (r ~ /^x/ && n >= 19 && n <= 29) }
  if (arch == "ppc") { n = r + 0; return r == "1" || r == "2" || n >= 14 }
  n = substr(r, 2) + 0
  return r == "sp" || (r ~ /^r/ && n >= 4 && n <= 11)
}

function arg_reg() {
  if (arch == "x86") return "rdi"
  if (arch == "aarch64") return "x0"
  if (arch == "ppc") return "3"
  return "r0"
}

# After a call: only callee-saved registers keep their addresses.
function forget_caller_saved(    r) {
  for (r in reg) if (!is_callee_saved(r)) delete reg[r]
}

function setreg(r, s) { r = creg(r); if (s == "") delete reg[r]; else reg[r] = s }
function copyreg(dst, src) { dst = creg(dst); src = creg(src); if (src in reg) reg[dst] = reg[src]; else delete reg[dst] }
function killreg(r) { delete reg[creg(r)] }

# Name of a called function: drop @PLT, (PLT), @notoc, +offsets.
function callee(s) { s = trim(s); sub(/@.*$/, "", s); sub(/\(PLT\)$/, "", s); return s }

function access(dir, sym) { out("A " dir " " sym) }

# The symbol of a base register: tracked global, "" for the frame, ? else.
function base_sym(r) {
  r = creg(r)
  if (r in reg) return reg[r] ~ /^(got|ha|page):/ ? "?" : reg[r]
  if (is_frame(r)) return ""
  return "?"
}

# Split AT&T / ARM operands on commas outside () and [] and {}.
function split_ops(s, parts,    n, i, c, depth, cur) {
  n = 0; depth = 0; cur = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "(" || c == "[" || c == "{") depth++
    if (c == ")" || c == "]" || c == "}") depth--
    if (c == "," && depth == 0) { parts[++n] = trim(cur); cur = ""; continue }
    cur = cur c
  }
  if (trim(cur) != "" || n > 0) parts[++n] = trim(cur)
  return n
}

# --------------------------------------------------------------- x86-64
# Memory operand's symbol: "" for the stack, ? unknown, or the global.
function x86_mem_sym(op,    m, r) {
  if (match(op, /[A-Za-z_.$][A-Za-z0-9_.$]*(\+[0-9]+)?\(%rip\)/)) {
    m = substr(op, RSTART, RLENGTH); sub(/(\+[0-9]+)?\(%rip\)$/, "", m)
    return m
  }
  if (match(op, /\(%[a-z0-9]+/)) { r = substr(op, RSTART + 1, RLENGTH - 1); return base_sym(r) }
  if (match(op, /\(,%[a-z0-9]+/)) return "?"
  return "?"
}

function x86_line(ins, ops,    parts, n, i, mem, s, dst, isreg) {
  if (ins == "notrack" || ins == "rep" || ins == "repz" || ins == "bnd") {
    ins = ops; sub(/[ \t].*$/, "", ins)
    if (index(ops, " ") || index(ops, "\t")) sub(/^[^ \t]+[ \t]+/, "", ops); else ops = ""
  }
  if (ins == "mfence") { out("M mfence"); return }
  if (ins == "lock") {
    ins = ops; sub(/[ \t].*$/, "", ins); sub(/^[^ \t]+[ \t]*/, "", ops)
    out("M lock")
    n = split_ops(ops, parts)
    for (i = 1; i <= n; i++) if (index(parts[i], "(")) {
      s = x86_mem_sym(parts[i])
      if (s != "") { access("R", s); access("W", s) }
    }
    out("M lock")
    if (n > 0 && parts[n] ~ /^%/) killreg(parts[n])
    return
  }
  if (ins ~ /^(endbr64|nop|leave|ud2|cltq|cqto|cltd)/) { if (ins ~ /^(cltq|cqto|cltd)$/) killreg("rax"); return }
  if (ins ~ /^ret/) { out("RET"); return }
  if (ins ~ /^call/) {
    if (ops ~ /^\*/) out("CI"); else out("C " callee(ops) " " (("rdi" in reg) && reg["rdi"] !~ /:/ ? reg["rdi"] : "-"))
    forget_caller_saved(); return
  }
  if (ins ~ /^jmp/) { if (ops ~ /^\*/) out("JI"); else out("J " callee(ops)); return }
  if (ins ~ /^j[a-z]+$/) { out("JC " ops); return }
  n = split_ops(ops, parts)
  if (ins ~ /^lea/) {
    s = ""
    if (match(parts[1], /[A-Za-z_.$][A-Za-z0-9_.$]*(\+[0-9]+)?\(%rip\)/)) s = x86_mem_sym(parts[1])
    setreg(parts[n], s); return
  }
  if (ins ~ /^mov/ && n == 2 && parts[1] ~ /@GOTPCREL\(%rip\)/) {
    s = parts[1]; sub(/@GOTPCREL.*$/, "", s); setreg(parts[2], s); return
  }
  if (ins ~ /^mov/ && n == 2 && parts[1] ~ /^%/ && parts[2] ~ /^%/) { copyreg(parts[2], parts[1]); return }
  if (ins ~ /^xchg/) {
    # GCC's seq_cst store: a locked swap, read here as a store between
    # two full fences (the value it reads is thrown away)
    for (i = 1; i <= n; i++) if (index(parts[i], "(")) {
      s = x86_mem_sym(parts[i])
      if (s != "") { out("M lock"); access("W", s); out("M lock") }
    }
    for (i = 1; i <= n; i++) if (parts[i] ~ /^%/) killreg(parts[i])
    return
  }
  # Memory operands: the destination (last operand) is written.
  for (i = 1; i <= n; i++) {
    if (!index(parts[i], "(") || parts[i] ~ /^\*/) continue
    s = x86_mem_sym(parts[i])
    if (s == "") continue
    dst = (i == n && n > 1)
    if (ins ~ /^(cmp|test|push|bt$|ucomis|comis)/) access("R", s)
    else if (ins ~ /^(mov|stos|set|cvt)/ && dst) access("W", s)
    else if (ins ~ /^(mov|cvt)/) access("R", s)
    else if (dst || n == 1) { access("R", s); access("W", s) }
    else access("R", s)
  }
  if (n > 0 && parts[n] ~ /^%/ && ins !~ /^(cmp|test|push|bt$|ucomis|comis)/) killreg(parts[n])
  if (ins ~ /^pop/ && n == 1) killreg(parts[1])
}

# --------------------------------------------------------------- ppc64le
function ppc_line(ins, ops,    parts, n, s, r, base, dir, i) {
  if (ins == "sync" || ins == "hwsync" || ins == "lwsync" || ins == "isync" || ins == "eieio") {
    out("M " (ins == "hwsync" ? "sync" : ins)); return
  }
  n = split(ops, parts, ",")
  for (i = 1; i <= n; i++) parts[i] = trim(parts[i])
  if (ins ~ /^b/) {
    if (ins == "blr") { out("RET"); return }
    if (ins ~ /^bl?ctrl?$/) { out(ins ~ /l$/ ? "CI" : "JI"); if (ins ~ /l$/) forget_caller_saved(); return }
    if (ins == "bl") { out("C " callee(parts[1]) " " (("3" in reg) && reg["3"] !~ /:/ ? reg["3"] : "-")); forget_caller_saved(); return }
    if (ins == "b") { out("J " callee(parts[1])); return }
    if (parts[n] ~ /^\$\+4$/) return      # the acquire idiom "bne- 7,$+4; isync"
    if (ins ~ /lr[+-]?$/) { out("JC .ret"); return }   # conditional return
    out("JC " parts[n]); return
  }
  if (ins == "addis" && index(ops, "@toc@ha")) { s = parts[3]; sub(/@.*$/, "", s); setreg(parts[1], "ha:" s); return }
  if (ins == "addi" && index(ops, "@toc@l")) { s = parts[3]; sub(/@.*$/, "", s); setreg(parts[1], s); return }
  if (ins == "mr") { copyreg(parts[1], parts[2]); return }
  if (ins == "ld" && index(ops, "@toc@l(")) {
    s = parts[2]; sub(/@.*$/, "", s)
    if (s in pool) { setreg(parts[1], pool[s]); return }
  }
  if (ins ~ /^(l[bhw][a-z]*|ld[a-z]*|lf[sd][a-z]*|st[bhwd][a-z.]*|stf[sd][a-z]*)$/ && ins !~ /^(li|lis)$/) {
    dir = ins ~ /^st/ ? "W" : "R"
    if (ins ~ /x\.?$/ || ins ~ /arx$/ || ins ~ /cx\.$/) {
      # X-form: (ra|0) + rb
      r = n == 3 ? parts[2] : ""
      s = (r != "" && r != "0") ? base_sym(r) : "?"
      if (s == "" && n == 3) s = base_sym(parts[3])
      if (s == "") s = "?"
      if (n == 3 && creg(parts[3]) in reg && s == "?") s = base_sym(parts[3])
    } else if (match(parts[2], /^[A-Za-z_.][A-Za-z0-9_.]*@toc@l\(/)) {
      s = parts[2]; sub(/@.*$/, "", s)
    } else if (match(parts[2], /\([0-9]+\)$/)) {
      base = substr(parts[2], RSTART + 1, RLENGTH - 2)
      s = base_sym(base)
    } else s = "?"
    if (s != "") access(dir, s)
    # A callee-saved register reloaded from the stack frame (base r1) is
    # an epilogue's restore: code laid out after it (blocks reached by
    # jumps) still sees the value the body gave it.
    if (dir == "R" && !(base == "1" && is_callee_saved(creg(parts[1])))) killreg(parts[1])
    return
  }
  if (ins ~ /^(cmp|tw|td|mt|dcb|icb)/) return
  if (n > 0 && parts[1] ~ /^[0-9]+$/) killreg(parts[1])
}

# --------------------------------------------------------------- aarch64
function a64_line(ins, ops,    parts, n, s, dir, fl, i) {
  if (ins == "dmb" || ins == "dsb" || ins == "isb") { out(trim("M " ins " " ops)); return }
  n = split_ops(ops, parts)
  if (ins == "ret") { out("RET"); return }
  if (ins == "bl") { out("C " callee(parts[1]) " " (("x0" in reg) && reg["x0"] !~ /:/ ? reg["x0"] : "-")); forget_caller_saved(); return }
  if (ins == "blr") { out("CI"); forget_caller_saved(); return }
  if (ins == "br") { out("JI"); return }
  if (ins == "b") { out("J " callee(parts[1])); return }
  if (ins ~ /^b\./ || ins ~ /^(cbz|cbnz|tbz|tbnz)$/) { out("JC " parts[n]); return }
  if (ins == "adrp") { s = parts[2]; sub(/^:got:/, "got:", s); if (s !~ /^got:/) s = "page:" s; setreg(parts[1], s); return }
  if (ins == "adr") { setreg(parts[1], parts[2]); return }
  if (ins == "add" && index(ops, ":lo12:")) { s = ops; sub(/^.*:lo12:/, "", s); setreg(parts[1], trim(s)); return }
  if (ins == "mov" && n == 2 && parts[2] ~ /^([wx][0-9]+|sp)$/) { copyreg(parts[1], parts[2]); return }
  if (ins == "ldr" && index(ops, ":got_lo12:")) { s = ops; sub(/^.*:got_lo12:/, "", s); sub(/\].*$/, "", s); setreg(parts[1], trim(s)); return }
  if (ins ~ /^(ld|st)/ && ops ~ /\[/) {
    dir = ins ~ /^st/ ? "W" : "R"
    fl = ""
    if (ins ~ /^ldapr/) fl = ".acqpc"
    else if (ins ~ /^lda/) fl = ".acq"
    else if (ins ~ /^stl/) fl = ".rel"
    if (match(ops, /:lo12:[A-Za-z_.$][A-Za-z0-9_.$]*/)) s = substr(ops, RSTART + 6, RLENGTH - 6)
    else { match(ops, /\[[a-z0-9]+/); s = base_sym(substr(ops, RSTART + 1, RLENGTH - 1)) }
    if (s != "") {
      if (ins ~ /^ldp|^stp/) { access(dir fl, s); access(dir fl, s) } else access(dir fl, s)
    }
    # (a callee-saved register reloaded from the frame is an epilogue's
    # restore, as on ppc: code laid out after it still sees the value)
    if (dir == "R") {
      fl = ops ~ /\[(sp|x29)/
      if (!(fl && is_callee_saved(creg(parts[1])))) killreg(parts[1])
      if (ins ~ /^ldp/ && !(fl && is_callee_saved(creg(parts[2])))) killreg(parts[2])
    }
    else if (ins ~ /^st[l]?xr/) killreg(parts[1])
    return
  }
  if (ins ~ /^(cmp|cmn|tst|prfm|hint|nop)/) return
  if (n > 0) killreg(parts[1])
}

# --------------------------------------------------------------- arm (thumb2/arm)
function arm_line(ins, ops,    parts, n, s, dir, lab, o, i, r, regs, k) {
  n = split_ops(ops, parts)
  if (ins == "dmb" || ins == "dsb" || ins == "isb") { out(trim("M " ins " " ops)); return }
  if (ins == "bx" && parts[1] == "lr") { out("RET"); return }
  if (ins ~ /^bx/ ) { out("JI"); return }
  if (ins ~ /^blx/) { out("CI"); forget_caller_saved(); return }
  if (ins == "bl") { out("C " callee(parts[1]) " " (("r0" in reg) && reg["r0"] !~ /:/ ? reg["r0"] : "-")); forget_caller_saved(); return }
  if (ins ~ /^(b|b\.w|b\.n)$/) { out("J " callee(parts[1])); return }
  if (ins ~ /^b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.[wn])?$/ || ins ~ /^cbn?z$/) { out("JC " parts[n]); return }
  if (ins ~ /^(pop|ldm)/) {
    s = ops; sub(/^[^{]*\{/, "", s); sub(/\}.*$/, "", s)
    k = split(s, regs, ",")
    # (callee-saved registers popped are an epilogue's restore: kept)
    for (i = 1; i <= k; i++) { r = trim(regs[i]); if (r == "pc") { out("RET"); return } if (!is_callee_saved(creg(r)) || ins !~ /^pop/) killreg(r) }
    return
  }
  if (ins ~ /^(push|stm)/) return
  if (ins ~ /^it[te]*$/) {
    # the next length(ins) - 1 instructions are conditional: one path
    # runs them all, one skips them all (the weaker, for fences)
    nit++; out("JC .Lit" nit); itleft = length(ins) - 1
    return
  }
  if (ins == "movw" && index(ops, ":lower16:")) { s = ops; sub(/^.*:lower16:/, "", s); setreg(parts[1], trim(s)); return }
  if (ins == "movt") return
  if (ins == "add" && n == 2 && parts[2] == "pc") return
  if (ins == "mov" && n == 2 && parts[2] ~ /^(r[0-9]+|ip|fp|sp|lr)$/) { copyreg(parts[1], parts[2]); return }
  if (ins ~ /^ldr/ && match(ops, /\.L[A-Za-z0-9_]+(\+[0-9]+)?$/)) {
    lab = substr(ops, RSTART, RLENGTH); o = 0
    if (index(lab, "+")) { o = substr(lab, index(lab, "+") + 1) + 0; sub(/\+.*/, "", lab) }
    if ((lab, o) in pool) setreg(parts[1], pool[lab, o]); else killreg(parts[1])
    return
  }
  if (ins ~ /^(ldr|ldrex|lda|ldaex|str|strex|stl|stlex)[bhd]?(\.[wn])?$/ || ins ~ /^ldrs[bh]$/) {
    dir = ins ~ /^st/ ? "W" : "R"
    match(ops, /\[[a-z0-9]+/); r = creg(substr(ops, RSTART + 1, RLENGTH - 1))
    if ((r in reg) && reg[r] ~ /^got:/) {
      # a load of a GOT entry: the register then holds the global's address
      s = reg[r]; sub(/^got:/, "", s)
      if (dir == "R") { setreg(parts[1], s); return }
    }
    s = base_sym(r)
    if (s != "") { access(dir, s); if (ins ~ /d(\.[wn])?$/) access(dir, s) }
    if (dir == "R") { killreg(parts[1]); if (ins ~ /^ldrd/) killreg(parts[2]) }
    else if (ins ~ /^st[lr]*ex/) killreg(parts[1])
    return
  }
  if (ins ~ /^(cmp|cmn|tst|teq|nop)/) return
  if (n > 0) killreg(parts[1])
}

# ------------------------------------------------------------- first pass
# arm literal pools ".Lk: .word SYM-(...)"; ppc TOC entries ".LCk: .tc SYM[TC],SYM"
# or ".quad SYM"; the functions (.type NAME, @function / %function).
NR == FNR {
  if ($1 == ".type" && ($0 ~ /@function/ || $0 ~ /%function/)) {
    s = $2; sub(/,.*$/, "", s); isfn[s] = 1
  }
  if ($0 ~ /^\.L[A-Za-z0-9_]+:/) { curpool = $0; sub(/:.*/, "", curpool); off = 0; next }
  if (curpool != "" && $1 == ".word") {
    w = $2
    if (w ~ /\(GOT/) { sub(/\(.*$/, "", w); w = "got:" w } else sub(/[-+(].*$/, "", w)
    pool[curpool, off] = w; off += 4; next
  }
  if (curpool != "" && $1 == ".tc") { w = $2; sub(/[\[,].*$/, "", w); pool[curpool] = w; curpool = ""; next }
  if (curpool != "" && $1 == ".quad") { w = $2; sub(/[-+(].*$/, "", w); pool[curpool] = w; curpool = ""; next }
  curpool = ""
  next
}

# ------------------------------------------------------------ second pass
function endfn() { if (infn) out("E"); infn = 0 }

{
  line = $0
  # a label: "NAME:" (maybe followed by an instruction on ppc "0: addis ...")
  if (match(line, /^[A-Za-z0-9_.$]+:/)) {
    lab = substr(line, 1, RLENGTH - 1)
    line = substr(line, RLENGTH + 1)
    if (lab in isfn) { endfn(); infn = 1; fname = lab; delete reg; out("F " lab) }
    else if (infn) out("L " lab)
  }
  if (!infn) next
  if (line ~ /^[ \t]*\.(size|cfi_endproc)/) { endfn(); next }
  if (line ~ /^[ \t]*(\.|#|@|\/\/|$)/) next   # directives, comments
  line = trim(line)
  if (arch == "arm") sub(/[ \t]+@.*$/, "", line)
  else if (arch == "aarch64") sub(/[ \t]*\/\/.*$/, "", line)
  else sub(/[ \t]+#.*$/, "", line)
  if (line == "") next
  ins = line; sub(/[ \t].*$/, "", ins)
  ops = line; if (index(ops, " ") || index(ops, "\t")) { sub(/^[^ \t]+[ \t]+/, "", ops); ops = trim(ops) } else ops = ""
  if (arch == "x86") x86_line(ins, ops)
  else if (arch == "ppc") ppc_line(ins, ops)
  else if (arch == "aarch64") a64_line(ins, ops)
  else if (arch == "arm") {
    arm_line(ins, ops)
    if (ins !~ /^it[te]*$/ && itleft > 0 && --itleft == 0) out("L .Lit" nit)
  }
}
END { endfn() }
