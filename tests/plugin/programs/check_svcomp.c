/* check_svcomp.c — the SV-COMP conventions: reach_error/abort in a
 * __VERIFIER_assert defined in the file, __VERIFIER_nondet_int,
 * __VERIFIER_atomic_begin/end and a mutex; the final values after the
 * joins are bounded by i < 4 and j < 7; -DLIMIT=3 asks for less than the
 * program guarantees (i = 3 when t2 runs first) (tests/plugin/check.sh). */
#ifndef LIMIT
#define LIMIT 4
#endif
extern void abort(void);
void reach_error() { }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void __VERIFIER_assert(int expression) { if (!expression) { ERROR: {reach_error();abort();}}; return; }
#include <pthread.h>
int i = 1, j = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t1(void *arg) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_atomic_begin(); i += j; __VERIFIER_atomic_end();
  pthread_mutex_lock(&m); j += 1; pthread_mutex_unlock(&m);
  return 0;
}
void *t2(void *arg) {
  __VERIFIER_atomic_begin(); j += i; __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t id1, id2;
  pthread_create(&id1, 0, t1, 0);
  pthread_create(&id2, 0, t2, 0);
  pthread_join(id1, 0); pthread_join(id2, 0);
  __VERIFIER_assert(i < LIMIT && j < 7);
  return 0;
}
