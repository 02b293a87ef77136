/* reflocks.cc — spin locks that only the reference model makes locks: a
 * relaxed exchange to take the word and a plain store of 0 to free it, as
 * code written for x86 has them.
 *
 * Under x86-TSO (and sc) a locked exchange is a full fence and a plain
 * store keeps every earlier access before it, so
 *     while (__atomic_exchange_n (&l, 1, __ATOMIC_RELAXED)) ;  ...  l = 0;
 * is a lock there: the exchanges on l are atomic, so critical sections
 * exclude each other, and they are ordered.  On Power or Arm the same code
 * excludes but does not order.  With from=tso or from=sc the plugin gives
 * the target what the reference gives the code: the exchange becomes an
 * acquire exchange and the store of 0 a release store (free on x86, where
 * both compile as before).  From then on locks.cc sees an ordinary spin
 * lock (spin_kind) and its critical sections count as locked (protect.cc).
 *
 * Words are the objects lock operations name (locks.cc's keys): a global
 * or static (&l, &s.lock), or a wrapper's pointer parameter, which stands
 * for the arguments of every call site when the function is called only
 * directly (`spin_unlock (int *l) { *l = 0; }`).  A word qualifies when an
 * exchange or test-and-set writes a non-zero constant into it and every
 * other write the unit makes to it is a store of 0 (plain or atomic).
 * Only what qualifies is changed; whether it is then a lock is locks.cc's
 * decision, as for any spin lock.
 *
 * In report and warn modes the changes are undone once the analysis is
 * over (wmm_reflocks_finish); every change is reported like a fence
 * (wmm_reflocks_diagnostics, the JSON report's "lock_orders").
 *
 * Example (-fwmm-from=tso -fwmm-arch=power):
 *   twolock.c:29:10: note: wmmfence: made 'acquire' the relaxed exchange
 *     that takes spin lock 'tail_lock' (keeps x86-TSO behaviour)
 */
#include "plugin.h"

namespace {

/* What a statement does to a word. */
enum word_op {
  WO_NONE,      /* writes no memory the unit can name */
  WO_TAKE,      /* exchange / test-and-set of a non-zero constant */
  WO_FREE,      /* store of 0 */
  WO_OTHER      /* any other write */
};

/* One write of a word. */
struct word_write {
  gimple *stmt;
  function *fn;
  word_op op;
  int order_arg;        /* its memory-order argument, -1: none (plain
                           store, or an order that is not a constant) */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > words;  /* the words it may
                           write; empty: not known */
};

/* One change made to the program. */
struct change {
  gimple *now;          /* the statement as changed */
  gimple *was;          /* a plain store replaced by `now`, else NULL */
  int order_arg;        /* the argument changed (-1: was replaced) */
  tree old_order;
  function *fn;
  location_t loc;
  bool take;
  char *word;
};

vec<change> changes;

/* What statement s does to the word its address names; *addr that address,
 * *order_arg the memory-order argument (-1 when there is none). */
word_op
classify (gimple *s, tree *addr, int *order_arg)
{
  *addr = NULL_TREE;
  *order_arg = -1;
  if (!gimple_vdef (s) || gimple_clobber_p (s))
    return WO_NONE;
  if (gassign *a = dyn_cast<gassign *> (s))
    {
      tree lhs = gimple_assign_lhs (a);
      if (TREE_CODE (lhs) == SSA_NAME)
        return WO_NONE;
      *addr = build1 (ADDR_EXPR, build_pointer_type (TREE_TYPE (lhs)), lhs);
      return gimple_assign_single_p (a)
             && integer_zerop (gimple_assign_rhs1 (a))
             && (INTEGRAL_TYPE_P (TREE_TYPE (lhs))
                 || POINTER_TYPE_P (TREE_TYPE (lhs)))
             && TREE_CODE (lhs) != BIT_FIELD_REF ? WO_FREE : WO_OTHER;
    }
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  if (!fn || !wmm_atomic_builtin_call (fn) || !gimple_call_num_args (s))
    return WO_NONE;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (!strncmp (n, "__atomic_load", 13) || strstr (n, "lock_free"))
    return WO_NONE;
  *addr = gimple_call_arg (s, 0);
  int i;
  lock_op_shape k = wmm_spin_shape (s, &i);
  /* the order argument, when there is one to change */
  if (i >= 0 && TREE_CODE (gimple_call_arg (s, i)) == INTEGER_CST)
    *order_arg = i;
  if (k == WMM_SPIN_TAKE)
    return WO_TAKE;
  if (k == WMM_SPIN_FREE)
    return WO_FREE;
  return WO_OTHER;
}

/* The source text of the words, for notes ("head_lock, tail_lock"; a
 * member at a byte offset: "g+4"). */
char *
words_name (const vec<std::pair<tree, HOST_WIDE_INT> > &words)
{
  wmm_strbuf b = WMM_STRBUF_INIT;
  for (unsigned i = 0; i < words.length (); i++)
    {
      bool dup = false;
      for (unsigned j = 0; j < i; j++)
        dup |= words[j] == words[i];
      if (dup)
        continue;
      tree d = words[i].first;
      if (b.len)
        wmm_strbuf_puts (&b, ", ");
      wmm_strbuf_puts (&b, DECL_NAME (d) ? IDENTIFIER_POINTER (DECL_NAME (d))
                                         : "?");
      if (words[i].second)
        wmm_strbuf_printf (&b, "+%ld", (long) (words[i].second / BITS_PER_UNIT));
    }
  char *s = xstrdup (b.len ? wmm_strbuf_str (&b) : "?");
  wmm_strbuf_free (&b);
  return s;
}

bool
contains (const vec<std::pair<tree, HOST_WIDE_INT> > &set,
          const std::pair<tree, HOST_WIDE_INT> &w)
{
  for (auto &o : set)
    if (o == w)
      return true;
  return false;
}

/* Replace plain store `s` (`*p = 0`) by a release __atomic_store_N of
 * the same object; the new statement, or NULL when it cannot be. */
gimple *
release_store (gimple *s)
{
  tree lhs = gimple_assign_lhs (s);
  tree type = TREE_TYPE (lhs);
  if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return NULL;
  int lg = exact_log2 (tree_to_uhwi (TYPE_SIZE_UNIT (type)));
  if (lg < 0 || lg > 3 || lookup_stmt_eh_lp (s) > 0)
    return NULL;
  tree decl = builtin_decl_explicit
    ((built_in_function) ((int) BUILT_IN_ATOMIC_STORE_1 + lg));
  if (!decl)
    return NULL;
  tree vtype = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (decl))));
  gimple_stmt_iterator gsi = gsi_for_stmt (s);
  tree base = get_base_address (lhs);
  if (base && VAR_P (base))
    TREE_ADDRESSABLE (base) = 1;
  tree addr = build_fold_addr_expr (unshare_expr (lhs));
  addr = force_gimple_operand_gsi (&gsi, addr, true, NULL_TREE, true,
                                   GSI_SAME_STMT);
  gcall *c = gimple_build_call (decl, 3, addr, build_int_cst (vtype, 0),
                                build_int_cst (integer_type_node,
                                               MEMMODEL_RELEASE));
  gimple_set_location (c, gimple_location (s));
  gimple_set_block (c, gimple_block (s));
  gimple_set_vuse (c, gimple_vuse (s));
  gimple_set_vdef (c, gimple_vdef (s));
  SSA_NAME_DEF_STMT (gimple_vdef (s)) = c;
  gsi_replace (&gsi, c, false);
  return c;
}

/* Put `s` back in place of `now` (undo release_store). */
void
restore_store (gimple *now, gimple *s)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (now);
  gimple_set_vuse (s, gimple_vuse (now));
  gimple_set_vdef (s, gimple_vdef (now));
  SSA_NAME_DEF_STMT (gimple_vdef (now)) = s;
  gsi_replace (&gsi, s, false);
}

/* The order a lock operation needs, at least `need` and the old one. */
int
stronger (int old, bool take)
{
  bool acq = old == MEMMODEL_ACQUIRE || old == MEMMODEL_CONSUME
             || old == MEMMODEL_ACQ_REL || old == MEMMODEL_SEQ_CST;
  bool rel = old == MEMMODEL_RELEASE || old == MEMMODEL_ACQ_REL
             || old == MEMMODEL_SEQ_CST;
  if (old == MEMMODEL_SEQ_CST)
    return old;
  if (take)
    acq = true;
  else
    rel = true;
  return acq && rel ? MEMMODEL_ACQ_REL : acq ? MEMMODEL_ACQUIRE
                                             : MEMMODEL_RELEASE;
}

} // anon namespace

void
wmm_reflocks_strengthen (wmm_unitinfo *u)
{
  wmm_model from = (wmm_model) u->opts->from;
  if (from != WMM_MODEL_SC && from != WMM_MODEL_TSO)
    return;
  /* Every write of the unit and the words it may write. */
  auto_delete_vec<word_write> writes;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn || node->inlined_to)
        continue;
      wmm_each_stmt (fn, [&] (gimple *s) {
        tree addr, base;
        HOST_WIDE_INT pos;
        int oa;
        word_op op = classify (s, &addr, &oa);
        if (op == WO_NONE || !addr || !wmm_lock_key (addr, &base, &pos))
          return;
        word_write *w = new word_write;
        w->stmt = s;
        w->fn = fn;
        w->op = op;
        w->order_arg = oa;
        if (!wmm_lock_key_words (base, pos, &w->words))
          w->words.truncate (0);
        writes.safe_push (w);
      });
    }
  /* Words some exchange takes and nothing but a store of 0 frees. */
  auto_vec<std::pair<tree, HOST_WIDE_INT> > taken, broken;
  for (word_write *w : writes)
    for (auto &k : w->words)
      if (w->op == WO_TAKE)
        taken.safe_push (k);
      else if (w->op == WO_OTHER)
        broken.safe_push (k);
  for (word_write *w : writes)
    {
      if (w->op == WO_OTHER || w->words.is_empty ())
        continue;
      bool ok = true;
      for (auto &k : w->words)
        ok &= contains (taken, k) && !contains (broken, k);
      if (!ok)
        continue;
      bool take = w->op == WO_TAKE;
      change c = { w->stmt, NULL, w->order_arg, NULL_TREE, w->fn,
                   gimple_location (w->stmt), take, words_name (w->words) };
      push_cfun (w->fn);
      if (is_gimple_assign (w->stmt))
        {
          c.now = release_store (w->stmt);
          c.was = w->stmt;
        }
      else if (w->order_arg >= 0)
        {
          c.old_order = gimple_call_arg (w->stmt, w->order_arg);
          int old = (int) (tree_to_shwi (c.old_order) & 0xffff);
          int need = stronger (old, take);
          if (need == old)
            c.now = NULL;
          else
            {
              gimple_call_set_arg (w->stmt, w->order_arg,
                                   build_int_cst (integer_type_node, need));
              update_stmt (w->stmt);
            }
        }
      else
        c.now = NULL;   /* a __sync builtin: ordered already */
      if (c.now)
        {
          cgraph_node *n = cgraph_node::get (w->fn->decl);
          if (c.was && n)
            cgraph_edge::rebuild_edges ();
          changes.safe_push (c);
        }
      else
        free (c.word);
      pop_cfun ();
    }
  /* Reports list them in source order. */
  changes.qsort ([] (const void *a, const void *b) {
    expanded_location x = expand_location (((const change *) a)->loc);
    expanded_location y = expand_location (((const change *) b)->loc);
    int f = strcmp (x.file ? x.file : "", y.file ? y.file : "");
    if (f)
      return f;
    if (x.line != y.line)
      return x.line < y.line ? -1 : 1;
    return (x.column > y.column) - (x.column < y.column);
  });
  if (!changes.is_empty ())
    wmm_note (u, "%u spin-lock operations made acquire or release: with "
              "the exchange that takes the word and the store of 0 that "
              "frees it, they lock under %s", changes.length (),
              from == WMM_MODEL_TSO ? "x86-TSO" : "sc");
}

/* Who orders the lock under the reference model, for messages. */
static const char *
reference_text (const wmm_unitinfo *u)
{
  return u->opts->from == WMM_MODEL_TSO ? "x86-TSO" : "sc";
}

/* What change c made, for messages. */
static const char *
change_text (const change &c)
{
  return c.take ? "exchange that takes" : c.was ? "plain store of 0 that frees"
                                                : "store of 0 that frees";
}

void
wmm_reflocks_diagnostics (wmm_unitinfo *u)
{
  const wmm_plugin_options *o = u->opts;
  int level = o->notes >= 0 ? o->notes : o->mode == WMM_MODE_REPORT ? 1 : 0;
  if (o->quiet)
    level = 0;
  for (const change &c : changes)
    {
      const char *order = c.take ? "acquire" : "release";
      const char *fname = function_name (c.fn);
      if (o->mode == WMM_MODE_WARN)
        warning_at (c.loc, 0, "wmmfence: the %s spin lock %qs in %qs must "
                    "be %qs (as %s orders it)", change_text (c), c.word,
                    fname, order, reference_text (u));
      else if (level > 0)
        inform (c.loc, "wmmfence: %s %qs the %s spin lock %qs in %qs (as %s "
                "orders it)", o->mode == WMM_MODE_INSERT ? "made" : "needs",
                order, change_text (c), c.word, fname, reference_text (u));
    }
}

void
wmm_reflocks_json (wmm_strbuf *b)
{
  wmm_strbuf_puts (b, ",\n  \"lock_orders\": [");
  for (unsigned k = 0; k < changes.length (); k++)
    {
      const change &c = changes[k];
      expanded_location x = expand_location (c.loc);
      wmm_strbuf_puts (b, k ? ",\n    {\"function\": " : "\n    {\"function\": ");
      wmm_strbuf_json_string (b, function_name (c.fn));
      wmm_strbuf_puts (b, ", \"file\": ");
      wmm_strbuf_json_string (b, x.file ? x.file : "");
      wmm_strbuf_printf (b, ", \"line\": %d, \"column\": %d, \"operation\": "
                         "\"%s\", \"order\": \"%s\", \"lock\": ", x.line,
                         x.column, c.take ? "take" : "free",
                         c.take ? "acquire" : "release");
      wmm_strbuf_json_string (b, c.word);
      wmm_strbuf_puts (b, "}");
    }
  wmm_strbuf_puts (b, changes.is_empty () ? "]" : "\n  ]");
}

bool
wmm_reflocks_get (unsigned k, function **fn, location_t *loc, bool *take,
                  const char **word)
{
  if (k >= changes.length ())
    return false;
  *fn = changes[k].fn;
  *loc = changes[k].loc;
  *take = changes[k].take;
  *word = changes[k].word;
  return true;
}

unsigned
wmm_reflocks_count (void)
{
  return changes.length ();
}

void
wmm_reflocks_finish (bool keep)
{
  for (unsigned i = changes.length (); i-- > 0;)
    {
      change &c = changes[i];
      if (!keep)
        {
          push_cfun (c.fn);
          if (c.was)
            {
              restore_store (c.now, c.was);
              cgraph_edge::rebuild_edges ();
            }
          else
            {
              gimple_call_set_arg (c.now, c.order_arg, c.old_order);
              update_stmt (c.now);
            }
          pop_cfun ();
        }
      free (c.word);
    }
  changes.release ();
}
