/* ompteams.cc — OpenMP teams that run one after another never meet: the
 * accesses of different teams touch different copies of each location.
 *
 * Example (a Jacobi sweep and its copy back, two parallel loops):
 *   for (it = 0; it < 100; it++) {
 *   #pragma omp parallel for           (team 0: reads u[i-1][j], u[i+1][j])
 *     ...  v[i][j] = (u[i-1][j] + u[i+1][j] + ...) / 4;
 *   #pragma omp parallel for           (team 1: writes u[i][j])
 *     ...  u[i][j] = v[i][j]; }
 *   -> team 0's reads touch u@team0, team 1's writes u@team1: the
 *   neighbours' reads no longer race with the copy's writes.
 * Sound when every thread is a team's (omp.cc: the unit starts threads
 * only by GOMP_parallel calls in serial code, which waits in each call
 * until its team has ended; no task, no nested team, no function run by
 * two teams) and nothing else runs while a team runs (main's IR, its code
 * while threads run, without accesses or calls; no other entry; main calls
 * no code it cannot see but libraries that start no thread).  Then
 * whatever one team does happens before whatever a later team does, a
 * communication edge between two teams only goes forward in time, and a
 * critical cycle, which returns to where it started, stays in one team.
 */
#include "plugin.h"

bool
wmm_omp_teams_alone (wmm_unitinfo *u, int *nteams)
{
  wmm_program *p = u->prog;
  *nteams = 0;
  if (!p)
    return false;
  for (const wmm_unit &unit : u->units)
    {
      int n;
      int k = unit.decl ? wmm_omp_team_of (unit.decl, &n) : -1;
      *nteams = n;
      if (n < 1 || n > 32 || unit.thread < 0 || unit.thread >= p->nthreads)
        return false;
      if (k >= 0)
        continue;
      /* serial code: quiet while threads run (main), or no entry */
      const wmm_thread *t = &p->threads[unit.thread];
      for (int i = 0; i < t->ncode; i++)
        if (unit.entry && (wmm_instr_is_access (&t->code[i])
                           || t->code[i].op == WMM_OP_CALL))
          return false;
      if (unit.entry && !unit.region)
        return false;
    }
  return *nteams > 0;
}

void
wmm_omp_team_epochs (wmm_unitinfo *u)
{
  int nteams;
  if (!wmm_omp_teams_alone (u, &nteams) || nteams < 2)
    return;
  wmm_program *p = u->prog;
  auto_vec<vec<unsigned> > masks;
  masks.safe_grow_cleared (p->nthreads);
  for (const wmm_unit &unit : u->units)
    {
      int n;
      int k = unit.decl ? wmm_omp_team_of (unit.decl, &n) : -1;
      if (k < 0)
        continue;
      const wmm_thread *t = &p->threads[unit.thread];
      masks[unit.thread].safe_grow (t->ncode);
      for (int i = 0; i < t->ncode; i++)
        masks[unit.thread][i] = 1u << k;
    }
  int split = wmm_split_locations (p, nteams, masks, "team");
  for (vec<unsigned> &v : masks)
    v.release ();
  if (split)
    wmm_note (u, "the %d OpenMP teams of the unit run one after another "
              "(serial code starts each and waits for it): %d accesses "
              "split into %d team classes (accesses of different teams "
              "never meet)", nteams, split, nteams);
}
