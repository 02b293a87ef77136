/* report_elf.c — the .wmm_records sections of ELF files with libelf: objects,
 * archives (each member), shared libraries and executables, of any class,
 * byte order and machine (a ppc64le object read on x86-64: the records'
 * header is little-endian whatever the target, and the section's bytes are
 * taken raw, untranslated).
 *
 * Example: wmmr_load_elf("libq.a", &set, &found, err, sizeof err)
 *   -> units with origin "libq.a(a.o)", "libq.a(b.o)"
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report_model.h"
#include "../runtime/wmmfence-report-format.h"

/* The records of one ELF image (origin names it in messages and units). */
static int load_image(Elf *e, const char *origin, wmmr_set *s, int *found,
                      char *err, size_t errsize)
{
  size_t shstrndx, image_size = 0;
  if (!elf_rawfile(e, &image_size)) {
    snprintf(err, errsize, "%s: %s", origin, elf_errmsg(-1));
    return -1;
  }
  if (elf_getshdrstrndx(e, &shstrndx) != 0) {
    snprintf(err, errsize, "%s: no section names: %s", origin,
             elf_errmsg(-1));
    return -1;
  }
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(e, scn)) != NULL) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) {
      snprintf(err, errsize, "%s: bad section header: %s", origin,
               elf_errmsg(-1));
      return -1;
    }
    const char *name = elf_strptr(e, shstrndx, sh.sh_name);
    if (!name || strcmp(name, WMMF_SECTION_NAME))
      continue;
    if (sh.sh_type == SHT_NOBITS)
      continue;   /* kept as a header only (objcopy --only-keep-debug) */
    if (sh.sh_offset > image_size || sh.sh_size > image_size - sh.sh_offset) {
      snprintf(err, errsize, "%s: section %s extends past the end of the "
               "file (offset %llu, size %llu, file %zu bytes)", origin,
               WMMF_SECTION_NAME, (unsigned long long)sh.sh_offset,
               (unsigned long long)sh.sh_size, image_size);
      return -1;
    }
    Elf_Data *d = elf_rawdata(scn, NULL);
    if (!d && sh.sh_size) {
      snprintf(err, errsize, "%s: cannot read %s: %s", origin,
               WMMF_SECTION_NAME, elf_errmsg(-1));
      return -1;
    }
    (*found)++;
    char msg[512];
    if (d && d->d_buf && d->d_size &&
        wmmr_parse_section(d->d_buf, d->d_size, origin, s, msg, sizeof msg)) {
      snprintf(err, errsize, "%s: section %s: %s", origin, WMMF_SECTION_NAME,
               msg);
      return -1;
    }
  }
  return 0;
}

int wmmr_load_elf(const char *path, wmmr_set *s, int *found,
                  char *err, size_t errsize)
{
  if (elf_version(EV_CURRENT) == EV_NONE) {
    snprintf(err, errsize, "libelf: %s", elf_errmsg(-1));
    return -1;
  }
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    snprintf(err, errsize, "cannot open: %s", strerror(errno));
    return -1;
  }
  int r = 0;
  Elf *top = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  if (!top || elf_kind(top) == ELF_K_NONE) {
    r = 1;
  } else if (elf_kind(top) == ELF_K_ELF) {
    char msg[768];
    r = load_image(top, path, s, found, msg, sizeof msg);
    if (r)   /* the message starts with the path already */
      snprintf(err, errsize, "%s", msg + strlen(path) + 2);
  } else if (elf_kind(top) == ELF_K_AR) {
    Elf_Cmd cmd = ELF_C_READ_MMAP;
    Elf *m;
    int nmembers = 0;
    while (r == 0 && (m = elf_begin(fd, cmd, top)) != NULL) {
      if (++nmembers > 1000000) {
        snprintf(err, errsize, "too many archive members");
        r = -1;
      }
      Elf_Arhdr *ah = elf_getarhdr(m);
      if (r == 0 && ah && elf_kind(m) == ELF_K_ELF) {
        char origin[512], msg[768];
        snprintf(origin, sizeof origin, "%s(%s)", path,
                 ah->ar_name ? ah->ar_name : "?");
        if (load_image(m, origin, s, found, msg, sizeof msg)) {
          /* drop "path" + ": " but keep "(member)" */
          size_t pl = strlen(path);
          snprintf(err, errsize, "%s", strncmp(msg, path, pl) ? msg
                                                             : msg + pl);
          r = -1;
        }
      }
      cmd = elf_next(m);
      elf_end(m);
    }
    /* The end of the members sets libelf's error too, so a cut archive
       is not told apart here: its whole members are read. */
  } else {
    r = 1;
  }
  if (top)
    elf_end(top);
  close(fd);
  return r;
}
