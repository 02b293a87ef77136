/* report_parse.c — the bytes of a .wmm_records section into units: records of
 * runtime/wmmfence-report-format.h, every length, count and number checked
 * against the bytes that exist (nothing is allocated from a count).
 *
 * Example:
 *   wmmr_parse_section(bytes, n, "a.o", &set, err, sizeof err)
 *   -> 0, set gains one unit per record; or -1, err = "record 2: ..."
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report_model.h"
#include "../runtime/wmmfence-report-format.h"

typedef struct parser {
  const char *p, *end;   /* the payload still to read */
  int lineno;
  char *fields[16];
  int nfields;
  char *err;
  size_t errsize;
  unsigned version;      /* the record's format version */
} parser;

static int fail(parser *ps, const char *fmt, ...)
{
  va_list ap;
  int n = snprintf(ps->err, ps->errsize, "record line %d: ", ps->lineno);
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < ps->errsize)
    vsnprintf(ps->err + n, ps->errsize - n, fmt, ap);
  va_end(ap);
  return -1;
}

static void free_fields(parser *ps)
{
  for (int k = 0; k < ps->nfields; k++)
    free(ps->fields[k]);
  ps->nfields = 0;
}

/* Read the next line into fields (unescaped).  0, 1 at the end, -1 error. */
static int next_line(parser *ps)
{
  free_fields(ps);
  if (ps->p >= ps->end)
    return 1;
  const char *nl = memchr(ps->p, '\n', ps->end - ps->p);
  if (!nl)
    return fail(ps, "line without an end");
  ps->lineno++;
  const char *q = ps->p;
  while (q <= nl) {
    if (ps->nfields == (int)(sizeof ps->fields / sizeof ps->fields[0]))
      return fail(ps, "too many fields");
    char *f = malloc(nl - q + 1), *w = f;
    if (!f)
      return fail(ps, "out of memory");
    ps->fields[ps->nfields++] = f;
    for (; q < nl && *q != '\t'; q++) {
      if (*q == '\0')
        return fail(ps, "NUL byte in a field");
      if (*q == '\\') {
        q++;
        if (q >= nl)
          return fail(ps, "'\\' at the end of a line");
        *w++ = *q == 't' ? '\t' : *q == 'n' ? '\n' : *q == '\\' ? '\\' : 0;
        if (!w[-1])
          return fail(ps, "unknown escape '\\%c'", *q);
      } else
        *w++ = *q;
    }
    *w = '\0';
    q++;   /* past the tab or the newline */
  }
  ps->p = nl + 1;
  return 0;
}

static int expect(parser *ps, const char *key, int nfields)
{
  int r = next_line(ps);
  if (r > 0)
    return fail(ps, "record ends before '%s'", key);
  if (r < 0)
    return -1;
  if (strcmp(ps->fields[0], key))
    return fail(ps, "'%s' where '%s' was expected", ps->fields[0], key);
  if (nfields >= 0 && ps->nfields != nfields)
    return fail(ps, "'%s' has %d fields, not %d", key, ps->nfields - 1,
                nfields - 1);
  return 0;
}

static int number(parser *ps, const char *s, long lo, long hi, long *out)
{
  char *e;
  errno = 0;
  long v = strtol(s, &e, 10);
  if (!*s || *e || errno || v < lo || v > hi)
    return fail(ps, "'%s' is not a number in %ld..%ld", s, lo, hi);
  *out = v;
  return 0;
}

static int real(parser *ps, const char *s, double *out)
{
  char *e;
  errno = 0;
  double v = strtod(s, &e);
  if (!*s || *e || errno || !(v >= 0 && v < 1e300))
    return fail(ps, "'%s' is not a cost", s);
  *out = v;
  return 0;
}

/* Take field k (ownership moves to the caller). */
static char *take(parser *ps, int k)
{
  char *f = ps->fields[k];
  ps->fields[k] = NULL;
  return f;
}

/* The ACCESS fields after the key of the current line. */
static int access_fields(parser *ps, wmmr_access *a)
{
  if (ps->nfields != 1 + WMMF_ACCESS_FIELDS)
    return fail(ps, "'%s' has %d fields, not %d", ps->fields[0],
                ps->nfields - 1, WMMF_ACCESS_FIELDS);
  if (number(ps, ps->fields[5], 0, 1L << 30, &a->line) ||
      number(ps, ps->fields[6], 0, 1L << 30, &a->col))
    return -1;
  a->function = take(ps, 1);
  a->op = take(ps, 2);
  a->location = take(ps, 3);
  a->file = take(ps, 4);
  return 0;
}

static int grow(void **arr, int n, size_t elem)
{
  if (n & (n - 1) && n)
    return 0;   /* capacity is the next power of two */
  void *p = realloc(*arr, (n ? 2 * (size_t)n : 1) * elem);
  if (!p)
    return -1;
  *arr = p;
  return 0;
}

static int parse_fence(parser *ps, wmmr_fence *f)
{
  long line, col, npairs;
  if (number(ps, ps->fields[3], 0, 1L << 30, &line) ||
      number(ps, ps->fields[4], 0, 1L << 30, &col) ||
      real(ps, ps->fields[7], &f->cost) ||
      number(ps, ps->fields[8], 0, 1L << 30, &npairs))
    return -1;
  f->line = line;
  f->col = col;
  f->function = take(ps, 1);
  f->file = take(ps, 2);
  f->kind = take(ps, 5);
  f->instruction = take(ps, 6);
  if (expect(ps, "at", -1) || access_fields(ps, &f->at))
    return -1;
  for (long k = 0; k < npairs; k++) {
    long nev;
    if (expect(ps, "pair", 2) || number(ps, ps->fields[1], 0, 1 << 20, &nev))
      return -1;
    if (grow((void **)&f->pairs, f->npairs, sizeof *f->pairs))
      return fail(ps, "out of memory");
    wmmr_pair *pr = &f->pairs[f->npairs++];
    memset(pr, 0, sizeof *pr);
    if (expect(ps, "from", -1) || access_fields(ps, &pr->from) ||
        expect(ps, "to", -1) || access_fields(ps, &pr->to))
      return -1;
    for (long e = 0; e < nev; e++) {
      if (grow((void **)&pr->ev, pr->nev, sizeof *pr->ev))
        return fail(ps, "out of memory");
      wmmr_access *a = &pr->ev[pr->nev];
      memset(a, 0, sizeof *a);
      pr->nev++;
      if (expect(ps, "ev", -1) || access_fields(ps, a))
        return -1;
    }
  }
  return 0;
}

/* A lockorder line (its key already read) into *u. */
static int parse_lockorder(parser *ps, wmmr_unit *u)
{
  if (ps->nfields != 8)
    return fail(ps, "'lockorder' has %d fields, not 7", ps->nfields - 1);
  if (strcmp(ps->fields[5], "take") && strcmp(ps->fields[5], "free"))
    return fail(ps, "lock operation '%s' (take or free)", ps->fields[5]);
  if (strcmp(ps->fields[6], "acquire") && strcmp(ps->fields[6], "release"))
    return fail(ps, "lock order '%s' (acquire or release)", ps->fields[6]);
  if (grow((void **)&u->lockorders, u->nlockorders, sizeof *u->lockorders))
    return fail(ps, "out of memory");
  wmmr_lockorder *o = &u->lockorders[u->nlockorders];
  memset(o, 0, sizeof *o);
  u->nlockorders++;
  if (number(ps, ps->fields[3], 0, 1L << 30, &o->line) ||
      number(ps, ps->fields[4], 0, 1L << 30, &o->col))
    return -1;
  o->function = take(ps, 1);
  o->file = take(ps, 2);
  o->operation = take(ps, 5);
  o->order = take(ps, 6);
  o->lock = take(ps, 7);
  return 0;
}

/* The check line (its key already read) and its events into *u. */
static int parse_check(parser *ps, wmmr_unit *u)
{
  long bound, complete, nev;
  if (ps->nfields != 9)
    return fail(ps, "'check' has %d fields, not 8", ps->nfields - 1);
  if (number(ps, ps->fields[4], 0, 1L << 30, &bound) ||
      number(ps, ps->fields[5], 0, 1, &complete) ||
      number(ps, ps->fields[7], 0, 1L << 30, &nev))
    return -1;
  wmmr_check *c = calloc(1, sizeof *c);
  if (!c)
    return fail(ps, "out of memory");
  u->check = c;
  c->bound = bound;
  c->complete = (int)complete;
  c->verdict = take(ps, 1);
  c->property = take(ps, 2);
  c->mode = take(ps, 3);
  c->replay = take(ps, 6);
  c->reason = take(ps, 8);
  for (long k = 0; k < nev; k++) {
    if (expect(ps, "cev", 8))
      return -1;
    if (grow((void **)&c->ev, c->nev, sizeof *c->ev))
      return fail(ps, "out of memory");
    wmmr_cevent *e = &c->ev[c->nev];
    memset(e, 0, sizeof *e);
    c->nev++;
    if (number(ps, ps->fields[6], 0, 1L << 30, &e->line) ||
        number(ps, ps->fields[7], 0, 1L << 30, &e->col))
      return -1;
    e->thread = take(ps, 1);
    e->op = take(ps, 2);
    e->location = take(ps, 3);
    e->value = take(ps, 4);
    e->file = take(ps, 5);
  }
  return 0;
}

/* One record's payload into *u. */
static int parse_payload(parser *ps, wmmr_unit *u)
{
  if (expect(ps, "unit", 2))
    return -1;
  u->unit = take(ps, 1);
  if (expect(ps, "plugin", 2))
    return -1;
  u->plugin = take(ps, 1);
  if (expect(ps, "model", 2))
    return -1;
  u->model = take(ps, 1);
  if (expect(ps, "reference", 2))
    return -1;
  u->reference = take(ps, 1);
  for (;;) {
    int r = next_line(ps);
    if (r)
      return r < 0 ? -1 : fail(ps, "record ends before 'status'");
    if (!strcmp(ps->fields[0], "status"))
      break;
    if (strcmp(ps->fields[0], "option") || ps->nfields != 2)
      return fail(ps, "'%s' where 'option' or 'status' was expected",
                  ps->fields[0]);
    if (grow((void **)&u->options, u->noptions, sizeof *u->options))
      return fail(ps, "out of memory");
    u->options[u->noptions++] = take(ps, 1);
  }
  long nfences;
  if (ps->nfields != 4)
    return fail(ps, "'status' has %d fields, not 3", ps->nfields - 1);
  if (real(ps, ps->fields[2], &u->total_cost) ||
      number(ps, ps->fields[3], 0, 1L << 30, &nfences))
    return -1;
  u->status = take(ps, 1);
  for (long k = 0; k < nfences; k++) {
    if (expect(ps, "fence", 9))
      return -1;
    if (grow((void **)&u->fences, u->nfences, sizeof *u->fences))
      return fail(ps, "out of memory");
    wmmr_fence *f = &u->fences[u->nfences++];
    memset(f, 0, sizeof *f);
    if (parse_fence(ps, f))
      return -1;
  }
  int r = next_line(ps);
  if (r)
    return r < 0 ? -1 : fail(ps, "record ends before 'end'");
  while (!strcmp(ps->fields[0], "lockorder") && ps->version >= 3) {
    if (parse_lockorder(ps, u))
      return -1;
    r = next_line(ps);
    if (r)
      return r < 0 ? -1 : fail(ps, "record ends before 'end'");
  }
  if (!strcmp(ps->fields[0], "check") && ps->version >= 2) {
    if (parse_check(ps, u) || expect(ps, "end", 1))
      return -1;
  } else if (strcmp(ps->fields[0], "end"))
    return fail(ps, "'%s' where 'end' was expected", ps->fields[0]);
  else if (ps->nfields != 1)
    return fail(ps, "'end' has %d fields, not 0", ps->nfields - 1);
  if (ps->p != ps->end)
    return fail(ps, "bytes after 'end'");
  return 0;
}

static unsigned long le32(const unsigned char *p)
{
  return p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 |
         (unsigned long)p[3] << 24;
}

int wmmr_parse_section(const unsigned char *data, size_t size,
                       const char *origin, wmmr_set *s,
                       char *err, size_t errsize)
{
  size_t off = 0;
  int nrec = 0;
  while (off < size) {
    if (data[off] == 0) {   /* padding between records */
      off++;
      continue;
    }
    nrec++;
    if (size - off < WMMF_HEADER_LEN) {
      snprintf(err, errsize, "record %d: truncated header (%zu bytes)", nrec,
               size - off);
      return -1;
    }
    if (memcmp(data + off, WMMF_MAGIC, WMMF_MAGIC_LEN)) {
      snprintf(err, errsize, "record %d: bad magic at offset %zu", nrec, off);
      return -1;
    }
    unsigned long version = le32(data + off + 8), len = le32(data + off + 12);
    if (version < WMMF_VERSION_MIN || version > WMMF_VERSION) {
      snprintf(err, errsize, "record %d: format version %lu (this reader "
               "knows %u to %u)", nrec, version, WMMF_VERSION_MIN,
               WMMF_VERSION);
      return -1;
    }
    if (len > WMMF_MAX_PAYLOAD || len > size - off - WMMF_HEADER_LEN) {
      snprintf(err, errsize, "record %d: payload of %lu bytes but %zu remain",
               nrec, len, size - off - WMMF_HEADER_LEN);
      return -1;
    }
    if (grow((void **)&s->units, s->nunits, sizeof *s->units)) {
      snprintf(err, errsize, "out of memory");
      return -1;
    }
    wmmr_unit *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    s->nunits++;
    u->origin = wmmr_strdup(origin);
    parser ps = {(const char *)data + off + WMMF_HEADER_LEN,
                 (const char *)data + off + WMMF_HEADER_LEN + len, 0,
                 {0}, 0, err, errsize, (unsigned)version};
    int r = parse_payload(&ps, u);
    free_fields(&ps);
    if (r || !u->origin) {
      if (!r)
        snprintf(err, errsize, "out of memory");
      /* prefix the record number */
      char tmp[256];
      snprintf(tmp, sizeof tmp, "%s", err);
      snprintf(err, errsize, "record %d: %s", nrec, tmp);
      return -1;
    }
    off += WMMF_HEADER_LEN + len;
  }
  return 0;
}
