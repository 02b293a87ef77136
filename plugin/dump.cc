/* dump.cc — the collected IR as text (-fplugin-arg-wmmfence-dump-ir=FILE),
 * for tests and for people who want to see what the analysis sees.
 *
 * Example output:
 *   # wmmfence IR of mp.c, model power
 *   location x width=4 init=0
 *   unit P0 entry instances=1
 *     0: W x           @5:6 freq=1
 *     1: W y           @6:6 freq=1
 *   unit P1 entry instances=1
 *     0: R y -> r      @10:12 freq=1
 *     1: CMP r, r
 *     2: BEQ 3
 *     3: F isync
 *   note: ...
 * Unknown addresses print as ?(what), e.g. "R ?(*p)", followed by the
 * locations they may touch when that is not every location (type-based
 * alias analysis, tbaa.cc): "R ?(m->ready) -> r may {got ?mem1 ?mem2 ...}".
 * With deps=addr a pointer load names its register and a dereference the
 * register its address is computed from: "R gp -> p_2", "R ?(p->x) via p_2".
 * The file is written atomically.
 */
#include "plugin.h"
#include "strbuf.h"

static const char *
reg_name (const wmm_thread *t, int r)
{
  return r >= 0 && r < t->nregs ? t->regs[r].name : "?";
}

static void
operand (wmm_strbuf *b, const wmm_thread *t, const wmm_operand *o)
{
  if (o->kind == WMM_OPND_IMM)
    wmm_strbuf_printf (b, "%lld", (long long) o->imm);
  else if (o->kind == WMM_OPND_REG)
    wmm_strbuf_puts (b, reg_name (t, o->reg));
  else
    wmm_strbuf_puts (b, "-");
}

static void
address (wmm_strbuf *b, const wmm_unitinfo *u, const wmm_thread *t,
         const wmm_instr *in, const wmm_site *s)
{
  if (in->addr.loc_hint >= 0)
    wmm_strbuf_puts (b, u->prog->locs[in->addr.loc_hint].name);
  else
    wmm_strbuf_printf (b, "?(%s)", s && s->name ? s->name : "");
  /* deps=addr: the loaded pointer the address is computed from */
  if (in->addr.base.kind == WMM_OPND_REG)
    wmm_strbuf_printf (b, " via %s", reg_name (t, in->addr.base.reg));
}

/* The locations an access to an unknown address may touch, when not all
 * (tbaa.cc): " may {got ?mem1 ?mem2 ?mem3 ?mem4}". */
static void
alias_set (wmm_strbuf *b, const wmm_program *p, const wmm_instr *in)
{
  if (!wmm_instr_is_access (in) || in->addr.loc_hint >= 0
      || in->addr.alias < 0 || in->addr.alias >= p->naliases)
    return;
  const wmm_locset *a = &p->aliases[in->addr.alias];
  wmm_strbuf_puts (b, " may {");
  for (int k = 0; k < a->n; k++)
    wmm_strbuf_printf (b, "%s%s", k ? " " : "", p->locs[a->locs[k]].name);
  wmm_strbuf_puts (b, "}");
}

static void
flags (wmm_strbuf *b, unsigned f)
{
  if (f & WMM_ACC_ACQUIRE)
    wmm_strbuf_puts (b, " acq");
  if (f & WMM_ACC_RELEASE)
    wmm_strbuf_puts (b, " rel");
  if (f & WMM_ACC_ATOMIC)
    wmm_strbuf_puts (b, " atomic");
  if (f & (WMM_ACC_SECTION | WMM_ACC_SECTION_LW))
    wmm_strbuf_puts (b, " ; lock order");
  if (f & WMM_ACC_RETRY)   /* back to a loop whose last iteration counts */
    wmm_strbuf_puts (b, " retry");
  if (f & WMM_ACC_FRESH)   /* an own, unpublished, never freed object */
    wmm_strbuf_puts (b, " fresh");
  if (f & WMM_ACC_NONZERO) /* a value known not to be 0 */
    wmm_strbuf_puts (b, " nonzero");
  if (f & WMM_ACC_BLIND)   /* an RMW whose old value is used nowhere */
    wmm_strbuf_puts (b, " blind");
}

/* One instruction of unit `unit`. */
static void
instr (wmm_strbuf *b, const wmm_unitinfo *u, const wmm_unit *unit, int i)
{
  const wmm_thread *t = &u->prog->threads[unit->thread];
  const wmm_instr *in = &t->code[i];
  const wmm_site *s = i < (int) unit->sites.length () ? &unit->sites[i] : NULL;
  size_t start = b->len;
  wmm_strbuf_printf (b, "  %d: ", i);
  switch (in->op)
    {
    case WMM_OP_LOAD:
      wmm_strbuf_puts (b, "R ");
      address (b, u, t, in, s);
      if (in->dst >= 0)
        wmm_strbuf_printf (b, " -> %s", reg_name (t, in->dst));
      break;
    case WMM_OP_STORE:
      wmm_strbuf_puts (b, "W ");
      address (b, u, t, in, s);
      wmm_strbuf_puts (b, " = ");
      operand (b, t, &in->a);
      break;
    case WMM_OP_RMW:
      wmm_strbuf_puts (b, "RMW ");
      address (b, u, t, in, s);
      break;
    case WMM_OP_FENCE:
      wmm_strbuf_printf (b, "F %s", wmm_fence_name (in->fence));
      break;
    case WMM_OP_CMP:
      wmm_strbuf_puts (b, "CMP ");
      operand (b, t, &in->a);
      wmm_strbuf_puts (b, ", ");
      operand (b, t, &in->b);
      break;
    case WMM_OP_BRANCH:
      wmm_strbuf_printf (b, "%s %d", in->cond == WMM_COND_ANY ? "BR*" : "BEQ",
                         in->target);
      if (in->guard_load > 0)   /* taken only when load N read (not) K */
        wmm_strbuf_printf (b, " if %d %s %lld", in->guard_load - 1,
                           in->guard_cond == WMM_COND_EQ ? "==" : "!=",
                           (long long) in->guard_imm);
      break;
    case WMM_OP_JUMP:
      wmm_strbuf_printf (b, "J %d", in->target);
      break;
    case WMM_OP_CALL:
      if (in->target >= 0 && in->target < u->prog->nthreads)
        wmm_strbuf_printf (b, "CALL %s", u->prog->threads[in->target].name);
      else
        wmm_strbuf_puts (b, "CALL ?");
      break;
    default:
      wmm_strbuf_printf (b, "op%d", (int) in->op);
      break;
    }
  flags (b, in->flags);
  alias_set (b, u->prog, in);
  if (in->pos.line > 0)
    {
      size_t col = b->len - start;
      for (; col < 24; col++)
        wmm_strbuf_puts (b, " ");
      wmm_strbuf_printf (b, " @%d:%d freq=%g", in->pos.line, in->pos.col,
                         in->freq);
    }
  wmm_strbuf_puts (b, "\n");
}

bool
wmm_dump_ir (const wmm_unitinfo *u, const char *path)
{
  wmm_strbuf b = WMM_STRBUF_INIT;
  wmm_strbuf_printf (&b, "# wmmfence IR of %s, model %s\n",
                     u->prog ? u->prog->name : wmm_unit_name (),
                     wmm_model_name (u->model));
  if (u->prog)
    {
      for (int l = 0; l < u->prog->nlocs; l++)
        wmm_strbuf_printf (&b, "location %s width=%d init=%lld%s\n",
                           u->prog->locs[l].name, u->prog->locs[l].width,
                           (long long) u->prog->locs[l].init,
                           u->prog->locs[l].one_writer ? " one-writer" : "");
      for (unsigned k = 0; k < u->units.length (); k++)
        {
          const wmm_unit *unit = &u->units[k];
          const wmm_thread *t = &u->prog->threads[unit->thread];
          wmm_strbuf_printf (&b, "unit %s%s instances=%d%s\n", t->name,
                             t->entry ? " entry" : "", t->instances,
                             unit->region ? " region" : "");
          for (int i = 0; i < t->ncode; i++)
            instr (&b, u, unit, i);
        }
    }
  else
    wmm_strbuf_puts (&b, "# nothing runs concurrently\n");
  for (char *n : u->notes)
    wmm_strbuf_printf (&b, "note: %s\n", n);
  bool ok = !b.failed
            && wmm_write_file_atomically (path, wmm_strbuf_str (&b), b.len);
  wmm_strbuf_free (&b);
  return ok;
}
