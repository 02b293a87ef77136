/* arith.c — integer arithmetic as C computes it: nondeterministic values
 * of their type's range (unsigned char, int, unsigned), multiplication,
 * division and remainder (truncating, signed and unsigned), shifts; a
 * thread computes, main checks after the join.  -DWRONG checks a claim
 * that fails for every c but 0.
 * expect: sc=safe tso=safe
 * expect(-DWRONG): sc=unsafe */
extern void abort(void);
void reach_error(void) { }
void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); abort(); } }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
#include <pthread.h>
unsigned char c;
unsigned r, q, m, sh;
int n, nd, nm, ns;
unsigned long wide;
void *compute(void *arg)
{
  unsigned char v = __VERIFIER_nondet_uchar();
  int k = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  assume_abort_if_not(k > -100 && k < 0);
  c = v;
  r = v * 3u;
  q = r / 3u;
  m = r % 3u;
  sh = ((unsigned)v << 4) >> 4;
  n = k;
  nd = k / 4;
  nm = k % 4;
  ns = k >> 1;
  wide = u;
  return 0;
}
int main(void)
{
  pthread_t t;
  pthread_create(&t, 0, compute, 0);
  pthread_join(t, 0);
#ifdef WRONG
  __VERIFIER_assert(m == 1 || c == 0);
#else
  __VERIFIER_assert(q == c && m == 0 && sh == c && c <= 255);
  __VERIFIER_assert(nd <= 0 && nd > -25 && nm <= 0 && nm > -4 && ns < 0);
  __VERIFIER_assert(nd * 4 + nm == n);
  __VERIFIER_assert((wide >> 32) == 0);
#endif
  return 0;
}
