/* wmmfence-report-format.h — the fence records the plugin writes into every
 * object it compiles, and that `wmmfence-report` reads back from objects,
 * archives, shared libraries and executables of any target.  Shared by the
 * plugin (C++, plugin/section.cc) and the reader (C, tools/report_*.c).
 *
 * Example (x86-64 object compiled with -fwmm-arch=power):
 *   readelf -x .wmm_records mp.o   ->  "WMMFENCE" 01 00 00 00 <len> "unit\tmp.c\n..."
 *   wmmfence-report list mp.o   ->  mp.c: P0: lwsync at mp.c:6:6 ...
 *
 * Section.  The records live in a section named WMMF_SECTION_NAME (a name
 * with no fence mnemonic in it: ".wmmfence" would match every `grep
 * mfence` over the assembler output), of type
 * SHT_PROGBITS with no flags: not allocated, so it takes no memory at run
 * time and no space in any loaded segment.  The linker (ld -r, ld, ld
 * -shared) concatenates the sections of its inputs, so an archive member,
 * a shared library and an executable carry one record per object that went
 * into it.  GNU `strip` and `objcopy --strip-all` keep the section (they
 * remove symbols and debug sections; checked with binutils 2.40); it goes
 * with `strip --remove-section=.wmm_records` or `objcopy -R .wmm_records`, and a
 * strip that drops every non-allocated section must be told to keep it
 * (GNU strip: `--keep-section=.wmm_records`).
 *
 * Why not a GNU note (SHT_NOTE): a note's namesz/descsz/type words are in
 * the target's byte order and each part is padded to 4 (or 8) bytes, the
 * linker treats some note sections specially (.note.gnu.property is merged,
 * allocated notes end up in PT_NOTE segments loaded at run time), and a
 * note's descriptor is binary by convention.  A plain non-allocated section
 * with a byte-order-free record header is read the same way for every
 * target, stays out of the memory image, and survives `ld` unchanged.
 *
 * The plugin emits the section through the assembler output at the end of
 * the unit (PLUGIN_FINISH_UNIT, `.pushsection`/`.byte`/`.popsection`), so the
 * record is part of the object whatever produced it (a ccache hit replays
 * the whole object, record included).
 *
 * Record (repeated; zero bytes between records are padding and skipped):
 *   offset 0   8 bytes  WMMF_MAGIC "WMMFENCE"
 *   offset 8   4 bytes  format version, little-endian (WMMF_VERSION)
 *   offset 12  4 bytes  payload length N, little-endian (at most WMMF_MAX_PAYLOAD)
 *   offset 16  N bytes  payload: UTF-8 lines ended by '\n'; fields separated
 *                       by '\t'; in fields, '\\', '\t' and '\n' are written
 *                       as "\\\\", "\\t" and "\\n".
 * Payload lines, in this order (first field is the line's key):
 *   unit      SOURCE                 main input file (after -ffile-prefix-map)
 *   plugin    VERSION                plugin version (WMMF_PLUGIN_VERSION)
 *   model     MODEL                  target model the fences are for (power, ...)
 *   reference MODEL                  model the program is meant to behave as
 *                                    (always "sc" in version 1; kept for a
 *                                    later `from` option)
 *   option    KEY=VALUE              one line per option that changes the
 *                                    placement: mode, threads, calls, greedy,
 *                                    time-limit, max-cycles, debug-marks
 *   status    STATUS COST NFENCES    optimal|feasible|greedy|debug|sequential,
 *                                    total cost, number of fence lines
 *   fence     FUNCTION FILE LINE COLUMN KIND INSTRUCTION COST NPAIRS
 *   at        ACCESS                 the access the fence precedes ("-" fields
 *                                    when it ends the function)
 *   pair      NEVENTS                one per ordered pair (NPAIRS of them)
 *   from      ACCESS                 first access of the pair
 *   to        ACCESS                 second access of the pair
 *   ev        ACCESS                 the witness cycle, NEVENTS lines
 *   lockorder FUNCTION FILE LINE COLUMN OPERATION ORDER LOCK
 *                                    (version 3, zero or more) a spin lock's
 *                                    atomic operation the plugin gave a
 *                                    weaker order than the source's (with
 *                                    `from` tso or sc, docs/plugin.md "Spin
 *                                    locks written for x86"): OPERATION take
 *                                    or free, ORDER acquire or release, LOCK
 *                                    the lock word
 *   check     VERDICT PROPERTY MODE BOUND COMPLETE REPLAY NEVENTS REASON
 *                                    (version 2, optional: the unit was
 *                                    compiled with the `check` key) the
 *                                    bundled model checker's verdict:
 *                                    safe|unsafe|unknown, assertions|
 *                                    robustness|-, report|insert, the loop
 *                                    bound, 1 when complete, the explicit
 *                                    checker's replay (confirmed|rejected|
 *                                    skipped|-), the counterexample's
 *                                    length, why "unknown" (else empty)
 *   cev       THREAD OP LOCATION VALUE FILE LINE COLUMN
 *                                    one event of the counterexample, OP
 *                                    R or W, VALUE decimal (NEVENTS lines)
 *   end                              last line of the record
 * ACCESS is six fields: FUNCTION OP LOCATION FILE LINE COLUMN, OP one of
 * R, W, RMW, end.  Numbers are decimal; costs are printed with "%g".
 * Everything is deterministic: no time stamps, no absolute build paths
 * beyond what the compiler was given (and remapped).
 *
 * Readers must check every count and length against the bytes that exist
 * and reject a record (file: message) rather than trust it.
 */
#ifndef WMMFENCE_REPORT_FORMAT_H
#define WMMFENCE_REPORT_FORMAT_H

#define WMMF_SECTION_NAME ".wmm_records"
#define WMMF_MAGIC "WMMFENCE"
#define WMMF_MAGIC_LEN 8
#define WMMF_HEADER_LEN 16
#define WMMF_VERSION 3u          /* what the plugin writes */
#define WMMF_VERSION_MIN 1u      /* the oldest a reader accepts (version 1
                                    records have no check lines, version 2
                                    no lockorder lines) */
#define WMMF_PLUGIN_VERSION "0.1.0"
#define WMMF_REFERENCE_DEFAULT "sc"
/* A record larger than this is malformed (64 MiB). */
#define WMMF_MAX_PAYLOAD (64u << 20)
/* Fields in one ACCESS. */
#define WMMF_ACCESS_FIELDS 6

#endif
