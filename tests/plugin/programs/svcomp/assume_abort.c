/* assume_abort.c — abort() states an assumption in SV-COMP's style: each
 * adder takes a nondeterministic v it assumes to be 0 or 1, so the total
 * of two adders under a mutex never exceeds 2.  -DREACH_TWO asks whether
 * it can be 2 (it can).
 * expect: sc=safe tso=safe power=safe
 * expect(-DREACH_TWO): sc=unsafe tso=unsafe */
extern void abort(void);
void reach_error(void) { }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
#include <pthread.h>
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *add(void *arg)
{
  int v = __VERIFIER_nondet_int();
  assume_abort_if_not(v >= 0 && v <= 1);
  pthread_mutex_lock(&m);
  total += v;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void)
{
  pthread_t a, b;
  pthread_create(&a, 0, add, 0);
  pthread_create(&b, 0, add, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
#ifdef REACH_TWO
  if (total == 2) { ERROR: reach_error(); }
#else
  if (total > 2) { ERROR: reach_error(); }
#endif
  return 0;
}
