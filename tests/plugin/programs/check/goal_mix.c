/* goal_mix.c — message passing guarded by an assertion, next to a
 * store-buffering pair on two statistics counters that nothing asserts
 * about.  Restoring SC fences both; goal=assertions fences only what the
 * assertion needs (tests/plugin/check_goal.sh). */
#include <pthread.h>
#include <assert.h>
int data, flag, hits_a, hits_b, seen_a, seen_b;
void *writer(void *arg) {
  data = 42;
  flag = 1;
  hits_a = 1;
  seen_b = hits_b;
  return 0;
}
void *reader(void *arg) {
  hits_b = 1;
  seen_a = hits_a;
  if (flag == 1) {
    int d = data;
    assert(d == 42);
  }
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, writer, 0);
  pthread_create(&t2, 0, reader, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
