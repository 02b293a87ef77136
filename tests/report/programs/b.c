/* b.c — part of the static library libab.a of tests/report/program.sh:
 * store buffering (a full fence per thread on every weak model). */
#include <pthread.h>
int b_x, b_y, b_r0, b_r1;
static void *b_p0(void *arg) { b_x = 1; b_r0 = b_y; return arg; }
static void *b_p1(void *arg) { b_y = 1; b_r1 = b_x; return arg; }
int b_run(void)
{
  pthread_t t0, t1;
  pthread_create(&t0, 0, b_p0, 0);
  pthread_create(&t1, 0, b_p1, 0);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return b_r0 + b_r1;
}
