/* barriers.cc — the rounds of a pthread barrier: accesses of different
 * rounds never meet in a critical cycle.
 *
 * When the only threads that run while any runs are the N threads of one
 * create loop, all started by main and all waiting on one barrier of count
 * N (main itself quiet until it has joined them), the k-th waits of the N
 * threads complete together (round k): whatever any of them does before
 * its k-th wait happens before whatever any does after it.  So a
 * communication edge between two accesses of different rounds only goes
 * forward, po never goes back a round, and a cycle (which returns to where
 * it started) can have no edge between rounds: every critical cycle stays
 * in one round.  The plugin counts the waits along the routine's IR modulo
 * M (the M, at most 16, that tells the most pairs of accesses apart), and gives
 * each location the routine touches one copy per residue: an access that
 * runs only in rounds r (mod M) touches the copies r.  Two accesses with
 * no residue in common never share a round, so they no longer meet.
 *
 * Example (a stencil):
 *   for (s = 0; s < STEPS; s++) { for (i = lo; i < hi; i++) b[i] = (a[i-1]
 *     + a[i] + a[i+1]) / 3; pthread_barrier_wait (&bar);
 *     for (i = lo; i < hi; i++) a[i] = b[i]; pthread_barrier_wait (&bar); }
 *   -> the reads of a (rounds 0 mod 2) and the writes of a (1 mod 2) touch
 *   a@0 and a@1: the neighbours' reads no longer race with the writes.
 * Required, else nothing changes: one barrier object, a static or global
 * (not exported) or a local of main, whose address goes only to
 * pthread_barrier_init / _wait / _destroy; one init, in main, with a
 * constant count N; every wait in one start routine F, never called
 * directly, started by one create in main inside a counting loop nested in
 * no other that starts exactly N threads; no other thread entry in the
 * unit; main's IR (its code while threads run) without calls, and its
 * accesses of no location the threads' code touches (then main is on no
 * cycle with them);
 * F's callees without waits and called from F only.
 *
 * The thread a round's wait returns PTHREAD_BARRIER_SERIAL_THREAD to is
 * the only one that runs `if (pthread_barrier_wait (&b) == -1) { ... }`
 * in that round (mark_serial): e.g. the swap of two grids' pointers
 * between two waits.
 */
#include "plugin.h"
#include "handles.h"

namespace {

const int MAX_M = 16;

/* pthread_barrier_NAME (&OBJ, ...): NAME ("init", "wait", "destroy") and
 * OBJ (a variable), or NULL. */
const char *
barrier_call (gimple *s, tree *obj)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  const char *n = fn && DECL_NAME (fn) ? IDENTIFIER_POINTER (DECL_NAME (fn))
                                       : NULL;
  if (!n || strncmp (n, "pthread_barrier_", 16) || !gimple_call_num_args (s))
    return NULL;
  tree a = gimple_call_arg (s, 0);
  *obj = TREE_CODE (a) == ADDR_EXPR && VAR_P (TREE_OPERAND (a, 0))
         ? TREE_OPERAND (a, 0) : NULL_TREE;
  return n + 16;
}

/* Is the variable one object while threads run, that no thread the unit
 * does not see waits on: a static or main's local, or a global the unit
 * defines (not thread-local)?  An exported one is named by other units
 * too, but their code runs only when this unit's calls it, and the
 * waiter's rounds (residues) and main's quiet code (only_waiters) call
 * no code outside the unit; threads that other units start on their own
 * stay outside what a unit sees (docs/plugin.md, "What is sound where"). */
bool
one_barrier_object (tree b)
{
  if (DECL_THREAD_LOCAL_P (b))
    return false;
  if (is_global_var (b))
    return !DECL_EXTERNAL (b);
  return wmm_main_local (b);
}

/* walk_tree callback: an address of variable *data. */
tree
find_address (tree *t, int *, void *data)
{
  if (TREE_CODE (*t) == ADDR_EXPR
      && get_base_address (TREE_OPERAND (*t, 0)) == (tree) data)
    return *t;
  return NULL_TREE;
}

/* What the unit does with its barrier, when it is of the shape above. */
struct barrier_use {
  tree obj = NULL_TREE;
  HOST_WIDE_INT count = -1;     /* the init's */
  function *waiter = NULL;      /* F: every wait is in its body */
  hash_set<gimple *> waits;
};

/* Find the one barrier and check its uses. */
bool
find_barrier (wmm_unitinfo *u, barrier_use *b)
{
  bool ok = true;
  int inits = 0;
  for (const wmm_unit &unit : u->units)
    wmm_each_stmt (unit.fn, [&] (gimple *s) {
      tree obj;
      const char *what = ok ? barrier_call (s, &obj) : NULL;
      if (!what)
        return;
      if (!obj || (b->obj && obj != b->obj))
        {
          ok = false;
          return;
        }
      b->obj = obj;
      if (!strcmp (what, "wait"))
        {
          ok = !b->waiter || b->waiter == unit.fn;
          b->waiter = unit.fn;
          b->waits.add (s);
        }
      else if (!strcmp (what, "init"))
        {
          inits++;
          tree n = gimple_call_num_args (s) > 2 ? gimple_call_arg (s, 2)
                                                : NULL_TREE;
          ok = n && TREE_CODE (n) == INTEGER_CST && tree_fits_shwi_p (n)
               && MAIN_NAME_P (DECL_NAME (unit.decl));
          if (ok)
            b->count = tree_to_shwi (n);
        }
      else
        ok = !strcmp (what, "destroy");
    });
  if (!ok || !b->obj || !b->waiter || inits != 1 || b->count < 2
      || !one_barrier_object (b->obj))
    return false;
  /* its address goes to those calls only */
  for (const wmm_unit &unit : u->units)
    wmm_each_stmt (unit.fn, [&] (gimple *s) {
      tree obj;
      for (unsigned o = 0; o < gimple_num_ops (s) && ok; o++)
        {
          tree op = gimple_op (s, o);
          if (!op || (barrier_call (s, &obj) && op == gimple_call_arg (s, 0)))
            continue;
          if (walk_tree_without_duplicates (&op, find_address, b->obj))
            ok = false;
        }
    });
  varpool_node *var = varpool_node::get (b->obj);
  ipa_ref *ref;
  for (unsigned i = 0; var && var->iterate_referring (i, ref); i++)
    if (is_a<varpool_node *> (ref->referring))
      ok = false;
  return ok;
}

/* The index of main's code unit, or -1. */
int
main_unit_of (wmm_unitinfo *u)
{
  for (unsigned k = 0; k < u->units.length (); k++)
    if (DECL_NAME (u->units[k].decl)
        && MAIN_NAME_P (DECL_NAME (u->units[k].decl)))
      return k;
  return -1;
}

/* An OpenMP team instead of a pthread barrier: the outlined body F of the
 * one `GOMP_parallel (F, ...)` of the unit, called by main outside loops,
 * holds every team barrier of the unit, and nothing but that call names F.
 * Each barrier completes when every thread of the team has reached it, so
 * the k-th barriers of all the team's threads complete together (the
 * rounds of a pthread barrier whose count is the team's size).
 * *main_unit: main's. */
bool
find_team (wmm_unitinfo *u, barrier_use *b, int *main_unit)
{
  *main_unit = main_unit_of (u);
  if (*main_unit < 0)
    return false;
  gimple *site = NULL;
  tree body = NULL_TREE;
  bool ok = true;
  auto_vec<function *> wait_fns;
  for (const wmm_unit &unit : u->units)
    wmm_each_stmt (unit.fn, [&] (gimple *s) {
      const char *n = ok && is_gimple_call (s) ? wmm_callee_name (s) : NULL;
      if (n && !strncmp (n, "__builtin_", 10))
        n += 10;
      if (!n || strncmp (n, "GOMP_", 5))
        return;
      if (!strncmp (n, "GOMP_parallel", 13))
        {
          tree a = gimple_call_num_args (s) ? gimple_call_arg (s, 0)
                                            : NULL_TREE;
          ok = !site && unit.decl == u->units[*main_unit].decl && a
               && TREE_CODE (a) == ADDR_EXPR
               && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL;
          site = s;
          body = ok ? TREE_OPERAND (a, 0) : NULL_TREE;
        }
      else if (wmm_omp_team_barrier (s))
        {
          b->waits.add (s);
          wait_fns.safe_push (unit.fn);
        }
      else if (!strncmp (n, "GOMP_teams", 10) || !strncmp (n, "GOMP_task", 9))
        ok = false;
    });
  if (!ok || !site || !body)
    return false;
  cgraph_node *node = cgraph_node::get (body);
  if (!node || node->callers || TREE_PUBLIC (body)
      || wmm_reaches_avoiding (site, site, NULL))
    return false;
  ipa_ref *ref;
  for (int i = 0; node->iterate_referring (i, ref); i++)
    if (ref->stmt != site)
      return false;
  for (const wmm_unit &unit : u->units)
    if (unit.decl == body)
      b->waiter = unit.fn;
  if (!b->waiter)
    return false;
  /* every team barrier in F's own body */
  for (function *fn : wait_fns)
    if (fn != b->waiter)
      return false;
  b->obj = NULL_TREE;
  b->count = -1;
  return true;
}

/* Is the waiter started only by N threads of one create loop in main,
 * nested in no other loop, and never called?  *main_unit: main's. */
bool
started_n_times (wmm_unitinfo *u, const barrier_use *b, int *main_unit)
{
  tree f = b->waiter->decl;
  cgraph_node *node = cgraph_node::get (f);
  if (!node || node->callers || TREE_PUBLIC (f))
    return false;
  *main_unit = main_unit_of (u);
  if (*main_unit < 0)
    return false;
  gimple *site = NULL;
  ipa_ref *ref;
  for (int i = 0; node->iterate_referring (i, ref); i++)
    {
      tree routine;
      if (!ref->stmt || site || !is_gimple_call (ref->stmt)
          || !wmm_is_thread_create (ref->stmt, &routine) || routine != f
          || ref->referring->decl != u->units[*main_unit].decl)
        return false;
      site = ref->stmt;
    }
  wmm_handle h;
  wmm_iv_range iv;
  function *mfn = u->units[*main_unit].fn;
  bool ok = site && wmm_handle_of_addr (gimple_call_arg (site, 0), &h)
            && wmm_with_dominators (mfn, [&] () {
                 return wmm_create_loop (site, &h, &iv); })
            && iv.loop && loop_outer (iv.loop)
            && !loop_outer (loop_outer (iv.loop))
            && TREE_CODE (iv.bound) == INTEGER_CST
            && tree_fits_shwi_p (iv.bound) && !iv.ne;
  return ok && tree_to_shwi (iv.bound) + iv.adj - iv.init == b->count;
}

/* Is main quiet while the threads run (no call of the unit's code in its
 * IR, and no access of a location the other code touches: the fill of
 * the threads' own arguments, `args[k].lo = ...` in the create loop, is
 * on no cycle with them), and every other code unit no entry? */
bool
only_waiters (wmm_unitinfo *u, const barrier_use *b, int main_unit)
{
  const wmm_program *p = u->prog;
  for (const wmm_unit &unit : u->units)
    if (unit.entry && unit.fn != b->waiter
        && unit.decl != u->units[main_unit].decl)
      return false;
  int mt = u->units[main_unit].thread;
  auto_vec<bool> touched;   /* locations the other code accesses */
  touched.safe_grow_cleared (p->nlocs);
  for (int t = 0; t < p->nthreads; t++)
    for (int i = 0; t != mt && i < p->threads[t].ncode; i++)
      if (wmm_instr_is_access (&p->threads[t].code[i])
          && !wmm_each_loc (p, &p->threads[t].code[i], [&] (int l) {
               touched[l] = true;
               return true;
             }))
        for (int l = 0; l < p->nlocs; l++)
          touched[l] = true;
  const wmm_thread *t = &p->threads[mt];
  for (int i = 0; i < t->ncode; i++)
    {
      if (t->code[i].op == WMM_OP_CALL)
        return false;
      bool apart = true;
      if (wmm_instr_is_access (&t->code[i])
          && (!wmm_each_loc (p, &t->code[i], [&] (int l) {
                apart = !touched[l];
                return apart;
              }) || !apart))
        return false;
    }
  return true;
}

/* The residues (mod m) of the waits done before each instruction of code
 * unit t, into masks (one bit per residue); false when a call leaves the
 * unit's code or reaches an entry. */
bool
residues (const wmm_unitinfo *u, int t, const barrier_use *b, int m,
          vec<unsigned> *masks)
{
  const wmm_thread *th = &u->prog->threads[t];
  const wmm_unit *unit = NULL;
  for (const wmm_unit &x : u->units)
    if (x.thread == t)
      unit = &x;
  masks->truncate (0);
  masks->safe_grow_cleared (th->ncode + 1);
  if (!unit || th->ncode == 0)
    return unit != NULL;
  unsigned all = (1u << m) - 1;
  (*masks)[0] = 1;
  auto_vec<int> work;
  work.safe_push (0);
  while (!work.is_empty ())
    {
      int i = work.pop ();
      const wmm_instr *in = &th->code[i];
      unsigned out = (*masks)[i];
      const wmm_site &s = unit->sites[i];
      if (in->op == WMM_OP_FENCE && s.stmt
          && const_cast<barrier_use *> (b)->waits.contains (s.stmt))
        out = ((out << 1) | (out >> (m - 1))) & all;   /* one more wait */
      auto flow = [&] (int j) {
        if (j < 0 || j > th->ncode || ((*masks)[j] | out) == (*masks)[j])
          return;
        (*masks)[j] |= out;
        if (j < th->ncode)
          work.safe_push (j);
      };
      if (in->op == WMM_OP_JUMP)
        flow (in->target);
      else
        {
          if (in->op == WMM_OP_BRANCH)
            flow (in->target);
          flow (i + 1);
        }
    }
  return true;
}

/* Which residues each code unit runs in: the waiter's instructions, and
 * every unit it calls (no waits there) in the union of its call sites';
 * per thread index, per instruction.  false: a call leaves the unit's
 * code, or a callee is an entry. */
bool
all_residues (const wmm_unitinfo *u, int waiter, const barrier_use *b,
              int m, vec<vec<unsigned> > *per_thread)
{
  const wmm_program *p = u->prog;
  for (vec<unsigned> &v : *per_thread)
    v.release ();
  per_thread->truncate (0);
  per_thread->safe_grow_cleared (p->nthreads);
  if (!residues (u, waiter, b, m, &(*per_thread)[waiter]))
    return false;
  auto_vec<int> work;
  auto_vec<unsigned> callee_mask;
  callee_mask.safe_grow_cleared (p->nthreads);
  work.safe_push (waiter);
  auto_vec<bool> seen;
  seen.safe_grow_cleared (p->nthreads);
  seen[waiter] = true;
  while (!work.is_empty ())
    {
      int t = work.pop ();
      const wmm_thread *th = &p->threads[t];
      for (int i = 0; i < th->ncode; i++)
        {
          if (th->code[i].op != WMM_OP_CALL)
            continue;
          int c = th->code[i].target;
          if (c < 0 || c >= p->nthreads || p->threads[c].entry)
            return false;
          unsigned mk = t == waiter ? (*per_thread)[t][i] : callee_mask[t];
          if ((callee_mask[c] | mk) != callee_mask[c] || !seen[c])
            {
              callee_mask[c] |= mk;
              seen[c] = true;
              work.safe_push (c);
            }
        }
    }
  for (int c = 0; c < p->nthreads; c++)
    if (c != waiter && callee_mask[c])
      {
        (*per_thread)[c].safe_grow_cleared (p->threads[c].ncode + 1);
        for (int i = 0; i < p->threads[c].ncode; i++)
          (*per_thread)[c][i] = callee_mask[c];
      }
  return true;
}

/* How many pairs of accesses of the participating code share no residue
 * (never run in one round): a modulus that wraps distinct rounds onto one
 * residue (2 for three rounds in a row) tells fewer pairs apart. */
long
pairs_apart (const wmm_program *p, const vec<vec<unsigned> > &masks)
{
  hash_map<int_hash<int, -1, -2>, long> count;
  for (int t = 0; t < p->nthreads; t++)
    for (unsigned i = 0; i < masks[t].length () && (int) i < p->threads[t].ncode; i++)
      if (wmm_instr_is_access (&p->threads[t].code[i]) && masks[t][i])
        count.get_or_insert ((int) masks[t][i])++;
  auto_vec<std::pair<unsigned, long> > per_mask;
  for (auto it = count.begin (); it != count.end (); ++it)
    per_mask.safe_push (std::make_pair ((unsigned) (*it).first, (*it).second));
  long n = 0;
  for (unsigned a = 0; a < per_mask.length (); a++)
    for (unsigned b = a + 1; b < per_mask.length (); b++)
      if (!(per_mask[a].first & per_mask[b].first))
        n += per_mask[a].second * per_mask[b].second;
  return n;
}

/* The edge taken when wait s returns PTHREAD_BARRIER_SERIAL_THREAD (-1),
 * tested right after the call (wmm_edge_if_equal); or NULL. */
edge
serial_edge (gimple *s)
{
  tree r = gimple_call_lhs (s);
  if (!r || TREE_CODE (r) != SSA_NAME)
    return NULL;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (s)->succs)
    {
      tree a, b;
      if (wmm_edge_if_equal (e, &a, &b) && a == r
          && TREE_CODE (b) == INTEGER_CST && integer_minus_onep (b)
          && single_pred_p (e->dest))
        return e;
    }
  return NULL;
}

/* Mark the accesses of the waiter's own body that run only in the thread
 * its last wait made the serial one: in a block the serial edge of a
 * wait dominates, with no wait on any path from that edge to it.  Each
 * round has one serial thread (POSIX), and accesses of different rounds
 * never meet (above): two such accesses of two threads are never in one
 * round, so no communication edge between them is part of a critical
 * cycle (WMM_ACC_FRESH, as for OpenMP's single, ompsingle.cc).  The
 * same for the code units only such blocks call.  Returns how many; the
 * serial blocks into `serial`. */
int
mark_serial (wmm_unitinfo *u, const barrier_use *b, int waiter,
             bitmap serial)
{
  const wmm_unit *unit = NULL;
  for (const wmm_unit &x : u->units)
    if (x.thread == waiter)
      unit = &x;
  if (!unit)
    return 0;
  function *fn = b->waiter;
  auto has_wait = [&] (basic_block bb) {
    for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
         gsi_next (&g))
      if (const_cast<barrier_use *> (b)->waits.contains (gsi_stmt (g)))
        return true;
    return false;
  };
  wmm_with_dominators (fn, [&] () {
    for (gimple *w : b->waits)
      {
        edge e = serial_edge (w);
        if (!e)
          continue;
        /* blocks after a wait, not through the serial edge again */
        auto_bitmap late;
        auto_vec<basic_block> work;
        basic_block bb;
        FOR_EACH_BB_FN (bb, fn)
          if (dominated_by_p (CDI_DOMINATORS, bb, e->dest) && has_wait (bb))
            work.safe_push (bb);
        while (!work.is_empty ())
          {
            basic_block x = work.pop ();
            edge s;
            edge_iterator ei;
            FOR_EACH_EDGE (s, ei, x->succs)
              if (s->dest != e->dest
                  && dominated_by_p (CDI_DOMINATORS, s->dest, e->dest)
                  && bitmap_set_bit (late, s->dest->index))
                work.safe_push (s->dest);
          }
        FOR_EACH_BB_FN (bb, fn)
          if (dominated_by_p (CDI_DOMINATORS, bb, e->dest)
              && !bitmap_bit_p (late, bb->index) && !has_wait (bb))
            bitmap_set_bit (serial, bb->index);
      }
    return true;
  });
  wmm_program *p = u->prog;
  /* per instruction of the waiter: in a serial block (a callee collected
     at its call: where that call is) */
  auto in_serial = [&] (int i) {
    const wmm_site *s = i < (int) unit->sites.length () ? &unit->sites[i]
                                                        : NULL;
    gimple *at = !s ? NULL : s->fn ? s->call : s->stmt;
    return at && gimple_bb (at) && !s->summary
           && bitmap_bit_p (serial, gimple_bb (at)->index);
  };
  /* code units called only from serial blocks, and from such units */
  auto_vec<bool> whole;
  whole.safe_grow_cleared (p->nthreads);
  for (bool changed = true; changed; )
    {
      changed = false;
      for (int c = 0; c < p->nthreads; c++)
        {
          if (c == waiter || whole[c] || p->threads[c].entry)
            continue;
          bool called = false, only = true;
          for (int th = 0; th < p->nthreads && only; th++)
            for (int i = 0; i < p->threads[th].ncode && only; i++)
              if (p->threads[th].code[i].op == WMM_OP_CALL
                  && p->threads[th].code[i].target == c)
                {
                  called = true;
                  only = th == waiter ? in_serial (i) : (bool) whole[th];
                }
          if (called && only)
            whole[c] = changed = true;
        }
    }
  int made = 0;
  for (int th = 0; th < p->nthreads; th++)
    for (int i = 0; i < p->threads[th].ncode; i++)
      if (wmm_instr_is_access (&p->threads[th].code[i])
          && (th == waiter ? in_serial (i) : (bool) whole[th]))
        {
          p->threads[th].code[i].flags |= WMM_ACC_FRESH;
          made++;
        }
  return made;
}

} // anon namespace

int
wmm_split_locations (wmm_program *p, int nclasses,
                     const vec<vec<unsigned> > &masks, const char *tag,
                     const vec<bool> *only, bool split_any)
{
  /* one copy of each shared location per class, made when needed */
  int nlocs = p->nlocs;
  auto_vec<int> copies;
  copies.safe_grow (nlocs * nclasses);
  for (int k = 0; k < nlocs * nclasses; k++)
    copies[k] = -1;
  auto copy_of = [&] (int l, int r) {
    if (p->locs[l].is_private
        || (only && (l >= (int) only->length () || !(*only)[l])))
      return l;
    int &c = copies[l * nclasses + r];
    if (c < 0)
      {
        char *name = xasprintf ("%s@%s%d", p->locs[l].name, tag, r);
        c = wmm_program_loc (p, name);
        free (name);
        if (c >= 0)
          {
            p->locs[c].width = p->locs[l].width;
            p->locs[c].init = p->locs[l].init;
            p->locs[c].one_writer = p->locs[l].one_writer;
          }
      }
    return c;
  };
  int split = 0;
  for (int t = 0; t < p->nthreads && t < (int) masks.length (); t++)
    for (unsigned i = 0; i < masks[t].length () && (int) i < p->threads[t].ncode; i++)
      {
        wmm_instr *in = &p->threads[t].code[i];
        unsigned mk = masks[t][i];
        if (!wmm_instr_is_access (in) || !mk)
          continue;
        auto_vec<int> to;
        bool bad = false;
        bool known = wmm_each_loc (p, in, [&] (int l) {
          for (int r = 0; r < nclasses && !bad; r++)
            if (mk & (1u << r))
              {
                int c = l < nlocs ? copy_of (l, r) : l;
                if (c < 0)
                  bad = true;
                else if (!to.contains (c))
                  to.safe_push (c);
              }
          return !bad;
        });
        /* an access that may touch any location: the copies too; or,
           with split_any, the copies of its classes of every location */
        unsigned all = nclasses >= 32 ? ~0u : (1u << nclasses) - 1;
        if (!known && split_any && !bad && (mk & all) != all)
          {
            to.truncate (0);
            for (int l = 0; l < nlocs && !bad; l++)
              for (int r = 0; r < nclasses && !bad; r++)
                if ((mk & (1u << r)) && !p->locs[l].is_private)
                  {
                    int c = copy_of (l, r);
                    bad = c < 0;
                    if (!bad && !to.contains (c))
                      to.safe_push (c);
                  }
            known = !bad;
          }
        if (!known || bad || to.is_empty ())
          continue;
        to.qsort ([] (const void *x, const void *y) {
          return *(const int *) x - *(const int *) y; });
        if (to.length () == 1)
          {
            in->addr.loc_hint = to[0];
            in->addr.base.kind = WMM_OPND_IMM;
            in->addr.base.imm = wmm_loc_addr (to[0]);
          }
        else
          {
            int a = wmm_program_alias (p, to.address (), to.length ());
            if (a < 0)
              continue;
            in->addr.loc_hint = -1;
            in->addr.base.kind = WMM_OPND_NONE;
            in->addr.base.imm = 0;
            in->addr.alias = a;
          }
        split++;
      }
  return split;
}

void
wmm_barrier_rounds (wmm_unitinfo *u)
{
  barrier_use b;
  int main_unit;
  bool team = false;
  if (!u->prog)
    return;
  if (!find_barrier (u, &b) || !started_n_times (u, &b, &main_unit))
    {
      barrier_use t;
      if (!find_team (u, &t, &main_unit) || t.waits.is_empty ())
        return;
      b.waiter = t.waiter;
      for (gimple *w : t.waits)
        b.waits.add (w);
      team = true;
    }
  if (!only_waiters (u, &b, main_unit))
    return;
  int waiter = -1;
  for (const wmm_unit &unit : u->units)
    if (unit.fn == b.waiter)
      waiter = unit.thread;
  if (waiter < 0)
    return;
  wmm_program *p = u->prog;
  auto_bitmap serial_blocks;
  int serial = team ? 0 : mark_serial (u, &b, waiter, serial_blocks);
  if (serial)
    wmm_note (u, "%d accesses of '%s' run only in the thread barrier '%s' "
              "makes the serial one, one thread per round: no two threads "
              "make them in one round", serial,
              lang_hooks.decl_printable_name (b.waiter->decl, 2),
              lang_hooks.decl_printable_name (b.obj, 2));
  /* the modulus that tells the most accesses apart */
  auto_vec<vec<unsigned> > masks;
  /* (pointers each thread swaps per round: swapviews.cc) */
  if (!all_residues (u, waiter, &b, 2, &masks))
    return;
  wmm_swap_views_local (u, waiter, b.waiter, b.waits);
  long best = -1;
  int best_m = 0;
  for (int m = 2; m <= MAX_M; m++)
    {
      if (!all_residues (u, waiter, &b, m, &masks))
        return;
      long n = pairs_apart (p, masks);
      if (n > best)
        {
          best = n;
          best_m = m;
        }
    }
  if (best <= 0 || !all_residues (u, waiter, &b, best_m, &masks))
    return;
  /* double buffers swapped in a serial step (swapviews.cc) */
  if (!team)
    wmm_swap_views_rounds (u, waiter, b.waiter, serial_blocks, b.waits,
                           masks);
  int split = wmm_split_locations (p, best_m, masks, "");
  for (vec<unsigned> &v : masks)
    v.release ();
  if (split && team)
    wmm_note (u, "the team barriers of '%s' order the rounds of its OpenMP "
              "team: %d accesses split into %d round classes (accesses of "
              "different rounds never meet)",
              lang_hooks.decl_printable_name (b.waiter->decl, 2), split,
              best_m);
  else if (split)
    wmm_note (u, "barrier '%s' (count %d) orders the rounds of the %d "
              "threads of '%s': %d accesses split into %d round classes "
              "(accesses of different rounds never meet)",
              lang_hooks.decl_printable_name (b.obj, 2), (int) b.count,
              (int) b.count, lang_hooks.decl_printable_name (b.waiter->decl, 2),
              split, best_m);
}
