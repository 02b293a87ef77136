/* plugin_asmcheck.c — check the fences the plugin put into a compiled litmus
 * program: read the thread functions' accesses and fences from the assembly
 * (as printed by tests/plugin/asmseq.awk), check that the accesses are the
 * litmus test's, in program order, insert the fences into the litmus test
 * at the same places, and ask the explicit checker:
 *   - the fenced test must be Forbidden under the model;
 *   - no cheaper fence assignment (brute force over the gaps between
 *     accesses and the model's fence kinds) may be Forbidden: the cost is
 *     optimal under the cost table of tests/corpus/README.md.
 *
 * Usage: plugin_asmcheck MODEL C-LITMUS SEQFILE
 *   SEQFILE lines: "P0: W x; F lwsync; W y" (symbols that are not locations
 *   of the test, e.g. the result globals, are ignored).
 * Prints `PASS: NAME MODEL cost=C` or `FAIL: NAME MODEL why`; exit 0/1,
 * 2 on bad input.
 *
 * Example: plugin_asmcheck power tests/corpus/c/MP.litmus mp.seq
 *   -> PASS: MP power cost=2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/check.h"
#include "ir.h"
#include "litmus/litmus.h"
#include "placement/placement.h"

#define MAXACC 16
#define MAXT 8

/* A thread as read from the assembly: accesses and the fences before each. */
typedef struct seq_thread {
  int nacc;
  int is_write[MAXACC];
  int loc[MAXACC];
  wmm_fence before[MAXACC + 1][4];   /* fences in gap g (before access g) */
  int nbefore[MAXACC + 1];
} seq_thread;

/* The model's instruction for an assembly fence mnemonic. */
static wmm_fence fence_of(wmm_model m, const char *s)
{
  if (!strcmp(s, "mfence") || !strcmp(s, "lock"))
    return WMM_FENCE_MFENCE;
  if (!strcmp(s, "sync"))
    return WMM_FENCE_SYNC;
  if (!strcmp(s, "lwsync"))
    return WMM_FENCE_LWSYNC;
  if (!strcmp(s, "isync"))
    return WMM_FENCE_ISYNC;
  if (!strcmp(s, "eieio"))
    return WMM_FENCE_EIEIO;
  if (!strcmp(s, "dmb ish") || !strcmp(s, "dmb sy") || !strcmp(s, "dmb"))
    return m == WMM_MODEL_ARMV7 ? WMM_FENCE_DMB : WMM_FENCE_DMB_ISH;
  if (!strcmp(s, "dmb ishst") || !strcmp(s, "dmb st"))
    return m == WMM_MODEL_ARMV7 ? WMM_FENCE_DMB_ST : WMM_FENCE_DMB_ISHST;
  if (!strcmp(s, "dmb ishld") || !strcmp(s, "dmb ld"))
    return WMM_FENCE_DMB_ISHLD;
  return WMM_FENCE_NONE;
}

/* Read SEQFILE into th[]; returns the number of threads or -1. */
static int read_seq(const char *path, const wmm_program *p, wmm_model m,
                    seq_thread *th, char *why, size_t whylen)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(why, whylen, "%s: cannot open", path);
    return -1;
  }
  char line[4096];
  int n = 0, lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    int t;
    char *rest = strchr(line, ':');
    if (line[0] != 'P' || !rest || sscanf(line + 1, "%d", &t) != 1 ||
        t < 0 || t >= MAXT) {
      snprintf(why, whylen, "%s:%d: expected 'Pn: ...'", path, lineno);
      fclose(f);
      return -1;
    }
    seq_thread *s = &th[t];
    memset(s, 0, sizeof *s);
    if (t + 1 > n)
      n = t + 1;
    for (char *item = strtok(rest + 1, ";\n"); item; item = strtok(NULL, ";\n")) {
      while (*item == ' ')
        item++;
      if (!*item)
        continue;
      if (item[0] == 'F' && item[1] == ' ') {
        wmm_fence k = fence_of(m, item + 2);
        if (k == WMM_FENCE_NONE) {
          snprintf(why, whylen, "%s:%d: unknown fence '%s'", path, lineno, item + 2);
          fclose(f);
          return -1;
        }
        if (s->nbefore[s->nacc] < 4)
          s->before[s->nacc][s->nbefore[s->nacc]++] = k;
        continue;
      }
      int loc = wmm_program_find_loc(p, item + 2);
      if (loc < 0)
        continue;   /* not a location of the test (results) */
      if (s->nacc >= MAXACC) {
        snprintf(why, whylen, "%s:%d: too many accesses", path, lineno);
        fclose(f);
        return -1;
      }
      s->is_write[s->nacc] = item[0] == 'W';
      s->loc[s->nacc++] = loc;
    }
  }
  fclose(f);
  return n;
}

/* Indices of the accesses of thread t of p. */
static int accesses(const wmm_program *p, int t, int *idx)
{
  int n = 0;
  for (int i = 0; i < p->threads[t].ncode && n < MAXACC; i++)
    if (wmm_instr_is_access(&p->threads[t].code[i]))
      idx[n++] = i;
  return n;
}

/* Is p with fences fence[t][g] (gap g of thread t) Forbidden under m? */
static int forbidden(const wmm_program *p, wmm_model m,
                     wmm_fence fence[MAXT][MAXACC + 1], int *err)
{
  wmm_program *q = wmm_program_clone(p);
  if (!q) {
    *err = 1;
    return 0;
  }
  q->arch = wmm_model_arch(m);
  for (int t = 0; t < q->nthreads && t < MAXT; t++) {
    int idx[MAXACC];
    int n = accesses(p, t, idx);
    for (int g = n; g >= 0; g--)
      if (fence[t][g] != WMM_FENCE_NONE) {
        int at = g < n ? idx[g] : q->threads[t].ncode;
        if (wmm_thread_insert_fence(q, t, at, fence[t][g]) < 0)
          *err = 1;
      }
  }
  wmm_check_opts o = wmm_check_opts_default(m);
  wmm_check_result r;
  wmm_error e;
  int allowed = 1;
  if (wmm_check(q, &o, &r, &e) < 0) {
    fprintf(stderr, "check: %s\n", e.msg);
    *err = 1;
  } else {
    allowed = r.allowed;
    wmm_check_result_free(&r);
  }
  wmm_program_free(q);
  return !allowed;
}

/* Brute force: is some assignment of cost < limit Forbidden?  Gaps between
 * two accesses of a thread only (fences outside them order nothing). */
static int cheaper_exists(const wmm_program *p, wmm_model m, const wmm_fence *kinds,
                          int nkinds, int *gap_t, int *gap_g, int ngaps, int k,
                          double cost, double limit,
                          wmm_fence fence[MAXT][MAXACC + 1], int *err)
{
  if (cost >= limit - 1e-9)
    return 0;
  if (k == ngaps)
    return forbidden(p, m, fence, err);
  fence[gap_t[k]][gap_g[k]] = WMM_FENCE_NONE;
  if (cheaper_exists(p, m, kinds, nkinds, gap_t, gap_g, ngaps, k + 1, cost,
                     limit, fence, err))
    return 1;
  for (int i = 0; i < nkinds; i++) {
    fence[gap_t[k]][gap_g[k]] = kinds[i];
    if (cheaper_exists(p, m, kinds, nkinds, gap_t, gap_g, ngaps, k + 1,
                       cost + wmm_fence_cost(m, kinds[i]), limit, fence, err))
      return 1;
  }
  fence[gap_t[k]][gap_g[k]] = WMM_FENCE_NONE;
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: plugin_asmcheck MODEL C-LITMUS SEQFILE\n");
    return 2;
  }
  int m = wmm_model_parse(argv[1]);
  if (m < 0) {
    fprintf(stderr, "plugin_asmcheck: unknown model '%s'\n", argv[1]);
    return 2;
  }
  wmm_program *p;
  wmm_error e;
  if (wmm_litmus_parse_file(argv[2], &p, &e) < 0) {
    fprintf(stderr, "%s:%d: %s\n", e.file, e.line, e.msg);
    return 2;
  }
  seq_thread th[MAXT];
  memset(th, 0, sizeof th);
  char why[512];
  int n = read_seq(argv[3], p, (wmm_model)m, th, why, sizeof why);
  if (n < 0) {
    fprintf(stderr, "%s\n", why);
    wmm_program_free(p);
    return 2;
  }
  const char *name = p->name ? p->name : argv[2];
  int fail = 0;
  if (n != p->nthreads) {
    printf("FAIL: %s %s: %d thread functions in the assembly, %d in the test\n",
           name, argv[1], n, p->nthreads);
    wmm_program_free(p);
    return 1;
  }
  /* Program order of the accesses. */
  static wmm_fence fence[MAXT][MAXACC + 1];
  double cost = 0;
  int gap_t[MAXT * MAXACC], gap_g[MAXT * MAXACC], ngaps = 0;
  for (int t = 0; t < n && !fail; t++) {
    int idx[MAXACC];
    int na = accesses(p, t, idx);
    if (na != th[t].nacc)
      fail = printf("FAIL: %s %s: P%d has %d accesses in the assembly, %d in "
                    "the test\n", name, argv[1], t, th[t].nacc, na);
    for (int a = 0; a < na && !fail; a++) {
      const wmm_instr *in = &p->threads[t].code[idx[a]];
      if (in->addr.loc_hint != th[t].loc[a] ||
          wmm_instr_writes(in) != th[t].is_write[a])
        fail = printf("FAIL: %s %s: P%d access %d is not in program order\n",
                      name, argv[1], t, a);
    }
    for (int g = 0; g <= na; g++) {
      fence[t][g] = WMM_FENCE_NONE;
      for (int k = 0; k < th[t].nbefore[g]; k++) {
        wmm_fence f = th[t].before[g][k];
        /* Several fences in one gap: the strongest one matters. */
        if (fence[t][g] == WMM_FENCE_NONE ||
            wmm_fence_covers((wmm_model)m, f, fence[t][g]))
          fence[t][g] = f;
        cost += wmm_fence_cost((wmm_model)m, f);
      }
      if (g > 0 && g < na) {
        gap_t[ngaps] = t;
        gap_g[ngaps++] = g;
      }
    }
  }
  int err = 0;
  if (!fail && !forbidden(p, (wmm_model)m, fence, &err))
    fail = printf("FAIL: %s %s: the fenced program is still Allowed\n", name,
                  argv[1]);
  if (!fail) {
    wmm_fence kinds[WMM_FENCE_COUNT];
    int nk = wmm_place_kinds((wmm_model)m, wmm_model_arch((wmm_model)m), kinds);
    static wmm_fence trial[MAXT][MAXACC + 1];
    for (int t = 0; t < MAXT; t++)
      for (int g = 0; g <= MAXACC; g++)
        trial[t][g] = WMM_FENCE_NONE;
    if (cheaper_exists(p, (wmm_model)m, kinds, nk, gap_t, gap_g, ngaps, 0, 0,
                       cost, trial, &err))
      fail = printf("FAIL: %s %s: cost %g is not optimal\n", name, argv[1], cost);
  }
  if (err && !fail)
    fail = printf("FAIL: %s %s: the checker failed\n", name, argv[1]);
  if (!fail)
    printf("PASS: %s %s cost=%g\n", name, argv[1], cost);
  wmm_program_free(p);
  return fail ? 1 : 0;
}
