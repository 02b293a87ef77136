/* cmd_print.c — `wmmfence-litmus print`: parse litmus tests and print them
 * back in their own syntax (--ir: a readable dump of the IR instead;
 * --roundtrip: check that printing is stable, for the test suite).
 *
 * Example: wmmfence-litmus print --ir tests/corpus/ppc/MP+lwsync+addr.litmus
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "litmus/litmus.h"

static void usage(FILE *f)
{
  fprintf(f,
          "usage: wmmfence-litmus print [--ir | --roundtrip] FILE...\n\n"
          "Parse each litmus test and print it back in its own syntax.\n"
          "  --ir         print a readable dump of the program IR instead\n"
          "  --roundtrip  check that print(parse(FILE)) parses to the same IR\n"
          "               and prints to the same bytes; prints one line per\n"
          "               failure and a summary; exit 1 if any is unstable\n"
          "Exit status: 0 success, 1 unstable round trip, 2 bad usage or a\n"
          "file that does not parse (message FILE:LINE: ...).\n");
}

static void report(const wmm_error *e)
{
  if (e->line > 0)
    fprintf(stderr, "%s:%d: %s\n", e->file, e->line, e->msg);
  else
    fprintf(stderr, "%s: %s\n", e->file, e->msg);
}

/* 0 stable, 1 unstable (reason printed), 2 error. */
static int roundtrip(const char *path, const wmm_program *p)
{
  wmm_strbuf t1 = WMM_STRBUF_INIT, t2 = WMM_STRBUF_INIT;
  wmm_strbuf d1 = WMM_STRBUF_INIT, d2 = WMM_STRBUF_INIT;
  wmm_program *q = NULL;
  wmm_error e;
  int rc = 0;
  char name[300];
  snprintf(name, sizeof name, "%s(printed)", path);
  if (wmm_litmus_print(p, &t1, &e) < 0) {
    report(&e);
    rc = 2;
    goto out;
  }
  if (wmm_litmus_parse(wmm_strbuf_str(&t1), t1.len, name, &q, &e) < 0) {
    printf("FAIL: %s: the printed test does not parse: line %d: %s\n", path,
           e.line, e.msg);
    rc = 1;
    goto out;
  }
  wmm_litmus_dump(p, WMM_DUMP_NO_POS, &d1);
  wmm_litmus_dump(q, WMM_DUMP_NO_POS, &d2);
  if (d1.len != d2.len || memcmp(wmm_strbuf_str(&d1), wmm_strbuf_str(&d2),
                                 d1.len) != 0) {
    printf("FAIL: %s: the printed test parses to a different IR\n", path);
    rc = 1;
    goto out;
  }
  if (wmm_litmus_print(q, &t2, &e) < 0) {
    report(&e);
    rc = 2;
    goto out;
  }
  if (t1.len != t2.len || memcmp(wmm_strbuf_str(&t1), wmm_strbuf_str(&t2),
                                 t1.len) != 0) {
    printf("FAIL: %s: printing is not byte-stable\n", path);
    rc = 1;
  }
out:
  wmm_program_free(q);
  wmm_strbuf_free(&t1);
  wmm_strbuf_free(&t2);
  wmm_strbuf_free(&d1);
  wmm_strbuf_free(&d2);
  return rc;
}

int cmd_print(int argc, char **argv)
{
  int ir = 0, rt = 0, first = 1;
  for (; first < argc && argv[first][0] == '-'; first++) {
    if (!strcmp(argv[first], "--help") || !strcmp(argv[first], "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(argv[first], "--ir"))
      ir = 1;
    else if (!strcmp(argv[first], "--roundtrip"))
      rt = 1;
    else if (!strcmp(argv[first], "--")) {
      first++;
      break;
    } else {
      fprintf(stderr, "wmmfence-litmus print: unknown option '%s'\n",
              argv[first]);
      usage(stderr);
      return 2;
    }
  }
  if (first >= argc || (ir && rt)) {
    usage(stderr);
    return 2;
  }
  int status = 0, stable = 0, unstable = 0, bad = 0;
  for (int i = first; i < argc; i++) {
    wmm_program *p;
    wmm_error e;
    if (wmm_litmus_parse_file(argv[i], &p, &e) < 0) {
      report(&e);
      status = 2;
      bad++;
      continue;
    }
    if (rt) {
      int r = roundtrip(argv[i], p);
      if (r == 0)
        stable++;
      else if (r == 1)
        unstable++;
      else {
        bad++;
        status = 2;
      }
    } else {
      wmm_strbuf out = WMM_STRBUF_INIT;
      if (ir)
        wmm_litmus_dump(p, 0, &out);
      else if (wmm_litmus_print(p, &out, &e) < 0) {
        report(&e);
        status = 2;
      }
      if (out.failed) {
        fprintf(stderr, "%s: out of memory\n", argv[i]);
        status = 2;
      } else if (out.len)
        fwrite(out.data, 1, out.len, stdout);
      wmm_strbuf_free(&out);
    }
    wmm_program_free(p);
  }
  if (rt) {
    printf("roundtrip: %d files, %d stable, %d unstable, %d errors\n",
           argc - first, stable, unstable, bad);
    if (status == 0 && unstable)
      status = 1;
  }
  if (fflush(stdout) != 0) {
    fprintf(stderr, "wmmfence-litmus print: write error\n");
    return 2;
  }
  return status;
}
