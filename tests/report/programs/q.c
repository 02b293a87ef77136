/* q.c — the shared library libq.so of tests/report/program.sh: store
 * buffering against a thread that is already fenced by hand. */
#include <pthread.h>
int q_u, q_v, q_r0, q_r1;
static void *q_p0(void *arg) { q_u = 1; q_r0 = q_v; return arg; }
static void *q_p1(void *arg) { q_v = 1; __sync_synchronize(); q_r1 = q_u; return arg; }
int q_run(void)
{
  pthread_t t0, t1;
  pthread_create(&t0, 0, q_p0, 0);
  pthread_create(&t1, 0, q_p1, 0);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return q_r0 + q_r1;
}
