/* popcount.c — a value the check does not model (__builtin_popcount's
 * result) decides whether the error is reached: the check must not guess,
 * its answer is "unknown" with the reason.
 * expect: sc=unknown */
extern void abort(void);
void reach_error(void) { }
extern unsigned __VERIFIER_nondet_uint(void);
#include <pthread.h>
unsigned bits;
void *count(void *arg) { bits = __builtin_popcount(__VERIFIER_nondet_uint()); return 0; }
int main(void)
{
  pthread_t t;
  pthread_create(&t, 0, count, 0);
  pthread_join(t, 0);
  if (bits == 3) { ERROR: reach_error(); }
  return 0;
}
