/* inline.c — wmm_bmc_inline: a program whose threads are only the entries
 * of p (thread entry functions, with their instances), each with every
 * WMM_OP_CALL to a code unit replaced by a copy of the unit's code, up to a
 * nesting depth.  The BMC executes only such flat threads.
 *
 * Registers: the inlined copy of a unit gets its own registers, named
 * "UNIT#K.REG" (K counts the copies), with the unit's initial values; a
 * register whose name starts with '$' ("$arg0", "$ret") is shared with the
 * caller, which is how a front end passes arguments and results.  The
 * unit's end (falling off its last instruction, or a branch to its length)
 * continues after the call.  A call nested deeper than the depth becomes a
 * jump to itself: the path is cut there exactly like a loop beyond the
 * unwinding bound, so wmm_bmc discards it and the bound query
 * (wmm_bmc_opts.bound_query) reports it.  A branch of a unit to its length
 * + 1 halts the thread (a blocked join, the end after a failed assertion):
 * it goes to the end of the flat thread.  An unknown call (target -1)
 * stays: a compiler barrier.
 *
 * Example: main: { call 1; [x] = 1 }  f (unit 1): { r = [y] }
 *   becomes main: { f#0.r = [y]; [x] = 1 }.
 */
#include "bmc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Total instructions the flat program may hold. */
#define INLINE_MAX_CODE 200000

typedef struct inl {
  const wmm_program *p;
  wmm_error *err;
  int copies;             /* copies made so far (register prefixes) */
  int *halts;             /* flat indices of branches that halt the thread */
  int nhalts, caphalts;
} inl;

static int nomem(inl *x)
{
  return wmm_fail(x->err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
}

/* The register of `out` that register r of unit u maps to. */
static int map_reg(inl *x, wmm_thread *out, const wmm_thread *u,
                   const char *prefix, int r)
{
  if (r < 0 || r >= u->nregs)
    return r;
  const char *name = u->regs[r].name ? u->regs[r].name : "";
  char buf[512];
  if (prefix[0] && name[0] != '$')
    snprintf(buf, sizeof buf, "%s%s", prefix, name);
  else
    snprintf(buf, sizeof buf, "%s", name);
  int had = wmm_thread_find_reg(out, buf);
  int idx = had >= 0 ? had : wmm_thread_reg(out, buf);
  if (idx < 0)
    return nomem(x);
  if (had < 0)
    out->regs[idx].init = u->regs[r].init;
  return idx;
}

static int map_opnd(inl *x, wmm_thread *out, const wmm_thread *u,
                    const char *prefix, wmm_operand *o)
{
  if (o->kind != WMM_OPND_REG)
    return 0;
  int r = map_reg(x, out, u, prefix, o->reg);
  if (r < 0 && o->reg >= 0)
    return r;
  o->reg = r;
  return 0;
}

/* Append unit `ui`'s code to `out`, calls inlined up to `depth` more
 * levels. */
static int emit_unit(inl *x, wmm_thread *out, int ui, int depth,
                     const char *prefix)
{
  const wmm_thread *u = &x->p->threads[ui];
  int n = u->ncode;
  int *map = malloc(((size_t)n + 1) * sizeof *map);
  int *fix = malloc(((size_t)n + 1) * sizeof *fix);   /* out index per branch */
  int *fixsrc = malloc(((size_t)n + 1) * sizeof *fixsrc);
  int nfix = 0, rc = 0;
  if (!map || !fix || !fixsrc) {
    rc = nomem(x);
    goto out;
  }
  for (int i = 0; i < n && rc == 0; i++) {
    const wmm_instr *in = &u->code[i];
    map[i] = out->ncode;
    if (out->ncode >= INLINE_MAX_CODE) {
      rc = wmm_fail(x->err, WMM_ERR_LIMIT, x->p->source, in->pos.line,
                    "thread %s: more than %d instructions after inlining "
                    "(lower the inlining depth)", out->name, INLINE_MAX_CODE);
      break;
    }
    if (in->op == WMM_OP_CALL && in->target >= 0) {
      if (in->target >= x->p->nthreads) {
        rc = wmm_fail(x->err, WMM_ERR_INVALID, x->p->source, in->pos.line,
                      "thread %s: call to code unit %d, which does not "
                      "exist", u->name, in->target);
        break;
      }
      if (depth <= 0) {
        /* Too deep: cut the path here, as a loop beyond the bound. */
        wmm_instr j = *in;
        j.op = WMM_OP_JUMP;
        j.cond = WMM_COND_ALWAYS;
        j.target = out->ncode;
        j.dst = -1;
        if (wmm_thread_append(out, &j) < 0)
          rc = nomem(x);
        continue;
      }
      const char *callee = x->p->threads[in->target].name;
      char sub[512];
      snprintf(sub, sizeof sub, "%s#%d.", callee ? callee : "?", x->copies++);
      rc = emit_unit(x, out, in->target, depth - 1, sub);
      continue;
    }
    wmm_instr c = *in;
    if ((c.dst = map_reg(x, out, u, prefix, in->dst)) < 0 && in->dst >= 0) {
      rc = c.dst;
      break;
    }
    if ((rc = map_opnd(x, out, u, prefix, &c.a)) < 0 ||
        (rc = map_opnd(x, out, u, prefix, &c.b)) < 0 ||
        (rc = map_opnd(x, out, u, prefix, &c.addr.base)) < 0 ||
        (rc = map_opnd(x, out, u, prefix, &c.addr.index)) < 0)
      break;
    if (c.op == WMM_OP_BRANCH || c.op == WMM_OP_JUMP) {
      if (c.target == n + 1) {
        /* Halts the thread: to the end of the flat thread (set later). */
        if (x->nhalts == x->caphalts) {
          int nc = x->caphalts ? 2 * x->caphalts : 16;
          int *q = realloc(x->halts, (size_t)nc * sizeof *q);
          if (!q) {
            rc = nomem(x);
            break;
          }
          x->halts = q;
          x->caphalts = nc;
        }
        x->halts[x->nhalts++] = out->ncode;
        if (wmm_thread_append(out, &c) < 0)
          rc = nomem(x);
        continue;
      }
      if (c.target < 0 || c.target > n) {
        rc = wmm_fail(x->err, WMM_ERR_INVALID, x->p->source, in->pos.line,
                      "thread %s: branch to instruction %d out of range",
                      u->name, c.target);
        break;
      }
      fix[nfix] = out->ncode;
      fixsrc[nfix++] = c.target;
    }
    if (wmm_thread_append(out, &c) < 0)
      rc = nomem(x);
  }
  if (rc == 0) {
    map[n] = out->ncode;
    for (int k = 0; k < nfix; k++)
      out->code[fix[k]].target = map[fixsrc[k]];
  }
out:
  free(map);
  free(fix);
  free(fixsrc);
  return rc;
}

/* Thread indices of the condition's registers, in the flat program. */
static int remap_prop(const wmm_program *p, wmm_prop *c, const int *newidx,
                      wmm_error *err)
{
  if (!c)
    return 0;
  if (c->kind == WMM_PROP_REG_EQ) {
    int nt = c->thread >= 0 && c->thread < p->nthreads ? newidx[c->thread]
                                                        : -1;
    if (nt < 0)
      return wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
                      "the condition names a register of a code unit that "
                      "is not a thread");
    c->thread = nt;
  }
  int rc = remap_prop(p, c->l, newidx, err);
  return rc < 0 ? rc : remap_prop(p, c->r, newidx, err);
}

int wmm_bmc_inline(const wmm_program *p, int depth, wmm_program **out,
                   wmm_error *err)
{
  *out = NULL;
  if (!p)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "no program");
  if (depth < 0)
    return wmm_fail(err, WMM_ERR_INVALID, p->source, 0,
                    "the inlining depth must not be negative");
  /* The copy keeps locations, files, the condition; threads are rebuilt. */
  wmm_program *q = wmm_program_new(p->name ? p->name : "", p->arch);
  if (!q)
    return wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  inl x = {p, err, 0, NULL, 0, 0};
  int rc = 0;
  int *newidx = malloc(((size_t)p->nthreads + 1) * sizeof *newidx);
  if (!newidx)
    rc = nomem(&x);
  if (rc == 0 && p->source && !(q->source = strdup(p->source)))
    rc = nomem(&x);
  for (int i = 0; i < p->nfiles && rc == 0; i++)
    if (wmm_program_file(q, p->files[i]) < 0)
      rc = nomem(&x);
  for (int l = 0; l < p->nlocs && rc == 0; l++) {
    int k = wmm_program_loc(q, p->locs[l].name);
    if (k < 0) {
      rc = nomem(&x);
      break;
    }
    q->locs[k].init = p->locs[l].init;
    q->locs[k].width = p->locs[l].width;
    q->locs[k].is_private = p->locs[l].is_private;
  }
  if (rc == 0 && q->nlocs != p->nlocs)
    rc = wmm_fail(err, WMM_ERR_INVALID, p->source, 0,
                  "two locations have one name");
  for (int t = 0; t < p->nthreads && rc == 0; t++) {
    newidx[t] = -1;
    if (!p->threads[t].entry)
      continue;
    /* Entries are unique by name in the source program. */
    int nt = q->nthreads;
    if (wmm_program_thread(q, p->threads[t].name) != nt) {
      rc = nt < 0 ? nomem(&x)
                  : wmm_fail(err, WMM_ERR_INVALID, p->source, 0,
                             "two threads are named %s", p->threads[t].name);
      break;
    }
    wmm_thread *o = &q->threads[nt];
    o->entry = 1;
    o->instances = p->threads[t].instances;
    newidx[t] = nt;
    x.nhalts = 0;
    rc = emit_unit(&x, o, t, depth, "");
    for (int k = 0; k < x.nhalts && rc == 0; k++)
      o->code[x.halts[k]].target = o->ncode;
  }
  /* The condition may name registers of entries only. */
  q->quant = p->quant;
  if (rc == 0 && p->cond) {
    wmm_program *tmp = wmm_program_clone(p);
    if (!tmp) {
      rc = nomem(&x);
    } else {
      q->cond = tmp->cond;
      tmp->cond = NULL;
      wmm_program_free(tmp);
      rc = remap_prop(p, q->cond, newidx, err);
    }
  }
  free(newidx);
  free(x.halts);
  if (rc < 0) {
    wmm_program_free(q);
    return rc;
  }
  *out = q;
  return 0;
}
