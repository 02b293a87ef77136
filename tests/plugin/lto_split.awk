# lto_split.awk — split a program of litmus2pthread.awk into one file per
# thread, for whole-program mode (tests/plugin/lto.sh).
#
# Usage: awk -v dir=DIR -f lto_split.awk IRIW.c
# writes DIR/glob.c (the locations and result globals, as defined), one
# DIR/Pk.c per thread function (`extern int` declarations of the globals,
# then the function) and DIR/main.c (the declarations, `extern void
# *Pk(void *);` for each thread, then main).  Every file keeps the
# program's header comment and #include lines.
# Example: IRIW.c (P0..P3) -> glob.c P0.c P1.c P2.c P3.c main.c
/^(\/\*| \*|#include)/ && !infn { head = head $0 "\n"; next }
/^int [A-Za-z_][A-Za-z0-9_]*( = [^;]*)?;$/ && !infn {
  defs = defs $0 "\n"
  name = $2; sub(/;$/, "", name)
  decls = decls "extern int " name ";\n"
  next
}
/^void \*P[0-9]+\(void \*arg\)$/ {
  fname = $2; sub(/^\*/, "", fname); sub(/\(.*/, "", fname)
  out = dir "/" fname ".c"; infn = 1
  threads = threads "extern void *" fname "(void *);\n"
  printf "%s%s\n%s\n", head, decls, $0 > out
  next
}
/^int main\(void\)$/ {
  out = dir "/main.c"; infn = 1
  printf "%s%s%s\n%s\n", head, decls, threads, $0 > out
  next
}
infn { print > out; if ($0 == "}") { close(out); infn = 0 }; next }
END { printf "%s%s", head, defs > (dir "/glob.c") }
