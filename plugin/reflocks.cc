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
 * Ticket locks written for x86 the same way (strengthen_tickets): a
 * relaxed atomic addition takes a ticket, the wait reads the serving word
 * with a plain load and the holder frees the lock with a plain store of
 * the word plus one.  When every write of the serving word is such an
 * increment and every write of the dispenser an atomic addition, the
 * waits' loads become acquire loads and the stores release stores.
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
  bool ticket;          /* a ticket lock's wait or release */
  gimple *conv;         /* a conversion added after `now` (undone with it) */
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

/* Replace plain store `s` (`*p = v`) by a release __atomic_store_N of v
 * to the same object; the new statement, or NULL when it cannot be. */
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
  tree v = gimple_assign_rhs1 (s);
  v = integer_zerop (v) ? build_int_cst (vtype, 0)
      : force_gimple_operand_gsi (&gsi, fold_convert (vtype, v), true,
                                  NULL_TREE, true, GSI_SAME_STMT);
  gcall *c = gimple_build_call (decl, 3, addr, v,
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

/* Replace plain load `s` (`r = *p`, the wait of a ticket lock) by an
 * acquire __atomic_load_N of the same object into r (through a
 * conversion, *conv, when r's type is not the builtin's); the new call,
 * or NULL when it cannot be. */
gimple *
acquire_load (gimple *s, gimple **conv)
{
  *conv = NULL;
  tree rhs = gimple_assign_rhs1 (s), lhs = gimple_assign_lhs (s);
  tree type = TREE_TYPE (rhs);
  if (TREE_CODE (lhs) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (lhs))
      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return NULL;
  int lg = exact_log2 (tree_to_uhwi (TYPE_SIZE_UNIT (type)));
  if (lg < 0 || lg > 3 || lookup_stmt_eh_lp (s) > 0)
    return NULL;
  tree decl = builtin_decl_explicit
    ((built_in_function) ((int) BUILT_IN_ATOMIC_LOAD_1 + lg));
  if (!decl)
    return NULL;
  tree rtype = TREE_TYPE (TREE_TYPE (decl));
  gimple_stmt_iterator gsi = gsi_for_stmt (s);
  tree base = get_base_address (rhs);
  if (base && VAR_P (base))
    TREE_ADDRESSABLE (base) = 1;
  tree addr = build_fold_addr_expr (unshare_expr (rhs));
  addr = force_gimple_operand_gsi (&gsi, addr, true, NULL_TREE, true,
                                   GSI_SAME_STMT);
  gcall *c = gimple_build_call (decl, 2, addr,
                                build_int_cst (integer_type_node,
                                               MEMMODEL_ACQUIRE));
  bool same = useless_type_conversion_p (TREE_TYPE (lhs), rtype);
  tree r = same ? lhs : make_ssa_name (rtype);
  gimple_call_set_lhs (c, r);
  gimple_set_location (c, gimple_location (s));
  gimple_set_block (c, gimple_block (s));
  gimple_set_vuse (c, gimple_vuse (s));
  gsi_replace (&gsi, c, false);
  SSA_NAME_DEF_STMT (r) = c;
  if (!same)
    {
      *conv = gimple_build_assign (lhs, NOP_EXPR, r);
      gimple_set_location (*conv, gimple_location (s));
      gsi = gsi_for_stmt (c);
      gsi_insert_after (&gsi, *conv, GSI_SAME_STMT);
    }
  /* (an atomic load is a barrier for GCC: it defines the memory state
     too, which the function's virtual operands are renamed for) */
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return c;
}

/* Put `s` back in place of `now` (undo release_store and acquire_load,
 * removing the conversion `conv` the latter added). */
void
restore_store (gimple *now, gimple *s, gimple *conv)
{
  if (conv)
    {
      gimple_stmt_iterator g = gsi_for_stmt (conv);
      gsi_remove (&g, true);
    }
  gimple_stmt_iterator gsi = gsi_for_stmt (now);
  gimple_set_vuse (s, gimple_vuse (now));
  bool load = is_gimple_assign (s)
              && TREE_CODE (gimple_assign_lhs (s)) == SSA_NAME;
  if (!load)
    {
      gimple_set_vdef (s, gimple_vdef (now));
      SSA_NAME_DEF_STMT (gimple_vdef (now)) = s;
    }
  gsi_replace (&gsi, s, false);
  if (load)
    {
      SSA_NAME_DEF_STMT (gimple_assign_lhs (s)) = s;
      mark_virtual_operands_for_renaming (cfun);
      update_ssa (TODO_update_ssa_only_virtuals);
    }
}

/* The order a lock operation needs: the old one joined with acquire (a
 * take) or release (a free). */
int
stronger (int old, bool take)
{
  return wmm_order_join ((enum memmodel) old,
                         take ? MEMMODEL_ACQUIRE : MEMMODEL_RELEASE);
}

/* The plain load whose value a ticket lock's wait tests (`while
 * (READ_ONCE (serving) != me)`, me an atomic addition's result, through
 * copies and conversions that lose no bits), with the serving word's and
 * the dispenser's addresses; NULL when c is no such test. */
gimple *
plain_ticket_wait (gcond *c, tree *serving, tree *next)
{
  if (gimple_cond_code (c) != EQ_EXPR && gimple_cond_code (c) != NE_EXPR)
    return NULL;
  for (int side = 0; side < 2; side++)
    {
      tree a = side ? gimple_cond_rhs (c) : gimple_cond_lhs (c);
      gcall *add = wmm_ticket_result_of (side ? gimple_cond_lhs (c)
                                              : gimple_cond_rhs (c));
      if (!add || !wmm_ticket_addition (add))
        continue;
      for (int steps = 0; steps < 8 && TREE_CODE (a) == SSA_NAME
                          && !SSA_NAME_IS_DEFAULT_DEF (a); steps++)
        {
          gassign *g = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (a));
          if (!g)
            break;
          if (gimple_assign_load_p (g) && gimple_assign_single_p (g))
            {
              *serving = build_fold_addr_expr (gimple_assign_rhs1 (g));
              *next = gimple_call_arg (add, 0);
              return g;
            }
          tree from = gimple_assign_rhs1 (g);
          if (!(gimple_assign_ssa_name_copy_p (g) || gimple_assign_cast_p (g))
              || TREE_CODE (from) != SSA_NAME
              || !INTEGRAL_TYPE_P (TREE_TYPE (from))
              || TYPE_PRECISION (TREE_TYPE (a))
                 < TYPE_PRECISION (TREE_TYPE (from)))
            break;
          a = from;
        }
    }
  return NULL;
}

/* Ticket locks written for x86: a relaxed atomic addition takes a ticket
 * (a locked instruction there, a full fence), the wait reads the serving
 * word with a plain load (acquire under x86-TSO) and the holder frees it
 * with a plain store of the word plus one (release there).  When every
 * write of the serving word is such an increment and every write of the
 * dispenser an atomic addition of a positive constant, the waits' loads
 * become acquire loads and the plain stores release stores, as for spin
 * locks; locks.cc then sees an ordinary ticket lock. */
void
strengthen_tickets (void)
{
  typedef std::pair<tree, HOST_WIDE_INT> word;
  struct wait { gimple *load; function *fn; word serving, next; };
  auto_vec<wait> waits;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn || node->inlined_to)
        continue;
      wmm_each_stmt (fn, [&] (gimple *st) {
        gcond *c = dyn_cast<gcond *> (st);
        tree sa, na;
        wait w;
        w.fn = fn;
        if (c && (w.load = plain_ticket_wait (c, &sa, &na))
            && wmm_lock_key (sa, &w.serving.first, &w.serving.second)
            && wmm_lock_key (na, &w.next.first, &w.next.second)
            && VAR_P (w.serving.first) && VAR_P (w.next.first)
            && w.serving != w.next)
          waits.safe_push (w);
      });
    }
  if (waits.is_empty ())
    return;
  /* The writes of the words: the serving word's increments (plain stores
     to make release), anything else breaks the lock. */
  struct store { gimple *stmt; function *fn; word w; };
  auto_vec<store> stores;
  auto_vec<word> broken;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = wmm_analysable_body (node);
      if (!fn || node->inlined_to)
        continue;
      wmm_each_stmt (fn, [&] (gimple *st) {
        if (!gimple_vdef (st) || gimple_clobber_p (st))
          return;
        tree addr = NULL_TREE;
        if (is_gimple_assign (st))
          addr = build_fold_addr_expr (gimple_assign_lhs (st));
        else if (is_gimple_call (st) && gimple_call_num_args (st)
                 && gimple_call_fndecl (st)
                 && wmm_atomic_builtin_call (gimple_call_fndecl (st)))
          addr = gimple_call_arg (st, 0);
        word k;
        if (!addr || !wmm_lock_key (addr, &k.first, &k.second))
          return;
        for (const wait &w : waits)
          if (k == w.serving)
            {
              if (gimple_assign_single_p (st)
                  && wmm_ticket_increment (gimple_assign_rhs1 (st), addr))
                stores.safe_push ({ st, fn, k });
              else
                broken.safe_push (k);   /* (atomic writes: as they are) */
            }
          else if (k == w.next
                   && !(is_gimple_call (st) && wmm_ticket_addition (st)))
            broken.safe_push (w.serving);
      });
    }
  auto fine = [&] (const word &k) {
    for (const word &b : broken)
      if (b == k)
        return false;
    return true;
  };
  auto record = [&] (gimple *now, gimple *was, gimple *conv, function *fn,
                     bool take, const word &k) {
    auto_vec<std::pair<tree, HOST_WIDE_INT> > one;
    one.safe_push (k);
    change c = { now, was, -1, NULL_TREE, fn, gimple_location (was), take,
                 words_name (one), true, conv };
    changes.safe_push (c);
  };
  for (const wait &w : waits)
    {
      if (!fine (w.serving))
        continue;
      bool done = false;
      for (const change &c : changes)
        done |= c.was == w.load;
      if (done)
        continue;
      push_cfun (w.fn);
      gimple *conv;
      if (gimple *now = acquire_load (w.load, &conv))
        record (now, w.load, conv, w.fn, true, w.serving);
      pop_cfun ();
    }
  for (const store &st : stores)
    {
      if (!fine (st.w))
        continue;
      push_cfun (st.fn);
      if (gimple *now = release_store (st.stmt))
        {
          record (now, st.stmt, NULL, st.fn, false, st.w);
          cgraph_edge::rebuild_edges ();
        }
      pop_cfun ();
    }
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
                   gimple_location (w->stmt), take, words_name (w->words),
                   false, NULL };
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
  strengthen_tickets ();
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
  unsigned tickets = 0;
  for (const change &c : changes)
    tickets += c.ticket;
  if (changes.length () > tickets)
    wmm_note (u, "%u spin-lock operations made acquire or release: with "
              "the exchange that takes the word and the store of 0 that "
              "frees it, they lock under %s", changes.length () - tickets,
              from == WMM_MODEL_TSO ? "x86-TSO" : "sc");
  if (tickets)
    wmm_note (u, "%u ticket-lock operations made acquire or release: with "
              "the atomic addition that takes a ticket, the load that "
              "waits for it and the store that serves the next, they lock "
              "under %s", tickets, from == WMM_MODEL_TSO ? "x86-TSO" : "sc");
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
  if (c.ticket)
    return c.take ? "load that waits for a ticket of"
                  : "store that serves the next ticket of";
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
              restore_store (c.now, c.was, c.conv);
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
