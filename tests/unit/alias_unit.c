/* alias_unit.c — unit tests of alias sets for unknown addresses
 * (wmm_addr.alias, wmm_program.aliases): the IR functions (deduplication,
 * bad locations, membership, clone, fence insertion, the dump), the event
 * graph (an unknown access is an event of the shared locations of its set
 * only) and placement (a cycle through a location outside the set is gone,
 * with its fences).
 *
 * Prints `PASS: name` / `FAIL: name: detail` per check.
 * Example: ./tests/unit/alias_unit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmus/litmus.h"
#include "placement/aeg.h"
#include "placement/placement.h"
#include "strbuf.h"

static int failures;

static void ok(int cond, const char *name, const char *detail)
{
  if (cond)
    printf("PASS: %s\n", name);
  else {
    printf("FAIL: %s: %s\n", name, detail ? detail : "");
    failures++;
  }
}

/* An access to location loc (loc >= 0) or to an unknown address through
 * register reg with alias set `alias` (loc < 0). */
static wmm_instr access(wmm_opkind op, int loc, int reg, int alias)
{
  wmm_instr in = wmm_instr_init(op);
  if (loc >= 0) {
    in.addr.base = (wmm_operand){WMM_OPND_IMM, 0, wmm_loc_addr(loc)};
    in.addr.loc_hint = loc;
  } else {
    in.addr.base = (wmm_operand){WMM_OPND_REG, reg, 0};
    in.addr.alias = alias;
  }
  if (op == WMM_OP_STORE)
    in.a = (wmm_operand){WMM_OPND_IMM, 0, 1};
  return in;
}

static void test_ir(void)
{
  wmm_program *p = wmm_program_new("ir", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), y = wmm_program_loc(p, "y"),
      z = wmm_program_loc(p, "z");
  wmm_instr in = wmm_instr_init(WMM_OP_LOAD);
  ok(in.addr.alias == -1, "ir: a new instruction may touch every location", NULL);
  int a = wmm_program_alias(p, (int[]){z, x, z}, 3);
  int b = wmm_program_alias(p, (int[]){x, z}, 2);
  int c = wmm_program_alias(p, (int[]){y}, 1);
  int empty = wmm_program_alias(p, NULL, 0);
  ok(a == 0 && b == 0 && c == 1 && empty == 2 && p->naliases == 3,
     "ir: alias sets are deduplicated (order and repeats do not matter)", NULL);
  ok(p->aliases[0].n == 2 && p->aliases[0].locs[0] == x &&
         p->aliases[0].locs[1] == z,
     "ir: an alias set is stored ascending without repeats", NULL);
  ok(wmm_program_alias(p, (int[]){x, 7}, 2) == -WMM_ERR_INVALID &&
         wmm_program_alias(p, (int[]){-1}, 1) == -WMM_ERR_INVALID &&
         p->naliases == 3,
     "ir: a location out of range is refused", NULL);
  ok(wmm_alias_contains(p, a, x) && !wmm_alias_contains(p, a, y) &&
         wmm_alias_contains(p, a, z) && !wmm_alias_contains(p, empty, x),
     "ir: membership", NULL);
  ok(wmm_alias_contains(p, -1, y) && wmm_alias_contains(p, 99, y),
     "ir: -1 and an index out of range mean every location", NULL);

  int t = wmm_program_thread(p, "T");
  int r = wmm_thread_reg(&p->threads[t], "r");
  in = access(WMM_OP_LOAD, -1, r, c);
  wmm_thread_append(&p->threads[t], &in);
  ok(wmm_thread_insert_fence(p, t, 0, WMM_FENCE_SYNC) == 0 &&
         p->threads[t].code[1].addr.alias == c,
     "ir: an inserted fence keeps the shifted access's set", NULL);
  wmm_program *q = wmm_program_clone(p);
  ok(q && q->naliases == 3 && q->aliases[0].n == 2 &&
         q->aliases[0].locs[1] == z && q->aliases != p->aliases &&
         q->aliases[0].locs != p->aliases[0].locs &&
         q->threads[0].code[1].addr.alias == c,
     "ir: clone copies the alias sets", NULL);
  wmm_program_free(q);

  wmm_strbuf out = WMM_STRBUF_INIT;
  wmm_litmus_dump(p, WMM_DUMP_NO_POS, &out);
  const char *s = wmm_strbuf_str(&out);
  ok(s && strstr(s, "hint ? may {y}"), "ir: the dump shows the set",
     s ? s : "(no dump)");
  wmm_strbuf_free(&out);
  wmm_program_free(p);
}

/* Message passing: T0 writes data then flag; T1 reads a pointer, flag,
 * then data through the pointer (an unknown address with no dependency on
 * flag; with_set: 0 = may touch every location, 1 = {y, priv}, 2 = {x}). */
static wmm_program *mp(int with_set, int *x_out, int *y_out)
{
  wmm_program *p = wmm_program_new("mp", WMM_ARCH_GIMPLE);
  int x = wmm_program_loc(p, "x"), y = wmm_program_loc(p, "y"),
      flag = wmm_program_loc(p, "flag"), priv = wmm_program_loc(p, "priv");
  p->locs[priv].is_private = 1;
  int t0 = wmm_program_thread(p, "T0"), t1 = wmm_program_thread(p, "T1");
  int alias = -1;
  if (with_set == 1)
    alias = wmm_program_alias(p, (int[]){y, priv}, 2);   /* not x */
  else if (with_set == 2)
    alias = wmm_program_alias(p, (int[]){x}, 1);
  wmm_instr in = access(WMM_OP_STORE, x, -1, -1);
  wmm_thread_append(&p->threads[t0], &in);
  in = access(WMM_OP_STORE, flag, -1, -1);
  wmm_thread_append(&p->threads[t0], &in);
  int ptr = wmm_program_loc(p, "ptr");
  int r = wmm_thread_reg(&p->threads[t1], "r");
  in = access(WMM_OP_LOAD, ptr, -1, -1);
  in.dst = r;
  wmm_thread_append(&p->threads[t1], &in);
  in = access(WMM_OP_LOAD, flag, -1, -1);
  wmm_thread_append(&p->threads[t1], &in);
  in = access(WMM_OP_LOAD, -1, r, alias);
  wmm_thread_append(&p->threads[t1], &in);
  *x_out = x;
  *y_out = y;
  return p;
}

/* The locations of the classes of access (unit, index), as a bit set. */
static unsigned class_locs(const wmm_aeg *g, int unit, int index)
{
  unsigned bits = 0;
  for (int c = 0; c < g->ncls; c++)
    for (int k = 0; k < g->cls[c].nacc; k++) {
      const wmm_aeg_acc *a = &g->acc[g->cls[c].acc[k]];
      if (a->unit == unit && a->index == index)
        bits |= 1u << g->cls[c].loc;
    }
  return bits;
}

static void test_aeg_and_placement(void)
{
  wmm_error e;
  for (int with_set = 0; with_set < 3; with_set++) {
    int x, y;
    wmm_program *p = mp(with_set, &x, &y);
    int flag = wmm_program_find_loc(p, "flag");
    wmm_aeg *g = NULL;
    if (wmm_aeg_build(p, &g, &e) != 0) {
      ok(0, "aeg: builds", e.msg);
      wmm_program_free(p);
      continue;
    }
    unsigned got = class_locs(g, 1, 2);
    int ptr = wmm_program_find_loc(p, "ptr");
    char detail[64];
    snprintf(detail, sizeof detail, "locations 0x%x", got);
    if (with_set == 0)
      ok(got == (1u << x | 1u << y | 1u << flag | 1u << ptr),
         "aeg: no set: events on every shared location", detail);
    else if (with_set == 1)
      ok(got == 1u << y,
         "aeg: set {y, priv}: events on y only (priv is private)", detail);
    else
      ok(got == 1u << x, "aeg: set {x}: events on x only", detail);
    wmm_aeg_free(g);

    wmm_place_opts o = wmm_place_opts_default(WMM_MODEL_POWER);
    o.use_condition = 0;
    wmm_placement pl;
    if (wmm_place(p, &o, &pl, &e) < 0) {
      ok(0, "placement: runs", e.msg);
      wmm_program_free(p);
      continue;
    }
    snprintf(detail, sizeof detail, "%d fences, %ld class cycles", pl.nfences,
             pl.nclass_cycles);
    if (with_set == 1)
      ok(pl.nfences == 0 && pl.nclass_cycles == 0,
         "placement: MP through a location outside the set: no cycle, no fence",
         detail);
    else
      ok(pl.nfences == 2 && pl.nclass_cycles > 0,
         with_set ? "placement: MP with x in the set: a fence per thread"
                  : "placement: MP through an unknown address: a fence per thread",
         detail);
    wmm_placement_free(&pl);
    wmm_program_free(p);
  }
}

int main(void)
{
  test_ir();
  test_aeg_and_placement();
  printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
