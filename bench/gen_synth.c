/* gen_synth.c — large synthetic programs for the placement benchmark.
 *
 * A program has T threads in groups of G; each group shares a few
 * locations (its "objects") and a function that its threads call; every
 * thread also has private locations.  Thread code is a run of blocks:
 * straight-line accesses, loops (a counter and a backward branch, body
 * frequency 3) and calls; accesses go to shared data with probability
 * --shared, are RMWs with probability --rmw, and a few existing fences and
 * unknown-address accesses (through a pointer loaded from memory) can be
 * mixed in.  Instructions carry X86 text so that --emit can write the
 * program as an X86 litmus test for `wmmfence-litmus fence`.
 *
 * usage: gen_synth --accesses N [--threads T] [--group G] [--shared F]
 *                  [--rmw F] [--fences F] [--unknown F] [--seed S]
 *                  [--no-calls] [--emit FILE] [--place MODEL]
 *                  [--time-limit S] [--max-cycles N] [--greedy]
 * --place runs wmm_place in this process and prints one line of figures:
 *   accesses=... threads=... cycles=... delays=... fences=... cost=...
 *   status=... seconds=... maxrss_kb=...
 *
 * Example: gen_synth --accesses 10000 --place power
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "litmus/litmus.h"
#include "placement/placement.h"

typedef struct synth_opts {
  long accesses;
  int threads, group;
  double shared, rmw, fences, unknown;
  int calls, mark_private;
  unsigned long seed;
  int locs_per_group, private_per_thread;
} synth_opts;

static unsigned long rng_state;

static unsigned rnd(void)
{
  rng_state = rng_state * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned)(rng_state >> 33);
}

static double rndf(void)
{
  return (rnd() & 0xffffff) / (double)0x1000000;
}

static int append(wmm_thread *t, wmm_instr *in, const char *text, double freq)
{
  in->text = (char *)text;
  in->freq = freq;
  in->pos.line = t->ncode + 1;
  int r = wmm_thread_append(t, in);
  in->text = NULL;
  return r < 0 ? -1 : 0;
}

typedef struct gen {
  wmm_program *p;
  const synth_opts *o;
  long made;          /* accesses so far */
  int label;
} gen;

/* One access of thread t (unit u) to a shared location of group g or to
 * one of the thread's private locations. */
static int gen_access(gen *G, int u, int tid, int g, double freq)
{
  wmm_program *p = G->p;
  wmm_thread *t = &p->threads[u];
  const synth_opts *o = G->o;
  char text[96], name[32];
  int loc;
  if (rndf() < o->shared) {
    snprintf(name, sizeof name, "g%d_%d", g, (int)(rnd() % (unsigned)o->locs_per_group));
  } else {
    snprintf(name, sizeof name, "p%d_%d", tid, (int)(rnd() % (unsigned)o->private_per_thread));
  }
  loc = wmm_program_find_loc(p, name);
  if (loc < 0)
    return -1;
  int eax = wmm_thread_reg(t, "EAX"), ebx = wmm_thread_reg(t, "EBX");
  if (o->unknown > 0 && rndf() < o->unknown) {
    /* EBX = [ptr]; EAX = [EBX]: the address is not static */
    char pname[32];
    snprintf(pname, sizeof pname, "ptr%d", g);
    int pl = wmm_program_find_loc(p, pname);
    wmm_instr ld = wmm_instr_init(WMM_OP_LOAD);
    ld.dst = ebx;
    ld.addr.base = (wmm_operand){WMM_OPND_IMM, 0, wmm_loc_addr(pl)};
    ld.addr.loc_hint = pl;
    snprintf(text, sizeof text, "MOV EBX,[%s]", pname);
    if (append(t, &ld, text, freq))
      return -1;
    wmm_instr in = wmm_instr_init(WMM_OP_LOAD);
    in.dst = eax;
    in.addr.base = (wmm_operand){WMM_OPND_REG, ebx, 0};
    if (append(t, &in, "MOV EAX,[EBX]", freq))
      return -1;
    G->made += 2;
    return 0;
  }
  double r = rndf();
  wmm_instr in;
  if (r < o->rmw && name[0] == 'g') {
    in = wmm_instr_init(WMM_OP_RMW);
    in.dst = eax;
    in.alu = WMM_ALU_SECOND;
    in.a = (wmm_operand){WMM_OPND_REG, eax, 0};
    in.flags = WMM_ACC_ATOMIC;
    snprintf(text, sizeof text, "XCHG [%s],EAX", name);
  } else if (r < 0.5 + o->rmw / 2) {
    in = wmm_instr_init(WMM_OP_LOAD);
    in.dst = eax;
    snprintf(text, sizeof text, "MOV EAX,[%s]", name);
  } else {
    in = wmm_instr_init(WMM_OP_STORE);
    long v = 1 + (long)(rnd() % 3);
    in.a = (wmm_operand){WMM_OPND_IMM, 0, v};
    snprintf(text, sizeof text, "MOV [%s],$%ld", name, v);
  }
  in.addr.base = (wmm_operand){WMM_OPND_IMM, 0, wmm_loc_addr(loc)};
  in.addr.loc_hint = loc;
  if (append(t, &in, text, freq))
    return -1;
  G->made++;
  if (o->fences > 0 && rndf() < o->fences) {
    wmm_instr f = wmm_instr_init(WMM_OP_FENCE);
    f.fence = WMM_FENCE_MFENCE;
    if (append(t, &f, "MFENCE", freq))
      return -1;
  }
  return 0;
}

/* A loop: ECX = 0; L: body; ECX += 1; CMP ECX,3; JL L. */
static int gen_loop(gen *G, int u, int tid, int g, int body)
{
  wmm_thread *t = &G->p->threads[u];
  int ecx = wmm_thread_reg(t, "ECX");
  char lab[32], text[64];
  snprintf(lab, sizeof lab, "L%d", G->label++);
  wmm_instr mv = wmm_instr_init(WMM_OP_MOV);
  mv.dst = ecx;
  mv.a = (wmm_operand){WMM_OPND_IMM, 0, 0};
  if (append(t, &mv, "MOV ECX,$0", 1))
    return -1;
  int head = t->ncode;
  if (wmm_thread_label(t, lab, head) < 0)
    return -1;
  for (int k = 0; k < body; k++)
    if (gen_access(G, u, tid, g, 3))
      return -1;
  wmm_instr add = wmm_instr_init(WMM_OP_ALU);
  add.dst = ecx;
  add.a = (wmm_operand){WMM_OPND_REG, ecx, 0};
  add.b = (wmm_operand){WMM_OPND_IMM, 0, 1};
  add.alu = WMM_ALU_ADD;
  if (append(t, &add, "ADD ECX,$1", 3))
    return -1;
  wmm_instr cmp = wmm_instr_init(WMM_OP_CMP);
  cmp.a = (wmm_operand){WMM_OPND_REG, ecx, 0};
  cmp.b = (wmm_operand){WMM_OPND_IMM, 0, 3};
  if (append(t, &cmp, "CMP ECX,$3", 3))
    return -1;
  wmm_instr br = wmm_instr_init(WMM_OP_BRANCH);
  br.cond = WMM_COND_LT;
  br.target = head;
  snprintf(text, sizeof text, "JL %s", lab);
  return append(t, &br, text, 3);
}

static wmm_program *build(const synth_opts *o)
{
  wmm_program *p = wmm_program_new("synth", WMM_ARCH_X86);
  if (!p)
    return NULL;
  gen G = {p, o, 0, 0};
  int ngroups = (o->threads + o->group - 1) / o->group;
  char name[32];
  for (int g = 0; g < ngroups; g++) {
    for (int k = 0; k < o->locs_per_group; k++) {
      snprintf(name, sizeof name, "g%d_%d", g, k);
      if (wmm_program_loc(p, name) < 0)
        goto fail;
    }
    snprintf(name, sizeof name, "ptr%d", g);
    int pl = wmm_program_loc(p, name);
    if (pl < 0)
      goto fail;
    snprintf(name, sizeof name, "g%d_0", g);
    p->locs[pl].init = wmm_loc_addr(wmm_program_find_loc(p, name));
  }
  for (int tid = 0; tid < o->threads; tid++)
    for (int k = 0; k < o->private_per_thread; k++) {
      snprintf(name, sizeof name, "p%d_%d", tid, k);
      int l = wmm_program_loc(p, name);
      if (l < 0)
        goto fail;
      p->locs[l].is_private = o->mark_private;
    }
  for (int tid = 0; tid < o->threads; tid++) {
    snprintf(name, sizeof name, "P%d", tid);
    if (wmm_program_thread(p, name) < 0)
      goto fail;
  }
  int fbase = p->nthreads;
  if (o->calls)
    for (int g = 0; g < ngroups; g++) {
      snprintf(name, sizeof name, "f%d", g);
      int u = wmm_program_thread(p, name);
      if (u < 0)
        goto fail;
      p->threads[u].entry = 0;
      /* the function: a few shared accesses of its group */
      for (int k = 0; k < 4; k++)
        if (gen_access(&G, u, g * o->group, g, 1))
          goto fail;
    }
  long per_thread = o->accesses / o->threads;
  for (int tid = 0; tid < o->threads; tid++) {
    int g = tid / o->group;
    long target = G.made + per_thread;
    while (G.made < target) {
      double r = rndf();
      if (r < 0.25) {
        if (gen_loop(&G, tid, tid, g, 2 + (int)(rnd() % 6)))
          goto fail;
      } else if (r < 0.35 && o->calls) {
        wmm_instr c = wmm_instr_init(WMM_OP_CALL);
        c.target = fbase + g;
        char text[32];
        snprintf(text, sizeof text, "CALL f%d", g);
        if (append(&p->threads[tid], &c, text, 1))
          goto fail;
        G.made += 4;   /* the function's accesses run again here */
      } else {
        int n = 3 + (int)(rnd() % 10);
        for (int k = 0; k < n; k++)
          if (gen_access(&G, tid, tid, g, 1))
            goto fail;
      }
    }
  }
  p->quant = WMM_QUANT_EXISTS;
  p->cond = wmm_prop_new(WMM_PROP_TRUE);
  if (!p->cond)
    goto fail;
  return p;
fail:
  wmm_program_free(p);
  return NULL;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
  synth_opts o = {1000, 0, 2, 0.3, 0.05, 0.0, 0.0, 1, 1, 1, 3, 4};
  const char *emit = NULL, *model = NULL;
  double time_limit = 60;
  long max_cycles = 0;
  int greedy = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--accesses") && v) o.accesses = atol(v), i++;
    else if (!strcmp(a, "--threads") && v) o.threads = atoi(v), i++;
    else if (!strcmp(a, "--group") && v) o.group = atoi(v), i++;
    else if (!strcmp(a, "--shared") && v) o.shared = atof(v), i++;
    else if (!strcmp(a, "--rmw") && v) o.rmw = atof(v), i++;
    else if (!strcmp(a, "--fences") && v) o.fences = atof(v), i++;
    else if (!strcmp(a, "--unknown") && v) o.unknown = atof(v), i++;
    else if (!strcmp(a, "--seed") && v) o.seed = strtoul(v, NULL, 10), i++;
    else if (!strcmp(a, "--no-calls")) o.calls = 0;
    else if (!strcmp(a, "--emit") && v) emit = v, i++;
    else if (!strcmp(a, "--place") && v) model = v, i++;
    else if (!strcmp(a, "--time-limit") && v) time_limit = atof(v), i++;
    else if (!strcmp(a, "--max-cycles") && v) max_cycles = atol(v), i++;
    else if (!strcmp(a, "--greedy")) greedy = 1;
    else {
      fprintf(stderr, "gen_synth: bad argument '%s' (see the header of "
                      "bench/gen_synth.c)\n", a);
      return 2;
    }
  }
  if (o.threads <= 0)
    o.threads = o.accesses / 300 < 2 ? 2 : o.accesses / 300 > 64 ? 64
                                                                  : (int)(o.accesses / 300);
  if (o.group < 1 || o.accesses < o.threads) {
    fprintf(stderr, "gen_synth: need --group >= 1 and --accesses >= --threads\n");
    return 2;
  }
  if (emit) {
    o.calls = 0;          /* litmus tests have no functions */
    o.mark_private = 0;   /* nor private locations */
  }
  rng_state = o.seed * 2654435761ul + 1;
  wmm_program *p = build(&o);
  if (!p) {
    fprintf(stderr, "gen_synth: out of memory\n");
    return 2;
  }
  long naccess = 0, ninstr = 0;
  for (int u = 0; u < p->nthreads; u++)
    for (int i = 0; i < p->threads[u].ncode; i++) {
      ninstr++;
      naccess += wmm_instr_is_access(&p->threads[u].code[i]);
    }
  int rc = 0;
  if (emit) {
    wmm_strbuf b = WMM_STRBUF_INIT;
    wmm_error e;
    FILE *f = fopen(emit, "w");
    if (!f || wmm_litmus_print(p, &b, &e) < 0 || b.failed) {
      fprintf(stderr, "gen_synth: cannot write %s\n", emit);
      rc = 2;
    } else {
      fwrite(wmm_strbuf_str(&b), 1, b.len, f);
    }
    if (f)
      fclose(f);
    wmm_strbuf_free(&b);
  }
  if (model) {
    int m = wmm_model_parse(model);
    if (m < 0) {
      fprintf(stderr, "gen_synth: unknown model '%s'\n", model);
      wmm_program_free(p);
      return 2;
    }
    /* the code is X86 text, but the IR is the same for every model */
    p->arch = WMM_ARCH_GIMPLE;
    wmm_place_opts po = wmm_place_opts_default((wmm_model)m);
    po.time_limit = time_limit;
    po.max_cycles = max_cycles;
    po.force_greedy = greedy;
    wmm_placement pl;
    wmm_error e;
    double t0 = now();
    if (wmm_place(p, &po, &pl, &e) < 0) {
      fprintf(stderr, "gen_synth: placement failed: %s\n", e.msg);
      wmm_program_free(p);
      return 2;
    }
    double secs = now() - t0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("accesses=%ld instructions=%ld threads=%d model=%s cycles=%ld "
           "per_pair=%ld delays=%d fences=%d cost=%g status=%s shapes=%ld "
           "checks=%ld seconds=%.3f maxrss_kb=%ld%s%s\n",
           naccess, ninstr, o.threads, model, pl.nclass_cycles, pl.nfallback,
           pl.ndelays, pl.nfences, pl.total_cost,
           pl.status == WMM_PLACE_OPTIMAL ? "optimal"
           : pl.status == WMM_PLACE_FEASIBLE ? "feasible" : "greedy",
           pl.nshapes, pl.nchecks, secs, ru.ru_maxrss,
           pl.note[0] ? " note=" : "", pl.note);
    wmm_placement_free(&pl);
  } else if (!emit) {
    printf("accesses=%ld instructions=%ld threads=%d\n", naccess, ninstr, o.threads);
  }
  wmm_program_free(p);
  return rc;
}
