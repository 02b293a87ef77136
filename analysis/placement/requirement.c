/* requirement.c — the requirement of a cycle shape (requirement.h): build
 * the shape's program, ask wmm_check which fence assignments forbid it, and
 * cache the answer by the shape's canonical rotation.
 *
 * Example: MP under power (W x; W y | R y; R x) has two slots; the checker
 * answers Allowed with no fences, Forbidden with lwsync in both, so the
 * requirement is the single alternative {lwsync, lwsync}.  With a reference
 * model (wmm_req_reference_allows), SB asked of tso is Allowed: the cycle is
 * one the reference has too, and needs nothing.
 */
#include "requirement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "placement.h"

#define MAX_EXHAUSTIVE 1024   /* assignments tried one by one at most */
#define MAX_PRODUCT 64        /* combinations of per-slot minima tried */

typedef struct cached {
  char *key;
  wmm_req_status status;
  int nslots, nalt, exhaustive;
  wmm_fence *alt;            /* canonical slot order */
} cached;

struct wmm_req_engine {
  wmm_model model;
  wmm_arch arch;
  wmm_fence kinds[WMM_FENCE_COUNT];
  int nkinds;
  wmm_fence top;
  cached *tab;
  int tab_size, tab_used;
  long shapes, hits, checks;
};

wmm_req_engine *wmm_req_engine_new(wmm_model m, wmm_arch arch,
                                   const wmm_fence *kinds, int nkinds)
{
  wmm_req_engine *e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  e->model = m;
  e->arch = arch;
  if (nkinds > WMM_FENCE_COUNT)
    nkinds = WMM_FENCE_COUNT;
  memcpy(e->kinds, kinds, (size_t)nkinds * sizeof *kinds);
  e->nkinds = nkinds;
  e->top = nkinds ? kinds[nkinds - 1] : WMM_FENCE_NONE;
  for (int i = 0; i < nkinds; i++) {
    int all = 1;
    for (int j = 0; j < nkinds; j++)
      all &= wmm_fence_covers(m, kinds[i], kinds[j]);
    if (all)
      e->top = kinds[i];
  }
  return e;
}

void wmm_req_engine_free(wmm_req_engine *e)
{
  if (!e)
    return;
  for (int i = 0; i < e->tab_size; i++) {
    free(e->tab[i].key);
    free(e->tab[i].alt);
  }
  free(e->tab);
  free(e);
}

void wmm_req_engine_stats(const wmm_req_engine *e, long *shapes, long *hits,
                          long *checks)
{
  *shapes = e->shapes;
  *hits = e->hits;
  *checks = e->checks;
}

void wmm_req_free(wmm_req *r)
{
  if (!r)
    return;
  free(r->slot_seg);
  free(r->alt);
  memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ shape key */

static const char *op_tag(wmm_opkind op)
{
  switch (op) {
  case WMM_OP_LOAD: return "R";
  case WMM_OP_STORE: return "W";
  case WMM_OP_RMW: return "M";
  case WMM_OP_LOAD_EX: return "Rx";
  case WMM_OP_STORE_EX: return "Wx";
  default: return "?";
  }
}

/* Key of s rotated by r (locations renumbered by first appearance, unless
 * a slice makes them the program's own). */
static void shape_key(const wmm_req_shape *s, int r, wmm_strbuf *b)
{
  int from[128], nmap = 0, concrete = 0;
  wmm_strbuf_reset(b);
  for (int j = 0; j < s->nseg; j++)
    concrete |= s->seg[j].prog != NULL;
  for (int j = 0; j < s->nseg; j++) {
    const wmm_req_seg *sg = &s->seg[(j + r) % s->nseg];
    wmm_strbuf_puts(b, "[");
    if (sg->prog)
      wmm_strbuf_printf(b, "S%d.%d.%d:", sg->unit, sg->from, sg->to);
    if (concrete) {
      for (int k = 0; k < sg->nacc; k++)
        wmm_strbuf_printf(b, "%s%x@%d,", op_tag(sg->acc[k].op), sg->acc[k].flags,
                          sg->acc[k].loc);
      if (sg->nacc == 2 && !sg->prog)
        wmm_strbuf_printf(b, "|d%x|f%x", sg->deps, (unsigned)sg->fences);
      wmm_strbuf_puts(b, "]");
      continue;
    }
    for (int k = 0; k < sg->nacc; k++) {
      int l = sg->acc[k].loc, id = -1;
      for (int m = 0; m < nmap; m++)
        if (from[m] == l)
          id = m;
      if (id < 0 && nmap < 128) {
        from[nmap] = l;
        id = nmap++;
      }
      wmm_strbuf_printf(b, "%s%x.%d%s", op_tag(sg->acc[k].op), sg->acc[k].flags,
                        id, k + 1 < sg->nacc ? "," : "");
    }
    if (sg->nacc == 2)
      wmm_strbuf_printf(b, "|d%x|f%x", sg->deps, (unsigned)sg->fences);
    wmm_strbuf_puts(b, "]");
  }
}

void wmm_req_shape_format(const wmm_req_shape *s, wmm_strbuf *out)
{
  static const char *dep_names[] = {"addr", "data", "ctrl", "ctrlisync"};
  int from[128], nmap = 0;
  for (int i = 0; i < s->nseg; i++) {
    const wmm_req_seg *sg = &s->seg[i];
    if (i)
      wmm_strbuf_puts(out, " | ");
    for (int k = 0; k < sg->nacc; k++) {
      int l = sg->acc[k].loc, id = -1;
      for (int m = 0; m < nmap; m++)
        if (from[m] == l)
          id = m;
      if (id < 0 && nmap < 128) {
        from[nmap] = l;
        id = nmap++;
      }
      if (k == 1 && sg->prog) {
        wmm_strbuf_printf(out, "; <code %d..%d>; ", sg->from, sg->to);
      } else if (k == 1) {
        for (int f = 1; f < WMM_FENCE_COUNT; f++)
          if ((sg->fences >> f) & 1u)
            wmm_strbuf_printf(out, "; %s", wmm_fence_name((wmm_fence)f));
        for (int d = 0; d < 4; d++)
          if ((sg->deps >> d) & 1u)
            wmm_strbuf_printf(out, "; %s", dep_names[d]);
        wmm_strbuf_puts(out, "; ");
      }
      const char *flag = (sg->acc[k].flags & WMM_ACC_ACQUIRE) ? "acq "
                         : (sg->acc[k].flags & WMM_ACC_RELEASE) ? "rel "
                         : (sg->acc[k].flags & WMM_ACC_ATOMIC) ? "atomic " : "";
      wmm_strbuf_printf(out, "%s%s %c", flag, op_tag(sg->acc[k].op),
                        id < 3 ? "xyz"[id] : 'a' + (id - 3) % 23);
    }
  }
}

/* ------------------------------------------------------------- cache */

static unsigned long hash_str(const char *s)
{
  unsigned long h = 5381;
  while (*s)
    h = h * 33u ^ (unsigned char)*s++;
  return h;
}

static cached *cache_find(wmm_req_engine *e, const char *key)
{
  if (!e->tab_size)
    return NULL;
  unsigned long i = hash_str(key) & (unsigned long)(e->tab_size - 1);
  while (e->tab[i].key) {
    if (strcmp(e->tab[i].key, key) == 0)
      return &e->tab[i];
    i = (i + 1) & (unsigned long)(e->tab_size - 1);
  }
  return NULL;
}

static cached *cache_insert(wmm_req_engine *e, const char *key)
{
  if ((e->tab_used + 1) * 2 > e->tab_size) {
    int nsize = e->tab_size ? e->tab_size * 2 : 64;
    cached *nt = calloc((size_t)nsize, sizeof *nt);
    if (!nt)
      return NULL;
    for (int i = 0; i < e->tab_size; i++) {
      if (!e->tab[i].key)
        continue;
      unsigned long j = hash_str(e->tab[i].key) & (unsigned long)(nsize - 1);
      while (nt[j].key)
        j = (j + 1) & (unsigned long)(nsize - 1);
      nt[j] = e->tab[i];
    }
    free(e->tab);
    e->tab = nt;
    e->tab_size = nsize;
  }
  unsigned long i = hash_str(key) & (unsigned long)(e->tab_size - 1);
  while (e->tab[i].key)
    i = (i + 1) & (unsigned long)(e->tab_size - 1);
  size_t n = strlen(key) + 1;
  e->tab[i].key = malloc(n);
  if (!e->tab[i].key)
    return NULL;
  memcpy(e->tab[i].key, key, n);
  e->tab_used++;
  return &e->tab[i];
}

/* ------------------------------------------------------------- search */

/* Is the shape forbidden with fence f[slot] in each slot?  1 yes, 0 no,
 * < 0 error. */
static int forbidden(wmm_req_engine *e, const wmm_req_shape *s,
                     const wmm_fence *f, wmm_error *err)
{
  wmm_program *p = wmm_req_program(s, e->arch, f);
  if (!p)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0,
                    "cannot build the program of a cycle");
  wmm_check_opts o = wmm_check_opts_default(e->model);
  wmm_check_result r;
  memset(&r, 0, sizeof r);
  e->checks++;
  int rc = wmm_check(p, &o, &r, err);
  wmm_program_free(p);
  if (rc < 0)
    return rc;
  int allowed = r.allowed;
  wmm_check_result_free(&r);
  return !allowed;
}

typedef struct assign {
  int nonzero;
  double cost;
  int code;            /* digits base nkinds+1, slot 0 most significant */
} assign;

static int cmp_assign(const void *a, const void *b)
{
  const assign *x = a, *y = b;
  if (x->nonzero != y->nonzero)
    return x->nonzero - y->nonzero;
  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return x->code - y->code;
}

/* Does assignment lo (kinds) sit below hi in every slot? */
static int below(const wmm_req_engine *e, const wmm_fence *lo,
                 const wmm_fence *hi, int n)
{
  for (int i = 0; i < n; i++) {
    if (lo[i] == WMM_FENCE_NONE)
      continue;
    if (hi[i] == WMM_FENCE_NONE || !wmm_fence_covers(e->model, hi[i], lo[i]))
      return 0;
  }
  return 1;
}

/* Add assignment f (n slots) to the list if no member is below it. */
static int add_minimal(const wmm_req_engine *e, wmm_fence **list, int *nlist,
                       const wmm_fence *f, int n)
{
  for (int a = 0; a < *nlist; a++)
    if (below(e, &(*list)[a * n], f, n))
      return 0;
  wmm_fence *nl = realloc(*list, (size_t)(*nlist + 1) * (size_t)(n ? n : 1) * sizeof *nl);
  if (!nl)
    return -1;
  memcpy(&nl[*nlist * n], f, (size_t)n * sizeof *f);
  *list = nl;
  (*nlist)++;
  return 0;
}

static void decode(const wmm_req_engine *e, int code, int n, wmm_fence *f)
{
  for (int i = n - 1; i >= 0; i--) {
    int d = code % (e->nkinds + 1);
    code /= e->nkinds + 1;
    f[i] = d ? e->kinds[d - 1] : WMM_FENCE_NONE;
  }
}

/* Every assignment in order of size and cost. */
static int search_exhaustive(wmm_req_engine *e, const wmm_req_shape *s, int n,
                             long total, wmm_fence **list, int *nlist,
                             wmm_error *err)
{
  assign *as = calloc((size_t)total, sizeof *as);
  wmm_fence f[64];
  if (!as)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
  for (int c = 0; c < total; c++) {
    decode(e, c, n, f);
    as[c].code = c;
    for (int i = 0; i < n; i++)
      if (f[i] != WMM_FENCE_NONE) {
        as[c].nonzero++;
        as[c].cost += wmm_fence_cost(e->model, f[i]);
      }
  }
  qsort(as, (size_t)total, sizeof *as, cmp_assign);
  for (long c = 0; c < total; c++) {
    decode(e, as[c].code, n, f);
    int skip = 0;
    for (int a = 0; a < *nlist && !skip; a++)
      skip = below(e, &(*list)[a * n], f, n);
    if (skip)
      continue;
    int fb = forbidden(e, s, f, err);
    if (fb < 0) {
      free(as);
      return fb;
    }
    if (fb && add_minimal(e, list, nlist, f, n)) {
      free(as);
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    }
  }
  free(as);
  return 0;
}

/* Per-slot minima against full fences elsewhere, then their products. */
static int search_per_slot(wmm_req_engine *e, const wmm_req_shape *s, int n,
                           wmm_fence **list, int *nlist, wmm_error *err)
{
  wmm_fence f[64], opt[64][WMM_FENCE_COUNT + 1];
  int nopt[64];
  for (int i = 0; i < n; i++) {
    nopt[i] = 0;
    for (int k = -1; k < e->nkinds; k++) {
      wmm_fence kind = k < 0 ? WMM_FENCE_NONE : e->kinds[k];
      int dominated = 0;
      for (int m = 0; m < nopt[i]; m++)
        if (opt[i][m] == WMM_FENCE_NONE || wmm_fence_covers(e->model, kind, opt[i][m]))
          dominated = 1;
      if (dominated)
        continue;
      for (int j = 0; j < n; j++)
        f[j] = e->top;
      f[i] = kind;
      int fb = forbidden(e, s, f, err);
      if (fb < 0)
        return fb;
      if (fb)
        opt[i][nopt[i]++] = kind;
    }
    if (nopt[i] == 0)
      opt[i][nopt[i]++] = e->top;
  }
  long combos = 1;
  for (int i = 0; i < n && combos <= MAX_PRODUCT; i++)
    combos *= nopt[i];
  if (combos <= MAX_PRODUCT) {
    for (long c = 0; c < combos; c++) {
      long rest = c;
      for (int i = 0; i < n; i++) {
        f[i] = opt[i][rest % nopt[i]];
        rest /= nopt[i];
      }
      int fb = forbidden(e, s, f, err);
      if (fb < 0)
        return fb;
      if (fb && add_minimal(e, list, nlist, f, n))
        return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    }
  }
  if (*nlist == 0) {
    for (int i = 0; i < n; i++)
      f[i] = e->top;
    if (add_minimal(e, list, nlist, f, n))
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
  }
  return 0;
}

/* Compute the requirement of canonical shape s into c. */
static int compute(wmm_req_engine *e, const wmm_req_shape *s, cached *c,
                   wmm_error *err)
{
  int n = 0;
  for (int i = 0; i < s->nseg; i++)
    n += s->seg[i].nacc == 2;
  c->nslots = n;
  c->nalt = 0;
  c->alt = NULL;
  c->exhaustive = 1;
  wmm_fence f[64];
  if (n > 64)
    return wmm_fail(err, WMM_ERR_LIMIT, NULL, 0, "cycle with more than 64 slots");
  for (int i = 0; i < n; i++)
    f[i] = WMM_FENCE_NONE;
  int fb = forbidden(e, s, f, err);
  if (fb < 0)
    return fb;
  if (fb) {
    c->status = WMM_REQ_FORBIDDEN;
    return 0;
  }
  if (e->nkinds == 0) {
    c->status = WMM_REQ_UNFIXABLE;
    return 0;
  }
  for (int i = 0; i < n; i++)
    f[i] = e->top;
  fb = forbidden(e, s, f, err);
  if (fb < 0)
    return fb;
  if (!fb) {
    c->status = WMM_REQ_UNFIXABLE;
    return 0;
  }
  c->status = WMM_REQ_NEEDS;
  long total = 1;
  for (int i = 0; i < n && total <= MAX_EXHAUSTIVE; i++)
    total *= e->nkinds + 1;
  int rc;
  if (total <= MAX_EXHAUSTIVE) {
    rc = search_exhaustive(e, s, n, total, &c->alt, &c->nalt, err);
  } else {
    c->exhaustive = 0;
    rc = search_per_slot(e, s, n, &c->alt, &c->nalt, err);
  }
  return rc;
}

int wmm_req_compute(wmm_req_engine *e, const wmm_req_shape *s, wmm_req *out,
                    wmm_error *err)
{
  memset(out, 0, sizeof *out);
  int n = s->nseg;
  if (n < 2 || n > 64)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "cycle of %d segments", n);
  /* canonical rotation: the smallest key */
  wmm_strbuf b = WMM_STRBUF_INIT, best = WMM_STRBUF_INIT;
  int rot = 0;
  for (int r = 0; r < n; r++) {
    shape_key(s, r, &b);
    if (r == 0 || strcmp(wmm_strbuf_str(&b), wmm_strbuf_str(&best)) < 0) {
      wmm_strbuf_reset(&best);
      wmm_strbuf_puts(&best, wmm_strbuf_str(&b));
      rot = r;
    }
  }
  wmm_strbuf_free(&b);
  if (best.failed) {
    wmm_strbuf_free(&best);
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
  }
  cached *c = cache_find(e, wmm_strbuf_str(&best));
  if (c) {
    e->hits++;
  } else {
    wmm_req_seg *rs = malloc((size_t)n * sizeof *rs);
    if (!rs) {
      wmm_strbuf_free(&best);
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    }
    for (int j = 0; j < n; j++)
      rs[j] = s->seg[(j + rot) % n];
    wmm_req_shape canon = {rs, n};
    cached tmp;
    memset(&tmp, 0, sizeof tmp);
    int rc = compute(e, &canon, &tmp, err);
    free(rs);
    if (rc < 0) {
      free(tmp.alt);
      wmm_strbuf_free(&best);
      return rc;
    }
    c = cache_insert(e, wmm_strbuf_str(&best));
    if (!c) {
      free(tmp.alt);
      wmm_strbuf_free(&best);
      return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    }
    char *key = c->key;
    *c = tmp;
    c->key = key;
    e->shapes++;
  }
  wmm_strbuf_free(&best);
  /* back to the caller's order: caller segment i is canonical (i - rot) */
  out->status = c->status;
  out->nslots = c->nslots;
  out->nalt = c->nalt;
  out->exhaustive = c->exhaustive;
  out->slot_seg = malloc((size_t)(c->nslots ? c->nslots : 1) * sizeof *out->slot_seg);
  size_t nal = (size_t)c->nalt * (size_t)c->nslots;
  out->alt = malloc((nal ? nal : 1) * sizeof *out->alt);
  int *canon_slot = malloc((size_t)n * sizeof *canon_slot);
  if (!out->slot_seg || !out->alt || !canon_slot) {
    free(canon_slot);
    wmm_req_free(out);
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
  }
  for (int j = 0, k = 0; j < n; j++)
    canon_slot[j] = s->seg[(j + rot) % n].nacc == 2 ? k++ : -1;
  for (int i = 0, k = 0; i < n; i++) {
    if (s->seg[i].nacc != 2)
      continue;
    out->slot_seg[k] = i;
    int cs = canon_slot[(i - rot + n) % n];
    for (int a = 0; a < c->nalt; a++)
      out->alt[a * c->nslots + k] = c->alt[a * c->nslots + cs];
    k++;
  }
  free(canon_slot);
  return 0;
}

/* --------------------------------------------------- reference model */

int wmm_req_reference_allows(wmm_req_engine *e, wmm_model from,
                             const wmm_req_shape *s, int *allowed,
                             wmm_error *err)
{
  int n = s->nseg;
  *allowed = 0;
  if (n < 2 || n > 64)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "cycle of %d segments", n);
  if ((unsigned)from >= WMM_MODEL_COUNT)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "invalid reference model");
  wmm_req_seg *rs = malloc((size_t)n * sizeof *rs);
  if (!rs)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
  for (int j = 0; j < n; j++) {
    rs[j] = s->seg[j];
    rs[j].prog = NULL;
    wmm_opkind op0 = rs[j].acc[0].op;
    int reads = op0 == WMM_OP_LOAD || op0 == WMM_OP_RMW || op0 == WMM_OP_LOAD_EX;
    if (from == WMM_MODEL_RMO && rs[j].nacc == 2 && reads)
      rs[j].deps |= WMM_DEP_ADDR | WMM_DEP_DATA;
    /* A load or store exclusive is half of a read-modify-write, a locked
       instruction to the reference (x86's implied order), though the
       shape's program makes it a plain access: the pair it ends or starts
       is ordered as by a full fence (when the store conditional fails the
       reference orders less: taking it for locked only asks for more
       fences, never fewer). */
    if (rs[j].nacc == 2)
      for (int m = 0; m < 2; m++)
        if (rs[j].acc[m].op == WMM_OP_LOAD_EX || rs[j].acc[m].op == WMM_OP_STORE_EX)
          rs[j].fences |= 1u << WMM_FENCE_MFENCE;
  }
  wmm_req_shape abs = {rs, n};
  /* the cache key: the reference's name, then the smallest rotation */
  wmm_strbuf b = WMM_STRBUF_INIT, best = WMM_STRBUF_INIT;
  for (int r = 0; r < n; r++) {
    shape_key(&abs, r, &b);
    if (r == 0 || strcmp(wmm_strbuf_str(&b), wmm_strbuf_str(&best)) < 0) {
      wmm_strbuf_reset(&best);
      wmm_strbuf_puts(&best, wmm_strbuf_str(&b));
    }
  }
  wmm_strbuf_reset(&b);
  wmm_strbuf_printf(&b, "ref %s:%s", wmm_model_name(from), wmm_strbuf_str(&best));
  wmm_strbuf_free(&best);
  int rc = 0;
  if (b.failed) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    goto out;
  }
  cached *c = cache_find(e, wmm_strbuf_str(&b));
  if (c) {
    e->hits++;
    *allowed = c->status != WMM_REQ_FORBIDDEN;
    goto out;
  }
  wmm_program *p = wmm_req_program(&abs, e->arch, NULL);
  if (!p) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "cannot build the program of a cycle");
    goto out;
  }
  wmm_check_opts o = wmm_check_opts_default(from);
  wmm_check_result res;
  memset(&res, 0, sizeof res);
  e->checks++;
  rc = wmm_check(p, &o, &res, err);
  wmm_program_free(p);
  if (rc < 0)
    goto out;
  *allowed = res.allowed != 0;
  wmm_check_result_free(&res);
  c = cache_insert(e, wmm_strbuf_str(&b));
  if (!c) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory (requirement)");
    goto out;
  }
  char *key = c->key;
  memset(c, 0, sizeof *c);
  c->key = key;
  c->status = *allowed ? WMM_REQ_NEEDS : WMM_REQ_FORBIDDEN;
  e->shapes++;
out:
  wmm_strbuf_free(&b);
  free(rs);
  return rc;
}
