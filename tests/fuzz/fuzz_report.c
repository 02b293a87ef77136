/* fuzz_report.c — libFuzzer harness over wmmfence-report's readers: an
 * input that starts like an ELF file or an archive goes through libelf
 * (wmmr_load_file on a temporary file), any other through the .wmm_records
 * record parser (wmmr_parse_section).  Whatever parses is written in the
 * four output formats and compared with itself, which must give no diff.
 *
 * Example: make fuzz-report && tests/fuzz/fuzz-report -max_total_time=300 \
 *            fuzz-work/report-corpus $SRCDIR/tests/report/crashers
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report_model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  wmmr_set s = {0};
  char err[1024];
  int r;
  if (size >= 4 && (!memcmp(data, "\177ELF", 4) ||
                    (size >= 8 && !memcmp(data, "!<arch>\n", 8)))) {
    char path[] = "/tmp/fuzz-report-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
      return 0;
    if (write(fd, data, size) != (ssize_t)size) {
      close(fd);
      unlink(path);
      return 0;
    }
    close(fd);
    r = wmmr_load_file(path, &s, err, sizeof err);
    unlink(path);
  } else
    r = wmmr_parse_section(data, size, "fuzz", &s, err, sizeof err);
  if (r == 0) {
    FILE *null = fopen("/dev/null", "w");
    if (null) {
      for (int f = WMMR_TEXT; f <= WMMR_MARKDOWN; f++)
        wmmr_write(null, &s, (wmmr_format)f);
      int nremoved;
      if (wmmr_diff(null, &s, &s, &nremoved) != 0)
        abort();   /* a set must equal itself */
      fclose(null);
    }
  } else if (!err[0])
    abort();       /* every error says why */
  wmmr_set_free(&s);
  return 0;
}
