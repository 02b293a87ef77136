# gen.awk — fill a style template with the threads of a C litmus test.
#
# Usage: awk -v tmpl=TEMPLATE -f gen.awk tests/corpus/c/SB.litmus > prog.c
#
# The litmus test must use plain `*loc = V;` stores and `int rN = *loc;`
# loads (the critical cycles of tests/corpus/c/).  The template is the
# program in one style of starting threads and accessing memory; these
# markers are replaced (see README.md next to this file):
#   @NAME@ the test's name      @N@ its number of threads
#   @L@ line        the line once per location, @LOC@ = its name
#   @R@ line        the line once per result variable, @RES@ = out_K_rN
#   @T@ line        the line once per thread K = 0..N-1 (@K@ = K)
#   @T1@ line       the line once per thread K = 1..N-1
#   @BEGIN_T@ ... @END_T@     the lines between, once per thread
#   @BEGIN_T1@ ... @END_T1@   the lines between, once per thread K >= 1
#   @BODY@          (alone on a line) thread K's accesses, then its loads
#                   copied to the result variables, indented like @BODY@
#   @BODY0@         the same for thread 0
#   @PRINT@         (alone on a line) printf of the results and whether
#                   the test's exists-condition held
#   @ACCESS=plain|cxx_atomic|c11_wrap|retry|cxx_retry@   (alone on a line, not
#                   printed) how a thread loads and stores a location:
#                   plain:      x = 1;  int r0 = y;
#                   cxx_atomic: x.store(1, std::memory_order_relaxed); ...
#                   c11_wrap:   st(&x, 1, memory_order_relaxed); ...
#                   retry:      plain, each run of loads in a loop that
#                               repeats while the first reads 9 (never):
#                               int r0, r1; do { r0 = y; r1 = x; }
#                               while (r0 == 9);
#                   cxx_retry:  cxx_atomic, loads in such loops:
#                               ... r0 = y.load(std::memory_order_relaxed); ...
# Exit status 2 (and a message) on a test or template it cannot handle.

function fail(msg) {
  printf "gen.awk: %s\n", msg > "/dev/stderr"
  failed = 1
  exit 2
}

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

function addloc(l) { if (!(l in isloc)) { isloc[l] = 1; locs[nlocs++] = l } }

# One statement of a thread in the template's access style.
function store(l, v) {
  if (access == "cxx_atomic" || access == "cxx_retry")
    return l ".store(" v ", std::memory_order_relaxed);"
  if (access == "c11_wrap") return "st(&" l ", " v ", memory_order_relaxed);"
  return l " = " v ";"
}
function load(r, l) {
  if (access == "cxx_atomic") return "int " r " = " l ".load(std::memory_order_relaxed);"
  if (access == "c11_wrap") return "int " r " = ld(&" l ", memory_order_relaxed);"
  return "int " r " = " l ";"
}

# Access style retry: each run of thread t's loads becomes one statement,
# a loop that repeats while the run's first load reads 9 (no test stores
# 9): a retry loop whose iterations but the last change nothing.
function retry_loops(t,    k, j, m, n, w, decl, loop, first) {
  n = 0
  for (k = 0; k < nst[t]; k = j) {
    if (stmt[t, k] !~ /^@LOAD /) { out[n++] = stmt[t, k]; j = k + 1; continue }
    decl = ""; loop = ""; first = ""
    for (j = k; j < nst[t] && stmt[t, j] ~ /^@LOAD /; j++) {
      split(stmt[t, j], w, " ")
      decl = decl (decl == "" ? "" : ", ") w[2]
      loop = loop " " w[2] " = " w[3] \
             (access == "cxx_retry" ? ".load(std::memory_order_relaxed)" : "") ";"
      if (first == "") first = w[2]
    }
    out[n++] = "@RAW int " decl "; do {" loop " } while (" first " == 9);"
  }
  for (m = 0; m < n; m++) stmt[t, m] = out[m]
  nst[t] = n
}

# Thread t's body, each line prefixed with ind.
function body(t, ind,    s, k) {
  s = ""
  for (k = 0; k < nst[t]; k++) s = s ind stmt[t, k] "\n"
  for (k = 0; k < nregs[t]; k++)
    s = s ind "out_" t "_" regs[t, k] " = " regs[t, k] ";\n"
  return s
}

# The condition: "0:r0=0 /\ 1:r0=0" -> C expression over the results.
function condition(s,    out, n, i, parts, a, lhs, rhs, p) {
  gsub(/[()]/, "", s)
  n = split(s, parts, /\/\\/)
  out = ""
  for (i = 1; i <= n; i++) {
    a = trim(parts[i])
    if (a ~ /\\\//) fail("only conjunctions in the condition")
    p = index(a, "=")
    lhs = trim(substr(a, 1, p - 1)); rhs = trim(substr(a, p + 1))
    if (lhs !~ /^[0-9]+:r[0-9]+$/) fail("condition atom '" a "' is not on a register")
    sub(/:/, "_", lhs)
    out = out (out == "" ? "" : " && ") "out_" lhs " == " rhs
  }
  return out
}

function subst(line, k) {
  gsub(/@K@/, k, line); gsub(/@N@/, nthreads, line); gsub(/@NAME@/, name, line)
  return line
}

# Expand one template line for thread k (k < 0: outside any thread block).
function expand(line, k,    ind, i, fmt, args, t, s, first) {
  if (line ~ /^[ \t]*@BODY@[ \t]*$/ || line ~ /^[ \t]*@BODY0@[ \t]*$/) {
    ind = line; sub(/@.*/, "", ind)
    if (line ~ /@BODY0@/) k = 0
    if (k < 0) fail("@BODY@ outside @BEGIN_T@ ... @END_T@")
    printf "%s", body(k, ind)
    return
  }
  if (line ~ /^[ \t]*@PRINT@[ \t]*$/) {
    ind = line; sub(/@.*/, "", ind)
    fmt = name ":"; args = ""
    for (t = 0; t < nthreads; t++)
      for (i = 0; i < nregs[t]; i++) {
        fmt = fmt " " t ":" regs[t, i] "=%d"
        args = args ", out_" t "_" regs[t, i]
      }
    printf "%sprintf(\"%s exists=%%d\\n\"%s, (int)(%s));\n", ind, fmt, args, cond
    return
  }
  if (line ~ /^@L@/) {
    for (i = 0; i < nlocs; i++) { s = substr(line, 4); gsub(/@LOC@/, locs[i], s); print subst(s, k) }
    return
  }
  if (line ~ /^@R@/) {
    for (t = 0; t < nthreads; t++)
      for (i = 0; i < nregs[t]; i++) {
        s = substr(line, 4); gsub(/@RES@/, "out_" t "_" regs[t, i], s); print subst(s, k)
      }
    return
  }
  if (line ~ /^@T1?@/) {
    first = line ~ /^@T1@/ ? 1 : 0
    s = line; sub(/^@T1?@/, "", s)
    for (t = first; t < nthreads; t++) print subst(s, t)
    return
  }
  print subst(line, k)
}

BEGIN { nlocs = 0; nthreads = 0; inthread = 0; access = "plain"; cond = "" }

FNR == 1 {
  if ($1 != "C") fail(FILENAME ": not a C litmus test")
  name = $2
  next
}

/^P[0-9]+[ \t]*\(/ {
  match($0, /^P[0-9]+/)
  tid = substr($0, 2, RLENGTH - 1) + 0
  if (tid != nthreads) fail(FILENAME ": threads must be P0, P1, ... in order")
  inthread = 1; nst[tid] = 0; nregs[tid] = 0
  next
}

inthread && /^[ \t]*\}[ \t]*$/ { inthread = 0; nthreads++; next }

inthread {
  st = trim($0)
  if (st == "") next
  if (st ~ /^int[ \t]+r[0-9]+[ \t]*=[ \t]*\*[A-Za-z_][A-Za-z0-9_]*[ \t]*;$/) {
    reg = st; sub(/^int[ \t]+/, "", reg); sub(/[ \t]*=.*$/, "", reg)
    l = st; sub(/^[^*]*\*/, "", l); sub(/[ \t]*;$/, "", l)
    addloc(l)
    stmt[tid, nst[tid]++] = "@LOAD " reg " " l
    regs[tid, nregs[tid]++] = reg
    next
  }
  if (st ~ /^\*[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*-?[0-9]+[ \t]*;$/) {
    l = st; sub(/^\*/, "", l); sub(/[ \t]*=.*$/, "", l)
    v = st; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*;$/, "", v)
    addloc(l)
    stmt[tid, nst[tid]++] = "@STORE " l " " v
    next
  }
  fail(FILENAME ":" FNR ": unsupported statement '" st "'")
}

/^exists/ {
  s = $0; sub(/^exists[ \t]*/, "", s)
  cond = condition(s)
  next
}

END {
  if (failed) exit 2
  if (nthreads == 0) fail("no threads")
  if (cond == "") fail("no exists-condition")
  if (tmpl == "") fail("no template (-v tmpl=FILE)")
  n = 0
  while ((getline line < tmpl) > 0) tl[n++] = line
  if (n == 0) fail(tmpl ": empty or unreadable")
  for (i = 0; i < n; i++)
    if (tl[i] ~ /^@ACCESS=[a-z_0-9]+@[ \t]*$/) {
      access = tl[i]; sub(/^@ACCESS=/, "", access); sub(/@.*/, "", access)
    }
  if (access != "plain" && access != "cxx_atomic" && access != "c11_wrap" &&
      access != "retry" && access != "cxx_retry")
    fail(tmpl ": unknown access style '" access "'")
  if (access == "retry" || access == "cxx_retry")
    for (t = 0; t < nthreads; t++)
      retry_loops(t)
  # Statements in the access style.
  for (t = 0; t < nthreads; t++)
    for (k = 0; k < nst[t]; k++) {
      split(stmt[t, k], w, " ")
      stmt[t, k] = w[1] == "@RAW" ? substr(stmt[t, k], 6) \
                   : w[1] == "@LOAD" ? load(w[2], w[3]) : store(w[2], w[3])
    }
  for (i = 0; i < n; i++) {
    line = tl[i]
    if (line ~ /^@ACCESS=/) continue
    if (line ~ /^@BEGIN_T1?@[ \t]*$/) {
      first = line ~ /T1/ ? 1 : 0
      for (j = i + 1; j < n && tl[j] !~ /^@END_T1?@[ \t]*$/; j++) ;
      if (j == n) fail(tmpl ": @BEGIN_T@ without @END_T@")
      for (t = first; t < nthreads; t++)
        for (m = i + 1; m < j; m++) expand(tl[m], t)
      i = j
      continue
    }
    expand(line, -1)
  }
}
