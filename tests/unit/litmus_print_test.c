/* litmus_print_test.c — printing fences that later stages insert
 * (wmm_thread_insert_fence: instructions without source text) in each
 * syntax, and reading them back: the printed test must parse, the fence must
 * come back as the expected kind at the same place, and branches/labels
 * must still reach the fence first.
 * Prints one PASS:/FAIL: line per case.
 */
#include <stdio.h>
#include <string.h>

#include "litmus/litmus.h"

static int failures;

static void check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    failures++;
}

static const char ppc_test[] =
    "PPC T\n{\n0:r2=x; 0:r4=y;\n}\n"
    " P0           ;\n li r1,1      ;\n stw r1,0(r2) ;\n lwz r3,0(r4) ;\n"
    " cmpw r3,r3   ;\n beq LC00     ;\n LC00:        ;\n lwz r5,0(r2) ;\n"
    "exists (0:r3=0)\n";
static const char arm_test[] =
    "ARM T\n{\n0:R2=x; 0:R4=y;\n}\n"
    " P0          ;\n MOV R1,#1   ;\n STR R1,[R2] ;\n LDR R3,[R4] ;\n"
    "exists (0:R3=0)\n";
static const char a64_test[] =
    "AArch64 T\n{\n0:X2=x; 0:X4=y;\n}\n"
    " P0          ;\n MOV W1,#1   ;\n STR W1,[X2] ;\n LDR W3,[X4] ;\n"
    "exists (0:X3=0)\n";
static const char x86_test[] =
    "X86 T\n{\n}\n P0          ;\n MOV [x],$1  ;\n MOV EAX,[y] ;\n"
    "exists (0:EAX=0)\n";
static const char c_test[] =
    "C T\n{}\n\nP0 (volatile int* x, volatile int* y) {\n  *x = 1;\n"
    "  int r0 = *y;\n}\n\nexists (0:r0=0)\n";

typedef struct fence_case {
  const char *test;
  wmm_fence insert;     /* the kind inserted */
  const char *text;     /* how it must print */
  wmm_fence back;       /* the kind it must parse back as */
} fence_case;

static const fence_case cases[] = {
  {ppc_test, WMM_FENCE_SYNC, "sync", WMM_FENCE_SYNC},
  {ppc_test, WMM_FENCE_LWSYNC, "lwsync", WMM_FENCE_LWSYNC},
  {ppc_test, WMM_FENCE_ISYNC, "isync", WMM_FENCE_ISYNC},
  {ppc_test, WMM_FENCE_EIEIO, "eieio", WMM_FENCE_EIEIO},
  {ppc_test, WMM_FENCE_C_SEQ_CST, "sync", WMM_FENCE_SYNC},
  {arm_test, WMM_FENCE_DMB, "DMB", WMM_FENCE_DMB},
  {arm_test, WMM_FENCE_DMB_ST, "DMB ST", WMM_FENCE_DMB_ST},
  {arm_test, WMM_FENCE_DSB, "DSB", WMM_FENCE_DSB},
  {arm_test, WMM_FENCE_DSB_ST, "DSB ST", WMM_FENCE_DSB_ST},
  {arm_test, WMM_FENCE_ISB, "ISB", WMM_FENCE_ISB},
  {a64_test, WMM_FENCE_DMB_ISH, "DMB ISH", WMM_FENCE_DMB_ISH},
  {a64_test, WMM_FENCE_DMB_ISHLD, "DMB ISHLD", WMM_FENCE_DMB_ISHLD},
  {a64_test, WMM_FENCE_DMB_ISHST, "DMB ISHST", WMM_FENCE_DMB_ISHST},
  {a64_test, WMM_FENCE_DMB, "DMB SY", WMM_FENCE_DMB_ISH},
  {a64_test, WMM_FENCE_ISB, "ISB", WMM_FENCE_ISB},
  {x86_test, WMM_FENCE_MFENCE, "MFENCE", WMM_FENCE_MFENCE},
  {c_test, WMM_FENCE_C_SEQ_CST, "atomic_thread_fence(memory_order_seq_cst);",
   WMM_FENCE_C_SEQ_CST},
  {c_test, WMM_FENCE_C_ACQ_REL, "atomic_thread_fence(memory_order_acq_rel);",
   WMM_FENCE_C_ACQ_REL},
  {c_test, WMM_FENCE_C_ACQUIRE, "atomic_thread_fence(memory_order_acquire);",
   WMM_FENCE_C_ACQUIRE},
  {c_test, WMM_FENCE_C_RELEASE, "atomic_thread_fence(memory_order_release);",
   WMM_FENCE_C_RELEASE},
};

static wmm_program *parse(const char *text, const char *name)
{
  wmm_program *p = NULL;
  wmm_error e;
  if (wmm_litmus_parse(text, strlen(text), name, &p, &e) < 0)
    printf("# %s:%d: %s\n", e.file, e.line, e.msg);
  return p;
}

/* Insert fence c->insert before instruction `at` of P0, print, reparse. */
static void fence_case_run(const fence_case *c, int at)
{
  char what[160];
  snprintf(what, sizeof what, "%s fence %s at %d prints as '%s'",
           c->test == ppc_test ? "PPC" : c->test == arm_test ? "ARM"
           : c->test == a64_test ? "AArch64" : c->test == x86_test ? "X86"
           : "C", wmm_fence_name(c->insert), at, c->text);
  wmm_program *p = parse(c->test, "t.litmus");
  if (!p) {
    check(0, what);
    return;
  }
  if (at < 0)
    at = p->threads[0].ncode;
  int ok = wmm_thread_insert_fence(p, 0, at, c->insert) == at;
  wmm_strbuf out = WMM_STRBUF_INIT;
  wmm_error e;
  ok = ok && wmm_litmus_print(p, &out, &e) == 0;
  /* The fence's text appears as a cell of its own. */
  char cell[96];
  snprintf(cell, sizeof cell, p->arch == WMM_ARCH_C ? "  %s\n" : " %s ",
           c->text);
  ok = ok && strstr(wmm_strbuf_str(&out), cell) != NULL;
  wmm_program *q = ok ? parse(wmm_strbuf_str(&out), "printed") : NULL;
  ok = ok && q && q->threads[0].ncode == p->threads[0].ncode &&
       q->threads[0].code[at].op == WMM_OP_FENCE &&
       q->threads[0].code[at].fence == c->back;
  if (!ok)
    printf("# printed:\n%s", wmm_strbuf_str(&out));
  check(ok, what);
  wmm_program_free(q);
  wmm_program_free(p);
  wmm_strbuf_free(&out);
}

/* A fence inserted at a branch target comes after the label. */
static void label_case(void)
{
  wmm_program *p = parse(ppc_test, "t.litmus");
  int ok = p != NULL;
  if (ok) {
    int l = wmm_thread_find_label(&p->threads[0], "LC00");
    int at = l >= 0 ? p->threads[0].labels[l].index : -1;
    ok = at == 5 && wmm_thread_insert_fence(p, 0, at, WMM_FENCE_ISYNC) == at;
    wmm_strbuf out = WMM_STRBUF_INIT;
    wmm_error e;
    ok = ok && wmm_litmus_print(p, &out, &e) == 0 &&
         strstr(wmm_strbuf_str(&out), " LC00:        ;\n isync        ;\n");
    wmm_program *q = ok ? parse(wmm_strbuf_str(&out), "printed") : NULL;
    ok = ok && q && q->threads[0].code[4].op == WMM_OP_BRANCH &&
         q->threads[0].code[4].target == 5 &&
         q->threads[0].code[5].fence == WMM_FENCE_ISYNC;
    if (!ok)
      printf("# printed:\n%s", wmm_strbuf_str(&out));
    wmm_program_free(q);
    wmm_strbuf_free(&out);
  }
  check(ok, "PPC isync inserted at a branch target prints after its label");
  wmm_program_free(p);
}

/* A fence the syntax cannot express is refused, not printed wrongly. */
static void unprintable_case(void)
{
  wmm_program *p = parse(x86_test, "t.litmus");
  int ok = p && wmm_thread_insert_fence(p, 0, 1, WMM_FENCE_ISYNC) == 1;
  wmm_strbuf out = WMM_STRBUF_INIT;
  wmm_error e;
  ok = ok && wmm_litmus_print(p, &out, &e) == -WMM_ERR_UNSUPPORTED &&
       strstr(e.msg, "isync") != NULL;
  check(ok, "X86 cannot print an isync: WMM_ERR_UNSUPPORTED");
  wmm_program_free(p);
  wmm_strbuf_free(&out);
}

int main(void)
{
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fence_case_run(&cases[i], 1);
    fence_case_run(&cases[i], -1);   /* at the end of the thread */
  }
  label_case();
  unprintable_case();
  return failures ? 1 : 0;
}
