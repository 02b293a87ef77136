/* ir.c — construction, copying and freeing of the program IR (see ir.h).
 *
 * Example:
 *   wmm_program *p = wmm_program_new("MP", WMM_ARCH_PPC);
 *   int x = wmm_program_loc(p, "x");
 *   int t = wmm_program_thread(p, "P0");
 *   wmm_instr st = wmm_instr_init(WMM_OP_STORE);
 *   st.addr.base = (wmm_operand){WMM_OPND_IMM, 0, wmm_loc_addr(x)};
 *   st.a = (wmm_operand){WMM_OPND_IMM, 0, 1};
 *   wmm_thread_append(&p->threads[t], &st);
 *   wmm_program_free(p);
 */
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wmm_fail(wmm_error *err, int status, const char *file, int line,
             const char *fmt, ...)
{
  if (err) {
    va_list ap;
    err->status = status;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return -status;
}

static const char *const model_names[WMM_MODEL_COUNT] = {
  "sc", "tso", "pso", "rmo", "power", "armv7", "armv8"
};

const char *wmm_model_name(wmm_model m)
{
  return (unsigned)m < WMM_MODEL_COUNT ? model_names[m] : "?";
}

int wmm_model_parse(const char *name)
{
  if (!name)
    return -1;
  for (int i = 0; i < WMM_MODEL_COUNT; i++)
    if (strcmp(name, model_names[i]) == 0)
      return i;
  if (strcmp(name, "x86") == 0)
    return WMM_MODEL_TSO;
  return -1;
}

static const char *const arch_names[WMM_ARCH_COUNT] = {
  "X86", "PPC", "ARM", "AArch64", "C", "GIMPLE"
};

const char *wmm_arch_name(wmm_arch a)
{
  return (unsigned)a < WMM_ARCH_COUNT ? arch_names[a] : "?";
}

wmm_model wmm_arch_default_model(wmm_arch a)
{
  switch (a) {
  case WMM_ARCH_X86: return WMM_MODEL_TSO;
  case WMM_ARCH_PPC: return WMM_MODEL_POWER;
  case WMM_ARCH_ARM: return WMM_MODEL_ARMV7;
  case WMM_ARCH_AARCH64: return WMM_MODEL_ARMV8;
  default: return WMM_MODEL_SC;
  }
}

wmm_arch wmm_model_arch(wmm_model m)
{
  switch (m) {
  case WMM_MODEL_POWER: return WMM_ARCH_PPC;
  case WMM_MODEL_ARMV7: return WMM_ARCH_ARM;
  case WMM_MODEL_ARMV8: return WMM_ARCH_AARCH64;
  default: return WMM_ARCH_X86;
  }
}

static const char *const fence_names[WMM_FENCE_COUNT] = {
  "none", "mfence", "sync", "lwsync", "isync", "eieio", "dmb", "dmb st",
  "dsb", "dsb st", "isb", "dmb ish", "dmb ishld", "dmb ishst", "compiler",
  "fence seq_cst", "fence acq_rel", "fence acquire", "fence release",
  "sfence"
};

const char *wmm_fence_name(wmm_fence f)
{
  return (unsigned)f < WMM_FENCE_COUNT ? fence_names[f] : "?";
}

/* Grow *arr (elements of size sz) so that it holds at least n+1 elements. */
static int grow(void **arr, int *cap, int n, size_t sz)
{
  if (n < *cap)
    return 0;
  int ncap = *cap ? *cap * 2 : 8;
  void *q = realloc(*arr, (size_t)ncap * sz);
  if (!q)
    return -1;
  memset((char *)q + (size_t)*cap * sz, 0, (size_t)(ncap - *cap) * sz);
  *arr = q;
  *cap = ncap;
  return 0;
}

static char *dupstr(const char *s)
{
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

wmm_program *wmm_program_new(const char *name, wmm_arch arch)
{
  wmm_program *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->name = dupstr(name ? name : "");
  if (!p->name) {
    free(p);
    return NULL;
  }
  p->arch = arch;
  return p;
}

void wmm_prop_free(wmm_prop *c)
{
  if (!c)
    return;
  wmm_prop_free(c->l);
  wmm_prop_free(c->r);
  free(c);
}

wmm_prop *wmm_prop_new(wmm_prop_kind kind)
{
  wmm_prop *c = calloc(1, sizeof *c);
  if (c)
    c->kind = kind;
  return c;
}

static void thread_free(wmm_thread *t)
{
  for (int i = 0; i < t->nregs; i++)
    free(t->regs[i].name);
  for (int i = 0; i < t->ncode; i++)
    free(t->code[i].text);
  for (int i = 0; i < t->nlabels; i++)
    free(t->labels[i].name);
  free(t->regs);
  free(t->code);
  free(t->labels);
  free(t->name);
}

void wmm_program_free(wmm_program *p)
{
  if (!p)
    return;
  for (int i = 0; i < p->nthreads; i++)
    thread_free(&p->threads[i]);
  for (int i = 0; i < p->nlocs; i++)
    free(p->locs[i].name);
  for (int i = 0; i < p->nmeta; i++)
    free(p->meta[i]);
  for (int i = 0; i < p->nfiles; i++)
    free(p->files[i]);
  free(p->threads);
  free(p->locs);
  free(p->meta);
  free(p->files);
  free(p->observed);
  free(p->observed_regs);
  for (int i = 0; i < p->naliases; i++)
    free(p->aliases[i].locs);
  free(p->aliases);
  wmm_prop_free(p->cond);
  free(p->name);
  free(p->source);
  free(p->doc);
  free(p);
}

int wmm_program_find_loc(const wmm_program *p, const char *name)
{
  for (int i = 0; i < p->nlocs; i++)
    if (strcmp(p->locs[i].name, name) == 0)
      return i;
  return -1;
}

int wmm_program_loc(wmm_program *p, const char *name)
{
  int i = wmm_program_find_loc(p, name);
  if (i >= 0)
    return i;
  if (grow((void **)&p->locs, &p->cap_locs, p->nlocs, sizeof *p->locs))
    return -1;
  wmm_location *l = &p->locs[p->nlocs];
  memset(l, 0, sizeof *l);
  if (!(l->name = dupstr(name)))
    return -1;
  l->width = 4;
  return p->nlocs++;
}

int wmm_program_thread(wmm_program *p, const char *name)
{
  for (int i = 0; i < p->nthreads; i++)
    if (strcmp(p->threads[i].name, name) == 0)
      return i;
  if (grow((void **)&p->threads, &p->cap_threads, p->nthreads,
           sizeof *p->threads))
    return -1;
  wmm_thread *t = &p->threads[p->nthreads];
  memset(t, 0, sizeof *t);
  if (!(t->name = dupstr(name)))
    return -1;
  t->instances = 1;
  t->entry = 1;
  return p->nthreads++;
}

/* Append a copy of s to a string array. */
static int push_string(char ***arr, int *n, int *cap, const char *s)
{
  if (grow((void **)arr, cap, *n, sizeof **arr))
    return -1;
  if (!((*arr)[*n] = dupstr(s)))
    return -1;
  return (*n)++;
}

int wmm_program_file(wmm_program *p, const char *path)
{
  for (int i = 0; i < p->nfiles; i++)
    if (strcmp(p->files[i], path) == 0)
      return i;
  return push_string(&p->files, &p->nfiles, &p->cap_files, path);
}

int wmm_program_meta(wmm_program *p, const char *line)
{
  return push_string(&p->meta, &p->nmeta, &p->cap_meta, line);
}

int wmm_thread_find_reg(const wmm_thread *t, const char *name)
{
  for (int i = 0; i < t->nregs; i++)
    if (strcmp(t->regs[i].name, name) == 0)
      return i;
  return -1;
}

int wmm_thread_reg(wmm_thread *t, const char *name)
{
  int i = wmm_thread_find_reg(t, name);
  if (i >= 0)
    return i;
  if (grow((void **)&t->regs, &t->cap_regs, t->nregs, sizeof *t->regs))
    return -1;
  t->regs[t->nregs].init = 0;
  if (!(t->regs[t->nregs].name = dupstr(name)))
    return -1;
  return t->nregs++;
}

int wmm_thread_find_label(const wmm_thread *t, const char *name)
{
  for (int i = 0; i < t->nlabels; i++)
    if (strcmp(t->labels[i].name, name) == 0)
      return i;
  return -1;
}

int wmm_thread_label(wmm_thread *t, const char *name, int index)
{
  int i = wmm_thread_find_label(t, name);
  if (i >= 0) {
    if (index >= 0)
      t->labels[i].index = index;
    return i;
  }
  if (grow((void **)&t->labels, &t->cap_labels, t->nlabels, sizeof *t->labels))
    return -1;
  t->labels[t->nlabels].index = index;
  if (!(t->labels[t->nlabels].name = dupstr(name)))
    return -1;
  return t->nlabels++;
}

wmm_instr wmm_instr_init(wmm_opkind op)
{
  wmm_instr in;
  memset(&in, 0, sizeof in);
  in.op = op;
  in.dst = -1;
  in.target = -1;
  in.width = 4;
  in.freq = 1.0;
  in.addr.loc_hint = -1;
  in.addr.alias = -1;
  in.pos.file = -1;
  return in;
}

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int wmm_program_alias(wmm_program *p, const int *locs, int n)
{
  if (n < 0 || (n > 0 && !locs))
    return -WMM_ERR_INVALID;
  for (int i = 0; i < n; i++)
    if (locs[i] < 0 || locs[i] >= p->nlocs)
      return -WMM_ERR_INVALID;
  int *set = malloc((size_t)(n ? n : 1) * sizeof *set);
  if (!set)
    return -WMM_ERR_NOMEM;
  if (n)
    memcpy(set, locs, (size_t)n * sizeof *set);
  qsort(set, (size_t)n, sizeof *set, cmp_int);
  int m = 0;
  for (int i = 0; i < n; i++)
    if (m == 0 || set[m - 1] != set[i])
      set[m++] = set[i];
  for (int a = 0; a < p->naliases; a++)
    if (p->aliases[a].n == m &&
        (m == 0 || memcmp(p->aliases[a].locs, set, (size_t)m * sizeof *set) == 0)) {
      free(set);
      return a;
    }
  if (grow((void **)&p->aliases, &p->cap_aliases, p->naliases,
           sizeof *p->aliases)) {
    free(set);
    return -WMM_ERR_NOMEM;
  }
  p->aliases[p->naliases].locs = set;
  p->aliases[p->naliases].n = m;
  return p->naliases++;
}

int wmm_alias_contains(const wmm_program *p, int alias, int loc)
{
  if (alias < 0 || alias >= p->naliases)
    return 1;
  const wmm_locset *s = &p->aliases[alias];
  int lo = 0, hi = s->n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (s->locs[mid] < loc)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < s->n && s->locs[lo] == loc;
}

int wmm_thread_append(wmm_thread *t, const wmm_instr *in)
{
  if (grow((void **)&t->code, &t->cap_code, t->ncode, sizeof *t->code))
    return -1;
  wmm_instr *d = &t->code[t->ncode];
  *d = *in;
  d->text = NULL;
  if (in->text && !(d->text = dupstr(in->text)))
    return -1;
  return t->ncode++;
}

int wmm_thread_insert_fence(wmm_program *p, int ti, int index, wmm_fence f)
{
  if (ti < 0 || ti >= p->nthreads)
    return -WMM_ERR_INVALID;
  wmm_thread *t = &p->threads[ti];
  if (index < 0 || index > t->ncode)
    return -WMM_ERR_INVALID;
  if (grow((void **)&t->code, &t->cap_code, t->ncode, sizeof *t->code))
    return -WMM_ERR_NOMEM;
  memmove(&t->code[index + 1], &t->code[index],
          (size_t)(t->ncode - index) * sizeof *t->code);
  t->ncode++;
  wmm_instr in = wmm_instr_init(WMM_OP_FENCE);
  in.fence = f;
  /* The fence takes the position and frequency of the point it occupies. */
  if (index + 1 < t->ncode) {
    in.pos = t->code[index + 1].pos;
    in.freq = t->code[index + 1].freq;
  } else if (index > 0) {
    in.pos = t->code[index - 1].pos;
    in.freq = t->code[index - 1].freq;
  }
  t->code[index] = in;
  for (int i = 0; i < t->ncode; i++) {
    wmm_instr *c = &t->code[i];
    if (i != index && (c->op == WMM_OP_BRANCH || c->op == WMM_OP_JUMP) &&
        c->target > index)
      c->target++;
    if (c->guard_load > index)   /* (1 + the load's index) */
      c->guard_load++;
  }
  for (int i = 0; i < t->nlabels; i++)
    if (t->labels[i].index > index)
      t->labels[i].index++;
  return index;
}

int wmm_instr_reads(const wmm_instr *in)
{
  return in->op == WMM_OP_LOAD || in->op == WMM_OP_RMW ||
         in->op == WMM_OP_LOAD_EX;
}

int wmm_instr_writes(const wmm_instr *in)
{
  return in->op == WMM_OP_STORE || in->op == WMM_OP_RMW ||
         in->op == WMM_OP_STORE_EX;
}

int wmm_instr_is_access(const wmm_instr *in)
{
  return wmm_instr_reads(in) || wmm_instr_writes(in);
}

wmm_val wmm_alu_eval(wmm_alu op, wmm_val a, wmm_val b)
{
  switch (op) {
  case WMM_ALU_ADD: return (wmm_val)((uint64_t)a + (uint64_t)b);
  case WMM_ALU_SUB: return (wmm_val)((uint64_t)a - (uint64_t)b);
  case WMM_ALU_XOR: return a ^ b;
  case WMM_ALU_AND: return a & b;
  case WMM_ALU_OR: return a | b;
  case WMM_ALU_SECOND: return b;
  case WMM_ALU_MUL: return (wmm_val)((uint64_t)a * (uint64_t)b);
  case WMM_ALU_UDIV: return b ? (wmm_val)((uint64_t)a / (uint64_t)b) : -1;
  case WMM_ALU_UREM: return b ? (wmm_val)((uint64_t)a % (uint64_t)b) : a;
  case WMM_ALU_SDIV:
    if (!b)
      return a < 0 ? 1 : -1;
    if (a == INT64_MIN && b == -1)
      return INT64_MIN;                  /* wraps */
    return a / b;
  case WMM_ALU_SREM:
    if (!b)
      return a;
    if (a == INT64_MIN && b == -1)
      return 0;
    return a % b;
  case WMM_ALU_SHL:
    return (uint64_t)b >= 64 ? 0 : (wmm_val)((uint64_t)a << b);
  case WMM_ALU_LSHR:
    return (uint64_t)b >= 64 ? 0 : (wmm_val)((uint64_t)a >> b);
  case WMM_ALU_ASHR:
    if ((uint64_t)b >= 64)
      return a < 0 ? -1 : 0;
    return a < 0 ? ~(wmm_val)(~(uint64_t)a >> b) : (wmm_val)((uint64_t)a >> b);
  }
  return 0;
}

static wmm_prop *prop_clone(const wmm_prop *c, int *fail)
{
  if (!c)
    return NULL;
  wmm_prop *d = malloc(sizeof *d);
  if (!d) {
    *fail = 1;
    return NULL;
  }
  *d = *c;
  d->l = prop_clone(c->l, fail);
  d->r = prop_clone(c->r, fail);
  return d;
}

/* Duplicate an array of n elements of size sz (NULL stays NULL). */
static void *dup_array(const void *src, int n, size_t sz, int *fail)
{
  if (!src || n <= 0)
    return NULL;
  void *d = malloc((size_t)n * sz);
  if (!d)
    *fail = 1;
  else
    memcpy(d, src, (size_t)n * sz);
  return d;
}

wmm_program *wmm_program_clone(const wmm_program *p)
{
  int fail = 0;
  wmm_program *q = wmm_program_new(p->name, p->arch);
  if (!q)
    return NULL;
  q->source = dupstr(p->source);
  q->doc = dupstr(p->doc);
  q->quant = p->quant;
  for (int i = 0; i < p->nmeta; i++)
    fail |= wmm_program_meta(q, p->meta[i]) < 0;
  for (int i = 0; i < p->nfiles; i++)
    fail |= wmm_program_file(q, p->files[i]) < 0;
  for (int i = 0; i < p->nlocs; i++) {
    int k = wmm_program_loc(q, p->locs[i].name);
    if (k < 0) {
      fail = 1;
      continue;
    }
    free(q->locs[k].name);
    q->locs[k] = p->locs[i];
    q->locs[k].name = dupstr(p->locs[i].name);
  }
  for (int i = 0; i < p->nthreads && !fail; i++) {
    const wmm_thread *t = &p->threads[i];
    int k = wmm_program_thread(q, t->name);
    if (k < 0) {
      fail = 1;
      break;
    }
    wmm_thread *u = &q->threads[k];
    u->instances = t->instances;
    u->entry = t->entry;
    for (int r = 0; r < t->nregs; r++) {
      int j = wmm_thread_reg(u, t->regs[r].name);
      if (j < 0)
        fail = 1;
      else
        u->regs[j].init = t->regs[r].init;
    }
    for (int c = 0; c < t->ncode; c++)
      fail |= wmm_thread_append(u, &t->code[c]) < 0;
    for (int l = 0; l < t->nlabels; l++)
      fail |= wmm_thread_label(u, t->labels[l].name, t->labels[l].index) < 0;
  }
  q->cond = prop_clone(p->cond, &fail);
  q->observed = dup_array(p->observed, p->nobserved, sizeof *p->observed, &fail);
  q->nobserved = p->nobserved;
  q->observed_regs = dup_array(p->observed_regs, 2 * p->nobserved_regs,
                               sizeof *p->observed_regs, &fail);
  q->nobserved_regs = p->nobserved_regs;
  for (int a = 0; a < p->naliases && !fail; a++)
    fail |= wmm_program_alias(q, p->aliases[a].locs, p->aliases[a].n) != a;
  if (fail || !q->name) {
    wmm_program_free(q);
    return NULL;
  }
  return q;
}
