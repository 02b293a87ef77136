/* section.cc — the fence records inside the object: the unit's placement in
 * the format of runtime/wmmfence-report-format.h, emitted into the
 * non-allocated section .wmm_records through the assembler output at the end
 * of the unit.
 *
 * Example (assembler output of mp.c, -fwmm-arch=power):
 *   .pushsection .wmm_records,"",%progbits
 *   .byte 0x57,0x4d,0x4d,0x46,0x45,0x4e,0x43,0x45,0x01,0x00,...
 *   .popsection
 *
 * File names go through GCC's remap_debug_filename (file-prefix-map.h,
 * exported by cc1 like every plugin-API function), so -ffile-prefix-map
 * and -fdebug-prefix-map rewrite them as they rewrite DWARF; builds in
 * different directories with the same map give byte-identical records.
 */
#include "plugin.h"
#include "file-prefix-map.h"
#include "output.h"
#include "strbuf.h"
#include "../runtime/wmmfence-report-format.h"

namespace {

/* The record of this unit (payload only), built by wmm_section_record and
 * written by the PLUGIN_FINISH_UNIT callback. */
wmm_strbuf record = WMM_STRBUF_INIT;
bool have_record;

/* One field: a tab, then `s` with '\\', '\t' and '\n' escaped. */
void
field (wmm_strbuf *b, const char *s)
{
  wmm_strbuf_puts (b, "\t");
  const char *p = s ? s : "";
  while (*p)
    {
      /* (the plain run up to the next character to escape, at once) */
      size_t run = strcspn (p, "\\\t\n");
      wmm_strbuf_append (b, p, run);
      p += run;
      switch (*p)
        {
        case '\\': wmm_strbuf_puts (b, "\\\\"); break;
        case '\t': wmm_strbuf_puts (b, "\\t"); break;
        case '\n': wmm_strbuf_puts (b, "\\n"); break;
        default: continue;   /* the end */
        }
      p++;
    }
}

void
field_int (wmm_strbuf *b, long v)
{
  char digits[24];
  int n = sizeof digits;
  unsigned long m = v < 0 ? -(unsigned long) v : (unsigned long) v;
  do
    digits[--n] = (char) ('0' + m % 10);
  while ((m /= 10) != 0);
  if (v < 0)
    digits[--n] = '-';
  digits[--n] = '\t';
  wmm_strbuf_append (b, digits + n, sizeof digits - n);
}

/* A file name as the object's debug information spells it. */
const char *
remapped (const char *file)
{
  return file && *file ? remap_debug_filename (file) : "";
}

/* The accessed location's name (as the JSON report names it). */
const char *
location_name (const wmm_unitinfo *u, int t, int i)
{
  return wmm_instr_at (u, t, i) ? wmm_access_name (u, t, i) : "-";
}

/* "KEY" and the six ACCESS fields of instruction i of code unit t. */
void
access_line (wmm_strbuf *b, const char *key, const wmm_unitinfo *u, int t,
             int i)
{
  const wmm_instr *in = wmm_instr_at (u, t, i);
  wmm_strbuf_puts (b, key);
  field (b, u->prog && t >= 0 && t < u->prog->nthreads
            ? u->prog->threads[t].name : "?");
  field (b, wmm_access_letter (in));
  field (b, location_name (u, t, i));
  field (b, in && in->pos.file >= 0 && in->pos.file < u->prog->nfiles
            ? remapped (u->prog->files[in->pos.file]) : "-");
  field_int (b, in ? in->pos.line : 0);
  field_int (b, in ? in->pos.col : 0);
  wmm_strbuf_puts (b, "\n");
}

const char *
status_name (const wmm_unitinfo *u, const wmm_placement *pl)
{
  if (!u->prog)
    return "sequential";
  if (u->opts->nmarks)
    return "debug";
  switch (pl->status)
    {
    case WMM_PLACE_OPTIMAL: return "optimal";
    case WMM_PLACE_FEASIBLE: return "feasible";
    default: return "greedy";
    }
}

/* The options that change which fences are placed. */
void
option_lines (wmm_strbuf *b, const wmm_plugin_options *o)
{
  static const char *const modes[] = { "insert", "warn", "report" };
  static const char *const threads[] = { "auto", "create", "exported" };
  static const char *const calls[] = { "sound", "barrier" };
  wmm_strbuf_printf (b, "option\tmode=%s\n", modes[o->mode]);
  wmm_strbuf_printf (b, "option\tthreads=%s\n", threads[o->threads]);
  wmm_strbuf_printf (b, "option\tcalls=%s\n", calls[o->calls]);
  wmm_strbuf_printf (b, "option\tgreedy=%d\n", o->greedy ? 1 : 0);
  wmm_strbuf_printf (b, "option\ttime-limit=%g\n", o->time_limit);
  wmm_strbuf_printf (b, "option\tmax-cycles=%ld\n", o->max_cycles);
  wmm_strbuf_printf (b, "option\tdebug-marks=%d\n", o->nmarks);
}

/* Write bytes p[0..n) to the assembler output as `.4byte 0xNNNNNNNN`
   lines of eight words in the target's byte order (the rest as `.byte`):
   the assembler reads one number per four bytes (`.byte` lists, one per
   byte, took it a noticeable share of a compile on a 6 MB record), and
   no instruction's name appears in the assembly as text (people and
   tests count fences there).  Formatted by hand: one fprintf per byte
   took cc1 over a second. */
void
word_lines (const unsigned char *p, size_t n)
{
  static const char hex[] = "0123456789abcdef";
  char line[16 + 8 * 11 + 2];
  size_t words = n / 4;
  for (size_t w = 0; w < words; w += 8)
    {
      size_t len = 8, end = w + 8 < words ? w + 8 : words;
      memcpy (line, "\t.4byte ", 8);
      for (size_t k = w; k < end; k++)
        {
          const unsigned char *b = p + 4 * k;
          unsigned long v = BYTES_BIG_ENDIAN
                            ? ((unsigned long) b[0] << 24 | b[1] << 16
                               | b[2] << 8 | b[3])
                            : ((unsigned long) b[3] << 24 | b[2] << 16
                               | b[1] << 8 | b[0]);
          if (k > w)
            line[len++] = ',';
          line[len++] = '0';
          line[len++] = 'x';
          for (int d = 7; d >= 0; d--)
            line[len++] = hex[(v >> (4 * d)) & 15];
        }
      line[len++] = '\n';
      fwrite (line, 1, len, asm_out_file);
    }
  for (size_t i = 4 * words; i < n; i++)
    fprintf (asm_out_file, "\t.byte 0x%02x\n", p[i]);
}

/* PLUGIN_FINISH_UNIT: the record as bytes of a non-allocated section. */
void
write_section (void *, void *)
{
  if (!have_record || !asm_out_file || record.failed)
    return;
  size_t n = record.len;
  unsigned char head[WMMF_HEADER_LEN];
  memcpy (head, WMMF_MAGIC, WMMF_MAGIC_LEN);
  for (int k = 0; k < 4; k++)
    {
      head[8 + k] = (WMMF_VERSION >> (8 * k)) & 0xff;
      head[12 + k] = ((unsigned long) n >> (8 * k)) & 0xff;
    }
  /* '%progbits' is the spelling every ELF assembler accepts ('@' starts a
     comment on ARM). */
  fprintf (asm_out_file, "\t.pushsection %s,\"\",%%progbits\n",
           WMMF_SECTION_NAME);
  word_lines (head, WMMF_HEADER_LEN);
  word_lines ((const unsigned char *) wmm_strbuf_str (&record), n);
  fprintf (asm_out_file, "\t.popsection\n");
  wmm_strbuf_free (&record);
  have_record = false;
}

/* The spin-lock orders reflocks.cc changed (version 3): one lockorder
 * line each, in the order they were made. */
void
lock_order_lines (wmm_strbuf *b)
{
  function *fn;
  location_t loc;
  bool take;
  const char *word;
  for (unsigned k = 0; wmm_reflocks_get (k, &fn, &loc, &take, &word); k++)
    {
      expanded_location xl = expand_location (loc);
      wmm_strbuf_puts (b, "lockorder");
      field (b, fn && fn->decl ? function_name (fn) : "");
      field (b, remapped (xl.file));
      field_int (b, xl.line);
      field_int (b, xl.column);
      field (b, take ? "take" : "free");
      field (b, take ? "acquire" : "release");
      field (b, word);
      wmm_strbuf_puts (b, "\n");
    }
}

} // anon namespace

void
wmm_record_field (wmm_strbuf *b, const char *s)
{
  field (b, s);
}

void
wmm_section_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, write_section, NULL);
}

void
wmm_section_record (wmm_unitinfo *u, const wmm_placement *pl)
{
  wmm_strbuf *b = &record;
  wmm_strbuf_reset (b);
  wmm_strbuf_puts (b, "unit");
  field (b, remapped (wmm_unit_name ()));
  wmm_strbuf_puts (b, "\nplugin");
  field (b, WMMF_PLUGIN_VERSION);
  wmm_strbuf_puts (b, "\nmodel");
  field (b, wmm_model_name (u->model));
  wmm_strbuf_puts (b, "\nreference");
  field (b, wmm_model_name ((wmm_model) u->opts->from));
  wmm_strbuf_puts (b, "\n");
  option_lines (b, u->opts);
  int nfences = u->prog ? pl->nfences : 0;
  wmm_strbuf_printf (b, "status\t%s\t%g\t%d\n", status_name (u, pl),
                     u->prog ? pl->total_cost : 0.0, nfences);
  for (int f = 0; f < nfences; f++)
    {
      const wmm_placed_fence *pf = &pl->fences[f];
      expanded_location xl
        = expand_location (wmm_position_location (u, pf->thread, pf->index));
      wmm_strbuf_puts (b, "fence");
      field (b, u->prog->threads[pf->thread].name);
      field (b, remapped (xl.file));
      field_int (b, xl.line);
      field_int (b, xl.column);
      field (b, wmm_fence_name (pf->kind));
      field (b, wmm_fence_instruction (pf->kind));
      int listed[WMM_REPORT_MAX_PAIRS];
      int nlisted = wmm_listed_delays (pl, pf, listed);
      wmm_strbuf_printf (b, "\t%g\t%d\n", pf->cost, nlisted);
      const wmm_instr *at = wmm_instr_at (u, pf->thread, pf->index);
      if (at && wmm_instr_is_access (at))
        access_line (b, "at", u, pf->thread, pf->index);
      else
        wmm_strbuf_puts (b, "at\t-\tend\t-\t-\t0\t0\n");
      for (int k = 0; k < nlisted; k++)
        {
          const wmm_delay *d = &pl->delays[listed[k]];
          const wmm_cycle *c = d->cycle >= 0 && d->cycle < pl->ncycles
                               ? &pl->cycles[d->cycle] : NULL;
          wmm_strbuf_printf (b, "pair\t%d\n", c ? c->nev : 0);
          access_line (b, "from", u, d->thread, d->from);
          access_line (b, "to", u, d->to_thread, d->to);
          for (int e = 0; c && e < c->nev; e++)
            {
              int t, i;
              wmm_delay_event (pl, d, e, &t, &i);
              access_line (b, "ev", u, t, i);
            }
        }
    }
  lock_order_lines (b);
  if (u->check_record)
    wmm_strbuf_puts (b, u->check_record);
  wmm_strbuf_puts (b, "end\n");
  have_record = !b->failed;
}
