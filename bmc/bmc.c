/* bmc.c — wmm_bmc: build the symbolic event structure, encode the common
 * part and the model, solve, and read back the verdict and the witness.
 *
 * Example:
 *   wmm_bmc_opts o = wmm_bmc_opts_default(WMM_MODEL_TSO);
 *   wmm_bmc_result r;
 *   int rc = wmm_bmc(prog, &o, &r, &err);   // r.allowed, r.stats
 */
#include "bmc_int.h"

#include <string.h>
#include <time.h>

wmm_bmc_opts wmm_bmc_opts_default(wmm_model m)
{
  wmm_bmc_opts o;
  memset(&o, 0, sizeof o);
  o.model = m;
  o.unwind = 2;
  return o;
}

const char *wmm_bmc_rel_name(wmm_bmc_rel r)
{
  static const char *names[WMM_BMC_REL_COUNT] = {
    "ssa", "rf", "co", "uniproc", "atomic", "ppo", "ghb", "prop", "obs",
    "scXX"};
  return (unsigned)r < WMM_BMC_REL_COUNT ? names[r] : "?";
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int wmm_bmc(const wmm_program *p, const wmm_bmc_opts *o, wmm_bmc_result *r,
            wmm_error *err)
{
  memset(r, 0, sizeof *r);
  if (!p || !o)
    return wmm_fail(err, WMM_ERR_INVALID, NULL, 0, "no program or options");
  if ((unsigned)o->model >= WMM_MODEL_COUNT)
    return wmm_fail(err, WMM_ERR_INVALID, p->source, 0, "unknown model %d",
                    (int)o->model);
  if (o->unwind < 0)
    return wmm_fail(err, WMM_ERR_INVALID, p->source, 0,
                    "the loop bound must not be negative");
  bmc_ctx c;
  double t0 = now();
  int rc = bmc_ctx_init(&c, p, o, &r->stats, err);
  if (rc == 0)
    rc = bmc_ses_build(&c);
  if (rc == 0) {
    for (int i = 0; i < c.nev; i++) {
      int k = c.ev[i].kind;
      if (k == WMM_EV_READ)
        r->stats.reads++;
      else if (k == WMM_EV_WRITE)
        r->stats.writes++;
      else if (k == WMM_EV_FENCE)
        r->stats.fences++;
    }
    r->stats.events = r->stats.reads + r->stats.writes + r->stats.fences;
    rc = bmc_enc_common(&c);
  }
  if (rc == 0)
    rc = bmc_enc_model(&c);
  if (rc == 0 && c.oom)
    rc = wmm_fail(err, WMM_ERR_NOMEM, NULL, 0, "out of memory");
  if (rc == 0)
    rc = bmc_solver(&c);
  double t1 = now();
  r->stats.encode_s = t1 - t0;
  if (rc == 0) {
    Z3_lbool res = Z3_solver_check(c.z, c.s);
    /* Lazy axioms: refine until the model satisfies them. */
    while (res == Z3_L_TRUE && c.lazy && rc == 0) {
      Z3_model m = Z3_solver_get_model(c.z, c.s);
      int added = 0;
      if (m) {
        Z3_model_inc_ref(c.z, m);
        rc = bmc_lazy_refine(&c, m, &added);
        Z3_model_dec_ref(c.z, m);
      }
      if (rc < 0 || !added)
        break;
      r->stats.refinements++;
      res = Z3_solver_check(c.z, c.s);
    }
    r->stats.solve_s = now() - t1;
    if (rc < 0) {
      /* reported */
    } else if ((rc = bmc_zcheck(&c, "solving")) < 0) {
      /* reported */
    } else if (res == Z3_L_UNDEF) {
      Z3_string why = Z3_solver_get_reason_unknown(c.z, c.s);
      rc = wmm_fail(err, WMM_ERR_LIMIT, p->source, 0,
                    "no verdict: the solver stopped (%s)",
                    why ? why : "unknown");
    } else {
      r->allowed = res == Z3_L_TRUE;
      if (r->allowed && o->witness) {
        Z3_model m = Z3_solver_get_model(c.z, c.s);
        if (!m) {
          rc = bmc_zcheck(&c, "reading the model");
          if (rc == 0)
            rc = wmm_fail(err, WMM_ERR_SOLVER, p->source, 0,
                          "the solver gave no model");
        } else {
          Z3_model_inc_ref(c.z, m);
          rc = bmc_witness(&c, m, &r->witness);
          Z3_model_dec_ref(c.z, m);
          if (rc == 0)
            r->has_witness = 1;
        }
      }
    }
  }
  bmc_ctx_free(&c);
  return rc;
}

void wmm_bmc_result_free(wmm_bmc_result *r, const wmm_program *p)
{
  if (r->has_witness)
    wmm_witness_free(&r->witness, p);
  r->has_witness = 0;
}

void wmm_bmc_stats_format(const wmm_bmc_stats *s, wmm_strbuf *out)
{
  wmm_strbuf_printf(out, "threads %d\n", s->threads);
  wmm_strbuf_printf(out, "ssa %d\n", s->ssa);
  wmm_strbuf_printf(out, "events %d\n", s->events);
  wmm_strbuf_printf(out, "reads %d\nwrites %d\nfences %d\n", s->reads,
                    s->writes, s->fences);
  wmm_strbuf_printf(out, "addresses %d\nmax/addr %d\n", s->addresses,
                    s->max_per_addr);
  wmm_strbuf_printf(out, "rf-pairs %ld\nclocks %ld\nbools %ld\n", s->rf_pairs,
                    s->clocks, s->bools);
  wmm_strbuf_printf(out, "constraints %ld\n", s->constraints);
  wmm_strbuf_printf(out, "refinements %ld\n", s->refinements);
  int best = 0;
  for (int i = 0; i < WMM_BMC_REL_COUNT; i++) {
    wmm_strbuf_printf(out, "constraints.%s %ld\n",
                      wmm_bmc_rel_name((wmm_bmc_rel)i), s->per_rel[i]);
    if (s->per_rel[i] > s->per_rel[best])
      best = i;
  }
  wmm_strbuf_printf(out, "most-costly %s (%ld)\n",
                    wmm_bmc_rel_name((wmm_bmc_rel)best), s->per_rel[best]);
}
