/* report_load.c — read a file given to wmmfence-report: an ELF file (object,
 * archive, shared library, executable) or a JSON report of the plugin,
 * told apart by their first bytes.
 *
 * Example: wmmr_load_file("libq.so", &set, err, sizeof err)
 *   -> 1 and err = "no wmmfence records (...)" for a stripped library
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report_model.h"

/* Read path's units; on an error, none of them stays in *s. */
static int load(const char *path, wmmr_set *s, char *err, size_t errsize)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errsize, "cannot open: %s", strerror(errno));
    return -1;
  }
  int c;
  do
    c = getc(f);
  while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
  fclose(f);
  if (c == '{')
    return wmmr_load_json(path, s, err, errsize);
  int found = 0;
  int r = wmmr_load_elf(path, s, &found, err, errsize);
  if (r == 1) {
    snprintf(err, errsize, "not an ELF file, archive or JSON report");
    return -1;
  }
  if (r == 0 && !found) {
    snprintf(err, errsize, "no wmmfence records (not compiled with the "
             "wmmfence plugin, or the .wmm_records section was removed, e.g. by "
             "strip --remove-section=.wmm_records or a strip that drops "
             "non-allocated sections)");
    return 1;
  }
  return r;
}

int wmmr_load_file(const char *path, wmmr_set *s, char *err, size_t errsize)
{
  int before = s->nunits;
  int r = load(path, s, err, errsize);
  if (r != 0) {
    while (s->nunits > before)
      wmmr_unit_free(&s->units[--s->nunits]);
  }
  return r;
}
