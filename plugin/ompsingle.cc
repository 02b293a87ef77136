/* ompsingle.cc — an OpenMP `single` region runs in one thread of its
 * team: two of the team's threads never both run its body at once; so
 * does each section of a `sections` construct.
 *
 * GCC expands `#pragma omp single` inside an outlined team function as
 *   _1 = GOMP_single_start ();  if (_1 != 0) { body }  GOMP_barrier ();
 * and libgomp lets exactly one thread of the team take the body each time
 * the team reaches the construct.  When the team function has one such
 * start and no path runs it twice, each run of the team (one
 * GOMP_parallel call; teams run one after another, omp.cc) takes the body
 * once, in one thread: the body's accesses in two instances of the team
 * function are never made by two threads during one run.  They are marked
 * WMM_ACC_FRESH (ir.h), so the placement has no communication edge
 * between two of them in different threads; every other edge stays (the
 * team's other threads reading what the body wrote still need what the
 * barrier after it gives them).  A fresh access of another kind (an
 * object a thread allocated and has not published) is never one the body
 * touches, so the flag's other meaning holds as well.
 *
 * Example:  #pragma omp parallel { #pragma omp single { for (i ...) x[i]
 *   = i; }  #pragma omp for ... y[i] = 2 * x[i]; }
 *   -> the single's writes of x in two instances form no 2+2W cycle (Power:
 *   an lwsync before).
 */
#include "plugin.h"

namespace {

/* Is s a call of GOMP_single_start? */
bool
single_start (gimple *s)
{
  const char *n = is_gimple_call (s) ? wmm_callee_name (s) : NULL;
  if (n && !strncmp (n, "__builtin_", 10))
    n += 10;
  return n && !strcmp (n, "GOMP_single_start");
}

/* The edge into the body of the single region whose start is s: where
 * s's result, tested right after the call, is not zero; or NULL. */
edge
body_edge (gimple *s)
{
  tree r = gimple_call_lhs (s);
  gcond *c = r && TREE_CODE (r) == SSA_NAME
             ? dyn_cast<gcond *> (last_stmt (gimple_bb (s))) : NULL;
  if (!c || gimple_cond_lhs (c) != r
      || TREE_CODE (gimple_cond_rhs (c)) != INTEGER_CST)
    return NULL;
  bool zero = integer_zerop (gimple_cond_rhs (c));
  enum tree_code code = gimple_cond_code (c);
  if (code != EQ_EXPR && code != NE_EXPR)
    return NULL;
  edge t, f;
  extract_true_false_edges_from_block (gimple_bb (c), &t, &f);
  /* `!= 0` and `== 1` (the result is a truth value) enter on true */
  bool on_true = code == NE_EXPR ? zero : !zero;
  edge e = on_true ? t : f;
  return single_pred_p (e->dest) ? e : NULL;
}

/* Is s a call of GOMP_sections_start or GOMP_sections_next (which
 * section the calling thread runs next, 0 when none is left)? */
bool
sections_call (gimple *s)
{
  const char *n = is_gimple_call (s) ? wmm_callee_name (s) : NULL;
  if (n && !strncmp (n, "__builtin_", 10))
    n += 10;
  return n && (!strcmp (n, "GOMP_sections_start")
               || !strcmp (n, "GOMP_sections_next"));
}

/* The calls v comes from, through copies and PHIs: each a sections call,
 * into *calls; false when some value has another source. */
bool
section_sources (tree v, hash_set<gimple *> *seen, vec<gimple *> *calls)
{
  if (TREE_CODE (v) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (v))
    return false;
  gimple *d = SSA_NAME_DEF_STMT (v);
  if (seen->add (d))
    return true;
  if (sections_call (d))
    {
      calls->safe_push (d);
      return true;
    }
  if (gphi *phi = dyn_cast<gphi *> (d))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
        if (!section_sources (gimple_phi_arg_def (phi, i), seen, calls))
          return false;
      return true;
    }
  return gimple_assign_ssa_name_copy_p (d)
         && section_sources (gimple_assign_rhs1 (d), seen, calls);
}

/* The first blocks of the section bodies of fn's one sections construct
 * (the switch on the section number GOMP_sections_start / next hand out:
 * its cases from 1 on), when every sections call of fn feeds that switch
 * and the construct's first call runs at most once per run of the team
 * (no path leads from it back to it); each section number is handed out
 * once per run, so each body runs in one thread. */
void
section_bodies (function *fn, vec<basic_block> *out)
{
  gswitch *sw = NULL;
  int switches = 0, calls = 0;
  auto_vec<gimple *> from;   /* the sections calls feeding sw */
  wmm_each_stmt (fn, [&] (gimple *s) {
    calls += sections_call (s);
    gswitch *g = dyn_cast<gswitch *> (s);
    hash_set<gimple *> seen;
    auto_vec<gimple *> got;
    if (g && section_sources (gimple_switch_index (g), &seen, &got))
      {
        sw = g, switches++;
        from.truncate (0);
        from.safe_splice (got);
      }
  });
  if (switches != 1)
    return;
  int entries = 0;
  for (gimple *c : from)
    entries += !wmm_reaches_avoiding (c, c, NULL);
  if ((int) from.length () != calls || entries != 1)
    return;
  push_cfun (fn);
  for (unsigned i = 1; i < gimple_switch_num_labels (sw); i++)
    {
      tree label = gimple_switch_label (sw, i);
      tree lo = CASE_LOW (label);
      if (CASE_HIGH (label) || !lo || !tree_fits_shwi_p (lo)
          || tree_to_shwi (lo) < 1)
        continue;
      basic_block bb = label_to_block (fn, CASE_LABEL (label));
      if (bb && single_pred_p (bb))
        out->safe_push (bb);
    }
  pop_cfun ();
}

/* The groups (where[i]: the single's body 0, section k k + 1, -1 none)
 * whose accesses touch no location another group's do where one of them
 * writes, into apart[group].  An access of unknown locations meets every
 * other. */
void
groups_apart (const wmm_program *p, const wmm_thread *t,
              const vec<int> &where, vec<bool> *apart)
{
  for (int i = 0; i < t->ncode; i++)
    for (int j = i + 1; j < t->ncode; j++)
      {
        if (where[i] < 0 || where[j] < 0 || where[i] == where[j]
            || (!wmm_instr_writes (&t->code[i])
                && !wmm_instr_writes (&t->code[j])))
          continue;
        bool meet = false;
        bool ki = wmm_each_loc (p, &t->code[i], [&] (int a) {
          wmm_each_loc (p, &t->code[j], [&] (int b) {
            meet |= a == b;
            return !meet;
          });
          return !meet;
        });
        bool kj = wmm_each_loc (p, &t->code[j], [] (int) { return true; });
        if (meet || !ki || !kj)
          (*apart)[where[i]] = (*apart)[where[j]] = false;
      }
}

} // namespace

int
wmm_omp_single_bodies (wmm_unitinfo *u)
{
  wmm_program *p = u->prog;
  if (!p)
    return 0;
  int made = 0;
  for (wmm_unit &unit : u->units)
    {
      int nteams;
      cgraph_node *node = unit.decl ? cgraph_node::get (unit.decl) : NULL;
      if (!unit.fn || !node || node->callers || unit.thread < 0
          || wmm_omp_team_of (unit.decl, &nteams) < 0)
        continue;
      gimple *start = NULL;
      int starts = 0;
      wmm_each_stmt (unit.fn, [&] (gimple *s) {
        if (single_start (s))
          start = s, starts++;
      });
      auto_vec<basic_block> sections;
      edge body = starts == 1 && !wmm_reaches_avoiding (start, start, NULL)
                  ? body_edge (start) : NULL;
      section_bodies (unit.fn, &sections);
      if (!body && sections.is_empty ())
        continue;
      wmm_thread *t = &p->threads[unit.thread];
      /* per access: the single's body (0), section k (k + 1), or -1 */
      auto_vec<int> where;
      where.safe_grow (t->ncode);
      wmm_with_dominators (unit.fn, [&] () {
        for (int i = 0; i < t->ncode; i++)
          {
            where[i] = -1;
            const wmm_site *s = i < (int) unit.sites.length ()
                                ? &unit.sites[i] : NULL;
            if (!s || !wmm_instr_is_access (&t->code[i]) || s->summary
                || s->fn || !s->stmt || !gimple_bb (s->stmt))
              continue;
            basic_block bb = gimple_bb (s->stmt);
            if (body && dominated_by_p (CDI_DOMINATORS, bb, body->dest))
              where[i] = 0;
            for (unsigned k = 0; k < sections.length (); k++)
              if (dominated_by_p (CDI_DOMINATORS, bb, sections[k]))
                where[i] = k + 1;
          }
        return true;
      });
      /* Two sections, or a section and the single's body (`single
         nowait`), run in two threads at once: their bodies' accesses are
         made once each but may meet, and the flag would drop every edge
         between them.  Only a group that touches no location another
         touches (one of them writing) is marked. */
      auto_vec<bool> apart;
      apart.safe_grow (sections.length () + 1);
      for (bool &a : apart)
        a = true;
      groups_apart (p, t, where, &apart);
      for (int i = 0; i < t->ncode; i++)
        if (where[i] >= 0 && apart[where[i]])
          {
            t->code[i].flags |= WMM_ACC_FRESH;
            made++;
          }
    }
  if (made)
    wmm_note (u, "%d accesses in OpenMP single regions and sections run by "
              "one thread of their team: no two of the team's threads make "
              "them at once", made);
  return made;
}
