/* print.c — print a program as a herd7 litmus test in the syntax of
 * its arch: header, doc line, meta lines, init block, the thread table in
 * aligned columns (or C functions), `locations`, the condition.
 * Instructions print their source text; fences inserted later (text NULL)
 * print in the arch's syntax (lit_fence_text).
 *
 * Example output:
 *   PPC MP+lwsync+addr
 *   {
 *   0:r2=x; 0:r4=y;
 *   1:r2=y; 1:r5=x;
 *   }
 *    P0           | P1            ;
 *    li r1,1      | lwz r1,0(r2)  ;
 *    stw r1,0(r2) | xor r3,r1,r1  ;
 *    lwsync       | lwzx r4,r3,r5 ;
 *    li r3,1      |               ;
 *    stw r3,0(r4) |               ;
 *   exists (1:r1=1 /\ 1:r4=0)
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *lit_fence_text(wmm_arch a, wmm_fence f)
{
  switch (a) {
  case WMM_ARCH_PPC:
    switch (f) {
    case WMM_FENCE_SYNC: case WMM_FENCE_MFENCE: case WMM_FENCE_DMB:
    case WMM_FENCE_DSB: case WMM_FENCE_DMB_ISH: case WMM_FENCE_C_SEQ_CST:
      return "sync";
    case WMM_FENCE_LWSYNC: case WMM_FENCE_DMB_ISHLD: case WMM_FENCE_C_ACQ_REL:
    case WMM_FENCE_C_ACQUIRE: case WMM_FENCE_C_RELEASE:
      return "lwsync";
    case WMM_FENCE_ISYNC: case WMM_FENCE_ISB: return "isync";
    case WMM_FENCE_EIEIO: case WMM_FENCE_DMB_ST: case WMM_FENCE_DSB_ST:
    case WMM_FENCE_DMB_ISHST:
      return "eieio";
    default: return NULL;
    }
  case WMM_ARCH_ARM:
    switch (f) {
    case WMM_FENCE_DMB: case WMM_FENCE_DMB_ISH: case WMM_FENCE_DMB_ISHLD:
    case WMM_FENCE_SYNC: case WMM_FENCE_LWSYNC: case WMM_FENCE_MFENCE:
    case WMM_FENCE_C_SEQ_CST: case WMM_FENCE_C_ACQ_REL:
    case WMM_FENCE_C_ACQUIRE: case WMM_FENCE_C_RELEASE:
      return "DMB";
    case WMM_FENCE_DMB_ST: case WMM_FENCE_DMB_ISHST: case WMM_FENCE_EIEIO:
      return "DMB ST";
    case WMM_FENCE_DSB: return "DSB";
    case WMM_FENCE_DSB_ST: return "DSB ST";
    case WMM_FENCE_ISB: case WMM_FENCE_ISYNC: return "ISB";
    default: return NULL;
    }
  case WMM_ARCH_AARCH64:
    switch (f) {
    case WMM_FENCE_DMB: case WMM_FENCE_SYNC: case WMM_FENCE_MFENCE:
      return "DMB SY";
    case WMM_FENCE_DMB_ISH: case WMM_FENCE_C_SEQ_CST:
    case WMM_FENCE_C_ACQ_REL: case WMM_FENCE_C_RELEASE: case WMM_FENCE_LWSYNC:
      return "DMB ISH";
    case WMM_FENCE_DMB_ISHLD: case WMM_FENCE_C_ACQUIRE: return "DMB ISHLD";
    case WMM_FENCE_DMB_ISHST: case WMM_FENCE_EIEIO: return "DMB ISHST";
    case WMM_FENCE_DMB_ST: return "DMB ST";
    case WMM_FENCE_DSB: return "DSB SY";
    case WMM_FENCE_DSB_ST: return "DSB ST";
    case WMM_FENCE_ISB: case WMM_FENCE_ISYNC: return "ISB";
    default: return NULL;
    }
  case WMM_ARCH_X86:
    switch (f) {
    case WMM_FENCE_NONE: case WMM_FENCE_COMPILER: case WMM_FENCE_ISYNC:
    case WMM_FENCE_ISB: case WMM_FENCE_COUNT:
      return NULL;
    case WMM_FENCE_SFENCE:
      return "SFENCE";
    default:
      return "MFENCE";
    }
  case WMM_ARCH_C:
    switch (f) {
    case WMM_FENCE_C_ACQ_REL: case WMM_FENCE_LWSYNC:
      return "atomic_thread_fence(memory_order_acq_rel);";
    case WMM_FENCE_C_ACQUIRE: case WMM_FENCE_DMB_ISHLD:
      return "atomic_thread_fence(memory_order_acquire);";
    case WMM_FENCE_C_RELEASE: case WMM_FENCE_EIEIO: case WMM_FENCE_DMB_ST:
    case WMM_FENCE_DMB_ISHST: case WMM_FENCE_DSB_ST: case WMM_FENCE_SFENCE:
      return "atomic_thread_fence(memory_order_release);";
    case WMM_FENCE_NONE: case WMM_FENCE_COMPILER: case WMM_FENCE_COUNT:
      return NULL;
    default:
      return "atomic_thread_fence(memory_order_seq_cst);";
    }
  default:
    return NULL;
  }
}

void lit_print_value(const wmm_program *p, wmm_val v, wmm_strbuf *out)
{
  int l = wmm_addr_loc(p, v);
  if (l >= 0 && v == wmm_loc_addr(l))
    wmm_strbuf_puts(out, p->locs[l].name);
  else
    wmm_strbuf_printf(out, "%lld", (long long)v);
}

static int prop_prec(const wmm_prop *c)
{
  switch (c->kind) {
  case WMM_PROP_IMPLIES: return 1;
  case WMM_PROP_OR: return 2;
  case WMM_PROP_AND: return 3;
  default: return 4;
  }
}

/* Print c; parenthesised when its precedence is below prec.  Locations as
 * [x] when brackets is set (the syntaxes whose tests write them so). */
static void print_prop(const wmm_program *p, const wmm_prop *c, int prec,
                       int brackets, wmm_strbuf *out)
{
  int mine = prop_prec(c);
  if (mine < prec)
    wmm_strbuf_puts(out, "(");
  switch (c->kind) {
  case WMM_PROP_TRUE: wmm_strbuf_puts(out, "true"); break;
  case WMM_PROP_FALSE: wmm_strbuf_puts(out, "false"); break;
  case WMM_PROP_AND:
    print_prop(p, c->l, 3, brackets, out);
    wmm_strbuf_puts(out, " /\\ ");
    print_prop(p, c->r, 4, brackets, out);
    break;
  case WMM_PROP_OR:
    print_prop(p, c->l, 2, brackets, out);
    wmm_strbuf_puts(out, " \\/ ");
    print_prop(p, c->r, 3, brackets, out);
    break;
  case WMM_PROP_IMPLIES:
    print_prop(p, c->l, 2, brackets, out);
    wmm_strbuf_puts(out, " => ");
    print_prop(p, c->r, 1, brackets, out);
    break;
  case WMM_PROP_NOT:
    /* `not` binds tighter than the binary operators. */
    wmm_strbuf_puts(out, "not ");
    print_prop(p, c->l, 4, brackets, out);
    break;
  case WMM_PROP_REG_EQ:
    if (c->thread >= 0 && c->thread < p->nthreads && c->reg >= 0 &&
        c->reg < p->threads[c->thread].nregs)
      wmm_strbuf_printf(out, "%d:%s=", c->thread,
                        p->threads[c->thread].regs[c->reg].name);
    else
      wmm_strbuf_printf(out, "%d:?%d=", c->thread, c->reg);
    lit_print_value(p, c->val, out);
    break;
  case WMM_PROP_LOC_EQ:
    if (c->loc >= 0 && c->loc < p->nlocs)
      wmm_strbuf_printf(out, brackets ? "[%s]=" : "%s=", p->locs[c->loc].name);
    else
      wmm_strbuf_printf(out, "?%d=", c->loc);
    lit_print_value(p, c->val, out);
    break;
  }
  if (mine < prec)
    wmm_strbuf_puts(out, ")");
}

void lit_print_prop(const wmm_program *p, const wmm_prop *c, int prec,
                    wmm_strbuf *out)
{
  print_prop(p, c, prec, 1, out);
}

/* How a symbolic register (%name) of thread t is initialised in print:
 * 0 = as `%name=v` (herd's style: the first thread whose code uses it, all
 * such threads starting from the same value), 1 = not at all (covered by
 * that line), 2 = as `t:%name=v`. */
static int symbolic_style(const wmm_program *p, int t, int r)
{
  const wmm_thread *th = &p->threads[t];
  if (!lit_code_uses_reg(th, r))
    return 2;
  int first = -1;
  for (int u = 0; u < p->nthreads; u++) {
    const wmm_thread *tu = &p->threads[u];
    int k = wmm_thread_find_reg(tu, th->regs[r].name);
    if (k < 0 || !lit_code_uses_reg(tu, k))
      continue;
    if (tu->regs[k].init != th->regs[r].init)
      return 2;
    if (first < 0)
      first = u;
  }
  return first == t ? 0 : 1;
}

static void print_init(const wmm_program *p, wmm_strbuf *out)
{
  wmm_strbuf_puts(out, "{\n");
  int any = 0;
  for (int l = 0; l < p->nlocs; l++) {
    const wmm_location *loc = &p->locs[l];
    if (loc->init == 0 && loc->width != 8)
      continue;
    wmm_strbuf_printf(out, "%s%s%s=", any ? " " : "",
                      loc->width == 8 ? "uint64_t " : "", loc->name);
    lit_print_value(p, loc->init, out);
    wmm_strbuf_puts(out, ";");
    any = 1;
  }
  if (any)
    wmm_strbuf_puts(out, "\n");
  for (int t = 0; t < p->nthreads; t++) {
    const wmm_thread *th = &p->threads[t];
    int n = 0;
    for (int r = 0; r < th->nregs; r++) {
      const wmm_reg *reg = &th->regs[r];
      if (reg->init == 0)
        continue;
      int style = reg->name[0] == '%' ? symbolic_style(p, t, r) : 2;
      if (style == 1)
        continue;
      if (style == 0)
        wmm_strbuf_printf(out, "%s%s=", n ? " " : "", reg->name);
      else
        wmm_strbuf_printf(out, "%s%d:%s=", n ? " " : "", t, reg->name);
      lit_print_value(p, reg->init, out);
      wmm_strbuf_puts(out, ";");
      n++;
    }
    if (n)
      wmm_strbuf_puts(out, "\n");
  }
  wmm_strbuf_puts(out, "}\n");
}

/* The text of instruction i of thread t, or NULL (error set). */
static const char *instr_text(const wmm_program *p, int t, int i,
                              wmm_error *err)
{
  const wmm_instr *in = &p->threads[t].code[i];
  if (in->text)
    return in->text;
  if (in->op == WMM_OP_FENCE) {
    const char *s = lit_fence_text(p->arch, in->fence);
    if (s)
      return s;
    wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
             "fence '%s' (thread %s, instruction %d) has no %s form",
             wmm_fence_name(in->fence), p->threads[t].name, i,
             wmm_arch_name(p->arch));
    return NULL;
  }
  if (in->op == WMM_OP_NOP && p->arch == WMM_ARCH_C)
    return ";";
  wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
           "instruction %d of thread %s has no source text", i,
           p->threads[t].name);
  return NULL;
}

/* The cells of thread t's column: labels and instructions in order (the
 * labels of one index in the order of the label array). */
static int column(const wmm_program *p, int t, const char ***cells, int *n,
                  char **labelbuf, wmm_error *err)
{
  const wmm_thread *th = &p->threads[t];
  size_t lsize = 0;
  for (int l = 0; l < th->nlabels; l++)
    lsize += strlen(th->labels[l].name) + 2;
  *labelbuf = malloc(lsize + 1);
  *cells = malloc((size_t)(th->ncode + th->nlabels + 1) * sizeof **cells);
  /* Labels by index (counting sort): first[i] .. first[i+1]-1 in order. */
  int *first = calloc((size_t)th->ncode + 2, sizeof *first);
  int *order = malloc(((size_t)th->nlabels + 1) * sizeof *order);
  if (!*labelbuf || !*cells || !first || !order) {
    free(first);
    free(order);
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory");
  }
  for (int l = 0; l < th->nlabels; l++) {
    int i = th->labels[l].index;
    if (i >= 0 && i <= th->ncode)
      first[i + 1]++;
  }
  for (int i = 0; i <= th->ncode; i++)
    first[i + 1] += first[i];
  int *fill = calloc((size_t)th->ncode + 1, sizeof *fill);
  if (!fill) {
    free(first);
    free(order);
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory");
  }
  for (int l = 0; l < th->nlabels; l++) {
    int i = th->labels[l].index;
    if (i >= 0 && i <= th->ncode)
      order[first[i] + fill[i]++] = l;
  }
  free(fill);
  char *lb = *labelbuf;
  int k = 0, rc = 0;
  for (int i = 0; i <= th->ncode; i++) {
    for (int j = first[i]; j < first[i + 1]; j++) {
      const char *name = th->labels[order[j]].name;
      size_t len = strlen(name);
      memcpy(lb, name, len);
      lb[len] = ':';
      lb[len + 1] = 0;
      (*cells)[k++] = lb;
      lb += len + 2;
    }
    if (i < th->ncode) {
      const char *s = instr_text(p, t, i, err);
      if (!s) {
        rc = -err->status;
        break;
      }
      (*cells)[k++] = s;
    }
  }
  free(first);
  free(order);
  *n = k;
  return rc;
}

static int print_table(const wmm_program *p, wmm_strbuf *out, wmm_error *err)
{
  int nt = p->nthreads, rc = 0, rows = 0;
  const char ***cells = calloc((size_t)nt + 1, sizeof *cells);
  char **labels = calloc((size_t)nt + 1, sizeof *labels);
  int *n = calloc((size_t)nt + 1, sizeof *n);
  size_t *width = calloc((size_t)nt + 1, sizeof *width);
  char (*names)[16] = calloc((size_t)nt + 1, sizeof *names);  /* "P<t>" */
  if (!cells || !labels || !n || !width || !names) {
    rc = wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory");
    goto out;
  }
  for (int t = 0; t < nt && rc == 0; t++) {
    rc = column(p, t, &cells[t], &n[t], &labels[t], err);
    if (rc < 0)
      break;
    snprintf(names[t], sizeof names[t], "P%d", t);
    width[t] = strlen(names[t]);
    for (int i = 0; i < n[t]; i++)
      if (strlen(cells[t][i]) > width[t])
        width[t] = strlen(cells[t][i]);
    if (n[t] > rows)
      rows = n[t];
  }
  if (rc < 0)
    goto out;
  for (int r = -1; r < rows; r++) {
    for (int t = 0; t < nt; t++) {
      const char *s = r < 0 ? names[t] : r < n[t] ? cells[t][r] : "";
      wmm_strbuf_printf(out, " %-*s %s", (int)width[t], s,
                        t + 1 < nt ? "|" : ";");
    }
    wmm_strbuf_puts(out, "\n");
  }
out:
  for (int t = 0; t < nt && cells; t++) {
    if (cells)
      free(cells[t]);
    if (labels)
      free(labels[t]);
  }
  free(cells);
  free(labels);
  free(n);
  free(width);
  free(names);
  return rc;
}

/* Locations a thread names (its C parameters). */
static void thread_locs(const wmm_program *p, const wmm_thread *th, char *used,
                        char *atomic)
{
  for (int i = 0; i < th->ncode; i++) {
    const wmm_instr *in = &th->code[i];
    int ls[4] = {-1, -1, -1, -1};
    if (wmm_instr_is_access(in)) {
      ls[0] = in->addr.loc_hint;
      if (in->addr.base.kind == WMM_OPND_IMM)
        ls[1] = wmm_addr_loc(p, in->addr.base.imm);
    }
    if (in->a.kind == WMM_OPND_IMM)
      ls[2] = wmm_addr_loc(p, in->a.imm);
    if (in->b.kind == WMM_OPND_IMM)
      ls[3] = wmm_addr_loc(p, in->b.imm);
    for (int k = 0; k < 4; k++)
      if (ls[k] >= 0) {
        used[ls[k]] = 1;
        if (in->text && strstr(in->text, "atomic_"))
          atomic[ls[k]] = 1;
      }
  }
}

static int print_c_threads(const wmm_program *p, wmm_strbuf *out,
                           wmm_error *err)
{
  char *used = malloc((size_t)p->nlocs + 1);
  char *atomic = malloc((size_t)p->nlocs + 1);
  if (!used || !atomic) {
    free(used);
    free(atomic);
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory");
  }
  int rc = 0;
  for (int t = 0; t < p->nthreads && rc == 0; t++) {
    const wmm_thread *th = &p->threads[t];
    memset(used, 0, (size_t)p->nlocs + 1);
    memset(atomic, 0, (size_t)p->nlocs + 1);
    thread_locs(p, th, used, atomic);
    wmm_strbuf_printf(out, "\nP%d (", t);
    int k = 0;
    for (int l = 0; l < p->nlocs; l++)
      if (used[l])
        wmm_strbuf_printf(out, "%s%s %s", k++ ? ", " : "",
                          atomic[l] ? "atomic_int*" : "volatile int*",
                          p->locs[l].name);
    wmm_strbuf_puts(out, ") {\n");
    for (int i = 0; i < th->ncode; i++) {
      const char *s = instr_text(p, t, i, err);
      if (!s) {
        rc = -err->status;
        break;
      }
      wmm_strbuf_printf(out, "  %s\n", s);
    }
    wmm_strbuf_puts(out, "}\n");
  }
  free(used);
  free(atomic);
  if (rc == 0)
    wmm_strbuf_puts(out, "\n");
  return rc;
}

static void print_tail(const wmm_program *p, wmm_strbuf *out)
{
  int brackets = p->arch != WMM_ARCH_PPC && p->arch != WMM_ARCH_ARM;
  if (p->nobserved + p->nobserved_regs > 0) {
    wmm_strbuf_puts(out, "locations [");
    for (int i = 0; i < p->nobserved; i++)
      if (p->observed[i] >= 0 && p->observed[i] < p->nlocs)
        wmm_strbuf_printf(out, "%s; ", p->locs[p->observed[i]].name);
    for (int i = 0; i < p->nobserved_regs; i++) {
      int t = p->observed_regs[2 * i], r = p->observed_regs[2 * i + 1];
      if (t >= 0 && t < p->nthreads && r >= 0 && r < p->threads[t].nregs)
        wmm_strbuf_printf(out, "%d:%s; ", t, p->threads[t].regs[r].name);
    }
    if (out->len > 0 && out->data[out->len - 1] == ' ')
      out->data[--out->len] = 0;
    wmm_strbuf_puts(out, "]\n");
  }
  static const char *const quant[] = {"exists", "~exists", "forall"};
  wmm_strbuf_printf(out, "%s (", (unsigned)p->quant <= WMM_QUANT_FORALL
                                     ? quant[p->quant] : "exists");
  if (p->cond)
    print_prop(p, p->cond, 0, brackets, out);
  else
    wmm_strbuf_puts(out, "true");
  wmm_strbuf_puts(out, ")\n");
}

/* Append s with control characters (and blanks, for a name) replaced so
 * that it stays on one line (programs built elsewhere may hold any text). */
static void put_clean(wmm_strbuf *out, const char *s, int name)
{
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    char c = (char)ch;
    if (ch < 0x20 || ch == 0x7f)
      c = name ? '_' : ' ';
    else if (name && ch == ' ')
      c = '_';
    wmm_strbuf_append(out, &c, 1);
  }
}

int wmm_litmus_print(const wmm_program *p, wmm_strbuf *out, wmm_error *err)
{
  switch (p->arch) {
  case WMM_ARCH_X86: case WMM_ARCH_PPC: case WMM_ARCH_ARM:
  case WMM_ARCH_AARCH64: case WMM_ARCH_C:
    break;
  default:
    return wmm_fail(err, WMM_ERR_UNSUPPORTED, p->source, 0,
                    "no litmus syntax for architecture %s",
                    wmm_arch_name(p->arch));
  }
  if (p->nthreads == 0)
    return wmm_fail(err, WMM_ERR_INVALID, p->source, 0,
                    "a litmus test needs at least one thread");
  wmm_strbuf_printf(out, "%s ", wmm_arch_name(p->arch));
  put_clean(out, p->name && p->name[0] ? p->name : "unnamed", 1);
  wmm_strbuf_puts(out, "\n");
  if (p->doc) {
    wmm_strbuf_puts(out, "\"");
    put_clean(out, p->doc, 0);
    wmm_strbuf_puts(out, "\"\n");
  }
  for (int i = 0; i < p->nmeta; i++) {
    put_clean(out, p->meta[i], 0);
    wmm_strbuf_puts(out, "\n");
  }
  print_init(p, out);
  int rc = p->arch == WMM_ARCH_C ? print_c_threads(p, out, err)
                                 : print_table(p, out, err);
  if (rc < 0)
    return rc;
  print_tail(p, out);
  if (out->failed)
    return wmm_fail(err, WMM_ERR_NOMEM, p->source, 0, "out of memory");
  return 0;
}
