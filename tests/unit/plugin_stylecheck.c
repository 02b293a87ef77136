/* plugin_stylecheck.c — is a compiled program that runs a litmus test,
 * written in any style of starting threads, Forbidden under the model as
 * the assembly has it?  (tests/plugin/lib/styles.sh)
 *
 * Input: the functions of the assembly as event streams
 * (tests/plugin/styleseq.awk).  Thread bodies are found by what they do,
 * not by their names: calls of functions of the same file that access a
 * test location or contain a fence are inlined (an access through an
 * unknown address in the callee is an access of the global passed in the
 * first argument register: atomic member functions and wrappers at -O0),
 * calls of code outside the file and indirect calls end a stretch of
 * code; every path through the control-flow graph of a stretch (no block
 * twice) is a sequence of accesses and fences.  A path whose accesses to
 * the test's locations are exactly those of thread Pk of the test (the
 * other globals, e.g. result variables, do not count) is a copy of Pk.
 * Then:
 *   - every thread must have a copy (else: its accesses were merged,
 *     removed or split by the compiler, or the extraction failed);
 *   - every copy must have the accesses in program order;
 *   - for every choice of one copy per thread, the test with the fences
 *     (and, on ARMv8, the acquire/release accesses) of those copies must
 *     be Forbidden under the model (the core's explicit checker).
 * Unlike plugin_asmcheck, the cost is not checked (styles may add fences:
 * seq_cst code at -O0, library calls).
 *
 * Usage: plugin_stylecheck [-v] MODEL C-LITMUS STREAMFILE
 * Prints `PASS: NAME MODEL P0@FUNC ...` or `FAIL: NAME MODEL: why`;
 * exit 0 / 1, 2 on bad input.  -v prints the copies found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "ir.h"
#include "litmus/litmus.h"

#define MAXACC 16
#define MAXT 8
#define MAXCOPIES 16
#define MAXDEPTH 8
#define MAXPATHS 20000

typedef enum {
  K_FN, K_ACC, K_FENCE, K_LABEL, K_JUMP, K_JCOND, K_JIND, K_CALL, K_CALLIND,
  K_RET, K_END,
  K_HARD          /* expansion only: unknown code runs here */
} kind;

typedef struct tok {
  kind k;
  int write;        /* K_ACC */
  unsigned flags;   /* K_ACC: WMM_ACC_ACQUIRE / RELEASE / ACQPC */
  char *s;          /* symbol, fence mnemonic, label, callee */
  char *arg;        /* K_CALL: global in the first argument register */
  int inst;         /* expansion: instance number (labels are per instance) */
} tok;

typedef struct func {
  char *name;
  tok *t;
  int n, cap;
  int rel, unknown, hard;   /* summaries, -1 = not computed yet */
  int busy;
} func;

static func *fns;
static int nfns, capfns;
static const wmm_program *prog;
static wmm_model model;
static int verbose;

static void *xrealloc(void *p, size_t n)
{
  p = realloc(p, n);
  if (!p) {
    fprintf(stderr, "plugin_stylecheck: out of memory\n");
    exit(2);
  }
  return p;
}

static char *xstrdup(const char *s)
{
  char *d = xrealloc(NULL, strlen(s) + 1);
  strcpy(d, s);
  return d;
}

static void push(tok **t, int *n, int *cap, tok x)
{
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    *t = xrealloc(*t, *cap * sizeof **t);
  }
  (*t)[(*n)++] = x;
}

static int find_fn(const char *name)
{
  for (int i = 0; i < nfns; i++)
    if (!strcmp(fns[i].name, name))
      return i;
  return -1;
}

static int is_loc(const char *s)
{
  return s && strcmp(s, "?") && wmm_program_find_loc(prog, s) >= 0;
}

/* ---------------------------------------------------------------- input */

static int read_streams(const char *path)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "%s: cannot open\n", path);
    return -1;
  }
  char line[8192];
  func *cur = NULL;
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\n")] = 0;
    char *w[4] = { 0 };
    int nw = 0;
    for (char *p = strtok(line, " \t"); p && nw < 4; p = strtok(NULL, " \t"))
      w[nw++] = p;
    if (nw == 0)
      continue;
    tok x = { 0 };
    if (!strcmp(w[0], "F") && nw >= 2) {
      if (nfns == capfns) {
        capfns = capfns ? 2 * capfns : 64;
        fns = xrealloc(fns, capfns * sizeof *fns);
      }
      cur = &fns[nfns++];
      memset(cur, 0, sizeof *cur);
      cur->name = xstrdup(w[1]);
      cur->rel = cur->unknown = cur->hard = -1;
      continue;
    }
    if (!cur) {
      fprintf(stderr, "%s:%d: event outside a function\n", path, lineno);
      fclose(f);
      return -1;
    }
    if (!strcmp(w[0], "E"))
      continue;
    if (!strcmp(w[0], "A") && nw >= 3) {
      x.k = K_ACC;
      x.write = w[1][0] == 'W';
      if (strstr(w[1], ".acqpc"))
        x.flags = WMM_ACC_ACQPC;
      else if (strstr(w[1], ".acq"))
        x.flags = WMM_ACC_ACQUIRE;
      else if (strstr(w[1], ".rel"))
        x.flags = WMM_ACC_RELEASE;
      x.s = xstrdup(w[2]);
    } else if (!strcmp(w[0], "M") && nw >= 2) {
      char buf[64];
      snprintf(buf, sizeof buf, "%s%s%s", w[1], nw >= 3 ? " " : "", nw >= 3 ? w[2] : "");
      x.k = K_FENCE;
      x.s = xstrdup(buf);
    } else if (!strcmp(w[0], "L") && nw >= 2) {
      x.k = K_LABEL;
      x.s = xstrdup(w[1]);
    } else if (!strcmp(w[0], "J") && nw >= 2) {
      x.k = K_JUMP;
      x.s = xstrdup(w[1]);
    } else if (!strcmp(w[0], "JC") && nw >= 2) {
      x.k = K_JCOND;
      x.s = xstrdup(w[1]);
    } else if (!strcmp(w[0], "JI")) {
      x.k = K_JIND;
    } else if (!strcmp(w[0], "C") && nw >= 2) {
      x.k = K_CALL;
      x.s = xstrdup(w[1]);
      x.arg = xstrdup(nw >= 3 ? w[2] : "-");
    } else if (!strcmp(w[0], "CI")) {
      x.k = K_CALLIND;
    } else if (!strcmp(w[0], "RET")) {
      x.k = K_RET;
    } else {
      fprintf(stderr, "%s:%d: unknown event '%s'\n", path, lineno, w[0]);
      fclose(f);
      return -1;
    }
    push(&cur->t, &cur->n, &cur->cap, x);
  }
  fclose(f);
  return 0;
}

/* ------------------------------------------------------------ summaries */

static int has_label(const func *f, const char *s)
{
  for (int i = 0; i < f->n; i++)
    if (f->t[i].k == K_LABEL && !strcmp(f->t[i].s, s))
      return 1;
  return 0;
}

/* A direct jump to a name that is not a label of f is a tail call. */
static int is_tail_call(const func *f, const tok *x)
{
  return x->k == K_JUMP && !has_label(f, x->s);
}

/* rel: accesses a test location or has a fence (through calls too);
 * hard: calls code outside the file or through a pointer. */
static void summarise(int fi)
{
  func *f = &fns[fi];
  if (f->rel >= 0 || f->busy)
    return;
  f->busy = 1;
  int rel = 0, unknown = 0, hard = 0;
  for (int i = 0; i < f->n; i++) {
    tok *x = &f->t[i];
    if (x->k == K_ACC) {
      if (is_loc(x->s))
        rel = 1;
      if (!strcmp(x->s, "?"))
        unknown = 1;
    } else if (x->k == K_FENCE) {
      rel = 1;
    } else if (x->k == K_CALLIND) {
      hard = 1;
    } else if (x->k == K_CALL || is_tail_call(f, x)) {
      int g = find_fn(x->s);
      if (g < 0) {
        hard = 1;
        continue;
      }
      summarise(g);
      if (fns[g].busy)   /* recursion: unknown code */
        hard = 1;
      else {
        rel |= fns[g].rel;
        hard |= fns[g].hard;
      }
    }
  }
  f->busy = 0;
  f->rel = rel;
  f->unknown = unknown;
  f->hard = hard;
}

/* ------------------------------------------------------------ expansion */

typedef struct flat {
  tok *t;
  int n, cap;
  int ninst;
} flat;

static void emit(flat *o, tok x) { push(&o->t, &o->n, &o->cap, x); }

static void expand(flat *o, int fi, const char *argsym, int depth, int *stack);

/* A call of g with the global argsym in the first argument register. */
static void expand_call(flat *o, const char *name, const char *arg, int depth,
                        int *stack)
{
  tok h = { 0 };
  h.k = K_HARD;
  int g = find_fn(name);
  if (g < 0) {
    emit(o, h);
    return;
  }
  summarise(g);
  int on_stack = 0;
  for (int d = 0; d <= depth; d++)
    if (stack[d] == g)
      on_stack = 1;
  int passes_loc = is_loc(arg);
  if (on_stack || depth + 1 >= MAXDEPTH) {
    emit(o, h);
    return;
  }
  if (fns[g].rel || (fns[g].unknown && passes_loc)) {
    stack[depth + 1] = g;
    expand(o, g, passes_loc ? arg : NULL, depth + 1, stack);
    return;
  }
  if (fns[g].hard)
    emit(o, h);
  /* else: touches no test location, has no fence, calls nothing unknown */
}

static void expand(flat *o, int fi, const char *argsym, int depth, int *stack)
{
  const func *f = &fns[fi];
  int inst = o->ninst++;
  char endlab[32];
  snprintf(endlab, sizeof endlab, ".ret%d", inst);
  for (int i = 0; i < f->n; i++) {
    tok x = f->t[i];
    x.inst = inst;
    switch (x.k) {
    case K_ACC:
      if (depth > 0 && argsym && !strcmp(x.s, "?"))
        x.s = (char *) argsym;
      emit(o, x);
      break;
    case K_CALL:
      expand_call(o, x.s, x.arg, depth, stack);
      break;
    case K_CALLIND: {
      tok h = { 0 };
      h.k = K_HARD;
      emit(o, h);
      break;
    }
    case K_JUMP:
      if (is_tail_call(f, &x)) {
        expand_call(o, x.s, "-", depth, stack);
        x.k = K_RET;
      }
      /* fall through */
    case K_RET:
      if (x.k == K_RET && depth > 0) {
        x.k = K_JUMP;
        x.s = xstrdup(endlab);
        x.inst = inst;
      }
      emit(o, x);
      break;
    default:
      emit(o, x);
    }
  }
  if (depth > 0) {
    tok l = { 0 };
    l.k = K_LABEL;
    l.s = xstrdup(endlab);
    l.inst = inst;
    emit(o, l);
  }
}

/* ---------------------------------------------------------------- paths */

/* A path: the accesses to test locations and the fences on it. */
typedef struct item {
  int is_fence;
  int loc, write;
  unsigned flags;
  const char *fence;
} item;

typedef struct copy {
  item it[4 * MAXACC];
  int n;
  char key[1024];
  const char *fn;
} copy;

static copy copies[MAXT][MAXCOPIES];
static int ncopies[MAXT];
static char order_fail[MAXT][512];
static int seen_same[MAXT];     /* some path has Pk's accesses, in any order */
static int too_many_copies;

/* Accesses (loc, write) of thread t of the test, in program order. */
static int test_accesses(int t, int *loc, int *wr, int *idx)
{
  int n = 0;
  const wmm_thread *th = &prog->threads[t];
  for (int i = 0; i < th->ncode && n < MAXACC; i++)
    if (wmm_instr_is_access(&th->code[i])) {
      idx[n] = i;
      loc[n] = th->code[i].addr.loc_hint;
      wr[n++] = wmm_instr_writes(&th->code[i]);
    }
  return n;
}

static int cmp_int(const void *a, const void *b)
{
  return *(const int *) a - *(const int *) b;
}

static void path_done(const item *p, int n, const char *fn)
{
  int acc[4 * MAXACC], na = 0;
  for (int i = 0; i < n; i++)
    if (!p[i].is_fence) {
      if (na == 4 * MAXACC)
        return;
      acc[na++] = p[i].loc * 2 + p[i].write;
    }
  if (na == 0)
    return;
  int sorted[4 * MAXACC];
  memcpy(sorted, acc, na * sizeof *acc);
  qsort(sorted, na, sizeof *sorted, cmp_int);
  /* same[t]: the path has thread t's accesses; exact[t]: in its order.
   * (Threads may have the same accesses in other orders: IRIW's P1, P3.) */
  int same[MAXT] = { 0 }, exact[MAXT] = { 0 }, any_exact = 0;
  for (int t = 0; t < prog->nthreads && t < MAXT; t++) {
    int loc[MAXACC], wr[MAXACC], idx[MAXACC], want[MAXACC];
    int m = test_accesses(t, loc, wr, idx);
    if (m != na)
      continue;
    for (int i = 0; i < m; i++)
      want[i] = loc[i] * 2 + wr[i];
    exact[t] = !memcmp(want, acc, m * sizeof *acc);
    any_exact |= exact[t];
    qsort(want, m, sizeof *want, cmp_int);
    same[t] = !memcmp(want, sorted, m * sizeof *want);
  }
  for (int t = 0; t < prog->nthreads && t < MAXT; t++) {
    if (same[t])
      seen_same[t] = 1;
    if (!same[t] || (any_exact && !exact[t]))
      continue;
    if (!exact[t]) {
      if (!order_fail[t][0]) {
        size_t len = 0;
        len += snprintf(order_fail[t] + len, sizeof order_fail[t] - len,
                        "P%d's accesses are out of program order in %s:", t, fn);
        for (int i = 0; i < na && len < sizeof order_fail[t]; i++)
          len += snprintf(order_fail[t] + len, sizeof order_fail[t] - len, " %c %s",
                          acc[i] % 2 ? 'W' : 'R', prog->locs[acc[i] / 2].name);
      }
      continue;
    }
    /* Fences before the first and after the last access order nothing. */
    int first = 0, last = n - 1;
    while (p[first].is_fence)
      first++;
    while (p[last].is_fence)
      last--;
    copy c;
    c.n = 0;
    c.key[0] = 0;
    c.fn = fn;
    size_t len = 0;
    for (int i = first; i <= last; i++) {
      c.it[c.n++] = p[i];
      if (p[i].is_fence)
        len += snprintf(c.key + len, sizeof c.key - len, "%sF %s", len ? "; " : "",
                        p[i].fence);
      else
        len += snprintf(c.key + len, sizeof c.key - len, "%s%c%s %s", len ? "; " : "",
                        p[i].write ? 'W' : 'R',
                        p[i].flags & WMM_ACC_ACQPC ? ".acqpc" :
                        p[i].flags & WMM_ACC_ACQUIRE ? ".acq" :
                        p[i].flags & WMM_ACC_RELEASE ? ".rel" : "",
                        prog->locs[p[i].loc].name);
      if (len >= sizeof c.key)
        len = sizeof c.key - 1;
    }
    int dup = 0;
    for (int k = 0; k < ncopies[t]; k++)
      if (!strcmp(copies[t][k].key, c.key))
        dup = 1;
    if (dup)
      continue;
    if (ncopies[t] == MAXCOPIES) {
      too_many_copies = 1;
      continue;
    }
    copies[t][ncopies[t]++] = c;
  }
}

typedef struct walker {
  const flat *fl;
  int *lab_target;     /* per token: index of the label a jump goes to, -1 */
  unsigned char *on;   /* on the current path */
  item path[4 * MAXACC + 64];
  int npath;
  long paths;
  int overflow;
  const char *fn;
} walker;

static void walk(walker *w, int i)
{
  if (w->paths > MAXPATHS) {
    w->overflow = 1;
    return;
  }
  const flat *fl = w->fl;
  if (i >= fl->n || w->on[i]) {   /* the end, or a loop closes */
    path_done(w->path, w->npath, w->fn);
    w->paths++;
    return;
  }
  const tok *x = &fl->t[i];
  int saved = w->npath;
  int room = w->npath < (int) (sizeof w->path / sizeof w->path[0]);
  if (x->k == K_ACC && is_loc(x->s) && room) {
    item it = { 0, wmm_program_find_loc(prog, x->s), x->write, x->flags, NULL };
    w->path[w->npath++] = it;
  } else if (x->k == K_FENCE && room) {
    item it = { 1, -1, 0, 0, x->s };
    w->path[w->npath++] = it;
  } else if (x->k == K_HARD || x->k == K_RET || x->k == K_JIND || x->k == K_END) {
    path_done(w->path, w->npath, w->fn);
    w->paths++;
    return;
  }
  w->on[i] = 1;   /* on the path until it returns here: no block twice */
  if ((x->k == K_JUMP || x->k == K_JCOND) && w->lab_target[i] >= 0)
    walk(w, w->lab_target[i]);
  else if (x->k == K_JUMP || x->k == K_JCOND) {   /* out of the function */
    path_done(w->path, w->npath, w->fn);
    w->paths++;
  }
  if (x->k != K_JUMP)
    walk(w, i + 1);
  w->on[i] = 0;
  w->npath = saved;
}

static void reach(const flat *fl, const int *lab_target, int s, unsigned char *seen)
{
  int *stack = xrealloc(NULL, (fl->n + 1) * sizeof *stack);
  int sp = 0;
  stack[sp++] = s;
  while (sp) {
    int i = stack[--sp];
    if (i >= fl->n || seen[i])
      continue;
    seen[i] = 1;
    kind k = fl->t[i].k;
    if (k == K_HARD || k == K_RET || k == K_JIND || k == K_END)
      continue;
    if ((k == K_JUMP || k == K_JCOND) && lab_target[i] >= 0)
      stack[sp++] = lab_target[i];
    if (k != K_JUMP)
      stack[sp++] = i + 1;
  }
  free(stack);
}

/* All paths of function fi (expanded). */
static int paths_of(int fi)
{
  flat fl = { 0 };
  int stack[MAXDEPTH + 1];
  stack[0] = fi;
  expand(&fl, fi, NULL, 0, stack);
  /* Code that touches no test location holds no copy of a thread: its
   * paths need not be read (libstdc++'s future_error at -O0 has more than
   * MAXPATHS and no access to x or y). */
  int touches = 0;
  for (int i = 0; i < fl.n && !touches; i++)
    touches = fl.t[i].k == K_ACC && is_loc(fl.t[i].s);
  if (!touches) {
    free(fl.t);
    return 0;
  }
  int *lab_target = xrealloc(NULL, fl.n * sizeof *lab_target);
  for (int i = 0; i < fl.n; i++) {
    lab_target[i] = -1;
    const tok *x = &fl.t[i];
    if (x->k != K_JUMP && x->k != K_JCOND)
      continue;
    for (int j = 0; j < fl.n; j++)
      if (fl.t[j].k == K_LABEL && fl.t[j].inst == x->inst && !strcmp(fl.t[j].s, x->s)) {
        lab_target[i] = j;
        break;
      }
  }
  /* Starts: the entry, after unknown code, and code only reached through
   * jump tables (labels no other start reaches). */
  unsigned char *seen = calloc(fl.n + 1, 1);
  unsigned char *on = calloc(fl.n + 1, 1);
  int *starts = xrealloc(NULL, (fl.n + 1) * sizeof *starts);
  int nstarts = 0;
  starts[nstarts++] = 0;
  for (int i = 0; i < fl.n; i++)
    if (fl.t[i].k == K_HARD && i + 1 < fl.n)
      starts[nstarts++] = i + 1;
  for (int s = 0; s < nstarts; s++)
    reach(&fl, lab_target, starts[s], seen);
  for (int i = 0; i < fl.n; i++)
    if (fl.t[i].k == K_LABEL && !seen[i]) {
      starts[nstarts++] = i;
      reach(&fl, lab_target, i, seen);
    }
  walker w;
  memset(&w, 0, sizeof w);
  w.fl = &fl;
  w.lab_target = lab_target;
  w.on = on;
  w.fn = fns[fi].name;
  for (int s = 0; s < nstarts && !w.overflow; s++)
    walk(&w, starts[s]);
  free(seen);
  free(on);
  free(starts);
  free(lab_target);
  free(fl.t);
  return w.overflow ? -1 : 0;
}

/* -------------------------------------------------------------- checker */

static wmm_fence fence_of(const char *s)
{
  char k[64];
  snprintf(k, sizeof k, "%s", s);
  int dsb = !strncmp(k, "dsb", 3);
  if (dsb)
    memcpy(k, "dmb", 3);
  switch (model) {
  case WMM_MODEL_TSO:
    if (!strcmp(k, "mfence") || !strcmp(k, "lock"))
      return WMM_FENCE_MFENCE;
    break;
  case WMM_MODEL_POWER:
    if (!strcmp(k, "sync"))
      return WMM_FENCE_SYNC;
    if (!strcmp(k, "lwsync"))
      return WMM_FENCE_LWSYNC;
    if (!strcmp(k, "isync"))
      return WMM_FENCE_ISYNC;
    if (!strcmp(k, "eieio"))
      return WMM_FENCE_EIEIO;
    break;
  case WMM_MODEL_ARMV8:
    if (!strcmp(k, "isb"))
      return WMM_FENCE_ISB;
    if (!strcmp(k, "dmb ishld") || !strcmp(k, "dmb ld") || !strcmp(k, "dmb oshld") ||
        !strcmp(k, "dmb nshld"))
      return WMM_FENCE_DMB_ISHLD;
    if (!strcmp(k, "dmb ishst") || !strcmp(k, "dmb st") || !strcmp(k, "dmb oshst") ||
        !strcmp(k, "dmb nshst"))
      return WMM_FENCE_DMB_ISHST;
    if (!strncmp(k, "dmb", 3))
      return WMM_FENCE_DMB_ISH;
    break;
  case WMM_MODEL_ARMV7:
    if (!strcmp(k, "isb"))
      return WMM_FENCE_ISB;
    if (!strcmp(k, "dmb ishst") || !strcmp(k, "dmb st"))
      return dsb ? WMM_FENCE_DSB_ST : WMM_FENCE_DMB_ST;
    if (!strncmp(k, "dmb", 3))
      return dsb ? WMM_FENCE_DSB : WMM_FENCE_DMB;
    break;
  default:
    break;
  }
  return WMM_FENCE_NONE;
}

/* Is the test with the fences of copies choice[] Forbidden?  -1: error. */
static int forbidden(const int *choice)
{
  wmm_program *q = wmm_program_clone(prog);
  if (!q)
    return -1;
  q->arch = wmm_model_arch(model);
  int err = 0;
  for (int t = 0; t < q->nthreads && t < MAXT; t++) {
    const copy *c = &copies[t][choice[t]];
    int loc[MAXACC], wr[MAXACC], idx[MAXACC];
    int na = test_accesses(t, loc, wr, idx);
    /* fences per gap g (before access g), and the access flags */
    wmm_fence gap[MAXACC + 1][8];
    int ngap[MAXACC + 1] = { 0 };
    int a = 0;
    for (int i = 0; i < c->n; i++) {
      if (c->it[i].is_fence) {
        wmm_fence f = fence_of(c->it[i].fence);
        if (f == WMM_FENCE_NONE) {
          if (verbose)
            printf("  note: fence '%s' means nothing under the model\n", c->it[i].fence);
          continue;
        }
        if (ngap[a] < 8)
          gap[a][ngap[a]++] = f;
      } else {
        if (a < na && model == WMM_MODEL_ARMV8)
          q->threads[t].code[idx[a]].flags |= c->it[i].flags;
        a++;
      }
    }
    for (int g = na - 1; g >= 1; g--)
      for (int k = ngap[g] - 1; k >= 0; k--)
        if (wmm_thread_insert_fence(q, t, idx[g], gap[g][k]) < 0)
          err = 1;
  }
  wmm_check_opts o = wmm_check_opts_default(model);
  wmm_check_result r;
  wmm_error e;
  int res = -1;
  if (!err && wmm_check(q, &o, &r, &e) == 0) {
    res = !r.allowed;
    wmm_check_result_free(&r);
  } else if (!err) {
    fprintf(stderr, "check: %s\n", e.msg);
  }
  wmm_program_free(q);
  return res;
}

int main(int argc, char **argv)
{
  int a = 1;
  if (a < argc && !strcmp(argv[a], "-v")) {
    verbose = 1;
    a++;
  }
  if (argc - a != 3) {
    fprintf(stderr, "usage: plugin_stylecheck [-v] MODEL C-LITMUS STREAMFILE\n");
    return 2;
  }
  int m = wmm_model_parse(argv[a]);
  if (m < 0) {
    fprintf(stderr, "plugin_stylecheck: unknown model '%s'\n", argv[a]);
    return 2;
  }
  model = (wmm_model) m;
  const char *mname = argv[a];
  wmm_program *p;
  wmm_error e;
  if (wmm_litmus_parse_file(argv[a + 1], &p, &e) < 0) {
    fprintf(stderr, "%s:%d: %s\n", e.file, e.line, e.msg);
    return 2;
  }
  prog = p;
  const char *name = p->name ? p->name : argv[a + 1];
  if (p->nthreads > MAXT) {
    fprintf(stderr, "plugin_stylecheck: more than %d threads\n", MAXT);
    return 2;
  }
  if (read_streams(argv[a + 2]) < 0)
    return 2;
  for (int f = 0; f < nfns; f++)
    if (paths_of(f) < 0) {
      /* a copy could hide among the paths not read */
      printf("FAIL: %s %s: more than %d paths in %s\n", name, mname, MAXPATHS,
             fns[f].name);
      return 1;
    }
  if (verbose)
    for (int t = 0; t < p->nthreads; t++)
      for (int k = 0; k < ncopies[t]; k++)
        printf("  P%d@%s: %s\n", t, copies[t][k].fn, copies[t][k].key);
  for (int t = 0; t < p->nthreads; t++)
    if (order_fail[t][0]) {
      printf("FAIL: %s %s: %s\n", name, mname, order_fail[t]);
      return 1;
    }
  for (int t = 0; t < p->nthreads; t++)
    if (ncopies[t] == 0) {
      printf("FAIL: %s %s: no code with exactly P%d's accesses%s\n", name, mname, t,
             seen_same[t] ? " in program order (they are there in the order of another "
                            "thread)" : "");
      return 1;
    }
  if (too_many_copies) {
    printf("FAIL: %s %s: more than %d different copies of a thread\n", name, mname,
           MAXCOPIES);
    return 1;
  }
  /* Every choice of one copy per thread. */
  int choice[MAXT] = { 0 };
  long combos = 0;
  for (;;) {
    int r = forbidden(choice);
    combos++;
    if (r < 0) {
      printf("FAIL: %s %s: the checker failed\n", name, mname);
      return 1;
    }
    if (!r) {
      printf("FAIL: %s %s: Allowed with", name, mname);
      for (int t = 0; t < p->nthreads; t++)
        printf(" P%d@%s [%s]", t, copies[t][choice[t]].fn, copies[t][choice[t]].key);
      printf("\n");
      return 1;
    }
    int t = 0;
    while (t < p->nthreads && ++choice[t] == ncopies[t])
      choice[t++] = 0;
    if (t == p->nthreads)
      break;
    if (combos > 4096) {
      printf("FAIL: %s %s: too many combinations of copies\n", name, mname);
      return 1;
    }
  }
  printf("PASS: %s %s", name, mname);
  for (int t = 0; t < p->nthreads; t++) {
    printf(" P%d@%s", t, copies[t][0].fn);
    if (ncopies[t] > 1)
      printf("(+%d)", ncopies[t] - 1);
  }
  printf("\n");
  wmm_program_free(p);
  return 0;
}
