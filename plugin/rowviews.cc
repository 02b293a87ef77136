/* rowviews.cc — double buffers indexed by a value: an OpenMP team that
 * writes one row of a static array and reads another, chosen by indices
 * that always differ, never meets itself across the two rows.
 *
 * Example (a Jacobi sweep per time step, the buffer chosen by parity):
 *   static double u[2][N];
 *   for (t = 0; t < T; t++)
 *   #pragma omp parallel for
 *     for (i = 1; i < N - 1; i++)
 *       u[(t + 1) % 2][i] = (u[t % 2][i - 1] + u[t % 2][i + 1]) / 2;
 * or `g[dst][i][j] = ... g[src][i - 1][j] ...` with `src = t % 2; dst =
 * 1 - src;` computed by the serial code before the region.  GCC hands t
 * (or src and dst) to the outlined function in the team's data block; the
 * team's threads all read the same values, which the serial code stores
 * right before it starts the team and does not change while it waits for
 * it (omp.cc, ompteams.cc: wmm_omp_teams_alone).  Then in one start of the
 * team every access `u[E1][...]` touches one row and every `u[E2][...]`
 * another when E1 != E2 for every value of the data: the accesses of the
 * two indices take a view each (views.h; the others, both), and the
 * neighbours' reads no longer race with the writes (x86 1 mfence, Power 3
 * fences before).
 *
 * E1 != E2 is proven by rewriting both as one of `x + c`, `c - x` or "a
 * value that is 0 exactly when x + c is even" (`(x + c) % 2`, `(x + c) &
 * 1`) of one common x: a field of the data block (the team's loads of it
 * all read one value), or a value of the serial code, following the
 * field's one store in the block of the start (every statement between
 * the store and x in that block, so all of them ran since x last
 * changed).  `x + a` and `x + b` differ when a != b, `x + a` and `b - x`
 * when b - a is odd, parities when their offsets differ by an odd number.
 */
#include "plugin.h"
#include "views.h"

namespace {

/* One index as a function of a leaf x: x + c (ID), c - x (NEG), or a
 * value that is 0 exactly when x + c is even (PAR; `bit`: its values are
 * 0 and 1 only, as `& 1` gives).  `shared`: x is a field of the team's
 * data block or a value of the serial code, one value for every thread of
 * a start. */
enum index_op { ID, NEG, PAR };
struct index_form {
  tree leaf;
  index_op op;
  HOST_WIDE_INT c;
  bool bit, shared;
};

const int MAX_FORMS = 16;
const HOST_WIDE_INT MAX_OFFSET = 1024;

/* Small integer constant v, in *c. */
bool
small_const (tree v, HOST_WIDE_INT *c)
{
  if (!v || TREE_CODE (v) != INTEGER_CST || !tree_fits_shwi_p (v))
    return false;
  *c = tree_to_shwi (v);
  return *c > -MAX_OFFSET && *c < MAX_OFFSET;
}

/* Does function fn store into field f of its data block (`.omp_data_i->f
 * = ...`)? */
bool
team_writes_field (function *fn, tree f)
{
  bool writes = false;
  wmm_each_stmt (fn, [&] (gimple *s) {
    tree l = gimple_assign_single_p (s) ? gimple_assign_lhs (s) : NULL_TREE;
    writes |= l && TREE_CODE (l) == COMPONENT_REF && TREE_OPERAND (l, 1) == f;
  });
  return writes;
}

/* The field f of a team function's data block that SSA name v is loaded
 * from (`v = .omp_data_i->f`, a field the team never writes), or NULL;
 * *block the block. */
tree
block_field (tree v, tree *block)
{
  gimple *d = v && TREE_CODE (v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (v)
              ? SSA_NAME_DEF_STMT (v) : NULL;
  if (!d || !gimple_assign_single_p (d))
    return NULL_TREE;
  tree r = gimple_assign_rhs1 (d);
  if (TREE_CODE (r) != COMPONENT_REF
      || TREE_CODE (TREE_OPERAND (r, 0)) != MEM_REF
      || !integer_zerop (TREE_OPERAND (TREE_OPERAND (r, 0), 1))
      || TREE_CODE (TREE_OPERAND (TREE_OPERAND (r, 0), 0)) != SSA_NAME)
    return NULL_TREE;
  tree param = TREE_OPERAND (TREE_OPERAND (r, 0), 0);
  *block = wmm_omp_data_argument (param);   /* (`&.omp_data_o.1`) */
  if (*block && TREE_CODE (*block) == ADDR_EXPR)
    *block = TREE_OPERAND (*block, 0);
  tree f = TREE_OPERAND (r, 1);
  tree fn = *block ? DECL_CONTEXT (SSA_NAME_VAR (param)) : NULL_TREE;
  return fn && DECL_STRUCT_FUNCTION (fn)
         && !team_writes_field (DECL_STRUCT_FUNCTION (fn), f) ? f : NULL_TREE;
}

/* The value the serial code stores into field f of block (a local of the
 * function that starts the team) at its one store of that field, when the
 * store comes before the one start call, in its basic block; else NULL.
 * *at: the store. */
tree
stored_value (tree block, tree f, gimple **at)
{
  function *fn = DECL_CONTEXT (block) ? DECL_STRUCT_FUNCTION (DECL_CONTEXT (block))
                                      : NULL;
  if (!fn || !fn->cfg)
    return NULL_TREE;
  gimple *store = NULL, *start = NULL;
  int stores = 0, starts = 0;
  wmm_each_stmt (fn, [&] (gimple *s) {
    if (gimple_clobber_p (s))
      return;
    if (gimple_assign_single_p (s))
      {
        tree l = gimple_assign_lhs (s);
        if (TREE_CODE (l) == COMPONENT_REF && TREE_OPERAND (l, 0) == block)
          {
            if (TREE_OPERAND (l, 1) == f)
              store = s, stores++;
          }
        else if (wmm_mentions (l, block))
          stores += 2;   /* (a store to the block we do not follow) */
      }
    else if (is_gimple_call (s))
      for (unsigned k = 0; k < gimple_call_num_args (s); k++)
        if (TREE_CODE (gimple_call_arg (s, k)) == ADDR_EXPR
            && TREE_OPERAND (gimple_call_arg (s, k), 0) == block)
          start = s, starts++;
  });
  if (stores != 1 || starts != 1 || gimple_bb (store) != gimple_bb (start))
    return NULL_TREE;
  for (gimple_stmt_iterator g = gsi_start_bb (gimple_bb (start));
       gsi_stmt (g) != start; gsi_next (&g))
    if (gsi_stmt (g) == store)
      {
        *at = store;
        return gimple_assign_rhs1 (store);
      }
  return NULL_TREE;
}

/* Is x never negative: of an unsigned type, or a counter `PHI <c (entry),
 * x + 1>` starting at a constant c >= 0 (signed overflow being
 * undefined)? */
bool
never_negative (tree x)
{
  if (TYPE_UNSIGNED (TREE_TYPE (x)))
    return true;
  gphi *phi = TREE_CODE (x) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (x)
              ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (x)) : NULL;
  tree init;
  for (unsigned k = 0; phi && k < 2; k++)
    if (wmm_counter_from_constant (phi, k, &init))
      return tree_int_cst_sgn (init) >= 0;
  return false;
}

/* Rewrite form f one step through the definition of its leaf; false when
 * the definition is none of the shapes followed.  `serial_bb`: a leaf of
 * the serial code is followed only through statements of that block. */
bool
expand (index_form *f, basic_block serial_bb)
{
  tree x = f->leaf;
  if (TREE_CODE (x) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (x)
      || !INTEGRAL_TYPE_P (TREE_TYPE (x)))
    return false;
  gimple *d = SSA_NAME_DEF_STMT (x);
  if (!is_gimple_assign (d) || (serial_bb && gimple_bb (d) != serial_bb))
    return false;
  enum tree_code code = gimple_assign_rhs_code (d);
  tree a = gimple_assign_rhs1 (d);
  tree b = gimple_num_ops (d) > 2 ? gimple_assign_rhs2 (d) : NULL_TREE;
  HOST_WIDE_INT k;
  if (TREE_CODE (a) != SSA_NAME && !(code == MINUS_EXPR && small_const (a, &k)))
    return false;
  switch (code)
    {
    CASE_CONVERT:
      /* (a narrowing conversion keeps parity only) */
      if (!INTEGRAL_TYPE_P (TREE_TYPE (a))
          || (f->op != PAR
              && TYPE_PRECISION (TREE_TYPE (x)) < TYPE_PRECISION (TREE_TYPE (a))))
        return false;
      f->leaf = a;
      return true;
    case SSA_NAME:
      f->leaf = a;
      return true;
    case PLUS_EXPR:
    case MINUS_EXPR:
      if (small_const (b, &k) && TREE_CODE (a) == SSA_NAME)
        {
          k = code == PLUS_EXPR ? k : -k;
          f->c += f->op == NEG ? -k : k;
          f->leaf = a;
          return true;
        }
      if (code == MINUS_EXPR && small_const (a, &k)
          && TREE_CODE (b) == SSA_NAME)
        {
          /* x = k - y: ID c -> NEG c + k; NEG c -> ID c - k; PAR: the
             parity of k - y + c is that of y + k + c */
          f->op = f->op == ID ? NEG : f->op == NEG ? ID : PAR;
          f->c = f->op == ID ? f->c - k : f->c + k;
          f->leaf = b;
          return true;
        }
      return false;
    case TRUNC_MOD_EXPR:
    case BIT_AND_EXPR:
      if (!small_const (b, &k) || (code == TRUNC_MOD_EXPR ? k != 2 : k != 1))
        return false;
      /* (y % 2 is 0 or 1 when y is never negative) */
      if (f->op == ID && f->c == 0)
        f->op = PAR, f->bit = code == BIT_AND_EXPR || never_negative (a);
      else if (f->op == NEG && f->c == 1
               && (code == BIT_AND_EXPR || never_negative (a)))
        f->op = PAR, f->c = 1, f->bit = true;   /* 1 - (y & 1) */
      else if (f->op != PAR)
        return false;
      f->leaf = a;
      return true;
    case BIT_XOR_EXPR:
      if (f->op != PAR || !small_const (b, &k))
        return false;
      f->c += k & 1;
      f->leaf = a;
      return true;
    default:
      return false;
    }
}

/* The forms of index v of a team function: v itself, then each rewriting
 * of the leaf, through the data block into the serial code. */
void
index_forms (tree v, vec<index_form> *out)
{
  index_form f = { v, ID, 0, false, false };
  basic_block serial_bb = NULL;
  out->safe_push (f);
  while ((int) out->length () < MAX_FORMS)
    {
      tree block;
      tree field = serial_bb ? NULL_TREE : block_field (f.leaf, &block);
      if (field)
        {
          /* the field (one value for the whole start), then its store */
          f.leaf = field;
          f.shared = true;
          out->safe_push (f);
          gimple *at;
          tree stored = stored_value (block, field, &at);
          if (!stored || TREE_CODE (stored) != SSA_NAME)
            return;
          f.leaf = stored;
          serial_bb = gimple_bb (at);
          out->safe_push (f);
          continue;
        }
      if (!expand (&f, serial_bb))
        return;
      out->safe_push (f);
    }
}

/* Do forms a and b of one leaf never give one value? */
bool
forms_differ (const index_form &a, const index_form &b)
{
  if (a.leaf != b.leaf || !a.shared || !b.shared)
    return false;
  if (a.op == PAR || b.op == PAR)
    return a.op == PAR && b.op == PAR && ((a.c - b.c) & 1);
  if (a.op == b.op)
    return a.c != b.c;
  return ((a.c - b.c) & 1) != 0;   /* x + c1 == c2 - x: 2x == c2 - c1 */
}

/* Do indices v and w of one team function never give one value? */
bool
indices_differ (tree v, tree w)
{
  auto_vec<index_form, MAX_FORMS> fv, fw;
  index_forms (v, &fv);
  index_forms (w, &fw);
  for (const index_form &a : fv)
    for (const index_form &b : fw)
      if (forms_differ (a, b))
        return true;
  return false;
}

/* Do indices v and w of one team function give one value, the same in
 * every thread of a start (one form of both, of a shared leaf)? */
bool
indices_same (tree v, tree w)
{
  if (v == w)
    return true;
  auto_vec<index_form, MAX_FORMS> fv, fw;
  index_forms (v, &fv);
  index_forms (w, &fw);
  for (const index_form &a : fv)
    for (const index_form &b : fw)
      if (a.shared && b.shared && a.leaf == b.leaf && a.op == b.op
          && a.c == b.c && a.bit == b.bit)
        return true;
  return false;
}

} // namespace

bool
wmm_omp_shared_index (tree idx)
{
  if (TREE_CODE (idx) == INTEGER_CST)
    return true;
  auto_vec<index_form, MAX_FORMS> forms;
  index_forms (idx, &forms);
  for (const index_form &f : forms)
    if (f.shared)
      return true;
  return false;
}

bool
wmm_index_parity (tree idx, tree *leaf, int *odd)
{
  auto_vec<index_form, MAX_FORMS> forms;
  index_forms (idx, &forms);
  for (const index_form &f : forms)
    if (f.op == PAR && TREE_CODE (f.leaf) == SSA_NAME
        && !SSA_NAME_IS_DEFAULT_DEF (f.leaf)
        && gimple_code (SSA_NAME_DEF_STMT (f.leaf)) == GIMPLE_PHI)
      {
        *leaf = f.leaf;
        *odd = (int) (f.c & 1);
        return true;
      }
  return false;
}

tree
wmm_array_row (tree ref, tree *index)
{
  tree row = NULL_TREE;
  for (tree t = ref; handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == ARRAY_REF)
      row = t;
  if (!row)
    return NULL_TREE;
  tree base = TREE_OPERAND (row, 0);
  if (!VAR_P (base) || !is_global_var (base) || DECL_THREAD_LOCAL_P (base)
      || (TREE_PUBLIC (base) && wmm_foreign_code_may_run ())
      || TREE_CODE (TREE_TYPE (base)) != ARRAY_TYPE)
    return NULL_TREE;
  *index = TREE_OPERAND (row, 1);
  return TREE_CODE (*index) == SSA_NAME ? base : NULL_TREE;
}

namespace {

/* The reference an access site of a team function reads or writes
 * (an assignment's operand, not a call's), or NULL. */
tree
site_ref (const wmm_site &s)
{
  if (s.summary || !s.stmt || s.fn || s.operand < 0
      || !gimple_assign_single_p (s.stmt))
    return NULL_TREE;
  return gimple_op (s.stmt, s.operand == 0 ? 0 : 1);
}

/* An array of a team function and the two indices its rows are taken
 * by (`bad`: a third one). */
struct row_pair {
  tree array, fn;
  tree index[2];
  bool bad;
};

} // namespace

void
wmm_omp_row_views (wmm_unitinfo *u)
{
  int nteams;
  if (!u->prog || !wmm_omp_teams_alone (u, &nteams))
    return;
  /* per (array, team function): the distinct indices of its rows */
  auto_vec<row_pair> pairs;
  for (const wmm_unit &unit : u->units)
    {
      int n;
      if (!unit.decl || wmm_omp_team_of (unit.decl, &n) < 0)
        continue;
      for (const wmm_site &s : unit.sites)
        {
          tree index, ref = site_ref (s);
          tree a = ref ? wmm_array_row (ref, &index) : NULL_TREE;
          if (!a)
            continue;
          row_pair *pr = NULL;
          for (row_pair &q : pairs)
            if (q.array == a && q.fn == unit.decl)
              pr = &q;
          if (!pr)
            pairs.safe_push ({ a, unit.decl, { index, NULL_TREE }, false });
          else if (indices_same (index, pr->index[0])
                   || (pr->index[1] && indices_same (index, pr->index[1])))
            continue;
          else if (!pr->index[1])
            pr->index[1] = index;
          else
            pr->bad = true;
        }
    }
  for (const row_pair &pr : pairs)
    {
      if (pr.bad || !pr.index[1] || !indices_differ (pr.index[0], pr.index[1]))
        continue;
      int viewed = wmm_split_views (u, [&] (const wmm_unit &unit, int i)
                                    -> unsigned {
        if (unit.decl != pr.fn || i >= (int) unit.sites.length ())
          return 3;
        tree index, ref = site_ref (unit.sites[i]);
        if (!ref || wmm_array_row (ref, &index) != pr.array)
          return 3;
        return indices_same (index, pr.index[0]) ? 1
               : indices_same (index, pr.index[1]) ? 2 : 3;
      }, NULL);
      if (viewed)
        wmm_note (u, "'%s' indexes the rows of '%s' by two values that "
                  "always differ while its team runs: %d accesses of one "
                  "row never meet those of the other",
                  lang_hooks.decl_printable_name (pr.fn, 2),
                  lang_hooks.decl_printable_name (pr.array, 2), viewed);
    }
}
